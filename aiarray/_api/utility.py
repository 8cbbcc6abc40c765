"""Utility functions of the standard: all, any, diff."""

from __future__ import annotations

import numpy as np

from .. import _dtypes as D
from .._array import Array
from .._dispatch import array_arg, cast, common_dtype
from .._errors import DimensionMismatchError, InvalidArgumentError, TypeMismatchError
from .._numpy_path import quiet
from ._axes import bool_arg, normalize_axes, normalize_axis

__all__ = ["all", "any", "diff"]


def _truth(x: Array, axis: object, keepdims: bool, func: str, reduce: np.ufunc) -> Array:
    x = array_arg(x, func, "x")
    axes = normalize_axes(axis, x.ndim, func)
    keepdims = bool_arg(keepdims, func, "keepdims")
    a = x._array
    if x.dtype is D.complex32:
        a = D.c32_to_c64(a)
    out = reduce.reduce(a != 0 if a.dtype.kind != "b" else a, axis=axes, keepdims=keepdims)
    return Array._new(np.asarray(out), D.bool_)


def all(x: Array, /, *, axis: int | tuple[int, ...] | None = None,
        keepdims: bool = False) -> Array:
    """Whether every element along ``axis`` is true (non-zero; NaN counts as true).

    Examples
    --------
    >>> x = xp.asarray([[True, False], [True, True]])
    >>> xp.all(x)
    Array(False, dtype=bool)
    >>> xp.all(x, axis=1)
    Array([False,  True], dtype=bool)
    >>> xp.all(xp.asarray([1.0, xp.nan]))
    Array(True, dtype=bool)
    """
    return _truth(x, axis, keepdims, "all", np.logical_and)


def any(x: Array, /, *, axis: int | tuple[int, ...] | None = None,
        keepdims: bool = False) -> Array:
    """Whether any element along ``axis`` is true (non-zero; NaN counts as true).

    Examples
    --------
    >>> x = xp.asarray([[0, 0], [0, 3]], dtype=xp.int8)
    >>> xp.any(x)
    Array(True, dtype=bool)
    >>> xp.any(x, axis=1)
    Array([False,  True], dtype=bool)
    """
    return _truth(x, axis, keepdims, "any", np.logical_or)


def diff(x: Array, /, *, axis: int = -1, n: int = 1, prepend: Array | None = None,
         append: Array | None = None) -> Array:
    """The ``n``-th forward difference ``out[i] = x[i+1] - x[i]`` along ``axis``, applied n times.

    Numeric input.  ``prepend``/``append`` are arrays with x's shape except along
    ``axis``; all three are promoted by the active policy first.  ``n=0`` returns the
    (concatenated) input; ``n`` larger than the axis gives an empty axis.  bfloat16 /
    complex32 compute in float32 / complex64 and round back once.

    Examples
    --------
    >>> x = xp.asarray([1, 4, 9, 16], dtype=xp.int16)
    >>> xp.diff(x)
    Array([3, 5, 7], dtype=int16)
    >>> xp.diff(x, n=2)
    Array([2, 2], dtype=int16)
    >>> xp.diff(xp.asarray([1, 2], dtype=xp.uint8), prepend=xp.asarray([5], dtype=xp.uint8))
    Array([252,   1], dtype=uint8)
    """
    x = array_arg(x, "diff", "x", "numeric")
    if isinstance(n, bool) or not isinstance(n, int | np.integer):
        raise TypeMismatchError(f"diff(): n={n!r} must be an int")
    if n < 0:
        raise InvalidArgumentError(f"diff(): n={n} must be >= 0")
    ax = normalize_axis(axis, x.ndim, "diff")
    parts = [x]
    for name, edge in (("prepend", prepend), ("append", append)):
        if edge is None:
            continue
        edge = array_arg(edge, "diff", name)
        es, xs = edge.shape, x.shape
        if edge.ndim != x.ndim or es[:ax] + es[ax + 1:] != xs[:ax] + xs[ax + 1:]:
            raise DimensionMismatchError(
                f"diff(): {name} has shape {edge.shape}; it must match x's shape {x.shape} "
                f"except along axis {ax}"
            )
        parts.insert(0 if name == "prepend" else len(parts), edge)
    dt = common_dtype("diff", parts)
    D.check_category(dt, "numeric", "diff", "x, prepend and append")
    arrays = [D.widen(cast(p, dt)) for p in parts]
    a = arrays[0] if len(arrays) == 1 else np.concatenate(arrays, axis=ax)
    # beyond the axis length every further difference is empty: NumPy would loop n times
    out = quiet(np.diff, a, min(int(n), a.shape[ax] + 1), ax)
    if out is x._array:  # n=0 without edges: never hand out x's buffer
        out = out.copy()
    return Array._new(D.narrow(out, dt), dt)

"""Searching functions of the standard."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import numpy as np

from .. import _dtypes as D
from .._array import Array
from .._dispatch import array_arg, operands
from .._errors import (
    DimensionMismatchError,
    InvalidArgumentError,
    OutOfRangeError,
    ScalarOverflowError,
    TypeMismatchError,
    message,
)
from .._registry import OPS
from .._typing import NDArray
from ._axes import bool_arg, normalize_axes, normalize_axis

# operands() names the function in its messages: "equal" under the name searchsorted.
_SEARCHSORTED = OPS["equal"].replace(name="searchsorted")
_WHERE = OPS["equal"].replace(name="where")

__all__ = ["argmax", "argmin", "count_nonzero", "nonzero", "searchsorted", "where"]


def where(condition: Array, x1: Array | complex, x2: Array | complex, /) -> Array:
    """``x1`` where ``condition`` is true, else ``x2`` (GB/T 7.2.3.23).

    ``x1`` and ``x2`` (arrays or scalars) are promoted by the active policy.

    Examples
    --------
    >>> c = xp.asarray([True, False, True])
    >>> x1 = xp.asarray([1, 2, 3], dtype=xp.int8)
    >>> xp.where(c, x1, xp.asarray([7, 8, 9], dtype=xp.uint8))  # int8 with uint8: int16
    Array([1, 8, 3], dtype=int16)
    >>> xp.where(c, xp.astype(x1, xp.int32), 0.5)  # Ascend: float32 (NumPy: float64)
    Array([1. , 0.5, 3. ], dtype=float32)
    """
    condition = array_arg(condition, "where", "condition")
    if condition.dtype is not D.bool_:
        raise TypeMismatchError(
            f"where(): condition must be bool, got dtype {D.name_of(condition.dtype)}"
        )
    a1, a2, dt = operands(_WHERE, x1, x2)
    try:
        out = np.where(condition._array, a1, a2)
    except ValueError:
        raise DimensionMismatchError(
            f"where(): shapes {condition.shape}, {np.shape(a1)} and {np.shape(a2)} "
            "do not broadcast"
        ) from None
    return Array._new(out, dt)


def _arg_extreme(x: object, axis: object, keepdims: bool, func: str,
                 find: Callable[..., NDArray]) -> Array:
    x = array_arg(x, func, "x", "real numeric or boolean")
    ax = None if axis is None else normalize_axis(axis, x.ndim, func)
    if (x.size if ax is None else x.shape[ax]) == 0:
        raise InvalidArgumentError(
            f"{func}(): cannot search an empty sequence (shape {x.shape}, axis={axis!r})"
        )
    if x.ndim == 0:  # a single element: index 0
        return Array._new(np.zeros((), D.int64), D.int64)
    out = find(D.widen(x._array), axis=ax, keepdims=bool_arg(keepdims, func, "keepdims"))
    return Array._new(np.asarray(out, D.int64), D.int64)


def argmax(x: Array, /, *, axis: int | None = None, keepdims: bool = False) -> Array:
    """Index (int64) of the first largest element along ``axis`` (flattened when None).

    Real numeric or bool input.  A NaN counts as the largest value (its first
    occurrence wins, as in NumPy).  An empty search raises ValueError.

    Examples
    --------
    >>> x = xp.asarray([[3, 9, 9], [7, 1, 2]])
    >>> xp.argmax(x)
    Array(1, dtype=int64)
    >>> xp.argmax(x, axis=1)
    Array([1, 0], dtype=int64)
    """
    return _arg_extreme(x, axis, keepdims, "argmax", np.argmax)


def argmin(x: Array, /, *, axis: int | None = None, keepdims: bool = False) -> Array:
    """Index (int64) of the first smallest element along ``axis`` (flattened when None).

    Real numeric or bool input.  A NaN counts as the smallest value (its first
    occurrence wins, as in NumPy).  An empty search raises ValueError.

    Examples
    --------
    >>> x = xp.asarray([[3, 9, 1], [7, 1, 2]])
    >>> xp.argmin(x)
    Array(2, dtype=int64)
    >>> xp.argmin(x, axis=0)
    Array([0, 1, 0], dtype=int64)
    """
    return _arg_extreme(x, axis, keepdims, "argmin", np.argmin)


def _nonzero_mask(x: Array) -> NDArray:
    """Boolean mask of the non-zero elements (complex: either part non-zero)."""
    a = x._array
    mask: NDArray
    if x._dtype is D.complex32:
        mask = (a["real"] != 0) | (a["imag"] != 0)
    elif x._dtype is D.bool_:
        mask = a
    else:
        mask = a != 0
    return mask


def count_nonzero(x: Array, /, *, axis: int | tuple[int, ...] | None = None,
                  keepdims: bool = False) -> Array:
    """Number (int64) of non-zero elements along ``axis`` (all axes when None).

    Any dtype: bool counts True, complex counts elements with a non-zero part,
    NaN counts as non-zero.

    Examples
    --------
    >>> x = xp.asarray([[0, 1, 2], [3, 0, 0]])
    >>> xp.count_nonzero(x)
    Array(3, dtype=int64)
    >>> xp.count_nonzero(x, axis=1)
    Array([2, 1], dtype=int64)
    """
    x = array_arg(x, "count_nonzero", "x")
    axes = normalize_axes(axis, x.ndim, "count_nonzero")
    keep = bool_arg(keepdims, "count_nonzero", "keepdims")
    out = np.add.reduce(  # type: ignore[call-overload]  # NumPy's stubs: literal keepdims only
        _nonzero_mask(x), axes, D.int64, None, keep)
    return Array._new(np.asarray(out, D.int64), D.int64)


def nonzero(x: Array, /) -> tuple[Array, ...]:
    """Indices of the non-zero elements: one int64 array per axis, in row-major order.

    0-d input raises ValueError (as the standard requires).

    Examples
    --------
    >>> x = xp.asarray([[0, 5], [7, 0]])
    >>> xp.nonzero(x)
    (Array([0, 1], dtype=int64), Array([1, 0], dtype=int64))
    """
    x = array_arg(x, "nonzero", "x")
    if x.ndim == 0:
        raise InvalidArgumentError(
            "nonzero(): x must have at least one dimension, got a 0-d array"
        )
    return tuple(Array._new(i.astype(D.int64, copy=False), D.int64)
                 for i in np.nonzero(_nonzero_mask(x)))


def _sorter(sorter: object, n: int) -> NDArray | None:
    if sorter is None:
        return None
    sorter = array_arg(sorter, "searchsorted", "sorter", "integer")
    if sorter.shape != (n,):
        raise DimensionMismatchError(
            f"searchsorted(): sorter has shape {sorter.shape}, but x1 has shape ({n},)"
        )
    s = sorter._array
    if n and (s.min() < 0 or s.max() >= n):
        raise OutOfRangeError(
            f"searchsorted(): sorter holds indices in [{s.min()}, {s.max()}], outside [0, {n})"
        )
    return s.astype(np.intp, copy=False)


def searchsorted(x1: Array, x2: Array | int | float, /, *, side: Literal["left", "right"] = "left",
                 sorter: Array | None = None) -> Array:
    """Insertion indices (int64) of ``x2`` into the ascending 1-D ``x1``.

    ``x2`` is an array or a Python scalar (a scalar gives a 0-d result); ``x1`` and
    ``x2`` are promoted by the active policy before comparing.  ``sorter`` is an
    integer array of indices in [0, len(x1)) that sorts ``x1``.  NaN is ordered
    last, as in :func:`sort`.

    Examples
    --------
    >>> x1 = xp.asarray([1.0, 2.0, 4.0, 8.0], dtype=xp.float32)
    >>> xp.searchsorted(x1, xp.asarray([2.0, 5.0], dtype=xp.float32))
    Array([1, 3], dtype=int64)
    >>> xp.searchsorted(x1, 2.0, side='right')
    Array(2, dtype=int64)
    """
    x1 = array_arg(x1, "searchsorted", "x1")
    if x1.ndim != 1:
        raise DimensionMismatchError(
            f"searchsorted(): x1 must be 1-D, got shape {x1.shape}"
        )
    if type(side) is not str or side not in ("left", "right"):
        raise InvalidArgumentError(f"searchsorted(): side={side!r} must be 'left' or 'right'")
    s = _sorter(sorter, x1.shape[0])
    try:
        a1, a2, dt = operands(_SEARCHSORTED, x1, x2)
    except ScalarOverflowError as e:  # name the function and the argument
        arg = "x1" if type(x1) is not Array else "x2"
        raise ScalarOverflowError(f"searchsorted(): {arg}: {message(e)}") from None
    D.check_category(dt, "real numeric or boolean", "searchsorted", "x1 and x2")
    out = np.searchsorted(D.widen(a1), D.widen(a2), side=side, sorter=s)
    return Array._new(np.asarray(out, D.int64), D.int64)

"""Sorting functions of the standard (the GB/T draft defines no sorting operator).

Real numeric and bool input.  NaN sorts after every number in ascending order and
before every number in descending order (descending is the exact reverse of the
ascending order, except that equal elements keep their original order).
"""

from __future__ import annotations

from typing import Literal

import numpy as np

from .. import _dtypes as D
from .. import _memory as M
from .._array import Array
from .._dispatch import array_arg
from .._errors import TypeMismatchError
from .._typing import NDArray
from ._axes import normalize_axis

__all__ = ["argsort", "sort"]


_Kind = Literal["stable", "quicksort"]  # NumPy's sort kinds used here


def _prepare(x: object, axis: object, descending: object, stable: object,
             func: str) -> tuple[NDArray, int, _Kind]:
    x = array_arg(x, func, "x", "real numeric or boolean")
    for name, flag in (("descending", descending), ("stable", stable)):
        if not isinstance(flag, bool | np.bool_):
            raise TypeMismatchError(f"{func}(): {name}={flag!r} must be a bool")
    ax = normalize_axis(axis, x.ndim, func)
    # bfloat16 widens exactly to float32 (same order, NaN included).
    return D.widen(x._array), ax, "stable" if stable else "quicksort"


def _argsort(a: NDArray, axis: int, descending: bool, kind: _Kind) -> NDArray:
    """Indices sorting ``a`` along ``axis``; a stable kind keeps ties in original order."""
    if not descending:
        return np.argsort(a, axis=axis, kind=kind)
    # Ascending sort of the reversed axis, reversed back: ties come out in
    # original order, and the indices are mapped back to the unreversed axis.
    n = a.shape[axis]
    rev = np.flip(np.argsort(np.flip(a, axis), axis=axis, kind=kind), axis)
    return (n - 1) - rev


def argsort(x: Array, /, *, axis: int = -1, descending: bool = False,
            stable: bool = True) -> Array:
    """Indices (int64) that sort ``x`` along ``axis``.

    ``stable=True`` keeps equal elements in their original order in both
    directions; ``stable=False`` may use a faster unstable sort.

    Examples
    --------
    >>> x = xp.asarray([3, 1, 2], dtype=xp.int8)
    >>> xp.argsort(x)
    Array([1, 2, 0], dtype=int64)
    >>> xp.argsort(x, descending=True)
    Array([0, 2, 1], dtype=int64)
    """
    a, ax, kind = _prepare(x, axis, descending, stable, "argsort")
    out = _argsort(a, ax, bool(descending), kind)
    return Array._new(out.astype(D.int64, copy=False), D.int64)


def sort(x: Array, /, *, axis: int = -1, descending: bool = False,
         stable: bool = True) -> Array:
    """A sorted copy of ``x`` along ``axis`` (same dtype and shape).

    ``descending=True`` sorts from largest to smallest; with ``stable=True``
    equal elements (e.g. -0.0 and +0.0) keep their original order.

    Examples
    --------
    >>> x = xp.asarray([3.0, xp.nan, 1.0, 2.0], dtype=xp.float16)
    >>> xp.sort(x)
    Array([ 1.,  2.,  3., nan], dtype=float16)
    >>> xp.sort(x, descending=True)
    Array([nan,  3.,  2.,  1.], dtype=float16)
    """
    a, ax, kind = _prepare(x, axis, descending, stable, "sort")
    if descending:
        out = np.take_along_axis(a, _argsort(a, ax, True, kind), axis=ax)
    elif a.nbytes >= M.MIN_BYTES:  # np.sort's own steps into an aligned copy (_memory)
        out = M.copy(a)
        out.sort(axis=ax, kind=kind)
    else:
        out = np.sort(a, axis=ax, kind=kind)
    return Array._new(D.narrow(out, x._dtype), x._dtype)

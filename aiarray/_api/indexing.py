"""Indexing functions of the standard: take and take_along_axis (GB/T 7.2.3.17).

Indices are validated before NumPy sees them: integer dtype only, negative
indices count from the end, and anything outside ``[-n, n)`` raises
OutOfRangeError (an IndexError) naming the bad index.
"""

from __future__ import annotations

import numpy as np

from .. import _dtypes as D
from .. import _memory as M
from .._array import Array
from .._dispatch import array_arg
from .._errors import (
    DimensionMismatchError,
    InvalidArgumentError,
    OutOfRangeError,
)
from .._typing import DType, NDArray
from ._axes import normalize_axis

__all__ = ["take", "take_along_axis"]


def _checked(func: str, x: object, indices: object) -> None:
    x = array_arg(x, func, "x")
    indices = array_arg(indices, func, "indices", "integer")


def _in_bounds(func: str, indices: Array, n: int, axis: int) -> NDArray:
    """``indices`` as intp after checking each lies in [-n, n); OutOfRangeError otherwise."""
    idx = indices._array
    if idx.size and (idx.min() < -n or idx.max() >= n):
        bad = np.argwhere((idx < -n) | (idx >= n))[0]
        where = ", ".join(str(int(i)) for i in bad)
        value = int(idx[tuple(bad)])
        raise OutOfRangeError(
            f"{func}(): indices[{where}]={value} is out of range for axis {axis} of size {n} "
            f"(valid: {-n} <= index < {n})"
        )
    return idx.astype(np.intp, copy=False)


def _result(out: NDArray, dt: DType) -> Array:
    if dt is D.complex32:
        out = out.view(D.complex32)
    return Array._new(out, dt)


def take(x: Array, indices: Array, /, *, axis: int | None = None) -> Array:
    """Elements of ``x`` at the 1-D integer ``indices`` along ``axis`` (GB/T 7.2.3.17).

    ``axis`` may be omitted only for a 1-D ``x`` (ValueError otherwise).  Negative
    indices count from the end; an index outside ``[-n, n)`` raises OutOfRangeError.
    The result has x's dtype and shape, except that the axis has ``indices.size`` elements.

    Examples
    --------
    >>> x = xp.asarray([[1, 2], [3, 4], [5, 6]], dtype=xp.int16)
    >>> xp.take(x, xp.asarray([2, 0]), axis=0)
    Array([[5, 6],
           [1, 2]], dtype=int16)
    >>> xp.take(x, xp.asarray([1]), axis=1)
    Array([[2],
           [4],
           [6]], dtype=int16)
    """
    _checked("take", x, indices)
    if axis is None:
        if x.ndim != 1:
            raise InvalidArgumentError(
                f"take(): axis is required when x is not 1-D (x has shape {x.shape})"
            )
        ax = 0
    else:
        ax = normalize_axis(axis, x.ndim, "take")
    if indices.ndim != 1:
        raise DimensionMismatchError(
            f"take(): indices must be 1-D, got shape {indices.shape}"
        )
    idx = _in_bounds("take", indices, x.shape[ax], ax)
    a = D.bits(x._array)
    # the result holds a.nbytes // a.shape[ax] * idx.size bytes; its bound, the first
    # test, rules out small calls with two attributes
    if idx.size * a.nbytes >= M.MIN_BYTES and (
            a.nbytes // a.shape[ax] * idx.size >= M.MIN_BYTES):
        # into an aligned result (_memory); the indices are checked, so NumPy's "wrap"
        # takes each one as "raise" would, without copying the result once more
        out = M.empty((*a.shape[:ax], idx.size, *a.shape[ax + 1:]), a.dtype)
        return _result(np.take(a, idx, axis=ax, out=out, mode="wrap"), x.dtype)
    return _result(np.take(a, idx, axis=ax), x.dtype)


def take_along_axis(x: Array, indices: Array, /, *, axis: int = -1) -> Array:
    """Elements of ``x`` at ``indices`` along ``axis``, per position of the other axes.

    ``indices`` has x's number of axes; its other axes broadcast with x's.  Negative
    indices count from the end; an index outside ``[-n, n)`` raises OutOfRangeError.
    The result axis ``axis`` has ``indices.shape[axis]`` elements (GB/T 7.2.3.17).

    Examples
    --------
    >>> x = xp.asarray([[10, 30, 20], [60, 40, 50]])
    >>> i = xp.argsort(x, axis=1)
    >>> xp.take_along_axis(x, i, axis=1)
    Array([[10, 20, 30],
           [40, 50, 60]], dtype=int64)
    """
    _checked("take_along_axis", x, indices)
    ax = normalize_axis(axis, x.ndim, "take_along_axis")
    if indices.ndim != x.ndim:
        raise DimensionMismatchError(
            f"take_along_axis(): indices (shape {indices.shape}) must have as many axes as "
            f"x (shape {x.shape})"
        )
    for i, (s, t) in enumerate(zip(x.shape, indices.shape)):
        if i != ax and s != t and s != 1 and t != 1:
            raise DimensionMismatchError(
                f"take_along_axis(): indices shape {indices.shape} does not broadcast with "
                f"x shape {x.shape} outside axis {ax} (axis {i})"
            )
    idx = _in_bounds("take_along_axis", indices, x.shape[ax], ax)
    return _result(np.take_along_axis(D.bits(x._array), idx, axis=ax), x.dtype)

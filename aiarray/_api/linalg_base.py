"""Shared pieces of the ``linalg`` extension: argument checks, compute dtypes, results.

Every function of aiarray.linalg validates with these helpers before it computes,
computes on NumPy (float16 / bfloat16 widen to float32, complex32 to complex64)
and rounds the result back to the input's precision once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

from .. import _dtypes as D
from .._array import Array
from .._dispatch import array_arg
from .._errors import (
    AxisError,
    DimensionMismatchError,
    InvalidArgumentError,
)
from .._typing import DType, NDArray
from ._axes import int_arg, normalize_axis
from .statistical import _accumulation_dtype

# Result tuples named as the standard (and GB/T's LU) say.


class EighResult(NamedTuple):
    """``linalg.eigh`` result: real eigenvalues and the eigenvectors (columns).

    Examples
    --------
    >>> a = xp.asarray([[2.0, 1.0], [1.0, 2.0]])
    >>> r = xp.linalg.eigh(a)
    >>> r.eigenvalues  # ascending
    Array([1., 3.], dtype=float64)
    >>> w, v = r  # a tuple too
    >>> bool(xp.all(xp.abs(a @ v - v * w) < 1e-12))  # a @ v == v * w, column by column
    True
    """

    eigenvalues: Array
    eigenvectors: Array


class EigResult(NamedTuple):
    """``linalg.eig`` result: complex eigenvalues and eigenvectors (columns).

    Examples
    --------
    >>> a = xp.asarray([[1.0, 2.0], [0.0, 3.0]])
    >>> r = xp.linalg.eig(a)
    >>> r.eigenvalues  # complex, even for a real matrix
    Array([1.+0.j, 3.+0.j], dtype=complex128)
    >>> w, v = r  # a tuple too
    >>> bool(xp.all(xp.abs(a @ v - v * w) < 1e-12))
    True
    """

    eigenvalues: Array
    eigenvectors: Array


class SlogdetResult(NamedTuple):
    """``linalg.slogdet`` result: sign and natural log of ``|det|``.

    Examples
    --------
    >>> r = xp.linalg.slogdet(xp.asarray([[1.0, 2.0], [3.0, 4.0]]))  # det = -2
    >>> r
    SlogdetResult(sign=Array(-1., dtype=float64), logabsdet=Array(0.69314718, dtype=float64))
    >>> sign, logabsdet = r
    >>> float(sign), round(float(logabsdet), 6)  # log(2)
    (-1.0, 0.693147)
    """

    sign: Array
    logabsdet: Array


class SVDResult(NamedTuple):
    """``linalg.svd`` result: x = U @ diag(S) @ Vh.

    Examples
    --------
    >>> a = xp.asarray([[2.0, 1.0], [1.0, 2.0]])
    >>> U, S, Vh = xp.linalg.svd(a)
    >>> S  # descending
    Array([3., 1.], dtype=float64)
    >>> xp.linalg.svd(a).S.shape, U.shape, Vh.shape
    ((2,), (2, 2), (2, 2))
    >>> bool(xp.all(xp.abs(U * S @ Vh - a) < 1e-12))
    True
    """

    U: Array
    S: Array
    Vh: Array


class QRResult(NamedTuple):
    """``linalg.qr`` result: x = Q @ R.

    Examples
    --------
    >>> a = xp.asarray([[3.0, 1.0], [4.0, 2.0]])
    >>> Q, R = xp.linalg.qr(a)
    >>> xp.abs(R)  # upper triangular
    Array([[5. , 2.2],
           [0. , 0.4]], dtype=float64)
    >>> bool(xp.all(xp.abs(Q @ R - a) < 1e-12))
    True
    """

    Q: Array
    R: Array


class LUResult(NamedTuple):
    """``linalg.lu`` result: x = P @ L @ U.

    Examples
    --------
    >>> a = xp.asarray([[1.0, 2.0], [3.0, 4.0]])
    >>> r = xp.linalg.lu(a)
    >>> r.P  # rows swapped: the pivot is the larger first-column entry
    Array([[0., 1.],
           [1., 0.]], dtype=float64)
    >>> r.L, r.U
    (Array([[1.        , 0.        ],
           [0.33333333, 1.        ]], dtype=float64), Array([[3.        , 4.        ],
           [0.        , 0.66666667]], dtype=float64))
    >>> bool(xp.all(xp.abs(r.P @ r.L @ r.U - a) < 1e-12))
    True
    """

    P: Array
    L: Array
    U: Array


# Dtype helpers.  The compute dtype is what NumPy's LAPACK path accepts.
_COMPUTE: dict[DType, DType] = {D.float16: D.float32, D.complex32: D.complex64}
# Double precision, for algorithms written here in NumPy (LU, norms).
_DOUBLE: dict[DType, DType] = {
    D.float16: D.float64, D.float32: D.float64, D.float64: D.float64,
    D.complex32: D.complex128, D.complex64: D.complex128, D.complex128: D.complex128,
}
D.like_float16(_COMPUTE, _DOUBLE)  # bfloat16's entries, once it loads


def real_of(dt: DType) -> DType:
    """The real floating dtype with the precision of ``dt`` (complex64 -> float32)."""
    return D.REAL_OF.get(dt, dt)


def complex_of(dt: DType) -> DType:
    """The complex dtype with the precision of ``dt`` (float32 -> complex64; bfloat16 ->
    complex64, the narrowest complex type that holds it)."""
    return dt if dt in D.COMPLEX else D.COMPLEX_OF[dt]


def wide(x: Array, double: bool = False) -> NDArray:
    """``x``'s data in its compute dtype (or in double precision when ``double``)."""
    return widen_array(x._array, x._dtype, double)


def widen_array(a: NDArray, dt: DType, double: bool = False) -> NDArray:
    """An ndarray of aiarray dtype ``dt`` in its compute dtype (or in double precision)."""
    target = _DOUBLE.get(dt, dt) if double else _COMPUTE.get(dt, dt)
    if target is dt:
        return a
    if dt is D.complex32:
        a = D.c32_to_c64(a)
    return a.astype(target)


def back(a: Any, dt: DType) -> Array:
    """Wrap a computed array as an Array of ``dt``, rounding once (overflow gives inf)."""
    a = np.asarray(a)
    with np.errstate(all="ignore"):
        if dt is D.complex32:
            out = D.to_c32(a)
        elif a.dtype == dt:
            out = a
        elif dt in D.REAL_FLOAT and a.dtype.kind == "c":
            out = a.real.astype(dt)
        else:
            out = a.astype(dt)
    return Array._new(out, dt)


# Argument checks.
def float_arg(x: object, func: str, name: str = "x") -> Array:
    """An Array of a floating-point dtype (real or complex); TypeError otherwise."""
    return array_arg(x, func, name, "floating-point")


def matrix_arg(x: Array, func: str, name: str = "x", square: bool = False) -> tuple[int, int]:
    """Check ``x`` is a (stack of) matrix, square if asked; return its (M, N)."""
    if x.ndim < 2:
        raise DimensionMismatchError(
            f"{func}(): {name} must have at least 2 dimensions (..., M, N), got shape {x.shape}"
        )
    m, n = x.shape[-2:]
    if square and m != n:
        raise DimensionMismatchError(
            f"{func}(): {name} must be a (stack of) square matrices, got shape {x.shape}"
        )
    return m, n


def lapack(func: str, call: Callable[..., Any], *args: Any, name: str = "x",
           **kwargs: Any) -> Any:
    """Run a numpy.linalg routine quietly; its LinAlgError becomes InvalidArgumentError
    naming ``func`` and the matrix argument ``name``."""
    try:
        with np.errstate(all="ignore"):
            return call(*args, **kwargs)
    except np.linalg.LinAlgError as e:
        msg = str(e)
        if "Singular" in msg:
            msg = f"{name} is singular (not invertible)"
        elif "positive definite" in msg:
            msg = f"{name} is not positive definite"
        elif "infs or NaNs" in msg or "converge" in msg:
            msg = f"the computation did not converge ({msg}); {name} must be finite"
        else:
            msg = f"{name}: {msg}"
        raise InvalidArgumentError(f"{func}(): {msg}") from None


def require_finite(a: NDArray, func: str, name: str = "x") -> None:
    """SVD-based functions: NaN or infinity in the input is an error, not a hang."""
    with np.errstate(all="ignore"):
        ok = bool(np.isfinite(a).all())
    if not ok:
        raise InvalidArgumentError(f"{func}(): {name} contains NaN or infinity")


# Diagonals over any two axes: linalg.diagonal / linalg.trace use the last two, and the
# GB/T 7.2.4.13 form (trace of a chosen 2-D plane) can reuse these with other axes.
def _plane(x: Array, axis1: object, axis2: object, func: str) -> tuple[int, int]:
    if x.ndim < 2:
        raise DimensionMismatchError(
            f"{func}(): x must have at least 2 dimensions, got shape {x.shape}"
        )
    a1 = normalize_axis(axis1, x.ndim, func, "axis1")
    a2 = normalize_axis(axis2, x.ndim, func, "axis2")
    if a1 == a2:
        raise AxisError(f"{func}(): axis1 and axis2 both name axis {a1}")
    return a1, a2


def diagonal_axes(x: Array, offset: object, axis1: object, axis2: object, func: str) -> Array:
    """Diagonal ``offset`` of the planes (axis1, axis2), appended as the last axis (a copy).

    An offset beyond the matrix gives an empty last axis.
    """
    x = array_arg(x, func)
    off = int_arg(offset, func, "offset")
    a1, a2 = _plane(x, axis1, axis2, func)
    rows, cols = x.shape[a1], x.shape[a2]
    if off >= cols or -off >= rows:  # also keeps huge offsets away from NumPy
        shape = (*(s for i, s in enumerate(x.shape) if i not in (a1, a2)), 0)
        return Array._new(np.empty(shape, x._array.dtype), x._dtype)
    a = D.bits(x._array)
    out = np.diagonal(a, off, a1, a2).copy()
    return Array._new(out.view(x._array.dtype), x._dtype)


def trace_dtype(x: Array, dtype: object, func: str) -> DType:
    """Result dtype of a trace: the accumulation rule of ``sum`` (one place decides)."""
    D.check_category(x._dtype, "numeric", func)
    return _accumulation_dtype(x, dtype, func)


def trace_axes(x: Array, offset: object, axis1: object, axis2: object, dtype: object,
               func: str) -> Array:
    """Sum of diagonal ``offset`` over the planes (axis1, axis2), in the trace dtype."""
    x = array_arg(x, func)
    res = trace_dtype(x, dtype, func)
    diag = diagonal_axes(x, offset, axis1, axis2, func)
    a = diag._array
    if diag._dtype is D.complex32:
        a = D.c32_to_c64(a)
    compute = _COMPUTE.get(res, res)
    with np.errstate(all="ignore"):
        if a.dtype != compute:
            if a.dtype.kind == "c" and compute.kind != "c":
                a = a.real
            a = a.astype(compute)
        out = np.sum(a, axis=-1, dtype=compute)
    return back(out, res)

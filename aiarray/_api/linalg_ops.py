"""Products, diagonals and norms of the ``linalg`` extension.

cross, outer and trace accept numeric input, diagonal any dtype; the norms
accept floating-point input and also integer input, which gives the floating dtype
an integer op gives elsewhere in aiarray (int8/16/32, uint8/16 -> float32; int64,
uint32/64 -> float64).  Norms are computed in double precision with scaling (no
spurious overflow or underflow) and rounded once to the result dtype.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _dtypes as D
from .._array import Array
from .._dispatch import array_arg, cast, common_dtype
from .._errors import AxisError, DimensionMismatchError, InvalidArgumentError, TypeMismatchError
from .._promotion import INT_TO_FLOAT
from .._sizes import allocating, check_shape
from .._typing import DType, NDArray
from ._axes import bool_arg, int_arg, normalize_axes
from .linalg_base import (
    back,
    diagonal_axes,
    lapack,
    matrix_arg,
    real_of,
    trace_axes,
)

__all__ = ["cross", "diagonal", "matrix_norm", "outer", "trace", "vector_norm"]


def _numeric(x: object, func: str, name: str) -> Array:
    return array_arg(x, func, name, "numeric")


def cross(x1: Array, x2: Array, /, *, axis: int = -1) -> Array:
    """Cross product of 3-element vectors along ``axis`` (a negative axis, counted from the end).

    Both arrays need size 3 along ``axis`` (that axis is never broadcast); the other axes
    broadcast.  The dtype is the common dtype under the active promotion policy.

    Examples
    --------
    >>> x1 = xp.asarray([1.0, 0.0, 0.0])
    >>> x2 = xp.asarray([0.0, 1.0, 0.0])
    >>> xp.linalg.cross(x1, x2)
    Array([0., 0., 1.], dtype=float64)
    """
    func = "linalg.cross"
    x1 = _numeric(x1, func, "x1")
    x2 = _numeric(x2, func, "x2")
    ax = int_arg(axis, func, "axis")
    nd = min(x1.ndim, x2.ndim)
    if nd == 0:
        raise DimensionMismatchError(f"{func}(): x1 and x2 must have at least 1 dimension")
    if not -nd <= ax <= -1:
        raise AxisError(f"{func}(): axis={axis} must be in [-{nd}, -1] (counted from the end)")
    if x1.shape[ax] != 3 or x2.shape[ax] != 3:
        raise DimensionMismatchError(
            f"{func}(): x1 {x1.shape} and x2 {x2.shape} must both have size 3 along axis {ax}"
        )
    try:
        np.broadcast_shapes(x1.shape, x2.shape)
    except ValueError:
        raise DimensionMismatchError(
            f"{func}(): shapes {x1.shape} and {x2.shape} do not broadcast"
        ) from None
    dt = common_dtype(func, (x1, x2), "x1, x2")
    with np.errstate(all="ignore"):
        out = np.cross(D.widen(cast(x1, dt)), D.widen(cast(x2, dt)), axis=ax)
        return Array._new(D.narrow(np.asarray(out), dt), dt)


def outer(x1: Array, x2: Array, /) -> Array:
    """Outer product (N, M) of 1-D arrays of sizes N and M, in their common dtype.

    Examples
    --------
    >>> x1 = xp.asarray([1, 2], dtype=xp.int16)
    >>> xp.linalg.outer(x1, xp.asarray([1, 10, 100], dtype=xp.int16))
    Array([[  1,  10, 100],
           [  2,  20, 200]], dtype=int16)
    >>> xp.linalg.outer(x1, xp.asarray([0.5], dtype=xp.float16))  # int16 with float16: float16
    Array([[0.5],
           [1. ]], dtype=float16)
    """
    func = "linalg.outer"
    x1 = _numeric(x1, func, "x1")
    x2 = _numeric(x2, func, "x2")
    for name, x in (("x1", x1), ("x2", x2)):
        if x.ndim != 1:
            raise DimensionMismatchError(f"{func}(): {name} must be 1-D, got shape {x.shape}")
    dt = common_dtype(func, (x1, x2), "x1, x2")
    check_shape((x1.shape[0], x2.shape[0]), D.COMPUTE.get(dt, dt).itemsize, func)
    with np.errstate(all="ignore"):
        out = allocating(lambda: np.multiply.outer(D.widen(cast(x1, dt)), D.widen(cast(x2, dt))),
                         func=func)
        return Array._new(D.narrow(np.asarray(out), dt), dt)


def diagonal(x: Array, /, *, offset: int = 0) -> Array:
    """Diagonal ``offset`` (> 0 above, < 0 below the main one) of each matrix, any dtype.

    The result has shape x.shape[:-2] + (length,), length 0 when the offset lies
    outside the matrix.  The result is a new array.

    Examples
    --------
    >>> x = xp.reshape(xp.arange(9), (3, 3))
    >>> xp.linalg.diagonal(x)
    Array([0, 4, 8], dtype=int64)
    >>> xp.linalg.diagonal(x, offset=1)
    Array([1, 5], dtype=int64)
    """
    return diagonal_axes(x, offset, -2, -1, "linalg.diagonal")


def trace(x: Array, /, *, offset: int = 0, dtype: DType | None = None) -> Array:
    """Sum of diagonal ``offset`` of each matrix (last two axes; GB/T 7.2.4.13).

    Numeric x.  dtype=None: x's dtype, except that signed integers narrower than int64
    give int64 and unsigned ones give uint64.  A given ``dtype`` is applied before
    summing (a complex x needs a complex dtype).  Integer sums wrap around on overflow.

    Examples
    --------
    >>> x = xp.reshape(xp.arange(8.0), (2, 2, 2))
    >>> xp.linalg.trace(x)
    Array([ 3., 11.], dtype=float64)
    >>> xp.linalg.trace(x, offset=1)
    Array([1., 5.], dtype=float64)
    """
    return trace_axes(x, offset, -2, -1, dtype, "linalg.trace")


def _norm_input(x: object, func: str) -> tuple[Array, DType, NDArray]:
    """(x, result dtype, |x| in float64) for the norms."""
    x = array_arg(x, func)
    dt = x._dtype
    if dt in D.FLOAT:
        res = real_of(dt)
    elif dt in D.INTEGER:
        res = INT_TO_FLOAT[dt]
    else:
        raise TypeMismatchError(
            f"{func}() requires a floating-point (or integer) x, got dtype {D.name_of(dt)}"
        )
    a = x._array
    if dt is D.complex32:
        a = D.c32_to_c64(a)
    with np.errstate(all="ignore"):
        mag = np.abs(a.astype(np.complex128 if a.dtype.kind == "c" else np.float64))
    return x, res, mag


def _scaled_p_norm(mag: NDArray, p: float, axes: tuple[int, ...]) -> NDArray:
    """``(sum |x|^p)^(1/p)`` over ``axes`` (kept), scaled by the largest (p > 0) or smallest
    (p < 0) magnitude so that no intermediate overflows or underflows."""
    if p > 0:
        s = np.max(mag, axis=axes, keepdims=True, initial=0.0)
    else:
        s = np.min(mag, axis=axes, keepdims=True, initial=np.inf)
    s = np.where(np.isfinite(s) & (s > 0), s, 1.0)
    t = mag / s
    out: NDArray
    if p == 2:
        out = s * np.sqrt(np.sum(t * t, axis=axes, keepdims=True))
    else:
        out = s * np.sum(t**p, axis=axes, keepdims=True) ** (1.0 / p)
    return out


def _vector_ord(ord: object, func: str) -> float:
    if isinstance(ord, str):
        raise InvalidArgumentError(
            f"{func}(): ord={ord!r} is a matrix norm; use linalg.matrix_norm"
        )
    if isinstance(ord, bool | np.bool_) or not isinstance(
        ord, int | float | np.integer | np.floating
    ):
        raise TypeMismatchError(f"{func}(): ord={ord!r} must be an int, a float or ±inf")
    try:
        p = float(ord)
    except OverflowError:  # a huge Python int behaves as ±inf
        p = math.inf if ord > 0 else -math.inf
    if math.isnan(p):
        raise InvalidArgumentError(f"{func}(): ord=nan is not a norm order")
    return p


def vector_norm(x: Array, /, *, axis: int | tuple[int, ...] | None = None,
                keepdims: bool = False, ord: float = 2) -> Array:
    """Vector p-norm of x over ``axis`` (None: all elements).

    ord: p >= 1 norms, inf (``max |x|``), -inf (``min |x|``), 0 (count of non-zeros) and the
    non-norms p < 1 ``(sum |x|^p)^(1/p)``.  The result is real with x's precision
    (complex64 -> float32).  Over zero elements the result is 0 (inf for ord < 0).

    Examples
    --------
    >>> x = xp.asarray([3.0, -4.0], dtype=xp.float32)
    >>> xp.linalg.vector_norm(x)
    Array(5., dtype=float32)
    >>> xp.linalg.vector_norm(x, ord=1)
    Array(7., dtype=float32)
    >>> xp.linalg.vector_norm(x, ord=xp.inf)
    Array(4., dtype=float32)
    """
    func = "linalg.vector_norm"
    x, res, mag = _norm_input(x, func)
    keep = bool_arg(keepdims, func, "keepdims")
    p = _vector_ord(ord, func)
    axes = normalize_axes(axis, x.ndim, func)
    with np.errstate(all="ignore"):
        if p == math.inf:
            r = np.max(mag, axis=axes, keepdims=True, initial=0.0)
        elif p == -math.inf:
            r = np.min(mag, axis=axes, keepdims=True, initial=np.inf)
        elif p == 0:
            r = np.sum(mag != 0, axis=axes, keepdims=True, dtype=np.float64)
        elif p == 1:
            r = np.sum(mag, axis=axes, keepdims=True)
        else:
            r = _scaled_p_norm(mag, p, axes)
    if not keep:
        r = np.squeeze(r, axis=axes)
    return back(r, res)


_MATRIX_ORDS = ("fro", "nuc", 1.0, -1.0, 2.0, -2.0, math.inf, -math.inf)


def _matrix_ord(ord: object, func: str) -> str | float:
    if ord is None:
        return "fro"
    if isinstance(ord, str):
        if ord in ("fro", "nuc"):
            return ord
    elif isinstance(ord, int | float | np.integer | np.floating) and not isinstance(
        ord, bool | np.bool_
    ):
        try:
            if float(ord) in _MATRIX_ORDS:
                return float(ord)
        except OverflowError:  # a huge Python int
            pass
    raise InvalidArgumentError(
        f"{func}(): ord={ord!r} must be one of 'fro', 'nuc', 1, -1, 2, -2, inf, -inf"
    )


def _singular_norm(mag: NDArray, a: NDArray, o: str | float, func: str) -> NDArray:
    """ord 2, -2 or 'nuc' of a stack (B, M, N); stacks holding NaN give NaN, stacks
    holding infinity give inf (2, 'nuc') or NaN (-2)."""
    r = np.empty(a.shape[0], np.float64)
    finite = np.isfinite(mag).all(axis=(-2, -1))
    if finite.any():
        s = lapack(func, np.linalg.svd, a[finite], compute_uv=False)
        r[finite] = s.max(axis=-1) if o == 2 else s.min(axis=-1) if o == -2 else s.sum(axis=-1)
    if not finite.all():
        nan = np.isnan(mag[~finite]).any(axis=(-2, -1))
        r[~finite] = np.where(nan | (o == -2), np.nan, np.inf)
    return r


def matrix_norm(x: Array, /, *, keepdims: bool = False, ord: str | float | None = "fro") -> Array:
    """Matrix norm of each (M, N) matrix in x.

    ord: 'fro' (Frobenius), 'nuc' (sum of singular values), 1 / -1 (max / min column
    sum of ``|x|``), inf / -inf (max / min row sum), 2 / -2 (largest / smallest singular
    value).  The result is real with x's precision; a matrix with no elements has norm 0.

    Examples
    --------
    >>> x = xp.asarray([[3.0, 0.0], [0.0, 4.0]], dtype=xp.float32)
    >>> xp.linalg.matrix_norm(x)
    Array(5., dtype=float32)
    >>> xp.linalg.matrix_norm(x, ord=1)
    Array(4., dtype=float32)
    """
    func = "linalg.matrix_norm"
    x, res, mag = _norm_input(x, func)
    m, n = matrix_arg(x, func)
    keep = bool_arg(keepdims, func, "keepdims")
    o = _matrix_ord(ord, func)
    batch = x.shape[:-2]
    with np.errstate(all="ignore"):
        if m == 0 or n == 0:
            r = np.zeros(batch, np.float64)
        elif o == "fro":
            r = _scaled_p_norm(mag, 2.0, (-2, -1))[..., 0, 0]
        elif o in (1.0, -1.0):
            sums = np.sum(mag, axis=-2)
            r = np.max(sums, axis=-1) if o == 1 else np.min(sums, axis=-1)
        elif o in (math.inf, -math.inf):
            sums = np.sum(mag, axis=-1)
            r = np.max(sums, axis=-1) if o == math.inf else np.min(sums, axis=-1)
        else:
            b = math.prod(batch)
            a = x._array if x._dtype is not D.complex32 else D.c32_to_c64(x._array)
            a = a.astype(np.complex128 if a.dtype.kind == "c" else np.float64)
            r = _singular_norm(mag.reshape(b, m, n), a.reshape(b, m, n), o, func).reshape(batch)
    if keep:
        r = np.reshape(r, (*batch, 1, 1))
    return back(r, res)

"""Statistical functions of the standard (the GB/T draft defines no reductions).

Accumulating functions (sum, prod, cumulative_sum, cumulative_prod) follow the
standard's dtype rule: with ``dtype=None`` bool and signed integers narrower than
int64 accumulate in int64, unsigned integers in uint64, floating dtypes keep their
dtype.  bfloat16 / complex32 compute in float32 / complex64 and round back once.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from .. import _dtypes as D
from .. import _memory as M
from .._array import Array
from .._dispatch import array_arg, cast, reduce, reduce_whole, reduces_here
from .._errors import InvalidArgumentError, TypeMismatchError
from .._numpy_path import quiet, quiet_run
from .._promotion import INT_TO_FLOAT
from .._typing import DType, NDArray
from ._axes import bool_arg, normalize_axes, normalize_axis

if TYPE_CHECKING:
    from .gbt_sparse import SparseArray

__all__ = ["cumulative_sum", "cumulative_prod", "max", "mean", "min", "prod", "std", "sum", "var"]

Axes = int | tuple[int, ...] | None

# dtype=None accumulation dtype (default int is int64).
_ACCUMULATE: dict[DType, DType] = {
    D.bool_: D.int64, D.int8: D.int64, D.int16: D.int64, D.int32: D.int64, D.int64: D.int64,
    D.uint8: D.uint64, D.uint16: D.uint64, D.uint32: D.uint64, D.uint64: D.uint64,
}
# Kind order for an explicit dtype=: it may not drop a kind (complex -> real, float -> int).
_KIND_RANK: dict[DType, int] = {D.bool_: 0}
_KIND_RANK.update({d: 1 for d in D.INTEGER})
_KIND_RANK.update({d: 2 for d in D.REAL_FLOAT})
_KIND_RANK.update({d: 3 for d in D.COMPLEX})
# Dtype that mean/var/std compute in, by input dtype (integers exactly in float64).
_STAT_COMPUTE: dict[DType, DType] = {D.float16: D.float32, D.complex32: D.complex64}
_STAT_COMPUTE.update({d: D.float64 for d in INT_TO_FLOAT})
D.like_float16(_KIND_RANK, _STAT_COMPUTE)  # bfloat16's entries, once it loads
# Full reductions (no axis, dtype or keepdims) of NumPy's own dtypes that no backend
# takes are one NumPy call (``_numpy_full``): the sum's accumulation dtype by input
# dtype, the dtypes min/max and mean take that way.
_FULL_SUM: dict[DType, DType] = {dt: _ACCUMULATE.get(dt, dt) for dt in D.NATIVE}
_FULL_EXTREME = frozenset(dt for dt in D.NATIVE if dt.kind != "c")
_FULL_MEAN: dict[DType, tuple[DType, DType]] = {  # (compute dtype, result dtype)
    dt: (_STAT_COMPUTE.get(dt, dt), INT_TO_FLOAT.get(dt, dt)) for dt in D.NATIVE}


def _accumulation_dtype(x: Array | SparseArray, dtype: object, func: str) -> DType:
    """The result dtype of sum/prod/cumulative_*: the standard's default or ``dtype``."""
    if dtype is None:
        return _ACCUMULATE.get(x._dtype, x._dtype)
    dt = D.canonical(dtype)
    if dt not in D.NUMERIC:
        raise TypeMismatchError(f"{func}(): dtype={D.name_of(dt)} must be a numeric dtype")
    if _KIND_RANK[dt] < _KIND_RANK[x._dtype]:
        raise TypeMismatchError(
            f"{func}(): dtype={D.name_of(dt)} would discard part of x's {D.name_of(x._dtype)} "
            "values; choose a dtype of the same or a wider kind"
        )
    return dt


def _count(shape: tuple[int, ...], axes: tuple[int, ...]) -> int:
    return math.prod(shape[a] for a in axes)


def _converts_safely(src: np.dtype, dst: np.dtype) -> bool:
    """Whether NumPy's reduction may convert ``src`` to ``dst`` as it goes: both NumPy's
    own dtypes (not bfloat16 or complex32) and every value kept (NumPy's "safe")."""
    return src.fields is None and dst.fields is None and src.kind in "biufc" \
        and dst.kind in "biufc" and bool(np.can_cast(src, dst, "safe"))


def _numpy_full(ufunc: np.ufunc, a: NDArray, dtype: DType | None) -> NDArray:
    """``ufunc.reduce`` over every element of ``a``, quietly, as a 0-d array."""
    try:
        return quiet_run(ufunc.reduce, a, None, dtype, out=...)
    except RuntimeError:  # the quiet context is busy (nested, or in another thread)
        return quiet(ufunc.reduce, a, None, dtype, out=...)


def _numpy_mean(a: NDArray, cdt: DType) -> NDArray:
    """NumPy's mean of every element of ``a`` computed in ``cdt`` (as ``_moments``: the
    sum over an intp count), a 0-d array of ``cdt``."""
    total = _numpy_full(np.add, a, cdt)
    return np.true_divide(total, np.intp(a.size), out=...).astype(cdt, copy=False)


def _accumulate_reduce(x: object, axis: Axes, dtype: object, keepdims: bool, func: str,
                       ufunc: np.ufunc) -> Array:
    if type(x) is Array and axis is None and dtype is None and keepdims is False:
        acc = _FULL_SUM.get(x._dtype)
        if acc is not None:
            raw = x._array
            if reduces_here(raw):
                return Array._new(_numpy_full(ufunc, raw, acc), acc)
            return Array._new(reduce_whole(func, raw, lambda: _numpy_full(ufunc, raw, acc)),
                              acc)
    x = array_arg(x, func, "x", "numeric or boolean")
    axes = normalize_axes(axis, x.ndim, func)
    keepdims = bool_arg(keepdims, func, "keepdims")
    dt = _accumulation_dtype(x, dtype, func)
    raw = x._array
    if dt is not x._dtype and _converts_safely(raw.dtype, dt):
        # NumPy converts as it reduces (buffer by buffer: its order, and no converted
        # copy of the input); integer accumulations run in threads when large
        out = reduce(func, raw, axes, dt, keepdims)
        if out is None:
            out = quiet(ufunc.reduce, raw, axes, dt, None, keepdims)
    else:  # the same dtype, or aiarray's checked conversion (no wrap into int8, ...)
        a = D.widen(cast(x, dt))
        out = reduce(func, a, axes, keepdims=keepdims)  # None: small or not handled
        if out is None:
            out = quiet(ufunc.reduce, a, axes, a.dtype, None, keepdims)
    return Array._new(M.aligned(D.narrow(np.asarray(out), dt)), dt)


def sum(x: Array, /, *, axis: Axes = None, dtype: DType | None = None,
        keepdims: bool = False) -> Array:
    """Sum of the elements along ``axis``; an empty sum is 0.

    ``dtype=None``: bool and signed integers -> int64, unsigned -> uint64, floating
    dtypes keep theirs.  An explicit ``dtype`` casts ``x`` first; it may not drop a
    kind (complex -> real or floating -> integer raise TypeError).

    Examples
    --------
    >>> x = xp.asarray([100, 100, 100], dtype=xp.int8)
    >>> xp.sum(x)  # int8 gives int64
    Array(300, dtype=int64)
    >>> xp.sum(x, dtype=xp.int16)
    Array(300, dtype=int16)
    >>> xp.sum(xp.asarray([[0.5, 1.5], [2.0, 3.0]], dtype=xp.bfloat16), axis=0)
    Array([2.5, 4.5], dtype=bfloat16)
    """
    return _accumulate_reduce(x, axis, dtype, keepdims, "sum", np.add)


def prod(x: Array, /, *, axis: Axes = None, dtype: DType | None = None,
         keepdims: bool = False) -> Array:
    """Product of the elements along ``axis``; an empty product is 1.

    The result dtype follows the same rule as :func:`sum`.

    Examples
    --------
    >>> x = xp.asarray([1, 2, 3, 4], dtype=xp.int8)
    >>> xp.prod(x)  # int8 gives int64
    Array(24, dtype=int64)
    >>> xp.prod(x, dtype=xp.int8)
    Array(24, dtype=int8)
    >>> xp.prod(xp.asarray([], dtype=xp.float32))
    Array(1., dtype=float32)
    """
    return _accumulate_reduce(x, axis, dtype, keepdims, "prod", np.multiply)


def _cumulative(x: object, axis: int | None, dtype: object, include_initial: bool, func: str,
                ufunc: np.ufunc, identity: int) -> Array:
    x = array_arg(x, func, "x", "numeric or boolean")
    if x.ndim == 0:
        raise InvalidArgumentError(f"{func}(): x must have at least one dimension, got a 0-d array")
    if axis is None:
        if x.ndim > 1:
            raise InvalidArgumentError(
                f"{func}(): axis is required for an array of ndim={x.ndim} (shape {x.shape})"
            )
        ax = 0
    else:
        ax = normalize_axis(axis, x.ndim, func)
    if not isinstance(include_initial, bool | np.bool_):
        raise TypeMismatchError(f"{func}(): include_initial={include_initial!r} must be a bool")
    dt = _accumulation_dtype(x, dtype, func)
    a = D.widen(cast(x, dt))
    out = quiet(ufunc.accumulate, a, ax, a.dtype, M.empty(a.shape, a.dtype))  # (aligned)
    if include_initial:
        shape = list(out.shape)
        shape[ax] = 1
        out = np.concatenate([np.full(shape, identity, out.dtype), out], axis=ax)
    return Array._new(M.aligned(D.narrow(out, dt)), dt)


def cumulative_sum(x: Array, /, *, axis: int | None = None, dtype: DType | None = None,
                   include_initial: bool = False) -> Array:
    """Running sum along ``axis``.

    ``axis`` may be omitted only for 1-D input; ``include_initial=True`` prepends the
    additive identity (0).  The result dtype follows the rule of :func:`sum`.

    Examples
    --------
    >>> x = xp.asarray([[1, 2], [3, 4]], dtype=xp.uint8)
    >>> xp.cumulative_sum(x, axis=1)
    Array([[1, 3],
           [3, 7]], dtype=uint64)
    >>> xp.cumulative_sum(xp.asarray([0.5, 0.25], dtype=xp.float32))
    Array([0.5 , 0.75], dtype=float32)
    """
    return _cumulative(x, axis, dtype, include_initial, "cumulative_sum", np.add, 0)


def cumulative_prod(x: Array, /, *, axis: int | None = None, dtype: DType | None = None,
                    include_initial: bool = False) -> Array:
    """Running product along ``axis``.

    ``axis`` may be omitted only for 1-D input; ``include_initial=True`` prepends the
    multiplicative identity (1).  The result dtype follows the rule of :func:`sum`.

    Examples
    --------
    >>> x = xp.asarray([1, 2, 3, 4], dtype=xp.int8)
    >>> xp.cumulative_prod(x)  # int8 accumulates in int64
    Array([ 1,  2,  6, 24], dtype=int64)
    >>> xp.cumulative_prod(x, include_initial=True, dtype=xp.int8)
    Array([ 1,  1,  2,  6, 24], dtype=int8)
    """
    return _cumulative(x, axis, dtype, include_initial, "cumulative_prod", np.multiply, 1)


def _extreme(x: object, axis: Axes, keepdims: bool, func: str, ufunc: np.ufunc) -> Array:
    if type(x) is Array and axis is None and keepdims is False and x._dtype in _FULL_EXTREME:
        raw = x._array
        if raw.size and reduces_here(raw):
            return Array._new(_numpy_full(ufunc, raw, None), x._dtype)
        if raw.size:
            return Array._new(reduce_whole(func, raw, lambda: _numpy_full(ufunc, raw, None)),
                              x._dtype)
    x = array_arg(x, func, "x", "real numeric or boolean")
    axes = normalize_axes(axis, x.ndim, func)
    keepdims = bool_arg(keepdims, func, "keepdims")
    if _count(x.shape, axes) == 0:
        raise InvalidArgumentError(
            f"{func}(): cannot reduce an empty array (shape {x.shape}, axis={axis!r}): "
            f"{func} of zero elements has no value"
        )
    a = D.widen(x._array)
    out = reduce(func, a, axes, keepdims=keepdims)  # None: small or not handled
    if out is None:
        out = quiet(ufunc.reduce, a, axes, None, None, keepdims)
    return Array._new(M.aligned(D.narrow(np.asarray(out), x._dtype)), x._dtype)


def max(x: Array, /, *, axis: Axes = None, keepdims: bool = False) -> Array:
    """Largest element along ``axis``; NaN propagates.

    Real numeric or bool input; complex raises TypeError.  A reduction over zero
    elements raises ValueError (as NumPy).

    Examples
    --------
    >>> x = xp.asarray([[1, 5], [7, 2]], dtype=xp.int16)
    >>> xp.max(x)
    Array(7, dtype=int16)
    >>> xp.max(x, axis=0)
    Array([7, 5], dtype=int16)
    >>> xp.max(xp.asarray([1.0, xp.nan]))
    Array(nan, dtype=float64)
    """
    return _extreme(x, axis, keepdims, "max", np.maximum)


def min(x: Array, /, *, axis: Axes = None, keepdims: bool = False) -> Array:
    """Smallest element along ``axis``; NaN propagates.

    Real numeric or bool input; complex raises TypeError.  A reduction over zero
    elements raises ValueError (as NumPy).

    Examples
    --------
    >>> x = xp.asarray([[1, 5], [7, 2]], dtype=xp.int16)
    >>> xp.min(x)
    Array(1, dtype=int16)
    >>> xp.min(x, axis=1)
    Array([1, 2], dtype=int16)
    """
    return _extreme(x, axis, keepdims, "min", np.minimum)


def _moments(x: Array, axes: tuple[int, ...], keepdims: bool,
             correction: float | None, compute: DType | None = None) -> tuple[NDArray, DType]:
    """(mean, or variance when ``correction`` is given, in the compute dtype; result dtype).
    ``compute``: the dtype to compute in and give (NumPy's ``dtype=``), else the
    standard's rule."""
    res = INT_TO_FLOAT.get(x._dtype, x._dtype) if compute is None else compute
    cdt = _STAT_COMPUTE.get(x._dtype, x._dtype) if compute is None else \
        compute if compute is D.float16 else _STAT_COMPUTE.get(compute, compute)
    a = D.widen(x._array)
    total = None
    if a.dtype != cdt and _converts_safely(a.dtype, cdt):  # NumPy's order, no copy
        total = quiet(np.add.reduce, a, axes, cdt, None, True)
    if total is None or correction is not None:
        a = a.astype(cdt, copy=False)
    n = _count(x.shape, axes)
    if total is None:
        total = reduce("sum", a, axes, keepdims=True)  # None: small or not handled
    if total is None:
        total = quiet(np.add.reduce, a, axes, cdt, None, True)
    # NumPy divides by its count as an intp scalar: a complex64 sum is divided in
    # complex128 and rounded once (complex64 / complex64 multiplies by 1/n: two roundings)
    mean = quiet(np.true_divide, total, np.intp(n)).astype(cdt, copy=False)
    if correction is None:
        out = mean
    else:
        dev = quiet(np.subtract, a, mean)
        ssq = quiet(np.add.reduce, quiet(np.multiply, dev, dev), axes, cdt, None, True)
        denom = n - correction
        if denom > 0:
            out = quiet(np.divide, ssq, np.asarray(denom, cdt))
        else:
            out = np.full(ssq.shape, np.nan, cdt)
    if not keepdims:
        out = out.reshape([s for i, s in enumerate(out.shape) if i not in axes])
    return out, res


def moments_as(x: Array, axis: Axes, keepdims: bool, correction: object,
               compute: DType, func: str, root: bool = False) -> Array:
    """(For aiarray.numpy's ``dtype=``.)  The mean (``correction`` None), variance or,
    with ``root``, standard deviation of ``x`` computed in and given as ``compute``; a
    sum that converts the input does so as NumPy's does, buffer by buffer."""
    x = array_arg(x, func, "x", "numeric or boolean")
    axes = normalize_axes(axis, x.ndim, func)
    c = None if correction is None else _correction(correction, func)
    out, res = _moments(x, axes, keepdims, c, compute)
    if root:
        out = quiet(np.sqrt, out)
    return Array._new(M.aligned(D.narrow(out, res)), res)


def mean(x: Array, /, *, axis: Axes = None, keepdims: bool = False) -> Array:
    """Arithmetic mean along ``axis``; the mean of nothing is NaN.

    Floating input (real or complex) keeps its dtype.  Integer and bool input is
    accepted and gives INT_TO_FLOAT[dtype] (float32 up to 16-bit integers and int32,
    float64 for int64/uint32/uint64), computed in float64.

    Examples
    --------
    >>> x = xp.asarray([[1.0, 2.0], [3.0, 5.0]], dtype=xp.float32)
    >>> xp.mean(x)
    Array(2.75, dtype=float32)
    >>> xp.mean(x, axis=1, keepdims=True)
    Array([[1.5],
           [4. ]], dtype=float32)
    """
    if type(x) is Array and axis is None and keepdims is False and x._dtype in _FULL_MEAN:
        raw = x._array
        if raw.size:
            cdt, res = _FULL_MEAN[x._dtype]
            out = _numpy_mean(raw, cdt) if reduces_here(raw) else \
                reduce_whole("mean", raw, lambda: _numpy_mean(raw, cdt))
            return Array._new(out.astype(res, copy=False), res)
    x = array_arg(x, "mean", "x", "numeric or boolean")
    axes = normalize_axes(axis, x.ndim, "mean")
    out, res = _moments(x, axes, bool_arg(keepdims, "mean", "keepdims"), None)
    return Array._new(M.aligned(D.narrow(out, res)), res)


def _correction(correction: object, func: str) -> float:
    if isinstance(correction, bool | np.bool_) or not isinstance(
        correction, int | float | np.integer | np.floating
    ):
        raise TypeMismatchError(f"{func}(): correction={correction!r} must be an int or a float")
    if not correction >= 0:
        raise InvalidArgumentError(f"{func}(): correction={correction!r} must be >= 0")
    return correction  # type: ignore[return-value]  # a NumPy number is one too


def _variance(x: object, axis: Axes, correction: object, keepdims: bool,
              func: str) -> tuple[NDArray, DType]:
    """(variance in the compute dtype, result dtype) for var and std."""
    x = array_arg(x, func, "x", "real numeric or boolean")
    axes = normalize_axes(axis, x.ndim, func)
    keepdims = bool_arg(keepdims, func, "keepdims")
    return _moments(x, axes, keepdims, _correction(correction, func))


def var(x: Array, /, *, axis: Axes = None, correction: int | float = 0.0,
        keepdims: bool = False) -> Array:
    """Variance along ``axis``, dividing by ``N - correction``.

    Real input only (complex raises TypeError); integer/bool input gives
    INT_TO_FLOAT[dtype].  ``N - correction <= 0`` gives NaN; NaN propagates.

    Examples
    --------
    >>> x = xp.asarray([1.0, 2.0, 3.0, 4.0], dtype=xp.float32)
    >>> xp.var(x)
    Array(1.25, dtype=float32)
    >>> xp.var(x, correction=1)
    Array(1.6666666, dtype=float32)
    """
    out, res = _variance(x, axis, correction, keepdims, "var")
    return Array._new(M.aligned(D.narrow(out, res)), res)


def std(x: Array, /, *, axis: Axes = None, correction: int | float = 0.0,
        keepdims: bool = False) -> Array:
    """Standard deviation along ``axis``: the square root of :func:`var`.

    Real input only (complex raises TypeError); integer/bool input gives
    INT_TO_FLOAT[dtype].  ``N - correction <= 0`` gives NaN; NaN propagates.

    Examples
    --------
    >>> x = xp.asarray([1.0, 2.0, 3.0, 4.0], dtype=xp.float32)
    >>> xp.std(x)
    Array(1.118034, dtype=float32)
    >>> xp.std(x, correction=1)
    Array(1.2909944, dtype=float32)
    """
    out, res = _variance(x, axis, correction, keepdims, "std")
    return Array._new(M.aligned(D.narrow(quiet(np.sqrt, out), res)), res)


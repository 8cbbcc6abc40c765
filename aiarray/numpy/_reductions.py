"""NumPy's reductions and scans over the standard's statistical functions.

NumPy's dtype rules where they differ from the standard's: the mean, variance and
standard deviation of integers and bools are float64 (the standard namespace gives
float32 for small integers); a ``dtype=`` casts the data first, as NumPy's
accumulator does.  A full reduction is a 0-d Array (NumPy gives a NumPy scalar; both
print, format and convert alike).  Arguments only NumPy has (``where=``,
``initial=``, ``mean=``, complex variance, a ``dtype`` of a lower kind) run NumPy's
own function on views of the data.
"""

from __future__ import annotations

import builtins
import operator
from typing import Any, Literal

import numpy as np

from .. import _dtypes as D
from .. import _promotion as P
from .._api import manipulation as M
from .._api import searching as Q
from .._api import statistical as S
from .._api import utility as U
from .._array import Array
from .._dispatch import kind_rank
from .._errors import InvalidArgumentError
from .._typing import DType
from . import _convert as C

NoValue = C.NOVALUE


def _given(v: Any) -> bool:
    return v is not NoValue and v is not None


def _kd(keepdims: Any) -> bool:
    return False if keepdims is NoValue else builtins.bool(keepdims)


def _axis(axis: Any) -> Any:
    if isinstance(axis, list):
        return tuple(axis)
    return axis


def _views(func: Any, a: Array, args: tuple[Any, ...], out: Any, **kw: Any) -> Any:
    kw = {k: v for k, v in kw.items() if v is not NoValue}
    if out is not None:
        kw["out"] = out
    if "dtype" in kw and kw["dtype"] is not None:
        kw["dtype"] = C.np_dtype(C.dtype_of(kw["dtype"]))
    return C.on_views(func, (a, *args), kw)


def _finish(res: Any, out: Any, func: str) -> Any:
    return C.into(C.tag(res), out, func) if out is not None else C.tag(res)


def _accumulating(func: str, std: Any, npfunc: Any, a: Any, axis: Any, dtype: Any, out: Any,
                  keepdims: Any, initial: Any, where: Any) -> Any:
    x = C.arr(a, func, "a")
    dt = C.dtype_of(dtype, "dtype", func)
    if _given(initial) or (where is not NoValue and where is not True) or (
            dt is not None and kind_rank(dt) < kind_rank(x._dtype)):
        return _views(npfunc, x, (axis,), out, dtype=dtype, keepdims=keepdims,
                      initial=initial, where=where)
    return _finish(std(x, axis=_axis(axis), dtype=dt, keepdims=_kd(keepdims)), out, func)


@C.numpy_fallback(np.sum)
def sum(a: Any, axis: Any = None, dtype: Any = None, out: Any = None, keepdims: Any = NoValue,
        initial: Any = NoValue, where: Any = NoValue) -> Array:
    """Sum of the elements (bool and small integers accumulate in int64, as NumPy)."""
    return _accumulating("sum", S.sum, np.sum, a, axis, dtype, out, keepdims, initial, where)


@C.numpy_fallback(np.prod)
def prod(a: Any, axis: Any = None, dtype: Any = None, out: Any = None, keepdims: Any = NoValue,
         initial: Any = NoValue, where: Any = NoValue) -> Array:
    """Product of the elements (bool and small integers accumulate in int64)."""
    return _accumulating("prod", S.prod, np.prod, a, axis, dtype, out, keepdims, initial, where)


def _extreme(func: str, std: Any, npfunc: Any, a: Any, axis: Any, out: Any, keepdims: Any,
             initial: Any, where: Any) -> Any:
    x = C.arr(a, func, "a")
    if _given(initial) or (where is not NoValue and where is not True) or x._dtype in D.COMPLEX:
        return _views(npfunc, x, (axis,), out, keepdims=keepdims, initial=initial, where=where)
    return _finish(std(x, axis=_axis(axis), keepdims=_kd(keepdims)), out, func)


@C.numpy_fallback(np.max)
def max(a: Any, axis: Any = None, out: Any = None, keepdims: Any = NoValue,
        initial: Any = NoValue, where: Any = NoValue) -> Array:
    """Largest element (NaN propagates)."""
    return _extreme("max", S.max, np.max, a, axis, out, keepdims, initial, where)


@C.numpy_fallback(np.min)
def min(a: Any, axis: Any = None, out: Any = None, keepdims: Any = NoValue,
        initial: Any = NoValue, where: Any = NoValue) -> Array:
    """Smallest element (NaN propagates)."""
    return _extreme("min", S.min, np.min, a, axis, out, keepdims, initial, where)


@C.numpy_fallback(np.amax)
def amax(a: Any, axis: Any = None, out: Any = None, keepdims: Any = NoValue,
         initial: Any = NoValue, where: Any = NoValue) -> Array:
    """Largest element (NumPy's alias of max)."""
    return max(a, axis, out, keepdims, initial, where)


@C.numpy_fallback(np.amin)
def amin(a: Any, axis: Any = None, out: Any = None, keepdims: Any = NoValue,
         initial: Any = NoValue, where: Any = NoValue) -> Array:
    """Smallest element (NumPy's alias of min)."""
    return min(a, axis, out, keepdims, initial, where)


def _stat_dtype(x: Array, dtype: Any, func: str) -> DType | Literal[False] | None:
    """The dtype ``func`` computes in and gives; None: the standard function's own rule
    (GB/T's INT_TO_FLOAT for a policy without a "statistics" rule); False when NumPy's
    own function should run (an integer ``dtype=``).  Integer and bool input: the
    policy's "statistics" rule (the numpy policy: float64)."""
    dt = C.dtype_of(dtype, "dtype", func)
    if dt is None:
        if x._dtype in D.INTEGER or x._dtype is D.bool_:
            table = P.policy_for(x).int_to_float
            if table is None:
                return None
            dt = table["statistics"][x._dtype]
        else:
            return None
    if dt not in D.FLOAT:
        return False
    return None if dt is x._dtype else dt


@C.numpy_fallback(np.mean)
def mean(a: Any, axis: Any = None, dtype: Any = None, out: Any = None, keepdims: Any = NoValue,
         *, where: Any = NoValue) -> Array:
    """Arithmetic mean; integers and bools give float64 (NumPy's rule)."""
    x = C.arr(a, "mean", "a")
    dt = _stat_dtype(x, dtype, "mean")
    if dt is False or (where is not NoValue and where is not True):
        return _views(np.mean, x, (axis,), out, dtype=dtype, keepdims=keepdims, where=where)
    if dt is None:
        return _finish(S.mean(x, axis=_axis(axis), keepdims=_kd(keepdims)), out, "mean")
    # computed in dt as NumPy does: the input is converted buffer by buffer as it is summed
    res = S.moments_as(x, _axis(axis), _kd(keepdims), None, dt, "mean")
    return _finish(C.tag(res), out, "mean")


def _spread(func: str, std: Any, npfunc: Any, a: Any, axis: Any, dtype: Any, out: Any,
            ddof: Any, keepdims: Any, where: Any, mean: Any, correction: Any) -> Any:
    x = C.arr(a, func, "a")
    if _given(correction):
        if ddof != 0:
            raise InvalidArgumentError(f"{func}(): give ddof or correction, not both")
        ddof = correction
    dt = _stat_dtype(x, dtype, func)
    if dt is False or x._dtype in D.COMPLEX or (where is not NoValue and where is not True) \
            or _given(mean):
        return _views(npfunc, x, (axis,), out, dtype=dtype, ddof=ddof, keepdims=keepdims,
                      where=where, mean=mean)
    if dt is None:
        return _finish(std(x, axis=_axis(axis), correction=ddof, keepdims=_kd(keepdims)),
                       out, func)
    res = S.moments_as(x, _axis(axis), _kd(keepdims), ddof, dt, func, root=func == "std")
    return _finish(C.tag(res), out, func)


@C.numpy_fallback(np.var)
def var(a: Any, axis: Any = None, dtype: Any = None, out: Any = None, ddof: Any = 0,
        keepdims: Any = NoValue, *, where: Any = NoValue, mean: Any = NoValue,
        correction: Any = NoValue) -> Array:
    """Variance, dividing by N - ddof; integers give float64."""
    return _spread("var", S.var, np.var, a, axis, dtype, out, ddof, keepdims, where, mean,
                   correction)


@C.numpy_fallback(np.std)
def std(a: Any, axis: Any = None, dtype: Any = None, out: Any = None, ddof: Any = 0,
        keepdims: Any = NoValue, *, where: Any = NoValue, mean: Any = NoValue,
        correction: Any = NoValue) -> Array:
    """Standard deviation, dividing by N - ddof; integers give float64."""
    return _spread("std", S.std, np.std, a, axis, dtype, out, ddof, keepdims, where, mean,
                   correction)


def _scan(func: str, std: Any, npfunc: Any, a: Any, axis: Any, dtype: Any, out: Any,
          include_initial: builtins.bool = False) -> Any:
    x = C.arr(a, func, "a")
    dt = C.dtype_of(dtype, "dtype", func)
    if dt is not None and kind_rank(dt) < kind_rank(x._dtype):
        return _views(npfunc, x, (axis,), out, dtype=dtype)
    if axis is None and x.ndim != 1:
        x = C.tag(M.reshape(x, (-1,)))
        axis = 0
    if x.ndim == 0:
        x = C.tag(M.reshape(x, (1,)))
    res = std(x, axis=axis, dtype=dt, include_initial=include_initial)
    return _finish(res, out, func)


@C.numpy_fallback(np.cumsum)
def cumsum(a: Any, axis: Any = None, dtype: Any = None, out: Any = None) -> Array:
    """Running sum (over the flattened array when axis is None)."""
    return _scan("cumsum", S.cumulative_sum, np.cumsum, a, axis, dtype, out)


@C.numpy_fallback(np.cumprod)
def cumprod(a: Any, axis: Any = None, dtype: Any = None, out: Any = None) -> Array:
    """Running product (over the flattened array when axis is None)."""
    return _scan("cumprod", S.cumulative_prod, np.cumprod, a, axis, dtype, out)


@C.numpy_fallback(np.cumulative_sum)
def cumulative_sum(x: Any, /, *, axis: Any = None, dtype: Any = None, out: Any = None,
                   include_initial: builtins.bool = False) -> Array:
    """Running sum (the standard's name; axis may be omitted for 1-D input only)."""
    a = C.arr(x, "cumulative_sum", "x")
    res = S.cumulative_sum(a, axis=axis, dtype=C.dtype_of(dtype),
                           include_initial=include_initial)
    return _finish(res, out, "cumulative_sum")


@C.numpy_fallback(np.cumulative_prod)
def cumulative_prod(x: Any, /, *, axis: Any = None, dtype: Any = None, out: Any = None,
                    include_initial: builtins.bool = False) -> Array:
    """Running product (the standard's name; axis may be omitted for 1-D input only)."""
    a = C.arr(x, "cumulative_prod", "x")
    res = S.cumulative_prod(a, axis=axis, dtype=C.dtype_of(dtype),
                            include_initial=include_initial)
    return _finish(res, out, "cumulative_prod")


def _truth(func: str, std: Any, npfunc: Any, a: Any, axis: Any, out: Any, keepdims: Any,
           where: Any) -> Any:
    x = C.arr(a, func, "a")
    if where is not NoValue and where is not True:
        return _views(npfunc, x, (axis,), out, keepdims=keepdims, where=where)
    return _finish(std(x, axis=_axis(axis), keepdims=_kd(keepdims)), out, func)


@C.numpy_fallback(np.all)
def all(a: Any, axis: Any = None, out: Any = None, keepdims: Any = NoValue, *,
        where: Any = NoValue) -> Array:
    """Whether every element (along axis) is true."""
    return _truth("all", U.all, np.all, a, axis, out, keepdims, where)


@C.numpy_fallback(np.any)
def any(a: Any, axis: Any = None, out: Any = None, keepdims: Any = NoValue, *,
        where: Any = NoValue) -> Array:
    """Whether any element (along axis) is true."""
    return _truth("any", U.any, np.any, a, axis, out, keepdims, where)


def _arg(func: str, std: Any, npfunc: Any, a: Any, axis: Any, out: Any, keepdims: Any) -> Any:
    x = C.arr(a, func, "a")
    if x._dtype in D.COMPLEX:
        return _views(npfunc, x, (axis,), out, keepdims=keepdims)
    return _finish(std(x, axis=axis, keepdims=_kd(keepdims)), out, func)


@C.numpy_fallback(np.argmax)
def argmax(a: Any, axis: Any = None, out: Any = None, *, keepdims: Any = NoValue) -> Array:
    """Index of the largest element (of the flattened array when axis is None)."""
    return _arg("argmax", Q.argmax, np.argmax, a, axis, out, keepdims)


@C.numpy_fallback(np.argmin)
def argmin(a: Any, axis: Any = None, out: Any = None, *, keepdims: Any = NoValue) -> Array:
    """Index of the smallest element (of the flattened array when axis is None)."""
    return _arg("argmin", Q.argmin, np.argmin, a, axis, out, keepdims)


@C.numpy_fallback(np.count_nonzero)
def count_nonzero(a: Any, axis: Any = None, *, keepdims: builtins.bool = False) -> Any:
    """Number of non-zero elements (along axis)."""
    x = C.arr(a, "count_nonzero", "a")
    return C.tag(Q.count_nonzero(x, axis=_axis(axis), keepdims=keepdims))


def _numpy_diff(a: Any, n: Any = 1, axis: Any = -1, prepend: Any = NoValue,
                append: Any = NoValue) -> Any:
    """NumPy's diff (on views), with an order beyond the data's size cut to it: every
    further difference is empty, and NumPy would loop ``n`` times (2**64 runs forever)."""
    try:
        order = operator.index(n)
    except TypeError:
        order = None  # NumPy's own error
    if order is not None and order > 0:
        n = builtins.min(order, 1 + builtins.sum(
            np.size(v) for v in (a, prepend, append) if v is not NoValue))
    return np.diff(a, n, axis, prepend, append)


@C.numpy_fallback(_numpy_diff)
def diff(a: Any, n: int = 1, axis: int = -1, prepend: Any = NoValue,
         append: Any = NoValue) -> Array:
    """n-th discrete difference along axis (prepend/append may be scalars)."""
    x = C.arr(a, "diff", "a")
    if n == 0:
        return x
    if x.ndim == 0:
        raise InvalidArgumentError("diff(): a must have at least one dimension")
    parts = {}
    for name, v in (("prepend", prepend), ("append", append)):
        if v is NoValue:
            continue
        p = C.arr(v, "diff", name)
        if p.ndim == 0:
            shape = list(x.shape)
            shape[axis] = 1
            p = C.tag(M.broadcast_to(p, tuple(shape)))
        parts[name] = p
    if n < 0:
        raise InvalidArgumentError(f"diff(): order n={n} must be non-negative")
    return C.tag(U.diff(x, axis=axis, n=n, **parts))

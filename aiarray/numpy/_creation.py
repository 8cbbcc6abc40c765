"""NumPy's array creation functions over the standard's (aiarray._api.creation).

Thin adapters: NumPy's signatures and defaults (``zeros(shape, dtype)`` positionally,
``dtype=float``, ``linspace``'s ``num=50``, ``eye(N, M, k)``), then the standard
function; forms the standard has no counterpart for (an integer dtype for linspace,
array-valued start/stop, sparse meshgrids, ``order='F'``) run NumPy on views.
"""

from __future__ import annotations

import builtins
import math
import operator
from typing import Any

import numpy as np

from .. import _dtypes as D
from .._api import creation as S
from .._api import data_type as T
from .._api import manipulation as M
from .._array import Array
from .._device import check_device
from .._errors import InvalidArgumentError, TypeMismatchError
from .._typing import DType
from . import _convert as C
from ._boundary import guarded

NoValue = C.NOVALUE


def _keeps_order(obj: Any, dtype: Any, func: str) -> None:
    """An ndarray of non-native byte order, converted with no dtype asked for, stays NumPy's
    (NumPy's ``array``/``asarray`` keep its order; aiarray's arrays are native-order):
    ForeignDataError sends the call to NumPy."""
    if dtype is None and isinstance(obj, np.ndarray) and obj.dtype.byteorder not in "=|":
        raise C.ForeignDataError(f"{func}(): {obj.dtype.str} data (non-native byte order) "
                                 "stays NumPy's")


@C.numpy_fallback(np.array)
def array(object: Any, dtype: Any = None, *, copy: builtins.bool | None = True,
          order: str = "K", subok: builtins.bool = True, ndmin: int = 0,
          ndmax: int = 0, like: Any = None) -> Array:
    """NumPy's ``array``: a new Array (copied unless ``copy`` is False/None)."""
    _keeps_order(object, dtype, "array")
    return C.asarray(object, dtype, copy=copy, order=order, ndmin=ndmin, func="array")


@C.numpy_fallback(np.asarray)
def asarray(a: Any, dtype: Any = None, order: Any = None, *, device: Any = None,
            copy: builtins.bool | None = None, like: Any = None) -> Array:
    """NumPy's ``asarray``: ``a`` as an Array, without a copy when none is needed."""
    if device is not None:
        check_device(device)
    _keeps_order(a, dtype, "asarray")
    return C.asarray(a, dtype, copy=copy, order=order, func="asarray")


@C.numpy_fallback(np.asanyarray)
def asanyarray(a: Any, dtype: Any = None, order: Any = None, *, device: Any = None,
               copy: builtins.bool | None = None, like: Any = None) -> Array:
    """Same as :func:`asarray` (aiarray has no array subclasses)."""
    return asarray(a, dtype, order, device=device, copy=copy)


@C.numpy_fallback(np.ascontiguousarray)
def ascontiguousarray(a: Any, dtype: Any = None, *, like: Any = None) -> Array:
    """A C-contiguous Array (a copy only when ``a`` is not one)."""
    _keeps_order(a, dtype, "ascontiguousarray")
    x = C.asarray(a, dtype, func="ascontiguousarray", ndmin=1 if np.ndim(a) == 0 else 0)
    if type(x) is Array and not x._array.flags.c_contiguous:
        x = Array._new(np.ascontiguousarray(x._array), x._dtype, True)
    return x


@C.numpy_fallback(np.asfortranarray)
def asfortranarray(a: Any, dtype: Any = None, *, like: Any = None) -> Array:
    """A Fortran-contiguous Array (a copy only when ``a`` is not one)."""
    _keeps_order(a, dtype, "asfortranarray")
    x = C.asarray(a, dtype, func="asfortranarray")
    if type(x) is Array and not x._array.flags.f_contiguous:
        x = Array._new(np.asfortranarray(x._array), x._dtype, True)
    return x


@C.numpy_fallback(np.copy)
def copy(a: Any, order: str = "K", subok: builtins.bool = False) -> Array:
    """A copy of ``a``."""
    _keeps_order(a, None, "copy")
    return C.asarray(a, copy=True, order=order, func="copy")


def _shape(shape: Any, func: str) -> tuple[int, ...]:
    if isinstance(shape, Array | np.ndarray):
        shape = shape.tolist()
    if isinstance(shape, int | np.integer) or hasattr(type(shape), "__index__"):
        shape = (shape,)  # one size (as NumPy: any object with __index__)
    try:
        return tuple(operator.index(s) for s in shape)
    except TypeError:
        raise TypeMismatchError(f"{func}(): shape={shape!r} must be an int or a sequence of "
                                "ints") from None


def _dt(dtype: Any, func: str, default: DType = D.float64) -> DType:
    dt = C.dtype_of(dtype, "dtype", func)
    return default if dt is None else dt


def _ordered(x: Array, order: str) -> Array:
    if order == "F" and x.ndim > 1:
        x._array = np.asfortranarray(x._array)
    return C.made_as_array(x)


@C.numpy_fallback(np.empty)
def empty(shape: Any, dtype: Any = float, order: str = "C", *, device: Any = None,
          like: Any = None) -> Array:
    """Uninitialised Array (default float64)."""
    res = S.empty(_shape(shape, "empty"), dtype=_dt(dtype, "empty"), device=device)
    return _ordered(C.tag(res), order)


@C.numpy_fallback(np.zeros)
def zeros(shape: Any, dtype: Any = float, order: str = "C", *, device: Any = None,
          like: Any = None) -> Array:
    """Array of zeros (default float64)."""
    res = S.zeros(_shape(shape, "zeros"), dtype=_dt(dtype, "zeros"), device=device)
    return _ordered(C.tag(res), order)


@C.numpy_fallback(np.ones)
def ones(shape: Any, dtype: Any = None, order: str = "C", *, device: Any = None,
         like: Any = None) -> Array:
    """Array of ones (default float64)."""
    res = S.ones(_shape(shape, "ones"), dtype=_dt(dtype, "ones"), device=device)
    return _ordered(C.tag(res), order)


@C.numpy_fallback(np.full)
def full(shape: Any, fill_value: Any, dtype: Any = None, order: str = "C", *,
         device: Any = None, like: Any = None) -> Array:
    """Array filled with ``fill_value`` (a scalar or an array broadcast to ``shape``)."""
    dims = _shape(shape, "full")
    value = C.arr(fill_value, "full", "fill_value")
    dt = C.dtype_of(dtype, "dtype", "full") or value._dtype
    if value.ndim:
        value = C.tag(M.broadcast_to(value, dims))
        return _ordered(C.asarray(value, dt, copy=True, func="full"), order)
    res = S.full(dims, _fill(value, dt), dtype=dt, device=device)
    return _ordered(C.tag(res), order)


def _fill(value: Array, dt: DType) -> Any:
    """A 0-d fill value as the Python scalar NumPy would store in ``dt`` (floats into
    integer dtypes truncate, as NumPy's casting does; the range is still checked)."""
    v = value._scalar("fill_value")
    if (dt in D.INTEGER or dt is D.bool_) and isinstance(v, float):
        if not math.isfinite(v):
            raise InvalidArgumentError(f"full(): fill_value={v!r} cannot become an integer")
        v = math.trunc(v)
    if dt is D.bool_:
        return builtins.bool(v)
    if dt not in D.COMPLEX and isinstance(v, complex):
        raise TypeMismatchError(f"full(): complex fill_value {v!r} for dtype {D.name_of(dt)}")
    return v


def _like(prototype: Any, dtype: Any, shape: Any, func: str) -> tuple[tuple[Any, ...], DType]:
    p = C.arr(prototype, func, "a")
    dims = p.shape if shape is None else _shape(shape, func)
    dt = C.dtype_of(dtype, "dtype", func) or p._dtype
    return dims, dt


@C.numpy_fallback(np.empty_like)
def empty_like(prototype: Any, dtype: Any = None, order: str = "K", subok: builtins.bool = True,
               shape: Any = None, *, device: Any = None) -> Array:
    """Uninitialised Array with the shape and dtype of ``prototype``."""
    dims, dt = _like(prototype, dtype, shape, "empty_like")
    return C.made_as_array(C.tag(S.empty(dims, dtype=dt, device=device)))


@C.numpy_fallback(np.zeros_like)
def zeros_like(a: Any, dtype: Any = None, order: str = "K", subok: builtins.bool = True,
               shape: Any = None, *, device: Any = None) -> Array:
    """Zeros with the shape and dtype of ``a``."""
    dims, dt = _like(a, dtype, shape, "zeros_like")
    return C.made_as_array(C.tag(S.zeros(dims, dtype=dt, device=device)))


@C.numpy_fallback(np.ones_like)
def ones_like(a: Any, dtype: Any = None, order: str = "K", subok: builtins.bool = True,
              shape: Any = None, *, device: Any = None) -> Array:
    """Ones with the shape and dtype of ``a``."""
    dims, dt = _like(a, dtype, shape, "ones_like")
    return C.made_as_array(C.tag(S.ones(dims, dtype=dt, device=device)))


@C.numpy_fallback(np.full_like)
def full_like(a: Any, fill_value: Any, dtype: Any = None, order: str = "K",
              subok: builtins.bool = True, shape: Any = None, *, device: Any = None) -> Array:
    """``fill_value`` with the shape and dtype of ``a``."""
    dims, dt = _like(a, dtype, shape, "full_like")
    return full(dims, fill_value, dt)


@C.numpy_fallback(np.identity)
def identity(n: int, dtype: Any = None, *, like: Any = None) -> Array:
    """The n x n identity matrix (default float64)."""
    return eye(n, dtype=dtype)


@C.numpy_fallback(np.eye)
def eye(N: int, M: int | None = None, k: int = 0, dtype: Any = float,  # noqa: N803
        order: str = "C", *, device: Any = None, like: Any = None) -> Array:
    """Ones on diagonal ``k`` of an N x M matrix (default float64)."""
    res = S.eye(operator.index(N), None if M is None else operator.index(M),
                k=operator.index(k), dtype=_dt(dtype, "eye"), device=device)
    return _ordered(C.tag(res), order)


@C.numpy_fallback(np.arange)
def arange(start_or_stop: Any, /, stop: Any = None, step: Any = None, *, dtype: Any = None,
           device: Any = None, like: Any = None) -> Array:
    """Evenly spaced values in [start, stop) (``arange(5)``, ``arange(1, 10, 2)``)."""
    args = [v._scalar("arange") if type(v) is Array else v
            for v in (start_or_stop, stop, 1 if step is None else step)]
    start, stop_, step_ = args
    dt = C.dtype_of(dtype, "dtype", "arange")
    if dt is None and any(isinstance(v, np.generic) for v in args):
        dt = np.result_type(*[v for v in args if v is not None])
        dt = C.dtype_of(dt)
    if any(isinstance(v, complex) for v in args) or (
            dt is not None and dt not in D.FLOAT and any(isinstance(v, float) for v in args)):
        return C.on_views(np.arange, tuple(a for a in (start, stop_, step_) if a is not None),
                          {"dtype": dtype})
    if stop_ is None:
        return C.tag(S.arange(start, step=step_, dtype=dt, device=device))
    return C.tag(S.arange(start, stop_, step_, dtype=dt, device=device))


@C.numpy_fallback(np.linspace)
def linspace(start: Any, stop: Any, num: int = 50, endpoint: builtins.bool = True,
             retstep: builtins.bool = False, dtype: Any = None, axis: int = 0, *,
             device: Any = None) -> Any:
    """``num`` evenly spaced values from start to stop (NumPy's signature)."""
    dt = C.dtype_of(dtype, "dtype", "linspace")
    scalar = np.ndim(start) == 0 and np.ndim(stop) == 0 and not isinstance(
        start, Array) and not isinstance(stop, Array)
    if not scalar or (dt is not None and dt not in D.FLOAT) or axis != 0 or retstep:
        kw: dict[str, Any] = {"num": num, "endpoint": endpoint, "retstep": retstep,
                              "axis": axis}
        if dt is not None:
            kw["dtype"] = C.np_dtype(dt)
        return C.on_views(np.linspace, (start, stop), kw)
    start = start.item() if isinstance(start, np.generic) else start
    stop = stop.item() if isinstance(stop, np.generic) else stop
    return C.tag(S.linspace(start, stop, operator.index(num), dtype=dt, device=device,
                            endpoint=builtins.bool(endpoint)))


@C.numpy_fallback(np.meshgrid)
def meshgrid(*xi: Any, copy: builtins.bool = True, sparse: builtins.bool = False,
             indexing: str = "xy") -> tuple[Array, ...]:
    """Coordinate arrays from 1-D coordinate vectors (a tuple, as NumPy 2)."""
    arrs = [C.arr(x, "meshgrid", f"xi[{i}]") for i, x in enumerate(xi)]
    if sparse or len({a._dtype for a in arrs}) > 1 or any(a.ndim != 1 for a in arrs):
        return tuple(C.on_views(np.meshgrid, tuple(arrs), {"copy": copy, "sparse": sparse,
                                                           "indexing": indexing}))
    res = C.tag(S.meshgrid(*arrs, indexing=indexing))
    if copy:
        res = tuple(Array._new(r._array.copy(), r._dtype, True) for r in res)
    return tuple(res)


@C.numpy_fallback(np.tril)
def tril(m: Any, k: int = 0) -> Array:
    """Lower triangle (elements above diagonal ``k`` zeroed)."""
    x = C.arr(m, "tril", "m")
    if x.ndim < 2:
        return C.on_views(np.tril, (x, k), {})
    return C.tag(S.tril(x, k=k))


@C.numpy_fallback(np.triu)
def triu(m: Any, k: int = 0) -> Array:
    """Upper triangle (elements below diagonal ``k`` zeroed)."""
    x = C.arr(m, "triu", "m")
    if x.ndim < 2:
        return C.on_views(np.triu, (x, k), {})
    return C.tag(S.triu(x, k=k))


@guarded
def from_dlpack(x: Any, /, *, device: Any = None, copy: builtins.bool | None = None) -> Array:
    """An Array from an object with ``__dlpack__``."""
    return C.tag(S.from_dlpack(x, device=device, copy=copy))


@C.numpy_fallback(np.astype)
def astype(x: Any, dtype: Any, /, *, copy: builtins.bool = True, device: Any = None) -> Array:
    """``x`` cast to ``dtype`` (checked: values that do not fit raise)."""
    a = C.arr(x, "astype", "x")
    res = T.astype(a, C.dtype_of(dtype, "dtype", "astype"), copy=copy, device=device)
    return res if res is a else C.made_as_array(C.tag(res))


@guarded
def fromfunction(function: Any, shape: Any, *, dtype: Any = float, like: Any = None,
                 **kwargs: Any) -> Any:
    """``function(*indices)`` called once with index Arrays of ``shape``."""
    dims = _shape(shape, "fromfunction")
    grids = np.indices(dims, dtype=C.np_dtype(_dt(dtype, "fromfunction")))
    return function(*(C.wrap(g) for g in grids), **kwargs)

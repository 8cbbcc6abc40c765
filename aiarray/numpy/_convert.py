"""Arguments and results of the swap-in namespace: NumPy's forms in, tagged Arrays out.

- ``dtype_of``: every dtype form NumPy takes (``float``, ``'f8'``, ``np.float32``,
  ``np.dtype('i4')``, ``'bfloat16'``) -> an aiarray dtype, or TypeError naming it.
- ``asarray``: NumPy's ``array``/``asarray`` conversion with NumPy's dtype inference;
  a requested dtype is reached through aiarray's checked conversion (floats to
  integers truncate as in NumPy; a value that does not fit, or NaN into an integer,
  raises instead of wrapping).  Data of a dtype aiarray has no counterpart for
  (strings, objects, datetimes, long double, non-native byte order) stays a NumPy
  ndarray, as NumPy made it.
- ``arr`` / ``operand``: an argument as a tagged Array (or a scalar kept as a scalar).
- ``views`` / ``wrap`` / ``on_views``: calling NumPy itself on zero-copy ndarray views
  of Arrays (complex32 is widened to complex64, which copies) and wrapping the results.
- ``tag``: the results of standard-namespace functions, tagged as swap-in arrays.
"""

from __future__ import annotations

import builtins
import functools
import math
import operator
import typing
from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np

from .. import _dtypes as D
from .. import _promotion as P
from .._array import Array
from .._array_numpy import made_as_array as made_as_array  # (its adapters use it as C.)
from .._array_numpy import swapin_scalar
from .._casting import convert
from .._dispatch import is_masked, same_kind
from .._errors import (
    DimensionMismatchError,
    ScalarOverflowError,
    TypeMismatchError,
)
from .._errors import (
    ForeignDataError as ForeignDataError,  # (the adapters raise it as C.ForeignDataError)
)
from .._errors import (
    InvalidArgumentError as InvalidArgumentError,  # (as C.InvalidArgumentError too)
)
from .._typing import DType, NDArray
from . import _direct
from ._boundary import AxisError, guarded, public_error, reraise
from ._scalars import public

_F = TypeVar("_F", bound=Callable[..., Any])

PY_SCALARS = (builtins.bool, int, float, complex)
NOVALUE = np._NoValue  # NumPy's "argument not given"

_BUILTIN_TYPES = {builtins.bool: D.bool_, int: D.int64, float: D.float64, complex: D.complex128}
_NAMES = ("bfloat16", "complex32")  # aiarray's dtypes NumPy has no name for


_KNOWN: dict[Any, DType] = {}  # dtype forms seen before -> aiarray dtype


@typing.overload
def dtype_of(dtype: None, argname: str = ..., func: str = ...) -> None: ...
@typing.overload
def dtype_of(dtype: DType | type | str, argname: str = ..., func: str = ...) -> DType: ...
@typing.overload
def dtype_of(dtype: Any, argname: str = ..., func: str = ...) -> DType | None: ...
def dtype_of(dtype: Any, argname: str = "dtype", func: str = "") -> DType | None:
    """The aiarray dtype for any of NumPy's dtype forms (None stays None)."""
    if dtype is None:
        return None
    try:
        return _KNOWN[dtype]
    except (KeyError, TypeError):
        pass
    dt = _dtype_of(dtype, argname, func)
    try:
        _KNOWN[dtype] = dt
    except TypeError:  # unhashable
        pass
    return dt


def _dtype_of(dtype: Any, argname: str, func: str) -> DType:
    try:
        return D._BY_ANY[dtype]
    except (KeyError, TypeError):
        pass
    dt = _BUILTIN_TYPES.get(dtype) if isinstance(dtype, type) else None
    if dt is not None:
        return dt
    if isinstance(dtype, str) and dtype in _NAMES:
        return getattr(D, dtype)  # (bfloat16 loads on first use)
    if isinstance(dtype, np.dtype) and dtype.fields is not None and dtype == D.complex32:
        return D.complex32
    if type(dtype) is Array:
        return dtype._dtype
    try:
        nd = np.dtype(dtype)
    except TypeError:
        nd = None
    where = f"{func}(): " if func else ""
    if nd is not None:
        dt = D.of_numpy(nd)
        if dt is not None:
            return dt
        if nd.byteorder not in "=|":  # e.g. '>f8': NumPy's own data (aiarray's is native)
            raise ForeignDataError(f"{where}{argname}={dtype!r} is of non-native byte order; "
                                   "aiarray's arrays hold native-order data")
        raise ForeignDataError(f"{where}{argname}={dtype!r} is a NumPy data type aiarray has no "
                          "counterpart for (only numbers and bools)")
    raise TypeMismatchError(
        f"{where}{argname}={dtype!r} is not a data type aiarray has; it has "
        + ", ".join(D.NAME[d] for d in D.ALL_DTYPES)
    )


def np_dtype(dt: DType) -> DType:
    """The NumPy dtype NumPy computes an aiarray dtype in (complex32 -> complex64)."""
    return D.complex64 if dt is D.complex32 else dt


def _from_ndarray(a: NDArray) -> Array | NDArray:
    dt = D.of_numpy(a.dtype)
    if dt is None:
        bits = D.bfloat16_of_record(a) if a.dtype.names is not None else None
        if bits is not None:  # bfloat16 as a plain numpy.load reads its file
            return Array._new(bits, bits.dtype, True)
        return a  # strings, objects, datetimes, long double, non-native order: NumPy's own
    return Array._new(a, dt, True)


def _native(a: NDArray) -> NDArray:
    """An argument's numbers of non-native byte order in native order (a copy), for
    aiarray to compute on; other ndarrays as they are."""
    if a.dtype.byteorder not in "=|" and a.dtype.kind in "biufc":
        return a.astype(a.dtype.newbyteorder("="))
    return a


def asarray(obj: Any, dtype: Any = None, *, copy: builtins.bool | None = None,
            order: Any = None, ndmin: int = 0, func: str = "asarray") -> Any:
    """``obj`` as a swap-in Array (NumPy's inference; checked dtype conversion); data
    of a dtype aiarray has no counterpart for (asked for, or inferred) stays NumPy's."""
    dt = dtype_of(dtype, "dtype", func)
    if type(obj) is Array:
        src = obj._dtype
        if dt is None or dt is src:
            if not copy and obj._numpy and not ndmin and obj._array.ndim and (
                    order in (None, "K", "A") or (
                    order == "C" and obj._array.flags.c_contiguous) or (
                    order == "F" and obj._array.flags.f_contiguous)):
                return obj  # as NumPy: the array itself when nothing changes
            a = obj._array.copy(order=order or "K") if copy else obj._array
            res = Array._new(a, src, True)
        elif copy is False:
            raise InvalidArgumentError(
                f"{func}(copy=False): {D.name_of(src)} -> {D.name_of(dt)} needs a copy")
        else:
            res = Array._new(convert(obj._array, src, dt), dt, True)
    else:
        res = _convert_foreign(obj, dt, copy, order, func)
    if ndmin and res.ndim < ndmin:
        shape = (1,) * (ndmin - res.ndim) + res.shape
        res = Array._new(res._array.reshape(shape), res._dtype, True) if type(res) is Array \
            else res.reshape(shape)
    return made_as_array(res)


def _convert_foreign(obj: Any, dt: DType | None, copy: Any, order: Any, func: str) -> Any:
    if dt is None and type(obj) in PY_SCALARS:  # the commonest case, kept short
        return _from_ndarray(np.array(obj))
    try:
        # NumPy infers; a dtype asked for is reached afterwards, through checked conversion
        a = np.array(obj, copy=copy if dt is None else None, order=order or "K")
    except (ValueError, TypeError) as e:
        if copy is False:
            raise InvalidArgumentError(f"{func}(copy=False): {e}") from None
        raise InvalidArgumentError(f"{func}(): cannot convert the object: {e}") from None
    except OverflowError as e:
        raise ScalarOverflowError(f"{func}(): {e}") from None
    if a.dtype.kind == "O" and dt is None and a.size and _holds_arrays(a):
        a = np.array(a.tolist())  # e.g. a list of 0-d Arrays
    if dt is None:
        return _from_ndarray(_native(a))
    src = D.of_numpy(a.dtype)
    if src is None:  # strings and the like: NumPy parses them
        try:
            if dt is D.complex32:
                return Array._new(D.to_c32(a.astype(np.complex64)), dt, True)
            return Array._new(np.asarray(a, dtype=dt), dt, True)
        except (ValueError, TypeError) as e:
            raise InvalidArgumentError(f"{func}(): cannot convert to {D.name_of(dt)}: {e}") \
                from None
    if src is dt:
        return Array._new(a.copy() if copy and a is obj else a, dt, True)
    if copy is False:
        raise InvalidArgumentError(
            f"{func}(copy=False): {D.name_of(src)} -> {D.name_of(dt)} needs a copy")
    return Array._new(convert(a, src, dt), dt, True)


def _holds_arrays(a: NDArray) -> builtins.bool:
    """Whether object array ``a`` (NumPy's inference) holds Arrays among numbers: their
    values are numbers.  Objects that are not Arrays (an object ndarray given, Python
    ints beyond 64 bits) keep NumPy's object array."""
    return any(type(v) is Array for v in a.flat) and all(
        type(v) is Array or isinstance(v, PY_SCALARS) for v in a.flat)


def arr(x: Any, func: str = "", argname: str = "a") -> Array:
    """Argument ``x`` as a tagged Array (a view when it already is an Array)."""
    if type(x) is Array:
        return x if x._numpy else Array._new(x._array, x._dtype, True)
    if is_masked(x):
        raise _masked(func, argname)
    res = asarray(x, func=func or "asarray")
    if type(res) is not Array:
        raise ForeignDataError(
            f"{func}(): {argname} holds {res.dtype} data; aiarray has no such data type "
            "(only numbers and bools)"
        )
    return res


def numpy_fallback(npfunc: Callable[..., Any]) -> Callable[[_F], _F]:
    """Decorator of an adapter: a call whose data aiarray has no dtype for (strings,
    objects, records, datetimes) or whose ``dtype=`` is such runs NumPy's ``npfunc`` on
    views instead, as NumPy would (its results stay NumPy's).  A function of
    ``_direct.DIRECT`` first offers the call to NumPy itself (the everyday forms, where
    NumPy's result is the swap-in's).  The adapter is guarded: its exceptions leave by
    aiarray's rule (``_boundary.public_error``)."""

    def decorate(adapter: _F) -> _F:
        name = adapter.__name__
        direct = _direct.DIRECT.get(name)
        miss = _direct.MISS
        rule = P.SCALARS

        @functools.wraps(adapter)
        def call(*args: Any, **kwargs: Any) -> Any:
            if direct is not None and rule.plain:  # NumPy's own call (see _direct)
                res = _direct.call(npfunc, name, direct, args, kwargs)
                if res is not miss:
                    return res
            try:
                try:
                    return public(adapter(*args, **kwargs), args, kwargs)
                except (ForeignDataError, D.CategoryError):
                    # data aiarray has no dtype for, or a dtype the standard's function
                    # does not take (bool abs, complex maximum): NumPy's own loops decide
                    return on_views(npfunc, args, kwargs)
            except Exception as e:
                reraise(e, name, args, kwargs, adapter)

        call.__aiarray_guarded__ = True  # type: ignore[attr-defined]  # (the fuzzer's mark)
        return typing.cast(_F, call)  # (the adapter's signature, by functools.wraps)

    return decorate


def _masked(func: str, argname: str) -> ForeignDataError:
    """A NumPy masked array given to a swap-in function: aiarray arrays have no mask, so
    NumPy's own function computes the call (its result keeps the mask, as NumPy's)."""
    return ForeignDataError(f"{func}(): {argname} is a NumPy masked array; aiarray arrays "
                            "have no mask: NumPy's own function computes it")


def arrays(seq: Any, func: str, argname: str = "arrays") -> list[Array]:
    """A sequence of array-likes as tagged Arrays."""
    if type(seq) is Array or isinstance(seq, np.ndarray):
        return [arr(seq[i], func, argname) for i in range(seq.shape[0])]
    return [arr(v, func, f"{argname}[{i}]") for i, v in enumerate(seq)]


def operand(x: Any, func: str, argname: str) -> Any:
    """An elementwise operand: Arrays tagged, Python and NumPy scalars kept (NumPy's
    weak and strong scalars), anything else converted to an Array."""
    t = type(x)
    if t is Array:
        return x if x._numpy else Array._new(x._array, x._dtype, True)
    if t in PY_SCALARS:
        return x
    if isinstance(x, np.generic) and D.of_numpy(x.dtype) is not None \
            and not getattr(t, "_numpy", False):  # (a policy scalar: as its 0-d array)
        return x
    return arr(x, func, argname)


def tag(res: Any) -> Any:
    """Results of a standard-namespace function as swap-in arrays (tuples too)."""
    if type(res) is Array:
        res._numpy = True
        return res
    if isinstance(res, tuple):
        items = [tag(r) for r in res]
        return type(res)(*items) if hasattr(res, "_fields") else type(res)(items)
    if isinstance(res, list):
        return [tag(r) for r in res]
    return res


# -- NumPy itself on views ---------------------------------------------------------------
def view(x: Any) -> Any:
    """The ndarray NumPy computes on for an argument (complex32 widened: a copy)."""
    if type(x) is Array:
        return D.c32_to_c64(x._array) if x._dtype is D.complex32 else x._array
    if type(x) is list or type(x) is tuple:
        if any(type(v) is Array or type(v) is list or type(v) is tuple for v in x):
            return type(x)(view(v) for v in x)
    return x


def wrap(res: Any) -> Any:
    """A NumPy result as the swap-in gives it: ndarrays of aiarray's dtypes as swap-in
    Arrays (others stay as NumPy made them), NumPy's scalars as they are, inside tuples,
    lists and named tuples too."""
    if isinstance(res, np.ndarray):
        if type(res) is np.ndarray or isinstance(res, np.memmap):
            return made_as_array(_from_ndarray(np.asarray(res)))  # (a 0-d array stays one)
        return res  # NumPy's subclasses (matrix, masked arrays) stay NumPy's
    if isinstance(res, np.generic):
        return swapin_scalar(res)  # NumPy's scalar, as NumPy gives it
    if type(res) is tuple or type(res) is list:
        return type(res)(wrap(r) for r in res)
    if isinstance(res, tuple) and hasattr(res, "_fields"):
        return type(res)(*(wrap(r) for r in res))
    return res


def on_views(func: Any, args: tuple[Any, ...], kwargs: dict[Any, Any]) -> Any:
    """``func`` (NumPy's) called on views of the arguments, its result wrapped; an ``out``
    Array receives the result and is returned itself.  NumPy's exceptions come back as
    aiarray's (same Python types, with a GB/T status; see ``_boundary``)."""
    try:
        out = kwargs.get("out")
        if out is not None:
            return _into_out(func, args, kwargs, out)
        a = view(args)
        k = {n: view(v) for n, v in kwargs.items()} if kwargs else kwargs
        return wrap(func(*a, **k))
    except Exception as e:
        reraise(e, getattr(func, "__name__", "numpy"), args, kwargs, func)


def numpy_error(e: Exception, func: str) -> BaseException:
    """NumPy's exception ``e`` from ``func`` as aiarray's (see ``_boundary.public_error``)."""
    return public_error(e, func)


# NumPy's accumulations: given a 0-d ``out`` they crash the process (NumPy 2.4), so a
# 0-d out is refused before NumPy sees it (an accumulation's result has an axis).
_ACCUMULATIONS = frozenset({np.cumsum, np.cumprod, np.nancumsum, np.nancumprod,
                            np.cumulative_sum, np.cumulative_prod})


def _accumulates(func: Any) -> builtins.bool:
    return func in _ACCUMULATIONS or (getattr(func, "__name__", "") == "accumulate" and
                                      isinstance(getattr(func, "__self__", None), np.ufunc))


def _truthy(flag: Any) -> builtins.bool:
    """``bool(flag)``, False where that raises (NumPy refuses such a flag before it writes)."""
    try:
        return builtins.bool(flag)
    except Exception:
        return False


def _into_out(func: Any, args: tuple[Any, ...], kwargs: dict[Any, Any], out: Any) -> Any:
    outs = out if isinstance(out, tuple) else (out,)
    if _accumulates(func) and any(getattr(o, "ndim", 1) == 0 for o in outs):
        raise DimensionMismatchError(
            f"{getattr(func, '__name__', 'accumulate')}(): out is 0-d; an accumulation's "
            "result has at least one axis")
    targets = []
    for o in outs:
        if type(o) is Array:
            if o._dtype is D.complex32:
                targets.append(D.c32_to_c64(o._array))
            else:
                targets.append(o._array)
        else:
            targets.append(o)
    k = {n: view(v) for n, v in kwargs.items() if n != "out"}
    k["out"] = tuple(targets) if isinstance(out, tuple) else targets[0]
    a = view(args)
    # NumPy's functions built of several steps write out (and an overwritable input)
    # before they find some errors (ptp of bools, a result that out cannot hold): a copy
    # taken first puts them back.  A plain ufunc call checks every argument before it
    # writes, so the ufuncs' own path (np.add(a, b, out=c)) pays no copy.
    written: list[Any] = [] if isinstance(func, np.ufunc) else list(targets)
    if _truthy(k.get("overwrite_input")):  # median/percentile/quantile may reorder a
        written.append(a[0] if a else k.get("a"))
    saved = [(t, t.copy()) for t in written
             if isinstance(t, np.ndarray) and t.size and t.flags.writeable]
    try:
        func(*a, **k)
    except Exception:  # a failed call leaves what it wrote as it was
        for t, before in saved:
            t[...] = before
        raise
    for o, t in zip(outs, targets):
        if type(o) is Array and o._dtype is D.complex32:
            o._array[...] = D.to_c32(t)
    return out


# -- writing results into out= -------------------------------------------------------------
def into(res: Any, out: Any, func: str, casting: str = "unsafe") -> Any:
    """Write result ``res`` into ``out`` (an Array or ndarray, or a 1-tuple of one) and
    return ``out``; ``casting`` is NumPy's rule for the dtype change (checked values)."""
    if out is None:
        return res
    if isinstance(out, tuple):
        if len(out) != 1:
            raise InvalidArgumentError(f"{func}(): out must hold one array, got {len(out)}")
        into(res, out[0], func, casting)
        return out[0]
    if isinstance(out, np.ndarray):
        np.copyto(out, np.asarray(res), casting=casting)  # type: ignore[arg-type]  # NumPy checks it
        return out
    if type(out) is not Array:
        raise TypeMismatchError(f"{func}(): out must be an array, got {type(out).__name__}")
    src = res._dtype if type(res) is Array else dtype_of(np.asarray(res).dtype)
    dst = out._dtype
    if src is not dst and not _castable(src, dst, casting):
        raise TypeMismatchError(
            f"{func}(): cannot cast the result from {D.name_of(src)} to out's "
            f"{D.name_of(dst)} with casting={casting!r}"
        )
    if not out._array.flags.writeable:
        raise InvalidArgumentError(f"{func}(): out is read-only")
    vals = res._array if type(res) is Array else np.asarray(res)
    if src is not dst:
        vals = convert(vals, src, dst)
    try:
        out._array[...] = vals
    except ValueError as e:
        raise InvalidArgumentError(f"{func}(): the result of shape {np.shape(vals)} does not "
                                   f"fit out's shape {out.shape}: {e}") from None
    return out


def _castable(src: DType, dst: DType, casting: str) -> builtins.bool:
    if casting == "unsafe":
        return True
    if casting == "same_kind":
        return same_kind(src, dst)
    if casting in ("no", "equiv"):
        return src is dst
    if casting == "safe":
        return builtins.bool(np.can_cast(np_dtype(src), np_dtype(dst), "safe")) and not (
            src is D.complex64 and dst is D.complex32)
    raise InvalidArgumentError(f"casting={casting!r} must be 'no', 'equiv', 'safe', "
                               "'same_kind' or 'unsafe'")


def check_casting(src: DType, dst: DType, casting: str, func: str) -> None:
    """Raise TypeError (NumPy's UFuncTypeError is one) when ``casting`` forbids src -> dst."""
    if src is not dst and not _castable(src, dst, casting):
        raise TypeMismatchError(
            f"{func}(): cannot cast {D.name_of(src)} to {D.name_of(dst)} with "
            f"casting={casting!r}"
        )


# -- pieces of Array's NumPy methods ---------------------------------------------------
def setitem_value(value: Any, dt: DType) -> Any:
    """A value for ``x[k] = value`` of a swap-in array: an Array of dtype ``dt``."""
    if type(value) is Array and value._dtype is dt:
        return value
    if (isinstance(value, complex | np.complexfloating) and dt not in D.COMPLEX) or (
            type(value) is Array and value._dtype in D.COMPLEX and dt not in D.COMPLEX):
        raise TypeMismatchError(f"cannot assign complex values into a {D.name_of(dt)} array")
    v = value if type(value) is Array else asarray(value, func="__setitem__")
    if type(v) is not Array:
        try:
            return Array._new(np.asarray(v).astype(np_dtype(dt)), None, True) \
                if dt is not D.complex32 else Array._new(D.to_c32(np.asarray(v)), dt)
        except (ValueError, TypeError) as e:
            raise InvalidArgumentError(f"cannot assign {value!r}: {e}") from None
    return Array._new(convert(v._array, v._dtype, dt), dt, True)


@guarded(name="part")
def part(x: Array, which: str) -> Array:
    """``x.real`` / ``x.imag``: views of the parts of a complex array; for a real array
    its data (real) or read-only zeros (imag)."""
    dt = x._dtype
    a = x._array
    if dt is D.complex32:
        return Array._new(a[which], D.float16, x._numpy)
    if dt in D.COMPLEX:
        return Array._new(getattr(a, which), D.REAL_OF[dt], x._numpy)
    if which == "real":
        return Array._new(a.view(), dt, x._numpy)
    z = np.zeros(a.shape, a.dtype)
    z.flags.writeable = False
    return Array._new(z, dt, x._numpy)


@guarded(name="astype")
def astype_method(x: Array, dtype: Any, order: str, casting: str, copy: Any) -> Array:
    """``x.astype(dtype)``: NumPy's signature, aiarray's checked conversion; to a dtype
    aiarray has no counterpart for (strings, objects, datetimes, non-native byte order)
    NumPy's own astype, whose result is NumPy's ndarray."""
    try:
        dt = dtype_of(dtype, "dtype", "astype")
    except ForeignDataError:
        return wrap(view(x).astype(dtype, order, casting, copy=copy))
    check_casting(x._dtype, dt, casting, "astype")
    if dt is x._dtype:
        if not copy:
            return x
        return made_as_array(Array._new(
            x._array.copy(order=order), dt, x._numpy))  # type: ignore[arg-type]  # NumPy checks it
    return made_as_array(Array._new(convert(x._array, x._dtype, dt), dt, x._numpy))


@guarded(name="view")
def view_method(x: Array, dtype: Any, kind: Any) -> Array:
    """``x.view(dtype)``: the same bytes read as another dtype."""
    if kind is not None and kind is not Array and getattr(kind, "_aiarray_alias", None) \
            != "ndarray":
        raise TypeMismatchError(f"view(type={kind!r}): aiarray arrays are all one type")
    if dtype is not None and isinstance(dtype, type) and not issubclass(dtype, np.generic) \
            and dtype not in _BUILTIN_TYPES:
        dtype, kind = None, dtype  # x.view(np.ndarray)
    if dtype is None:
        return Array._new(x._array.view(), x._dtype, x._numpy)
    try:
        dt = dtype_of(dtype, "dtype", "view")
    except ForeignDataError:  # e.g. rows as np.void records: NumPy's own array, as NumPy
        return x._array.view(dtype)
    try:
        a = x._array.view(dt)
    except ValueError as e:
        raise InvalidArgumentError(f"view(dtype={D.name_of(dt)}): {e}") from None
    return Array._new(a, dt, x._numpy)


@guarded(name="resize")
def resize_in_place(x: Array, shape: tuple[Any, ...]) -> None:
    """``x.resize(*shape)``: new data of ``shape`` (the sizes, or one sequence of them);
    the old elements in order, then zeros."""
    if len(shape) == 1 and not isinstance(shape[0], int | np.integer):
        shape = shape[0]
    dims = tuple(operator.index(s) for s in shape)
    if any(d < 0 for d in dims):
        raise InvalidArgumentError(f"resize(): new_shape={shape!r} has a negative size")
    new = np.zeros(dims, x._array.dtype)
    n = min(math.prod(dims), x.size)
    new.reshape(-1)[:n] = x._array.reshape(-1)[:n]
    x._array = new


def axis_error(axis: Any, ndim: int, func: str) -> AxisError:
    """NumPy's AxisError (an IndexError and a ValueError) with aiarray's status."""
    return AxisError(f"{func}(): axis {axis} is out of bounds for array of dimension {ndim}")

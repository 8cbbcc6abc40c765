"""Creation functions of the standard (GB/T 7.2.1)."""

from __future__ import annotations

import builtins
import math
import sys
import typing
from collections.abc import Iterator
from typing import Any

import numpy as np

from .. import _dtypes as D
from .. import _memory as M
from .. import _promotion as P
from .._array import Array
from .._casting import convert
from .._device import check_device
from .._dispatch import array_arg, is_masked, masked_error
from .._errors import (
    AllocationError,
    DimensionMismatchError,
    DLPackError,
    InvalidArgumentError,
    ScalarOverflowError,
    TypeMismatchError,
    UninitializedError,
    message,
)
from .._numpy_path import quiet, quiet_here
from .._sizes import allocating, check_shape
from .._typing import Device, DType, NDArray
from ._axes import bool_arg, int_arg, shape_tuple

__all__ = [
    "arange", "asarray", "empty", "empty_like", "eye", "from_dlpack", "full", "full_like",
    "linspace", "meshgrid", "ones", "ones_like", "tril", "triu", "zeros", "zeros_like",
]

DEFAULT_INT = D.int64
DEFAULT_FLOAT = D.float64
DEFAULT_COMPLEX = D.complex128
_DEFAULT_FOR_KIND = {"b": D.bool_, "i": DEFAULT_INT, "u": DEFAULT_INT, "f": DEFAULT_FLOAT,
                     "c": DEFAULT_COMPLEX}


def _opt_dtype(dtype: object) -> DType | None:
    return None if dtype is None else D.canonical(dtype)


def _alloc(func: Any, shape: tuple[int, ...], dt: DType, name: str) -> NDArray:
    """``func(shape, dtype=dt)`` (``_memory.empty`` / ``zeros``: 64-byte aligned) after
    the size check."""
    check_shape(shape, dt.itemsize, name)
    return allocating(func, shape, dtype=dt, func=name,
                      what=lambda: f"{math.prod(shape) * dt.itemsize} bytes for shape {shape}")


def _filled(shape: tuple[int, ...], value: object, dt: DType, name: str) -> NDArray:
    out = _alloc(M.empty, shape, dt, name)
    if dt is D.complex32:
        c = np.asarray(complex(typing.cast(complex, value)), D.complex128)
        D.bits(out)[...] = D.bits(D.to_c32(c))  # each part rounded once, to float16
        return out
    quiet(out.fill, value)  # a float beyond the dtype's range becomes inf (IEEE)
    return out


def _infer_scalar_dtype(value: object, func: str) -> DType:
    kind = P.PY_KINDS.get(type(value))
    if kind is not None:
        return {"bool": D.bool_, "int": DEFAULT_INT, "float": DEFAULT_FLOAT,
                "complex": DEFAULT_COMPLEX}[kind]
    if isinstance(value, P.TypedScalar):
        return value.dtype
    if isinstance(value, np.generic):
        return D.canonical(value.dtype, "fill_value")
    raise TypeMismatchError(f"{func}(): fill_value={value!r} must be a bool, int, float or complex")


def _check_fill(value: object, dt: DType, func: str) -> object:
    """Validate a fill value against ``dt``; returns the Python value to store."""
    if isinstance(value, P.TypedScalar):
        value = value.value
    elif isinstance(value, np.generic):
        value = value.item()
    elif type(value) is Array:
        if value.ndim != 0:
            raise DimensionMismatchError(
                f"{func}(): fill_value must be a scalar, got shape {value.shape}"
            )
        value = value._scalar("fill_value")
    if not isinstance(value, builtins.bool | int | float | complex):
        raise TypeMismatchError(f"{func}(): fill_value={value!r} must be a bool, int, float or "
                                "complex (or a 0-d array)")
    if isinstance(value, complex) and dt not in D.COMPLEX:
        raise TypeMismatchError(f"{func}(): complex fill_value={value!r} needs a complex dtype, "
                                f"got {D.name_of(dt)}")
    if isinstance(value, float) and (dt in D.INTEGER or dt is D.bool_):
        if not value.is_integer():
            raise TypeMismatchError(f"{func}(): fill_value={value!r} is not a whole number; "
                                    f"dtype {D.name_of(dt)} cannot hold it")
        value = int(value)
    if isinstance(value, int) and not isinstance(value, builtins.bool) and dt is not D.bool_:
        P.check_int_fits(value, dt, "fill_value")
    return value


def asarray(obj: object, /, *, dtype: DType | None = None, device: Device | None = None,
            copy: builtins.bool | None = None) -> Array:
    """Convert ``obj`` to an Array (GB/T 7.2.1.1, 7.2.1.2, 7.2.1.16).

    ``copy=True`` always copies, ``copy=False`` never does (ValueError if it would
    have to), ``copy=None`` copies only when needed.  Python scalars and nested
    sequences infer bool, int64, float64 or complex128; a Python int that does not
    fit the dtype raises OverflowError.

    Examples
    --------
    >>> xp.asarray([1, 2, 3])
    Array([1, 2, 3], dtype=int64)
    >>> xp.asarray([1.5, 2.5], dtype=xp.bfloat16)
    Array([1.5, 2.5], dtype=bfloat16)
    >>> xp.asarray([[True, False]]).shape
    (1, 2)
    """
    check_device(device)
    dt = _opt_dtype(dtype)
    if is_masked(obj) or (isinstance(obj, list | tuple) and _holds_masked(obj)):
        raise masked_error("asarray", "obj")
    if isinstance(obj, np.ndarray) and obj.dtype.names is not None:
        bits = D.bfloat16_of_record(obj)  # (bfloat16 as a plain numpy.load reads its file)
        if bits is not None:
            obj = bits
    if type(obj) is Array:
        if dt is None or dt is obj._dtype:
            if copy:
                return Array._new(M.copy(obj._array), obj._dtype)
            return Array._new(obj._array, obj._dtype)
        if copy is False:
            raise InvalidArgumentError(
                f"asarray(copy=False): {D.name_of(obj._dtype)} -> {D.name_of(dt)} needs a copy"
            )
        return Array._new(convert(obj._array, obj._dtype, dt), dt)
    if isinstance(obj, P.TypedScalar):
        dt = dt or obj.dtype
        obj = obj.value
    elif hasattr(obj, "__dlpack__") and not isinstance(obj, np.ndarray | np.generic):
        converted = _from_dlpack_producer(obj, dt, copy)
        if converted is not None:
            return converted
    if isinstance(obj, np.ndarray) and dt is not None:
        src = D.of_numpy(obj.dtype)  # a NumPy array: cast with astype's checks (no wrap-around)
        if src is not None and src is not dt:
            if copy is False:
                raise InvalidArgumentError(
                    f"asarray(copy=False): {D.name_of(src)} -> {D.name_of(dt)} needs a copy"
                )
            return Array._new(convert(obj, src, dt), dt)
    if type(obj) is int and dt is None:
        P.check_int_fits(obj, DEFAULT_INT, "obj")
    integral = dt is not None and (dt in D.INTEGER or dt is D.bool_)
    if dt is not None and integral and isinstance(obj, float | list | tuple):
        _check_whole_numbers(obj, dt)
    target = D.complex128 if dt is D.complex32 else dt
    try:
        # an object's own conversion (__array__, __float__ ...) runs in the caller's context
        a = (quiet if type(obj) is np.ndarray else quiet_here)(_np_asarray, obj, target, copy)
    except OverflowError as e:
        name = D.name_of(dt) if dt is not None else "int64"
        raise ScalarOverflowError(f"asarray(): a value of obj does not fit {name}: {e}") from None
    except MemoryError as e:
        raise AllocationError(f"asarray(): cannot allocate the array: {e}") from None
    except ValueError as e:
        if copy is False and "copy" in str(e):
            raise InvalidArgumentError(f"asarray(copy=False): {message(e)}") from None
        raise InvalidArgumentError(f"asarray(): cannot convert obj: {message(e)}") from None
    except TypeError as e:
        what = D.name_of(dt) if dt else "an array"
        raise TypeMismatchError(f"asarray(): cannot convert obj to {what}: {message(e)}") from None
    if dt is D.complex32:
        return Array._new(D.to_c32(a), dt)
    if dt is None:
        dt = D.of_numpy(a.dtype)
        if dt is None or (dt is D.uint64 and not isinstance(obj, np.ndarray | np.generic)):
            a = _python_values(obj, a)
            dt = D.of_numpy(a.dtype)
        elif dt is D.float64 and isinstance(obj, list | tuple) and a.size:
            a = _python_values(obj, a)  # NumPy makes float64 of ints beyond int64
    return Array._new(a, dt)


def _check_whole_numbers(obj: object, dt: DType) -> None:
    """Python floats for an integer (or bool) dtype must be whole numbers, as in ``full``."""
    try:
        f = quiet_here(np.asarray, obj)
    except (ValueError, TypeError):
        return  # the conversion proper reports it
    # NaN and infinity are left to the conversion (ValueError / OverflowError)
    if f.dtype.kind == "f" and f.size and bool(np.any(np.isfinite(f) & (np.trunc(f) != f))):
        raise TypeMismatchError(
            f"asarray(): obj holds a float that is not a whole number; dtype "
            f"{D.name_of(dt)} cannot hold it (use astype to truncate)"
        )


def _np_asarray(obj: object, dtype: DType | None, copy: builtins.bool | None) -> NDArray:
    """NumPy's conversion; what it makes anew (a copy asked for, Python values) 64-byte
    aligned, what it shares (an ndarray, a buffer, ``__array__``'s data) as it is."""
    if copy and isinstance(obj, np.ndarray) and (dtype is None or obj.dtype == dtype):
        return M.copy(obj)
    a = np.asarray(obj, dtype=dtype, copy=copy)
    if copy or isinstance(obj, list | tuple):
        return M.aligned(a)
    return a


def _holds_masked(obj: list[Any] | tuple[Any, ...]) -> bool:
    """Whether a nested list/tuple holds a NumPy masked array (numpy.ma loaded only)."""
    if "numpy.ma" not in sys.modules:
        return False
    return any(is_masked(v) for v in _flatten(obj))


def _flatten(obj: object) -> Iterator[object]:
    if isinstance(obj, list | tuple):
        for item in obj:
            yield from _flatten(item)
    else:
        yield obj


def _python_values(obj: object, a: NDArray) -> NDArray:
    """Infer the dtype of Python values where NumPy's choice is not aiarray's.

    Ints beyond int64 with no float or complex among them raise OverflowError
    (NumPy would give uint64, float64 or object); otherwise the standard's rule:
    any complex -> complex128, any float -> float64.
    """
    if a.dtype == np.float64 and not quiet(np.max, np.abs(a)) >= 2.0**63:
        return a
    if a.dtype.kind not in "OfuU" or not isinstance(obj, list | tuple | int):
        return _foreign(a)
    kinds = {type(v) for v in _flatten(obj)}
    big = any(type(v) is int and not -(2**63) <= v < 2**63 for v in _flatten(obj))
    if complex in kinds:
        return np.asarray(obj, dtype=D.complex128)
    if float in kinds:
        return quiet_here(np.asarray, obj, D.float64)
    if big:
        raise ScalarOverflowError(
            "asarray(): a Python int of obj does not fit int64; pass dtype=uint64 or a float dtype"
        )
    return _foreign(a)


def _foreign(a: NDArray) -> NDArray:
    """``a`` in an aiarray dtype (native byte order), or an error for non-numeric data."""
    if a.dtype.kind in "biufc" and D.of_numpy(a.dtype.newbyteorder("=")) is not None:
        return a.astype(a.dtype.newbyteorder("="))
    if a.dtype.kind == "O":
        raise TypeMismatchError("asarray(): obj holds values that are not numbers "
                                "(or is a ragged sequence)")
    raise TypeMismatchError(f"asarray(): NumPy dtype {a.dtype} has no aiarray equivalent "
                            "(strings, dates and objects are not supported)")


def _like(x: object, dtype: Any, device: Any, func: str) -> tuple[tuple[int, ...], DType]:
    """(shape, dtype) of the result of a ``*_like`` function: x's unless ``dtype`` is given."""
    x = array_arg(x, func, "x")
    check_device(device)
    return x.shape, x.dtype if dtype is None else D.canonical(dtype)


def _full(shape: tuple[int, ...], fill_value: object, dtype: Any, func: str) -> Array:
    dt = _opt_dtype(dtype) or _infer_scalar_dtype(fill_value, func)
    value = _check_fill(fill_value, dt, func)
    return Array._new(_filled(shape, value, dt, func), dt)


def empty(shape: int | tuple[int, ...], *, dtype: DType | None = None,
          device: Device | None = None) -> Array:
    """Uninitialised array (GB/T 7.2.1.5); default dtype float64.

    Examples
    --------
    >>> x = xp.empty((2, 3), dtype=xp.int16)
    >>> x.shape, x.dtype
    ((2, 3), dtype('int16'))
    """
    check_device(device)
    dt = _opt_dtype(dtype) or DEFAULT_FLOAT
    return Array._new(_alloc(M.empty, shape_tuple(shape, func="empty"), dt, "empty"), dt)


def zeros(shape: int | tuple[int, ...], *, dtype: DType | None = None,
          device: Device | None = None) -> Array:
    """Array of zeros (GB/T 7.2.1.3); default dtype float64.

    Examples
    --------
    >>> xp.zeros(3)
    Array([0., 0., 0.], dtype=float64)
    >>> xp.zeros((2, 2), dtype=xp.complex64)
    Array([[0.+0.j, 0.+0.j],
           [0.+0.j, 0.+0.j]], dtype=complex64)
    """
    check_device(device)
    dt = _opt_dtype(dtype) or DEFAULT_FLOAT
    return Array._new(_alloc(M.zeros, shape_tuple(shape, func="zeros"), dt, "zeros"), dt)


def ones(shape: int | tuple[int, ...], *, dtype: DType | None = None,
         device: Device | None = None) -> Array:
    """Array of ones; default dtype float64.

    Examples
    --------
    >>> xp.ones(3)
    Array([1., 1., 1.], dtype=float64)
    >>> xp.ones((2, 2), dtype=xp.bfloat16)
    Array([[1., 1.],
           [1., 1.]], dtype=bfloat16)
    """
    check_device(device)
    dt = _opt_dtype(dtype) or DEFAULT_FLOAT
    return Array._new(_filled(shape_tuple(shape, func="ones"), 1, dt, "ones"), dt)


def full(shape: int | tuple[int, ...], fill_value: builtins.bool | int | float | complex, *,
         dtype: DType | None = None, device: Device | None = None) -> Array:
    """Array filled with ``fill_value`` (GB/T 7.2.1.4).

    Without ``dtype`` the value's kind decides: bool, int64, float64 or complex128.
    A value that does not fit the dtype raises (OverflowError / TypeError).

    Examples
    --------
    >>> xp.full((2, 2), 7, dtype=xp.uint8)
    Array([[7, 7],
           [7, 7]], dtype=uint8)
    >>> xp.full(3, 0.5)
    Array([0.5, 0.5, 0.5], dtype=float64)
    """
    check_device(device)
    return _full(shape_tuple(shape, func="full"), fill_value, dtype, "full")


def empty_like(x: Array, /, *, dtype: DType | None = None, device: Device | None = None) -> Array:
    """Uninitialised array with the shape (and by default dtype) of ``x``.

    Examples
    --------
    >>> x = xp.empty_like(xp.ones((2, 2), dtype=xp.float16))
    >>> x.shape, x.dtype
    ((2, 2), dtype('float16'))
    """
    shape, dt = _like(x, dtype, device, "empty_like")
    return Array._new(_alloc(M.empty, shape, dt, "empty_like"), dt)


def zeros_like(x: Array, /, *, dtype: DType | None = None, device: Device | None = None) -> Array:
    """Zeros with the shape (and by default dtype) of ``x``.

    Examples
    --------
    >>> xp.zeros_like(xp.asarray([1.5, 2.5], dtype=xp.float16))
    Array([0., 0.], dtype=float16)
    """
    shape, dt = _like(x, dtype, device, "zeros_like")
    return Array._new(_alloc(M.zeros, shape, dt, "zeros_like"), dt)


def ones_like(x: Array, /, *, dtype: DType | None = None, device: Device | None = None) -> Array:
    """Ones with the shape (and by default dtype) of ``x``.

    Examples
    --------
    >>> xp.ones_like(xp.asarray([1, 2], dtype=xp.int8))
    Array([1, 1], dtype=int8)
    """
    shape, dt = _like(x, dtype, device, "ones_like")
    return Array._new(_filled(shape, 1, dt, "ones_like"), dt)


def full_like(x: Array, /, fill_value: builtins.bool | int | float | complex, *,
              dtype: DType | None = None, device: Device | None = None) -> Array:
    """``fill_value`` with the shape (and by default dtype) of ``x``.

    Examples
    --------
    >>> x = xp.asarray([1, 2, 3], dtype=xp.int32)
    >>> xp.full_like(x, 9)
    Array([9, 9, 9], dtype=int32)
    """
    shape, dt = _like(x, dtype, device, "full_like")
    return _full(shape, fill_value, dt, "full_like")


def _real_number(v: object, name: str, func: str) -> int | float:
    if type(v) is Array and v.ndim == 0 and v.dtype in D.REAL_NUMERIC:  # as in NumPy
        v = v._scalar(func)
    if isinstance(v, builtins.bool) or not isinstance(v, int | float | np.integer | np.floating):
        raise TypeMismatchError(f"{func}(): {name}={v!r} must be an int or a float")
    return v.item() if isinstance(v, np.generic) else v


def arange(start: int | float, /, stop: int | float | None = None, step: int | float = 1, *,
           dtype: DType | None = None, device: Device | None = None) -> Array:
    """Evenly spaced values in [start, stop) (GB/T 7.2.1.12).

    Examples
    --------
    >>> xp.arange(5)
    Array([0, 1, 2, 3, 4], dtype=int64)
    >>> xp.arange(0.0, 1.0, 0.25, dtype=xp.float32)
    Array([0.  , 0.25, 0.5 , 0.75], dtype=float32)
    """
    check_device(device)
    start = _real_number(start, "start", "arange")
    if stop is None:
        start, stop = 0, start
    stop = _real_number(stop, "stop", "arange")
    step = _real_number(step, "step", "arange")
    if step == 0:
        raise InvalidArgumentError("arange(): step=0 is not allowed")
    if not all(math.isfinite(v) for v in (start, stop, step)):
        raise InvalidArgumentError(
            f"arange(): start={start}, stop={stop}, step={step} must be finite"
        )
    dt = _opt_dtype(dtype)
    if dt is None:
        dt = DEFAULT_INT if all(isinstance(v, int) for v in (start, stop, step)) else DEFAULT_FLOAT
    if all(isinstance(v, int) for v in (start, stop, step)):
        n = typing.cast(int, max(0, -((start - stop) // step)))  # exact ceil((stop - start) / step)
    else:
        steps = (stop - start) / step
        if not math.isfinite(steps):
            raise AllocationError(f"arange(): start={start}, stop={stop}, step={step} give "
                                  f"{steps} elements")
        n = max(0, math.ceil(steps))
    check_shape((n,), dt.itemsize, "arange")
    a: NDArray
    if dt in D.INTEGER:
        for v in (start, start + (n - 1) * step if n else start):
            if isinstance(v, int):
                P.check_int_fits(v, dt, "arange value")
        if not all(isinstance(v, int) for v in (start, stop, step)):
            a = allocating(np.arange, start, stop, step, dtype=np.float64, func="arange")
            a = convert(a, D.float64, dt)
        elif n <= 1:
            a = np.asarray([start][:n], dtype=dt)
        else:  # start + k*step in 64-bit wrap-around arithmetic: exact when results fit
            wide = np.uint64 if dt is D.uint64 else np.int64
            mod = 2**64 if dt is D.uint64 else 0
            k = allocating(np.arange, n, dtype=wide, func="arange")
            a = (k * wide(step % mod if mod else step) + wide(start % mod if mod else start))
            a = a.astype(dt)
    elif dt in D.FLOAT:
        wide_dt = D.complex128 if dt in D.COMPLEX else D.float64
        a = start + step * allocating(np.arange, n, dtype=wide_dt, func="arange")
        a = D.narrow(a, dt)
    else:
        raise TypeMismatchError(f"arange(): dtype={D.name_of(dt)} must be numeric")
    return Array._new(M.aligned(a), dt)


def linspace(start: int | float | complex, stop: int | float | complex, /, num: int, *,
             dtype: DType | None = None, device: Device | None = None,
             endpoint: builtins.bool = True) -> Array:
    """``num`` evenly spaced values from start to stop (GB/T 7.2.1.13).

    Examples
    --------
    >>> xp.linspace(0, 1, 5)
    Array([0.  , 0.25, 0.5 , 0.75, 1.  ], dtype=float64)
    >>> xp.linspace(0, 1, 4, endpoint=False, dtype=xp.float32)
    Array([0.  , 0.25, 0.5 , 0.75], dtype=float32)
    """
    check_device(device)
    num = int_arg(num, "linspace", "num")
    if num < 0:
        raise InvalidArgumentError(f"linspace(): num={num!r} must be a non-negative int")
    for name, v in (("start", start), ("stop", stop)):
        if not isinstance(v, int | float | complex | np.number) or isinstance(v, builtins.bool):
            raise TypeMismatchError(f"linspace(): {name}={v!r} must be a number")
        try:
            c = complex(v)
            finite = math.isfinite(c.real) and math.isfinite(c.imag)
        except OverflowError:  # a Python int beyond float64
            raise InvalidArgumentError(
                f"linspace(): {name} (an int of {int(typing.cast(int, v)).bit_length()} bits) "
                "does not fit float64"
            ) from None
        if not finite:
            raise InvalidArgumentError(
                f"linspace(): {name}={v!r} is not finite; the interval is invalid"
            )
    is_complex = any(isinstance(v, complex | np.complexfloating) for v in (start, stop))
    # Python ints of any size as float64 / complex128, as NumPy would compute them
    start, stop = ((complex(start), complex(stop)) if is_complex
                   else (float(start), float(stop)))  # type: ignore[arg-type]  # (real here)
    dt = _opt_dtype(dtype) or (DEFAULT_COMPLEX if is_complex else DEFAULT_FLOAT)
    if dt not in D.FLOAT:
        raise TypeMismatchError(f"linspace(): dtype={D.name_of(dt)} must be floating-point")
    if is_complex and dt not in D.COMPLEX:
        raise TypeMismatchError(
            f"linspace(): complex start/stop need a complex dtype, got {D.name_of(dt)}"
        )
    wide = D.complex128 if dt in D.COMPLEX else D.float64
    check_shape((num,), wide.itemsize, "linspace")
    a = allocating(np.linspace, start, stop, num, endpoint=bool_arg(endpoint, "linspace",
                                                                    "endpoint"),
                   dtype=wide, func="linspace")
    return Array._new(M.aligned(D.narrow(a, dt)), dt)


def _size(value: object, argname: str, func: str) -> int:
    """A non-negative int (or 0-d integer array) argument."""
    return int_arg(value, func, argname, minimum=0)


def eye(n_rows: int, n_cols: int | None = None, /, *, k: int = 0, dtype: DType | None = None,
        device: Device | None = None) -> Array:
    """2-D array with ones on diagonal ``k``.

    Examples
    --------
    >>> xp.eye(3, dtype=xp.int8)
    Array([[1, 0, 0],
           [0, 1, 0],
           [0, 0, 1]], dtype=int8)
    >>> xp.eye(2, 3, k=1)
    Array([[0., 1., 0.],
           [0., 0., 1.]], dtype=float64)
    """
    check_device(device)
    dt = _opt_dtype(dtype) or DEFAULT_FLOAT
    n_rows = _size(n_rows, "n_rows", "eye")
    n_cols = n_rows if n_cols is None else _size(n_cols, "n_cols", "eye")
    k = int_arg(k, "eye", "k")
    wide = D.COMPUTE.get(dt, dt)
    check_shape((n_rows, n_cols), wide.itemsize, "eye")
    a = allocating(np.eye, n_rows, n_cols, k, dtype=wide, func="eye")
    return Array._new(M.aligned(D.narrow(a, dt)), dt)


def _triangle(func: Any, x: Array, k: int, name: str) -> Array:
    x = array_arg(x, name, "x")
    if x.ndim < 2:
        raise DimensionMismatchError(f"{name}(): x must have at least 2 dimensions, got {x.ndim}")
    a = D.bits(x._array)
    # beyond the matrix every diagonal is the same: keep k where NumPy can take it
    k = max(-a.shape[-2], min(int_arg(k, name, "k"), a.shape[-1]))
    check_shape(a.shape, a.itemsize, name)
    return Array._new(allocating(func, a, k=k, func=name).view(x._array.dtype), x.dtype)


def tril(x: Array, /, *, k: int = 0) -> Array:
    """Lower triangle of each matrix (elements above diagonal ``k`` zeroed).

    Examples
    --------
    >>> x = xp.reshape(xp.arange(1, 10), (3, 3))
    >>> xp.tril(x)
    Array([[1, 0, 0],
           [4, 5, 0],
           [7, 8, 9]], dtype=int64)
    >>> xp.tril(x, k=-1)
    Array([[0, 0, 0],
           [4, 0, 0],
           [7, 8, 0]], dtype=int64)
    """
    return _triangle(np.tril, x, k, "tril")


def triu(x: Array, /, *, k: int = 0) -> Array:
    """Upper triangle of each matrix (elements below diagonal ``k`` zeroed).

    Examples
    --------
    >>> x = xp.reshape(xp.arange(1, 10), (3, 3))
    >>> xp.triu(x)
    Array([[1, 2, 3],
           [0, 5, 6],
           [0, 0, 9]], dtype=int64)
    >>> xp.triu(x, k=1)
    Array([[0, 2, 3],
           [0, 0, 6],
           [0, 0, 0]], dtype=int64)
    """
    return _triangle(np.triu, x, k, "triu")


def meshgrid(*arrays: Array, indexing: str = "xy") -> tuple[Array, ...]:
    """Coordinate matrices from 1-D arrays (GB/T 7.2.3.24); returns a tuple.

    Examples
    --------
    >>> gx, gy = xp.meshgrid(xp.asarray([1, 2, 3]), xp.asarray([10, 20]))
    >>> gx
    Array([[1, 2, 3],
           [1, 2, 3]], dtype=int64)
    >>> gy
    Array([[10, 10, 10],
           [20, 20, 20]], dtype=int64)
    """
    if type(indexing) is not str or indexing not in ("xy", "ij"):
        raise InvalidArgumentError(f"meshgrid(): indexing={indexing!r} must be 'xy' or 'ij'")
    for i, a in enumerate(arrays):
        a = array_arg(a, "meshgrid", f"arrays[{i}]")
        if a.ndim != 1:
            raise DimensionMismatchError(
                f"meshgrid(): arrays[{i}] must be 1-D, got shape {a.shape}"
            )
    if len({a.dtype for a in arrays}) > 1:
        raise TypeMismatchError("meshgrid(): all arrays must have the same dtype, got "
                                + ", ".join(D.name_of(a.dtype) for a in arrays))
    shape = [a.shape[0] for a in arrays]
    if indexing == "xy" and len(shape) > 1:
        shape[0], shape[1] = shape[1], shape[0]
    check_shape(shape, arrays[0]._array.itemsize if arrays else 1, "meshgrid",
                "each coordinate array")
    grids: tuple[NDArray, ...] = allocating(
        np.meshgrid, *(D.bits(a._array) for a in arrays), indexing=indexing, func="meshgrid",
        what="the coordinate arrays")
    return tuple(
        Array._new(g.view(a._array.dtype), a.dtype) for g, a in zip(grids, arrays, strict=True)
    )


def from_dlpack(x: object, /, *, device: Device | None = None,
                copy: builtins.bool | None = None) -> Array:
    """Array from any object with ``__dlpack__`` (no copy unless ``copy=True``).

    Every DLPack dtype with an aiarray equivalent arrives, bfloat16 (``kDLBfloat``) and
    complex32 (``kDLComplex`` 32 bits) included; others raise BufferError naming the
    DLPack code, bits and lanes.  A read-only tensor gives a read-only array.

    Examples
    --------
    >>> import numpy as np
    >>> xp.from_dlpack(np.arange(3, dtype=np.float32))
    Array([0., 1., 2.], dtype=float32)
    """
    check_device(device)
    if type(x) is Array:
        return asarray(x, copy=copy)
    if not hasattr(x, "__dlpack__"):
        raise UninitializedError(f"from_dlpack(): x of type {type(x).__qualname__} has no "
                                 "__dlpack__ method (it is not an array DLPack can export)")
    if is_masked(x):
        raise masked_error("from_dlpack", "x")
    from .. import _dlpack

    return Array._new(*_dlpack.import_array(x, copy))


def _from_dlpack_producer(obj: Any, dt: DType | None,
                          copy: builtins.bool | None) -> Array | None:
    """``asarray`` of a foreign array that offers DLPack (PyTorch, JAX ...): its memory
    without a copy where the protocol allows.  None when the producer refuses to export
    but NumPy can convert ``obj`` through ``__array__``."""
    from .. import _dlpack

    try:
        capsule, copied = _dlpack.request_capsule(obj, copy if dt is None else None)
    except DLPackError:
        if hasattr(obj, "__array__"):
            try:
                np.asarray(obj)
                return None
            except (TypeError, ValueError, RuntimeError, BufferError):
                pass
        raise  # the producer's own reason (e.g. "use tensor.detach()") names the fix
    a, src = _dlpack.import_capsule(capsule)
    if dt is None or dt is src:
        return Array._new(M.copy(a) if copy and not copied else a, src)
    if copy is False:
        raise InvalidArgumentError(
            f"asarray(copy=False): {D.name_of(src)} -> {D.name_of(dt)} needs a copy"
        )
    return Array._new(convert(a, src, dt), dt)

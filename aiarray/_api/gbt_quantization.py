"""The implementation of :mod:`aiarray.quantization` (its documentation is there)."""

from __future__ import annotations

import builtins
import operator
from typing import TYPE_CHECKING

import numpy as np

from .. import _dtypes as D
from .._array import Array
from .._device import CPU, Device
from .._dispatch import array_arg
from .._errors import (
    DimensionMismatchError,
    InvalidArgumentError,
    TypeMismatchError,
    UninitializedError,
)
from .._numpy_path import quiet
from .._random_impl import round_to
from .._typing import DType, NDArray
from ._axes import normalize_axis

if TYPE_CHECKING:
    from fractions import Fraction

__all__ = ["QuantizedArray", "dequantize", "quantize"]

SCHEMES: dict[str, tuple[DType, ...]] = {
    "symmetric": (D.int8, D.int16),
    "asymmetric": (D.uint8, D.int8, D.uint16, D.int16),
}


# -- helpers ---------------------------------------------------------------------------
def _limits(dt: DType, scheme: str) -> tuple[int, int]:
    """Integer range of q: symmetric [-(2^(k-1) - 1), 2^(k-1) - 1], asymmetric the dtype's."""
    info = np.iinfo(dt)
    if scheme == "symmetric":
        return -int(info.max), int(info.max)
    return int(info.min), int(info.max)


def round_half_away(v: NDArray) -> NDArray:
    """Round float64 values to the nearest integer, ties away from zero (GB/T 四舍五入).

    ``trunc`` and ``v - trunc(v)`` are exact, so no value is double-rounded
    (``floor(|v| + 0.5)`` would round 0.49999999999999994 up).
    """
    t = np.trunc(v)
    return t + np.where(np.abs(v - t) >= 0.5, np.sign(v), 0.0)


def _check_scheme(func: str, scheme: object, dt: DType, axis: object) -> None:
    if not isinstance(scheme, str) or scheme not in SCHEMES:
        raise InvalidArgumentError(f"{func}(): scheme={scheme!r} must be 'symmetric' or "
                                   "'asymmetric'")
    if dt not in SCHEMES[scheme]:
        allowed = ", ".join(D.name_of(d) for d in SCHEMES[scheme])
        raise TypeMismatchError(f"{func}(): dtype={D.name_of(dt)} is not supported by "
                                f"{scheme} quantization (GB/T 7.2.1.15: {allowed})")
    if axis is not None and scheme != "symmetric":
        raise InvalidArgumentError(f"{func}(): channel-wise quantization (axis={axis!r}) is "
                                   "symmetric only (GB/T 7.2.1.15)")


def _scale_dtype_of(dt: DType) -> DType:
    return D.float64 if dt == D.float64 else D.float32


def _param_shape(func: str, name: str, arr: NDArray, channels: int | None) -> NDArray:
    """Reshape a scale / zero point to () (tensor-wise) or (channels,) (channel-wise)."""
    if channels is None:
        if arr.size != 1 or arr.ndim > 1:
            raise DimensionMismatchError(f"{func}(): tensor-wise {name} must have one element, "
                                         f"got shape {arr.shape}")
        return arr.reshape(())
    if arr.ndim == 0 or arr.shape == (1,):
        return np.broadcast_to(arr.reshape(()), (channels,)).copy()
    if arr.shape != (channels,):
        raise DimensionMismatchError(f"{func}(): channel-wise {name} must have shape "
                                     f"({channels},) (the size of the axis), got {arr.shape}")
    return arr


def _scale_param(func: str, scale: object, sd: DType | None,
                 channels: int | None) -> NDArray:
    """A given scale: positive and finite in its dtype ``sd`` (None: from the argument)."""
    if type(scale) is Array:
        if scale.dtype not in D.REAL_FLOAT:
            raise TypeMismatchError(f"{func}(): scale must be a real floating-point array, "
                                    f"got {D.name_of(scale.dtype)}")
        wide = D.widen(scale._array)
        sd = sd or (scale.dtype if scale.dtype in (D.float32, D.float64) else D.float32)
        arr = round_to(wide.astype(np.float64), sd)
    elif isinstance(scale, int | float | np.integer | np.floating) and not isinstance(
            scale, builtins.bool | np.bool_):
        try:
            value = float(scale)
        except OverflowError:
            raise InvalidArgumentError(f"{func}(): scale={scale!r} is too large") from None
        arr = round_to(np.array(value), sd or D.float64)
    else:
        raise TypeMismatchError(f"{func}(): scale={scale!r} must be a positive number or a "
                                "real floating-point array")
    arr = _param_shape(func, "scale", np.asarray(arr), channels)
    if not bool(np.all(np.isfinite(arr) & (arr > 0))):
        raise InvalidArgumentError(f"{func}(): scale must be positive and finite in "
                                   f"{D.name_of(arr.dtype)}, got {arr.tolist()!r}")
    return np.array(arr)


def _zero_point_param(func: str, zp: object, dt: DType, scheme: str,
                      channels: int | None) -> NDArray:
    if type(zp) is Array:
        D.check_category(zp.dtype, "integer", func, "zero_point")
        values = zp._array
    else:
        if isinstance(zp, builtins.bool | np.bool_):
            raise TypeMismatchError(f"{func}(): zero_point={zp!r} must be an int, not a bool")
        try:
            values = np.array(operator.index(zp), dtype=object)  # type: ignore[arg-type]  # TypeError below
        except TypeError:
            raise TypeMismatchError(f"{func}(): zero_point={zp!r} must be an int or an "
                                    "integer array") from None
    values = _param_shape(func, "zero_point", np.asarray(values), channels)
    info = np.iinfo(dt)
    as_int = [int(v) for v in values.reshape(-1).tolist()]
    if any(not info.min <= v <= info.max for v in as_int):
        raise InvalidArgumentError(f"{func}(): zero_point {as_int!r} is outside the range of "
                                   f"{D.name_of(dt)} [{info.min}, {info.max}]")
    if scheme == "symmetric" and any(as_int):
        raise InvalidArgumentError(f"{func}(): symmetric quantization has zero_point 0, "
                                   f"got {as_int!r}")
    return np.array(as_int, dtype=dt).reshape(values.shape)


def _ceil_to(value: Fraction, sd: DType) -> NDArray:
    """The smallest value of ``sd`` that is >= ``value`` (>= 0), as a 0-d array."""
    from fractions import Fraction  # (exact arithmetic; imported when used)

    s = round_to(np.array(float(value)), sd)  # the nearest value or a neighbour of it
    up, down = sd.type(np.inf), sd.type(0)
    while Fraction(float(s)) < value:
        s = np.nextafter(s, up)
    while s > 0:
        below = np.nextafter(s, down)
        if Fraction(float(below)) < value:
            break
        s = below
    return np.asarray(s, sd)


def _symmetric_scale(m: NDArray, qmax: int, sd: DType) -> NDArray:
    """scale = max(M / qmax rounded toward zero in ``sd``, tiny of ``sd``), elementwise.

    M / qmax in float64 then rounded to ``sd`` is one of the two ``sd`` neighbours of
    the exact quotient; stepping down while qmax * scale > M leaves the lower one.
    """
    from fractions import Fraction  # (exact arithmetic; imported when used)

    s = round_to(m / qmax, sd)
    down = sd.type(0)
    while True:  # p = qmax * s rounded; p > M implies the exact product is > M too
        p = quiet(np.multiply, s.astype(np.float64), qmax)
        high = p > m
        if not bool(np.any(high)):
            break
        s = np.where(high, np.nextafter(s, down), s)
    ties = np.flatnonzero((p == m).reshape(-1))  # the rounded product cannot decide these
    if ties.size:
        flat = s.reshape(-1).copy()
        for i in ties:
            need = Fraction(float(m.reshape(-1)[i]))
            while Fraction(float(flat[i])) * qmax > need:
                flat[i] = np.nextafter(flat[i], down)
        s = flat.reshape(s.shape)
    out: NDArray = np.maximum(s, D.finfo_of(sd).tiny)
    return out


def _asymmetric_params(x: NDArray, dt: DType,
                       sd: DType) -> tuple[NDArray, NDArray]:
    """Formulas (1)-(3) over [a, b] = [min(min x, 0), max(max x, 0)]."""
    from fractions import Fraction  # (exact arithmetic; imported when used)

    qmin, qmax = _limits(dt, "asymmetric")
    n = qmax - qmin  # 2^k - 1
    a = min(float(x.min()), 0.0) if x.size else 0.0
    b = max(float(x.max()), 0.0) if x.size else 0.0
    s = np.maximum(_ceil_to((Fraction(b) - Fraction(a)) / n, sd), D.finfo_of(sd).tiny)
    zp = qmin - round_half_away(np.array(a) / s.astype(np.float64))
    return s, np.clip(zp, qmin, qmax).astype(dt)


def _channel_shape(ndim: int, axis: int | None) -> tuple[int, ...]:
    if axis is None:
        return ()
    return tuple(-1 if i == axis else 1 for i in range(ndim))


# -- the quantized array ------------------------------------------------------------------
class QuantizedArray:
    """Integer data with the scale and zero point that map it back to real values.

    Attributes: ``data`` (Array of the integer dtype), ``scale`` (float32 or float64
    Array, shape () tensor-wise or (shape[axis],) channel-wise), ``zero_point``
    (Array of the integer dtype, same shape as scale), ``axis`` (None or int),
    ``scheme`` ('symmetric' or 'asymmetric'), ``dtype``, ``shape``.  Immutable:
    attributes cannot be reassigned.  Make one with :func:`quantize` or
    :meth:`from_parts`.

    Examples
    --------
    >>> q = xp.QuantizedArray.from_parts(xp.asarray([2, -4, 6], dtype=xp.int8), 0.25)
    >>> q
    QuantizedArray(shape=(3,), dtype=int8, scheme='symmetric', axis=None, scale=0.25, zero_point=0)
    >>> q.dequantize()  # data * scale
    Array([ 0.5, -1. ,  1.5], dtype=float32)
    >>> q = xp.quantize(xp.asarray([1.0, -0.5], dtype=xp.float32), dtype=xp.int8)
    >>> q.data, q.scale
    (Array([127, -64], dtype=int8), Array(0.00787402, dtype=float32))
    """

    __slots__ = ("_axis", "_data", "_scale", "_scheme", "_zero_point")
    _axis: int | None
    _data: Array
    _scale: Array
    _scheme: str
    _zero_point: Array

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise UninitializedError(
            "QuantizedArray() cannot be called: use aiarray.quantization.quantize() or "
            "QuantizedArray.from_parts()"
        )

    @classmethod
    def _make(cls, data: NDArray, scale: NDArray, zero_point: NDArray,
              axis: int | None, scheme: str) -> QuantizedArray:
        obj = object.__new__(cls)
        for name, value in (("_data", Array._new(data)), ("_scale", Array._new(scale)),
                            ("_zero_point", Array._new(zero_point)), ("_axis", axis),
                            ("_scheme", scheme)):
            object.__setattr__(obj, name, value)
        return obj

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"QuantizedArray is immutable; cannot set {name!r}")

    @classmethod
    def from_parts(cls, data: Array, /, scale: float | Array,
                   zero_point: int | Array | None = None, *,
                   axis: int | None = None, scheme: str = "symmetric") -> QuantizedArray:
        """A quantized array from its integer data, scale and zero point (GB/T 7.2.1.15).

        ``scale``: a positive number (stored as float64) or a real floating array
        (float32 / float64 kept, float16 / bfloat16 stored as float32) with one
        element, or ``data.shape[axis]`` elements when ``axis`` is given.
        ``zero_point`` (default 0): an int or integer array of the same shape whose
        values fit ``data.dtype``; 0 for the symmetric scheme.  Inputs are copied.
        """
        func = "QuantizedArray.from_parts"
        data = array_arg(data, func, "data")
        dt = data.dtype
        if dt not in SCHEMES["asymmetric"]:
            raise TypeMismatchError(f"{func}(): data must be int8, uint8, int16 or uint16, "
                                    f"got {D.name_of(dt)}")
        _check_scheme(func, scheme, dt, axis)
        ax = None if axis is None else normalize_axis(axis, data.ndim, func)
        channels = None if ax is None else data.shape[ax]
        s = _scale_param(func, scale, None, channels)
        zp = _zero_point_param(func, 0 if zero_point is None else zero_point, dt, scheme,
                               channels)
        return cls._make(data._array.copy(), s, zp, ax, scheme)

    # -- attributes -------------------------------------------------------------------
    @property
    def data(self) -> Array:
        """The quantized integers q."""
        return self._data

    @property
    def scale(self) -> Array:
        """Scale factor(s): shape () tensor-wise, (shape[axis],) channel-wise."""
        return self._scale

    @property
    def zero_point(self) -> Array:
        """Zero point(s) in the integer dtype (0 for the symmetric scheme)."""
        return self._zero_point

    @property
    def axis(self) -> int | None:
        """The channel axis (channel-wise), or None (tensor-wise)."""
        return self._axis

    @property
    def scheme(self) -> str:
        """'symmetric' or 'asymmetric'."""
        return self._scheme

    @property
    def dtype(self) -> DType:
        """The integer dtype of ``data``."""
        return self._data.dtype

    @property
    def shape(self) -> tuple[int, ...]:
        """Shape of ``data``."""
        return self._data.shape

    @property
    def ndim(self) -> int:
        """Number of axes of ``data``."""
        return self._data.ndim

    @property
    def size(self) -> int:
        """Number of elements of ``data``."""
        return self._data.size

    @property
    def device(self) -> Device:
        """The device holding the data (the CPU)."""
        return CPU

    def dequantize(self, *, dtype: DType = D.float32) -> Array:
        """``(q - zero_point) * scale`` (formula (6)); same as :func:`dequantize`."""
        return dequantize(self, dtype=dtype)

    def __repr__(self) -> str:
        def show(a: Array) -> str:
            arr = a._array
            return repr(arr.item()) if arr.ndim == 0 else np.array2string(arr, threshold=6)

        return (f"QuantizedArray(shape={self.shape}, dtype={D.name_of(self.dtype)}, "
                f"scheme={self._scheme!r}, axis={self._axis}, scale={show(self._scale)}, "
                f"zero_point={show(self._zero_point)})")


# -- functions -------------------------------------------------------------------------------
def quantize(x: Array, /, *, dtype: DType = D.int16, scheme: str = "symmetric",
             axis: int | None = None, scale: float | Array | None = None,
             zero_point: int | Array | None = None) -> QuantizedArray:
    """Quantize a real floating array to integers (GB/T 7.2.1.15).

    ``scheme='symmetric'`` (int8, int16; tensor-wise, or channel-wise along
    ``axis``): M = max|x|, scale = M / (2^(k-1) - 1), q = round(x / scale).
    ``scheme='asymmetric'`` (uint8, int8, uint16, int16; tensor-wise):
    [a, b] = [min(min x, 0), max(max x, 0)], scale = (b - a) / (2^k - 1),
    zero_point = qmin - round(a / scale), q = round(x / scale) + zero_point.
    round is to nearest, ties away from zero; q is clipped to the scheme's range.
    A given ``scale`` (and, asymmetric, ``zero_point``) replaces the computed ones.
    The default dtype is int16, as the draft's table 17 gives it.
    The scale is float64 for float64 input, float32 otherwise.

    Examples
    --------
    >>> x = xp.asarray([-1.0, 0.0, 0.5, 1.0], dtype=xp.float32)
    >>> q = xp.quantize(x, dtype=xp.int8)
    >>> q.data
    Array([-127,    0,   64,  127], dtype=int8)
    >>> q.scale, q.zero_point
    (Array(0.00787402, dtype=float32), Array(0, dtype=int8))
    >>> a = xp.quantize(x, dtype=xp.uint8, scheme='asymmetric')
    >>> a.data, a.zero_point
    (Array([  0, 127, 191, 254], dtype=uint8), Array(127, dtype=uint8))
    """
    func = "quantize"
    x = array_arg(x, func, "x")
    if x.dtype not in D.REAL_FLOAT:
        raise TypeMismatchError(f"quantize(): x must be a real floating-point array, "
                                f"got {D.name_of(x.dtype)}")
    dt = D.canonical(dtype)
    _check_scheme(func, scheme, dt, axis)
    ax = None if axis is None else normalize_axis(axis, x.ndim, func)
    channels = None if ax is None else x.shape[ax]
    sd = _scale_dtype_of(x.dtype)
    if scale is None and zero_point is not None:
        raise InvalidArgumentError("quantize(): zero_point needs scale as well")
    if scale is not None:
        s = _scale_param(func, scale, sd, channels)
        if scheme == "asymmetric" and zero_point is None:
            raise InvalidArgumentError("quantize(): asymmetric quantization with a given scale "
                                       "needs zero_point too")
        zp = _zero_point_param(func, 0 if zero_point is None else zero_point, dt, scheme,
                               channels)
    xv = D.widen(x._array).astype(np.float64)
    if not bool(np.all(np.isfinite(xv))):
        raise InvalidArgumentError("quantize(): x contains NaN or infinity")
    qmin, qmax = _limits(dt, scheme)
    if scale is None:
        if scheme == "asymmetric":
            s, zp = _asymmetric_params(xv, dt, sd)
        else:
            others = tuple(i for i in range(x.ndim) if i != ax)
            m = np.max(np.abs(xv), axis=others, initial=0.0) if ax is not None else \
                np.array(np.max(np.abs(xv), initial=0.0))
            s = _symmetric_scale(m, qmax, sd)
            zp = np.zeros(s.shape, dt)
    bshape = _channel_shape(x.ndim, ax)
    s64 = s.astype(np.float64).reshape(bshape)
    zp64 = zp.astype(np.float64).reshape(bshape)
    q = quiet(lambda v: np.clip(round_half_away(v / s64) + zp64, qmin, qmax), xv)
    return QuantizedArray._make(q.astype(dt), s, zp, ax, scheme)


def dequantize(q: QuantizedArray, /, *, dtype: DType = D.float32) -> Array:
    """Real values ``(q - zero_point) * scale`` (GB/T 7.2.1.15, formula (6)).

    Computed in float64 (exact difference, one rounded product) and rounded once
    to ``dtype`` (a real floating dtype, default float32).

    Examples
    --------
    >>> x = xp.asarray([-1.0, 0.0, 0.5, 1.0], dtype=xp.float32)
    >>> q = xp.quantize(x, dtype=xp.int8)
    >>> xp.dequantize(q)
    Array([-1.      ,  0.      ,  0.503937,  1.      ], dtype=float32)
    """
    if type(q) is not QuantizedArray:
        kind = type(q).__module__ + "." + type(q).__qualname__
        raise UninitializedError(f"dequantize() expected a QuantizedArray for q, got {kind}")
    dt = D.canonical(dtype)
    if dt not in D.REAL_FLOAT:
        raise TypeMismatchError(f"dequantize(): dtype={D.name_of(dt)} must be a real "
                                "floating-point dtype")
    bshape = _channel_shape(q.ndim, q._axis)
    s64 = q._scale._array.astype(np.float64).reshape(bshape)
    zp64 = q._zero_point._array.astype(np.float64).reshape(bshape)
    v = quiet(lambda d: (d.astype(np.float64) - zp64) * s64, q._data._array)
    return Array._new(round_to(v, dt), dt)

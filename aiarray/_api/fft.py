"""The implementation of :mod:`aiarray.fft` (its documentation is there)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from .. import _dtypes as D
from .._array import Array
from .._device import check_device
from .._dispatch import array_arg
from .._errors import AxisError, InvalidArgumentError, TypeMismatchError, message
from .._numpy_path import quiet
from .._sizes import allocating, check_shape
from .._typing import Device, DType, NDArray
from ._axes import int_arg, normalize_axis
from .creation import DEFAULT_FLOAT

__all__ = [
    "fft", "ifft", "fftn", "ifftn", "rfft", "irfft", "rfftn", "irfftn", "hfft", "ihfft",
    "fftfreq", "rfftfreq", "fftshift", "ifftshift",
]

_NORMS = ("backward", "ortho", "forward")
# Output dtype of a real -> complex transform, and of a complex -> real one.
_TO_COMPLEX = {D.float16: D.complex32, D.float32: D.complex64, D.float64: D.complex128}
D.when_bfloat16_loads(lambda bf16: _TO_COMPLEX.update({bf16: D.complex64}))
_TO_REAL = {D.complex32: D.float16, D.complex64: D.float32, D.complex128: D.float64}


# -- argument checks ---------------------------------------------------------------------
def _input(x: object, func: str, kind: str) -> Array:
    """x as an Array of the category ``kind`` ('complex' or 'real')."""
    x = array_arg(x, func, "x")
    allowed = D.COMPLEX if kind == "complex" else D.REAL_FLOAT
    if x._dtype not in allowed:
        hint = "complex64 or complex128" if kind == "complex" else "float32 or float64"
        raise TypeMismatchError(
            f"{func}() requires a {kind} floating-point x, got dtype {D.name_of(x._dtype)}; "
            f"convert it with astype() to {hint} first"
        )
    return x


def _check_norm(norm: object, func: str) -> str:
    if not isinstance(norm, str) or norm not in _NORMS:
        raise InvalidArgumentError(
            f"{func}(): norm={norm!r} must be 'backward', 'ortho' or 'forward'"
        )
    return norm


def _length(n: object, func: str, name: str = "n", allow_minus_one: bool = False) -> int:
    """A transform length: an int >= 1 (or -1, 'the whole axis', inside ``s``)."""
    k = int_arg(n, func, name)
    if k < 1 and not (allow_minus_one and k == -1):
        allowed = ">= 1 or -1" if allow_minus_one else ">= 1"
        raise InvalidArgumentError(f"{func}(): {name}={n} must be {allowed}")
    return k


def _default_length(m: int, ax: int, func: str, inverse_real: bool) -> int:
    """Output length when n is not given: M, or 2*(M-1) for the complex -> real inverses."""
    k = 2 * (m - 1) if inverse_real else m
    if k < 1:
        what = f"2*(M-1) = {k}" if inverse_real else "0"
        raise InvalidArgumentError(
            f"{func}(): x has {m} element(s) along axis {ax}, so the default transform "
            f"length would be {what}; pass a length >= 1"
        )
    return k


def _compute(x: Array) -> NDArray:
    """x's data in a dtype pocketfft computes in (float16 / bfloat16 -> float32,
    complex32 -> complex64)."""
    dt = x._dtype
    if dt is D.complex32:
        return D.c32_to_c64(x._array)
    if dt is D.float16 or D.is_bfloat16(dt):
        return x._array.astype(D.float32)
    return x._array


def _run(func: str, call: Callable[..., NDArray], x: Array, resized: Sequence[int],
         lengths: Sequence[int], **kwargs: Any) -> NDArray:
    """``call(x's data, **kwargs)`` after checking the transform's arrays (``x``'s shape
    with axes ``resized`` given ``lengths``, in complex128) can exist; quiet FP state."""
    shape = list(x.shape)
    for a, k in zip(resized, lengths):
        shape[a] = k
    check_shape(shape, 16, func, "the transform")
    return allocating(quiet, call, _compute(x), func=func, what="the transform", **kwargs)


def _wrap(out: NDArray, dt: DType) -> Array:
    """Round a transform back to ``dt`` once."""
    return Array._new(D.narrow(np.asarray(out), dt), dt)


def _result_dtype(x: Array, kind: str, inverse_real: bool) -> DType:
    """A transform's result dtype: complex for real input, real for the inverse real
    transforms, else x's own."""
    if kind == "real":
        return _TO_COMPLEX[x._dtype]
    if inverse_real:
        return _TO_REAL[x._dtype]
    return x._dtype


# -- one-dimensional transforms ------------------------------------------------------------
def _transform_1d(x: object, n: object, axis: object, norm: object, func: str,
                  call: Callable[..., NDArray], kind: str, inverse_real: bool = False) -> Array:
    x = _input(x, func, kind)
    norm = _check_norm(norm, func)
    ax = normalize_axis(axis, x.ndim, func)
    if n is None:
        k = _default_length(x.shape[ax], ax, func, inverse_real)
    else:
        k = _length(n, func)
    res = _result_dtype(x, kind, inverse_real)
    return _wrap(_run(func, call, x, (ax,), (k,), n=k, axis=ax, norm=norm), res)


def fft(x: Array, /, *, n: int | None = None, axis: int = -1,
        norm: str = "backward") -> Array:
    """One-dimensional discrete Fourier transform of complex x along ``axis``.

    ``n`` pads with zeros or trims the axis first; ``norm``: 'backward' (no scaling),
    'ortho' (1/sqrt(n)) or 'forward' (1/n).  Same dtype as x.

    Examples
    --------
    >>> x = xp.asarray([1, 0, 0, 0], dtype=xp.complex64)
    >>> xp.fft.fft(x)
    Array([1.+0.j, 1.+0.j, 1.+0.j, 1.+0.j], dtype=complex64)
    >>> xp.fft.fft(xp.asarray([0, 1, 0, 0], dtype=xp.complex64))
    Array([ 1.+0.j,  0.-1.j, -1.+0.j,  0.+1.j], dtype=complex64)
    """
    return _transform_1d(x, n, axis, norm, "fft.fft", np.fft.fft, "complex")


def ifft(x: Array, /, *, n: int | None = None, axis: int = -1,
         norm: str = "backward") -> Array:
    """One-dimensional inverse DFT of complex x ('backward' scales by 1/n); x's dtype.

    Examples
    --------
    >>> x = xp.asarray([4, 0, 0, 0], dtype=xp.complex64)
    >>> xp.fft.ifft(x)
    Array([1.+0.j, 1.+0.j, 1.+0.j, 1.+0.j], dtype=complex64)
    """
    return _transform_1d(x, n, axis, norm, "fft.ifft", np.fft.ifft, "complex")


def rfft(x: Array, /, *, n: int | None = None, axis: int = -1,
         norm: str = "backward") -> Array:
    """DFT of real x: the n//2 + 1 non-negative frequency terms, complex of x's precision.

    Examples
    --------
    >>> xp.fft.rfft(xp.asarray([1.0, 2.0, 1.0, 0.0], dtype=xp.float32))
    Array([4.+0.j, 0.-2.j, 0.+0.j], dtype=complex64)
    """
    return _transform_1d(x, n, axis, norm, "fft.rfft", np.fft.rfft, "real")


def irfft(x: Array, /, *, n: int | None = None, axis: int = -1,
          norm: str = "backward") -> Array:
    """Inverse of rfft: a real signal of length n (default 2*(M-1)) of x's precision.

    Examples
    --------
    >>> xp.fft.irfft(xp.asarray([4, 0, 0], dtype=xp.complex64))
    Array([1., 1., 1., 1.], dtype=float32)
    """
    return _transform_1d(x, n, axis, norm, "fft.irfft", np.fft.irfft, "complex", True)


def hfft(x: Array, /, *, n: int | None = None, axis: int = -1,
         norm: str = "backward") -> Array:
    """DFT of a Hermitian-symmetric signal given by its first half (complex x): real
    output of length n (default 2*(M-1)) with x's precision.

    Examples
    --------
    >>> xp.fft.hfft(xp.asarray([1, 0, 0], dtype=xp.complex64))
    Array([1., 1., 1., 1.], dtype=float32)
    """
    return _transform_1d(x, n, axis, norm, "fft.hfft", np.fft.hfft, "complex", True)


def ihfft(x: Array, /, *, n: int | None = None, axis: int = -1,
          norm: str = "backward") -> Array:
    """Inverse of hfft for real x: n//2 + 1 complex terms of x's precision.

    Examples
    --------
    >>> xp.fft.ihfft(xp.asarray([4.0, 0.0, 0.0, 0.0], dtype=xp.float32))
    Array([1.-0.j, 1.-0.j, 1.-0.j], dtype=complex64)
    """
    return _transform_1d(x, n, axis, norm, "fft.ihfft", np.fft.ihfft, "real")


# -- n-dimensional transforms ----------------------------------------------------------------
def _int_sequence(value: object, func: str, name: str) -> list[Any]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise TypeMismatchError(f"{func}(): {name}={value!r} must be a sequence of ints")
    return list(value)


def _axes_and_sizes(x: Array, s: object, axes: object, func: str,
                    inverse_real: bool) -> tuple[tuple[int, ...], list[int]]:
    if axes is None:
        if s is not None:
            raise InvalidArgumentError(f"{func}(): s={s!r} needs axes: pass the axes it sizes")
        ax = tuple(range(x.ndim))
    else:
        ax = tuple(normalize_axis(a, x.ndim, func, "axes")
                   for a in _int_sequence(axes, func, "axes"))
        if len(set(ax)) != len(ax):
            raise AxisError(f"{func}(): axes={axes!r} repeats an axis")
    if s is None:
        given = [-1] * len(ax)
    else:
        given = [_length(k, func, "s", allow_minus_one=True)
                 for k in _int_sequence(s, func, "s")]
        if len(given) != len(ax):
            raise InvalidArgumentError(
                f"{func}(): s={s!r} has {len(given)} entries but axes={axes!r} has {len(ax)}"
            )
    sizes = []
    for i, (a, k) in enumerate(zip(ax, given)):
        last_inverse = inverse_real and i == len(ax) - 1
        sizes.append(_default_length(x.shape[a], a, func, last_inverse) if k == -1 else k)
    return ax, sizes


def _transform_nd(x: object, s: object, axes: object, norm: object, func: str,
                  call: Callable[..., NDArray], kind: str,
                  inverse_real: bool = False) -> Array:
    x = _input(x, func, kind)
    norm = _check_norm(norm, func)
    ax, sizes = _axes_and_sizes(x, s, axes, func, inverse_real)
    res = _result_dtype(x, kind, inverse_real)
    if not ax:
        if kind == "real" or inverse_real:
            raise InvalidArgumentError(f"{func}() needs at least one axis to transform")
        return Array._new(x._array.copy(), x._dtype)  # a transform over no axes
    return _wrap(_run(func, call, x, ax, sizes, s=sizes, axes=ax, norm=norm), res)


def fftn(x: Array, /, *, s: Sequence[int] | None = None, axes: Sequence[int] | None = None,
         norm: str = "backward") -> Array:
    """n-dimensional DFT of complex x over ``axes`` (None: all axes); x's dtype.

    ``s[i]`` pads or trims axis ``axes[i]`` (-1: keep its size); ``s`` needs ``axes``.
    ``norm`` scales by 1, 1/sqrt(prod(s)) or 1/prod(s).  Repeated axes raise AxisError.

    Examples
    --------
    >>> xp.fft.fftn(xp.ones((2, 2), dtype=xp.complex64))
    Array([[4.+0.j, 0.+0.j],
           [0.+0.j, 0.+0.j]], dtype=complex64)
    """
    return _transform_nd(x, s, axes, norm, "fft.fftn", np.fft.fftn, "complex")


def ifftn(x: Array, /, *, s: Sequence[int] | None = None, axes: Sequence[int] | None = None,
          norm: str = "backward") -> Array:
    """n-dimensional inverse DFT of complex x over ``axes``; x's dtype.

    Examples
    --------
    >>> xp.fft.ifftn(xp.asarray([[4, 0], [0, 0]], dtype=xp.complex128))
    Array([[1.+0.j, 1.+0.j],
           [1.+0.j, 1.+0.j]], dtype=complex128)
    """
    return _transform_nd(x, s, axes, norm, "fft.ifftn", np.fft.ifftn, "complex")


def rfftn(x: Array, /, *, s: Sequence[int] | None = None, axes: Sequence[int] | None = None,
          norm: str = "backward") -> Array:
    """n-dimensional DFT of real x; the last transformed axis keeps s[-1]//2 + 1 terms.

    Examples
    --------
    >>> xp.fft.rfftn(xp.ones((2, 4), dtype=xp.float32))
    Array([[8.+0.j, 0.+0.j, 0.+0.j],
           [0.+0.j, 0.+0.j, 0.+0.j]], dtype=complex64)
    """
    return _transform_nd(x, s, axes, norm, "fft.rfftn", np.fft.rfftn, "real")


def irfftn(x: Array, /, *, s: Sequence[int] | None = None, axes: Sequence[int] | None = None,
           norm: str = "backward") -> Array:
    """Inverse of rfftn: real output, last transformed axis of length s[-1]
    (default 2*(M-1)), with x's precision.

    Examples
    --------
    >>> xp.fft.irfftn(xp.asarray([[8, 0, 0], [0, 0, 0]], dtype=xp.complex64))
    Array([[1., 1., 1., 1.],
           [1., 1., 1., 1.]], dtype=float32)
    """
    return _transform_nd(x, s, axes, norm, "fft.irfftn", np.fft.irfftn, "complex", True)


# -- frequencies and shifts ------------------------------------------------------------------
def _frequencies(n: object, d: object, dtype: object, device: object, func: str,
                 call: Callable[..., NDArray]) -> Array:
    k = _length(n, func)
    if isinstance(d, bool | np.bool_) or not isinstance(d, int | float | np.integer | np.floating):
        raise TypeMismatchError(f"{func}(): d={d!r} must be a real number")
    if not (math.isfinite(float(d)) and float(d) != 0):
        raise InvalidArgumentError(f"{func}(): d={d!r} must be finite and non-zero")
    dt = DEFAULT_FLOAT if dtype is None else D.canonical(dtype)
    if dt not in D.REAL_FLOAT:
        raise TypeMismatchError(
            f"{func}(): dtype={D.name_of(dt)} must be a real floating-point dtype"
        )
    try:
        check_device(device)
    except InvalidArgumentError as e:
        raise InvalidArgumentError(f"{func}(): {message(e)}") from None
    check_shape((k,), 8, func)
    return Array._new(allocating(call, k, float(d), func=func).astype(dt), dt)


def fftfreq(n: int, /, *, d: float = 1.0, dtype: DType | None = None,
            device: Device | None = None) -> Array:
    """Sample frequencies of an n-point DFT: [0, 1, ..., -1] / (d*n); default float64.

    Examples
    --------
    >>> xp.fft.fftfreq(4)
    Array([ 0.  ,  0.25, -0.5 , -0.25], dtype=float64)
    >>> xp.fft.fftfreq(5, d=0.5, dtype=xp.float32)
    Array([ 0. ,  0.4,  0.8, -0.8, -0.4], dtype=float32)
    """
    return _frequencies(n, d, dtype, device, "fft.fftfreq", np.fft.fftfreq)


def rfftfreq(n: int, /, *, d: float = 1.0, dtype: DType | None = None,
             device: Device | None = None) -> Array:
    """Sample frequencies of rfft's n//2 + 1 terms: [0, 1, ..., n//2] / (d*n).

    Examples
    --------
    >>> xp.fft.rfftfreq(4)
    Array([0.  , 0.25, 0.5 ], dtype=float64)
    >>> xp.fft.rfftfreq(5, d=0.5)
    Array([0. , 0.4, 0.8], dtype=float64)
    """
    return _frequencies(n, d, dtype, device, "fft.rfftfreq", np.fft.rfftfreq)


def _shift(x: object, axes: object, func: str, inverse: bool) -> Array:
    x = array_arg(x, func, "x")
    if axes is None:
        ax: tuple[int, ...] = tuple(range(x.ndim))
    elif isinstance(axes, int | np.integer) and not isinstance(axes, bool | np.bool_):
        ax = (normalize_axis(axes, x.ndim, func, "axes"),)
    else:
        ax = tuple(normalize_axis(a, x.ndim, func, "axes")
                   for a in _int_sequence(axes, func, "axes"))
        if len(set(ax)) != len(ax):
            raise AxisError(f"{func}(): axes={axes!r} repeats an axis")
    a = D.bits(x._array)
    if not ax:
        out = a.copy()
    else:
        sizes = [x.shape[i] for i in ax]
        shifts = [-(m // 2) for m in sizes] if inverse else [m // 2 for m in sizes]
        out = np.roll(a, shifts, ax)
    return Array._new(out.view(x._array.dtype), x._dtype)


def fftshift(x: Array, /, *, axes: int | Sequence[int] | None = None) -> Array:
    """Move the zero-frequency term to the centre of ``axes`` (None: all axes).

    Pure data movement: any dtype is accepted and kept.

    Examples
    --------
    >>> xp.fft.fftshift(xp.fft.fftfreq(5))
    Array([-0.4, -0.2,  0. ,  0.2,  0.4], dtype=float64)
    """
    return _shift(x, axes, "fft.fftshift", inverse=False)


def ifftshift(x: Array, /, *, axes: int | Sequence[int] | None = None) -> Array:
    """Inverse of fftshift (differs from it by one sample for odd lengths).

    Examples
    --------
    >>> xp.fft.ifftshift(xp.fft.fftshift(xp.fft.fftfreq(5)))
    Array([ 0. ,  0.2,  0.4, -0.4, -0.2], dtype=float64)
    """
    return _shift(x, axes, "fft.ifftshift", inverse=True)

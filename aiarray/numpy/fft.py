"""``aiarray.numpy.fft``: NumPy's ``numpy.fft`` over aiarray's fft extension.

NumPy's forms over ``aiarray.fft``: real input of the complex transforms is taken
as complex (float32 -> complex64, float64 and integers -> complex128, as NumPy 2),
integer input of the real transforms as float64; ``norm=None`` is "backward";
``fft2``/``ifft2``/``rfft2``/``irfft2`` are the n-dimensional transforms over the last
two axes.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _dtypes as D
from .. import fft as F
from .._api import data_type as T
from .._array import Array
from . import _convert as C

__all__ = [
    "fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft", "rfft2", "irfft2",
    "rfftn", "irfftn", "hfft", "ihfft", "fftfreq", "rfftfreq", "fftshift", "ifftshift",
]

# real dtype -> the complex dtype its transforms give (NumPy 2: float32 -> complex64);
# float16 and bfloat16 -> complex64 too, by name (bfloat16 loads on first use)
_COMPLEX = {"float16": D.complex64, "bfloat16": D.complex64, "float32": D.complex64}


def _complex(a: Any, func: str) -> Array:
    x = C.arr(a, func, "a")
    if x._dtype in D.COMPLEX:
        return x
    return C.tag(T.astype(x, _COMPLEX.get(D.name_of(x._dtype), D.complex128)))


def _real(a: Any, func: str) -> Array:
    x = C.arr(a, func, "a")
    if x._dtype in D.INTEGER or x._dtype is D.bool_:
        return C.tag(T.astype(x, D.float64))
    return x


def _norm(norm: Any) -> str:
    return "backward" if norm is None else norm


def _out(res: Array, out: Any, func: str) -> Array:
    res = C.tag(res)
    return C.into(res, out, func) if out is not None else res


@C.numpy_fallback(np.fft.fft)
def fft(a: Any, n: Any = None, axis: int = -1, norm: Any = None, out: Any = None) -> Array:
    """One-dimensional discrete Fourier transform."""
    return _out(F.fft(_complex(a, "fft"), n=n, axis=axis, norm=_norm(norm)), out, "fft")


@C.numpy_fallback(np.fft.ifft)
def ifft(a: Any, n: Any = None, axis: int = -1, norm: Any = None, out: Any = None) -> Array:
    """One-dimensional inverse discrete Fourier transform."""
    return _out(F.ifft(_complex(a, "ifft"), n=n, axis=axis, norm=_norm(norm)), out, "ifft")


@C.numpy_fallback(np.fft.fftn)
def fftn(a: Any, s: Any = None, axes: Any = None, norm: Any = None, out: Any = None) -> Array:
    """N-dimensional discrete Fourier transform."""
    return _out(F.fftn(_complex(a, "fftn"), s=s, axes=axes, norm=_norm(norm)), out, "fftn")


@C.numpy_fallback(np.fft.ifftn)
def ifftn(a: Any, s: Any = None, axes: Any = None, norm: Any = None, out: Any = None) -> Array:
    """N-dimensional inverse discrete Fourier transform."""
    return _out(F.ifftn(_complex(a, "ifftn"), s=s, axes=axes, norm=_norm(norm)), out,
                "ifftn")


@C.numpy_fallback(np.fft.fft2)
def fft2(a: Any, s: Any = None, axes: Any = (-2, -1), norm: Any = None,
         out: Any = None) -> Array:
    """Two-dimensional discrete Fourier transform (over the last two axes)."""
    return fftn(a, s, axes, norm, out)


@C.numpy_fallback(np.fft.ifft2)
def ifft2(a: Any, s: Any = None, axes: Any = (-2, -1), norm: Any = None,
          out: Any = None) -> Array:
    """Two-dimensional inverse discrete Fourier transform."""
    return ifftn(a, s, axes, norm, out)


@C.numpy_fallback(np.fft.rfft)
def rfft(a: Any, n: Any = None, axis: int = -1, norm: Any = None, out: Any = None) -> Array:
    """Transform of real input (the non-negative frequencies)."""
    return _out(F.rfft(_real(a, "rfft"), n=n, axis=axis, norm=_norm(norm)), out, "rfft")


@C.numpy_fallback(np.fft.irfft)
def irfft(a: Any, n: Any = None, axis: int = -1, norm: Any = None, out: Any = None) -> Array:
    """Inverse of rfft (a real result)."""
    return _out(F.irfft(_complex(a, "irfft"), n=n, axis=axis, norm=_norm(norm)), out,
                "irfft")


@C.numpy_fallback(np.fft.rfftn)
def rfftn(a: Any, s: Any = None, axes: Any = None, norm: Any = None, out: Any = None) -> Array:
    """N-dimensional transform of real input."""
    return _out(F.rfftn(_real(a, "rfftn"), s=s, axes=axes, norm=_norm(norm)), out, "rfftn")


@C.numpy_fallback(np.fft.irfftn)
def irfftn(a: Any, s: Any = None, axes: Any = None, norm: Any = None,
           out: Any = None) -> Array:
    """Inverse of rfftn."""
    return _out(F.irfftn(_complex(a, "irfftn"), s=s, axes=axes, norm=_norm(norm)), out,
                "irfftn")


@C.numpy_fallback(np.fft.rfft2)
def rfft2(a: Any, s: Any = None, axes: Any = (-2, -1), norm: Any = None,
          out: Any = None) -> Array:
    """Two-dimensional transform of real input."""
    return rfftn(a, s, axes, norm, out)


@C.numpy_fallback(np.fft.irfft2)
def irfft2(a: Any, s: Any = None, axes: Any = (-2, -1), norm: Any = None,
           out: Any = None) -> Array:
    """Inverse of rfft2."""
    return irfftn(a, s, axes, norm, out)


@C.numpy_fallback(np.fft.hfft)
def hfft(a: Any, n: Any = None, axis: int = -1, norm: Any = None, out: Any = None) -> Array:
    """Transform of a Hermitian-symmetric signal (a real result)."""
    return _out(F.hfft(_complex(a, "hfft"), n=n, axis=axis, norm=_norm(norm)), out, "hfft")


@C.numpy_fallback(np.fft.ihfft)
def ihfft(a: Any, n: Any = None, axis: int = -1, norm: Any = None, out: Any = None) -> Array:
    """Inverse of hfft."""
    return _out(F.ihfft(_real(a, "ihfft"), n=n, axis=axis, norm=_norm(norm)), out, "ihfft")


@C.numpy_fallback(np.fft.fftfreq)
def fftfreq(n: int, d: float = 1.0, device: Any = None, *, dtype: Any = None) -> Array:
    """Sample frequencies of an n-point transform (``dtype``: the standard's keyword)."""
    return C.tag(F.fftfreq(n, d=d, dtype=C.dtype_of(dtype), device=device))


@C.numpy_fallback(np.fft.rfftfreq)
def rfftfreq(n: int, d: float = 1.0, device: Any = None, *, dtype: Any = None) -> Array:
    """Sample frequencies of an n-point real transform (``dtype``: the standard's)."""
    return C.tag(F.rfftfreq(n, d=d, dtype=C.dtype_of(dtype), device=device))


@C.numpy_fallback(np.fft.fftshift)
def fftshift(x: Any, axes: Any = None) -> Array:
    """The zero frequency moved to the centre."""
    return C.tag(F.fftshift(C.arr(x, "fftshift", "x"), axes=axes))


@C.numpy_fallback(np.fft.ifftshift)
def ifftshift(x: Any, axes: Any = None) -> Array:
    """Inverse of fftshift."""
    return C.tag(F.ifftshift(C.arr(x, "ifftshift", "x"), axes=axes))


from ._status import not_served_getattr  # noqa: E402

__getattr__ = not_served_getattr("fft")

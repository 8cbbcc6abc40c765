"""Bit-exact building blocks of ``aiarray.random``: raw PCG64 words -> distributions.

Everything here uses only exact bit and integer manipulation and the IEEE-754
basic operations (+, -, *, /, sqrt, each correctly rounded, never fused), so a
nonzero seed gives the same bits on every platform and NumPy version that keeps
PCG64 and SeedSequence (both are specified algorithms).  NumPy's distribution
code and its SIMD transcendental functions (log, sin, cos, which may differ by
an ulp between CPUs) are deliberately not used: :func:`log` and :func:`sincos2pi`
below are fixed polynomial evaluations.

:func:`round_to` rounds a float64 array once to float32, float16 or bfloat16
(float16 / bfloat16 through float32 with round-to-odd, which avoids the double
rounding of a plain float64 -> float32 -> bfloat16 cast).
"""

from __future__ import annotations

import numpy as np

from . import _dtypes as D
from ._numpy_path import quiet

__all__ = [
    "log", "next_toward", "normal01", "round_to", "sincos2pi", "uniform01", "uniform01_open",
]

_2M53 = 2.0 ** -53
_SQRT_HALF = 0.7071067811865476
# ln 2 split as in fdlibm: _LN2_HI has 32 significant bits, so e * _LN2_HI is exact.
_LN2_HI = 6.93147180369123816490e-01
_LN2_LO = 1.90821492927058770002e-10
# 2 atanh(f) = 2f (1 + f^2/3 + f^4/5 + ...); |f| <= 0.1716, so f^24/25 < 1e-19.
_ATANH = tuple(1.0 / (2 * k + 1) for k in range(1, 13))
_TWO_PI = 6.283185307179586
# Taylor coefficients of sin and cos on [0, pi/4]; the first omitted terms are < 1e-19.
_SIN = tuple((-1.0) ** k / float(np.prod(np.arange(1, 2 * k + 2, dtype=np.float64)))
             for k in range(1, 10))
_COS = tuple((-1.0) ** k / float(np.prod(np.arange(1, 2 * k + 1, dtype=np.float64)))
             for k in range(1, 11))
# Octant j of the angle 2*pi*t: swap sin/cos, sign of sin, sign of cos.
_SWAP = np.array([False, True, True, False, False, True, True, False])
_SIN_SIGN = np.array([1.0, 1.0, 1.0, 1.0, -1.0, -1.0, -1.0, -1.0])
_COS_SIGN = np.array([1.0, 1.0, -1.0, -1.0, -1.0, -1.0, 1.0, 1.0])


def uniform01(raw: np.ndarray) -> np.ndarray:
    """Doubles in [0, 1) from the top 53 bits of each raw 64-bit word (k * 2**-53)."""
    return (raw >> np.uint64(11)).astype(np.float64) * _2M53


def uniform01_open(raw: np.ndarray) -> np.ndarray:
    """Doubles in (0, 1]: ``1 - uniform01(raw)`` (exact)."""
    return 1.0 - uniform01(raw)


def _horner(x: np.ndarray, coeffs: tuple[float, ...]) -> np.ndarray:
    acc = np.full_like(x, coeffs[-1])
    for c in coeffs[-2::-1]:
        acc = acc * x + c
    return acc


def log(u: np.ndarray) -> np.ndarray:
    """Natural log of positive finite float64 values, to a few ulp, bit-reproducibly.

    u = m * 2**e with m in [sqrt(1/2), sqrt(2)); log m = 2 atanh((m-1)/(m+1)) by its
    series; log u = e * ln2 + log m with ln2 split into two parts.
    """
    m, e = np.frexp(u)
    small = m < _SQRT_HALF
    m = np.where(small, m * 2.0, m)
    e = (e - small).astype(np.float64)
    f = (m - 1.0) / (m + 1.0)
    s = f * f
    logm = 2.0 * f + (2.0 * f) * (s * _horner(s, _ATANH))
    return e * _LN2_HI + (logm + e * _LN2_LO)


def sincos2pi(t: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(sin(2 pi t), cos(2 pi t)) for t in [0, 1), bit-reproducibly, to a few ulp.

    The octant j = floor(8 t) and the remainder r = t - j/8 are exact; odd octants
    use 1/8 - r (exact) so the polynomial argument phi = 2 pi r stays in [0, pi/4].
    """
    j = np.floor(t * 8.0)
    r = t - j * 0.125
    j = j.astype(np.intp)
    odd = (j & 1).astype(bool)
    r = np.where(odd, 0.125 - r, r)
    phi = r * _TWO_PI
    p2 = phi * phi
    s = phi + phi * (p2 * _horner(p2, _SIN))
    c = 1.0 + p2 * _horner(p2, _COS)
    swap = _SWAP[j]
    sin = np.where(swap, c, s) * _SIN_SIGN[j]
    cos = np.where(swap, s, c) * _COS_SIGN[j]
    return sin, cos


def normal01(raw: np.ndarray, n: int) -> np.ndarray:
    """n standard normal doubles by Box-Muller from ``raw`` (2 * ceil(n / 2) words).

    Words 2i and 2i+1 give u1 in (0, 1] and u2 in [0, 1); the pair of normals is
    sqrt(-2 log u1) * (cos 2 pi u2, sin 2 pi u2), stored in that order.
    """
    u1 = uniform01_open(raw[0::2])
    u2 = uniform01(raw[1::2])
    rad = np.sqrt(-2.0 * log(u1))
    sin, cos = sincos2pi(u2)
    out = np.empty(2 * u1.size, np.float64)
    out[0::2] = rad * cos
    out[1::2] = rad * sin
    return out[:n]


def _to_float32_odd(a: np.ndarray) -> np.ndarray:
    """float64 -> float32 with round-to-odd (truncate, then set the last bit if inexact)."""
    f = quiet(lambda v: v.astype(np.float32), a)
    back = f.astype(np.float64)
    inexact = back != a
    away = np.abs(back) > np.abs(a)
    bits = f.view(np.uint32).copy()
    bits[away] -= np.uint32(1)  # one step toward zero (sign-magnitude)
    bits[inexact] |= np.uint32(1)
    return bits.view(np.float32)


def round_to(a: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """Round a float64 array once (to nearest, ties to even) to a real floating dtype."""
    if dtype == D.float64:
        return a
    if dtype == D.float32:
        return quiet(lambda v: v.astype(np.float32), a)
    return quiet(lambda v: v.astype(dtype), _to_float32_odd(a))


def next_toward(value: float, dtype: np.dtype, up: bool) -> float:
    """The neighbour above (``up``) or below ``value`` in ``dtype``; ``value`` must be in it."""
    udt = {2: np.uint16, 4: np.uint32, 8: np.uint64}[dtype.itemsize]
    if value == 0.0:
        tiny = float(np.array([1], udt).view(dtype).astype(np.float64)[0])
        return tiny if up else -tiny
    bits = np.array([value], np.float64).astype(dtype).view(udt).copy()
    if (value > 0) == up:
        bits += udt(1)
    else:
        bits -= udt(1)
    return float(bits.view(dtype).astype(np.float64)[0])

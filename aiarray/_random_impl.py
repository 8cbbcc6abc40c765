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
from ._typing import DType, NDArray

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


def uniform01(raw: NDArray) -> NDArray:
    """Doubles in [0, 1) from the top 53 bits of each raw 64-bit word (k * 2**-53)."""
    out = (raw >> np.uint64(11)).astype(np.float64)
    out *= _2M53
    return out


def uniform01_open(raw: NDArray) -> NDArray:
    """Doubles in (0, 1]: ``1 - uniform01(raw)`` (exact)."""
    out = uniform01(raw)
    np.subtract(1.0, out, out=out)
    return out


def _horner(x: NDArray, coeffs: tuple[float, ...]) -> NDArray:
    """sum(c_i x**i) by Horner's rule, in place on one new array."""
    acc = np.full_like(x, coeffs[-1])
    for c in coeffs[-2::-1]:
        acc *= x
        acc += c
    return acc


def log(u: NDArray) -> NDArray:
    """Natural log of positive finite float64 values, to a few ulp, bit-reproducibly.

    u = m * 2**e with m in [sqrt(1/2), sqrt(2)); log m = 2 atanh((m-1)/(m+1)) by its
    series; log u = e * ln2 + log m with ln2 split into two parts.
    """
    m, e = np.frexp(u)
    small = m < _SQRT_HALF
    np.multiply(m, 2.0, out=m, where=small)
    e = e.astype(np.float64)
    e -= small
    f = m - 1.0
    m += 1.0
    f /= m                      # f = (m - 1) / (m + 1)
    s = np.multiply(f, f, out=m)
    p = _horner(s, _ATANH)
    p *= s
    f *= 2.0                    # 2f is exact
    p *= f
    p += f                      # log m = 2f + 2f * (s * P(s))
    lo = e * _LN2_LO
    p += lo
    e *= _LN2_HI
    e += p
    return e


def sincos2pi(t: NDArray) -> tuple[NDArray, NDArray]:
    """(sin(2 pi t), cos(2 pi t)) for t in [0, 1), bit-reproducibly, to a few ulp.

    The octant j = floor(8 t) and the remainder r = t - j/8 are exact; odd octants
    use 1/8 - r (exact) so the polynomial argument phi = 2 pi r stays in [0, pi/4].
    """
    jf = np.floor(t * 8.0)
    r = jf * 0.125
    np.subtract(t, r, out=r)
    j = jf.astype(np.intp)
    odd = (j & 1).astype(bool)
    np.subtract(0.125, r, out=r, where=odd)
    phi = np.multiply(r, _TWO_PI, out=r)
    p2 = phi * phi
    s = _horner(p2, _SIN)
    s *= p2
    s *= phi
    s += phi                    # sin phi = phi + phi * (p2 * S(p2))
    c = _horner(p2, _COS)
    c *= p2
    c += 1.0                    # cos phi = 1 + p2 * C(p2)
    swap = _SWAP[j]
    sin = np.where(swap, c, s)
    cos = np.where(swap, s, c)
    sin *= _SIN_SIGN[j]
    cos *= _COS_SIGN[j]
    return sin, cos


def normal01(raw: NDArray, n: int) -> NDArray:
    """n standard normal doubles by Box-Muller from ``raw`` (2 * ceil(n / 2) words).

    Words 2i and 2i+1 give u1 in (0, 1] and u2 in [0, 1); the pair of normals is
    sqrt(-2 log u1) * (cos 2 pi u2, sin 2 pi u2), stored in that order.
    """
    u1 = uniform01_open(raw[0::2])
    u2 = uniform01(raw[1::2])
    rad = log(u1)
    rad *= -2.0
    np.sqrt(rad, out=rad)
    sin, cos = sincos2pi(u2)
    out = np.empty(2 * u1.size, np.float64)
    np.multiply(rad, cos, out=out[0::2])
    np.multiply(rad, sin, out=out[1::2])
    return out[:n]


def round_to(a: NDArray, dtype: DType) -> NDArray:
    """Round a float64 array once (to nearest, ties to even) to a real floating dtype."""
    if dtype == D.float64:
        return a
    if dtype == D.float32:
        return quiet(lambda v: v.astype(np.float32), a)
    return quiet(lambda v: v.astype(dtype), D.float64_to_float32_odd(a))


def next_toward(value: float, dtype: DType, up: bool) -> float:
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

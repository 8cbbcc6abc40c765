"""numba kernels for aiarray, generated from the op registry: do not edit.

Regenerate with ``python tools/gen_kernels.py``.  Imported lazily by
aiarray._kernels._numba; importing it imports numba.  The helpers the kernels call are
in ``_helpers.py``; its hash, which changes when it does (numba's cache would not
notice that change otherwise): 04508bfccaf021b0
"""
import cmath
import math

import numpy as np
from numba import njit, prange

from ._helpers import (  # noqa: F401  (the hand-written kernels are looked up here)
    _P,
    extreme_float,
    extreme_int,
    ffloordiv,
    fremainder,
    fsign,
    ifloordiv,
    ipow,
    like,
    lshift_i,
    lshift_u,
    nt_vector,
    one,
    rshift_i,
    rshift_u,
    stream,
    stream_fence,
    sum_parts,
    team_tids,
    zero,
)

_nt_fdiv = nt_vector("fdiv")

@njit(**_P)
def acos_f_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.acos(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.acos(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def acosh_f_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.acosh(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.acosh(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def asin_f_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.asin(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.asin(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def asinh_f_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.asinh(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.asinh(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def atan_f_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.atan(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.atan(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def atanh_f_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.atanh(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.atanh(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def cos_f_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.cos(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.cos(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def cosh_f_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.cosh(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.cosh(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def exp_f_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.exp(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.exp(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def expm1_f_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.expm1(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.expm1(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def log_f_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.log(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.log(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def log1p_f_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.log1p(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.log1p(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def log2_f_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.log2(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.log2(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def log10_f_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.log10(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.log10(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def sin_f_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.sin(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.sin(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def sinh_f_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.sinh(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.sinh(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def sqrt_f_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.sqrt(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.sqrt(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def tan_f_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.tan(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.tan(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def tanh_f_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.tanh(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.tanh(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def reciprocal_f_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = one(a[i]) / a[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = one(a_[i]) / a_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def abs_i_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = abs(a[i])
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, abs(a_[i]))
        stream_fence()

@njit(**_P)
def abs_u_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i])
        stream_fence()

@njit(**_P)
def abs_f_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = abs(a[i])
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, abs(a_[i]))
        stream_fence()

@njit(**_P)
def negative_iuf_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = -a[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, -a_[i])
        stream_fence()

@njit(**_P)
def negative_c_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = -a[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, -a_[i])
        stream_fence()

@njit(**_P)
def positive_iufc_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i])
        stream_fence()

@njit(**_P)
def square_iuf_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] * a[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i] * a_[i])
        stream_fence()

@njit(**_P)
def sign_i_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = (a[i] > 0) - (a[i] < 0)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = (a_[i] > 0) - (a_[i] < 0)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def sign_u_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = one(a[i]) if a[i] > 0 else a[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = one(a_[i]) if a_[i] > 0 else a_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def sign_f_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = fsign(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = fsign(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def conj_iuf_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i])
        stream_fence()

@njit(**_P)
def conj_c_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i].conjugate()
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i].conjugate())
        stream_fence()

@njit(**_P)
def real_iuf_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i])
        stream_fence()

@njit(**_P)
def real_c_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i].real
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i].real)
        stream_fence()

@njit(**_P)
def imag_iuf_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = zero(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = zero(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def imag_c_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i].imag
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i].imag
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def ceil_iu_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def ceil_f_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = np.ceil(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = np.ceil(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def floor_iu_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def floor_f_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = np.floor(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = np.floor(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def trunc_iu_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def trunc_f_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = np.trunc(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = np.trunc(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def round_iu_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def round_f_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = np.rint(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = np.rint(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def isfinite_biu_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = True
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = True
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def isfinite_f_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.isfinite(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.isfinite(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def isfinite_c_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = cmath.isfinite(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = cmath.isfinite(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def isinf_biu_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = False
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = False
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def isinf_f_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.isinf(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.isinf(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def isinf_c_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = cmath.isinf(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = cmath.isinf(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def isnan_biu_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = False
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = False
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def isnan_f_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.isnan(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.isnan(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def isnan_c_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = cmath.isnan(a[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = cmath.isnan(a_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def signbit_f_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.copysign(1.0, a[i]) < 0
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.copysign(1.0, a_[i]) < 0
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def bitwise_invert_b_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = not a[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, not a_[i])
        stream_fence()

@njit(**_P)
def bitwise_invert_iu_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = ~a[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, ~a_[i])
        stream_fence()

@njit(**_P)
def logical_not_b_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = not a[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = not a_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def logical_not_iuf_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] == 0
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i] == 0
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def logical_not_c_v(a, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] == 0
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i] == 0
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def add_b_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] or b[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        b_ = b[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i] or b_[i])
        stream_fence()

@njit(**_P)
def add_b_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] or b
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i] or b)
        stream_fence()

@njit(**_P)
def add_b_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a or b[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        b_ = b[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a or b_[i])
        stream_fence()

@njit(**_P)
def add_b_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = x[j] or y[j]
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = x[j] or t
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = s or y[j]
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = s or t

@njit(**_P)
def add_iuf_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] + b[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        b_ = b[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i] + b_[i])
        stream_fence()

@njit(**_P)
def add_iuf_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] + b
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i] + b)
        stream_fence()

@njit(**_P)
def add_iuf_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a + b[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        b_ = b[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a + b_[i])
        stream_fence()

@njit(**_P)
def add_iuf_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = x[j] + y[j]
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = x[j] + t
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = s + y[j]
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = s + t

@njit(**_P)
def add_iuf_vvx(a, b, proto, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = like(a[i], proto) + like(b[i], proto)
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        b_ = b[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, like(a_[i], proto) + like(b_[i], proto))
        stream_fence()

@njit(**_P)
def add_c_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] + b[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        b_ = b[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i] + b_[i])
        stream_fence()

@njit(**_P)
def add_c_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] + b
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i] + b)
        stream_fence()

@njit(**_P)
def add_c_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a + b[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        b_ = b[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a + b_[i])
        stream_fence()

@njit(**_P)
def add_c_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = x[j] + y[j]
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = x[j] + t
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = s + y[j]
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = s + t

@njit(**_P)
def subtract_iuf_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] - b[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        b_ = b[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i] - b_[i])
        stream_fence()

@njit(**_P)
def subtract_iuf_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] - b
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i] - b)
        stream_fence()

@njit(**_P)
def subtract_iuf_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a - b[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        b_ = b[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a - b_[i])
        stream_fence()

@njit(**_P)
def subtract_iuf_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = x[j] - y[j]
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = x[j] - t
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = s - y[j]
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = s - t

@njit(**_P)
def subtract_iuf_vvx(a, b, proto, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = like(a[i], proto) - like(b[i], proto)
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        b_ = b[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, like(a_[i], proto) - like(b_[i], proto))
        stream_fence()

@njit(**_P)
def subtract_c_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] - b[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        b_ = b[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i] - b_[i])
        stream_fence()

@njit(**_P)
def subtract_c_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] - b
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i] - b)
        stream_fence()

@njit(**_P)
def subtract_c_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a - b[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        b_ = b[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a - b_[i])
        stream_fence()

@njit(**_P)
def subtract_c_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = x[j] - y[j]
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = x[j] - t
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = s - y[j]
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = s - t

@njit(**_P)
def multiply_b_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] and b[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        b_ = b[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i] and b_[i])
        stream_fence()

@njit(**_P)
def multiply_b_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] and b
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i] and b)
        stream_fence()

@njit(**_P)
def multiply_b_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a and b[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        b_ = b[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a and b_[i])
        stream_fence()

@njit(**_P)
def multiply_b_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = x[j] and y[j]
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = x[j] and t
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = s and y[j]
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = s and t

@njit(**_P)
def multiply_iuf_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] * b[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        b_ = b[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i] * b_[i])
        stream_fence()

@njit(**_P)
def multiply_iuf_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] * b
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i] * b)
        stream_fence()

@njit(**_P)
def multiply_iuf_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a * b[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        b_ = b[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a * b_[i])
        stream_fence()

@njit(**_P)
def multiply_iuf_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = x[j] * y[j]
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = x[j] * t
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = s * y[j]
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = s * t

@njit(**_P)
def multiply_iuf_vvx(a, b, proto, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = like(a[i], proto) * like(b[i], proto)
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        b_ = b[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, like(a_[i], proto) * like(b_[i], proto))
        stream_fence()

@njit(**_P)
def divide_f_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] / b[i]
        return
    width = 64 // out.itemsize
    addr = out.ctypes.data
    head = (64 - addr % 64) % 64 // out.itemsize
    if addr % out.itemsize or head > n:  # not element-aligned: scalar stores
        head = n
    body = (n - head) - (n - head) % width
    blocks = body // width
    per = (blocks + workers - 1) // workers
    for w in prange(workers):
        if w == 0:
            for i in range(head):
                out[i] = a[i] / b[i]
            for i in range(head + body, n):
                out[i] = a[i] / b[i]
        for k in range(w * per, min((w + 1) * per, blocks)):
            _nt_fdiv(out, a, b, head + k * width)
        stream_fence()

@njit(**_P)
def divide_f_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] / b
        return
    width = 64 // out.itemsize
    addr = out.ctypes.data
    head = (64 - addr % 64) % 64 // out.itemsize
    if addr % out.itemsize or head > n:  # not element-aligned: scalar stores
        head = n
    body = (n - head) - (n - head) % width
    blocks = body // width
    per = (blocks + workers - 1) // workers
    for w in prange(workers):
        if w == 0:
            for i in range(head):
                out[i] = a[i] / b
            for i in range(head + body, n):
                out[i] = a[i] / b
        for k in range(w * per, min((w + 1) * per, blocks)):
            _nt_fdiv(out, a, b, head + k * width)
        stream_fence()

@njit(**_P)
def divide_f_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a / b[i]
        return
    width = 64 // out.itemsize
    addr = out.ctypes.data
    head = (64 - addr % 64) % 64 // out.itemsize
    if addr % out.itemsize or head > n:  # not element-aligned: scalar stores
        head = n
    body = (n - head) - (n - head) % width
    blocks = body // width
    per = (blocks + workers - 1) // workers
    for w in prange(workers):
        if w == 0:
            for i in range(head):
                out[i] = a / b[i]
            for i in range(head + body, n):
                out[i] = a / b[i]
        for k in range(w * per, min((w + 1) * per, blocks)):
            _nt_fdiv(out, a, b, head + k * width)
        stream_fence()

@njit(**_P)
def divide_f_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = x[j] / y[j]
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = x[j] / t
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = s / y[j]
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = s / t

@njit(**_P)
def divide_f_vvx(a, b, proto, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = like(a[i], proto) / like(b[i], proto)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = like(a_[i], proto) / like(b_[i], proto)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def floor_divide_i_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = ifloordiv(a[i], b[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = ifloordiv(a_[i], b_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def floor_divide_i_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = ifloordiv(a[i], b)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = ifloordiv(a_[i], b)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def floor_divide_i_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = ifloordiv(a, b[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = ifloordiv(a, b_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def floor_divide_i_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = ifloordiv(x[j], y[j])
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = ifloordiv(x[j], t)
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = ifloordiv(s, y[j])
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = ifloordiv(s, t)

@njit(**_P)
def floor_divide_i_vvx(a, b, proto, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = ifloordiv(like(a[i], proto), like(b[i], proto))
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = ifloordiv(like(a_[i], proto), like(b_[i], proto))
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def floor_divide_u_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] // b[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i] // b_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def floor_divide_u_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] // b
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i] // b
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def floor_divide_u_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a // b[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a // b_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def floor_divide_u_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = x[j] // y[j]
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = x[j] // t
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = s // y[j]
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = s // t

@njit(**_P)
def floor_divide_u_vvx(a, b, proto, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = like(a[i], proto) // like(b[i], proto)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = like(a_[i], proto) // like(b_[i], proto)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def floor_divide_f_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = ffloordiv(a[i], b[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = ffloordiv(a_[i], b_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def floor_divide_f_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = ffloordiv(a[i], b)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = ffloordiv(a_[i], b)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def floor_divide_f_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = ffloordiv(a, b[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = ffloordiv(a, b_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def floor_divide_f_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = ffloordiv(x[j], y[j])
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = ffloordiv(x[j], t)
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = ffloordiv(s, y[j])
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = ffloordiv(s, t)

@njit(**_P)
def floor_divide_f_vvx(a, b, proto, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = ffloordiv(like(a[i], proto), like(b[i], proto))
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = ffloordiv(like(a_[i], proto), like(b_[i], proto))
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def remainder_iu_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] % b[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i] % b_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def remainder_iu_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] % b
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i] % b
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def remainder_iu_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a % b[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a % b_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def remainder_iu_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = x[j] % y[j]
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = x[j] % t
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = s % y[j]
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = s % t

@njit(**_P)
def remainder_iu_vvx(a, b, proto, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = like(a[i], proto) % like(b[i], proto)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = like(a_[i], proto) % like(b_[i], proto)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def remainder_f_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = fremainder(a[i], b[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = fremainder(a_[i], b_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def remainder_f_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = fremainder(a[i], b)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = fremainder(a_[i], b)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def remainder_f_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = fremainder(a, b[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = fremainder(a, b_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def remainder_f_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = fremainder(x[j], y[j])
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = fremainder(x[j], t)
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = fremainder(s, y[j])
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = fremainder(s, t)

@njit(**_P)
def remainder_f_vvx(a, b, proto, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = fremainder(like(a[i], proto), like(b[i], proto))
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = fremainder(like(a_[i], proto), like(b_[i], proto))
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def pow_iu_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = ipow(a[i], b[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = ipow(a_[i], b_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def pow_iu_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = ipow(a[i], b)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = ipow(a_[i], b)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def pow_iu_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = ipow(a, b[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = ipow(a, b_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def pow_iu_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = ipow(x[j], y[j])
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = ipow(x[j], t)
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = ipow(s, y[j])
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = ipow(s, t)

@njit(**_P)
def pow_iu_vvx(a, b, proto, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = ipow(like(a[i], proto), like(b[i], proto))
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = ipow(like(a_[i], proto), like(b_[i], proto))
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def pow_f_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] ** b[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i] ** b_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def pow_f_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] ** b
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i] ** b
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def pow_f_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a ** b[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a ** b_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def pow_f_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = x[j] ** y[j]
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = x[j] ** t
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = s ** y[j]
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = s ** t

@njit(**_P)
def pow_f_vvx(a, b, proto, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = like(a[i], proto) ** like(b[i], proto)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = like(a_[i], proto) ** like(b_[i], proto)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def maximum_iu_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = max(a[i], b[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = max(a_[i], b_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def maximum_iu_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = max(a[i], b)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = max(a_[i], b)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def maximum_iu_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = max(a, b[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = max(a, b_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def maximum_iu_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = max(x[j], y[j])
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = max(x[j], t)
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = max(s, y[j])
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = max(s, t)

@njit(**_P)
def maximum_iu_vvx(a, b, proto, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = max(like(a[i], proto), like(b[i], proto))
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = max(like(a_[i], proto), like(b_[i], proto))
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def maximum_f_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] if (a[i] > b[i] or a[i] != a[i]) else b[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i] if (a_[i] > b_[i] or a_[i] != a_[i]) else b_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def maximum_f_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] if (a[i] > b or a[i] != a[i]) else b
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i] if (a_[i] > b or a_[i] != a_[i]) else b
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def maximum_f_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a if (a > b[i] or a != a) else b[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a if (a > b_[i] or a != a) else b_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def maximum_f_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = x[j] if (x[j] > y[j] or x[j] != x[j]) else y[j]
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = x[j] if (x[j] > t or x[j] != x[j]) else t
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = s if (s > y[j] or s != s) else y[j]
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = s if (s > t or s != s) else t

@njit(**_P)
def maximum_f_vvx(a, b, proto, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = like(a[i], proto) if (like(a[i], proto) > like(b[i], proto) or like(a[i], proto) != like(a[i], proto)) else like(b[i], proto)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = like(a_[i], proto) if (like(a_[i], proto) > like(b_[i], proto) or like(a_[i], proto) != like(a_[i], proto)) else like(b_[i], proto)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def minimum_iu_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = min(a[i], b[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = min(a_[i], b_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def minimum_iu_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = min(a[i], b)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = min(a_[i], b)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def minimum_iu_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = min(a, b[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = min(a, b_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def minimum_iu_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = min(x[j], y[j])
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = min(x[j], t)
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = min(s, y[j])
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = min(s, t)

@njit(**_P)
def minimum_iu_vvx(a, b, proto, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = min(like(a[i], proto), like(b[i], proto))
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = min(like(a_[i], proto), like(b_[i], proto))
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def minimum_f_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] if (a[i] < b[i] or a[i] != a[i]) else b[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i] if (a_[i] < b_[i] or a_[i] != a_[i]) else b_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def minimum_f_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] if (a[i] < b or a[i] != a[i]) else b
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i] if (a_[i] < b or a_[i] != a_[i]) else b
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def minimum_f_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a if (a < b[i] or a != a) else b[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a if (a < b_[i] or a != a) else b_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def minimum_f_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = x[j] if (x[j] < y[j] or x[j] != x[j]) else y[j]
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = x[j] if (x[j] < t or x[j] != x[j]) else t
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = s if (s < y[j] or s != s) else y[j]
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = s if (s < t or s != s) else t

@njit(**_P)
def minimum_f_vvx(a, b, proto, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = like(a[i], proto) if (like(a[i], proto) < like(b[i], proto) or like(a[i], proto) != like(a[i], proto)) else like(b[i], proto)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = like(a_[i], proto) if (like(a_[i], proto) < like(b_[i], proto) or like(a_[i], proto) != like(a_[i], proto)) else like(b_[i], proto)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def atan2_f_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.atan2(a[i], b[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.atan2(a_[i], b_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def atan2_f_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.atan2(a[i], b)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.atan2(a_[i], b)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def atan2_f_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.atan2(a, b[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.atan2(a, b_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def atan2_f_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = math.atan2(x[j], y[j])
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = math.atan2(x[j], t)
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = math.atan2(s, y[j])
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = math.atan2(s, t)

@njit(**_P)
def atan2_f_vvx(a, b, proto, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.atan2(like(a[i], proto), like(b[i], proto))
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.atan2(like(a_[i], proto), like(b_[i], proto))
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def hypot_f_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.hypot(a[i], b[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.hypot(a_[i], b_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def hypot_f_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.hypot(a[i], b)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.hypot(a_[i], b)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def hypot_f_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.hypot(a, b[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.hypot(a, b_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def hypot_f_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = math.hypot(x[j], y[j])
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = math.hypot(x[j], t)
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = math.hypot(s, y[j])
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = math.hypot(s, t)

@njit(**_P)
def hypot_f_vvx(a, b, proto, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.hypot(like(a[i], proto), like(b[i], proto))
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.hypot(like(a_[i], proto), like(b_[i], proto))
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def copysign_f_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.copysign(a[i], b[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.copysign(a_[i], b_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def copysign_f_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.copysign(a[i], b)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.copysign(a_[i], b)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def copysign_f_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.copysign(a, b[i])
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.copysign(a, b_[i])
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def copysign_f_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = math.copysign(x[j], y[j])
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = math.copysign(x[j], t)
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = math.copysign(s, y[j])
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = math.copysign(s, t)

@njit(**_P)
def copysign_f_vvx(a, b, proto, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = math.copysign(like(a[i], proto), like(b[i], proto))
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = math.copysign(like(a_[i], proto), like(b_[i], proto))
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def bitwise_and_biu_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] & b[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        b_ = b[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i] & b_[i])
        stream_fence()

@njit(**_P)
def bitwise_and_biu_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] & b
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i] & b)
        stream_fence()

@njit(**_P)
def bitwise_and_biu_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a & b[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        b_ = b[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a & b_[i])
        stream_fence()

@njit(**_P)
def bitwise_and_biu_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = x[j] & y[j]
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = x[j] & t
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = s & y[j]
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = s & t

@njit(**_P)
def bitwise_or_biu_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] | b[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        b_ = b[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i] | b_[i])
        stream_fence()

@njit(**_P)
def bitwise_or_biu_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] | b
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i] | b)
        stream_fence()

@njit(**_P)
def bitwise_or_biu_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a | b[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        b_ = b[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a | b_[i])
        stream_fence()

@njit(**_P)
def bitwise_or_biu_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = x[j] | y[j]
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = x[j] | t
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = s | y[j]
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = s | t

@njit(**_P)
def bitwise_xor_biu_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] ^ b[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        b_ = b[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i] ^ b_[i])
        stream_fence()

@njit(**_P)
def bitwise_xor_biu_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] ^ b
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i] ^ b)
        stream_fence()

@njit(**_P)
def bitwise_xor_biu_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a ^ b[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        b_ = b[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a ^ b_[i])
        stream_fence()

@njit(**_P)
def bitwise_xor_biu_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = x[j] ^ y[j]
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = x[j] ^ t
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = s ^ y[j]
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = s ^ t

@njit(**_P)
def bitwise_left_shift_i_vv(a, b, out, workers):
    nbits = out.itemsize * 8
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = lshift_i(a[i], b[i], nbits)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = lshift_i(a_[i], b_[i], nbits)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def bitwise_left_shift_i_vs(a, b, out, workers):
    nbits = out.itemsize * 8
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = lshift_i(a[i], b, nbits)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = lshift_i(a_[i], b, nbits)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def bitwise_left_shift_i_sv(a, b, out, workers):
    nbits = out.itemsize * 8
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = lshift_i(a, b[i], nbits)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = lshift_i(a, b_[i], nbits)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def bitwise_left_shift_i_bc(a, b, out):
    nbits = out.itemsize * 8
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = lshift_i(x[j], y[j], nbits)
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = lshift_i(x[j], t, nbits)
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = lshift_i(s, y[j], nbits)
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = lshift_i(s, t, nbits)

@njit(**_P)
def bitwise_left_shift_i_vvx(a, b, proto, out, workers):
    nbits = out.itemsize * 8
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = lshift_i(like(a[i], proto), like(b[i], proto), nbits)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = lshift_i(like(a_[i], proto), like(b_[i], proto), nbits)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def bitwise_left_shift_u_vv(a, b, out, workers):
    nbits = out.itemsize * 8
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = lshift_u(a[i], b[i], nbits)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = lshift_u(a_[i], b_[i], nbits)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def bitwise_left_shift_u_vs(a, b, out, workers):
    nbits = out.itemsize * 8
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = lshift_u(a[i], b, nbits)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = lshift_u(a_[i], b, nbits)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def bitwise_left_shift_u_sv(a, b, out, workers):
    nbits = out.itemsize * 8
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = lshift_u(a, b[i], nbits)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = lshift_u(a, b_[i], nbits)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def bitwise_left_shift_u_bc(a, b, out):
    nbits = out.itemsize * 8
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = lshift_u(x[j], y[j], nbits)
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = lshift_u(x[j], t, nbits)
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = lshift_u(s, y[j], nbits)
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = lshift_u(s, t, nbits)

@njit(**_P)
def bitwise_left_shift_u_vvx(a, b, proto, out, workers):
    nbits = out.itemsize * 8
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = lshift_u(like(a[i], proto), like(b[i], proto), nbits)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = lshift_u(like(a_[i], proto), like(b_[i], proto), nbits)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def bitwise_right_shift_i_vv(a, b, out, workers):
    nbits = out.itemsize * 8
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = rshift_i(a[i], b[i], nbits)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = rshift_i(a_[i], b_[i], nbits)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def bitwise_right_shift_i_vs(a, b, out, workers):
    nbits = out.itemsize * 8
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = rshift_i(a[i], b, nbits)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = rshift_i(a_[i], b, nbits)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def bitwise_right_shift_i_sv(a, b, out, workers):
    nbits = out.itemsize * 8
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = rshift_i(a, b[i], nbits)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = rshift_i(a, b_[i], nbits)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def bitwise_right_shift_i_bc(a, b, out):
    nbits = out.itemsize * 8
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = rshift_i(x[j], y[j], nbits)
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = rshift_i(x[j], t, nbits)
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = rshift_i(s, y[j], nbits)
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = rshift_i(s, t, nbits)

@njit(**_P)
def bitwise_right_shift_i_vvx(a, b, proto, out, workers):
    nbits = out.itemsize * 8
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = rshift_i(like(a[i], proto), like(b[i], proto), nbits)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = rshift_i(like(a_[i], proto), like(b_[i], proto), nbits)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def bitwise_right_shift_u_vv(a, b, out, workers):
    nbits = out.itemsize * 8
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = rshift_u(a[i], b[i], nbits)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = rshift_u(a_[i], b_[i], nbits)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def bitwise_right_shift_u_vs(a, b, out, workers):
    nbits = out.itemsize * 8
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = rshift_u(a[i], b, nbits)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = rshift_u(a_[i], b, nbits)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def bitwise_right_shift_u_sv(a, b, out, workers):
    nbits = out.itemsize * 8
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = rshift_u(a, b[i], nbits)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = rshift_u(a, b_[i], nbits)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def bitwise_right_shift_u_bc(a, b, out):
    nbits = out.itemsize * 8
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = rshift_u(x[j], y[j], nbits)
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = rshift_u(x[j], t, nbits)
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = rshift_u(s, y[j], nbits)
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = rshift_u(s, t, nbits)

@njit(**_P)
def bitwise_right_shift_u_vvx(a, b, proto, out, workers):
    nbits = out.itemsize * 8
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = rshift_u(like(a[i], proto), like(b[i], proto), nbits)
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = rshift_u(like(a_[i], proto), like(b_[i], proto), nbits)
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def equal_biuf_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] == b[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i] == b_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def equal_biuf_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] == b
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i] == b
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def equal_biuf_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a == b[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a == b_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def equal_biuf_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = x[j] == y[j]
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = x[j] == t
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = s == y[j]
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = s == t

@njit(**_P)
def equal_c_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] == b[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i] == b_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def equal_c_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] == b
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i] == b
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def equal_c_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a == b[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a == b_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def equal_c_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = x[j] == y[j]
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = x[j] == t
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = s == y[j]
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = s == t

@njit(**_P)
def not_equal_biuf_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] != b[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i] != b_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def not_equal_biuf_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] != b
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i] != b
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def not_equal_biuf_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a != b[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a != b_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def not_equal_biuf_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = x[j] != y[j]
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = x[j] != t
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = s != y[j]
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = s != t

@njit(**_P)
def not_equal_c_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] != b[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i] != b_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def not_equal_c_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] != b
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i] != b
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def not_equal_c_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a != b[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a != b_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def not_equal_c_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = x[j] != y[j]
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = x[j] != t
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = s != y[j]
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = s != t

@njit(**_P)
def greater_biuf_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] > b[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i] > b_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def greater_biuf_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] > b
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i] > b
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def greater_biuf_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a > b[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a > b_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def greater_biuf_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = x[j] > y[j]
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = x[j] > t
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = s > y[j]
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = s > t

@njit(**_P)
def greater_equal_biuf_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] >= b[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i] >= b_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def greater_equal_biuf_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] >= b
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i] >= b
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def greater_equal_biuf_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a >= b[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a >= b_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def greater_equal_biuf_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = x[j] >= y[j]
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = x[j] >= t
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = s >= y[j]
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = s >= t

@njit(**_P)
def less_biuf_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] < b[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i] < b_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def less_biuf_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] < b
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i] < b
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def less_biuf_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a < b[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a < b_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def less_biuf_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = x[j] < y[j]
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = x[j] < t
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = s < y[j]
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = s < t

@njit(**_P)
def less_equal_biuf_vv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] <= b[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i] <= b_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def less_equal_biuf_vs(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] <= b
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            a_ = a[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a_[i] <= b
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def less_equal_biuf_sv(a, b, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a <= b[i]
        return
    chunks = (n + 4095) // 4096
    per = (chunks + workers - 1) // workers
    for w in prange(workers):
        tmp = np.empty(4096, out.dtype)
        for chunk in range(w * per, min((w + 1) * per, chunks)):
            lo = chunk * 4096
            hi = min(lo + 4096, n)
            out_ = out[lo:hi]
            b_ = b[lo:hi]
            for i in range(out_.shape[0]):
                tmp[i] = a <= b_[i]
            for i in range(out_.shape[0]):
                stream(out_, i, tmp[i])
        stream_fence()

@njit(**_P)
def less_equal_biuf_bc(a, b, out):
    m, n = out.shape
    ra = a.shape[0] != 1
    rb = b.shape[0] != 1
    ca = a.shape[1] != 1
    cb = b.shape[1] != 1
    for i in prange(m):
        k = np.int64(i)
        x = a[k if ra else 0]
        y = b[k if rb else 0]
        o = out[k]
        if ca and cb:
            for j in range(n):
                o[j] = x[j] <= y[j]
        elif ca:
            t = y[0]
            for j in range(n):
                o[j] = x[j] <= t
        elif cb:
            s = x[0]
            for j in range(n):
                o[j] = s <= y[j]
        else:
            s = x[0]
            t = y[0]
            for j in range(n):
                o[j] = s <= t

@njit(**_P)
def fma_b_vvv(a, b, c, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = (a[i] and b[i]) or c[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        b_ = b[lo:hi]
        c_ = c[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, (a_[i] and b_[i]) or c_[i])
        stream_fence()

@njit(**_P)
def fma_b_vvs(a, b, c, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = (a[i] and b[i]) or c
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        b_ = b[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, (a_[i] and b_[i]) or c)
        stream_fence()

@njit(**_P)
def fma_b_vsv(a, b, c, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = (a[i] and b) or c[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        c_ = c[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, (a_[i] and b) or c_[i])
        stream_fence()

@njit(**_P)
def fma_b_vss(a, b, c, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = (a[i] and b) or c
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, (a_[i] and b) or c)
        stream_fence()

@njit(**_P)
def fma_b_svv(a, b, c, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = (a and b[i]) or c[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        b_ = b[lo:hi]
        c_ = c[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, (a and b_[i]) or c_[i])
        stream_fence()

@njit(**_P)
def fma_b_svs(a, b, c, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = (a and b[i]) or c
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        b_ = b[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, (a and b_[i]) or c)
        stream_fence()

@njit(**_P)
def fma_b_ssv(a, b, c, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = (a and b) or c[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        c_ = c[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, (a and b) or c_[i])
        stream_fence()

@njit(**_P)
def fma_iuf_vvv(a, b, c, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] * b[i] + c[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        b_ = b[lo:hi]
        c_ = c[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i] * b_[i] + c_[i])
        stream_fence()

@njit(**_P)
def fma_iuf_vvs(a, b, c, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] * b[i] + c
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        b_ = b[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i] * b_[i] + c)
        stream_fence()

@njit(**_P)
def fma_iuf_vsv(a, b, c, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] * b + c[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        c_ = c[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i] * b + c_[i])
        stream_fence()

@njit(**_P)
def fma_iuf_vss(a, b, c, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a[i] * b + c
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        a_ = a[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a_[i] * b + c)
        stream_fence()

@njit(**_P)
def fma_iuf_svv(a, b, c, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a * b[i] + c[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        b_ = b[lo:hi]
        c_ = c[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a * b_[i] + c_[i])
        stream_fence()

@njit(**_P)
def fma_iuf_svs(a, b, c, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a * b[i] + c
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        b_ = b[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a * b_[i] + c)
        stream_fence()

@njit(**_P)
def fma_iuf_ssv(a, b, c, out, workers):
    n = out.shape[0]
    if workers == 0:
        for i in prange(n):
            out[i] = a * b + c[i]
        return
    per = (n + workers - 1) // workers
    for w in prange(workers):
        lo = min(w * per, n)
        hi = min(lo + per, n)
        out_ = out[lo:hi]
        c_ = c[lo:hi]
        for i in range(out_.shape[0]):
            stream(out_, i, a * b + c_[i])
        stream_fence()

"""Checked conversion of values between aiarray dtypes (``astype``, in-place results of
the swap-in, explicit casts of the dispatcher): no silent wrap-around."""

from __future__ import annotations

import math

import numpy as np

from . import _dtypes as D
from . import _memory as M
from ._errors import InvalidArgumentError, ScalarOverflowError
from ._numpy_path import quiet
from ._promotion import INT_BOUNDS
from ._typing import DType, NDArray


def convert(a: NDArray, src: DType, dst: DType) -> NDArray:
    """Cast ndarray ``a`` from ``src`` to ``dst`` (always a new array).

    Complex to real keeps the real part (GB/T 7.2.3.1).  Casting to an integer
    raises OverflowError for a value outside the target's range and ValueError for
    NaN or infinity: no silent wrap-around.  Floating targets follow IEEE rounding
    (overflow gives infinity).
    """
    if src is D.complex32:
        a, src = D.c32_to_c64(a), D.complex64
    if dst is D.complex32:
        return D.to_c32(a)  # each part rounded once, straight from the source
    if src in D.COMPLEX and dst is D.bool_:
        nonzero: NDArray = a != 0  # the standard: any non-zero part is True
        return nonzero
    if src in D.COMPLEX and dst not in D.COMPLEX:
        a, src = a.real, D.REAL_OF[src]
    if dst in D.INTEGER and a.size:
        _check_int_cast(a, src, dst)
        if src in D.REAL_FLOAT:
            w = D.widen(a)
            out = quiet(w.astype, dst)
            hi = INT_BOUNDS[dst][1]
            if float(hi) > hi:  # the float nearest the maximum rounds above it: saturate
                top = w >= float(hi)
                if top.any():
                    out[top] = hi
            return out
    if D.is_bfloat16(dst):
        return D.to_bfloat16(a)
    return quiet(M.astype, a, dst)  # (64-byte aligned)


def _check_int_cast(a: NDArray, src: DType, dst: DType) -> None:
    lo, hi = INT_BOUNDS[dst]
    if src in D.INTEGER:
        slo, shi = INT_BOUNDS[src]
        if slo >= lo and shi <= hi:
            return
        amin, amax = int(a.min()), int(a.max())
    elif src in D.REAL_FLOAT:
        w = D.widen(a)
        if not np.isfinite(w).all():
            raise InvalidArgumentError(
                f"astype(): NaN or infinity in x cannot become {D.name_of(dst)}"
            )
        amin, amax = math.trunc(float(w.min())), math.trunc(float(w.max()))  # casts truncate
        lo_f, hi_f = float(lo), float(hi)  # the test is done in float, like the values
        if amin >= lo_f and amax <= hi_f:
            return
    else:
        return
    if amin < lo or amax > hi:
        bad = amin if amin < lo else amax
        raise ScalarOverflowError(
            f"astype(): value {bad} of x does not fit {D.name_of(dst)} [{lo}, {hi}]"
        )

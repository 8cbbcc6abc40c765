"""Elementwise functions of the standard, generated from the op registry.

Each public name is spelled out so that tools (and ``inspect``) see it; the
functions themselves are thin: dispatch does validation, promotion and compute.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .. import _dtypes as D
from .. import _promotion as P
from .._array import Array
from .._dispatch import _cast, array_arg, binary, make_function, not_an_array
from .._errors import DimensionMismatchError, InvalidArgumentError, TypeMismatchError
from .._numpy_path import quiet
from .._registry import DIVIDE_INTRINSIC, OPS

__all__ = [
    "abs", "acos", "acosh", "add", "asin", "asinh",
    "atan", "atan2", "atanh", "bitwise_and", "bitwise_invert", "bitwise_left_shift",
    "bitwise_or", "bitwise_right_shift", "bitwise_xor", "ceil", "conj", "copysign",
    "cos", "cosh", "divide", "equal", "exp", "expm1",
    "floor", "floor_divide", "greater", "greater_equal", "hypot", "imag",
    "isfinite", "isinf", "isnan", "less", "less_equal", "log",
    "log10", "log1p", "log2", "logaddexp", "logical_and", "logical_not",
    "logical_or", "logical_xor", "maximum", "minimum", "multiply", "negative",
    "nextafter", "not_equal", "positive", "pow", "real", "reciprocal",
    "remainder", "round", "sign", "signbit", "sin", "sinh",
    "sqrt", "square", "subtract", "tan", "tanh", "trunc", "clip",
]


def _function(name: str) -> Callable[..., Array]:
    op = OPS[name]
    func = make_function(op, name)
    func.__module__ = "aiarray"
    func.__doc__ = (f"Elementwise {op.doc}.\n\nInput: {op.category} dtypes; promotion by the "
                    "active policy.")
    return func


abs = _function("abs")
acos = _function("acos")
acosh = _function("acosh")
add = _function("add")
asin = _function("asin")
asinh = _function("asinh")
atan = _function("atan")
atan2 = _function("atan2")
atanh = _function("atanh")
bitwise_and = _function("bitwise_and")
bitwise_invert = _function("bitwise_invert")
bitwise_left_shift = _function("bitwise_left_shift")
bitwise_or = _function("bitwise_or")
bitwise_right_shift = _function("bitwise_right_shift")
bitwise_xor = _function("bitwise_xor")
ceil = _function("ceil")
conj = _function("conj")
copysign = _function("copysign")
cos = _function("cos")
cosh = _function("cosh")
equal = _function("equal")
exp = _function("exp")
expm1 = _function("expm1")
floor = _function("floor")
floor_divide = _function("floor_divide")
greater = _function("greater")
greater_equal = _function("greater_equal")
hypot = _function("hypot")
imag = _function("imag")
isfinite = _function("isfinite")
isinf = _function("isinf")
isnan = _function("isnan")
less = _function("less")
less_equal = _function("less_equal")
log = _function("log")
log10 = _function("log10")
log1p = _function("log1p")
log2 = _function("log2")
logaddexp = _function("logaddexp")
logical_and = _function("logical_and")
logical_not = _function("logical_not")
logical_or = _function("logical_or")
logical_xor = _function("logical_xor")
maximum = _function("maximum")
minimum = _function("minimum")
multiply = _function("multiply")
negative = _function("negative")
nextafter = _function("nextafter")
not_equal = _function("not_equal")
positive = _function("positive")
pow = _function("pow")
real = _function("real")
reciprocal = _function("reciprocal")
remainder = _function("remainder")
round = _function("round")
sign = _function("sign")
signbit = _function("signbit")
sin = _function("sin")
sinh = _function("sinh")
sqrt = _function("sqrt")
square = _function("square")
subtract = _function("subtract")
tan = _function("tan")
tanh = _function("tanh")
trunc = _function("trunc")


_DIVIDE = OPS["divide"]


def divide(x1: Array | complex, x2: Array | complex, /, *, precision: str = "high") -> Array:
    """Elementwise x1 / x2 (GB/T 7.2.4.5 and 7.2.4.7, pypto.div).

    Integer and bool inputs give a floating result (int8/16/32, uint8/16 and bool give
    float32; int64 and uint32/64 give float64).  ``precision="high"`` (default) rounds
    the quotient correctly; ``precision="intrinsic"`` converts to the result dtype and
    multiplies by the reciprocal, as the fast hardware form does.
    """
    if type(precision) is not str:
        raise InvalidArgumentError(
            f"divide(): precision={precision!r} must be 'high' or 'intrinsic'"
        )
    if precision == "high":
        return binary(_DIVIDE, x1, x2)
    if precision == "intrinsic":
        return binary(DIVIDE_INTRINSIC, x1, x2)
    raise InvalidArgumentError(f"divide(): precision={precision!r} must be 'high' or 'intrinsic'")


def _clip_bound(x: Array, bound: object, name: str) -> np.ndarray | None:
    """A clip bound as an ndarray of x's (compute) dtype; None when it has no effect."""
    dt = x.dtype
    if bound is None:
        return None
    if type(bound) is Array:
        if bound.dtype is not dt and P.policy_for(x, bound).fast_pairs[(bound.dtype, dt)] \
                is not dt:
            raise TypeMismatchError(
                f"clip(): {name} has dtype {D.name_of(bound.dtype)}, which does not "
                f"promote to x's dtype {D.name_of(dt)}"
            )
        return D.widen(bound._array if bound.dtype is dt else _cast(bound._array, dt))
    key = P.scalar_key(bound)
    if key is None:
        raise not_an_array("clip", name, bound)
    # Python int bounds outside an integer x's range clamp to the range.
    if key.__class__ is str and key in ("int", "bool") and dt in D.INTEGER:
        info = np.iinfo(dt)
        bound = min(max(int(bound), int(info.min)), int(info.max))
    elif P.promote_scalar(dt, bound, key, P.policy_for(x)) is not dt:
        raise TypeMismatchError(f"clip(): {name}={bound!r} does not fit x's dtype {D.name_of(dt)}")
    value = bound.value if isinstance(bound, P.TypedScalar) else bound
    return quiet(np.asarray, value, D.COMPUTE.get(dt, dt))


def clip(x: Array, /, min: object = None, max: object = None) -> Array:
    """Clamp each element to [min, max] (GB/T 7.2.3.16); the result keeps x's dtype.

    ``min``/``max`` are Python scalars or arrays broadcast with x; NaN in
    any of them gives NaN.  Integer bounds outside x's range are clamped to it.
    """
    array_arg(x, "clip", "x")
    if x.dtype not in D.REAL_NUMERIC:
        raise TypeMismatchError(f"clip() requires real numeric x, got dtype {D.name_of(x.dtype)}")
    lo = _clip_bound(x, min, "min")
    hi = _clip_bound(x, max, "max")
    out = D.widen(x._array)
    try:
        shape = np.broadcast_shapes(out.shape, *(b.shape for b in (lo, hi) if b is not None))
    except ValueError:
        raise DimensionMismatchError("clip(): min/max do not broadcast with x") from None
    if lo is not None:
        out = quiet(np.maximum, out, lo)
    if hi is not None:
        out = quiet(np.minimum, out, hi)
    if out is x._array or out.shape != shape:
        out = np.broadcast_to(out, shape).copy()
    return Array._new(D.narrow(np.asarray(out), x.dtype), x.dtype)

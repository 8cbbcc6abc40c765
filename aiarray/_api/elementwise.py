"""Elementwise functions of the standard, generated from the op registry.

Each public name is spelled out so that tools (and ``inspect``) see it; the
functions themselves are thin: dispatch does validation, promotion and compute.
"""

from __future__ import annotations

import math
import typing
from collections.abc import Callable

import numpy as np

from .. import _dtypes as D
from .. import _memory as M
from .. import _promotion as P
from .._array import OPERAND, Array
from .._dispatch import _cast, array_arg, binary, make_function, not_an_array
from .._errors import DimensionMismatchError, InvalidArgumentError, TypeMismatchError
from .._numpy_path import quiet
from .._registry import DIVIDE_INTRINSIC, OPS
from .._signatures import BinaryFunction, UnaryFunction
from .._typing import NDArray
from ._elementwise_examples import EXAMPLES

# __all__ and the op lines below are written by tools/gen_elementwise.py from the op
# registry (a test fails when they are stale): edit the registry and rerun it.
__all__ = [
    "abs", "acos", "acosh", "add", "asin", "asinh", "atan", "atan2", "atanh", "bitwise_and",
    "bitwise_invert", "bitwise_left_shift", "bitwise_or", "bitwise_right_shift", "bitwise_xor",
    "ceil", "clip", "conj", "copysign", "cos", "cosh", "divide", "equal", "exp", "expm1",
    "floor", "floor_divide", "greater", "greater_equal", "hypot", "imag", "isfinite", "isinf",
    "isnan", "less", "less_equal", "log", "log1p", "log2", "log10", "logaddexp", "logical_and",
    "logical_not", "logical_or", "logical_xor", "maximum", "minimum", "multiply", "negative",
    "nextafter", "not_equal", "positive", "pow", "real", "reciprocal", "remainder", "round",
    "sign", "signbit", "sin", "sinh", "sqrt", "square", "subtract", "tan", "tanh", "trunc",
]


# The run-time annotations of the made functions (inspect.signature, help(), the docs),
# the same as the types a type checker reads from UnaryFunction and BinaryFunction.
_ANNOTATIONS: dict[int, dict[str, object]] = {
    1: {"x": Array, "return": Array}, 2: {"x1": OPERAND, "x2": OPERAND, "return": Array}}


def _function(name: str, arity: int) -> Callable[..., Array]:
    op = OPS[name]
    if op.arity != arity:  # (an import-time check: the typed factory matches the record)
        raise AssertionError(f"{name} takes {op.arity} arguments, not {arity}")
    func = make_function(op, name)
    func.__annotations__ = dict(_ANNOTATIONS[arity])
    func.__module__ = "aiarray"
    func.__doc__ = (f"Elementwise {op.doc}.\n\nInput: {op.category} dtypes; promotion by the "
                    f"active policy.\n\n{EXAMPLES.get(name, '')}")
    return func


def _unary(name: str) -> UnaryFunction:
    """The function ``name(x, /) -> Array`` of the registry's one-argument op ``name``."""
    return _function(name, 1)


def _binary(name: str) -> BinaryFunction:
    """The function ``name(x1, x2, /) -> Array`` of the registry's two-argument op
    ``name``: each operand an Array or a scalar, at least one of them an Array."""
    return _function(name, 2)


# One line per op of the registry; the functions defined by hand below (divide, clip)
# have none.
abs = _unary("abs")
acos = _unary("acos")
acosh = _unary("acosh")
add = _binary("add")
asin = _unary("asin")
asinh = _unary("asinh")
atan = _unary("atan")
atan2 = _binary("atan2")
atanh = _unary("atanh")
bitwise_and = _binary("bitwise_and")
bitwise_invert = _unary("bitwise_invert")
bitwise_left_shift = _binary("bitwise_left_shift")
bitwise_or = _binary("bitwise_or")
bitwise_right_shift = _binary("bitwise_right_shift")
bitwise_xor = _binary("bitwise_xor")
ceil = _unary("ceil")
conj = _unary("conj")
copysign = _binary("copysign")
cos = _unary("cos")
cosh = _unary("cosh")
equal = _binary("equal")
exp = _unary("exp")
expm1 = _unary("expm1")
floor = _unary("floor")
floor_divide = _binary("floor_divide")
greater = _binary("greater")
greater_equal = _binary("greater_equal")
hypot = _binary("hypot")
imag = _unary("imag")
isfinite = _unary("isfinite")
isinf = _unary("isinf")
isnan = _unary("isnan")
less = _binary("less")
less_equal = _binary("less_equal")
log = _unary("log")
log1p = _unary("log1p")
log2 = _unary("log2")
log10 = _unary("log10")
logaddexp = _binary("logaddexp")
logical_and = _binary("logical_and")
logical_not = _unary("logical_not")
logical_or = _binary("logical_or")
logical_xor = _binary("logical_xor")
maximum = _binary("maximum")
minimum = _binary("minimum")
multiply = _binary("multiply")
negative = _unary("negative")
nextafter = _binary("nextafter")
not_equal = _binary("not_equal")
positive = _unary("positive")
pow = _binary("pow")
real = _unary("real")
reciprocal = _unary("reciprocal")
remainder = _binary("remainder")
round = _unary("round")
sign = _unary("sign")
signbit = _unary("signbit")
sin = _unary("sin")
sinh = _unary("sinh")
sqrt = _unary("sqrt")
square = _unary("square")
subtract = _binary("subtract")
tan = _unary("tan")
tanh = _unary("tanh")
trunc = _unary("trunc")


_DIVIDE = OPS["divide"]


def divide(x1: Array | complex, x2: Array | complex, /, *, precision: str = "high") -> Array:
    """Elementwise x1 / x2 (GB/T 7.2.4.5 and 7.2.4.7, pypto.div).

    Integer and bool inputs give a floating result (int8/16/32, uint8/16 and bool give
    float32; int64 and uint32/64 give float64).  ``precision="high"`` (default) rounds
    the quotient correctly; ``precision="intrinsic"`` converts to the result dtype and
    multiplies by the reciprocal, as the fast hardware form does.

    Examples
    --------
    >>> x1 = xp.asarray([-3, 5], dtype=xp.int8)
    >>> x2 = xp.asarray([2, 3], dtype=xp.uint8)
    >>> xp.divide(x1, x2)  # int8 with uint8 gives float32
    Array([-1.5      ,  1.6666666], dtype=float32)
    >>> xp.divide(xp.astype(x1, xp.int32), 0.5)  # Ascend: float32 (NumPy: float64)
    Array([-6., 10.], dtype=float32)
    >>> xp.divide(xp.asarray([1.0], dtype=xp.float32), 3.0, precision='intrinsic')
    Array([0.33333334], dtype=float32)
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


def _clip_bound(x: Array, bound: object, name: str) -> NDArray | None:
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
        bound = min(max(int(typing.cast(int, bound)), int(info.min)), int(info.max))
    elif P.promote_scalar(dt, bound, key, P.policy_for(x)) is not dt:
        raise TypeMismatchError(f"clip(): {name}={bound!r} does not fit x's dtype {D.name_of(dt)}")
    value = bound.value if isinstance(bound, P.TypedScalar) else bound
    return quiet(np.asarray, value, D.COMPUTE.get(dt, dt))


def clip(x: Array, /, min: Array | int | float | P.TypedScalar | None = None,
         max: Array | int | float | P.TypedScalar | None = None) -> Array:
    """Clamp each element to [min, max] (GB/T 7.2.3.16); the result keeps x's dtype.

    ``min``/``max`` are Python scalars or arrays broadcast with x; NaN in
    any of them gives NaN.  Integer bounds outside x's range are clamped to it.

    Examples
    --------
    >>> x = xp.asarray([-5, 0, 5, 200], dtype=xp.int16)
    >>> xp.clip(x, 1, 100)
    Array([  1,   1,   5, 100], dtype=int16)
    >>> xp.clip(xp.asarray([-1.5, 0.5, 2.5], dtype=xp.float32), min=0.0)
    Array([0. , 0.5, 2.5], dtype=float32)
    """
    x = array_arg(x, "clip", "x")
    if x.dtype not in D.REAL_NUMERIC:
        raise TypeMismatchError(f"clip() requires real numeric x, got dtype {D.name_of(x.dtype)}")
    lo = _clip_bound(x, min, "min")
    hi = _clip_bound(x, max, "max")
    out = D.widen(x._array)
    try:
        shape = np.broadcast_shapes(out.shape, *(b.shape for b in (lo, hi) if b is not None))
    except ValueError:
        raise DimensionMismatchError("clip(): min/max do not broadcast with x") from None
    if math.prod(shape) * out.itemsize >= M.MIN_BYTES:  # into an aligned result (_memory)
        res = M.empty(shape, out.dtype)
        if lo is None and hi is None:
            np.copyto(res, out)
        else:
            if lo is not None:
                quiet(np.maximum, out, lo, out=res)
            if hi is not None:
                quiet(np.minimum, out if lo is None else res, hi, out=res)
        return Array._new(D.narrow(res, x.dtype), x.dtype)
    if lo is not None:
        out = quiet(np.maximum, out, lo)
    if hi is not None:
        out = quiet(np.minimum, out, hi)
    if out is x._array or out.shape != shape:
        out = np.broadcast_to(out, shape).copy()
    return Array._new(D.narrow(np.asarray(out), x.dtype), x.dtype)

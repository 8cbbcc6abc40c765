"""The elementwise op registry: one record per function of the standard.

Each record says what the dispatcher, the Array operators, the kernel paths and
the tests need to know: arity, the standard's input category (checked on the
dtype the op computes in), the kind of result, the NumPy implementation, the
operator names, and whether integer input computes in a floating dtype.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from . import _dtypes as D
from . import _numpy_path as N
from . import _promotion as P
from ._typing import DType


class ElementwiseOp:
    """One elementwise function of the standard (or of GB/T); read-only once made.

    (A plain class rather than a dataclass: seventy records are made at import, and a
    dataclass's generated methods cost more import time than the records themselves.)
    """

    __slots__ = ("allowed", "arity", "category", "direct", "doc", "exact_ints", "inplace",
                 "name", "numpy", "operator", "promotes", "reflected", "result", "to_float")
    name: str
    arity: int
    category: str
    numpy: Callable[..., Any]  # a ufunc, or a function over ndarrays (_numpy_path)
    result: str  # "same" | "bool" | "real" (complex -> its real part dtype)
    to_float: bool  # integer/bool input gives an INT_TO_FLOAT[dtype] result
    exact_ints: bool  # ... computed in float64 and rounded once (else in the result dtype)
    promotes: bool  # binary: operands are promoted to one dtype first
    operator: str | None  # "add" -> __add__ / __radd__ / __iadd__
    reflected: bool
    inplace: bool
    doc: str
    allowed: set[DType]  # (the category's set: bfloat16 joins it)
    # dtype -> result dtype, for same-dtype inputs that go straight to the kernel:
    # no float conversion, no widening (the dispatcher's short path).
    direct: dict[DType, DType]

    def __init__(self, name: str, arity: int, category: str, numpy: Callable[..., Any],
                 result: str = "same", to_float: bool = False, exact_ints: bool = True,
                 promotes: bool = True, operator: str | None = None, reflected: bool = True,
                 inplace: bool = True, doc: str = "") -> None:
        values = (name, arity, category, numpy, result, to_float, exact_ints, promotes,
                  operator, reflected, inplace, doc)
        for slot, value in zip(_GIVEN, values, strict=True):
            object.__setattr__(self, slot, value)
        object.__setattr__(self, "allowed", D.CATEGORIES[category])
        direct = {dt: self.result_dtype(dt) for dt in self.allowed
                  if dt not in D.COMPUTE and not (to_float and dt not in D.FLOAT)}
        object.__setattr__(self, "direct", direct)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"ElementwiseOp {self.name!r} is read-only (use replace())")

    def __repr__(self) -> str:
        return f"ElementwiseOp({self.name!r}, arity={self.arity}, category={self.category!r})"

    def replace(self, **changes: Any) -> ElementwiseOp:
        """A new record with ``changes`` (given fields) applied."""
        given = {slot: getattr(self, slot) for slot in _GIVEN}
        unknown = set(changes) - set(given)
        if unknown:
            raise TypeError(f"ElementwiseOp.replace(): no field {sorted(unknown)}")
        return ElementwiseOp(**{**given, **changes})

    def result_dtype(self, computed: DType) -> DType:
        """Dtype of the result when the op computes in ``computed`` (_promotion decides)."""
        return P.kind_result(self.result, computed)


# the fields ElementwiseOp() takes, in its order
_GIVEN = ("name", "arity", "category", "numpy", "result", "to_float", "exact_ints",
          "promotes", "operator", "reflected", "inplace", "doc")


_FLOAT_UNARY = (
    ("acos", np.arccos, "inverse cosine"), ("acosh", np.arccosh, "inverse hyperbolic cosine"),
    ("asin", np.arcsin, "inverse sine"), ("asinh", np.arcsinh, "inverse hyperbolic sine"),
    ("atan", np.arctan, "inverse tangent"), ("atanh", np.arctanh, "inverse hyperbolic tangent"),
    ("cos", np.cos, "cosine"), ("cosh", np.cosh, "hyperbolic cosine"),
    ("exp", np.exp, "exponential"), ("expm1", N.expm1, "exp(x) - 1"),
    ("log", np.log, "natural logarithm"), ("log1p", N.log1p, "log(1 + x)"),
    ("log2", np.log2, "base-2 logarithm"), ("log10", np.log10, "base-10 logarithm"),
    ("sin", np.sin, "sine"), ("sinh", np.sinh, "hyperbolic sine"),
    ("sqrt", np.sqrt, "square root"), ("tan", np.tan, "tangent"),
    ("tanh", N.tanh, "hyperbolic tangent"), ("reciprocal", N.reciprocal, "1 / x (GB/T 7.2.4.12)"),
)

_OPS: list[ElementwiseOp] = [
    ElementwiseOp(name, 1, "floating-point", fn, to_float=True, doc=doc)
    for name, fn, doc in _FLOAT_UNARY
]
_OPS += [
    # unary
    ElementwiseOp("abs", 1, "numeric", np.absolute, result="real", operator="abs",
                  doc="absolute value; ``|a+bj| = sqrt(a^2+b^2)`` (GB/T 7.2.4.11)"),
    ElementwiseOp("negative", 1, "numeric", np.negative, operator="neg", doc="-x"),
    ElementwiseOp("positive", 1, "numeric", np.positive, operator="pos", doc="+x"),
    ElementwiseOp("square", 1, "numeric", np.square, doc="x * x"),
    ElementwiseOp("sign", 1, "numeric", np.sign, doc="sign; ``x/|x|`` for complex (GB/T 7.2.3.22)"),
    ElementwiseOp("conj", 1, "numeric", np.conjugate, doc="complex conjugate"),
    ElementwiseOp("real", 1, "numeric", np.real, result="real", doc="real component"),
    ElementwiseOp("imag", 1, "numeric", np.imag, result="real", doc="imaginary component"),
    ElementwiseOp("ceil", 1, "real numeric", N.keep_integers(np.ceil), doc="round up"),
    ElementwiseOp("floor", 1, "real numeric", N.keep_integers(np.floor), doc="round down"),
    ElementwiseOp("trunc", 1, "real numeric", N.keep_integers(np.trunc), doc="round toward 0"),
    ElementwiseOp("round", 1, "numeric", N.keep_integers(np.round), doc="round half to even"),
    ElementwiseOp("isfinite", 1, "numeric or boolean", np.isfinite, result="bool",
                  doc="finite check (GB/T 7.2.2.2)"),
    ElementwiseOp("isinf", 1, "numeric or boolean", np.isinf, result="bool",
                  doc="infinity check (GB/T 7.2.2.3)"),
    ElementwiseOp("isnan", 1, "numeric or boolean", np.isnan, result="bool",
                  doc="NaN check (GB/T 7.2.2.4)"),
    ElementwiseOp("signbit", 1, "real floating-point", np.signbit, result="bool",
                  doc="sign bit set"),
    ElementwiseOp("bitwise_invert", 1, "integer or boolean", np.invert, operator="invert",
                  doc="~x"),
    ElementwiseOp("logical_not", 1, "any", N.logical(np.logical_not), result="bool",
                  promotes=False, doc="logical NOT; numeric input: 0 is False (GB/T 7.2.6.3)"),
    # binary arithmetic
    ElementwiseOp("add", 2, "numeric or boolean", np.add, operator="add", doc="x1 + x2"),
    ElementwiseOp("subtract", 2, "numeric", np.subtract, operator="sub", doc="x1 - x2"),
    ElementwiseOp("multiply", 2, "numeric or boolean", np.multiply, operator="mul",
                  doc="x1 * x2"),
    ElementwiseOp("divide", 2, "floating-point", np.true_divide, to_float=True,
                  operator="truediv", doc="x1 / x2; integer input gives a float (pypto.div)"),
    ElementwiseOp("floor_divide", 2, "real numeric", N.floor_divide, operator="floordiv",
                  doc="floor(x1 / x2)"),
    ElementwiseOp("remainder", 2, "real numeric", np.remainder, operator="mod",
                  doc="remainder with the sign of x2"),
    ElementwiseOp("pow", 2, "numeric", N.power, operator="pow", doc="x1 ** x2"),
    ElementwiseOp("maximum", 2, "real numeric", np.maximum, doc="larger value; NaN propagates"),
    ElementwiseOp("minimum", 2, "real numeric", np.minimum,
                  doc="smaller value; NaN propagates"),
    ElementwiseOp("atan2", 2, "real floating-point", np.arctan2, to_float=True,
                  doc="quadrant-aware inverse tangent of x1 / x2"),
    ElementwiseOp("hypot", 2, "real floating-point", np.hypot, to_float=True,
                  doc="sqrt(x1^2 + x2^2)"),
    ElementwiseOp("copysign", 2, "real floating-point", np.copysign, to_float=True,
                  doc="magnitude of x1 with the sign of x2"),
    ElementwiseOp("nextafter", 2, "real floating-point", np.nextafter,
                  doc="next representable value after x1 toward x2"),
    ElementwiseOp("logaddexp", 2, "real floating-point", np.logaddexp, to_float=True,
                  doc="log(exp(x1) + exp(x2))"),
    # bitwise
    ElementwiseOp("bitwise_and", 2, "integer or boolean", np.bitwise_and, operator="and",
                  doc="x1 & x2"),
    ElementwiseOp("bitwise_or", 2, "integer or boolean", np.bitwise_or, operator="or",
                  doc="x1 | x2"),
    ElementwiseOp("bitwise_xor", 2, "integer or boolean", np.bitwise_xor, operator="xor",
                  doc="x1 ^ x2"),
    ElementwiseOp("bitwise_left_shift", 2, "integer", N.shift(np.left_shift),
                  operator="lshift", doc="x1 << x2"),
    ElementwiseOp("bitwise_right_shift", 2, "integer", N.shift(np.right_shift),
                  operator="rshift", doc="x1 >> x2 (arithmetic for signed)"),
    # comparison
    ElementwiseOp("equal", 2, "numeric or boolean", np.equal, result="bool", operator="eq",
                  reflected=False, inplace=False, doc="x1 == x2"),
    ElementwiseOp("not_equal", 2, "numeric or boolean", np.not_equal, result="bool",
                  operator="ne", reflected=False, inplace=False, doc="x1 != x2"),
    ElementwiseOp("greater", 2, "real numeric or boolean", np.greater, result="bool",
                  operator="gt", reflected=False, inplace=False, doc="x1 > x2"),
    ElementwiseOp("greater_equal", 2, "real numeric or boolean", np.greater_equal,
                  result="bool", operator="ge", reflected=False, inplace=False,
                  doc="x1 >= x2"),
    ElementwiseOp("less", 2, "real numeric or boolean", np.less, result="bool",
                  operator="lt", reflected=False, inplace=False, doc="x1 < x2"),
    ElementwiseOp("less_equal", 2, "real numeric or boolean", np.less_equal, result="bool",
                  operator="le", reflected=False, inplace=False, doc="x1 <= x2"),
    # logical (GB/T: numeric input allowed; no common dtype is needed)
    ElementwiseOp("logical_and", 2, "any", N.logical(np.logical_and), result="bool",
                  promotes=False, doc="logical AND (GB/T 7.2.6.1)"),
    ElementwiseOp("logical_or", 2, "any", N.logical(np.logical_or), result="bool",
                  promotes=False, doc="logical OR (GB/T 7.2.6.2)"),
    ElementwiseOp("logical_xor", 2, "any", N.logical(np.logical_xor), result="bool",
                  promotes=False, doc="logical XOR (GB/T 7.2.6.4)"),
]

OPS: dict[str, ElementwiseOp] = {op.name: op for op in _OPS}
# pypto.div precision_type=INTRINSIC: convert to the result dtype, multiply by the reciprocal.
DIVIDE_INTRINSIC = ElementwiseOp(
    "divide", 2, "floating-point", N.divide_intrinsic, to_float=True, exact_ints=False,
    doc="x1 / x2, hardware-style: x1 * (1 / x2) in the result dtype",
)
# Python operator protocol names -> op, e.g. "add" -> OPS["add"].
OPERATORS: dict[str, ElementwiseOp] = {op.operator: op for op in _OPS if op.operator}

"""The elementwise op registry: one record per function of the standard.

Each record says everything about its op: arity, the standard's input category
(checked on the dtype the op computes in), the kind of result, the NumPy
implementation, the operator names, whether integer input computes in a floating
dtype, the one-line summary (``doc``), the numba kernel expression per dtype kinds or
why NumPy's loop is kept (``kernel``, ``numpy_only``, ``ulp``: the language of the
expressions is described in :mod:`aiarray._kernels._table`, which collects them), and
the names of NumPy's ufunc that computes it (``numpy_name``, ``aliases``: the swap-in
``aiarray.numpy`` serves those ufuncs through the op's function).

Derived from the records: the kernel tables (``_kernels/_table.py``), the swap-in's
map (``numpy_names``), and, written out by ``tools/gen_elementwise.py`` (a test fails
when they are stale), the spelled-out functions and ``__all__`` of
``_api/elementwise.py``, the elementwise imports and ``__all__`` of
``aiarray/__init__.py`` and the list of docs/reference/elementwise.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
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

    __slots__ = ("aliases", "allowed", "arity", "category", "direct", "doc", "exact_ints",
                 "inplace", "kernel", "name", "numpy", "numpy_name", "numpy_only", "operator",
                 "promotes", "reflected", "result", "to_float", "ulp")
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
    doc: str  # the one-line summary: "Elementwise {doc}." starts the docstring
    # numba kernels: {dtype kinds: scalar expression} ("iuf": "a + b"; _kernels/_table.py)
    kernel: dict[str, str]
    # {dtype kinds: why NumPy's loop is kept}: every kind numba types that has no kernel
    numpy_only: dict[str, str]
    ulp: int  # 0: the kernels equal NumPy bit for bit; n: within n ULP on floats
    numpy_name: str | None  # NumPy's ufunc computing the op (its __name__); None: none
    aliases: tuple[str, ...]  # NumPy's other names of that ufunc (np.acos is np.arccos)
    allowed: set[DType]  # (the category's set: bfloat16 joins it)
    # dtype -> result dtype, for same-dtype inputs that go straight to the kernel:
    # no float conversion, no widening (the dispatcher's short path).
    direct: dict[DType, DType]

    def __init__(self, name: str, arity: int, category: str, numpy: Callable[..., Any],
                 result: str = "same", to_float: bool = False, exact_ints: bool = True,
                 promotes: bool = True, operator: str | None = None, reflected: bool = True,
                 inplace: bool = True, doc: str = "", kernel: dict[str, str] | None = None,
                 numpy_only: dict[str, str] | None = None, ulp: int = 0,
                 numpy_name: str | None = "", aliases: tuple[str, ...] = ()) -> None:
        # numpy_name "": the op's own name; None: no NumPy ufunc computes the op
        values = (name, arity, category, numpy, result, to_float, exact_ints, promotes,
                  operator, reflected, inplace, doc, {} if kernel is None else kernel,
                  {} if numpy_only is None else numpy_only, ulp,
                  name if numpy_name == "" else numpy_name, aliases)
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
          "promotes", "operator", "reflected", "inplace", "doc", "kernel", "numpy_only", "ulp",
          "numpy_name", "aliases")


# Why an op keeps NumPy's loop for some dtype kinds (the kernel module runs that loop in
# threads, see _kernels/_threads).
_CMATH = "numba's cmath differs from NumPy's complex functions in special cases"
_CFMA = "NumPy's complex product uses fused multiply-add in its SIMD loop here"
_UNPROMOTED = "the dispatcher's unpromoted path (operands keep their dtypes) has no kernel hook"

# Floating unary ops: (name, NumPy's ufunc name, implementation, summary, kernel for real
# floats, ulp).  Complex input keeps NumPy's loop (_CMATH).
_FLOAT_UNARY = (
    ("acos", "arccos", np.arccos, "inverse cosine", "math.acos(a)", 4),
    ("acosh", "arccosh", np.arccosh, "inverse hyperbolic cosine", "math.acosh(a)", 4),
    ("asin", "arcsin", np.arcsin, "inverse sine", "math.asin(a)", 4),
    ("asinh", "arcsinh", np.arcsinh, "inverse hyperbolic sine", "math.asinh(a)", 4),
    ("atan", "arctan", np.arctan, "inverse tangent", "math.atan(a)", 4),
    ("atanh", "arctanh", np.arctanh, "inverse hyperbolic tangent", "math.atanh(a)", 4),
    ("cos", "cos", np.cos, "cosine", "math.cos(a)", 4),
    ("cosh", "cosh", np.cosh, "hyperbolic cosine", "math.cosh(a)", 4),
    ("exp", "exp", np.exp, "exponential", "math.exp(a)", 4),
    ("expm1", "expm1", N.expm1, "exp(x) - 1", "math.expm1(a)", 4),
    ("log", "log", np.log, "natural logarithm", "math.log(a)", 4),
    ("log1p", "log1p", N.log1p, "log(1 + x)", "math.log1p(a)", 4),
    ("log2", "log2", np.log2, "base-2 logarithm", "math.log2(a)", 4),
    ("log10", "log10", np.log10, "base-10 logarithm", "math.log10(a)", 4),
    ("sin", "sin", np.sin, "sine", "math.sin(a)", 4),
    ("sinh", "sinh", np.sinh, "hyperbolic sine", "math.sinh(a)", 4),
    ("sqrt", "sqrt", np.sqrt, "square root", "math.sqrt(a)", 0),
    ("tan", "tan", np.tan, "tangent", "math.tan(a)", 4),
    ("tanh", "tanh", N.tanh, "hyperbolic tangent", "math.tanh(a)", 4),
    ("reciprocal", "reciprocal", N.reciprocal, "1 / x (GB/T 7.2.4.12)", "one(a) / a", 0),
)

_OPS: list[ElementwiseOp] = [
    ElementwiseOp(name, 1, "floating-point", fn, to_float=True, doc=doc, kernel={"f": expr},
                  numpy_only={"c": _CMATH}, ulp=ulp, numpy_name=np_name,
                  aliases=() if np_name == name else (name,))
    for name, np_name, fn, doc, expr, ulp in _FLOAT_UNARY
]
_OPS += [
    # unary
    ElementwiseOp("abs", 1, "numeric", np.absolute, result="real", operator="abs",
                  doc="absolute value; ``|a+bj| = sqrt(a^2+b^2)`` (GB/T 7.2.4.11)",
                  kernel={"i": "abs(a)", "u": "a", "f": "abs(a)"},
                  numpy_only={"c": "NumPy's complex abs (npy_hypot) is kept for bitwise "
                                   "equality"},
                  numpy_name="absolute", aliases=("abs",)),
    ElementwiseOp("negative", 1, "numeric", np.negative, operator="neg", doc="-x",
                  kernel={"iuf": "-a", "c": "-a"}),
    ElementwiseOp("positive", 1, "numeric", np.positive, operator="pos", doc="+x",
                  kernel={"iufc": "a"}),
    ElementwiseOp("square", 1, "numeric", np.square, doc="x * x", kernel={"iuf": "a * a"},
                  numpy_only={"c": _CFMA}),
    ElementwiseOp("sign", 1, "numeric", np.sign, doc="sign; ``x/|x|`` for complex (GB/T 7.2.3.22)",
                  kernel={"i": "(a > 0) - (a < 0)", "u": "one(a) if a > 0 else a",
                          "f": "fsign(a)"},
                  numpy_only={"c": "NumPy 2's complex sign x/|x| is kept for bitwise equality"}),
    ElementwiseOp("conj", 1, "numeric", np.conjugate, doc="complex conjugate",
                  kernel={"iuf": "a", "c": "a.conjugate()"}, numpy_name="conjugate",
                  aliases=("conj",)),
    # (real, imag: NumPy functions, not ufuncs)
    ElementwiseOp("real", 1, "numeric", np.real, result="real", doc="real component",
                  kernel={"iuf": "a", "c": "a.real"}, numpy_name=None),
    ElementwiseOp("imag", 1, "numeric", np.imag, result="real", doc="imaginary component",
                  kernel={"iuf": "zero(a)", "c": "a.imag"}, numpy_name=None),
    ElementwiseOp("ceil", 1, "real numeric", N.keep_integers(np.ceil), doc="round up",
                  kernel={"iu": "a", "f": "np.ceil(a)"}),
    ElementwiseOp("floor", 1, "real numeric", N.keep_integers(np.floor), doc="round down",
                  kernel={"iu": "a", "f": "np.floor(a)"}),
    ElementwiseOp("trunc", 1, "real numeric", N.keep_integers(np.trunc), doc="round toward 0",
                  kernel={"iu": "a", "f": "np.trunc(a)"}),
    # (NumPy's rint is a ufunc, but gives floats for integers: the swap-in keeps it)
    ElementwiseOp("round", 1, "numeric", N.keep_integers(np.round), doc="round half to even",
                  kernel={"iu": "a", "f": "np.rint(a)"},
                  numpy_only={"c": "NumPy's complex rounding is kept (rare; parallel NumPy "
                                   "loop)"},
                  numpy_name=None),
    ElementwiseOp("isfinite", 1, "numeric or boolean", np.isfinite, result="bool",
                  doc="finite check (GB/T 7.2.2.2)",
                  kernel={"biu": "True", "f": "math.isfinite(a)", "c": "cmath.isfinite(a)"}),
    ElementwiseOp("isinf", 1, "numeric or boolean", np.isinf, result="bool",
                  doc="infinity check (GB/T 7.2.2.3)",
                  kernel={"biu": "False", "f": "math.isinf(a)", "c": "cmath.isinf(a)"}),
    ElementwiseOp("isnan", 1, "numeric or boolean", np.isnan, result="bool",
                  doc="NaN check (GB/T 7.2.2.4)",
                  kernel={"biu": "False", "f": "math.isnan(a)", "c": "cmath.isnan(a)"}),
    ElementwiseOp("signbit", 1, "real floating-point", np.signbit, result="bool",
                  doc="sign bit set", kernel={"f": "math.copysign(1.0, a) < 0"}),
    ElementwiseOp("bitwise_invert", 1, "integer or boolean", np.invert, operator="invert",
                  doc="~x", kernel={"b": "not a", "iu": "~a"}, numpy_name="invert",
                  aliases=("bitwise_invert", "bitwise_not")),
    ElementwiseOp("logical_not", 1, "any", N.logical(np.logical_not), result="bool",
                  promotes=False, doc="logical NOT; numeric input: 0 is False (GB/T 7.2.6.3)",
                  kernel={"b": "not a", "iuf": "a == 0", "c": "a == 0"}),
    # binary arithmetic
    ElementwiseOp("add", 2, "numeric or boolean", np.add, operator="add", doc="x1 + x2",
                  kernel={"b": "a or b", "iuf": "a + b", "c": "a + b"}),
    ElementwiseOp("subtract", 2, "numeric", np.subtract, operator="sub", doc="x1 - x2",
                  kernel={"iuf": "a - b", "c": "a - b"}),
    ElementwiseOp("multiply", 2, "numeric or boolean", np.multiply, operator="mul",
                  doc="x1 * x2", kernel={"b": "a and b", "iuf": "a * b"},
                  numpy_only={"c": _CFMA}),
    ElementwiseOp("divide", 2, "floating-point", np.true_divide, to_float=True,
                  operator="truediv", doc="x1 / x2; integer input gives a float (pypto.div)",
                  kernel={"f": "a / b"},
                  numpy_only={"c": "numba's complex division differs from NumPy's (Smith's "
                                   "method)"},
                  aliases=("true_divide",)),
    ElementwiseOp("floor_divide", 2, "real numeric", N.floor_divide, operator="floordiv",
                  doc="floor(x1 / x2)",
                  kernel={"i": "ifloordiv(a, b)", "u": "a // b", "f": "ffloordiv(a, b)"}),
    ElementwiseOp("remainder", 2, "real numeric", np.remainder, operator="mod",
                  doc="remainder with the sign of x2",
                  kernel={"iu": "a % b", "f": "fremainder(a, b)"}, aliases=("mod",)),
    ElementwiseOp("pow", 2, "numeric", N.power, operator="pow", doc="x1 ** x2",
                  kernel={"iu": "ipow(a, b)", "f": "a ** b"},
                  numpy_only={"c": "NumPy's complex power special-cases small integer "
                                   "exponents"},
                  ulp=4, numpy_name="power", aliases=("pow",)),
    ElementwiseOp("maximum", 2, "real numeric", np.maximum, doc="larger value; NaN propagates",
                  kernel={"iu": "max(a, b)", "f": "a if (a > b or a != a) else b"}),
    ElementwiseOp("minimum", 2, "real numeric", np.minimum,
                  doc="smaller value; NaN propagates",
                  kernel={"iu": "min(a, b)", "f": "a if (a < b or a != a) else b"}),
    ElementwiseOp("atan2", 2, "real floating-point", np.arctan2, to_float=True,
                  doc="quadrant-aware inverse tangent of x1 / x2",
                  kernel={"f": "math.atan2(a, b)"}, ulp=4, numpy_name="arctan2",
                  aliases=("atan2",)),
    ElementwiseOp("hypot", 2, "real floating-point", np.hypot, to_float=True,
                  doc="sqrt(x1^2 + x2^2)", kernel={"f": "math.hypot(a, b)"}, ulp=4),
    ElementwiseOp("copysign", 2, "real floating-point", np.copysign, to_float=True,
                  doc="magnitude of x1 with the sign of x2",
                  kernel={"f": "math.copysign(a, b)"}),
    ElementwiseOp("nextafter", 2, "real floating-point", np.nextafter,
                  doc="next representable value after x1 toward x2",
                  numpy_only={"f": "numba has no nextafter; NumPy's loop runs in threads"}),
    ElementwiseOp("logaddexp", 2, "real floating-point", np.logaddexp, to_float=True,
                  doc="log(exp(x1) + exp(x2))",
                  numpy_only={"f": "NumPy's logaddexp formula is kept; its loop runs in "
                                   "threads"}),
    # bitwise
    ElementwiseOp("bitwise_and", 2, "integer or boolean", np.bitwise_and, operator="and",
                  doc="x1 & x2", kernel={"biu": "a & b"}),
    ElementwiseOp("bitwise_or", 2, "integer or boolean", np.bitwise_or, operator="or",
                  doc="x1 | x2", kernel={"biu": "a | b"}),
    ElementwiseOp("bitwise_xor", 2, "integer or boolean", np.bitwise_xor, operator="xor",
                  doc="x1 ^ x2", kernel={"biu": "a ^ b"}),
    ElementwiseOp("bitwise_left_shift", 2, "integer", N.shift(np.left_shift),
                  operator="lshift", doc="x1 << x2",
                  kernel={"i": "lshift_i(a, b, nbits)", "u": "lshift_u(a, b, nbits)"},
                  numpy_name="left_shift", aliases=("bitwise_left_shift",)),
    ElementwiseOp("bitwise_right_shift", 2, "integer", N.shift(np.right_shift),
                  operator="rshift", doc="x1 >> x2 (arithmetic for signed)",
                  kernel={"i": "rshift_i(a, b, nbits)", "u": "rshift_u(a, b, nbits)"},
                  numpy_name="right_shift", aliases=("bitwise_right_shift",)),
    # comparison
    ElementwiseOp("equal", 2, "numeric or boolean", np.equal, result="bool", operator="eq",
                  reflected=False, inplace=False, doc="x1 == x2",
                  kernel={"biuf": "a == b", "c": "a == b"}),
    ElementwiseOp("not_equal", 2, "numeric or boolean", np.not_equal, result="bool",
                  operator="ne", reflected=False, inplace=False, doc="x1 != x2",
                  kernel={"biuf": "a != b", "c": "a != b"}),
    ElementwiseOp("greater", 2, "real numeric or boolean", np.greater, result="bool",
                  operator="gt", reflected=False, inplace=False, doc="x1 > x2",
                  kernel={"biuf": "a > b"}),
    ElementwiseOp("greater_equal", 2, "real numeric or boolean", np.greater_equal,
                  result="bool", operator="ge", reflected=False, inplace=False,
                  doc="x1 >= x2", kernel={"biuf": "a >= b"}),
    ElementwiseOp("less", 2, "real numeric or boolean", np.less, result="bool",
                  operator="lt", reflected=False, inplace=False, doc="x1 < x2",
                  kernel={"biuf": "a < b"}),
    ElementwiseOp("less_equal", 2, "real numeric or boolean", np.less_equal, result="bool",
                  operator="le", reflected=False, inplace=False, doc="x1 <= x2",
                  kernel={"biuf": "a <= b"}),
    # logical (GB/T: numeric input allowed; no common dtype is needed)
    ElementwiseOp("logical_and", 2, "any", N.logical(np.logical_and), result="bool",
                  promotes=False, doc="logical AND (GB/T 7.2.6.1)",
                  numpy_only={"biufc": _UNPROMOTED}),
    ElementwiseOp("logical_or", 2, "any", N.logical(np.logical_or), result="bool",
                  promotes=False, doc="logical OR (GB/T 7.2.6.2)",
                  numpy_only={"biufc": _UNPROMOTED}),
    ElementwiseOp("logical_xor", 2, "any", N.logical(np.logical_xor), result="bool",
                  promotes=False, doc="logical XOR (GB/T 7.2.6.4)",
                  numpy_only={"biufc": _UNPROMOTED}),
]

OPS: dict[str, ElementwiseOp] = {op.name: op for op in _OPS}
# pypto.div precision_type=INTRINSIC: convert to the result dtype, multiply by the reciprocal.
DIVIDE_INTRINSIC = ElementwiseOp(
    "divide", 2, "floating-point", N.divide_intrinsic, to_float=True, exact_ints=False,
    doc="x1 / x2, hardware-style: x1 * (1 / x2) in the result dtype", numpy_name=None,
)
# Python operator protocol names -> op, e.g. "add" -> OPS["add"].
OPERATORS: dict[str, ElementwiseOp] = {op.operator: op for op in _OPS if op.operator}


def numpy_names(ops: Iterable[ElementwiseOp]) -> dict[str, str]:
    """NumPy name -> op name, for every NumPy ufunc name (and alias) of ``ops``: the ufuncs
    the swap-in ``aiarray.numpy`` computes with the op's function."""
    return {np_name: op.name for op in ops if op.numpy_name
            for np_name in (op.numpy_name, *op.aliases)}

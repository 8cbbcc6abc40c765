"""What each elementwise op of the registry looks like inside a numba kernel.

Pure data (no numba import).  ``EXPR[op][kinds]`` is a scalar expression over the
operands ``a`` (and ``b``) for the dtype kinds in ``kinds`` (NumPy kind letters:
``b`` bool, ``i`` signed, ``u`` unsigned, ``f`` real float, ``c`` complex).  Names
inside an expression: the operands, ``math``, ``np``, the helpers of
:mod:`aiarray._kernels._helpers` (``one``, ``ffloordiv``, ...) and ``nbits`` (the bit
width of the operands' dtype).  The generator (``tools/gen_kernels.py``) turns every
entry into the kernels of ``_generated.py``.

``NUMPY_ONLY[op]`` gives, per kinds, why an op keeps NumPy's loop (the kernel
module then runs that loop in threads, see ``_threads``).  A test checks that
every (op, dtype) of the registry that numba can type is covered by exactly one
of the two tables, and that every kernel matches NumPy bitwise (``EXACT``) or
within ``ULP`` units in the last place.
"""

from __future__ import annotations

# Kinds numba supports; float16, bfloat16 and complex32 never reach the kernels.
NUMBA_KINDS = "biufc"

_REAL = {
    "acos": "math.acos(a)", "acosh": "math.acosh(a)", "asin": "math.asin(a)",
    "asinh": "math.asinh(a)", "atan": "math.atan(a)", "atanh": "math.atanh(a)",
    "cos": "math.cos(a)", "cosh": "math.cosh(a)", "exp": "math.exp(a)",
    "expm1": "math.expm1(a)", "log": "math.log(a)", "log1p": "math.log1p(a)",
    "log2": "math.log2(a)", "log10": "math.log10(a)", "sin": "math.sin(a)",
    "sinh": "math.sinh(a)", "tan": "math.tan(a)", "tanh": "math.tanh(a)",
}
_CMATH = "numba's cmath differs from NumPy's complex functions in special cases"

# Computing kinds whose binary ops also get a converting kernel (``_vvx``: operands of
# other dtypes converted as they are read); not bool or complex.
CONVERTING_KINDS = "iuf"

EXPR: dict[str, dict[str, str]] = {name: {"f": e} for name, e in _REAL.items()}
EXPR.update({
    "sqrt": {"f": "math.sqrt(a)"},
    "reciprocal": {"f": "one(a) / a"},
    "abs": {"i": "abs(a)", "u": "a", "f": "abs(a)"},
    "negative": {"iuf": "-a", "c": "-a"},
    "positive": {"iufc": "a"},
    "square": {"iuf": "a * a"},
    "sign": {"i": "(a > 0) - (a < 0)", "u": "one(a) if a > 0 else a", "f": "fsign(a)"},
    "conj": {"iuf": "a", "c": "a.conjugate()"},
    "real": {"iuf": "a", "c": "a.real"},
    "imag": {"iuf": "zero(a)", "c": "a.imag"},
    "ceil": {"iu": "a", "f": "np.ceil(a)"},
    "floor": {"iu": "a", "f": "np.floor(a)"},
    "trunc": {"iu": "a", "f": "np.trunc(a)"},
    "round": {"iu": "a", "f": "np.rint(a)"},
    "isfinite": {"biu": "True", "f": "math.isfinite(a)", "c": "cmath.isfinite(a)"},
    "isinf": {"biu": "False", "f": "math.isinf(a)", "c": "cmath.isinf(a)"},
    "isnan": {"biu": "False", "f": "math.isnan(a)", "c": "cmath.isnan(a)"},
    "signbit": {"f": "math.copysign(1.0, a) < 0"},
    "bitwise_invert": {"b": "not a", "iu": "~a"},
    "logical_not": {"b": "not a", "iuf": "a == 0", "c": "a == 0"},
    "add": {"b": "a or b", "iuf": "a + b", "c": "a + b"},
    "subtract": {"iuf": "a - b", "c": "a - b"},
    "multiply": {"b": "a and b", "iuf": "a * b"},
    "divide": {"f": "a / b"},
    "floor_divide": {"i": "ifloordiv(a, b)", "u": "a // b", "f": "ffloordiv(a, b)"},
    "remainder": {"iu": "a % b", "f": "fremainder(a, b)"},
    "pow": {"iu": "ipow(a, b)", "f": "a ** b"},
    "maximum": {"iu": "max(a, b)", "f": "a if (a > b or a != a) else b"},
    "minimum": {"iu": "min(a, b)", "f": "a if (a < b or a != a) else b"},
    "atan2": {"f": "math.atan2(a, b)"},
    "hypot": {"f": "math.hypot(a, b)"},
    "copysign": {"f": "math.copysign(a, b)"},
    "bitwise_and": {"biu": "a & b"},
    "bitwise_or": {"biu": "a | b"},
    "bitwise_xor": {"biu": "a ^ b"},
    "bitwise_left_shift": {"i": "lshift_i(a, b, nbits)", "u": "lshift_u(a, b, nbits)"},
    "bitwise_right_shift": {"i": "rshift_i(a, b, nbits)", "u": "rshift_u(a, b, nbits)"},
    "equal": {"biuf": "a == b", "c": "a == b"},
    "not_equal": {"biuf": "a != b", "c": "a != b"},
    "greater": {"biuf": "a > b"},
    "greater_equal": {"biuf": "a >= b"},
    "less": {"biuf": "a < b"},
    "less_equal": {"biuf": "a <= b"},
})

_CFMA = "NumPy's complex product uses fused multiply-add in its SIMD loop here"
_UNPROMOTED = "the dispatcher's unpromoted path (operands keep their dtypes) has no kernel hook"
NUMPY_ONLY: dict[str, dict[str, str]] = {
    name: {"c": _CMATH} for name in (*_REAL, "sqrt", "reciprocal")
}
NUMPY_ONLY.update({
    "abs": {"c": "NumPy's complex abs (npy_hypot) is kept for bitwise equality"},
    "sign": {"c": "NumPy 2's complex sign x/|x| is kept for bitwise equality"},
    "round": {"c": "NumPy's complex rounding is kept (rare; parallel NumPy loop)"},
    "square": {"c": _CFMA},
    "multiply": {"c": _CFMA},
    "divide": {"c": "numba's complex division differs from NumPy's (Smith's method)"},
    "pow": {"c": "NumPy's complex power special-cases small integer exponents"},
    "nextafter": {"f": "numba has no nextafter; NumPy's loop runs in threads"},
    "logaddexp": {"f": "NumPy's logaddexp formula is kept; its loop runs in threads"},
    "logical_and": {"biufc": _UNPROMOTED},
    "logical_or": {"biufc": _UNPROMOTED},
    "logical_xor": {"biufc": _UNPROMOTED},
})

# Ops the large path leaves to NumPy whatever the size: NumPy does no work for them.
NO_LARGE_PATH: dict[str, str] = {
    "real": "NumPy returns a view (or the input) without computing anything",
    "imag": "NumPy returns a view (complex) or fresh zero pages (real)",
}

# Ops cheap enough that their scalar loop keeps up with memory: the streaming 1-D
# kernels store each result straight from the loop (non-temporal scalar stores).  The
# other ops compute a chunk into a cache-resident scratch buffer first, so that their
# arithmetic stays vectorized, then stream the chunk out.  Measured at n = 1e7 on the
# 2-core machine (docs/performance.md): storing straight from the loop took 0.66-0.84x
# the scratch kernel's time for add, multiply, multiply_add and the mixed-dtype add,
# but 1.3-3.6x for divide and sqrt, whose scalar loops are slower than memory.
DIRECT_STREAM = frozenset({
    "add", "subtract", "multiply", "multiply_add", "negative", "positive", "square",
    "abs", "conj", "real", "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_invert",
})

# Float ops that are one IEEE operation on their two operands, with the llvm
# instruction that computes it.  Their streaming kernels for real floats compute whole
# 64-byte vectors and store each with one aligned non-temporal vector store (elements
# before the first 64-byte boundary and after the last run scalar): a loop that holds a
# scalar non-temporal store is not vectorized, and a scalar division is slower than
# memory.  Measured at n = 1e7 here: divide 0.38 (float32) and 0.48 (float64) of
# NumPy's time, against 0.50 and 0.59 through the scratch buffer; for add the vector
# form measured the same as the direct one (0.40 / 0.49), so add stays direct.
VECTOR_STREAM = {"divide": "fdiv"}

# Ops whose kernels must equal NumPy bit for bit (correctly rounded or exact).
# The others are transcendental: within ULP[op] units in the last place of NumPy on
# floats (integer pow is exact: repeated multiplication).
TRANSCENDENTAL = frozenset({*_REAL, "pow", "atan2", "hypot"})
ULP: dict[str, int] = {name: 4 for name in TRANSCENDENTAL}


def exact(op: str, kind: str) -> bool:
    """Whether ``op`` has a kernel for dtype kind ``kind`` that equals NumPy bit for bit
    (the parallel backend's rule: numba wherever this holds)."""
    return expression(op, kind) is not None and (op not in TRANSCENDENTAL or kind in "biu")


def expression(op: str, kind: str) -> tuple[str, str] | None:
    """(kinds key, expression) of ``op`` for dtype kind ``kind``, or None."""
    for kinds, expr in EXPR.get(op, {}).items():
        if kind in kinds:
            return kinds, expr
    return None


def numpy_only_reason(op: str, kind: str) -> str | None:
    """Why ``op`` on dtype kind ``kind`` has no numba kernel, or None."""
    for kinds, why in NUMPY_ONLY.get(op, {}).items():
        if kind in kinds:
            return why
    return None

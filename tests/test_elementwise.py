"""Elementwise functions of aiarray, driven by the op registry and checked against NumPy.

Every op in ``aiarray._registry.OPS`` must have a row in ``SPEC`` below: the dtypes
it accepts, the kind of result, how its reference is computed and the input domain.
The table is written from the Array API standard and the GB/T / pypto rules
(docs/gbt.md, docs/promotion.md) -- never derived from aiarray -- so a registry change
that alters behaviour shows up here.

Expected values never come from aiarray:
* exact ops (arithmetic, comparison, bitwise, rounding): the same-dtype NumPy ufunc;
* transcendental ops: NumPy in long double (``np.longdouble`` / ``np.clongdouble``),
  rounded once to the result dtype, compared with rtol = 4 * eps(result dtype);
* integer / bool input of a floating-valued function: NumPy in float64, rounded once
  to float32 (bool, int8..int32, uint8, uint16) or float64 (int64, uint32, uint64).

Promotion between different dtypes is covered by test_promotion_tables.py.
"""

from __future__ import annotations

import cmath
import math
import operator
import zlib
from dataclasses import dataclass, field

import numpy as np
import pytest

import aiarray as aa
from aiarray._registry import OPS

# ---------------------------------------------------------------------------
# dtypes
# ---------------------------------------------------------------------------

BOOL = ("bool",)
SIGNED = ("int8", "int16", "int32", "int64")
UNSIGNED = ("uint8", "uint16", "uint32", "uint64")
INTS = SIGNED + UNSIGNED
RFLOATS = ("float16", "float32", "float64")
CFLOATS = ("complex64", "complex128")
FLOATS = RFLOATS + CFLOATS
ALL = BOOL + INTS + FLOATS  # the dtypes this file tests (bf16 / c32: test_special_dtypes.py)

# pypto.div / GB/T: integer and bool input of a floating-valued function.
INT_TO_FLOAT = {
    "bool": "float32", "int8": "float32", "uint8": "float32", "int16": "float32",
    "uint16": "float32", "int32": "float32",
    "int64": "float64", "uint32": "float64", "uint64": "float64",
}
REAL_PART = {"complex64": "float32", "complex128": "float64"}
WIDE = {"float16": np.longdouble, "float32": np.longdouble, "float64": np.longdouble,
        "complex64": np.clongdouble, "complex128": np.clongdouble}

# The standard's input categories, as sets of the names above.
CAT = {
    "any": set(ALL),
    "numeric": set(INTS + FLOATS),
    "numeric or boolean": set(ALL),
    "real numeric": set(INTS + RFLOATS),
    "real numeric or boolean": set(BOOL + INTS + RFLOATS),
    "floating (ints become float)": set(ALL),
    "real floating (ints become float)": set(BOOL + INTS + RFLOATS),
    "real floating": set(RFLOATS),
    "integer or boolean": set(BOOL + INTS),
    "integer": set(INTS),
}


def npdt(name: str) -> np.dtype:
    return np.dtype(name)


def eps(name: str) -> float:
    return float(np.finfo(npdt(name)).eps)


# ---------------------------------------------------------------------------
# Input domains
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class R:
    """Uniform real values in [lo, hi]; ``grid`` draws multiples of 1/grid (ties, halves)."""

    lo: float
    hi: float
    grid: int = 0
    nonzero: bool = False


@dataclass(frozen=True)
class P:
    """Values drawn from a fixed pool."""

    values: tuple


@dataclass(frozen=True)
class I:  # noqa: E742 - short on purpose, like R and P
    """Integers in [lo, hi] clipped to the dtype; 'full', 'half' or 'sqrt' of the range."""

    lo: int | str = "full"
    hi: int | None = None
    nonzero: bool = False


def _int_bounds(dom: I, name: str) -> tuple[int, int]:
    info = np.iinfo(npdt(name))
    lo, hi = int(info.min), int(info.max)
    if dom.lo == "full":
        return (lo + 1 if lo else 0), hi  # never the minimum (abs/negative overflow)
    if dom.lo == "half":
        return lo // 2 + 1, hi // 2
    if dom.lo == "sqrt":
        r = math.isqrt(hi)
        return (-r if lo else 0), r
    if dom.lo == "bits":  # shift amounts
        return 0, info.bits - 1
    return max(dom.lo, lo), min(dom.hi, hi)


def draw(dom, name: str, rng: np.random.Generator, n: int) -> np.ndarray:
    """``n`` values of dtype ``name`` from domain ``dom``."""
    dt = npdt(name)
    if name == "bool":
        return rng.integers(0, 2, n).astype(bool)
    if name in INTS:
        idom = dom if isinstance(dom, I) else I()
        lo, hi = _int_bounds(idom, name)
        v = rng.integers(lo, hi, n, endpoint=True, dtype=np.int64 if hi < 2**63 else np.uint64)
        if idom.nonzero:
            v[v == 0] = 1
        return v.astype(dt)
    if name in CFLOATS:
        re = draw(dom, REAL_PART[name], rng, n)
        im = draw(dom, REAL_PART[name], rng, n)
        out = np.empty(n, dtype=dt)
        out.real = re
        out.imag = im
        return out
    if isinstance(dom, P):
        return rng.choice(np.array(dom.values, dtype=np.float64), n).astype(dt)
    if dom.grid:
        v = rng.integers(int(dom.lo * dom.grid), int(dom.hi * dom.grid), n, endpoint=True)
        v = v / dom.grid
    else:
        v = rng.uniform(dom.lo, dom.hi, n)
    if dom.nonzero:
        v[v == 0] = 1.0
    return v.astype(dt)


# ---------------------------------------------------------------------------
# The specification table
# ---------------------------------------------------------------------------

EXACT, CLOSE, CLOSE_COMPLEX = "exact", "close", "close for complex"


@dataclass(frozen=True)
class Spec:
    arity: int
    accepts: str  # a key of CAT
    result: str  # "same" | "bool" | "real" (complex -> real part) | "float" (ints -> float)
    ref: object  # NumPy function applied to same-dtype arrays
    accuracy: str = EXACT
    real_dom: tuple = (R(-100, 100), R(-100, 100))
    int_dom: tuple = (I(), I())
    ties: bool = False  # make some x2 equal x1 (comparisons, max/min, nextafter)
    zero_sign: bool = True  # the sign of a zero result is specified
    wide_ref: object = None  # long-double reference when ``ref`` has no such loop
    complex_ulps: int = 4  # rtol = complex_ulps * eps for complex results
    note: str = ""
    extra: dict = field(default_factory=dict)


def _u(ref, dom, idom=I(-100, 100), **kw) -> Spec:
    """A floating-valued unary function: integer / bool input becomes float."""
    return Spec(1, "floating (ints become float)", "float", ref, CLOSE, (dom,), (idom,), **kw)


def _reciprocal(x):
    return np.divide(np.ones((), x.dtype), x)


def _expm1_wide(x):
    return np.exp(x) - 1 if x.dtype.kind == "c" else np.expm1(x)


GRID = R(-50, 50, grid=4)  # quarter steps: ties, halves and whole numbers
LOGIC_POOL = P((0.0, -0.0, 1.0, -2.5, 0.5, np.inf, np.nan))

SPEC: dict[str, Spec] = {
    # floating-valued unary functions
    "acos": _u(np.arccos, R(-0.95, 0.95), I(-1, 1)),
    "acosh": _u(np.arccosh, R(1.01, 50), I(1, 100)),
    "asin": _u(np.arcsin, R(-0.95, 0.95), I(-1, 1)),
    "asinh": _u(np.arcsinh, R(-20, 20)),
    "atan": _u(np.arctan, R(-20, 20)),
    "atanh": _u(np.arctanh, R(-0.95, 0.95), I(-1, 1)),
    "cos": _u(np.cos, R(-10, 10)),
    "cosh": _u(np.cosh, R(-8, 8), I(-10, 10)),
    "exp": _u(np.exp, R(-8, 8), I(-10, 10)),
    "expm1": _u(np.expm1, R(-8, 8), I(-10, 10), wide_ref=_expm1_wide),
    "log": _u(np.log, R(0.01, 100), I(1, 100)),
    "log1p": _u(np.log1p, R(-0.9, 50), I(0, 100)),
    "log2": _u(np.log2, R(0.01, 100), I(1, 100)),
    "log10": _u(np.log10, R(0.01, 100), I(1, 100)),
    "sin": _u(np.sin, R(-10, 10)),
    "sinh": _u(np.sinh, R(-8, 8), I(-10, 10)),
    "sqrt": _u(np.sqrt, R(0, 100), I(0, 100)),
    "tan": _u(np.tan, R(-1.4, 1.4)),
    "tanh": _u(np.tanh, R(-5, 5)),
    "reciprocal": _u(_reciprocal, R(0.1, 50), I(1, 100)),
    # other unary
    "abs": Spec(1, "numeric", "real", np.abs, CLOSE_COMPLEX),
    "negative": Spec(1, "numeric", "same", np.negative),
    "positive": Spec(1, "numeric", "same", np.positive),
    "square": Spec(1, "numeric", "same", np.square, int_dom=(I("sqrt"),)),
    "sign": Spec(1, "numeric", "same", np.sign, CLOSE_COMPLEX, (GRID,)),
    "conj": Spec(1, "numeric", "same", np.conj),
    "real": Spec(1, "numeric", "real", np.real),
    "imag": Spec(1, "numeric", "real", np.imag),
    "ceil": Spec(1, "real numeric", "same", np.ceil, real_dom=(GRID,)),
    "floor": Spec(1, "real numeric", "same", np.floor, real_dom=(GRID,)),
    "trunc": Spec(1, "real numeric", "same", np.trunc, real_dom=(GRID,)),
    "round": Spec(1, "numeric", "same", np.round, real_dom=(GRID,)),
    "isfinite": Spec(1, "numeric or boolean", "bool", np.isfinite, real_dom=(LOGIC_POOL,)),
    "isinf": Spec(1, "numeric or boolean", "bool", np.isinf, real_dom=(LOGIC_POOL,)),
    "isnan": Spec(1, "numeric or boolean", "bool", np.isnan, real_dom=(LOGIC_POOL,)),
    "signbit": Spec(1, "real floating", "bool", np.signbit, real_dom=(LOGIC_POOL,)),
    "bitwise_invert": Spec(1, "integer or boolean", "same", np.invert),
    "logical_not": Spec(1, "any", "bool", lambda x: x == 0, real_dom=(LOGIC_POOL,),
                        int_dom=(I(-2, 2),)),
    # arithmetic
    "add": Spec(2, "numeric or boolean", "same", np.add, int_dom=(I("half"), I("half"))),
    "subtract": Spec(2, "numeric", "same", np.subtract, int_dom=(I("half"), I("half"))),
    "multiply": Spec(2, "numeric or boolean", "same", np.multiply,
                     int_dom=(I("sqrt"), I("sqrt"))),
    "divide": Spec(2, "floating (ints become float)", "float", np.true_divide, CLOSE_COMPLEX,
                   (R(-100, 100), R(0.5, 50)), (I(), I(1, 1000))),
    "floor_divide": Spec(2, "real numeric", "same", np.floor_divide, EXACT,
                         (R(-100, 100), R(0.25, 20)), (I("half"), I(-20, 20, nonzero=True))),
    "remainder": Spec(2, "real numeric", "same", np.remainder, EXACT,
                      (R(-100, 100), R(0.25, 20)), (I("half"), I(-20, 20, nonzero=True))),
    # complex pow is exp(w log z): the error of log z grows with |w| (NumPy: up to ~7 ulp)
    "pow": Spec(2, "numeric", "same", np.power, CLOSE, (R(0.1, 10), R(-3, 3)),
                (I(-3, 3), I(0, 4)), complex_ulps=16),
    "maximum": Spec(2, "real numeric", "same", np.maximum, real_dom=(GRID, GRID), ties=True,
                    zero_sign=False),
    "minimum": Spec(2, "real numeric", "same", np.minimum, real_dom=(GRID, GRID), ties=True,
                    zero_sign=False),
    "atan2": Spec(2, "real floating (ints become float)", "float", np.arctan2, CLOSE,
                  (R(-10, 10), R(-10, 10))),
    "hypot": Spec(2, "real floating (ints become float)", "float", np.hypot, CLOSE,
                  (R(-100, 100), R(-100, 100)), (I(-1000, 1000), I(-1000, 1000))),
    "copysign": Spec(2, "real floating (ints become float)", "float", np.copysign, EXACT,
                     (R(-10, 10), LOGIC_POOL)),
    "nextafter": Spec(2, "real floating", "same", np.nextafter, real_dom=(GRID, GRID), ties=True),
    "logaddexp": Spec(2, "real floating (ints become float)", "float", np.logaddexp, CLOSE,
                      (R(-20, 20), R(-20, 20)), (I(-50, 50), I(-50, 50))),
    # bitwise
    "bitwise_and": Spec(2, "integer or boolean", "same", np.bitwise_and),
    "bitwise_or": Spec(2, "integer or boolean", "same", np.bitwise_or),
    "bitwise_xor": Spec(2, "integer or boolean", "same", np.bitwise_xor),
    "bitwise_left_shift": Spec(2, "integer", "same", np.left_shift, int_dom=(I(), I("bits"))),
    "bitwise_right_shift": Spec(2, "integer", "same", np.right_shift, int_dom=(I(), I("bits"))),
    # comparison
    "equal": Spec(2, "numeric or boolean", "bool", np.equal, real_dom=(GRID, GRID), ties=True),
    "not_equal": Spec(2, "numeric or boolean", "bool", np.not_equal, real_dom=(GRID, GRID),
                      ties=True),
    "greater": Spec(2, "real numeric or boolean", "bool", np.greater, real_dom=(GRID, GRID),
                    ties=True),
    "greater_equal": Spec(2, "real numeric or boolean", "bool", np.greater_equal,
                          real_dom=(GRID, GRID), ties=True),
    "less": Spec(2, "real numeric or boolean", "bool", np.less, real_dom=(GRID, GRID),
                 ties=True),
    "less_equal": Spec(2, "real numeric or boolean", "bool", np.less_equal,
                       real_dom=(GRID, GRID), ties=True),
    # logical: numeric input is accepted, 0 is False (GB/T 7.2.6)
    "logical_and": Spec(2, "any", "bool", lambda a, b: (a != 0) & (b != 0),
                        real_dom=(LOGIC_POOL, LOGIC_POOL), int_dom=(I(-2, 2), I(-2, 2))),
    "logical_or": Spec(2, "any", "bool", lambda a, b: (a != 0) | (b != 0),
                       real_dom=(LOGIC_POOL, LOGIC_POOL), int_dom=(I(-2, 2), I(-2, 2))),
    "logical_xor": Spec(2, "any", "bool", lambda a, b: (a != 0) ^ (b != 0),
                        real_dom=(LOGIC_POOL, LOGIC_POOL), int_dom=(I(-2, 2), I(-2, 2))),
}

# Complex inputs use parts from this domain unless the op is listed.
COMPLEX_DOM = {
    "default": R(-2, 2),
    "divide": R(-100, 100),
    "add": R(-100, 100), "subtract": R(-100, 100), "multiply": R(-100, 100),
    "round": GRID, "sign": GRID, "equal": GRID, "not_equal": GRID,
    "logical_and": P((0.0, 1.0)), "logical_or": P((0.0, 1.0)), "logical_xor": P((0.0, 1.0)),
    "logical_not": P((0.0, 1.0)), "isfinite": LOGIC_POOL, "isinf": LOGIC_POOL,
    "isnan": LOGIC_POOL,
}

OP_NAMES = sorted(OPS)
FUNCS = {name: getattr(aa, name) for name in OP_NAMES}


def spec_of(name: str) -> Spec:
    assert name in SPEC, f"registry op {name!r} has no row in SPEC: add one"
    return SPEC[name]


def expected_dtype(name: str, dtype: str) -> str:
    rule = spec_of(name).result
    if rule == "bool":
        return "bool"
    if rule == "float" and dtype in INT_TO_FLOAT:
        return INT_TO_FLOAT[dtype]
    if rule == "real":
        return REAL_PART.get(dtype, dtype)
    return dtype


def seed_for(*parts: str) -> int:
    return zlib.crc32("/".join(parts).encode())


def make_inputs(name: str, dtype: str, n: int = 64) -> list[np.ndarray]:
    s = spec_of(name)
    rng = np.random.default_rng(seed_for(name, dtype))
    out = []
    for k in range(s.arity):
        if dtype in CFLOATS:
            dom = COMPLEX_DOM.get(name, COMPLEX_DOM["default"])
        elif dtype in INTS or dtype == "bool":
            dom = s.int_dom[k]
        else:
            dom = s.real_dom[k]
        out.append(draw(dom, dtype, rng, n))
    if s.ties and s.arity == 2:
        out[1][::3] = out[0][::3]
    if name == "subtract" and dtype in UNSIGNED:  # stay inside the range: x1 >= x2
        out = [np.maximum(*out), np.minimum(*out)]
    return out


def reference(name: str, dtype: str, args: list[np.ndarray]) -> tuple[np.ndarray, str]:
    """(expected values, accuracy) for ``name`` on same-dtype NumPy arrays ``args``."""
    s = spec_of(name)
    res = npdt(expected_dtype(name, dtype))
    with np.errstate(all="ignore"):
        if s.result == "float" and dtype in INT_TO_FLOAT:  # computed in float64, rounded once
            out = s.ref(*(a.astype(np.float64) for a in args))
            return np.asarray(out).astype(res), EXACT
        close = s.accuracy == CLOSE or (s.accuracy == CLOSE_COMPLEX and dtype in CFLOATS)
        if close and dtype in WIDE:
            fn = s.wide_ref or s.ref
            out = fn(*(a.astype(WIDE[dtype]) for a in args))
            return np.asarray(out).astype(res), CLOSE
        out = s.ref(*args)
        return np.asarray(out).astype(res), EXACT


# ---------------------------------------------------------------------------
# Comparison helpers
# ---------------------------------------------------------------------------


def to_numpy(x: aa.Array) -> np.ndarray:
    assert type(x) is aa.Array, f"expected an aiarray Array, got {type(x)}"
    return np.asarray(x)


def _check_real(got, exp, exact, rtol, zero_sign, msg):
    np.testing.assert_array_equal(np.isnan(got), np.isnan(exp), err_msg="NaN positions " + msg)
    np.testing.assert_array_equal(np.isinf(got), np.isinf(exp), err_msg="inf positions " + msg)
    inf = np.isinf(exp)
    np.testing.assert_array_equal(got[inf], exp[inf], err_msg="infinities " + msg)
    fin = np.isfinite(exp)
    if exact:
        np.testing.assert_array_equal(got[fin], exp[fin], err_msg=msg)
    else:
        np.testing.assert_allclose(got[fin], exp[fin], rtol=rtol, atol=0, err_msg=msg)
    if zero_sign:
        z = (exp == 0) & (got == 0)
        np.testing.assert_array_equal(np.signbit(got[z]), np.signbit(exp[z]),
                                      err_msg="sign of zero " + msg)


def assert_matches(actual, expected: np.ndarray, accuracy: str = EXACT, *, msg: str = "",
                   zero_sign: bool = True, rtol: float | None = None) -> None:
    """``actual`` (an aiarray Array) has ``expected``'s dtype, shape and values."""
    got = to_numpy(actual)
    assert actual.dtype == expected.dtype, f"{msg}: dtype {actual.dtype} != {expected.dtype}"
    assert got.dtype == expected.dtype, msg
    assert actual.shape == expected.shape, f"{msg}: shape {actual.shape} != {expected.shape}"
    got = got.reshape(-1)
    exp = expected.reshape(-1)
    kind = exp.dtype.kind
    if kind in "biu":
        np.testing.assert_array_equal(got, exp, err_msg=msg)
        return
    exact = accuracy == EXACT
    if rtol is None:
        rtol = 4 * float(np.finfo(exp.dtype).eps)
    if kind == "f":
        _check_real(got, exp, exact, rtol, zero_sign, msg)
        return
    if exact:
        for part in ("real", "imag"):
            _check_real(getattr(got, part), getattr(exp, part), True, rtol, zero_sign,
                        f"{part} part {msg}")
        return
    # complex, approximate: parts agree on NaN / inf, finite values within rtol of |expected|
    for part in ("real", "imag"):
        g, e = getattr(got, part), getattr(exp, part)
        np.testing.assert_array_equal(np.isnan(g), np.isnan(e), err_msg=f"NaN in {part} {msg}")
        np.testing.assert_array_equal(np.isinf(g), np.isinf(e), err_msg=f"inf in {part} {msg}")
    fin = np.isfinite(exp.real) & np.isfinite(exp.imag)
    err = np.abs(got[fin].astype(np.complex128) - exp[fin])
    bound = rtol * np.abs(exp[fin].astype(np.complex128))
    bad = err > bound
    assert not bad.any(), (f"{msg}: {bad.sum()} values off by more than rtol={rtol:g}: "
                           f"got {got[fin][bad][:4]}, expected {exp[fin][bad][:4]}")


def call(name: str, *args):
    with np.errstate(all="ignore"):
        return FUNCS[name](*[aa.asarray(a) if isinstance(a, np.ndarray) else a for a in args])


# ---------------------------------------------------------------------------
# The registry and the table agree
# ---------------------------------------------------------------------------


def test_every_registry_op_has_a_spec_row():
    assert set(OPS) == set(SPEC)


@pytest.mark.parametrize("name", OP_NAMES)
def test_registry_arity_and_public_function(name):
    assert OPS[name].arity == SPEC[name].arity
    assert callable(getattr(aa, name))
    assert name in aa.__all__


# ---------------------------------------------------------------------------
# Random data against NumPy, every op and every accepted dtype
# ---------------------------------------------------------------------------

ACCEPTED = [(n, d) for n in OP_NAMES for d in ALL if n in SPEC and d in CAT[SPEC[n].accepts]]
REJECTED = [(n, d) for n in OP_NAMES for d in ALL if n in SPEC and d not in CAT[SPEC[n].accepts]]


@pytest.mark.parametrize(("name", "dtype"), ACCEPTED)
def test_random_values_match_numpy(name, dtype):
    args = make_inputs(name, dtype)
    expected, accuracy = reference(name, dtype, args)
    out = call(name, *args)
    assert out.dtype == npdt(expected_dtype(name, dtype))
    rtol = SPEC[name].complex_ulps * eps(REAL_PART[dtype]) if dtype in CFLOATS else None
    assert_matches(out, expected, accuracy, msg=f"{name}({dtype})",
                   zero_sign=SPEC[name].zero_sign, rtol=rtol)


@pytest.mark.parametrize(("name", "dtype"), REJECTED)
def test_dtype_outside_category_raises_type_error(name, dtype):
    args = [aa.asarray(a) for a in make_inputs(name, "bool" if dtype == "bool" else dtype, 4)]
    with pytest.raises(TypeError) as info:
        FUNCS[name](*args)
    assert isinstance(info.value, aa.TypeMismatchError)
    assert info.value.status == aa.Status.TYPE_MISMATCH
    assert name in str(info.value)


@pytest.mark.parametrize(
    ("func", "dtype", "result"),
    [
        (aa.sin, "int32", "float32"),
        (aa.sqrt, "uint8", "float32"),
        (aa.exp, "bool", "float32"),
        (aa.log, "int64", "float64"),
        (aa.cos, "uint32", "float64"),
        (aa.tanh, "uint64", "float64"),
        (aa.reciprocal, "int16", "float32"),
        (aa.abs, "complex64", "float32"),
        (aa.abs, "complex128", "float64"),
        (aa.real, "complex64", "float32"),
        (aa.imag, "complex128", "float64"),
        (aa.isnan, "bool", "bool"),
        (aa.logical_not, "float32", "bool"),
        (aa.ceil, "int8", "int8"),
        (aa.round, "uint16", "uint16"),
    ],
)
def test_documented_unary_result_dtypes(func, dtype, result):
    x = aa.asarray(np.ones(3, dtype=dtype))
    assert func(x).dtype == npdt(result)


@pytest.mark.parametrize(
    ("func", "dtype", "result"),
    [
        (aa.divide, "int8", "float32"), (aa.divide, "uint16", "float32"),
        (aa.divide, "int32", "float32"), (aa.divide, "int64", "float64"),
        (aa.divide, "uint32", "float64"), (aa.divide, "bool", "float32"),
        (aa.atan2, "int16", "float32"), (aa.hypot, "uint64", "float64"),
        (aa.copysign, "int32", "float32"), (aa.logaddexp, "bool", "float32"),
        (aa.add, "bool", "bool"), (aa.multiply, "bool", "bool"),
        (aa.logical_and, "float64", "bool"), (aa.logical_xor, "int8", "bool"),
        (aa.less, "bool", "bool"), (aa.equal, "complex64", "bool"),
    ],
)
def test_documented_binary_result_dtypes(func, dtype, result):
    x = aa.asarray(np.ones(3, dtype=dtype))
    assert func(x, x).dtype == npdt(result)


@pytest.mark.parametrize(
    ("func", "dtype"),
    [(aa.bitwise_and, "float32"), (aa.less, "complex64"), (aa.bitwise_left_shift, "bool"),
     (aa.subtract, "bool"), (aa.nextafter, "int32"), (aa.atan2, "complex128"),
     (aa.floor, "complex64"), (aa.signbit, "int8"), (aa.bitwise_invert, "float64"),
     (aa.remainder, "complex64"), (aa.maximum, "bool"), (aa.pow, "bool")],
)
def test_named_category_errors(func, dtype):
    x = aa.asarray(np.ones(2, dtype=dtype))
    with pytest.raises(TypeError):
        func(x, x)


def test_logical_ops_on_numbers_treat_zero_as_false():
    x = aa.asarray(np.array([0.0, -0.0, 2.0, np.nan, 0.0]))
    y = aa.asarray(np.array([0, 3, 0, 1, -1], dtype=np.int16))
    assert to_numpy(aa.logical_and(x, y)).tolist() == [False, False, False, True, False]
    assert to_numpy(aa.logical_or(x, y)).tolist() == [False, True, True, True, True]
    assert to_numpy(aa.logical_xor(x, y)).tolist() == [False, True, True, False, True]
    assert to_numpy(aa.logical_not(x)).tolist() == [True, True, False, False, True]


def test_add_and_multiply_of_bools_are_or_and_and():
    a = aa.asarray([False, False, True, True])
    b = aa.asarray([False, True, False, True])
    assert to_numpy(aa.add(a, b)).tolist() == [False, True, True, True]
    assert to_numpy(aa.multiply(a, b)).tolist() == [False, False, False, True]
    assert aa.add(a, b).dtype == aa.bool


# ---------------------------------------------------------------------------
# Special values of the floating dtypes
# ---------------------------------------------------------------------------


def real_specials(dtype: str) -> np.ndarray:
    fi = np.finfo(npdt(dtype))
    vals = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.5, -2.5, 3.0,
            float(fi.smallest_normal), -float(fi.smallest_normal), float(fi.smallest_subnormal),
            float(fi.max), -float(fi.max)]
    return np.array(vals, dtype=np.float64).astype(dtype)


def _c99_pow(x: float, y: float) -> float:
    """pow() of C99 Annex F, which the standard's special cases follow (via math.pow)."""
    odd = math.isfinite(y) and y == math.floor(y) and abs(y) < 2**53 and int(y) % 2 == 1
    try:
        return math.pow(x, y)
    except ValueError:  # 0 ** negative, or negative ** non-integer
        if x == 0:
            return math.copysign(math.inf, x) if odd else math.inf
        return math.nan
    except OverflowError:
        return -math.inf if (x < 0 and odd) else math.inf


def special_reference(name: str, dtype: str, args: list[np.ndarray]) -> np.ndarray:
    """Expected results for special inputs of a real floating dtype."""
    s = SPEC[name]
    res = npdt(expected_dtype(name, dtype))
    with np.errstate(all="ignore"):
        if name == "pow":
            vals = [_c99_pow(float(a), float(b)) for a, b in zip(*args, strict=True)]
            return np.array(vals, dtype=np.float64).astype(res)
        out = np.asarray(s.ref(*args)).astype(res)
        if name == "floor_divide":  # the standard: floor(x1 / x2) when an operand is +-inf
            special = ~(np.isfinite(args[0]) & np.isfinite(args[1]))
            out = np.where(special, np.floor(np.divide(*args)), out).astype(res)
        return out


SPECIAL_CASES = [(n, d) for n in OP_NAMES for d in RFLOATS if d in CAT[SPEC[n].accepts]]


@pytest.mark.parametrize(("name", "dtype"), SPECIAL_CASES)
def test_special_values_of_real_floats(name, dtype):
    sv = real_specials(dtype)
    if SPEC[name].arity == 1:
        args = [sv]
    else:
        args = [np.repeat(sv, sv.size), np.tile(sv, sv.size)]
    expected = special_reference(name, dtype, args)
    accuracy = CLOSE if SPEC[name].accuracy == CLOSE else EXACT
    out = call(name, *args)
    assert_matches(out, expected, accuracy, msg=f"{name}({dtype}) special values",
                   zero_sign=SPEC[name].zero_sign)


def complex_specials(dtype: str) -> np.ndarray:
    parts = [0.0, -0.0, 1.0, -1.5, np.inf, -np.inf, np.nan]
    vals = [complex(a, b) for a in parts for b in parts]
    out = np.empty(len(vals), dtype=dtype)
    out.real = [v.real for v in vals]
    out.imag = [v.imag for v in vals]
    return out


def complex_special_reference(name: str, x: np.ndarray) -> np.ndarray:
    s = SPEC[name]
    res = npdt(expected_dtype(name, x.dtype.name))
    with np.errstate(all="ignore"):
        if name == "expm1":  # exp()'s special cases, shifted by -1 on the real part
            e = np.exp(x)
            out = np.empty_like(e)
            out.real = e.real - 1
            out.imag = e.imag
            return out
        out = np.asarray(s.ref(x)).astype(res)
        if name == "tanh":  # the standard: tanh(+-inf + bj) = +-1 + 0j with b's sign (finite b)
            edge = np.isinf(x.real) & np.isfinite(x.imag)
            out.real = np.where(edge, np.copysign(1.0, x.real), out.real)
            out.imag = np.where(edge, np.copysign(0.0, x.imag), out.imag)
        return out


COMPLEX_SPECIAL_CASES = [(n, d) for n in OP_NAMES for d in CFLOATS
                         if SPEC[n].arity == 1 and d in CAT[SPEC[n].accepts]]


@pytest.mark.parametrize(("name", "dtype"), COMPLEX_SPECIAL_CASES)
def test_special_values_of_complex_unary(name, dtype):
    x = complex_specials(dtype)
    expected = complex_special_reference(name, x)
    accuracy = CLOSE if SPEC[name].accuracy in (CLOSE, CLOSE_COMPLEX) else EXACT
    out = call(name, x)
    assert_matches(out, expected, accuracy, msg=f"{name}({dtype}) special values")


# ---------------------------------------------------------------------------
# Special cases where the standard and NumPy differ (hand-written expectations)
# ---------------------------------------------------------------------------


def scalar_of(x: aa.Array):
    v = to_numpy(x)
    assert v.shape == ()
    return v[()]


def same_float(a, b) -> bool:
    """Equal as IEEE values including the sign of zero (NaN equals NaN)."""
    a, b = float(a), float(b)
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return a == b and math.copysign(1, a) == math.copysign(1, b)


@pytest.mark.parametrize("dtype", RFLOATS)
@pytest.mark.parametrize(
    ("x1", "x2", "expected"),
    [
        (1.0, -np.inf, -0.0), (-1.0, np.inf, -0.0), (1.0, np.inf, 0.0), (-1.0, -np.inf, 0.0),
        (np.inf, 2.0, np.inf), (np.inf, -2.0, -np.inf), (-np.inf, 2.0, -np.inf),
        (-np.inf, -2.0, np.inf), (np.inf, np.inf, np.nan), (0.0, np.inf, 0.0),
        (-0.0, np.inf, -0.0), (7.0, 2.0, 3.0), (-7.0, 2.0, -4.0), (1.0, 0.0, np.inf),
        (-1.0, 0.0, -np.inf), (0.0, 0.0, np.nan),
    ],
)
def test_floor_divide_special_cases(dtype, x1, x2, expected):
    a = aa.asarray(np.array(x1, dtype=dtype))
    b = aa.asarray(np.array(x2, dtype=dtype))
    for out in (aa.floor_divide(a, b), a // b):
        assert out.dtype == npdt(dtype)
        assert same_float(scalar_of(out), expected), (x1, x2, scalar_of(out))


POW_SPECIAL = [  # (x1, x2, expected) from the standard's pow special cases (= C99 Annex F)
    (-np.inf, 0.5, np.inf), (-0.0, 0.5, 0.0), (-np.inf, 2.0, np.inf),
    (-np.inf, 3.0, -np.inf), (-np.inf, -3.0, -0.0), (-np.inf, -2.0, 0.0),
    (-0.0, 3.0, -0.0), (-0.0, -3.0, -np.inf), (-0.0, -0.5, np.inf), (0.0, -2.0, np.inf),
    (np.nan, 0.0, 1.0), (np.nan, -0.0, 1.0), (1.0, np.nan, 1.0), (-1.0, np.inf, 1.0),
    (0.5, np.inf, 0.0), (2.0, -np.inf, 0.0), (0.5, -np.inf, np.inf),
    (-2.0, 0.5, np.nan), (np.inf, -1.0, 0.0),
]
# NumPy takes a sqrt shortcut for a scalar exponent 0.5, which gets (-inf)**0.5 and
# (-0.0)**0.5 wrong; every form of the call is checked.
POW_FORMS = ("arrays", "0-d arrays", "python float exponent", "** operator")


@pytest.mark.parametrize("form", POW_FORMS)
@pytest.mark.parametrize("dtype", RFLOATS)
@pytest.mark.parametrize(("x1", "x2", "expected"), POW_SPECIAL)
def test_pow_special_cases(x1, x2, expected, dtype, form):
    a = np.array(x1, dtype=dtype)
    b = np.array(x2, dtype=dtype)
    if form == "arrays":
        out = aa.pow(aa.asarray(a.reshape(1)), aa.asarray(b.reshape(1)))[0]
    elif form == "0-d arrays":
        out = aa.pow(aa.asarray(a), aa.asarray(b))
    elif form == "python float exponent":
        out = aa.pow(aa.asarray(a), float(x2))
    else:
        out = aa.asarray(a) ** float(x2)
    assert out.dtype == npdt(dtype)
    assert same_float(scalar_of(out), expected), (x1, x2, scalar_of(out))


@pytest.mark.parametrize("dtype", CFLOATS)
@pytest.mark.parametrize(
    ("z", "expected"),
    [
        (complex(0.0, 0.0), complex(0.0, 0.0)),
        (complex(-0.0, 0.0), complex(0.0, 0.0)),
        (complex(0.0, -0.0), complex(0.0, -0.0)),
        (complex(np.inf, 0.0), complex(np.inf, 0.0)),
        (complex(-np.inf, 0.0), complex(-1.0, 0.0)),
        (complex(-np.inf, 1.0), complex(-1.0, 0.0)),
        (complex(np.nan, 0.0), complex(np.nan, 0.0)),
    ],
)
def test_complex_expm1_special_cases(dtype, z, expected):
    out = aa.expm1(aa.asarray(np.array(z, dtype=dtype)))
    assert out.dtype == npdt(dtype)
    got = complex(scalar_of(out))
    assert same_float(got.real, expected.real), (z, got)
    assert same_float(got.imag, expected.imag), (z, got)


@pytest.mark.parametrize(
    ("dtype", "z"),
    [("complex128", complex(1e-10, 1e-10)), ("complex128", complex(-3e-200, 5e-180)),
     ("complex128", complex(2e-9, -1e-9)), ("complex64", complex(1e-20, 2e-20)),
     ("complex64", complex(-3e-6, 1e-6)), ("complex128", complex(0.0, 1e-12))],
)
def test_complex_expm1_accurate_for_tiny_z(dtype, z):
    # expm1(z) = z + z**2/2 + z**3/6 + ...; three terms are exact to double precision here.
    expected = z + z * z / 2 + z ** 3 / 6
    got = complex(scalar_of(aa.expm1(aa.asarray(np.array(z, dtype=dtype)))))
    e = eps(REAL_PART[dtype])
    # each part is accurate relative to its own size (no cancellation against 1)
    assert abs(got.real - expected.real) <= 4 * e * abs(expected.real) + 1e-300, (z, got)
    assert abs(got.imag - expected.imag) <= 4 * e * abs(expected.imag) + 1e-300, (z, got)


@pytest.mark.parametrize(
    ("dtype", "z"),
    [("complex128", complex(1e-10, 1e-10)), ("complex64", complex(1e-10, 1e-10)),
     ("complex128", complex(3e-9, -1e-9))],
)
def test_complex_log1p_accurate_for_tiny_z(dtype, z):
    # the standard: log1p must not be computed as log(1 + x) (NumPy's complex log1p is).
    # log1p(z) = z - z**2/2 + z**3/3 - ...; three terms are exact to double precision here.
    expected = z - z * z / 2 + z ** 3 / 3
    got = complex(scalar_of(aa.log1p(aa.asarray(np.array(z, dtype=dtype)))))
    e = eps(REAL_PART[dtype])
    assert abs(got.real - expected.real) <= 4 * e * abs(expected.real), (z, got)
    assert abs(got.imag - expected.imag) <= 4 * e * abs(expected.imag), (z, got)


@pytest.mark.parametrize("dtype", CFLOATS)
@pytest.mark.parametrize(
    ("z", "expected"),
    [
        (complex(np.inf, 3.0), complex(1.0, 0.0)),
        (complex(np.inf, -3.0), complex(1.0, -0.0)),
        (complex(np.inf, 1.0), complex(1.0, 0.0)),
        (complex(-np.inf, 3.0), complex(-1.0, 0.0)),
        (complex(-np.inf, -2.0), complex(-1.0, -0.0)),
        (complex(np.inf, 0.0), complex(1.0, 0.0)),
        (complex(np.inf, -0.0), complex(1.0, -0.0)),
        (complex(0.0, 0.0), complex(0.0, 0.0)),
    ],
)
def test_complex_tanh_of_infinite_real_part(dtype, z, expected):
    got = complex(scalar_of(aa.tanh(aa.asarray(np.array(z, dtype=dtype)))))
    assert same_float(got.real, expected.real), (z, got)
    assert same_float(got.imag, expected.imag), (z, got)


def test_complex_expm1_moderate_values_match_cmath():
    zs = [0.5 + 0.25j, -1 + 2j, 3 - 1j]
    got = to_numpy(aa.expm1(aa.asarray(np.array(zs, dtype=np.complex128))))
    for g, z in zip(got, zs, strict=True):
        assert cmath.isclose(g, cmath.exp(z) - 1, rel_tol=1e-14)


@pytest.mark.parametrize("dtype", SIGNED + UNSIGNED)
def test_shift_by_bit_width_or_more(dtype):
    bits = np.iinfo(npdt(dtype)).bits
    x = aa.asarray(np.array([5, 1], dtype=dtype))
    big = aa.asarray(np.array([bits, bits + 3], dtype=dtype)) if bits < 64 or dtype in UNSIGNED \
        else aa.asarray(np.array([64, 100], dtype=dtype))
    assert to_numpy(aa.bitwise_left_shift(x, big)).tolist() == [0, 0]
    assert to_numpy(aa.bitwise_right_shift(x, big)).tolist() == [0, 0]
    if dtype in SIGNED:
        neg = aa.asarray(np.array([-5, -1], dtype=dtype))
        assert to_numpy(aa.bitwise_right_shift(neg, big)).tolist() == [-1, -1]


@pytest.mark.parametrize("dtype", SIGNED)
def test_negative_shift_amount_raises_value_error(dtype):
    x = aa.asarray(np.array([4, 4], dtype=dtype))
    s = aa.asarray(np.array([1, -1], dtype=dtype))
    with pytest.raises(ValueError):
        aa.bitwise_left_shift(x, s)
    with pytest.raises(ValueError):
        aa.bitwise_right_shift(x, s)


# ---------------------------------------------------------------------------
# Shapes: broadcasting, 0-d arrays, scalars on either side
# ---------------------------------------------------------------------------

BINARY = [n for n in OP_NAMES if SPEC[n].arity == 2]
UNARY = [n for n in OP_NAMES if SPEC[n].arity == 1]


def first_accepted(name: str) -> str:
    for d in ("float64", "int32", "bool"):
        if d in CAT[SPEC[name].accepts]:
            return d
    raise AssertionError(name)


@pytest.mark.parametrize("name", BINARY)
def test_broadcasting_3x1_with_4(name):
    dtype = first_accepted(name)
    a, b = make_inputs(name, dtype, 12)
    a, b = a[:3].reshape(3, 1), b[:4]
    if name in ("floor_divide", "remainder") or name.startswith("bitwise_"):
        b = np.abs(b) if dtype != "bool" else b
        b[b == 0] = 1 if dtype != "bool" else b[b == 0]
    expected, accuracy = reference(name, dtype, list(np.broadcast_arrays(a, b)))
    out = call(name, a, b)
    assert out.shape == (3, 4)
    assert_matches(out, expected, accuracy, msg=f"{name} broadcast", zero_sign=SPEC[name].zero_sign)
    s = SPEC[name]
    if s.real_dom[0] == s.real_dom[1] and s.int_dom[0] == s.int_dom[1]:  # and the other way round
        expected, accuracy = reference(name, dtype, list(np.broadcast_arrays(b, a)))
        assert_matches(call(name, b, a), expected, accuracy, msg=f"{name} broadcast (4,) (3,1)",
                       zero_sign=s.zero_sign)


NO_BROADCAST = ["add", "multiply", "less", "logical_and", "hypot"]


@pytest.mark.parametrize("mixed", [False, True], ids=["same dtype", "mixed dtypes"])
@pytest.mark.parametrize("name", NO_BROADCAST)
def test_shapes_that_do_not_broadcast_raise_value_error(name, mixed):
    a = aa.asarray(np.ones((3, 2)))
    b = aa.asarray(np.ones((4,), dtype=np.int32 if mixed else np.float64))
    with pytest.raises(ValueError):
        FUNCS[name](a, b)


@pytest.mark.parametrize("mixed", [False, True], ids=["same dtype", "mixed dtypes"])
@pytest.mark.parametrize("name", ["add", "multiply", "less", "hypot"])
def test_shapes_that_do_not_broadcast_carry_dimension_mismatch_status(name, mixed):
    a = aa.asarray(np.ones((3, 2)))
    b = aa.asarray(np.ones((4,), dtype=np.int32 if mixed else np.float64))
    with pytest.raises(aa.DimensionMismatchError) as info:
        FUNCS[name](a, b)
    assert info.value.status == aa.Status.DIMENSION_MISMATCH


@pytest.mark.parametrize("name", OP_NAMES)
def test_zero_dimensional_inputs_give_zero_dimensional_arrays(name):
    dtype = first_accepted(name)
    args = [a[:1].reshape(()) for a in make_inputs(name, dtype, 4)]
    expected, accuracy = reference(name, dtype, args)
    out = call(name, *args)
    assert type(out) is aa.Array
    assert out.shape == ()
    assert out.ndim == 0
    assert_matches(out, expected, accuracy, msg=f"{name} 0-d", zero_sign=SPEC[name].zero_sign)


PY_SCALAR = {"float64": 1.5, "float32": 2.0, "int32": 3, "bool": True}
SCALAR_DTYPES = ("float32", "float64", "int32", "bool")
SCALAR_CASES = [(n, d) for n in BINARY for d in SCALAR_DTYPES if d in CAT[SPEC[n].accepts]]


@pytest.mark.parametrize(("name", "dtype"), SCALAR_CASES)
def test_python_scalar_on_either_side(name, dtype):
    x1, x2 = make_inputs(name, dtype, 8)
    s = PY_SCALAR[dtype]
    if name.endswith("_shift") or (name == "pow" and dtype == "int32"):
        s = 2
    sa = np.full(x1.shape, s, dtype=dtype)  # the scalar takes the array's dtype
    for args, ref_args in (((x1, s), [x1, sa]), ((s, x2), [sa, x2])):
        expected, accuracy = reference(name, dtype, ref_args)
        out = call(name, *args)
        assert_matches(out, expected, accuracy, msg=f"{name}{args!r}",
                       zero_sign=SPEC[name].zero_sign)


# ---------------------------------------------------------------------------
# Operators equal the functions
# ---------------------------------------------------------------------------

BINARY_OPERATORS = [
    ("add", operator.add), ("subtract", operator.sub), ("multiply", operator.mul),
    ("divide", operator.truediv), ("floor_divide", operator.floordiv),
    ("remainder", operator.mod), ("pow", operator.pow), ("bitwise_and", operator.and_),
    ("bitwise_or", operator.or_), ("bitwise_xor", operator.xor),
    ("bitwise_left_shift", operator.lshift), ("bitwise_right_shift", operator.rshift),
    ("equal", operator.eq), ("not_equal", operator.ne), ("less", operator.lt),
    ("less_equal", operator.le), ("greater", operator.gt), ("greater_equal", operator.ge),
]
UNARY_OPERATORS = [("negative", operator.neg), ("positive", operator.pos), ("abs", abs),
                   ("bitwise_invert", operator.invert)]
OPERATOR_DTYPES = ("int16", "uint8", "float32", "float64", "complex128", "bool")


def _same_array(a: aa.Array, b: aa.Array) -> None:
    assert a.dtype == b.dtype and a.shape == b.shape
    np.testing.assert_array_equal(to_numpy(a), to_numpy(b))


@pytest.mark.parametrize("dtype", OPERATOR_DTYPES)
@pytest.mark.parametrize(("name", "op"), BINARY_OPERATORS, ids=[n for n, _ in BINARY_OPERATORS])
def test_binary_operators_equal_functions(name, op, dtype):
    if dtype not in CAT[SPEC[name].accepts]:
        x = aa.asarray(np.ones(2, dtype=dtype))
        with pytest.raises(TypeError):
            op(x, x)
        return
    a, b = (aa.asarray(v) for v in make_inputs(name, dtype, 16))
    with np.errstate(all="ignore"):
        _same_array(op(a, b), FUNCS[name](a, b))
        s = 2 if dtype != "bool" else True
        _same_array(op(a, s), FUNCS[name](a, s))  # scalar right
        if SPEC[name].result != "bool":  # reflected forms (comparisons reflect to the mirror op)
            _same_array(op(s, b), FUNCS[name](s, b))


@pytest.mark.parametrize("dtype", OPERATOR_DTYPES)
@pytest.mark.parametrize(("name", "op"), UNARY_OPERATORS, ids=[n for n, _ in UNARY_OPERATORS])
def test_unary_operators_equal_functions(name, op, dtype):
    x = aa.asarray(make_inputs("negative" if dtype != "bool" else "bitwise_invert", dtype, 16)[0])
    if dtype not in CAT[SPEC[name].accepts]:
        with pytest.raises(TypeError):
            op(x)
        return
    _same_array(op(x), FUNCS[name](x))


@pytest.mark.parametrize(
    ("op", "mirror"),
    [(operator.lt, operator.gt), (operator.le, operator.ge), (operator.eq, operator.eq),
     (operator.ne, operator.ne)],
)
def test_comparison_with_scalar_on_the_left(op, mirror):
    x = aa.asarray(np.array([1.0, 2.0, 3.0]))
    # Python evaluates 2.0 < x as x > 2.0
    np.testing.assert_array_equal(to_numpy(op(2.0, x)), mirror(np.array([1.0, 2.0, 3.0]), 2.0))


def test_matmul_operator_is_not_elementwise():
    a = aa.asarray(np.array([[1.0, 2.0], [3.0, 4.0]]))
    np.testing.assert_array_equal(to_numpy(a @ a), np.array([[7.0, 10.0], [15.0, 22.0]]))


# ---------------------------------------------------------------------------
# clip
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", ("int8", "uint16", "int64", "float16", "float32", "float64"))
def test_clip_with_scalar_bounds(dtype):
    unsigned = dtype.startswith("u")
    x = np.array([0, 1, 2, 3, 7, 100] if unsigned else [-5, -1, 0, 3, 7, 100], dtype=dtype)
    lo, hi = (2, 5) if unsigned else (-2, 5)
    out = aa.clip(aa.asarray(x), lo, hi)
    assert out.dtype == npdt(dtype)
    np.testing.assert_array_equal(to_numpy(out), np.clip(x, lo, hi))
    np.testing.assert_array_equal(to_numpy(aa.clip(aa.asarray(x), min=lo)), np.maximum(x, lo))
    np.testing.assert_array_equal(to_numpy(aa.clip(aa.asarray(x), max=hi)), np.minimum(x, hi))
    np.testing.assert_array_equal(to_numpy(aa.clip(aa.asarray(x))), x)


def test_clip_with_array_bounds_broadcasts():
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    lo = np.array([1.0, 2.0, 3.0, 4.0], dtype=np.float32)
    hi = np.array([[5.0], [6.0], [7.0]], dtype=np.float32)
    out = aa.clip(aa.asarray(x), aa.asarray(lo), aa.asarray(hi))
    assert out.dtype == aa.float32 and out.shape == (3, 4)
    np.testing.assert_array_equal(to_numpy(out), np.minimum(np.maximum(x, lo), hi))


def test_clip_bounds_broadcast_the_result_shape():
    x = aa.asarray(np.array([1.0, 5.0]))
    lo = aa.asarray(np.array([[0.0], [2.0], [3.0]]))
    out = aa.clip(x, lo)
    assert out.shape == (3, 2)
    np.testing.assert_array_equal(to_numpy(out), [[1.0, 5.0], [2.0, 5.0], [3.0, 5.0]])


def test_clip_nan_propagates_from_x_min_and_max():
    x = aa.asarray(np.array([np.nan, 1.0, 2.0]))
    assert np.isnan(to_numpy(aa.clip(x, 0.0, 5.0))).tolist() == [True, False, False]
    assert np.isnan(to_numpy(aa.clip(x, np.nan, 5.0))).all()
    assert np.isnan(to_numpy(aa.clip(x, 0.0, np.nan))).all()
    lo = aa.asarray(np.array([0.0, np.nan, 0.0]))
    assert np.isnan(to_numpy(aa.clip(x, lo, 5.0))).tolist() == [True, True, False]


@pytest.mark.parametrize(("dtype", "lo", "hi"),
                         [("int8", -1000, 1000), ("uint8", -5, 300), ("int16", -2**40, 2**40),
                          ("uint64", -1, 2**70), ("int8", -1000, 5)])
def test_clip_integer_bounds_outside_the_dtype_clamp(dtype, lo, hi):
    info = np.iinfo(npdt(dtype))
    x = np.array([int(info.min), 0, 3, int(info.max)], dtype=dtype)
    out = aa.clip(aa.asarray(x), lo, hi)
    assert out.dtype == npdt(dtype)
    expected = [min(max(int(v), lo), hi) for v in x]
    assert to_numpy(out).tolist() == expected


def test_clip_rejects_complex_and_mismatched_bounds():
    with pytest.raises(TypeError):
        aa.clip(aa.asarray(np.array([1j])), 0, 1)
    with pytest.raises(TypeError):
        aa.clip(aa.asarray(np.array([1, 2], dtype=np.int32)), 0.5, 1)


def test_clip_result_is_a_new_array():
    x = aa.asarray(np.array([1.0, 2.0]))
    out = aa.clip(x)
    out[0] = 5.0
    assert to_numpy(x).tolist() == [1.0, 2.0]


# ---------------------------------------------------------------------------
# divide: precision modes (pypto.div)
# ---------------------------------------------------------------------------


def _big_int32_pairs():
    rng = np.random.default_rng(seed_for("divide", "big"))
    x1 = rng.integers(2**24 + 1, 2**31 - 1, 200).astype(np.int32)
    x2 = rng.integers(3, 2**20, 200).astype(np.int32)
    return x1, x2


def test_divide_high_is_float64_division_rounded_once():
    x1, x2 = _big_int32_pairs()
    expected = (x1.astype(np.float64) / x2.astype(np.float64)).astype(np.float32)
    for out in (aa.divide(aa.asarray(x1), aa.asarray(x2)),
                aa.divide(aa.asarray(x1), aa.asarray(x2), precision="high"),
                aa.asarray(x1) / aa.asarray(x2)):
        assert out.dtype == aa.float32
        np.testing.assert_array_equal(to_numpy(out), expected)


def test_divide_intrinsic_is_multiply_by_reciprocal_in_result_dtype():
    x1, x2 = _big_int32_pairs()
    f1, f2 = x1.astype(np.float32), x2.astype(np.float32)
    expected = f1 * (np.float32(1) / f2)
    out = aa.divide(aa.asarray(x1), aa.asarray(x2), precision="intrinsic")
    assert out.dtype == aa.float32
    np.testing.assert_array_equal(to_numpy(out), expected)
    high = (x1.astype(np.float64) / x2.astype(np.float64)).astype(np.float32)
    assert (expected != high).any()  # the two modes really differ on these inputs


@pytest.mark.parametrize("dtype", ("float32", "float64", "float16"))
def test_divide_intrinsic_for_floats(dtype):
    rng = np.random.default_rng(seed_for("intrinsic", dtype))
    x1 = rng.uniform(-10, 10, 50).astype(dtype)
    x2 = rng.uniform(0.5, 10, 50).astype(dtype)
    out = aa.divide(aa.asarray(x1), aa.asarray(x2), precision="intrinsic")
    assert out.dtype == npdt(dtype)
    np.testing.assert_array_equal(to_numpy(out), x1 * (np.ones((), dtype) / x2))


def test_divide_exact_for_small_int32():
    x1 = np.array([7, -(2**24), 2**24, 1, 0], dtype=np.int32)
    x2 = np.array([2, 4, -8, 3, 5], dtype=np.int32)
    out = aa.divide(aa.asarray(x1), aa.asarray(x2))
    np.testing.assert_array_equal(to_numpy(out),
                                  np.array([3.5, -(2**22), -(2**21), 1 / 3, 0.0], np.float32))


def test_divide_rejects_unknown_precision():
    x = aa.asarray(np.ones(2))
    with pytest.raises(ValueError, match="precision"):
        aa.divide(x, x, precision="low")


def test_integer_division_by_zero_gives_no_warning_or_error():
    # the result is implementation-defined; it must not warn (filterwarnings=error)
    x = aa.asarray(np.array([1, 2], dtype=np.int32))
    z = aa.asarray(np.array([0, 0], dtype=np.int32))
    assert aa.floor_divide(x, z).dtype == aa.int32
    assert aa.remainder(x, z).dtype == aa.int32
    assert np.isinf(to_numpy(aa.divide(x, z))).all()


# ---------------------------------------------------------------------------
# Non-array operands
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["add", "sin", "less", "logical_and", "bitwise_and"])
def test_numpy_array_operand_without_an_array_raises_type_error(name):
    # beside an Array an ndarray is taken as the operators take it (tests/
    # test_numpy_operators.py); with no Array operand it is refused
    x = aa.asarray(np.ones(3, dtype=np.int32))
    n = np.ones(3, dtype=np.int32)
    args = (n,) if SPEC[name].arity == 1 else (n, n)
    with pytest.raises(TypeError, match="numpy"):
        FUNCS[name](*args)
    if SPEC[name].arity == 2:
        for got in (FUNCS[name](x, n), FUNCS[name](n, x)):
            want = FUNCS[name](x, aa.asarray(n))
            assert got.dtype == want.dtype
            np.testing.assert_array_equal(np.asarray(got), np.asarray(want))


@pytest.mark.parametrize("name", ["add", "exp", "equal", "logical_or"])
def test_none_operand_raises_uninitialized(name):
    args = (None,) if SPEC[name].arity == 1 else (aa.asarray(np.ones(2)), None)
    with pytest.raises(TypeError) as info:
        FUNCS[name](*args)
    assert info.value.status == aa.Status.UNINITIALIZED


def test_two_scalars_raise():
    with pytest.raises(TypeError):
        aa.add(1, 2)


@pytest.mark.parametrize("name", ["logical_and", "logical_or", "logical_xor"])
@pytest.mark.parametrize("scalar", [0, 2, 0.0, -1.5, True, False])
def test_logical_ops_with_python_scalars(name, scalar):
    x = np.array([0.0, 1.0, -2.0, np.nan])
    fn = SPEC[name].ref
    expected = fn(x, np.full(4, scalar, dtype=np.float64))
    out = FUNCS[name](aa.asarray(x), scalar)
    assert out.dtype == aa.bool
    np.testing.assert_array_equal(to_numpy(out), expected)
    np.testing.assert_array_equal(to_numpy(FUNCS[name](scalar, aa.asarray(x))), expected)


@pytest.mark.parametrize("name", ["add", "multiply", "sin", "exp", "divide", "less", "sqrt",
                                  "maximum", "logical_or", "bitwise_xor"])
def test_large_inputs_match_numpy(name):
    # 70_000 elements: above the size where a compiled kernel may take over
    dtype = "float32" if name != "bitwise_xor" else "int32"
    args = make_inputs(name, dtype, 70_000)
    expected, accuracy = reference(name, dtype, args)
    assert_matches(call(name, *args), expected, accuracy, msg=f"{name} large",
                   zero_sign=SPEC[name].zero_sign)


# ---------------------------------------------------------------------------
# NumPy's floating-point error state: aiarray computes IEEE results silently and
# leaves the caller's state alone.
# ---------------------------------------------------------------------------

def _overflowing_calls() -> list:
    """(aiarray call, NumPy reference) pairs that raise every FP flag in NumPy."""
    big = np.array([1e308, -1e308, 0.0])
    zero = np.zeros(3)
    big0 = np.float64(1e308)
    return [
        (lambda: aa.multiply(aa.asarray(big), aa.asarray(big)), lambda: big * big),
        (lambda: aa.divide(aa.asarray(big), aa.asarray(zero)), lambda: big / zero),
        (lambda: aa.exp(aa.asarray(big)), lambda: np.exp(big)),
        (lambda: aa.asarray(big) * 1e308, lambda: big * 1e308),
        (lambda: aa.multiply(aa.asarray(big0), aa.asarray(big0)), lambda: big0 * big0),
        (lambda: aa.floor_divide(aa.asarray(big), aa.asarray(zero)),
         lambda: np.floor(big / zero)),
        (lambda: aa.remainder(aa.asarray(np.arange(3)), aa.asarray(np.zeros(3, np.int64))),
         lambda: np.zeros(3, np.int64)),
    ]


def _check_quiet_results() -> None:
    for got, want in _overflowing_calls():
        with np.errstate(all="ignore"):
            expected = np.asarray(want())
        np.testing.assert_array_equal(to_numpy(got()), expected)


def test_fp_warnings_are_silenced_and_the_callers_state_kept():
    # pyproject turns warnings into errors: a leaked RuntimeWarning fails the test
    with np.errstate(all="raise"):
        _check_quiet_results()
        with pytest.raises(FloatingPointError):
            np.multiply(np.array([1e308]), 1e308)
    with pytest.warns(RuntimeWarning, match="overflow"):
        np.multiply(np.array([1e308]), 1e308)


def test_fp_warnings_silenced_when_the_quiet_context_is_busy():
    # aiarray enters one shared context to silence NumPy; while another thread is
    # inside it, calls fall back to setting the state in the caller's own context
    import threading

    from aiarray._numpy_path import _QUIET_CONTEXT

    inside, release = threading.Event(), threading.Event()
    holder = threading.Thread(target=_QUIET_CONTEXT.run,
                              args=(lambda: (inside.set(), release.wait(10)),))
    holder.start()
    try:
        assert inside.wait(10)
        with np.errstate(all="raise"):
            _check_quiet_results()
            with pytest.raises(FloatingPointError):  # the caller's state is back
                np.multiply(np.array([1e308]), 1e308)
        with pytest.raises(aa.DimensionMismatchError):  # the same error as when not busy
            aa.add(aa.asarray(np.ones(3)), aa.asarray(np.ones(4)))
    finally:
        release.set()
        holder.join()


def test_fp_warnings_silenced_in_concurrent_threads():
    import threading

    errors = []

    def work() -> None:
        try:
            for _ in range(200):
                _check_quiet_results()
        except BaseException as e:  # reported below
            errors.append(e)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[:3]

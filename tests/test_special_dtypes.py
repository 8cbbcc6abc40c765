"""bfloat16 and complex32: the two non-standard dtypes of aiarray (promotion.md, decision 6).

* bfloat16 is ml_dtypes' dtype; arithmetic is computed in float32 and rounded once.
* complex32 is aiarray's own (two float16 parts); arithmetic is computed in complex64
  and each part rounded once to float16.  NumPy sees it as complex64.

Every expected value here is computed with NumPy + ml_dtypes directly (widen, compute,
round once), never with aiarray.  The full promotion table is tested in
test_promotion_tables.py; a few bf16 / c32 cells are repeated here with values.
"""

from __future__ import annotations

import warnings

import ml_dtypes
import numpy as np
import pytest

import aiarray as aa

BF16 = np.dtype(ml_dtypes.bfloat16)
F16, F32, F64 = np.dtype("float16"), np.dtype("float32"), np.dtype("float64")
C64, C128 = np.dtype("complex64"), np.dtype("complex128")

# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------


def rng_for(name: str) -> np.random.Generator:
    return np.random.default_rng(sum(map(ord, name)) * 7919)


def round_bf16(a) -> np.ndarray:
    """float32 values rounded to bfloat16 by ml_dtypes (round to nearest even)."""
    return np.asarray(a, dtype=F32).astype(BF16)


def round_c32(z) -> np.ndarray:
    """complex64 values with each part rounded to float16, widened back to complex64."""
    z = np.asarray(z, dtype=C64)
    out = np.empty(z.shape, C64)
    with np.errstate(over="ignore"):  # beyond 65504 rounds to inf
        out.real = z.real.astype(F16)
        out.imag = z.imag.astype(F16)
    return out


def bf16_values(n: int = 40, name: str = "bf16", lo: float = -20, hi: float = 20) -> np.ndarray:
    """float32 values (already representable in bfloat16)."""
    return round_bf16(rng_for(name).uniform(lo, hi, n)).astype(F32)


def c32_values(n: int = 40, name: str = "c32", lo: float = -4, hi: float = 4) -> np.ndarray:
    """complex64 values (already representable in complex32)."""
    r = rng_for(name)
    z = (r.uniform(lo, hi, n) + 1j * r.uniform(lo, hi, n)).astype(C64)
    return round_c32(z)


def bf(a) -> aa.Array:
    """An aiarray bfloat16 array holding exactly the (bf16-representable) values ``a``."""
    a = np.asarray(a, dtype=F32)
    assert (round_bf16(a).astype(F32) == a)[~np.isnan(a)].all()
    return aa.asarray(a.astype(BF16))


def c32(z) -> aa.Array:
    """An aiarray complex32 array holding exactly the (c32-representable) values ``z``."""
    z = np.asarray(z, dtype=C64)
    return aa.asarray(z, dtype=aa.complex32)


def as_np(x: aa.Array) -> np.ndarray:
    assert type(x) is aa.Array
    return np.asarray(x)


def assert_same(got: np.ndarray, expected: np.ndarray) -> None:
    """Equal values, NaN in the same places, same sign of zero (real and complex)."""
    assert got.shape == expected.shape
    if got.dtype.kind == "c" or expected.dtype.kind == "c":
        assert_same(got.real.astype(F64), expected.real.astype(F64))
        assert_same(got.imag.astype(F64), expected.imag.astype(F64))
        return
    g, e = got.astype(F64), expected.astype(F64)
    np.testing.assert_array_equal(np.isnan(g), np.isnan(e))
    ok = ~np.isnan(e)
    np.testing.assert_array_equal(g[ok], e[ok])
    np.testing.assert_array_equal(np.signbit(g[ok]), np.signbit(e[ok]))


# ---------------------------------------------------------------------------
# The dtype objects
# ---------------------------------------------------------------------------


def test_bfloat16_is_ml_dtypes_bfloat16():
    assert aa.bfloat16 == BF16
    assert aa.bfloat16.itemsize == 2
    assert aa.bfloat16 != aa.float16


def test_complex32_is_two_float16_parts():
    dt = aa.complex32
    assert dt.itemsize == 4
    assert dt.names == ("real", "imag")
    assert dt.fields["real"][0] == F16 and dt.fields["imag"][0] == F16
    assert dt != aa.complex64


@pytest.mark.parametrize(
    ("dtype", "kind", "expected"),
    [(aa.bfloat16, "real floating", True), (aa.bfloat16, "numeric", True),
     (aa.bfloat16, "complex floating", False), (aa.bfloat16, "integral", False),
     (aa.complex32, "complex floating", True), (aa.complex32, "numeric", True),
     (aa.complex32, "real floating", False), (aa.complex32, "bool", False)],
)
def test_isdtype_kinds(dtype, kind, expected):
    assert aa.isdtype(dtype, kind) is expected


def test_finfo_of_bfloat16_equals_ml_dtypes():
    fi, ref = aa.finfo(aa.bfloat16), ml_dtypes.finfo(ml_dtypes.bfloat16)
    assert fi.bits == 16
    for f in ("eps", "max", "min", "smallest_normal"):
        assert type(getattr(fi, f)) is float
        assert getattr(fi, f) == float(getattr(ref, f)), f
    assert fi.dtype == aa.bfloat16


def test_finfo_of_complex32_describes_float16_parts():
    fi, ref = aa.finfo(aa.complex32), np.finfo(np.float16)
    assert fi.bits == 16
    for f in ("eps", "max", "min", "smallest_normal"):
        assert getattr(fi, f) == float(getattr(ref, f)), f
    assert fi.dtype == aa.float16


def test_numpy_sees_complex32_as_complex64():
    z = np.array([1.5 - 2j, 0.25 + 0j], dtype=C64)
    a = as_np(c32(z))
    assert a.dtype == C64
    np.testing.assert_array_equal(a, z)


# ---------------------------------------------------------------------------
# Creation
# ---------------------------------------------------------------------------


def test_asarray_bfloat16_rounds_like_ml_dtypes():
    v = np.random.default_rng(3).uniform(-1000, 1000, 50).astype(F32)
    x = aa.asarray([float(t) for t in v], dtype=aa.bfloat16)  # Python floats exact in float32
    assert x.dtype == aa.bfloat16
    assert_same(as_np(x), round_bf16(v))


def test_asarray_complex32_rounds_each_part_to_float16():
    r = np.random.default_rng(4)
    z = (r.uniform(-100, 100, 30) + 1j * r.uniform(-100, 100, 30)).astype(C64)
    x = aa.asarray([complex(t) for t in z], dtype=aa.complex32)
    assert x.dtype == aa.complex32
    assert_same(as_np(x), round_c32(z))


@pytest.mark.parametrize("how", ["asarray", "astype", "full"])
def test_complex32_from_float64_rounds_each_part_once(how):
    # not float64 -> complex64 -> float16 parts: that double rounding loses this case
    v = 1 + 2.0**-11 + 2.0**-40  # above the float16 midpoint; exactly on it after float32
    expected = float(np.float16(v))  # 1.0009765625
    assert expected != 1.0
    src = [complex(v, -v)]
    if how == "asarray":
        x = aa.asarray(src, dtype=aa.complex32)
    elif how == "astype":
        x = aa.astype(aa.asarray(src), aa.complex32)
    else:
        x = aa.full(1, src[0], dtype=aa.complex32)
    got = complex(as_np(x)[0])
    assert got == complex(expected, -expected)


@pytest.mark.parametrize("dtype", [aa.bfloat16, aa.complex32])
@pytest.mark.parametrize("shape", [(), 3, (2, 3), (0, 4)])
def test_zeros_ones_empty(dtype, shape):
    dims = (shape,) if isinstance(shape, int) else shape
    for func, value in ((aa.zeros, 0), (aa.ones, 1)):
        x = func(shape, dtype=dtype)
        assert x.dtype == dtype and x.shape == dims
        assert (as_np(x) == value).all()
    e = aa.empty(shape, dtype=dtype)
    assert e.dtype == dtype and e.shape == dims


@pytest.mark.parametrize(
    ("dtype", "value", "expected"),
    [(aa.bfloat16, 1.5, 1.5), (aa.bfloat16, 1.1, float(ml_dtypes.bfloat16(1.1))),
     (aa.bfloat16, 3, 3.0), (aa.bfloat16, True, 1.0),
     (aa.bfloat16, -1e30, float(ml_dtypes.bfloat16(-1e30))),
     (aa.complex32, 1 + 2j, 1 + 2j), (aa.complex32, 0.1 - 3j, complex(np.float16(0.1), -3)),
     (aa.complex32, 2.5, 2.5 + 0j), (aa.complex32, 7, 7 + 0j)],
)
def test_full_rounds_the_fill_value_once(dtype, value, expected):
    x = aa.full((2, 2), value, dtype=dtype)
    assert x.dtype == dtype
    assert (as_np(x) == expected).all()


def test_full_bfloat16_rejects_complex():
    with pytest.raises(TypeError):
        aa.full(2, 1j, dtype=aa.bfloat16)


@pytest.mark.parametrize(
    ("args", "expected"),
    [((0, 1, 0.25), [0, 0.25, 0.5, 0.75]), ((3,), [0, 1, 2]), ((5, 0, -2), [5, 3, 1]),
     ((0, 2, 0.3), [0.3 * k for k in range(7)])],
)
def test_arange_bfloat16(args, expected):
    x = aa.arange(*args, dtype=aa.bfloat16)
    assert x.dtype == aa.bfloat16
    assert_same(as_np(x), np.array(expected, dtype=F64).astype(BF16))


def test_arange_complex32():
    x = aa.arange(0, 3, dtype=aa.complex32)
    assert x.dtype == aa.complex32
    assert_same(as_np(x), np.array([0, 1, 2], dtype=C64))


def test_linspace_bfloat16_and_complex32():
    x = aa.linspace(0, 1, 5, dtype=aa.bfloat16)
    assert x.dtype == aa.bfloat16
    assert_same(as_np(x), np.array([0, 0.25, 0.5, 0.75, 1.0]).astype(BF16))
    y = aa.linspace(0.1, 0.7, 4, dtype=aa.bfloat16)  # not representable: rounded once
    assert_same(as_np(y), np.linspace(0.1, 0.7, 4).astype(F32).astype(BF16))
    z = aa.linspace(0, 1 + 1j, 3, dtype=aa.complex32)
    assert z.dtype == aa.complex32
    assert_same(as_np(z), np.array([0, 0.5 + 0.5j, 1 + 1j], dtype=C64))
    w = aa.linspace(0, 0.3 + 0.7j, 4, dtype=aa.complex32, endpoint=False)
    assert_same(as_np(w), round_c32(np.linspace(0, 0.3 + 0.7j, 4, endpoint=False)))


@pytest.mark.parametrize("dtype", [aa.bfloat16, aa.complex32])
@pytest.mark.parametrize(("n", "m", "k"), [(3, None, 0), (2, 4, 1), (4, 3, -2)])
def test_eye(dtype, n, m, k):
    x = aa.eye(n, m, k=k, dtype=dtype)
    assert x.dtype == dtype
    np.testing.assert_array_equal(as_np(x), np.eye(n, m, k))


@pytest.mark.parametrize("dtype", [aa.bfloat16, aa.complex32])
def test_like_functions_keep_the_dtype(dtype):
    x = aa.ones((2, 3), dtype=dtype)
    for f in (aa.zeros_like, aa.ones_like, aa.empty_like):
        assert f(x).dtype == dtype and f(x).shape == (2, 3)
    assert (as_np(aa.full_like(x, 2)) == 2).all()


# ---------------------------------------------------------------------------
# astype
# ---------------------------------------------------------------------------


def _float32_with_specials() -> np.ndarray:
    v = np.random.default_rng(5).standard_normal(200).astype(F32) * np.float32(1000)
    specials = [0.0, -0.0, np.inf, -np.inf, np.nan, 1e-40, -1e-39, 3.4e38, -3.39e38,
                1.00390625, 1.01171875, 65504.0, 1e-45]
    return np.concatenate([v, np.array(specials, dtype=F32)])


def test_float32_to_bfloat16_to_float32_is_ml_dtypes_rounding():
    v = _float32_with_specials()
    b = aa.astype(aa.asarray(v), aa.bfloat16)
    assert b.dtype == aa.bfloat16
    back = aa.astype(b, aa.float32)
    assert back.dtype == aa.float32
    assert_same(as_np(back), v.astype(BF16).astype(F32))


def test_complex64_to_complex32_to_complex64_rounds_each_part_to_float16():
    r = np.random.default_rng(6)
    v = _float32_with_specials()
    z = np.empty(v.size, C64)
    z.real = v
    z.imag = r.permutation(v)
    extra = np.array([1e5 + 1e-8j, -7e4 - 6e4j, 1e-7 + 3e-5j], dtype=C64)  # overflow, subnormal
    z = np.concatenate([z, extra])
    c = aa.astype(aa.asarray(z), aa.complex32)
    assert c.dtype == aa.complex32
    back = aa.astype(c, aa.complex64)
    assert back.dtype == aa.complex64
    assert_same(as_np(back), round_c32(z))


@pytest.mark.parametrize(
    ("target", "expected"),
    [(aa.float32, [1.5, -2.0, 100.0]), (aa.float16, [1.5, -2.0, 100.0]),
     (aa.float64, [1.5, -2.0, 100.0]), (aa.bfloat16, [1.5, -2.0, 100.0]),
     (aa.int32, [1, -2, 100])],
)
def test_complex32_to_real_keeps_the_real_part(target, expected):
    x = c32([1.5 + 9j, -2 - 1j, 100 + 0.5j])
    out = aa.astype(x, target)
    assert out.dtype == target
    np.testing.assert_array_equal(as_np(out).astype(F64), expected)


def test_bfloat16_to_integer_truncates_and_rejects_nan():
    x = bf([1.5, -2.0, 100.0, -0.75])
    np.testing.assert_array_equal(as_np(aa.astype(x, aa.int32)), [1, -2, 100, 0])
    with pytest.raises(ValueError):
        aa.astype(bf([1.0, np.nan]), aa.int16)
    with pytest.raises(OverflowError):
        aa.astype(bf([1.0, 300.0]), aa.int8)


def test_bfloat16_to_complex32_and_back():
    v = np.array([1.0, -2.5, 3.140625, 69632.0], dtype=F32)  # the last overflows float16
    out = aa.astype(bf(v), aa.complex32)
    assert out.dtype == aa.complex32
    assert_same(as_np(out), round_c32(v))


@pytest.mark.parametrize("dtype", [aa.bfloat16, aa.complex32])
def test_astype_same_dtype(dtype):
    x = aa.ones(3, dtype=dtype)
    assert aa.astype(x, dtype, copy=False) is x
    y = aa.astype(x, dtype)
    assert y is not x and y.dtype == dtype
    y[0] = 5
    assert as_np(x)[0] == 1


def test_widening_is_exact():
    v = bf16_values()
    assert_same(as_np(aa.astype(bf(v), aa.float64)), v.astype(F64))
    z = c32_values()
    assert_same(as_np(aa.astype(c32(z), aa.complex128)), z.astype(C128))


# ---------------------------------------------------------------------------
# Arithmetic: compute in float32 / complex64, round once
# ---------------------------------------------------------------------------

def _floor_divide(a, b):
    """The standard's floor_divide: NumPy's, except floor(a / b) when an operand is +-inf."""
    fin = np.isfinite(a) & np.isfinite(b)
    return np.where(fin, np.floor_divide(a, b), np.floor(a / b)).astype(a.dtype)


BF16_BINARY = [("add", np.add), ("subtract", np.subtract), ("multiply", np.multiply),
               ("divide", np.divide), ("pow", np.power), ("maximum", np.maximum),
               ("atan2", np.arctan2), ("hypot", np.hypot), ("floor_divide", _floor_divide),
               ("remainder", np.remainder)]
BF16_UNARY = [("sqrt", np.sqrt), ("exp", np.exp), ("abs", np.abs), ("negative", np.negative),
              ("square", np.square), ("sin", np.sin), ("log", np.log), ("tanh", np.tanh),
              ("floor", np.floor), ("round", np.round), ("sign", np.sign),
              ("reciprocal", lambda a: np.float32(1) / a)]
C32_BINARY = [("add", np.add), ("subtract", np.subtract), ("multiply", np.multiply),
              ("divide", np.divide), ("pow", np.power)]
C32_UNARY = [("sqrt", np.sqrt), ("exp", np.exp), ("negative", np.negative),
             ("square", np.square), ("sin", np.sin), ("log", np.log), ("conj", np.conj),
             ("tanh", np.tanh), ("sign", np.sign)]


@pytest.mark.parametrize(("name", "ref"), BF16_BINARY, ids=[n for n, _ in BF16_BINARY])
def test_bfloat16_binary_is_float32_rounded_once(name, ref):
    a = bf16_values(name=name + "a", lo=0.5, hi=20)
    b = bf16_values(name=name + "b", lo=0.5, hi=4)
    a[:4] = [0.0, -0.0, np.inf, -3.0]  # a few specials (and a negative base)
    out = getattr(aa, name)(bf(a), bf(b))
    assert out.dtype == aa.bfloat16
    with np.errstate(all="ignore"):
        expected = ref(a, b).astype(BF16)
    assert_same(as_np(out), expected)


@pytest.mark.parametrize(("name", "ref"), BF16_UNARY, ids=[n for n, _ in BF16_UNARY])
def test_bfloat16_unary_is_float32_rounded_once(name, ref):
    a = bf16_values(name=name)
    a[:5] = [0.0, -0.0, np.inf, -np.inf, np.nan]
    out = getattr(aa, name)(bf(a))
    assert out.dtype == aa.bfloat16
    with np.errstate(all="ignore"):
        expected = ref(a).astype(BF16)
    assert_same(as_np(out), expected)


@pytest.mark.parametrize(("name", "ref"), C32_BINARY, ids=[n for n, _ in C32_BINARY])
def test_complex32_binary_is_complex64_rounded_once(name, ref):
    a, b = c32_values(name=name + "a"), c32_values(name=name + "b", lo=-1, hi=1)
    out = getattr(aa, name)(c32(a), c32(b))
    assert out.dtype == aa.complex32
    with np.errstate(all="ignore"):
        expected = round_c32(ref(a, b))
    assert_same(as_np(out), expected)


@pytest.mark.parametrize(("name", "ref"), C32_UNARY, ids=[n for n, _ in C32_UNARY])
def test_complex32_unary_is_complex64_rounded_once(name, ref):
    a = c32_values(name=name)
    out = getattr(aa, name)(c32(a))
    assert out.dtype == aa.complex32
    with np.errstate(all="ignore"):
        expected = round_c32(ref(a))
    assert_same(as_np(out), expected)


@pytest.mark.parametrize(("name", "ref"), [("abs", np.abs), ("real", np.real), ("imag", np.imag)])
def test_complex32_real_valued_functions_give_float16(name, ref):
    a = c32_values(name=name)
    out = getattr(aa, name)(c32(a))
    assert out.dtype == aa.float16
    assert_same(as_np(out), ref(a).astype(F16))


def test_complex32_result_overflows_to_infinity_in_float16():
    a = c32([300 + 0j, 200 + 200j])
    out = as_np(aa.multiply(a, a))  # 90000 and 80000j: beyond float16's 65504
    assert np.isinf(out[0].real) and out[0].imag == 0
    assert np.isinf(out[1].imag)


def test_bfloat16_with_python_scalars_keeps_bfloat16():
    a = bf16_values(name="scalars")
    for out, expected in (
        (bf(a) + 1.5, a + np.float32(1.5)),
        (2 * bf(a), np.float32(2) * a),
        (bf(a) / 3, a / np.float32(3)),
        (1.1 - bf(a), np.float32(ml_dtypes.bfloat16(1.1)) - a),  # the scalar is bf16 first
    ):
        assert out.dtype == aa.bfloat16
        assert_same(as_np(out), expected.astype(BF16))


def test_complex32_with_python_scalars_keeps_complex32():
    a = c32_values(name="c-scalars")
    for out, expected in (
        (c32(a) + 1j, a + np.complex64(1j)),
        (c32(a) * 2.5, a * np.complex64(2.5)),
        (3 - c32(a), np.complex64(3) - a),
    ):
        assert out.dtype == aa.complex32
        assert_same(as_np(out), round_c32(expected))


@pytest.mark.parametrize("name", ["sqrt", "exp", "log", "divide"])
def test_bfloat16_precision_is_coarse(name):
    # results really are bf16 (8 significant bits), not float32 in disguise
    x = bf([3.0])
    out = aa.divide(x, 7) if name == "divide" else getattr(aa, name)(x)
    v = float(as_np(out)[0])
    assert float(np.float32(v).astype(BF16).astype(F32)) == v


# ---------------------------------------------------------------------------
# Comparisons
# ---------------------------------------------------------------------------

COMPARISONS = [("equal", np.equal), ("not_equal", np.not_equal), ("less", np.less),
               ("less_equal", np.less_equal), ("greater", np.greater),
               ("greater_equal", np.greater_equal)]


@pytest.mark.parametrize(("name", "ref"), COMPARISONS, ids=[n for n, _ in COMPARISONS])
def test_bfloat16_comparisons(name, ref):
    a = np.array([1.0, 2.0, -0.0, np.nan, 3.0, np.inf], dtype=F32)
    b = np.array([1.0, 1.5, 0.0, np.nan, 4.0, np.inf], dtype=F32)
    out = getattr(aa, name)(bf(a), bf(b))
    assert out.dtype == aa.bool
    np.testing.assert_array_equal(as_np(out), ref(a, b))


@pytest.mark.parametrize(("name", "ref"), COMPARISONS[:2], ids=["equal", "not_equal"])
def test_complex32_equality(name, ref):
    a = np.array([1 + 1j, 2 - 1j, 0j, complex(np.nan, 0)], dtype=C64)
    b = np.array([1 + 1j, 2 + 1j, -0.0 + 0j, complex(np.nan, 0)], dtype=C64)
    out = getattr(aa, name)(c32(a), c32(b))
    np.testing.assert_array_equal(as_np(out), ref(a, b))


@pytest.mark.parametrize("name", ["less", "less_equal", "greater", "greater_equal"])
def test_complex32_ordering_raises(name):
    x = c32([1 + 1j])
    with pytest.raises(TypeError):
        getattr(aa, name)(x, x)


def test_python_scalar_is_rounded_to_bfloat16_before_comparing():
    x = aa.asarray([1.1, 1.2], dtype=aa.bfloat16)
    np.testing.assert_array_equal(as_np(x == 1.1), [True, False])
    np.testing.assert_array_equal(as_np(x < 1.2), [True, False])


def test_isnan_isinf_isfinite_and_signbit_of_bfloat16():
    v = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0], dtype=F32)
    x = bf(v)
    np.testing.assert_array_equal(as_np(aa.isnan(x)), np.isnan(v))
    np.testing.assert_array_equal(as_np(aa.isinf(x)), np.isinf(v))
    np.testing.assert_array_equal(as_np(aa.isfinite(x)), np.isfinite(v))
    np.testing.assert_array_equal(as_np(aa.signbit(x)), np.signbit(v))


def test_isnan_of_complex32():
    z = np.array([complex(np.nan, 0), complex(0, np.nan), 1 + 1j, complex(np.inf, 0)], dtype=C64)
    np.testing.assert_array_equal(as_np(aa.isnan(c32(z))), [True, True, False, False])
    np.testing.assert_array_equal(as_np(aa.isinf(c32(z))), [False, False, False, True])


# ---------------------------------------------------------------------------
# Indexing and assignment
# ---------------------------------------------------------------------------


def test_bfloat16_indexing():
    v = bf16_values(12, "index").reshape(3, 4)
    x = bf(v)
    assert x[1, 2].dtype == aa.bfloat16 and x[1, 2].shape == ()
    assert float(x[1, 2]) == float(v[1, 2])
    assert_same(as_np(x[::2, 1:]), v[::2, 1:])
    assert_same(as_np(x[-1]), v[-1])
    mask = v > 0
    assert_same(as_np(x[aa.asarray(mask)]), v[mask])
    idx = np.array([2, 0, 2])
    assert_same(as_np(x[aa.asarray(idx)]), v[idx])


def test_complex32_indexing():
    z = c32_values(12, "cindex").reshape(4, 3)
    x = c32(z)
    e = x[2, 1]
    assert e.dtype == aa.complex32 and e.shape == ()
    assert complex(e) == complex(z[2, 1])
    assert_same(as_np(x[::-1, 0]), z[::-1, 0])
    assert_same(as_np(x[aa.asarray(np.array([3, 0]))]), z[[3, 0]])
    mask = z.real > 0
    assert_same(as_np(x[aa.asarray(mask)]), z[mask])


def test_bfloat16_setitem():
    x = aa.zeros(4, dtype=aa.bfloat16)
    x[0] = 1.1  # a Python float is rounded to bfloat16
    x[1] = 3
    x[2:] = bf([0.5, -0.25])
    assert x.dtype == aa.bfloat16
    assert_same(as_np(x).astype(F32),
                np.array([float(ml_dtypes.bfloat16(1.1)), 3, 0.5, -0.25], dtype=F32))
    x[:] = aa.asarray(np.array([1, 2, 3, 4], dtype=np.int8))  # int8 -> bf16 (Ascend)
    assert_same(as_np(x).astype(F32), np.array([1, 2, 3, 4], dtype=F32))


def test_complex32_setitem():
    x = aa.zeros((2, 2), dtype=aa.complex32)
    x[0, 0] = 1 + 2j
    x[0, 1] = 0.1
    x[1] = c32([3j, -1 + 0j])
    x[1, 1] = aa.asarray(np.array(5, dtype=np.float16))  # f16 -> c32 (Ascend)
    assert x.dtype == aa.complex32
    expected = np.array([[1 + 2j, complex(np.float16(0.1), 0)], [3j, 5]], dtype=C64)
    assert_same(as_np(x), expected)


@pytest.mark.parametrize(
    ("target", "value"),
    [(aa.bfloat16, 1j), (aa.bfloat16, "float32 array"), (aa.complex32, "complex64 array"),
     (aa.complex32, "float32 array")],
)
def test_setitem_that_would_change_the_dtype_raises(target, value):
    x = aa.zeros(2, dtype=target)
    before = as_np(x).copy()
    if value == "float32 array":
        value = aa.asarray(np.array([1.0, 2.0], dtype=F32))
    elif value == "complex64 array":
        value = aa.asarray(np.array([1j, 2.0], dtype=C64))
    with pytest.raises(TypeError):
        x[:] = value
    assert_same(as_np(x), before)


# ---------------------------------------------------------------------------
# repr / str
# ---------------------------------------------------------------------------


def test_repr_names_the_dtype():
    r = repr(aa.asarray([1.5, -2.0], dtype=aa.bfloat16))
    assert "bfloat16" in r and "1.5" in r and r.startswith("Array(")
    r = repr(c32([1 + 2j]))
    assert "complex32" in r and "1" in r and "2" in r and "j" in r
    assert "f2" not in r  # not the structured-record form
    s = str(c32([1 + 2j]))
    assert "1" in s and "2" in s and "j" in s and "f2" not in s


# ---------------------------------------------------------------------------
# Promotion with other dtypes (Ascend table; a few cells, with values)
# ---------------------------------------------------------------------------

TENSOR_TENSOR_CELLS = [  # (a, b, result) from the Ascend tensor-tensor table
    ("bfloat16", "float16", "float32"), ("bfloat16", "float32", "float32"),
    ("bfloat16", "float64", "float64"), ("bfloat16", "int8", "bfloat16"),
    ("bfloat16", "uint8", "bfloat16"), ("bfloat16", "int64", "bfloat16"),
    ("bfloat16", "bool", "bfloat16"), ("bfloat16", "complex32", "complex32"),
    ("bfloat16", "complex64", "complex64"), ("complex32", "float16", "complex32"),
    ("complex32", "float32", "complex64"), ("complex32", "float64", "complex128"),
    ("complex32", "int32", "complex32"), ("complex32", "bool", "complex32"),
    ("complex32", "complex64", "complex64"), ("complex32", "complex128", "complex128"),
]


def _ones(name: str) -> aa.Array:
    return aa.ones(3, dtype=getattr(aa, name))


@pytest.mark.parametrize(("a", "b", "result"), TENSOR_TENSOR_CELLS)
def test_tensor_tensor_promotion_cells(a, b, result):
    expected = getattr(aa, result)
    assert aa.result_type(getattr(aa, a), getattr(aa, b)) == expected
    assert aa.add(_ones(a), _ones(b)).dtype == expected
    assert aa.multiply(_ones(b), _ones(a)).dtype == expected
    assert (as_np(aa.add(_ones(a), _ones(b))) == 2).all()


@pytest.mark.parametrize(("a", "b"), [("bfloat16", "uint16"), ("bfloat16", "uint64"),
                                      ("complex32", "uint32")])
def test_not_derivable_cells_raise(a, b):
    with pytest.raises(TypeError):
        aa.add(_ones(a), _ones(b))


def test_mixed_values_are_computed_in_the_result_dtype():
    v = bf16_values(name="mixed")
    w = np.random.default_rng(9).uniform(-10, 10, v.size).astype(F16)
    out = aa.add(bf(v), aa.asarray(w))  # bf16 + f16 -> f32
    assert out.dtype == aa.float32
    assert_same(as_np(out), v + w.astype(F32))
    z = c32_values(v.size, "mixed-c")
    out = aa.multiply(c32(z), aa.asarray(v))  # c32 + f32 -> c64
    assert out.dtype == aa.complex64
    assert_same(as_np(out), z * v.astype(C64))


@pytest.mark.parametrize(
    ("a", "scalar", "result"),
    [("bfloat16", 1.5, "bfloat16"), ("bfloat16", 2, "bfloat16"), ("bfloat16", True, "bfloat16"),
     ("bfloat16", 1j, "complex64"), ("complex32", 1.5, "complex32"), ("complex32", 2j, "complex32"),
     ("complex32", 3, "complex32"), ("float16", 1j, "complex32"), ("int8", 1j, "complex64")],
)
def test_tensor_scalar_promotion_cells(a, scalar, result):
    assert aa.add(_ones(a), scalar).dtype == getattr(aa, result)
    assert aa.result_type(getattr(aa, a), scalar) == getattr(aa, result)


def _set(x: aa.Array, value) -> aa.Array:
    x[0] = value
    return x


OVERFLOWS = {  # each gives an infinity (IEEE) and must not warn (filterwarnings=error)
    "astype complex64 -> complex32":
        lambda: aa.astype(aa.asarray(np.array([1e5 + 0j], dtype=C64)), aa.complex32),
    "astype bfloat16 -> complex32":
        lambda: aa.astype(aa.asarray(np.array([7e4], dtype=BF16)), aa.complex32),
    "astype float32 -> float16":
        lambda: aa.astype(aa.asarray(np.array([1e5], dtype=F32)), aa.float16),
    "asarray(..., dtype=complex32)": lambda: aa.asarray([1e5 + 0j], dtype=aa.complex32),
    "asarray(..., dtype=float16)": lambda: aa.asarray([1e5], dtype=aa.float16),
    "full(..., dtype=complex32)": lambda: aa.full(2, 1e5, dtype=aa.complex32),
    "full(..., dtype=float16)": lambda: aa.full(2, 1e5, dtype=aa.float16),
    "complex32 multiply": lambda: aa.multiply(c32([300 + 0j]), c32([300 + 0j])),
    "abs of complex32": lambda: aa.abs(c32([60000 + 60000j])),
    "float16 multiply": lambda: aa.multiply(aa.asarray([300.0], dtype=aa.float16), 300.0),
    "bfloat16 multiply": lambda: aa.multiply(aa.asarray([3e38], dtype=aa.bfloat16), 2.0),
    "setitem complex32": lambda: _set(aa.zeros(2, dtype=aa.complex32), 1e5 + 0j),
    "setitem float16": lambda: _set(aa.zeros(2, dtype=aa.float16), 1e5),
}


@pytest.mark.parametrize("case", list(OVERFLOWS))
def test_overflow_gives_infinity_without_a_warning(case):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        out = OVERFLOWS[case]()
    assert np.isinf(as_np(out)).any()

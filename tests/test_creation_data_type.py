"""Creation functions, data type functions, the inspection namespace, the errors module
and the command line of aiarray.

Expected values come from NumPy, Python itself or are written by hand from the Array API
standard (2025.12) and the GB/T rules (docs/gbt.md).
"""

from __future__ import annotations

import array
import math
import subprocess
import sys

import ml_dtypes
import numpy as np
import pytest

import aiarray as aa

STANDARD = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
            "float32", "float64", "complex64", "complex128")
EXTENDED = ("float16", "bfloat16", "complex32")
SIGNED = ("int8", "int16", "int32", "int64")
UNSIGNED = ("uint8", "uint16", "uint32", "uint64")
REAL_FLOATS = ("float32", "float64")
COMPLEX = ("complex64", "complex128")

# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------


def dt(name: str) -> np.dtype:
    return getattr(aa, name)


def as_np(x: aa.Array) -> np.ndarray:
    assert type(x) is aa.Array, type(x)
    return np.asarray(x)


def assert_array(x: aa.Array, expected, dtype: str | None = None) -> None:
    """dtype (when given), shape and values of x equal NumPy's ``expected``."""
    expected = np.asarray(expected)
    if dtype is not None:
        assert x.dtype == dt(dtype), f"{x.dtype} != {dtype}"
    assert x.shape == expected.shape, f"{x.shape} != {expected.shape}"
    np.testing.assert_array_equal(as_np(x), expected)


def shares_memory(a: aa.Array, b) -> bool:
    return np.shares_memory(as_np(a), b if isinstance(b, np.ndarray) else as_np(b))


# ---------------------------------------------------------------------------
# arange
# ---------------------------------------------------------------------------

ARANGE_CASES = [  # (args, kwargs)
    ((5,), {}), ((2, 9), {}), ((2, 9, 3), {}), ((10, 0, -3), {}), ((-5, 5, 2), {}),
    ((0, 10, -1), {}), ((3, 3), {}), ((0,), {}), ((0.0, 1.0, 0.1), {}), ((1.0, 0.0, -0.25), {}),
    ((0.5, 3), {}), ((-2.5, 2.5, 0.5), {}), ((1.5, 1.5), {}), ((2.0, 1.0), {}),
    ((0, 5), {"dtype": "float32"}), ((0, 1, 0.125), {"dtype": "float32"}),
    ((0, 100, 7), {"dtype": "int8"}), ((250, 256), {"dtype": "uint8"}),
    ((0, 3), {"dtype": "complex64"}), ((10,), {"dtype": "uint64"}),
]


@pytest.mark.parametrize(("args", "kwargs"), ARANGE_CASES,
                         ids=[str(a) + str(k) for a, k in ARANGE_CASES])
def test_arange_matches_numpy(args, kwargs):
    dtype = kwargs.get("dtype")
    out = aa.arange(*args, **({"dtype": dt(dtype)} if dtype else {}))
    expected_dtype = dtype or ("int64" if all(isinstance(a, int) for a in args) else "float64")
    expected = np.arange(*args, dtype=expected_dtype)
    assert out.dtype == dt(expected_dtype)
    assert out.shape == expected.shape
    np.testing.assert_allclose(as_np(out), expected, rtol=1e-15, atol=0)


def test_arange_length_is_ceil_of_the_span():
    for start, stop, step in [(0, 1, 0.1), (0, 1, 0.3), (1, 0, -0.3), (0, 10, 3), (0, 1e-3, 1e-4)]:
        assert aa.arange(start, stop, step).shape == (math.ceil((stop - start) / step),)


@pytest.mark.parametrize(("start", "stop", "step"),
                         [(0, 2**62 + 1, 2**61), (2**60, 2**60 + 100, 7),
                          (2**62, -(2**62), -(2**61) - 1), (-(2**63), 2**63 - 1, 2**62)])
def test_arange_with_huge_integers_has_the_exact_length(start, stop, step):
    # the length is ceil((stop - start) / step) exactly; float64 division gets it wrong here
    out = aa.arange(start, stop, step)
    assert out.dtype == aa.int64
    assert as_np(out).tolist() == list(range(start, stop, step))


@pytest.mark.parametrize(
    ("args", "kwargs", "error"),
    [((0, 1, 0), {}, ValueError), ((0, math.inf), {}, ValueError), ((math.nan,), {}, ValueError),
     ((250, 260), {"dtype": aa.uint8}, OverflowError), ((0, 5), {"dtype": aa.bool}, TypeError),
     (("a",), {}, TypeError), ((True, 3), {}, TypeError), ((0, 3), {"device": "gpu"}, ValueError)],
)
def test_arange_errors(args, kwargs, error):
    with pytest.raises(error):
        aa.arange(*args, **kwargs)


# ---------------------------------------------------------------------------
# asarray
# ---------------------------------------------------------------------------

INFERENCE_CASES = [  # (obj, expected dtype, expected values)
    (True, "bool", True), (7, "int64", 7), (1.5, "float64", 1.5), (1j, "complex128", 1j),
    ([1, 2, 3], "int64", [1, 2, 3]), ([1, 2.5], "float64", [1.0, 2.5]),
    ([True, False], "bool", [True, False]), ([True, 2], "int64", [1, 2]),
    ([True, 2.5], "float64", [1.0, 2.5]), ([1, 2j], "complex128", [1, 2j]),
    ([[1, 2], [3, 4]], "int64", [[1, 2], [3, 4]]),
    ([[[1.0]], [[2.0]]], "float64", [[[1.0]], [[2.0]]]),
    ([], "float64", np.zeros(0)), ([-(2**63), 2**63 - 1], "int64", [-(2**63), 2**63 - 1]),
    ((1, 2), "int64", [1, 2]), ([np.float32(1.5)], "float32", [1.5]),
]


@pytest.mark.parametrize(("obj", "dtype", "values"), INFERENCE_CASES,
                         ids=[repr(o) for o, _, _ in INFERENCE_CASES])
def test_asarray_infers_the_dtype(obj, dtype, values):
    assert_array(aa.asarray(obj), np.asarray(values, dtype=dtype), dtype)


@pytest.mark.parametrize("dtype", STANDARD + EXTENDED[:1])
def test_asarray_from_numpy_keeps_the_dtype(dtype):
    a = (np.arange(6).reshape(2, 3) % 2).astype(dtype)
    assert_array(aa.asarray(a), a, dtype)
    assert_array(aa.asarray(a[()] if a.ndim == 0 else a[0, 1]), a[0, 1], dtype)  # NumPy scalar


def test_asarray_from_buffers():
    assert_array(aa.asarray(array.array("f", [1.0, 2.5])), [1.0, 2.5], "float32")
    assert_array(aa.asarray(array.array("h", [1, -2])), [1, -2], "int16")
    assert_array(aa.asarray(memoryview(bytes([1, 2, 255]))), [1, 2, 255], "uint8")
    buf = np.arange(4, dtype=np.int32)
    assert shares_memory(aa.asarray(memoryview(buf)), buf)


def test_asarray_non_native_byte_order_is_normalised():
    a = np.array([1, 2], dtype=">i4")
    x = aa.asarray(a)
    assert x.dtype == aa.int32
    np.testing.assert_array_equal(as_np(x), [1, 2])


@pytest.mark.parametrize(
    ("obj", "dtype", "expected"),
    [([1, 2], "float32", [1.0, 2.0]), ([1.5, 2.5], "float16", [1.5, 2.5]), (3, "uint8", 3),
     ([True], "int8", [1]), ([0, 1], "bool", [False, True]), ([1, 2], "complex64", [1, 2]),
     (2**63, "uint64", 2**63), (-128, "int8", -128)],
)
def test_asarray_with_dtype(obj, dtype, expected):
    assert_array(aa.asarray(obj, dtype=dt(dtype)), np.asarray(expected, dtype=dtype), dtype)


@pytest.mark.parametrize(
    ("obj", "kwargs"),
    [(2**63, {}), (-(2**63) - 1, {}), (2**64, {}), ([1, 2**63], {}), ([[1], [-(2**70)]], {}),
     (300, {"dtype": aa.int8}),
     ([1, 300], {"dtype": aa.int8}), (-1, {"dtype": aa.uint8}), (2**64, {"dtype": aa.uint64}),
     (1e20, {"dtype": aa.int32})],
)
def test_asarray_python_int_that_does_not_fit_raises_overflow_error(obj, kwargs):
    with pytest.raises(OverflowError) as info:
        aa.asarray(obj, **kwargs)
    assert info.value.status == aa.Status.OUT_OF_RANGE


@pytest.mark.parametrize(
    ("obj", "kwargs", "error"),
    [([[1, 2], [3]], {}, ValueError), ("abc", {}, TypeError), (b"abc", {}, TypeError),
     (None, {}, TypeError), (np.array(["a"]), {}, TypeError),
     (np.array([1], dtype=np.longdouble), {}, TypeError),
     (1j, {"dtype": aa.float64}, TypeError), ([np.nan], {"dtype": aa.int32}, ValueError),
     (1, {"dtype": "float32"}, TypeError), (1, {"dtype": float}, TypeError),
     (1, {"device": "gpu"}, ValueError)],
    ids=["ragged", "str", "bytes", "None", "numpy str", "longdouble", "complex to float",
         "nan to int", "dtype string", "dtype python type", "device"],
)
def test_asarray_errors(obj, kwargs, error):
    with pytest.raises(error) as info:
        aa.asarray(obj, **kwargs)
    assert isinstance(info.value, aa.AiarrayError)


@pytest.mark.parametrize(
    ("a", "dtype", "error"),
    [(np.array([1, 300]), aa.int8, OverflowError),
     (np.array([-1], dtype=np.int8), aa.uint8, OverflowError),
     (np.array([1e20]), aa.int32, OverflowError), (np.array([np.nan]), aa.int64, ValueError)],
)
def test_asarray_of_a_numpy_array_does_not_wrap_around(a, dtype, error):
    # the same checks as astype: no silent wrap-around (np.array([300]) -> int8 would be 44)
    with pytest.raises(error):
        aa.asarray(a, dtype=dtype)


def test_asarray_of_a_numpy_array_with_a_dtype_that_fits():
    assert_array(aa.asarray(np.array([1, 127]), dtype=aa.int8), [1, 127], "int8")
    assert_array(aa.asarray(np.array([1.5]), dtype=aa.float32), [1.5], "float32")


def test_asarray_of_an_aiarray_array_that_does_not_fit_raises():
    with pytest.raises(OverflowError):
        aa.asarray(aa.asarray([1, 300]), dtype=aa.int8)


# copy semantics: copy=True always copies, copy=None only when needed, copy=False never

def test_asarray_copy_true_always_copies():
    a = np.arange(3.0)
    x = aa.asarray(a, copy=True)
    assert not shares_memory(x, a)
    y = aa.asarray(x, copy=True)
    assert not shares_memory(y, x)
    a[0] = 99.0
    assert float(x[0]) == 0.0


def test_asarray_copy_none_shares_when_possible():
    a = np.arange(3.0)
    assert shares_memory(aa.asarray(a), a)
    x = aa.asarray(a)
    assert shares_memory(aa.asarray(x), x)
    assert not shares_memory(aa.asarray(a, dtype=aa.float32), a)  # a cast needs a copy
    assert_array(aa.asarray(x, dtype=aa.float32), [0.0, 1.0, 2.0], "float32")


def test_asarray_copy_false_never_copies():
    a = np.arange(3.0)
    x = aa.asarray(a, copy=False)
    assert shares_memory(x, a)
    assert shares_memory(aa.asarray(x, copy=False), x)
    assert shares_memory(aa.asarray(x, dtype=aa.float64, copy=False), x)
    for obj, kwargs in ((a, {"dtype": aa.float32}), ([1.0, 2.0], {}),
                        (x, {"dtype": aa.float32})):
        with pytest.raises(ValueError):
            aa.asarray(obj, copy=False, **kwargs)


def test_asarray_writes_through_a_shared_array():
    a = np.zeros(3)
    x = aa.asarray(a)
    x[1] = 5.0
    assert a[1] == 5.0


# ---------------------------------------------------------------------------
# empty / zeros / ones / full and the *_like functions
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("shape", [0, 3, (), (0,), (2, 3), (1, 0, 2), np.int64(4), (np.int8(2), 3)])
@pytest.mark.parametrize("func", [aa.empty, aa.zeros, aa.ones])
def test_shape_arguments(func, shape):
    x = func(shape)
    dims = (int(shape),) if np.ndim(shape) == 0 and not isinstance(shape, tuple) else \
        tuple(int(s) for s in shape)
    assert x.shape == dims and x.dtype == aa.float64
    if func is not aa.empty:
        assert (as_np(x) == (func is aa.ones)).all()


@pytest.mark.parametrize("dtype", STANDARD + EXTENDED)
def test_zeros_and_ones_of_every_dtype(dtype):
    z, o = aa.zeros((2, 2), dtype=dt(dtype)), aa.ones((2, 2), dtype=dt(dtype))
    assert z.dtype == dt(dtype) and o.dtype == dt(dtype)
    assert (as_np(z) == 0).all() and (as_np(o) == 1).all()
    assert aa.empty(3, dtype=dt(dtype)).dtype == dt(dtype)


@pytest.mark.parametrize("func", [aa.empty, aa.zeros, aa.ones, lambda s: aa.full(s, 1.0)])
@pytest.mark.parametrize("shape", [-1, (2, -1), (-3,)])
def test_negative_dimensions_raise_value_error(func, shape):
    with pytest.raises(ValueError) as info:
        func(shape)
    assert "shape" in str(info.value)


@pytest.mark.parametrize("shape", [2.0, (2.0, 3), True, "3", None])
def test_non_integer_shapes_raise_type_error(shape):
    with pytest.raises(TypeError):
        aa.zeros(shape)


@pytest.mark.parametrize(
    ("value", "dtype", "expected"),
    [(True, None, "bool"), (3, None, "int64"), (1.5, None, "float64"), (1j, None, "complex128"),
     (2, "int8", "int8"), (2.0, "int8", "int8"), (True, "int8", "int8"), (2, "bool", "bool"),
     (-7, "float32", "float32"), (0.5, "complex64", "complex64"), (2**64 - 1, "uint64", "uint64"),
     (np.float32(2.5), None, "float32"), (np.int16(-3), None, "int16")],
)
def test_full(value, dtype, expected):
    x = aa.full((2, 3), value, dtype=None if dtype is None else dt(dtype))
    assert x.dtype == dt(expected)
    np.testing.assert_array_equal(as_np(x), np.full((2, 3), value, dtype=expected))


@pytest.mark.parametrize(
    ("value", "dtype", "error"),
    [(300, "int8", OverflowError), (-1, "uint8", OverflowError), (2**63, None, OverflowError),
     (2**64, "uint64", OverflowError), (2**200, "float32", OverflowError),
     (1.5, "int8", TypeError), (1j, "float32", TypeError), (1j, "int32", TypeError),
     ("1", None, TypeError), (None, None, TypeError)],
)
def test_full_with_a_value_that_does_not_fit_raises(value, dtype, error):
    with pytest.raises(error) as info:
        aa.full(3, value, dtype=None if dtype is None else dt(dtype))
    assert isinstance(info.value, aa.AiarrayError)
    if error is OverflowError:
        assert "fill_value" in str(info.value)


def test_full_with_a_float_beyond_the_dtype_range_gives_infinity():
    # IEEE rounding (the standard leaves it unspecified); a Python *int* beyond the range raises
    np.testing.assert_array_equal(as_np(aa.full(2, -1e300, dtype=aa.float32)), [-np.inf, -np.inf])
    np.testing.assert_array_equal(as_np(aa.full(2, 1e5, dtype=aa.float16)), [np.inf, np.inf])


@pytest.mark.parametrize("dtype", ["int8", "float32", "complex128", "bool", "bfloat16"])
def test_like_functions(dtype):
    x = aa.asarray(np.ones((2, 3), dtype=np.float64), dtype=dt(dtype))
    for func, fill in ((aa.zeros_like, 0), (aa.ones_like, 1)):
        y = func(x)
        assert y.dtype == x.dtype and y.shape == x.shape
        assert (as_np(y) == fill).all()
    e = aa.empty_like(x)
    assert e.dtype == x.dtype and e.shape == x.shape
    f = aa.full_like(x, 1)
    assert f.dtype == x.dtype and (as_np(f) == 1).all()
    assert aa.zeros_like(x, dtype=aa.int16).dtype == aa.int16
    assert aa.full_like(x, 7, dtype=aa.float32).dtype == aa.float32


def test_full_like_checks_the_fill_value():
    x = aa.ones(2, dtype=aa.int8)
    with pytest.raises(OverflowError):
        aa.full_like(x, 300)
    with pytest.raises(TypeError):
        aa.full_like(x, 0.5)
    with pytest.raises(TypeError, match="numpy"):
        aa.zeros_like(np.ones(2))


# ---------------------------------------------------------------------------
# linspace, eye, tril / triu, meshgrid
# ---------------------------------------------------------------------------

LINSPACE_CASES = [
    ((0, 1, 5), {}), ((0, 1, 5), {"endpoint": False}), ((2.0, -3.0, 7), {}), ((0, 1, 1), {}),
    ((0, 1, 1), {"endpoint": False}), ((0, 1, 0), {}), ((5, 5, 3), {}),
    ((0, 10, 4), {"dtype": "float32"}), ((0, 1j, 3), {}),
    ((1 + 1j, -1 - 2j, 4), {"endpoint": False}), ((0, 1, 3), {"dtype": "complex64"}),
]


@pytest.mark.parametrize(("args", "kwargs"), LINSPACE_CASES,
                         ids=[str(a) + str(k) for a, k in LINSPACE_CASES])
def test_linspace_matches_numpy(args, kwargs):
    dtype = kwargs.pop("dtype", None)
    out = aa.linspace(*args, **kwargs, **({"dtype": dt(dtype)} if dtype else {}))
    is_complex = any(isinstance(a, complex) for a in args[:2])
    expected_dtype = dtype or ("complex128" if is_complex else "float64")
    expected = np.linspace(*args, **kwargs).astype(expected_dtype)
    assert out.dtype == dt(expected_dtype)
    assert out.shape == expected.shape
    np.testing.assert_allclose(as_np(out), expected, rtol=1e-15, atol=1e-15)
    if out.size and kwargs.get("endpoint", True):
        assert as_np(out)[0] == expected[0]
        if out.size > 1:
            assert as_np(out)[-1] == expected[-1]  # the endpoint is exact


@pytest.mark.parametrize(
    ("args", "kwargs", "error"),
    [((0, 1, -1), {}, ValueError), ((0, math.inf, 3), {}, ValueError),
     ((math.nan, 1, 3), {}, ValueError), ((0, 1, 3), {"dtype": aa.int32}, TypeError),
     ((0, 1j, 3), {"dtype": aa.float64}, TypeError), ((0, 1, 2.5), {}, TypeError)],
)
def test_linspace_errors(args, kwargs, error):
    with pytest.raises(error):
        aa.linspace(*args, **kwargs)


@pytest.mark.parametrize(("n", "m", "k"), [(3, None, 0), (3, 4, 1), (4, 3, -1), (3, 3, 5),
                                           (3, 3, -5), (0, None, 0), (1, 5, 4), (2, 6, -1)])
def test_eye_matches_numpy(n, m, k):
    assert_array(aa.eye(n, m, k=k), np.eye(n, m, k), "float64")
    assert_array(aa.eye(n, m, k=k, dtype=aa.int8), np.eye(n, m, k, dtype=np.int8), "int8")


def test_eye_errors():
    with pytest.raises(ValueError):
        aa.eye(-1)
    with pytest.raises(TypeError):
        aa.eye(2.5)


@pytest.mark.parametrize("k", [-3, -1, 0, 1, 2, 5])
@pytest.mark.parametrize("shape", [(4, 4), (3, 5), (2, 3, 4)])
def test_tril_triu_match_numpy(shape, k):
    a = np.arange(1, int(np.prod(shape)) + 1).reshape(shape).astype(np.int32)
    assert_array(aa.tril(aa.asarray(a), k=k), np.tril(a, k), "int32")
    assert_array(aa.triu(aa.asarray(a), k=k), np.triu(a, k), "int32")


def test_tril_triu_need_two_dimensions():
    for f in (aa.tril, aa.triu):
        with pytest.raises(ValueError):
            f(aa.ones(3))


@pytest.mark.parametrize("indexing", ["xy", "ij"])
def test_meshgrid_matches_numpy_and_returns_a_tuple(indexing):
    a, b, c = np.arange(3.0), np.arange(4.0) * 2, np.array([5.0, 6.0])
    grids = aa.meshgrid(aa.asarray(a), aa.asarray(b), aa.asarray(c), indexing=indexing)
    assert type(grids) is tuple and len(grids) == 3
    for g, e in zip(grids, np.meshgrid(a, b, c, indexing=indexing), strict=True):
        assert_array(g, e, "float64")


def test_meshgrid_default_is_xy_and_edge_cases():
    x, y = aa.meshgrid(aa.arange(3), aa.arange(2))
    assert x.shape == (2, 3) and y.shape == (2, 3)
    assert aa.meshgrid() == ()
    (only,) = aa.meshgrid(aa.arange(4))
    assert_array(only, np.arange(4), "int64")
    with pytest.raises(ValueError):
        aa.meshgrid(aa.arange(2), indexing="yx")
    with pytest.raises(TypeError):
        aa.meshgrid(aa.arange(2), aa.arange(2.0))  # the standard: one dtype
    with pytest.raises(ValueError):
        aa.meshgrid(aa.ones((2, 2)))


def test_from_dlpack_of_numpy_and_aiarray():
    a = np.arange(6, dtype=np.int16).reshape(2, 3)
    x = aa.from_dlpack(a)
    assert_array(x, a, "int16")
    assert shares_memory(x, a)
    y = aa.from_dlpack(x)
    assert_array(y, a, "int16")
    assert not shares_memory(aa.from_dlpack(a, copy=True), a)
    with pytest.raises(TypeError) as info:  # no __dlpack__: not an array (issue 13)
        aa.from_dlpack(object())
    assert info.value.status == aa.Status.UNINITIALIZED


# ---------------------------------------------------------------------------
# astype
# ---------------------------------------------------------------------------


def _cast_values(src: str, dst: str) -> list:
    """Values representable in src whose cast to dst is defined (in range)."""
    if src == "bool":
        return [False, True]
    vals: list = [0, 1, 7, 100, 127]
    neg_ok = src not in UNSIGNED and dst not in UNSIGNED and dst != "bool"
    if neg_ok:
        vals += [-1, -7, -128]
    if src in REAL_FLOATS + COMPLEX and dst != "bool":
        vals += [2.5, 0.75] + ([-1.5] if neg_ok else [])
    if src in COMPLEX:
        vals = [v + 3j for v in vals] + [complex(v, -0.5) for v in vals[:3]] + [0j]
    return vals


ASTYPE_PAIRS = [(s, d) for s in STANDARD for d in STANDARD]


@pytest.mark.parametrize(("src", "dst"), ASTYPE_PAIRS)
def test_astype_every_pair_of_standard_dtypes(src, dst):
    a = np.array(_cast_values(src, dst), dtype=src)
    x = aa.asarray(a)
    out = aa.astype(x, dt(dst))
    # reference: NumPy, with the GB/T rule for complex -> real numbers (keep the real part)
    # and the standard's for complex -> bool (nonzero)
    if src in COMPLEX and dst == "bool":
        expected = a != 0
    elif src in COMPLEX and dst not in COMPLEX:
        expected = a.real.astype(dst)
    else:
        expected = a.astype(dst)
    assert_array(out, expected, dst)
    if src == dst:
        assert out is not x and not shares_memory(out, x)


@pytest.mark.parametrize("src", ["complex64", "complex128", "complex32"])
def test_astype_complex_to_bool_is_nonzero(src):
    # the standard: 0+0j -> False, every other value -> True (not the GB/T real-part rule)
    z = aa.asarray([0j, 3j, 1 + 0j, complex(0, -0.5)], dtype=dt(src))
    np.testing.assert_array_equal(as_np(aa.astype(z, aa.bool)), [False, True, True, True])


@pytest.mark.parametrize("src", COMPLEX)
@pytest.mark.parametrize("dst", ["float32", "float64", "int16", "uint8"])
def test_astype_complex_to_real_keeps_the_real_part(src, dst):
    z = aa.asarray(np.array([1.75 + 9j, 2 - 4j, 0 + 100j], dtype=src))
    expected = np.array([1.75, 2, 0]).astype(dst)
    assert_array(aa.astype(z, dt(dst)), expected, dst)


@pytest.mark.parametrize("dst", ["int8", "int32", "uint64", "int64"])
@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_astype_nan_or_inf_to_integer_raises_value_error(dst, bad):
    x = aa.asarray([1.0, bad])
    with pytest.raises(ValueError) as info:
        aa.astype(x, dt(dst))
    assert info.value.status == aa.Status.INVALID_ARGUMENT


@pytest.mark.parametrize(
    ("values", "src", "dst"),
    [([1, 300], "int64", "int8"), ([-1], "int8", "uint8"), ([2**63], "uint64", "int64"),
     ([70000], "int32", "uint16"), ([1e10], "float64", "int32"), ([-1.0], "float32", "uint32"),
     ([2.0**31], "float32", "int32"), ([129.0], "float16", "int8"),
     ([256 + 1j], "complex64", "uint8"),
     ([-(2**31) - 1], "int64", "int32")],
)
def test_astype_out_of_range_raises_overflow_error(values, src, dst):
    x = aa.asarray(np.array(values, dtype=src))
    with pytest.raises(OverflowError) as info:
        aa.astype(x, dt(dst))
    assert info.value.status == aa.Status.OUT_OF_RANGE


@pytest.mark.parametrize(("value", "dst", "expected"),
                         [(2.0**63, "int64", 2**63 - 1), (2.0**64, "uint64", 2**64 - 1)])
def test_astype_float_equal_to_the_rounded_maximum_saturates(value, dst, expected):
    """float(2**63 - 1) is 2.0**63: the float nearest the maximum saturates (docs/dtypes.md),
    as array-api-tests draws it as an in-range value; one ulp beyond raises."""
    assert int(aa.astype(aa.asarray([value]), dt(dst))[0]) == expected
    with pytest.raises(OverflowError):
        aa.astype(aa.asarray([np.nextafter(value, np.inf)]), dt(dst))


@pytest.mark.parametrize(("value", "dst", "expected"),
                         [(-0.5, "uint8", 0), (255.9, "uint8", 255), (-128.7, "int8", -128)])
def test_astype_range_check_is_on_truncated_values(value, dst, expected):
    assert int(aa.astype(aa.asarray([value]), dt(dst))[0]) == expected


@pytest.mark.parametrize(
    ("values", "src", "dst"),
    [([-128, 127], "int64", "int8"), ([0, 255], "int16", "uint8"), ([2**63 - 1], "uint64", "int64"),
     ([-(2**63)], "float64", "int64"), ([2.0**31 - 128], "float32", "int32"),
     ([255.0], "float64", "uint8")],
)
def test_astype_at_the_edge_of_the_range(values, src, dst):
    a = np.array(values, dtype=src)
    assert_array(aa.astype(aa.asarray(a), dt(dst)), a.astype(dst), dst)


def test_astype_float_overflow_to_a_smaller_float_gives_infinity():
    out = aa.astype(aa.asarray([1e300, -1e300, 1.0]), aa.float32)
    np.testing.assert_array_equal(as_np(out), np.array([np.inf, -np.inf, 1.0], dtype=np.float32))


def test_astype_copy_semantics():
    x = aa.asarray(np.arange(3, dtype=np.int32))
    assert aa.astype(x, aa.int32, copy=False) is x
    y = aa.astype(x, aa.int32)
    assert y is not x and not shares_memory(y, x)
    z = aa.astype(x, aa.int64, copy=False)  # a different dtype always copies
    assert z.dtype == aa.int64 and not shares_memory(z, x)


def test_astype_errors():
    with pytest.raises(TypeError, match="numpy"):
        aa.astype(np.ones(2), aa.float32)
    with pytest.raises(TypeError):
        aa.astype(aa.ones(2), "float32")
    with pytest.raises(ValueError):
        aa.astype(aa.ones(2), aa.float32, device="gpu")
    assert aa.astype(aa.ones(2), aa.float32, device="cpu").dtype == aa.float32


# ---------------------------------------------------------------------------
# finfo / iinfo
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "real"), [("float16", "float16"), ("float32", "float32"),
                                            ("float64", "float64"), ("complex64", "float32"),
                                            ("complex128", "float64")])
def test_finfo_matches_numpy(name, real):
    fi, ref = aa.finfo(dt(name)), np.finfo(np.dtype(real))
    assert type(fi.bits) is int and fi.bits == ref.bits
    for field in ("eps", "max", "min", "smallest_normal"):
        value = getattr(fi, field)
        assert type(value) is float, field
        assert value == float(getattr(ref, field)), field
    assert fi.dtype == dt(real)
    assert aa.finfo(aa.zeros(1, dtype=dt(name))).eps == fi.eps  # an array works too


def test_finfo_of_bfloat16_matches_ml_dtypes():
    fi, ref = aa.finfo(aa.bfloat16), ml_dtypes.finfo(ml_dtypes.bfloat16)
    assert fi.bits == int(ref.bits) == 16
    for field in ("eps", "max", "min", "smallest_normal"):
        assert type(getattr(fi, field)) is float
        assert getattr(fi, field) == float(getattr(ref, field)), field


@pytest.mark.parametrize("name", SIGNED + UNSIGNED)
def test_iinfo_matches_numpy(name):
    ii, ref = aa.iinfo(dt(name)), np.iinfo(np.dtype(name))
    for field in ("bits", "max", "min"):
        assert type(getattr(ii, field)) is int, field
        assert getattr(ii, field) == int(getattr(ref, field)), field
    assert ii.dtype == dt(name)
    assert aa.iinfo(aa.zeros(1, dtype=dt(name))).max == ii.max


@pytest.mark.parametrize("name", ["int8", "bool"])
def test_finfo_of_a_non_float_raises(name):
    with pytest.raises(TypeError):
        aa.finfo(dt(name))


@pytest.mark.parametrize("name", ["float32", "bool", "complex64"])
def test_iinfo_of_a_non_integer_raises(name):
    with pytest.raises(TypeError):
        aa.iinfo(dt(name))


# ---------------------------------------------------------------------------
# isdtype
# ---------------------------------------------------------------------------

KINDS = {  # the standard's kinds, plus the documented extension (f16, bf16 real; c32 complex)
    "bool": {"bool"},
    "signed integer": set(SIGNED),
    "unsigned integer": set(UNSIGNED),
    "integral": set(SIGNED + UNSIGNED),
    "real floating": {"float16", "bfloat16", "float32", "float64"},
    "complex floating": {"complex32", "complex64", "complex128"},
    "numeric": set(SIGNED + UNSIGNED) | {"float16", "bfloat16", "float32", "float64",
                                         "complex32", "complex64", "complex128"},
}
ALL_NAMES = STANDARD + EXTENDED


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("name", ALL_NAMES)
def test_isdtype_every_kind(name, kind):
    assert aa.isdtype(dt(name), kind) is (name in KINDS[kind])


@pytest.mark.parametrize("name", ALL_NAMES)
def test_isdtype_with_a_dtype_and_tuples(name):
    assert aa.isdtype(dt(name), dt(name)) is True
    other = "int8" if name != "int8" else "uint8"
    assert aa.isdtype(dt(name), dt(other)) is False
    assert aa.isdtype(dt(name), (dt(other), dt(name))) is True
    assert aa.isdtype(dt(name), ("bool", "numeric")) is True
    assert aa.isdtype(dt(name), ()) is False
    expect = name in KINDS["integral"] or name == "float32"
    assert aa.isdtype(dt(name), ("integral", aa.float32)) is expect


@pytest.mark.parametrize("kind", ["floating", "int", "Real Floating", "complex", ("bool", "x")])
def test_isdtype_unknown_kind_raises_value_error(kind):
    with pytest.raises(ValueError) as info:
        aa.isdtype(aa.float32, kind)
    assert "kind" in str(info.value)


def test_isdtype_rejects_a_non_dtype():
    with pytest.raises(TypeError):
        aa.isdtype("float32", "numeric")


# ---------------------------------------------------------------------------
# can_cast / result_type
# ---------------------------------------------------------------------------

_LATTICE_UP = {  # the standard's "can be cast without loss" edges (reflexive-transitive closure)
    "bool": set(),
    "int8": {"int16"}, "int16": {"int32"}, "int32": {"int64"}, "int64": set(),
    "uint8": {"uint16", "int16"}, "uint16": {"uint32", "int32"}, "uint32": {"uint64", "int64"},
    "uint64": set(),
    "float32": {"float64", "complex64"}, "float64": {"complex128"},
    "complex64": {"complex128"}, "complex128": set(),
}


def _standard_can_cast(src: str, dst: str) -> bool:
    seen, todo = {src}, [src]
    while todo:
        for nxt in _LATTICE_UP[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return dst in seen


@pytest.mark.parametrize(("src", "dst"), ASTYPE_PAIRS)
def test_can_cast_follows_the_standard(src, dst):
    assert aa.can_cast(dt(src), dt(dst)) is _standard_can_cast(src, dst)


def test_can_cast_accepts_an_array():
    assert aa.can_cast(aa.ones(2, dtype=aa.int8), aa.int16) is True
    assert aa.can_cast(aa.ones(2, dtype=aa.int16), aa.int8) is False


@pytest.mark.parametrize(
    ("args", "expected"),
    [((aa.int8, aa.uint8), "int16"), ((aa.int32, aa.int64), "int64"),
     ((aa.float32, aa.float64), "float64"),
     ((aa.float32, aa.complex64), "complex64"), ((aa.float64, aa.complex64), "complex128"),
     ((aa.uint8, aa.uint16, aa.int8), "int32"), ((aa.bool, aa.bool), "bool"),
     ((aa.float32, 1.5), "float32"),
     ((aa.int8, 1), "int8"), ((aa.float16, 1j), "complex32"), ((aa.int16,), "int16")],
)
def test_result_type(args, expected):
    assert aa.result_type(*args) == dt(expected)


def test_result_type_of_arrays_and_errors():
    assert aa.result_type(aa.ones(1, dtype=aa.int16), aa.int32) == aa.int32
    with pytest.raises(ValueError):
        aa.result_type()
    with pytest.raises(TypeError):
        aa.result_type(aa.int8, aa.uint64)  # not derivable (promotion.md, decision 2)
    with pytest.raises(OverflowError):
        aa.result_type(aa.int8, 2**70)


# ---------------------------------------------------------------------------
# __array_namespace_info__
# ---------------------------------------------------------------------------


def test_info_capabilities():
    caps = aa.__array_namespace_info__().capabilities()
    assert set(caps) >= {"boolean indexing", "data-dependent shapes", "max dimensions"}
    assert caps["boolean indexing"] is True
    assert caps["data-dependent shapes"] is True
    assert caps["max dimensions"] is None or (type(caps["max dimensions"]) is int
                                              and caps["max dimensions"] >= 1)
    if caps["max dimensions"] is not None:  # and it is true
        n = caps["max dimensions"]
        assert aa.zeros((1,) * n).ndim == n


def test_info_devices():
    info = aa.__array_namespace_info__()
    devs = info.devices()
    assert type(devs) is tuple and len(devs) >= 1
    assert info.default_device() in devs
    assert aa.ones(1).device == info.default_device()


def test_info_default_dtypes():
    info = aa.__array_namespace_info__()
    expected = {"real floating": aa.float64, "complex floating": aa.complex128,
                "integral": aa.int64, "indexing": aa.int64}
    assert info.default_dtypes() == expected
    assert info.default_dtypes(device=info.default_device()) == expected
    assert aa.asarray(1.0).dtype == expected["real floating"]
    assert aa.asarray(1).dtype == expected["integral"]
    assert aa.asarray(1j).dtype == expected["complex floating"]
    with pytest.raises(ValueError):
        info.default_dtypes(device="gpu")


@pytest.mark.parametrize(
    ("kind", "names"),
    [(None, STANDARD), ("bool", ("bool",)), ("signed integer", SIGNED),
     ("unsigned integer", UNSIGNED),
     ("integral", SIGNED + UNSIGNED), ("real floating", REAL_FLOATS), ("complex floating", COMPLEX),
     ("numeric", SIGNED + UNSIGNED + REAL_FLOATS + COMPLEX),
     (("bool", "signed integer"), ("bool", *SIGNED)),
     (("real floating", "complex floating"), REAL_FLOATS + COMPLEX)],
)
def test_info_dtypes(kind, names):
    got = aa.__array_namespace_info__().dtypes(kind=kind)
    assert type(got) is dict
    assert set(got) == set(names)
    for name, d in got.items():
        assert d == dt(name)


def test_info_dtypes_extended_adds_float16_bfloat16_complex32():
    info = aa.__array_namespace_info__()
    ext = info.dtypes(extended=True)
    assert set(ext) == set(STANDARD + EXTENDED)
    assert set(info.dtypes(kind="real floating", extended=True)) == {"float16", "bfloat16",
                                                                     "float32", "float64"}
    assert set(info.dtypes(kind="complex floating", extended=True)) == {"complex32", "complex64",
                                                                        "complex128"}
    with pytest.raises(ValueError):
        info.dtypes(kind="floating")
    with pytest.raises(ValueError):
        info.dtypes(device="gpu")


# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------

ERRORS = [  # (class, standard exceptions it must also be, status)
    (aa.UninitializedError, (TypeError,), aa.Status.UNINITIALIZED),
    (aa.InvalidArgumentError, (ValueError,), aa.Status.INVALID_ARGUMENT),
    (aa.TypeMismatchError, (TypeError,), aa.Status.TYPE_MISMATCH),
    (aa.DimensionMismatchError, (ValueError,), aa.Status.DIMENSION_MISMATCH),
    (aa.OutOfRangeError, (IndexError,), aa.Status.OUT_OF_RANGE),
    (aa.AxisError, (ValueError, IndexError), aa.Status.AXIS_ERROR),
    (aa.AllocationError, (MemoryError,), aa.Status.ALLOCATION_FAILED),
    (aa.InternalError, (RuntimeError, ValueError), aa.Status.INTERNAL_ERROR),
    (aa.ScalarOverflowError, (OverflowError,), aa.Status.OUT_OF_RANGE),
    (aa.ParameterCastError, (RuntimeError, TypeError), aa.Status.TYPE_MISMATCH),
    (aa.DLPackError, (BufferError, ValueError), aa.Status.INVALID_ARGUMENT),
]


def test_status_values_are_distinct_ints():
    values = [s.value for s in aa.Status]
    assert len(values) == len(set(values))
    assert aa.Status.SUCCESS == 0
    assert all(type(v) is int for v in values)
    assert {"SUCCESS", "UNINITIALIZED", "INVALID_ARGUMENT", "TYPE_MISMATCH", "DIMENSION_MISMATCH",
            "OUT_OF_RANGE", "AXIS_ERROR", "ALLOCATION_FAILED",
            "INTERNAL_ERROR"} <= set(aa.Status.__members__)


@pytest.mark.parametrize(("cls", "bases", "status"), ERRORS, ids=[c.__name__ for c, _, _ in ERRORS])
def test_error_classes(cls, bases, status):
    assert issubclass(cls, aa.AiarrayError)
    for base in bases:
        assert issubclass(cls, base)
    assert cls.status == status
    # every aiarray error is one of the six standard exception types (issue 13)
    assert issubclass(cls, (TypeError, ValueError, IndexError, OverflowError,
                            ZeroDivisionError, MemoryError))
    err = cls("message")
    # the message names the status; args keep the message as raised
    assert err.status == status and err.args == ("message",)
    assert str(err) == f"message [GB/T status {int(status)} {status.name}]"
    with pytest.raises(bases[0]):
        raise cls("x")


@pytest.mark.parametrize("axis", [2, -3, (0, 0)])
def test_axis_errors_are_both_value_and_index_errors(axis):
    x = aa.ones((2, 3))
    for func in (aa.all, aa.any):
        with pytest.raises(ValueError) as info:
            func(x, axis=axis)
        assert isinstance(info.value, IndexError)
        assert info.value.status == aa.Status.AXIS_ERROR
        assert "axis" in str(info.value)


def test_parameter_cast_error_under_the_mindspore_policy():
    p = aa.as_parameter(aa.ones(2, dtype=aa.int32))
    f = aa.ones(2, dtype=aa.float32)
    with aa.promotion_policy("mindspore"):
        with pytest.raises(RuntimeError) as info:
            aa.add(p, f)
        assert info.value.status == aa.Status.TYPE_MISMATCH
        assert "int32" in str(info.value) and "float32" in str(info.value)
        assert aa.add(p, aa.ones(2, dtype=aa.int32)).dtype == aa.int32  # no cast needed
    assert aa.add(p, f).dtype == aa.float32  # other policies ignore the mark


MESSAGE_CASES = [  # (call, error, words the message must contain)
    (lambda: aa.full(3, 300, dtype=aa.int8), OverflowError, ["fill_value", "300", "int8"]),
    (lambda: aa.zeros((2, -1)), ValueError, ["shape", "-1"]),
    (lambda: aa.asarray(1, dtype="float32"), TypeError, ["dtype", "float32"]),
    (lambda: aa.add(np.ones(2), np.ones(2)), TypeError, ["x1", "numpy"]),
    (lambda: aa.sin(None), TypeError, ["x"]),
    (lambda: aa.linspace(0, 1, -1), ValueError, ["num", "-1"]),
    (lambda: aa.arange(0, 1, 0), ValueError, ["step"]),
    (lambda: aa.isdtype(aa.int8, "floating"), ValueError, ["kind", "floating"]),
    (lambda: aa.ones(2).__array_namespace__(api_version="1999.01"), ValueError,
     ["api_version", "1999.01"]),
    (lambda: aa.ones(2, device="tpu"), ValueError, ["device", "tpu"]),
    (lambda: aa.astype(aa.asarray([300]), aa.int8), OverflowError, ["300", "int8"]),
    (lambda: aa.divide(aa.ones(2), aa.ones(2), precision="low"), ValueError, ["precision", "low"]),
    (lambda: aa.bitwise_and(aa.ones(2), aa.ones(2)), TypeError, ["bitwise_and", "float64"]),
    (lambda: aa.add(aa.ones(2, dtype=aa.int8), aa.ones(2, dtype=aa.uint64)), TypeError,
     ["int8", "uint64"]),
]


@pytest.mark.parametrize(("call", "error", "words"), MESSAGE_CASES,
                         ids=[" ".join(w) for _, _, w in MESSAGE_CASES])
def test_error_messages_name_the_argument(call, error, words):
    with pytest.raises(error) as info:
        call()
    assert isinstance(info.value, aa.AiarrayError)
    for w in words:
        assert w in str(info.value), (w, str(info.value))


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "aiarray", *args], capture_output=True,
                          text=True, timeout=60, check=False)


def test_cli_info():
    r = run_cli("info")
    assert r.returncode == 0, r.stderr
    assert aa.__version__ in r.stdout
    assert "2025.12" in r.stdout
    assert "ascend" in r.stdout  # the promotion policy
    for name in ("bfloat16", "complex32", "float64"):
        assert name in r.stdout


def test_cli_promote_not_derivable_exits_1_and_names_the_table():
    r = run_cli("promote", "s8", "u64")
    assert r.returncode == 1
    assert "table" in r.stdout and "s8" in r.stdout and "u64" in r.stdout
    assert "TypeError" in r.stdout or "cannot" in r.stdout


@pytest.mark.parametrize(("a", "b", "policy", "expected"),
                         [("u8", "u16", None, "uint16"), ("uint8", "uint16", None, "uint16"),
                          ("bf16", "f16", None, "float32"), ("f32", "1.5", None, "float32"),
                          ("s8", "u8", "array-api", "int16")])
def test_cli_promote(a, b, policy, expected):
    r = run_cli("promote", a, b, *(["--policy", policy] if policy else []))
    assert r.returncode == 0, r.stderr
    assert r.stdout.split(":")[0].strip() == expected


def test_cli_promote_int_that_does_not_fit_exits_1_and_says_overflow():
    """`promote uint8 300`: the table's uint8 is printed, with the OverflowError the op raises."""
    r = run_cli("promote", "uint8", "300")
    assert r.returncode == 1
    assert r.stdout.startswith("uint8") and "OverflowError" in r.stdout and "300" in r.stdout
    r = run_cli("promote", "uint8", "255")
    assert r.returncode == 0 and "OverflowError" not in r.stdout


def test_cli_promote_rejects_an_unknown_dtype():
    r = run_cli("promote", "f99", "u8")
    assert r.returncode == 2
    assert "f99" in r.stderr


def test_cli_table_scalar_prints_a_row_per_scalar_kind():
    r = run_cli("table", "--scalar")
    assert r.returncode == 0, r.stderr
    rows = [line for line in r.stdout.splitlines()[2:] if line.strip()]
    assert len(rows) >= 16
    first = {line.split()[0] for line in rows}
    assert {"f32", "s64", "bool", "c64"} <= first


def test_cli_table_with_a_policy():
    r = run_cli("table", "--policy", "array-api")
    assert r.returncode == 0, r.stderr
    assert "array-api" in r.stdout
    lines = r.stdout.splitlines()
    header = lines[1].split()
    row = dict(zip(header, lines[2 + header.index("s8")].split()[1:], strict=True))
    assert row["u8"] == "s16" and row["f32"] == "-"


@pytest.mark.parametrize("obj", [1.5, [1.0, 2.5], [[1.0], [-0.25]], (3.0, 1e-300)])
def test_asarray_float_that_is_not_whole_into_an_integer_dtype_raises(obj):
    """Like full(): an integer dtype cannot hold 1.5; astype is the way to truncate."""
    with pytest.raises(TypeError) as info:
        aa.asarray(obj, dtype=aa.int32)
    assert info.value.status == aa.Status.TYPE_MISMATCH
    assert "whole number" in str(info.value)


def test_asarray_whole_floats_into_an_integer_dtype_convert_exactly():
    out = aa.asarray([1.0, -2.0, 3e9], dtype=aa.int64)
    assert out.dtype == aa.int64
    np.testing.assert_array_equal(np.asarray(out), np.array([1, -2, 3_000_000_000]))


def test_a_dtype_name_says_the_standard_namespace_takes_objects():
    import aiarray as xp

    with pytest.raises(TypeError) as e:
        xp.asarray([1, 2], dtype="float32")
    text = str(e.value)
    assert "dtype objects (aiarray.float32)" in text and "aiarray.numpy" in text
    assert e.value.status
    with pytest.raises(TypeError) as e:
        xp.zeros(2, dtype="f4x")
    assert "aiarray.float32" in str(e.value) and "aiarray.bfloat16" in str(e.value)


def test_a_half_imported_numpy_ma_is_no_masked_array(monkeypatch):
    """Another thread may be importing numpy.ma (the kernel loader importing numba): its
    module is in sys.modules before MaskedArray exists, and no masked array can exist."""
    import sys
    import types

    import numpy as np

    import aiarray as xp

    monkeypatch.setitem(sys.modules, "numpy.ma", types.ModuleType("numpy.ma"))
    x = xp.asarray(np.ones(3))
    assert (x + x).shape == (3,)


@pytest.mark.parametrize("name", ["float32", "int8", "complex32", "bfloat16"])
def test_a_dtype_name_says_the_standard_namespace_takes_dtype_objects(name):
    # (issue 19, item 7: it said "'float32' is not an aiarray data type; expected one of
    # float32, ...", contradicting itself)
    import aiarray.numpy as anp

    with pytest.raises(TypeError) as e:
        aa.asarray([1, 2], dtype=name)
    text = str(e.value)
    assert e.value.status == aa.Status.TYPE_MISMATCH
    assert f"dtype={name!r} is a name" in text and f"(aiarray.{name})" in text, text
    assert "aiarray.numpy also takes names" in text and "is not an aiarray" not in text
    assert anp.asarray([1, 2], dtype=name).dtype == getattr(aa, name)  # as it says

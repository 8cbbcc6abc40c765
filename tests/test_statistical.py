"""Statistical functions (sum, prod, cumulative_*, max, min, mean, var, std) and diff.

Expected values come from NumPy on the same data (in the dtype the standard says
the result has) or are written by hand; never from aiarray itself.  The dtype rules
are hand-written tables taken from the Array API standard and the brief:

* sum/prod/cumulative_* with dtype=None: bool, int8/16/32 -> int64; uint* -> uint64;
  floating dtypes keep theirs;
* mean/var/std: floating input keeps its dtype; bool/int -> INT_TO_FLOAT (pypto rule).
"""

from __future__ import annotations

import math

import ml_dtypes
import numpy as np
import pytest
from _raises import raises

import aiarray as aa
from aiarray import Status

BF16 = np.dtype(ml_dtypes.bfloat16)
SIGNED = ("int8", "int16", "int32", "int64")
UNSIGNED = ("uint8", "uint16", "uint32", "uint64")
RFLOATS = ("float16", "float32", "float64")
CFLOATS = ("complex64", "complex128")
STANDARD = ("bool", *SIGNED, *UNSIGNED, *RFLOATS, *CFLOATS)

ACCUMULATE = {
    "bool": "int64", "int8": "int64", "int16": "int64", "int32": "int64", "int64": "int64",
    "uint8": "uint64", "uint16": "uint64", "uint32": "uint64", "uint64": "uint64",
    "float16": "float16", "bfloat16": "bfloat16", "float32": "float32", "float64": "float64",
    "complex32": "complex32", "complex64": "complex64", "complex128": "complex128",
}
INT_TO_FLOAT = {
    "bool": "float32", "int8": "float32", "uint8": "float32", "int16": "float32",
    "uint16": "float32", "int32": "float32",
    "int64": "float64", "uint32": "float64", "uint64": "float64",
}
AXES = (None, 0, -1, (0, 2), (-1, 0, 1))


def rng_for(name: str) -> np.random.Generator:
    return np.random.default_rng(sum(map(ord, name)) * 7919)


def sample(dtype: str, shape: tuple[int, ...], name: str) -> np.ndarray:
    """Small values (so sums and products stay in range) as a NumPy array."""
    rng = rng_for(name + dtype)
    if dtype == "bool":
        return rng.integers(0, 2, shape).astype(bool)
    if dtype in UNSIGNED:
        return rng.integers(0, 4, shape).astype(dtype)
    if dtype in SIGNED:
        return rng.integers(-3, 4, shape).astype(dtype)
    vals = rng.uniform(0.5, 1.5, shape)
    if dtype.startswith("complex"):
        vals = vals + 1j * rng.uniform(-1, 1, shape)
    return vals.astype(dtype)


def arr(data: np.ndarray | list, dtype: str) -> aa.Array:
    return aa.asarray(np.asarray(data), dtype=getattr(aa, dtype))


def npy(x: aa.Array) -> np.ndarray:
    return np.asarray(x)


def tol(dtype: str) -> float:
    return {"float16": 4e-3, "bfloat16": 3e-2, "float32": 1e-5, "complex32": 4e-3,
            "complex64": 1e-5}.get(dtype, 1e-12)


def check_close(out: aa.Array, expected: np.ndarray, dtype: str) -> None:
    got = npy(out)
    assert got.shape == np.shape(expected)
    if np.dtype(got.dtype).kind in "iub":
        np.testing.assert_array_equal(got, expected)
    else:
        np.testing.assert_allclose(got.astype(np.complex128), np.asarray(expected, np.complex128),
                                   rtol=tol(dtype), atol=tol(dtype))




# ---------------------------------------------------------------------------
# sum / prod
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("func", ["sum", "prod"])
@pytest.mark.parametrize("dtype", STANDARD)
def test_sum_prod_default_dtype_and_values(func, dtype):
    data = sample(dtype, (2, 3, 4), func)
    x = arr(data, dtype)
    res = ACCUMULATE[dtype]
    ref = getattr(np, func)
    for axis in AXES:
        for keepdims in (False, True):
            out = getattr(aa, func)(x, axis=axis, keepdims=keepdims)
            assert out.dtype == getattr(aa, res)
            expected = ref(data.astype(res), axis=axis, keepdims=keepdims)
            check_close(out, expected, res)


@pytest.mark.parametrize("func", ["sum", "prod"])
@pytest.mark.parametrize("dtype", ["bfloat16", "complex32"])
def test_sum_prod_bf16_c32_round_once(func, dtype):
    wide = "float32" if dtype == "bfloat16" else "complex64"
    data = sample(wide, (3, 5), func + dtype)
    x = arr(data, wide) if dtype == "complex32" else aa.asarray(data.astype(BF16))
    if dtype == "complex32":
        x = aa.astype(x, aa.complex32)
    exact = npy(x).astype(wide)  # the input's exact values, widened
    out = getattr(aa, func)(x, axis=1)
    assert out.dtype == getattr(aa, dtype)
    expected = getattr(np, func)(exact, axis=1)
    check_close(out, expected, dtype)


def test_sum_hand_values():
    assert int(aa.sum(arr([[1, 2], [3, 4]], "int8"))) == 10
    out = aa.sum(arr([100, 100, 100], "int8"))
    assert out.dtype == aa.int64 and int(out) == 300  # no int8 overflow by default
    out = aa.sum(arr([250, 10], "uint8"))
    assert out.dtype == aa.uint64 and int(out) == 260
    assert int(aa.prod(arr([True, True, False], "bool"))) == 0
    assert aa.sum(arr([True, True, True], "bool")).dtype == aa.int64
    assert complex(aa.sum(arr([1 + 2j, 3 - 1j], "complex64"))) == 4 + 1j


def test_sum_explicit_dtype():
    x = arr([100, 100, 100], "int8")
    out = aa.sum(x, dtype=aa.int8)  # honoured: wraps as int8 arithmetic does
    assert out.dtype == aa.int8 and int(out) == np.int8(300 - 256)
    out = aa.sum(x, dtype=aa.float32)
    assert out.dtype == aa.float32 and float(out) == 300.0
    out = aa.prod(arr([1.5, 2.0], "float32"), dtype=aa.float64)
    assert out.dtype == aa.float64 and float(out) == 3.0
    out = aa.sum(arr([1.5, 2.25], "float64"), dtype=aa.complex32)
    assert out.dtype == aa.complex32 and complex(out) == 3.75
    out = aa.sum(arr([1, 2], "uint8"), dtype=aa.int16)
    assert out.dtype == aa.int16 and int(out) == 3
    # numpy scalar types name a dtype too
    assert aa.sum(x, dtype=np.int32).dtype == aa.int32


@pytest.mark.parametrize("func", ["sum", "prod", "cumulative_sum", "cumulative_prod"])
def test_accumulation_bad_dtype(func):
    f = getattr(aa, func)
    xf = arr([1.5, 2.5], "float32")
    xc = arr([1 + 1j], "complex64")
    before = npy(xf).copy()
    with raises(TypeError, Status.TYPE_MISMATCH, func, "int32"):
        f(xf, dtype=aa.int32)  # floating -> integer drops the fraction
    with raises(TypeError, Status.TYPE_MISMATCH, func, "float64"):
        f(xc, dtype=aa.float64)  # complex -> real drops the imaginary part
    with raises(TypeError, Status.TYPE_MISMATCH, func, "bool"):
        f(xf, dtype=aa.bool)
    with raises(TypeError, Status.TYPE_MISMATCH, "dtype"):
        f(xf, dtype="float33")
    np.testing.assert_array_equal(npy(xf), before)


def test_empty_sum_prod():
    e = arr(np.zeros((0, 3)), "float64")
    out = aa.sum(e)
    assert out.shape == () and float(out) == 0.0
    assert float(aa.prod(e)) == 1.0
    np.testing.assert_array_equal(npy(aa.sum(e, axis=0)), np.zeros(3))
    np.testing.assert_array_equal(npy(aa.prod(e, axis=0)), np.ones(3))
    assert npy(aa.sum(e, axis=1)).shape == (0,)
    assert int(aa.sum(arr([], "int8"))) == 0 and aa.sum(arr([], "int8")).dtype == aa.int64
    assert complex(aa.prod(arr([], "complex32"))) == 1


def test_zero_dim():
    x = arr(np.float32(2.5), "float32")
    for func in ("sum", "prod", "max", "min", "mean"):
        out = getattr(aa, func)(x)
        assert out.shape == () and float(out) == 2.5
        assert float(getattr(aa, func)(x, axis=0)) == 2.5
    assert float(aa.var(x)) == 0.0 and float(aa.std(x, axis=-1)) == 0.0
    assert int(aa.sum(arr(np.int8(7), "int8"))) == 7


@pytest.mark.parametrize("func", ["sum", "prod", "max", "min", "mean", "var", "std"])
def test_bad_axes(func):
    f = getattr(aa, func)
    x = arr(np.ones((2, 3)), "float64")
    with raises(aa.AxisError, Status.AXIS_ERROR, func, "axis=2"):
        f(x, axis=2)
    with pytest.raises(IndexError):
        f(x, axis=-3)
    with raises(ValueError, Status.AXIS_ERROR, func, "repeats"):
        f(x, axis=(0, -2))
    with raises(TypeError, Status.TYPE_MISMATCH, func, "axis"):
        f(x, axis=1.0)
    with raises(TypeError, Status.UNINITIALIZED, func, "asarray"):
        f(np.ones(3))


# ---------------------------------------------------------------------------
# cumulative_sum / cumulative_prod
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("func,ref,ident", [("cumulative_sum", np.cumsum, 0),
                                            ("cumulative_prod", np.cumprod, 1)])
@pytest.mark.parametrize("dtype", STANDARD)
def test_cumulative(func, ref, ident, dtype):
    data = sample(dtype, (3, 4), func)
    x = arr(data, dtype)
    res = ACCUMULATE[dtype]
    f = getattr(aa, func)
    for axis in (0, 1, -1, -2):
        out = f(x, axis=axis)
        assert out.dtype == getattr(aa, res)
        check_close(out, ref(data.astype(res), axis=axis), res)
        out = f(x, axis=axis, include_initial=True)
        expected = np.concatenate(
            [np.full((1, 4) if axis in (0, -2) else (3, 1), ident, res),
             ref(data.astype(res), axis=axis)], axis=axis)
        check_close(out, expected, res)


def test_cumulative_hand_values():
    x = arr([1, 2, 3, 4], "int16")
    out = aa.cumulative_sum(x)
    assert out.dtype == aa.int64 and npy(out).tolist() == [1, 3, 6, 10]
    assert npy(aa.cumulative_prod(x, include_initial=True)).tolist() == [1, 1, 2, 6, 24]
    out = aa.cumulative_sum(arr([True, False, True], "bool"))
    assert out.dtype == aa.int64 and npy(out).tolist() == [1, 1, 2]
    out = aa.cumulative_sum(arr([200, 100], "uint8"), dtype=aa.uint16)
    assert out.dtype == aa.uint16 and npy(out).tolist() == [200, 300]
    b = aa.asarray(np.array([1, 2, 3], BF16))
    out = aa.cumulative_sum(b)
    assert out.dtype == aa.bfloat16 and npy(out).astype(np.float32).tolist() == [1, 3, 6]
    c = aa.astype(arr([1 + 1j, 2 - 1j], "complex64"), aa.complex32)
    out = aa.cumulative_prod(c)
    assert out.dtype == aa.complex32 and npy(out).tolist() == [1 + 1j, 3 + 1j]
    e = aa.cumulative_sum(arr([], "float32"), include_initial=True)
    assert e.shape == (1,) and float(e[0]) == 0.0


@pytest.mark.parametrize("func", ["cumulative_sum", "cumulative_prod"])
def test_cumulative_errors(func):
    f = getattr(aa, func)
    x2 = arr(np.ones((2, 2)), "float32")
    with raises(ValueError, Status.INVALID_ARGUMENT, func, "axis is required"):
        f(x2)
    with raises(ValueError, Status.INVALID_ARGUMENT, func, "0-d"):
        f(arr(np.float32(1), "float32"))
    with raises(aa.AxisError, Status.AXIS_ERROR, func):
        f(x2, axis=2)
    with raises(TypeError, Status.TYPE_MISMATCH, func, "include_initial"):
        f(x2, axis=0, include_initial=1)
    with raises(TypeError, Status.UNINITIALIZED, func):
        f([1, 2])


# ---------------------------------------------------------------------------
# max / min
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("func", ["max", "min"])
@pytest.mark.parametrize("dtype", ("bool", *SIGNED, *UNSIGNED, *RFLOATS, "bfloat16"))
def test_max_min_values(func, dtype):
    data = sample("float32" if dtype == "bfloat16" else dtype, (2, 3, 4), func)
    x = aa.asarray(data.astype(BF16)) if dtype == "bfloat16" else arr(data, dtype)
    exact = npy(x)
    for axis in AXES:
        for keepdims in (False, True):
            out = getattr(aa, func)(x, axis=axis, keepdims=keepdims)
            assert out.dtype == x.dtype
            expected = getattr(np, func)(exact.astype(np.float64), axis=axis, keepdims=keepdims)
            np.testing.assert_array_equal(npy(out).astype(np.float64), expected)


@pytest.mark.parametrize("func", ["max", "min"])
def test_max_min_special(func):
    f = getattr(aa, func)
    x = arr([1.0, np.nan, 3.0], "float32")
    assert math.isnan(float(f(x)))
    assert math.isnan(float(f(aa.asarray(np.array([1, np.nan], BF16)))))
    assert math.isnan(float(f(arr([np.inf, np.nan, -np.inf], "float64"))))
    assert float(aa.max(arr([-np.inf, 2.0], "float64"))) == 2.0
    # reductions over zero elements have no value
    for shape, axis in (((0,), None), ((0, 3), 0), ((3, 0), 1), ((0, 0), None)):
        with raises(ValueError, Status.INVALID_ARGUMENT, f"{func}()", "empty"):
            f(arr(np.zeros(shape), "float64"), axis=axis)
    out = f(arr(np.zeros((0, 3)), "float64"), axis=1)  # nothing to reduce, no error
    assert out.shape == (0,)
    with raises(TypeError, Status.TYPE_MISMATCH, f"{func}()", "complex64"):
        f(arr([1j], "complex64"))


# ---------------------------------------------------------------------------
# mean / var / std
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", RFLOATS + CFLOATS + ("bfloat16", "complex32"))
def test_mean_floating(dtype):
    wide = {"bfloat16": "float32", "complex32": "complex64"}.get(dtype, dtype)
    data = sample(wide, (2, 3, 4), "mean")
    x = aa.astype(arr(data, wide), getattr(aa, dtype))
    exact = npy(x).astype(np.complex128 if "complex" in dtype else np.float64)
    for axis in AXES:
        for keepdims in (False, True):
            out = aa.mean(x, axis=axis, keepdims=keepdims)
            assert out.dtype == x.dtype
            check_close(out, np.mean(exact, axis=axis, keepdims=keepdims), dtype)


@pytest.mark.parametrize("dtype", ("bool", *SIGNED, *UNSIGNED))
def test_mean_var_std_integer_input(dtype):
    data = sample(dtype, (3, 4), "mvs")
    x = arr(data, dtype)
    res = INT_TO_FLOAT[dtype]
    for func, ref in (("mean", np.mean), ("var", np.var), ("std", np.std)):
        out = getattr(aa, func)(x, axis=0)
        assert out.dtype == getattr(aa, res), (func, out.dtype)
        check_close(out, ref(data.astype(np.float64), axis=0).astype(res), res)


def test_mean_hand_values():
    out = aa.mean(arr([1, 2, 3, 4], "int32"))
    assert out.dtype == aa.float32 and float(out) == 2.5
    # float16 accumulates wide: the float16 sum would overflow to inf
    out = aa.mean(arr([65504.0, 65504.0], "float16"))
    assert out.dtype == aa.float16 and float(out) == 65504.0
    assert complex(aa.mean(arr([1 + 2j, 3 + 4j], "complex128"))) == 2 + 3j
    out = aa.mean(aa.astype(arr([1 + 2j, 2 + 2j], "complex64"), aa.complex32))
    assert out.dtype == aa.complex32 and complex(out) == 1.5 + 2j


def test_empty_mean_var_std_are_nan():
    # filterwarnings=error: no RuntimeWarning may escape
    for dtype in ("float64", "float32", "float16", "bfloat16", "int16"):
        e = aa.astype(arr(np.zeros(0), "float64"), getattr(aa, dtype))
        for func in ("mean", "var", "std"):
            out = getattr(aa, func)(e)
            assert out.shape == () and math.isnan(float(out)), (dtype, func)
    z = aa.mean(arr(np.zeros(0), "complex64"))
    assert math.isnan(complex(z).real) and math.isnan(complex(z).imag)
    out = aa.mean(arr(np.zeros((0, 2)), "float64"), axis=0)
    assert npy(out).shape == (2,) and np.isnan(npy(out)).all()


@pytest.mark.parametrize("func", ["mean", "var", "std", "sum", "prod", "max", "min"])
def test_nan_propagation(func):
    x = arr([[1.0, 2.0], [np.nan, 4.0]], "float64")
    out = getattr(aa, func)(x, axis=1)
    assert not math.isnan(float(out[0])) and math.isnan(float(out[1]))


@pytest.mark.parametrize("func,ref", [("var", np.var), ("std", np.std)])
@pytest.mark.parametrize("dtype", (*RFLOATS, "bfloat16"))
def test_var_std(func, ref, dtype):
    wide = "float32" if dtype == "bfloat16" else dtype
    x = aa.astype(arr(sample(wide, (3, 4, 5), func), wide), getattr(aa, dtype))
    exact = npy(x).astype(np.float64)
    for axis in AXES:
        for correction in (0, 1, 1.5):
            for keepdims in (False, True):
                out = getattr(aa, func)(x, axis=axis, correction=correction, keepdims=keepdims)
                assert out.dtype == x.dtype
                expected = ref(exact, axis=axis, ddof=correction, keepdims=keepdims)
                check_close(out, expected, dtype)


@pytest.mark.parametrize("func", ["var", "std"])
def test_var_std_special(func):
    f = getattr(aa, func)
    x = arr([1.0, 3.0], "float64")
    assert float(f(x)) == 1.0  # var = 1 and std = 1
    assert float(aa.var(x, correction=1)) == 2.0
    for c in (2, 2.0, 5):  # N - correction <= 0 -> NaN
        assert math.isnan(float(f(x, correction=c)))
    assert math.isnan(float(f(arr([1.0, np.inf], "float64"))))
    before = npy(x).copy()
    with raises(ValueError, Status.INVALID_ARGUMENT, func, "correction=-1"):
        f(x, correction=-1)
    with raises(ValueError, Status.INVALID_ARGUMENT, func, "correction"):
        f(x, correction=float("nan"))
    with raises(TypeError, Status.TYPE_MISMATCH, func, "correction"):
        f(x, correction="1")
    with raises(TypeError, Status.TYPE_MISMATCH, func, "correction"):
        f(x, correction=True)
    with raises(TypeError, Status.TYPE_MISMATCH, func, "complex64"):
        f(arr([1j, 2j], "complex64"))
    np.testing.assert_array_equal(npy(x), before)


# ---------------------------------------------------------------------------
# diff (utility)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", SIGNED + UNSIGNED + RFLOATS + CFLOATS)
def test_diff_values(dtype):
    data = sample(dtype, (3, 5), "diff")
    x = arr(data, dtype)
    for axis in (0, 1, -1):
        for n in (0, 1, 2, 3):
            out = aa.diff(x, axis=axis, n=n)
            assert out.dtype == x.dtype
            check_close(out, np.diff(data, n=n, axis=axis), dtype)


def test_diff_hand_values_and_edges():
    x = arr([1, 4, 9, 16], "int16")
    assert npy(aa.diff(x)).tolist() == [3, 5, 7]
    assert npy(aa.diff(x, n=2)).tolist() == [2, 2]
    assert npy(aa.diff(x, n=10)).shape == (0,)
    out = aa.diff(x, prepend=arr([0], "int8"), append=arr([25, 36], "int32"))
    assert out.dtype == aa.int32 and npy(out).tolist() == [1, 3, 5, 7, 9, 11]
    m = arr([[1, 2], [4, 8]], "int64")
    out = aa.diff(m, axis=0, prepend=arr([[0, 0]], "int64"))
    assert npy(out).tolist() == [[1, 2], [3, 6]]
    # n=0 returns a new array, never x's buffer
    same = aa.diff(x, n=0)
    same[0] = 100
    assert int(x[0]) == 1
    b = aa.asarray(np.array([1, 3, 7], BF16))
    out = aa.diff(b, n=2)
    assert out.dtype == aa.bfloat16 and float(out[0]) == 2.0
    c = aa.astype(arr([1 + 1j, 3 + 0j], "complex64"), aa.complex32)
    out = aa.diff(c)
    assert out.dtype == aa.complex32 and complex(out[0]) == 2 - 1j
    assert npy(aa.diff(arr([200, 100], "uint8"))).tolist() == [156]  # modular, like NumPy


def test_diff_errors():
    x = arr([[1, 2, 3], [4, 5, 6]], "int32")
    before = npy(x).copy()
    with raises(ValueError, Status.INVALID_ARGUMENT, "diff", "n=-1"):
        aa.diff(x, n=-1)
    with raises(TypeError, Status.TYPE_MISMATCH, "diff", "n=1.0"):
        aa.diff(x, n=1.0)
    with raises(aa.AxisError, Status.AXIS_ERROR, "diff"):
        aa.diff(x, axis=2)
    with raises(aa.AxisError, Status.AXIS_ERROR, "diff"):
        aa.diff(arr(np.int32(1), "int32"))
    with raises(ValueError, Status.DIMENSION_MISMATCH, "diff", "prepend", "(3, 1)"):
        aa.diff(x, axis=1, prepend=arr(np.zeros((3, 1)), "int32"))
    with raises(ValueError, Status.DIMENSION_MISMATCH, "diff", "append"):
        aa.diff(x, axis=1, append=arr([0, 0], "int32"))
    with raises(TypeError, Status.UNINITIALIZED, "diff", "append"):
        aa.diff(x, append=0)
    with raises(TypeError, Status.TYPE_MISMATCH, "diff", "bool"):
        aa.diff(arr([True, False], "bool"))
    with raises(TypeError, Status.TYPE_MISMATCH, "diff"):  # uint64 with int64: no common dtype
        aa.diff(arr([1, 2], "uint64"), prepend=arr([1], "int64"))
    np.testing.assert_array_equal(npy(x), before)


@pytest.mark.parametrize("dtype", ("float16", "float32", "float64", "complex64", "complex128"))
def test_mean_bit_equal_to_numpy(dtype):
    # NumPy divides the sum by its count as an intp scalar: complex64 in complex128,
    # rounded once (a complex64 division by n + 0j rounds twice); sizes past the
    # parallel kernels' threshold and reductions along each axis
    import aiarray.numpy as anp

    rng = np.random.default_rng(19)
    for shape in ((1000,), (37, 41), (1_500_001,), (1100, 1000)):
        data = rng.standard_normal(shape)
        if "complex" in dtype:
            data = data + 1j * rng.standard_normal(shape)
        data = data.astype(dtype)
        x, s = aa.asarray(data), anp.asarray(data)
        for axis in (None, *range(len(shape))):
            want = np.asarray(np.mean(data, axis=axis))
            for got in (aa.mean(x, axis=axis), anp.mean(s, axis=axis), s.mean(axis=axis)):
                got = np.asarray(got)
                assert got.dtype == want.dtype and got.tobytes() == want.tobytes(), \
                    (shape, axis)


def test_complex32_mean_is_numpys_complex64_mean_rounded_once_more():
    # complex32 computes as complex64: NumPy's complex64 mean of the widened data, each
    # part then rounded to float16
    rng = np.random.default_rng(7)
    for shape, axis in (((1000,), None), ((37, 41), 0), ((37, 41), 1), ((1_100_000,), None)):
        wide = (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(
            np.complex64)
        wide = (wide.real.astype(np.float16).astype(np.float32)
                + 1j * wide.imag.astype(np.float16).astype(np.float32)).astype(np.complex64)
        x = aa.astype(aa.asarray(wide), aa.complex32)
        want = np.asarray(np.mean(wide, axis=axis))
        got = aa.astype(aa.mean(x, axis=axis), aa.complex64)
        assert aa.mean(x, axis=axis).dtype == aa.complex32
        got = np.asarray(got)
        np.testing.assert_array_equal(got.real, want.real.astype(np.float16))
        np.testing.assert_array_equal(got.imag, want.imag.astype(np.float16))


# NumPy converts the input of a sum that casts 8192 elements at a time, sums each buffer
# pairwise and adds the buffers' sums in turn: past one buffer that order differs from
# converting everything first.  Integer means (computed in float64), sums and means with
# a wider dtype=, and the variances built on them must give NumPy's bits.
_CAST_SIZES = (8192, 8193, 20_000, 3 * 8192 + 5, 100_003)


def _cast_inputs(n: int):
    rng = np.random.default_rng(n)
    return [rng.integers(-2**62, 2**62, n),
            (rng.standard_normal(n) * 10.0 ** rng.uniform(-3, 3, n)).astype(np.float32),
            rng.standard_normal(n).astype(np.float16),
            rng.integers(0, 2**63, n, dtype=np.uint64)]


def _bits_equal(got, want, what: str) -> None:
    got, want = np.asarray(got), np.asarray(want)
    assert got.dtype == want.dtype and got.shape == want.shape, what
    assert got.tobytes() == want.tobytes(), f"{what}: {got.ravel()[:3]} != {want.ravel()[:3]}"


@pytest.mark.parametrize("n", _CAST_SIZES)
def test_sums_that_convert_their_input_are_numpys(n):
    import aiarray.numpy as anp

    for a in _cast_inputs(n):
        x = anp.asarray(a)
        what = f"{a.dtype}[{n}]"
        if a.dtype == np.float16:
            a = a / 8  # (NumPy's float16 variance squares in float16: no overflow, no warning)
            x = anp.asarray(a)
        _bits_equal(anp.sum(x, dtype=np.float64), np.sum(a, dtype=np.float64), "sum " + what)
        _bits_equal(anp.mean(x, dtype=np.float64), np.mean(a, dtype=np.float64),
                    "mean dtype=float64 " + what)
        _bits_equal(anp.mean(x), np.mean(a), "mean " + what)
        _bits_equal(anp.var(x), np.var(a), "var " + what)
        _bits_equal(anp.std(x, ddof=1), np.std(a, ddof=1), "std " + what)
        with aa.promotion_policy("numpy"):
            _bits_equal(aa.sum(aa.asarray(a), dtype=aa.float64), np.sum(a, dtype=np.float64),
                        "xp.sum " + what)
        if a.dtype == np.int64:
            _bits_equal(aa.mean(aa.asarray(a)), np.mean(a), "xp.mean " + what)
    a = _cast_inputs(2 * n)[0].reshape(2, n)
    for view in (a, a.T, a[:, ::3]):
        for axis in (None, 0, 1, -1):
            _bits_equal(anp.mean(anp.asarray(view), axis=axis), np.mean(view, axis=axis),
                        f"mean axis={axis} of {view.shape} {view.strides}")
    _bits_equal(anp.mean(anp.asarray(a), axis=1, keepdims=True),
                np.mean(a, axis=1, keepdims=True), "keepdims")


# A full reduction (no axis, dtype= or keepdims) of NumPy's own dtypes below the
# backends' start sizes is one NumPy call; it must give NumPy's dtype and bits, leave no
# warning, and ignore the caller's NumPy error state, at every size up to the kernels'.
_FULL_SIZES = (1, 2, 7, 128, 129, 8191, 8193, 100_003)


def _full_data(dtype: str, n: int):
    rng = np.random.default_rng(n)
    if dtype == "bool":
        return rng.integers(0, 2, n).astype(bool)
    if dtype[0] in "iu":
        return rng.integers(0, 100, n).astype(dtype)
    data = rng.standard_normal(n) * 10.0 ** rng.uniform(-2, 2, n)
    if dtype.startswith("complex"):
        data = data + 1j * rng.standard_normal(n)
    return data.astype(dtype)


@pytest.mark.parametrize("dtype", STANDARD)
def test_full_reductions_are_numpys(dtype):
    import warnings

    for n in _FULL_SIZES:
        data = _full_data(dtype, n)
        before = data.copy()
        x = aa.asarray(data)
        with np.errstate(all="ignore"):  # (products overflow: inf, as aiarray's quietly)
            want = {"sum": np.sum(data, dtype=ACCUMULATE[dtype]),
                    "prod": np.prod(data, dtype=ACCUMULATE[dtype]),
                    "mean": np.mean(data, dtype=None if dtype[0] in "cf" else np.float64)
                    .astype(INT_TO_FLOAT.get(dtype, dtype))}
        if not dtype.startswith("complex"):
            want.update(max=np.max(data), min=np.min(data))
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            for func, ref in want.items():
                for backend in ("parallel", "numpy"):
                    with aa.backend(backend):
                        got = getattr(aa, func)(x)
                    assert got.dtype == getattr(aa, np.asarray(ref).dtype.name), (func, n)
                    _bits_equal(npy(got), ref, f"{func} {dtype}[{n}] ({backend})")
        np.testing.assert_array_equal(data, before)


def test_full_reductions_ignore_the_callers_error_state():
    big = aa.asarray([1e308, 1e308, -np.inf, np.inf])
    with np.errstate(all="raise"):
        assert math.isinf(float(aa.sum(big[:2])))
        assert math.isnan(float(aa.sum(big)))
        assert math.isnan(float(aa.mean(big)))
        assert float(aa.prod(aa.asarray([1e200, 1e200]))) == math.inf
        assert int(aa.sum(aa.asarray([2**62, 2**62], dtype=aa.int64))) == -2**63  # wraps

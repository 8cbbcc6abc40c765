"""sort, argsort, argmax, argmin, count_nonzero, nonzero, searchsorted, isin, unique_*.

Expected values come from NumPy on the same data (np.sort / np.argsort with a stable
kind, np.argmax, np.searchsorted, ...) or are written by hand (stability of descending
sorts, NaN placement, signed zeros, promotion of mixed dtypes); never from aiarray.
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
REAL = ("bool", *SIGNED, *UNSIGNED, *RFLOATS, "bfloat16")
ALL = (*REAL, "complex32", "complex64", "complex128")


def rng_for(name: str) -> np.random.Generator:
    return np.random.default_rng(sum(map(ord, name)) * 7919)


def sample(dtype: str, shape: tuple[int, ...], name: str, nan: bool = False) -> aa.Array:
    """Values with many ties (small range), optionally some NaN, as an aiarray Array."""
    rng = rng_for(name + dtype)
    vals = rng.integers(-3 if dtype not in UNSIGNED else 0, 4, shape).astype(np.float64)
    if dtype.startswith("complex"):
        vals = vals + 1j * rng.integers(-1, 2, shape)
    if nan and vals.size:
        vals.flat[rng.integers(0, vals.size, max(1, vals.size // 5))] = np.nan
    if dtype == "bool":
        vals = vals > 0
    wide = {"bfloat16": "float32", "complex32": "complex64"}.get(dtype, dtype)
    return aa.astype(aa.asarray(vals.astype(wide)), getattr(aa, dtype))


def npy(x: aa.Array) -> np.ndarray:
    return np.asarray(x)


def ref(x: aa.Array) -> np.ndarray:
    """The exact values of x in a NumPy dtype with the same order (bf16 -> float32)."""
    a = npy(x)
    return a.astype(np.float32) if a.dtype == BF16 else a




# ---------------------------------------------------------------------------
# sort / argsort
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", REAL)
def test_sort_argsort_ascending_matches_numpy(dtype):
    x = sample(dtype, (4, 5, 6), "sort", nan=dtype in (*RFLOATS, "bfloat16"))
    a = ref(x)
    for axis in (0, 1, -1):
        for stable in (True, False):
            out = aa.sort(x, axis=axis, stable=stable)
            assert out.dtype == x.dtype and out.shape == x.shape
            np.testing.assert_array_equal(ref(out), np.sort(a, axis=axis, kind="stable"))
        idx = aa.argsort(x, axis=axis)
        assert idx.dtype == aa.int64
        np.testing.assert_array_equal(npy(idx), np.argsort(a, axis=axis, kind="stable"))
        loose = npy(aa.argsort(x, axis=axis, stable=False))  # any order of ties
        np.testing.assert_array_equal(np.take_along_axis(a, loose, axis),
                                      np.sort(a, axis=axis, kind="stable"))


@pytest.mark.parametrize("dtype", REAL)
def test_descending_is_stable(dtype):
    x = sample(dtype, (3, 40), "desc", nan=dtype in RFLOATS)
    a = ref(x)
    idx = npy(aa.argsort(x, axis=1, descending=True))
    srt = ref(aa.sort(x, axis=1, descending=True))
    for row in range(a.shape[0]):
        vals = a[row].tolist()
        # Python's sorted(reverse=True) is stable; NaN is ordered first when descending
        nans = [i for i, v in enumerate(vals) if math.isnan(v)]
        rest = sorted((i for i, v in enumerate(vals) if not math.isnan(v)),
                      key=vals.__getitem__, reverse=True)
        expected = nans + rest
        assert idx[row].tolist() == expected
        np.testing.assert_array_equal(srt[row], a[row, expected])


def test_sort_hand_values():
    x = aa.asarray([2, 1, 2, 1, 3], dtype=aa.int8)
    assert npy(aa.argsort(x)).tolist() == [1, 3, 0, 2, 4]
    assert npy(aa.argsort(x, descending=True)).tolist() == [4, 0, 2, 1, 3]
    assert npy(aa.sort(x, descending=True)).tolist() == [3, 2, 2, 1, 1]
    f = aa.asarray([np.nan, 1.0, -np.inf, np.nan, 0.5])
    assert npy(aa.argsort(f)).tolist() == [2, 4, 1, 0, 3]  # NaN last, in order
    assert npy(aa.argsort(f, descending=True)).tolist() == [0, 3, 1, 4, 2]  # NaN first
    # signed zeros compare equal: a stable sort keeps their order in both directions
    z = aa.asarray([0.0, -0.0, 0.0, -0.0])
    for descending in (False, True):
        out = npy(aa.sort(z, descending=descending))
        assert np.signbit(out).tolist() == [False, True, False, True]
    u = aa.asarray([0, 2**64 - 1, 5], dtype=aa.uint64)  # no negation trick for unsigned
    assert npy(aa.sort(u, descending=True)).tolist() == [2**64 - 1, 5, 0]
    b = aa.asarray([False, True, False])
    assert npy(aa.argsort(b, descending=True)).tolist() == [1, 0, 2]
    e = aa.sort(aa.asarray(np.zeros((2, 0))), axis=1)
    assert e.shape == (2, 0)


@pytest.mark.parametrize("func", ["sort", "argsort"])
def test_sort_errors(func):
    f = getattr(aa, func)
    x = aa.asarray([3.0, 1.0, 2.0])
    with raises(TypeError, Status.TYPE_MISMATCH, func, "complex64"):
        f(aa.asarray([1j], dtype=aa.complex64))
    with raises(aa.AxisError, Status.AXIS_ERROR, func):
        f(aa.asarray(1.0))  # 0-d: axis=-1 does not exist
    with raises(aa.AxisError, Status.AXIS_ERROR, func, "axis=1"):
        f(x, axis=1)
    with raises(TypeError, Status.TYPE_MISMATCH, func, "descending"):
        f(x, descending="yes")
    with raises(TypeError, Status.TYPE_MISMATCH, func, "stable"):
        f(x, stable=None)
    with raises(TypeError, Status.UNINITIALIZED, func):
        f(np.array([1.0]))
    assert npy(x).tolist() == [3.0, 1.0, 2.0]  # sorting never touches its input
    f(x)
    assert npy(x).tolist() == [3.0, 1.0, 2.0]


# ---------------------------------------------------------------------------
# argmax / argmin
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("func", ["argmax", "argmin"])
@pytest.mark.parametrize("dtype", REAL)
def test_argmax_argmin_match_numpy(func, dtype):
    x = sample(dtype, (3, 4, 5), func, nan=dtype in (*RFLOATS, "bfloat16"))
    a = ref(x)
    for axis in (None, 0, 1, -1):
        for keepdims in (False, True):
            out = getattr(aa, func)(x, axis=axis, keepdims=keepdims)
            assert out.dtype == aa.int64
            expected = getattr(np, func)(a, axis=axis, keepdims=keepdims)
            np.testing.assert_array_equal(npy(out), expected)


def test_argmax_argmin_hand_values():
    x = aa.asarray([1, 3, 3, 0, 0])
    assert int(aa.argmax(x)) == 1 and int(aa.argmin(x)) == 3  # first occurrence
    f = aa.asarray([1.0, np.nan, 5.0, np.nan])
    assert int(aa.argmax(f)) == 1 and int(aa.argmin(f)) == 1  # NaN is the extreme
    m = aa.asarray([[1, 9], [7, 2]])
    assert npy(aa.argmax(m, axis=0)).tolist() == [1, 0]
    assert aa.argmax(m, keepdims=True).shape == (1, 1)
    assert int(aa.argmax(m)) == 1  # flattened
    assert int(aa.argmin(aa.asarray(4.0))) == 0  # 0-d
    assert aa.argmax(aa.asarray(np.zeros((0, 3))), axis=1).shape == (0,)


@pytest.mark.parametrize("func", ["argmax", "argmin"])
def test_argmax_argmin_errors(func):
    f = getattr(aa, func)
    with raises(ValueError, Status.INVALID_ARGUMENT, func, "empty"):
        f(aa.asarray([], dtype=aa.float32))
    with raises(ValueError, Status.INVALID_ARGUMENT, func, "empty"):
        f(aa.asarray(np.zeros((3, 0))), axis=1)
    with raises(TypeError, Status.TYPE_MISMATCH, func, "complex128"):
        f(aa.asarray([1j]))
    with raises(aa.AxisError, Status.AXIS_ERROR, func):
        f(aa.asarray([1, 2]), axis=1)
    with raises(TypeError, Status.TYPE_MISMATCH, func, "axis"):
        f(aa.asarray([1, 2]), axis=(0,))


# ---------------------------------------------------------------------------
# count_nonzero / nonzero
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", ALL)
def test_count_nonzero_and_nonzero_match_numpy(dtype):
    x = sample(dtype, (3, 4, 5), "nz", nan=dtype in RFLOATS)
    a = npy(x)  # complex32 -> complex64, exact
    for axis in (None, 0, -1, (0, 2)):
        for keepdims in (False, True):
            out = aa.count_nonzero(x, axis=axis, keepdims=keepdims)
            assert out.dtype == aa.int64
            expected = np.count_nonzero(a, axis=axis, keepdims=keepdims)
            np.testing.assert_array_equal(npy(out), expected)
    got = aa.nonzero(x)
    assert isinstance(got, tuple) and len(got) == 3
    for g, e in zip(got, np.nonzero(a)):
        assert g.dtype == aa.int64
        np.testing.assert_array_equal(npy(g), e)


def test_count_nonzero_nonzero_hand_values():
    c = aa.astype(aa.asarray([0j, 1j, 0j, 2 + 0j], dtype=aa.complex64), aa.complex32)
    assert int(aa.count_nonzero(c)) == 2  # either part non-zero counts
    assert npy(aa.nonzero(c)[0]).tolist() == [1, 3]
    f = aa.asarray([0.0, -0.0, np.nan, 1.0])
    assert int(aa.count_nonzero(f)) == 2  # -0.0 is zero, NaN is not
    assert int(aa.count_nonzero(aa.asarray(3))) == 1
    b = aa.asarray([[True, False], [False, True]])
    rows, cols = aa.nonzero(b)
    assert npy(rows).tolist() == [0, 1] and npy(cols).tolist() == [0, 1]
    e = aa.nonzero(aa.asarray(np.zeros((2, 0))))
    assert len(e) == 2 and e[0].shape == (0,)
    with raises(ValueError, Status.INVALID_ARGUMENT, "nonzero", "0-d"):
        aa.nonzero(aa.asarray(1.0))
    with raises(aa.AxisError, Status.AXIS_ERROR, "count_nonzero"):
        aa.count_nonzero(b, axis=(0, 0))
    with raises(TypeError, Status.UNINITIALIZED, "nonzero"):
        aa.nonzero([1, 0])


# ---------------------------------------------------------------------------
# searchsorted
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", REAL)
def test_searchsorted_matches_numpy(dtype):
    x1 = aa.sort(sample(dtype, (30,), "ss1", nan=dtype in RFLOATS))
    x2 = sample(dtype, (4, 5), "ss2", nan=dtype in RFLOATS)
    a1, a2 = ref(x1), ref(x2)
    for side in ("left", "right"):
        out = aa.searchsorted(x1, x2, side=side)
        assert out.dtype == aa.int64 and out.shape == (4, 5)
        np.testing.assert_array_equal(npy(out), np.searchsorted(a1, a2, side=side))


def test_searchsorted_hand_values():
    x1 = aa.asarray([1.0, 2.0, 2.0, 3.0, np.nan])
    assert int(aa.searchsorted(x1, 2)) == 1 and aa.searchsorted(x1, 2).shape == ()
    assert int(aa.searchsorted(x1, 2.0, side="right")) == 3
    assert int(aa.searchsorted(x1, np.nan)) == 4  # NaN sorts last, as in sort()
    assert npy(aa.searchsorted(x1, aa.asarray([[0.5], [9.0]]))).tolist() == [[0], [4]]
    # sorter: indices that sort an unsorted x1
    u = aa.asarray([30, 10, 20], dtype=aa.int16)
    s = aa.asarray([1, 2, 0], dtype=aa.uint8)
    assert npy(aa.searchsorted(u, aa.asarray([15, 30], dtype=aa.int16), sorter=s)).tolist() \
        == [1, 2]
    # promotion by the policy: int8 x1 with float32 x2 compares as float32
    i8 = aa.asarray([1, 2, 3], dtype=aa.int8)
    assert int(aa.searchsorted(i8, aa.asarray(2.5, dtype=aa.float32))) == 2
    assert int(aa.searchsorted(i8, 2.5)) == 2  # a Python float with int8 -> float32
    assert int(aa.searchsorted(aa.asarray([], dtype=aa.float32), 1.0)) == 0


def test_searchsorted_errors():
    x1 = aa.asarray([1, 2, 3])
    with raises(ValueError, Status.DIMENSION_MISMATCH, "searchsorted", "1-D"):
        aa.searchsorted(aa.asarray([[1, 2]]), 1)
    with raises(ValueError, Status.DIMENSION_MISMATCH, "searchsorted", "1-D"):
        aa.searchsorted(aa.asarray(1), 1)
    with raises(ValueError, Status.INVALID_ARGUMENT, "searchsorted", "side='middle'"):
        aa.searchsorted(x1, 1, side="middle")
    with raises(IndexError, Status.OUT_OF_RANGE, "searchsorted", "sorter"):
        aa.searchsorted(x1, 1, sorter=aa.asarray([0, 1, 3]))
    with raises(IndexError, Status.OUT_OF_RANGE, "searchsorted", "sorter"):
        aa.searchsorted(x1, 1, sorter=aa.asarray([0, -1, 2]))
    with raises(TypeError, Status.TYPE_MISMATCH, "searchsorted", "sorter", "float64"):
        aa.searchsorted(x1, 1, sorter=aa.asarray([0.0, 1.0, 2.0]))
    with raises(ValueError, Status.DIMENSION_MISMATCH, "searchsorted", "sorter"):
        aa.searchsorted(x1, 1, sorter=aa.asarray([0, 1]))
    with raises(TypeError, Status.UNINITIALIZED, "searchsorted", "sorter"):
        aa.searchsorted(x1, 1, sorter=[0, 1, 2])
    with raises(TypeError, Status.TYPE_MISMATCH, "searchsorted", "complex"):
        aa.searchsorted(aa.asarray([1.0, 2.0]), 1j)
    with raises(TypeError, Status.TYPE_MISMATCH, "uint64", "int64"):  # no common dtype
        aa.searchsorted(aa.asarray([1, 2], dtype=aa.uint64), aa.asarray([1]))
    with raises(TypeError, Status.UNINITIALIZED, "searchsorted", "x1"):
        aa.searchsorted([1, 2], 1)
    with raises(TypeError, Status.UNINITIALIZED, "searchsorted", "x2"):
        aa.searchsorted(x1, [1, 2])
    with raises(OverflowError, Status.OUT_OF_RANGE, "searchsorted", "x2", "300"):
        aa.searchsorted(aa.asarray([1, 2], dtype=aa.int8), 300)
    assert npy(x1).tolist() == [1, 2, 3]


# ---------------------------------------------------------------------------
# unique_*
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", ALL)
def test_unique_all_matches_numpy(dtype):
    x = sample(dtype, (4, 6), "uniq", nan=dtype in RFLOATS)
    a = npy(x)
    v, i, inv, c = np.unique(a.reshape(-1), return_index=True, return_inverse=True,
                             return_counts=True, equal_nan=False)
    out = aa.unique_all(x)
    assert out.values.dtype == x.dtype
    assert {out.indices.dtype, out.inverse_indices.dtype, out.counts.dtype} == {aa.int64}
    np.testing.assert_array_equal(npy(out.values), v)
    np.testing.assert_array_equal(npy(out.indices), i)
    np.testing.assert_array_equal(npy(out.inverse_indices), inv.reshape(a.shape))
    np.testing.assert_array_equal(npy(out.counts), c)
    values, counts = aa.unique_counts(x)
    np.testing.assert_array_equal(npy(values), v)
    np.testing.assert_array_equal(npy(counts), c)
    values, inverse = aa.unique_inverse(x)
    assert inverse.shape == x.shape
    np.testing.assert_array_equal(npy(inverse), inv.reshape(a.shape))
    np.testing.assert_array_equal(npy(aa.unique_values(x)), v)


def test_unique_hand_values():
    x = aa.asarray([[2.0, np.nan, -0.0], [0.0, np.nan, 2.0]])
    out = aa.unique_all(x)
    vals = npy(out.values)
    assert vals[:2].tolist() == [0.0, 2.0] and np.isnan(vals[2:]).all() and len(vals) == 4
    assert npy(out.counts).tolist() == [2, 2, 1, 1]  # -0.0 and 0.0 are one value; NaNs apart
    assert npy(out.indices).tolist() == [2, 0, 1, 4]  # first occurrences
    assert npy(out.inverse_indices).tolist() == [[1, 2, 0], [0, 3, 1]]
    assert out._fields == ("values", "indices", "inverse_indices", "counts")
    assert aa.unique_counts(x)._fields == ("values", "counts")
    assert aa.unique_inverse(x)._fields == ("values", "inverse_indices")
    c = aa.astype(aa.asarray([complex(np.nan, 1), 1 + 0j, complex(np.nan, 1)]), aa.complex32)
    v, n = aa.unique_counts(c)
    assert v.dtype == aa.complex32 and npy(n).tolist() == [1, 1, 1]  # complex NaNs distinct
    b = aa.asarray(np.array([1.5, 1.5, 2.0], BF16))
    assert aa.unique_values(b).dtype == aa.bfloat16
    assert npy(aa.unique_values(b)).astype(np.float32).tolist() == [1.5, 2.0]
    assert npy(aa.unique_values(aa.asarray([True, False, True]))).tolist() == [False, True]
    z = aa.unique_all(aa.asarray(7))  # 0-d input is flattened
    assert npy(z.values).tolist() == [7] and z.inverse_indices.shape == ()
    e = aa.unique_all(aa.asarray(np.zeros((0, 2)), dtype=aa.int8))
    assert e.values.shape == (0,) and e.inverse_indices.shape == (0, 2)
    with raises(TypeError, Status.UNINITIALIZED, "unique_values"):
        aa.unique_values([1, 1])


# ---------------------------------------------------------------------------
# isin
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("d1,d2", [("int8", "int8"), ("int8", "uint8"), ("uint16", "int64"),
                                   ("int32", "float32"), ("float64", "float16"),
                                   ("bool", "bool"), ("complex32", "complex64")])
def test_isin_matches_numpy(d1, d2):
    x1 = sample(d1, (3, 7), "isin1")
    x2 = sample(d2, (5,), "isin2")
    for invert in (False, True):
        out = aa.isin(x1, x2, invert=invert)
        assert out.dtype == aa.bool and out.shape == x1.shape
        expected = np.isin(npy(x1).astype(np.complex128), npy(x2).astype(np.complex128),
                           invert=invert)
        np.testing.assert_array_equal(npy(out), expected)


def test_isin_hand_values():
    x = aa.asarray([1, 2, 3], dtype=aa.int8)
    assert npy(aa.isin(x, aa.asarray([3, 200], dtype=aa.uint8))).tolist() == [False, False, True]
    assert npy(aa.isin(x, 2)).tolist() == [False, True, False]
    assert npy(aa.isin(x, 2, invert=True)).tolist() == [True, False, True]
    out = aa.isin(2, aa.asarray([[1, 2], [3, 4]]))
    assert out.shape == () and bool(out) is True
    assert bool(aa.isin(5, x)) is False
    f = aa.asarray([np.nan, -0.0, 1.0])
    assert npy(aa.isin(f, aa.asarray([np.nan, 0.0]))).tolist() == [False, True, False]
    assert npy(aa.isin(x, aa.asarray([], dtype=aa.int8))).tolist() == [False] * 3
    with raises(TypeError, Status.UNINITIALIZED, "isin"):
        aa.isin(1, 2)
    with raises(TypeError, Status.TYPE_MISMATCH, "isin", "invert"):
        aa.isin(x, 1, invert="no")
    with raises(TypeError, Status.TYPE_MISMATCH, "uint64", "int8"):
        aa.isin(aa.asarray([1], dtype=aa.uint64), x)
    with raises(OverflowError, Status.OUT_OF_RANGE, "isin", "x2", "300", "int8"):
        aa.isin(x, 300)  # as equal(x, 300): no silent wrap-around
    with raises(OverflowError, Status.OUT_OF_RANGE, "isin", "x1", "-129"):
        aa.isin(-129, x)
    assert npy(x).tolist() == [1, 2, 3]

"""take, take_along_axis, tensordot, vecdot (and matmul / matrix_transpose) against NumPy.

Indexing results are compared byte for byte with np.take / np.take_along_axis on
the reference ndarray.  Linear-algebra inputs are small multiples of 1/2, so the
exact result (NumPy in float64 / complex128) is representable before the final
rounding; the expected value is that exact result rounded once to the result
dtype.  Expected dtypes of mixed inputs are written by hand from the Ascend table
(golden_promotion.py), never taken from aiarray.
"""

from __future__ import annotations

import math
import zlib

import numpy as np
import pytest
from test_manipulation import ALL, COMPLEXES, INTS, check, raises, ref_dtype, sample

import aiarray as aa

S = aa.Status
NUMERIC = tuple(n for n in ALL if n != "bool")
INDEX_DTYPES = INTS


def idx(values: list | np.ndarray, name: str = "int64") -> aa.Array:
    return aa.asarray(np.asarray(values).astype(name), dtype=getattr(aa, name))


# ---------------------------------------------------------------------------
# take
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ALL)
def test_take_each_dtype(name):
    x, rx = sample(name, (3, 4), 1)
    i = [2, -1, 0, 0, -3]
    check(aa.take(x, idx(i), axis=0), np.take(rx, i, axis=0), name)
    j = [3, -4, 1]
    check(aa.take(x, idx(j), axis=1), np.take(rx, j, axis=1), name)
    check(aa.take(x, idx(j), axis=-1), np.take(rx, j, axis=1), name)
    v, rv = sample(name, (5,), 2)
    check(aa.take(v, idx([4, -5, 2])), rv[[4, 0, 2]], name)


@pytest.mark.parametrize("iname", INDEX_DTYPES)
def test_take_index_dtypes(iname):
    x, rx = sample("float64", (2, 6), 3)
    values = [5, 0, 2] if iname.startswith("u") else [5, -6, -1]
    check(aa.take(x, idx(values, iname), axis=1), np.take(rx, values, axis=1), "float64")
    check(aa.take_along_axis(x, idx([values[:2]] * 2, iname)),
          np.take_along_axis(rx, np.array([values[:2]] * 2), axis=1), "float64")


def test_take_edges():
    x, rx = sample("int32", (3, 0, 2))
    check(aa.take(x, idx([2, -3]), axis=0), rx[[2, 0]], "int32")
    check(aa.take(x, idx([]), axis=1), rx, "int32")
    check(aa.take(x, idx([]), axis=0), rx[:0], "int32")
    raises(IndexError, S.OUT_OF_RANGE, ("indices[0]=0", "size 0"), aa.take, x, idx([0]), axis=1)


def test_take_errors():
    x = aa.asarray([[1, 2, 3], [4, 5, 6]])
    raises(aa.OutOfRangeError, S.OUT_OF_RANGE, ("indices[1]=3", "size 3"), aa.take, x,
           idx([0, 3, 1]), axis=1)
    raises(IndexError, S.OUT_OF_RANGE, ("indices[2]=-3",), aa.take, x, idx([0, 1, -3]), axis=0)
    raises(IndexError, S.OUT_OF_RANGE, (str(2**63 + 5),), aa.take, x,
           idx([2**63 + 5], "uint64"), axis=0)
    raises(TypeError, S.TYPE_MISMATCH, ("indices", "float64"), aa.take, x,
           aa.asarray([0.0]), axis=0)
    raises(TypeError, S.TYPE_MISMATCH, ("indices", "bool"), aa.take, x,
           aa.asarray([True]), axis=0)
    raises(ValueError, S.DIMENSION_MISMATCH, ("indices", "1-D"), aa.take, x,
           idx([[0]]), axis=0)
    raises(ValueError, S.INVALID_ARGUMENT, ("axis",), aa.take, x, idx([0]))
    raises(ValueError, S.INVALID_ARGUMENT, ("axis",), aa.take, aa.asarray(3), idx([0]))
    raises(IndexError, S.AXIS_ERROR, ("axis",), aa.take, x, idx([0]), axis=2)
    raises(TypeError, S.UNINITIALIZED, ("indices",), aa.take, x, np.array([0]), axis=0)
    raises(TypeError, S.UNINITIALIZED, ("x",), aa.take, [1, 2], idx([0]))


# ---------------------------------------------------------------------------
# take_along_axis
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ALL)
def test_take_along_axis_each_dtype(name):
    x, rx = sample(name, (3, 4), 4)
    i1 = (np.arange(15).reshape(3, 5) * 7) % 8 - 4  # values in [-4, 3]
    check(aa.take_along_axis(x, idx(i1)), np.take_along_axis(rx, i1, axis=1), name)
    check(aa.take_along_axis(x, idx(i1), axis=-1), np.take_along_axis(rx, i1, axis=1), name)
    i0 = np.array([[2, -1, 0, 1], [-3, 0, 2, 2]])
    check(aa.take_along_axis(x, idx(i0), axis=0), np.take_along_axis(rx, i0, axis=0), name)


def test_take_along_axis_broadcast_and_3d():
    x, rx = sample("complex64", (2, 3, 4), 5)
    i = np.array([[[1], [-1]]])  # shape (1, 2, 1): broadcast against axes 0 and 2
    out = aa.take_along_axis(x, idx(i), axis=1)
    assert out.shape == (2, 2, 4)
    expected = np.stack([rx[:, 1, :], rx[:, -1, :]], axis=1)
    check(out, expected, "complex64")
    y, ry = sample("int8", (1, 3), 6)
    out = aa.take_along_axis(y, idx([[0], [2], [-2]]), axis=1)
    check(out, ry[0, [0, 2, 1]].reshape(3, 1), "int8")
    check(aa.take_along_axis(y, idx(np.zeros((1, 0), int)), axis=1), ry[:, :0], "int8")


def test_take_along_axis_errors():
    x = aa.asarray([[1, 2, 3], [4, 5, 6]])
    raises(IndexError, S.OUT_OF_RANGE, ("indices[1, 0]=3",), aa.take_along_axis, x,
           idx([[0], [3]]))
    raises(IndexError, S.OUT_OF_RANGE, ("indices[0, 1]=-3",), aa.take_along_axis, x,
           idx([[0, -3, 1]]), axis=0)
    raises(ValueError, S.DIMENSION_MISMATCH, ("indices", "axes"), aa.take_along_axis, x,
           idx([0, 1]))
    raises(ValueError, S.DIMENSION_MISMATCH, ("indices", "broadcast"), aa.take_along_axis, x,
           idx([[0], [1], [2]]))
    raises(TypeError, S.TYPE_MISMATCH, ("indices",), aa.take_along_axis, x,
           aa.asarray([[0.5]]))
    raises(IndexError, S.AXIS_ERROR, ("axis",), aa.take_along_axis, x, idx([[0]]), axis=-3)
    raises(IndexError, S.AXIS_ERROR, ("axis",), aa.take_along_axis, aa.asarray(1), idx(0))


# ---------------------------------------------------------------------------
# tensordot and vecdot
# ---------------------------------------------------------------------------

WIDE = {"complex32": np.complex128, "complex64": np.complex128, "complex128": np.complex128}


def lin_sample(name: str, shape: tuple[int, ...], seed: int = 0) -> tuple[aa.Array, np.ndarray]:
    """Small values (multiples of 1/2 in [-4, 4] for floats), and the exact reference."""
    rng = np.random.default_rng(seed + zlib.crc32(name.encode()))
    n = math.prod(shape)
    if name in INTS:
        lo = 0 if name.startswith("u") else -3
        ref = rng.integers(lo, 4, n)
    else:
        ref = rng.integers(-8, 9, n) / 2
        if name in COMPLEXES:
            ref = ref + 1j * rng.integers(-8, 9, n) / 2
    ref = ref.reshape(shape)
    return aa.asarray(ref.astype(ref_dtype(name)), dtype=getattr(aa, name)), ref


def exact(value: np.ndarray, name: str) -> np.ndarray:
    """The exact result rounded once to dtype ``name`` (complex64 for complex32)."""
    if name in INTS:
        return np.asarray(value).astype(name)
    return np.asarray(value).astype(ref_dtype(name))


@pytest.mark.parametrize("name", NUMERIC)
def test_tensordot_each_dtype(name):
    x1, r1 = lin_sample(name, (2, 3, 4), 1)
    x2, r2 = lin_sample(name, (3, 4, 5), 2)
    x3, r3 = lin_sample(name, (4, 2), 3)
    check(aa.tensordot(x1, x2), exact(np.tensordot(r1, r2), name), name)
    check(aa.tensordot(x1, x3, axes=1), exact(np.tensordot(r1, r3, 1), name), name)
    check(aa.tensordot(x3, x3, axes=0), exact(np.tensordot(r3, r3, 0), name), name)
    check(aa.tensordot(x1, x3, axes=((2, 0), (0, 1))),
          exact(np.tensordot(r1, r3, ((2, 0), (0, 1))), name), name)
    check(aa.tensordot(x1, x2, axes=([-2], [0])), exact(np.tensordot(r1, r2, ([1], [0])), name),
          name)


@pytest.mark.parametrize("name", NUMERIC)
def test_vecdot_each_dtype(name):
    x1, r1 = lin_sample(name, (2, 3, 4), 4)
    x2, r2 = lin_sample(name, (3, 4), 5)
    x3, r3 = lin_sample(name, (2, 1, 4), 6)
    c1 = np.conj(r1)
    check(aa.vecdot(x1, x2), exact((c1 * r2).sum(-1), name), name)
    check(aa.vecdot(x1, x2, axis=-2), exact((c1 * r2).sum(-2), name), name)
    check(aa.vecdot(x3, x2), exact((np.conj(r3) * r2).sum(-1), name), name)
    check(aa.vecdot(x1, x1, axis=0), exact((c1 * r1).sum(0), name), name)
    v, rv = lin_sample(name, (4,), 7)
    check(aa.vecdot(v, v), exact(np.vdot(rv, rv), name), name)


@pytest.mark.parametrize("name", COMPLEXES)
def test_vecdot_conjugates_x1(name):
    dt = getattr(aa, name)
    out = aa.vecdot(aa.asarray([1j, 2j, 3j], dtype=dt), aa.asarray([1, 2j, 3], dtype=dt))
    assert out.dtype is dt and out.shape == ()
    assert complex(out) == 4 - 10j
    out = aa.tensordot(aa.asarray([1j, 2j], dtype=dt), aa.asarray([1, 2j], dtype=dt), axes=1)
    assert complex(out) == -4 + 1j  # tensordot does not conjugate


def test_wide_compute_rounds_once():
    # In bfloat16 step by step, 1 + 2**-8 rounds back to 1 twice; computed in float32
    # and rounded once the sum is 1 + 2**-7, which bfloat16 represents exactly.
    x1 = aa.asarray([1.0, 2**-8, 2**-8], dtype=aa.bfloat16)
    x2 = aa.ones(3, dtype=aa.bfloat16)
    assert float(aa.vecdot(x1, x2)) == 1 + 2**-7
    assert float(aa.tensordot(x1, x2, axes=1)) == 1 + 2**-7
    c1 = aa.asarray([1.0, 2**-11, 2**-11], dtype=aa.complex32)
    c2 = aa.ones(3, dtype=aa.complex32)
    assert complex(aa.vecdot(c1, c2)) == 1 + 2**-10
    assert complex(aa.tensordot(c1, c2, axes=1)) == 1 + 2**-10


def test_linalg_edges():
    z1, z2 = aa.ones((2, 0)), aa.ones((3, 1, 0))
    check(aa.vecdot(z1, z2), np.zeros((3, 2)), "float64")
    check(aa.tensordot(z1, aa.ones((0, 3)), axes=1), np.zeros((2, 3)), "float64")
    check(aa.tensordot(aa.asarray(2.0), aa.asarray(3.0), axes=0), np.array(6.0), "float64")
    x = aa.asarray([[1, 2], [3, 4]], dtype=aa.int16)
    check(aa.tensordot(x, x, axes=2), np.array(30, np.int16), "int16")


def test_linalg_promotion():
    i64 = aa.asarray([1, 2, 3], dtype=aa.int64)
    f16 = aa.asarray([0.5, 0.5, 0.5], dtype=aa.float16)
    check(aa.vecdot(i64, f16), np.array(3.0, np.float16), "float16")  # NumPy: float64
    check(aa.tensordot(f16, i64, axes=0), np.outer([0.5] * 3, [1, 2, 3]).astype(np.float16),
          "float16")
    bf = aa.asarray([1.5, 2.0, 0.5], dtype=aa.bfloat16)
    check(aa.vecdot(bf, f16), np.array(2.0, np.float32), "float32")
    check(aa.vecdot(aa.asarray([1, 2], dtype=aa.uint8), aa.asarray([-1, 1], dtype=aa.int8)),
          np.array(1, np.int16), "int16")
    check(aa.vecdot(aa.asarray([1j], dtype=aa.complex32), aa.asarray([2.0], dtype=aa.float32)),
          np.array(complex(0, -2), np.complex64), "complex64")
    raises(TypeError, S.TYPE_MISMATCH, ("uint16", "float32"), aa.vecdot,
           aa.ones(2, dtype=aa.uint16), aa.ones(2, dtype=aa.float32))
    with aa.promotion_policy("array-api"):
        raises(TypeError, S.TYPE_MISMATCH, ("int64", "float16"), aa.tensordot, i64, f16,
               axes=1)


def test_linalg_errors():
    a = aa.ones((2, 3, 4))
    b = aa.ones((3, 4, 5))
    raises(TypeError, S.TYPE_MISMATCH, ("x1", "bool"), aa.tensordot,
           aa.ones(2, dtype=aa.bool), aa.ones(2), axes=1)
    raises(TypeError, S.TYPE_MISMATCH, ("x2", "bool"), aa.vecdot, aa.ones(2),
           aa.ones(2, dtype=aa.bool))
    raises(TypeError, S.UNINITIALIZED, ("x2",), aa.tensordot, a, np.ones((3, 4, 5)))
    raises(TypeError, S.UNINITIALIZED, ("x1",), aa.vecdot, [1.0], aa.ones(1))
    raises(ValueError, S.DIMENSION_MISMATCH, ("x1", "x2"), aa.tensordot, a, a)
    raises(ValueError, S.DIMENSION_MISMATCH, ("axis 0 of x1",), aa.tensordot, a, b,
           axes=((0,), (0,)))
    raises(ValueError, S.AXIS_ERROR, ("axes",), aa.tensordot, a, b, axes=-1)
    raises(ValueError, S.AXIS_ERROR, ("axes",), aa.tensordot, a, aa.ones((3, 4)), axes=3)
    raises(ValueError, S.AXIS_ERROR, ("axes[0]", "axes[1]"), aa.tensordot, a, b,
           axes=((1, 2), (0,)))
    raises(ValueError, S.AXIS_ERROR, ("axes[1]", "repeats"), aa.tensordot, a, b,
           axes=((1, 2), (0, -3)))
    raises(IndexError, S.AXIS_ERROR, ("axes[0]",), aa.tensordot, a, b, axes=((3,), (0,)))
    raises(TypeError, S.TYPE_MISMATCH, ("axes",), aa.tensordot, a, b, axes=1.0)
    raises(TypeError, S.TYPE_MISMATCH, ("axes",), aa.tensordot, a, b, axes=(1, 2, 3))
    raises(ValueError, S.DIMENSION_MISMATCH, ("axis -1", "x2"), aa.vecdot, a, aa.ones(3))
    raises(ValueError, S.DIMENSION_MISMATCH, ("x1", "x2", "broadcast"), aa.vecdot, a,
           aa.ones((4, 4)))
    raises(ValueError, S.DIMENSION_MISMATCH, ("x1", "x2"), aa.vecdot, aa.ones((1, 3)),
           aa.ones((1, 1)))  # the vector axis never broadcasts
    raises(IndexError, S.AXIS_ERROR, ("axis",), aa.vecdot, a, aa.ones((3, 4)), axis=-3)
    raises(IndexError, S.AXIS_ERROR, ("axis",), aa.vecdot, a, aa.ones((3, 4)), axis=0)
    raises(ValueError, S.DIMENSION_MISMATCH, ("x1",), aa.vecdot, aa.asarray(1.0), aa.ones(1))
    raises(TypeError, S.TYPE_MISMATCH, ("axis",), aa.vecdot, a, a, axis=True)


# ---------------------------------------------------------------------------
# matmul and matrix_transpose (existing functions)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", NUMERIC)
def test_matmul_each_dtype(name):
    x1, r1 = lin_sample(name, (2, 3, 4), 8)
    x2, r2 = lin_sample(name, (4, 2), 9)
    check(aa.matmul(x1, x2), exact(r1 @ r2, name), name)
    check(x1 @ x2, exact(r1 @ r2, name), name)
    check(aa.matrix_transpose(x1), exact(np.swapaxes(r1, -1, -2), name), name)
    raises(ValueError, S.DIMENSION_MISMATCH, ("matmul",), aa.matmul, x1, x1)


def test_matmul_errors_and_promotion():
    a = aa.ones((2, 3, 4), dtype=aa.int8)
    raises(TypeError, S.TYPE_MISMATCH, ("x2", "bool"), aa.matmul, a, aa.ones((4, 2), dtype=aa.bool))
    raises(TypeError, S.UNINITIALIZED, ("x2",), aa.matmul, a, [[1.0, 1.0]] * 4)
    check(aa.matmul(a, np.ones((4, 2))), np.full((2, 3, 2), 4.0), "float64")  # as a @ ndarray
    raises(ValueError, S.DIMENSION_MISMATCH, ("x1",), aa.matmul, aa.asarray(1), a)
    raises(ValueError, S.DIMENSION_MISMATCH, ("batch",), aa.matmul, a, aa.ones((3, 4, 2)))
    check(aa.matmul(aa.ones(4), aa.ones(4)), np.array(4.0), "float64")
    check(aa.matmul(a, aa.asarray([0.5] * 4, dtype=aa.float16)), np.full((2, 3), 2, np.float16),
          "float16")

"""aiarray.sparse (GB/T 7.2.1.14): COO creation, conversion and arithmetic.

Expected values are the same computation on NumPy dense arrays (built from the
indices and values with np.add.at), never aiarray's own dense functions.
"""

from __future__ import annotations

import numpy as np
import pytest
from _gbt_helpers import ALL, BF16, dt, fails, npy, round_c32, same, sample

import aiarray as aa
from aiarray import sparse as sp

S = aa.Status
SOME = ("int8", "uint16", "int64", "float16", "bfloat16", "float64", "complex32", "complex128")


def random_coo(name: str, shape: tuple[int, ...], nnz: int, seed: int = 0,
               duplicates: bool = False) -> tuple[np.ndarray, sp.SparseArray, np.ndarray,
                                                  np.ndarray]:
    """(dense NumPy reference, SparseArray, indices, values) with the same elements."""
    r = np.random.default_rng(seed)
    idx = np.stack([r.integers(0, d, nnz) for d in shape]) if shape else np.zeros((0, nnz), int)
    if not duplicates and shape and nnz:
        lin = np.unique(np.ravel_multi_index(tuple(idx), shape))
        idx = np.stack(np.unravel_index(lin, shape))
        idx = idx[:, r.permutation(idx.shape[1])]
    vref, values = sample(name, (idx.shape[1],), seed=seed + 1)
    dense = reference_dense(idx, vref, shape)
    return dense, sp.coo_array(aa.asarray(idx), values, shape), idx, vref


def reference_dense(idx: np.ndarray, vals: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    wide = np.complex128 if vals.dtype.kind == "c" else np.float64
    if vals.dtype == np.bool_:
        out = np.zeros(shape, bool)
        out[tuple(idx)] = vals  # duplicates: or
        for j in range(vals.size):
            out[tuple(idx[:, j])] |= vals[j]
        return out
    if vals.dtype.kind in "iu":
        out = np.zeros(shape, vals.dtype)
        np.add.at(out, tuple(idx), vals)
        return out
    out = np.zeros(shape, wide)
    if shape:
        np.add.at(out, tuple(idx), vals.astype(wide))
    else:
        out[()] = vals.astype(wide).sum()
    return out.astype(vals.dtype)


# -- creation and conversion ---------------------------------------------------------------------


@pytest.mark.parametrize("name", ALL)
def test_coo_array_todense(name: str) -> None:
    dense, s, idx, vref = random_coo(name, (4, 5), 8, seed=3)
    assert type(s) is sp.SparseArray
    assert s.shape == (4, 5) and s.ndim == 2 and s.dtype is dt(name) and s.nnz == idx.shape[1]
    assert s.size == 20 and s.format == "coo" and s.device == aa.CPU
    same(s.todense(), dense.astype(np.complex64) if name == "complex32" else dense, name)
    # indices come back sorted in row-major order, with their values
    order = np.lexsort(idx[::-1])
    same(s.indices, idx[:, order], "int64")
    same(s.values, vref[order], name)


@pytest.mark.parametrize("shape", [(3, 4, 2, 3), (7,), ()])
def test_coo_array_nd_and_0d(shape: tuple[int, ...]) -> None:
    dense, s, _, _ = random_coo("float64", shape, 6, seed=2, duplicates=True)
    same(s.todense(), dense, "float64")


def test_coo_array_sums_duplicates_once() -> None:
    idx = aa.asarray([[0, 1, 0, 0], [2, 0, 2, 2]])
    s = sp.coo_array(idx, aa.asarray([1.0, 2.0, 2.0**-8, 2.0**-8], dtype=aa.bfloat16), (2, 3))
    assert s.nnz == 2
    exp = np.zeros((2, 3), BF16)
    exp[0, 2] = 1 + 2.0**-7  # summed in float32, rounded once to bfloat16
    exp[1, 0] = 2
    same(s.todense(), exp, "bfloat16")
    b = sp.coo_array(aa.asarray([[1, 1]]), aa.asarray([True, False]), (3,))
    same(b.todense(), np.array([False, True, False]), "bool")
    i = sp.coo_array(aa.asarray([[1, 1]]), aa.asarray([100, 100], dtype=aa.int8), (2,))
    same(i.todense(), np.array([0, -56], np.int8), "int8")  # wraps like int8 addition


def test_coo_array_dtype_and_copies() -> None:
    idx_ref = np.array([[0, 2], [1, 1]])
    vals = aa.asarray([1.5, -2.5])
    idx = aa.asarray(idx_ref)
    s = sp.coo_array(idx, vals, (3, 2), dtype=aa.float16)
    assert s.dtype is aa.float16
    vals[0] = 100.0  # the sparse array holds its own copy
    same(s.values, np.array([1.5, -2.5], np.float16), "float16")
    same(idx, idx_ref)
    c = sp.coo_array(idx, aa.asarray([1 + 2j, 3 - 1j]), (3, 2), dtype=aa.float64)
    same(c.values, np.array([1.0, 3.0]), "float64")  # complex -> real keeps the real part
    e = sp.coo_array(aa.zeros((2, 0), dtype=aa.int32), aa.zeros(0), (3, 2))
    assert e.nnz == 0
    same(e.todense(), np.zeros((3, 2)))
    z = sp.coo_array(aa.asarray([[0], [1]]), aa.asarray([0.0]), (1, 2))
    assert z.nnz == 1  # stored zeros are kept


def test_coo_array_errors() -> None:
    idx, vals = aa.asarray([[0, 1], [2, 3]]), aa.asarray([1.0, 2.0])
    with fails(IndexError, S.OUT_OF_RANGE, "indices[1, 1]=3", "axis 1", "size 3"):
        sp.coo_array(idx, vals, (2, 3))
    with fails(IndexError, S.OUT_OF_RANGE, "indices[0, 0]=-1"):
        sp.coo_array(aa.asarray([[-1, 0]]), vals, (4,))
    with fails(TypeError, S.TYPE_MISMATCH, "indices", "float64"):
        sp.coo_array(aa.asarray([[0.0, 1.0]]), vals, (4,))
    with fails(ValueError, S.DIMENSION_MISMATCH, "indices", "(1, nnz)"):
        sp.coo_array(idx, vals, (4,))
    with fails(ValueError, S.DIMENSION_MISMATCH, "values", "nnz = 2"):
        sp.coo_array(idx, aa.asarray([1.0, 2.0, 3.0]), (4, 4))
    with fails(ValueError, S.INVALID_ARGUMENT, "coo_array", "shape"):
        sp.coo_array(idx, vals, (4, -4))
    with fails(TypeError, S.UNINITIALIZED, "values"):
        sp.coo_array(idx, [1.0, 2.0], (4, 4))
    with fails(TypeError, S.UNINITIALIZED, "indices"):
        sp.coo_array(np.array([[0, 1], [2, 3]]), vals, (4, 4))
    with fails(ValueError, S.INVALID_ARGUMENT, "int64"):
        sp.coo_array(idx, vals, (2**40, 2**40))
    with pytest.raises(TypeError):
        sp.SparseArray()
    same(idx, np.array([[0, 1], [2, 3]]))


@pytest.mark.parametrize("name", SOME)
def test_from_dense_round_trip(name: str) -> None:
    ref, x = sample(name, (4, 3, 2), seed=4, lo=-1, hi=1)
    s = sp.from_dense(x)
    assert s.nnz == int(np.count_nonzero(ref)) and s.shape == ref.shape
    same(s.todense(), ref, name)
    same(x, ref)
    n = sp.from_dense(aa.asarray([0.0, float("nan"), 0.0, 2.0]))
    assert n.nnz == 2
    same(sp.from_dense(aa.asarray(3)).todense(), np.array(3))


@pytest.mark.parametrize(("src", "dst"), [("float64", "int32"), ("int8", "float32"),
                                          ("complex64", "float32"), ("float32", "complex32"),
                                          ("bfloat16", "float64"), ("int16", "bool")])
def test_astype(src: str, dst: str) -> None:
    dense, s, _, _ = random_coo(src, (3, 4), 5, seed=1)
    out = s.astype(dt(dst))
    assert out.dtype is dt(dst) and s.dtype is dt(src)
    if src.startswith("complex") and not dst.startswith("complex"):
        expected = dense.real.astype(dst)
    else:
        expected = dense.astype(np.complex64 if dst == "complex32" else dst)
    same(out.todense(), expected, dst)
    assert s.astype(dt(src), copy=False) is s
    with fails(OverflowError, S.OUT_OF_RANGE, "int8"):
        sp.from_dense(aa.asarray([300.0])).astype(aa.int8)


# -- elementwise arithmetic --------------------------------------------------------------------


def _expected(op: str, a: np.ndarray, b: np.ndarray, out_name: str) -> np.ndarray:
    """``a op b`` in the result dtype (complex32 / bfloat16 computed wide, rounded once)."""
    ufunc = {"add": np.add, "subtract": np.subtract, "multiply": np.multiply}[op]
    wide = {"bfloat16": np.float32, "complex32": np.complex64}.get(out_name, out_name)
    with np.errstate(all="ignore"):
        res = ufunc(np.asarray(a).astype(wide), np.asarray(b).astype(wide))
    if out_name == "bfloat16":
        return res.astype(BF16)
    if out_name == "complex32":
        return round_c32(res)
    return res


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("op", ["add", "subtract", "multiply"])
def test_sparse_sparse(op: str, name: str) -> None:
    d1, s1, _, _ = random_coo(name, (4, 6), 9, seed=1)
    d2, s2, _, _ = random_coo(name, (4, 6), 9, seed=2)
    if op == "subtract" and name == "bool":  # as aiarray.subtract: bool is not allowed
        with fails(TypeError, S.TYPE_MISMATCH, "subtract", "bool"):
            sp.subtract(s1, s2)
        return
    out = getattr(sp, op)(s1, s2)
    assert type(out) is sp.SparseArray
    same(out.todense(), _expected(op, d1, d2, name), name)
    operator = {"add": lambda a, b: a + b, "subtract": lambda a, b: a - b,
                "multiply": lambda a, b: a * b}[op]
    same(operator(s1, s2).todense(), _expected(op, d1, d2, name), name)


@pytest.mark.parametrize("name", SOME)
@pytest.mark.parametrize("op", ["add", "subtract", "multiply"])
def test_sparse_with_dense_both_orders(op: str, name: str) -> None:
    d1, s1, _, _ = random_coo(name, (4, 6), 9, seed=5)
    ref, x = sample(name, (4, 6), seed=6)
    fwd = getattr(sp, op)(s1, x)
    rev = getattr(sp, op)(x, s1)
    kind = sp.SparseArray if op == "multiply" else aa.Array
    assert type(fwd) is kind and type(rev) is kind
    dense = lambda r: r.todense() if isinstance(r, sp.SparseArray) else r
    same(dense(fwd), _expected(op, d1, ref, name), name)
    same(dense(rev), _expected(op, ref, d1, name), name)
    same(x, ref)


def test_broadcasting_and_scalars() -> None:
    d1, s1, _, _ = random_coo("float64", (3, 1, 4), 5, seed=2)
    ref, x = sample("float64", (5, 1), seed=3)
    out = sp.multiply(s1, x)
    assert out.shape == (3, 5, 4)
    same(out.todense(), d1 * ref)
    same(sp.add(x, s1), ref + d1)
    d2, s2, _, _ = random_coo("float64", (5, 1), 3, seed=4)
    same((s1 * s2).todense(), d1 * d2)
    same((s1 - s2).todense(), d1 - d2)
    same((s1 * 2.5).todense(), d1 * 2.5)
    same((3 * s1).todense(), 3 * d1)
    same(s1 + 1.0, d1 + 1.0)
    same(1.0 - s1, 1.0 - d1)
    same((-s1).todense(), -d1)
    with fails(ValueError, S.DIMENSION_MISMATCH, "(3, 1, 4)", "(2, 3)"):
        sp.add(s1, aa.ones((2, 3)))


def test_non_finite_values_follow_the_dense_result() -> None:
    d1, s1, _, _ = random_coo("float64", (3, 4), 4, seed=8)
    dn = np.arange(12.0).reshape(3, 4)
    dn[0, 0], dn[1, 2], dn[2, 3] = np.inf, np.nan, -np.inf
    with np.errstate(invalid="ignore"):
        expected = d1 * dn
    out = sp.multiply(s1, aa.asarray(dn))
    same(out.todense(), expected)  # 0 * inf = nan where nothing is stored
    assert type(out) is sp.SparseArray
    with np.errstate(invalid="ignore"):
        same((s1 * float("inf")).todense(), d1 * np.inf)
    # sparse * sparse: inf stored in one operand only meets an implicit zero
    a = sp.coo_array(aa.asarray([[0, 1], [1, 2]]), aa.asarray([np.inf, 2.0]), (2, 3))
    b = sp.coo_array(aa.asarray([[1, 0], [2, 0]]), aa.asarray([3.0, -np.inf]), (2, 3))
    da = np.array([[0.0, np.inf, 0.0], [0.0, 0.0, 2.0]])
    db = np.array([[-np.inf, 0.0, 0.0], [0.0, 0.0, 3.0]])
    with np.errstate(invalid="ignore"):
        expected = da * db
    prod = a * b
    same(prod.todense(), expected)
    assert prod.nnz == 3  # the two NaN and the product at (1, 2)
    same((a + b).todense(), da + db)


def test_result_dtype_follows_the_policy() -> None:
    d1, s1, _, _ = random_coo("int8", (3, 3), 4, seed=1)
    d2, s2, _, _ = random_coo("uint8", (3, 3), 4, seed=2)
    out = s1 + s2  # ascend: s8 with u8 -> s16
    same(out.todense(), d1.astype(np.int16) + d2.astype(np.int16), "int16")
    ref, x = sample("float32", (3, 3))
    same(sp.multiply(s1, x).todense(), d1.astype(np.float32) * ref, "float32")
    same((s1 * 2).todense(), d1 * np.int8(2), "int8")
    same((s1 * 1.5).todense(), d1.astype(np.float32) * np.float32(1.5), "float32")
    with aa.promotion_policy("array-api"), fails(TypeError, S.TYPE_MISMATCH, "int8", "float32"):
        sp.add(s1, x)
    with fails(TypeError, S.TYPE_MISMATCH, "uint64"):
        sp.add(s1, sp.from_dense(aa.ones(3, dtype=aa.uint64)))
    b = sp.from_dense(aa.asarray([True, False]))
    with fails(TypeError, S.TYPE_MISMATCH, "subtract", "bool"):
        sp.subtract(b, b)
    with fails(TypeError, S.UNINITIALIZED, "x2"):
        sp.add(s1, [1, 2, 3])
    with fails(TypeError, S.UNINITIALIZED, "x1 or x2", "SparseArray", "aiarray.add"):
        sp.add(x, x)  # needs a sparse operand


# -- matmul -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["int8", "int64", "uint32", "float16", "bfloat16", "float32",
                                  "float64", "complex32", "complex128"])
def test_matmul(name: str) -> None:
    d1, s1, _, _ = random_coo(name, (4, 6), 10, seed=1)
    d2, s2, _, _ = random_coo(name, (6, 3), 8, seed=2)
    ref, x = sample(name, (6, 3), seed=3)
    lref, lx = sample(name, (5, 4), seed=4)
    vref, v = sample(name, (6,), seed=5)
    wide = np.complex128 if "complex" in name else np.float64
    exact = name in ("int8", "int64", "uint32")

    def check(got: object, expected: np.ndarray) -> None:
        got = got.todense() if isinstance(got, sp.SparseArray) else got
        assert got.dtype is dt(name)
        if exact:
            same(got, expected.astype(name))
        else:
            tol = {"float16": 1e-2, "bfloat16": 2e-2, "complex32": 1e-2}.get(name, 1e-6)
            np.testing.assert_allclose(npy(got).astype(wide), expected, rtol=tol, atol=tol * 10)

    w = lambda a: a.astype(wide) if not exact else a
    with np.errstate(over="ignore"):
        check(s1 @ x, w(d1) @ w(ref))
        check(sp.matmul(lx, s1), w(lref) @ w(d1))
        check(lx @ s1, w(lref) @ w(d1))  # the Array operator defers to the sparse operand
        check(s1 @ s2, w(d1) @ w(d2))
        check(s1 @ v, w(d1) @ w(vref))
        check(sp.matmul(v, s2), w(vref) @ w(d2))
    assert type(s1 @ s2) is sp.SparseArray and type(s1 @ x) is aa.Array


def test_matmul_vectors_and_errors() -> None:
    d, s, _, _ = random_coo("float64", (5,), 3, seed=1)
    same(sp.matmul(s, s), np.array(d @ d))
    d2, s2, _, _ = random_coo("float64", (5, 2), 4, seed=2)
    same(sp.matmul(s, s2).todense(), d @ d2)
    with fails(ValueError, S.DIMENSION_MISMATCH, "contracted", "(5,)", "(4, 2)"):
        sp.matmul(s, aa.ones((4, 2)))
    with fails(ValueError, S.DIMENSION_MISMATCH, "x2", "(2, 5, 2)"):
        sp.matmul(s, aa.ones((2, 5, 2)))
    with fails(ValueError, S.DIMENSION_MISMATCH, "x1"):
        sp.matmul(sp.from_dense(aa.asarray(1.0)), s)
    b = sp.from_dense(aa.asarray([True, False, True, False, True]))
    with fails(TypeError, S.TYPE_MISMATCH, "matmul", "bool"):
        sp.matmul(b, b)
    with fails(TypeError, S.UNINITIALIZED, "x2"):
        sp.matmul(s, np.ones(5))


# -- reductions and transposes -----------------------------------------------------------------


@pytest.mark.parametrize("name", ["bool", "int8", "uint16", "int64", "float32", "float64",
                                  "complex128"])
@pytest.mark.parametrize("axis", [None, 0, -1, (0, 2), ()])
def test_sum(name: str, axis: object) -> None:
    dense, s, _, _ = random_coo(name, (3, 4, 5), 12, seed=7, duplicates=True)
    acc = {"bool": "int64", "int8": "int64", "uint16": "uint64"}.get(name, name)
    for keepdims in (False, True):
        out = s.sum(axis=axis, keepdims=keepdims)
        assert type(out) is aa.Array and out.dtype is dt(acc)
        expected = np.sum(dense.astype(acc), axis=axis, keepdims=keepdims)
        np.testing.assert_allclose(npy(out), expected, rtol=1e-12)
        assert npy(out).shape == np.shape(expected)


def test_sum_dtype_and_special() -> None:
    dense, s, _, _ = random_coo("int8", (3, 4), 6, seed=3)
    same(s.sum(dtype=aa.float64), np.array(dense.astype(np.float64).sum()), "float64")
    d2, b, _, _ = random_coo("bfloat16", (3, 4), 6, seed=3)
    same(b.sum(axis=0), d2.astype(np.float32).sum(axis=0).astype(BF16), "bfloat16")
    with fails(TypeError, S.TYPE_MISMATCH, "dtype=int8"):
        sp.from_dense(aa.ones(3)).sum(dtype=aa.int8)
    with fails(IndexError, S.AXIS_ERROR, "axis=3"):
        s.sum(axis=3)


@pytest.mark.parametrize("name", ["int32", "complex32", "float64"])
def test_transpose(name: str) -> None:
    dense, s, _, _ = random_coo(name, (2, 3, 4), 9, seed=2)
    ref = dense.astype(np.complex64) if name == "complex32" else dense
    same(s.transpose().todense(), ref.transpose(), name)
    same(s.transpose((1, -1, 0)).todense(), ref.transpose(1, 2, 0), name)
    d2, s2, _, _ = random_coo(name, (3, 5), 6, seed=3)
    same(s2.T.todense(), (d2.astype(np.complex64) if name == "complex32" else d2).T, name)
    t = s.transpose((2, 0, 1))
    lin = np.ravel_multi_index(tuple(npy(t.indices)), t.shape)
    assert np.all(np.diff(lin) > 0)  # still sorted, no duplicates
    with fails(ValueError, S.DIMENSION_MISMATCH, "2-D"):
        _ = s.T
    with fails(ValueError, S.AXIS_ERROR, "permutation"):
        s.transpose((0, 0, 1))
    with fails(IndexError, S.AXIS_ERROR, "axes"):
        s.transpose((0, 1, 3))


def test_dense_creation_is_separate() -> None:
    s = sp.from_dense(aa.asarray([[0.0, 1.0], [2.0, 0.0]]))
    with pytest.raises(TypeError):
        aa.asarray(s)  # GB/T 5.6: a sparse array becomes dense only through todense()
    assert "nnz=2" in repr(s)

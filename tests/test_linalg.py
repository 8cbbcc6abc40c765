"""The linalg extension (aiarray.linalg), against NumPy in float64 / complex128.

Inputs are made with NumPy, stored in the dtype under test, and the reference is
numpy.linalg applied in double precision to the values actually stored, so each
comparison measures aiarray's own error; tolerances scale with the dtype's epsilon.
Decompositions that are unique only up to signs/phases are checked through their
defining identities (reconstruction, orthonormality, triangularity).
"""

from __future__ import annotations

import math

import ml_dtypes
import numpy as np
import pytest
from _raises import raises
from _signatures import assert_signature

import aiarray as aa
from aiarray import Status

L = aa.linalg
BF16 = np.dtype(ml_dtypes.bfloat16)
REAL = ("float16", "bfloat16", "float32", "float64")
CPLX = ("complex32", "complex64", "complex128")
FLOATS = REAL + CPLX
STANDARD_FLOATS = ("float32", "float64", "complex64", "complex128")
INTS = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")
REAL_OF = {"float16": "float16", "bfloat16": "bfloat16", "float32": "float32",
           "float64": "float64", "complex32": "float16", "complex64": "float32",
           "complex128": "float64"}
COMPLEX_OF = {"float16": "complex32", "bfloat16": "complex64", "float32": "complex64",
              "float64": "complex128", "complex32": "complex32", "complex64": "complex64",
              "complex128": "complex128"}
TOL = {"float16": 3e-2, "bfloat16": 1e-1, "float32": 1e-4, "float64": 1e-10,
       "complex32": 3e-2, "complex64": 1e-4, "complex128": 1e-10}


def dt(name: str) -> np.dtype:
    return getattr(aa, name)


def arr(a: object, dtype: str) -> aa.Array:
    return aa.asarray(np.asarray(a), dtype=dt(dtype))


def npy(x: aa.Array) -> np.ndarray:
    """The values of x in double precision (or as stored, for non-float dtypes)."""
    a = np.asarray(x)
    if a.dtype.kind == "c":
        return a.astype(np.complex128)
    if a.dtype.kind == "f" or a.dtype == BF16:
        return a.astype(np.float64)
    return a


def rand(shape: tuple[int, ...], dtype: str, seed: int = 0) -> np.ndarray:
    r = np.random.default_rng(seed)
    a = r.standard_normal(shape)
    if dtype.startswith("complex"):
        a = a + 1j * r.standard_normal(shape)
    return a


def well_conditioned(shape: tuple[int, ...], dtype: str, seed: int = 0) -> aa.Array:
    n = shape[-1]
    return arr(rand(shape, dtype, seed) + 2 * n * np.eye(n), dtype)


def spd(shape: tuple[int, ...], dtype: str, seed: int = 0) -> aa.Array:
    b = rand(shape, dtype, seed)
    return arr(b @ np.conj(np.swapaxes(b, -1, -2)) + shape[-1] * np.eye(shape[-1]), dtype)


def close(out: aa.Array, expected: np.ndarray, dtype: str, scale: float = 1.0) -> None:
    assert out.dtype == dt(dtype), (out.dtype, dtype)
    t = TOL[dtype] * scale
    np.testing.assert_allclose(npy(out), expected, rtol=t, atol=t)


def herm(a: np.ndarray) -> np.ndarray:
    return np.conj(np.swapaxes(a, -1, -2))




# -- Cholesky, det, slogdet, inv, solve ------------------------------------------------
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("upper", [False, True])
def test_cholesky(dtype, upper):
    x = spd((2, 4, 4), dtype)
    ref = np.linalg.cholesky(npy(x), upper=upper)
    out = L.cholesky(x, upper=upper)
    close(out, ref, dtype, scale=10)
    tri = np.triu(npy(out)) if upper else np.tril(npy(out))
    assert np.array_equal(npy(out), tri)  # exactly triangular


def test_cholesky_errors():
    with raises(ValueError, Status.INVALID_ARGUMENT, "linalg.cholesky", "positive definite"):
        L.cholesky(arr([[1.0, 2.0], [2.0, 1.0]], "float64"))
    with raises(TypeError, Status.TYPE_MISMATCH, "upper"):
        L.cholesky(spd((2, 2), "float64"), upper=1)
    with raises(TypeError, Status.TYPE_MISMATCH, "linalg.cholesky", "int32"):
        L.cholesky(arr([[1, 0], [0, 1]], "int32"))


@pytest.mark.parametrize("dtype", FLOATS)
def test_det_slogdet(dtype):
    x = well_conditioned((3, 3, 3), dtype, seed=1)
    a = npy(x)
    close(L.det(x), np.linalg.det(a), dtype, scale=100)
    sign, logabs = L.slogdet(x)
    rsign, rlog = np.linalg.slogdet(a)
    close(sign, rsign, dtype, scale=10)
    close(logabs, rlog, REAL_OF[dtype], scale=10)


def test_det_hand_values_and_special_cases():
    assert float(L.det(arr([[1.0, 2.0], [3.0, 4.0]], "float64"))) == pytest.approx(-2.0)
    assert float(L.det(arr(np.zeros((0, 0)), "float32"))) == 1.0
    res = L.slogdet(arr([[1.0, 2.0], [2.0, 4.0]], "float32"))
    assert type(res).__name__ == "SlogdetResult" and res.sign is res[0]
    assert float(res.sign) == 0.0 and float(res.logabsdet) == -math.inf
    s = L.slogdet(arr([[0, 1j], [1j, 0]], "complex64"))  # det = 0*0 - i*i = 1
    assert complex(s.sign) == pytest.approx(1.0) and s.sign.dtype == aa.complex64
    assert s.logabsdet.dtype == aa.float32
    assert L.det(arr(np.full((2, 2, 2), np.nan), "float64")).shape == (2,)


@pytest.mark.parametrize("dtype", FLOATS)
def test_inv(dtype):
    x = well_conditioned((2, 4, 4), dtype, seed=2)
    close(L.inv(x), np.linalg.inv(npy(x)), dtype, scale=10)


def test_inv_errors_and_input_unchanged():
    x = arr([[1.0, 2.0], [2.0, 4.0]], "float64")
    before = npy(x).copy()
    with raises(ValueError, Status.INVALID_ARGUMENT, "linalg.inv", "singular"):
        L.inv(x)
    assert np.array_equal(npy(x), before)
    with raises(ValueError, Status.DIMENSION_MISMATCH, "linalg.inv", "square"):
        L.inv(arr(np.ones((2, 3)), "float64"))
    with raises(ValueError, Status.DIMENSION_MISMATCH, "at least 2 dimensions"):
        L.inv(arr([1.0, 2.0], "float64"))
    with raises(TypeError, Status.UNINITIALIZED, "linalg.inv"):
        L.inv(np.eye(2))
    for bad in ("int64", "uint8", "bool"):
        with raises(TypeError, Status.TYPE_MISMATCH, "linalg.inv", bad):
            L.inv(arr(np.eye(2), bad))


@pytest.mark.parametrize("dtype", FLOATS)
def test_solve(dtype):
    a = well_conditioned((2, 3, 3), dtype, seed=3)
    b = arr(rand((2, 3, 2), dtype, 4), dtype)
    close(L.solve(a, b), np.linalg.solve(npy(a), npy(b)), dtype, scale=10)
    v = arr(rand((3,), dtype, 5), dtype)  # one right-hand side for every stack
    out = L.solve(a, v)
    assert out.shape == (2, 3)
    close(out, np.linalg.solve(npy(a), npy(v)), dtype, scale=10)


def test_solve_broadcast_promotion_and_errors():
    a = well_conditioned((4, 1, 3, 3), "float32", seed=6)
    b = arr(rand((5, 3, 1), "float64", 7), "float64")
    out = L.solve(a, b)
    assert out.shape == (4, 5, 3, 1) and out.dtype == aa.float64
    np.testing.assert_allclose(npy(out), np.linalg.solve(npy(a), npy(b)), rtol=1e-10)
    with raises(ValueError, Status.DIMENSION_MISMATCH, "x2", "rows"):
        L.solve(a, arr([1.0, 2.0], "float32"))
    with raises(ValueError, Status.DIMENSION_MISMATCH, "do not broadcast"):
        L.solve(well_conditioned((3, 2, 2), "float64"), arr(np.ones((4, 2, 1)), "float64"))
    with raises(ValueError, Status.DIMENSION_MISMATCH, "x1"):
        L.solve(arr(np.ones((2, 3)), "float64"), arr([1.0, 2.0], "float64"))
    with raises(ValueError, Status.INVALID_ARGUMENT, "linalg.solve", "x1 is singular"):
        L.solve(arr([[1.0, 2.0], [2.0, 4.0]], "float64"), arr([1.0, 1.0], "float64"))
    with raises(TypeError, Status.TYPE_MISMATCH, "x2", "int64"):
        L.solve(arr(np.eye(2), "float64"), arr([1, 2], "int64"))


# -- eigen-decompositions ------------------------------------------------------------------
@pytest.mark.parametrize("dtype", FLOATS)
def test_eigh_eigvalsh(dtype):
    b = rand((2, 4, 4), dtype, 8)
    x = arr((b + herm(b)) / 2, dtype)
    a = npy(x)
    ref = np.linalg.eigvalsh(a)
    res = L.eigh(x)
    assert type(res).__name__ == "EighResult" and res.eigenvalues is res[0]
    close(res.eigenvalues, ref, REAL_OF[dtype], scale=10)
    close(L.eigvalsh(x), ref, REAL_OF[dtype], scale=10)
    q = npy(res.eigenvectors)
    assert res.eigenvectors.dtype == dt(dtype)
    w = npy(res.eigenvalues)
    np.testing.assert_allclose((q * w[..., None, :]) @ herm(q), a, atol=TOL[dtype] * 40)
    np.testing.assert_allclose(herm(q) @ q, np.broadcast_to(np.eye(4), q.shape),
                               atol=TOL[dtype] * 10)


@pytest.mark.parametrize("dtype", FLOATS)
def test_eig_eigvals(dtype):
    x = arr(rand((2, 4, 4), dtype, 9), dtype)
    a = npy(x)
    res = L.eig(x)
    assert type(res).__name__ == "EigResult"
    cdt = COMPLEX_OF[dtype]
    assert res.eigenvalues.dtype == dt(cdt) and res.eigenvectors.dtype == dt(cdt)
    ref = np.sort_complex(np.linalg.eigvals(a))
    close(aa.asarray(np.sort_complex(np.asarray(res.eigenvalues)), dtype=dt(cdt)), ref, cdt,
          scale=20)
    vals = L.eigvals(x)
    close(aa.asarray(np.sort_complex(np.asarray(vals)), dtype=dt(cdt)), ref, cdt, scale=20)
    v, w = npy(res.eigenvectors), npy(res.eigenvalues)
    np.testing.assert_allclose(a @ v, v * w[..., None, :], atol=TOL[dtype] * 40)


def test_eig_hand_values_and_errors():
    rot = arr([[0.0, -1.0], [1.0, 0.0]], "float64")  # eigenvalues +-i
    vals = np.sort_complex(np.asarray(L.eigvals(rot)))
    np.testing.assert_allclose(vals, [-1j, 1j], atol=1e-12)
    diag = L.eigvals(arr([[2.0, 0.0], [0.0, 3.0]], "float32"))  # real eigenvalues, complex dtype
    assert diag.dtype == aa.complex64
    with raises(ValueError, Status.INVALID_ARGUMENT, "linalg.eig", "NaN"):
        L.eig(arr([[np.nan, 0.0], [0.0, 1.0]], "float64"))
    with raises(ValueError, Status.INVALID_ARGUMENT, "linalg.eigvals"):
        L.eigvals(arr([[np.inf, 0.0], [0.0, 1.0]], "float64"))
    with raises(ValueError, Status.DIMENSION_MISMATCH, "linalg.eigh", "square"):
        L.eigh(arr(np.ones((3, 2)), "float64"))


# -- QR, SVD, rank, pseudo-inverse -----------------------------------------------------------
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("shape", [(2, 5, 3), (3, 5), (4, 4)])
@pytest.mark.parametrize("mode", ["reduced", "complete"])
def test_qr(dtype, shape, mode):
    x = arr(rand(shape, dtype, 10), dtype)
    a = npy(x)
    q, r = L.qr(x, mode=mode)
    m, n = shape[-2:]
    k = min(m, n) if mode == "reduced" else m
    assert q.shape == (*shape[:-2], m, k) and r.shape == (*shape[:-2], k, n)
    assert q.dtype == r.dtype == dt(dtype)
    qa, ra = npy(q), npy(r)
    assert np.array_equal(ra, np.triu(ra))
    np.testing.assert_allclose(qa @ ra, a, atol=TOL[dtype] * 20)
    np.testing.assert_allclose(herm(qa) @ qa, np.broadcast_to(np.eye(k), (*shape[:-2], k, k)),
                               atol=TOL[dtype] * 10)


def test_qr_errors():
    with raises(ValueError, Status.INVALID_ARGUMENT, "linalg.qr", "mode"):
        L.qr(arr(np.eye(2), "float64"), mode="r")
    res = L.qr(arr(np.eye(2), "float64"))
    assert type(res).__name__ == "QRResult" and res.Q is res[0] and res.R is res[1]


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("full", [True, False])
def test_svd_svdvals(dtype, full):
    shape = (2, 5, 3)
    x = arr(rand(shape, dtype, 11), dtype)
    a = npy(x)
    ref = np.linalg.svd(a, compute_uv=False)
    u, s, vh = L.svd(x, full_matrices=full)
    assert u.shape == ((2, 5, 5) if full else (2, 5, 3)) and vh.shape == (2, 3, 3)
    assert u.dtype == vh.dtype == dt(dtype)
    close(s, ref, REAL_OF[dtype], scale=10)
    close(L.svdvals(x), ref, REAL_OF[dtype], scale=10)
    sa = npy(s)
    assert np.all(sa[..., :-1] >= sa[..., 1:])
    ua, va = npy(u)[..., :, :3], npy(vh)
    np.testing.assert_allclose((ua * sa[..., None, :]) @ va, a, atol=TOL[dtype] * 20)


def test_svd_special_cases():
    res = L.svd(arr(np.ones((0, 3)), "float32"))
    assert type(res).__name__ == "SVDResult" and res.S.shape == (0,) and res.Vh.shape == (3, 3)
    with raises(ValueError, Status.INVALID_ARGUMENT, "linalg.svd", "NaN"):
        L.svd(arr([[np.nan, 1.0], [1.0, 1.0]], "float64"))
    with raises(ValueError, Status.INVALID_ARGUMENT, "linalg.svdvals"):
        L.svdvals(arr([[np.inf, 1.0], [1.0, 1.0]], "float64"))
    with raises(TypeError, Status.TYPE_MISMATCH, "full_matrices"):
        L.svd(arr(np.eye(2), "float64"), full_matrices=None)


def test_matrix_rank():
    x = np.stack([np.eye(4), np.diag([1.0, 1.0, 1e-9, 0.0]), np.zeros((4, 4))])
    for dtype in ("float32", "float64", "complex64"):
        out = L.matrix_rank(arr(x, dtype))
        assert out.dtype == aa.int64
        expected = [4, 2, 0] if dtype != "float64" else [4, 3, 0]  # 1e-9 vs eps * 4
        assert npy(out).tolist() == expected
    assert npy(L.matrix_rank(arr(x, "float64"), rtol=1e-6)).tolist() == [4, 2, 0]
    per_stack = arr([0.0, 0.5, 0.5], "float64")
    assert npy(L.matrix_rank(arr(x, "float64"), rtol=per_stack)).tolist() == [4, 2, 0]
    assert L.matrix_rank(arr(np.ones((3, 0, 2)), "float32")).shape == (3,)
    assert int(L.matrix_rank(arr(np.ones((0, 2)), "float32"))) == 0
    with raises(ValueError, Status.INVALID_ARGUMENT, "rtol"):
        L.matrix_rank(arr(x, "float64"), rtol=-1.0)
    with raises(TypeError, Status.TYPE_MISMATCH, "rtol"):
        L.matrix_rank(arr(x, "float64"), rtol=arr([1, 2, 3], "int64"))
    with raises(ValueError, Status.DIMENSION_MISMATCH, "rtol"):
        L.matrix_rank(arr(x, "float64"), rtol=arr([1.0, 2.0], "float64"))


@pytest.mark.parametrize("dtype", FLOATS)
def test_pinv(dtype):
    x = arr(rand((2, 5, 3), dtype, 12), dtype)
    out = L.pinv(x)
    assert out.shape == (2, 3, 5)
    close(out, np.linalg.pinv(npy(x)), dtype, scale=20)


def test_pinv_rtol_and_empty():
    x = np.diag([4.0, 1e-3, 0.0])
    out = npy(L.pinv(arr(x, "float64")))
    np.testing.assert_allclose(out, np.diag([0.25, 1e3, 0.0]))
    cut = npy(L.pinv(arr(x, "float64"), rtol=0.01))  # 1e-3 <= 0.01 * 4: treated as zero
    np.testing.assert_allclose(cut, np.diag([0.25, 0.0, 0.0]))
    assert L.pinv(arr(np.ones((0, 3)), "float32")).shape == (3, 0)


# -- matrix_power and LU ----------------------------------------------------------------------
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("n", [0, 1, 3, -2])
def test_matrix_power(dtype, n):
    x = well_conditioned((2, 3, 3), dtype, seed=13)
    x = arr(npy(x) / 6, dtype)  # keep powers of order 1
    close(L.matrix_power(x, n), np.linalg.matrix_power(npy(x), n), dtype, scale=20)


def test_matrix_power_errors():
    with raises(ValueError, Status.INVALID_ARGUMENT, "linalg.matrix_power", "singular"):
        L.matrix_power(arr([[1.0, 2.0], [2.0, 4.0]], "float64"), -1)
    for bad in (2.0, True, None):
        with raises(TypeError, Status.TYPE_MISMATCH, "n="):
            L.matrix_power(arr(np.eye(2), "float64"), bad)
    x = arr(np.eye(2), "float64")
    one = L.matrix_power(x, 1)  # a new array, not a view of x
    one[0, 0] = 5.0
    assert npy(x)[0, 0] == 1.0
    huge = L.matrix_power(arr(2 * np.eye(2), "float32"), 200)  # overflows quietly to inf
    assert np.isinf(npy(huge)[0, 0])


def check_lu(x: aa.Array, dtype: str) -> None:
    a = npy(x)
    p, lo, up = L.lu(x)
    m, n = x.shape[-2:]
    k = min(m, n)
    assert p.shape == (*x.shape[:-2], m, m) and lo.shape == (*x.shape[:-2], m, k)
    assert up.shape == (*x.shape[:-2], k, n)
    assert p.dtype == lo.dtype == up.dtype == dt(dtype)
    pa, la, ua = npy(p), npy(lo), npy(up)
    assert set(np.unique(pa).tolist()) <= {0.0, 1.0}
    assert np.all(pa.sum(axis=-1) == 1) and np.all(pa.sum(axis=-2) == 1)
    assert np.array_equal(la, np.tril(la)) and np.all(np.diagonal(la, 0, -2, -1) == 1)
    assert np.all(np.abs(la) <= 1)  # partial pivoting
    assert np.array_equal(ua, np.triu(ua))
    scale = max(1.0, float(np.abs(a).max(initial=0)))
    np.testing.assert_allclose(pa @ la @ ua, a, atol=TOL[dtype] * 10 * scale)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("shape", [(4, 4), (2, 3, 5, 5), (3, 5), (5, 3), (1, 1), (0, 0),
                                   (2, 0, 3)])
def test_lu(dtype, shape):
    x = arr(rand(shape, dtype, 14) * 4, dtype)
    check_lu(x, dtype)


def test_lu_hand_values_and_singular():
    p, lo, up = L.lu(arr([[1.0, 2.0], [3.0, 4.0]], "float64"))
    np.testing.assert_array_equal(npy(p), [[0, 1], [1, 0]])
    np.testing.assert_allclose(npy(lo), [[1, 0], [1 / 3, 1]])
    np.testing.assert_allclose(npy(up), [[3, 4], [0, 2 / 3]])
    for sing in ([[0.0, 0.0], [0.0, 0.0]], [[0.0, 1.0], [0.0, 2.0]], [[1.0, 2.0], [2.0, 4.0]]):
        x = arr(sing, "float32")
        check_lu(x, "float32")
        assert not np.isnan(npy(L.lu(x).L)).any()
    res = L.lu(arr([[1.0]], "float64"))
    assert type(res).__name__ == "LUResult" and res.P is res[0] and res.U is res[2]


def test_lu_input_unchanged_and_errors():
    a = rand((3, 3), "float64", 15)
    x = arr(a, "float64")
    L.lu(x)
    assert np.array_equal(npy(x), a)
    with raises(TypeError, Status.TYPE_MISMATCH, "linalg.lu", "int32"):
        L.lu(arr(np.eye(2), "int32"))
    with raises(ValueError, Status.DIMENSION_MISMATCH, "linalg.lu"):
        L.lu(arr([1.0, 2.0], "float64"))


# -- cross, outer, diagonal, trace ---------------------------------------------------------------
def test_cross():
    a, b = np.array([1, 2, 3]), np.array([4, 5, 6])
    out = L.cross(arr(a, "int32"), arr(b, "int32"))
    assert out.dtype == aa.int32 and npy(out).tolist() == [-3, 6, -3]
    x1 = rand((4, 3, 2), "float64", 16)
    x2 = rand((3, 1), "float64", 17)
    out = L.cross(arr(x1, "float64"), arr(x2, "float64"), axis=-2)
    np.testing.assert_allclose(npy(out), np.cross(x1, x2, axis=-2), rtol=1e-12)
    for dtype in ("bfloat16", "complex32", "complex64", "float16"):
        y1, y2 = arr(rand((2, 3), dtype, 1), dtype), arr(rand((2, 3), dtype, 2), dtype)
        close(L.cross(y1, y2), np.cross(npy(y1), npy(y2)), dtype, scale=10)
    mixed = L.cross(arr(a, "int8"), arr(b, "int16"))
    assert mixed.dtype == aa.int16


def test_cross_errors():
    v3 = arr([1.0, 2.0, 3.0], "float64")
    with raises(ValueError, Status.DIMENSION_MISMATCH, "size 3"):
        L.cross(v3, arr([1.0, 2.0], "float64"))
    with raises(ValueError, Status.AXIS_ERROR, "axis=0"):
        L.cross(v3, v3, axis=0)
    with raises(ValueError, Status.DIMENSION_MISMATCH, "broadcast"):
        L.cross(arr(np.ones((2, 3)), "float64"), arr(np.ones((4, 3)), "float64"))
    with raises(TypeError, Status.TYPE_MISMATCH, "x1", "bool"):
        L.cross(arr([True, False, True], "bool"), v3)


def test_outer():
    out = L.outer(arr([1, 2], "int8"), arr([3, 4, 5], "int8"))
    assert out.dtype == aa.int8 and npy(out).tolist() == [[3, 4, 5], [6, 8, 10]]
    a, b = rand((3,), "complex128", 1), rand((2,), "float64", 2)
    out = L.outer(arr(a, "complex64"), arr(b, "float32"))
    assert out.shape == (3, 2) and out.dtype == aa.complex64
    np.testing.assert_allclose(npy(out), np.outer(a, b), rtol=1e-5)
    assert L.outer(arr([], "float32"), arr([1.0], "float32")).shape == (0, 1)
    with raises(ValueError, Status.DIMENSION_MISMATCH, "x2", "1-D"):
        L.outer(arr([1.0], "float32"), arr([[1.0]], "float32"))


@pytest.mark.parametrize("dtype", ("bool", "int8", "uint64", "bfloat16", "complex32",
                                   "float64"))
def test_diagonal(dtype):
    base = np.arange(24).reshape(2, 3, 4) % 5
    x = arr(base, dtype)
    for off in (0, 1, 3, -1, -2, 4, -3, 10**30):
        out = L.diagonal(x, offset=off)
        ref = np.diagonal(base, off, -2, -1) if abs(off) < 5 else np.empty((2, 0))
        assert out.dtype == dt(dtype) and out.shape == ref.shape
        np.testing.assert_array_equal(npy(out), ref.astype(npy(x).dtype))


def test_diagonal_is_a_copy_and_errors():
    x = arr(np.eye(3), "float64")
    d = L.diagonal(x)
    d[0] = 5.0
    assert npy(x)[0, 0] == 1.0
    with raises(ValueError, Status.DIMENSION_MISMATCH, "linalg.diagonal"):
        L.diagonal(arr([1.0], "float64"))
    with raises(TypeError, Status.TYPE_MISMATCH, "offset"):
        L.diagonal(x, offset=1.5)


@pytest.mark.parametrize(("dtype", "res"), [
    ("int8", "int64"), ("int32", "int64"), ("uint8", "uint64"),
    ("uint32", "uint64"), ("int64", "int64"), ("float16", "float16"),
    ("bfloat16", "bfloat16"), ("float32", "float32"), ("complex32", "complex32"),
    ("complex128", "complex128"),
])
def test_trace_dtypes(dtype, res):
    base = np.arange(1, 25).reshape(2, 3, 4) % 7
    x = arr(base, dtype)
    for off in (0, 1, -1, 5, -5):
        out = L.trace(x, offset=off)
        assert out.dtype == dt(res) and out.shape == (2,)
        ref = np.trace(npy(x).astype(np.complex128 if "complex" in dtype else np.float64),
                       off, -2, -1)
        np.testing.assert_allclose(npy(out), ref)


def test_trace_dtype_keyword_and_errors():
    x = arr([[100, 1], [1, 100]], "int8")
    assert int(L.trace(x, dtype=aa.int8)) == -56  # cast first, then wrap around
    f = L.trace(x, dtype=aa.float32)
    assert f.dtype == aa.float32 and float(f) == 200.0
    c = L.trace(arr([[1 + 1j, 0], [0, 2]], "complex64"), dtype=aa.complex128)
    assert c.dtype == aa.complex128 and complex(c) == 3 + 1j
    with raises(TypeError, Status.TYPE_MISMATCH, "linalg.trace", "bool"):
        L.trace(arr([[True]], "bool"))
    with raises(TypeError, Status.TYPE_MISMATCH, "discard"):
        L.trace(arr([[1j]], "complex64"), dtype=aa.float64)
    with raises(ValueError, Status.DIMENSION_MISMATCH, "linalg.trace"):
        L.trace(arr([1, 2], "int32"))
    assert int(L.trace(arr(np.zeros((0, 0)), "int16"))) == 0


# -- norms -----------------------------------------------------------------------------------------
VECTOR_ORDS = [2, 1, 0, -1, -2, math.inf, -math.inf, 3, 0.5, -0.5]


@pytest.mark.parametrize("dtype", FLOATS)
def test_vector_norm(dtype):
    x = arr(rand((3, 4, 5), dtype, 18), dtype)
    a = npy(x)
    for ord in VECTOR_ORDS:
        for axis, keep in ((None, False), (-1, True), ((0, 2), False), ((1,), True)):
            out = L.vector_norm(x, axis=axis, keepdims=keep, ord=ord)
            ref = np.linalg.vector_norm(a, axis=axis, keepdims=keep, ord=ord)
            close(out, ref, REAL_OF[dtype], scale=10)


def test_vector_norm_integers_scaling_and_specials():
    out = L.vector_norm(arr([3, 4], "int8"))
    assert out.dtype == aa.float32 and float(out) == 5.0
    assert L.vector_norm(arr([3, 4], "uint64")).dtype == aa.float64
    big = L.vector_norm(arr([1e30, 1e30], "float32"))  # no overflow of the squares
    assert float(big) == pytest.approx(math.sqrt(2) * 1e30, rel=1e-6)
    tiny = L.vector_norm(arr([1e-200, 1e-200], "float64"), ord=3)
    assert float(tiny) == pytest.approx(2 ** (1 / 3) * 1e-200, rel=1e-12, abs=0)
    huge = L.vector_norm(arr([1e200, -1e200], "float64"))
    assert float(huge) == pytest.approx(math.sqrt(2) * 1e200, rel=1e-12, abs=0)
    small = L.vector_norm(arr([1e-200, 1e-200], "float64"), ord=-2)
    assert float(small) == pytest.approx(1e-200 / math.sqrt(2), rel=1e-12, abs=0)
    assert float(L.vector_norm(arr([1.0, 0.0, 2.0], "float64"), ord=-1)) == 0.0
    assert float(L.vector_norm(arr([1.0, 0.0, 2.0], "float64"), ord=0)) == 2.0
    assert math.isnan(float(L.vector_norm(arr([1.0, np.nan], "float64"))))
    assert float(L.vector_norm(arr([1.0, np.inf], "float64"), ord=-1)) == 1.0
    assert float(L.vector_norm(arr(np.zeros((0,)), "float64"))) == 0.0
    assert float(L.vector_norm(arr(np.zeros((0,)), "float64"), ord=-math.inf)) == math.inf
    assert L.vector_norm(arr(np.ones((2, 0)), "float32"), axis=1).shape == (2,)
    assert float(L.vector_norm(arr(-3.0, "float64"))) == 3.0  # 0-d
    assert L.vector_norm(arr(np.ones((2, 3)), "float32"), keepdims=True).shape == (1, 1)


def test_vector_norm_errors():
    x = arr([1.0, 2.0], "float64")
    with raises(TypeError, Status.TYPE_MISMATCH, "linalg.vector_norm", "bool"):
        L.vector_norm(arr([True], "bool"))
    with raises(ValueError, Status.INVALID_ARGUMENT, "matrix norm"):
        L.vector_norm(x, ord="fro")
    with raises(ValueError, Status.INVALID_ARGUMENT, "nan"):
        L.vector_norm(x, ord=math.nan)
    with raises(TypeError, Status.TYPE_MISMATCH, "ord"):
        L.vector_norm(x, ord=True)
    with raises(ValueError, Status.AXIS_ERROR, "axis"):
        L.vector_norm(x, axis=1)
    with raises(TypeError, Status.TYPE_MISMATCH, "keepdims"):
        L.vector_norm(x, keepdims="yes")


MATRIX_ORDS = ["fro", "nuc", 1, -1, 2, -2, math.inf, -math.inf]


@pytest.mark.parametrize("dtype", FLOATS)
def test_matrix_norm(dtype):
    x = arr(rand((2, 3, 4), dtype, 19), dtype)
    a = npy(x)
    for ord in MATRIX_ORDS:
        for keep in (False, True):
            out = L.matrix_norm(x, ord=ord, keepdims=keep)
            ref = np.linalg.matrix_norm(a, ord=ord, keepdims=keep)
            close(out, ref, REAL_OF[dtype], scale=10)


def test_matrix_norm_specials_and_errors():
    assert float(L.matrix_norm(arr(np.full((2, 2), 1e30), "float32"))) == pytest.approx(2e30)
    assert float(L.matrix_norm(arr(np.full((2, 2), 1e300), "float64"))) == pytest.approx(2e300)
    assert L.matrix_norm(arr(np.ones((3, 0, 2)), "float64"), ord=2).shape == (3,)
    assert float(L.matrix_norm(arr(np.ones((0, 2)), "float64"), ord=-math.inf)) == 0.0
    stack = np.stack([np.eye(2), [[np.inf, 0], [0, 1]], [[np.nan, 0], [0, 1]]])
    for ord, expected in ((2, [1, math.inf, math.nan]), ("nuc", [2, math.inf, math.nan]),
                          (-2, [1, math.nan, math.nan])):
        np.testing.assert_allclose(npy(L.matrix_norm(arr(stack, "float64"), ord=ord)), expected)
    assert L.matrix_norm(arr([[3, 4]], "int16")).dtype == aa.float32
    x = arr(np.eye(2), "float64")
    for bad in (3, "inf", 0, True, 10**400):
        with raises(ValueError, Status.INVALID_ARGUMENT, "linalg.matrix_norm", "ord"):
            L.matrix_norm(x, ord=bad)
    with raises(ValueError, Status.DIMENSION_MISMATCH, "linalg.matrix_norm"):
        L.matrix_norm(arr([1.0], "float64"))


# -- the namespace ---------------------------------------------------------------------------
SIGNATURES = {  # (positional-only names, keyword-only names with defaults), per the stubs
    "cholesky": (("x",), {"upper": False}), "cross": (("x1", "x2"), {"axis": -1}),
    "det": (("x",), {}), "diagonal": (("x",), {"offset": 0}), "eig": (("x",), {}),
    "eigh": (("x",), {}), "eigvals": (("x",), {}), "eigvalsh": (("x",), {}),
    "inv": (("x",), {}), "lu": (("x",), {}),
    "matrix_norm": (("x",), {"keepdims": False, "ord": "fro"}),
    "matrix_power": (("x", "n"), {}), "matrix_rank": (("x",), {"rtol": None}),
    "outer": (("x1", "x2"), {}), "pinv": (("x",), {"rtol": None}),
    "qr": (("x",), {"mode": "reduced"}), "slogdet": (("x",), {}),
    "solve": (("x1", "x2"), {}), "svd": (("x",), {"full_matrices": True}),
    "svdvals": (("x",), {}), "trace": (("x",), {"offset": 0, "dtype": None}),
    "vector_norm": (("x",), {"axis": None, "keepdims": False, "ord": 2}),
}


@pytest.mark.parametrize("name", sorted(SIGNATURES))
def test_signature_and_module(name):
    assert_signature(getattr(L, name), "aiarray.linalg", name, *SIGNATURES[name])


def test_namespace():
    assert set(L.__all__) == set(SIGNATURES) | {"matmul", "matrix_transpose", "tensordot",
                                                "vecdot"} | {
        "EighResult", "EigResult", "LUResult", "QRResult", "SlogdetResult", "SVDResult"}
    assert L.matmul is aa.matmul and L.matrix_transpose is aa.matrix_transpose
    assert L.tensordot is aa.tensordot and L.vecdot is aa.vecdot

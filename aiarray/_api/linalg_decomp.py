"""Decompositions, solvers and matrix functions of the ``linalg`` extension.

GB/T table 2 lists LU, Cholesky, SVD, linear solve, inverse and eigen-decomposition;
the standard adds the rest.  All of these take floating-point input only (integer
input raises TypeError naming the function) and keep the input's precision.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _dtypes as D
from .._array import Array
from .._dispatch import cast, common_dtype
from .._errors import DimensionMismatchError, InvalidArgumentError, TypeMismatchError
from .._typing import NDArray
from ._axes import bool_arg, int_arg
from .creation import DEFAULT_INT
from .linalg_base import (
    EighResult,
    EigResult,
    LUResult,
    QRResult,
    SlogdetResult,
    SVDResult,
    back,
    complex_of,
    float_arg,
    lapack,
    matrix_arg,
    real_of,
    require_finite,
    wide,
    widen_array,
)

__all__ = [
    "cholesky", "det", "eig", "eigh", "eigvals", "eigvalsh", "inv", "lu", "matrix_power",
    "matrix_rank", "pinv", "qr", "slogdet", "solve", "svd", "svdvals",
]


def _square(x: object, func: str) -> Array:
    x = float_arg(x, func)
    matrix_arg(x, func, square=True)
    return x


def cholesky(x: Array, /, *, upper: bool = False) -> Array:
    """Cholesky factor of Hermitian (symmetric) positive-definite matrices (GB/T table 2).

    ``upper=False`` gives L with x = L @ L^H, ``upper=True`` gives U with x = U^H @ U.
    A matrix that is not positive definite raises InvalidArgumentError (ValueError).

    Examples
    --------
    >>> x = xp.asarray([[4.0, 2.0], [2.0, 3.0]])
    >>> xp.linalg.cholesky(x)
    Array([[2.        , 0.        ],
           [1.        , 1.41421356]], dtype=float64)
    >>> xp.linalg.cholesky(xp.astype(x, xp.float32), upper=True)
    Array([[2.       , 1.       ],
           [0.       , 1.4142135]], dtype=float32)
    """
    func = "linalg.cholesky"
    x = _square(x, func)
    up = bool_arg(upper, func, "upper")
    return back(lapack(func, np.linalg.cholesky, wide(x), upper=up), x._dtype)


def det(x: Array, /) -> Array:
    """Determinant of each square matrix; same dtype as x.

    Examples
    --------
    >>> xp.linalg.det(xp.asarray([[1.0, 2.0], [3.0, 4.0]], dtype=xp.float32))
    Array(-2., dtype=float32)
    """
    func = "linalg.det"
    x = _square(x, func)
    return back(lapack(func, np.linalg.det, wide(x)), x._dtype)


def slogdet(x: Array, /) -> SlogdetResult:
    """(sign, logabsdet) of each determinant; a singular matrix gives (0, -inf).

    ``sign`` has x's dtype; ``logabsdet`` is real with x's precision.

    Examples
    --------
    >>> xp.linalg.slogdet(xp.asarray([[1.0, 2.0], [3.0, 4.0]]))
    SlogdetResult(sign=Array(-1., dtype=float64), logabsdet=Array(0.69314718, dtype=float64))
    >>> xp.linalg.slogdet(xp.zeros((2, 2)))
    SlogdetResult(sign=Array(0., dtype=float64), logabsdet=Array(-inf, dtype=float64))
    """
    func = "linalg.slogdet"
    x = _square(x, func)
    sign, logabs = lapack(func, np.linalg.slogdet, wide(x))
    return SlogdetResult(back(sign, x._dtype), back(logabs, real_of(x._dtype)))


def eigh(x: Array, /) -> EighResult:
    """Eigenvalues (real, ascending) and eigenvectors of Hermitian / symmetric matrices.

    Only the lower triangle of x is read (GB/T table 2, eigen-decomposition).

    Examples
    --------
    >>> w, v = xp.linalg.eigh(xp.asarray([[2.0, 1.0], [1.0, 2.0]]))
    >>> w
    Array([1., 3.], dtype=float64)
    >>> xp.abs(v) * 2**0.5
    Array([[1., 1.],
           [1., 1.]], dtype=float64)
    """
    func = "linalg.eigh"
    x = _square(x, func)
    w, v = lapack(func, np.linalg.eigh, wide(x))
    return EighResult(back(w, real_of(x._dtype)), back(v, x._dtype))


def eigvalsh(x: Array, /) -> Array:
    """Eigenvalues (real, ascending) of Hermitian / symmetric matrices (lower triangle).

    Examples
    --------
    >>> xp.linalg.eigvalsh(xp.asarray([[2.0, 1.0], [1.0, 2.0]], dtype=xp.float32))
    Array([1., 3.], dtype=float32)
    """
    func = "linalg.eigvalsh"
    x = _square(x, func)
    return back(lapack(func, np.linalg.eigvalsh, wide(x)), real_of(x._dtype))


def eig(x: Array, /) -> EigResult:
    """Eigenvalues and right eigenvectors (columns) of general square matrices (2025.12).

    Results are always complex with x's precision: float32 -> complex64, float64 ->
    complex128 (float16 -> complex32, bfloat16 -> complex64).  Eigenvectors have unit
    norm.  NaN or infinity in x raises InvalidArgumentError.

    Examples
    --------
    >>> w, v = xp.linalg.eig(xp.asarray([[2.0, 0.0], [0.0, 3.0]]))
    >>> w
    Array([2.+0.j, 3.+0.j], dtype=complex128)
    >>> v
    Array([[1.+0.j, 0.+0.j],
           [0.+0.j, 1.+0.j]], dtype=complex128)
    """
    func = "linalg.eig"
    x = _square(x, func)
    a = wide(x)
    require_finite(a, func)
    w, v = lapack(func, np.linalg.eig, a)
    cdt = complex_of(x._dtype)
    return EigResult(back(w, cdt), back(v, cdt))


def eigvals(x: Array, /) -> Array:
    """Eigenvalues of general square matrices (2025.12), complex with x's precision.

    Examples
    --------
    >>> xp.linalg.eigvals(xp.asarray([[0.0, -1.0], [1.0, 0.0]], dtype=xp.float32))
    Array([0.+1.j, 0.-1.j], dtype=complex64)
    """
    func = "linalg.eigvals"
    x = _square(x, func)
    a = wide(x)
    require_finite(a, func)
    return back(lapack(func, np.linalg.eigvals, a), complex_of(x._dtype))


def inv(x: Array, /) -> Array:
    """Inverse of each square matrix (GB/T table 2); a singular one raises ValueError.

    Examples
    --------
    >>> xp.linalg.inv(xp.asarray([[2.0, 0.0], [0.0, 4.0]], dtype=xp.float32))
    Array([[0.5 , 0.  ],
           [0.  , 0.25]], dtype=float32)
    """
    func = "linalg.inv"
    x = _square(x, func)
    return back(lapack(func, np.linalg.inv, wide(x)), x._dtype)


def solve(x1: Array, x2: Array, /) -> Array:
    """Solve x1 @ X = x2 for X (GB/T table 2, linear system).

    x1 is (..., M, M).  x2 of shape (M,) is one right-hand side (result (..., M));
    otherwise x2 is (..., M, K) and the stacks broadcast.  The dtype is the common dtype
    of x1 and x2 under the active promotion policy; both must be floating-point.  A
    singular x1 raises InvalidArgumentError (ValueError).

    Examples
    --------
    >>> a = xp.asarray([[2.0, 0.0], [0.0, 4.0]], dtype=xp.float32)
    >>> xp.linalg.solve(a, xp.asarray([[2.0], [8.0]], dtype=xp.float32))
    Array([[1.],
           [2.]], dtype=float32)
    """
    func = "linalg.solve"
    x1 = float_arg(x1, func, "x1")
    x2 = float_arg(x2, func, "x2")
    m, _ = matrix_arg(x1, func, "x1", square=True)
    if x2.ndim == 0:
        raise DimensionMismatchError(f"{func}(): x2 must have at least 1 dimension, got shape ()")
    rows = x2.shape[0] if x2.ndim == 1 else x2.shape[-2]
    if rows != m:
        raise DimensionMismatchError(
            f"{func}(): x2 of shape {x2.shape} needs {m} rows to match x1 of shape {x1.shape}"
        )
    if x2.ndim > 1:
        try:
            np.broadcast_shapes(x1.shape[:-2], x2.shape[:-2])
        except ValueError:
            raise DimensionMismatchError(
                f"{func}(): the stacks of x1 {x1.shape} and x2 {x2.shape} do not broadcast"
            ) from None
    dt = common_dtype(func, (x1, x2), "x1, x2")
    a1 = widen_array(cast(x1, dt), dt)
    a2 = widen_array(cast(x2, dt), dt)
    return back(lapack(func, np.linalg.solve, a1, a2, name="x1"), dt)


def qr(x: Array, /, *, mode: str = "reduced") -> QRResult:
    """QR decomposition x = Q @ R of each (M, N) matrix.

    ``mode="reduced"``: Q (..., M, K), R (..., K, N) with K = min(M, N);
    ``mode="complete"``: Q (..., M, M), R (..., M, N).  R is exactly upper triangular.

    Examples
    --------
    >>> q, r = xp.linalg.qr(xp.asarray([[3.0, 1.0], [4.0, 2.0]]))
    >>> xp.abs(r)
    Array([[5. , 2.2],
           [0. , 0.4]], dtype=float64)
    >>> xp.allclose(q @ r, xp.asarray([[3.0, 1.0], [4.0, 2.0]]))
    True
    """
    func = "linalg.qr"
    x = float_arg(x, func)
    matrix_arg(x, func)
    if not isinstance(mode, str) or mode not in ("reduced", "complete"):
        raise InvalidArgumentError(f"{func}(): mode={mode!r} must be 'reduced' or 'complete'")
    q, r = lapack(func, np.linalg.qr, wide(x), mode=mode)
    return QRResult(back(q, x._dtype), back(r, x._dtype))


def svd(x: Array, /, *, full_matrices: bool = True) -> SVDResult:
    """Singular value decomposition x = U @ diag(S) @ Vh (GB/T table 2).

    S is real with x's precision, in descending order.  ``full_matrices=False`` gives
    the reduced U (..., M, K) and Vh (..., K, N).  NaN or infinity in x raises
    InvalidArgumentError (the iteration would not converge).

    Examples
    --------
    >>> u, s, vh = xp.linalg.svd(xp.asarray([[3.0, 0.0], [0.0, -4.0]]))
    >>> s
    Array([4., 3.], dtype=float64)
    >>> xp.abs(u)
    Array([[0., 1.],
           [1., 0.]], dtype=float64)
    """
    func = "linalg.svd"
    x = float_arg(x, func)
    matrix_arg(x, func)
    full = bool_arg(full_matrices, func, "full_matrices")
    a = wide(x)
    require_finite(a, func)
    u, s, vh = lapack(func, np.linalg.svd, a, full_matrices=full)
    return SVDResult(back(u, x._dtype), back(s, real_of(x._dtype)), back(vh, x._dtype))


def svdvals(x: Array, /) -> Array:
    """Singular values of each matrix, descending, real with x's precision.

    Examples
    --------
    >>> xp.linalg.svdvals(xp.asarray([[3.0, 0.0], [0.0, -4.0]], dtype=xp.float32))
    Array([4., 3.], dtype=float32)
    """
    func = "linalg.svdvals"
    x = float_arg(x, func)
    matrix_arg(x, func)
    a = wide(x)
    require_finite(a, func)
    return back(lapack(func, np.linalg.svd, a, compute_uv=False), real_of(x._dtype))


def _tolerance(x: Array, rtol: object, func: str) -> NDArray:
    """rtol as a float64 array broadcastable against x's stack shape."""
    if rtol is None:
        m, n = x.shape[-2:]
        return np.asarray(max(m, n) * float(D.finfo_of(real_of(x._dtype)).eps))
    if type(rtol) is Array:
        if rtol._dtype not in D.REAL_FLOAT:
            raise TypeMismatchError(
                f"{func}(): rtol must have a real floating-point dtype, got "
                f"{D.name_of(rtol._dtype)}"
            )
        try:
            np.broadcast_shapes(rtol.shape, x.shape[:-2])
        except ValueError:
            raise DimensionMismatchError(
                f"{func}(): rtol of shape {rtol.shape} does not broadcast against the stack "
                f"shape {x.shape[:-2]} of x"
            ) from None
        return wide(rtol, double=True)
    if isinstance(rtol, bool | np.bool_) or not isinstance(
        rtol, int | float | np.integer | np.floating
    ):
        raise TypeMismatchError(f"{func}(): rtol={rtol!r} must be a float, an Array or None")
    value = float(rtol)
    if not value >= 0:
        raise InvalidArgumentError(f"{func}(): rtol={rtol!r} must be >= 0")
    return np.asarray(value)


def matrix_rank(x: Array, /, *, rtol: float | Array | None = None) -> Array:
    """Number of singular values above ``rtol * largest`` for each matrix (default int).

    rtol=None uses max(M, N) * eps of x's real dtype; an Array rtol broadcasts against
    the stack shape x.shape[:-2].

    Examples
    --------
    >>> xp.linalg.matrix_rank(xp.asarray([[1.0, 2.0], [2.0, 4.0]]))
    Array(1, dtype=int64)
    >>> xp.linalg.matrix_rank(xp.eye(3))
    Array(3, dtype=int64)
    """
    func = "linalg.matrix_rank"
    x = float_arg(x, func)
    matrix_arg(x, func)
    tol = _tolerance(x, rtol, func)
    a = wide(x)
    require_finite(a, func)
    batch = np.broadcast_shapes(x.shape[:-2], tol.shape)
    if min(x.shape[-2:]) == 0:
        return Array._new(np.zeros(batch, DEFAULT_INT), DEFAULT_INT)
    s = lapack(func, np.linalg.svd, a, compute_uv=False).astype(np.float64)
    with np.errstate(all="ignore"):
        cutoff = tol[..., None] * s.max(axis=-1, keepdims=True)
        rank = np.count_nonzero(s > cutoff, axis=-1)
    rank = np.broadcast_to(np.asarray(rank, DEFAULT_INT), batch).copy()
    return Array._new(rank, DEFAULT_INT)


def pinv(x: Array, /, *, rtol: float | Array | None = None) -> Array:
    """Moore-Penrose pseudo-inverse (..., N, M) of each (M, N) matrix, through the SVD.

    Singular values at most ``rtol * largest`` count as zero (rtol=None: max(M, N) * eps
    of x's real dtype).

    Examples
    --------
    >>> xp.linalg.pinv(xp.asarray([[1.0, 0.0], [0.0, 2.0], [0.0, 0.0]]))
    Array([[1. , 0. , 0. ],
           [0. , 0.5, 0. ]], dtype=float64)
    """
    func = "linalg.pinv"
    x = float_arg(x, func)
    matrix_arg(x, func)
    tol = _tolerance(x, rtol, func)
    a = wide(x)
    require_finite(a, func)
    u, s, vh = lapack(func, np.linalg.svd, a, full_matrices=False)
    with np.errstate(all="ignore"):
        cutoff = tol[..., None] * np.max(s, axis=-1, keepdims=True, initial=0.0)
        keep = s > cutoff
        sinv = np.where(keep, 1.0 / np.where(keep, s, 1.0), 0.0).astype(s.dtype)
        vt = np.conj(np.swapaxes(vh, -1, -2)) * sinv[..., None, :]
        out = np.matmul(vt, np.conj(np.swapaxes(u, -1, -2)))
    return back(out, x._dtype)


def matrix_power(x: Array, n: int, /) -> Array:
    """x raised to the integer power n (n = 0: identity; n < 0: power of the inverse).

    A singular matrix with n < 0 raises InvalidArgumentError (ValueError).

    Examples
    --------
    >>> x = xp.asarray([[1.0, 1.0], [0.0, 1.0]], dtype=xp.float32)
    >>> xp.linalg.matrix_power(x, 3)
    Array([[1., 3.],
           [0., 1.]], dtype=float32)
    >>> xp.linalg.matrix_power(x, -1)
    Array([[ 1., -1.],
           [ 0.,  1.]], dtype=float32)
    """
    func = "linalg.matrix_power"
    x = _square(x, func)
    k = int_arg(n, func, "n")
    out = lapack(func, np.linalg.matrix_power, wide(x), k)
    if np.shares_memory(out, x._array):  # NumPy returns its input itself for n = 1
        out = out.copy()
    return back(out, x._dtype)


def _lu_factor(a: NDArray) -> tuple[NDArray, NDArray, NDArray]:
    """Doolittle LU with partial pivoting on a stack (B, M, N): (perm, L, U)."""
    b, m, n = a.shape
    k = min(m, n)
    a = a.copy()
    perm = np.tile(np.arange(m), (b, 1))
    rows = np.arange(b)
    for j in range(k):
        p = np.argmax(np.abs(a[:, j:, j]), axis=1) + j
        if (p != j).any():
            a[rows, j], a[rows, p] = a[rows, p], a[rows, j].copy()
            perm[rows, j], perm[rows, p] = perm[rows, p], perm[rows, j].copy()
        if j + 1 < m:
            piv = a[:, j, j]
            # A zero pivot means the column below is zero too (it was the largest |value|).
            mult = a[:, j + 1:, j] / np.where(piv == 0, 1, piv)[:, None]
            a[:, j + 1:, j] = mult
            if j + 1 < n:
                a[:, j + 1:, j + 1:] -= mult[:, :, None] * a[:, j, None, j + 1:]
    lower = np.tril(a[:, :, :k], -1) + np.eye(m, k, dtype=a.dtype)
    upper = np.triu(a[:, :k, :])
    return perm, lower, upper


def lu(x: Array, /) -> LUResult:
    """LU decomposition with partial pivoting, x = P @ L @ U (GB/T table 2; extension).

    For x of shape (..., M, N) and K = min(M, N): P (..., M, M) is a permutation matrix,
    L (..., M, K) is unit lower triangular with ``|L| <= 1``, U (..., K, N) is upper
    triangular.  Each step pivots on the largest ``|value|`` of the column (the first
    one on ties), as LAPACK getrf does.  All three have x's dtype; the factorisation
    is computed in double precision and rounded once.

    Examples
    --------
    >>> p, l, u = xp.linalg.lu(xp.asarray([[1.0, 2.0], [3.0, 4.0]]))
    >>> p
    Array([[0., 1.],
           [1., 0.]], dtype=float64)
    >>> l
    Array([[1.        , 0.        ],
           [0.33333333, 1.        ]], dtype=float64)
    >>> u
    Array([[3.        , 4.        ],
           [0.        , 0.66666667]], dtype=float64)
    """
    func = "linalg.lu"
    x = float_arg(x, func)
    m, n = matrix_arg(x, func)
    batch = x.shape[:-2]
    a = wide(x, double=True).reshape((math.prod(batch), m, n))
    with np.errstate(all="ignore"):
        perm, lower, upper = _lu_factor(a)
    k = min(m, n)
    p = np.zeros((a.shape[0], m, m), a.dtype)
    p[np.arange(a.shape[0])[:, None], perm, np.arange(m)[None, :]] = 1
    return LUResult(
        back(p.reshape((*batch, m, m)), x._dtype),
        back(lower.reshape((*batch, m, k)), x._dtype),
        back(upper.reshape((*batch, k, n)), x._dtype),
    )

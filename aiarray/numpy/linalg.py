"""``aiarray.numpy.linalg``: NumPy's ``numpy.linalg`` over aiarray's linalg extension.

Thin adapters over ``aiarray.linalg`` (NumPy's argument forms; integer and bool input
is computed in float64, as NumPy does); the functions the standard has no counterpart
for (``lstsq``, ``cond``, ``multi_dot``, ``tensorinv``, ``tensorsolve``) and NumPy-only
forms (``qr(mode='r')``, ``svd(hermitian=True)``) run NumPy on views.  A singular or
non-convergent matrix raises :class:`LinAlgError`, which is NumPy's LinAlgError and
aiarray's InvalidArgumentError (a ValueError with a GB/T status) at once.
"""

from __future__ import annotations

import builtins
import operator
from typing import Any

import numpy as np

from .. import _dtypes as D
from .. import linalg as L
from .._api import data_type as T
from .._array import Array
from .._errors import InvalidArgumentError, message
from . import _convert as C
from . import _selecting as S

__all__ = [
    "LinAlgError", "cholesky", "cond", "cross", "det", "diagonal", "eig", "eigh", "eigvals",
    "eigvalsh", "inv", "lstsq", "matmul", "matrix_norm", "matrix_power", "matrix_rank",
    "matrix_transpose", "multi_dot", "norm", "outer", "pinv", "qr", "slogdet", "solve",
    "svd", "svdvals", "tensordot", "tensorinv", "tensorsolve", "trace", "vecdot",
    "vector_norm",
]


class LinAlgError(InvalidArgumentError, np.linalg.LinAlgError):
    """A matrix the computation cannot handle (singular, not positive definite, no
    convergence): NumPy's ``numpy.linalg.LinAlgError`` and aiarray's ValueError."""


def _float(a: Any, func: str, argname: str = "a", matrices: str = "") -> Array:
    """An argument in a floating dtype (integers and bools as float64, as NumPy);
    ``matrices`` "stack" or "square": NumPy's check of its shape (see _matrices)."""
    x = C.arr(a, func, argname)
    if matrices:
        _matrices(x, func, matrices == "square")
    if x._dtype in D.INTEGER or x._dtype is D.bool_:
        return C.tag(T.astype(x, D.float64))
    return x


def _matrices(x: Array, func: str, square: builtins.bool) -> None:
    """NumPy's check of a (stack of) matrices: at least two dimensions, and (``square``)
    the last two equal; NumPy raises LinAlgError otherwise, as here."""
    if x.ndim < 2:
        raise LinAlgError(f"linalg.{func}(): {x.ndim}-dimensional array given. Array must "
                          "be at least two-dimensional")
    if square and x.shape[-1] != x.shape[-2]:
        raise LinAlgError(f"linalg.{func}(): Last 2 dimensions of the array must be square "
                          f"(shape {x.shape})")


def _call(func: Any, *args: Any, **kwargs: Any) -> Any:
    try:
        return C.tag(func(*args, **kwargs))
    except InvalidArgumentError as e:
        msg = message(e)
        if any(w in msg for w in ("singular", "positive definite", "converge")):
            raise LinAlgError(msg) from None
        raise


def _views(name: str, *args: Any, **kwargs: Any) -> Any:
    return C.on_views(getattr(np.linalg, name), args, kwargs)


@C.numpy_fallback(np.linalg.cholesky)
def cholesky(a: Any, /, *, upper: builtins.bool = False) -> Array:
    """Cholesky factor L (a = L @ L^H), or U with ``upper=True``."""
    return _call(L.cholesky, _float(a, "cholesky", matrices="square"), upper=upper)


@C.numpy_fallback(np.linalg.det)
def det(a: Any) -> Array:
    """Determinant."""
    return _call(L.det, _float(a, "det", matrices="square"))


@C.numpy_fallback(np.linalg.slogdet)
def slogdet(a: Any) -> Any:
    """(sign, log|det|) as a named tuple."""
    return _call(L.slogdet, _float(a, "slogdet", matrices="square"))


@C.numpy_fallback(np.linalg.eig)
def eig(a: Any) -> Any:
    """Eigenvalues and right eigenvectors of square matrices (EigResult); real input
    with only real eigenvalues gives real results, as NumPy."""
    x = _float(a, "eig", matrices="square")
    w, v = _call(L.eig, x)
    if x._dtype not in D.COMPLEX and not bool((C.part(w, "imag") != 0).any()):
        w, v = _real_part(w), _real_part(v)
    return np.linalg._linalg.EigResult(w, v)


@C.numpy_fallback(np.linalg.eigvals)
def eigvals(a: Any) -> Array:
    """Eigenvalues of square matrices (real when all are real and the input is)."""
    x = _float(a, "eigvals", matrices="square")
    w = _call(L.eigvals, x)
    if x._dtype not in D.COMPLEX and not bool((C.part(w, "imag") != 0).any()):
        w = _real_part(w)
    return w


def _real_part(res: Array) -> Array:
    from .._api import elementwise as E

    return C.tag(E.real(res))


@C.numpy_fallback(np.linalg.eigh)
def eigh(a: Any, UPLO: str = "L") -> Any:  # noqa: N803 - NumPy's name
    """Eigenvalues and eigenvectors of Hermitian matrices (EighResult)."""
    if UPLO != "L":
        return _views("eigh", a, UPLO)
    return _call(L.eigh, _float(a, "eigh", matrices="square"))


@C.numpy_fallback(np.linalg.eigvalsh)
def eigvalsh(a: Any, UPLO: str = "L") -> Array:  # noqa: N803 - NumPy's name
    """Eigenvalues of Hermitian matrices (ascending)."""
    if UPLO != "L":
        return _views("eigvalsh", a, UPLO)
    return _call(L.eigvalsh, _float(a, "eigvalsh", matrices="square"))


@C.numpy_fallback(np.linalg.inv)
def inv(a: Any) -> Array:
    """Inverse of square matrices."""
    return _call(L.inv, _float(a, "inv", matrices="square"))


@C.numpy_fallback(np.linalg.solve)
def solve(a: Any, b: Any) -> Array:
    """x with a @ x = b."""
    return _call(L.solve, _float(a, "solve", matrices="square"), _float(b, "solve", "b"))


@C.numpy_fallback(np.linalg.qr)
def qr(a: Any, mode: str = "reduced") -> Any:
    """QR decomposition (QRResult) for the modes 'reduced' and 'complete'."""
    if mode not in ("reduced", "complete"):
        return _views("qr", a, mode)
    return _call(L.qr, _float(a, "qr", matrices="stack"), mode=mode)


@C.numpy_fallback(np.linalg.svd)
def svd(a: Any, full_matrices: builtins.bool = True, compute_uv: builtins.bool = True,
        hermitian: builtins.bool = False) -> Any:
    """Singular value decomposition (SVDResult), or the singular values."""
    if hermitian:
        return _views("svd", a, full_matrices, compute_uv, hermitian)
    if not compute_uv:
        return _call(L.svdvals, _float(a, "svd", matrices="stack"))
    return _call(L.svd, _float(a, "svd", matrices="stack"), full_matrices=full_matrices)


@C.numpy_fallback(np.linalg.svdvals)
def svdvals(x: Any, /) -> Array:
    """Singular values (descending)."""
    return _call(L.svdvals, _float(x, "svdvals", "x", matrices="stack"))


@C.numpy_fallback(np.linalg.matrix_power)
def matrix_power(a: Any, n: int) -> Array:
    """a raised to the integer power n (n < 0: of the inverse); integer matrices stay
    integers for n >= 0 (repeated matrix products, as NumPy)."""
    x = C.arr(a, "matrix_power", "a")
    _matrices(x, "matrix_power", square=True)
    n = operator.index(n)
    if n < 0 or x._dtype in D.FLOAT:
        return _call(L.matrix_power, _float(x, "matrix_power"), n)
    result = None
    base = x
    while n:
        if n & 1:
            result = base if result is None else S.matmul(result, base)
        n >>= 1
        if n:
            base = S.matmul(base, base)
    if result is None:  # n == 0: identity matrices of x's dtype and stack shape
        from .._api import creation, manipulation

        eye = creation.eye(x.shape[-1], dtype=x._dtype)
        result = C.tag(manipulation.broadcast_to(eye, x.shape))
        result = Array._new(result._array.copy(), x._dtype, True)
    return result


@C.numpy_fallback(np.linalg.matrix_rank)
def matrix_rank(A: Any, tol: Any = None, hermitian: builtins.bool = False, *,  # noqa: N803
                rtol: Any = None) -> Array | int:
    """Rank by SVD (singular values above the tolerance)."""
    if tol is not None or hermitian:
        return _views("matrix_rank", A, tol, hermitian, rtol=rtol)
    x = _float(A, "matrix_rank", "A")
    if x.ndim < 2:
        return int(bool((x != 0).any()))  # as NumPy: a Python int for a vector
    return _call(L.matrix_rank, x, rtol=rtol)


@C.numpy_fallback(np.linalg.pinv)
def pinv(a: Any, rcond: Any = None, hermitian: builtins.bool = False, *,
         rtol: Any = C.NOVALUE) -> Array:
    """Moore-Penrose pseudo-inverse."""
    if rcond is not None or hermitian:
        kw = {} if rtol is C.NOVALUE else {"rtol": rtol}
        return _views("pinv", a, rcond, hermitian, **kw)
    return _call(L.pinv, _float(a, "pinv", matrices="stack"),
                 rtol=None if rtol is C.NOVALUE else rtol)


def _numpys_norm(x: Array) -> builtins.bool:
    """Norms of NumPy's dtypes are NumPy's own (its summation order, so its last digit);
    aiarray's norms (computed in float64, scaled against overflow) serve bfloat16 and
    complex32."""
    return D.name_of(x._dtype) not in ("bfloat16", "complex32")


@C.numpy_fallback(np.linalg.norm)
def norm(x: Any, ord: Any = None, axis: Any = None, keepdims: builtins.bool = False) -> Array:
    """Vector or matrix norm, NumPy's rules: no axis gives the 2-norm of the flattened
    array (ord=None), else the vector norm of a 1-D or the matrix norm of a 2-D array;
    an int axis a vector norm, a pair of axes a matrix norm."""
    a = _float(x, "norm", "x")
    if _numpys_norm(a):
        return _views("norm", a, ord, axis, keepdims)
    if axis is None:
        if ord is None:
            res = _call(L.vector_norm, a, axis=None)
            if keepdims:
                res = Array._new(res._array.reshape((1,) * a.ndim), res._dtype, True)
            return res
        if a.ndim == 1:
            axis = 0
        elif a.ndim == 2:
            axis = (0, 1)
        else:
            raise InvalidArgumentError("norm(): improper number of dimensions to norm")
    if isinstance(axis, int | np.integer) or len(axis) == 1:
        ax = axis if isinstance(axis, int | np.integer) else axis[0]
        return _call(L.vector_norm, a, axis=ax, keepdims=keepdims,
                     ord=2 if ord is None else ord)
    if len(axis) != 2:
        raise InvalidArgumentError("norm(): improper number of dimensions to norm")
    moved = C.tag(_moved(a, tuple(axis)))
    res = _call(L.matrix_norm, moved, keepdims=keepdims, ord="fro" if ord is None else ord)
    if keepdims:
        shape = list(a.shape)
        for ax in axis:
            shape[ax] = 1
        res = Array._new(res._array.reshape(shape), res._dtype, True)
    return res


def _moved(a: Array, axes: tuple[Any, ...]) -> Array:
    from .._api import manipulation as M

    return M.moveaxis(a, axes, (-2, -1))


@C.numpy_fallback(np.linalg.vector_norm)
def vector_norm(x: Any, /, *, axis: Any = None, keepdims: builtins.bool = False,
                ord: Any = 2) -> Array:
    """Vector p-norm over ``axis`` (all elements when None)."""
    a = _float(x, "vector_norm", "x")
    if _numpys_norm(a):
        return _views("vector_norm", a, axis=axis, keepdims=keepdims, ord=ord)
    return _call(L.vector_norm, a, axis=axis, keepdims=keepdims, ord=ord)


@C.numpy_fallback(np.linalg.matrix_norm)
def matrix_norm(x: Any, /, *, keepdims: builtins.bool = False, ord: Any = "fro") -> Array:
    """Matrix norm over the last two axes."""
    a = _float(x, "matrix_norm", "x")
    if _numpys_norm(a):
        return _views("matrix_norm", a, keepdims=keepdims, ord=ord)
    return _call(L.matrix_norm, a, keepdims=keepdims, ord=ord)


@C.numpy_fallback(np.linalg.cond)
def cond(x: Any, p: Any = None) -> Array:
    """Condition number (NumPy's own)."""
    return _views("cond", x, p)


@C.numpy_fallback(np.linalg.lstsq)
def lstsq(a: Any, b: Any, rcond: Any = None) -> Any:
    """Least-squares solution (NumPy's own)."""
    return _views("lstsq", a, b, rcond)


@C.numpy_fallback(np.linalg.multi_dot)
def multi_dot(arrays: Any, *, out: Any = None) -> Array:
    """Product of a chain of matrices in the cheapest order (NumPy's own)."""
    return C.on_views(np.linalg.multi_dot, (list(arrays),), {"out": out} if out is not None
                      else {})


@C.numpy_fallback(np.linalg.tensorinv)
def tensorinv(a: Any, ind: int = 2) -> Array:
    """Inverse of a tensor under tensordot (NumPy's own)."""
    return _views("tensorinv", a, ind)


@C.numpy_fallback(np.linalg.tensorsolve)
def tensorsolve(a: Any, b: Any, axes: Any = None) -> Array:
    """Solve tensordot(a, x, x.ndim) = b (NumPy's own)."""
    return _views("tensorsolve", a, b, axes)


@C.numpy_fallback(np.linalg.cross)
def cross(x1: Any, x2: Any, /, *, axis: int = -1) -> Array:
    """Cross product of 3-vectors along ``axis``."""
    a, b = C.arr(x1, "cross", "x1"), C.arr(x2, "cross", "x2")
    if axis >= 0:  # NumPy counts it from the front of each array
        return C.on_views(np.linalg.cross, (a, b), {"axis": axis})
    return C.tag(L.cross(a, b, axis=axis))


@C.numpy_fallback(np.linalg.diagonal)
def diagonal(x: Any, /, *, offset: int = 0) -> Array:
    """Diagonals of the last two axes."""
    return C.tag(L.diagonal(C.arr(x, "diagonal", "x"), offset=offset))


@C.numpy_fallback(np.linalg.trace)
def trace(x: Any, /, *, offset: int = 0, dtype: Any = None) -> Array:
    """Sum along diagonals of the last two axes."""
    return C.tag(L.trace(C.arr(x, "trace", "x"), offset=offset, dtype=C.dtype_of(dtype)))


@C.numpy_fallback(np.linalg.outer)
def outer(x1: Any, x2: Any, /) -> Array:
    """Outer product of two vectors."""
    return C.tag(L.outer(C.arr(x1, "outer", "x1"), C.arr(x2, "outer", "x2")))


@C.numpy_fallback(np.linalg.matmul)
def matmul(x1: Any, x2: Any, /) -> Array:
    """Matrix product."""
    return S.matmul(x1, x2)


@C.numpy_fallback(np.linalg.matrix_transpose)
def matrix_transpose(x: Any, /) -> Array:
    """Swap the last two axes."""
    return C.tag(L.matrix_transpose(C.arr(x, "matrix_transpose", "x")))


@C.numpy_fallback(np.linalg.tensordot)
def tensordot(x1: Any, x2: Any, /, *, axes: Any = 2) -> Array:
    """Sum of products over the given axes."""
    return S.tensordot(x1, x2, axes)


@C.numpy_fallback(np.linalg.vecdot)
def vecdot(x1: Any, x2: Any, /, *, axis: int = -1) -> Array:
    """Vector dot product along ``axis``."""
    return S.vecdot(x1, x2, axis=axis)


from ._status import not_served_getattr  # noqa: E402

__getattr__ = not_served_getattr("linalg")

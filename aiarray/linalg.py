"""The standard's ``linalg`` extension, plus GB/T's LU (and eig/eigvals of 2025.12)."""

from __future__ import annotations

from typing import Any

from ._api.linear_algebra import matmul, matrix_transpose, tensordot, vecdot

__all__ = [
    "cholesky", "cross", "det", "diagonal", "eig", "eigh", "eigvals", "eigvalsh", "inv", "lu",
    "matmul", "matrix_norm", "matrix_power", "matrix_rank", "matrix_transpose", "outer", "pinv",
    "qr", "slogdet", "solve", "svd", "svdvals", "tensordot", "trace", "vecdot", "vector_norm",
]


def _todo(name: str) -> Any:
    def func(*args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError(name)

    func.__name__ = name
    return func


cholesky = _todo("cholesky")
cross = _todo("cross")
det = _todo("det")
diagonal = _todo("diagonal")
eig = _todo("eig")
eigh = _todo("eigh")
eigvals = _todo("eigvals")
eigvalsh = _todo("eigvalsh")
inv = _todo("inv")
lu = _todo("lu")
matrix_norm = _todo("matrix_norm")
matrix_power = _todo("matrix_power")
matrix_rank = _todo("matrix_rank")
outer = _todo("outer")
pinv = _todo("pinv")
qr = _todo("qr")
slogdet = _todo("slogdet")
solve = _todo("solve")
svd = _todo("svd")
svdvals = _todo("svdvals")
trace = _todo("trace")
vector_norm = _todo("vector_norm")

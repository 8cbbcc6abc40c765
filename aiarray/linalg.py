"""The standard's ``linalg`` extension (2025.12, with eig and eigvals), plus GB/T's LU.

The functions live in aiarray/_api/linalg_*.py; this module is their public home.
See docs/api/linalg.md.
"""

from __future__ import annotations

from ._api.linalg_base import (
    EighResult,
    EigResult,
    LUResult,
    QRResult,
    SlogdetResult,
    SVDResult,
)
from ._api.linalg_decomp import (
    cholesky,
    det,
    eig,
    eigh,
    eigvals,
    eigvalsh,
    inv,
    lu,
    matrix_power,
    matrix_rank,
    pinv,
    qr,
    slogdet,
    solve,
    svd,
    svdvals,
)
from ._api.linalg_ops import cross, diagonal, matrix_norm, outer, trace, vector_norm
from ._api.linear_algebra import matmul, matrix_transpose, tensordot, vecdot

__all__ = [
    "cholesky", "cross", "det", "diagonal", "eig", "eigh", "eigvals", "eigvalsh", "inv", "lu",
    "matmul", "matrix_norm", "matrix_power", "matrix_rank", "matrix_transpose", "outer", "pinv",
    "qr", "slogdet", "solve", "svd", "svdvals", "tensordot", "trace", "vecdot", "vector_norm",
]

# The result types are public too (for isinstance checks and type hints), but are not
# part of the standard's namespace, so they stay out of __all__.
_RESULTS = (EighResult, EigResult, LUResult, QRResult, SlogdetResult, SVDResult)

for _f in (cholesky, cross, det, diagonal, eig, eigh, eigvals, eigvalsh, inv, lu, matrix_norm,
           matrix_power, matrix_rank, outer, pinv, qr, slogdet, solve, svd, svdvals, trace,
           vector_norm, *_RESULTS):
    _f.__module__ = __name__  # they report their public module
del _f

"""The standard's ``linalg`` extension (2025.12, with eig and eigvals), plus GB/T's LU.

The functions live in aiarray/_api/linalg_*.py; this module is their public home.
See docs/api/linalg.md.
"""

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
from ._public import export as _export

__all__ = [
    "cholesky", "cross", "det", "diagonal", "eig", "eigh", "eigvals", "eigvalsh", "inv", "lu",
    "matmul", "matrix_norm", "matrix_power", "matrix_rank", "matrix_transpose", "outer", "pinv",
    "qr", "slogdet", "solve", "svd", "svdvals", "tensordot", "trace", "vecdot", "vector_norm",
    # the result types (for isinstance checks and type hints)
    "EighResult", "EigResult", "LUResult", "QRResult", "SlogdetResult", "SVDResult",
]

# matmul, matrix_transpose, tensordot and vecdot keep "aiarray", set by the top level
__dir__ = _export(__name__, globals())

"""Sparse arrays in COO form (GB/T 7.2.1.14 sparse tensor; GB/T 6.4 sparse storage).

A :class:`SparseArray` stores the positions (``indices``, shape ``(ndim, nnz)``) and
values (``values``, shape ``(nnz,)``) of its stored elements; every other element
is zero.  Sparse arrays are created by their own functions (:func:`coo_array`,
:func:`from_dense`; GB/T 5.6: sparse and dense creation are separate) and turn back
into a dense :class:`aiarray.Array` with :meth:`SparseArray.todense`.

Storage (the COO format this implementation uses, as GB/T 6.4 asks implementers to
state): indices are sorted in row-major order with no duplicates (duplicates given
to :func:`coo_array` are summed); stored zeros are kept and counted in ``nnz``.  The
dense shape's element count must fit in int64.  Every dtype of aiarray works;
bfloat16 / complex32 values are computed in float32 / complex64 and rounded once.

Arithmetic (``+ - *`` and :func:`add`, :func:`subtract`, :func:`multiply`) with a
SparseArray, a dense Array or a scalar: the result dtype is ``aiarray.result_type``
of the operands under the active promotion policy, and the values equal the dense
computation, including IEEE results such as ``0 * inf = nan``.  ``sparse + dense``
and ``sparse - dense`` are dense Arrays; sparse-sparse results and ``multiply`` with
a dense operand are sparse.  ``matmul`` / ``@`` skips the implicit zeros (as every
sparse library does): with an infinite or NaN dense value the result can differ from
the dense product, which would give NaN.
"""

from ._api.gbt_sparse import (
    SparseArray,
    add,
    coo_array,
    from_dense,
    matmul,
    multiply,
    subtract,
)
from ._public import export as _export

__all__ = ["SparseArray", "add", "coo_array", "from_dense", "matmul", "multiply", "subtract"]

__dir__ = _export(__name__, globals())

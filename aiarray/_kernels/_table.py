"""What each elementwise op of the registry looks like inside a numba kernel.

Pure data (no numba import), collected from the op records (``aiarray/_registry.py``:
each record's ``kernel``, ``numpy_only`` and ``ulp``).  ``EXPR[op][kinds]`` is a scalar
expression over the operands ``a`` (and ``b``) for the dtype kinds in ``kinds`` (NumPy
kind letters: ``b`` bool, ``i`` signed, ``u`` unsigned, ``f`` real float, ``c``
complex).  Names inside an expression: the operands, ``math``, ``np``, the helpers of
:mod:`aiarray._kernels._helpers` (``one``, ``ffloordiv``, ...) and ``nbits`` (the bit
width of the operands' dtype).  The generator (``tools/gen_kernels.py``) turns every
entry into the kernels of ``_generated.py``.

``NUMPY_ONLY[op]`` gives, per kinds, why an op keeps NumPy's loop (the kernel
module then runs that loop in threads, see ``_threads``).  A test checks that
every (op, dtype) of the registry that numba can type is covered by exactly one
of the two tables, and that every kernel matches NumPy bitwise (``EXACT``) or
within ``ULP`` units in the last place.
"""

from __future__ import annotations

from collections.abc import Iterable

from .._registry import OPS, ElementwiseOp

# Kinds numba supports; float16, bfloat16 and complex32 never reach the kernels.
NUMBA_KINDS = "biufc"

# Computing kinds whose binary ops also get a converting kernel (``_vvx``: operands of
# other dtypes converted as they are read); not bool or complex.
CONVERTING_KINDS = "iuf"

def kernel_tables(ops: Iterable[ElementwiseOp]) -> tuple[
        dict[str, dict[str, str]], dict[str, dict[str, str]], dict[str, int]]:
    """(``EXPR``, ``NUMPY_ONLY``, ``ULP``) of the records ``ops``, in their order."""
    ops = list(ops)
    return ({op.name: op.kernel for op in ops if op.kernel},
            {op.name: op.numpy_only for op in ops if op.numpy_only},
            {op.name: op.ulp for op in ops if op.ulp})


EXPR, NUMPY_ONLY, ULP = kernel_tables(OPS.values())

# Ops the large path leaves to NumPy whatever the size: NumPy does no work for them.
NO_LARGE_PATH: dict[str, str] = {
    "real": "NumPy returns a view (or the input) without computing anything",
    "imag": "NumPy returns a view (complex) or fresh zero pages (real)",
}

# The streaming forms of the 1-D kernels: measured choices, kept with the machine, date
# and report they come from in defaults.json ("streams"; benchmarks/reports/
# streaming-2026-11-30.md), and read from there on first use (tools/gen_kernels.py; not
# at import).  DIRECT_STREAM: ops cheap enough that their scalar loop keeps up with
# memory store each result straight from the loop (non-temporal scalar stores); the
# other ops compute a chunk into a cache-resident scratch buffer first, so that their
# arithmetic stays vectorized, then stream the chunk out.  VECTOR_STREAM: float ops that
# are one IEEE operation on their two operands, with the llvm instruction that computes
# it; their kernels for real floats compute whole 64-byte vectors and store each with
# one aligned non-temporal vector store (a loop that holds a scalar non-temporal store
# is not vectorized, and a scalar division is slower than memory).
def __getattr__(name: str) -> frozenset[str] | dict[str, str]:
    if name in ("DIRECT_STREAM", "VECTOR_STREAM"):
        from ._tuning import defaults

        streams = defaults()["streams"]
        if name == "DIRECT_STREAM":
            return frozenset(streams["direct"])
        return dict(streams["vector"])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

# Ops whose kernels must equal NumPy bit for bit (correctly rounded or exact): a record's
# ulp 0.  The others are transcendental: within ULP[op] units in the last place of NumPy
# on floats (integer pow is exact: repeated multiplication).
TRANSCENDENTAL = frozenset(ULP)


def exact(op: str, kind: str) -> bool:
    """Whether ``op`` has a kernel for dtype kind ``kind`` that equals NumPy bit for bit
    (the parallel backend's rule: numba wherever this holds)."""
    return expression(op, kind) is not None and (op not in TRANSCENDENTAL or kind in "biu")


def expression(op: str, kind: str) -> tuple[str, str] | None:
    """(kinds key, expression) of ``op`` for dtype kind ``kind``, or None."""
    for kinds, expr in EXPR.get(op, {}).items():
        if kind in kinds:
            return kinds, expr
    return None


def numpy_only_reason(op: str, kind: str) -> str | None:
    """Why ``op`` on dtype kind ``kind`` has no numba kernel, or None."""
    for kinds, why in NUMPY_ONLY.get(op, {}).items():
        if kind in kinds:
            return why
    return None

"""GB/T 5.5 status codes and the exceptions that carry them.

Each status has one exception class that is also the matching standard Python
exception, so ``except TypeError`` and ``except aiarray.TypeMismatchError``
both work and ``err.status`` tells the GB/T status.  A few refinements keep the
Python exception a caller expects (OverflowError for a Python int that does not
fit, RuntimeError for MindSpore's parameter rule, BufferError for DLPack).

The draft's status table (clause 5.5, table 1) is cut off in the seed text, so
the names follow its wording and the numbers are aiarray's own.
"""

from __future__ import annotations

import enum

__all__ = [
    "Status", "AiarrayError", "UninitializedError", "InvalidArgumentError",
    "TypeMismatchError", "DimensionMismatchError", "OutOfRangeError", "AxisError",
    "AllocationError", "InternalError", "ScalarOverflowError", "ParameterCastError",
    "DLPackError",
]


class Status(enum.IntEnum):
    """GB/T 5.5 operator status codes (table 1)."""

    SUCCESS = 0
    UNINITIALIZED = 1  # object not initialised / not a valid tensor
    INVALID_ARGUMENT = 2
    TYPE_MISMATCH = 3
    DIMENSION_MISMATCH = 4
    OUT_OF_RANGE = 5
    AXIS_ERROR = 6
    ALLOCATION_FAILED = 7
    INTERNAL_ERROR = 8


class AiarrayError(Exception):
    """Base of every aiarray error; ``.status`` is the GB/T status code."""

    status: Status = Status.INTERNAL_ERROR


class UninitializedError(AiarrayError, TypeError):
    """The argument is not an initialised array (e.g. ``None`` or a foreign object)."""

    status = Status.UNINITIALIZED


class InvalidArgumentError(AiarrayError, ValueError):
    """An argument's value is not allowed."""

    status = Status.INVALID_ARGUMENT


class TypeMismatchError(AiarrayError, TypeError):
    """Data types that cannot be combined, or a dtype outside the allowed category."""

    status = Status.TYPE_MISMATCH


class DimensionMismatchError(AiarrayError, ValueError):
    """Shapes that do not broadcast or do not match."""

    status = Status.DIMENSION_MISMATCH


class OutOfRangeError(AiarrayError, IndexError):
    """An index outside the array."""

    status = Status.OUT_OF_RANGE


class AxisError(AiarrayError, ValueError, IndexError):
    """An axis outside ``[-ndim, ndim)`` or repeated."""

    status = Status.AXIS_ERROR


class AllocationError(AiarrayError, MemoryError):
    """Memory for the result could not be allocated."""

    status = Status.ALLOCATION_FAILED


class InternalError(AiarrayError, RuntimeError):
    """An internal operation failed."""

    status = Status.INTERNAL_ERROR


class ScalarOverflowError(AiarrayError, OverflowError):
    """A Python int that does not fit the dtype it must take (no silent wrap-around)."""

    status = Status.OUT_OF_RANGE


class ParameterCastError(AiarrayError, RuntimeError):
    """MindSpore policy: an array marked as a parameter would need an implicit cast."""

    status = Status.TYPE_MISMATCH


class DLPackError(AiarrayError, BufferError):
    """The array cannot be exported or imported through DLPack as asked."""

    status = Status.INVALID_ARGUMENT

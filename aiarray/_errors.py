"""GB/T 5.5 status codes and the exceptions that carry them.

Each status has one exception class that is also the matching standard Python
exception, so ``except TypeError`` and ``except aiarray.TypeMismatchError``
both work and ``err.status`` tells the GB/T status.  A few refinements keep the
Python exception a caller expects (OverflowError for a Python int that does not
fit, RuntimeError for MindSpore's parameter rule, BufferError for DLPack).

The rule every error leaving aiarray follows: it is a TypeError, ValueError,
IndexError, OverflowError, ZeroDivisionError or MemoryError (``STANDARD_TYPES``),
carries ``.status``, and its message ends with the status, e.g.
``[GB/T status 5 OUT_OF_RANGE]``.  The classes that are also a RuntimeError or a
BufferError are one of the six as well.

The draft's status table (clause 5.5, table 1) is cut off in the seed text, so
the names follow its wording and the numbers are aiarray's own.
"""

from __future__ import annotations

import enum

__all__ = [
    "Status", "AiarrayError", "UninitializedError", "InvalidArgumentError",
    "TypeMismatchError", "DimensionMismatchError", "OutOfRangeError", "AxisError",
    "AllocationError", "InternalError", "ScalarOverflowError", "ParameterCastError",
    "DLPackError", "STANDARD_TYPES",
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


# The standard exception types an aiarray error always is one of (at least one).
STANDARD_TYPES = (TypeError, ValueError, IndexError, OverflowError, ZeroDivisionError,
                  MemoryError)


class AiarrayError(Exception):
    """Base of every aiarray error; ``.status`` is the GB/T status code.

    The message ends with the status (``[GB/T status 5 OUT_OF_RANGE]``); ``args``
    keep the message as raised, so the error pickles and re-raises unchanged.
    """

    status: Status = Status.INTERNAL_ERROR

    def __str__(self) -> str:
        return f"{super().__str__()} [GB/T status {int(self.status)} {self.status.name}]"


def message(err: BaseException) -> str:
    """The message of ``err`` without the status suffix (to wrap it in another error)."""
    if isinstance(err, AiarrayError):
        return str(err.args[0]) if err.args else ""
    return str(err)


class UninitializedError(AiarrayError, TypeError):
    """The argument is not an initialised array (e.g. ``None`` or a foreign object)."""

    status = Status.UNINITIALIZED


class InvalidArgumentError(AiarrayError, ValueError):
    """An argument's value is not allowed."""

    status = Status.INVALID_ARGUMENT


class TypeMismatchError(AiarrayError, TypeError):
    """Data types that cannot be combined, or a dtype outside the allowed category."""

    status = Status.TYPE_MISMATCH


class IndexTypeError(TypeMismatchError, IndexError):
    """An index of a type that cannot index (a float, a string, a dict): a
    TypeMismatchError (a TypeError) and also an IndexError, which NumPy raises for it."""


class ForeignDataError(TypeMismatchError):
    """An argument holds data of a dtype aiarray has no counterpart for (strings,
    objects, records, datetimes, a non-native byte order): the NumPy swap-in hands such
    calls to NumPy itself."""


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


class InternalError(AiarrayError, RuntimeError, ValueError):
    """An internal operation failed (also a ValueError: the call cannot give a result)."""

    status = Status.INTERNAL_ERROR


class ScalarOverflowError(AiarrayError, OverflowError):
    """A Python int that does not fit the dtype it must take (no silent wrap-around)."""

    status = Status.OUT_OF_RANGE


class ParameterCastError(AiarrayError, RuntimeError, TypeError):
    """MindSpore policy: an array marked as a parameter would need an implicit cast.

    Also a TypeError: the operands' dtypes do not combine under this policy.
    """

    status = Status.TYPE_MISMATCH


class NoBufferFormatError(TypeMismatchError, BufferError):
    """An array whose dtype the buffer protocol has no format for (bfloat16, complex32):
    a TypeError and a BufferError (``numpy.asarray`` then takes ``__array__``)."""


class DLPackError(AiarrayError, BufferError, ValueError):
    """The array cannot be exported or imported through DLPack as asked.

    A BufferError, as the standard asks, and a ValueError (the argument's value,
    its dtype, device or copy request, is what cannot be honoured).
    """

    status = Status.INVALID_ARGUMENT

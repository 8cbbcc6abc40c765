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
    """GB/T 5.5 operator status codes (table 1).

    Examples
    --------
    >>> xp.Status.OUT_OF_RANGE, int(xp.Status.OUT_OF_RANGE)
    (<Status.OUT_OF_RANGE: 5>, 5)
    >>> xp.Status(6)
    <Status.AXIS_ERROR: 6>
    >>> xp.AxisError.status  # the status an error class carries
    <Status.AXIS_ERROR: 6>
    """

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

    Examples
    --------
    >>> try:
    ...     xp.asarray([1, 2], dtype=xp.int8) + 1000
    ... except xp.AiarrayError as e:  # catches every aiarray error
    ...     print(e)
    ...     e.args, e.status
    add() x2=1000 does not fit int8 [-128, 127] [GB/T status 5 OUT_OF_RANGE]
    (('add() x2=1000 does not fit int8 [-128, 127]',), <Status.OUT_OF_RANGE: 5>)
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
    """The argument is not an initialised array (e.g. ``None`` or a foreign object).

    Examples
    --------
    >>> try:
    ...     xp.abs(None)
    ... except xp.UninitializedError as e:
    ...     type(e), isinstance(e, TypeError), e.status
    (<class 'aiarray.UninitializedError'>, True, <Status.UNINITIALIZED: 1>)
    """

    status = Status.UNINITIALIZED


class InvalidArgumentError(AiarrayError, ValueError):
    """An argument's value is not allowed.

    Examples
    --------
    >>> try:
    ...     xp.zeros(3, device='gpu')
    ... except xp.InvalidArgumentError as e:
    ...     type(e), isinstance(e, ValueError), e.status
    (<class 'aiarray.InvalidArgumentError'>, True, <Status.INVALID_ARGUMENT: 2>)
    """

    status = Status.INVALID_ARGUMENT


class TypeMismatchError(AiarrayError, TypeError):
    """Data types that cannot be combined, or a dtype outside the allowed category.

    Examples
    --------
    >>> try:
    ...     xp.scalar(1.5, dtype=xp.int8)  # 1.5 is not an int8
    ... except xp.TypeMismatchError as e:
    ...     type(e), isinstance(e, TypeError), e.status
    (<class 'aiarray.TypeMismatchError'>, True, <Status.TYPE_MISMATCH: 3>)
    """

    status = Status.TYPE_MISMATCH


class IndexTypeError(TypeMismatchError, IndexError):
    """An index of a type that cannot index (a float, a string, a dict): a
    TypeMismatchError (a TypeError) and also an IndexError, which NumPy raises for it."""


class ForeignDataError(TypeMismatchError):
    """An argument holds data of a dtype aiarray has no counterpart for (strings,
    objects, records, datetimes, a non-native byte order): the NumPy swap-in hands such
    calls to NumPy itself."""


class DimensionMismatchError(AiarrayError, ValueError):
    """Shapes that do not broadcast or do not match.

    Examples
    --------
    >>> try:
    ...     xp.zeros(2) + xp.zeros(3)
    ... except xp.DimensionMismatchError as e:
    ...     type(e), isinstance(e, ValueError), e.status
    (<class 'aiarray.DimensionMismatchError'>, True, <Status.DIMENSION_MISMATCH: 4>)
    """

    status = Status.DIMENSION_MISMATCH


class OutOfRangeError(AiarrayError, IndexError):
    """An index outside the array.

    Examples
    --------
    >>> try:
    ...     xp.asarray([1, 2, 3])[5]
    ... except xp.OutOfRangeError as e:
    ...     type(e), isinstance(e, IndexError), e.status
    (<class 'aiarray.OutOfRangeError'>, True, <Status.OUT_OF_RANGE: 5>)
    """

    status = Status.OUT_OF_RANGE


class AxisError(AiarrayError, ValueError, IndexError):
    """An axis outside ``[-ndim, ndim)`` or repeated.

    Examples
    --------
    >>> try:
    ...     xp.sum(xp.zeros(3), axis=1)
    ... except xp.AxisError as e:
    ...     type(e), isinstance(e, ValueError), isinstance(e, IndexError), e.status
    (<class 'aiarray.AxisError'>, True, True, <Status.AXIS_ERROR: 6>)
    """

    status = Status.AXIS_ERROR


class AllocationError(AiarrayError, MemoryError):
    """Memory for the result could not be allocated.

    Examples
    --------
    >>> try:
    ...     xp.zeros((2**40, 2**40))  # more bytes than any address space
    ... except xp.AllocationError as e:
    ...     type(e), isinstance(e, MemoryError), e.status
    (<class 'aiarray.AllocationError'>, True, <Status.ALLOCATION_FAILED: 7>)
    """

    status = Status.ALLOCATION_FAILED


class InternalError(AiarrayError, RuntimeError, ValueError):
    """An internal operation failed (also a ValueError: the call cannot give a result).

    Examples
    --------
    No call raises it unless aiarray's own machinery fails (a bug); one made directly:

    >>> e = xp.InternalError("no parallel route")
    >>> isinstance(e, RuntimeError), isinstance(e, ValueError), e.status
    (True, True, <Status.INTERNAL_ERROR: 8>)
    >>> print(e)
    no parallel route [GB/T status 8 INTERNAL_ERROR]
    """

    status = Status.INTERNAL_ERROR


class ScalarOverflowError(AiarrayError, OverflowError):
    """A Python int that does not fit the dtype it must take (no silent wrap-around).

    Examples
    --------
    >>> try:
    ...     xp.full(2, 300, dtype=xp.int8)
    ... except xp.ScalarOverflowError as e:
    ...     type(e), isinstance(e, OverflowError), e.status
    (<class 'aiarray.ScalarOverflowError'>, True, <Status.OUT_OF_RANGE: 5>)
    """

    status = Status.OUT_OF_RANGE


class ParameterCastError(AiarrayError, RuntimeError, TypeError):
    """MindSpore policy: an array marked as a parameter would need an implicit cast.

    Also a TypeError: the operands' dtypes do not combine under this policy.

    Examples
    --------
    >>> w = xp.as_parameter(xp.ones(2, dtype=xp.float16))
    >>> try:
    ...     with xp.promotion_policy('mindspore'):
    ...         w + xp.ones(2, dtype=xp.float32)
    ... except xp.ParameterCastError as e:
    ...     type(e), isinstance(e, TypeError), isinstance(e, RuntimeError), e.status
    (<class 'aiarray.ParameterCastError'>, True, True, <Status.TYPE_MISMATCH: 3>)
    """

    status = Status.TYPE_MISMATCH


class NoBufferFormatError(TypeMismatchError, BufferError):
    """An array whose dtype the buffer protocol has no format for (bfloat16, complex32):
    a TypeError and a BufferError (``numpy.asarray`` then takes ``__array__``)."""


class DLPackError(AiarrayError, BufferError, ValueError):
    """The array cannot be exported or imported through DLPack as asked.

    A BufferError, as the standard asks, and a ValueError (the argument's value,
    its dtype, device or copy request, is what cannot be honoured).

    Examples
    --------
    >>> try:
    ...     xp.ones(2).__dlpack__(dl_device=(2, 0))  # 2: a CUDA device
    ... except xp.DLPackError as e:
    ...     type(e), isinstance(e, BufferError), isinstance(e, ValueError), e.status
    (<class 'aiarray.DLPackError'>, True, True, <Status.INVALID_ARGUMENT: 2>)
    """

    status = Status.INVALID_ARGUMENT

"""Set functions of the standard (the GB/T draft defines no set operator).

Uniqueness is value equality: every NaN (and every complex value with a NaN part)
is distinct, -0.0 and +0.0 are one value.  Unique values come out sorted
(NaN last); index and count arrays are int64.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .. import _dtypes as D
from .._array import Array
from .._dispatch import array_arg, operands
from .._errors import ScalarOverflowError, TypeMismatchError, message
from .._registry import OPS

# operands() names the function in its messages: "equal" under the name isin.
_ISIN = OPS["equal"].replace(name="isin")

__all__ = ["isin", "unique_all", "unique_counts", "unique_inverse", "unique_values"]


class UniqueAllResult(NamedTuple):
    """Result of :func:`unique_all`."""

    values: Array
    indices: Array
    inverse_indices: Array
    counts: Array


class UniqueCountsResult(NamedTuple):
    """Result of :func:`unique_counts`."""

    values: Array
    counts: Array


class UniqueInverseResult(NamedTuple):
    """Result of :func:`unique_inverse`."""

    values: Array
    inverse_indices: Array


def _unique(x: object, func: str, index: bool, inverse: bool,
            counts: bool) -> tuple[Array, ...]:
    """Unique values of flattened ``x`` and the requested int64 index/count arrays."""
    x = array_arg(x, func, "x")
    # bfloat16 / complex32 widen exactly, so values and equality are unchanged.
    a = D.widen(x._array).reshape(-1)
    if not (index or inverse or counts):
        return (Array._new(D.narrow(np.unique(a, equal_nan=False), x._dtype), x._dtype),)
    # Asking for the first indices makes NumPy sort stably, so the k-th NaN of x maps
    # to the k-th NaN of the values: the inverse indices are deterministic.
    res = list(np.unique(a, return_index=True, return_inverse=inverse,  # type: ignore[call-overload]  # NumPy's stubs take literal flags only
                         return_counts=counts, equal_nan=False))
    if inverse:  # the inverse indices have x's shape
        res[2] = res[2].reshape(x.shape)
    if not index:
        del res[1]
    return (Array._new(D.narrow(res[0], x._dtype), x._dtype),
            *(Array._new(r.astype(D.int64, copy=False), D.int64) for r in res[1:]))


def unique_all(x: Array, /) -> UniqueAllResult:
    """Unique values of ``x`` with first-occurrence indices, inverse indices and counts.

    ``inverse_indices`` has the shape of ``x``; each NaN is its own value (count 1).

    Examples
    --------
    >>> r = xp.unique_all(xp.asarray([3, 1, 3, 2, 1], dtype=xp.int8))
    >>> r.values
    Array([1, 2, 3], dtype=int8)
    >>> r.indices
    Array([1, 3, 0], dtype=int64)
    >>> r.inverse_indices
    Array([2, 0, 2, 1, 0], dtype=int64)
    >>> r.counts
    Array([2, 1, 2], dtype=int64)
    """
    return UniqueAllResult(*_unique(x, "unique_all", True, True, True))


def unique_counts(x: Array, /) -> UniqueCountsResult:
    """Unique values of ``x`` and how often each occurs (each NaN counts once).

    Examples
    --------
    >>> values, counts = xp.unique_counts(xp.asarray([3, 1, 3, 2, 1]))
    >>> values
    Array([1, 2, 3], dtype=int64)
    >>> counts
    Array([2, 1, 2], dtype=int64)
    """
    return UniqueCountsResult(*_unique(x, "unique_counts", False, False, True))


def unique_inverse(x: Array, /) -> UniqueInverseResult:
    """Unique values of ``x`` and the indices (shape of ``x``) that rebuild ``x`` from them.

    Examples
    --------
    >>> values, inverse = xp.unique_inverse(xp.asarray([3, 1, 3, 2]))
    >>> values
    Array([1, 2, 3], dtype=int64)
    >>> inverse
    Array([2, 0, 2, 1], dtype=int64)
    >>> values[inverse]
    Array([3, 1, 3, 2], dtype=int64)
    """
    return UniqueInverseResult(*_unique(x, "unique_inverse", False, True, False))


def unique_values(x: Array, /) -> Array:
    """Unique values of ``x`` as a sorted 1-D array (each NaN kept).

    Examples
    --------
    >>> xp.unique_values(xp.asarray([3.0, 1.0, 3.0, xp.nan, xp.nan], dtype=xp.float32))
    Array([ 1.,  3., nan, nan], dtype=float32)
    """
    return _unique(x, "unique_values", False, False, False)[0]


def isin(x1: Array | int, x2: Array | int, /, *, invert: bool = False) -> Array:
    """Whether each element of ``x1`` equals some element of ``x2`` (bool, shape of ``x1``).

    ``x1``/``x2`` are arrays or Python scalars (at least one an array), promoted by the
    active policy as for :func:`equal`; NaN is in nothing, -0.0 is in [+0.0].
    ``invert=True`` gives the negation.

    Examples
    --------
    >>> x = xp.asarray([1, 2, 3, 4])
    >>> xp.isin(x, xp.asarray([2, 4]))
    Array([False,  True, False,  True], dtype=bool)
    >>> xp.isin(x, xp.asarray([2, 4]), invert=True)
    Array([ True, False,  True, False], dtype=bool)
    """
    if not isinstance(invert, bool | np.bool_):
        raise TypeMismatchError(f"isin(): invert={invert!r} must be a bool")
    try:
        a1, a2, _ = operands(_ISIN, x1, x2)
    except ScalarOverflowError as e:  # name the function and the argument
        arg = "x1" if type(x1) is not Array else "x2"
        raise ScalarOverflowError(f"isin(): {arg}: {message(e)}") from None
    out = np.isin(D.widen(a1), D.widen(a2), invert=bool(invert))
    return Array._new(np.asarray(out, D.bool_), D.bool_)

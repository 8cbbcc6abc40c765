"""Searching functions of the standard."""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _dtypes as D
from .._array import Array
from .._dispatch import not_an_array, operands
from .._errors import DimensionMismatchError, TypeMismatchError
from .._registry import OPS

__all__ = ["argmax", "argmin", "count_nonzero", "nonzero", "searchsorted", "where"]


def where(condition: Array, x1: Array | complex, x2: Array | complex, /) -> Array:
    """``x1`` where ``condition`` is true, else ``x2`` (GB/T 7.2.3.23).

    ``x1`` and ``x2`` (arrays or scalars) are promoted by the active policy.
    """
    if type(condition) is not Array:
        raise not_an_array("where", "condition", condition)
    if condition.dtype is not D.bool_:
        raise TypeMismatchError(
            f"where(): condition must be bool, got dtype {D.name_of(condition.dtype)}"
        )
    a1, a2, dt = operands(OPS["equal"], x1, x2)
    try:
        out = np.where(condition._array, a1, a2)
    except ValueError:
        raise DimensionMismatchError(
            f"where(): shapes {condition.shape}, {np.shape(a1)} and {np.shape(a2)} "
            "do not broadcast"
        ) from None
    return Array._new(out, dt)


def argmax(x: Any, /, *, axis: Any = None, keepdims: Any = False) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("argmax")


def argmin(x: Any, /, *, axis: Any = None, keepdims: Any = False) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("argmin")


def count_nonzero(x: Any, /, *, axis: Any = None, keepdims: Any = False) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("count_nonzero")


def nonzero(x: Any, /) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("nonzero")


def searchsorted(x1: Any, x2: Any, /, *, side: Any = 'left', sorter: Any = None) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("searchsorted")

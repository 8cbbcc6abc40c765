"""The types of aiarray's API, for type checkers (``aiarray.typing`` is their public home).

Nothing here runs on a call: the modules annotate with ``from __future__ import
annotations``, so these names cost an import, never a check.  ``Array`` and
``TypedScalar`` are named for the type checker only (they import this module).
"""

from __future__ import annotations

from collections.abc import Sequence
from types import EllipsisType
from typing import TYPE_CHECKING, Any, Protocol, SupportsIndex, TypeAlias, overload

import numpy as np

from ._device import Device

if TYPE_CHECKING:
    from ._array import Array
    from ._promotion import TypedScalar

__all__ = ["BinaryFunction", "DType", "Device", "Index", "NDArray", "Operand", "Scalar",
           "SetValue", "UnaryFunction"]

DType: TypeAlias = np.dtype[Any]
"""An aiarray data type: every one is a ``numpy.dtype`` instance (bfloat16 is ml_dtypes',
complex32 a tagged record dtype)."""

NDArray: TypeAlias = np.ndarray[tuple[int, ...], np.dtype[Any]]
"""The NumPy array an Array wraps (inside aiarray)."""

Scalar: TypeAlias = bool | int | float | complex
"""A Python scalar operand (the standard's ``bool | int | float | complex``)."""

Operand: TypeAlias = "Array | bool | int | float | complex | TypedScalar"
"""An operand of a binary elementwise function or operator: an Array, a Python scalar
or a typed scalar (``aiarray.scalar``)."""


IndexItem: TypeAlias = "SupportsIndex | slice | EllipsisType | Array | NDArray | list[Any] | None"
"""One part of an index: an integer, a slice, ``...``, ``None`` (a new axis), an integer or
bool Array, or (the NumPy swap-in's forms) an ndarray or a list."""

Index: TypeAlias = "IndexItem | tuple[IndexItem, ...]"
"""The key of ``x[key]``."""

SetValue: TypeAlias = "Operand | np.generic | NDArray | Sequence[Any]"
"""The value of ``x[key] = value``: an Array or a scalar; swap-in arrays also take NumPy
scalars, ndarrays, lists and tuples."""


class UnaryFunction(Protocol):
    """An elementwise function of one array: ``sin(x, /) -> Array``."""

    def __call__(self, x: Array, /) -> Array: ...


class BinaryFunction(Protocol):
    """An elementwise function of two operands, at least one of them an Array:
    ``add(x1, x2, /) -> Array``."""

    @overload
    def __call__(self, x1: Array, x2: Operand, /) -> Array: ...
    @overload
    def __call__(self, x1: Operand, x2: Array, /) -> Array: ...


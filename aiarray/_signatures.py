"""The types that name Array, for type checkers (``aiarray.typing`` is their public
home): an operand, an index, a value to set, and the elementwise functions' types.
Nothing here runs on a call; ``Array`` and ``TypedScalar`` are named for the type
checker only (their modules import this one).
"""

from __future__ import annotations

from collections.abc import Sequence
from types import EllipsisType
from typing import TYPE_CHECKING, Any, Protocol, SupportsIndex, TypeAlias, overload

import numpy as np

from ._typing import NDArray

if TYPE_CHECKING:
    from ._array import Array
    from ._promotion import TypedScalar

__all__ = ["BinaryFunction", "Index", "IndexItem", "Operand", "SetValue", "UnaryFunction"]

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


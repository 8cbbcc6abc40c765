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
    """An elementwise function of one array: ``sin(x, /) -> Array``.

    Examples
    --------
    >>> from aiarray.typing import Array, UnaryFunction
    >>> def twice(f: UnaryFunction, x: Array) -> Array:
    ...     return f(f(x))
    >>> twice(xp.abs, xp.asarray([-1.5, 2.0]))
    Array([1.5, 2. ], dtype=float64)
    >>> twice(xp.negative, xp.asarray([1, -2], dtype=xp.int8))
    Array([ 1, -2], dtype=int8)
    """

    def __call__(self, x: Array, /) -> Array: ...


class BinaryFunction(Protocol):
    """An elementwise function of two operands, at least one of them an Array:
    ``add(x1, x2, /) -> Array``.

    Examples
    --------
    >>> from aiarray.typing import Array, BinaryFunction, Scalar
    >>> def fold(f: BinaryFunction, x: Array, limit: Scalar) -> Array:
    ...     return f(x, limit)
    >>> fold(xp.maximum, xp.asarray([1, 5], dtype=xp.int16), 3)
    Array([3, 5], dtype=int16)
    >>> fold(xp.add, xp.asarray([1, 5], dtype=xp.int16), xp.scalar(1, dtype=xp.int8))
    Array([2, 6], dtype=int16)
    """

    @overload
    def __call__(self, x1: Array, x2: Operand, /) -> Array: ...
    @overload
    def __call__(self, x1: Operand, x2: Array, /) -> Array: ...


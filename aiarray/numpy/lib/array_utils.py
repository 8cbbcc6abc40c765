"""``aiarray.numpy.lib.array_utils``: NumPy 2's ``numpy.lib.array_utils``.

``byte_bounds`` gives the memory an Array's elements occupy (of its own data: the
addresses NumPy gives for that data); ``normalize_axis_index`` and
``normalize_axis_tuple`` are NumPy's own, raising ``aiarray.numpy.exceptions.AxisError``
(NumPy's AxisError too) for an axis out of range.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..._array import Array
from .._boundary import guarded

__all__ = ["byte_bounds", "normalize_axis_index", "normalize_axis_tuple"]


@guarded
def byte_bounds(a: Any) -> tuple[int, int]:
    """(low, high): the first address of ``a``'s elements and one past the last."""
    return np.lib.array_utils.byte_bounds(a._array if type(a) is Array else a)


@guarded
def normalize_axis_index(axis: Any, ndim: Any, msg_prefix: Any = None) -> int:
    """``axis`` (negative counts from the end) as an index in [0, ndim); AxisError if out
    of range."""
    return np.lib.array_utils.normalize_axis_index(axis, ndim, msg_prefix)


@guarded
def normalize_axis_tuple(axis: Any, ndim: Any, argname: Any = None,
                         allow_duplicate: bool = False) -> tuple[int, ...]:
    """``axis`` (an int or a sequence of ints) as a tuple of indices in [0, ndim)."""
    return np.lib.array_utils.normalize_axis_tuple(axis, ndim, argname, allow_duplicate)

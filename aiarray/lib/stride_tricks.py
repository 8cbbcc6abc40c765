"""``sliding_window_view``: windows of an Array as a read-only view (no copy)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .._array import Array
from .._dispatch import array_arg
from .._errors import AxisError, InvalidArgumentError, TypeMismatchError, message

__all__ = ["sliding_window_view"]


def sliding_window_view(x: Array, window_shape: int | Sequence[int],
                        axis: int | Sequence[int] | None = None) -> Array:
    """The sliding windows of ``x`` (NumPy's ``sliding_window_view``): a read-only view
    whose last axes run over each window; ``axis`` names the axes the windows slide
    along (all of them when None).  The view keeps ``x``'s dtype and namespace.

    >>> import aiarray as xp
    >>> from aiarray.lib.stride_tricks import sliding_window_view
    >>> sliding_window_view(xp.asarray([1, 2, 3, 4]), 3)
    Array([[1, 2, 3],
           [2, 3, 4]], dtype=int64)
    """
    x = array_arg(x, "sliding_window_view", "x")
    try:
        view = np.lib.stride_tricks.sliding_window_view(
            x._array, window_shape, axis)  # type: ignore[arg-type]  # (NumPy takes sequences)
    except np.exceptions.AxisError as e:
        raise AxisError(f"sliding_window_view(): axis={axis!r}: {message(e)}") from None
    except (ValueError, OverflowError) as e:  # (an int beyond C's range: NumPy's Overflow)
        raise InvalidArgumentError(
            f"sliding_window_view(): window_shape={window_shape!r}, axis={axis!r}: "
            f"{message(e)}") from None
    except TypeError as e:
        raise TypeMismatchError(
            f"sliding_window_view(): window_shape={window_shape!r}, axis={axis!r}: "
            f"{message(e)}") from None
    return Array._new(view, x._dtype, x._numpy)

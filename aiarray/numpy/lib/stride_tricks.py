"""``aiarray.numpy.lib.stride_tricks``: NumPy's sliding windows over aiarray Arrays.

``sliding_window_view`` is NumPy's own on a view of the data: a read-only Array whose
windows share the data.  ``as_strided`` is not served: with arbitrary strides it can read
outside the array's buffer, which aiarray never does.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _convert as C

__all__ = ["broadcast_arrays", "broadcast_shapes", "broadcast_to", "sliding_window_view"]


def sliding_window_view(x: Any, window_shape: Any, axis: Any = None, *, subok: bool = False,
                        writeable: bool = False) -> Any:
    """Windows of ``window_shape`` sliding over ``x`` (a read-only view of its data)."""
    if writeable:
        raise C.InvalidArgumentError("sliding_window_view(writeable=True): overlapping "
                                     "windows cannot be written safely; copy first")
    return C.on_views(np.lib.stride_tricks.sliding_window_view, (x, window_shape),
                      {"axis": axis})


def broadcast_to(array: Any, shape: Any, subok: bool = False) -> Any:
    """``array`` broadcast to ``shape`` (a read-only view)."""
    from .. import _shaping

    return _shaping.broadcast_to(array, shape)


def broadcast_arrays(*args: Any, subok: bool = False) -> Any:
    """The arrays broadcast against each other."""
    from .. import _shaping

    return _shaping.broadcast_arrays(*args)


def broadcast_shapes(*args: Any) -> Any:
    """The broadcast shape of the given shapes."""
    from .. import _shaping

    return _shaping.broadcast_shapes(*args)

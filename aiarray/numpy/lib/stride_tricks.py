"""``aiarray.numpy.lib.stride_tricks``: NumPy's sliding windows over aiarray Arrays.

``sliding_window_view`` is NumPy's own on a view of the data: a read-only Array whose
windows share the data.  ``as_strided`` is NumPy's too, checked first: a shape and strides
that would reach outside the memory the array lives in raise ValueError (NumPy would read
or write whatever lies there).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _convert as C
from .._boundary import guarded

__all__ = ["as_strided", "broadcast_arrays", "broadcast_shapes", "broadcast_to",
           "sliding_window_view"]


@guarded
def as_strided(x: Any, shape: Any = None, strides: Any = None, subok: bool = False,
               writeable: bool = True) -> Any:
    """A view of ``x``'s memory with the given shape and strides (in bytes), refused when
    it would reach bytes outside the memory ``x`` lives in."""
    a = C.view(C.arr(x, "as_strided", "x"))
    shape = a.shape if shape is None else tuple(int(n) for n in shape)
    strides = a.strides if strides is None else tuple(int(s) for s in strides)
    if len(shape) != len(strides):
        raise C.InvalidArgumentError(
            f"as_strided(): shape {shape} and strides {strides} differ in length")
    if all(n > 0 for n in shape):
        lo = sum(min(0, (n - 1) * s) for n, s in zip(shape, strides))
        hi = sum(max(0, (n - 1) * s) for n, s in zip(shape, strides)) + a.itemsize
        root = a
        while isinstance(root.base, np.ndarray):
            root = root.base
        mem_lo, mem_hi = np.lib.array_utils.byte_bounds(root)
        start = a.__array_interface__["data"][0]
        if start + lo < mem_lo or start + hi > mem_hi:
            raise C.InvalidArgumentError(
                f"as_strided(): shape {shape} with strides {strides} reaches bytes "
                f"[{start + lo - mem_lo}, {start + hi - mem_lo}) of a {mem_hi - mem_lo}-byte "
                "memory block; aiarray never reads or writes outside an array's memory")
    return C.wrap(np.lib.stride_tricks.as_strided(a, shape, strides, writeable=writeable))


@guarded
def sliding_window_view(x: Any, window_shape: Any, axis: Any = None, *, subok: bool = False,
                        writeable: bool = False) -> Any:
    """Windows of ``window_shape`` sliding over ``x`` (a read-only view of its data)."""
    if writeable:
        raise C.InvalidArgumentError("sliding_window_view(writeable=True): overlapping "
                                     "windows cannot be written safely; copy first")
    return C.on_views(np.lib.stride_tricks.sliding_window_view, (x, window_shape),
                      {"axis": axis})


@guarded
def broadcast_to(array: Any, shape: Any, subok: bool = False) -> Any:
    """``array`` broadcast to ``shape`` (a read-only view)."""
    from .. import _shaping

    return _shaping.broadcast_to(array, shape)


@guarded
def broadcast_arrays(*args: Any, subok: bool = False) -> Any:
    """The arrays broadcast against each other."""
    from .. import _shaping

    return _shaping.broadcast_arrays(*args)


@guarded
def broadcast_shapes(*args: Any) -> Any:
    """The broadcast shape of the given shapes."""
    from .. import _shaping

    return _shaping.broadcast_shapes(*args)

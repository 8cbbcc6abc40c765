"""The swap-in's side of the core's :class:`aiarray._layers.SwapIn` contract.

The core (Array, the dispatcher) never imports aiarray.numpy; where it needs the
swap-in's decision it calls these methods, registered by the package face when it
loads the swap-in.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._array import Array
from .._layers import SwapIn
from .._typing import DType
from . import _convert, _protocols, _scalars, _ufuncs


class Hooks(SwapIn):
    """aiarray.numpy's answers to the core."""

    def numpy_loop(self, name: str, args: tuple[object, ...]) -> Array:
        out: Array
        if name in ("real", "imag"):  # NumPy functions, not ufuncs
            out = _convert.on_views(getattr(np, name), args, {})
        else:
            out = _ufuncs.by_standard_name(name)._numpy_loop(args, {})
        return out

    def operand(self, x: object) -> Array:
        return _convert.arr(x, "operator", "other")

    def on_views(self, func: Any, args: tuple[Any, ...], kwargs: dict[Any, Any]) -> Any:
        return _convert.on_views(func, args, kwargs)

    def setitem_value(self, value: Any, dt: DType) -> Any:
        return _convert.setitem_value(value, dt)

    def part(self, x: Any, which: str) -> Array:
        return _convert.part(x, which)

    def policy_scalar(self, value: np.generic) -> Any:
        return _scalars.policy_scalar(value)

    def astype_method(self, x: Any, dtype: Any, order: str, casting: str,
                      copy: Any) -> Array:
        return _convert.astype_method(x, dtype, order, casting, copy)

    def view_method(self, x: Any, dtype: Any, kind: Any) -> Array:
        return _convert.view_method(x, dtype, kind)

    def resize_in_place(self, x: Any, shape: tuple[Any, ...]) -> None:
        _convert.resize_in_place(x, shape)

    def array_ufunc(self, ufunc: np.ufunc, method: str, inputs: tuple[Any, ...],
                    kwargs: dict[Any, Any]) -> Any:
        return _protocols.array_ufunc(ufunc, method, inputs, kwargs)

    def array_function(self, func: Any, types: tuple[Any, ...], args: tuple[Any, ...],
                       kwargs: dict[Any, Any]) -> Any:
        return _protocols.array_function(func, types, args, kwargs)


HOOKS = Hooks()

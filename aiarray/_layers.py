"""What the layers above the core lend it: set by those layers, read by the core.

The core (dtypes, promotion, registry, dispatcher, Array and its method tables, the
backend interface) imports nothing above it.  Where it needs something of a higher
layer at run time, it reads it here:

* ``namespace``: the standard namespace (the package face), for
  ``Array.__array_namespace__`` and the standard's ``matmul`` behind ``@``;
* ``swapin()``: the NumPy swap-in namespace ``aiarray.numpy`` (its public functions,
  behind Array's NumPy methods), and ``swapin_hooks()``: what else the core asks of the
  swap-in, the :class:`SwapIn` contract (its loops for dtypes aiarray's ops do not
  take, its operand and value conversions, its scalars, NumPy's protocols).  Both are
  loaded on first use through ``swapin_loader``;
* ``version``: the package's version (the kernels' calibration key names it);
* the backends by name (``_backend.register``).

The package face (``aiarray/__init__.py``) wires these at its import; nothing else
writes them.  A test (tests/test_layering.py) checks the imports of every module.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

    from ._array import Array
    from ._typing import DType


def _unset(*_: object) -> types.ModuleType:
    raise RuntimeError("aiarray's package face has not wired its layers (import aiarray)")


class SwapIn:
    """What the core asks of the NumPy swap-in beyond its public functions; aiarray.numpy
    implements it (aiarray/numpy/_hooks.py).  Every method is the swap-in's decision."""

    def numpy_loop(self, name: str, args: tuple[object, ...]) -> Array:
        """Registry op ``name`` of swap-in operands whose dtype the op does not take:
        NumPy's own loop decides (its result or its TypeError), as the swap-in's ufunc."""
        raise NotImplementedError

    def operand(self, x: object) -> Array:
        """An operator's ndarray, list or tuple operand as a swap-in Array (NumPy's
        conversion); ForeignDataError for data aiarray does not compute."""
        raise NotImplementedError

    def on_views(self, func: Any, args: tuple[Any, ...], kwargs: dict[Any, Any]) -> Any:
        """NumPy's ``func`` on zero-copy ndarray views of the Arrays in ``args``."""
        raise NotImplementedError

    def setitem_value(self, value: Any, dt: DType) -> Any:
        """``x[key] = value``'s value for a swap-in array of dtype ``dt`` (checked)."""
        raise NotImplementedError

    def part(self, x: Any, which: str) -> Array:
        """``x.real`` / ``x.imag`` (``which``) as NumPy gives them."""
        raise NotImplementedError

    def policy_scalar(self, value: np.generic) -> Any:
        """NumPy scalar ``value`` as the swap-in's scalar that computes by the policy."""
        raise NotImplementedError

    def astype_method(self, x: Any, dtype: Any, order: str, casting: str,
                      copy: Any) -> Array:
        """``x.astype(...)`` with NumPy's arguments."""
        raise NotImplementedError

    def view_method(self, x: Any, dtype: Any, kind: Any) -> Array:
        """``x.view(dtype, type)``."""
        raise NotImplementedError

    def resize_in_place(self, x: Any, shape: tuple[Any, ...]) -> None:
        """``x.resize(*shape)``."""
        raise NotImplementedError

    def array_ufunc(self, ufunc: np.ufunc, method: str, inputs: tuple[Any, ...],
                    kwargs: dict[Any, Any]) -> Any:
        """``Array.__array_ufunc__``: NumPy's ufuncs on Arrays."""
        raise NotImplementedError

    def array_function(self, func: Any, types: tuple[Any, ...], args: tuple[Any, ...],
                       kwargs: dict[Any, Any]) -> Any:
        """``Array.__array_function__``: NumPy's functions on Arrays."""
        raise NotImplementedError


class Layers:
    """The slots the higher layers fill; one instance, :data:`LAYERS`."""

    __slots__ = ("namespace", "swapin_hooks", "swapin_loader", "swapin_module", "version")

    def __init__(self) -> None:
        self.namespace: types.ModuleType | None = None
        self.swapin_loader: Callable[[], object] = _unset
        self.swapin_module: types.ModuleType | None = None
        self.swapin_hooks: SwapIn | None = None
        self.version = ""


LAYERS = Layers()


def standard() -> types.ModuleType:
    """The standard namespace (the package face)."""
    ns = LAYERS.namespace
    if ns is None:
        return _unset()
    return ns


def swapin() -> types.ModuleType:
    """``aiarray.numpy`` (imported on first use)."""
    ns = LAYERS.swapin_module
    if ns is None:
        LAYERS.swapin_loader()
        ns = LAYERS.swapin_module
        if ns is None:
            return _unset()
    return ns


def swapin_hooks() -> SwapIn:
    """The swap-in's side of the :class:`SwapIn` contract (imported on first use)."""
    hooks = LAYERS.swapin_hooks
    if hooks is None:
        LAYERS.swapin_loader()
        hooks = LAYERS.swapin_hooks
        if hooks is None:
            _unset()
            raise AssertionError  # (unreachable: _unset raises)
    return hooks

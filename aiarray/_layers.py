"""What the layers above the core lend it: set by those layers, read by the core.

The core (dtypes, promotion, registry, dispatcher, Array and its method tables, the
backend interface) imports nothing above it.  Where it needs something of a higher
layer at run time, it reads it here:

* ``namespace``: the standard namespace (the package face), for
  ``Array.__array_namespace__`` and the standard's ``matmul`` behind ``@``;
* ``swapin()``: the NumPy swap-in ``aiarray.numpy``, which registers itself when it
  is imported and is imported on first use through ``swapin_loader``;
* ``version``: the package's version (the kernels' calibration key names it);
* the backends by name (``_backend.register``).

The package face (``aiarray/__init__.py``) wires these at its import; nothing else
writes them.  A test (tests/test_layering.py) checks the imports of every module.
"""

from __future__ import annotations

import types
from collections.abc import Callable


def _unset(*_: object) -> types.ModuleType:
    raise RuntimeError("aiarray's package face has not wired its layers (import aiarray)")


class Layers:
    """The slots the higher layers fill; one instance, :data:`LAYERS`."""

    __slots__ = ("namespace", "swapin_loader", "swapin_module", "version")

    def __init__(self) -> None:
        self.namespace: types.ModuleType | None = None
        self.swapin_loader: Callable[[], object] = _unset
        self.swapin_module: types.ModuleType | None = None
        self.version = ""


LAYERS = Layers()


def standard() -> types.ModuleType:
    """The standard namespace (the package face)."""
    ns = LAYERS.namespace
    if ns is None:
        return _unset()
    return ns


def swapin() -> types.ModuleType:
    """``aiarray.numpy`` (imported on first use: it registers itself as it imports)."""
    ns = LAYERS.swapin_module
    if ns is None:
        LAYERS.swapin_loader()
        ns = LAYERS.swapin_module
        if ns is None:
            return _unset()
    return ns

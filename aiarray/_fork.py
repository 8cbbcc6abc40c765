"""What crosses a ``fork``: aiarray's locks, thread pool and background loader.

``os.fork`` copies only the thread that calls it.  A lock another thread held at
that moment stays held in the child, where no thread will release it; a pool's
threads and the kernel loader thread do not exist there; a module another thread was
importing stays half-imported, and importing it again waits forever on its import
lock.  So each module that keeps such state registers, next to it, with
:func:`at_fork`:

- ``in_child``: fresh locks, no thread pool (the child builds its own when a call
  needs one), no loader (a forked child never launches numba kernels: their threading
  layer is not fork-safe; it runs NumPy's loops, in threads of its own);
- ``before`` / ``in_parent``: only for the locks held while a module is imported (the
  kernel loader importing numba, bfloat16's ml_dtypes, the default backend's first
  load importing ``aiarray._kernels``): the fork waits, boundedly,
  until that import ends, so no half-imported module crosses it.

:func:`settle_imports` is the ``before`` hook for the modules imported on first use
(``json``, ``ctypes``, the default backend's ``aiarray._kernels``, ...): if another
thread is importing one at the fork, from the moment it takes the module's import lock
(before the module is in ``sys.modules``) to the end, the fork waits until that import
has finished.

Platforms without ``os.register_at_fork`` (Windows) have no fork: nothing is registered.
"""

from __future__ import annotations

import _thread
import importlib
import os
import sys
from collections.abc import Callable

# The locks of the modules that register here are _thread's, the ones threading.Lock and
# threading.RLock return: ``import threading`` costs ~0.5 ms, which ``import aiarray``
# would pay for two constructors.
new_lock = _thread.allocate_lock
new_rlock = _thread.RLock

# Modules the large path imports on first use, which a child may import again.
# (None of them registers fork hooks of its own: a module that does, imported by another
# thread while a ``before`` hook waits, would run its ``after`` hooks without its
# ``before`` one.  Of the modules that do, concurrent.futures is not used, and logging,
# which numba imports, is imported before the loader thread starts: see _kernels._numba.)
# aiarray's own such modules are added by the package that imports them (settle_at_fork).
LAZY_IMPORTS = ["json", "json.decoder", "json.scanner", "json.encoder", "zlib", "ctypes",
                "ctypes.util", "importlib.util", "mmap", "resource"]
WAIT_SECONDS = 10.0  # longest wait of a fork for an import another thread makes


def at_fork(*, before: Callable[[], object] | None = None,
            in_parent: Callable[[], object] | None = None,
            in_child: Callable[[], object] | None = None) -> None:
    """Register fork hooks (none where the platform has no fork)."""
    register = getattr(os, "register_at_fork", None)
    if register is None:  # pragma: no cover - Windows
        return
    hooks = {"before": before, "after_in_parent": in_parent, "after_in_child": in_child}
    register(**{k: v for k, v in hooks.items() if v is not None})


def settle_at_fork(name: str) -> None:
    """Make a fork wait while another thread imports module ``name`` (one a large call
    imports on first use, registering no fork hooks of its own)."""
    if name not in LAZY_IMPORTS:
        LAZY_IMPORTS.append(name)


def _importing(name: str) -> bool:
    """Whether module ``name`` is being imported: half-imported, or its import lock taken
    (importlib's table of module locks; the lock exists from before the module is in
    ``sys.modules``, and importlib drops it when the import ends)."""
    module = sys.modules.get(name)
    if module is not None and getattr(getattr(module, "__spec__", None), "_initializing",
                                      False):
        return True
    locks = getattr(getattr(importlib, "_bootstrap", None), "_module_locks", {})
    return name in locks and module is None


def settle_imports() -> None:
    """Wait until no module of ``LAZY_IMPORTS`` is being imported by another thread."""
    for name in LAZY_IMPORTS:
        if _importing(name):
            try:
                importlib.import_module(name)  # waits on the module's import lock
            except Exception:
                pass


at_fork(before=settle_imports)

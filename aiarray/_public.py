"""What a public namespace shows: the names of its ``__all__``, and nothing else.

The public modules (``aiarray``, ``aiarray.fft``, ``aiarray.linalg``, ...) import
their names from private modules; :func:`export` makes each public function and
class report the public module as its ``__module__`` and gives the module a
``__dir__`` listing ``__all__`` only, so helpers and imported modules never show.

It is also the one place where a MemoryError leaves the standard namespace: each
public function of ``aiarray._api`` is exported wrapped by :func:`_sizes.allocates`,
so NumPy's bare MemoryError from any allocation inside it (``sort``, ``take``,
``where``, ``asarray(copy=True)``, ...) leaves as aiarray's AllocationError (a
MemoryError with ``.status`` ALLOCATION_FAILED) naming the function.  The elementwise
functions (``aiarray._dispatch``) convert it on their own paths, without a wrapper's
per-call cost.
"""

from __future__ import annotations

import importlib
import types
from collections.abc import Callable

from ._sizes import allocates

# function of aiarray._api -> its exported wrapper: one per function, so a name two
# namespaces export is one object in both (aiarray.linalg.matmul is aiarray.matmul)
_WRAPPERS: dict[Callable[..., object], Callable[..., object]] = {}


def export(module: str, namespace: dict[str, object]) -> Callable[[], list[str]]:
    """Mark ``namespace["__all__"]``'s callables as defined in ``module``; return the
    module's ``__dir__``.  (A name not yet in ``namespace`` is one :func:`load` brings.)"""
    names = sorted(namespace["__all__"])  # type: ignore[call-overload]  # a list of str
    for name in names:
        if name in namespace:
            namespace[name] = _public(module, namespace[name])

    def __dir__() -> list[str]:  # noqa: N807 - the module protocol's name
        return list(names)

    return __dir__


def load(module: str, namespace: dict[str, object], name: str, source: str) -> object:
    """Import ``name`` from ``source`` (relative to ``module``) into ``namespace``, as
    :func:`export` would have exported it: for a module's ``__getattr__`` (PEP 562)."""
    obj = _public(module, getattr(importlib.import_module(source, module), name))
    return namespace.setdefault(name, obj)


def _public(module: str, obj: object) -> object:
    """``obj`` as ``module`` shows it: a function of aiarray._api wrapped (once) by
    :func:`allocates`, and anything of a private module reporting ``module``."""
    if type(obj) is types.FunctionType and obj.__module__.startswith("aiarray._api."):
        wrapper = _WRAPPERS.get(obj)
        if wrapper is None:  # (setdefault: two threads loading a name get one object)
            wrapper = _WRAPPERS.setdefault(obj, allocates(obj))
        obj = wrapper
    if callable(obj) and getattr(obj, "__module__", "").startswith("aiarray._"):
        try:
            obj.__module__ = module
        except (AttributeError, TypeError):
            pass
    return obj

"""What a public namespace shows: the names of its ``__all__``, and nothing else.

The public modules (``aiarray``, ``aiarray.fft``, ``aiarray.linalg``, ...) import
their names from private modules; :func:`export` makes each public function and
class report the public module as its ``__module__`` and gives the module a
``__dir__`` listing ``__all__`` only, so helpers and imported modules never show.
"""

from __future__ import annotations

from collections.abc import Callable


def export(module: str, namespace: dict[str, object]) -> Callable[[], list[str]]:
    """Mark ``namespace["__all__"]``'s callables as defined in ``module``; return the
    module's ``__dir__``."""
    names = sorted(namespace["__all__"])  # type: ignore[call-overload]  # a list of str
    for name in names:
        obj = namespace.get(name)
        if callable(obj) and getattr(obj, "__module__", "").startswith("aiarray._"):
            try:
                obj.__module__ = module
            except (AttributeError, TypeError):
                pass

    def __dir__() -> list[str]:  # noqa: N807 - the module protocol's name
        return list(names)

    return __dir__

"""How ``aiarray.numpy.polynomial`` wraps ``numpy.polynomial``: NumPy's functions on
views of the data (Arrays out), and NumPy's series classes whose evaluation, roots and
sample points come back as Arrays (their ``coef`` stays NumPy's, as their arithmetic
needs it)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from .. import _convert as C
from .._boundary import guard_class


def series_function(module: str, name: str) -> Callable[..., Any]:
    """``numpy.polynomial.<module>.<name>`` on views of aiarray Arrays."""
    func = getattr(importlib.import_module(f"numpy.polynomial.{module}"), name)

    def call(*args: Any, **kwargs: Any) -> Any:
        return C.on_views(func, args, kwargs)

    call.__name__ = call.__qualname__ = name
    call.__module__ = f"aiarray.numpy.polynomial.{module}"
    call.__wrapped__ = func  # type: ignore[attr-defined]  # (inspect reads it; not in a function's type)
    call.__doc__ = f"numpy.polynomial.{module}.{name} on views of aiarray Arrays."
    call.__aiarray_guarded__ = True  # type: ignore[attr-defined]  # on_views makes its errors aiarray's
    return call


def series_class(module: str, name: str) -> type[Any]:
    """NumPy's series class ``name`` with Array results."""
    base = getattr(importlib.import_module(f"numpy.polynomial.{module}"), name)

    def __call__(self: Any, arg: Any) -> Any:  # noqa: N807
        return C.wrap(base.__call__(self, C.view(arg)))

    def roots(self: Any) -> Any:
        return C.wrap(base.roots(self))

    def linspace(self: Any, n: int = 100, domain: Any = None) -> Any:
        return C.wrap(base.linspace(self, n, domain))

    cls = type(name, (base,), {
        "__call__": __call__, "roots": roots, "linspace": linspace,
        "__module__": f"aiarray.numpy.polynomial.{module}",
        "__doc__": f"numpy.polynomial.{name}; evaluating it, its roots and linspace give "
                   "aiarray Arrays.",
    })
    return guard_class(cls)

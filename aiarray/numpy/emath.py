"""``aiarray.numpy.emath``: NumPy's math functions with complex results for real input
outside their real domain (``sqrt(-1) == 1j``), NumPy's own on views of the data."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from . import _convert as C

__all__ = ["arccos", "arcsin", "arctanh", "log", "log10", "log2", "logn", "power", "sqrt"]


def _emath(name: str) -> Callable[..., Any]:
    func = getattr(np.emath, name)

    def call(*args: Any, **kwargs: Any) -> Any:
        return C.on_views(func, args, kwargs)

    call.__name__ = call.__qualname__ = name
    call.__wrapped__ = func  # type: ignore[attr-defined]  # (inspect reads it; not in a function's type)
    call.__doc__ = f"numpy.emath.{name} on views of aiarray Arrays, Arrays out."
    call.__aiarray_guarded__ = True  # type: ignore[attr-defined]  # on_views makes its errors aiarray's
    return call


arccos = _emath("arccos")
arcsin = _emath("arcsin")
arctanh = _emath("arctanh")
log = _emath("log")
log10 = _emath("log10")
log2 = _emath("log2")
logn = _emath("logn")
power = _emath("power")
sqrt = _emath("sqrt")

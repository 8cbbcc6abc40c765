"""NumPy's own functions of ``numpy.lib``'s submodules, served on views of the data."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import _convert as C


def served(func: Callable[..., Any], module: str) -> Callable[..., Any]:
    """NumPy's ``func`` called on views of aiarray Arrays (inside lists and tuples too),
    its ndarray results as Arrays and its exceptions aiarray's (``_convert.on_views``),
    served from ``module`` (e.g. "aiarray.numpy.lib.format")."""

    def call(*args: Any, **kwargs: Any) -> Any:
        return C.on_views(func, args, kwargs)

    npname = f"{func.__module__}.{func.__name__}"
    call.__name__ = call.__qualname__ = func.__name__
    call.__module__ = module
    call.__wrapped__ = func  # type: ignore[attr-defined]  # (inspect.signature shows NumPy's)
    call.__doc__ = f"{npname} computed by NumPy on views of aiarray Arrays; results are " \
                   f"aiarray Arrays.  See NumPy's documentation of {npname}."
    call.__aiarray_guarded__ = True  # type: ignore[attr-defined]  # on_views makes its errors aiarray's
    return call

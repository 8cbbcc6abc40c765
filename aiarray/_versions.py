"""The versions of the Array API standard aiarray honours, each as a namespace.

``aiarray`` itself is the newest version (``LATEST``).  An older version V is a
small namespace object that *is* the aiarray module except for the functions
whose behaviour the standard changed after V; ``__array_api_version__`` of it is
V.  ``x.__array_namespace__(api_version=V)`` and
``array_api_compat.array_namespace(x, api_version=V)`` return it.

What differs (the breaking changes in the standard's changelog that aiarray's
behaviour meets):

* before 2025.12: ``meshgrid`` and ``broadcast_arrays`` return a list, and
  ``__array_namespace_info__().devices()`` returns a list (tuples from 2025.12);
* before 2023.12: ``sum``, ``prod`` and ``linalg.trace`` with ``dtype=None`` give
  a real floating array the default real floating dtype (float64) and a complex
  one the default complex dtype (complex128); from 2023.12 a floating array keeps
  its dtype.

Every other difference between the versions adds a function or allows more
arguments, which the newest namespace already does.
"""

from __future__ import annotations

import types
from typing import Any

from . import _dtypes as D
from ._layers import standard
from ._typing import DType

SUPPORTED = ("2021.12", "2022.12", "2023.12", "2024.12", "2025.12")
LATEST = SUPPORTED[-1]

_namespaces: dict[str, Overlay] = {}


class Overlay(types.ModuleType):
    """The module ``base`` with some of its names replaced by ``overrides``."""

    def __init__(self, base: types.ModuleType, overrides: dict[str, Any]) -> None:
        super().__init__(base.__name__, base.__doc__)
        self.__dict__.update(overrides)
        self._base = base

    def __getattr__(self, name: str) -> Any:
        return getattr(self._base, name)

    def __dir__(self) -> list[str]:
        return dir(self._base)

    def __repr__(self) -> str:
        version = self.__dict__.get("__array_api_version__")
        return f"<{self.__name__}{f' as Array API {version}' if version else ''}>"


def namespace(version: str) -> types.ModuleType:
    """aiarray as standard ``version`` (one of SUPPORTED; the caller has checked it)."""
    xp = standard()
    if version == LATEST:
        return xp
    ns = _namespaces.get(version)
    if ns is None:
        ns = _namespaces[version] = Overlay(xp, _overrides(xp, version))
    return ns


def _overrides(xp: types.ModuleType, version: str) -> dict[str, Any]:
    """``__array_api_version__`` and the functions of ``xp`` that differ at ``version``."""
    out: dict[str, Any] = {"__array_api_version__": version}
    if version < "2025.12":
        out.update(_list_results(xp))
    if version < "2023.12":
        out.update(_default_float_sums(xp))
    return out


# -- before 2025.12: lists where 2025.12 returns tuples -----------------------------------

class ListInfo:
    """The inspection namespace with ``devices()`` a list (before 2025.12); every other
    member is the newest namespace's."""

    def __init__(self, base: Any) -> None:
        self._base = base

    def __getattr__(self, name: str) -> Any:
        return getattr(self._base, name)

    def __dir__(self) -> list[str]:
        return dir(self._base)

    def devices(self) -> list[Any]:
        """All devices (a list, as the standard before 2025.12)."""
        return list(self._base.devices())


def _list_results(xp: types.ModuleType) -> dict[str, Any]:
    def meshgrid(*arrays: Any, indexing: str = "xy") -> list[Any]:
        """Coordinate matrices from 1-D arrays; a list (as the standard before 2025.12)."""
        return list(xp.meshgrid(*arrays, indexing=indexing))

    def broadcast_arrays(*arrays: Any) -> list[Any]:
        """Arrays broadcast against each other; a list (as the standard before 2025.12)."""
        return list(xp.broadcast_arrays(*arrays))

    info = ListInfo(xp.__array_namespace_info__())

    def __array_namespace_info__() -> ListInfo:  # noqa: N807 - the standard's name
        """The inspection namespace."""
        return info

    return {"meshgrid": meshgrid, "broadcast_arrays": broadcast_arrays,
            "__array_namespace_info__": __array_namespace_info__}


# -- before 2023.12: floating sums in the default floating dtypes -----------------------

def _default_accumulation(x: object, dtype: object) -> object:
    """``dtype``, or for a floating array and dtype=None the default of its kind."""
    from ._array import Array

    if dtype is None and type(x) is Array:
        if x.dtype in D.COMPLEX:
            return D.complex128
        if x.dtype in D.REAL_FLOAT:
            return D.float64
    return dtype


def _default_float_sums(xp: types.ModuleType) -> dict[str, Any]:
    def sum(x: Any, /, *, axis: Any = None, dtype: DType | None = None,
            keepdims: bool = False) -> Any:
        """Sum along ``axis``; a floating x gives float64 / complex128 (before 2023.12)."""
        return xp.sum(x, axis=axis, dtype=_default_accumulation(x, dtype), keepdims=keepdims)

    def prod(x: Any, /, *, axis: Any = None, dtype: DType | None = None,
             keepdims: bool = False) -> Any:
        """Product along ``axis``; a floating x gives float64 / complex128 (before 2023.12)."""
        return xp.prod(x, axis=axis, dtype=_default_accumulation(x, dtype), keepdims=keepdims)

    def trace(x: Any, /, *, offset: int = 0, dtype: object = None) -> Any:
        """Sum of a diagonal; a floating x gives float64 / complex128 (before 2023.12)."""
        return xp.linalg.trace(x, offset=offset, dtype=_default_accumulation(x, dtype))

    sum.__module__ = prod.__module__ = "aiarray"
    trace.__module__ = "aiarray.linalg"
    return {"sum": sum, "prod": prod, "linalg": Overlay(xp.linalg, {"trace": trace})}

"""Every public name of NumPy's namespaces and how aiarray.numpy serves it.

``status()`` lists (name, status, how) for every public name of ``numpy``,
``numpy.linalg``, ``numpy.fft`` and ``numpy.random`` (names as ``linalg.norm``):

- ``adapted``: NumPy's signature over aiarray's own function (the standard namespace's,
  the op registry's ufuncs): aiarray computes it, under the swap-in's promotion policy;
- ``served``: NumPy computes it (its function on views of the data, its random
  generators, or its own object such as a scalar type), results as aiarray Arrays;
- ``not served``: with the reason (``NOT_SERVED``); the attribute raises AttributeError
  saying so.

This is the machine-readable list the name-status page (docs/numpy-names.md) is
generated from.
"""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np

_NO_TEXT = "aiarray arrays hold numbers and bools; keep text and records in NumPy arrays"

# (NumPy's scalar types and functions of data aiarray does not compute -- datetime64,
# timedelta64, longdouble, record, isnat, busday_count ... -- are served: NumPy's own
# objects, and NumPy computing on that data, which stays NumPy's ndarray.)
NOT_SERVED: dict[str, str] = {
    "char": _NO_TEXT, "strings": _NO_TEXT, "rec": _NO_TEXT, "recarray": _NO_TEXT,
    "matrix": "numpy.matrix is discouraged by NumPy itself; use 2-D arrays and @",
    "asmatrix": "numpy.matrix is discouraged by NumPy itself; use 2-D arrays and @",
    "bmat": "numpy.matrix is discouraged by NumPy itself; use block() and @",
    "memmap": "memory-mapped files: use load(file, mmap_mode='r') (an Array over the "
              "mapping)",
    "ma": "masked arrays: aiarray arrays have no mask; use the nan* functions or where()",
    "ctypeslib": "ctypes interop: use numpy.ctypeslib on numpy.asarray(x)",
    "f2py": "a Fortran build tool, not array functions",
    "core": "NumPy's private implementation package",
    "test": "runs NumPy's own test suite",
    "random.bit_generator": "NumPy's implementation module; its classes are served as "
                            "aiarray.numpy.random.*",
    "random.test": "runs NumPy's own test suite",
    "linalg.test": "runs NumPy's own test suite",
    "fft.test": "runs NumPy's own test suite",
    "fft.helper": "NumPy's implementation module",
    "linalg.linalg": "NumPy's implementation module",
    "lib.add_docstring": "NumPy's tool for documenting its own C objects",
    "lib.add_newdoc": "NumPy's tool for documenting its own C objects",
    "lib.tracemalloc_domain": "NumPy's tracemalloc domain of its own allocations",
    "lib.test": "runs NumPy's own test suite",
}

_ADAPTER_MODULES = ("_creation", "_reductions", "_shaping", "_selecting", "_types")
_NAMESPACES = {"": "numpy", "linalg.": "numpy.linalg", "fft.": "numpy.fft",
               "random.": "numpy.random"}


def not_served_message(dotted: str) -> str | None:
    """Why aiarray.numpy does not serve NumPy's ``dotted`` name ("ma", "random.mtrand"),
    or None when it is not one of NOT_SERVED."""
    reason = NOT_SERVED.get(dotted)
    if reason is None:
        return None
    parent = ".".join(["aiarray.numpy", *dotted.split(".")[:-1]])
    return f"{parent} does not serve numpy.{dotted}: {reason}"


def not_served_getattr(module: str) -> Any:
    """A module ``__getattr__`` for ``aiarray.numpy.<module>`` (e.g. "linalg"): a NumPy
    name it does not serve raises AttributeError with the reason."""
    prefix = f"{module}."

    def __getattr__(name: str) -> Any:  # noqa: N807 - the module protocol's name
        text = not_served_message(prefix + name)
        if text is not None:
            raise AttributeError(text)
        raise AttributeError(f"module 'aiarray.numpy.{module}' has no attribute {name!r}")

    return __getattr__


class NotServedFinder:
    """The last import finder: ``import aiarray.numpy.ma`` and ``from aiarray.numpy import
    ma`` (a name of NOT_SERVED no module file provides) raise ImportError with the reason
    the attribute gives, where Python would say only "cannot import name"."""

    _PREFIX = "aiarray.numpy."

    @classmethod
    def find_spec(cls, fullname: str, path: object = None, target: object = None) -> None:
        """Raise ImportError for a name aiarray.numpy does not serve; else None."""
        if fullname.startswith(cls._PREFIX):
            text = not_served_message(fullname[len(cls._PREFIX):])
            if text is not None:
                raise ImportError(text, name=fullname)


def install_not_served_finder() -> None:
    """Append NotServedFinder to ``sys.meta_path`` once (after every real finder)."""
    import sys

    if NotServedFinder not in sys.meta_path:
        sys.meta_path.append(NotServedFinder)


def _public(module: Any) -> list[str]:
    """The public names of one of NumPy's namespaces.  For ``numpy`` itself its
    ``__all__`` (the same names as ``dir`` in a fresh process, but unchanged by packages
    that set attributes on numpy when they import: xarray's dependencies add
    ``numpy.expm1x``)."""
    names = module.__all__ if module is np else dir(module)
    return sorted(n for n in names if not n.startswith("_"))


def _how(prefix: str, name: str, ours: Any, theirs: Any) -> tuple[str, str]:
    from . import _numpy_calls, _ufuncs

    if isinstance(ours, _ufuncs.ufunc):
        if ours._std is not None:
            return "adapted", f"ufunc over aiarray.{ours._std.__name__}"
        return "served", "NumPy's ufunc on views"
    if ours is theirs or getattr(ours, "__aiarray_guard_of__", None) is theirs:
        return "served", "NumPy's own object"
    if getattr(ours, "__module__", "") == "aiarray.numpy._printoptions":
        return "served", "NumPy's own settings, each option checked first"
    if prefix == "random.":
        return "served", "NumPy's own generators, Arrays out"
    if prefix == "" and name in _numpy_calls.CALLS:
        return "served", f"NumPy's function on views ({_numpy_calls.CALLS[name]})"
    if prefix == "":
        for m in _ADAPTER_MODULES:
            if getattr(importlib.import_module(f"aiarray.numpy.{m}"), name, None) is ours:
                return "adapted", f"NumPy's signature over aiarray ({m.lstrip('_')})"
        if isinstance(ours, type(np)):
            return "served", "aiarray.numpy submodule"
        return "served", "aiarray.numpy's own object"
    return "adapted", f"NumPy's signature over aiarray.{prefix.rstrip('.')} (or NumPy on " \
                      "views for NumPy-only forms)"


def status() -> list[tuple[str, str, str]]:
    """(name, status, how or reason) for every public name of numpy, numpy.linalg,
    numpy.fft and numpy.random; status is 'adapted', 'served' or 'not served'."""
    ns = importlib.import_module("aiarray.numpy")
    out = []
    for prefix, npname in _NAMESPACES.items():
        theirs_mod = importlib.import_module(npname)
        ours_mod = ns if not prefix else getattr(ns, prefix.rstrip("."))
        for name in _public(theirs_mod):
            full = prefix + name
            if full in NOT_SERVED:
                out.append((full, "not served", NOT_SERVED[full]))
                continue
            try:
                ours = getattr(ours_mod, name)
            except AttributeError:
                out.append((full, "not served", "missing (no reason recorded)"))
                continue
            st, how = _how(prefix, name, ours, getattr(theirs_mod, name))
            out.append((full, st, how))
    return out

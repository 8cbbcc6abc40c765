"""NumPy's override protocols: NumPy's own functions called on aiarray Arrays.

``Array.__array_ufunc__`` (NEP 13) and ``Array.__array_function__`` (NEP 18) send the
call to the function of the same name in ``aiarray.numpy`` (``numpy.sin(x)`` ->
``aiarray.numpy.sin(x)``, ``numpy.linalg.norm(x)`` -> ``aiarray.numpy.linalg.norm``),
so the result is a swap-in Array computed under the swap-in's rules; this is also
how ``ndarray + Array`` works.  Arrays keep their namespace: with only arrays of the
standard namespace (no swap-in array, no ndarray), results are standard-namespace
arrays, and a ufunc of the op registry computes by the standard's function (so
``numpy.float64(2) * x`` follows the same rules as ``x * numpy.float64(2)``).
A NumPy function that aiarray.numpy does not have runs NumPy's own implementation
on views of the data, its results wrapped as Arrays (the decision: NumPy's semantics
for NumPy's function, rather than a TypeError).
Arguments of other types that override NumPy (e.g. a dask array) make the protocol
return NotImplemented, as NEP 13/18 ask.
"""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np

from .. import _dtypes as D
from .. import _promotion as P
from .._array import Array
from .._dispatch import op_sizes, swapin_call
from .._registry import OPS
from . import _convert as C

_MODULES = {"numpy": "aiarray.numpy", "numpy.linalg": "aiarray.numpy.linalg",
            "numpy.fft": "aiarray.numpy.fft"}
# NumPy gufuncs aiarray.numpy serves as functions (their calls only).
_FUNCTION_UFUNCS = ("matmul", "vecdot", "matvec", "vecmat")


def _foreign(values: Any) -> bool:
    """Whether an argument is of another type that overrides NumPy's functions."""
    for v in values:
        t = type(v)
        if t is Array or t is np.ndarray or isinstance(v, (np.generic, *C.PY_SCALARS)):
            continue
        if t is tuple or t is list:
            if _foreign(v):
                return True
        elif hasattr(t, "__array_ufunc__") or hasattr(t, "__array_function__"):
            return True
    return False


def _swapin(values: Any) -> bool:
    """Whether the arguments hold a swap-in Array or a NumPy ndarray (then NumPy's rules
    apply and results are swap-in arrays); else only standard-namespace Arrays."""
    for v in values:
        t = type(v)
        if (t is Array and v._numpy) or isinstance(v, np.ndarray):
            return True
        if (t is tuple or t is list) and _swapin(v):
            return True
    return False


def _standard(res: Any, keep: Any) -> Any:
    """Results (fresh Arrays) as arrays of the standard namespace, NumPy's scalars of
    aiarray's dtypes as the standard's 0-d arrays; ``keep`` (the caller's out arrays)
    untouched."""
    if type(res) is Array:
        if res is not keep and not (isinstance(keep, tuple) and any(res is k for k in keep)):
            res._numpy = False
        return res
    if isinstance(res, np.number | np.bool_) and D.of_numpy(res.dtype) is not None:
        return Array._new(np.asarray(res), None, False)
    if isinstance(res, tuple):
        items = [_standard(r, keep) for r in res]
        return type(res)(*items) if hasattr(res, "_fields") else type(res)(items)
    if isinstance(res, list):
        return [_standard(r, keep) for r in res]
    return res


# NumPy's binary ufuncs that the op registry computes with NumPy's own ufunc unchanged:
# for these, NumPy's ufunc on the data is the swap-in's result (the numpy policy).
_RAW = {op.numpy: op.name for op in OPS.values()
        if op.arity == 2 and isinstance(op.numpy, np.ufunc)}
_RULE = P.SCALARS
_NAMESPACE: list[Any] = []


def _namespace() -> Any:
    """``aiarray.numpy`` (looked up once)."""
    if not _NAMESPACE:
        _NAMESPACE.append(importlib.import_module("aiarray.numpy"))
    return _NAMESPACE[0]


def array_ufunc(ufunc: np.ufunc, method: str, inputs: tuple[Any, ...], kwargs: dict[Any,
                Any]) -> Any:
    """``Array.__array_ufunc__``: NumPy's ufunc -> aiarray.numpy's of the same name.

    With only arrays of the standard namespace (and scalars), the result stays in the
    standard namespace: an op of the registry computes by the standard's function, so
    ``numpy.float64(2) * x`` follows x's rules, as ``x * numpy.float64(2)`` does.
    """
    if method == "__call__" and not kwargs and len(inputs) == 2 and _RULE.plain \
            and ufunc in _RAW and _swapin(inputs):  # e.g. numpy.float32(0.5) * x
        done = swapin_call(ufunc, inputs[0], inputs[1], True, op_sizes(_RAW[ufunc]))
        if done is not None:
            return done
    out = kwargs.get("out", ())
    if _foreign(inputs) or _foreign(out):
        return NotImplemented
    ns = _namespace()
    ours: Any = getattr(ns, ufunc.__name__, None)
    swapin = _swapin(inputs) or _swapin(out)
    if not swapin and method == "__call__" and not kwargs and getattr(ours, "_std", None):
        return ours._std(*inputs)
    if out:
        kwargs = dict(kwargs)
        kwargs["out"] = out[0] if len(out) == 1 else out
    if ufunc.__name__ in _FUNCTION_UFUNCS and method == "__call__" and ours is not None:
        res = ours(*inputs, **kwargs)
    elif ours is None or not hasattr(ours, "reduceat"):
        res = C.on_views(getattr(ufunc, method), inputs, kwargs)
    elif method == "__call__":
        res = ours(*inputs, **kwargs)
    else:
        res = getattr(ours, method)(*inputs, **kwargs)
    return res if swapin else _standard(res, kwargs.get("out"))


def _target(func: Any) -> Any:
    name: Any = getattr(func, "__module__", None)
    module = _MODULES.get(name)
    if module is None:
        return None
    ours = getattr(importlib.import_module(module), func.__name__, None)
    return None if ours is func else ours  # NumPy's own object: its implementation


def array_function(func: Any, types: tuple[Any, ...], args: tuple[Any, ...], kwargs: dict[Any,
                   Any]) -> Any:
    """``Array.__array_function__``: NumPy's function -> aiarray.numpy's of the same name,
    else NumPy's implementation on views.  NumPy's function computes with NumPy's
    semantics; with only standard-namespace Arrays among the arguments, the results are
    standard-namespace arrays."""
    for t in types:
        if not (t is Array or issubclass(t, np.ndarray)):
            return NotImplemented
    ours = _target(func)
    if ours is not None:
        res = ours(*args, **kwargs)
    else:
        impl = getattr(func, "_implementation", func)
        res = C.on_views(impl, args, kwargs)
    if _swapin(args) or _swapin(kwargs.values()):
        return res
    return _standard(res, kwargs.get("out"))

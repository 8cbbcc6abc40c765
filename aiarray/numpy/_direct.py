"""NumPy itself for the swap-in's everyday calls, where NumPy's result is the swap-in's.

Under the numpy policy, for arrays of the dtypes NumPy computes (all but bfloat16 and
complex32) and with NumPy's plain argument forms, ``aiarray.numpy.sum(a)`` computes
what ``numpy.sum`` computes: the adapters (``_reductions``, ``_shaping`` ...) exist for
the other policies, aiarray's own dtypes, the sizes where aiarray's kernels take over,
and the argument forms aiarray checks more strictly (a ``dtype=`` conversion that
NumPy would let wrap around, ``out=``).  A call of the functions in ``DIRECT`` that has
none of those goes to NumPy's function on the arrays' data at once, skipping the
adapter's layers: NumPy's per-call cost, NumPy's exact results.

Any exception NumPy raises (a warning made an error included) sends the call to the
adapter, which raises aiarray's error, or computes where aiarray accepts more.  Calls
NumPy would warn about (the mean of no data, std/var with too few degrees of freedom)
are not sent to NumPy; its floating-point warnings are silenced, as everywhere in
aiarray.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _dispatch
from .. import _dtypes as D
from .._array import Array
from .._array_numpy import made_as_array
from .._numpy_path import quiet_run

MISS = object()
VIEWS = "views"  # no data computed: any size
CREATES = "creates"  # makes new data of a dtype (``dtype=`` allowed): any size
COMPUTES = "computes"  # NumPy computes on every path (no kernel): any size
REDUCES = "reduces"  # aiarray's kernels take large inputs: below their size, non-empty
ROUNDS = "rounds"  # an elementwise op of the registry: below its kernels' size

# Name -> (kind, how many positional arguments may be given: those before the first
# one aiarray decides, such as ``out`` or a converting ``dtype``).
DIRECT: dict[str, tuple[str, int]] = {
    # views and copies
    "ravel": (VIEWS, 2), "transpose": (VIEWS, 2), "swapaxes": (VIEWS, 3),
    "moveaxis": (VIEWS, 3), "squeeze": (VIEWS, 2), "expand_dims": (VIEWS, 2),
    "atleast_1d": (VIEWS, 64), "atleast_2d": (VIEWS, 64), "flip": (VIEWS, 2),
    "copy": (VIEWS, 2), "asarray": (VIEWS, 1), "asanyarray": (VIEWS, 1),
    "ascontiguousarray": (VIEWS, 1),
    # creation
    "zeros": (CREATES, 3), "ones": (CREATES, 3), "empty": (CREATES, 3), "eye": (CREATES, 5),
    "identity": (CREATES, 2), "zeros_like": (CREATES, 3), "ones_like": (CREATES, 3),
    "empty_like": (CREATES, 3), "full": (CREATES, 2), "array": (CREATES, 1),
    "arange": (CREATES, 3), "linspace": (CREATES, 5), "tril": (CREATES, 2),
    "triu": (CREATES, 2),
    # reductions (aiarray's kernels take the large ones)
    **dict.fromkeys(("sum", "prod", "max", "min", "amax", "amin", "mean", "var", "std"),
                    (REDUCES, 2)),
    "round": (ROUNDS, 2), "around": (ROUNDS, 2),
    # computed by NumPy whatever the size
    **dict.fromkeys(("all", "any", "argmax", "argmin", "count_nonzero", "cumsum", "cumprod",
                     "concatenate", "stack", "tile", "dot", "matmul", "outer", "inner",
                     "vdot"), (COMPUTES, 2)),
    "sort": (COMPUTES, 4), "argsort": (COMPUTES, 4), "where": (COMPUTES, 3),
    "nonzero": (COMPUTES, 1), "clip": (COMPUTES, 3), "take": (COMPUTES, 3),
    "vstack": (COMPUTES, 1), "hstack": (COMPUTES, 1), "column_stack": (COMPUTES, 1),
    "repeat": (COMPUTES, 3), "trace": (COMPUTES, 4), "searchsorted": (COMPUTES, 4),
}
# NumPy functions that are their first argument's ndarray method with the same further
# arguments (the method skips NumPy's Python wrapper, and computes the same)
METHODS = {"sum": "sum", "prod": "prod", "max": "max", "min": "min", "amax": "max",
           "amin": "min", "mean": "mean", "var": "var", "std": "std", "all": "all",
           "any": "any", "argmax": "argmax", "argmin": "argmin", "cumsum": "cumsum",
           "cumprod": "cumprod"}
# Names whose ``dtype=`` converts data (which aiarray checks): never here.
NO_DTYPE = frozenset({"full", "array", "arange", "linspace", "sum", "prod", "mean", "cumsum",
                      "cumprod", "concatenate", "stack", "vstack", "hstack", "trace", "var",
                      "std", "matmul", "where"})
# Keywords that always go to the adapter: aiarray decides these (out=, like=, casting,
# initial/where masks of reductions).
_ADAPTER_KEYWORDS = frozenset({"out", "like", "casting", "initial", "where", "device",
                               "subok", "mean", "correction"})
_NATIVE = D.NATIVE
_NO_LIMIT = 1 << 62
_new = object.__new__
_SCALARS = (bool, int, float, complex, str, type(None), slice)


def _limit(kind: str, dt: Any) -> int:
    """Elements below which a ``kind`` call on ``dt`` data is NumPy's on every path."""
    if kind == REDUCES:
        return _dispatch.numpy_below("sum", dt)
    if kind == ROUNDS:
        return max(_dispatch._STATE.short_limit, _dispatch.op_sizes("round").get(dt, 0))
    return _NO_LIMIT


def _data(a: Any, kind: str) -> Any:
    """An array argument's ndarray for NumPy, or MISS (not a native dtype, or not small
    enough for a reduction, or empty: NumPy warns about an empty mean)."""
    if a.dtype not in _NATIVE:
        return MISS
    if kind == REDUCES or kind == ROUNDS:
        if not 0 < a.size < _limit(kind, a.dtype):
            return MISS
    return a


def _arg(value: Any, kind: str) -> Any:
    """``value`` as NumPy takes it, or MISS: an Array's data (``_data``), Python and NumPy
    scalars, and lists and tuples of these, one level deep."""
    t = type(value)
    if t is Array or t is np.ndarray:
        return _data(value._array if t is Array else value, kind)
    if t in _SCALARS or (isinstance(value, np.generic) and value.dtype in _NATIVE):
        return value
    if kind is CREATES and (t is list or t is tuple):
        return value  # (NumPy converts what is inside; np.array does not dispatch back)
    if t is tuple or t is list:
        items = []
        for v in value:
            tv = type(v)
            if tv is Array or tv is np.ndarray:
                a = _data(v._array if tv is Array else v, kind)
                if a is MISS:
                    return MISS
                items.append(a)
            elif tv in _SCALARS or isinstance(v, np.generic):
                items.append(v)
            else:
                return MISS
        return t(items)
    if isinstance(value, D.DTYPE_CLASSES) or (isinstance(value, type) and value in _DTYPE_TYPES):
        return value
    return MISS


_DTYPE_TYPES = frozenset({bool, int, float, complex, *D.NATIVE_SCALAR_TYPES})


def _result(out: Any) -> Any:
    """NumPy's result as the swap-in gives it: ndarrays of native dtypes as swap-in
    Arrays (a 0-d one made as an array), NumPy's scalars and Python values as they are,
    tuples item by item; MISS for anything else (the adapter decides)."""
    t = type(out)
    if t is np.ndarray:
        dt = _NATIVE.get(out.dtype)
        if dt is None:
            return MISS
        res = _new(Array)
        res._array = out
        res._dtype = dt
        res._numpy = True
        return res if out.ndim else made_as_array(res)
    if t is tuple or t is list:
        items = [_result(o) for o in out]
        return MISS if any(i is MISS for i in items) else t(items)
    if isinstance(out, np.generic):
        return out if out.dtype in _NATIVE else MISS
    if t in (bool, int, float):
        return out
    return MISS


def call(npfunc: Any, name: str, rule: tuple[str, int], args: tuple[Any, ...],
         kwargs: dict[str, Any]) -> Any:
    """NumPy's ``npfunc(*args, **kwargs)`` on the arrays' data, as the swap-in's result,
    or MISS when the call is not one NumPy answers for the swap-in (see the module).
    (Written for speed: it is the per-call cost of the everyday calls.)"""
    kind, positional = rule
    if len(args) > positional:
        return MISS
    if kind is CREATES and len(args) == 1 and (not kwargs or (
            len(kwargs) == 1 and "dtype" in kwargs and name not in NO_DTYPE)):
        size = args[0]  # np.zeros(n), np.empty((n, m), dtype=...): the commonest, inline
        t = type(size)
        if t is int or (t is tuple and all(type(v) is int for v in size)):
            try:
                out = quiet_run(npfunc, size, **kwargs)
            except Exception:  # NumPy's error: the adapter gives aiarray's
                return MISS
            dt = _NATIVE.get(out.dtype)
            if dt is None:
                return MISS
            res = _new(Array)
            res._array = out
            res._dtype = dt
            res._numpy = True
            return res if out.ndim else made_as_array(res)
    if kind is VIEWS and not kwargs and name == "asarray":  # the commonest: itself
        a0 = args[0]
        if type(a0) is Array and a0._numpy and a0._dtype in _NATIVE:
            return a0
    conv = []
    arrays = False  # an Array's data among the arguments (NumPy may hand it back)
    for a in args:
        t = type(a)
        if t is int or t is float or t is tuple or t is bool:  # (the commonest: sizes)
            if t is tuple and not all(type(v) is int for v in a):
                v = _arg(a, kind)
                if v is MISS:
                    return MISS
                arrays = True
                conv.append(v)
            else:
                conv.append(a)
            continue
        v = _arg(a, kind)
        if v is MISS:
            return MISS
        if v is not a:
            arrays = True
        conv.append(v)
    kw = {}
    if kwargs:
        for k, a in kwargs.items():
            if k in _ADAPTER_KEYWORDS or (k == "dtype" and a is not None and (
                    kind != CREATES or name in NO_DTYPE)):
                return MISS
            v = _arg(a, kind)
            if v is MISS:
                return MISS
            arrays = arrays or v is not a
            kw[k] = v
        if name == "array" and kw.get("copy", True) is not True:
            return MISS  # (the swap-in gives the very Array back when nothing changes)
    if (name == "std" or name == "var") and not _enough_data(conv, kw):
        return MISS  # (NumPy warns about the degrees of freedom)
    try:
        method = METHODS.get(name)
        if method is not None and conv and type(conv[0]) is np.ndarray:
            out = quiet_run(getattr(conv[0], method), *conv[1:], **kw)
        else:
            out = quiet_run(npfunc, *conv, **kw)
    except Exception:  # NumPy's error, a warning made an error, a busy quiet context
        return MISS
    if arrays and (kind == VIEWS or kind == CREATES):  # NumPy may hand an argument back
        given = _given_back(out, args, conv)
        if given is not MISS:
            return given
    if type(out) is np.ndarray:  # (the commonest result, inline)
        dt = _NATIVE.get(out.dtype)
        if dt is None:
            return MISS
        res = _new(Array)
        res._array = out
        res._dtype = dt
        res._numpy = True
        if not out.ndim:
            made_as_array(res)
        return res
    return _result(out)


def _given_back(out: Any, args: tuple[Any, ...], conv: list[Any]) -> Any:
    """The Array argument whose data NumPy's ``out`` is (itself, or item by item), or
    MISS."""
    if type(out) is np.ndarray:
        for a, c in zip(args, conv):
            if c is out and type(a) is Array:
                return a
        return MISS
    if type(out) is tuple or type(out) is list:
        items = [_given_back(o, args, conv) for o in out]
        if all(i is MISS for i in items):
            return MISS
        rest = [_result(o) if i is MISS else i for o, i in zip(out, items)]
        return MISS if any(r is MISS for r in rest) else type(out)(rest)
    return MISS


def _enough_data(args: list[Any], kwargs: dict[str, Any]) -> bool:
    """std/var: a whole-array reduction with more elements than ``ddof``."""
    ddof = kwargs.get("ddof", args[4] if len(args) > 4 else 0)
    axis = kwargs.get("axis", args[1] if len(args) > 1 else None)
    data = args[0] if args else kwargs.get("a")
    return type(ddof) is int and axis is None and type(data) is np.ndarray \
        and data.size > ddof

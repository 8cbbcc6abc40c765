"""NumPy's sorting, searching, selection, set, comparison and product functions over
the standard's.

Thin adapters (NumPy's forms over the standard's functions, the swap-in's promotion
policy); forms the standard lacks (``kind='heapsort'``, ``mode='wrap'``, complex sort
order) run NumPy on views.
"""

from __future__ import annotations

import builtins
import operator
from typing import Any

import numpy as np

from .. import _dtypes as D
from .._api import indexing as I
from .._api import linear_algebra as L
from .._api import manipulation as M
from .._api import searching as Q
from .._api import set_functions as SF
from .._api import sorting as S
from .._array import Array
from .._errors import InvalidArgumentError, TypeMismatchError
from . import _convert as C
from . import _ufuncs as U

NoValue = C.NOVALUE
_STABLE_KINDS = ("stable", "mergesort")


def _flat(x: Array) -> Array:
    return C.tag(M.reshape(x, (-1,)))


def _sortable(x: Array, kind: Any, order: Any) -> bool:
    return order is None and x._dtype not in D.COMPLEX and kind in (
        None, "quicksort", "stable", "mergesort", "heapsort")


@C.numpy_fallback(np.sort)
def sort(a: Any, axis: Any = -1, kind: Any = None, order: Any = None, *,
         stable: Any = None, descending: builtins.bool = False) -> Array:
    """A sorted copy (NaN last; of the flattened array when axis is None); ``descending``
    is the standard's keyword."""
    x = C.arr(a, "sort", "a")
    if axis is None:
        x, axis = _flat(x), 0
    if not _sortable(x, kind, order) or (x.ndim == 0 and not descending):
        return C.on_views(np.sort, (x, axis), {"kind": kind, "order": order, "stable": stable})
    return C.tag(S.sort(x, axis=axis, descending=descending,
                        stable=builtins.bool(stable or kind in _STABLE_KINDS)))


@C.numpy_fallback(np.argsort)
def argsort(a: Any, axis: Any = -1, kind: Any = None, order: Any = None, *,
            stable: Any = None, descending: builtins.bool = False) -> Array:
    """Indices that sort ``a`` (of the flattened array when axis is None); ``descending``
    is the standard's keyword."""
    x = C.arr(a, "argsort", "a")
    if axis is None:
        x, axis = _flat(x), 0
    if not _sortable(x, kind, order) or (x.ndim == 0 and not descending):
        return C.on_views(np.argsort, (x, axis), {"kind": kind, "order": order,
                                                  "stable": stable})
    return C.tag(S.argsort(x, axis=axis, descending=descending,
                           stable=builtins.bool(stable or kind in _STABLE_KINDS)))


@C.numpy_fallback(np.where)
def where(condition: Any, x: Any = NoValue, y: Any = NoValue, /) -> Any:
    """``x`` where ``condition`` is true, else ``y``; with only ``condition``, the
    indices of its true elements (as :func:`nonzero`)."""
    if x is NoValue and y is NoValue:
        return nonzero(condition)
    if x is NoValue or y is NoValue:
        raise InvalidArgumentError("where(): give both x and y, or neither")
    c = C.arr(condition, "where", "condition")
    if c._dtype is not D.bool_:
        c = C.tag(U.make("not_equal")(c, 0))
    ox = C.operand(x, "where", "x")
    oy = C.operand(y, "where", "y")
    if type(ox) is not Array and type(oy) is not Array:
        ox = C.arr(ox, "where", "x")
    return C.made_as_array(C.tag(Q.where(c, ox, oy)))


@C.numpy_fallback(np.nonzero)
def nonzero(a: Any) -> tuple[Array, ...]:
    """Indices of the non-zero elements, one array per axis."""
    x = C.arr(a, "nonzero", "a")
    if x.ndim == 0:
        raise InvalidArgumentError("nonzero(): calling nonzero on 0d arrays is not allowed; "
                                   "use atleast_1d(a).nonzero()")
    return C.tag(Q.nonzero(x))


@C.numpy_fallback(np.searchsorted)
def searchsorted(a: Any, v: Any, side: str = "left", sorter: Any = None) -> Array:
    """Indices where ``v`` would be inserted into sorted ``a`` to keep it sorted."""
    x = C.arr(a, "searchsorted", "a")
    val = C.operand(v, "searchsorted", "v")
    srt = None if sorter is None else C.arr(sorter, "searchsorted", "sorter")
    if type(val) is not Array:
        val = C.arr(val, "searchsorted", "v")
    return C.tag(Q.searchsorted(x, val, side=side, sorter=srt))  # type: ignore[arg-type]  # checked there


@C.numpy_fallback(np.clip)
def clip(a: Any, a_min: Any = NoValue, a_max: Any = NoValue, out: Any = None, *,
         min: Any = NoValue, max: Any = NoValue, **kwargs: Any) -> Array:
    """Values limited to [min, max]: ``minimum(maximum(a, min), max)`` with NumPy's
    promotion of the bounds (a float bound of an integer array gives floats)."""
    lo = min if a_min is NoValue else a_min
    hi = max if a_max is NoValue else a_max
    lo = None if lo is NoValue else lo
    hi = None if hi is NoValue else hi
    res = C.arr(a, "clip", "a")
    if lo is not None:
        res = U.make("maximum")(res, lo)
    if hi is not None:
        res = U.make("minimum")(res, hi)
    if lo is None and hi is None:
        res = C.asarray(res, copy=True)
    return C.into(res, out, "clip", kwargs.get("casting", "same_kind")) if out is not None \
        else res


@C.numpy_fallback(np.round)
def round(a: Any, decimals: int = 0, out: Any = None) -> Array:
    """Values rounded to ``decimals`` (half to even; integers unchanged for decimals >= 0)."""
    from .._api import elementwise as E

    x = C.arr(a, "round", "a")
    if operator.index(decimals) != 0:
        return C.on_views(np.round, (x, decimals), {"out": out} if out is not None else {})
    res = C.tag(E.round(x))
    return C.into(res, out, "round") if out is not None else res


@C.numpy_fallback(np.around)
def around(a: Any, decimals: int = 0, out: Any = None) -> Array:
    """Same as :func:`round`."""
    return round(a, decimals, out)


@C.numpy_fallback(np.real)
def real(val: Any) -> Any:
    """The real part (a view for complex arrays; a Python scalar's ``.real``)."""
    if isinstance(val, C.PY_SCALARS):
        return val.real
    return C.part(C.arr(val, "real", "val"), "real")


@C.numpy_fallback(np.imag)
def imag(val: Any) -> Any:
    """The imaginary part (a view for complex arrays; zeros for real ones)."""
    if isinstance(val, C.PY_SCALARS):
        return val.imag
    return C.part(C.arr(val, "imag", "val"), "imag")


@C.numpy_fallback(np.take)
def take(a: Any, indices: Any, axis: Any = None, out: Any = None, mode: str = "raise") -> Array:
    """Elements at ``indices`` along axis (of the flattened array when axis is None)."""
    x = C.arr(a, "take", "a")
    idx = C.arr(indices, "take", "indices")
    if mode != "raise" or idx._dtype not in D.INTEGER:
        return C.on_views(np.take, (x, idx, axis), {"out": out, "mode": mode})
    if axis is None:
        x, axis = _flat(x), 0
    flat = C.tag(M.reshape(idx, (-1,)))
    res = C.tag(I.take(x, flat, axis=axis))
    if idx.ndim != 1:
        ax = axis % x.ndim
        res = C.tag(M.reshape(res, x.shape[:ax] + idx.shape + x.shape[ax + 1:]))
    return C.into(res, out, "take") if out is not None else res


@C.numpy_fallback(np.take_along_axis)
def take_along_axis(arr: Any, indices: Any, axis: Any = -1) -> Array:
    """Values at ``indices`` along ``axis`` (as from argsort)."""
    x = C.arr(arr, "take_along_axis", "arr")
    idx = C.arr(indices, "take_along_axis", "indices")
    if axis is None:
        x, axis = _flat(x), 0
    return C.tag(I.take_along_axis(x, idx, axis=axis))


@C.numpy_fallback(np.isin)
def isin(element: Any, test_elements: Any, assume_unique: builtins.bool = False,
         invert: builtins.bool = False, *, kind: Any = None) -> Array:
    """Whether each element of ``element`` is in ``test_elements``."""
    x = C.arr(element, "isin", "element")
    t = C.arr(test_elements, "isin", "test_elements")
    return C.tag(SF.isin(x, _flat(t) if t.ndim != 1 else t, invert=invert))


@C.numpy_fallback(np.unique_values)
def unique_values(x: Any, /) -> Array:
    """The distinct values (sorted)."""
    return C.tag(SF.unique_values(C.arr(x, "unique_values", "x")))


@C.numpy_fallback(np.unique_counts)
def unique_counts(x: Any, /) -> Any:
    """The distinct values and their counts."""
    return C.tag(SF.unique_counts(C.arr(x, "unique_counts", "x")))


@C.numpy_fallback(np.unique_inverse)
def unique_inverse(x: Any, /) -> Any:
    """The distinct values and the indices that rebuild ``x`` from them."""
    return C.tag(SF.unique_inverse(C.arr(x, "unique_inverse", "x")))


@C.numpy_fallback(np.unique_all)
def unique_all(x: Any, /) -> Any:
    """The distinct values, first indices, inverse indices and counts."""
    return C.tag(SF.unique_all(C.arr(x, "unique_all", "x")))


@C.numpy_fallback(np.copyto)
def copyto(dst: Any, src: Any, casting: str = "same_kind", where: Any = True) -> None:
    """Copy ``src`` into ``dst`` (broadcast; ``casting`` checked, values checked)."""
    if type(dst) is not Array:
        np.copyto(dst, C.view(src), casting=casting,  # type: ignore[arg-type]  # NumPy checks it
                  where=C.view(where))
        return
    s = C.operand(src, "copyto", "src")
    if type(s) is not Array:
        s = C.asarray(s, dst._dtype if casting == "unsafe" else None, func="copyto")
    C.check_casting(s._dtype, dst._dtype, casting, "copyto")
    if where is True:
        dst[...] = C.setitem_value(s, dst._dtype) if s._dtype is not dst._dtype else s
        return
    w = C.arr(where, "copyto", "where")
    vals = C.setitem_value(s, dst._dtype)
    b = np.broadcast_to(vals._array, dst.shape)
    if not dst._array.flags.writeable:
        raise InvalidArgumentError("copyto(): dst is read-only")
    np.copyto(dst._array, b, where=np.broadcast_to(w._array, dst.shape))


# -- products ------------------------------------------------------------------------------
@C.numpy_fallback(np.matmul)
def matmul(x1: Any, x2: Any, /, out: Any = None, *, dtype: Any = None,
           casting: str = "same_kind", **kwargs: Any) -> Array:
    """Matrix product (stacks broadcast; 1-D operands as vectors)."""
    a = C.arr(x1, "matmul", "x1")
    b = C.arr(x2, "matmul", "x2")
    if kwargs:
        return C.on_views(np.matmul, (a, b), {"out": out, **kwargs})
    if dtype is not None:
        dt = C.dtype_of(dtype, "dtype", "matmul")
        a, b = C.asarray(a, dt), C.asarray(b, dt)
    res = C.tag(L.matmul(a, b))
    return C.into(res, out, "matmul", casting) if out is not None else res


@C.numpy_fallback(np.dot)
def dot(a: Any, b: Any, out: Any = None) -> Array:
    """Dot product: scalars multiply, up to 2-D a matrix product, beyond that a sum
    over the last axis of ``a`` and the second-to-last of ``b``."""
    x = C.arr(a, "dot", "a")
    y = C.arr(b, "dot", "b")
    if x.ndim == 0 or y.ndim == 0:
        res = U.make("multiply")(x, y)
    elif x.ndim <= 2 and y.ndim <= 2:
        res = C.tag(L.matmul(x, y))
    else:
        res = C.tag(L.tensordot(x, y, axes=([x.ndim - 1], [builtins.max(y.ndim - 2, 0)])))
    return C.into(res, out, "dot") if out is not None else res


@C.numpy_fallback(np.vdot)
def vdot(a: Any, b: Any, /) -> Array:
    """Dot product of the flattened arrays, conjugating ``a``."""
    x = _flat(C.arr(a, "vdot", "a"))
    y = _flat(C.arr(b, "vdot", "b"))
    return C.tag(L.vecdot(x, y))


@C.numpy_fallback(np.inner)
def inner(a: Any, b: Any, /) -> Array:
    """Inner product over the last axes (no conjugation)."""
    x = C.arr(a, "inner", "a")
    y = C.arr(b, "inner", "b")
    if x.ndim == 0 or y.ndim == 0:
        return U.make("multiply")(x, y)
    return C.tag(L.tensordot(x, y, axes=([x.ndim - 1], [y.ndim - 1])))


@C.numpy_fallback(np.outer)
def outer(a: Any, b: Any, out: Any = None) -> Array:
    """Outer product of the flattened arrays."""
    x = _flat(C.arr(a, "outer", "a"))
    y = _flat(C.arr(b, "outer", "b"))
    res = U.make("multiply")(C.tag(M.reshape(x, (-1, 1))), y)
    return C.into(res, out, "outer") if out is not None else res


@C.numpy_fallback(np.tensordot)
def tensordot(a: Any, b: Any, axes: Any = 2) -> Array:
    """Sum of products over the given axes."""
    x = C.arr(a, "tensordot", "a")
    y = C.arr(b, "tensordot", "b")
    if not isinstance(axes, int | np.integer):
        try:
            ax, bx = axes
        except (TypeError, ValueError):
            raise TypeMismatchError("tensordot(): axes must be an int or a pair of axis "
                                    "lists") from None
        axes = (list(ax) if isinstance(ax, list | tuple) else [ax],
                list(bx) if isinstance(bx, list | tuple) else [bx])
    return C.made_as_array(C.tag(L.tensordot(x, y, axes=axes)))  # (0-d: an array, as NumPy)


@C.numpy_fallback(np.vecdot)
def vecdot(x1: Any, x2: Any, /, out: Any = None, *, axis: int = -1, **kwargs: Any) -> Array:
    """Vector dot product along ``axis`` (conjugating x1)."""
    res = C.tag(L.vecdot(C.arr(x1, "vecdot", "x1"), C.arr(x2, "vecdot", "x2"), axis=axis))
    return C.into(res, out, "vecdot") if out is not None else res

"""NumPy's shape, join, split and rearranging functions over the standard's.

Thin adapters: NumPy's argument forms (an int shape, ``axis=None`` meaning "the
flattened array", ``transpose(a)`` reversing the axes, ``split`` returning a list)
over the standard's manipulation functions, so the joins promote by the swap-in's
policy.  ``order='F'`` and the forms the standard has no counterpart for run NumPy
on views.
"""

from __future__ import annotations

import builtins
import operator
from typing import Any

import numpy as np

from .. import _dtypes as D
from .._api import gbt_transforms as G
from .._api import linear_algebra as L
from .._api import manipulation as M
from .._array import Array
from .._errors import InvalidArgumentError, TypeMismatchError
from .._typing import DType
from . import _convert as C
from ._boundary import guards_itself, reraise

NoValue = C.NOVALUE


def _shape_arg(shape: Any, func: str) -> tuple[int, ...]:
    if isinstance(shape, int | np.integer) or (type(shape) is Array and shape.ndim == 0):
        return (operator.index(shape),)
    try:
        return tuple(operator.index(s) for s in shape)
    except TypeError:
        raise TypeMismatchError(f"{func}(): shape={shape!r} must be an int or a tuple of "
                                "ints") from None


@C.numpy_fallback(np.reshape)
def reshape(a: Any, /, shape: Any = None, order: str = "C", *, newshape: Any = None,
            copy: builtins.bool | None = None) -> Array:
    """``a`` with a new shape (one dimension may be -1)."""
    if shape is None:
        shape = newshape
    x = C.arr(a, "reshape", "a")
    dims = _shape_arg(shape, "reshape")
    if (order != "C" and x.ndim > 1) or order == "F":
        return C.on_views(np.reshape, (x, dims), {"order": order, "copy": copy})
    return C.made_as_array(C.tag(M.reshape(x, dims, copy=copy)))


@C.numpy_fallback(np.ravel)
def ravel(a: Any, order: str = "C") -> Array:
    """The elements as a 1-D array (a view when possible)."""
    x = C.arr(a, "ravel", "a")
    if order != "C" and x.ndim > 1:
        return C.on_views(np.ravel, (x,), {"order": order})
    return C.tag(M.reshape(x, (-1,)))


@C.numpy_fallback(np.transpose)
def transpose(a: Any, axes: Any = None) -> Array:
    """Axes permuted; all reversed when ``axes`` is None."""
    x = C.arr(a, "transpose", "a")
    if axes is None:
        axes = tuple(range(x.ndim))[::-1]
    return C.made_as_array(C.tag(M.permute_dims(x, tuple(axes))))


@C.numpy_fallback(np.permute_dims)
def permute_dims(a: Any, axes: Any = None) -> Array:
    """Axes permuted (the standard's name for transpose)."""
    return transpose(a, axes)


@C.numpy_fallback(np.matrix_transpose)
def matrix_transpose(x: Any, /) -> Array:
    """The last two axes swapped."""
    return C.tag(L.matrix_transpose(C.arr(x, "matrix_transpose", "x")))


@C.numpy_fallback(np.swapaxes)
def swapaxes(a: Any, axis1: int, axis2: int) -> Array:
    """A view with two axes exchanged."""
    x = C.arr(a, "swapaxes", "a")
    order = list(range(x.ndim))
    try:
        i, j = order[axis1], order[axis2]
    except (IndexError, TypeError):
        raise C.axis_error(axis1 if not -x.ndim <= axis1 < x.ndim else axis2, x.ndim,
                           "swapaxes") from None
    order[i], order[j] = order[j], order[i]
    return C.tag(M.permute_dims(x, tuple(order)))


@C.numpy_fallback(np.moveaxis)
def moveaxis(a: Any, source: Any, destination: Any) -> Array:
    """Axes moved to new positions (the others keep their order)."""
    return C.tag(M.moveaxis(C.arr(a, "moveaxis", "a"), source, destination))


@C.numpy_fallback(np.squeeze)
def squeeze(a: Any, axis: Any = None) -> Array:
    """Without the length-1 axes (or only those named)."""
    x = C.arr(a, "squeeze", "a")
    if axis is None:
        axis = tuple(i for i, d in enumerate(x.shape) if d == 1)
    return C.made_as_array(C.tag(M.squeeze(x, axis)))


@C.numpy_fallback(np.expand_dims)
def expand_dims(a: Any, axis: Any) -> Array:
    """A length-1 axis inserted at ``axis`` (an int or a tuple)."""
    x = C.arr(a, "expand_dims", "a")
    return C.tag(M.expand_dims(x, tuple(axis) if isinstance(axis, list) else axis))


def _joined(func: str, arrays: Any, out: Any, dtype: Any, casting: str) -> list[Array]:
    if out is not None and dtype is not None:  # NumPy's TypeError
        raise TypeMismatchError(f"{func}() only takes `out` or `dtype` as an argument, but "
                                "both were provided")
    if isinstance(arrays, Array | np.ndarray):
        arrays = list(arrays) if arrays.ndim else [arrays]
    arrs = C.arrays(arrays, func)
    if not arrs:
        raise InvalidArgumentError(f"{func}(): need at least one array to join")
    if dtype is not None:
        dt = C.dtype_of(dtype, "dtype", func)
        for a in arrs:
            C.check_casting(a._dtype, dt, casting, func)
        arrs = [C.asarray(a, dt, func=func) for a in arrs]
    return arrs


@C.numpy_fallback(np.concatenate)
def concatenate(arrays: Any, /, axis: Any = 0, out: Any = None, *, dtype: Any = None,
                casting: str = "same_kind") -> Array:
    """Arrays joined along an existing axis (flattened first when axis is None)."""
    arrs = _joined("concatenate", arrays, out, dtype, casting)
    res = C.tag(M.concat(arrs, axis=axis))
    return C.into(res, out, "concatenate", casting) if out is not None else res


@C.numpy_fallback(np.concat)
def concat(arrays: Any, /, *, axis: Any = 0) -> Array:
    """Arrays joined along an existing axis (the standard's name)."""
    return concatenate(arrays, axis)


@C.numpy_fallback(np.stack)
def stack(arrays: Any, axis: int = 0, out: Any = None, *, dtype: Any = None,
          casting: str = "same_kind") -> Array:
    """Same-shape arrays joined along a new axis."""
    arrs = _joined("stack", arrays, out, dtype, casting)
    res = C.tag(M.stack(arrs, axis=axis))
    return C.into(res, out, "stack", casting) if out is not None else res


@C.numpy_fallback(np.atleast_1d)
def atleast_1d(*arys: Any) -> Any:
    """Inputs with at least one dimension (a tuple for several)."""
    res = [_at_least(a, 1, "atleast_1d") for a in arys]
    return res[0] if len(res) == 1 else tuple(res)


@C.numpy_fallback(np.atleast_2d)
def atleast_2d(*arys: Any) -> Any:
    """Inputs with at least two dimensions (1-D becomes a row)."""
    res = [_at_least(a, 2, "atleast_2d") for a in arys]
    return res[0] if len(res) == 1 else tuple(res)


@C.numpy_fallback(np.atleast_3d)
def atleast_3d(*arys: Any) -> Any:
    """Inputs with at least three dimensions ((N,) -> (1, N, 1), (M, N) -> (M, N, 1))."""
    res = [_at_least(a, 3, "atleast_3d") for a in arys]
    return res[0] if len(res) == 1 else tuple(res)


def _at_least(a: Any, n: int, func: str) -> Array:
    x = C.arr(a, func, "arys")
    if x.ndim >= n:
        return x
    shape: tuple[int, ...]
    if n == 1:
        shape = (1,)
    elif n == 2:
        shape = (1,) * (2 - x.ndim) + x.shape
    elif x.ndim == 0:
        shape = (1, 1, 1)
    elif x.ndim == 1:
        shape = (1, x.shape[0], 1)
    else:
        shape = (*x.shape, 1)
    return C.tag(M.reshape(x, shape))


@C.numpy_fallback(np.vstack)
def vstack(tup: Any, *, dtype: Any = None, casting: str = "same_kind") -> Array:
    """Arrays stacked as rows (1-D arrays become rows)."""
    return concatenate([_at_least(a, 2, "vstack") for a in tup], 0, dtype=dtype,
                       casting=casting)


@C.numpy_fallback(np.row_stack)
def row_stack(tup: Any, *, dtype: Any = None, casting: str = "same_kind") -> Array:
    """Same as vstack."""
    return vstack(tup, dtype=dtype, casting=casting)


@C.numpy_fallback(np.hstack)
def hstack(tup: Any, *, dtype: Any = None, casting: str = "same_kind") -> Array:
    """Arrays joined column-wise (1-D arrays end to end)."""
    arrs = [_at_least(a, 1, "hstack") for a in tup]
    axis = 0 if arrs and arrs[0].ndim == 1 else 1
    return concatenate(arrs, axis, dtype=dtype, casting=casting)


@C.numpy_fallback(np.dstack)
def dstack(tup: Any) -> Array:
    """Arrays stacked along a third axis."""
    return concatenate([_at_least(a, 3, "dstack") for a in tup], 2)


@C.numpy_fallback(np.column_stack)
def column_stack(tup: Any) -> Array:
    """1-D arrays as the columns of a 2-D array (2-D arrays joined as they are)."""
    cols = []
    for a in tup:
        x = C.arr(a, "column_stack", "tup")
        if x.ndim < 2:
            x = C.tag(M.reshape(x, (-1, 1)))
        cols.append(x)
    return concatenate(cols, 1)


@C.numpy_fallback(np.split)
def split(ary: Any, indices_or_sections: Any, axis: int = 0) -> list[Array]:
    """Sub-arrays (views): ``n`` equal parts, or cut at the given indices (a list)."""
    x = C.arr(ary, "split", "ary")
    if isinstance(indices_or_sections, int | np.integer):
        try:
            return list(C.tag(G.split(x, int(indices_or_sections), axis=axis)))
        except InvalidArgumentError as e:
            if "divide" in str(e):
                raise InvalidArgumentError("split(): array split does not result in an equal "
                                           "division") from None
            raise
    return C.on_views(np.split, (x, C.view(indices_or_sections), axis), {})


@C.numpy_fallback(np.unstack)
def unstack(x: Any, /, *, axis: int = 0) -> tuple[Array, ...]:
    """The sub-arrays along ``axis``."""
    return C.tag(M.unstack(C.arr(x, "unstack", "x"), axis=axis))


@C.numpy_fallback(np.tile)
def tile(A: Any, reps: Any) -> Array:  # noqa: N803 - NumPy's name
    """``A`` repeated ``reps`` times along each axis."""
    r = (operator.index(reps),) if isinstance(reps, int | np.integer) else tuple(reps)
    return C.tag(M.tile(C.arr(A, "tile", "A"), r))


@C.numpy_fallback(np.repeat)
def repeat(a: Any, repeats: Any, axis: Any = None) -> Array:
    """Each element repeated (the flattened array when axis is None)."""
    x = C.arr(a, "repeat", "a")
    r = repeats if isinstance(repeats, int | np.integer) else C.arr(repeats, "repeat",
                                                                      "repeats")
    if type(r) is Array and r.ndim == 0:
        r = int(r)
    if isinstance(r, np.integer):
        r = int(r)
    if x.ndim == 0 and axis is None:
        x = C.tag(M.reshape(x, (1,)))
    return C.tag(M.repeat(x, r, axis=axis))


@C.numpy_fallback(np.roll)
def roll(a: Any, shift: Any, axis: Any = None) -> Array:
    """Elements shifted along axis (the flattened array when axis is None)."""
    x = C.arr(a, "roll", "a")
    s = tuple(shift) if isinstance(shift, list) else shift
    ax = tuple(axis) if isinstance(axis, list) else axis
    return C.tag(M.roll(x, s, axis=ax))


@C.numpy_fallback(np.flip)
def flip(m: Any, axis: Any = None) -> Array:
    """Order of elements reversed along axis (all axes when None)."""
    return C.tag(M.flip(C.arr(m, "flip", "m"), axis=axis))


@C.numpy_fallback(np.broadcast_to)
def broadcast_to(array: Any, shape: Any, subok: builtins.bool = False) -> Array:
    """A read-only view of ``array`` broadcast to ``shape``."""
    x = C.arr(array, "broadcast_to", "array")
    return C.made_as_array(C.tag(M.broadcast_to(x, _shape_arg(shape, "broadcast_to"))))


@C.numpy_fallback(np.broadcast_arrays)
def broadcast_arrays(*args: Any, subok: builtins.bool = False) -> tuple[Array, ...]:
    """The arrays broadcast against each other (a tuple, as NumPy 2)."""
    return tuple(C.tag(M.broadcast_arrays(*C.arrays(args, "broadcast_arrays", "args"))))


@C.numpy_fallback(np.broadcast_shapes)
def broadcast_shapes(*args: Any) -> tuple[int, ...]:
    """The shape that broadcasting the given shapes gives."""
    return M.broadcast_shapes(*[_shape_arg(s, "broadcast_shapes") for s in args])


@C.numpy_fallback(np.pad)
def pad(array: Any, pad_width: Any, mode: str = "constant", **kwargs: Any) -> Array:
    """``array`` padded (NumPy's modes and forms; the constant mode with one scalar
    ``constant_values`` is aiarray's pad)."""
    x = C.arr(array, "pad", "array")
    cv = kwargs.get("constant_values", 0)
    widths = _pad_pairs(pad_width, x.ndim)
    if mode == "constant" and set(kwargs) <= {"constant_values"} and np.ndim(cv) == 0 \
            and widths is not None and not isinstance(cv, Array):
        value = cv.item() if isinstance(cv, np.generic) else cv
        if isinstance(value, float) and x._dtype in D.INTEGER | {D.bool_}:
            return C.on_views(np.pad, (x, pad_width, mode), kwargs)
        if isinstance(value, int) and x._dtype is D.bool_:
            value = builtins.bool(value)
        return C.tag(G.pad(x, widths, mode="constant", value=value))
    return C.on_views(np.pad, (x, C.view(pad_width), mode), kwargs)


def _pad_pairs(pad_width: Any, ndim: int) -> list[tuple[int, int]] | None:
    """NumPy's pad_width forms (int, (n,), (before, after), per-axis pairs) as pairs."""
    try:
        w = np.broadcast_to(np.asarray(pad_width, dtype=np.int64), (ndim, 2))
    except (ValueError, TypeError):
        return None
    return [(int(b), int(a)) for b, a in w]


def _trace_dtype(dtype: Any) -> DType | None:
    return C.dtype_of(dtype, "dtype", "trace")


@C.numpy_fallback(np.trace)
def trace(a: Any, offset: int = 0, axis1: int = 0, axis2: int = 1, dtype: Any = None,
          out: Any = None) -> Array:
    """Sum along a diagonal (integers accumulate in int64, as sum)."""
    from .._api import gbt_math

    x = C.arr(a, "trace", "a")
    res = C.tag(gbt_math.trace(x, offset=offset, axis1=axis1, axis2=axis2,
                               dtype=_trace_dtype(dtype)))
    return C.into(res, out, "trace") if out is not None else res


@guards_itself
def ndim(a: Any) -> int:
    """Number of dimensions."""
    if type(a) is Array:
        return a._array.ndim
    try:
        return np.ndim(C.view(a))
    except Exception as e:
        reraise(e, "ndim", (a,), {}, np.ndim)


@guards_itself
def shape(a: Any) -> tuple[int, ...]:
    """The shape of ``a``."""
    if type(a) is Array:
        return a._array.shape
    try:
        return np.shape(C.view(a))
    except Exception as e:
        reraise(e, "shape", (a,), {}, np.shape)


@guards_itself
def size(a: Any, axis: Any = None) -> int:
    """Number of elements (along ``axis``: an int or a tuple)."""
    try:
        return np.size(a._array if type(a) is Array else C.view(a), axis)
    except Exception as e:
        reraise(e, "size", (a, axis), {}, np.size)

"""Manipulation functions of the standard (GB/T 7.2.3)."""

from __future__ import annotations

import itertools
import math
import sys
from collections.abc import Callable, Sequence

import numpy as np

from .. import _dtypes as D
from .. import _memory as M
from .._array import Array
from .._dispatch import array_arg, cast, common_dtype
from .._errors import (
    AxisError,
    DimensionMismatchError,
    InvalidArgumentError,
    TypeMismatchError,
)
from .._sizes import allocating, check_ndim, check_object_count, check_shape
from .._typing import DType, NDArray
from ._axes import bool_arg, int_arg, normalize_axis, shape_tuple

__all__ = [
    "broadcast_arrays", "broadcast_shapes", "broadcast_to", "concat", "expand_dims", "flip",
    "moveaxis", "permute_dims", "repeat", "reshape", "roll", "squeeze", "stack", "tile",
    "unstack",
]


def reshape(x: Array, /, shape: tuple[int, ...], *, copy: bool | None = None) -> Array:
    """``x`` with a new shape (GB/T 7.2.3.2): a view when the layout allows it.

    One dimension may be -1 (inferred).  ``copy=True`` always copies; ``copy=False``
    raises ValueError when a view is impossible.

    Examples
    --------
    >>> x = xp.arange(6, dtype=xp.float32)
    >>> xp.reshape(x, (2, 3))
    Array([[0., 1., 2.],
           [3., 4., 5.]], dtype=float32)
    >>> xp.reshape(x, (3, -1)).shape
    (3, 2)
    """
    x = array_arg(x, "reshape", "x")
    if copy is not None:
        copy = bool_arg(copy, "reshape", "copy")
    dims = shape_tuple(shape, "shape", "reshape", unknown=True)
    unknown = [d for d in dims if d < 0]
    if unknown and (len(unknown) > 1 or unknown[0] != -1):
        raise InvalidArgumentError(f"reshape(): shape={shape!r} may hold one -1 and no other "
                                   "negative size")
    known = -math.prod(dims) if unknown else math.prod(dims)
    if (unknown and (known == 0 or x.size % known)) or (not unknown and known != x.size):
        raise DimensionMismatchError(
            f"reshape(): cannot reshape an array of size {x.size} (shape {x.shape}) into {shape!r}"
        )
    a = x._array
    if copy:
        if a.nbytes >= M.MIN_BYTES:  # an aligned copy (_memory), the new shape its view
            return Array._new(M.copy(a).reshape(dims), x.dtype)
        return Array._new(allocating(np.reshape, a, dims, copy=True, func="reshape"), x.dtype)
    if copy is False:
        try:
            out = np.reshape(a, dims, copy=False)
        except ValueError:
            raise InvalidArgumentError(
                f"reshape(copy=False): shape {x.shape} -> {shape!r} needs a copy"
            ) from None
        return Array._new(out, x.dtype)
    if a.nbytes >= M.MIN_BYTES:  # a view where the layout allows it, else an aligned copy
        try:
            return Array._new(np.reshape(a, dims, copy=False), x.dtype)
        except ValueError:
            return Array._new(M.copy(a).reshape(dims), x.dtype)
    return Array._new(allocating(a.reshape, dims, func="reshape"), x.dtype)


def broadcast_shapes(*shapes: tuple[int, ...]) -> tuple[int, ...]:
    """The shape that ``shapes`` broadcast to (GB/T 5.4); ValueError if they do not.

    Examples
    --------
    >>> xp.broadcast_shapes((2, 1), (1, 3))
    (2, 3)
    >>> xp.broadcast_shapes((5, 1, 4), (3, 1))
    (5, 3, 4)
    """
    dims = [shape_tuple(s, f"shapes[{i}]", "broadcast_shapes") for i, s in enumerate(shapes)]
    try:
        return tuple(int(d) for d in np.broadcast_shapes(*dims))
    except ValueError:
        raise DimensionMismatchError(
            f"broadcast_shapes(): shapes {', '.join(map(str, dims))} do not broadcast"
        ) from None


def broadcast_to(x: Array, /, shape: tuple[int, ...]) -> Array:
    """A read-only view of ``x`` broadcast to ``shape`` (GB/T 7.2.3.19).

    Examples
    --------
    >>> xp.broadcast_to(xp.asarray([1, 2, 3], dtype=xp.int8), (2, 3))
    Array([[1, 2, 3],
           [1, 2, 3]], dtype=int8)
    """
    x = array_arg(x, "broadcast_to", "x")
    dims = shape_tuple(shape, "shape", "broadcast_to")
    check_shape(dims, x._array.itemsize, "broadcast_to", "the broadcast view")
    try:
        out = np.broadcast_to(x._array, dims)
    except ValueError:
        raise DimensionMismatchError(
            f"broadcast_to(): x of shape {x.shape} does not broadcast to {dims}"
        ) from None
    return Array._new(out, x.dtype)


def broadcast_arrays(*arrays: Array) -> tuple[Array, ...]:
    """Arrays broadcast against each other (a tuple, as 2025.12 asks).

    Examples
    --------
    >>> a, b = xp.broadcast_arrays(xp.asarray([[1], [2]]), xp.asarray([10, 20, 30]))
    >>> a
    Array([[1, 1, 1],
           [2, 2, 2]], dtype=int64)
    >>> b.shape
    (2, 3)
    """
    for i, a in enumerate(arrays):
        a = array_arg(a, "broadcast_arrays", f"arrays[{i}]")
    shape = broadcast_shapes(*(a.shape for a in arrays))
    return tuple(broadcast_to(a, shape) for a in arrays)


# -- helpers --------------------------------------------------------------------------


def _moving(x: Array) -> NDArray:
    """The ndarray of ``x`` for pure data movement (complex32 as uint32 bits)."""
    return D.bits(x._array)


def _wrap(out: NDArray, dt: DType) -> Array:
    """Wrap the result of a data-movement op on :func:`_moving` data of dtype ``dt``."""
    if dt is D.complex32:
        out = out.view(D.complex32)
    return Array._new(out, dt)




def _axis_list(axis: object, ndim: int, func: str, argname: str = "axis") -> list[int]:
    """An int or a tuple/list of distinct ints -> non-negative axes, in the given order."""
    if isinstance(axis, tuple | list):
        axes = [normalize_axis(a, ndim, func, argname) for a in axis]
        if len(set(axes)) != len(axes):
            raise AxisError(f"{func}(): {argname}={axis!r} repeats an axis")
        return axes
    return [normalize_axis(axis, ndim, func, argname)]


def _joined(func: str, arrays: object, extra_dims: int) -> tuple[DType, int]:
    """Check the arrays of concat/stack: (common dtype, ndim); equal ndims required."""
    if not isinstance(arrays, tuple | list):
        raise TypeMismatchError(
            f"{func}(): arrays must be a tuple or list of arrays, got {type(arrays).__name__}"
        )
    dt = common_dtype(func, arrays)
    ndim = arrays[0].ndim
    for i, x in enumerate(arrays):
        if x.ndim != ndim:
            raise DimensionMismatchError(
                f"{func}(): arrays[{i}] has {x.ndim} dimensions (shape {x.shape}) but "
                f"arrays[0] has {ndim} (shape {arrays[0].shape})"
            )
    return dt, ndim + extra_dims


# -- joining --------------------------------------------------------------------------


def _joined_into(join: Callable[..., NDArray], parts: list[NDArray], shape: tuple[int, ...],
                 axis: int | None) -> NDArray:
    """``join(parts, axis=axis)`` (np.concatenate, np.stack) written into a 64-byte
    aligned result of ``shape`` (``_memory``): for results of ``MIN_BYTES`` and more."""
    out = M.empty(shape, parts[0].dtype)
    if axis is None:
        return join(parts, out=out)
    return join(parts, axis=axis, out=out)


def concat(
    arrays: tuple[Array, ...] | list[Array], /, *, axis: int | None = 0
) -> Array:
    """Join arrays along an existing axis (GB/T 7.2.3.7).

    Mixed dtypes promote by the active policy (``result_type`` of the arrays).
    ``axis=None`` flattens every array (row-major) first.  Shapes must agree
    except along ``axis`` (DimensionMismatchError naming the array).

    Examples
    --------
    >>> a = xp.asarray([1, 2], dtype=xp.int8)
    >>> b = xp.asarray([3], dtype=xp.uint8)
    >>> xp.concat([a, b])  # int8 with uint8 gives int16
    Array([1, 2, 3], dtype=int16)
    >>> xp.concat([xp.ones((1, 2)), xp.zeros((1, 2))], axis=1)
    Array([[1., 1., 0., 0.]], dtype=float64)
    """
    if axis is None:
        if not isinstance(arrays, tuple | list):
            raise TypeMismatchError(f"concat(): arrays must be a tuple or list of arrays, "
                                    f"got {type(arrays).__name__}")
        dt = common_dtype("concat", arrays)
        total = sum(x.size for x in arrays)
        check_shape((total,), dt.itemsize, "concat")
        parts: list[NDArray] = [D.bits(cast(x, dt)).reshape(-1) for x in arrays]
        if total * parts[0].itemsize >= M.MIN_BYTES:
            return _wrap(_joined_into(np.concatenate, parts, (total,), None), dt)
        return _wrap(allocating(np.concatenate, parts, func="concat"), dt)
    dt, ndim = _joined("concat", arrays, 0)
    if ndim == 0:
        raise AxisError(f"concat(): axis={axis!r} is invalid for 0-d arrays; use axis=None "
                        "or stack()")
    ax = normalize_axis(axis, ndim, "concat")
    ref = arrays[0].shape
    for i, x in enumerate(arrays):
        if any(s != r for k, (s, r) in enumerate(zip(x.shape, ref)) if k != ax):
            raise DimensionMismatchError(
                f"concat(): arrays[{i}] has shape {x.shape}, which differs from arrays[0] "
                f"{ref} outside axis {ax}"
            )
    shape = (*ref[:ax], sum(x.shape[ax] for x in arrays), *ref[ax + 1:])
    check_shape(shape, dt.itemsize, "concat")
    parts = [D.bits(cast(x, dt)) for x in arrays]
    if math.prod(shape) * parts[0].itemsize >= M.MIN_BYTES:
        return _wrap(_joined_into(np.concatenate, parts, shape, ax), dt)
    return _wrap(allocating(np.concatenate, parts, axis=ax, func="concat"), dt)


def stack(arrays: tuple[Array, ...] | list[Array], /, *, axis: int = 0) -> Array:
    """Join arrays of one shape along a new axis (GB/T 7.2.3.8).

    Mixed dtypes promote by the active policy.  ``axis`` indexes the result, so it
    lies in ``[-N-1, N]`` for N-d inputs.

    Examples
    --------
    >>> a = xp.asarray([1, 2], dtype=xp.int16)
    >>> b = xp.asarray([3, 4], dtype=xp.int16)
    >>> xp.stack([a, b])
    Array([[1, 2],
           [3, 4]], dtype=int16)
    >>> xp.stack([a, b], axis=1)
    Array([[1, 3],
           [2, 4]], dtype=int16)
    """
    dt, ndim = _joined("stack", arrays, 1)
    ax = normalize_axis(axis, ndim, "stack")
    ref = arrays[0].shape
    for i, x in enumerate(arrays):
        if x.shape != ref:
            raise DimensionMismatchError(
                f"stack(): arrays[{i}] has shape {x.shape} but arrays[0] has shape {ref}"
            )
    check_shape((len(arrays), *ref), dt.itemsize, "stack")
    parts = [D.bits(cast(x, dt)) for x in arrays]
    if len(parts) * parts[0].nbytes >= M.MIN_BYTES:
        return _wrap(_joined_into(np.stack, parts, (*ref[:ax], len(arrays), *ref[ax:]), ax), dt)
    return _wrap(allocating(np.stack, parts, axis=ax, func="stack"), dt)


def unstack(x: Array, /, *, axis: int = 0) -> tuple[Array, ...]:
    """Split ``x`` along ``axis`` into a tuple of views (GB/T 7.2.3.9).

    Examples
    --------
    >>> x = xp.asarray([[1, 2], [3, 4]])
    >>> xp.unstack(x)
    (Array([1, 2], dtype=int64), Array([3, 4], dtype=int64))
    >>> xp.unstack(x, axis=1)
    (Array([1, 3], dtype=int64), Array([2, 4], dtype=int64))
    """
    x = array_arg(x, "unstack", "x")
    ax = normalize_axis(axis, x.ndim, "unstack")
    moved = np.moveaxis(x._array, ax, 0)
    n = moved.shape[0]
    if n:  # one Array and one NumPy view per slice: refuse what memory cannot hold
        first = Array._new(moved[0, ...], x.dtype)
        check_object_count(n, sys.getsizeof(first) + sys.getsizeof(first._array) + 8,
                           "unstack", f"arrays (the length of axis {ax})")
    return tuple(Array._new(moved[i, ...], x.dtype) for i in range(n))


# -- shape and axis order (views) -----------------------------------------------------


def expand_dims(x: Array, /, axis: int | tuple[int, ...]) -> Array:
    """Insert size-1 axes at the positions ``axis`` of the result (GB/T 7.2.3.3); a view.

    ``axis`` is an int or (2025.12) a tuple; each position lies in ``[-M, M)`` with
    ``M = x.ndim + len(axis)`` and positions must be distinct (AxisError otherwise,
    which is also an IndexError).

    Examples
    --------
    >>> x = xp.asarray([1, 2, 3])
    >>> xp.expand_dims(x, axis=0).shape
    (1, 3)
    >>> xp.expand_dims(x, axis=(0, 2)).shape
    (1, 3, 1)
    """
    x = array_arg(x, "expand_dims", "x")
    count = len(axis) if isinstance(axis, tuple | list) else 1
    check_ndim(x.ndim + count, "expand_dims")
    where = set(_axis_list(axis, x.ndim + count, "expand_dims"))
    dims = iter(x.shape)
    shape = tuple(1 if i in where else next(dims) for i in range(x.ndim + count))
    return Array._new(x._array.reshape(shape), x.dtype)


def squeeze(x: Array, /, axis: int | tuple[int, ...] | None, *, strict: bool = True) -> Array:
    """Remove size-1 axes (GB/T 7.2.3.4); a view.

    ``strict=True`` (the standard): every listed axis must have size 1, otherwise
    DimensionMismatchError (a ValueError); ``axis=()`` removes nothing.
    ``strict=False`` (GB/T 7.2.3.4): listed axes whose size is not 1 are left alone,
    and ``axis=()`` removes every size-1 axis.  ``axis=None`` removes every size-1
    axis in both modes.

    Examples
    --------
    >>> x = xp.zeros((1, 3, 1))
    >>> xp.squeeze(x, axis=0).shape
    (3, 1)
    >>> xp.squeeze(x, axis=(0, 2)).shape
    (3,)
    """
    x = array_arg(x, "squeeze", "x")
    if not isinstance(strict, bool):
        raise TypeMismatchError(f"squeeze(): strict={strict!r} must be a bool")
    shape = x.shape
    if axis is None or (not strict and isinstance(axis, tuple | list) and not axis):
        drop = {i for i, s in enumerate(shape) if s == 1}
    else:
        drop = set(_axis_list(axis, x.ndim, "squeeze"))
        bad = sorted(i for i in drop if shape[i] != 1)
        if bad and strict:
            raise DimensionMismatchError(
                f"squeeze(): axis={axis!r}: axis {bad[0]} of x (shape {shape}) has size "
                f"{shape[bad[0]]}, not 1 (strict=False leaves such axes alone)"
            )
        drop.difference_update(bad)
    return Array._new(
        x._array.reshape(tuple(s for i, s in enumerate(shape) if i not in drop)), x.dtype
    )


def permute_dims(x: Array, /, axes: tuple[int, ...] | None = None) -> Array:
    """Permute the axes of ``x`` (GB/T 7.2.3.5); a view, as NumPy's transpose.

    ``axes`` is a permutation of the axes (negative axes allowed, 2025.12).
    GB/T 7.2.3.5: ``axes=None`` (the default) or an empty tuple reverses the axes
    (the standard requires ``axes``; for a 0-d array ``()`` is the identity).

    Examples
    --------
    >>> x = xp.reshape(xp.arange(6), (1, 2, 3))
    >>> xp.permute_dims(x, (2, 0, 1)).shape
    (3, 1, 2)
    >>> xp.permute_dims(xp.asarray([[1, 2], [3, 4]]), (1, 0))
    Array([[1, 3],
           [2, 4]], dtype=int64)
    """
    x = array_arg(x, "permute_dims", "x")
    ndim = x.ndim
    if axes is None or (isinstance(axes, tuple | list) and not axes):
        perm = list(range(ndim))[::-1]
    elif not isinstance(axes, tuple | list):
        raise TypeMismatchError(f"permute_dims(): axes={axes!r} must be a tuple of ints")
    else:
        perm = _axis_list(axes, ndim, "permute_dims", "axes")
        if len(perm) != ndim:
            raise AxisError(f"permute_dims(): axes={axes!r} is not a permutation of the "
                            f"{ndim} axes of x (shape {x.shape})")
    return Array._new(x._array.transpose(perm), x.dtype)


def moveaxis(
    x: Array, source: int | tuple[int, ...], destination: int | tuple[int, ...], /
) -> Array:
    """Move axes ``source`` to positions ``destination``, others keep their order; a view.

    Examples
    --------
    >>> x = xp.zeros((2, 3, 4))
    >>> xp.moveaxis(x, 0, -1).shape
    (3, 4, 2)
    >>> xp.moveaxis(x, (0, 1), (2, 0)).shape
    (3, 4, 2)
    """
    x = array_arg(x, "moveaxis", "x")
    src = _axis_list(source, x.ndim, "moveaxis", "source")
    dst = _axis_list(destination, x.ndim, "moveaxis", "destination")
    if len(src) != len(dst):
        raise AxisError(f"moveaxis(): source={source!r} and destination={destination!r} "
                        "must name the same number of axes")
    order = [i for i in range(x.ndim) if i not in src]
    for d, s in sorted(zip(dst, src)):
        order.insert(d, s)
    return Array._new(x._array.transpose(order), x.dtype)


def flip(x: Array, /, *, axis: int | tuple[int, ...] | None = None) -> Array:
    """Reverse the order of elements along ``axis`` (all axes when None); a view.

    GB/T 7.2.3.13 and 7.2.3.21.

    Examples
    --------
    >>> x = xp.asarray([[1, 2, 3], [4, 5, 6]])
    >>> xp.flip(x, axis=1)
    Array([[3, 2, 1],
           [6, 5, 4]], dtype=int64)
    >>> xp.flip(x)
    Array([[6, 5, 4],
           [3, 2, 1]], dtype=int64)
    """
    x = array_arg(x, "flip", "x")
    axes = set(range(x.ndim)) if axis is None else set(_axis_list(axis, x.ndim, "flip"))
    rev = slice(None, None, -1)
    key = tuple(rev if i in axes else slice(None) for i in range(x.ndim))
    return Array._new(x._array[(*key, Ellipsis)], x.dtype)


# -- copies ---------------------------------------------------------------------------


def roll(
    x: Array, /, shift: int | tuple[int, ...], *, axis: int | tuple[int, ...] | None = None
) -> Array:
    """Shift elements cyclically along ``axis`` (GB/T 7.2.3.14).

    ``axis=None`` (the default, as in GB/T and the standard) rolls the flattened
    array and restores the shape.  With a tuple ``axis``, ``shift`` is one int for
    all axes or a tuple of the same length.

    Examples
    --------
    >>> x = xp.asarray([1, 2, 3, 4, 5])
    >>> xp.roll(x, 2)
    Array([4, 5, 1, 2, 3], dtype=int64)
    >>> xp.roll(xp.reshape(x[:4], (2, 2)), 1, axis=0)
    Array([[3, 4],
           [1, 2]], dtype=int64)
    """
    x = array_arg(x, "roll", "x")
    a = _moving(x)
    if axis is None:
        if isinstance(shift, tuple | list):
            raise InvalidArgumentError(f"roll(): shift={shift!r} must be an int when axis "
                                       "is None (the flattened array has one axis)")
        s = int_arg(shift, "roll", "shift")
        check_shape(a.shape, a.itemsize, "roll")
        if a.nbytes >= M.MIN_BYTES:
            return _wrap(_rolled(a.reshape(-1), [s % a.size]).reshape(x.shape), x.dtype)
        flat = allocating(a.reshape, -1, func="roll")
        out = allocating(np.roll, flat, s % flat.size if flat.size else 0, func="roll")
        return _wrap(out.reshape(x.shape), x.dtype)
    axes = _axis_list(axis, x.ndim, "roll")
    if isinstance(shift, tuple | list):
        shifts = [int_arg(s, "roll", f"shift[{i}]") for i, s in enumerate(shift)]
        if len(shifts) != len(axes):
            raise InvalidArgumentError(
                f"roll(): shift={shift!r} and axis={axis!r} must have the same length"
            )
    else:
        shifts = [int_arg(shift, "roll", "shift")] * len(axes)
    shifts = [s % x.shape[ax] if x.shape[ax] else 0 for s, ax in zip(shifts, axes)]
    check_shape(a.shape, a.itemsize, "roll")
    if a.nbytes >= M.MIN_BYTES:
        by_axis = [0] * a.ndim
        for s, ax in zip(shifts, axes):
            by_axis[ax] = s
        return _wrap(_rolled(a, by_axis), x.dtype)
    out = allocating(np.roll, a, tuple(shifts), axis=tuple(axes), func="roll") if axes \
        else allocating(a.copy, func="roll")
    return _wrap(out, x.dtype)


def _rolled(a: NDArray, shifts: list[int]) -> NDArray:
    """``a`` rolled by ``shifts[i]`` (``0 <= shifts[i] < a.shape[i]``) along each axis,
    written into a 64-byte aligned array (``_memory``; for results of ``MIN_BYTES`` and
    more): a shifted axis moves in two blocks, the last ``shift`` elements to the front."""
    out = M.empty(a.shape, a.dtype)
    whole = ((slice(None), slice(None)),)
    moves = [((slice(None, -s), slice(s, None)), (slice(-s, None), slice(None, s))) if s
             else whole for s in shifts]
    for blocks in itertools.product(*moves):  # (source, destination) per axis
        out[tuple(d for _, d in blocks)] = a[tuple(f for f, _ in blocks)]
    return out


def repeat(x: Array, repeats: int | Array, /, *, axis: int | None = None) -> Array:
    """Repeat each element ``repeats`` times along ``axis`` (GB/T 7.2.3.11).

    ``repeats`` is a non-negative int or a 1-D integer Array of 1 or ``n`` non-negative
    counts (``n`` = the length of ``axis``).  ``axis=None`` repeats the flattened
    array and gives a 1-D result.

    Examples
    --------
    >>> x = xp.asarray([1, 2, 3], dtype=xp.int8)
    >>> xp.repeat(x, 2)
    Array([1, 1, 2, 2, 3, 3], dtype=int8)
    >>> xp.repeat(x, xp.asarray([1, 0, 3]))
    Array([1, 3, 3, 3], dtype=int8)
    """
    x = array_arg(x, "repeat", "x")
    a = _moving(x)
    if axis is None:
        a = a.reshape(-1)
        ax = 0
    else:
        ax = normalize_axis(axis, x.ndim, "repeat")
    n = a.shape[ax]
    if type(repeats) is Array and repeats.ndim == 0:  # a 0-d count is an int (as in NumPy)
        repeats = int_arg(repeats, "repeat", "repeats")
    r: NDArray | int
    if type(repeats) is Array:
        D.check_category(repeats.dtype, "integer", "repeat", "repeats")
        if repeats.ndim != 1 or repeats.shape[0] not in (1, n):
            raise DimensionMismatchError(
                f"repeat(): repeats of shape {repeats.shape} must be 1-D with 1 or {n} "
                f"elements (the length of {'the flattened x' if axis is None else 'axis'})"
            )
        r = repeats._array
        if r.size and r.min() < 0:
            i = int(np.argmin(r))
            raise InvalidArgumentError(f"repeat(): repeats[{i}]={int(r[i])} is negative")
        total = _total(r, n)
    else:
        r = int_arg(repeats, "repeat", "repeats")
        if r < 0:
            raise InvalidArgumentError(f"repeat(): repeats={r} is negative")
        total = r * n
    # the total, not each count, must fit: NumPy does not check it (2**62 crashed it)
    check_shape((*a.shape[:ax], total, *a.shape[ax + 1:]), a.itemsize, "repeat")
    # every count fits intp now, but one uint64 count may repeat an empty axis: clamp it
    if type(r) is np.ndarray:
        if r.dtype == np.uint64:
            r = np.minimum(r, np.uint64(total))
        r = r.astype(np.intp)
    else:
        r = min(r, total)
    out = allocating(np.repeat, a, r, axis=ax, func="repeat")
    return _wrap(out, x.dtype)


def _total(r: NDArray, n: int) -> int:
    """The exact sum of the non-negative counts ``r`` (one count for all ``n``, or n)."""
    if r.size == 1:
        return int(r[0]) * n
    if float(r.sum(dtype=np.float64)) < 2.0**62:  # int64 partial sums cannot overflow
        return int(r.sum(dtype=np.int64))
    return sum(int(v) for v in r.tolist())


def tile(x: Array, repetitions: tuple[int, ...], /) -> Array:
    """Tile ``x`` ``repetitions[i]`` times along each axis (GB/T 7.2.3.11).

    Shorter ``repetitions`` get leading ones; a shorter shape of ``x`` gets leading
    size-1 axes.  Repetitions must be non-negative ints.

    Examples
    --------
    >>> x = xp.asarray([1, 2], dtype=xp.int8)
    >>> xp.tile(x, (2,))
    Array([1, 2, 1, 2], dtype=int8)
    >>> xp.tile(x, (2, 2))
    Array([[1, 2, 1, 2],
           [1, 2, 1, 2]], dtype=int8)
    """
    x = array_arg(x, "tile", "x")
    if not isinstance(repetitions, Sequence) or isinstance(repetitions, str):
        raise TypeMismatchError(f"tile(): repetitions={repetitions!r} must be a tuple of ints")
    reps = tuple(int_arg(r, "tile", f"repetitions[{i}]") for i, r in enumerate(repetitions))
    for i, r in enumerate(reps):
        if r < 0:
            raise InvalidArgumentError(f"tile(): repetitions[{i}]={r} is negative")
    a = _moving(x)
    k = max(len(reps), a.ndim)
    shape = (1,) * (k - a.ndim) + a.shape
    full = (1,) * (k - len(reps)) + reps
    dims = [s * r for s, r in zip(shape, full)]
    check_shape(dims, a.itemsize, "tile")
    if math.prod(dims) * a.itemsize >= M.MIN_BYTES:
        # into an aligned array (_memory) seen as (r0, s0, r1, s1, ...): x, seen as
        # (1, s0, 1, s1, ...), broadcast into it is every tile at once
        out = M.empty(tuple(dims), a.dtype)
        np.copyto(out.reshape([v for s, r in zip(shape, full) for v in (r, s)]),
                  a.reshape([v for s in shape for v in (1, s)]))
        return _wrap(out, x.dtype)
    return _wrap(allocating(np.tile, a, reps, func="tile"), x.dtype)

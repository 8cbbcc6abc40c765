"""GB/T layout, creation and shape operators that the Array API standard has no name for.

Contiguity (7.2.1.6, 7.2.2.7), layout (6.4), ``diag`` (7.2.1.17), ``split``
(7.2.3.6), ``strided_slice`` (7.2.3.10), ``pad`` (7.2.3.12), ``crop`` (7.2.3.15)
and ``flatten`` (7.2.3.20).  Arrays are positional-only, options keyword-only.
These functions only move data: every dtype works, complex32 moves as raw bits.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from .. import _dtypes as D
from .. import _promotion as P
from .._array import Array
from .._dispatch import _scalar_operand, array_arg, not_an_array
from .._errors import (
    AxisError,
    DimensionMismatchError,
    InvalidArgumentError,
    OutOfRangeError,
    TypeMismatchError,
)
from .._sizes import allocating, check_object_count, check_shape
from .._typing import DType, NDArray
from ._axes import int_arg, normalize_axis

__all__ = [
    "Layout", "ascontiguousarray", "crop", "diag", "flatten", "is_contiguous", "layout", "pad",
    "split", "strided_slice",
]


# -- argument helpers (shared by the gbt_* modules and aiarray.grad) ------------------






def int_tuple(value: object, func: str, argname: str, length: int | None = None) -> tuple[int, ...]:
    """A sequence of ints (optionally of a given length) as a tuple."""
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise TypeMismatchError(
            f"{func}(): {argname}={value!r} must be a sequence of ints, "
            f"got {type(value).__name__}"
        )
    out = tuple(int_arg(v, func, f"{argname}[{i}]") for i, v in enumerate(value))
    if length is not None and len(out) != length:
        raise InvalidArgumentError(
            f"{func}(): {argname}={value!r} has {len(out)} entries; expected {length} "
            "(one per axis)"
        )
    return out


def moved(x: Array) -> NDArray:
    """The ndarray of ``x`` for pure data movement (complex32 as uint32 bits)."""
    return D.bits(x._array)


def wrap(out: NDArray, dt: DType) -> Array:
    """Wrap the result of a data-movement op on :func:`moved` data of dtype ``dt``."""
    if type(out) is not np.ndarray:
        out = np.asarray(out)
    if dt is D.complex32:
        out = out.view(D.complex32)
    return Array._new(out, dt)


def slice_spec(shape: tuple[int, ...], begin: object, size: object, strides: object,
               func: str) -> tuple[tuple[slice, ...], tuple[int, ...]]:
    """Validate GB/T 7.2.3.10 begin/size/strides for ``shape``: (slices, result shape).

    Per axis ``0 <= begin[i] <= begin[i] + size[i] <= shape[i]`` and
    ``1 <= strides[i] <= max(shape[i], 1)``; OutOfRangeError names the axis otherwise.
    """
    n = len(shape)
    b = int_tuple(begin, func, "begin", n)
    s = int_tuple(size, func, "size", n)
    st = (1,) * n if strides is None else int_tuple(strides, func, "strides", n)
    slices = []
    out_shape = []
    for i, (d, bi, si, ti) in enumerate(zip(shape, b, s, st)):
        if not 0 <= bi <= d:
            raise OutOfRangeError(
                f"{func}(): begin[{i}]={bi} is out of range for axis {i} of size {d} "
                f"(need 0 <= begin <= {d})"
            )
        if si < 0 or bi + si > d:
            raise OutOfRangeError(
                f"{func}(): size[{i}]={si} is out of range for axis {i} of size {d} at "
                f"begin={bi} (need 0 <= size <= {d - bi})"
            )
        if ti < 1:
            raise InvalidArgumentError(f"{func}(): strides[{i}]={ti} must be >= 1")
        if ti > max(d, 1):
            raise OutOfRangeError(
                f"{func}(): strides[{i}]={ti} exceeds the size {d} of axis {i}"
            )
        slices.append(slice(bi, bi + si, ti))
        out_shape.append(-(-si // ti))
    return tuple(slices), tuple(out_shape)


# -- contiguity and layout (6.4, 7.2.1.6, 7.2.2.7) ---------------------------------------


class Layout(NamedTuple):
    """GB/T 6.4 layout of an array: storage format and logical dimension order.

    ``format`` is ``"dense"`` for an Array (``"coo"`` for an ``aiarray.sparse`` array).
    ``dim_order`` lists the axes from the fastest-varying in memory to the slowest:
    ``(n-1, ..., 0)`` for C (row-major) order, the GB/T default; ``(0, ..., n-1)``
    for Fortran order.

    Examples
    --------
    >>> a = xp.reshape(xp.arange(6), (2, 3))
    >>> xp.layout(a)  # C order: the last axis varies fastest
    Layout(format='dense', dim_order=(1, 0))
    >>> xp.layout(a.T).dim_order  # a transposed view: Fortran order
    (0, 1)
    >>> xp.layout(xp.sparse.from_dense(a)).format
    'coo'
    """

    format: str
    dim_order: tuple[int, ...]


def _dim_order(a: NDArray) -> tuple[int, ...]:
    n = a.ndim
    default = tuple(range(n - 1, -1, -1))
    if a.flags.c_contiguous:
        return default
    if a.flags.f_contiguous:
        return tuple(range(n))
    # A strided view: sort by |stride|, ties (and size-1 axes' strides) in the default order.
    return tuple(sorted(default, key=lambda i: abs(a.strides[i]) if a.shape[i] > 1 else 0))


def layout(x: object, /) -> Layout:
    """The GB/T 6.4 layout of ``x``: ``Layout(format, dim_order)``.

    For an Array, ``format="dense"`` and ``dim_order`` is derived from the strides
    (fastest-varying axis first; C order gives ``(n-1, ..., 0)``).  Axes of size 1
    do not move in memory; they take their default position.  For a sparse array
    (``aiarray.sparse.SparseArray``) ``format="coo"`` and ``dim_order`` is the default.

    Examples
    --------
    >>> x = xp.zeros((2, 3))
    >>> xp.layout(x)
    Layout(format='dense', dim_order=(1, 0))
    >>> xp.layout(xp.matrix_transpose(x))
    Layout(format='dense', dim_order=(0, 1))
    """
    if type(x) is Array:
        return Layout("dense", _dim_order(x._array))
    from .gbt_sparse import SparseArray  # imported here: gbt_sparse imports this module

    if isinstance(x, SparseArray):
        return Layout("coo", tuple(range(x.ndim - 1, -1, -1)))
    raise not_an_array("layout", "x", x)


def is_contiguous(x: Array, /) -> bool:
    """True when ``x``'s data is contiguous in memory in C order (GB/T 7.2.2.7).

    Broadcast views and strided slices are not contiguous; empty and 0-d arrays are.

    Examples
    --------
    >>> x = xp.reshape(xp.arange(6), (2, 3))
    >>> xp.is_contiguous(x)
    True
    >>> xp.is_contiguous(xp.matrix_transpose(x))
    False
    """
    return bool(array_arg(x, "is_contiguous")._array.flags.c_contiguous)


def ascontiguousarray(x: Array, /) -> Array:
    """``x`` itself when it is C-contiguous, else a C-contiguous copy (GB/T 7.2.1.6).

    Examples
    --------
    >>> x = xp.matrix_transpose(xp.reshape(xp.arange(6), (2, 3)))
    >>> xp.is_contiguous(x)
    False
    >>> y = xp.ascontiguousarray(x)
    >>> xp.is_contiguous(y), y
    (True, Array([[0, 3],
           [1, 4],
           [2, 5]], dtype=int64))
    """
    a = array_arg(x, "ascontiguousarray")._array
    if a.flags.c_contiguous:
        return x
    return Array._new(np.array(a, order="C", copy=True), x._dtype)


# -- creation (7.2.1.17) ----------------------------------------------------------------


def diag(v: Array, /, *, k: int = 0) -> Array:
    """Diagonal matrix with ``v`` on diagonal ``k`` (GB/T 7.2.1.17).

    A 1-D ``v`` of length n gives an (n+|k|, n+|k|) matrix, zero off the diagonal
    (``k > 0`` above the main diagonal, ``k < 0`` below).  As in NumPy, a 2-D ``v``
    gives a copy of its ``k``-th diagonal instead.  Any dtype; the result has v's dtype.

    Examples
    --------
    >>> xp.diag(xp.asarray([1, 2], dtype=xp.int8))
    Array([[1, 0],
           [0, 2]], dtype=int8)
    >>> xp.diag(xp.asarray([1, 2]), k=1)
    Array([[0, 1, 0],
           [0, 0, 2],
           [0, 0, 0]], dtype=int64)
    >>> xp.diag(xp.reshape(xp.arange(9), (3, 3)))
    Array([0, 4, 8], dtype=int64)
    """
    v = array_arg(v, "diag", "v")
    k = int_arg(k, "diag", "k")
    if v.ndim not in (1, 2):
        raise DimensionMismatchError(
            f"diag(): v must be 1-D (build a matrix) or 2-D (take a diagonal), "
            f"got shape {v.shape}"
        )
    a = moved(v)
    if v.ndim == 2:  # a diagonal beyond the matrix is empty
        k = max(-a.shape[0], min(k, a.shape[1]))
        return wrap(np.diag(a, k).copy(), v._dtype)
    n = a.shape[0] + abs(k)
    check_shape((n, n), a.itemsize, "diag")
    return wrap(allocating(np.diag, a, k, func="diag"), v._dtype)


# -- split, slice, pad, crop, flatten (7.2.3) ------------------------------------------------


def split(x: Array, indices_or_sections: int | Sequence[int], /, *,
          axis: int = 0) -> tuple[Array, ...]:
    """Split ``x`` along ``axis`` by a count or by a list of sizes (GB/T 7.2.3.6).

    An int ``n`` gives ``n`` equal parts (the axis length must be divisible by ``n``,
    else ValueError).  A sequence gives parts of those sizes, which must sum to the
    axis length.  Unlike ``numpy.split``, a sequence holds part *sizes*, not split
    points.  The parts are views of ``x`` (they share its memory); returns a tuple.

    Examples
    --------
    >>> x = xp.arange(6)
    >>> xp.split(x, 3)
    (Array([0, 1], dtype=int64), Array([2, 3], dtype=int64), Array([4, 5], dtype=int64))
    >>> xp.split(x, [1, 5])
    (Array([0], dtype=int64), Array([1, 2, 3, 4, 5], dtype=int64))
    """
    x = array_arg(x, "split")
    if x.ndim == 0:
        raise AxisError("split(): x is 0-d and has no axis to split")
    ax = normalize_axis(axis, x.ndim, "split")
    length = x.shape[ax]
    if isinstance(indices_or_sections, Sequence) and not isinstance(indices_or_sections, str):
        sizes = int_tuple(indices_or_sections, "split", "indices_or_sections")
        if not sizes:
            raise InvalidArgumentError("split(): indices_or_sections must not be empty")
        for i, s in enumerate(sizes):
            if s < 0:
                raise InvalidArgumentError(
                    f"split(): indices_or_sections[{i}]={s} is a negative part size"
                )
        if sum(sizes) != length:
            raise InvalidArgumentError(
                f"split(): the part sizes {list(sizes)} sum to {sum(sizes)}, but axis {ax} "
                f"of x (shape {x.shape}) has length {length}"
            )
    else:
        n = int_arg(indices_or_sections, "split", "indices_or_sections")
        if n < 1:
            raise InvalidArgumentError(f"split(): indices_or_sections={n} must be >= 1")
        if length % n:
            raise InvalidArgumentError(
                f"split(): axis {ax} of x (shape {x.shape}) has length {length}, which "
                f"indices_or_sections={n} does not divide"
            )
        view = wrap(moved(x)[(slice(None),) * ax + (slice(0, 0),)], x._dtype)
        check_object_count(n, sys.getsizeof(view) + sys.getsizeof(view._array) + 8, "split",
                           "parts")
        sizes = (length // n,) * n
    a = moved(x)
    out = []
    start = 0
    for s in sizes:
        key = (slice(None),) * ax + (slice(start, start + s),)
        out.append(wrap(a[key], x._dtype))
        start += s
    return tuple(out)


def strided_slice(x: Array, /, begin: Sequence[int], size: Sequence[int], *,
                  strides: Sequence[int] | None = None) -> Array:
    """The slice of ``x`` starting at ``begin``, ``size`` elements long, every ``strides``-th.

    GB/T 7.2.3.10: one entry per axis with ``0 <= begin[i] <= begin[i] + size[i] <= D_i``
    and ``1 <= strides[i] <= max(D_i, 1)`` (default 1); otherwise OutOfRangeError
    (an IndexError) naming the axis (ValueError for a stride below 1).  The result has
    ``ceil(size[i] / strides[i])`` elements along axis i and is a view of ``x``
    (like ``x[b:b+s:t, ...]``).  Its gradient is ``aiarray.grad.slice_backward``.

    Examples
    --------
    >>> x = xp.reshape(xp.arange(20), (4, 5))
    >>> xp.strided_slice(x, [0, 1], [4, 4], strides=[2, 2])
    Array([[ 1,  3],
           [11, 13]], dtype=int64)
    """
    x = array_arg(x, "strided_slice")
    slices, _ = slice_spec(x.shape, begin, size, strides, "strided_slice")
    return wrap(moved(x)[slices], x._dtype)


def crop(x: Array, /, shape: Sequence[int], offsets: Sequence[int]) -> Array:
    """The block of ``x`` of ``shape`` starting at ``offsets`` (GB/T 7.2.3.15).

    One entry per axis; ``0 <= offsets[i] <= offsets[i] + shape[i] <= D_i``, else
    OutOfRangeError naming the axis (the same checks as ``strided_slice``).  The
    result is a view of ``x``.

    Examples
    --------
    >>> x = xp.reshape(xp.arange(16), (4, 4))
    >>> xp.crop(x, (2, 3), (1, 0))
    Array([[ 4,  5,  6],
           [ 8,  9, 10]], dtype=int64)
    """
    x = array_arg(x, "crop")
    n = x.ndim
    dims = int_tuple(shape, "crop", "shape", n)
    offs = int_tuple(offsets, "crop", "offsets", n)
    for i, (d, s, o) in enumerate(zip(x.shape, dims, offs)):
        if not 0 <= o <= d:
            raise OutOfRangeError(
                f"crop(): offsets[{i}]={o} is out of range for axis {i} of size {d}"
            )
        if s < 0 or o + s > d:
            raise OutOfRangeError(
                f"crop(): shape[{i}]={s} at offsets[{i}]={o} does not fit axis {i} of size {d}"
            )
    return wrap(moved(x)[tuple(slice(o, o + s) for s, o in zip(dims, offs))], x._dtype)


def flatten(x: Array, /, *, start_axis: int = 0, end_axis: int = -1) -> Array:
    """Merge axes ``start_axis`` .. ``end_axis`` (inclusive) into one (GB/T 7.2.3.20).

    Negative axes count from the end; an axis out of range or ``start_axis`` after
    ``end_axis`` raises AxisError.  A 0-d ``x`` becomes shape ``(1,)``.  The result is
    a view of ``x`` when its layout allows (as ``reshape``), else a copy.

    Examples
    --------
    >>> x = xp.zeros((2, 3, 4))
    >>> xp.flatten(x).shape
    (24,)
    >>> xp.flatten(x, start_axis=1).shape
    (2, 12)
    """
    x = array_arg(x, "flatten")
    if x.ndim == 0:
        for name, v in (("start_axis", start_axis), ("end_axis", end_axis)):
            if int_arg(v, "flatten", name) not in (0, -1):
                raise AxisError(f"flatten(): {name}={v} is out of range for a 0-d x")
        return wrap(moved(x).reshape(1), x._dtype)
    s = normalize_axis(start_axis, x.ndim, "flatten", "start_axis")
    e = normalize_axis(end_axis, x.ndim, "flatten", "end_axis")
    if s > e:
        raise AxisError(
            f"flatten(): start_axis={start_axis} comes after end_axis={end_axis} for "
            f"ndim={x.ndim}"
        )
    shape = (*x.shape[:s], int(np.prod(x.shape[s:e + 1], dtype=np.int64)), *x.shape[e + 1:])
    return wrap(moved(x).reshape(shape), x._dtype)


_PAD_MODES = ("constant", "periodic", "mirror", "symmetric")
_NUMPY_MODE = {"periodic": "wrap", "mirror": "reflect", "symmetric": "symmetric"}


def _pad_widths(pad_width: object, ndim: int) -> list[tuple[int, int]]:
    if not isinstance(pad_width, Sequence) or isinstance(pad_width, str):
        raise TypeMismatchError(
            f"pad(): pad_width={pad_width!r} must be a sequence of 2*ndim ints or of "
            "(before, after) pairs"
        )
    items = list(pad_width)
    if items and all(isinstance(p, Sequence) and not isinstance(p, str) for p in items):
        if len(items) != ndim:
            raise InvalidArgumentError(
                f"pad(): pad_width has {len(items)} pairs; x has {ndim} axes"
            )
        pairs = [int_tuple(p, "pad", f"pad_width[{i}]", 2) for i, p in enumerate(items)]
    else:
        flat = int_tuple(items, "pad", "pad_width")
        if len(flat) != 2 * ndim:
            raise InvalidArgumentError(
                f"pad(): pad_width has {len(flat)} ints; expected 2*ndim = {2 * ndim} "
                "(before_0, after_0, before_1, after_1, ...)"
            )
        pairs = [(flat[2 * i], flat[2 * i + 1]) for i in range(ndim)]
    for i, (b, a) in enumerate(pairs):
        if b < 0 or a < 0:
            raise InvalidArgumentError(
                f"pad(): pad_width for axis {i} is ({b}, {a}); widths must be non-negative"
            )
    return [(int(b), int(a)) for b, a in pairs]


def pad(x: Array, /, pad_width: Sequence[int] | Sequence[Sequence[int]], *,
        mode: str = "constant", value: bool | int | float | complex = 0,
        constant_values: bool | int | float | complex | None = None) -> Array:
    """``x`` padded along each axis (GB/T 7.2.3.12).

    ``pad_width`` is GB/T's flat list of 2*ndim ints ``(before_0, after_0, before_1,
    after_1, ...)`` or a sequence of ndim ``(before, after)`` pairs; widths are
    non-negative.  Modes:

    * ``"constant"`` (default): fill with the scalar ``value``, which must fit x's
      dtype without changing it (as in ``x[...] = value``), else TypeError; for a
      bool x the ints 0 and 1 (so the default) mean False and True.
    * ``"periodic"``: repeat the data periodically (NumPy ``wrap``); any width, but
      an empty axis cannot be padded.
    * ``"mirror"``: reflect about the edge element, which is not repeated (NumPy
      ``reflect``, PyTorch/ONNX ``reflect``): ``[1, 2, 3]`` padded by 2 gives
      ``[3, 2, 1, 2, 3, 2, 1]``.  Each width must be at most ``D_i - 1``.
    * ``"symmetric"`` (an aiarray extra): mirror including the edge element,
      ``[2, 1, 1, 2, 3, 3, 2]``; each width at most ``D_i``.

    ``value`` is used only by ``"constant"``; ``constant_values`` is NumPy's name for it
    (one scalar; give one of the two).  The result is a new array of x's dtype.

    Examples
    --------
    >>> x = xp.asarray([1, 2, 3], dtype=xp.int8)
    >>> xp.pad(x, [1, 2])
    Array([0, 1, 2, 3, 0, 0], dtype=int8)
    >>> xp.pad(x, [2, 2], mode='mirror')
    Array([3, 2, 1, 2, 3, 2, 1], dtype=int8)
    >>> xp.pad(x, [2, 2], mode='symmetric')
    Array([2, 1, 1, 2, 3, 3, 2], dtype=int8)
    """
    x = array_arg(x, "pad")
    if constant_values is not None:
        if value != 0 or isinstance(value, bool):
            raise InvalidArgumentError("pad(): give value or constant_values, not both")
        value = constant_values
    if type(mode) is not str or mode not in _PAD_MODES:
        raise InvalidArgumentError(f"pad(): mode={mode!r} must be one of {_PAD_MODES}")
    widths = _pad_widths(pad_width, x.ndim)
    dt = x._dtype
    shape = tuple(d + b + a for d, (b, a) in zip(x.shape, widths))
    check_shape(shape, x._array.itemsize, "pad")
    if mode == "constant":
        if dt is D.bool_ and type(value) is int and value in (0, 1):
            value = bool(value)  # the default 0 pads a bool array with False
        key = P.scalar_key(value)
        if key is None or isinstance(value, Array):
            raise TypeMismatchError(
                f"pad(): value={value!r} must be a Python or typed scalar"
            )
        if P.promote_scalar(dt, value, key, P.policy_for(x)) is not dt:
            raise TypeMismatchError(
                f"pad(): value={value!r} cannot fill a {D.name_of(dt)} array without "
                "changing its dtype"
            )
        out = allocating(np.empty, shape, x._array.dtype, func="pad")
        out[...] = _scalar_operand(value, dt)
        out[tuple(slice(b, b + d) for d, (b, _) in zip(x.shape, widths))] = x._array
        return Array._new(out, dt)
    limit = {"periodic": None, "mirror": 1, "symmetric": 0}[mode]
    for i, (d, (b, a)) in enumerate(zip(x.shape, widths)):
        if b == 0 and a == 0:
            continue
        if d == 0:
            raise InvalidArgumentError(
                f"pad(): mode={mode!r} cannot pad axis {i} of size 0 (pad_width ({b}, {a}))"
            )
        if limit is not None and max(b, a) > d - limit:
            raise InvalidArgumentError(
                f"pad(): mode={mode!r} allows widths up to {d - limit} on axis {i} of size "
                f"{d}, got pad_width ({b}, {a})"
            )
    return wrap(allocating(np.pad, moved(x), widths, mode=_NUMPY_MODE[mode], func="pad"), dt)

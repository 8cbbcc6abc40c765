"""The implementation of :mod:`aiarray.sparse` (its documentation is there)."""

from __future__ import annotations

import math
import typing
from collections.abc import Callable, Collection, Sequence
from typing import Any, TypeAlias

import numpy as np

from .. import _dtypes as D
from .. import _promotion as P
from .._array import Array
from .._casting import convert
from .._device import CPU, Device
from .._dispatch import _scalar_operand, array_arg, not_an_array
from .._errors import (
    AxisError,
    DimensionMismatchError,
    InvalidArgumentError,
    OutOfRangeError,
    TypeMismatchError,
    UninitializedError,
    message,
)
from .._numpy_path import quiet
from .._registry import OPS
from .._sizes import allocating, check_shape
from .._typing import DType, NDArray
from ._axes import normalize_axes, normalize_axis, shape_tuple
from .statistical import _accumulation_dtype

__all__ = [
    "SparseArray", "add", "coo_array", "from_dense", "matmul", "multiply", "subtract",
]

Operand: TypeAlias = "SparseArray | Array | bool | int | float | complex"


def _storage(dt: DType) -> DType:
    """The NumPy dtype values are stored and computed in (bf16 -> f32, c32 -> c64)."""
    return D.COMPUTE.get(dt, dt)


def _round(data: NDArray, dt: DType) -> NDArray:
    """Values computed in the storage dtype, rounded once to ``dt`` and stored again."""
    if dt in D.COMPUTE:
        return D.widen(D.narrow(data, dt))
    return data.astype(dt, copy=False)


def _linear(coords: NDArray, shape: tuple[int, ...], func: str) -> NDArray:
    if not shape:
        return np.zeros(coords.shape[1], np.intp)
    try:
        flat: NDArray = np.ravel_multi_index(tuple(coords), shape)
        return flat
    except ValueError:
        raise InvalidArgumentError(
            f"{func}(): shape {shape} has {math.prod(shape)} elements; a sparse array's "
            "dense size must fit in int64"
        ) from None


def _unravel(lin: NDArray, shape: tuple[int, ...]) -> NDArray:
    if not shape:
        return np.zeros((0, lin.size), np.intp)
    return np.stack(np.unravel_index(lin, shape)).astype(np.intp, copy=False).reshape(
        len(shape), lin.size)


def _sum_runs(data: NDArray, starts: NDArray) -> NDArray:
    if data.dtype == np.bool_:
        return np.logical_or.reduceat(data, starts)
    return quiet(np.add.reduceat, data, starts)


class SparseArray:
    """A sparse array in COO form (GB/T 7.2.1.14); see the module documentation.

    Examples
    --------
    >>> s = xp.sparse.coo_array(xp.asarray([[0, 1], [2, 0]]), xp.asarray([5.0, 7.0]), (2, 3))
    >>> s
    SparseArray(shape=(2, 3), dtype=float64, nnz=2, format='coo')
    >>> s.indices  # one row per axis: the elements (0, 2) and (1, 0)
    Array([[0, 1],
           [2, 0]], dtype=int64)
    >>> s.todense()
    Array([[0., 0., 5.],
           [7., 0., 0.]], dtype=float64)
    >>> s @ xp.ones(3)
    Array([5., 7.], dtype=float64)
    """

    __slots__ = ("_data", "_dtype", "_lin", "_shape")
    # Array's binary operators return NotImplemented for these operators (aiarray's
    # _dispatch.defers), so that ``dense + sparse`` reaches SparseArray.__radd__.
    _aiarray_defer = frozenset({"add", "sub", "mul", "matmul"})
    __array_ufunc__ = None  # ``ndarray + sparse`` reaches SparseArray.__radd__, not NumPy

    _lin: NDArray  # sorted unique row-major positions (intp)
    _data: NDArray  # values, in _storage(_dtype)
    _shape: tuple[int, ...]
    _dtype: DType

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise UninitializedError(
            "SparseArray() cannot be called: use aiarray.sparse.coo_array() or from_dense()"
        )

    @classmethod
    def _new(cls, lin: NDArray, data: NDArray, shape: tuple[int, ...],
             dt: DType) -> SparseArray:
        obj = object.__new__(cls)
        obj._lin = lin
        obj._data = data
        obj._shape = shape
        obj._dtype = dt
        return obj

    @classmethod
    def _from_unsorted(cls, lin: NDArray, data: NDArray, shape: tuple[int, ...],
                       dt: DType) -> SparseArray:
        """Sort by position and sum duplicates (in the storage dtype, rounded once)."""
        if lin.size:
            order = np.argsort(lin, kind="stable")
            lin, data = lin[order], data[order]
            new = np.empty(lin.size, bool)
            new[0] = True
            np.not_equal(lin[1:], lin[:-1], out=new[1:])
            if not new.all():
                starts = np.flatnonzero(new)
                lin, data = lin[starts], _round(_sum_runs(data, starts), dt)
        return cls._new(lin, data, shape, dt)

    # -- attributes ----------------------------------------------------------------------
    @property
    def shape(self) -> tuple[int, ...]:
        """Size of each axis of the (dense) array."""
        return self._shape

    @property
    def dtype(self) -> DType:
        """Data type of the values."""
        return self._dtype

    @property
    def ndim(self) -> int:
        """Number of axes."""
        return len(self._shape)

    @property
    def size(self) -> int:
        """Number of elements of the dense array (stored or not)."""
        return math.prod(self._shape)

    @property
    def nnz(self) -> int:
        """Number of stored elements (explicitly stored zeros included)."""
        return int(self._lin.size)

    @property
    def format(self) -> str:
        """The storage format: ``"coo"``."""
        return "coo"

    @property
    def device(self) -> Device:
        """The device holding the data (the CPU)."""
        return CPU

    @property
    def indices(self) -> Array:
        """Positions of the stored elements: an int64 Array of shape (ndim, nnz), sorted."""
        return Array._new(_unravel(self._lin, self._shape).astype(np.int64), D.int64)

    @property
    def values(self) -> Array:
        """The stored values: a 1-D Array of the array's dtype (a copy)."""
        return Array._new(D.narrow(self._data.copy(), self._dtype), self._dtype)

    @property
    def T(self) -> SparseArray:  # noqa: N802 - the standard's name
        """Transpose of a 2-D sparse array."""
        if self.ndim != 2:
            raise DimensionMismatchError(
                f"x.T needs a 2-D sparse array, got ndim={self.ndim}; use transpose()"
            )
        return self.transpose()

    # -- conversion ------------------------------------------------------------------------
    def _dense(self, storage: DType | None = None, func: str = "todense") -> NDArray:
        dt = np.dtype(storage or self._data.dtype)
        check_shape(self._shape, dt.itemsize, func, "the dense array")
        out = allocating(np.zeros, self._shape, dt, func=func, what="the dense array")
        out.reshape(-1)[self._lin] = self._data
        return out

    def todense(self) -> Array:
        """The dense Array with the same shape, dtype and elements."""
        return Array._new(D.narrow(self._dense(), self._dtype), self._dtype)

    def astype(self, dtype: DType, /, *, copy: bool = True) -> SparseArray:
        """The values cast to ``dtype`` (as ``aiarray.astype``: complex to real keeps the
        real part, an integer overflow raises); positions are unchanged."""
        dt = D.canonical(dtype)
        if dt is self._dtype:
            return SparseArray._new(self._lin.copy(), self._data.copy(), self._shape, dt) \
                if copy else self
        vals = convert(D.narrow(self._data, self._dtype), self._dtype, dt)
        return SparseArray._new(self._lin.copy(), D.widen(vals), self._shape, dt)

    def transpose(self, axes: Sequence[int] | None = None) -> SparseArray:
        """The axes permuted by ``axes`` (a permutation of range(ndim); default: reversed)."""
        n = self.ndim
        if axes is None:
            perm = list(range(n - 1, -1, -1))
        else:
            if not isinstance(axes, Sequence) or isinstance(axes, str):
                raise TypeMismatchError(f"transpose(): axes={axes!r} must be a sequence of ints")
            perm = [normalize_axis(a, n, "transpose", "axes") for a in axes]
            if sorted(perm) != list(range(n)):
                raise AxisError(f"transpose(): axes={axes!r} is not a permutation of {n} axes")
        shape = tuple(self._shape[p] for p in perm)
        coords = _unravel(self._lin, self._shape)[perm]
        return SparseArray._from_unsorted(_linear(coords, shape, "transpose"), self._data,
                                          shape, self._dtype)

    def sum(self, axis: int | tuple[int, ...] | None = None, *, dtype: DType | None = None,
            keepdims: bool = False) -> Array:
        """Sum over ``axis`` (default all) as a dense Array; dtype rules as ``aiarray.sum``."""
        axes = normalize_axes(axis, self.ndim, "sum")
        acc = _accumulation_dtype(self, dtype, "sum")
        data = D.widen(convert(D.narrow(self._data, self._dtype), self._dtype, acc))
        keep = [i for i in range(self.ndim) if i not in axes]
        out_shape = tuple(self._shape[i] for i in keep)
        if not keep:
            out = np.asarray(quiet(np.add.reduce, data, 0, data.dtype))
        else:
            out = np.zeros(out_shape, data.dtype)
            coords = _unravel(self._lin, self._shape)
            quiet(np.add.at, out, tuple(coords[keep]), data)
        if keepdims:
            out = out.reshape(tuple(1 if i in axes else d for i, d in enumerate(self._shape)))
        return Array._new(D.narrow(out, acc), acc)

    # -- operators ---------------------------------------------------------------------------
    def __add__(self, other: Operand, /) -> SparseArray | Array:
        return add(self, other)

    def __radd__(self, other: Operand, /) -> SparseArray | Array:
        return add(other, self)

    def __sub__(self, other: Operand, /) -> SparseArray | Array:
        return subtract(self, other)

    def __rsub__(self, other: Operand, /) -> SparseArray | Array:
        return subtract(other, self)

    def __mul__(self, other: Operand, /) -> SparseArray:
        return multiply(self, other)

    def __rmul__(self, other: Operand, /) -> SparseArray:
        return multiply(other, self)

    def __matmul__(self, other: SparseArray | Array, /) -> SparseArray | Array:
        return matmul(self, other)

    def __rmatmul__(self, other: SparseArray | Array, /) -> SparseArray | Array:
        return matmul(other, self)

    def __neg__(self) -> SparseArray:
        D.check_category(self._dtype, "numeric", "negative")
        return SparseArray._new(self._lin.copy(), _round(np.negative(self._data), self._dtype),
                                self._shape, self._dtype)

    def __repr__(self) -> str:
        return (f"SparseArray(shape={self._shape}, dtype={D.name_of(self._dtype)}, "
                f"nnz={self.nnz}, format='coo')")


# -- creation ----------------------------------------------------------------------------------


def coo_array(indices: Array, values: Array, /, shape: Sequence[int], *,
              dtype: DType | None = None) -> SparseArray:
    """A sparse array from the positions and values of its non-zero elements (GB/T 7.2.1.14).

    ``indices`` is an integer Array of shape ``(ndim, nnz)``: column j holds the
    position of ``values[j]`` (``values`` is 1-D with nnz elements).  Each position
    must lie in ``[0, shape[i])`` (no negative indices), else OutOfRangeError naming
    it.  Repeated positions are summed.  ``dtype`` casts the values (as ``astype``);
    by default they keep values' dtype.  Works for 2-D and n-D (and 0-d) shapes.

    Examples
    --------
    >>> indices = xp.asarray([[0, 1], [1, 2]])  # row 0 column 1, row 1 column 2
    >>> values = xp.asarray([5.0, 7.0], dtype=xp.float32)
    >>> s = xp.sparse.coo_array(indices, values, (2, 3))
    >>> s.shape, s.dtype
    ((2, 3), dtype('float32'))
    >>> s.todense()
    Array([[0., 5., 0.],
           [0., 0., 7.]], dtype=float32)
    """
    indices = array_arg(indices, "coo_array", "indices")
    values = array_arg(values, "coo_array", "values")
    try:
        dims = shape_tuple(shape, "shape")
    except (TypeMismatchError, InvalidArgumentError) as e:
        raise type(e)(f"coo_array(): {message(e)}") from None
    D.check_category(indices.dtype, "integer", "coo_array", "indices")
    if indices.ndim != 2 or indices.shape[0] != len(dims):
        raise DimensionMismatchError(
            f"coo_array(): indices must have shape (ndim, nnz) = ({len(dims)}, nnz) for "
            f"shape {dims}, got {indices.shape}"
        )
    nnz = indices.shape[1]
    if values.ndim != 1 or values.shape[0] != nnz:
        raise DimensionMismatchError(
            f"coo_array(): values must be 1-D with nnz = {nnz} elements, got shape "
            f"{values.shape}"
        )
    idx = indices._array
    for i, d in enumerate(dims):
        row = idx[i]
        if row.size and (row.min() < 0 or row.max() >= d):
            j = int(np.flatnonzero((row < 0) | (row >= d))[0])
            raise OutOfRangeError(
                f"coo_array(): indices[{i}, {j}]={int(row[j])} is out of range for axis {i} "
                f"of size {d} (need 0 <= index < {d})"
            )
    dt = values.dtype if dtype is None else D.canonical(dtype)
    vals = values._array if dt is values.dtype else convert(values._array, values.dtype, dt)
    data = D.widen(vals)
    if data is values._array:
        data = data.copy()
    lin = _linear(idx.astype(np.intp), dims, "coo_array")
    return SparseArray._from_unsorted(lin, data, dims, dt)


def from_dense(x: Array, /) -> SparseArray:
    """Sparse array of the non-zero elements of dense ``x`` (GB/T 7.2.1.14; NaN is non-zero).

    Examples
    --------
    >>> s = xp.sparse.from_dense(xp.asarray([[0, 3], [4, 0]], dtype=xp.int16))
    >>> s.nnz
    2
    >>> s.todense()
    Array([[0, 3],
           [4, 0]], dtype=int16)
    """
    x = array_arg(x, "from_dense", "x")
    a = D.widen(x._array).reshape(-1)
    lin = np.flatnonzero(a != 0).astype(np.intp, copy=False)
    return SparseArray._new(lin, a[lin], x.shape, x.dtype)


# -- arithmetic ----------------------------------------------------------------------------------


def _check_operand(func: str, name: str, v: object) -> None:
    if type(v) is Array or isinstance(v, SparseArray):
        return
    if P.scalar_key(v) is None:
        raise not_an_array(func, name, v)


def _result_dtype(func: str, x1: object, x2: object, category: Collection[DType]) -> DType:
    _check_operand(func, "x1", x1)
    _check_operand(func, "x2", x2)
    if not (isinstance(x1, SparseArray) or isinstance(x2, SparseArray)):
        raise UninitializedError(
            f"sparse.{func}(): x1 or x2 must be a SparseArray (for dense arrays use "
            f"aiarray.{func})"
        )
    dt = P.result_type_under(P.policy_for((x1, x2)), (x1, x2))  # (result_type's rule)
    if dt not in category:
        raise TypeMismatchError(f"{func}() does not support dtype {D.name_of(dt)}")
    return dt


def _shape_of(v: object) -> tuple[int, ...]:
    return v.shape if type(v) is Array or isinstance(v, SparseArray) else ()


def _broadcast_shape(func: str, x1: object, x2: object) -> tuple[int, ...]:
    try:
        return tuple(np.broadcast_shapes(_shape_of(x1), _shape_of(x2)))
    except ValueError:
        raise DimensionMismatchError(
            f"{func}(): shapes {_shape_of(x1)} and {_shape_of(x2)} do not broadcast"
        ) from None


def _values_in(s: SparseArray, dt: DType) -> NDArray:
    """Stored values of ``s`` converted to ``dt``, in its storage dtype."""
    if s._dtype is dt:
        return s._data
    return D.widen(convert(D.narrow(s._data, s._dtype), s._dtype, dt))


def _dense_in(v: object, dt: DType) -> NDArray:
    """A dense Array or scalar operand as an ndarray of ``dt`` in its storage dtype."""
    if type(v) is Array:
        a = v._array if v._dtype is dt else convert(v._array, v._dtype, dt)
        return D.widen(a)
    return D.widen(_scalar_operand(v, dt))


def _broadcast_sparse(s: SparseArray, shape: tuple[int, ...], dt: DType
                      ) -> tuple[NDArray, NDArray]:
    """(linear positions, values in dt) of ``s`` broadcast to ``shape``."""
    data = _values_in(s, dt)
    if s._shape == shape:
        return s._lin, data
    lead = len(shape) - s.ndim
    coords = np.concatenate([np.zeros((lead, s.nnz), np.intp), _unravel(s._lin, s._shape)])
    for i, (d, t) in enumerate(zip((1,) * lead + s._shape, shape)):
        if d == 1 and t != 1:
            n = coords.shape[1]
            coords = np.repeat(coords, t, axis=1)
            coords[i] = np.tile(np.arange(t), n)
            data = np.repeat(data, t)
    lin = _linear(coords, shape, "broadcast")
    order = np.argsort(lin, kind="stable")
    return lin[order], data[order]


def _sparse_sparse(ufunc: Callable[..., Any], s1: SparseArray, s2: SparseArray,
                   shape: tuple[int, ...], dt: DType, intersect: bool) -> SparseArray:
    """``ufunc`` evaluated at every position stored in either operand (the others are 0)."""
    lin1, d1 = _broadcast_sparse(s1, shape, dt)
    lin2, d2 = _broadcast_sparse(s2, shape, dt)
    lin = np.union1d(lin1, lin2).astype(np.intp, copy=False)
    st = d1.dtype
    v1 = np.zeros(lin.size, st)
    v2 = np.zeros(lin.size, st)
    p1, p2 = np.searchsorted(lin, lin1), np.searchsorted(lin, lin2)
    v1[p1] = d1
    v2[p2] = d2
    out = _round(np.asarray(quiet(ufunc, v1, v2)), dt)
    if intersect:  # keep the positions both store, and any non-zero (e.g. 0 * inf = nan)
        both = np.zeros(lin.size, np.int8)
        both[p1] += 1
        both[p2] += 1
        keep = (both == 2) | (out != 0)
        lin, out = lin[keep], out[keep]
    return SparseArray._new(lin, out, shape, dt)


def _elementwise(name: str, x1: Operand, x2: Operand) -> SparseArray | Array:
    op = OPS[name]
    dt = _result_dtype(name, x1, x2, op.allowed)
    shape = _broadcast_shape(name, x1, x2)
    ufunc = op.numpy
    if isinstance(x1, SparseArray) and isinstance(x2, SparseArray):
        return _sparse_sparse(ufunc, x1, x2, shape, dt, intersect=name == "multiply")
    s1 = isinstance(x1, SparseArray)
    # (one of the two is sparse: _result_dtype checked it)
    sp, other = typing.cast(SparseArray, x1 if s1 else x2), (x2 if s1 else x1)
    dense = _dense_in(other, dt)
    if name == "multiply" and not (dt in D.FLOAT and not np.isfinite(dense).all()):
        lin, data = _broadcast_sparse(sp, shape, dt)
        if dense.ndim == 0:
            b = dense
        elif dense.shape == shape:
            b = dense.reshape(-1)[lin]
        else:
            b = np.broadcast_to(dense, shape)[tuple(_unravel(lin, shape))]
        out = quiet(ufunc, data, b) if s1 else quiet(ufunc, b, data)
        return SparseArray._new(lin, _round(np.asarray(out), dt), shape, dt)
    spd = sp._dense(_storage(dt)) if sp._dtype is dt else _dense_in(sp.todense(), dt)
    out = np.asarray(quiet(ufunc, spd, dense) if s1 else quiet(ufunc, dense, spd))
    if name == "multiply":  # a non-finite dense value makes implicit zeros NaN
        flat = out.reshape(-1)
        lin = np.flatnonzero(flat != 0).astype(np.intp, copy=False)
        return SparseArray._new(lin, _round(flat[lin], dt), shape, dt)
    return Array._new(D.narrow(out, dt), dt)


def add(x1: Operand, x2: Operand, /) -> SparseArray | Array:
    """``x1 + x2`` with at least one sparse operand: sparse + sparse is sparse, with a
    dense Array or a scalar the result is a dense Array.

    Examples
    --------
    >>> s = xp.sparse.from_dense(xp.asarray([[0, 3], [4, 0]], dtype=xp.int8))
    >>> xp.sparse.add(s, s).todense()
    Array([[0, 6],
           [8, 0]], dtype=int8)
    >>> xp.sparse.add(s, xp.ones((2, 2), dtype=xp.uint8))  # sparse + dense is dense; int16
    Array([[1, 4],
           [5, 1]], dtype=int16)
    """
    return _elementwise("add", x1, x2)


def subtract(x1: Operand, x2: Operand, /) -> SparseArray | Array:
    """``x1 - x2`` with at least one sparse operand (result kind as :func:`add`).

    Examples
    --------
    >>> s = xp.sparse.from_dense(xp.asarray([[0, 3], [4, 0]], dtype=xp.int8))
    >>> xp.sparse.subtract(s, s).todense()
    Array([[0, 0],
           [0, 0]], dtype=int8)
    >>> xp.sparse.subtract(xp.ones((2, 2), dtype=xp.int8), s)
    Array([[ 1, -2],
           [-3,  1]], dtype=int8)
    """
    return _elementwise("subtract", x1, x2)


def multiply(x1: Operand, x2: Operand, /) -> SparseArray:
    """``x1 * x2`` with at least one sparse operand; the result is sparse.

    Positions that neither operand stores stay zero, unless the dense operand is
    infinite or NaN there (``0 * inf`` is NaN, as in the dense computation).

    Examples
    --------
    >>> s = xp.sparse.from_dense(xp.asarray([[0, 3], [4, 0]], dtype=xp.int8))
    >>> xp.sparse.multiply(s, 2).todense()
    Array([[0, 6],
           [8, 0]], dtype=int8)
    >>> xp.sparse.multiply(s, xp.asarray([[5, 5], [0, 5]], dtype=xp.int8)).todense()
    Array([[ 0, 15],
           [ 0,  0]], dtype=int8)
    """
    return typing.cast(SparseArray, _elementwise("multiply", x1, x2))


# -- matmul ----------------------------------------------------------------------------------------


def _as_matrix(v: object, dt: DType, left: bool) -> tuple[Any, bool]:
    """(a 2-D operand, whether it was 1-D): a vector becomes a row (left) or column."""
    if isinstance(v, SparseArray):
        if v.ndim == 1:
            shape = (1, v.shape[0]) if left else (v.shape[0], 1)
            return SparseArray._new(v._lin, _values_in(v, dt), shape, dt), True
        return SparseArray._new(v._lin, _values_in(v, dt), v._shape, dt), False
    a = _dense_in(v, dt)
    if a.ndim == 1:
        return (a[None, :] if left else a[:, None]), True
    return a, False


def _rows_cols(s: SparseArray) -> tuple[NDArray, NDArray]:
    return np.divmod(s._lin, s._shape[1])


def _sparse_dense(s: SparseArray, b: NDArray) -> NDArray:
    """Sparse (M, K) @ dense (K, N) -> dense (M, N), summing each row's products."""
    out = np.zeros((s._shape[0], b.shape[1]), np.result_type(s._data, b))
    if s.nnz:
        rows, cols = _rows_cols(s)
        prods = quiet(np.multiply, s._data[:, None], b[cols])
        starts = np.flatnonzero(np.r_[True, rows[1:] != rows[:-1]])
        out[rows[starts]] = _sum_runs(prods, starts)
    return out


def _sparse_sparse_mm(a: SparseArray, b: SparseArray, dt: DType) -> SparseArray:
    """Sparse (M, K) @ sparse (K, N) -> sparse (M, N)."""
    shape = (a._shape[0], b._shape[1])
    ra, ca = _rows_cols(a)
    rb, cb = _rows_cols(b)  # b is sorted by its row, the contracted index
    lo = np.searchsorted(rb, ca, "left")
    hi = np.searchsorted(rb, ca, "right")
    counts = hi - lo
    ia = np.repeat(np.arange(a.nnz), counts)
    ib = (np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)
          + np.repeat(lo, counts)).astype(np.intp)
    prods = quiet(np.multiply, a._data[ia], b._data[ib])
    lin = ra[ia] * shape[1] + cb[ib]
    if lin.size:
        order = np.argsort(lin, kind="stable")
        lin, prods = lin[order], prods[order]
        starts = np.flatnonzero(np.r_[True, lin[1:] != lin[:-1]])
        lin, prods = lin[starts], _sum_runs(prods, starts)
    return SparseArray._new(lin.astype(np.intp, copy=False), _round(prods, dt), shape, dt)


def matmul(x1: SparseArray | Array, x2: SparseArray | Array, /) -> SparseArray | Array:
    """Matrix product with at least one sparse operand (1-D or 2-D operands).

    sparse @ dense and dense @ sparse give a dense Array; sparse @ sparse gives a
    sparse array (a 0-d dense Array for two vectors).  The result dtype is the
    promoted dtype (numeric).  Only stored elements take part: implicit zeros are
    skipped, so infinities or NaN in a dense operand do not spread as they would in
    the dense product.

    Examples
    --------
    >>> s = xp.sparse.from_dense(xp.asarray([[0.0, 2.0], [1.0, 0.0]], dtype=xp.float32))
    >>> xp.sparse.matmul(s, xp.asarray([[1.0], [3.0]], dtype=xp.float32))
    Array([[6.],
           [1.]], dtype=float32)
    """
    for name, v in (("x1", x1), ("x2", x2)):
        if not (type(v) is Array or isinstance(v, SparseArray)):
            raise not_an_array("matmul", name, v)
        if v.ndim not in (1, 2):
            raise DimensionMismatchError(
                f"matmul(): sparse matmul needs 1-D or 2-D operands, {name} has shape {v.shape}"
            )
    dt = _result_dtype("matmul", x1, x2, D.NUMERIC)
    k1 = x1.shape[-1]
    k2 = x2.shape[0]
    if k1 != k2:
        raise DimensionMismatchError(
            f"matmul(): contracted axes differ: x1 {x1.shape} and x2 {x2.shape}"
        )
    a, v1 = _as_matrix(x1, dt, left=True)
    b, v2 = _as_matrix(x2, dt, left=False)
    if isinstance(a, SparseArray) and isinstance(b, SparseArray):
        res = _sparse_sparse_mm(a, b, dt)
        if v1 or v2:
            dense = res._dense()
            dense = dense[0] if v1 else dense
            dense = dense[..., 0] if v2 else dense
            if dense.ndim == 0:
                return Array._new(D.narrow(np.asarray(dense), dt), dt)
            return from_dense(Array._new(D.narrow(dense, dt), dt))
        return res
    if isinstance(a, SparseArray):
        out = _sparse_dense(a, b)
    else:  # dense @ sparse = (sparse.T @ dense.T).T
        out = _sparse_dense(b.transpose(), a.T).T
    if v1:
        out = out[0]
    if v2:
        out = out[..., 0]
    return Array._new(D.narrow(np.ascontiguousarray(out), dt), dt)

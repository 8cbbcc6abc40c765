"""GB/T gather, scatter and masked select: K-D gather (7.2.3.17), scatter (7.2.3.18),
masked select (7.2.3.25).

Indices are validated before use: an index outside ``[-n, n)`` raises
OutOfRangeError (an IndexError) naming it, so nothing is ever read or written
outside the array.  Negative indices count from the end, as in ``take``.
"""

from __future__ import annotations

import numpy as np

from .. import _dtypes as D
from .. import _promotion as P
from .._array import Array
from .._dispatch import _cast, array_arg
from .._errors import DimensionMismatchError, OutOfRangeError, TypeMismatchError
from .._numpy_path import quiet
from .._typing import NDArray
from ._axes import normalize_axis
from .gbt_transforms import moved, wrap

__all__ = ["gather_nd", "masked_select", "scatter"]


def _integer_indices(indices: object, func: str) -> Array:
    return array_arg(indices, func, "indices", "integer")


def _checked(idx: NDArray, n: int, func: str, what: str, axis: int) -> NDArray:
    """``idx`` as non-negative intp after checking every entry lies in [-n, n)."""
    if idx.size and (idx.min() < -n or idx.max() >= n):
        bad = np.argwhere((idx < -n) | (idx >= n))[0]
        where = ", ".join(str(int(i)) for i in bad)
        raise OutOfRangeError(
            f"{func}(): {what}[{where}]={int(idx[tuple(bad)])} is out of range for axis "
            f"{axis} of size {n} (valid: {-n} <= index < {n})"
        )
    out = idx.astype(np.intp)
    if out.size and idx.dtype.kind == "i":
        out[out < 0] += n
    return out


def gather_nd(x: Array, indices: Array, /) -> Array:
    """Slices of ``x`` picked by index tuples (GB/T 7.2.3.17, the K-D form).

    ``indices`` is an integer array whose last axis has length k (1 <= k <= x.ndim):
    ``indices[..., :k]`` index the first k axes of x, and the result has shape
    ``indices.shape[:-1] + x.shape[k:]``::

        out[i0, ..., im] = x[indices[i0, ..., im, 0], ..., indices[i0, ..., im, k-1]]

    Any dtype of x; the result is a new array of x's dtype.  The 1-D form of 7.2.3.17
    (rows by a list of indices) is ``take(x, indices, axis=0)``.

    Examples
    --------
    >>> x = xp.asarray([[1, 2], [3, 4]], dtype=xp.int16)
    >>> xp.gather_nd(x, xp.asarray([[1, 0], [0, 1]]))
    Array([3, 2], dtype=int16)
    >>> xp.gather_nd(x, xp.asarray([[1]]))
    Array([[3, 4]], dtype=int16)
    """
    x = array_arg(x, "gather_nd")
    _integer_indices(indices, "gather_nd")
    if indices.ndim == 0:
        raise DimensionMismatchError("gather_nd(): indices must have at least one axis")
    k = indices.shape[-1]
    if not 1 <= k <= x.ndim:
        raise DimensionMismatchError(
            f"gather_nd(): the last axis of indices (shape {indices.shape}) has length {k}; "
            f"it must be between 1 and x.ndim = {x.ndim} (x has shape {x.shape})"
        )
    idx = indices._array
    key = tuple(
        _checked(idx[..., j], x.shape[j], "gather_nd", f"indices[..., {j}]", j) for j in range(k)
    )
    return wrap(moved(x)[key], x._dtype)


def scatter(x: Array, indices: Array, updates: Array, /, *, axis: int = 0,
            accumulate: bool = False) -> Array:
    """A copy of ``x`` with ``updates`` written at ``indices`` along ``axis`` (GB/T 7.2.3.18).

    ``indices`` is 1-D with M integer entries; ``updates`` has x's shape except that
    ``axis`` has length M (for axis 0 and x of shape [N0, N1, ..., Nk], updates has
    shape [M, N1, ..., Nk]); slice ``updates[j]`` goes to position ``indices[j]``.

    Duplicate indices: with ``accumulate=False`` the last update in ``indices`` order
    wins (overwrite; deterministic, independent of NumPy's assignment order); with
    ``accumulate=True`` every update is added to x's value (numeric x only;
    bfloat16/complex32 accumulate in float32/complex64 and round once).

    ``updates`` is converted to x's dtype only when the active promotion policy
    keeps x's dtype (as ``x[...] = updates``), else TypeError.  x is never modified.

    Examples
    --------
    >>> x = xp.zeros(4, dtype=xp.int32)
    >>> xp.scatter(x, xp.asarray([1, 3]), xp.asarray([5, 7], dtype=xp.int32))
    Array([0, 5, 0, 7], dtype=int32)
    >>> xp.scatter(x, xp.asarray([1, 1]), xp.asarray([5, 7], dtype=xp.int32), accumulate=True)
    Array([ 0, 12,  0,  0], dtype=int32)
    """
    x = array_arg(x, "scatter")
    _integer_indices(indices, "scatter")
    updates = array_arg(updates, "scatter", "updates")
    if not isinstance(accumulate, bool):
        raise TypeMismatchError(f"scatter(): accumulate={accumulate!r} must be a bool")
    ax = normalize_axis(axis, x.ndim, "scatter")
    if indices.ndim != 1:
        raise DimensionMismatchError(f"scatter(): indices must be 1-D, got shape {indices.shape}")
    m = indices.shape[0]
    want = (*x.shape[:ax], m, *x.shape[ax + 1:])
    if updates.shape != want:
        raise DimensionMismatchError(
            f"scatter(): updates has shape {updates.shape}; for x of shape {x.shape}, "
            f"{m} indices and axis={ax} it must have shape {want}"
        )
    dt = x._dtype
    pol = P.policy_for(x, updates)
    if updates.dtype is not dt and pol.fast_pairs[(updates.dtype, dt)] is not dt:
        raise TypeMismatchError(
            f"scatter(): updates of dtype {D.name_of(updates.dtype)} cannot be written into "
            f"x of dtype {D.name_of(dt)} under the {pol.name!r} policy"
        )
    if accumulate and dt not in D.NUMERIC:
        raise TypeMismatchError(
            f"scatter(accumulate=True) requires numeric x, got dtype {D.name_of(dt)}"
        )
    idx = _checked(indices._array, x.shape[ax], "scatter", "indices", ax)
    upd = updates._array if updates.dtype is dt else _cast(updates._array, dt)
    lead: tuple[slice, ...] = (slice(None),) * ax
    if accumulate:
        out = D.widen(x._array)
        out = out.copy() if out is x._array else out
        quiet(np.add.at, out, (*lead, idx), D.widen(upd))
        return Array._new(D.narrow(out, dt), dt)
    out = moved(x).copy()
    if m:
        # the last occurrence of each index: first occurrence in the reversed list
        uniq, first = np.unique(idx[::-1], return_index=True)
        key: tuple[slice | NDArray, ...] = (*lead, uniq)
        out[key] = np.take(D.bits(upd), m - 1 - first, axis=ax)
    return wrap(out, dt)


def masked_select(x: Array, mask: Array, /) -> Array:
    """The elements of ``x`` where ``mask`` is True, as a 1-D array (GB/T 7.2.3.25).

    ``mask`` must have dtype bool and broadcast to x's shape (DimensionMismatchError
    otherwise); elements come in row-major order.  Equivalent to ``x[mask]`` when the
    shapes match.  Any dtype of x; the result is a new array of x's dtype.

    Examples
    --------
    >>> x = xp.asarray([[1.5, -2.0], [3.0, -4.0]], dtype=xp.float32)
    >>> xp.masked_select(x, x > 0)
    Array([1.5, 3. ], dtype=float32)
    """
    x = array_arg(x, "masked_select")
    mask = array_arg(mask, "masked_select", "mask")
    if mask.dtype is not D.bool_:
        raise TypeMismatchError(
            f"masked_select(): mask must have dtype bool, got {D.name_of(mask.dtype)}"
        )
    try:
        m = np.broadcast_to(mask._array, x.shape)
    except ValueError:
        raise DimensionMismatchError(
            f"masked_select(): mask of shape {mask.shape} does not broadcast to x's shape "
            f"{x.shape}"
        ) from None
    if x.ndim == 0:
        return wrap(moved(x).reshape(1)[m.reshape(1)], x._dtype)
    return wrap(moved(x)[m], x._dtype)

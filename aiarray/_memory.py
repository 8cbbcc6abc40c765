"""64-byte aligned buffers for the arrays aiarray allocates.

NumPy's allocator gives 16-byte aligned data; a DLPack consumer such as JAX (XLA's CPU
client) takes a buffer without copying only when its data starts at a multiple of 64
bytes, at every size.  The allocation points (creation functions, copies, elementwise
and reduction results, the kernels' result pool, and the functions that write a new
array straight into a buffer of their own: joining, ascending sort, take, roll, tile,
clip, reshape's copy) allocate through :func:`empty` / :func:`zeros`, which
over-allocate a byte buffer by ``ALIGNMENT`` and start the array at the first aligned
byte; :func:`aligned` copies an array made elsewhere (by NumPy) into such a buffer.  The
callers compare the result's size with ``MIN_BYTES`` before any other step.  A result
that only NumPy can make (no ``out=``: ``where``, boolean and integer indexing,
``nonzero``, ``unique_*``, ``argsort``, ``repeat``) keeps NumPy's allocation: aligning it
would copy it once more on every call, where a DLPack consumer copies it only when it
takes it.  Arrays under ``MIN_BYTES`` keep NumPy's allocation: the extra steps
cost about 2 us a call, which doubles an elementwise call on 10^3-10^4 elements, and JAX
copies a small buffer in less (docs/interop.md, "Aligned buffers").
"""

from __future__ import annotations

import ctypes
import math
import sys
from typing import Any

import numpy as np

from ._typing import DType, NDArray

ALIGNMENT = 64
# Smaller arrays keep NumPy's (16-byte aligned) allocation.  From 1 MiB the aligned
# allocation costs a few percent of the cheapest call that writes the array (a memset).
MIN_BYTES = 1 << 20

_UINT8 = np.dtype(np.uint8)
_ndarray = np.ndarray
_from_address = ctypes.c_void_p.from_address
_prod = math.prod


def _data_field() -> int | None:
    """Where an ndarray's data pointer sits in the object (NumPy's ``PyArrayObject``:
    right after the object header), checked against ``ctypes.data`` on two probes; None
    where that does not hold (then :func:`address` asks ctypes)."""
    if sys.implementation.name != "cpython":  # (id() is the object's address on CPython)
        return None
    at = object.__basicsize__
    try:
        probes = [np.empty(n, _UINT8) for n in (8, 4096)]
        if all(_from_address(id(p) + at).value == p.ctypes.data for p in probes):
            return at
    except (ValueError, TypeError, OverflowError):
        pass
    return None


_DATA_AT = _data_field()


def address(a: NDArray) -> int:
    """The address of the first byte of ``a``'s data (a few hundred ns: ``a.ctypes.data``
    takes microseconds)."""
    if _DATA_AT is not None:
        return _from_address(id(a) + _DATA_AT).value or 0
    return int(a.ctypes.data)


def is_aligned(a: NDArray) -> bool:
    """Whether ``a``'s data starts at a multiple of ``ALIGNMENT`` bytes."""
    return address(a) % ALIGNMENT == 0


def place(raw: NDArray, shape: tuple[int, ...], dtype: DType) -> NDArray:
    """An array of ``shape`` and ``dtype`` at the first aligned byte of byte buffer
    ``raw`` (``ALIGNMENT`` bytes longer than the array; ``raw`` is its base)."""
    return _ndarray(shape, dtype, raw, -address(raw) % ALIGNMENT)


def empty(shape: tuple[int, ...], dtype: DType) -> NDArray:
    """An uninitialized C-contiguous array whose data is 64-byte aligned (NumPy's
    ``np.empty`` under ``MIN_BYTES``).  ``dtype`` is a NumPy dtype object."""
    nbytes = _prod(shape) * dtype.itemsize
    if nbytes < MIN_BYTES:
        return np.empty(shape, dtype)
    raw = np.empty(nbytes + ALIGNMENT, _UINT8)
    if _DATA_AT is not None:  # (place(), inlined: the per-call cost of mid-sized arrays)
        return _ndarray(shape, dtype, raw, -(_from_address(id(raw) + _DATA_AT).value or 0)
                        % ALIGNMENT)
    return place(raw, shape, dtype)


def zeros(shape: tuple[int, ...], dtype: DType) -> NDArray:
    """:func:`empty` filled with zeros (NumPy's calloc: large buffers are zeroed lazily
    by the system)."""
    nbytes = _prod(shape) * dtype.itemsize
    if nbytes < MIN_BYTES:
        return np.zeros(shape, dtype)
    return place(np.zeros(nbytes + ALIGNMENT, _UINT8), shape, dtype)


def copy(a: NDArray) -> NDArray:
    """A C-contiguous copy of ``a`` (``a.copy()``), aligned."""
    if a.nbytes < MIN_BYTES:
        return a.copy()
    out = empty(a.shape, a.dtype)
    np.copyto(out, a, casting="no")
    return out


def astype(a: NDArray, dtype: Any) -> NDArray:
    """``a.astype(dtype)`` (always a new array), aligned for a C-contiguous ``a`` (other
    layouts keep ``astype``'s, which follows ``a``'s)."""
    dtype = np.dtype(dtype)
    if a.size * dtype.itemsize < MIN_BYTES or not a.flags.c_contiguous:
        return a.astype(dtype)
    out = empty(a.shape, dtype)
    np.copyto(out, a, casting="unsafe")
    return out


def aligned(a: NDArray) -> NDArray:
    """A new array its maker owns, aligned: ``a`` itself when it is small, aligned or not
    C-contiguous (a copy would change its layout), else an aligned copy."""
    if a.nbytes < MIN_BYTES or not a.flags.c_contiguous or address(a) % ALIGNMENT == 0:
        return a
    return copy(a)


"""Reuse of large result buffers.

A fresh 40 MB ``np.empty`` is mapped lazily by the kernel: the first write to
each page faults and the kernel zeroes it, which costs about as much as an
add.  Results of the large path therefore come from a small pool of raw byte
buffers.  A buffer is handed out again only when nothing refers to it any more:
every result is a view whose ``base`` is the pooled buffer, so the buffer's
reference count tells whether a result (or any view of it) is still alive.

Limits: buffers of at least ``MIN_BYTES``; at most ``MAX_BUFFERS`` kept and
``AIARRAY_BUFFER_POOL_MB`` (default 256) megabytes in all.  ``AIARRAY_BUFFER_POOL_MB=0``
turns the pool off.  Buffers in use are never touched: dropping them from the
pool only means they are freed normally when their last view dies.
"""

from __future__ import annotations

import os
import sys
import threading
from typing import Any

import numpy as np

from .. import _fork, _memory
from .._typing import DType, NDArray

MIN_BYTES = 1 << 20
MAX_BUFFERS = 8


def _limit() -> int:
    try:
        return int(float(os.environ.get("AIARRAY_BUFFER_POOL_MB", "256")) * (1 << 20))
    except ValueError:
        return 256 << 20


MAX_BYTES = _limit()
_pool: list[NDArray] = []
_lock = threading.Lock()
_getrefcount = sys.getrefcount


def _fresh_lock() -> None:
    """(In a forked child.)  Another thread may have held the lock at the fork."""
    global _lock
    _lock = threading.Lock()


_fork.at_fork(in_child=_fresh_lock)


def _free_refs() -> int:
    """Reference count of a pooled buffer that no result uses (measured, not assumed)."""
    pool = [np.empty(1, np.uint8)]
    return _getrefcount(pool[0])


_FREE = _free_refs()


def empty(shape: tuple[Any, ...], dtype: DType) -> NDArray:
    """An uninitialized C-contiguous array, 64-byte aligned, from the pool when it is
    large (a pooled buffer holds ``_memory.ALIGNMENT`` bytes more than the array)."""
    dtype = np.dtype(dtype)
    n = 1
    for s in shape:
        n *= s
    nbytes = n * dtype.itemsize
    if nbytes < MIN_BYTES or nbytes > MAX_BYTES:
        return _memory.empty(shape, dtype)
    size = nbytes + _memory.ALIGNMENT
    with _lock:
        found = None
        for k in range(len(_pool)):
            if _pool[k].nbytes == size and _getrefcount(_pool[k]) == _FREE:
                found = k
                break
        if found is None:
            buf: NDArray = np.empty(size, np.uint8)
            _pool.append(buf)
            _trim()
        else:  # most recently used last
            buf = _pool.pop(found)
            _pool.append(buf)
        return _memory.place(buf, shape, dtype)


def _trim() -> None:
    total = sum(b.nbytes for b in _pool)
    while _pool and (len(_pool) > MAX_BUFFERS or total > MAX_BYTES):
        victim = 0
        for k in range(len(_pool)):  # oldest free buffer first, else the oldest one
            if _getrefcount(_pool[k]) == _FREE:
                victim = k
                break
        total -= _pool.pop(victim).nbytes


def clear() -> None:
    """Drop every pooled buffer (buffers still in use live on as ordinary arrays)."""
    with _lock:
        _pool.clear()


def pooled_bytes() -> int:
    """Bytes held by the pool (in use or free)."""
    return sum(b.nbytes for b in _pool)

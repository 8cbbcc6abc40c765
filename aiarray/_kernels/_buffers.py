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
import weakref
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
_getrefcount = sys.getrefcount


def _free_refs() -> int:
    """Reference count of a pooled buffer that no result uses (measured, not assumed)."""
    pool = [np.empty(1, np.uint8)]
    return _getrefcount(pool[0])


_FREE = _free_refs()


class BufferPool:
    """The pooled buffers and their lock (one per backend: ``POOL``, the module's)."""

    def __init__(self, max_bytes: int | None = None, max_buffers: int = MAX_BUFFERS) -> None:
        self.max_bytes = MAX_BYTES if max_bytes is None else max_bytes
        self.max_buffers = max_buffers
        self._pool: list[NDArray] = []
        self._lock = threading.Lock()
        _ALL.add(self)

    def _after_fork(self) -> None:
        """(In a forked child.)  Another thread may have held the lock at the fork."""
        self._lock = threading.Lock()

    def empty(self, shape: tuple[Any, ...], dtype: DType) -> NDArray:
        """An uninitialized C-contiguous array, 64-byte aligned, from the pool when it is
        large (a pooled buffer holds ``_memory.ALIGNMENT`` bytes more than the array)."""
        dtype = np.dtype(dtype)
        n = 1
        for s in shape:
            n *= s
        nbytes = n * dtype.itemsize
        if nbytes < MIN_BYTES or nbytes > self.max_bytes:
            return _memory.empty(shape, dtype)
        size = nbytes + _memory.ALIGNMENT
        pool = self._pool
        with self._lock:
            found = None
            for k in range(len(pool) - 1, -1, -1):  # the most recently used first: the
                if pool[k].nbytes == size and _getrefcount(pool[k]) == _FREE:  # cached
                    found = k
                    break
            if found is None:
                buf: NDArray = np.empty(size, np.uint8)
                pool.append(buf)
                self._trim()
            else:  # most recently used last
                buf = pool.pop(found)
                pool.append(buf)
            return _memory.place(buf, shape, dtype)

    def _trim(self) -> None:
        pool = self._pool
        total = sum(b.nbytes for b in pool)
        while pool and (len(pool) > self.max_buffers or total > self.max_bytes):
            victim = 0
            for k in range(len(pool)):  # oldest free buffer first, else the oldest one
                if _getrefcount(pool[k]) == _FREE:
                    victim = k
                    break
            total -= pool.pop(victim).nbytes

    def clear(self) -> None:
        """Drop every pooled buffer (buffers still in use live on as ordinary arrays)."""
        with self._lock:
            self._pool.clear()

    def pooled_bytes(self) -> int:
        """Bytes held by the pool (in use or free)."""
        return sum(b.nbytes for b in self._pool)


_ALL: weakref.WeakSet[BufferPool] = weakref.WeakSet()


def _pools_after_fork() -> None:
    for pool in list(_ALL):
        pool._after_fork()


_fork.at_fork(in_child=_pools_after_fork)

POOL = BufferPool()  # the parallel backend's (``ParallelBackend.buffers``)

"""NumPy's own loops, run in parallel over chunks in worker threads.

NumPy releases the GIL inside its loops, so splitting a large elementwise call
along the output's first axis and running the pieces in threads uses every core
with NumPy's SIMD code (which beats numba's libm calls for float32 sin/exp on
this machine).  Each chunk computes exactly what NumPy computes for those
elements, so results are bitwise those of the NumPy path.

Reductions split where NumPy's pairwise summation splits (or along axes that
are not reduced), so they are bitwise NumPy's results too.
"""

from __future__ import annotations

import queue
import threading
import time
import weakref
from collections.abc import Callable
from typing import Any

import numpy as np

from .. import _fork
from .._numpy_path import _QUIET, quiet_enter, quiet_exit
from .._typing import DType, NDArray
from . import _numba, _placement


class Workers:
    """A persistent pool of ``n - 1`` threads; the caller runs one share itself.

    Safe to call from several Python threads at once (each call waits only for its
    own tasks), while another thread resizes the pool (a call keeps the pool it
    started with; a replaced pool shuts down when its last call ends), and after
    ``fork`` (the child builds a new pool).  A pool's threads are all started, and
    seen running, before it takes work: when they cannot start (no memory for their
    stacks, a thread limit), the call runs NumPy's loop on the calling thread and a
    pool is tried again after a pause (``RETRY_SECONDS``, doubling up to ``RETRY_MAX``).
    """

    def __init__(self, n: int, placement: _placement.Placement | None = None) -> None:
        self.n = max(1, n)
        self.placement = _placement.PLACEMENT if placement is None else placement
        self._pool: _Pool | None = None  # made on first use
        self._lock = threading.Lock()
        self._tids: list[int] = []  # the pool threads' kernel ids, as they start
        self._users: dict[_Pool, int] = {}  # pool -> calls running on it
        self._retired: set[_Pool] = set()  # replaced pools that calls still use
        self._retry_at = 0.0  # (time.monotonic) no new pool before this: threads failed
        self._pause = RETRY_SECONDS
        self.start_error: BaseException | None = None  # why threads last failed to start
        self._handoff: dict[int, float] = {}  # pool size -> measured handoff (seconds)
        _ALL.add(self)

    def _after_fork(self) -> None:
        """(In a forked child.)  The parent's threads are gone: a fresh lock, no pool."""
        self._lock = threading.Lock()
        self._pool, self._tids, self._users, self._retired = None, [], {}, set()
        self._retry_at = 0.0
        self._handoff = {}

    def resize(self, n: int) -> None:
        """Use ``n`` threads from the next call on."""
        with self._lock:
            old, self._pool, self.n = self._pool, None, max(1, n)
            if old is not None:
                if self._users.get(old):
                    self._retired.add(old)  # shut down by the last call using it
                else:
                    old.shutdown()

    def _acquire(self) -> tuple[_Pool, list[int]] | None:
        """The current pool (made if needed), counted as used by one more call; None
        when its threads cannot start now."""
        with self._lock:
            if self._pool is None:
                if self.n == 1 or time.monotonic() < self._retry_at:
                    return None  # (resized to 1 since the caller looked)
                try:
                    self._pool = _Pool(self.n - 1)
                except RuntimeError as e:  # "can't start new thread", or a thread too slow
                    self.start_error = e
                    self._retry_at = time.monotonic() + self._pause
                    self._pause = min(2 * self._pause, RETRY_MAX)
                    return None
                self._pause = RETRY_SECONDS
                self._tids = self._pool.tids
            pool = self._pool
            self._users[pool] = self._users.get(pool, 0) + 1
            return pool, self._tids

    def _release(self, pool: _Pool) -> None:
        with self._lock:
            left = self._users.get(pool, 1) - 1
            if left > 0:
                self._users[pool] = left
                return
            self._users.pop(pool, None)
            if pool in self._retired:
                self._retired.discard(pool)
                pool.shutdown()

    def handoff(self) -> float:
        """Seconds that handing work to the pool costs a call on this machine now: the
        median of a few calls of :meth:`run` with one empty task per thread (made and
        measured on first use, per pool size; about a millisecond once).  inf when
        there are no threads to hand work to."""
        n = self.n
        found = self._handoff.get(n)
        if found is None:
            if n == 1 or self._acquire_check() is None:
                return float("inf")
            times = []
            for _ in range(HANDOFF_SAMPLES):
                start = time.perf_counter()
                self.run(_nothing, [()] * n, steer=False)  # (the handoff alone)
                times.append(time.perf_counter() - start)
            found = self._handoff[n] = sorted(times)[len(times) // 2]
        return found

    def _acquire_check(self) -> _Pool | None:
        """The pool, made if needed (None: its threads cannot start now)."""
        acquired = self._acquire()
        if acquired is None:
            return None
        self._release(acquired[0])
        return acquired[0]

    def run(self, func: Callable[..., Any], tasks: list[Any], *, steer: bool = True) -> list[Any]:
        """``[func(*t) for t in tasks]``, in parallel, with NumPy's FP warnings silenced.

        The tasks are claimed one at a time by the calling thread and the pool's
        threads (:class:`_Batch`): a pool thread that starts late takes fewer of them,
        so a busy machine costs the call little more than running them here.  Returns
        only when every task has finished, also when one raised (the first error is
        re-raised); tasks the pool cannot take (its threads cannot start, or it
        refuses work) run on the calling thread: no task can still be writing into a
        buffer after the call.  ``steer``: keep the pool's threads off this thread's
        CPU for the call where the placement steers (``_placement``).
        """
        if len(tasks) == 1 or self.n == 1:
            return [_quiet_call(func, t) for t in tasks]
        acquired = self._acquire()
        if acquired is None:  # no threads now: NumPy's loop on this thread
            return [_quiet_call(func, t) for t in tasks]
        pool, tids = acquired
        placement = self.placement
        steered = None
        try:
            if placement.on:
                placement.place_pool(tids)  # keep the pool threads off this thread's CPU
            elif steer and placement.steer:
                steered = placement.steer_pool(tids)  # the same, for this call (idle pool)
            batch = _Batch(func, tasks)
            for _ in range(min(self.n, len(tasks)) - 1):
                try:
                    pool.submit(batch.drain)
                except RuntimeError:  # the pool refuses work: this thread takes the rest
                    break
            batch.drain()
            return batch.results()
        finally:
            if steered is not None:
                placement.done(steered)
            self._release(pool)


def _nothing() -> None:
    """An empty task (measuring the handoff)."""


HANDOFF_SAMPLES = 7
RETRY_SECONDS = 0.5  # first pause before a pool is tried again after its threads failed
RETRY_MAX = 30.0
START_TIMEOUT = 30.0  # seconds a new pool's threads may take to start
_ALL: weakref.WeakSet[Workers] = weakref.WeakSet()


class _Task:
    """One call for a pool thread; :meth:`wait` returns once it has run."""

    __slots__ = ("_done", "args", "error", "func", "value")

    def __init__(self, func: Callable[..., Any], args: tuple[Any, ...]) -> None:
        self.func, self.args = func, args
        self.value: Any = None
        self.error: BaseException | None = None
        self._done = threading.Lock()
        self._done.acquire()  # released by the thread that runs it

    def run(self) -> None:
        try:
            self.value = self.func(*self.args)
        except BaseException as e:  # (re-raised in the caller by result())
            self.error = e
        finally:
            self._done.release()

    def wait(self) -> None:
        self._done.acquire()
        self._done.release()

    def result(self) -> Any:
        self.wait()
        if self.error is not None:
            raise self.error
        return self.value


class _Batch:
    """The tasks of one :meth:`Workers.run`, claimed one at a time by whichever thread is
    free: the calling thread and the pool threads given :meth:`drain`.  A pool thread that
    starts late (its CPU busy with other work) finds fewer tasks left, or none, so the
    call never waits for a thread that has not started: at worst the calling thread runs
    every task itself."""

    __slots__ = ("_done", "_left", "_lock", "_next", "error", "func", "tasks", "values")

    def __init__(self, func: Callable[..., Any], tasks: list[Any]) -> None:
        self.func, self.tasks = func, tasks
        self.values: list[Any] = [None] * len(tasks)
        self.error: BaseException | None = None
        self._next = 0
        self._left = len(tasks)
        self._lock = threading.Lock()
        self._done = threading.Lock()
        self._done.acquire()  # released when the last task has finished

    def drain(self) -> None:
        """Run unclaimed tasks until none is left (errors are kept for :meth:`results`)."""
        n = len(self.tasks)
        lock = self._lock
        while True:
            with lock:
                i = self._next
                self._next = i + 1
            if i >= n:
                return
            try:
                self.values[i] = _quiet_call(self.func, self.tasks[i])
            except BaseException as e:  # (re-raised in the caller by results())
                if self.error is None:
                    self.error = e
            with lock:
                self._left -= 1
                last = self._left == 0
            if last:
                self._done.release()

    def results(self) -> list[Any]:
        """The tasks' values in order, once every task has finished (the calling thread
        has drained the batch: each task is claimed by a running thread); the first
        error raised by a task is raised here."""
        self._done.acquire()
        self._done.release()
        if self.error is not None:
            raise self.error
        return self.values


class _Pool:
    """``k`` daemon threads taking :class:`_Task` s from one queue.  All are started and
    seen running before the pool is returned, with their kernel ids in ``tids``;
    RuntimeError (the started ones stopped again) when they cannot all start.  Not
    ``concurrent.futures``: importing it (and the logging it imports) in the thread of
    a program's first large call could be under way at a ``fork``, and leave the child
    a half-imported module."""

    def __init__(self, k: int) -> None:
        self._queue: queue.SimpleQueue[_Task | None] = queue.SimpleQueue()
        self._shutdown = False
        self.tids: list[int] = []
        ready = threading.Barrier(k + 1)
        started = 0
        try:
            for i in range(k):
                threading.Thread(target=self._work, args=(ready,), name=f"aiarray_{i}",
                                 daemon=True).start()
                started += 1
            ready.wait(START_TIMEOUT)
        except (RuntimeError, threading.BrokenBarrierError) as e:
            ready.abort()
            for _ in range(started):
                self._queue.put(None)
            if isinstance(e, RuntimeError):
                raise
            raise RuntimeError(f"{k} pool threads did not start in {START_TIMEOUT} s") from None

    def _work(self, ready: threading.Barrier) -> None:
        self.tids.append(threading.get_native_id())
        try:
            ready.wait(START_TIMEOUT)
        except threading.BrokenBarrierError:
            return
        while True:
            task = self._queue.get()
            if task is None:
                return
            task.run()

    def submit(self, func: Callable[..., Any], *args: Any) -> _Task:
        if self._shutdown:
            raise RuntimeError("the pool is shut down")
        task = _Task(func, args)
        self._queue.put(task)
        return task

    def shutdown(self) -> None:
        """Stop the threads once the tasks queued so far have run."""
        if not self._shutdown:
            self._shutdown = True
            for _ in self.tids:
                self._queue.put(None)


def _workers_after_fork() -> None:
    for workers in list(_ALL):
        workers._after_fork()


_fork.at_fork(in_child=_workers_after_fork)


def _quiet_call(func: Callable[..., Any], args: tuple[Any, ...]) -> object:
    token = quiet_enter(_QUIET)
    try:
        return func(*args)
    finally:
        quiet_exit(token)


WORKERS = Workers(1)  # sized by the backend (aiarray.set_num_threads)


def bounds(n: int, parts: int) -> list[tuple[int, int]]:
    """``parts`` nearly equal ranges covering ``range(n)``."""
    edges = [n * k // parts for k in range(parts + 1)]
    return [(edges[k], edges[k + 1]) for k in range(parts) if edges[k] < edges[k + 1]]


def _chunk(func: Callable[..., Any], has_out: bool, args: tuple[Any, ...], out: NDArray,
           lo: int, hi: int) -> None:
    part = [a[lo:hi] if a.ndim and a.shape[0] != 1 else a for a in args]
    if has_out:
        func(*part, out=out[lo:hi])
    else:
        out[lo:hi] = func(*part)


def serial(func: Callable[..., Any], has_out: bool, args: tuple[Any, ...],
           out: NDArray) -> NDArray:
    """``func(*args)`` into ``out`` on the calling thread (NumPy's loop, quiet)."""
    _quiet_call(_chunk, (func, has_out, args, out, 0, None))
    return out


def elementwise(func: Callable[..., Any], has_out: bool, args: tuple[Any, ...],
                out: NDArray) -> NDArray:
    """``func(*args)`` into ``out`` (the broadcast shape), chunked along axis 0."""
    nd = out.ndim
    args = tuple(a if a.ndim == nd else a.reshape((1,) * (nd - a.ndim) + a.shape)
                 for a in args)
    parts = WORKERS.n if nd and out.shape[0] >= WORKERS.n else 1
    tasks: list[tuple[Callable[..., Any], bool, tuple[Any, ...], NDArray, int, int | None]] = [
        (func, has_out, args, out, lo, hi) for lo, hi in bounds(out.shape[0], parts)]
    if nd == 0 or not tasks:
        tasks = [(func, has_out, args, out, 0, None)]
    WORKERS.run(_chunk, tasks)
    return out


# ---------------------------------------------------------------- reductions

_PW_BLOCK = 128  # NumPy's PW_BLOCKSIZE: pairwise summation splits above this many items


def _pairwise_pieces(lo: int, hi: int, depth: int) -> list[Any] | tuple[Any, ...]:
    """Split [lo, hi) as NumPy's pairwise sum does, ``depth`` levels deep.

    A leaf is a ``(lo, hi)`` tuple, a split a ``[left, right]`` list.
    """
    n = hi - lo
    if depth == 0 or n <= _PW_BLOCK:
        return (lo, hi)
    n2 = n // 2
    n2 -= n2 % 8
    return [_pairwise_pieces(lo, lo + n2, depth - 1), _pairwise_pieces(lo + n2, hi, depth - 1)]


def _leaves(tree: list[Any] | tuple[Any, ...]) -> list[Any]:
    if isinstance(tree, tuple):
        return [tree]
    return [leaf for t in tree for leaf in _leaves(t)]


def _combine(tree: list[Any] | tuple[Any, ...], values: dict[Any, Any],
             add: Callable[..., Any]) -> object:
    if isinstance(tree, tuple):
        return values[tree]
    left, right = (_combine(t, values, add) for t in tree)
    return add(left, right)


def _depth(parts: int) -> int:
    d = 0
    while (1 << d) < parts:
        d += 1
    return d


# dtypes whose full sums the numba kernel computes (NumPy's pairwise summation)
SUM_KERNEL_DTYPES = frozenset({np.dtype(np.float32), np.dtype(np.float64)})


def _kernel_leaf_sums(a: NDArray, leaves: list[Any],
                      loader: _numba.NumbaLoader) -> list[Any] | None:
    """The sums of ``a[lo:hi]`` per leaf by the numba kernel (NumPy's pairwise
    summation, bitwise), or None when numba cannot run it (yet)."""
    if a.dtype not in SUM_KERNEL_DTYPES or not a.flags.c_contiguous \
            or not loader.worth_asking(("sum_parts", a.dtype)):
        return None
    los = np.array([lo for lo, _ in leaves], np.int64)
    ns = np.array([hi - lo for lo, hi in leaves], np.int64)
    out = np.empty(len(leaves), a.dtype)
    disp = loader.kernel("sum_parts", _numba.spec_of(a, los, ns, out))
    if disp is None:
        return None
    loader.launch(disp, (a, los, ns, out))
    return list(out)


def _flat_sum(a: NDArray, dtype: DType | None, threads_min: int,
              loader: _numba.NumbaLoader) -> NDArray:
    """np.add.reduce over a 1-D contiguous array, split along NumPy's pairwise tree.

    The leaves are summed by the numba kernel when it is ready (float32/float64),
    else by NumPy's loop in threads (from ``threads_min`` elements; NumPy's own loop
    below); either way each leaf is NumPy's sum of it.
    """
    tree = _pairwise_pieces(0, a.shape[0], _depth(WORKERS.n))
    leaves = _leaves(tree)
    sums = _kernel_leaf_sums(a, leaves, loader) if dtype == a.dtype else None
    if sums is None and a.size < threads_min:
        return np.asarray(np.add.reduce(a, dtype=dtype))  # too small for threads
    if sums is None:
        sums = WORKERS.run(lambda lo, hi: np.add.reduce(a[lo:hi], dtype=dtype), leaves)
    values = dict(zip(leaves, sums))
    return np.asarray(_combine(tree, values, np.add), dtype)


_REDUCIBLE = frozenset(np.dtype(c) for c in "?bhilBHILfd")


def _flat_reduce(name: str, ufunc: np.ufunc, vec: NDArray, acc: DType | None,
                 kw: dict[str, Any], threads_min: int, loader: _numba.NumbaLoader) -> NDArray:
    """The reduction of a 1-D contiguous array, as a 0-d array."""
    if name == "sum" and vec.dtype.kind == "f":
        return _flat_sum(vec, acc, threads_min, loader)
    parts = bounds(vec.shape[0], WORKERS.n)
    res = WORKERS.run(lambda lo, hi: ufunc.reduce(vec[lo:hi], **kw), parts)
    return np.asarray(ufunc.reduce(np.asarray(res), **kw))


_UFUNC = {"sum": np.add, "prod": np.multiply}  # min/max: a numba kernel (see reduce())


def extreme(name: str, vec: NDArray, loader: _numba.NumbaLoader) -> NDArray | None:
    """Full min or max of a 1-D contiguous int/float array by NumPy's loop on a part per
    worker thread (``_flat_reduce``), NumPy's value; None for a zero float result
    (which zero NumPy keeps depends on its order: its own loop decides)."""
    ufunc = np.maximum if name == "max" else np.minimum
    res = _flat_reduce(name, ufunc, vec, None, {}, 0, loader)
    return None if vec.dtype.kind == "f" and res == 0 else res


def reduce(name: str, a: NDArray, axis: int | None, dtype: DType | None,
           keepdims: bool, threads_min: int = 0,
           loader: _numba.NumbaLoader | None = None) -> NDArray | None:
    """Parallel ``np.<name>(a, axis=axis, dtype=dtype)`` for sum, prod and mean, bitwise
    equal, or None.  A full float sum whose leaves the numba kernel cannot sum (yet)
    runs NumPy's loop in threads from ``threads_min`` elements, NumPy's own below.
    ``loader``: the numba kernels' (default ``_numba.LOADER``)."""
    if loader is None:
        loader = _numba.LOADER
    kind = a.dtype.kind
    if a.dtype not in _REDUCIBLE or (name != "mean" and name not in _UFUNC):
        return None
    acc = np.dtype(dtype) if dtype is not None else None
    if name == "mean":
        if kind != "f" or (acc is not None and acc != a.dtype):
            return None  # integer means accumulate in float64 blocks: order matters
        total = reduce("sum", a, axis, None, keepdims, threads_min, loader)
        if total is None:
            return None
        # NumPy divides by an intp count (in float64 for float32: one rounding of the
        # exact quotient, where a float32 count above 2**24 would be rounded first)
        count = np.intp(a.size // max(total.size, 1) if a.size else 0)
        return np.true_divide(total, count, out=total, casting="unsafe") if total.ndim \
            else np.asarray(total.dtype.type(total[()] / count))
    ufunc = _UFUNC[name]  # sum or prod from here on
    default = np.sum(np.zeros(1, a.dtype)).dtype if name == "sum" else \
        np.prod(np.ones(1, a.dtype)).dtype
    acc = default if acc is None else acc
    exact = kind in "biu" and acc.kind in "iu"  # modular integer arithmetic
    if not exact and not (name == "sum" and kind == "f" and acc == a.dtype):
        return None
    if not a.flags.c_contiguous or a.ndim == 0:
        return None
    kw: dict[str, Any] = {"dtype": acc}
    if axis is None or a.ndim == 1:
        out = _flat_reduce(name, ufunc, a.reshape(-1), acc, kw, threads_min, loader)
        return out.reshape((1,) * a.ndim) if keepdims else out
    pre = int(np.prod(a.shape[:axis], dtype=np.int64))
    n = a.shape[axis]
    post = int(np.prod(a.shape[axis + 1:], dtype=np.int64))
    a3 = a.reshape(pre, n, post)
    res_shape = a.shape[:axis] + ((1,) if keepdims else ()) + a.shape[axis + 1:]
    out = np.empty((pre, post), acc)
    threads = WORKERS.n
    if pre >= 2 * threads:
        def work(lo: int, hi: int) -> None:
            ufunc.reduce(a3[lo:hi], axis=1, out=out[lo:hi], **kw)
        WORKERS.run(work, bounds(pre, threads))
    elif post >= 16 * threads:
        def work(lo: int, hi: int) -> None:
            ufunc.reduce(a3[:, :, lo:hi], axis=1, out=out[:, lo:hi], **kw)
        WORKERS.run(work, bounds(post, threads))
    elif post == 1:
        for r in range(pre):
            out[r, 0] = _flat_reduce(name, ufunc, a3[r, :, 0], acc, kw, threads_min, loader)
    else:
        return None
    return out.reshape(res_shape)

"""The parallel backend: numba kernels and NumPy's loops in threads.

``BACKEND`` (a :class:`ParallelBackend`) is what ``aiarray.set_backend("parallel")``
selects, and the default.  For each (op, dtype) one of two routes runs arrays from a
start size derived from the machine (``_tuning``):

- ``"nb"``: a numba ``prange`` kernel generated from the op registry
  (``_generated.py``), writing straight into the result buffer, wherever such a
  kernel exists and equals NumPy bit for bit;
- ``"np"``: NumPy's own loop run over chunks in worker threads (``_threads``): the
  transcendental functions (NumPy's SIMD loops beat numba's libm calls) and the ops
  whose NumPy loop numba does not reproduce exactly.

Everything else (small inputs, float16/bfloat16/complex32, non-contiguous inputs for
numba, broadcasting beyond rows/columns) is declined or falls back to the
NumPy-in-threads route, which runs NumPy's loop.  Results are NumPy's on either
route.

The backend owns its run-time state as objects: ``loader`` (a ``_numba.NumbaLoader``:
numba's import, the background loading and its budget, the compiled kernels, their
locks), ``buffers`` (a ``_buffers.BufferPool``) and ``placement`` (a
``_placement.Placement``); ``BACKEND``'s are those modules' ``LOADER``, ``POOL`` and
``PLACEMENT``.  Each object resets its own locks after a ``fork`` (``_fork``).

Importing this package does not import numba, nor read the caches or a stored
calibration: the start sizes are derived at the first large call (see ``_numba`` for
the lazy, background loading of the kernels and the thread-safety rules).
"""

from __future__ import annotations

import os
import threading
import time
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar, cast

import numpy as np

from .. import _fork
from .._backend import FLOOR, NO_LIMIT, Backend, forced_size, raised
from .._registry import OPS, ElementwiseOp
from .._typing import DType, NDArray
from . import _buffers, _machine, _numba, _reductions, _threads
from . import _table as T

if TYPE_CHECKING:  # (imported at the first large call: its dataclass costs import time)
    from . import _tuning

_fork.settle_at_fork(f"{__name__}._tuning")  # (a fork waits while a large call imports it)

__all__ = ["BACKEND", "ParallelBackend", "NUMBA_DTYPES"]

NUMBA_DTYPES = frozenset(np.dtype(c) for c in "?bhilqBHILQfdFD")
REDUCTIONS = frozenset({"sum", "prod", "mean", "min", "max"})


class Route:
    """How one (op, dtype) runs on the large path."""

    __slots__ = ("func", "has_out", "kernel", "min_size", "numba", "numpy_below", "op",
                 "precheck", "threads_size", "timings")

    def __init__(self, kernel: str | None, numba: bool, min_size: int, func: Callable[..., Any],
                 has_out: bool, precheck: Callable[..., Any] | None,
                 threads_size: int | None = None, op: str = "") -> None:
        self.op = op
        self.kernel = kernel
        self.numba = numba
        self.min_size = min_size
        # from which size NumPy's loop in threads pays (a numba route below it runs NumPy's
        # loop on the calling thread while its kernel is not ready)
        self.threads_size = min_size if threads_size is None else threads_size
        self.func = func
        self.has_out = has_out
        self.precheck = precheck
        # this route's large calls in this process, by size class (``threads_pay``)
        self.timings: dict[int, SizeClass] = {}
        # below this size the calling thread was measured faster (``learn``): the short
        # path takes these sizes (0: nothing learned)
        self.numpy_below = 0


def _no_negative_b(args: tuple[Any, ...]) -> bool:
    return not (args[1] < 0).any()


# Ops whose NumPy loop raises on negative x2 for signed integers: the NumPy path keeps those.
_PRECHECK = {"pow": _no_negative_b, "bitwise_left_shift": _no_negative_b,
             "bitwise_right_shift": _no_negative_b}


def _reciprocal(x: NDArray, out: NDArray) -> NDArray:
    return np.divide(np.ones((), x.dtype), x, out=out)


# The ufunc (with out=) that equals the registry's NumPy function on these kinds.
_THREAD_UFUNCS: dict[str, dict[str, Callable[..., Any]]] = {
    "tanh": {"f": np.tanh}, "expm1": {"f": np.expm1}, "reciprocal": {"fc": _reciprocal},
    "ceil": {"f": np.ceil}, "floor": {"f": np.floor}, "trunc": {"f": np.trunc},
    "round": {"f": np.rint}, "floor_divide": {"iu": np.floor_divide},
    "log1p": {"f": np.log1p}, "pow": {"iu": np.power},
}


def _thread_func(op: ElementwiseOp, kind: str) -> tuple[Callable[..., Any], bool]:
    for kinds, func in _THREAD_UFUNCS.get(op.name, {}).items():
        if kind in kinds:
            return func, True
    if isinstance(op.numpy, np.ufunc):
        return op.numpy, True
    return op.numpy, False  # a wrapper: each chunk's result is copied into place


def op_routes(op: ElementwiseOp, tuning: _tuning.Tuning) -> dict[Any, Route]:
    """{dtype: Route} of ``op`` for every numba-typable dtype it takes (empty: NumPy at
    every size).

    The plain rule: numba wherever a kernel exists that equals NumPy bit for bit
    (every op but the transcendental ones); NumPy's loop in threads otherwise.
    """
    per: dict[Any, Route] = {}
    if op.name in T.NO_LARGE_PATH:
        return per
    for dt in op.allowed & NUMBA_DTYPES:
        if op.to_float and dt.kind in "biu":
            continue  # converted to float before the backend sees it
        kind = dt.kind
        found = T.expression(op.name, kind)
        kernel = f"{op.name}_{found[0]}" if found else None
        numba = T.exact(op.name, kind)
        if op.name in T.TRANSCENDENTAL:
            threads = tuning.costly(op.name, dt)
        else:
            threads = tuning.elements(tuning.threads_bytes, dt)
        size = tuning.elements(tuning.numba_bytes, dt) if numba else threads
        func, has_out = _thread_func(op, kind)
        pre = _PRECHECK.get(op.name) if kind == "i" else None
        per[dt] = Route(kernel, numba, size, func, has_out, pre, threads, op.name)
    return per


def _flat(a: NDArray) -> NDArray:
    return a.reshape(-1)


def _split_2d(shape: tuple[Any, ...], arrays: tuple[Any, ...]) -> list[Any] | None:
    """C-contiguous operands as 2-D views whose dims are 1 or the output's, or None."""
    nd = len(shape)
    padded = [(1,) * (nd - x.ndim) + x.shape for x in arrays]
    for p in range(1, nd):
        m = int(np.prod(shape[:p]))
        n = int(np.prod(shape[p:]))
        views = []
        for x, sh in zip(arrays, padded):
            full_lead = sh[:p] == shape[:p]
            full_tail = sh[p:] == shape[p:]
            if not (full_lead or all(s == 1 for s in sh[:p])):
                break
            if not (full_tail or all(s == 1 for s in sh[p:])):
                break
            views.append(x.reshape(m if full_lead else 1, n if full_tail else 1))
        else:
            return views
    return None


_spec = _numba.spec_of
_WORKERS_SPEC = _numba.spec_of(0)[0]  # the ``workers`` argument (an int) of the 1-D kernels


def _fma_chunk(a: NDArray, b: NDArray, c: NDArray, out: NDArray) -> NDArray:
    np.multiply(a, b, out=out)
    return np.add(out, c, out=out)


_R = TypeVar("_R")


def _charged(loader: _numba.NumbaLoader, run: Callable[..., _R], *args: Any) -> _R:
    """``run(*args)``; its time counts toward loading numba while a kernel waits for it
    (``loader.charge``: the loader starts once large work has cost what loading does)."""
    if not loader.deferred():
        return run(*args)
    start = time.perf_counter()
    try:
        return run(*args)
    finally:
        loader.charge(time.perf_counter() - start)


class SizeClass:
    """The measured large calls of one size class (a power of two) of a route or of a
    whole-array reduction, each way apart: on the calling thread (``here``) and in the
    pool's threads (``threads``, a reduction's parallel route).  A way's figure is the
    time per element of the fastest of its last ``WINDOW`` calls: a call stalled by
    something else (a page fault, the GIL held by a kernel loading, another program's
    burst) does not decide, and a slowdown the way keeps shows after ``WINDOW`` calls."""

    __slots__ = ("calls", "here", "left", "n_here", "n_threads", "recent", "retrying",
                 "threads")

    def __init__(self) -> None:
        self.here = self.threads = 0.0  # seconds per element (0.0: not measured yet)
        self.n_here = self.n_threads = 0  # calls measured each way
        self.calls = 0  # calls decided (``threads_pay``)
        self.retrying = False  # the way a retry runs (threads: True) ...
        self.left = 0  # ... for this many more calls
        self.recent: tuple[list[float], list[float]] = ([], [])  # here, threads

    def record(self, threads: bool, per_element: float) -> None:
        recent = self.recent[threads]
        recent.append(per_element)
        if len(recent) > WINDOW:
            del recent[0]
        if threads:
            self.threads, self.n_threads = min(recent), self.n_threads + 1
        else:
            self.here, self.n_here = min(recent), self.n_here + 1


def threads_pay(timings: dict[int, SizeClass], size: int) -> bool:
    """Whether to run a call of ``size`` elements in the pool's threads (NumPy's loop in
    threads, or a reduction's parallel route) rather than on the calling thread, from
    what the two have cost on the calls of the same size class in this process:
    ``timings``, a route's (``Route.timings``) or a whole-array reduction's, which
    ``_record`` keeps.

    A size class first runs on the calling thread; threads are tried once that time
    is at least four times what handing work to the pool costs (``Workers.handoff``,
    measured on this machine).  Then threads run ``TRIALS`` calls back to back, and
    the calling thread as many as it needs to have run ``TRIALS``; from then on the
    faster one (``SizeClass``) runs, and the other one is retried: a run of
    ``TRIALS`` calls back to back, starting at a call drawn with odds of one in
    ``RETRY`` while that way has run fewer than ``3 * TRIALS`` calls (two runs for a
    way that lost its trials), then every ``RECHECK`` calls, so that a change
    (another program taking a core, data leaving the caches) is seen.  A class where
    the calling thread wins the trials is handed to the dispatcher's short path
    (``learn``, elementwise routes).  What is measured is the call itself on the
    running machine: its cores, caches, load and the program's own data.

    Why runs back to back: after a pause, a CPU of a 2-vCPU VM runs at full speed
    only after a few ms of work, so a call in threads amid calls on the calling
    thread finds the other CPU idle and pays its wake-up; measured in turns, each way
    measured its slow calls.  Why retries soon, at drawn calls: the trials all fell
    where the program started the class, often the first calls of a burst after a
    pause, which run slower whatever runs, while the winner goes on to time calls of
    every kind; a figure is the fastest of a way's calls, so a way measured only
    there would lose for good, and a fixed beat could fall on the same place of each
    burst."""
    entry = timings.get(size.bit_length())
    if entry is None:
        return False
    entry.calls += 1
    if entry.n_threads < TRIALS:
        if entry.n_threads:
            return True
        workers = _threads.WORKERS
        return workers.n > 1 and entry.here * size >= 4 * workers.handoff()
    if entry.n_here < TRIALS:
        return False
    if entry.left:  # (in a retry's run)
        entry.left -= 1
        return entry.retrying
    threads = entry.threads < entry.here
    lost = entry.n_here if threads else entry.n_threads
    if _one_in(RETRY) if lost < 3 * TRIALS else entry.calls % RECHECK == 0:
        entry.retrying, entry.left = not threads, TRIALS - 1
        return not threads
    return threads


_DRAW = [0x2545F491]  # the state of ``_one_in``'s xorshift


def _one_in(n: int) -> bool:
    """True with odds of one in ``n``, from a 32-bit xorshift (not ``random``: its
    import costs more than this needs; a race between threads only repeats a draw)."""
    x = _DRAW[0]
    x ^= (x << 13) & 0xFFFFFFFF
    x ^= x >> 17
    x ^= (x << 5) & 0xFFFFFFFF
    _DRAW[0] = x
    return x % n == 0


def _record(timings: dict[int, SizeClass], size: int, threads: bool,
            took: float) -> SizeClass:
    """Count a call of ``size`` elements that took ``took`` seconds, on the calling
    thread or in threads, in its size class of ``timings`` (``threads_pay``); returns
    the class."""
    entry = timings.get(size.bit_length())
    if entry is None:
        entry = timings[size.bit_length()] = SizeClass()
    entry.record(threads, took / max(1, size))
    return entry


TRIALS = 3
RETRY = 8  # the losing way's odds of a retry per call, one in this (``threads_pay``)
RECHECK = 64
WINDOW = 8  # the last calls of a way whose fastest is its figure (SizeClass)


def _timed(backend: ParallelBackend, route: Route, dt: DType, threads: bool,
           args: tuple[Any, ...], out: NDArray, wanted: bool) -> NDArray:
    """NumPy's loop of ``route`` into ``out``, in threads or on the calling thread, timed:
    the time per element updates the route's timings of the size class (``threads_pay``)
    and, where the call ``wanted`` a kernel not loaded yet, counts toward loading numba
    (a call no kernel would take, a sine or a broadcast over three axes say, would not
    run faster once numba is loaded)."""
    loader = backend.loader
    mark = loader.mark()
    start = time.perf_counter()
    if threads:
        _threads.elementwise(route.func, route.has_out, args, out)
    else:
        _threads.serial(route.func, route.has_out, args, out)
    took = time.perf_counter() - start
    size = out.size
    if loader.quiet_since(mark):  # (a call beside the loader's work is not measured)
        entry = _record(route.timings, size, threads, took)
        done = (entry.n_threads, entry.n_here) if threads else (entry.n_here, entry.n_threads)
        if done[0] == TRIALS and done[1] >= TRIALS and entry.threads >= entry.here \
                and not backend._forced:  # (this call ended the trials)
            learn(backend, route, dt, size)
    if wanted and loader.deferred():
        loader.charge(took)
    return out


def learn(backend: Backend, route: Route, dt: DType, size: int) -> None:
    """The calling thread won ``size``'s class of ``route``: from now on the dispatcher's
    short path runs NumPy's loop up to the end of that class (but not into a class
    where threads won), without the large path's steps."""
    top = 1 << size.bit_length()
    for bits, entry in route.timings.items():
        if entry.n_threads >= TRIALS and entry.threads < entry.here:
            top = min(top, 1 << (bits - 1))
    if top > route.numpy_below:
        route.numpy_below = top
        raised(backend, route.op, dt, max(route.min_size, top))


class ParallelBackend(Backend):
    """numba kernels and NumPy's loops in threads for large arrays (module docstring).

    ``loader`` and ``buffers``: the numba loader and the result-buffer pool it uses
    (default: the modules' ``_numba.LOADER`` and ``_buffers.POOL``; a test may give a
    loader of its own, one that compiles in the calling thread say).
    """

    name = "parallel"

    def __init__(self, loader: _numba.NumbaLoader | None = None,
                 buffers: _buffers.BufferPool | None = None) -> None:
        self.loader = _numba.LOADER if loader is None else loader
        self.buffers = _buffers.POOL if buffers is None else buffers
        self.placement = self.loader.placement
        self.version = 0
        self._lock = threading.Lock()
        self._threads = _machine.cpu_count()
        env = os.environ.get("AIARRAY_NUM_THREADS", "").strip()
        if env:
            try:
                self._threads = max(1, int(env))
            except ValueError:
                pass
        self._tuning: _tuning.Tuning | None = None
        self._routes: dict[Any, Any] = {}
        # (name, dtype) -> the timings of whole-array reductions below the cache's size
        # (``reduce_whole``, ``threads_pay``)
        self._whole: dict[tuple[str, DType], dict[int, SizeClass]] = {}
        self._forced = False  # start sizes forced (AIARRAY_KERNEL_MIN_SIZE, tests): threads
        # from the threads size on, not measured against the calling thread
        self._caches: tuple[int, int] | None = None  # (l2, llc): read at the first tuning
        self._overrides: dict[Any, Any] = {}
        self._calibration: bool | dict[Any, Any] = True  # True: the stored one, when there is one
        _threads.WORKERS.resize(self._threads)
        self.loader.set_threads(self._threads)
        _BACKENDS.add(self)

    def _after_fork(self) -> None:
        """(In a forked child.)  A fresh lock (another thread may have held it at the
        fork: then the tuning it was changing is derived again), and the pool and numba
        sized to the thread count in force."""
        held = self._lock.locked()
        self._lock = threading.Lock()
        if held:
            self._tuning = None
        _threads.WORKERS.resize(self._threads)
        self.loader.set_threads(self._threads)

    # -- tuning --------------------------------------------------------------------
    def tuning(self) -> _tuning.Tuning:
        """The start sizes in force (derived on first use)."""
        t = self._tuning
        return t if t is not None else self._retune()

    def _retune(self) -> _tuning.Tuning:
        from . import _tuning

        with self._lock:
            if self._caches is None:
                self._caches = _machine.cache_sizes()
            l2, llc = self._caches
            cal = self._calibration
            data = _tuning.load_calibration(l2, llc) if cal is True else cal
            tuning = _tuning.derive(self._threads, l2, llc, data or None, forced_size())
            if self._overrides:
                tuning = _tuning.with_overrides(tuning, **self._overrides)
            self._routes = {}  # (each op's are made at its first large call: ``route``)
            self._whole = {}  # (whole-array reductions' timings: measured again)
            self._forced = tuning.forced is not None
            self._tuning = tuning
            self.version += 1
            return tuning

    def tune(self, *, l2: int | None = None, llc: int | None = None,
             calibration: bool | dict[Any, Any] = True, **overrides: object) -> _tuning.Tuning:
        """Derive the start sizes again: for these cache sizes (default: the machine's),
        with ``calibration`` (True: the stored one if any; False: none; or the data),
        and with any :class:`_tuning.Tuning` field overridden (tests, benchmarks)."""
        with self._lock:
            machine = _machine.cache_sizes()
            self._caches = (l2 or machine[0], llc if llc is not None else machine[1])
            self._calibration = calibration
            self._overrides = dict(overrides)
        return self._retune()

    def threshold(self, op: object, dtype: DType) -> int:
        if self._tuning is None:
            self._retune()
        if isinstance(op, str):
            return self._named_threshold(op, np.dtype(dtype))
        route = self.route(op, dtype)  # type: ignore[arg-type]  # (an ElementwiseOp)
        return NO_LIMIT if route is None else max(route.min_size, route.numpy_below)

    def least_threshold(self) -> int:
        """At most every threshold of this backend: the least start size of the tuning
        in elements of the widest dtype (the floor when calibrated costly ops may start
        lower, or the forced size)."""
        t = self.tuning()
        if t.forced is not None:
            return t.forced
        if t.costly_ns and t.threads_min_ns:
            return FLOOR
        least = min(t.numba_bytes, t.threads_bytes, t.costly_bytes, t.reduce_kernel_bytes,
                    t.reduce_threads_bytes)
        return t.elements(least, _WIDEST)

    def all_routes(self) -> dict[Any, Any]:
        """{op: {dtype: Route}} of every op (made now where not made yet)."""
        for op in OPS.values():
            self.route(op, next(iter(op.allowed)))
        return {op: per for op, per in self._routes.items() if per}

    def _named_threshold(self, name: str, dt: DType) -> int:
        t = self.tuning()
        if name == "multiply_add":
            return t.elements(t.numba_bytes, dt) if dt in NUMBA_DTYPES else NO_LIMIT
        if name in REDUCTIONS:
            return min(t.elements(t.reduce_kernel_bytes, dt),
                       t.elements(t.reduce_threads_bytes, dt))
        return NO_LIMIT

    # -- threads -------------------------------------------------------------------
    def set_num_threads(self, n: int) -> None:
        with self._lock:
            self._threads = n
            _threads.WORKERS.resize(n)
            self.loader.set_threads(n)
            tuned = self._tuning is not None
        if tuned:
            self._retune()

    def get_num_threads(self) -> int:
        return self._threads

    def status(self) -> dict[Any, Any]:
        from . import _tuning

        tuning = self._tuning
        return {**self.loader.status(), "backend": self.name, "threads": self._threads,
                "pooled_bytes": self.buffers.pooled_bytes(),
                "tuning": None if tuning is None else _tuning.describe(tuning)}

    # -- elementwise ---------------------------------------------------------------
    def _streams(self, out: NDArray) -> int:
        """The ``workers`` argument of a 1-D kernel: > 0 to write ``out`` with streaming
        (non-temporal) stores, which pays for outputs larger than the caches; 0 not to."""
        return self.loader.threads() if out.nbytes >= self.tuning().stream_bytes else 0

    def _run_numba(self, route: Route, args: tuple[Any, ...], out: NDArray,
                   dt: DType) -> bool | None:
        """Launch the numba kernel for ``args`` into ``out``: True if it ran; False if
        its kernel is wanted but not loaded yet (the call's time counts toward loading
        numba: ``NumbaLoader.charge``); None for operands the kernel cannot take (not
        contiguous, a broadcast beyond rows and columns), decided before the loader is
        asked (it asks once per kernel and dtype while numba is cold: ``worth_asking``)."""
        for a in args:
            if not (a.flags.c_contiguous and a.flags.aligned):
                return None
        views = None
        if len(args) == 1:
            variant = "v"
        else:
            a, b = args
            shape = out.shape
            if a.shape == shape and b.shape == shape:
                variant = "vv"
            elif a.shape == shape and b.size == 1:
                variant = "vs"
            elif b.shape == shape and a.size == 1:
                variant = "sv"
            else:
                views = _split_2d(shape, args)
                if views is None:
                    return None
                variant = "bc"
        loader = self.loader
        if not loader.worth_asking((route.kernel, dt)):
            return False  # (before the call's arguments are built: while numba is cold)
        call: tuple[Any, ...]
        if views is not None:  # ("bc")
            m, n = max(v.shape[0] for v in views), max(v.shape[1] for v in views)
            call = (*views, out.reshape(m, n))
        else:
            workers = self._streams(out)
            flat = tuple(_flat(x) if c == "v" else x.reshape(())[()]
                         for x, c in zip(args, variant))
            call = (*flat, _flat(out), workers)
        disp = loader.kernel(f"{route.kernel}_{variant}", _spec(*call))
        if disp is None:
            return False
        loader.launch(disp, call)
        return True

    def route(self, op: ElementwiseOp, dtype: DType) -> Route | None:
        """The route of ``op`` on ``dtype`` (None: NumPy at every size); an op's routes are
        made at its first large call."""
        routes = self._routes  # (before the tuning: a retune between the two reads only
        per = routes.get(op)  # puts the new tuning's routes into the dropped table)
        if per is None:
            tuning = self._tuning
            if tuning is None:
                tuning = self._retune()
                routes = self._routes
            per = routes[op] = op_routes(op, tuning)
        found: Route | None = per.get(dtype)
        return found

    def elementwise(self, op: ElementwiseOp, args: tuple[Any, ...], dt: DType) -> NDArray | None:
        route = self.route(op, dt)
        if route is None:
            return None
        if len(args) == 1:
            shape = args[0].shape
        else:
            s1, s2 = args[0].shape, args[1].shape
            if s1 == s2:
                shape = s1
            else:
                try:
                    shape = np.broadcast_shapes(s1, s2)
                except ValueError:
                    return None
        size = 1
        for s in shape:
            size *= s
        if size < route.min_size:
            return None
        if route.precheck is not None and not route.precheck(args):
            return None
        out = self.buffers.empty(shape, op.result_dtype(dt))
        ran = self._run_numba(route, args, out, dt) if route.numba else None
        if ran:
            return out
        # NumPy's loop: a threads route, a numba route whose kernel is not ready (False),
        # or operands its kernel cannot take
        threads = size >= route.threads_size and (
            self._forced or threads_pay(route.timings, size))  # (forced sizes: no measuring)
        return _timed(self, route, dt, threads, args, out, ran is False)

    def converting(self, op: ElementwiseOp, args: tuple[Any, ...], dt: DType) -> NDArray | None:
        """The ``vvx`` kernels: only for ops whose numba route is exact, numeric ``dt``,
        contiguous operands, and no pre-check."""
        route = self.route(op, dt)
        if route is None or not route.numba or route.precheck is not None \
                or dt.kind not in T.CONVERTING_KINDS:
            return None
        a, b = args
        if a.dtype not in _CONVERTIBLE or b.dtype not in _CONVERTIBLE \
                or a.size < route.min_size:
            return None
        if not (a.flags.c_contiguous and b.flags.c_contiguous and a.flags.aligned
                and b.flags.aligned) or not self.loader.worth_asking((route.kernel, dt, "x")):
            return None
        out = self.buffers.empty(a.shape, op.result_dtype(dt))
        call = (_flat(a), _flat(b), dt.type(0), _flat(out), self._streams(out))
        disp = self.loader.kernel(f"{route.kernel}_vvx", _spec(*call))
        if disp is None:
            return None
        self.loader.launch(disp, call)
        return out

    def fused_multiply_add(self, a: NDArray, b: NDArray, c: NDArray,
                           dtype: DType) -> NDArray | None:
        """One pass, no temporary; C-contiguous operands of ``dtype``, not complex."""
        dtype = np.dtype(dtype)
        if dtype not in NUMBA_DTYPES or dtype.kind == "c":
            return None
        arrays = (a, b, c)
        shape = None
        for x in arrays:
            if type(x) is not np.ndarray or x.dtype != dtype or not x.flags.c_contiguous:
                return None
            if x.size != 1:
                if shape is not None and x.shape != shape:
                    return None
                shape = x.shape
        if shape is None:
            return None
        size = 1
        for s in shape:
            size *= s
        if size < self._named_threshold("multiply_add", dtype):
            return None
        out = self.buffers.empty(shape, dtype)
        loader = self.loader
        if loader.worth_asking(("fma", dtype)):
            variant = "".join("v" if x.size != 1 or x.shape == shape else "s" for x in arrays)
            call: tuple[Any, ...] = tuple(_flat(x) if v == "v" else x.reshape(())[()]
                                          for x, v in zip(arrays, variant))
            call = (*call, _flat(out), self._streams(out))
            kinds = "b" if dtype.kind == "b" else "iuf"
            disp = loader.kernel(f"fma_{kinds}_{variant}", _spec(*call))
            if disp is not None:
                loader.launch(disp, call)
                return out
        full = tuple(x if x.shape == shape else x.reshape(()) for x in arrays)
        return _charged(loader, _threads.elementwise, _fma_chunk, True, full, out)

    # -- reductions ----------------------------------------------------------------
    def _reduce_min_size(self, name: str, a: NDArray, axis: object, dtype: DType | None,
                         cached: bool = True) -> int:
        """Input elements from which a reduction's parallel route beats NumPy's loop; for
        a whole array (``cached``) also past the band where ``reduce_whole`` measures."""
        t = self.tuning()
        full = axis is None or a.ndim == 1 or (isinstance(axis, tuple) and len(axis) == a.ndim)
        kernel = name in ("min", "max") or (
            name in ("sum", "mean") and full and a.dtype in _threads.SUM_KERNEL_DTYPES
            and (dtype is None or np.dtype(dtype) == a.dtype))
        start = t.reduce_kernel_bytes if kernel else t.reduce_threads_bytes
        if full and cached:
            start = max(start, t.reduce_cache_bytes)
        return t.elements(start, a.dtype)

    def reduce_whole(self, name: str, a: NDArray,
                     numpy_call: Callable[[], NDArray]) -> NDArray:
        """``np.<name>(a)`` over every element (NumPy's result dtype), for the short
        path's sum, prod, mean, min and max.  Below ``reduce_cache_bytes`` of input (the
        last-level cache, unless a calibration measured the start), where the machine
        decides whether two cores read cached data faster than one, the parallel route
        and ``numpy_call`` are timed on the calls and the faster one runs
        (``threads_pay``); above it the parallel route runs."""
        t = self.tuning()
        size = a.size
        loader = self.loader
        if not (self._forced or loader.sync or loader.state == "ready") \
                and size < t.elements(t.reduce_threads_bytes, a.dtype):
            return numpy_call()  # (no kernel loaded, no threads at this size: NumPy's call)
        if self._forced or not t.reduce_cache_bytes \
                or size >= t.elements(t.reduce_cache_bytes, a.dtype):
            out = self.reduce(name, a)
            return numpy_call() if out is None else out
        if type(a) is not np.ndarray or name not in REDUCTIONS \
                or size < self._reduce_min_size(name, a, None, None, cached=False):
            return numpy_call()
        timings = self._whole.get((name, a.dtype))
        if timings is None:
            timings = self._whole[(name, a.dtype)] = {}
        parallel = threads_pay(timings, size)
        mark = loader.mark()
        start = time.perf_counter()
        out = self._reduce(name, a, None, None, False) if parallel else None
        if out is None:
            if parallel:  # (declined: this input is NumPy's whatever the timings)
                return numpy_call()
            out = numpy_call()
        # (not measured beside the loader's work, the kernel this call asked for say:
        # the parallel route ran its stand-in; a first call that starts the threads is
        # slow, and the next one's time replaces it: ``SizeClass``)
        if loader.quiet_since(mark):
            _record(timings, size, parallel, time.perf_counter() - start)
        return out

    def reduce(self, name: str, a: NDArray, axis: int | tuple[Any, ...] | None = None,
               dtype: DType | None = None, keepdims: bool = False) -> NDArray | None:
        """Bitwise NumPy's for sums, products and means, which split where NumPy's
        pairwise summation splits and run NumPy's loops in threads (full float sums: a
        numba kernel of NumPy's pairwise summation); the same value for min and max,
        which take a numba kernel over the whole array (a NaN gives NaN).  Declined:
        small or non-contiguous input, several but not all axes, float products,
        integer means, float sums accumulated in another dtype, float16, and min/max
        along an axis."""
        if type(a) is not np.ndarray or name not in REDUCTIONS:
            return None
        if a.size < self._reduce_min_size(name, a, axis, dtype):
            return None
        return self._reduce(name, a, axis, dtype, keepdims)

    def _reduce(self, name: str, a: NDArray, axis: int | tuple[Any, ...] | None,
                dtype: DType | None, keepdims: bool) -> NDArray | None:
        """``reduce`` past its size check."""
        one: int | None  # the one axis reduced, or None: all of them
        if isinstance(axis, tuple):
            axes = sorted({ax % a.ndim for ax in axis}) if a.ndim else []
            if len(axes) == a.ndim:
                one = None
            elif len(axes) == 1:
                one = axes[0]
            else:
                return None
        elif axis is not None:
            if not -a.ndim <= axis < a.ndim:
                return None
            one = axis % a.ndim
        else:
            one = None
        t = self.tuning()
        if name in ("min", "max"):
            if (one is not None and a.ndim > 1) or not a.flags.c_contiguous or a.ndim == 0:
                return None
            flat = a.reshape(-1)
            got = _reductions.extreme(name, flat, self.loader)
            if got is _reductions.NOT_READY:
                if a.size < t.elements(t.reduce_threads_bytes, a.dtype):
                    return None
                got = _threads.extreme(name, flat, self.loader)
            if got is None:
                return None
            out = cast(NDArray, got)
            return out.reshape((1,) * a.ndim) if keepdims else out
        threads_min = t.elements(t.reduce_threads_bytes, a.dtype)
        # (not charged toward loading numba: in short programs of reductions the load
        # started mid-run and cost more than the kernels gave back)
        return _threads.reduce(name, a, one, dtype, keepdims, threads_min, self.loader)

    # -- compiling ahead -----------------------------------------------------------
    def warmup(self, names: tuple[Any, ...] = ("add",), dtypes: tuple[Any, ...] = ("float64",),
               variants: tuple[Any, ...] = ("v", "vv", "vs")) -> None:
        """Compile (or load from the disk cache) kernels now, in the calling thread."""
        for name in names:
            op = OPS[name]
            for dt in dtypes:
                dt = np.dtype(dt)
                route = self.route(op, dt)
                if route is None or route.kernel is None:
                    continue
                res = op.result_dtype(dt)
                for v in variants:
                    if (op.arity == 1) != (v == "v"):
                        continue
                    args = [("s" if c == "s" else "a", dt.char, 1 if c == "v" else 0, True)
                            for c in v]
                    spec = (*args, ("a", res.char, 1, True)) + \
                        ((_WORKERS_SPEC,) if v != "bc" else ())
                    self.loader.compile_now(f"{route.kernel}_{v}", spec)


_WIDEST = np.dtype(np.complex128)
_CONVERTIBLE = frozenset(dt for dt in NUMBA_DTYPES if dt.kind in "biuf")
_BACKENDS: weakref.WeakSet[ParallelBackend] = weakref.WeakSet()


def _backends_after_fork() -> None:
    for backend in list(_BACKENDS):
        backend._after_fork()


_fork.at_fork(in_child=_backends_after_fork)

BACKEND = ParallelBackend()

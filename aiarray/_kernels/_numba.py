"""The numba side, loaded lazily and off the caller's thread.

Nothing here imports numba at import time.  Loading it is an investment: one
background thread imports numba and the generated kernels (CPU time and the GIL,
taken from the program while it runs), then compiles or loads each kernel signature
asked for.  So it starts only once the program has shown it needs kernels: large
calls that want a kernel run the NumPy-in-threads route meanwhile, and their time
is counted (:meth:`NumbaLoader.charge`); when it reaches what loading costs on this machine
(:meth:`NumbaLoader.load_budget`: the loader's CPU time for numba's import and its first
kernel, measured the last time it ran here,
kept in the user cache directory; before any measurement, 0.5 s), the loader starts
(the ski-rental rule: pay the price once the rent paid equals it).  A short program
never pays for numba; a long one pays at most about twice the best choice in
hindsight.  No call ever waits for numba's import or a compile; kernels routed to
numba give the same bits as NumPy, so the switch is invisible in results.

``AIARRAY_NUMBA_AFTER=<seconds>`` sets the budget (0: load at the first call that
wants a kernel); :meth:`NumbaLoader.start` starts the loader at once (benchmarks).

``AIARRAY_KERNELS_SYNC=1`` (or :meth:`NumbaLoader.set_sync`, or a loader made with
``sync=True``) compiles in the calling thread instead, for tests and benchmarks that
need a known route.

The state (numba's functions once imported, the kernels compiled, the loader thread,
its locks, the budget spent, the error and the retry time) is a :class:`NumbaLoader`'s;
``LOADER`` is the parallel backend's (``ParallelBackend.loader``).

Placement (``_placement``): under ``omp`` a launch after an idle gap keeps the launching
thread's workers off its CPU for that launch (steering, the default); with
``AIARRAY_PIN_THREADS=1`` each launch binds them off its CPU instead.

Thread safety: numba's ``workqueue`` layer aborts the process when two threads
launch parallel kernels at once, so with that layer every launch holds one lock;
``omp`` and ``tbb`` run concurrent launches.  numba's thread count is per
thread, so each launch sets it to aiarray's setting first.  After ``fork`` the
child never launches numba kernels (GNU OpenMP is not fork-safe): it runs NumPy's
loops; a fork waits (at most ``_fork.WAIT_SECONDS``) while the loader imports numba
(and numpy.ma, which it imports), so no half-imported module of theirs crosses it,
and the child gets fresh locks (``_fork``).

Memory pressure: loading, compiling and a thread's first launch with more threads
first map (and unmap at once) the address space they will need (``_machine.can_map``:
``LOAD_BYTES``, ``COMPILE_BYTES``, the team's thread stacks).  When it is not there
(an address-space limit nearly reached), loading and compiling wait and are retried
after a pause (``RETRY_SECONDS``, doubling up to ``RETRY_MAX``), as after a
MemoryError while loading or compiling; a launch runs on the calling thread alone
(no thread to create).  Kernels wanted meanwhile run NumPy's loops.
"""

from __future__ import annotations

import os
import queue
import sys
import threading
import time
import weakref
from collections.abc import Callable
from typing import Any

import numpy as np

from .. import _fork
from .._typing import NDArray
from . import _machine, _placement

# numba imports logging, which registers fork hooks.  Registered in the loader thread
# while another thread forks, they would run their after-fork half without the before
# half ("Exception ignored ... cannot release un-acquired lock").  So _start imports it
# in the caller's thread before the loader thread exists, and _load before anything else
# (not with aiarray: ~4 ms of import time); its hooks are so registered before the hook
# that waits for numba's import (registered by the first _load), which so runs first.


def _import_logging() -> None:
    import logging  # noqa: F401  # (see above)


DEFAULT_BUDGET = 0.5  # seconds; only until this machine's loader has been measured once
# Address space loading numba and compiling one kernel need (measured: about 300 MB and
# 60 MB); LLVM aborts the process when an allocation fails, so they wait until it is there.
LOAD_BYTES = 512 << 20
COMPILE_BYTES = 128 << 20
RETRY_SECONDS = 1.0  # first pause before loading or compiling again after no memory
RETRY_MAX = 60.0


def _budget_file() -> Any:
    from . import _machine, _tuning

    l2, llc = _machine.cache_sizes()
    return _machine.user_cache_dir() / f"numba-load-{_tuning.machine_key(l2, llc)}.json"


def _save_load_cost(cpu_seconds: float) -> None:
    """Keep the loader's CPU time for the next process's budget (best effort)."""
    import json

    try:
        path = _budget_file()
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"cpu_seconds": round(cpu_seconds, 4)}))
        tmp.replace(path)
    except (OSError, ValueError):
        pass


def _no_room(what: str, nbytes: int) -> MemoryError | None:
    """A MemoryError when ``nbytes`` of address space cannot be mapped now, else None."""
    if _machine.can_map(nbytes):
        return None
    return MemoryError(f"no {nbytes >> 20} MB of address space to {what} numba kernels")


def spec_of(*args: object) -> tuple[Any, ...]:
    """The ``spec`` of :meth:`NumbaLoader.kernel` for these call arguments.

    Arrays: ("a", dtype char, ndim, writeable); NumPy scalars: ("s", char, 0, True);
    a Python int (a kernel's ``workers`` count): ("s", "l", 0, True).
    """
    return tuple(("a", a.dtype.char, a.ndim, a.flags.writeable) if type(a) is np.ndarray
                 else ("s", "l", 0, True) if type(a) is int
                 else ("s", np.dtype(type(a)).char, 0, True) for a in args)


def _sample(spec: tuple[Any, ...]) -> tuple[Any, ...]:
    """Small arguments with the types and layouts of a real call (for compiling)."""
    out = []
    for kind, dt, shape_nd, writeable in spec:
        if kind == "s":
            out.append(np.dtype(dt).type(0))
            continue
        a = np.zeros((1,) * shape_nd, dt)
        if not writeable:
            a.flags.writeable = False
        out.append(a)
    return tuple(out)


def _team_bytes(n: int) -> int:
    """Address space a team of ``n`` threads' new stacks take (with a margin)."""
    try:
        import resource

        stack = resource.getrlimit(resource.RLIMIT_STACK)[0]
    except (ImportError, ValueError, OSError):
        stack = -1
    if stack <= 0 or stack > 1 << 30:  # unlimited: glibc's default
        stack = 8 << 20
    return (n - 1) * (stack + (1 << 20)) + (64 << 20)


class NumbaLoader:
    """numba's import, the budgeted background loading, the kernels compiled, and the
    locks and error / retry state of all three (module docstring).

    ``sync``: compile in the calling thread (default: ``AIARRAY_KERNELS_SYNC=1``);
    ``disabled``: never load numba (default: ``AIARRAY_NUMBA=0``); ``placement``: where
    the launches' workers go under the omp layer (default: ``_placement.PLACEMENT``).
    """

    __slots__ = ("__dict__", "__weakref__", "_asked", "_budget", "_cold_asked", "_deferred",
                 "_failed", "_fork_held", "_import_cpu", "_import_lock", "_launch_lock",
                 "_load_lock", "_lock", "_mod", "_nb_get", "_nb_max", "_nb_set", "_outstanding",
                 "_pause", "_pid", "_place", "_ready", "_requests", "_spent", "_tasks", "_team",
                 "_threads", "_typeof", "_worker", "disabled", "error", "layer", "placement",
                 "retry_at", "state", "sync")

    def __init__(self, *, sync: bool | None = None, disabled: bool | None = None,
                 placement: _placement.Placement | None = None) -> None:
        env = os.environ
        self.sync = env.get("AIARRAY_KERNELS_SYNC", "") == "1" if sync is None else bool(sync)
        self.disabled = env.get("AIARRAY_NUMBA", "1") == "0" if disabled is None \
            else bool(disabled)
        self.placement = _placement.PLACEMENT if placement is None else placement
        self.state = "cold"  # cold -> loading -> ready | failed
        self.error: BaseException | None = None
        self.retry_at = 0.0  # (time.monotonic) no loading or compiling before this
        self._pause = RETRY_SECONDS
        self._pid = os.getpid()
        self._threads = 1
        # Set when numba loads (_load); read only once the state is "ready":
        self._mod: Any = None  # aiarray._kernels._generated
        self.layer: str | None = None
        self._launch_lock: threading.Lock | None = None
        self._nb_get: Any = None  # numba.get_num_threads
        self._nb_set: Any = None  # numba.set_num_threads
        self._typeof: Any = None  # numba.typeof
        self._nb_max = 1
        self._place: Callable[..., Any] | None = None  # placement.place under the omp layer
        # (kernel name, signature key) -> dispatcher
        self._ready: dict[tuple[str, tuple[Any, ...]], Callable[..., Any]] = {}
        self._failed: set[str] = set()
        self._asked: set[tuple[str, tuple[Any, ...]]] = set()
        self._cold_asked: set[object] = set()  # (worth_asking) asked once before "ready"
        self._tasks: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._load_lock = threading.Lock()
        self._import_lock = threading.Lock()  # held while numba is imported (a fork waits)
        self._fork_held = False  # whether the fork hook holds _import_lock
        self._worker: threading.Thread | None = None
        # the loader's work not yet done (busy): numba's import, from the start until it
        # ends, and each kernel put on _tasks until it is loaded; changed under _lock
        self._outstanding = 0
        self._requests = 0  # the work ever put to the loader (``mark``)
        # Kernels wanted before the loader started, and the seconds of large work meanwhile.
        self._deferred: dict[tuple[str, tuple[Any, ...]], None] = {}
        self._spent = 0.0
        self._budget: float | None = None  # the load budget, once read
        self._import_cpu: float | None = None  # numba's import, measured, until a kernel loads
        self._team = threading.local()  # .size: the most threads this thread launched with
        _LOADERS.add(self)

    # -- settings and state ----------------------------------------------------------
    def set_sync(self, flag: bool) -> None:
        """Compile kernels in the calling thread (True) or in the background (False)."""
        self.sync = bool(flag)

    def set_threads(self, n: int) -> None:
        self._threads = max(1, int(n))

    def available(self) -> bool:
        """False when numba is disabled, failed to load, or this is a forked child."""
        return not self.disabled and self.state != "failed" and os.getpid() == self._pid

    def worth_asking(self, key: object) -> bool:
        """Whether a large call should build its kernel's arguments and ask
        :meth:`kernel` for it: always once numba is ready; before that (the kernel
        cannot run yet), only the first time for each ``key`` (a kernel name and
        dtype, say), which keeps the kernel wanted.  Building a request costs 10-25 us,
        as much as a quarter of a call near the start sizes."""
        if self.state == "ready":
            return self.available()
        if key in self._cold_asked:
            return False
        self._cold_asked.add(key)
        return self.available()

    def status(self) -> dict[Any, Any]:
        """The loader's state, for diagnostics and tests."""
        return {"state": self.state, "layer": self.layer, "ready": len(self._ready),
                "failed": sorted(self._failed),
                "error": repr(self.error) if self.error else None, "sync": self.sync}

    def fail(self, name: str) -> None:
        """Keep kernel ``name`` on NumPy from now on (as when it does not compile)."""
        self._failed.add(name)

    def threads(self) -> int:
        """The thread count a launch runs with."""
        return min(self._threads, self._nb_max)

    def team_size(self) -> int:
        """The most threads the calling thread has launched a kernel with."""
        size: int = getattr(self._team, "size", 1)
        return size

    def load_budget(self) -> float:
        """Seconds of large work (calls that want a kernel) after which the loader starts:
        ``AIARRAY_NUMBA_AFTER``, else the loader's CPU time (numba's import and the
        first kernel's load, which starts LLVM) measured on this machine (and
        these versions) the last time, else ``DEFAULT_BUDGET``."""
        if self._budget is not None:
            return self._budget
        value = DEFAULT_BUDGET
        env = os.environ.get("AIARRAY_NUMBA_AFTER", "").strip()
        try:
            if env:
                value = max(0.0, float(env))
            else:
                import json

                value = float(json.loads(_budget_file().read_text())["cpu_seconds"])
        except (OSError, ValueError, KeyError, TypeError):
            pass
        self._budget = value
        return value

    def _postpone(self, error: BaseException) -> None:
        """No loading or compiling for a pause (doubling each time): memory ran out."""
        self.error = error
        self.retry_at = time.monotonic() + self._pause
        self._pause = min(2 * self._pause, RETRY_MAX)

    # -- loading and compiling -------------------------------------------------------
    def _load(self) -> None:
        """Import numba and the kernels, and choose the threading layer (once; after a
        MemoryError, or no room to load, again after a pause)."""
        if self.state in ("ready", "failed"):
            return
        _import_logging()
        _register_fork_hooks()  # (after logging's fork hooks, imported first: ours run first)
        with self._load_lock:
            if self.state in ("ready", "failed") or time.monotonic() < self.retry_at:
                return
            short = _no_room("load", LOAD_BYTES)
            if short is not None:
                self._postpone(short)
                return
            self.state = "loading"
            cpu = time.thread_time()
            # (what this load costs a process is kept only when it imports numba: where
            # the program or another loader imported it first, the time is far less)
            first = "numba" not in sys.modules
            try:
                with self._import_lock:  # (numba imports numpy.ma, which a child may import)
                    import numba
                    from numba.np.ufunc import parallel, threading_layer

                from . import _generated

                parallel._launch_threads()
                self.layer = threading_layer()
                self._launch_lock = threading.Lock() if self.layer == "workqueue" else None
                if self.layer == "omp":
                    self._place = self.placement.place
                self._nb_get, self._nb_set = numba.get_num_threads, numba.set_num_threads
                self._typeof = numba.typeof
                self._nb_max = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]  # set at run time
                self._mod = _generated
                self.state = "ready"
                self._pause = RETRY_SECONDS
                self.error = None
                if first and threading.current_thread() is self._worker:  # (its own cost)
                    self._import_cpu = time.thread_time() - cpu  # (kept with the first kernel)
            except Exception as e:  # numba missing or broken: NumPy routes only
                if isinstance(e, MemoryError) or not _machine.can_map(LOAD_BYTES):
                    self.state = "cold"  # no memory (llvmlite's library not mapped...): again later
                    self._postpone(e)
                    return
                self.error = e
                self.state = "failed"

    def _compile(self, key: tuple[Any, ...], launch_once: bool = True) -> None:
        name, spec = key
        try:
            short = _no_room("compile", COMPILE_BYTES)
            if short is not None:
                raise short
            disp = getattr(self._mod, name)
            if self.sync and launch_once:
                self.launch(disp, _sample(spec))
            else:  # compile only: the first launch should come from a calling thread
                disp.compile(tuple(self._typeof(x) for x in _sample(spec)))
            self._ready[key] = disp
        except MemoryError as e:  # asked for again after a pause
            self._asked.discard(key)
            self._postpone(e)
        except Exception as e:  # a kernel that does not compile stays on NumPy
            self.error = e
            self._failed.add(name)

    def _run_worker(self) -> None:
        self._load()
        with self._lock:
            self._outstanding -= 1  # (numba's import)
            if self.state != "ready":
                self._stopped()
                return
        while True:
            key = self._tasks.get()
            if key is None:
                return
            if self.state == "ready" and key not in self._ready:
                cpu = time.thread_time()
                self._compile(key)
                if self._import_cpu is not None:
                    # the first kernel's load starts LLVM's code generation (~0.3 s of CPU
                    # on the development VM, where later kernels load from numba's disk
                    # cache in ~4 ms): loading costs the program both before any kernel runs
                    _save_load_cost(self._import_cpu + time.thread_time() - cpu)
                    self._import_cpu = None
            with self._lock:
                self._outstanding -= 1

    def busy(self) -> bool:
        """Whether the loader thread is at work: importing numba or loading kernels asked
        for.  It shares the GIL with the calling threads, and the calls that asked for a
        kernel run a stand-in meanwhile, so a call timed now does not measure the route
        it stands for (``threads_pay``'s callers do not count it)."""
        return self._worker is not None and self._outstanding > 0

    def mark(self) -> int:
        """A stamp taken before a call is timed, for :meth:`quiet_since` (-1: busy)."""
        return -1 if self.busy() else self._requests

    def quiet_since(self, mark: int) -> bool:
        """Whether a call timed from ``mark`` ran beside none of the loader's work: the
        loader was idle then and is now, and nothing was put to it meanwhile (a call
        that asks for its kernel runs a stand-in, even when the kernel loads before
        the call ends)."""
        return mark >= 0 and mark == self._requests and not self.busy()

    def _stopped(self) -> None:
        """(Under ``_lock``.)  The loader ends without loading (no memory: started again
        after the pause): the kernels asked for wait for the next one."""
        self._worker = None
        for key in list(self._asked):
            if key not in self._ready:
                self._asked.discard(key)
                self._deferred[key] = None
        self._outstanding = 0
        while True:
            try:
                self._tasks.get_nowait()
            except queue.Empty:
                return

    def kernel(self, name: str, spec: tuple[Any, ...]) -> Callable[..., Any] | None:
        """The dispatcher for ``name`` if compiled for ``spec``, else None (and ask for it).

        ``spec`` is a tuple of (``"a"`` array | ``"s"`` scalar, dtype char, ndim,
        writeable) per argument, the output included.
        """
        key = (name, spec)
        disp = self._ready.get(key)
        if disp is not None:
            return disp
        if not self.available() or name in self._failed:
            return None
        if self.sync:
            self._load()
            if self.state == "ready":
                self._compile(key)
            return self._ready.get(key)
        with self._lock:
            if key in self._asked:
                return None
            if self._worker is None:
                if self._spent < self.load_budget() or time.monotonic() < self.retry_at:
                    self._deferred[key] = None  # asked for when the loader starts
                    return None
                self._start()
            elif time.monotonic() < self.retry_at:
                return None  # no memory to compile a while ago: asked again after the pause
            self._asked.add(key)
            self._outstanding += 1
            self._requests += 1
        self._tasks.put(key)
        return None

    def deferred(self) -> bool:
        """Whether a kernel is wanted and the loader waits for its budget (:meth:`charge`)."""
        return self._worker is None and bool(self._deferred)

    def charge(self, seconds: float) -> None:
        """Count ``seconds`` of large work done without a wanted kernel; start the loader
        once they reach :meth:`load_budget`."""
        self._spent += seconds
        if self._worker is None and self._spent >= self.load_budget():
            self.start()

    def start(self) -> None:
        """Start the loader now, with every kernel wanted so far."""
        if not self.available():
            return
        with self._lock:
            if self._worker is None and time.monotonic() >= self.retry_at:
                self._start()

    def _start(self) -> None:
        """(Under ``_lock``.)  The loader thread, and the kernels wanted so far."""
        _import_logging()  # (in this thread, before the loader's exists)
        worker = threading.Thread(target=self._run_worker, name="aiarray-numba", daemon=True)
        self._worker = worker
        self._outstanding = 1  # (numba's import)
        self._requests += 1
        worker.start()
        for key in self._deferred:
            if key not in self._asked:
                self._asked.add(key)
                self._outstanding += 1
                self._requests += 1
                self._tasks.put(key)
        self._deferred.clear()

    def compile_now(self, name: str, spec: tuple[Any, ...]) -> Callable[..., Any] | None:
        """The dispatcher for ``name`` compiled for ``spec`` in the calling thread (or
        loaded from numba's disk cache); None when it cannot be."""
        disp = self._ready.get((name, spec))
        if disp is not None or not self.available() or name in self._failed:
            return disp
        self._load()
        if self.state == "ready":
            with self._lock:
                self._asked.add((name, spec))
            self._compile((name, spec), launch_once=False)
        return self._ready.get((name, spec))

    def wait(self, timeout: float = 60.0) -> bool:
        """Block until every kernel asked for so far is ready (or failed); True if all are."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if not self._asked:
                return True  # nothing to wait for (numba may never have been needed)
            if self.state == "failed":
                return False
            asked = list(self._asked)  # (other threads add and drop keys meanwhile)
            if self.state == "ready" and all(k in self._ready or k[0] in self._failed
                                              for k in asked):
                return not any(k[0] in self._failed for k in asked)
            time.sleep(0.005)
        return False

    # -- launching -------------------------------------------------------------------
    def team_tids(self, size: int) -> NDArray | None:
        """Each thread's kernel id, from one launch of the calling thread's team of
        ``size`` (the thread count already set); None while that kernel is not compiled,
        and no ids when it cannot be (``gettid`` needs glibc 2.30), so the team stays
        unbound."""
        if "team_tids" in self._failed:
            return np.zeros(0, np.int64)
        out = np.zeros(size, np.int64)
        disp = self.kernel("team_tids", spec_of(out))
        if disp is None:
            return None
        disp(out)
        return out

    def launch(self, disp: Callable[..., Any], args: tuple[Any, ...]) -> None:
        """Run a parallel kernel with aiarray's thread count, serialized under workqueue;
        under omp the team's workers are kept off the caller's CPU (``_placement``: bound,
        or steered for a launch after an idle gap);
        on the calling thread alone when this thread has not launched that many threads
        yet and their stacks would not fit now (the threading layer would exit the
        process creating them)."""
        team = self._team
        size = getattr(team, "size", 1)  # the most threads this thread has launched with
        n = self._threads
        if n > self._nb_max:
            n = self._nb_max
        if n > size and not _machine.can_map(_team_bytes(n)):
            n = 1
        lock = self._launch_lock
        if lock is None:
            if self._nb_get() != n:
                self._nb_set(n)
            place = self._place
            steered = place(n, self.team_tids) if place is not None and n > 1 else None
            if steered is None:
                disp(*args)
            else:
                try:
                    disp(*args)
                finally:
                    self.placement.done(steered)
        else:
            with lock:
                if self._nb_get() != n:
                    self._nb_set(n)
                disp(*args)
        if n > size:
            team.size = n

    # -- fork (see the module docstring and ``_fork``) -------------------------------------
    def _before_fork(self, deadline: float) -> None:
        self._fork_held = self._import_lock.acquire(
            timeout=max(0.0, deadline - time.monotonic()))

    def _after_fork_in_parent(self) -> None:
        if self._fork_held:
            self._fork_held = False
            self._import_lock.release()

    def _after_fork_in_child(self) -> None:
        """Fresh locks and queue, no loader thread (the child launches no numba kernel)."""
        self._fork_held = False
        self._lock, self._load_lock = threading.Lock(), threading.Lock()
        self._import_lock = threading.Lock()
        if self._launch_lock is not None:
            self._launch_lock = threading.Lock()
        self._tasks = queue.SimpleQueue()
        self._worker, self._outstanding = None, 0
        if self.state == "loading":
            self.state = "cold"


_LOADERS: weakref.WeakSet[NumbaLoader] = weakref.WeakSet()
_fork_hooks: list[bool] = []  # [True] once the before / in_parent hooks are registered


def _register_fork_hooks() -> None:
    """The hooks that make a fork wait while a loader imports numba (registered by the
    first load, after logging's: ours then run first)."""
    if not _fork_hooks:
        _fork_hooks.append(True)
        _fork.at_fork(before=_loaders_before_fork, in_parent=_loaders_after_fork_in_parent)


def _loaders_before_fork() -> None:
    deadline = time.monotonic() + _fork.WAIT_SECONDS
    for loader in list(_LOADERS):
        loader._before_fork(deadline)


def _loaders_after_fork_in_parent() -> None:
    for loader in list(_LOADERS):
        loader._after_fork_in_parent()


def _loaders_after_fork_in_child() -> None:
    for loader in list(_LOADERS):
        loader._after_fork_in_child()


_fork.at_fork(in_child=_loaders_after_fork_in_child)

LOADER = NumbaLoader()  # the parallel backend's (``ParallelBackend.loader``)

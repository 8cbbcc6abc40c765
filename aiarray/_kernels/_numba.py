"""The numba side, loaded lazily and off the caller's thread.

Nothing here imports numba at import time.  Loading it is an investment: one
background thread imports numba and the generated kernels (CPU time and the GIL,
taken from the program while it runs), then compiles or loads each kernel signature
asked for.  So it starts only once the program has shown it needs kernels: large
calls that want a kernel run the NumPy-in-threads route meanwhile, and their time
is counted (:func:`charge`); when it reaches what loading costs on this machine
(:func:`load_budget`: the loader's CPU time measured the last time it ran here,
kept in the user cache directory; before any measurement, 0.5 s), the loader starts
(the ski-rental rule: pay the price once the rent paid equals it).  A short program
never pays for numba; a long one pays at most about twice the best choice in
hindsight.  No call ever waits for numba's import or a compile; kernels routed to
numba give the same bits as NumPy, so the switch is invisible in results.

``AIARRAY_NUMBA_AFTER=<seconds>`` sets the budget (0: load at the first call that
wants a kernel); :func:`start` starts the loader at once (benchmarks).

``AIARRAY_KERNELS_SYNC=1`` (or :func:`set_sync`) compiles in the calling thread
instead, for tests and benchmarks that need a known route.

Placement (opt-in, ``AIARRAY_PIN_THREADS=1``): under ``omp`` each launch first binds
the launching thread's workers off its CPU (``_placement``).

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
import threading
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from .. import _fork
from .._typing import NDArray
from . import _machine

# numba imports logging, which registers fork hooks.  Registered in the loader thread
# while another thread forks, they would run their after-fork half without the before
# half ("Exception ignored ... cannot release un-acquired lock").  So _start imports it
# in the caller's thread before the loader thread exists, and _load before anything else
# (not with aiarray: ~4 ms of import time); its hooks are so registered before the hook
# that waits for numba's import (registered by the first _load), which so runs first.


def _import_logging() -> None:
    import logging  # noqa: F401  # (see above)

_state = "cold"  # cold -> loading -> ready | failed
_error: BaseException | None = None
# Set when numba loads (_load); read only once _state is "ready":
_mod: Any = None  # aiarray._kernels._generated
# (kernel name, signature key) -> dispatcher
_ready: dict[tuple[str, tuple[Any, ...]], Callable[..., Any]] = {}
_failed: set[str] = set()
_asked: set[tuple[str, tuple[Any, ...]]] = set()
_tasks: queue.SimpleQueue[Any] = queue.SimpleQueue()
_lock = threading.Lock()
_load_lock = threading.Lock()
_import_lock = threading.Lock()  # held while numba is imported (a fork waits for it)
_launch_lock: threading.Lock | None = None
_layer: str | None = None
_pid = os.getpid()
_sync = os.environ.get("AIARRAY_KERNELS_SYNC", "") == "1"
_disabled = os.environ.get("AIARRAY_NUMBA", "1") == "0"
_threads = 1
_nb_get: Any = None  # numba.get_num_threads
_nb_set: Any = None  # numba.set_num_threads
_typeof: Any = None  # numba.typeof
_nb_max = 1
_worker: threading.Thread | None = None
_place: Callable[..., Any] | None = None  # _placement.place under the omp layer
# Kernels wanted before the loader started, and the seconds of large work done meanwhile.
_deferred: dict[tuple[str, tuple[Any, ...]], None] = {}
_spent = [0.0]
_budget: list[float] = []  # the load budget, once read
DEFAULT_BUDGET = 0.5  # seconds; only until this machine's loader has been measured once
# Address space loading numba and compiling one kernel need (measured: about 300 MB and
# 60 MB); LLVM aborts the process when an allocation fails, so they wait until it is there.
LOAD_BYTES = 512 << 20
COMPILE_BYTES = 128 << 20
RETRY_SECONDS = 1.0  # first pause before loading or compiling again after no memory
RETRY_MAX = 60.0
_retry_at = 0.0  # (time.monotonic) no loading or compiling before this
_pause = [RETRY_SECONDS]
_team = threading.local()  # .size: the most threads this thread has launched a kernel with
_fork_held: list[bool] = []  # whether the fork hook holds _import_lock (once registered)


def set_sync(flag: bool) -> None:
    """Compile kernels in the calling thread (True) or in the background (False)."""
    global _sync
    _sync = bool(flag)


def set_threads(n: int) -> None:
    global _threads
    _threads = max(1, int(n))


def available() -> bool:
    """False when numba is disabled, failed to load, or this is a forked child."""
    return not _disabled and _state != "failed" and os.getpid() == _pid


def status() -> dict[Any, Any]:
    """The loader's state, for diagnostics and tests."""
    return {"state": _state, "layer": _layer, "ready": len(_ready), "failed": sorted(_failed),
            "error": repr(_error) if _error else None, "sync": _sync}


def _budget_file() -> Any:
    from . import _machine, _tuning

    l2, llc = _machine.cache_sizes()
    return _machine.user_cache_dir() / f"numba-load-{_tuning.machine_key(l2, llc)}.json"


def load_budget() -> float:
    """Seconds of large work (calls that want a kernel) after which the loader starts:
    ``AIARRAY_NUMBA_AFTER``, else the loader's CPU time measured on this machine (and
    these versions) the last time, else ``DEFAULT_BUDGET``."""
    if _budget:
        return _budget[0]
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
    _budget.append(value)
    return value


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


def _postpone(error: BaseException) -> None:
    """No loading or compiling for a pause (doubling each time): memory ran out."""
    global _error, _retry_at
    _error = error
    _retry_at = time.monotonic() + _pause[0]
    _pause[0] = min(2 * _pause[0], RETRY_MAX)


def _no_room(what: str, nbytes: int) -> MemoryError | None:
    """A MemoryError when ``nbytes`` of address space cannot be mapped now, else None."""
    if _machine.can_map(nbytes):
        return None
    return MemoryError(f"no {nbytes >> 20} MB of address space to {what} numba kernels")


def _load() -> None:
    """Import numba and the kernels, and choose the threading layer (once; after a
    MemoryError, or no room to load, again after a pause)."""
    global _state, _mod, _launch_lock, _layer, _nb_get, _nb_set, _nb_max, _error, _typeof
    global _place
    if _state in ("ready", "failed"):
        return
    _import_logging()
    if not _fork_held:  # (after logging's fork hooks, imported first: this one runs first)
        _fork_held.append(False)
        _fork.at_fork(before=_before_fork, in_parent=_after_fork_in_parent)
    with _load_lock:
        if _state in ("ready", "failed") or time.monotonic() < _retry_at:
            return
        short = _no_room("load", LOAD_BYTES)
        if short is not None:
            _postpone(short)
            return
        _state = "loading"
        cpu = time.thread_time()
        try:
            with _import_lock:  # (numba imports numpy.ma, which a child may import)
                import numba
                from numba.np.ufunc import parallel, threading_layer

            from . import _generated

            parallel._launch_threads()
            _layer = threading_layer()
            _launch_lock = threading.Lock() if _layer == "workqueue" else None
            if _layer == "omp":
                from . import _placement

                _place = _placement.place
            _nb_get, _nb_set = numba.get_num_threads, numba.set_num_threads
            _typeof = numba.typeof
            _nb_max = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]  # set at run time
            _mod = _generated
            _state = "ready"
            _pause[0] = RETRY_SECONDS
            _error = None
            if threading.current_thread() is _worker:  # (a loader of its own: its cost)
                _save_load_cost(time.thread_time() - cpu)
        except Exception as e:  # numba missing or broken: NumPy routes only
            if isinstance(e, MemoryError) or not _machine.can_map(LOAD_BYTES):
                _state = "cold"  # no memory (llvmlite's library not mapped...): again later
                _postpone(e)
                return
            _error = e
            _state = "failed"


def spec_of(*args: object) -> tuple[Any, ...]:
    """The ``spec`` of :func:`kernel` for these call arguments.

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


def _compile(key: tuple[Any, ...], launch_once: bool = True) -> None:
    name, spec = key
    try:
        short = _no_room("compile", COMPILE_BYTES)
        if short is not None:
            raise short
        disp = getattr(_mod, name)
        if _sync and launch_once:
            launch(disp, _sample(spec))
        else:  # compile only: the first launch should come from a calling thread
            disp.compile(tuple(_typeof(x) for x in _sample(spec)))
        _ready[key] = disp
    except MemoryError as e:  # asked for again after a pause
        _asked.discard(key)
        _postpone(e)
    except Exception as e:  # a kernel that does not compile stays on NumPy
        global _error
        _error = e
        _failed.add(name)


def _run_worker() -> None:
    _load()
    if _state != "ready":
        with _lock:
            _stopped()
        return
    while True:
        key = _tasks.get()
        if key is None:
            return
        if _state == "ready" and key not in _ready:
            _compile(key)


def _stopped() -> None:
    """(Under ``_lock``.)  The loader ends without loading (no memory: started again
    after the pause): the kernels asked for wait for the next one."""
    global _worker
    _worker = None
    for key in list(_asked):
        if key not in _ready:
            _asked.discard(key)
            _deferred[key] = None
    while True:
        try:
            _tasks.get_nowait()
        except queue.Empty:
            return


def kernel(name: str, spec: tuple[Any, ...]) -> Callable[..., Any] | None:
    """The dispatcher for ``name`` if compiled for ``spec``, else None (and ask for it).

    ``spec`` is a tuple of (``"a"`` array | ``"s"`` scalar, dtype char, ndim,
    writeable) per argument, the output included.
    """
    key = (name, spec)
    disp = _ready.get(key)
    if disp is not None:
        return disp
    if not available() or name in _failed:
        return None
    if _sync:
        _load()
        if _state == "ready":
            _compile(key)
        return _ready.get(key)
    with _lock:
        if key in _asked:
            return None
        if _worker is None:
            if _spent[0] < load_budget() or time.monotonic() < _retry_at:
                _deferred[key] = None  # asked for when the loader starts
                return None
            _start()
        elif time.monotonic() < _retry_at:
            return None  # no memory to compile a while ago: asked again after the pause
        _asked.add(key)
    _tasks.put(key)
    return None


def deferred() -> bool:
    """Whether a kernel is wanted and the loader waits for its budget (:func:`charge`)."""
    return _worker is None and bool(_deferred)


def charge(seconds: float) -> None:
    """Count ``seconds`` of large work done without a wanted kernel; start the loader
    once they reach :func:`load_budget`."""
    _spent[0] += seconds
    if _worker is None and _spent[0] >= load_budget():
        start()


def start() -> None:
    """Start the loader now, with every kernel wanted so far."""
    if not available():
        return
    with _lock:
        if _worker is None and time.monotonic() >= _retry_at:
            _start()


def _start() -> None:
    """(Under ``_lock``.)  The loader thread, and the kernels wanted so far."""
    global _worker
    _import_logging()  # (in this thread, before the loader's exists)
    _worker = threading.Thread(target=_run_worker, name="aiarray-numba", daemon=True)
    _worker.start()
    for key in _deferred:
        if key not in _asked:
            _asked.add(key)
            _tasks.put(key)
    _deferred.clear()


def compile_now(name: str, spec: tuple[Any, ...]) -> Callable[..., Any] | None:
    """The dispatcher for ``name`` compiled for ``spec`` in the calling thread (or
    loaded from numba's disk cache); None when it cannot be."""
    disp = _ready.get((name, spec))
    if disp is not None or not available() or name in _failed:
        return disp
    _load()
    if _state == "ready":
        with _lock:
            _asked.add((name, spec))
        _compile((name, spec), launch_once=False)
    return _ready.get((name, spec))


def wait(timeout: float = 60.0) -> bool:
    """Block until every kernel asked for so far is ready (or failed); True if all are."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if not _asked:
            return True  # nothing to wait for (numba may never have been needed)
        if _state == "failed":
            return False
        asked = list(_asked)  # (other threads add and drop keys meanwhile)
        if _state == "ready" and all(k in _ready or k[0] in _failed for k in asked):
            return not any(k[0] in _failed for k in asked)
        time.sleep(0.005)
    return False


def threads() -> int:
    """The thread count a launch runs with."""
    return min(_threads, _nb_max)


def team_tids(size: int) -> NDArray | None:
    """Each thread's kernel id, from one launch of the calling thread's team of ``size``
    (the thread count already set); None while that kernel is not compiled, and no ids
    when it cannot be (``gettid`` needs glibc 2.30), so the team stays unbound."""
    if "team_tids" in _failed:
        return np.zeros(0, np.int64)
    out = np.zeros(size, np.int64)
    disp = kernel("team_tids", spec_of(out))
    if disp is None:
        return None
    disp(out)
    return out


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


def _team_size(n: int) -> int:
    """``n``, or 1 when this thread has not launched ``n`` threads yet and their stacks
    would not fit now (the threading layer would exit the process creating them)."""
    size = getattr(_team, "size", 1)
    if n <= size or _machine.can_map(_team_bytes(n)):
        return n
    return 1


def launch(disp: Callable[..., Any], args: tuple[Any, ...]) -> None:
    """Run a parallel kernel with aiarray's thread count, serialized under workqueue;
    under omp the team's workers are first kept off the caller's CPU (``_placement``);
    on the calling thread alone when the team's threads would have no memory."""
    n = _team_size(min(_threads, _nb_max))
    lock = _launch_lock
    if lock is None:
        if _nb_get() != n:
            _nb_set(n)
        if _place is not None and n > 1:  # returns at once unless placement is on
            _place(n, team_tids)
        disp(*args)
    else:
        with lock:
            if _nb_get() != n:
                _nb_set(n)
            disp(*args)
    if n > getattr(_team, "size", 1):
        _team.size = n


# -- fork (see the module docstring and ``_fork``) -----------------------------------------
def _before_fork() -> None:
    _fork_held[0] = _import_lock.acquire(timeout=_fork.WAIT_SECONDS)


def _after_fork_in_parent() -> None:
    if _fork_held[0]:
        _fork_held[0] = False
        _import_lock.release()


def _after_fork_in_child() -> None:
    """Fresh locks and queue, no loader thread (the child launches no numba kernel)."""
    global _lock, _load_lock, _import_lock, _launch_lock, _tasks, _worker, _state
    if _fork_held:
        _fork_held[0] = False
    _lock, _load_lock, _import_lock = threading.Lock(), threading.Lock(), threading.Lock()
    if _launch_lock is not None:
        _launch_lock = threading.Lock()
    _tasks = queue.SimpleQueue()
    _worker = None
    if _state == "loading":
        _state = "cold"


# (the before / in_parent hooks: registered by the first _load, after logging's)
_fork.at_fork(in_child=_after_fork_in_child)

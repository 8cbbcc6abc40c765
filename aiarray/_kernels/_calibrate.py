"""``python -m aiarray calibrate``: measure where the parallel routes pay on this machine.

For each kind of route it finds the smallest power-of-two size from which the route
beats NumPy's own call (blocks of back-to-back calls, the two interleaved, best of a
few rounds), and it times NumPy's own loop of every costly op.  The result is stored
per machine and software versions in the user cache directory
(``_tuning.calibration_path``) and read by the parallel backend at its first large
call, never at import.  It replaces the per-thread starts of ``_tuning``'s rules (the
package's measured defaults, ``defaults.json``) for two threads or more, stored per
thread so that ``set_num_threads`` scales it.  The record has ``defaults.json``'s
format (``_tuning.make_record``: the numbers, and the machine, date and command they
come from).  About 10-30 s.
"""

from __future__ import annotations

import datetime
import os
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from .._backend import NO_LIMIT
from .._errors import InternalError
from .._numpy_path import quiet
from .._registry import OPS
from .._typing import DType, NDArray
from . import BACKEND, _threads, _tuning
from . import _table as T

SIZES = range(12, 23)  # powers of two tried
rng = np.random.default_rng(0)


def _busy_ticks() -> int | None:
    try:
        with open("/proc/stat") as f:
            fields = [int(v) for v in f.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    return sum(fields) - fields[3] - fields[4]  # all but idle and iowait


def other_load(window: float = 0.25) -> float | None:
    """Cores' worth of CPU time other processes used over ``window`` seconds (Linux;
    None elsewhere)."""
    hz = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    busy0, own0 = _busy_ticks(), os.times()
    if busy0 is None:
        return None
    time.sleep(window)
    busy1, own1 = _busy_ticks(), os.times()
    if busy1 is None:
        return None
    own = (own1.user + own1.system - own0.user - own0.system) * hz
    return max(0.0, (busy1 - busy0 - own) / (window * hz))


def best_times(funcs: list[Callable[..., Any]], reps: int, block: int = 1) -> list[float]:
    """Shortest time of ``block`` back-to-back calls of each callable, the callables
    interleaved.  The minimum, not the median: other processes only ever make a run
    slower, and the parallel routes more so."""
    times: list[list[float]] = [[] for _ in funcs]
    for _ in range(reps):
        for k, f in enumerate(funcs):
            t = time.perf_counter()
            for _ in range(block):
                f()
            times[k].append(time.perf_counter() - t)
    return [min(t) for t in times]


def _operand(dt: DType, n: int, low: float = 0.1, high: float = 10.0) -> NDArray:
    if dt.kind in "iu":
        return rng.integers(1, 100, n).astype(dt)
    if dt.kind == "c":
        return (rng.uniform(low, high, n) + 1j * rng.uniform(low, high, n)).astype(dt)
    return rng.uniform(low, high, n).astype(dt)


def break_even(base: Callable[[int], Callable[..., Any]], ours: Callable[[int], Callable[..., Any]],
               reps: int, timer: Callable[..., Any] = best_times) -> int:
    """The smallest power of two from which ``ours(n)()`` beats ``base(n)()`` by 5%, as
    does the next one and at least 80% of the larger ones (one noisy loss on a shared
    machine must not move it 16x); ``NO_LIMIT`` when none does.  Blocks of 5
    back-to-back calls: a program calling an op in a loop keeps the threads awake."""
    wins = {}
    for p in SIZES:
        b, o = base(1 << p), ours(1 << p)
        o()  # compile or load the kernel, wake the threads
        t = timer([b, o], reps, block=5)
        wins[p] = t[1] < 0.95 * t[0]
    sizes = list(SIZES)
    for i, p in enumerate(sizes[:-1]):
        later = [wins[q] for q in sizes[i:]]
        if wins[p] and wins[sizes[i + 1]] and sum(later) >= 0.8 * len(later):
            return 1 << p
    return NO_LIMIT


def _elementwise(name: str, dtype: str,
                 numba: bool) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """(NumPy's call, the route's call) factories for ``name`` on ``dtype`` (an op the
    parallel backend has a route for)."""
    op, dt = OPS[name], np.dtype(dtype)
    found = BACKEND.route(op, dt)
    if found is None:
        raise InternalError(f"calibrate: no parallel route for {name} on {dtype}")
    route = found

    def base(n: int) -> Callable[..., Any]:
        args = tuple(_operand(dt, n) for _ in range(op.arity))
        return lambda: quiet(op.numpy, *args)

    def ours(n: int) -> Callable[..., Any]:
        args = tuple(_operand(dt, n) for _ in range(op.arity))
        if numba:
            return lambda: BACKEND._run_numba(
                route, args, BACKEND.buffers.empty(args[0].shape, dt), dt)
        return lambda: _threads.elementwise(route.func, route.has_out, args,
                                            BACKEND.buffers.empty(args[0].shape, dt))

    return base, ours


def _reduction(dtype: str) -> tuple[Callable[..., Any], Callable[..., Any]]:
    dt = np.dtype(dtype)

    def base(n: int) -> Callable[..., Any]:
        a = _operand(dt, n)
        return lambda: np.sum(a)

    def ours(n: int) -> Callable[..., Any]:
        a = _operand(dt, n)
        return lambda: BACKEND.reduce("sum", a)

    return base, ours


def costly_ns(reps: int, n: int = 1 << 16) -> dict[str, float]:
    """NumPy's own ns per element of every costly op on every dtype it has a route for."""
    out = {}
    for op in OPS.values():
        if op.name not in T.TRANSCENDENTAL:
            continue
        for dt in (np.dtype(c) for c in "fdFD"):
            if BACKEND.route(op, dt) is None:
                continue
            low, high = (-0.9, 0.9) if op.name in ("acos", "asin", "atanh") else \
                (1.1, 10.0) if op.name == "acosh" else (0.1, 10.0)
            args = tuple(_operand(dt, n, low, high) for _ in range(op.arity))
            t = best_times([lambda op=op, args=args: quiet(op.numpy, *args)], reps)[0]
            out[f"{op.name}/{dt.char}"] = round(t / n * 1e9, 4)
    return out


def measure(reps: int = 5, say: Callable[[str], None] = print) -> dict[Any, Any]:
    """Measure this machine (every thread in use); the data ``_tuning.derive`` reads."""
    threads = BACKEND.get_num_threads()
    if threads < 2:
        raise RuntimeError("calibrate needs two threads or more: with one thread the "
                           "parallel routes are not used (see set_num_threads)")
    load = other_load()
    if load is not None and load > 0.15:
        say(f"note: other processes use {load:.0%} of a core; the results will be "
            "conservative (run again on a quiet machine)")
    BACKEND.tune(calibration=False, forced=1)  # every route at every size, for timing
    loader = BACKEND.loader
    saved_sync = loader.sync
    loader.set_sync(True)
    try:
        found: dict[str, int] = {}
        steps = [
            ("numba_bytes", "numba kernels (add float32)", *_elementwise("add", "float32", True),
             4),
            ("threads_bytes", "NumPy's loop in threads (add float64)",
             *_elementwise("add", "float64", False), 8),
            ("costly_bytes", "NumPy's loop in threads (exp float32)",
             *_elementwise("exp", "float32", False), 4),
            ("reduce_kernel_bytes", "sum kernel (float32)", *_reduction("float32"), 4),
            ("reduce_threads_bytes", "sums in threads (int64)", *_reduction("int64"), 8),
        ]
        for key, what, base, ours, _ in steps:
            size = break_even(base, ours, reps)
            found[key] = size
            say(f"{what}: from {'never' if size >= NO_LIMIT else f'{size} elements'}")
        base, _ = _elementwise("exp", "float32", False)
        cost = found["costly_bytes"]
        threads_min_ns = 0.0
        if cost < NO_LIMIT:  # NumPy's time for the call from which threads paid
            threads_min_ns = best_times([base(cost)], reps)[0] * 1e9
        per_thread = {key: (NO_LIMIT if size >= NO_LIMIT else size * itemsize / threads)
                      for (key, _, _, _, itemsize), size in zip(steps, found.values())}
        say("timing NumPy's own loop of each costly op ...")
        t = BACKEND.tuning()
        return _tuning.make_record(
            l2=t.l2, llc=t.llc, threads=threads, per_thread=per_thread,
            costly_ns=costly_ns(reps), threads_min_ns=threads_min_ns,
            measured=datetime.datetime.now().isoformat(timespec="seconds"),
            report=f"python -m aiarray calibrate --reps {reps}")
    finally:
        loader.set_sync(saved_sync)
        BACKEND.tune()


def main(argv: list[str]) -> int:
    """``python -m aiarray calibrate [--show | --forget]``."""
    import argparse

    ap = argparse.ArgumentParser(prog="python -m aiarray calibrate",
                                 description="measure where the parallel routes pay on this "
                                             "machine and store it for later sessions")
    ap.add_argument("--show", action="store_true", help="print the start sizes in force")
    ap.add_argument("--forget", action="store_true", help="delete the stored calibration")
    ap.add_argument("--reps", type=int, default=5, help="rounds per size (default 5)")
    args = ap.parse_args(argv)
    l2, llc = BACKEND.tuning().l2, BACKEND.tuning().llc
    path = _tuning.calibration_path(l2, llc)
    if args.forget:
        existed = path.exists()
        path.unlink(missing_ok=True)
        print(("deleted " if existed else "no calibration stored at ") + str(path))
        return 0
    if not args.show:
        started = time.monotonic()
        data = measure(args.reps)
        print(f"stored in {_tuning.save_calibration(l2, llc, data)} "
              f"({time.monotonic() - started:.0f} s)")
    show(sys.stdout.write)
    return 0


def show(write: Callable[[str], object]) -> None:
    """Print the start sizes in force (float32 / float64 elements)."""
    t = BACKEND.tune()
    write(f"tuning: {t.source}, {t.threads} threads, L2 {t.l2 >> 10} KiB per CPU, "
          f"last-level cache {t.llc >> 20} MiB\n")
    write(f"  measured on: {t.origin}\n")
    f32, f64 = np.dtype("float32"), np.dtype("float64")
    rows = [("numba kernels", t.numba_bytes), ("NumPy's loop in threads", t.threads_bytes),
            ("costly ops in threads (at most)", t.costly_bytes),
            ("sum/min/max kernels", t.reduce_kernel_bytes),
            ("reductions in threads", t.reduce_threads_bytes),
            ("streaming stores (output)", t.stream_bytes)]
    for what, nbytes in rows:
        a, b = t.elements(nbytes, f32), t.elements(nbytes, f64)
        text = "never" if a >= NO_LIMIT else f"{a} / {b} elements"
        write(f"  {what:<34} from {text}\n")
    if t.reduce_cache_bytes and t.forced is None:
        a, b = t.elements(t.reduce_cache_bytes, f32), t.elements(t.reduce_cache_bytes, f64)
        write(f"  whole-array reductions below {a} / {b} elements (the last-level cache): "
              "the faster of their route and NumPy's call, measured on the calls\n")
    if t.costly_ns:
        sin = BACKEND.threshold(OPS["sin"], f64)
        write(f"  costly ops from their measured cost (e.g. sin float64 from {sin})\n")

"""Where a woken worker thread runs after the program was idle, and whether steering it helps.

    python benchmarks/prototypes/pause_placement.py [--reps 21] [--n 10000000]

Linux only (``sched_getcpu`` from the C library, ``os.sched_setaffinity``).  A float32 max
of ``n`` elements split in two halves: the calling thread reduces one, one worker thread
(woken through a semaphore, as a pool wakes its threads) the other.  After pauses of
0-0.2 s the script reports the median time of a call and how often the worker ran on the
caller's CPU, for three variants beside NumPy's one-thread max and aiarray's ``max``:

- ``plain``: the worker is woken and left where the scheduler puts it;
- ``steered``: before waking it, the caller restricts the worker to the CPUs other than
  its own, and the worker restores its full CPU set as soon as it runs (no thread stays
  bound; the restriction lasts from the wake-up to the worker's first instruction);
- ``claiming``: aiarray's Python pool (``_threads.WORKERS``), whose threads take parts
  from a shared counter, so the caller never waits for a worker that has not started
  (run with aiarray's steering switched off, to see claiming alone).

The ``aiarray`` column is ``aiarray.max`` as it runs by default (steered since this
measurement decided it: docs/performance.md, "Where worker threads run after a pause").

It answers one question of issue 18 (the first large call after a pause without binding
threads): whether the slow first call comes from the join waiting for a late worker
(then ``claiming`` fixes it) or from the worker being placed on the caller's CPU (then
only placement does).  Nothing here is part of aiarray's code paths.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import statistics
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run from a checkout

import aiarray as xp
from aiarray._kernels import BACKEND, _threads


class HalfWorker:
    """One thread that reduces the second half of ``a`` each time it is woken."""

    def __init__(self, a: np.ndarray, steer: bool) -> None:
        self.a, self.half, self.steer = a, a.size // 2, steer
        self.cpus = os.sched_getaffinity(0)
        self.go, self.done = threading.Semaphore(0), threading.Semaphore(0)
        self.getcpu = ctypes.CDLL(None).sched_getcpu
        self.tid = 0
        self.cpu = -1
        self.result = np.float32(0)
        started = threading.Event()
        threading.Thread(target=self._loop, args=(started,), daemon=True).start()
        started.wait()

    def _loop(self, started: threading.Event) -> None:
        self.tid = threading.get_native_id()
        started.set()
        while True:
            self.go.acquire()
            if self.steer:
                os.sched_setaffinity(0, self.cpus)  # running now: no longer restricted
            self.cpu = self.getcpu()
            self.result = self.a[self.half:].max()
            self.done.release()

    def __call__(self) -> bool:
        """The max of ``a``; returns whether the worker ran on the caller's CPU."""
        me = self.getcpu()
        if self.steer and len(self.cpus) > 1:
            os.sched_setaffinity(self.tid, self.cpus - {me})
        self.go.release()
        mine = self.a[:self.half].max()
        self.done.acquire()
        max(mine, self.result)
        return self.cpu == me


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=21)
    ap.add_argument("--n", type=float, default=1e7)
    args = ap.parse_args(argv)
    if not hasattr(os, "sched_setaffinity") or len(os.sched_getaffinity(0)) < 2:
        print("needs Linux and at least 2 CPUs")
        return 1
    a = np.random.default_rng(0).standard_normal(int(args.n)).astype(np.float32)
    x = xp.asarray(a)
    plain, steered = HalfWorker(a, False), HalfWorker(a, True)
    getcpu = ctypes.CDLL(None).sched_getcpu
    main_thread = threading.get_ident()

    def part(lo: int, hi: int) -> tuple[bool, int]:
        return threading.get_ident() == main_thread, getcpu()

    def claiming() -> bool:
        parts = _threads.bounds(a.size, 8)
        steer, BACKEND.placement.steer = BACKEND.placement.steer, False
        try:
            got = _threads.WORKERS.run(lambda lo, hi: (a[lo:hi].max(), part(lo, hi))[1], parts)
        finally:
            BACKEND.placement.steer = steer
        mine = {cpu for caller, cpu in got if caller}
        return any(not caller and cpu in mine for caller, cpu in got)

    calls: dict[str, Callable[[], object]] = {
        "numpy": lambda: a.max(), "aiarray": lambda: xp.max(x),
        "plain": plain, "steered": steered, "claiming": claiming}
    for _ in range(100):
        for call in calls.values():
            call()
    print("pause | " + " | ".join(f"{k} ms (worker on caller's CPU)" for k in calls))
    for pause in (0.0, 0.02, 0.2):
        times: dict[str, list[float]] = {k: [] for k in calls}
        shared: dict[str, int] = {k: 0 for k in calls}
        for _ in range(args.reps):
            for name, call in calls.items():
                time.sleep(pause)
                t0 = time.perf_counter()
                same = call()
                times[name].append(time.perf_counter() - t0)
                shared[name] += same is True
        print(f"{pause:4.2f} s | " + " | ".join(
            f"{statistics.median(times[k]) * 1e3:.2f}"
            + (f" ({shared[k]}/{args.reps})" if k not in ("numpy", "aiarray") else "")
            for k in calls))
    return 0


if __name__ == "__main__":
    sys.exit(main())

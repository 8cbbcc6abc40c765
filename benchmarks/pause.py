"""Large calls after the program has been idle: the first and second call after a pause.

A float32 max and sum of 1e7 elements (aiarray's parallel backend: numba kernels) and
NumPy's, each after ``time.sleep(pause)`` for pauses of 0.02-1 s; medians of
``--reps`` rounds.  Compare with ``AIARRAY_PIN_THREADS=1`` (docs/performance.md,
"Pinning worker threads").

    python benchmarks/pause.py [--reps 7] [--n 10000000]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout

import aiarray as xp


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=7)
    ap.add_argument("--n", type=float, default=1e7)
    args = ap.parse_args(argv)
    a = np.random.default_rng(0).standard_normal(int(args.n)).astype(np.float32)
    x = xp.asarray(a)
    calls: dict[str, Callable[[], object]] = {
        "aiarray max": lambda: xp.max(x), "numpy max": lambda: np.max(a),
        "aiarray sum": lambda: xp.sum(x), "numpy sum": lambda: np.sum(a)}
    for _ in range(200):  # until the kernels are loaded (numba loads in the background)
        xp.max(x), xp.sum(x)
    time.sleep(1.0)
    print("pause | " + " | ".join(f"{k} first / second (ms)" for k in calls))
    for pause in (0.0, 0.02, 0.2, 1.0):
        first: dict[str, list[float]] = {k: [] for k in calls}
        second: dict[str, list[float]] = {k: [] for k in calls}
        for _ in range(args.reps):
            for name, call in calls.items():
                time.sleep(pause)
                t0 = time.perf_counter()
                call()
                t1 = time.perf_counter()
                call()
                t2 = time.perf_counter()
                first[name].append(t1 - t0)
                second[name].append(t2 - t1)
        print(f"{pause:5.2f} s | " + " | ".join(
            f"{statistics.median(first[k]) * 1e3:.2f} / {statistics.median(second[k]) * 1e3:.2f}"
            for k in calls))
    return 0


if __name__ == "__main__":
    sys.exit(main())

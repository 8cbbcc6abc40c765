"""The two backends of the swap-in on the programs of this directory, in one process.

    python benchmarks/programs/backends.py [--only NAMES] [--reps N] [--scale S]

run.py times each program in fresh processes, as a user runs it; on a small shared
machine the first touch of fresh memory makes those times swing by tens of percent
(the same 72 MB write took 15 to 290 ms on the 2-vCPU development VM).  This script
measures what the backend itself changes: each program runs once under each backend
(warm-up: the parallel backend's routes measured, buffers pooled), then ``--reps``
times under each, alternating (``aiarray.set_backend``), in one process; it prints the
median time of each and default / numpy-backend.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

import aiarray as xp
import aiarray.numpy as anp

from run import PROGRAMS, load_program


def compare(name: str, reps: int, scale: float) -> tuple[float, float]:
    """Median seconds of ``run(aiarray.numpy, scale)`` under the parallel and the numpy
    backend, alternating, after one warm-up run of each."""
    program = load_program(name)
    times: dict[str, list[float]] = {"parallel": [], "numpy": []}
    try:
        for backend in times:
            xp.set_backend(backend)
            program.run(anp, scale)
        for rep in range(reps):
            for backend in (("parallel", "numpy") if rep % 2 else ("numpy", "parallel")):
                xp.set_backend(backend)
                start = time.perf_counter()
                program.run(anp, scale)
                times[backend].append(time.perf_counter() - start)
    finally:
        xp.set_backend("parallel")
    return statistics.median(times["parallel"]), statistics.median(times["numpy"])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", metavar="NAMES", help="programs to run")
    parser.add_argument("--reps", type=int, default=6, help="runs per backend")
    parser.add_argument("--scale", type=float, default=1.0, help="problem size factor")
    args = parser.parse_args(argv)
    names = [n for item in args.only for n in item.split(",") if n] if args.only \
        else list(PROGRAMS)
    unknown = sorted(set(names) - set(PROGRAMS))
    if unknown:
        parser.error(f"unknown programs {unknown}; choose from {', '.join(PROGRAMS)}")
    print("| program | default s | numpy-backend s | default / numpy-backend |")
    print("|---|---:|---:|---:|")
    ratios = []
    for name in names:
        parallel, numpy_backend = compare(name, args.reps, args.scale)
        ratios.append(parallel / numpy_backend)
        print(f"| {name} | {parallel:.3f} | {numpy_backend:.3f} | {ratios[-1]:.2f} |",
              flush=True)
    print(f"| **median** | | | {statistics.median(ratios):.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

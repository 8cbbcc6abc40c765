"""Time both large-array routes of every (op, dtype): a report, not a table the package reads.

For every registry op and numba-typable dtype: the numba kernel and NumPy's loop in
threads, each as a ratio to NumPy's own (single-threaded, allocating) call at
n = 2**20, the shortest of interleaved runs.  The parallel backend routes by a plain
rule (numba wherever an exact kernel exists); the report shows, per pair, the route
the rule picks and whether the other one was faster.  Where the start sizes lie on a
given machine is what ``python -m aiarray calibrate`` measures.

Run on an otherwise idle machine (the kernels use every core), with OpenBLAS's
overrides unset:

    env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE python benchmarks/routes.py [--quick]

Writes benchmarks/reports/routes.md (``--ops``: prints only).
"""

from __future__ import annotations

import argparse
import datetime
import platform
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

import aiarray  # noqa: E402
from aiarray._kernels import BACKEND, _threads  # noqa: E402
from aiarray._kernels._calibrate import best_times, other_load  # noqa: E402
from aiarray._numpy_path import quiet  # noqa: E402

REPORT = ROOT / "benchmarks" / "reports" / "routes.md"
rng = np.random.default_rng(0)


def operands(op, dt: np.dtype, n: int) -> tuple:
    """Typical data: positive floats, small positive integers (no division by zero)."""
    def one() -> np.ndarray:
        if dt.kind == "b":
            return rng.integers(0, 2, n).astype(bool)
        if dt.kind in "iu":
            hi = 8 if "shift" in op.name or op.name == "pow" else 100
            return rng.integers(1, hi, n).astype(dt)
        if dt.kind == "c":
            return (rng.uniform(0.1, 2, n) + 1j * rng.uniform(0.1, 2, n)).astype(dt)
        return rng.uniform(0.1, 2 if op.name in ("acos", "asin", "atanh") else 10, n).astype(dt)
    if op.name in ("acos", "asin", "atanh") and dt.kind == "f":
        return (rng.uniform(-0.9, 0.9, n).astype(dt),)
    if op.name == "acosh" and dt.kind == "f":
        return (rng.uniform(1.1, 10, n).astype(dt),)
    return tuple(one() for _ in range(op.arity))


def measure(n: int, reps: int, only: set | None) -> list[tuple]:
    """(op, dtype, numba ratio or None, threads ratio, route the rule picks) per pair."""
    BACKEND.tune(calibration=False, forced=1)
    BACKEND.loader.set_sync(True)
    rows = []
    for op, per in BACKEND.all_routes().items():
        if only and op.name not in only:
            continue
        for dt, route in sorted(per.items(), key=lambda kv: kv[0].char):
            args = operands(op, dt, n)
            res = op.result_dtype(dt)
            funcs = [lambda op=op, args=args: quiet(op.numpy, *args),
                     lambda r=route, a=args, res=res: _threads.elementwise(
                         r.func, r.has_out, a, BACKEND.buffers.empty(a[0].shape, res))]
            if route.kernel is not None:
                def numba(r=route, a=args, res=res) -> None:
                    BACKEND._run_numba(r, a, BACKEND.buffers.empty(a[0].shape, res))
                try:
                    numba()  # compile (or load from the cache)
                    funcs.append(numba)
                except Exception:
                    pass
            t = best_times(funcs, reps)
            nb = round(t[2] / t[0], 3) if len(t) > 2 else None
            rows.append((op.name, dt.name, nb, round(t[1] / t[0], 3),
                         "numba" if route.numba else "threads"))
            print(f"{op.name:>20} {dt.name:>10}  numba {nb}  threads {t[1] / t[0]:.3f}",
                  flush=True)
    return rows


def report(rows: list[tuple], n: int, reps: int) -> str:
    """The Markdown report of ``rows``."""
    slower = [r for r in rows if r[4] == "numba" and r[2] > 1.25 * r[3]]
    lines = [
        "# Both large-array routes, per op and dtype",
        "",
        f"Measured {datetime.date.today()} on {platform.machine()}, "
        f"{aiarray.get_num_threads()} threads, NumPy {np.__version__}, with "
        "`benchmarks/routes.py`.  Time over NumPy's own call at n = "
        f"2**{n.bit_length() - 1}, the shortest of {reps} interleaved runs (below 1: faster "
        "than NumPy).  \"rule\": the route the parallel backend takes (numba wherever an "
        "exact kernel exists).",
        "",
        "Where the rule takes numba, NumPy's loop in threads would have been more than 25% "
        f"faster in {len(slower)} of {len(rows)} pairs"
        + (": " + ", ".join(f"{r[0]} {r[1]}" for r in slower) if slower else "") + ".  "
        "(Where it takes NumPy's loop, numba has no exact kernel.)",
        "",
        "| op | dtype | numba | threads | rule |",
        "|---|---|---|---|---|",
    ]
    lines += [f"| {o} | {d} | {'-' if nb is None else nb} | {th} | {rule} |"
              for o, d, nb, th, rule in rows]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer repetitions")
    ap.add_argument("--ops", nargs="*", help="only these ops (prints, does not write)")
    args = ap.parse_args(argv)
    reps = 5 if args.quick else 11
    load = other_load()
    if load is not None and load > 0.15:
        print(f"note: other processes use {load:.0%} of a core; figures will be noisy")
    n = 1 << 20
    rows = measure(n, reps, set(args.ops) if args.ops else None)
    if not args.ops:
        REPORT.parent.mkdir(parents=True, exist_ok=True)
        REPORT.write_text(report(rows, n, reps))
        print("wrote", REPORT)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Measure the two large-array routes per (op, dtype) and write aiarray/_kernels/_routes.py.

For every registry op and numba-typable dtype: the time of the numba kernel and of
NumPy's loop in threads, as ratios to NumPy's own (single-threaded, allocating)
call at n = 2**20, medians of interleaved runs.  Then the size from which each
route beats NumPy, for a cheap op (add) and an expensive one (sin).

Run on an otherwise idle machine (the kernels use every core), with OpenBLAS's
overrides unset:

    env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE python benchmarks/routes.py [--quick]
"""

from __future__ import annotations

import argparse
import datetime
import platform
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

import aiarray._kernels as K  # noqa: E402
from aiarray._bench import wait_quiet  # noqa: E402
from aiarray._kernels import _numba, _routes  # noqa: E402
from aiarray._kernels import _table as T  # noqa: E402
from aiarray._numpy_path import quiet  # noqa: E402
from aiarray._registry import OPS  # noqa: E402

TARGET = ROOT / "aiarray" / "_kernels" / "_routes.py"
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


def best_times(funcs: list, reps: int) -> list[float]:
    """Shortest time of each callable, run interleaved.

    The minimum, not the median: other processes on a shared machine only ever make a
    run slower, and the parallel routes suffer from them more than NumPy's single thread.
    """
    times = [[] for _ in funcs]
    for _ in range(reps):
        for k, f in enumerate(funcs):
            t = time.perf_counter()
            f()
            times[k].append(time.perf_counter() - t)
    return [min(t) for t in times]


def measure_pairs(n: int, reps: int, only: set | None) -> dict:
    K.install()
    _numba.set_sync(True)
    out: dict = {}
    for op, per in K._ROUTES.items():
        if only and op.name not in only:
            continue
        for dt, route in sorted(per.items(), key=lambda kv: kv[0].char):
            args = operands(op, dt, n)
            def base(op=op, args=args):
                return quiet(op.numpy, *args)

            saved = route.numba, route.min_size
            route.min_size = 1

            def threads(route=route, args=args, dt=dt, op=op):
                route.numba = False
                K.hook(op, args, dt)

            def numba(route=route, args=args, dt=dt, op=op):
                route.numba = True
                K.hook(op, args, dt)

            funcs = [base, threads]
            if route.kernel is not None:
                route.numba = True
                try:
                    K.hook(op, args, dt)  # compile (or load from the cache)
                    funcs.append(numba)
                except Exception:
                    pass
            wait_quiet()
            t = best_times(funcs, reps)
            route.numba, route.min_size = saved
            nb = round(t[2] / t[0], 3) if len(t) > 2 else None
            out.setdefault(op.name, {})[dt.char] = (nb, round(t[1] / t[0], 3))
            print(f"{op.name:>20} {dt.name:>10}  numba {nb}  threads {t[1] / t[0]:.3f}",
                  flush=True)
    return out


def break_even(name: str, dtype: str, use_numba: bool, reps: int) -> int:
    """Smallest power of two from which the route is faster than NumPy at every larger size."""
    op = OPS[name]
    dt = np.dtype(dtype)
    route = K._ROUTES[op][dt]
    saved = route.numba, route.min_size
    route.numba, route.min_size = use_numba, 1
    wins = {}
    for p in range(12, 23):
        args = operands(op, dt, 1 << p)
        K.hook(op, args, dt)
        wait_quiet()
        # blocks of back-to-back calls: an idle second core that must be woken for
        # every call is not what a program calling the op in a loop sees
        base = lambda args=args: [quiet(op.numpy, *args) for _ in range(5)]
        ours = lambda args=args: [K.hook(op, args, dt) for _ in range(5)]
        t = best_times([base, ours], reps)
        wins[p] = t[1] < 0.95 * t[0]
    route.numba, route.min_size = saved
    print(name, dtype, "numba" if use_numba else "threads", wins, flush=True)
    # The smallest size that wins, as does the next one, and at least 80% of larger ones
    # (one noisy loss on a shared machine must not move the threshold by 16x).
    for p in range(12, 22):
        later = [wins[q] for q in range(p, 23)]
        if wins[p] and wins[p + 1] and sum(later) >= 0.8 * len(later):
            return 1 << p
    return 1 << 22


def measure_costs(n: int, reps: int) -> dict:
    """NumPy's own time per element (ns) of every costly (transcendental) op and dtype
    at ``n`` elements, best of ``reps``: the threads route's threshold is a time."""
    out: dict = {}
    for op in OPS.values():
        if op.name not in T.TRANSCENDENTAL:
            continue
        for dt in sorted(K._ROUTES.get(op, {}), key=lambda d: d.char):
            args = operands(op, dt, n)
            t = best_times([lambda op=op, args=args: quiet(op.numpy, *args)], reps)[0]
            out.setdefault(op.name, {})[dt.char] = round(t / n * 1e9, 3)
    return out


def _table_rows(table: dict) -> list[str]:
    """``{op: {dtype char: value}}`` as the rows of a dict literal, wrapped at 98 columns."""
    lines = []
    for name, per in table.items():
        row = f"    {name!r}: {{"
        for item in (f"{k!r}: {v!r}" for k, v in per.items()):
            if len(row) + len(item) + 2 > 98:
                lines.append(row.rstrip())
                row = "        "
            row += item + ", "
        lines.append(row.rstrip(", ") + "},")
    return lines


def write(measured: dict, sizes: dict, costs: dict) -> None:
    lines = [
        '"""Measured routing table for the large-array path (written by benchmarks/routes.py).',
        "",
        f"Measured {datetime.date.today()} on {platform.machine()}, {K.get_num_threads()} "
        "threads, NumPy " + np.__version__ + ".",
        "MEASURED[op][dtype char] = (numba kernel, NumPy loop in threads): time / NumPy's",
        "own call at n = 2**20, best of 11 interleaved runs (None: no numba kernel).",
        "MIN_SIZE: the size from which each route beats NumPy (cheap op: add; costly",
        "ops: sin float32, exp float64).  NUMPY_NS[op][dtype char]: NumPy's own time per",
        "element (ns) at n = 2**20 of each costly op.  ``route`` decides from these.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "# Measured by hand and kept when this table is rewritten (docs/performance.md):",
        "# outputs from STREAM_MIN_BYTES are written with non-temporal stores; reductions",
        "# run on numba kernels (full float sums and means, min, max) from",
        "# KERNEL_REDUCE_MIN_BYTES of input and on NumPy's loops in threads from",
        "# THREAD_REDUCE_MIN_BYTES; below those NumPy's own single loop is faster.",
        f"STREAM_MIN_BYTES = {_routes.STREAM_MIN_BYTES!r}",
        f"KERNEL_REDUCE_MIN_BYTES = {_routes.KERNEL_REDUCE_MIN_BYTES!r}",
        f"THREAD_REDUCE_MIN_BYTES = {_routes.THREAD_REDUCE_MIN_BYTES!r}",
        "# Costly ops take NumPy's loop in threads once NumPy's own call would take this",
        "# long (ns), between 2**16 elements and MIN_SIZE['np_costly'] (docs/performance.md).",
        f"THREADS_MIN_NS = {_routes.THREADS_MIN_NS!r}",
        f"MIN_SIZE = {sizes!r}",
        "DEFAULT_MIN = {\"nb\": MIN_SIZE[\"nb\"], \"np\": MIN_SIZE[\"np_cheap\"],",
        "               \"fma\": MIN_SIZE[\"nb\"]}",
        "",
        "MEASURED: dict[str, dict[str, tuple[float | None, float]]] = {",
    ]
    lines += _table_rows(measured)
    lines += ["}", "", "NUMPY_NS: dict[str, dict[str, float]] = {"]
    lines += _table_rows(costs)
    lines += [
        "}",
        "",
        "",
        "def costly_min_size(op: str, char: str) -> int:",
        '    """The size from which a costly op takes NumPy\'s loop in threads: where NumPy\'s',
        "    own call takes THREADS_MIN_NS, as a power of two in [2**16, MIN_SIZE['np_costly']].",
        '    """',
        "    ns = NUMPY_NS.get(op, {}).get(char)",
        "    if not ns:",
        '        return MIN_SIZE["np_costly"]',
        "    size = 1 << 16",
        '    while size < MIN_SIZE["np_costly"] and size * ns < THREADS_MIN_NS:',
        "        size <<= 1",
        "    return size",
        "",
        "",
        "def route(op: str, char: str, exact: bool, costly: bool) -> tuple[str, int]:",
        '    """("nb" | "np", minimum size) for op on the dtype with this character.',
        "",
        "    numba only where its kernel is bitwise NumPy's (``exact``) and not clearly slower",
        "    (25%, the noise of a shared 2-core machine) than NumPy's loop in threads;",
        "    unmeasured pairs take numba when exact.",
        '    """',
        "    nb, threads = MEASURED.get(op, {}).get(char, (None, None))",
        "    if exact and (threads is None or (nb is not None and nb <= 1.25 * threads)):",
        '        return "nb", MIN_SIZE["nb"]',
        '    return "np", costly_min_size(op, char) if costly else MIN_SIZE["np_cheap"]',
        "",
    ]
    TARGET.write_text("\n".join(lines))
    print("wrote", TARGET)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer repetitions")
    ap.add_argument("--ops", nargs="*", help="only these ops (prints, does not write)")
    ap.add_argument("--sizes-only", action="store_true",
                    help="keep the measured ratios, measure the thresholds again")
    ap.add_argument("--costs-only", action="store_true",
                    help="keep ratios and thresholds, measure NumPy's time per element again")
    args = ap.parse_args(argv)
    reps = 5 if args.quick else 11
    if args.sizes_only or args.costs_only:
        K.install()
        _numba.set_sync(True)
        measured = _routes.MEASURED
    else:
        measured = measure_pairs(1 << 20, reps, set(args.ops) if args.ops else None)
    if args.ops:
        return 0
    if args.costs_only:
        sizes = _routes.MIN_SIZE
    else:
        sizes = {
            "nb": max(break_even("add", "float32", True, reps),
                      break_even("add", "float64", True, reps)),
            "np_cheap": break_even("add", "float64", False, reps),
            "np_costly": max(break_even("sin", "float32", False, reps),
                             break_even("exp", "float64", False, reps)),
        }
    print(sizes)
    write(measured, sizes, measure_costs(1 << 20, reps))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""How fast this machine moves memory, and what the memory-bound targets ask of it.

The large elementwise ops and full reductions of benchmarks/bench.py do a few flops per
element loaded, so their time is set by memory traffic once the operands (40-80 MB at
n = 1e7) outgrow the last-level cache.  This script measures, on arrays 10x larger than
any cache (cold data):

- the machine's ceilings: read-only, streaming-write and copy bandwidth with one thread
  and with every thread (numba kernels written here, not aiarray's);
- for each memory-bound case of bench.py: the bytes aiarray moves (operands read once,
  the result written once with streaming stores), NumPy's time at n = 1e7 (bench.py's
  protocol), and the bandwidth aiarray would need to meet its target.

    env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE python benchmarks/bandwidth.py

The figures are quoted in docs/performance.md ("The memory bound").
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

import numba  # noqa: E402
from numba import njit, prange  # noqa: E402

import aiarray as xp  # noqa: E402
from aiarray._kernels._helpers import stream, stream_fence  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
import harness as B  # noqa: E402

COLD_BYTES = 400 << 20  # per array: far beyond any cache


@njit(inline="always")
def part(v, p, parts):
    """The ``p``-th of ``parts`` nearly equal contiguous pieces of ``v``."""
    per = (v.shape[0] + parts - 1) // parts
    return v[min(p * per, v.shape[0]):min((p + 1) * per, v.shape[0])]


@njit(parallel=True, nogil=True)
def read_all(v, parts, out):
    for p in prange(parts):
        piece = part(v, p, parts)
        acc = v[0] ^ v[0]
        for i in range(piece.shape[0]):
            acc ^= piece[i]
        out[p] = acc


@njit(parallel=True, nogil=True)
def write_all(v, parts):
    for p in prange(parts):
        piece = part(v, p, parts)
        for i in range(piece.shape[0]):
            stream(piece, i, i)
        stream_fence()


@njit(parallel=True, nogil=True)
def copy_all(src, dst, parts):
    for p in prange(parts):
        s, d = part(src, p, parts), part(dst, p, parts)
        for i in range(s.shape[0]):
            stream(d, i, s[i])
        stream_fence()


def best(fn, reps: int = 7) -> float:
    fn()
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def ceilings() -> list[tuple[str, int, float]]:
    """(what, threads, GB/s) on cold data."""
    n = COLD_BYTES // 8
    a = np.ones(n, np.int64)
    b = np.empty_like(a)
    out = np.zeros(64, np.int64)
    rows = []
    for threads in sorted({1, xp.get_num_threads()}):
        numba.set_num_threads(threads)
        rows.append(("read", threads, a.nbytes / best(lambda t=threads: read_all(a, t, out))))
        rows.append(("streaming write", threads,
                     a.nbytes / best(lambda t=threads: write_all(b, t))))
        rows.append(("copy, streaming stores (read + write)", threads,
                     2 * a.nbytes / best(lambda t=threads: copy_all(a, b, t))))
    f = a.view(np.float64)
    rows.append(("NumPy max (read)", 1, a.nbytes / best(lambda: f.max())))
    rows.append(("NumPy copyto (read + write)", 1, 2 * a.nbytes / best(lambda: np.copyto(b, a))))
    return [(what, threads, rate / 1e9) for what, threads, rate in rows]


# memory-bound cases of bench.py: (case name, operands read, results written, target);
# each read and written once by aiarray (results with streaming stores)
CASES = [("add float32", 2, 1, 0.55), ("multiply float64", 2, 1, 0.55),
         ("add float64", 2, 1, 0.55), ("divide float64", 2, 1, 0.55),
         ("multiply_add float32", 3, 1, 0.5), ("multiply_add float64", 3, 1, 0.5),
         ("sum float32", 1, 0, 0.6), ("sum float64", 1, 0, 0.6),
         ("mean float32", 1, 0, 0.6), ("mean float64", 1, 0, 0.6),
         ("max float32", 1, 0, 0.8), ("max float64", 1, 0, 0.8),
         ("min float32", 1, 0, 0.8), ("min float64", 1, 0, 0.8)]


def needs(n: int, reps: int) -> list[tuple[str, float, float, float, float]]:
    """(case, MB aiarray moves, NumPy's time s, target, GB/s the target needs)."""
    mods = {"numpy": np, "aiarray": xp}
    by_name = {c.name: c for c in B._cases(n, small=False)}
    rng = np.random.default_rng(0)
    rows = []
    for name, reads, writes, target in CASES:
        case = by_name[name]
        t_np = B.run_case(case, {"numpy": mods["numpy"]}, reps, rng)["numpy"]
        moved = (reads + writes) * n * np.dtype(case.dtypes[0]).itemsize
        rows.append((name, moved / 1e6, t_np, target, moved / (target * t_np) / 1e9))
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=float, default=1e7, help="elements of the bench.py cases")
    ap.add_argument("--reps", type=int, default=9, help="bursts per NumPy timing")
    args = ap.parse_args(argv)
    B.wait_quiet(say=print)
    print("| memory ceiling (cold data) | threads | GB/s |\n|---|---|---|")
    for what, threads, rate in ceilings():
        print(f"| {what} | {threads} | {rate:.1f} |")
    print("\n| case | MB moved by aiarray | NumPy | target | GB/s the target needs |")
    print("|---|---|---|---|---|")
    for name, mb, t_np, target, rate in needs(int(args.n), args.reps):
        print(f"| {name} | {mb:.0f} | {t_np * 1e3:.2f} ms | <= {target} | {rate:.1f} |")
    print(f"\nn = {int(args.n):.0e}; ceilings are the best of 7 runs on {COLD_BYTES >> 20} MiB "
          f"arrays; NumPy times are medians of {args.reps} bursts, as in bench.py.")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Full benchmark: aiarray beside NumPy, numexpr, array-api-strict, torch and JAX (CPU).

Writes docs/benchmarks.md (table) and docs/benchmarks.png (plot).  Run on an idle
machine with OpenBLAS's overrides unset in this command only:

    env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE python benchmarks/bench.py [--n 1e7] [--reps 15]

Every library runs with its default threading settings, as a user gets them.  OpenMP
worker threads (torch's, numba's omp layer) spin for a while after a call before they
sleep; each burst of calls therefore starts after a pause (``harness.GAP``), so one
library's spinning threads never take the cores from the next one.  The memory-bound
cases are also given as a share of the machine's memory bandwidth, measured in the same
run by ``bandwidth.py``.

Peers that are not installed are skipped (pip install numexpr array-api-strict
matplotlib jax; torch CPU).  ``python -m aiarray bench`` is the quick version.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

import aiarray as xp  # noqa: E402
from aiarray._kernels import _numba  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
import bandwidth  # noqa: E402
import harness as B  # noqa: E402
import page as sections  # noqa: E402


def concurrency(n: int = 1_000_000, threads: int = 8, calls: int = 20) -> str:
    """8 Python threads calling parallel kernels at once: results equal to serial."""
    a = xp.asarray(np.random.default_rng(0).uniform(0.5, 2, n))
    b = xp.asarray(np.random.default_rng(1).uniform(0.5, 2, n))
    serial = [(a + b)._array.copy(), (a * b)._array.copy(), xp.sin(a)._array.copy()]
    bad = []

    def work() -> None:
        for _ in range(calls):
            got = [(a + b)._array, (a * b)._array, xp.sin(a)._array]
            if not all(np.array_equal(g, s) for g, s in zip(got, serial)):
                bad.append(1)

    ts = [threading.Thread(target=work) for _ in range(threads)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    layer = _numba.LOADER.status()["layer"]
    verdict = "no abort, results equal to serial" if not bad else f"{len(bad)} MISMATCHES"
    return (f"{threads} threads x {calls} calls of add/multiply/sin on 1e6 float64 "
            f"(numba threading layer: {layer}): {verdict}")


def plot(results: list, peers: list, path: Path, n: int) -> bool:
    """Horizontal bars per case, one per library, on a log scale of time over NumPy's;
    the legend sits above the bars."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter
    except ImportError:
        return False
    others = [p for p in peers if p != "numpy"]
    names = [c.name for c, _ in results]
    fig, ax = plt.subplots(figsize=(11, 0.34 * len(names) + 2.2))
    h = 0.8 / max(len(others), 1)
    for k, p in enumerate(others):
        ys = [i + k * h for i in range(len(names))]
        vals = [t[p] / t["numpy"] if p in t else np.nan for _, t in results]
        ax.barh(ys, vals, height=h, label=p)
    ax.axvline(1.0, color="black", linewidth=0.8)
    ax.set_xscale("log")
    ax.xaxis.set_major_locator(LogLocator(subs=(1.0, 2.0, 5.0)))
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
    ax.xaxis.set_minor_formatter(NullFormatter())
    ax.set_yticks([i + 0.4 - h / 2 for i in range(len(names))])
    ax.set_yticklabels(names, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("time / NumPy's time (log scale; left of the black line: faster than NumPy)")
    ax.set_ylabel(f"case (n = {n:.0e} elements unless 'small')".replace("e+0", "e"))
    ax.legend(fontsize=8, loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=len(others),
              frameon=False)
    ax.grid(axis="x", which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def memory_bound(results: list, n: int) -> tuple[list[str], list[str]]:
    """(ceilings rows, cases rows): the machine's memory bandwidth, measured now, and the
    share of it aiarray's memory-bound cases reach (bytes aiarray moves / its time)."""
    ceilings = bandwidth.ceilings()
    top = max(t for _, t, _ in ceilings if isinstance(t, int))
    best = {what: rate for what, t, rate in ceilings if t == top}
    ceil_rows = [f"| {what} | {t} | {rate:.1f} |" for what, t, rate in ceilings]
    by_name = {c.name: (c, t) for c, t in results}
    rows = []
    for name, reads, writes, _target in bandwidth.CASES:
        if name not in by_name or "aiarray" not in by_name[name][1]:
            continue
        case, t = by_name[name]
        moved = (reads + writes) * n * np.dtype(case.dtypes[0]).itemsize
        rate = moved / t["aiarray"] / 1e9
        ceiling = best["copy, streaming stores (read + write)"] if writes else best["read"]
        rows.append(f"| {name} | {moved / 1e6:.0f} | {t['aiarray'] / t['numpy']:.2f} | "
                    f"{rate:.1f} | {rate / ceiling:.0%} |")
    return ceil_rows, rows


def versions(peers: list) -> str:
    out = [f"Python {platform.python_version()}", f"NumPy {np.__version__}"]
    for p in peers:
        mod = {"numexpr": "numexpr", "array-api-strict": "array_api_strict",
               "torch": "torch", "jax": "jax"}.get(p)
        if mod:
            out.append(f"{p} {__import__(mod).__version__}")
    try:
        import numba

        out.append(f"numba {numba.__version__}")
    except ImportError:
        pass
    return ", ".join(out)


def cpu() -> str:
    try:
        text = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
        model = next(ln.split(":", 1)[1].strip() for ln in text.splitlines()
                     if ln.startswith("Model name"))
    except Exception:
        model = platform.processor() or platform.machine()
    return f"{model}, {xp.get_num_threads()} threads"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=float, default=1e7)
    ap.add_argument("--reps", type=int, default=15)
    ap.add_argument("--no-write", action="store_true", help="print only")
    ap.add_argument("--max-wait", type=float, default=20.0,
                    help="seconds to wait for a quiet CPU before each case (default 20)")
    ap.add_argument("--out", type=Path, default=ROOT / "docs",
                    help="where benchmarks.md and benchmarks.png go (default docs/)")
    args = ap.parse_args(argv)
    results, peers = B.run(int(args.n), args.reps, max_wait=args.max_wait)
    start = B.startup(7)
    conc = concurrency()
    ceil_rows, mem_rows = memory_bound(results, int(args.n))
    lines = B.table(results, peers)
    print("\n".join(lines))
    for what, t_np, t_ai, target in start:
        print(what, t_np, t_ai, target)
    print("\n".join(ceil_rows + mem_rows))
    print(conc)
    if args.no_write:
        return 0
    page = [
        "# Benchmarks",
        "",
        f"Measured {datetime.date.today()} on {cpu()}; {versions(peers)}.",
        f"Large cases: n = {int(args.n):.0e} elements.  The libraries take turns, "
        f"{args.reps} times; each turn is a burst of {B.BURST} back-to-back calls.  Each "
        "cell is a library's median time per call after the first of a burst, divided by "
        "NumPy's (its allocating call): below 1 is faster than NumPy.  \"aiarray, first "
        "call\" compares the first calls of the bursts (aiarray's worker threads asleep "
        "after the other libraries ran).  Small cases time 2000 calls per turn.  Every "
        f"library runs with its default threading settings; each burst starts after a "
        f"{B.GAP * 1e3:.0f} ms pause, so no library's spinning threads overlap another's "
        "calls.",
        "",
        "Reproduce: `env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE python benchmarks/bench.py`"
        " (quick version: `python -m aiarray bench`).  How the two paths work: "
        "[performance.md](performance.md).",
        "",
        *lines,
        "",
        "| start-up | numpy | aiarray | ratio (difference) | target |",
        "|---|---|---|---|---|",
        *[f"| {w} | {B._fmt_time(a)} | {B._fmt_time(b)} | {b / a:.2f}x "
          f"({(b - a) * 1e3:+.0f} ms) | {t} |" for w, a, b, t in start],
        "",
        "Memory-bound cases as a share of this machine's memory bandwidth, measured in the "
        f"same run (`benchmarks/bandwidth.py`: {bandwidth.COLD_BYTES >> 20} MiB arrays, "
        "best of 7): the bytes aiarray moves (operands read once, the result written "
        "once) over its time, against the ceiling of every thread copying with streaming "
        "stores (read-only cases: reading).",
        "",
        "| memory ceiling (cold data) | threads | GB/s |",
        "|---|---|---|",
        *ceil_rows,
        "",
        "| case | MB moved | aiarray / NumPy | aiarray GB/s | share of the ceiling |",
        "|---|---|---|---|---|",
        *mem_rows,
        "",
        f"Threads: {conc}.",
        "",
        "![aiarray and peers relative to NumPy](benchmarks.png)",
        "",
    ]
    args.out.mkdir(parents=True, exist_ok=True)
    sections.write_head(page, args.out / "benchmarks.md")  # (keeps the programs' sections)
    plot(results, peers, args.out / "benchmarks.png", int(args.n))
    print(f"wrote {args.out / 'benchmarks.md'} and {args.out / 'benchmarks.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

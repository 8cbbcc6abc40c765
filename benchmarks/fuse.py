"""aiarray.fuse beside NumPy's eager expression, aiarray's eager one, numexpr and jax.jit.

    env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE python benchmarks/fuse.py [--reps 15] \
        [--write-docs]   # the "fused" section of docs/benchmarks.md

One process, the libraries interleaved (each repetition times every library once, a
burst of ``harness.BURST`` calls after a ``harness.GAP`` pause; the median of the later
calls of each burst), ratios to NumPy's eager expression in the same run.  Each case's
"GB/s" column is what the fused kernel moves (every operand read once, the result
written once) over its time; compare it with ``benchmarks/bandwidth.py``'s ceilings.
Peers that are not installed (numexpr, jax) are skipped.  Issue 18's targets: the
``a*b + c*d - e`` rows and GELU at most 0.35 of NumPy's time, and ahead of numexpr and
jax.jit.  Figures are quoted in docs/performance.md and docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing
sys.path.insert(0, str(ROOT / "benchmarks"))

import harness as H  # noqa: E402

import aiarray as xp  # noqa: E402


def _abcde(m):  # (any namespace's arrays: operators only)
    return lambda a, b, c, d, e: a * b + c * d - e


def _gelu(m):
    return lambda x: 0.5 * x * (1 + m.tanh(0.79788456 * (x + 0.044715 * x ** 3)))


def _softmax(m):
    return lambda x, mx: m.exp(x - mx)


def _layer_norm(m):
    return lambda x, mu, rstd, g, b: (x - mu) * rstd * g + b


# name, target, builder, numexpr string, inputs (shapes, dtype); the a*b + c*d - e rows
# are also to be ahead of numexpr and jax.jit (AHEAD)
AHEAD = ("a*b + c*d - e float32", "a*b + c*d - e float64")


def cases(n: int) -> list[tuple[str, float | None, Callable, str, list, str]]:
    rows, cols = n // 1000, 1000
    table = [(rows, cols), (rows, 1), (rows, 1), (cols,), (cols,)]
    return [
        ("a*b + c*d - e float32", 0.35, _abcde, "a*b + c*d - e", [(n,)] * 5, "float32"),
        ("a*b + c*d - e float64", 0.35, _abcde, "a*b + c*d - e", [(n,)] * 5, "float64"),
        ("GELU float32", 0.35, _gelu,
         "0.5*x*(1 + tanh(0.79788456*(x + 0.044715*x**3)))", [(n,)], "float32"),
        ("softmax numerator exp(x - m) float32", None, _softmax, "exp(x - mx)",
         [(rows, cols), (rows, 1)], "float32"),
        ("layer-norm row (x - mu) * rstd * g + b float32", None, _layer_norm,
         "(x - mu) * rstd * g + b", table, "float32"),
    ]


NAMES = {1: ["x"], 2: ["x", "mx"], 5: ["a", "b", "c", "d", "e"]}
LN_NAMES = ["x", "mu", "rstd", "g", "b"]


def _peers(build: Callable, expr: str, data: list[np.ndarray], names: list[str]
           ) -> dict[str, Callable[[], object]]:
    fns: dict[str, Callable[[], object]] = {}
    f_np = build(np)
    fns["numpy"] = lambda: f_np(*data)
    arrs = [xp.asarray(a) for a in data]
    f_xp = build(xp)
    fns["aiarray eager"] = lambda: f_xp(*arrs)
    fused = xp.fuse(build(xp))
    fns["aiarray.fuse"] = lambda: fused(*arrs)
    try:
        import numexpr as ne

        local = dict(zip(names, data))
        fns["numexpr"] = lambda: ne.evaluate(expr, local_dict=local)
    except ImportError:
        pass
    try:
        import jax
        import jax.numpy as jnp

        jax.config.update("jax_enable_x64", True)
        jf = jax.jit(build(jnp))
        jarrs = [jnp.asarray(a) for a in data]
        fns["jax.jit"] = lambda: jf(*jarrs).block_until_ready()
    except ImportError:
        pass
    fns["_fused"] = fused  # (for its fallback reason)
    return fns


def run(n: int, reps: int) -> list[tuple[str, float | None, dict[str, float], float, str]]:
    rng = np.random.default_rng(0)
    out = []
    for name, target, build, expr, shapes, dt in cases(n):
        data = [rng.standard_normal(s).astype(dt) for s in shapes]
        names = LN_NAMES if build is _layer_norm else NAMES[len(data)]
        fns = _peers(build, expr, data, names)
        fused = fns.pop("_fused")
        for fn in fns.values():
            fn()  # warm up: compiles, first touch
        reason = getattr(fused, "fallback_reason", None) or "fused"
        H.wait_quiet(10.0)
        times: dict[str, list[float]] = {p: [] for p in fns}
        for _ in range(reps):
            for peer, fn in fns.items():
                time.sleep(H.GAP)
                times[peer].append(H._burst(fn)[1])
        med = {p: statistics.median(t) for p, t in times.items()}
        moved = sum(a.nbytes for a in data) + n * np.dtype(dt).itemsize
        out.append((name, target, med, moved / med["aiarray.fuse"] / 1e9, reason))
        print(f"{name}: " + ", ".join(f"{p} {t * 1e3:.2f} ms" for p, t in med.items()),
              flush=True)
    return out


def report(results: list, n: int, reps: int) -> str:
    peers = ["aiarray.fuse", "aiarray eager", "numexpr", "jax.jit"]
    head = ("| case | NumPy | " + " | ".join(peers) + " | fused GB/s | target |\n"
            "|---|---:|" + "---:|" * len(peers) + "---:|---|")
    lines = [f"n = {n:.0e}, median of {reps} interleaved bursts; time (ratio to NumPy's "
             "eager expression)", "", head]
    for name, target, med, gbs, reason in results:
        base = med["numpy"]
        cells = [f"{med[p] * 1e3:.1f} ms ({med[p] / base:.2f})" if p in med else "-"
                 for p in peers]
        verdict = "-"
        if target is not None:
            ours = med["aiarray.fuse"] / base
            ahead = name not in AHEAD or all(
                med["aiarray.fuse"] <= med[p] for p in ("numexpr", "jax.jit") if p in med)
            verdict = ("met" if ours <= target and ahead else "missed") + f" (<= {target:g}"
            verdict += ", ahead of numexpr and jax.jit)" if name in AHEAD else ")"
        if reason != "fused":
            verdict += f"; ran eagerly: {reason}"
        lines.append(f"| {name} | {base * 1e3:.1f} ms | " + " | ".join(cells)
                     + f" | {gbs:.1f} | {verdict} |")
    return "\n".join(lines)


def section(table: str) -> list[str]:
    """The "fused" section of docs/benchmarks.md."""
    import platform

    import numba

    return ["## Fused expressions: aiarray.fuse", "",
            f"Measured {time.strftime('%Y-%m-%d')} on {platform.machine()}, "
            f"{xp.get_num_threads()} threads; NumPy {np.__version__}, numba "
            f"{numba.__version__}.  Reproduce: `env -u OPENBLAS_CORETYPE -u "
            "OPENBLAS_L2_SIZE python benchmarks/fuse.py --write-docs`; what fuse does: "
            "[performance.md](performance.md#fused-elementwise-functions).", "", table]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=float, default=1e7)
    p.add_argument("--reps", type=int, default=15)
    p.add_argument("--write-docs", action="store_true",
                   help='write the "fused" section of docs/benchmarks.md')
    args = p.parse_args(argv)
    n = int(args.n)
    results = run(n, args.reps)
    table = report(results, n, args.reps)
    print()
    print(table)
    if args.write_docs:
        import page

        page.write_section("fused", section(table))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

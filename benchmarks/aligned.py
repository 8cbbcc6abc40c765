"""What 64-byte aligned allocation (aiarray/_memory.py) costs a call, by array size.

Each call is timed with aligned allocation on at every size (``MIN_BYTES`` = 0) and off
(``MIN_BYTES`` beyond any array), the two settings interleaved over several rounds in one
process; each figure is the median over the rounds of the best of a few timeit runs.
The ratio on/off is what aligning arrays of that size would cost; ``MIN_BYTES`` is set
where it is small (docs/interop.md, "Aligned buffers").

    python benchmarks/aligned.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import timeit
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

import aiarray as xp  # noqa: E402
from aiarray import _dispatch, _memory  # noqa: E402


def _align_from(min_bytes: int) -> None:
    _memory.MIN_BYTES = min_bytes
    _dispatch._ALIGN_ITEMS = min_bytes // 16


def cases(sizes: tuple[int, ...]) -> dict[str, Callable[[], object]]:
    """name -> a call that allocates its result, for each size."""
    out: dict[str, Callable[[], object]] = {}
    for n in sizes:
        f32, f64 = xp.ones(n, dtype=xp.float32), xp.ones(n, dtype=xp.float64)
        m = xp.ones((max(n // 100, 1), 100))
        out[f"float32 a + a, n={n}"] = lambda a=f32: a + a
        out[f"float64 a * 2, n={n}"] = lambda a=f64: a * 2
        out[f"zeros(n), n={n}"] = lambda n=n: xp.zeros(n)
        out[f"exp(float64), n={n}"] = lambda a=f64: xp.exp(a)
        out[f"sum(axis=0) of (n/100, 100), n={n}"] = lambda m=m: xp.sum(m, axis=0)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10_000, 100_000,
                                                                  1_000_000])
    args = parser.parse_args(argv)
    saved = _memory.MIN_BYTES
    calls = cases(tuple(args.sizes))
    times: dict[tuple[str, bool], list[float]] = {}
    try:
        for _ in range(args.rounds):
            for on in (False, True):
                _align_from(0 if on else 1 << 62)
                for name, call in calls.items():
                    number = 200
                    best = min(timeit.repeat(call, number=number, repeat=3)) / number
                    times.setdefault((name, on), []).append(best)
    finally:
        _align_from(saved)
    print(f"{'call':40s} {'NumPy alloc':>12s} {'aligned':>10s} {'ratio':>6s}")
    for name in calls:
        off = statistics.median(times[(name, False)])
        on = statistics.median(times[(name, True)])
        print(f"{name:40s} {off * 1e6:10.2f}us {on * 1e6:8.2f}us {on / off:6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

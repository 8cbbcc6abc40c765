"""Whether the float sum's tree walk costs time: walking to bigger subtrees, NumPy's order kept.

    python benchmarks/prototypes/sum_walk.py [--n 10000000] [--reps 7] [--inline-up-to 1024]

aiarray's full float sum (``_kernels._helpers.pairwise_sum``) follows NumPy's pairwise
tree: it walks an explicit stack down to blocks of at most 128 elements and sums each
block with 8 vector lanes.  Between two blocks (1 KiB of float64) the walk does a few
stack operations; the note on issue 18 suspected that these stalls keep the sum below
the read rate that ``max`` reaches.  This prototype walks only down to subtrees of
``S`` elements (S = 1024, 2048, 4096) and sums each subtree by nested calls that split it
exactly as NumPy does, so every result stays bitwise NumPy's (checked), with:

- ``calls``: the nested sums are ordinary numba functions (LLVM decides inlining);
- ``inlined``: the nested sums inlined by numba itself (``inline="always"``), for subtrees
  up to ``--inline-up-to`` elements: numba inlines at its own IR level, so each level
  doubles what it compiles (reported: compile seconds and the process's peak memory).

For each variant: compile time, one thread on 20,000 elements (in cache, GB/s), and two
threads on ``n`` elements each taking half (as ``sum_parts`` does), as a ratio to NumPy's
``np.add.reduce`` timed alternately in the same run.  Unix only (peak memory from
``resource``).  Nothing here is part of aiarray's code paths.

Measured 2026-12-04 on the 2-vCPU development VM (`--reps 7`, one run; ratios best-median):

- float64: the 128-element walk 0.51-0.53 of NumPy's time; ``calls`` to 1024-4096
  elements 0.53-0.57; ``inlined`` to 256/512/1024 0.56-0.58, 0.51-0.55, 0.50-0.51,
  compiling in 1.7, 5.3 and 26 s against 0.8 s (2048 took 170 s and 2.3 GB in a separate
  try).  In cache ``inlined`` reads 46-47 GB/s against 32, but out of cache the walk is not
  what limits the float64 sum: the kernel alone sits at 0.50-0.55 in every run, and what
  bench.py reports above that (0.54-0.70 in ten runs that day) is the call and the
  VM's noise.
- float32 (512-byte blocks): ``inlined`` to 256/512/1024 lifts the in-cache rate from 19
  to 23-29 GB/s and the ratio from 0.51-0.55 to 0.43-0.47, 0.45-0.49 and 0.39-0.41, for
  1.7-27 s of compile per dtype.  Not adopted: float32 sum already meets its target, and
  one run does not separate the gain from the VM's noise.

Since 2026-12-04 aiarray's walk sums a node whose two halves are both blocks in one step
(the first row); "a block a step" is the walk before it.  Two runs that day
(``--inline-up-to 128``), in cache: float64 40.4-43.5 GB/s against 23.4-35.6, float32
26.0 against 16.4-19.3; out of cache the ratios (0.55-0.63 against 0.58-0.69 for
float64, 0.43-0.59 against 0.53-0.61 for float32) overlap.  (The ``inlined`` subtrees
here split a node's halves as NumPy does only while both fit their level: the bitwise
check holds for the sizes below, not for every size.)
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run from a checkout

import numba
from numba import njit, prange

from aiarray._kernels._helpers import _sum_block, pairwise_sum

LEAF = 128  # NumPy's PW_BLOCKSIZE: the largest block summed by 8 accumulators


def nested(inner: Any, size: int, inline: bool) -> Any:
    """The sum of at most ``size`` elements, split in two as NumPy splits, by ``inner``."""
    half = size // 2

    @njit(error_model="numpy", inline="always" if inline else "never")
    def sum_upto(a, lo, n):  # type: ignore[no-untyped-def]
        if n <= half:
            return inner(a, lo, n)
        h = n // 2
        h -= h % 8
        return inner(a, lo, h) + inner(a, lo + h, n - h)

    return sum_upto


def subtree_sum(size: int, inline: bool) -> Any:
    """Nested sums from 128-element blocks up to ``size`` elements."""
    f, s = _sum_block, LEAF
    while s < size:
        s *= 2
        f = nested(f, s, inline)
    return f


def walk(subtree: Any, size: int) -> Any:
    """NumPy's pairwise sum, walking an explicit stack down to ``size``-element subtrees."""

    @njit(error_model="numpy")
    def walk_sum(a, lo, n):  # type: ignore[no-untyped-def]
        if n <= size:
            return subtree(a, lo, n)
        los = np.empty(64, np.int64)
        ns = np.empty(64, np.int64)
        state = np.zeros(64, np.int8)  # 0: go left, 1: go right, 2: add the two
        vals = np.empty(64, a.dtype)
        sp, vp = 1, 0
        los[0], ns[0] = lo, n
        while sp > 0:
            t = sp - 1
            m = ns[t]
            if m <= size:
                vals[vp] = subtree(a, los[t], m)
                vp += 1
                sp -= 1
                continue
            h = m // 2
            h -= h % 8
            if state[t] == 0:
                state[t] = 1
                los[sp], ns[sp], state[sp] = los[t], h, 0
                sp += 1
            elif state[t] == 1:
                state[t] = 2
                los[sp], ns[sp], state[sp] = los[t] + h, m - h, 0
                sp += 1
            else:
                vals[vp - 2] = vals[vp - 2] + vals[vp - 1]
                vp -= 1
                sp -= 1
        return vals[0]

    return walk_sum


def parallel(one: Any) -> Any:
    @njit(error_model="numpy", parallel=True)
    def parts(a, los, ns, out):  # type: ignore[no-untyped-def]
        for k in prange(los.shape[0]):
            out[k] = one(a, los[k], ns[k])

    return parts


def best(fn: Callable[[], object], reps: int, inner: int = 1) -> float:
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        for _ in range(inner):
            fn()
        times.append((time.perf_counter() - t) / inner)
    return min(times)


def measure(one: Any, two: Any, a: np.ndarray, small: np.ndarray,
            parts: tuple[np.ndarray, ...], reps: int) -> tuple[float, list[float]]:
    """(one thread's GB/s on ``small``, two threads' time over NumPy's on ``a`` per rep)."""
    gbs = small.nbytes / best(lambda: one(small, 0, small.shape[0]), reps, 200) / 1e9
    ratios = [best(lambda: two(a, *parts), 1) / best(lambda: np.add.reduce(a), 1)
              for _ in range(reps)]
    return gbs, ratios


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=float, default=1e7)
    ap.add_argument("--reps", type=int, default=7)
    ap.add_argument("--inline-up-to", type=int, default=1024,
                    help="largest inlined subtree (each doubling doubles compile time)")
    args = ap.parse_args(argv)
    numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
    variants: list[tuple[str, Any]] = [("walk to 128 (aiarray)", pairwise_sum),
                                       ("a block a step (to 12-04)", (LEAF, False))]
    for size in (1024, 2048, 4096):
        variants.append((f"calls, walk to {size}", (size, False)))
    size = 256
    while size <= args.inline_up_to:
        variants.append((f"inlined, walk to {size}", (size, True)))
        size *= 2
    n = int(args.n)
    print(f"n = {n:.0e}; ratio = two threads' time / np.add.reduce's, best of {args.reps}")
    for dt in ("float64", "float32"):
        a = np.random.default_rng(0).random(n).astype(dt)
        small = a[:20_000]
        h = n // 2 - (n // 2) % 8
        los, ns = np.array([0, h]), np.array([h, n - h])
        out = np.empty(2, dt)
        for name, spec in variants:
            t0 = time.perf_counter()
            one = spec if not isinstance(spec, tuple) else walk(subtree_sum(*spec), spec[0])
            two = parallel(one)
            two(a, los, ns, out)
            one(small, 0, small.shape[0])
            compile_s = time.perf_counter() - t0
            assert out[0] + out[1] == np.add.reduce(a), name  # NumPy's order, bitwise
            assert one(small, 0, small.shape[0]) == np.add.reduce(small), name
            gbs, ratios = measure(one, two, a, small, (los, ns, out), args.reps)
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
            print(f"{dt} {name:24s} compile {compile_s:6.1f} s  in cache {gbs:5.1f} GB/s  "
                  f"ratio {min(ratios):.3f}-{sorted(ratios)[len(ratios) // 2]:.3f}  "
                  f"peak {peak} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

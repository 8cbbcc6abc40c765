"""The design question of the NumPy swap-in, measured: swap-in arrays as ndarray
subclasses, or aiarray's own Array class (the choice, recorded in docs/design.md).

    python benchmarks/prototypes/ndarray_subclass.py [--calls] [--programs] [--scale S]

A swap-in must apply aiarray's promotion policy (Ascend's rules under ``port``) and
route large work to aiarray's kernels, so an ndarray subclass needs an
``__array_ufunc__`` (and ``__array_function__``) hook in Python on every operation.
This prototype is that subclass at its cheapest: the hook unwraps the inputs, calls
NumPy's own ufunc and wraps the result (no promotion decision, no kernel routing), and
creation functions return views of the subclass.  ``--calls`` times everyday calls on
it, on a bare subclass without the hook, on NumPy and on aiarray.numpy, interleaved in
one process; ``--programs`` runs benchmarks/programs on it and on NumPy in fresh
processes.  Nothing here is part of aiarray.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
import timeit
import types
from pathlib import Path
from typing import Any

import numpy

ROOT = Path(__file__).resolve().parents[2]
PROGRAMS = ROOT / "benchmarks" / "programs"


class Bare(numpy.ndarray):
    """An ndarray subclass with no hook: what NumPy's own subclass machinery costs."""


class Hooked(numpy.ndarray):
    """An ndarray subclass whose ufuncs pass through a Python hook (the least a swap-in
    with its own promotion rules and kernels needs)."""

    def __array_ufunc__(self, ufunc: Any, method: str, *inputs: Any, **kwargs: Any) -> Any:
        args = [x.view(numpy.ndarray) if isinstance(x, Hooked) else x for x in inputs]
        out = kwargs.get("out")
        if out:
            kwargs["out"] = tuple(o.view(numpy.ndarray) if isinstance(o, Hooked) else o
                                  for o in out)
        res = getattr(ufunc, method)(*args, **kwargs)
        if out:
            return out[0] if len(out) == 1 else out
        return res.view(Hooked) if type(res) is numpy.ndarray else res


def namespace(cls: type) -> types.ModuleType:
    """NumPy's namespace whose creation functions give ``cls`` arrays (NumPy's other
    functions keep the subclass)."""
    ns = types.ModuleType(f"prototype_{cls.__name__.lower()}")

    def creating(func: Any) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            res = func(*args, **kwargs)
            return res.view(cls) if type(res) is numpy.ndarray else res
        return call

    for name in dir(numpy):
        setattr(ns, name, getattr(numpy, name))
    for name in ("array", "asarray", "zeros", "ones", "empty", "full", "arange", "linspace",
                 "eye", "identity", "zeros_like", "ones_like", "empty_like", "full_like"):
        setattr(ns, name, creating(getattr(numpy, name)))

    class Random(types.ModuleType):
        def __getattr__(self, name: str) -> Any:
            attr = getattr(numpy.random, name)
            return creating(attr) if callable(attr) and not isinstance(attr, type) else attr

    rng_ns = Random("random")

    def default_rng(*args: Any, **kwargs: Any) -> Any:
        gen = numpy.random.default_rng(*args, **kwargs)

        class Gen:
            def __getattr__(self, name: str) -> Any:
                attr = getattr(gen, name)
                return creating(attr) if callable(attr) else attr
        return Gen()

    rng_ns.default_rng = default_rng  # type: ignore[attr-defined]
    ns.random = rng_ns
    return ns


CALLS = ("a + b", "a * 2.5", "np.sin(a)", "a.sum()", "np.sum(a)", "a.mean()", "a[3]",
         "a[1:5]", "a.reshape(-1)", "a.T", "np.zeros(3)", "np.array([1.0, 2.0])",
         "np.where(a > 1, a, b)", "M @ M", "a[3] * a[4]")


def calls(reps: int = 5, number: int = 20000) -> list[str]:
    import aiarray.numpy as anp

    mods = {"numpy": numpy, "bare subclass": namespace(Bare),
            "hooked subclass": namespace(Hooked), "aiarray.numpy": anp}
    rows = ["| call | " + " | ".join(f"{m} ns" for m in mods) + " |",
            "|---|" + "---:|" * len(mods)]
    for stmt in CALLS:
        envs = {}
        for name, mod in mods.items():
            a = mod.linspace(0.5, 2.0, 10)
            envs[name] = {"np": mod, "a": a, "b": mod.ones(10), "M": mod.ones((4, 4))}
        times: dict[str, list[float]] = {m: [] for m in mods}
        for _ in range(reps):
            for name in mods:
                times[name].append(timeit.timeit(stmt, globals=envs[name], number=number)
                                   / number)
        med = {m: statistics.median(t) for m, t in times.items()}
        rows.append(f"| `{stmt}` | " + " | ".join(
            f"{med[m] * 1e9:.0f}" + ("" if m == "numpy" else f" ({med[m] / med['numpy']:.2f}x)")
            for m in mods) + " |")
    return rows


_CHILD = """
import importlib.util, pickle, sys, time
sys.path.insert(0, {root!r})
from benchmarks.prototypes.ndarray_subclass import Hooked, namespace
import numpy
spec = importlib.util.spec_from_file_location("program", {path!r})
mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod)
np = numpy if {mode!r} == "numpy" else namespace(Hooked)
t = time.perf_counter(); mod.run(np, {scale!r}); print(time.perf_counter() - t)
"""


def programs(scale: float, reps: int) -> list[str]:
    rows = ["| program | NumPy s | hooked subclass / NumPy |", "|---|---:|---:|"]
    ratios = []
    for path in sorted(PROGRAMS.glob("*.py")):
        if path.name == "run.py":
            continue
        times: dict[str, list[float]] = {"numpy": [], "subclass": []}
        error = ""
        for _ in range(reps):
            for mode in times:
                code = _CHILD.format(root=str(ROOT), path=str(path), mode=mode, scale=scale)
                out = subprocess.run([sys.executable, "-c", code], capture_output=True,
                                     text=True, timeout=900)
                if out.returncode:
                    error = out.stderr.strip().splitlines()[-1][:80]
                    break
                times[mode].append(float(out.stdout.split()[-1]))
        if error:
            rows.append(f"| {path.stem} | - | error: {error} |")
            continue
        n, s = statistics.median(times["numpy"]), statistics.median(times["subclass"])
        ratios.append(s / n)
        rows.append(f"| {path.stem} | {n:.3f} | {s / n:.2f} |")
    if ratios:
        rows.append(f"| **median** | | {statistics.median(ratios):.2f} |")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", action="store_true")
    parser.add_argument("--programs", action="store_true")
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--reps", type=int, default=3)
    args = parser.parse_args()
    if not (args.calls or args.programs):
        args.calls = args.programs = True
    started = time.perf_counter()
    if args.calls:
        print("## Per call (median of interleaved bursts, ratio to NumPy)\n")
        print("\n".join(calls(args.reps)))
    if args.programs:
        print(f"\n## benchmarks/programs at scale {args.scale:g} (fresh processes)\n")
        print("\n".join(programs(args.scale, args.reps)))
    print(f"\n({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()

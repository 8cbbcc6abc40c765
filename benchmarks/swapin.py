"""Per-call cost of the NumPy swap-in (aiarray.numpy) beside NumPy, and of the standard
namespace's short path beside a reference checkout.

    python benchmarks/swapin.py [--reference DIR] [--reps 7]

``DIR`` holds another version's ``aiarray`` package, e.g. the commit this branch started
from: ``mkdir /tmp/base && git archive <commit> aiarray | tar -x -C /tmp/base``.

Part 1 times NumPy calls and the same calls with ``np`` bound to aiarray.numpy, at
shapes () and (10,), interleaved in one process (each repetition times both), and
prints the ratio aiarray.numpy / NumPy (the target: within 3x).  Part 2 times the
standard namespace's small operations (``x + y``, ``xp.add(x, y)``, ``x + 1.5``) in this
checkout and in a reference checkout (e.g. the main branch) loaded side by side under
another module name, interleaved, and prints new / reference (the target: no slower).
Timings under load are noisy: compare ratios from one run, and rerun on a quiet machine
for final figures.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import timeit
from collections.abc import Callable
from pathlib import Path

import numpy

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

import aiarray as xp  # noqa: E402
import aiarray.numpy as anp  # noqa: E402

# (label, statement) with ``np`` the module under test and ``a``/``b`` arrays of it.
CASES = (
    ("a + b", "a + b"),
    ("np.add(a, b)", "np.add(a, b)"),
    ("a * 2.5", "a * 2.5"),
    ("np.sin(a)", "np.sin(a)"),
    ("np.sum(a)", "np.sum(a)"),
    ("np.mean(a)", "np.mean(a)"),
    ("a.sum()", "a.sum()"),
    ("np.array([1., 2., 3.])", "np.array([1., 2., 3.])"),
    ("np.zeros(3)", "np.zeros(3)"),
    ("a.reshape(-1)", "a.reshape(-1)"),
    ("np.maximum(a, 0.)", "np.maximum(a, 0.)"),
    ("np.where(a > 0, a, b)", "np.where(a > 0, a, b)"),
)


def per_call(stmt: str, env: dict, number: int) -> float:
    """Seconds per call of one burst of ``number`` calls."""
    return timeit.timeit(stmt, globals=env, number=number) / number


def interleaved(stmts: dict[str, tuple[str, dict]], reps: int, number: int) -> dict[str, float]:
    """Median per-call time of each statement, the statements alternating per repetition."""
    times: dict[str, list[float]] = {k: [] for k in stmts}
    for _ in range(reps):
        for k, (stmt, env) in stmts.items():
            times[k].append(per_call(stmt, env, number))
    return {k: statistics.median(v) for k, v in times.items()}


def swapin_table(reps: int, number: int) -> list[str]:
    """Part 1: aiarray.numpy / NumPy per call."""
    rows = ["| call | shape | NumPy ns | aiarray.numpy ns | ratio |", "|---|---|---:|---:|---:|"]
    for shape in ((), (10,)):
        for label, stmt in CASES:
            envs = {}
            for name, mod in (("numpy", numpy), ("aiarray.numpy", anp)):
                a = mod.linspace(0.5, 2.0, 10).reshape(shape) if shape else mod.asarray(1.5)
                b = mod.ones(shape)
                envs[name] = (stmt, {"np": mod, "a": a, "b": b})
            t = interleaved(envs, reps, number)
            ratio = t["aiarray.numpy"] / t["numpy"]
            rows.append(f"| `{label}` | {shape} | {t['numpy'] * 1e9:.0f} | "
                        f"{t['aiarray.numpy'] * 1e9:.0f} | {ratio:.2f} |")
    return rows


def load_reference(path: Path) -> object:
    """The aiarray package of another checkout, imported as ``aiarray_reference``."""
    init = path / "aiarray" / "__init__.py"
    spec = importlib.util.spec_from_file_location(
        "aiarray_reference", init, submodule_search_locations=[str(init.parent)])
    module = importlib.util.module_from_spec(spec)
    sys.modules["aiarray_reference"] = module
    spec.loader.exec_module(module)
    return module


def standard_table(reference: Path, reps: int, number: int) -> list[str]:
    """Part 2: this checkout's standard short path / the reference checkout's."""
    ref = load_reference(reference)
    rows = ["| call | shape | reference ns | this checkout ns | ratio |",
            "|---|---|---:|---:|---:|"]
    calls: tuple[tuple[str, Callable], ...] = (
        ("x + y", "x + y"), ("xp.add(x, y)", "xp.add(x, y)"), ("x + 1.5", "x + 1.5"),
        ("xp.sin(x)", "xp.sin(x)"))
    for shape in ((), (10,)):
        for label, stmt in calls:
            envs = {}
            for name, mod in (("reference", ref), ("new", xp)):
                x = mod.ones(shape)
                envs[name] = (stmt, {"xp": mod, "x": x, "y": mod.ones(shape)})
            t = interleaved(envs, reps, number)
            rows.append(f"| `{label}` | {shape} | {t['reference'] * 1e9:.0f} | "
                        f"{t['new'] * 1e9:.0f} | {t['new'] / t['reference']:.2f} |")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reference", type=Path, default=None,
                        help="another checkout whose standard short path to compare with")
    parser.add_argument("--reps", type=int, default=7)
    parser.add_argument("--number", type=int, default=20000)
    args = parser.parse_args()
    print("## aiarray.numpy beside NumPy (per call, median of interleaved bursts)\n")
    print("\n".join(swapin_table(args.reps, args.number)))
    if args.reference is not None:
        print(f"\n## The standard namespace's short path beside {args.reference}\n")
        print("\n".join(standard_table(args.reference, args.reps, args.number)))


if __name__ == "__main__":
    main()

"""Per-call cost of the NumPy swap-in (aiarray.numpy) beside NumPy, and of the standard
namespace's short path beside a reference checkout.

    python benchmarks/swapin.py [--reference DIR] [--reps 7] [--sizes 0 10 10000]

``DIR`` holds another version's ``aiarray`` package, e.g. the commit this branch started
from: ``mkdir /tmp/base && git archive <commit> aiarray | tar -x -C /tmp/base``.

Part 1 times everyday NumPy calls (``CASES``: creation, reshapes and views, indexing,
methods, operators, ufuncs, ``where``, ``concatenate``) and the same calls with ``np``
bound to aiarray.numpy, at sizes () (a 0-d array, and a 2 x 2 matrix), 10 and 10**4 (a
matrix of about as many elements), interleaved in one process (each repetition times
both), and prints the ratio aiarray.numpy / NumPy (the target: within 1.5x) with the
median of each size.  Part 2 times the standard namespace's small operations (``x + y``,
``xp.add(x, y)``, ``x + 1.5``) in this checkout and in a reference checkout (e.g. the
main branch) loaded side by side under another module name, interleaved, and prints
new / reference (the target: no slower).  Timings under load are noisy: compare ratios
from one run, and rerun on a quiet machine for final figures.
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

# (statement, the least ndim of ``a`` it needs) with ``np`` the module under test, ``a``
# and ``b`` arrays of it (``n`` elements, or 0-d), ``M`` a square matrix of about as many
# elements, ``s`` an element of ``a`` (NumPy's scalar) and ``i`` an index into ``a``.
CASES: tuple[tuple[str, int], ...] = (
    # creation
    ("np.array([1.0, 2.0, 3.0])", 0), ("np.asarray(a)", 0), ("np.zeros(n)", 0),
    ("np.ones(n)", 0), ("np.empty(n)", 0), ("np.full(n, 2.0)", 0), ("np.zeros_like(a)", 0),
    ("np.arange(n)", 1), ("np.linspace(0, 1, n)", 1), ("np.eye(3)", 0),
    # reshapes and views
    ("a.reshape(-1)", 0), ("a.ravel()", 0), ("a.T", 0), ("M.T", 0), ("np.transpose(M)", 0),
    ("a[None]", 0), ("np.expand_dims(a, 0)", 0), ("M.reshape(-1, 1)", 0),
    # indexing
    ("a[i]", 1), ("M[1, 1]", 0), ("a[1:]", 1), ("M[0]", 0), ("a[[0, 1]]", 1),
    ("a[a > 1]", 0), ("a[i] = 2.0", 1), ("b[...] = a", 0),
    # methods
    ("a.sum()", 0), ("a.mean()", 0), ("a.max()", 0), ("a.min()", 0), ("a.std()", 0),
    ("a.argmax()", 0), ("a.astype(np.float32)", 0), ("a.copy()", 0), ("M.dot(M)", 0),
    ("M.sum(axis=0)", 0), ("a.any()", 0),
    # operators
    ("a + b", 0), ("a * 2.5", 0), ("2.0 * a", 0), ("a - s", 0), ("a > 1", 0), ("-a", 0),
    ("a ** 2", 0), ("M @ M", 0), ("b.__iadd__(1.0)", 0), ("s * s", 1), ("s + 1.0", 1),
    # ufuncs and functions
    ("np.add(a, b)", 0), ("np.sin(a)", 0), ("np.exp(a)", 0), ("np.maximum(a, 0.0)", 0),
    ("np.sqrt(a)", 0), ("np.abs(a)", 0), ("np.sqrt(s)", 1), ("np.where(a > 1, a, b)", 0),
    ("np.concatenate([a, b])", 1), ("np.sum(a)", 0), ("np.mean(a)", 0), ("np.dot(a, b)", 0),
    ("np.argmax(a)", 0), ("np.clip(a, 0.6, 1.5)", 0), ("np.sort(a)", 1),
)
SIZES = (0, 10, 10_000)


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


def environment(mod: object, n: int) -> dict:
    """The names a case uses, for module ``mod`` (numpy or aiarray.numpy), ``n`` elements
    (0: 0-d arrays)."""
    a = mod.linspace(0.5, 2.0, n) if n else mod.asarray(1.5)
    side = max(2, round(n ** 0.5))
    return {"np": mod, "a": a, "b": mod.ones(a.shape), "n": n or (),
            "M": mod.linspace(0.5, 2.0, side * side).reshape(side, side),
            "s": a[1] if n else a[()], "i": n // 2}


def swapin_table(reps: int, number: int, sizes: tuple[int, ...] = SIZES) -> list[str]:
    """Part 1: aiarray.numpy / NumPy per call."""
    rows = ["| call | size | NumPy ns | aiarray.numpy ns | ratio |", "|---|---|---:|---:|---:|"]
    summary = []
    for n in sizes:
        ratios = []
        for stmt, min_ndim in CASES:
            if (1 if n else 0) < min_ndim:
                continue
            envs = {name: (stmt, environment(mod, n)) for name, mod in
                    (("numpy", numpy), ("aiarray.numpy", anp))}
            burst = number if n < 1000 else max(200, number // 20)
            t = interleaved(envs, reps, burst)
            ratio = t["aiarray.numpy"] / t["numpy"]
            ratios.append(ratio)
            rows.append(f"| `{stmt}` | {n or '()'} | {t['numpy'] * 1e9:.0f} | "
                        f"{t['aiarray.numpy'] * 1e9:.0f} | {ratio:.2f} |")
        summary.append(f"size {n or '()'}: {len(ratios)} calls, median ratio "
                       f"{statistics.median(ratios):.2f}, {sum(r <= 1.5 for r in ratios)} "
                       f"within 1.5x, worst {max(ratios):.2f}")
    return [*rows, "", *summary]


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
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES),
                        help="element counts (0: 0-d arrays)")
    parser.add_argument("--write-docs", action="store_true",
                        help="write the table into docs/benchmarks.md (its per-call section)")
    args = parser.parse_args()
    print("## aiarray.numpy beside NumPy (per call, median of interleaved bursts)\n")
    rows = swapin_table(args.reps, args.number, tuple(args.sizes))
    print("\n".join(rows))
    if args.write_docs:
        import datetime

        sys.path.insert(0, str(ROOT / "benchmarks"))
        import page

        page.write_section("per-call", [
            "## Per call: aiarray.numpy beside NumPy",
            "",
            f"Measured {datetime.date.today()}: {len(CASES)} everyday calls (creation, "
            "reshapes and views, indexing, methods, operators, ufuncs, `where`, "
            "`concatenate`) at sizes () (0-d), 10 and 10**4, NumPy and aiarray.numpy "
            f"interleaved in one process, median of {args.reps} bursts; the ratio is "
            "aiarray.numpy's time over NumPy's.",
            "",
            "Reproduce: `python benchmarks/swapin.py` (`--write-docs` updates this section).",
            "",
            *rows,
        ])
    if args.reference is not None:
        print(f"\n## The standard namespace's short path beside {args.reference}\n")
        print("\n".join(standard_table(args.reference, args.reps, args.number)))


if __name__ == "__main__":
    main()

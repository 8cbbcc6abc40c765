"""Side-by-side timings: aiarray against NumPy and the peers that are installed.

The harness of ``benchmarks/bench.py`` (the full run: n = 1e7, writes
docs/benchmarks.md and docs/benchmarks.png) and of ``python -m aiarray bench`` (run
from a source checkout; ``--quick``: a subset of the cases in under a minute).  All
libraries run in one process, interleaved (each repetition times every library
once), and the report gives medians and ratios to NumPy's allocating call (< 1 is
faster than NumPy), and whether aiarray meets each case's target.

A large case's sample is a burst of ``BURST`` back-to-back calls, as a program
calling an op in a loop makes them: the table gives the later calls (thread pools
awake) and, for aiarray, the first call of each burst (its worker threads asleep
after the other libraries ran).

Peers: numexpr, array-api-strict, torch and JAX (CPU; JAX eager, with float64 enabled
in the benchmark's process) when importable; missing ones are skipped.  None of them
is a dependency of aiarray.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

PEERS = ("numpy", "aiarray", "numexpr", "array-api-strict", "torch", "jax")
BURST = 4  # back-to-back calls per sample of a large case
# Pause before each burst: OpenMP runtimes (numba's omp layer, torch) spin for a few ms
# after a call before their threads sleep; without it, one library's spinning threads
# would take the cores from the next library's calls.
GAP = 0.02


@dataclass(frozen=True)
class Target:
    """What aiarray should reach on a case: its time over NumPy's at most ``ratio``, and
    (``strict_factor``) at least that many times faster than array-api-strict."""

    ratio: float
    strict_factor: float | None = None

    def __str__(self) -> str:
        text = f"<= {self.ratio:g}"
        return text + (f"; >= {self.strict_factor:g}x faster than strict"
                       if self.strict_factor else "")

    def verdict(self, times: dict[str, float]) -> str:
        """"met", "missed (...)" or "-" (not measured) for a case's median times."""
        base, ours = times.get("numpy"), times.get("aiarray")
        if not base or not ours:
            return "-"
        misses = []
        if ours / base > self.ratio:
            misses.append(f"{ours / base:.2f} > {self.ratio:g}")
        strict = times.get("array-api-strict")
        if self.strict_factor and strict and strict / ours < self.strict_factor:
            misses.append(f"{strict / ours:.1f}x < {self.strict_factor:g}x")
        if misses:
            return "missed (" + "; ".join(misses) + ")"
        return "met" if strict or not self.strict_factor else "met (strict not installed)"


@dataclass
class Case:
    """One benchmark: how each library computes it from its own arrays."""

    name: str
    dtypes: tuple[str, ...]
    shape: tuple[int, ...]
    calls: dict[str, object] = field(default_factory=dict)  # peer -> fn(*arrays) or str
    inner: int = 1  # calls per timed sample (small arrays)
    target: Target | None = None


# The cases ``--quick`` runs: one of each kind.
QUICK = ("add float32", "multiply float64", "sqrt float32", "add float32+int32", "exp float32",
         "sin float64", "multiply_add float32", "sum float32", "max float64",
         "small add float64 ()")


def _peers() -> dict[str, object]:
    """The importable peers: name -> module."""
    import aiarray

    mods: dict[str, object] = {"numpy": np, "aiarray": aiarray}
    for name, mod in (("numexpr", "numexpr"), ("array-api-strict", "array_api_strict"),
                      ("torch", "torch")):
        try:
            mods[name] = __import__(mod)
        except Exception:
            continue
    try:
        import jax

        jax.config.update("jax_enable_x64", True)  # (else float64 input becomes float32)
        mods["jax"] = jax.numpy
    except Exception:
        pass
    return mods


def _cases(n: int, small: bool = True) -> list[Case]:
    ns = lambda f: f  # readability: fn(xp, *arrays)
    add = ns(lambda xp, a, b: xp.add(a, b))
    cases = []
    for dt in ("float32", "float64"):
        for name, expr, fn in (("add", "a + b", add),
                               ("multiply", "a * b", lambda xp, a, b: xp.multiply(a, b)),
                               ("divide", "a / b", lambda xp, a, b: xp.divide(a, b))):
            cases.append(Case(f"{name} {dt}", (dt, dt), (n,), {
                "numpy": lambda a, b, f=fn: f(np, a, b), "aiarray": fn, "numexpr": expr,
                "array-api-strict": fn, "torch": fn, "jax": fn}, target=Target(0.55)))
        cases.append(Case(f"sqrt {dt}", (dt,), (n,), {
            "numpy": np.sqrt, "aiarray": lambda xp, a: xp.sqrt(a), "numexpr": "sqrt(a)",
            "array-api-strict": lambda xp, a: xp.sqrt(a), "torch": lambda xp, a: xp.sqrt(a),
            "jax": lambda xp, a: xp.sqrt(a)},
            target=Target(0.55)))
    cases.append(Case("add float32+int32", ("float32", "int32"), (n,), {
        "numpy": np.add, "aiarray": add, "numexpr": "a + b", "torch": add, "jax": add},
        target=Target(0.55)))
    for dt in ("float32", "float64"):
        for name, np_name in (("exp", "exp"), ("sin", "sin"), ("log", "log"), ("tanh", "tanh")):
            f = lambda xp, a, name=name: getattr(xp, name)(a)
            cases.append(Case(f"{name} {dt}", (dt,), (n,), {
                "numpy": getattr(np, np_name), "aiarray": f, "numexpr": f"{name}(a)",
                "array-api-strict": f, "torch": f, "jax": f}, target=Target(0.6)))
    for dt in ("float32", "float64"):
        cases.append(Case(f"multiply_add {dt}", (dt, dt, dt), (n,), {
            "numpy": lambda a, b, c: a * b + c,
            "aiarray": lambda xp, a, b, c: xp.multiply_add(a, b, c),
            "numexpr": "a * b + c",
            "array-api-strict": lambda xp, a, b, c: a * b + c,
            "torch": lambda xp, a, b, c: xp.addcmul(c, a, b),
            "jax": lambda xp, a, b, c: a * b + c}, target=Target(0.5)))
    for dt in ("float32", "float64"):
        for name in ("sum", "mean", "max", "min"):  # targets: issue 18
            f = lambda xp, a, name=name: getattr(xp, name)(a)
            calls = {"numpy": getattr(np, name), "aiarray": f, "array-api-strict": f,
                     "torch": f, "jax": f}
            if name == "sum":
                calls["numexpr"] = "sum(a)"
            cases.append(Case(f"{name} {dt}", (dt,), (n,), calls,
                              target=Target(0.6 if name in ("sum", "mean") else 0.8)))
    if small:
        for shape in ((), (10,)):
            # every peer's own add, called the same way (one call frame, no wrapper)
            cases.append(Case(f"small add float64 {shape}", ("float64", "float64"), shape, {
                "numpy": np.add, "aiarray": "add", "array-api-strict": "add", "torch": "add",
                "jax": "add"},
                inner=2000, target=Target(2.5, strict_factor=8)))
    return cases


def _data(dtypes: tuple[str, ...], shape: tuple[int, ...], rng: np.random.Generator) -> list:
    out = []
    for dt in dtypes:
        if np.dtype(dt).kind in "iu":
            out.append(rng.integers(1, 100, shape).astype(dt))
        else:
            out.append(np.asarray(rng.uniform(0.5, 2.0, shape)).astype(dt))
    return out


def _bind(peer: str, mod: object, call: object, arrays: list) -> Callable | None:
    """A no-argument callable running ``call`` on ``peer``'s copy of ``arrays``."""
    if call is None:
        return None
    if peer == "numpy":
        return lambda: call(*arrays)
    if peer == "numexpr":
        local = dict(zip("abc", arrays))
        return lambda: mod.evaluate(call, local_dict=local)
    if peer == "torch":
        conv = [mod.from_numpy(np.ascontiguousarray(a)) for a in arrays]
    else:
        conv = [mod.asarray(a) for a in arrays]
    if isinstance(call, str):  # the peer's own function by name, called like numpy's
        func = getattr(mod, call)
        run = lambda: func(*conv)
    else:
        run = lambda: call(mod, *conv)
    if peer == "jax":  # (JAX returns before the work is done)
        return lambda: run().block_until_ready()
    return run


def wait_quiet(max_wait: float = 20.0, window: float = 0.25, share: float = 0.15,
               say: Callable[[str], None] | None = None) -> bool:
    """Wait (up to ``max_wait`` s) until other processes use < ``share`` of one core.

    The parallel routes need every core; on a shared machine another process's burst
    would be measured as aiarray's cost.  ``say`` (if given) is told when and why it
    waits.  Returns False when it never got quiet.
    """
    from aiarray._kernels._calibrate import other_load  # the calibration's own reading

    end = time.monotonic() + max_wait
    told = False
    while True:
        others = other_load(window)  # cores other processes use
        if others is None or others < share:
            return True
        if say is not None and not told:
            say(f"waiting up to {max_wait:.0f} s for a quiet CPU (other processes use "
                f"{others:.0%} of a core)")
            told = True
        if time.monotonic() > end:
            if say is not None:
                say(f"the CPU stayed busy ({others:.0%} of a core): figures will be noisy")
            return False


def _sample(fn: Callable, inner: int) -> float:
    t = time.perf_counter()
    for _ in range(inner):
        fn()
    return (time.perf_counter() - t) / inner


def _burst(fn: Callable) -> tuple[float, float]:
    """(first call, median of the later calls) of ``BURST`` back-to-back calls, seconds."""
    times = []
    for _ in range(BURST):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return times[0], statistics.median(times[1:])


def run_case(case: Case, mods: dict, reps: int, rng: np.random.Generator,
             quiet_wait: float = 20.0, say: Callable[[str], None] | None = None
             ) -> dict[str, float]:
    """Median seconds per call for each peer (interleaved repetitions).

    Large cases also give ``"<peer> first"``: the median first call of a burst.
    """
    arrays = _data(case.dtypes, case.shape, rng)
    fns = {}
    for peer, mod in mods.items():
        try:
            fn = _bind(peer, mod, case.calls.get(peer), arrays)
            if fn is not None:
                fn()  # warm up: imports, compiles, first-touch
                fns[peer] = fn
        except Exception:
            continue
    _settle()
    wait_quiet(quiet_wait, say=say)
    times: dict[str, list[float]] = {p: [] for p in fns}
    first: dict[str, list[float]] = {p: [] for p in fns}
    for _ in range(reps):  # every library in turn, each as a program calling it in a loop
        for peer, fn in fns.items():
            if case.inner > 1:
                times[peer].append(_sample(fn, case.inner))
            else:
                time.sleep(GAP)
                cold, warm = _burst(fn)
                first[peer].append(cold)
                times[peer].append(warm)
    out = {p: statistics.median(t) for p, t in times.items()}
    out.update({f"{p} first": statistics.median(t) for p, t in first.items() if t})
    return out


def _settle() -> None:
    """Wait for aiarray's background kernel compiles, so routes are the final ones."""
    try:
        from aiarray._kernels import _numba

        _numba.LOADER.start()  # (a program loads numba once its large work has paid for it)
        _numba.LOADER.wait(120)
    except Exception:
        pass


def _subprocess_time(code: str, reps: int) -> float:
    """Median of a number the child prints (seconds)."""
    import aiarray

    env = dict(os.environ)
    root = os.path.dirname(os.path.dirname(os.path.abspath(aiarray.__file__)))
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
    vals = []
    for _ in range(reps):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             env=env, check=True)
        vals.append(float(out.stdout.strip().splitlines()[-1]))
    return statistics.median(vals)


_IMPORT = "import time; t = time.perf_counter(); import {mod}; print(time.perf_counter() - t)"
_FIRST = (
    "import time, numpy as np\n"
    "a = np.random.rand(10**7).astype('float32'); b = np.random.rand(10**7).astype('float32')\n"
    "{setup}\n"
    "t = time.perf_counter(); r = {op}; print(time.perf_counter() - t)\n"
)


def _compile_bytecode() -> None:
    """Bring aiarray's ``.pyc`` files up to date, as an installed package has them.

    With PYTHONDONTWRITEBYTECODE set (or a read-only tree) a source checkout keeps
    stale bytecode, and every import would compile the changed modules again, which is
    not what importing an installed aiarray costs.
    """
    import compileall

    import aiarray

    compileall.compile_dir(os.path.dirname(os.path.abspath(aiarray.__file__)), quiet=1)


def startup(reps: int) -> list[tuple[str, float, float, str]]:
    """(what, numpy seconds, aiarray seconds, target) for import and the first large op."""
    _compile_bytecode()
    imp_np = _subprocess_time(_IMPORT.format(mod="numpy"), reps)
    imp_ai = _subprocess_time(_IMPORT.format(mod="aiarray"), reps)
    setup = "import aiarray as xp; x = xp.asarray(a); y = xp.asarray(b)"
    _subprocess_time(_FIRST.format(setup=setup, op="x + y"), 1)  # fills numba's cache
    first_np = _subprocess_time(_FIRST.format(setup="", op="np.add(a, b)"), reps)
    first_ai = _subprocess_time(_FIRST.format(setup=setup, op="x + y"), reps)
    return [("import", imp_np, imp_ai, "<= 1.3x numpy"),  # issue 18
            ("first add 1e7 float32, fresh process", first_np, first_ai, "<= numpy + 60 ms")]


def _fmt_time(s: float) -> str:
    if s < 1e-6:
        return f"{s * 1e9:.0f} ns"
    if s < 1e-3:
        return f"{s * 1e6:.1f} µs"
    return f"{s * 1e3:.2f} ms"


def table(results: list[tuple[Case, dict]], peers: Sequence[str]) -> list[str]:
    """Markdown rows: NumPy's median time, then each peer's ratio to it, aiarray's first
    call, the target and whether aiarray meets it.

    "aiarray, first call": aiarray's first call of a burst over NumPy's first call.
    """
    others = [p for p in peers if p != "numpy"]
    head = ["case", "numpy", *others, "aiarray, first call", "target (aiarray)", "verdict"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for case, t in results:
        base = t.get("numpy")
        row = [case.name, _fmt_time(base) if base else "-"]
        row += [f"{t[p] / base:.2f}" if p in t and base else "-" for p in others]
        cold, cold_base = t.get("aiarray first"), t.get("numpy first")
        row.append(f"{cold / cold_base:.2f}" if cold and cold_base else "-")
        row.append(str(case.target) if case.target else "-")
        row.append(case.target.verdict(t) if case.target else "-")
        lines.append("| " + " | ".join(row) + " |")
    return lines


def _progress(k: int, total: int, label: str) -> None:
    width = 30
    done = width * k // max(total, 1)
    sys.stderr.write(f"\r[{'#' * done}{'.' * (width - done)}] {k}/{total} {label:<32}")
    sys.stderr.flush()
    if k == total:
        sys.stderr.write("\n")


def _say(text: str) -> None:
    sys.stderr.write("\r" + text.ljust(72) + "\n")
    sys.stderr.flush()


def run(n: int, reps: int, small: bool = True, progress: bool = True,
        only: str | None = None, quick: bool = False,
        max_wait: float | None = None) -> tuple[list, list[str]]:
    """Run every case (``quick``: the ``QUICK`` ones, with short waits for a quiet CPU;
    ``max_wait``: seconds to wait for a quiet CPU before each case); returns (results,
    peers present)."""
    import aiarray

    mods = _peers()
    if "torch" in mods:
        mods["torch"].set_num_threads(aiarray.get_num_threads())
    rng = np.random.default_rng(0)
    cases = [c for c in _cases(n, small) if not only or only in c.name]
    if quick:
        cases = [c for c in cases if c.name in QUICK]
    say = _say if progress else None
    if quick:
        wait_quiet(5.0, say=say)
    results = []
    for k, case in enumerate(cases):
        if progress:
            _progress(k, len(cases), case.name)
        wait = max_wait if max_wait is not None else 1.0 if quick else 20.0
        results.append((case, run_case(case, mods, reps, rng, wait, say)))
    if progress:
        _progress(len(cases), len(cases), "done")
    return results, list(mods)


def main(argv: Sequence[str] | None = None, prog: str = "python -m aiarray bench") -> int:
    """``python -m aiarray bench [--quick] [--n N] [--reps R] [--only TEXT] [--startup]``."""
    ap = argparse.ArgumentParser(prog=prog,
                                 description="side-by-side timings against NumPy and peers")
    ap.add_argument("--quick", action="store_true",
                    help=f"{len(QUICK)} cases, 3 repetitions: under a minute")
    ap.add_argument("--n", type=float, default=1e7, help="elements of the large cases")
    ap.add_argument("--reps", type=int, default=None,
                    help="interleaved repetitions (default 7; 3 with --quick)")
    ap.add_argument("--only", help="only cases whose name contains this text")
    ap.add_argument("--startup", action="store_true", help="also time import and first op")
    args = ap.parse_args(list(argv) if argv is not None else None)
    reps = args.reps or (3 if args.quick else 7)
    started = time.monotonic()
    results, peers = run(int(args.n), reps, only=args.only, quick=args.quick)
    print(f"n = {int(args.n):.0e}; ratios = time / NumPy's (median of {reps}, interleaved; "
          "< 1 is faster than NumPy)")
    print("\n".join(table(results, peers)))
    verdicts = [c.target.verdict(t) for c, t in results if c.target]
    met = sum(v == "met" for v in verdicts)
    print(f"targets met: {met} of {len(verdicts)} ({time.monotonic() - started:.0f} s)")
    if args.startup:
        for what, t_np, t_ai, target in startup(3):
            print(f"{what}: numpy {_fmt_time(t_np)}, aiarray {_fmt_time(t_ai)} "
                  f"(+{(t_ai - t_np) * 1e3:.0f} ms; target {target})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Real-program benchmark: pure-NumPy machine-learning programs under NumPy and under the
swap-in (``import aiarray.numpy as np``), timed, and their results checked against NumPy's.

    python benchmarks/programs/run.py [--only NAMES] [--scale S] [--reps N] [--json PATH]
                                      [--write-docs]

Each program (a module of this directory with ``run(np, scale) -> dict``) runs in a fresh
subprocess per measurement, in three modes: ``numpy`` (np = numpy), ``swapin`` (np =
aiarray.numpy, default backend) and ``swapin-numpy-backend`` (the same with
``AIARRAY_BACKEND=numpy``).  Per program: one discarded warm-up run per mode (aiarray's
numba kernels compile to an on-disk cache on first use), then ``--reps`` repetitions with
the modes interleaved; the table gives median times.  The subprocess times only
``run(np, scale)`` (imports excluded) and pickles the time and the results back.

Every swap-in run's results are compared with NumPy's (``compare``): same keys, lengths and
shapes, same dtypes, integer/bool/string values equal, floating and complex values
``allclose`` with the program's tolerance (``TOLERANCE`` in the module, else ``TOLERANCE``
here: rtol 1e-6 for 64-bit floats, 1e-4 for 32-bit).  A program that raises is reported
with the exception and the traceback's last frame (and the program's own last frame).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import pickle
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent

PROGRAMS: tuple[str, ...] = (
    "mlp", "cnn", "autoencoder", "kmeans", "gmm", "naive_bayes", "decision_tree",
    "boosting", "hmm", "logreg", "knn", "pca", "simulation", "mandelbrot", "linreg", "dbscan",
)
MODES: tuple[str, ...] = ("numpy", "swapin", "swapin-numpy-backend")
SWAPIN_MODES: tuple[str, ...] = MODES[1:]

# (rtol, atol) per floating dtype of NumPy's result; complex dtypes use their parts' entry.
Tolerance = Mapping[str, tuple[float, float]]
TOLERANCE: dict[str, tuple[float, float]] = {
    "float64": (1e-6, 1e-12),
    "float32": (1e-4, 1e-6),
    "float16": (1e-3, 1e-4),
}
CHILD_TIMEOUT = 900.0  # seconds per subprocess run


# -- the programs -------------------------------------------------------------------------

def load_program(name: str) -> ModuleType:
    """The program module ``name`` of this directory, loaded by path."""
    spec = importlib.util.spec_from_file_location(f"aiarray_program_{name}", HERE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def tolerance_for(module: ModuleType) -> dict[str, tuple[float, float]]:
    """The default tolerances, updated with the program's own ``TOLERANCE`` (if any)."""
    return {**TOLERANCE, **getattr(module, "TOLERANCE", {})}


# -- comparing results --------------------------------------------------------------------

def _leaf(value: Any) -> numpy.ndarray:
    return numpy.asarray(value)


def _float_key(dtype: numpy.dtype) -> str:
    if dtype.kind == "c":
        return numpy.dtype(f"f{dtype.itemsize // 2}").name
    return dtype.name


def compare(expected: Any, actual: Any, tolerance: Tolerance | None = None,
            path: str = "") -> str | None:
    """None if ``actual`` matches ``expected`` (NumPy's result), else ``"key: reason"``.

    Dicts need the same keys, lists and tuples the same length (compared item by item),
    strings and None equality; anything else is converted with ``numpy.asarray`` and
    needs the same shape and dtype, equal values for bool, integer and string data, and
    ``numpy.allclose(actual, expected, rtol, atol, equal_nan=True)`` for floating and
    complex data, with (rtol, atol) from ``tolerance`` by NumPy's dtype.
    """
    tol = TOLERANCE if tolerance is None else tolerance
    where = path or "result"
    if isinstance(expected, Mapping):
        if not isinstance(actual, Mapping):
            return f"{where}: {type(actual).__name__} where NumPy gives a dict"
        if set(expected) != set(actual):
            missing = sorted(map(str, set(expected) - set(actual)))
            extra = sorted(map(str, set(actual) - set(expected)))
            return f"{where}: keys differ (missing {missing}, extra {extra})"
        for key in expected:
            sub = f"{path}.{key}" if path else str(key)
            problem = compare(expected[key], actual[key], tol, sub)
            if problem:
                return problem
        return None
    if isinstance(expected, (list, tuple)):
        if not isinstance(actual, (list, tuple)):
            return f"{where}: {type(actual).__name__} where NumPy gives a {type(expected).__name__}"
        if len(expected) != len(actual):
            return f"{where}: length {len(actual)} where NumPy gives {len(expected)}"
        for i, (e, a) in enumerate(zip(expected, actual)):
            problem = compare(e, a, tol, f"{where}[{i}]")
            if problem:
                return problem
        return None
    if expected is None or isinstance(expected, (str, bytes)):
        return None if actual == expected else f"{where}: {actual!r} where NumPy gives {expected!r}"

    try:
        e, a = _leaf(expected), _leaf(actual)
    except Exception as exc:  # any failure to convert is a finding
        return f"{where}: cannot convert ({type(exc).__name__}: {exc})"
    if e.shape != a.shape:
        return f"{where}: shape {a.shape} where NumPy gives {e.shape}"
    if e.dtype != a.dtype:
        return f"{where}: dtype {a.dtype} where NumPy gives {e.dtype}"
    if e.dtype.kind in "fc":
        rtol, atol = tol.get(_float_key(e.dtype), TOLERANCE["float64"])
        close = numpy.isclose(a, e, rtol=rtol, atol=atol, equal_nan=True)
        if close.all():
            return None
        bad = numpy.flatnonzero(~close.ravel())
        i = int(bad[0])
        ev, av = e.ravel()[i], a.ravel()[i]
        diff = numpy.abs(a.astype(e.dtype) - e)
        finite = diff[numpy.isfinite(diff)]
        worst = float(finite.max()) if finite.size else float("nan")
        return (f"{where}: {bad.size} of {e.size} values differ beyond rtol={rtol:g} "
                f"atol={atol:g} (first at flat index {i}: {av!r} vs NumPy {ev!r}; "
                f"max abs diff {worst:.3g})")
    if e.dtype.kind == "O" or a.dtype.kind == "O":
        same = e.tolist() == a.tolist()
    else:
        same = numpy.array_equal(e, a)
    if same:
        return None
    if e.ndim == 0:
        return f"{where}: {a.item()!r} where NumPy gives {e.item()!r}"
    n_bad = int(numpy.sum(e != a)) if e.dtype.kind != "O" else -1
    return f"{where}: {n_bad} of {e.size} values differ"


# -- one measurement: the subprocess ------------------------------------------------------

def _plain(value: Any) -> Any:
    """Results with every array converted to a NumPy array (when pickling them fails)."""
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_plain(v) for v in value)
    if value is None or isinstance(value, (str, bytes, bool, int, float, complex)):
        return value
    return numpy.asarray(value)


def _frame(frame: traceback.FrameSummary) -> str:
    return f"{frame.filename}:{frame.lineno} in {frame.name}: {(frame.line or '').strip()}"


def child(program: str, mode: str, scale: float, out: Path) -> None:
    """Run one program once in this process and pickle {time, result} or {error} to out."""
    module = load_program(program)
    if mode == "numpy":
        np_module: ModuleType = numpy
    else:
        import aiarray.numpy as np_module
    payload: dict[str, Any]
    try:
        start = time.perf_counter()
        result = module.run(np_module, scale)
        elapsed = time.perf_counter() - start
        payload = {"time": elapsed, "result": result}
    except Exception as exc:  # the error is the measurement
        frames = traceback.extract_tb(exc.__traceback__)
        own = [f for f in frames if Path(f.filename).parent == HERE]
        message = (str(exc).splitlines() or [""])[0]
        payload = {
            "error": f"{type(exc).__name__}: {message}",
            "last_frame": _frame(frames[-1]) if frames else "",
            "program_frame": _frame(own[-1]) if own else "",
        }
    try:
        data = pickle.dumps(payload)
    except Exception:  # fall back to NumPy arrays
        payload["result"] = _plain(payload["result"])
        data = pickle.dumps(payload)
    out.write_bytes(data)


@dataclass
class Outcome:
    """One subprocess run: its time and results, or its error."""

    time: float | None = None
    result: Any = None
    error: str | None = None
    last_frame: str = ""
    program_frame: str = ""


def measure(program: str, mode: str, scale: float, blas_threads: int | None = None) -> Outcome:
    """Run ``program`` once in a fresh subprocess in ``mode`` (with ``blas_threads``, under
    ``OPENBLAS_NUM_THREADS`` and ``MKL_NUM_THREADS`` set to it)."""
    env = dict(os.environ)
    if blas_threads is not None:
        env["OPENBLAS_NUM_THREADS"] = env["MKL_NUM_THREADS"] = str(blas_threads)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
    env.pop("AIARRAY_BACKEND", None)
    # Imported code runs from bytecode, as an installed package's does (pip writes it): the
    # parallel backend's modules are imported inside run(), at the first large call, and
    # compiling them from source there would charge it ~25 ms that no user pays.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if mode == "swapin-numpy-backend":
        env["AIARRAY_BACKEND"] = "numpy"
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "result.pickle"
        cmd = [sys.executable, str(Path(__file__).resolve()), "--child", program, mode,
               repr(scale), str(out)]
        try:
            proc = subprocess.run(cmd, env=env, capture_output=True, text=True,
                                  timeout=CHILD_TIMEOUT, check=False)
        except subprocess.TimeoutExpired:
            return Outcome(error=f"TimeoutExpired: no result in {CHILD_TIMEOUT:g} s")
        if not out.exists():
            lines = (proc.stderr.strip() or proc.stdout.strip() or "no output").splitlines()
            return Outcome(error=f"subprocess exited with {proc.returncode}: {lines[-1]}")
        payload = pickle.loads(out.read_bytes())
    if "error" in payload:
        return Outcome(error=payload["error"], last_frame=payload["last_frame"],
                       program_frame=payload["program_frame"])
    return Outcome(time=payload["time"], result=payload["result"])


# -- the benchmark ------------------------------------------------------------------------

@dataclass
class ProgramReport:
    """All measurements of one program."""

    name: str
    times: dict[str, list[float]] = field(default_factory=lambda: {m: [] for m in MODES})
    status: dict[str, str] = field(default_factory=dict)  # mode -> "match" / MISMATCH / ERROR
    details: dict[str, list[str]] = field(default_factory=dict)

    def median(self, mode: str) -> float | None:
        """The median time; None for a mode that raised (a mismatch still ran: timed)."""
        t = self.times[mode]
        return statistics.median(t) if t and not self.errored(mode) else None

    def failed(self, mode: str) -> bool:
        return self.status.get(mode, "match") != "match"

    def errored(self, mode: str) -> bool:
        return self.status.get(mode, "").startswith("ERROR")

    def ratio(self, mode: str, base: str = "numpy") -> float | None:
        a, b = self.median(mode), self.median(base)
        return a / b if a is not None and b else None

    def results_cell(self) -> str:
        if self.failed("numpy"):
            return f"NumPy {self.status['numpy']}"
        cells = {mode: self.status.get(mode, "match") for mode in SWAPIN_MODES}
        if len(set(cells.values())) == 1:
            return cells["swapin"]
        return "; ".join(f"{mode}: {status}" for mode, status in cells.items())


def check(report: ProgramReport, mode: str, outcome: Outcome, reference: Outcome | None,
          tolerance: Tolerance) -> None:
    """Record ``outcome``'s time and whether its results match the NumPy reference."""
    if outcome.error is not None:
        report.status[mode] = f"ERROR: {outcome.error}"
        report.details[mode] = [f"{report.name} / {mode}: {outcome.error}",
                                f"  last frame: {outcome.last_frame}",
                                f"  program frame: {outcome.program_frame}"]
        return
    assert outcome.time is not None
    report.times[mode].append(outcome.time)
    if mode == "numpy" or reference is None or reference.error is not None:
        return
    problem = compare(reference.result, outcome.result, tolerance)
    if problem and not report.failed(mode):
        report.status[mode] = f"MISMATCH: {problem.split(':')[0]}"
        report.details[mode] = [f"{report.name} / {mode}: MISMATCH {problem}"]


def bench_program(name: str, scale: float, reps: int, blas_threads: int | None = None,
                  log: bool = True) -> ProgramReport:
    """Warm up each mode once, then ``reps`` interleaved repetitions of the three modes."""
    tolerance = tolerance_for(load_program(name))
    report = ProgramReport(name)
    reference: Outcome | None = None
    for mode in MODES:                    # warm-up: numba's on-disk cache, OS file cache
        warm = measure(name, mode, scale, blas_threads)
        if warm.error is not None:
            check(report, mode, warm, None, tolerance)
    for rep in range(reps):
        for mode in MODES:
            if report.errored(mode):
                continue
            outcome = measure(name, mode, scale, blas_threads)
            if mode == "numpy" and reference is None:
                reference = outcome
            check(report, mode, outcome, reference, tolerance)
            if log:
                t = f"{outcome.time:.3f} s" if outcome.time is not None else outcome.error
                print(f"  {name} rep {rep + 1} {mode}: {t}", file=sys.stderr, flush=True)
    return report


def _fmt(x: float | None, digits: int = 2) -> str:
    return "-" if x is None else f"{x:.{digits}f}"


def table(reports: Sequence[ProgramReport]) -> list[str]:
    """The Markdown table with a final row of the ratio columns' medians."""
    lines = ["| program | NumPy s | swap-in / NumPy | swap-in numpy-backend / NumPy "
             "| default / numpy-backend | results |",
             "|---|---:|---:|---:|---:|---|"]
    columns: list[list[float]] = [[], [], []]
    for r in reports:
        ratios = (r.ratio("swapin"), r.ratio("swapin-numpy-backend"),
                  r.ratio("swapin", "swapin-numpy-backend"))
        for col, value in zip(columns, ratios):
            if value is not None:
                col.append(value)
        cell = r.results_cell().replace("|", "\\|")
        lines.append(f"| {r.name} | {_fmt(r.median('numpy'), 3)} | {_fmt(ratios[0])} | "
                     f"{_fmt(ratios[1])} | {_fmt(ratios[2])} | {cell} |")
    medians = [statistics.median(c) if c else None for c in columns]
    lines.append(f"| **median** | | {_fmt(medians[0])} | {_fmt(medians[1])} | "
                 f"{_fmt(medians[2])} | |")
    return lines


def to_json(reports: Sequence[ProgramReport], scale: float, reps: int,
            environment: dict[str, Any]) -> dict[str, Any]:
    """The numbers of the run, for ``--json``."""
    return {
        "scale": scale,
        "reps": reps,
        **environment,
        "programs": {
            r.name: {
                "times": r.times,
                "median": {m: r.median(m) for m in MODES},
                "min": {m: min(r.times[m], default=None) for m in MODES},
                "swapin/numpy": r.ratio("swapin"),
                "swapin-numpy-backend/numpy": r.ratio("swapin-numpy-backend"),
                "swapin/swapin-numpy-backend": r.ratio("swapin", "swapin-numpy-backend"),
                "status": {m: r.status.get(m, "match") for m in SWAPIN_MODES},
                "details": r.details,
            }
            for r in reports
        },
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", metavar="NAMES",
                        help="programs to run (names, space- or comma-separated)")
    parser.add_argument("--scale", type=float, default=1.0, help="problem size factor")
    parser.add_argument("--reps", type=int, default=3, help="measured repetitions per mode")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the numbers")
    parser.add_argument("--write-docs", action="store_true",
                        help="write the table into docs/benchmarks.md (its programs section)")
    parser.add_argument("--blas-threads", type=int, metavar="N",
                        help="set OPENBLAS_NUM_THREADS/MKL_NUM_THREADS in the subprocesses "
                             "(default: inherit; on a loaded machine BLAS threads that wait "
                             "for a busy core can make small matmuls 10-50x slower)")
    parser.add_argument("--child", nargs=4, metavar=("PROGRAM", "MODE", "SCALE", "OUT"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.child:
        program, mode, scale, out = args.child
        child(program, mode, float(scale), Path(out))
        return 0

    names = list(PROGRAMS)
    if args.only:
        names = [n for item in args.only for n in item.split(",") if n]
        unknown = sorted(set(names) - set(PROGRAMS))
        if unknown:
            parser.error(f"unknown programs {unknown}; choose from {', '.join(PROGRAMS)}")
    load_before = os.getloadavg()
    started = time.perf_counter()
    reports = [bench_program(name, args.scale, args.reps, args.blas_threads) for name in names]
    environment = {
        "numpy": numpy.__version__,
        "cpus": os.cpu_count(),
        "blas_threads": args.blas_threads,
        "load_average_before": load_before,
        "load_average_after": os.getloadavg(),
        "wall_seconds": time.perf_counter() - started,
    }

    blas = "inherited" if args.blas_threads is None else str(args.blas_threads)
    print(f"scale {args.scale:g}, {args.reps} reps, median of run(np, scale) in a fresh "
          f"process; NumPy {numpy.__version__}, {os.cpu_count()} CPUs, BLAS threads {blas}, "
          f"1-min load average {load_before[0]:.2f} before, "
          f"{environment['load_average_after'][0]:.2f} after\n")
    print("\n".join(table(reports)))
    details = [line for r in reports for lines in r.details.values() for line in lines]
    if details:
        print("\nDetails:\n")
        print("\n".join(f"    {line}" for line in details))
    if args.json:
        data = to_json(reports, args.scale, args.reps, environment)
        args.json.write_text(json.dumps(data, indent=1))
    if args.write_docs:
        write_docs(reports, args, environment)
    return 0


def write_docs(reports: Sequence[ProgramReport], args: argparse.Namespace,
               environment: dict[str, Any]) -> None:
    """The programs' section of docs/benchmarks.md (benchmarks/page.py)."""
    sys.path.insert(0, str(HERE.parent))
    import aiarray
    import page

    blas = "inherited" if args.blas_threads is None else str(args.blas_threads)
    page.write_section("programs", [
        "## Whole programs",
        "",
        f"Measured {time.strftime('%Y-%m-%d')}: the {len(reports)} pure-NumPy programs of "
        "`benchmarks/programs` (minibatch MLP, im2col CNN and autoencoder training, k-means, "
        "GMM by EM, naive Bayes, a decision tree and gradient boosting with per-element "
        "split search, HMM forward-backward, logistic regression, kNN, PCA, a heat-diffusion "
        "simulation, a Mandelbrot set, linear regression, DBSCAN) at scale "
        f"{args.scale:g}, each run in a fresh process under NumPy, under `aiarray.numpy` "
        "(default backend) and under `aiarray.numpy` with `AIARRAY_BACKEND=numpy`, the modes "
        f"interleaved, median of {args.reps}; every swap-in run's results are checked "
        f"against NumPy's.  aiarray {aiarray.__version__}, NumPy {numpy.__version__}, "
        f"{os.cpu_count()} CPUs, BLAS threads {blas}, load average "
        f"{environment['load_average_before'][0]:.2f} before.",
        "",
        "Reproduce: `python benchmarks/programs/run.py --reps 3` (add `--write-docs` to "
        "update this section).  On a 2-CPU machine, the programs whose time is mostly "
        "BLAS (mlp, cnn, pca, linreg) move by up to 30% between runs (OpenBLAS's threads "
        "wait for a busy core); `--blas-threads 1` steadies them.",
        "",
        *table(reports),
    ])


if __name__ == "__main__":
    sys.exit(main())

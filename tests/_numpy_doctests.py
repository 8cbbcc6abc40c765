"""NumPy's own docstring examples run on aiarray.numpy, compared to NumPy's output.

For every name aiarray.numpy serves (``aiarray.numpy._status()``), the "Examples" of
NumPy's docstring of that name are run twice in fresh namespaces: with ``np`` bound to
NumPy and with ``np`` bound to ``aiarray.numpy`` (``import numpy as np`` lines inside
an example keep the binding).  Each example's printed output (what doctest compares:
stdout plus the repr of an expression's value) is then compared by :func:`same`.

The output checker normalises exactly these documented differences, nothing else:

1. The array class: ``Array(`` prints where NumPy prints ``array(``, and
   ``<class 'aiarray.Array'>`` where NumPy prints ``<class 'numpy.ndarray'>``.
2. (Off unless asked for with ``--lenient``.)  NumPy scalars: where NumPy gives a NumPy
   scalar, aiarray.numpy gives a 0-d Array that prints as that scalar
   (``np.float64(2.0)``); with this rule a NumPy scalar's repr is compared as the repr of
   the 0-d array of the same dtype and value, which prints fewer digits: it can hide a
   difference in the last digits, so the tests do not use it.
3. Runs of whitespace compare equal (doctest's NORMALIZE_WHITESPACE), since the scalar
   reprs of rule 2 change line lengths and so NumPy's line wrapping.
4. Exceptions match when aiarray raises an instance of the built-in Python exception
   class that NumPy's exception derives from (aiarray's messages are its own).
5. Object addresses (``<matplotlib.lines.Line2D object at 0x7f...>``) compare equal: two
   runs need not allocate alike, and two NumPy runs may happen to.

An example whose NumPy output differs between two NumPy runs (unseeded random
numbers, timings, addresses) is not comparable and is counted apart, as is one that
fails under NumPy itself (e.g. it needs matplotlib).  ``tests/numpy_doctest_excluded.txt``
lists the examples excluded on purpose, each with its reason.

``python tests/_numpy_doctests.py [-v] [--lenient]`` prints the pass rate and the failures
(``--lenient``: with rule 2).
"""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import doctest
import gc
import importlib
import io
import os
import re
import sys
import tempfile
import warnings
from pathlib import Path
from typing import Any

import numpy

EXCLUDED_FILE = Path(__file__).with_name("numpy_doctest_excluded.txt")
_PARSER = doctest.DocTestParser()
_IMPORT_NP = re.compile(r"^\s*import numpy as np\s*$", re.M)
_SCALAR = re.compile(
    r"np\.(True_|False_|(?:float|int|uint|complex)\d+|bool|str_|bytes_|longdouble|"
    r"clongdouble)(\((?:[^()]|\([^()]*\))*\))?")
_SPACE = re.compile(r"\s+")
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+>")
_FILES = re.compile(r"File|open\(|tmp|temp")
_VARYING = re.compile(r"random|rng|time|empty|id\(|hash|tmp|temp|file")


@dataclasses.dataclass
class Outcome:
    """What one example did: its printed output and the exception it raised (or None)."""

    output: str
    error: BaseException | None


def numpy_object(name: str) -> Any:
    """NumPy's object for a status name (``linalg.norm`` -> numpy.linalg.norm)."""
    module = numpy
    if "." in name:
        sub, name = name.split(".", 1)
        module = importlib.import_module(f"numpy.{sub}")
    return getattr(module, name)


def examples(name: str) -> list[doctest.Example]:
    """The examples of NumPy's docstring of ``name``."""
    doc = getattr(numpy_object(name), "__doc__", None)
    if not isinstance(doc, str) or ">>>" not in doc:
        return []
    return _PARSER.get_examples(doc)


def run(exs: list[doctest.Example], np_module: Any,
        skip: frozenset[int] = frozenset()) -> list[Outcome]:
    """Run the examples in order in one fresh namespace with ``np`` bound (those in
    ``skip`` are not run; their outcome is empty)."""
    globs: dict[str, Any] = {"np": np_module, "__name__": "__doctest__"}
    out = []
    numpy.random.seed(12345)
    pyplot = sys.modules.get("matplotlib.pyplot")  # (where installed) the examples' plots:
    if pyplot is not None:  # each run starts with no figure, as a fresh session would
        pyplot.close("all")
    saved_hook = sys.displayhook
    sys.displayhook = sys.__displayhook__
    files = any(_FILES.search(ex.source) for ex in exs)
    saved_unraisable = sys.unraisablehook
    saved_cwd = os.getcwd()
    scratch = tempfile.TemporaryDirectory(prefix="numpy-doctest-")
    os.chdir(scratch.name)  # examples write files (np.save("test.npy", ...)) here
    if files:  # files NumPy's examples drop unclosed (ResourceWarning): not ours to report
        sys.unraisablehook = lambda _: None
    try:
        with numpy.printoptions(legacy=False), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for i, ex in enumerate(exs):
                if i in skip:
                    out.append(Outcome("", None))
                    continue
                src = _IMPORT_NP.sub("pass", ex.source)
                buf = io.StringIO()
                err = None
                try:
                    code = compile(src, "<example>", "single")
                    with contextlib.redirect_stdout(buf):
                        exec(code, globs)
                except BaseException as e:
                    if isinstance(e, KeyboardInterrupt):
                        raise
                    err = e
                out.append(Outcome(buf.getvalue(), err))
            globs.clear()
            builtins._ = None  # the display hook's last value
            if files:
                gc.collect()
    finally:
        sys.displayhook = saved_hook
        sys.unraisablehook = saved_unraisable
        os.chdir(saved_cwd)
        scratch.cleanup()
    return out


STRICT = True  # rule 2 off (the default); --lenient turns it on


def _scalar_as_array(m: re.Match) -> str:
    if STRICT:
        return m.group(0)
    try:
        value = eval(m.group(0), {"np": numpy, "nan": numpy.nan, "inf": numpy.inf})
    except Exception:
        return m.group(0)
    if not isinstance(value, numpy.generic):
        return m.group(0)
    return repr(numpy.asarray(value))


def normalise_numpy(text: str) -> str:
    """NumPy's output with rules 2, 3 and 5 applied."""
    text = _ADDRESS.sub(" at 0x...>", text)
    return _SPACE.sub(" ", _SCALAR.sub(_scalar_as_array, text)).strip()


def normalise_aiarray(text: str) -> str:
    """aiarray's output with rules 1, 2, 3 and 5 applied."""
    text = _ADDRESS.sub(" at 0x...>", text)
    text = text.replace("<class 'aiarray.Array'>", "<class 'numpy.ndarray'>")
    text = re.sub(r"(?<![A-Za-z0-9_.])Array\(", "array(", text)
    return _SPACE.sub(" ", _SCALAR.sub(_scalar_as_array, text)).strip()


def _builtin_base(exc: type) -> tuple[type, ...]:
    bases = tuple(c for c in exc.__mro__ if c.__module__ == "builtins"
                  and c not in (BaseException, Exception, object))
    return bases or (Exception,)


def same(ref: Outcome, got: Outcome) -> bool:
    """Whether aiarray's outcome matches NumPy's under the documented rules."""
    if (ref.error is None) != (got.error is None):
        return False
    if ref.error is not None and not isinstance(got.error, _builtin_base(type(ref.error))):
        return False
    if ref.output == got.output:
        return True
    return normalise_numpy(ref.output) == normalise_aiarray(got.output)


def load_excluded() -> dict[str, str]:
    """{"name[i]" or "name[*]": reason} from tests/numpy_doctest_excluded.txt."""
    out = {}
    for line in EXCLUDED_FILE.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, _, reason = line.partition(" ")
        if not reason.strip():
            raise ValueError(f"{EXCLUDED_FILE.name}: {key} has no reason")
        out[key] = reason.strip()
    return out


@dataclasses.dataclass
class Result:
    """Outcome of one name's examples."""

    name: str
    passed: list[int]
    failed: list[tuple[int, str, str, str]]  # (index, source, numpy's, aiarray's)
    excluded: list[int]
    not_comparable: list[int]  # NumPy differs from itself, or fails on its own example


def _show(o: Outcome) -> str:
    if o.error is not None:
        return o.output + f"{type(o.error).__name__}: {o.error}"
    return o.output


def check(name: str, excluded: dict[str, str]) -> Result:
    """Run and compare the examples of ``name``."""
    import aiarray.numpy as anp

    exs = examples(name)
    res = Result(name, [], [], [], [])
    if not exs:
        return res
    whole = f"{name}[*]" in excluded
    skip = frozenset(i for i, ex in enumerate(exs)
                     if whole or f"{name}[{i}]" in excluded or ex.options.get(doctest.SKIP))
    ref = run(exs, numpy, skip)
    # a second NumPy run finds the examples NumPy itself does not repeat (random numbers,
    # timings, uninitialised memory); only docstrings that could have such are run twice
    ref2 = run(exs, numpy, skip) if _VARYING.search(" ".join(e.source for e in exs)) else ref
    got = run(exs, anp, skip)
    for i, ex in enumerate(exs):
        if i in skip and not ex.options.get(doctest.SKIP):
            res.excluded.append(i)
        elif i in skip or ref[i].output != ref2[i].output or (ref[i].error is None) != (
                ref2[i].error is None) or isinstance(ref[i].error, ImportError | NameError):
            res.not_comparable.append(i)
        elif same(ref[i], got[i]):
            res.passed.append(i)
        else:
            res.failed.append((i, ex.source.strip(), _show(ref[i]), _show(got[i])))
    return res


def served_names() -> list[str]:
    """Names aiarray.numpy serves (adapted or served) that have NumPy examples."""
    import aiarray.numpy as anp

    names = []
    for name, status, _ in anp._status():
        if status == "not served":
            continue
        try:
            obj = numpy_object(name)
        except AttributeError:
            continue
        if isinstance(obj, type(numpy)):
            continue
        doc = getattr(obj, "__doc__", None)
        if isinstance(doc, str) and ">>>" in doc:
            names.append(name)
    return names


def main() -> None:
    """Print the pass rate and every failing example."""
    global STRICT
    STRICT = "--lenient" not in sys.argv
    excluded = load_excluded()
    totals = dict.fromkeys(("passed", "failed", "excluded", "not comparable"), 0)
    failures = []
    names = served_names()
    for name in names:
        r = check(name, excluded)
        totals["passed"] += len(r.passed)
        totals["failed"] += len(r.failed)
        totals["excluded"] += len(r.excluded)
        totals["not comparable"] += len(r.not_comparable)
        failures += [(name, *f) for f in r.failed]
    verbose = "-v" in sys.argv
    for name, i, src, ref, got in failures:
        print(f"--- {name}[{i}]\n{src}")
        if verbose:
            print(f"numpy:   {ref!r}\naiarray: {got!r}")
    comparable = totals["passed"] + totals["failed"]
    print(f"{len(names)} names; examples: " + ", ".join(f"{k} {v}" for k, v in totals.items()))
    print(f"pass rate {totals['passed']}/{comparable} = {totals['passed'] / max(comparable, 1):.1%}"
          f" of the comparable examples not excluded")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    main()

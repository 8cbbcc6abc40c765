"""The NumPy corpus runner (conformance/numpy_corpus.py) on a tiny synthetic notebook.

The swap-in here is a fake module written by the test: NumPy itself with known
defects (a wrong ``sum``, no ``cumsum``, a ``mean`` returning a plain ndarray), so
every verdict the runner gives is known in advance.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "conformance"))
import numpy_corpus as C  # noqa: E402 - the runner is a script in conformance/

FAKE = '''
import numpy
from numpy import *  # noqa: F403

class Array(numpy.ndarray):
    """Arrays of the fake swap-in: an ndarray subclass, so none is a plain ndarray."""

def asarray(x, *args, **kwargs):
    return numpy.asarray(x, *args, **kwargs).view(Array)

def arange(*args, **kwargs):
    return numpy.arange(*args, **kwargs).view(Array)

def ones(*args, **kwargs):
    return numpy.ones(*args, **kwargs).view(Array)

def sum(x, *args, **kwargs):  # a defect: one too many
    return numpy.sum(x, *args, **kwargs) + 1

def mean(x, *args, **kwargs):  # a defect: a plain ndarray escapes
    return numpy.asarray(numpy.mean(x, *args, **kwargs))

del cumsum  # a defect: not served
'''

CELLS = [
    "import numpy as np",                      # 0
    "x = np.arange(5)\nx",                     # 1 passes: Array( reads as array(
    "print(np.sum(x))",                        # 2 output differs
    "c = np.cumsum(x)",                        # 3 not served: np.cumsum
    "y = c * 2\nprint(y)",                     # 4 passes cell by cell, NameError top to bottom
    "%timeit x + 1",                           # 5 skipped: IPython magic
    "import nosuchpackage_for_the_test",       # 6 skipped: missing package
    "m = np.mean(x)",                          # 7 a plain ndarray escapes
    "np.ones(3) + np.ones(4)",                 # 8 raises ValueError on purpose: passes
    "import time\nprint(time.perf_counter_ns())",  # 9 output not compared
    "1 / 0",                                   # 10 skipped: fails under NumPy
    "z = np.ones(2);",                         # 11 passes; ';' hides the value
]


def notebook(cells: list[str], tags: dict[int, list[str]]) -> dict:
    return {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        {"cell_type": "code", "metadata": {"tags": tags.get(i, [])}, "source": src,
         "outputs": [], "execution_count": None} for i, src in enumerate(cells)]}


@pytest.fixture(scope="module")
def verdicts(tmp_path_factory: pytest.TempPathFactory) -> dict[int, dict]:
    root = tmp_path_factory.mktemp("corpus")
    (root / "fakenp").mkdir()
    (root / "fakenp" / "__init__.py").write_text(FAKE)
    (root / "tiny.ipynb").write_text(json.dumps(notebook(CELLS, {8: ["raises-exception"]})))
    out = root / "verdicts.json"
    assert C.main(["--checkout", f"{root}=*.ipynb", "--module", "fakenp", "--report",
                   str(root / "report.md"), "--failures", str(root / "failures.md"),
                   "--json", str(out), "--jobs", "3"]) == 0
    report = (root / "report.md").read_text()
    assert "| **all** | 1 | 12 | 9 |" in report  # 12 cells, 3 not counted
    assert "not served: np.cumsum" in (root / "failures.md").read_text()
    return {v["index"]: v for v in json.loads(out.read_text())}


MODES = ("cell", "top") if hasattr(os, "fork") else ("top",)  # cell by cell forks


def test_passing_cells(verdicts):
    for i in (1, 8, 11):
        assert verdicts[i]["skip"] is None
        assert all(verdicts[i][m] is None for m in MODES), verdicts[i]


def test_output_and_errors(verdicts):
    for m in MODES:
        assert verdicts[2][m] == "printed output differs: numbers"
        assert "numpy '10' vs swap-in '11'" in verdicts[2][f"{m}_detail"]
        assert verdicts[3][m] == "not served: np.cumsum"
        assert verdicts[7][m] == "a result is a plain numpy.ndarray, not an aiarray Array"


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the cell-by-cell run forks")
def test_cell_by_cell_starts_from_numpys_state(verdicts):
    assert verdicts[4]["cell"] is None  # c comes from NumPy's run, converted
    assert verdicts[4]["top"].startswith("NameError")  # cell 3 failed before it


def test_cells_not_counted(verdicts):
    assert verdicts[5]["skip"] == "IPython magic %timeit"
    assert verdicts[6]["skip"] == "missing package nosuchpackage_for_the_test"
    assert verdicts[10]["skip"] == "fails under NumPy (ZeroDivisionError)"
    assert verdicts[9]["skip"] is None and verdicts[9]["output_compared"] is False
    assert all(verdicts[9][m] is None for m in MODES)  # it runs; its output is not compared


def test_reading_myst_and_markdown(tmp_path):
    myst = tmp_path / "a.md"
    myst.write_text("# Title\n\n```{code-cell}\nimport numpy as np\n```\n\ntext\n\n"
                    "```{code-cell} ipython3\n:tags: [raises-exception]\n\n"
                    "np.ones(2) + np.ones(3)\n```\n\n"
                    "```{code-cell}\n---\ntags: [hide-output]\n---\nx = 1\n"
                    "%matplotlib inline\n```\n")
    cells = C.read_cells(myst)
    assert [c.source for c in cells] == ["import numpy as np\n", "\nnp.ones(2) + np.ones(3)\n",
                                         "x = 1\n"]
    assert [c.tags for c in cells] == [[], ["raises-exception"], ["hide-output"]]
    md = tmp_path / "b.md"
    md.write_text("#### 1\n\n```python\nZ = 1\nprint(Z)\n```\n```python\nnp.info?\n```\n")
    cells = C.read_cells(md)
    assert [c.source for c in cells] == ["Z = 1\nprint(Z)\n", "np.info?\n"]
    assert cells[1].skip == "not Python 3 syntax (IPython help or Python 2)"


def test_normaliser_changes_only_what_it_documents():
    n = C.normalise
    assert n("Array([1, 2])", "aiarray.numpy") == "array([1, 2])"
    assert n("<class 'aiarray.Array'>", "aiarray.numpy") == "<class 'numpy.ndarray'>"
    assert n("<object at 0x7f3a2b>", "m") == "<object at 0x?>"
    assert n("<module 'aiarray.numpy' from '/x/y.py'>", "aiarray.numpy") == "<module 'numpy'>"
    assert n("NamedArray([1])", "m") == "NamedArray([1])"  # another class keeps its name
    assert n("array([1, 2], dtype=int32)", "m") == "array([1, 2], dtype=int32)"


def test_output_causes():
    zero_d = "printed output differs: a 0-d array where NumPy gives a NumPy scalar"
    assert C.output_cause("np.int64(45)\n", "array(45)\n") == zero_d
    assert C.output_cause("[np.True_, np.float64(1.5)]", "[array(True), array(1.5)]") == zero_d
    assert C.output_cause("array([1, 2], dtype=int32)", "array([1, 2])") == (
        "printed output differs: the dtype shown")
    assert C.output_cause("[1 2]", "[1  2]") == "printed output differs: spacing only"
    assert C.output_cause("0.5", "0.25") == "printed output differs: numbers"
    assert C.output_cause("absolute", "abs") == "printed output differs"

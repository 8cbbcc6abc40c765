"""The real-program benchmark's programs (benchmarks/programs/) at a small size: each
program's results under the swap-in (``aiarray.numpy``) agree with its results under
NumPy, by the comparison the benchmark's runner uses (``run.compare``)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import numpy
import pytest
from _scripts import load_script

import aiarray.numpy as anp

ROOT = Path(__file__).resolve().parent.parent


def _load_runner() -> ModuleType:
    return load_script("benchmarks/programs/run.py", "benchmarks_programs_run")


RUN = _load_runner()
SCALE = 0.05  # each program in well under a second under NumPy


@pytest.mark.parametrize("name", RUN.PROGRAMS)
def test_program_matches_numpy(name: str) -> None:
    program = RUN.load_program(name)
    expected = program.run(numpy, SCALE)
    actual = program.run(anp, SCALE)
    problem = RUN.compare(expected, actual, RUN.tolerance_for(program))
    assert problem is None, problem


def test_compare_finds_each_kind_of_difference() -> None:
    ref = {"loss": numpy.float64(0.5), "w": numpy.ones(3, dtype=numpy.float32),
           "labels": numpy.arange(4), "names": ["a", "b"]}
    assert RUN.compare(ref, dict(ref)) is None
    assert RUN.compare(ref, {**ref, "loss": 0.5 * (1 + 1e-9)}) is None
    assert RUN.compare(ref, {**ref, "loss": 0.5 * (1 + 1e-5)}).startswith("loss:")
    assert RUN.compare(ref, {**ref, "w": numpy.ones(3)}).startswith("w: dtype")
    assert RUN.compare(ref, {**ref, "w": numpy.ones(4, "f4")}).startswith("w: shape")
    assert RUN.compare(ref, {**ref, "labels": numpy.array([0, 1, 2, 4])}).startswith("labels:")
    assert RUN.compare(ref, {**ref, "names": ["a", "c"]}).startswith("names[1]:")
    assert "keys differ" in RUN.compare(ref, {"loss": ref["loss"]})
    assert RUN.compare({"x": numpy.float64(1.0)}, {"x": anp.asarray(1.0)}) is None

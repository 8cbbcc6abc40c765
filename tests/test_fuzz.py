"""The fuzzer in the default test run (issue 13, item 11), and tests of the fuzzer itself.

``test_bounded_fuzz_run`` fuzzes every public callable for a bounded number of calls
in subprocess batches; the long run is one command, documented in docs/reliability.md:

    python -m tests.fuzz --calls 100000 --seed 13 --jobs 2

The other tests check that the harness would catch what it is there to catch: an
exception outside the six standard types, one without ``.status``, a changed input,
a crash and a hang.
"""

from __future__ import annotations

import importlib
import inspect
import os

import fuzz
import numpy as np
import pytest

import aiarray as aa

CALLS = int(os.environ.get("AIARRAY_FUZZ_CALLS", "2000"))
SEED = int(os.environ.get("AIARRAY_FUZZ_SEED", "20261"))


def test_bounded_fuzz_run():
    res = fuzz.run_batches(CALLS, SEED, batch_size=1000, jobs=2, timeout=60, memory=4,
                           verbose=False)
    assert res["calls"] == CALLS, fuzz.summary(res)
    assert not res["crashes"], fuzz.summary(res)
    assert not res["violations"], fuzz.summary(res)
    assert res["raised"] > CALLS // 4 and res["outcomes"].get("ok", 0) > CALLS // 10


def test_every_public_callable_is_a_target():
    names = {t.name for t in fuzz.targets()}
    for module_name in ("aiarray", *(f"aiarray.{m}" for m in fuzz.SUBMODULES)):
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        for name in module.__all__:
            obj = getattr(module, name)
            if not callable(obj) or inspect.ismodule(obj) or fuzz._skip_name(obj):
                continue
            assert f"{module_name}.{name}" in names, f"{module_name}.{name} is not fuzzed"
    for op in ("__add__", "__iadd__", "__getitem__", "__setitem__", "__matmul__", "__imatmul__",
               "__index__", "__iter__", "__len__", "__bool__"):
        assert f"Array.{op}" in names, op
    assert "Array.to_device" in names and "SparseArray.todense" in names


def _target(func, inplace=False):
    return fuzz.Target("planted", func, tuple(inspect.signature(func).parameters.values()),
                       inplace=inplace)


def test_the_checker_flags_each_kind_of_violation():
    def bare_value_error(x):
        raise ValueError("no status")

    def runtime_error(x):
        raise RuntimeError("wrong type")

    def writes(x):
        x._array[...] = 7

    def raises_after_writing(x):
        x._array[...] = 7
        raise aa.InvalidArgumentError("too late")

    def fine(x):
        raise aa.OutOfRangeError("with a status")

    x = aa.zeros(3)
    assert fuzz.check_call(_target(fine), [x], {}, aa) == ("OutOfRangeError", [])
    _, problems = fuzz.check_call(_target(bare_value_error), [x], {}, aa)
    assert problems and "without .status" in problems[0]
    _, problems = fuzz.check_call(_target(runtime_error), [x], {}, aa)
    assert any("not one of the six" in p for p in problems)
    _, problems = fuzz.check_call(_target(writes), [aa.zeros(3)], {}, aa)
    assert problems and "changed input" in problems[0]
    _, problems = fuzz.check_call(_target(writes, inplace=True), [aa.zeros(3)], {}, aa)
    assert problems == []  # an in-place target may change its first argument ...
    _, problems = fuzz.check_call(_target(raises_after_writing, inplace=True), [aa.zeros(3)],
                                  {}, aa)
    assert problems and "changed input" in problems[0]  # ... only when it succeeds
    masked = np.ma.masked_array([1.0, 2.0], [0, 1])
    _, problems = fuzz.check_call(_target(lambda m: m.mask.__setitem__(0, True)), [masked],
                                  {}, aa)
    assert problems and "changed input" in problems[0]


@pytest.mark.parametrize("plant", ["crash", "hang"])
def test_a_crash_or_hang_in_a_batch_is_reported(plant):
    res = fuzz.run_batches(3, 1, batch_size=3, jobs=1, timeout=2, memory=4, verbose=False,
                           plant=plant)
    assert len(res["crashes"]) == 1 and res["crashes"][0]["last_call"] == f"planted.{plant}()"
    assert "CRASH" in fuzz.summary(res)

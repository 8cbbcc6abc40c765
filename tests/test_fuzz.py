"""The fuzzer in the default test run (issue 13, item 11), and tests of the fuzzer itself.

``test_bounded_fuzz_run`` fuzzes every public callable for a bounded number of calls
in subprocess batches; the long run is one command, documented in docs/reliability.md:

    python -m tests.fuzz --calls 100000 --seed 13 --jobs 2

The other tests check that the harness would catch what it is there to catch: an
exception outside the six standard types, one without ``.status``, a changed input,
a crash and a hang.
"""

from __future__ import annotations

import dataclasses
import fnmatch
import importlib
import inspect
import os

import fuzz
import fuzz_rules as rules
import numpy as np
import pytest

import aiarray as aa
import aiarray.numpy as anp

CALLS = int(os.environ.get("AIARRAY_FUZZ_CALLS", "4000"))
SEED = int(os.environ.get("AIARRAY_FUZZ_SEED", "20261"))


def test_bounded_fuzz_run():
    res = fuzz.run_batches(CALLS, SEED, batch_size=1000, jobs=2, timeout=60, memory=4,
                           verbose=False)
    assert res["calls"] == CALLS, fuzz.summary(res)
    assert not res["crashes"], fuzz.summary(res)
    assert not res["violations"], fuzz.summary(res)
    assert res["raised"] > CALLS // 4 and res["outcomes"].get("ok", 0) > CALLS // 10


def _public_callables():
    """(module name, name, object) of every callable in a public module's __all__."""
    for module_name, module in fuzz.public_modules():
        for name in module.__all__:
            obj = getattr(module, name)
            if callable(obj) and not inspect.ismodule(obj) and not fuzz._skip_name(obj):
                yield module_name, name, obj


def test_every_public_callable_is_a_target():
    names = {t.name for t in fuzz.targets()}
    modules = {m for m, _ in fuzz.public_modules()}
    assert {"aiarray.numpy", "aiarray.numpy.linalg", "aiarray.numpy.random",
            "aiarray.numpy.polynomial.chebyshev", "aiarray.numpy.testing",
            "aiarray.numpy.lib.stride_tricks", "aiarray.numpy.emath", "aiarray.fft"} <= modules
    for module_name, name, _ in _public_callables():
        full = f"{module_name}.{name}"
        assert full in names or full in rules.EXCLUDED, f"{full} is not fuzzed"
    assert "aiarray.numpy.fromstring" in names  # a builtin: its docstring's signature
    for op in ("__add__", "__iadd__", "__getitem__", "__setitem__", "__matmul__", "__imatmul__",
               "__index__", "__iter__", "__len__", "__bool__"):
        assert f"Array.{op}" in names and f"NumpyArray.{op}" in names, op
    assert "Array.to_device" in names and "SparseArray.todense" in names
    for u in fuzz.METHOD_UFUNCS:
        for method in fuzz.UFUNC_METHODS:
            assert f"aiarray.numpy.{u}.{method}" in names
    for method in ("aiarray.numpy.random.Generator.shuffle", "aiarray.numpy.random.RandomState"
                   ".randint", "aiarray.numpy.poly1d.deriv", "aiarray.numpy.NpzFile.keys",
                   "aiarray.numpy.polynomial.Polynomial.fit", "aiarray.numpy.r_.__getitem__",
                   "aiarray.numpy.flatiter.__setitem__"):
        assert method in names, method


def test_the_rules_tables_are_current():
    """Every entry of tests/fuzz_rules.py names targets that exist and gives a reason;
    the targets served as NumPy's own classes are NumPy's very objects."""
    ts = fuzz.targets()
    names = [t.name for t in ts]
    for table in (rules.WRITES, rules.CHANGES_STATE, rules.ANSWERS, rules.WORK):
        for pattern in table:
            assert fnmatch.filter(names, pattern), f"{pattern} matches no target"
    for w in rules.WRITES.values():
        assert w.params and w.reason
    for pattern, (settings, reason, _) in rules.CHANGES_STATE.items():
        assert settings and reason and set(settings) <= set(rules.STATE), pattern
    assert all(reason for reason in rules.EXCLUDED.values())
    for full in rules.EXCLUDED:  # each names a public callable that exists
        module, _, name = full.rpartition(".")
        assert name in importlib.import_module(module).__all__, full
    for pattern, (params, reason) in rules.WORK.items():
        assert reason and all(any(p.name in params for p in t.params)
                              for t in ts if fnmatch.fnmatchcase(t.name, pattern)), pattern
    own = [t for t in ts if t.own]
    assert len(own) > 50
    for t in own:
        module, _, name = t.name.rpartition(".")
        theirs = importlib.import_module(module.replace("aiarray.", "", 1))
        assert getattr(theirs, name, None) is t.call or t.call.__module__.startswith(
            ("unittest", "numpy.testing")), t.name
    assert all(t.positional_out == t.call.nin for t in ts if isinstance(
        t.call, anp.ufunc)) and any(t.positional_out > 0 for t in ts)


def test_global_settings_are_restored_and_their_changes_caught():
    before = rules.state()
    setter = _target(lambda: anp.seterr(all="raise"))
    outcome, problems = fuzz.check_call(setter, [], {}, aa)
    assert outcome == "ok" and problems == ["changed process state: NumPy's floating-point "
                                            "error handling (ok)"]
    assert np.geterr() == before["NumPy's floating-point error handling"]  # restored
    allowed = dataclasses.replace(setter, state=frozenset(
        {"NumPy's floating-point error handling"}))
    assert fuzz.check_call(allowed, [], {}, aa) == ("ok", [])
    draw = next(t for t in fuzz.targets() if t.name == "aiarray.numpy.random.rand")
    assert fuzz.check_call(draw, [2], {}, aa) == ("ok", [])  # draws from the global stream
    assert rules.changed_state(before, rules.state()) == []


def _target(func, inplace=False, writes=()):
    return fuzz.Target("planted", func, tuple(inspect.signature(func).parameters.values()),
                       inplace=inplace, writes=writes)


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
    out_rule = (rules.Writes(("out",), "the test's out"),)

    def into_out(x, out=None):
        out._array[...] = 5

    def into_out_then_raise(x, out=None):
        out._array[...] = 5
        raise aa.InvalidArgumentError("too late")

    y = aa.zeros(3)
    assert fuzz.check_call(_target(into_out, writes=out_rule), [aa.zeros(3)],
                           {"out": y}, aa) == ("ok", [])  # out= may change ...
    assert fuzz.check_call(_target(into_out, writes=out_rule), [aa.zeros(3), y], {},
                           aa) == ("ok", [])  # ... given by position too ...
    base = aa.zeros(4)
    view = aa.reshape(base, (2, 2))
    assert fuzz.check_call(_target(into_out, writes=out_rule), [base], {"out": view},
                           aa) == ("ok", [])  # ... and what shares its memory ...
    _, problems = fuzz.check_call(_target(into_out), [aa.zeros(3)], {"out": aa.zeros(3)}, aa)
    assert problems and "changed input" in problems[0]  # ... only when the rules say so
    _, problems = fuzz.check_call(_target(into_out_then_raise, writes=out_rule),
                                  [aa.zeros(3)], {"out": aa.zeros(3)}, aa)
    assert problems and "changed input" in problems[0]  # ... and the call succeeds
    tagged = aa.zeros(3)
    _, problems = fuzz.check_call(_target(lambda x: setattr(x, "_numpy", True)), [tagged],
                                  {}, aa)
    assert problems and "changed input" in problems[0]  # the namespace tag is checked
    answer = dataclasses.replace(_target(lambda x: anp.testing.assert_equal(x, 1)),
                                 answers=(AssertionError,))
    assert fuzz.check_call(answer, [aa.zeros(3)], {}, aa) == ("AssertionError", [])
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

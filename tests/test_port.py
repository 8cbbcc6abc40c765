"""``python -m aiarray port``: the report on real porting scripts (tests/data/port).

Each script marks the lines the report must name with a ``# port: <tag>`` comment;
the expected dtypes and table cells are the rules of docs/promotion.md (the Ascend
tables as transcribed in golden_promotion.py, NumPy's own promotion for the numpy
policy), not the tool's output.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from golden_promotion import TENSOR_SCALAR, TENSOR_TENSOR

from aiarray import _port

DATA = Path(__file__).resolve().parent / "data" / "port"


def marker(script: str, tag: str) -> int:
    """The line number of ``# port: tag`` in a script."""
    lines = (DATA / script).read_text().splitlines()
    return next(i for i, line in enumerate(lines, 1) if line.endswith(f"# port: {tag}"))


_REPORTS: dict[tuple[str, ...], tuple[int, str]] = {}


def port(script: str, *options: str, capsys: pytest.CaptureFixture) -> tuple[int, dict]:
    """Run the command in this process (its two runs are child processes), once per
    script and options: the tests only read the report."""
    key = (script, *options)
    if key not in _REPORTS:
        if "--sequential" in options:  # the default; the other tests save time with both at once
            options = tuple(o for o in options if o != "--sequential")
        else:
            options = ("--parallel", *options)
        code = _port.main([*options, "--json", str(DATA / script)])
        _REPORTS[key] = (code, capsys.readouterr().out)
    code, out = _REPORTS[key]
    return code, json.loads(out)


def ascend_tt(a: str, b: str) -> str | None:
    return TENSOR_TENSOR[(a, b)]


def rule_cells(report: dict, policy: str) -> tuple[str, str, str, str | None]:
    e = report["first_divergence"]["rules"][policy]
    return e["table"], e["row"], e["column"], e["result"]


def test_uint8_image_divided_by_a_python_float(capsys):
    code, r = port("image_xp.py", capsys=capsys)
    assert code == 1
    first = r["first_divergence"]
    assert (first["line"], first["op"], first["kind"]) == (marker("image_xp.py", "first"),
                                                          "divide", "dtype")
    assert first["results"]["numpy"]["dtype"] == str(np.result_type(np.uint8, 255.0))
    # the Ascend TensorScalar table: a Python float uses the f32 row
    assert first["results"]["ascend"]["dtype"] == "float32" == {
        "f32": "float32"}[TENSOR_SCALAR[("f32", "u8")]]
    assert rule_cells(r, "ascend") == ("tensor-scalar", "f32", "u8", "float32")
    assert rule_cells(r, "numpy") == ("numpy", "py-float", "u8", "float64")
    assert "default float" in first["rules"]["numpy"]["note"]
    # img * 0.1 starts a second difference; the astype to float32 then differs in values
    s = r["summary"]
    assert s["origins"] == 2 and s["inherited"] >= 1
    by_op = {d["op"]: d for d in r["differences"] if d["line"] == marker("image_xp.py", "values")}
    values, astype = by_op["multiply"], by_op["astype"]
    assert values["kind"] == "dtype" and values["origin"]
    assert astype["kind"] == "values" and not astype["origin"]
    flat = np.asarray([0, 9, 64, 128, 200, 255])
    ref = (flat * 0.1).astype(np.float32)
    tgt = flat.astype(np.float32) * np.float32(0.1)
    first_bad = int(np.flatnonzero(ref != tgt)[0])
    assert astype["values"]["index"] == first_bad
    assert float(astype["values"]["reference"]) == float(ref[first_bad])
    assert float(astype["values"]["target"]) == float(tgt[first_bad])
    assert r["output"]["line"] == 2  # "pixels: ..." agrees, the centred image does not
    assert first["hint"].startswith("ascend keeps float32 where numpy widens to float64")


def test_uint16_with_float32_raises_under_ascend(capsys):
    code, r = port("counts_xp.py", capsys=capsys)
    assert code == 1
    first = r["first_divergence"]
    assert (first["line"], first["op"], first["kind"]) == (marker("counts_xp.py", "first"),
                                                          "multiply", "error")
    assert ascend_tt("u16", "f32") is None  # N/A in the Ascend table
    assert rule_cells(r, "ascend") == ("tensor-tensor", "u16", "f32", None)
    assert first["results"]["ascend"]["error"]["type"] == "TypeMismatchError"
    assert "uint16" in first["results"]["ascend"]["error"]["message"]
    assert first["results"]["numpy"]["dtype"] == str(np.promote_types(np.uint16, np.float32))
    assert r["runs"]["ascend"]["error"]["line"] == first["line"]
    assert r["runs"]["numpy"]["completed"] and not r["runs"]["ascend"]["completed"]
    assert first["hint"] == ("ascend has no rule for these operands: convert one explicitly "
                             "before the operation (to float32 for numpy's result)")


def test_float16_and_bfloat16_with_int16(capsys):
    code, r = port("halfprec_xp.py", capsys=capsys)
    assert code == 1
    first = r["first_divergence"]
    assert (first["line"], first["op"]) == (marker("halfprec_xp.py", "first"), "multiply")
    assert first["results"]["numpy"]["dtype"] == str(np.promote_types(np.float16, np.int16))
    assert first["results"]["ascend"]["dtype"] == {"f16": "float16"}[ascend_tt("f16", "s16")]
    groups = {g["locations"][0]["line"]: g for g in r["summary"]["by_rule"]}
    bf16 = groups[marker("halfprec_xp.py", "bf16")]
    assert bf16["rules"]["ascend"]["result"] == "bfloat16" == {"bf16": "bfloat16"}[
        ascend_tt("bf16", "s16")]
    assert bf16["rules"]["numpy"]["result"] == "float32"
    assert r["summary"]["origins"] == 2  # f16 * bf16 and f16 + 1 agree under both


def test_division_by_python_floats_and_the_path_it_changes(capsys):
    code, r = port("division_xp.py", capsys=capsys)
    assert code == 1
    first = r["first_divergence"]
    assert (first["line"], first["op"]) == (marker("division_xp.py", "first"), "divide")
    assert rule_cells(r, "ascend")[:3] == ("tensor-scalar", "f32", "s32")
    big = next(d for d in r["differences"] if d["line"] == marker("division_xp.py", "big"))
    assert big["rules"]["ascend"]["result"] == "float32"  # int64 / 2.0 is float32 on Ascend
    assert big["rules"]["numpy"]["result"] == "float64"
    # the script branches on the dtype: the runs go different ways after it
    assert r["path"]["reference"]["line"] == marker("division_xp.py", "path")
    assert r["path"]["target"]["op"] == "max"
    assert r["output"]["reference"] == f"exact enough: {float(2**40 + 1)}"


def test_python_scalars(capsys):
    code, r = port("scalars_xp.py", capsys=capsys)
    assert code == 1
    first = r["first_divergence"]
    assert (first["line"], first["op"]) == (marker("scalars_xp.py", "first"), "multiply")
    assert first["results"]["numpy"]["dtype"] == str(np.result_type(np.int8, 1.5))
    assert r["summary"]["differing"] == 1  # int8 + 1, bool + 1 and float32 + 1j agree
    assert r["output"] is None


def test_a_script_that_agrees_exits_0(capsys):
    code, r = port("same_xp.py", "--sequential", capsys=capsys)
    assert code == 0
    assert r["first_divergence"] is None and r["output"] is None and r["path"] is None
    assert r["summary"]["operations"] == r["runs"]["numpy"]["operations"] > 0


def test_a_script_failing_under_both_exits_3(capsys):
    code, r = port("fails_xp.py", capsys=capsys)
    assert code == 3
    for policy in ("numpy", "ascend"):
        err = r["runs"][policy]["error"]
        assert err["type"] == "ScalarOverflowError"
        assert err["line"] == marker("fails_xp.py", "fails")


def test_text_report(capsys):
    code, report = port("counts_xp.py", capsys=capsys)
    text = _port.render(report)
    assert code == 1
    line = marker("counts_xp.py", "first")
    assert f"counts_xp.py:{line}, multiply (*): one run raises an error here" in text
    assert "weighted = hist * weights" in text
    assert "tensor-tensor table, row u16, column f32" in text
    assert "Exit status 1: the runs differ." in text


def test_target_and_reference_policies_are_selectable(capsys):
    code, r = port("halfprec_xp.py", "--reference", "ascend", "--target", "mindspore",
                   capsys=capsys)
    assert code == 1
    assert r["policies"] == ["ascend", "mindspore"]
    first = r["first_divergence"]  # MindSpore has no bfloat16 promotion with float16
    assert first["kind"] == "error" and first["rules"]["mindspore"]["result"] is None


def test_command_line_errors_exit_2(tmp_path):
    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "aiarray", "port", *args],
                              capture_output=True, text=True, check=False)

    r = run(str(tmp_path / "missing.py"))
    assert r.returncode == 2 and "missing.py" in r.stderr
    r = run("--reference", "ascend", str(DATA / "same_xp.py"))
    assert r.returncode == 2 and "same policy" in r.stderr
    r = run("--help")
    assert r.returncode == 0 and "Exit status" in r.stdout


def test_tracing_is_not_installed_in_a_normal_run():
    code = ("import sys, aiarray; x = aiarray.ones(3); "
            "print(any(m.startswith('aiarray._port') for m in sys.modules), "
            "hasattr(type(x).__add__, '__wrapped_by_port__'))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       check=True)
    assert r.stdout.split() == ["False", "False"]


def record(op: str, line: int, args: list, result: dict) -> dict:
    return {"event": "op", "file": "s.py", "line": line, "op": op, "args": args,
            "kwargs": {}, "result": result}


def arr(dtype: str, *values: str) -> dict:
    return {"kind": "array", "dtype": dtype, "shape": [len(values)],
            "digest": "|".join(values), "preview": list(values)}


def test_compare_classifies_values_paths_and_origins():
    x = arr("float32", "1.0", "2.0")
    ref = _port.Run("numpy", ops=[record("sqrt", 1, [x], arr("float32", "1.0", "1.4142135")),
                                  record("sum", 2, [x], arr("float32", "3.0")),
                                  record("max", 3, [x], arr("float32", "2.0"))])
    tgt = _port.Run("ascend", ops=[record("sqrt", 1, [x], arr("float32", "1.0", "1.4142137")),
                                   record("sum", 2, [x], arr("float32", "3.0")),
                                   record("min", 4, [x], arr("float32", "1.0"))])
    cmp = _port.compare(ref, tgt, ("numpy", "ascend"))
    (diff,) = cmp["differences"]
    assert (diff["kind"], diff["origin"], diff["line"]) == ("values", True, 1)
    assert diff["values"]["index"] == 1
    assert diff["values"]["max_abs"] == pytest.approx(2e-7)
    assert "rules" not in diff  # one operand: no promotion rule to blame
    assert cmp["path"] == {"index": 2, "reference": {"file": "s.py", "line": 3, "op": "max"},
                           "target": {"file": "s.py", "line": 4, "op": "min"}}


def test_a_numpy_script_runs_on_the_swap_in(capsys):
    code, r = port("image_np.py", capsys=capsys)
    assert code == 1
    assert r["imports"] == [{"line": 3, "from": "numpy", "to": "aiarray.numpy"}]
    first = r["first_divergence"]
    assert (first["line"], first["op"]) == (marker("image_np.py", "first"), "divide")
    assert first["results"]["numpy"]["dtype"] == str(np.result_type(np.uint8, 255.0))
    assert rule_cells(r, "ascend") == ("tensor-scalar", "f32", "u8", "float32")
    ops = {d["op"] for d in r["differences"]}
    assert {"Array.mean", "subtract"} <= ops  # methods and operators are traced
    assert r["output"]["reference"] == "scaled: float64 1.0"
    assert r["output"]["target"] == "scaled: float32 1.0"


def test_integer_statistics_and_integer_times_float32(capsys):
    code, r = port("stats_np.py", capsys=capsys)
    assert code == 1
    first = r["first_divergence"]  # int32 mean: NumPy's float64, GB/T's float32
    assert (first["line"], first["op"]) == (marker("stats_np.py", "mean"), "Array.mean")
    assert first["results"]["numpy"]["dtype"] == str(np.arange(3, dtype=np.int32).mean().dtype)
    assert rule_cells(r, "ascend") == ("int-to-float", "s32", "mean", "float32")
    weights = next(d for d in r["differences"] if d["line"] == marker("stats_np.py", "weights"))
    assert weights["origin"] and weights["op"] == "multiply"
    assert weights["results"]["numpy"]["dtype"] == str(np.promote_types(np.int32, np.float32))
    assert weights["results"]["ascend"]["dtype"] == {"f32": "float32"}[ascend_tt("s32", "f32")]
    assert weights["rules"]["numpy"]["note"].startswith("integer with floating")


def test_max_ops_bounds_the_trace(capsys):
    code, r = port("same_xp.py", "--max-ops", "3", capsys=capsys)
    assert code == 0
    for policy in ("numpy", "ascend"):
        assert r["runs"][policy]["operations"] == 3
        assert r["runs"][policy]["truncated"]
    assert "(trace truncated)" in _port.render(r)


def test_integer_input_of_floating_valued_ops(capsys):
    code, r = port("intfloat_np.py", capsys=capsys)
    assert code == 1
    first = r["first_divergence"]
    assert (first["line"], first["op"]) == (marker("intfloat_np.py", "first"), "divide")
    ints = np.array([3], dtype=np.int32)
    assert first["results"]["numpy"]["dtype"] == str((ints / ints).dtype)
    assert rule_cells(r, "numpy") == ("int-to-float", "s32", "divide", "float64")
    assert rule_cells(r, "ascend") == ("int-to-float", "s32", "divide", "float32")
    sin = next(d for d in r["differences"] if d["line"] == marker("intfloat_np.py", "sin"))
    assert sin["results"]["numpy"]["dtype"] == str(np.sin(np.int8(1)).dtype)  # float16
    assert sin["rules"]["ascend"]["result"] == "float32"


def test_numpy_functions_applied_to_arrays_are_traced(capsys):
    code, r = port("protocols_np.py", capsys=capsys)
    assert code == 1
    assert r["imports"] == []  # aiarray.numpy already; importlib's NumPy is left alone
    first = r["first_divergence"]
    assert (first["line"], first["op"]) == (marker("protocols_np.py", "ufunc"), "numpy.sin")
    assert first["results"]["numpy"]["dtype"] == str(np.sin(np.int8(1)).dtype)
    assert rule_cells(r, "ascend") == ("int-to-float", "s8", "sin", "float32")
    ops = [(d["line"], d["op"]) for d in r["differences"]]
    assert ops == [(marker("protocols_np.py", "ufunc"), "numpy.sin"),
                   (marker("protocols_np.py", "function"), "numpy.mean")]
    assert r["differences"][1]["rules"]["numpy"]["column"] == "mean"


def test_numpy_imports_are_rewritten_and_others_left_alone():
    import ast

    from aiarray._swap_imports import swap_tree

    source = ("import numpy as np\nimport numpy\nimport numpy.linalg as la\n"
              "from numpy import sin, pi\nfrom numpy.fft import fft\nimport numpy.typing as npt\n"
              "import math, numpy as n2\nfrom . import numpy\n")
    tree = ast.parse(source)
    changes = swap_tree(tree)
    ns: dict = {"__name__": "swap_test", "__package__": None}
    exec(compile(ast.Module(body=tree.body[:7], type_ignores=[]), "<test>", "exec"), ns)
    import numpy
    import numpy.typing

    import aiarray.numpy as anp

    assert ns["np"] is anp and ns["numpy"] is anp and ns["n2"] is anp
    assert ns["la"] is anp.linalg and ns["fft"] is anp.fft.fft and ns["sin"] is anp.sin
    assert ns["npt"] is numpy.typing  # aiarray.numpy has no typing: the real one stays
    assert [c["line"] for c in changes] == [1, 2, 3, 4, 5, 7]
    assert tree.body[7].names[0].name == "numpy" and tree.body[7].level == 1  # relative: as is


def test_runs_one_after_the_other_keep_their_files_apart(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the script writes scaled.npy here
    code, r = port("files_np.py", "--sequential", capsys=capsys)
    assert code == 1
    load = next(d for d in r["differences"] if d["line"] == marker("files_np.py", "load"))
    assert load["results"]["numpy"]["dtype"] == "float64"  # each run reads its own file
    assert load["results"]["ascend"]["dtype"] == "float32"
    assert r["output"] == {"line": 1, "reference": "float64", "target": "float32"}


def test_scalar_code_is_traced_and_follows_the_policy(capsys):
    """Element access gives NumPy's scalars; under the port's runs their arithmetic is
    traced and follows each policy, so a divergence in scalar code is found."""
    code, r = port("scalars_np.py", capsys=capsys)
    assert code == 1
    first = r["first_divergence"]
    assert (first["line"], first["op"]) == (marker("scalars_np.py", "scalar division"),
                                            "divide")
    ints = np.array([3, 7], dtype=np.int32)
    assert first["results"]["numpy"]["dtype"] == str((ints[0] / ints[1]).dtype)  # float64
    assert rule_cells(r, "ascend") == ("int-to-float", "s32", "divide", "float32")
    loop = next(d for d in r["differences"] if d["line"] == marker("scalars_np.py", "loop"))
    assert loop["results"]["numpy"]["dtype"] == str((np.float16(0.5) * ints[0]).dtype)
    assert r["runs"]["numpy"]["status"] == r["runs"]["ascend"]["status"] == "exit 0"

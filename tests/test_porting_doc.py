"""docs/porting.md shows what the code does: its dtype table and its sample report."""

from __future__ import annotations

import re
import subprocess
import sys
import warnings
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

import aiarray as xp

ROOT = Path(__file__).resolve().parent.parent
PAGE = (ROOT / "docs" / "porting.md").read_text()
ROW = re.compile(r"^\| `([^`]+)` \| (\w+) \| (\w+) \| (\w+) \|", re.M)
NAMES = ("uint8", "int8", "int16", "int32", "int64", "uint16", "uint64", "float16",
         "float32", "bfloat16", "bool")


def namespace(lib: object) -> dict[str, object]:
    """``<dtype>_array`` = [1, 2, 3] of that dtype in ``lib``, and the functions used."""
    ns: dict[str, object] = {}
    for name in NAMES:
        if lib is np:
            dt = {"bfloat16": ml_dtypes.bfloat16, "bool": np.bool_}.get(name, name)
        else:
            dt = getattr(lib, name)
        ns[f"{name}_array"] = lib.asarray([1, 2, 3], dtype=dt)
    ns.update(sin=lib.sin, mean=lib.mean, asarray=lib.asarray)
    return ns


def outcome(expr: str, lib: object) -> str:
    """The result's dtype name, or the standard exception class the expression raised."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return str(eval(expr, namespace(lib)).dtype)
        except (TypeError, ValueError, OverflowError) as exc:
            return next(c.__name__ for c in type(exc).__mro__
                        if c.__module__ == "builtins")


ROWS = ROW.findall(PAGE)


def test_the_table_has_its_rows():
    assert len(ROWS) >= 15


@pytest.mark.parametrize(("expr", "numpy_", "swap_in", "ascend"), ROWS, ids=[r[0] for r in ROWS])
def test_dtype_table_row(expr, numpy_, swap_in, ascend):
    import aiarray.numpy as anp

    assert outcome(expr, np) == numpy_
    assert outcome(expr, anp) == swap_in
    assert xp.get_promotion_policy() == "ascend"
    assert outcome(expr, xp) == ascend


def test_sample_report_is_current():
    block = re.search(r"\$ (python -m aiarray port \S+)\n(.*?)\n```", PAGE, re.S)
    command, shown = block.group(1), block.group(2)
    r = subprocess.run([sys.executable, *command.split()[1:]], cwd=ROOT, capture_output=True,
                       text=True, check=False)
    assert r.returncode == 1
    assert r.stdout.rstrip() == shown.rstrip(), (
        f"docs/porting.md shows an old report: rerun `{command}` from the repository root")

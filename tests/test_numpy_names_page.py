"""docs/numpy-names.md is generated from aiarray.numpy's status data and is current."""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import numpy_names  # noqa: E402 - the generator is a script in tools/

PAGE = ROOT / "docs" / "numpy-names.md"
ROW = re.compile(r"^\| `([\w.]+)` \| (adapted|served|not served) \| (.*) \|$")


def page_rows() -> dict[str, str]:
    """name (with its namespace prefix) -> status, read back from the page."""
    out, prefix = {}, ""
    for line in PAGE.read_text().splitlines():
        if line.startswith("## `numpy"):
            ns = line.strip("#` ")
            prefix = "" if ns == "numpy" else ns.removeprefix("numpy.") + "."
        m = ROW.match(line)
        if m:
            out[prefix + m.group(1)] = m.group(2)
    return out


def test_page_is_current():
    text = PAGE.read_text()
    listed = re.search(r"Every public name of NumPy ([\w.]+)'s", text).group(1)
    rows = numpy_names.rows()
    if listed == np.__version__:
        assert text == numpy_names.render(rows, listed), (
            "docs/numpy-names.md is stale: run python tools/numpy_names.py")
    else:  # another NumPy: the names both know keep the status the page gives
        page = page_rows()
        changed = {n: (page[n], st) for n, st, _ in rows if n in page and page[n] != st}
        assert not changed, changed


def test_every_numpy_name_is_listed_with_a_reason_when_not_served():
    rows = numpy_names.rows()
    names = {n for n, _, _ in rows}
    for ns, prefix in numpy_names.NAMESPACES:
        module = importlib.import_module(ns)
        listed = module.__all__ if ns == "numpy" else dir(module)  # (see test_numpy_swapin)
        public = {prefix + n for n in listed if not n.startswith("_")}
        assert public <= names, sorted(public - names)
    missing = [n for n, st, how in rows if st == "not served" and "no reason" in how]
    assert not missing, f"not served without a reason: {missing}"


def _lookup(name: str) -> object:
    module = importlib.import_module("aiarray.numpy")
    head, _, tail = name.rpartition(".")
    if head:
        module = getattr(module, head)
    return getattr(module, tail)


@pytest.mark.parametrize("status", ["adapted", "served"])
def test_served_names_resolve(status):
    for name, st, _ in numpy_names.rows():
        if st == status:
            _lookup(name)


def test_not_served_names_raise_attribute_error_naming_the_reason():
    for name, st, how in numpy_names.rows():
        if st != "not served":
            continue
        with pytest.raises(AttributeError) as info:
            _lookup(name)
        assert how.split(";")[0] in str(info.value), (name, str(info.value))

"""One record per elementwise op: everything else about an op is derived from its record.

The record (aiarray/_registry.py) carries the op's kernel expressions (or why NumPy's
loop is kept), its NumPy names and its summary.  Derived from the records: the kernel
tables (``_kernels/_table.py``) and kernels (tools/gen_kernels.py), the swap-in's map
(``aiarray.numpy._ufuncs.STANDARD``), and the spelled-out names that
tools/gen_elementwise.py writes (``_api/elementwise.py``, ``aiarray/__init__.py``,
docs/reference/elementwise.md) and the docstrings' examples (tools/reference_examples.py,
from inputs chosen by the record's category unless its table lists better ones).  Adding
an op therefore edits two files by hand, the record and its test row; the generators
write the rest.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from _kernel_tools import gen_kernels
from _scripts import load_script

import aiarray
import aiarray.numpy as anp
from aiarray._api import elementwise as _elementwise
from aiarray._dispatch import make_function
from aiarray._kernels import NUMBA_DTYPES
from aiarray._kernels import _table as T
from aiarray._registry import OPS, ElementwiseOp, numpy_names
from aiarray.numpy import _ufuncs

ROOT = Path(__file__).resolve().parent.parent

# What adding an op edits by hand, and why (issue 17's target: at most three files).
HAND_EDITED = {
    "aiarray/_registry.py": "the op's record",
    "tests/test_elementwise.py": "its test row (SPEC)",
}
# What adding an op may edit by hand, for a better result than the default.
OPTIONAL = {
    "tools/reference_examples.py": "example inputs in the op's domain (default: by category)",
}
# Files written by the generators from the records (each has a test that fails when stale).
GENERATED = {
    "aiarray/_api/elementwise.py", "aiarray/__init__.py", "docs/reference/elementwise.md",
    "aiarray/_api/_elementwise_examples.py", "aiarray/_kernels/_generated.py",
    "tests/_kernel_checks.py", "docs/numpy-names.md",
}
# Files that name ops for reasons of their own, not because the registry has them.
INDEPENDENT = {
    "aiarray/numpy/__init__.py": "NumPy's names: every NumPy ufunc, a registry op or not",
}

# A hypothetical op, made in memory: a binary NumPy ufunc of real floats that the registry
# does not have yet (logaddexp2 today), with a (hypothetical) kernel.
_NAME = next(n for n in ("logaddexp2", "fmax", "fmin", "heaviside", "fmod") if n not in OPS)
NEW = ElementwiseOp(_NAME, 2, "real floating-point", getattr(np, _NAME), to_float=True,
                    doc=f"NumPy's {_NAME}", kernel={"f": "math.log2(2.0 ** a + 2.0 ** b)"},
                    ulp=4)
WITH_NEW = {**OPS, NEW.name: NEW}


def tool(name: str) -> ModuleType:
    """tools/<name>.py (outside the package), freshly loaded."""
    return load_script(f"tools/{name}.py", name)


def gen_elementwise() -> ModuleType:
    return tool("gen_elementwise")


def all_of(source: str) -> list[str]:
    """The names of the module-level ``__all__ = [...]`` in ``source``."""
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            return list(ast.literal_eval(node.value))
    raise AssertionError("no __all__")


def elementwise_imports(source: str) -> list[str]:
    """The names ``from ._api.elementwise import (...)`` imports in ``source``."""
    return [a.name for node in ast.parse(source).body
            if isinstance(node, ast.ImportFrom) and node.module == "_api.elementwise"
            for a in node.names]


def made_lines(source: str) -> dict[str, str]:
    """``name = _unary("name")`` / ``_binary`` lines of ``source``: name -> factory."""
    return {m.group(1): m.group(2)
            for m in re.finditer(r'^(\w+) = _(unary|binary)\("\1"\)$', source, re.MULTILINE)}


def reference_list(text: str) -> list[str]:
    return re.findall(r"^   (\w+)$", text, re.MULTILINE)


# ------------------------------------------------------------------ the written files

def test_the_written_names_are_current() -> None:
    gen = gen_elementwise()
    for path, text in gen.outputs().items():
        assert path.read_text(encoding="utf-8") == text, \
            f"{path} is stale: run python tools/gen_elementwise.py"
    assert gen.main(["--check"]) == 0


def test_the_written_names_are_the_registry() -> None:
    """What the files hold, read back: every op has its line and its names."""
    api = (ROOT / "aiarray/_api/elementwise.py").read_text(encoding="utf-8")
    hand = {"divide", "clip"}  # defined by hand in the module
    lines = made_lines(api)
    assert set(lines) == set(OPS) - hand
    assert all(lines[n] == ("unary" if OPS[n].arity == 1 else "binary") for n in lines)
    names = set(OPS) | hand
    assert set(_elementwise.__all__) == names
    init = (ROOT / "aiarray/__init__.py").read_text(encoding="utf-8")
    assert elementwise_imports(init) == sorted(elementwise_imports(init),
                                               key=gen_elementwise().natural)
    assert set(elementwise_imports(init)) == names
    assert names <= set(aiarray.__all__)
    page = (ROOT / "docs/reference/elementwise.md").read_text(encoding="utf-8")
    assert set(reference_list(page)) == names | {"multiply_add"}


def test_a_stale_file_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gen = gen_elementwise()
    stale = tmp_path / "elementwise.py"
    stale.write_text(gen.API.read_text(encoding="utf-8").replace(
        'sinh = _unary("sinh")\n', ""), encoding="utf-8")
    monkeypatch.setattr(gen, "API", stale)
    assert gen.main(["--check"]) == 1
    assert 'sinh = _unary("sinh")\n' in gen.outputs()[stale]


# ------------------------------------------------------------------ one record is enough

def test_a_new_record_reaches_every_derived_place() -> None:
    """A record made in memory: the derivations (the generators' functions, the kernel
    tables, the swap-in's map) all include it, and change nothing else."""
    gen = gen_elementwise()
    now, new = gen.outputs(), gen.outputs(WITH_NEW)
    api, init, page = (new[p] for p in (gen.API, gen.INIT, gen.REFERENCE))
    old_api, old_init, old_page = (now[p] for p in (gen.API, gen.INIT, gen.REFERENCE))
    # _api/elementwise.py: its line and its __all__
    assert made_lines(api) == {**made_lines(old_api), _NAME: "binary"}
    assert set(all_of(api)) == {*all_of(old_api), _NAME}
    # aiarray/__init__.py: the import and __all__, in the order ruff's isort wants
    imports = elementwise_imports(init)
    assert set(imports) == {*elementwise_imports(old_init), _NAME}
    assert imports == sorted(imports, key=gen.natural)
    assert set(all_of(init)) == {*all_of(old_init), _NAME}
    # the reference page's list
    assert set(reference_list(page)) == {*reference_list(old_page), _NAME}
    # the kernel tables and the generated kernels
    expr, numpy_only, ulp = T.kernel_tables(WITH_NEW.values())
    assert (expr[_NAME], ulp[_NAME]) == (NEW.kernel, 4)
    assert _NAME not in numpy_only
    assert T.kernel_tables(OPS.values()) == (T.EXPR, T.NUMPY_ONLY, T.ULP)
    assert T.TRANSCENDENTAL == frozenset(T.ULP)
    kgen = gen_kernels()
    added = dict(kgen.kernels(WITH_NEW.values())).keys() - dict(kgen.kernels()).keys()
    assert added == {f"{_NAME}_f_{v}" for v in ("vv", "vs", "sv", "bc", "vvx")}
    # the swap-in's map
    assert numpy_names(WITH_NEW.values()) == {**_ufuncs.STANDARD, _NAME: _NAME}
    assert numpy_names(OPS.values()) == _ufuncs.STANDARD


def test_the_swapin_serves_a_new_record_without_an_edit(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the derived map and the function its written line makes, aiarray.numpy's
    ufunc of the new op computes through aiarray (today it is NumPy's ufunc on views)."""
    assert getattr(anp, _NAME)._std is None
    func = make_function(NEW, NEW.name)
    monkeypatch.setattr(_ufuncs, "STANDARD", numpy_names(WITH_NEW.values()))
    monkeypatch.setattr(_ufuncs, "_MADE", {})
    monkeypatch.setattr(_elementwise, NEW.name, func, raising=False)
    u = _ufuncs.make(_NAME)
    assert u._std is func
    x = anp.asarray([1.0, 2.0], dtype=anp.float32)
    got = u(x, 3.0)
    assert isinstance(got, aiarray.Array) and got.dtype == aiarray.float32
    assert np.allclose(np.asarray(got), NEW.numpy(np.float32([1.0, 2.0]), 3.0))


def test_a_new_record_covers_every_kind_numba_types() -> None:
    """The rule of tests/test_kernels.py, on the record itself: each kind its category
    allows has a kernel or a reason, never both."""
    for op in (NEW, *OPS.values()):
        kinds = {dt.kind for dt in op.allowed & NUMBA_DTYPES}
        if op.to_float:
            kinds -= set("biu")
        has = {k for k in kinds if any(k in ks for ks in op.kernel)}
        why = {k for k in kinds if any(k in ks for ks in op.numpy_only)}
        assert has | why == kinds and not has & why, op.name
        assert all(ks and set(ks) <= set(T.NUMBA_KINDS) for ks in (*op.kernel, *op.numpy_only))


def test_an_op_without_example_inputs_gets_an_example(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every op's example, made with the default inputs only (the tables emptied): it runs,
    and a binary op's shows two dtypes promoted (what the reference examples test asks)."""
    examples = tool("reference_examples")
    for table in ("FLOAT_UNARY", "UNARY", "BINARY"):
        monkeypatch.setattr(examples, table, {})
    for name, op in OPS.items():
        text = examples.example(name)
        assert text.startswith("Examples\n--------\n>>> ") and f"xp.{name}(" in text, name
        assert "Error" not in text, text
        if op.arity == 2 and op.promotes:
            assert re.search(r"# \w+ with \w+(:| gives)", text), text


PLAIN_OPS = ("asinh", "atan", "cos", "cosh", "sinh", "tan", "isfinite", "isinf", "isnan",
             "signbit", "logical_not", "remainder", "atan2", "hypot", "copysign",
             "logaddexp", "greater", "greater_equal", "less", "less_equal", "logical_and",
             "logical_or", "logical_xor")


def test_only_the_record_and_the_written_files_name_an_op() -> None:
    """Ops without special cases (no tuning, no fast path of their own) are named by
    the record, the generated files and the hand-edited ones only: a new per-op table
    anywhere in the package, the tools or the reference would show up here."""
    assert len(HAND_EDITED) <= 3
    files = [p for d in ("aiarray", "tools") for p in (ROOT / d).rglob("*.py")]
    files += list((ROOT / "docs" / "reference").glob("*.md"))
    texts = {p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8") for p in files}
    allowed = set(HAND_EDITED) | set(OPTIONAL) | GENERATED | set(INDEPENDENT)
    for name in PLAIN_OPS:
        quoted = re.compile(rf"""["']{name}["']""")
        listed = re.compile(rf"^\s+{name}$", re.MULTILINE)
        naming = {f for f, text in texts.items()
                  if (quoted if f.endswith(".py") else listed).search(text)}
        assert "aiarray/_registry.py" in naming, name
        assert naming <= allowed, f"{name} is also named in {sorted(naming - allowed)}"


# ------------------------------------------------------------------ the swap-in

@pytest.mark.parametrize("name", sorted(OPS))
def test_the_swapin_serves_every_registry_op_through_aiarray(name: str) -> None:
    """aiarray.numpy's ufunc of each NumPy name of an op computes with aiarray's function
    (never NumPy's own ufunc); an op without a NumPy name has no NumPy ufunc of its name."""
    op = OPS[name]
    if op.numpy_name is None:
        assert not op.aliases
        assert not isinstance(getattr(np, name, None), np.ufunc), \
            f"NumPy has a ufunc {name}: give the record its numpy_name"
        return
    theirs = getattr(np, op.numpy_name)
    assert isinstance(theirs, np.ufunc) and theirs.__name__ == op.numpy_name
    assert theirs.nin == op.arity
    ours = getattr(anp, op.numpy_name)
    assert isinstance(ours, _ufuncs.ufunc) and ours.__name__ == op.numpy_name
    assert ours._std is getattr(_elementwise, name), f"aiarray.numpy.{op.numpy_name}"
    public = getattr(aiarray, name)  # (a function written by hand is wrapped by _public)
    assert getattr(public, "__wrapped__", public) is ours._std
    for alias in op.aliases:
        assert getattr(np, alias) is theirs, f"numpy.{alias} is not numpy.{op.numpy_name}"
        if hasattr(anp, alias):
            assert getattr(anp, alias) is ours, alias
        assert _ufuncs.make(alias) is ours


def test_every_numpy_ufunc_named_like_an_op_is_served() -> None:
    """A NumPy ufunc that has a registry op's name or NumPy name goes through aiarray
    (the swap-in would otherwise keep NumPy's own without a word)."""
    served = {n for n, u in vars(anp).items()
              if isinstance(u, _ufuncs.ufunc) and u._std is not None}
    for op in OPS.values():
        if isinstance(getattr(np, op.name, None), np.ufunc) and hasattr(anp, op.name):
            assert op.name in served, op.name
    assert {n for n in _ufuncs.STANDARD if hasattr(anp, n)} <= served

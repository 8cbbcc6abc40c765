"""The layers import only downward (docs/design.md, "Layers").

Read from the source (AST), every import counted: top level, inside functions, and the
type checker's (``if TYPE_CHECKING:``).  The core imports only the core; the package face
wires the layers above it (_layers, _backend.register).  Cycles are counted both on the
imports that run and on all of them.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "aiarray"

# The core: dtypes, promotion, the op registry, the dispatcher, Array and its method
# tables, the backend interface, and what they stand on.
CORE = frozenset({
    "_array", "_array_numpy", "_backend", "_casting", "_device", "_dispatch", "_dlpack",
    "_dtypes", "_errors", "_fork", "_layers", "_memory", "_numpy_path", "_printing",
    "_promotion", "_registry", "_signatures", "_sizes", "_typing", "_versions",
})
LARGEST_CYCLE = 10
MAX_GLOBALS = 4


def _modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _typing_only(tree: ast.AST) -> set[int]:
    """ids of the nodes under ``if TYPE_CHECKING:``."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for part in node.body:
                out.update(id(n) for n in ast.walk(part))
    return out


def _known(name: str) -> str | None:
    """The package module ``name`` is, or is in (None: outside aiarray)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def imports(module: str, *, runtime: bool = False) -> set[str]:
    """The package modules ``module`` imports (``runtime``: not the typing-only ones)."""
    path = MODULES[module]
    tree = ast.parse(path.read_text())
    skip = _typing_only(tree) if runtime else set()
    here = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = ".".join([*here[:len(here) - node.level + 1], node.module or ""]).strip(".") \
                if node.level else node.module or ""
            subs = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in MODULES]
            names = subs + ([base] if len(subs) < len(node.names) else [])
        else:
            continue
        out.update(m for m in map(_known, names) if m is not None and m != module)
    return out


def cycles(runtime: bool = True) -> list[list[str]]:
    """The import cycles: strongly connected sets of modules (Tarjan), largest first."""
    graph = {m: imports(m, runtime=runtime) for m in MODULES}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))
    for v in graph:
        if v not in index:
            visit(v)
    return sorted(found, key=len, reverse=True)


@pytest.mark.parametrize("name", sorted(CORE))
def test_the_core_imports_only_the_core(name: str) -> None:
    found = {m for m in imports(f"aiarray.{name}")
             if m.partition(".")[2] not in CORE}
    assert not found, f"aiarray.{name} imports {sorted(found)} (a layer above the core)"


def test_the_core_list_names_modules_that_exist() -> None:
    assert {f"aiarray.{name}" for name in CORE} <= set(MODULES)


@pytest.mark.parametrize("runtime", [True, False], ids=["imports-that-run", "all-imports"])
def test_no_large_import_cycle(runtime: bool) -> None:
    largest = cycles(runtime)[0]
    assert len(largest) <= LARGEST_CYCLE, largest


def test_the_analysis_sees_cycles_and_upward_imports() -> None:
    """The counters are not blind: the face imports the API, which imports the core."""
    assert "aiarray._api.elementwise" in imports("aiarray")
    assert "aiarray._dispatch" in imports("aiarray._api.elementwise")
    assert "aiarray._array" in imports("aiarray._dispatch")  # (its operators' class)
    assert "aiarray._dispatch" in imports("aiarray._array")
    assert any({"aiarray._array", "aiarray._dispatch"} <= set(c) for c in cycles())
    assert len(cycles(runtime=False)[0]) > len(cycles()[0])  # typing-only imports add edges
    assert "aiarray._array" in imports("aiarray._signatures")  # typing-only: counted here
    assert "aiarray._array" not in imports("aiarray._signatures", runtime=True)


def test_few_global_statements() -> None:
    """Run-time state lives in objects, not in rebound module globals."""
    found = [f"{path.relative_to(PACKAGE.parent)}:{node.lineno}"
             for path in MODULES.values()
             for node in ast.walk(ast.parse(path.read_text()))
             if isinstance(node, ast.Global)]
    assert len(found) <= MAX_GLOBALS, found


def test_the_face_wires_the_layers() -> None:
    import aiarray
    import aiarray.numpy
    from aiarray import _backend, _layers

    assert _layers.standard() is aiarray
    assert _layers.swapin() is aiarray.numpy
    assert type(_backend.load("parallel")).__module__ == "aiarray._kernels"
    assert aiarray.ones(2).__array_namespace__() is aiarray
    assert aiarray.numpy.ones(2).__array_namespace__() is aiarray.numpy


def test_the_swapin_keeps_the_whole_contract() -> None:
    """Every question the core asks the swap-in (_layers.SwapIn) has the swap-in's answer."""
    from aiarray._layers import SwapIn, swapin_hooks
    from aiarray.numpy._hooks import Hooks

    asked = [n for n, v in vars(SwapIn).items() if callable(v) and not n.startswith("_")]
    assert len(asked) >= 10
    for name in asked:
        assert getattr(Hooks, name) is not getattr(SwapIn, name), name
    assert type(swapin_hooks()) is Hooks
    # one answer used: a swap-in op on a dtype the op does not take is NumPy's own loop
    import numpy

    import aiarray.numpy as anp

    got = anp.abs(anp.asarray([True, False]))
    assert numpy.asarray(got).dtype == numpy.abs(numpy.asarray([True, False])).dtype

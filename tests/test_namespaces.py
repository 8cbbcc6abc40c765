"""Namespaces expose only their public names (issue 13, item 8).

Every public namespace (the top level and each submodule the top level names in
``_SUBMODULES``) shows exactly its ``__all__`` in ``dir()``, every
name of ``__all__`` resolves, no other public-looking name is reachable as an
attribute (no ``np``, ``math``, ``D``, ``array_arg``, ``quiet``, ``annotations`` ...),
and public functions report the public module as theirs.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

import aiarray as aa

NAMESPACES = ["aiarray", *(f"aiarray.{m}" for m in sorted(aa._SUBMODULES))]


@pytest.fixture(params=NAMESPACES)
def module(request):
    return importlib.import_module(request.param)


def test_dir_is_exactly_the_public_names(module):
    assert sorted(dir(module)) == sorted(set(module.__all__))
    assert len(module.__all__) == len(set(module.__all__))


def test_every_public_name_resolves(module):
    for name in module.__all__:
        assert getattr(module, name, None) is not None or name == "newaxis", name


# Public subpackages that are imported only on request and kept out of ``__all__`` (so
# ``from aiarray import *`` never binds ``numpy`` to the swap-in, nor ``typing`` to the
# types of aiarray.typing).
SUBPACKAGES = {"aiarray": {"numpy", "typing"}}


def test_no_other_public_looking_attribute(module):
    allowed = set(module.__all__) | SUBPACKAGES.get(module.__name__, set())
    hidden = [n for n in vars(module) if not n.startswith("_") and n not in allowed]
    assert hidden == [], f"{module.__name__} exposes {hidden}"


def test_internal_helpers_are_not_attributes():
    for name in ("array_arg", "moved", "convert", "quiet", "np", "math", "D", "R",
                 "annotations", "shape_tuple", "int_arg"):
        for ns in NAMESPACES:
            assert not hasattr(importlib.import_module(ns), name), (ns, name)


def test_public_callables_report_their_public_module(module):
    for name in module.__all__:
        obj = getattr(module, name)
        if inspect.ismodule(obj) or not callable(obj) or name.endswith("Error"):
            continue
        where = getattr(obj, "__module__", "")
        assert where in NAMESPACES or not where.startswith("aiarray"), (name, where)
        assert not where.startswith("aiarray._"), (name, where)


def test_the_names_loaded_on_first_use_are_the_ones_type_checkers_are_shown():
    """``aiarray._LAZY_NAMES`` (what ``__getattr__`` loads, and from where) and the
    ``if TYPE_CHECKING:`` imports of ``aiarray/__init__.py`` (what tools see) name the
    same functions from the same modules, read from the source."""
    tree = ast.parse(Path(aa.__file__).read_text())
    shown = set()
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for imp in node.body:
                if isinstance(imp, ast.ImportFrom) and imp.module:
                    shown |= {(name.name, "." * imp.level + imp.module) for name in imp.names}
    lazy = set(aa._LAZY_NAMES.items())
    assert lazy <= shown, sorted(lazy - shown)
    modules = {module for _, module in lazy}
    assert {pair for pair in shown if pair[1] in modules} == lazy

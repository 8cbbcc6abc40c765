"""Sphinx configuration of the aiarray documentation site (the pages are Markdown, read by
MyST; the API reference is generated from the docstrings by autodoc and autosummary).

Build it (warnings are errors; links and #anchors between pages are checked):

    python -m pip install '.[docs]'
    python -m sphinx -W --keep-going -b html docs docs/_build/html

docs/site.md says why Sphinx and how to add a page.
"""

from __future__ import annotations

from typing import Any

import aiarray

project = "aiarray"
author = "The aiarray developers"
copyright = "the aiarray developers; Apache-2.0"
release = version = aiarray.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
]

# reStructuredText first: autosummary writes the generated pages in the first suffix.
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build"]
templates_path = ["_templates"]

# Markdown: heading anchors for the links between pages ("promotion.md#policies"), checked;
# GitHub-style tables and fenced code as they are written in the repository.
myst_heading_anchors = 4
myst_enable_extensions = ["colon_fence", "deflist"]

# API reference: one generated page per public name (autosummary lists in docs/reference/).
autosummary_generate = True
autosummary_imported_members = False
autodoc_typehints = "signature"
autodoc_typehints_format = "short"
autodoc_member_order = "bysource"
autodoc_default_options = {"show-inheritance": False}
add_module_names = False

html_theme = "pydata_sphinx_theme"
html_title = f"aiarray {release}"
html_static_path: list[str] = []
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "header_links_before_dropdown": 4,
    "icon_links": [],
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version"],
}
html_sidebars = {"index": [], "getting-started": []}
html_show_sourcelink = False
html_copy_source = False


# ---------------------------------------------------------------------------------------
# The Array page (docs/_templates/autosummary/array.rst): every attribute, method and
# operator of Array, grouped, read from the class itself so that none is left out.

# Python's spelling of each operator of the registry (aiarray._registry.OPERATORS).
OPERATOR_SYNTAX = {
    "add": "x + y", "sub": "x - y", "mul": "x * y", "truediv": "x / y",
    "floordiv": "x // y", "mod": "x % y", "pow": "x ** y", "matmul": "x @ y",
    "and": "x & y", "or": "x | y", "xor": "x ^ y", "lshift": "x << y", "rshift": "x >> y",
    "eq": "x == y", "ne": "x != y", "lt": "x < y", "le": "x <= y", "gt": "x > y",
    "ge": "x >= y", "neg": "-x", "pos": "+x", "invert": "~x", "abs": "abs(x)",
    "divmod": "divmod(x, y)",
}
# The standard's methods that are not operators (its "Methods" of the array object).
STANDARD_METHODS = ("to_device", "__array_namespace__", "__dlpack__", "__dlpack_device__",
                    "__getitem__", "__setitem__", "__bool__", "__int__", "__float__",
                    "__complex__", "__index__")
NOT_MEMBERS = frozenset({"__module__", "__annotations__", "__doc__", "__slots__",
                         "__weakref__", "__init__", "__hash__", "__array_priority__"})


def _operator_rows() -> list[dict[str, Any]]:
    """One row per operator: its syntax, the methods that implement it, the function."""
    from aiarray._array import Array
    from aiarray._registry import OPERATORS

    functions = {key: op.name for key, op in OPERATORS.items()}
    functions |= {"matmul": "matmul", "divmod": ""}
    rows = []
    for key, syntax in OPERATOR_SYNTAX.items():
        methods = [m for m in (f"__{key}__", f"__r{key}__", f"__i{key}__") if hasattr(Array, m)]
        if key not in functions or not methods:
            raise RuntimeError(f"docs/conf.py: Array has no operator {key!r}")
        rows.append({"syntax": syntax, "methods": methods, "function": functions[key]})
    missing = set(OPERATORS) - set(OPERATOR_SYNTAX)
    if missing:
        raise RuntimeError(f"docs/conf.py: no syntax for the operators {sorted(missing)}")
    return rows


def array_groups() -> list[dict[str, Any]]:
    """The sections of the Array page: title, text and members (name, autodoc directive)."""
    from aiarray._array import Array
    from aiarray._array_numpy import NumpyMethods

    def kind(cls: type, name: str) -> str:
        return "autoproperty" if isinstance(cls.__dict__[name], property) else "automethod"

    def members(cls: type) -> list[str]:
        return [n for n in cls.__dict__ if n not in NOT_MEMBERS
                and not (n.startswith("_") and not n.startswith("__"))]

    own, numpy_style = members(Array), members(NumpyMethods)
    operators = [m for row in _operator_rows() for m in row["methods"]]
    attributes = [n for n in own if kind(Array, n) == "autoproperty"]
    methods = [n for n in STANDARD_METHODS if n in own]
    public_numpy = [n for n in numpy_style if not n.startswith("_")]
    taken = set(operators) | set(attributes) | set(methods) | set(public_numpy)
    protocols = [n for n in own + numpy_style if n not in taken]
    where = {n: (NumpyMethods if n in numpy_style and n not in own else Array)
             for n in own + numpy_style}
    groups = [
        ("Attributes", "The standard's array attributes, and aiarray's ``is_parameter``.",
         attributes),
        ("Methods", "The standard's array methods other than the operators.", methods),
        ("Operators", "Each operator calls the elementwise function of its row, under the "
         "active promotion policy (reflected ``y + x`` and in-place ``x += y`` forms "
         "included).", operators),
        ("NumPy-style attributes and methods", "NumPy's ndarray attributes and methods, "
         "with NumPy's signatures, for code written for NumPy (and ``aiarray.numpy``).",
         sorted(public_numpy)),
        ("Python and NumPy protocols", "What ``len``, ``iter``, ``repr``, ``copy``, "
         "``pickle``, ``memoryview`` and NumPy's functions call.", protocols),
    ]
    return [{"title": title, "text": text,
             "members": [(n, kind(where[n], n)) for n in names]}
            for title, text, names in groups]


autosummary_context = {"array_groups": array_groups(), "array_operators": _operator_rows()}


def _examples_heading(app: Any, what: str, name: str, obj: Any, options: Any,
                      lines: list[str]) -> None:
    """A docstring's "Examples" section (a title underlined with dashes) as a rubric."""
    for i in range(len(lines) - 1):
        if lines[i].strip() == "Examples" and set(lines[i + 1].strip()) == {"-"}:
            lines[i:i + 2] = [".. rubric:: Examples", ""]
            return


def _signature(app: Any, what: str, name: str, obj: Any, options: Any, signature: Any,
               return_annotation: Any) -> tuple[str, Any] | None:
    """No call signature for Array, which is not called (the creation functions make it)."""
    if what == "class" and name == "aiarray.Array":
        return "", None
    return None


def setup(app: Any) -> None:
    app.connect("autodoc-process-docstring", _examples_heading)
    app.connect("autodoc-process-signature", _signature)

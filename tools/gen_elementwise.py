"""Write the spelled-out names of the elementwise functions from the op registry.

Every public name stays written out in source, so that static analysis, IDEs and mypy
see it; this tool writes those lines from the records of ``aiarray/_registry.py``:

- ``aiarray/_api/elementwise.py``: its ``__all__`` and one ``name = _unary("name")`` /
  ``name = _binary("name")`` line per op (the functions written by hand there, such as
  ``divide`` and ``clip``, keep their ``def`` and join ``__all__``);
- ``aiarray/__init__.py``: ``from ._api.elementwise import (...)`` and the
  ``# elementwise`` part of ``__all__``;
- ``docs/reference/elementwise.md``: the functions of the page's list.

    python tools/gen_elementwise.py            # rewrite the files
    python tools/gen_elementwise.py --check    # exit 1 when one is stale

``tests/test_op_record.py`` fails when a file is stale, so adding an op is its record
and its test row (tests/test_elementwise.py), then this tool, ``tools/gen_kernels.py``,
``tools/reference_examples.py`` and ``tools/numpy_names.py``.  The functions below take
the records as an argument: the test runs them on a registry with one op more.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from aiarray._registry import OPS, ElementwiseOp  # noqa: E402

API = ROOT / "aiarray" / "_api" / "elementwise.py"
INIT = ROOT / "aiarray" / "__init__.py"
REFERENCE = ROOT / "docs" / "reference" / "elementwise.md"
# Functions of other modules that the elementwise reference page lists too.
REFERENCE_ALSO = ("multiply_add",)
WIDTH = 96  # (the lists of names wrap before ruff's 100 characters)


def natural(name: str) -> list[str | int]:
    """The sort key of ``name`` that ruff's import sorting uses (log2 before log10)."""
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", name)]


def hand_written(api_source: str) -> list[str]:
    """The public functions ``def``-ined in ``_api/elementwise.py`` (not made by a line)."""
    return [node.name for node in ast.parse(api_source).body
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_")]


def public_names(ops: Iterable[ElementwiseOp], api_source: str) -> list[str]:
    """Every public name of ``_api/elementwise.py``, in natural order."""
    return sorted({op.name for op in ops} | set(hand_written(api_source)), key=natural)


def _wrap(names: Iterable[str], indent: str) -> str:
    """``"a", "b", ...,`` lines of at most WIDTH characters."""
    lines: list[str] = []
    line = indent
    for name in names:
        item = f'"{name}",'
        if line != indent and len(line) + 1 + len(item) > WIDTH:
            lines.append(line)
            line = indent
        line += ("" if line == indent else " ") + item
    return "\n".join([*lines, line]) + "\n"


def _replace(text: str, pattern: str, new: str, where: str) -> str:
    """``text`` with the one match of ``pattern`` (multiline) replaced by ``new``."""
    found = list(re.finditer(pattern, text, flags=re.MULTILINE | re.DOTALL))
    if len(found) != 1:
        raise SystemExit(f"{where}: expected one block matching {pattern!r}, "
                         f"found {len(found)}")
    m = found[0]
    return text[:m.start()] + new + text[m.end():]


def render_api(ops: Mapping[str, ElementwiseOp], source: str) -> str:
    """``_api/elementwise.py`` (its current ``source``) with its ``__all__`` and op lines
    written from ``ops``."""
    names = public_names(ops.values(), source)
    text = _replace(source, r"^__all__ = \[\n.*?^\]\n", "__all__ = [\n" + _wrap(names, "    ")
                    + "]\n", str(API))
    hand = set(hand_written(source))
    lines = "".join(f'{op.name} = _{"unary" if op.arity == 1 else "binary"}("{op.name}")\n'
                    for op in sorted(ops.values(), key=lambda op: natural(op.name))
                    if op.name not in hand)
    return _replace(text, r'^(?:\w+ = _(?:unary|binary)\("\w+"\)\n)+', lines, str(API))


def render_init(names: list[str], source: str) -> str:
    """``aiarray/__init__.py`` (its current ``source``) with the elementwise import and the
    elementwise part of ``__all__`` listing ``names``."""
    imports = "".join(f"    {name},\n" for name in names)
    text = _replace(source, r"^from \._api\.elementwise import \(\n.*?^\)\n",
                    f"from ._api.elementwise import (\n{imports})\n", str(INIT))
    return _replace(text, r"^    # elementwise[^\n]*\n(?:    \"[^\n]*\n)+",
                    "    # elementwise (tools/gen_elementwise.py writes these from the op "
                    "registry)\n" + _wrap(names, "    "), str(INIT))


def render_reference(names: list[str], source: str) -> str:
    """docs/reference/elementwise.md (its current ``source``) listing ``names`` and
    REFERENCE_ALSO."""
    listed = sorted({*names, *REFERENCE_ALSO}, key=natural)
    return _replace(source, r"(?<=   :toctree: generated\n\n)(?:   \w+\n)+",
                    "".join(f"   {name}\n" for name in listed), str(REFERENCE))


def outputs(ops: Mapping[str, ElementwiseOp] | None = None) -> dict[Path, str]:
    """What each written file should hold for the records ``ops`` (the registry's by
    default)."""
    ops = OPS if ops is None else ops
    api = API.read_text(encoding="utf-8")
    names = public_names(ops.values(), api)
    return {API: render_api(ops, api),
            INIT: render_init(names, INIT.read_text(encoding="utf-8")),
            REFERENCE: render_reference(names, REFERENCE.read_text(encoding="utf-8"))}


def main(argv: list[str] | None = None) -> int:
    """Rewrite the files; ``--check`` only reports whether they are stale."""
    argv = sys.argv[1:] if argv is None else argv
    stale = [path for path, text in outputs().items()
             if path.read_text(encoding="utf-8") != text]
    if "--check" not in argv:
        for path, text in outputs().items():
            if path in stale:
                path.write_text(text, encoding="utf-8")
    for path in stale:
        print(("stale: " if "--check" in argv else "wrote ") + str(path))
    return 1 if stale and "--check" in argv else 0


if __name__ == "__main__":
    raise SystemExit(main())

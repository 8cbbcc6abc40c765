"""Sections of docs/benchmarks.md that each benchmark writes for itself.

``bench.py`` writes the page's head (the large and small cases, start-up, memory);
``programs/run.py --write-docs`` and ``swapin.py --write-docs`` write their own sections
between ``<!-- begin NAME -->`` and ``<!-- end NAME -->`` lines, which every writer keeps.
Text outside every section belongs to the head, which ``bench.py`` rewrites: hand-written
text goes into a named section of its own (``backends``: the in-process table of
``programs/backends.py``).
"""

from __future__ import annotations

import re
from pathlib import Path

PAGE = Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md"
_SECTION = re.compile(r"<!-- begin (?P<name>[\w-]+) -->\n.*?<!-- end (?P=name) -->\n",
                      re.DOTALL)


def sections(text: str) -> dict[str, str]:
    """The named sections of a page's text (each with its marker lines)."""
    return {m.group("name"): m.group(0) for m in _SECTION.finditer(text)}


def without_sections(text: str) -> str:
    return _SECTION.sub("", text).rstrip("\n") + "\n"


def write_section(name: str, lines: list[str], page: Path = PAGE) -> None:
    """Replace (or append) section ``name`` of ``page`` with ``lines``."""
    text = page.read_text() if page.exists() else "# Benchmarks\n"
    kept = sections(text)
    kept[name] = f"<!-- begin {name} -->\n" + "\n".join(lines).rstrip("\n") + \
        f"\n<!-- end {name} -->\n"
    page.write_text(without_sections(text) + "".join("\n" + s for s in kept.values()))


def write_head(lines: list[str], page: Path = PAGE) -> None:
    """Write the page's head (``bench.py``), keeping the named sections after it."""
    kept = sections(page.read_text()) if page.exists() else {}
    page.write_text("\n".join(lines).rstrip("\n") + "\n" +
                    "".join("\n" + s for s in kept.values()))

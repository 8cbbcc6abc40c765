"""The API reference (docs/reference/*.md) names every public name of every public module.

A name counts when an ``autosummary`` list under a ``currentmodule`` of its module lists
it, or a ``py:data`` entry declares it; a submodule counts when it has its own reference
lists.  Names of ``aiarray.numpy`` (once that module exists) also count when
docs/numpy-names.md lists them.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT / "docs" / "reference"
NUMPY_NAMES = ROOT / "docs" / "numpy-names.md"
SUBMODULES = ("linalg", "fft", "random", "quantization", "sparse", "grad", "typing")


def public_modules() -> list[str]:
    names = ["aiarray"] + [f"aiarray.{m}" for m in SUBMODULES]
    if importlib.util.find_spec("aiarray.numpy") is not None:
        names.append("aiarray.numpy")
    return names


def documented(text: str) -> set[tuple[str, str]]:
    """(module, name) pairs the reference declares in ``text`` (one page's Markdown)."""
    found: set[tuple[str, str]] = set()
    module = ""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        m = re.fullmatch(r"(?:\.\. currentmodule::|```\{currentmodule\}) *(\S+)", line)
        if m:
            module = m.group(1)
        m = re.fullmatch(r"```\{py:data\} *(\S+)", line)
        if m:
            found.add((module, m.group(1)))
        if line in (".. autosummary::", "```{autosummary}"):
            i += 1
            while i < len(lines) and (not lines[i].strip() or lines[i].strip().startswith(":")):
                i += 1
            while i < len(lines) and lines[i].strip() and not lines[i].startswith("```"):
                found.add((module, lines[i].strip()))
                i += 1
            continue
        i += 1
    return found


def reference_entries() -> set[tuple[str, str]]:
    entries: set[tuple[str, str]] = set()
    for page in sorted(REFERENCE.glob("*.md")):
        entries |= documented(page.read_text(encoding="utf-8"))
    return entries


def numpy_page_names() -> set[str]:
    """Names docs/numpy-names.md lists: `name`, `numpy.name` or `aiarray.numpy.name`."""
    if not NUMPY_NAMES.is_file():
        return set()
    text = NUMPY_NAMES.read_text(encoding="utf-8")
    return {m.group(1) for m in re.finditer(r"`(?:aiarray\.)?(?:numpy\.)?([A-Za-z_]\w*)", text)}


def missing_names(module: ModuleType, entries: set[tuple[str, str]]) -> list[str]:
    modules_with_pages = {mod for mod, _ in entries}
    extra = numpy_page_names() if module.__name__ == "aiarray.numpy" else set()
    missing = []
    for name in module.__all__:
        obj = getattr(module, name)
        if isinstance(obj, ModuleType) and obj.__name__ in modules_with_pages:
            continue
        if (module.__name__, name) not in entries and name not in extra:
            missing.append(name)
    return missing


@pytest.mark.parametrize("module_name", public_modules())
def test_every_public_name_is_in_the_reference(module_name):
    module = importlib.import_module(module_name)
    missing = missing_names(module, reference_entries())
    assert not missing, (f"{module_name}: not in docs/reference/*.md (add each to the "
                         f"autosummary list of its section): {', '.join(missing)}")


def test_every_reference_entry_is_a_public_name():
    """The other direction: no entry for a name that is gone (the build would fail too)."""
    stale = []
    for module_name, name in sorted(reference_entries()):
        module = importlib.import_module(module_name)
        if name not in getattr(module, "__all__", ()):
            stale.append(f"{module_name}.{name}")
    assert not stale, f"docs/reference/*.md documents names that are not public: {stale}"


def test_the_checker_sees_a_missing_name():
    """A name dropped from the reference is reported (the check can fail)."""
    import aiarray

    entries = reference_entries()
    assert missing_names(aiarray, entries) == []
    assert missing_names(aiarray, entries - {("aiarray", "log2")}) == ["log2"]
    assert missing_names(aiarray, entries - {("aiarray", "float32")}) == ["float32"]
    assert "linalg" in missing_names(aiarray, {e for e in entries if e[0] != "aiarray.linalg"})


def test_the_parser_reads_both_directive_spellings():
    text = "\n".join([
        "```{eval-rst}", ".. currentmodule:: pkg", "", ".. autosummary::",
        "   :toctree: generated", "", "   a", "   b", "```",
        "```{currentmodule} other", "```", "```{autosummary}", ":toctree: generated", "",
        "c", "```", "```{py:data} d", "text", "```",
    ])
    assert documented(text) == {("pkg", "a"), ("pkg", "b"), ("other", "c"), ("other", "d")}

"""The example scripts of the docs run and print what the pages say they print."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from _optional import module

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def run(script: Path) -> str:
    r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                       timeout=300, check=False, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    return r.stdout


def printed_block(page: str, script: str) -> str:
    """The ```text block that follows the literalinclude of ``script`` on ``page``."""
    text = (DOCS / page).read_text(encoding="utf-8")
    start = text.index(f"```{{literalinclude}} examples/{script}")
    m = re.compile(r"```text\n(.*?)```", re.S).search(text, start)
    assert m, f"docs/{page} shows no output of {script}"
    return m.group(1)


def test_the_first_script_prints_what_getting_started_shows():
    out = run(DOCS / "examples" / "first_script.py")
    assert out == printed_block("getting-started.md", "first_script.py")


def test_the_cubed_example_prints_what_the_page_shows():
    module("cubed")
    out = run(DOCS / "examples" / "cubed_chunks.py")
    assert out == printed_block("distributed.md", "cubed_chunks.py")


def test_getting_started_has_the_readme_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = readme[readme.index("## Quick start"):]
    commands = re.search(r"```bash\n(.*?)```", quick, re.S).group(1).strip().splitlines()
    assert len(commands) == 2 and all(c.startswith("python -m pip install") for c in commands)
    page = (DOCS / "getting-started.md").read_text(encoding="utf-8")
    for command in commands:
        assert command in page

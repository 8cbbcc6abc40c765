"""The docs and conformance files agree with the code they describe."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from aiarray import _promotion as P
from aiarray.__main__ import table_lines

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("policy", "scalar"),
    [("ascend", False), ("ascend", True), ("ascend-strict", False), ("mindspore", False),
     ("array-api", False), ("numpy", False), ("numpy", True)],
)
def test_promotion_page_shows_the_current_tables(policy: str, scalar: bool) -> None:
    page = (ROOT / "docs" / "promotion.md").read_text()
    table = "\n".join(table_lines(policy, scalar, markdown=True))
    assert table in page, f"docs/promotion.md is stale for {policy} (scalar={scalar})"


def test_ascend_tables_in_the_package_match_the_seed_layout() -> None:
    """The package's copy has the seed's 16 columns and rows in the seed's order."""
    order = "f32 f16 f64 bf16 s8 u8 s16 u16 s32 u32 s64 u64 bool c32 c64 c128".split()
    for text in (P.ASCEND_TENSOR_TENSOR, P.ASCEND_TENSOR_SCALAR):
        lines = [ln.split() for ln in text.strip().splitlines()]
        assert lines[0][2:] == order
        assert [row[0] for row in lines[1:]] == order
        assert all(len(row) == 17 for row in lines[1:])


def test_every_xfail_carries_a_reason() -> None:
    lines = (ROOT / "conformance" / "xfails.txt").read_text().splitlines()
    entries = [ln for ln in lines if ln.strip() and not ln.startswith("#")]
    from aiarray._versions import SUPPORTED

    for line in entries:
        test_id, sep, reason = line.partition("  # ")
        assert sep and len(reason.strip()) > 20, f"xfail without a reason: {line!r}"
        m = re.fullmatch(r"(?:\[([^\]]+)\] )?array_api_tests/\S+", test_id)
        assert m, line
        for v in (m.group(1) or "").lstrip("<").split(","):  # versions it is limited to
            assert not v or v.strip() in SUPPORTED, line


def test_revision_is_pinned() -> None:
    text = (ROOT / "conformance" / "REVISION").read_text()
    revs = [ln for ln in text.splitlines() if ln and not ln.startswith("#")]
    assert len(revs) == 1 and re.fullmatch(r"[0-9a-f]{40}", revs[0])


def test_cli_output_cut_short_by_the_reader_is_not_an_error(monkeypatch) -> None:
    """`python -m aiarray table | head -1`: the closed pipe ends the command quietly."""
    import sys

    from aiarray.__main__ import main

    class ClosedPipe:
        def write(self, text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self) -> None:
            raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    assert main(["table", "--scalar"]) == 0


def test_readme_command_lines_run_as_pasted() -> None:
    """Every `python -m aiarray ...` line of the README's command-line block runs as written
    (the comment after `#` removed); `bench` and `calibrate` (timings; calibrate writes its
    results to the user's cache) are left to tests/test_bench.py and
    tests/test_kernel_backend.py."""
    import shlex
    import subprocess
    import sys

    text = (ROOT / "README.md").read_text()
    block = text.split("## Command line", 1)[1].split("```bash", 1)[1].split("```", 1)[0]
    lines = [ln.split("#", 1)[0].strip() for ln in block.splitlines()]
    commands = [shlex.split(ln) for ln in lines if ln.startswith("python -m aiarray")]
    assert len(commands) >= 5
    for argv in commands:
        if argv[3:4] in (["bench"], ["calibrate"]):
            continue
        r = subprocess.run([sys.executable, *argv[1:]], capture_output=True, text=True,
                           timeout=120, check=False, cwd=ROOT)
        if argv[3:4] == ["port"]:  # exit status 1: the example's runs differ, as it shows
            assert r.returncode == 1 and "First difference" in r.stdout, (r.stdout, r.stderr)
            continue
        assert r.returncode == 0, (argv, r.stdout, r.stderr)
        assert r.stdout.strip(), argv

"""The promotion heatmaps in docs/ are current: tools/promotion_heatmaps.py, run now on the
policies of the registry, writes exactly the files that are checked in."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from _scripts import load_script

from aiarray import _promotion as P

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


@pytest.fixture(scope="module")
def tool():
    return load_script("tools/promotion_heatmaps.py", "promotion_heatmaps")


def test_the_heatmaps_and_their_page_are_current(tool):
    stale = tool.stale(DOCS)
    assert not stale, f"stale: {stale}; run python tools/promotion_heatmaps.py"


def test_every_policy_has_its_images(tool):
    files = {p.as_posix() for p in tool.outputs()}
    for name in P.POLICIES:
        assert f"images/promotion/{name}-tensor-tensor.svg" in files
    for name in ("ascend", "ascend-strict"):  # the policies on Ascend's tensor-scalar table
        assert f"images/promotion/{name}-tensor-scalar.svg" in files


def test_a_changed_table_makes_the_images_stale(tool, tmp_path, monkeypatch):
    """The check can fail: one cell changed in a policy is seen."""
    tool.main(["--docs", str(tmp_path)])
    assert tool.stale(tmp_path) == []
    pol = P._lookup_policy("mindspore")
    key = (P.D.int8, P.D.uint8)
    monkeypatch.setitem(pol.pairs, key, pol.pairs[key]._replace(result=P.D.int64))
    assert tool.stale(tmp_path) == ["images/promotion/mindspore-tensor-tensor.svg"]


def _cells(svg: str) -> dict[tuple[str, str], str]:
    """(row, column) -> the text of each cell, read back from the SVG's tooltips."""
    return {(m.group(1), m.group(2)): html.unescape(m.group(3))
            for m in re.finditer(r"<title>(\S+) with (\S+): ([^<]*)</title>", svg)}


def test_cells_say_what_the_policy_decides(tool):
    """Read back against hand-checked cells of the seed tables (shared/seeds/000, 001)."""
    out = {p.as_posix(): text for p, text in tool.outputs().items()}
    asc = _cells(out["images/promotion/ascend-tensor-tensor.svg"])
    assert asc[("s8", "u8")].startswith("int16 (tensor-tensor table, row s8, column u8)")
    assert asc[("u16", "f32")].startswith("N/A: no rule")
    assert "standard's integer lattice" in asc[("s8", "u16")]  # filled, marked as such
    strict = _cells(out["images/promotion/ascend-strict-tensor-tensor.svg"])
    assert strict[("s8", "u16")].startswith("N/A: no rule")
    ts = _cells(out["images/promotion/ascend-tensor-scalar.svg"])
    assert ts[("py-float", "s32")].startswith("float32")  # Python float uses the f32 row
    assert ts[("bool", "u16")].startswith("uint16")
    std = _cells(out["images/promotion/array-api-tensor-tensor.svg"])
    assert std[("s32", "f32")].startswith("refused by the policy's rules")
    assert std[("s8", "u8")].startswith("int16")


def test_na_and_refused_cells_are_drawn_differently(tool):
    out = {p.as_posix(): text for p, text in tool.outputs().items()}
    asc = out["images/promotion/ascend-strict-tensor-tensor.svg"]
    std = out["images/promotion/array-api-tensor-tensor.svg"]
    assert 'fill="url(#na-ascend-strict-tensor-tensor)"' in asc and ">N/A</text>" in asc
    assert ">\u00d7</text>" not in asc
    assert ">\u00d7</text>" in std and ">N/A</text>" not in std


def test_the_page_shows_every_image_inline(tool):
    """Inline (raw HTML from the file), not ``<img>``: a cell's ``<title>`` is its tooltip
    only in an SVG that is part of the page."""
    page = (DOCS / tool.PAGE).read_text(encoding="utf-8")
    for path in tool.outputs():
        if path.suffix == ".svg":
            assert f"```{{raw}} html\n:file: {path.as_posix()}\n```" in page
            assert f"]({path.as_posix()})" in page  # and a link to the file
    assert "![" not in page


def test_the_inline_images_can_share_a_page(tool):
    """Ids unique over the page (each image's hatch pattern is its own), and every cell a
    group with its title."""
    ids: list[str] = []
    for path, text in tool.outputs().items():
        if path.suffix == ".svg":
            ids += re.findall(r' id="([^"]+)"', text)
            assert re.findall(r'url\(#([^)]+)\)', text) == [f"na-{path.stem}"] * text.count(
                "url(#"), path
            assert text.count('<g class="cell"><title>') == text.count("<g")
    assert len(ids) == len(set(ids)) == 7

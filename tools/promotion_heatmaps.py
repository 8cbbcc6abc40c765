"""Write the promotion heatmaps of the docs from the policies themselves.

One SVG per policy for its tensor-tensor table, and one for the tensor-scalar table of
each policy that follows Ascend's tensor-scalar table; plus the page that shows them
(docs/promotion-heatmaps.md).  The SVG is written here as text (no plotting library), so
the output is byte-for-byte deterministic and "current" can be checked exactly:

    python tools/promotion_heatmaps.py            # (re)write the files
    python tools/promotion_heatmaps.py --check    # exit 1 and name the stale files

Every policy of the registry (aiarray._promotion.POLICIES) is drawn; a new policy gets
its images the next time this runs (tests/test_docs_heatmaps.py fails until then).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from html import escape
from pathlib import Path

from aiarray import _dtypes as D
from aiarray import _promotion as P

ROOT = Path(__file__).resolve().parent.parent
IMAGES = Path("images") / "promotion"  # relative to docs/
PAGE = "promotion-heatmaps.md"

CELL_W, CELL_H = 38, 22
LEFT, TOP = 78, 62
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

# Fill colour of a result dtype: a hue per kind, darker for wider types.
COLOURS: dict[str, str] = {
    "bool": "#d9d9d9",
    "s8": "#c6dbef", "s16": "#9ecae1", "s32": "#6baed6", "s64": "#2171b5",
    "u8": "#c7e9c0", "u16": "#a1d99b", "u32": "#74c476", "u64": "#238b45",
    "f16": "#fdd0a2", "bf16": "#fdae6b", "f32": "#f16913", "f64": "#a63603",
    "c32": "#dadaeb", "c64": "#9e9ac8", "c128": "#54278f",
}
DARK = frozenset({"s64", "u64", "f32", "f64", "c128", "u32"})
NA_FILL, REFUSED_FILL = "#ffffff", "#3b3b3b"


ASCEND_TABLES = ("tensor-tensor", "tensor-scalar")  # Decision.table of Ascend's own cells


def _cell_kind(decision: P.Decision) -> str:
    """'result', 'filled' (an N/A cell of Ascend's table filled by another rule), 'na' (no
    rule in Ascend's table) or 'refused' (outside the policy's own rules)."""
    if decision.result is None:
        return "na" if decision.table in ASCEND_TABLES else "refused"
    return "filled" if decision.note and decision.table not in ASCEND_TABLES else "result"


def _label(key: object) -> str:
    return D.SHORT[key] if D.is_dtype(key) else f"py-{key}"


def follows_ascend_scalar_table(pol: P.Policy) -> bool:
    """Whether the policy's tensor-scalar cells come from Ascend's tensor-scalar table."""
    return any(d.table == "tensor-scalar" for d in pol.scalars.values())


def tables(pol: P.Policy) -> Iterator[tuple[str, str, list[object], Callable]]:
    """(slug, caption, rows, cell(row, column)) of each heatmap of ``pol``."""
    dts = list(D.ALL_DTYPES)
    yield ("tensor-tensor", "tensor-tensor table (row: first operand, column: second)", dts,
           lambda r, c: pol.pairs[(r, c)])
    if follows_ascend_scalar_table(pol):
        rows = dts + list(P.PY_KINDS.values())
        yield ("tensor-scalar", "tensor-scalar table (column: the tensor's dtype, row: the "
               "scalar's; py-* = Python scalars)", rows, lambda r, c: pol.scalars[(c, r)])


def _why(decision: P.Decision, kind: str) -> str:
    where = f"{decision.table} table, row {decision.row}, column {decision.column}"
    if kind == "na":
        return f"N/A: no rule ({where}); TypeError"
    if kind == "refused":
        return f"refused by the policy's rules ({where}); TypeError"
    text = f"{D.name_of(decision.result)} ({where})"
    return f"{text}; {decision.note}" if decision.note else text


def svg(policy: str, caption: str, rows: list[object], cell: Callable, slug: str = "") -> str:
    """The heatmap of one table as SVG text.

    The page embeds it inline (not as ``<img>``), so each cell's ``<title>`` is its
    tooltip; ids are unique per image, as several share the page."""
    cols = list(D.ALL_DTYPES)
    na = f"na-{policy}-{slug}" if slug else "na"
    width = LEFT + CELL_W * len(cols) + 10
    kinds = {_cell_kind(cell(r, c)) for r in rows for c in cols}
    legend_lines = len(kinds - {"result"}) + 2
    height = TOP + CELL_H * len(rows) + 18 + 18 * legend_lines + 12
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="promotion-heatmap" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" font-family="{FONT}" '
        'font-size="11" style="max-width: 100%; height: auto">',
        f"<title>aiarray promotion policy {escape(policy)}: {escape(caption)}</title>",
        # a hovered cell is outlined (its <title> is the browser's tooltip)
        "<style>.promotion-heatmap g.cell:hover > rect { stroke: #000000; stroke-width: 2 }"
        "</style>",
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
        f'<defs><pattern id="{na}" width="6" height="6" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="6" height="6" fill="#ffffff"/>'
        '<line x1="0" y1="0" x2="0" y2="6" stroke="#b0b0b0" stroke-width="2"/></pattern></defs>',
        f'<text x="{LEFT}" y="16" font-size="13" font-weight="bold">policy {escape(policy)}'
        "</text>",
        f'<text x="{LEFT}" y="32">{escape(caption)}</text>',
    ]
    for j, c in enumerate(cols):
        x = LEFT + j * CELL_W + CELL_W // 2
        out.append(f'<text x="{x}" y="{TOP - 8}" text-anchor="middle">{D.SHORT[c]}</text>')
    for i, r in enumerate(rows):
        y = TOP + i * CELL_H
        out.append(f'<text x="{LEFT - 6}" y="{y + 15}" text-anchor="end">{_label(r)}</text>')
        for j, c in enumerate(cols):
            x = LEFT + j * CELL_W
            d = cell(r, c)
            kind = _cell_kind(d)
            out.append(f'<g class="cell"><title>{escape(_label(r))} with {D.SHORT[c]}: '
                       f"{escape(_why(d, kind))}</title>")
            if kind == "na":
                out.append(f'<rect x="{x}" y="{y}" width="{CELL_W}" height="{CELL_H}" '
                           f'fill="url(#{na})" stroke="#ffffff"/>')
                out.append(f'<text x="{x + CELL_W // 2}" y="{y + 15}" text-anchor="middle" '
                           f'fill="#6b6b6b">N/A</text>')
            elif kind == "refused":
                out.append(f'<rect x="{x}" y="{y}" width="{CELL_W}" height="{CELL_H}" '
                           f'fill="{REFUSED_FILL}" stroke="#ffffff"/>')
                out.append(f'<text x="{x + CELL_W // 2}" y="{y + 15}" text-anchor="middle" '
                           f'fill="#ffffff">\u00d7</text>')
            else:
                short = D.SHORT[d.result]
                ink = "#ffffff" if short in DARK else "#000000"
                out.append(f'<rect x="{x}" y="{y}" width="{CELL_W}" height="{CELL_H}" '
                           f'fill="{COLOURS[short]}" stroke="#ffffff"/>')
                if kind == "filled":
                    out.append(f'<rect x="{x + 2}" y="{y + 2}" width="{CELL_W - 4}" '
                               f'height="{CELL_H - 4}" fill="none" stroke="#000000" '
                               f'stroke-dasharray="3,2"/>')
                out.append(f'<text x="{x + CELL_W // 2}" y="{y + 15}" text-anchor="middle" '
                           f'fill="{ink}">{short}</text>')
            out.append("</g>")
    out.extend(_legend(TOP + CELL_H * len(rows) + 18, kinds, na))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _legend(y: int, kinds: set[str], na: str) -> list[str]:
    """The key under the grid: one line per mark the grid uses, then the colours."""
    marks = {
        "na": (f'fill="url(#{na})" stroke="#999999"', "N/A: the table has no rule (TypeError)"),
        "refused": (f'fill="{REFUSED_FILL}"', "\u00d7: refused by the policy's rules (TypeError)"),
        "filled": ('fill="#6baed6" stroke="#000000" stroke-dasharray="3,2"',
                   "N/A in Ascend's table, filled by another rule (hover: which)"),
    }
    items = [marks[k] for k in ("na", "refused", "filled") if k in kinds]
    out = []
    for k, (style, text) in enumerate(items):
        top = y + 18 * k
        out.append(f'<rect x="{LEFT}" y="{top}" width="22" height="14" {style}/>')
        out.append(f'<text x="{LEFT + 30}" y="{top + 11}">{escape(text)}</text>')
    top = y + 18 * len(items) + 11
    out.append(f'<text x="{LEFT}" y="{top}" fill="#555555">Colour = the result dtype: blue '
               "signed, green unsigned, orange real floating,</text>")
    out.append(f'<text x="{LEFT}" y="{top + 15}" fill="#555555">purple complex, grey bool; '
               "darker = wider. Hover a cell for the rule that decided it.</text>")
    return out


def outputs() -> dict[Path, str]:
    """Every generated file (path relative to docs/) and its text."""
    files: dict[Path, str] = {}
    page = [
        "# Promotion heatmaps",
        "",
        "<!-- Generated by tools/promotion_heatmaps.py from the policies in "
        "aiarray/_promotion.py; do not edit. -->",
        "",
        "Each image is one promotion table of one policy, drawn from the same data the "
        "library uses (the tables are also on [type promotion](promotion.md) as text). A "
        "cell's colour is the result dtype; hatched **N/A** cells have no rule in the table "
        "and **\u00d7** cells are refused by the policy: both raise `TypeError`. A dashed "
        "outline marks a cell that is N/A in Ascend's table and filled by another rule (in "
        "`ascend`, the standard's integer lattice). Hover a cell to see the table, row and "
        "column that decided it, as `explain_promotion` reports them.",
        "",
    ]
    for name in P.POLICIES:
        pol = P._lookup_policy(name)
        page += [f"## `{name}`", ""]
        for slug, caption, rows, cell in tables(pol):
            path = IMAGES / f"{name}-{slug}.svg"
            files[path] = svg(name, caption, rows, cell, slug)
            page += [f"```{{raw}} html\n:file: {path.as_posix()}\n```", "",
                     f"Above: `{name}`, {caption} ([SVG file]({path.as_posix()})).", ""]
    files[Path(PAGE)] = "\n".join(page).rstrip("\n") + "\n"
    return files


def stale(docs: Path) -> list[str]:
    """Generated files that are missing or differ, and images no policy makes any more."""
    want = outputs()
    bad = [str(p) for p, text in want.items()
           if not (docs / p).is_file() or (docs / p).read_text(encoding="utf-8") != text]
    if (docs / IMAGES).is_dir():
        bad += [str(p.relative_to(docs)) for p in sorted((docs / IMAGES).glob("*.svg"))
                if p.relative_to(docs) not in want]
    return bad


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="only report stale files (exit 1)")
    ap.add_argument("--docs", type=Path, default=ROOT / "docs", help="the docs directory")
    args = ap.parse_args(argv)
    if args.check:
        bad = stale(args.docs)
        for p in bad:
            print(f"stale: docs/{p} (run python tools/promotion_heatmaps.py)")
        return 1 if bad else 0
    (args.docs / IMAGES).mkdir(parents=True, exist_ok=True)
    for p in stale(args.docs):
        if (args.docs / p).is_file() and Path(p) not in outputs():
            (args.docs / p).unlink()
    for p, text in outputs().items():
        (args.docs / p).write_text(text, encoding="utf-8", newline="\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Run public NumPy tutorials and exercises with ``import numpy`` bound to aiarray.numpy.

    python conformance/numpy_corpus.py --checkout PATH[=GLOB,...] [--checkout ...]
        [--module aiarray.numpy] [--report FILE] [--failures FILE] [--jobs N]
        [--cell-timeout S] [--notebook-timeout S] [--json FILE]

Each ``--checkout`` is a local clone of a corpus repository.  Known repositories
(``CORPORA`` below) say which of their files are notebooks; ``PATH=GLOB,GLOB`` names
the files of any other.  Notebooks are Jupyter ``.ipynb`` files, MyST Markdown
(```` ```{code-cell} ```` blocks) or Markdown with ```` ```python ```` blocks.

Every notebook runs in separate processes (``_corpus_kernel.py``): top to bottom with
NumPy; top to bottom with the swap-in; and cell by cell, where each cell runs with the
swap-in on the state NumPy left after the cells before it (converted to the swap-in),
so that an earlier failure cannot break it.  A cell *passes* when it runs, prints what
it printed under NumPy (after the normaliser below), raises the same exception where
NumPy raises one on purpose (a ``raises-exception`` tag), and leaves no plain
``numpy.ndarray`` of numbers or bools bound to a name where it used NumPy (arrays of
text, dates or objects stay NumPy's by design).

Cells not counted, each with its reason in the report: IPython magics and shell
commands; cells that fail under NumPy itself (missing packages, the network, errors
of the notebook); the printed output of a cell whose output differs between two NumPy
runs (timings, unseeded randomness) is not compared, only that it runs.

The normaliser (applied to both outputs): memory addresses ``0x...`` become ``0x?``;
the type name of aiarray's array (``<class 'aiarray.Array'>``, a repr starting
``Array(``) reads as NumPy's (``<class 'numpy.ndarray'>``, ``array(``); module reprs
lose their file path, and the swap-in module's name reads ``numpy``.  Nothing else.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import datetime as dt
import fnmatch
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
KERNEL = HERE / "_corpus_kernel.py"

# Public corpora: repository -> the notebook files in it (globs, relative to the clone).
CORPORA: dict[str, list[str]] = {
    "rougier/numpy-100": ["100_Numpy_exercises_with_solutions.md"],
    "numpy/numpy-tutorials": ["content/*.md"],
    "jakevdp/PythonDataScienceHandbook": ["notebooks/02.*.ipynb"],
    "ageron/handson-ml2": ["tools_numpy.ipynb"],
    "Kyubyong/numpy_exercises": ["*_Solution*.ipynb", "*_solution*.ipynb"],
}
MAGIC_KEPT = ("%matplotlib", "%config")  # lines dropped: they change no result
NETWORK_ERRORS = {"URLError", "HTTPError", "ConnectionError", "ConnectionRefusedError",
                  "gaierror", "SSLError", "ReadTimeout", "ConnectTimeout"}


@dataclass
class Cell:
    """One code cell of a notebook."""

    index: int
    source: str
    tags: list[str] = field(default_factory=list)
    skip: str | None = None


@dataclass
class Notebook:
    corpus: str
    path: Path
    cells: list[Cell]
    commit: str = ""  # of the corpus checkout


# --------------------------------------------------------------------------- reading
def read_cells(path: Path) -> list[Cell]:
    """The code cells of a notebook file, numbered from 0."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".ipynb":
        raw = [("".join(c.get("source", "")) if isinstance(c.get("source"), list)
                else c.get("source", ""), c.get("metadata", {}).get("tags", []))
               for c in json.loads(text).get("cells", []) if c.get("cell_type") == "code"]
    elif "```{code-cell}" in text:
        raw = _myst_cells(text)
    else:
        raw = [(m.group(1), []) for m in
               re.finditer(r"^```python[ \t]*\n(.*?)^```[ \t]*$", text, re.M | re.S)]
    cells = []
    for source, tags in raw:
        if source.strip():
            cells.append(prepare(Cell(len(cells), source, list(tags))))
    return cells


def _myst_cells(text: str) -> list[tuple[str, list[str]]]:
    """MyST ``{code-cell}`` blocks: (source, tags from ``:tags:`` or a ``---`` header)."""
    out = []
    for m in re.finditer(r"^(`{3,})\{code-cell\}[^\n]*\n(.*?)^\1[ \t]*$", text, re.M | re.S):
        body = m.group(2)
        options = ""
        header = re.match(r"---\n(.*?)\n---\n", body, re.S)
        if header:
            body, options = body[header.end():], header.group(1)
        lines = body.splitlines(keepends=True)
        while lines and lines[0].startswith(":"):  # ":tags: [raises-exception]"
            options += lines.pop(0)
        found = re.search(r"tags:\s*\[(.*?)\]", options)
        out.append(("".join(lines), re.findall(r"[\w-]+", found.group(1)) if found else []))
    return out


def prepare(cell: Cell) -> Cell:
    """Drop harmless magics; mark cells that need IPython or are not Python 3."""
    kept = []
    for line in cell.source.splitlines():
        stripped = line.strip()
        if stripped.startswith(MAGIC_KEPT):
            continue
        if stripped.startswith(("%", "!")):
            word = stripped.split()[0]
            cell.skip = f"IPython magic {word}" if word[0] == "%" else "shell command"
            return cell
        kept.append(line)
    cell.source = "\n".join(kept) + "\n"
    try:
        compile(cell.source, "<cell>", "exec")
    except SyntaxError:
        cell.skip = "not Python 3 syntax (IPython help or Python 2)"
    return cell


def repository_of(path: Path) -> str | None:
    """owner/name of a clone: from its origin URL, else its folder name (owner+name)."""
    url = subprocess.run(["git", "-C", str(path), "remote", "get-url", "origin"],
                         capture_output=True, text=True, check=False).stdout.strip()
    for text in (url, str(path)):
        m = re.search(r"([\w.-]+)[/+]([\w.-]+?)(?:\.git)?(?:/repo)?/?$", text)
        if m:
            name = f"{m.group(1)}/{m.group(2)}"
            for known in CORPORA:
                if known.lower() == name.lower():
                    return known
    return None


def find_notebooks(spec: str) -> list[Notebook]:
    """The notebooks of one ``--checkout PATH[=GLOB,...]``."""
    path_text, _, globs = spec.partition("=")
    root = Path(path_text).resolve()
    if not root.is_dir():
        raise SystemExit(f"--checkout {spec!r}: {root} is not a folder")
    corpus = repository_of(root) or root.name
    patterns = globs.split(",") if globs else CORPORA.get(corpus)
    if not patterns:
        raise SystemExit(f"--checkout {spec!r}: unknown corpus {corpus!r}; name its notebook "
                         f"files as PATH=GLOB (known: {', '.join(CORPORA)})")
    files = sorted({p for pat in patterns for p in root.glob(pat) if p.is_file()})
    commit = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True,
                            text=True, check=False).stdout.strip()
    return [Notebook(corpus, f, read_cells(f), commit[:12]) for f in files]


# --------------------------------------------------------------------------- running
def run_kernel(nb: Notebook, mode: str, module: str, cell_timeout: float,
               nb_timeout: float) -> dict[str, Any]:
    """Run the notebook's cells in a fresh process; the kernel's JSON result."""
    cells = [{"index": c.index, "source": c.source} for c in nb.cells if c.skip is None]
    with tempfile.TemporaryDirectory(prefix="aiarray-corpus-") as tmp:
        work = Path(tmp) / "work"
        work.mkdir()
        for entry in nb.path.parent.iterdir():  # the notebook's data files, read-only
            if not entry.name.startswith("."):
                try:
                    (work / entry.name).symlink_to(entry)
                except OSError:  # no symlinks (Windows without the privilege): copy files
                    if entry.is_file():
                        shutil.copy2(entry, work / entry.name)
        job, result = Path(tmp) / "job.json", Path(tmp) / "result.json"
        job.write_text(json.dumps({"mode": mode.removesuffix("-again"), "module": module,
                                   "cells": cells,
                                   "cell_timeout": cell_timeout}))
        env = dict(os.environ, MPLBACKEND="Agg", PYTHONHASHSEED="0", OMP_NUM_THREADS="1",
                   OPENBLAS_NUM_THREADS="1", MKL_NUM_THREADS="1", PYTHONWARNINGS="ignore")
        try:
            proc = subprocess.run([sys.executable, str(KERNEL), str(job), str(result)],
                                  cwd=work, env=env, capture_output=True, text=True,
                                  timeout=nb_timeout, check=False)
            status = "ok" if proc.returncode == 0 else f"exit {proc.returncode}"
            stderr = proc.stderr[-2000:]
        except subprocess.TimeoutExpired:
            status, stderr = "timed out", ""
        data = json.loads(result.read_text()) if result.exists() else {"cells": []}
    data.update(status=status, stderr=stderr)
    return data


# --------------------------------------------------------------------------- judging
def normalise(text: str, module: str) -> str:
    """The documented normaliser: addresses, the array class name, module reprs."""
    text = re.sub(r"0x[0-9a-fA-F]+", "0x?", text)
    text = re.sub(r"<class 'aiarray(\._array)?\.Array'>", "<class 'numpy.ndarray'>", text)
    text = re.sub(r"(?<![\w.])Array\(", "array(", text)
    text = re.sub(r"<module '([\w.]+)' from '[^']*'>", r"<module '\1'>", text)
    return text.replace(f"<module '{module}", "<module 'numpy")


def skip_reason(cell: Cell, ref: dict[str, Any] | None) -> str | None:
    """Why a cell is not counted (None: it runs under NumPy, or raises there on purpose)."""
    if cell.skip:
        return cell.skip
    if ref is None:
        return "not reached under NumPy (the notebook's process stopped)"
    if ref["ok"] or "raises-exception" in cell.tags:
        return None
    err = ref["error"]
    if err["type"] == "ModuleNotFoundError":
        name = re.search(r"'([\w.]+)'", err["message"])
        return f"missing package {name.group(1).split('.')[0] if name else '?'}"
    if err["type"] in NETWORK_ERRORS or re.search(
            r"urlopen|Name or service|resolve|Network is unreachable|timed out", err["message"]):
        return "needs the network"
    return f"fails under NumPy ({err['type']})"


def cause(res: dict[str, Any], ref: dict[str, Any], cell: Cell, module: str,
          compare_output: bool) -> str | None:
    """Why a cell fails under the swap-in (None: it passes)."""
    if "raises-exception" in cell.tags and not ref["ok"]:
        if not res["ok"] and ref["error"]["type"] in res["error"]["bases"]:
            return None
        if res["ok"]:
            return f"does not raise {ref['error']['type']} as NumPy does"
    if not res["ok"]:
        return error_cause(res["error"], module)
    if compare_output and normalise(res["output"], module) != normalise(ref["output"], module):
        return output_cause(normalise(ref["output"], module), normalise(res["output"], module))
    if res.get("ndarrays"):
        return "a result is a plain numpy.ndarray, not an aiarray Array"
    return None


def error_cause(err: dict[str, Any], module: str) -> str:
    msg = err["message"]
    m = re.match(r"module '([\w.]+)' has no attribute '(\w+)'", msg)
    if m and m.group(1).startswith(module):
        sub = m.group(1)[len(module):]
        return f"not served: np{sub}.{m.group(2)}"
    m = re.match(r"'(\w+)' object has no attribute '(\w+)'", msg)
    if m and m.group(1) in ("Array", "Generator", "RandomState"):
        return f"missing attribute: {m.group(1)}.{m.group(2)}"
    msg = re.sub(r"0x[0-9a-f]+", "0x?", msg)
    msg = re.sub(r" \((?:/|[A-Za-z]:\\)[^)]*\)", "", msg)  # a file path of this machine
    msg = re.sub(r"(?<![\w'])-?\d+(\.\d+)?(e[-+]?\d+)?", "N", msg)
    return f"{err['type']}: {msg[:140]}"


def _as_zero_d(text: str) -> str:
    """NumPy scalar reprs (``np.int64(3)``, ``np.True_``) written as 0-d array reprs."""
    text = re.sub(r"np\.(True|False)_", r"array(\1)", text)
    return re.sub(r"np\.(?:float|int|uint|complex|bool|str)\w*\(", "array(", text)


def output_cause(ref: str, got: str) -> str:
    """A coarse class of an output difference, for ranking (details stay per cell)."""
    if _as_zero_d(ref) == _as_zero_d(got):
        return "printed output differs: a 0-d array where NumPy gives a NumPy scalar"
    if re.sub(r", dtype=\w+", "", ref) == re.sub(r", dtype=\w+", "", got):
        return "printed output differs: the dtype shown"
    if re.sub(r"\s+", "", ref) == re.sub(r"\s+", "", got):
        return "printed output differs: spacing only"
    if re.sub(r"[-+]?\d[\d.e+-]*", "N", ref) == re.sub(r"[-+]?\d[\d.e+-]*", "N", got):
        return "printed output differs: numbers"
    return "printed output differs"


def judge(nb: Notebook, runs: dict[str, dict[str, Any]], module: str) -> list[dict[str, Any]]:
    """One verdict per cell: skipped (why), and for counted cells both modes' outcome."""
    by_mode = {mode: {c["index"]: c for c in runs[mode]["cells"]} for mode in runs}
    verdicts = []
    for cell in nb.cells:
        ref = by_mode["numpy"].get(cell.index, {}).get("numpy")
        code = [ln.strip() for ln in cell.source.splitlines()
                if ln.strip() and not ln.lstrip().startswith("#")]
        v: dict[str, Any] = {"corpus": nb.corpus, "file": str(nb.path), "index": cell.index,
                             "first_line": (code or ["(comments only)"])[0][:80]}
        v["skip"] = skip_reason(cell, ref)
        if v["skip"] is None:
            second = by_mode.get("forked") or by_mode.get("numpy-again") or {}
            other = second.get(cell.index, {}).get("numpy")  # a second NumPy run
            deterministic = other is None or other["output"] == ref["output"]
            v["output_compared"] = deterministic
            for mode, key in (("forked", "cell"), ("swap", "top")):
                if mode not in runs:
                    continue
                res = by_mode[mode].get(cell.index, {}).get("swap")
                if res is None:
                    v[key] = f"not reached (the process {runs[mode]['status']})"
                else:
                    v[key] = cause(res, ref, cell, module, deterministic)
                    if v[key] is not None:
                        v[f"{key}_detail"] = _detail(res, ref, module)
        verdicts.append(v)
    return verdicts


def _detail(res: dict[str, Any], ref: dict[str, Any], module: str) -> str:
    if not res["ok"]:
        e = res["error"]
        return f"{e['type']}: {e['message']}" + (f" (at {e['where']})" if e.get("where") else "")
    a = normalise(ref["output"], module).splitlines()
    b = normalise(res["output"], module).splitlines()
    for i in range(max(len(a), len(b))):
        la, lb = (a[i] if i < len(a) else ""), (b[i] if i < len(b) else "")
        if la != lb:
            return f"output line {i + 1}: numpy {la[:100]!r} vs swap-in {lb[:100]!r}"
    return f"ndarrays left: {', '.join(res.get('ndarrays', []))}"


# --------------------------------------------------------------------------- reporting
def rates(verdicts: list[dict[str, Any]]) -> dict[str, Any]:
    """Cells, cells counted, and passes of the counted ones in each mode."""
    counted = [v for v in verdicts if v["skip"] is None]
    out: dict[str, Any] = {"cells": len(verdicts), "counted": len(counted),
                           "skipped": len(verdicts) - len(counted)}
    for key in ("cell", "top"):
        judged = [v for v in counted if key in v]
        out[key] = {"passed": sum(v[key] is None for v in judged), "of": len(judged)}
    return out


def _pct(d: dict[str, int]) -> str:
    return f"{d['passed']}/{d['of']} ({100 * d['passed'] / d['of']:.1f}%)" if d["of"] else "-"


def ranked_causes(verdicts: list[dict[str, Any]]) -> list[tuple[str, int, int, list]]:
    cells: Counter[str] = Counter()
    tops: Counter[str] = Counter()
    examples: dict[str, list] = defaultdict(list)
    for v in verdicts:
        for key, counter in (("cell", cells), ("top", tops)):
            c = v.get(key)
            if v["skip"] is None and c is not None:
                counter[c] += 1
                if len(examples[c]) < 6 and v not in examples[c]:
                    examples[c].append(v)
    keys = sorted(set(cells) | set(tops), key=lambda k: (-cells[k], -tops[k], k))
    return [(k, cells[k], tops[k], examples[k]) for k in keys]


def write_report(path: Path, verdicts: list[dict[str, Any]], notebooks: list[Notebook],
                 module: str, command: str, failures: bool = False) -> None:
    lines = [f"# NumPy corpus with `import numpy` as `{module}`", "",
             f"Run {dt.date.today().isoformat()} on {platform.system()} "
             f"{platform.machine()}, Python {platform.python_version()}, "
             f"{_versions(module)}.", "", f"Command: `{command}`", "",
             "Corpora at: " + ", ".join(f"{c} {k or '(not a git checkout)'}" for c, k in
                                        dict.fromkeys((n.corpus, n.commit) for n in notebooks))
             + ".", "",
             "A cell passes when it runs, prints what it printed under NumPy (normalised as "
             "conformance/numpy_corpus.py documents), and leaves no plain numpy.ndarray "
             "where it used NumPy. Cell by cell: each cell starts from NumPy's state before "
             "it. Top to bottom: the notebook runs in one go under the swap-in, past any "
             "failing cell (so a failure also counts against the cells that needed it).", "",
             "| corpus | notebooks | cells | counted | cell by cell | top to bottom | "
             "notebooks passing top to bottom |", "|---|---|---|---|---|---|---|"]
    corpora = sorted({v["corpus"] for v in verdicts})
    for corpus in [*corpora, None]:
        vs = [v for v in verdicts if corpus is None or v["corpus"] == corpus]
        nbs = [n for n in notebooks if corpus is None or n.corpus == corpus]
        r = rates(vs)
        whole = sum(1 for n in nbs if all(v["top"] is None for v in vs
                                          if v["file"] == str(n.path) and v["skip"] is None))
        lines.append(f"| {corpus or '**all**'} | {len(nbs)} | {r['cells']} | {r['counted']} | "
                     f"{_pct(r['cell'])} | {_pct(r['top'])} | {whole}/{len(nbs)} |")
    lines += ["", "## Failures ranked by cause", "",
              "| cause | cells (cell by cell) | cells (top to bottom) | example |",
              "|---|---|---|---|"]
    ranked = ranked_causes(verdicts)
    for key, n_cell, n_top, ex in ranked:
        e = ex[0]
        lines.append(f"| {key.replace('|', '/')} | {n_cell} | {n_top} | "
                     f"{_short(e)}: `{e['first_line'].replace('|', '/')}` |")
    skipped = Counter(v["skip"] for v in verdicts if v["skip"])
    lines += ["", "## Cells not counted", "", "| reason | cells |", "|---|---|"]
    lines += [f"| {k} | {n} |" for k, n in skipped.most_common()]
    nondet = sum(1 for v in verdicts if v["skip"] is None and not v.get("output_compared"))
    lines += ["", f"Output not compared (differs between two NumPy runs): {nondet} cells."]
    if failures:
        lines += ["", "## Every failing cell, by cause", ""]
        for key, n_cell, n_top, _ in ranked:
            lines += [f"### {key} ({n_cell} cell by cell, {n_top} top to bottom)", ""]
            for v in verdicts:
                for k in ("cell", "top"):
                    if v["skip"] is None and v.get(k) == key:
                        lines.append(f"- {_short(v)} [{k}] `{v['first_line']}`: "
                                     f"{v.get(k + '_detail', '')}")
                        break
            lines.append("")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _short(v: dict[str, Any]) -> str:
    return f"{v['corpus']}/{Path(v['file']).name}#{v['index']}"


def _versions(module: str) -> str:
    code = ("import numpy, aiarray; "
            "print('numpy', numpy.__version__, 'aiarray', aiarray.__version__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=False).stdout.strip()
    return out or "versions unknown"


# --------------------------------------------------------------------------- command
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--checkout", action="append", required=True,
                        help="a corpus clone, optionally PATH=GLOB,GLOB (repeatable)")
    parser.add_argument("--module", default="aiarray.numpy", help="the swap-in module")
    parser.add_argument("--report", type=Path, default=HERE / "NUMPY_CORPUS.md")
    parser.add_argument("--failures", type=Path, help="also write every failing cell here")
    parser.add_argument("--json", type=Path, help="write the per-cell verdicts as JSON")
    parser.add_argument("--only", help="only notebook files whose name matches this glob")
    parser.add_argument("--jobs", type=int, default=2, help="processes at a time")
    parser.add_argument("--cell-timeout", type=float, default=60.0)
    parser.add_argument("--notebook-timeout", type=float, default=1800.0)
    ns = parser.parse_args(argv)
    notebooks = [nb for spec in ns.checkout for nb in find_notebooks(spec)
                 if not ns.only or fnmatch.fnmatch(nb.path.name, ns.only)]
    # the forked run also runs NumPy a second time; without fork, a plain second run does
    modes = ["numpy", "swap"] + (["forked"] if hasattr(os, "fork") else ["numpy-again"])
    jobs = {}
    with concurrent.futures.ThreadPoolExecutor(max(1, ns.jobs)) as pool:
        for nb in notebooks:
            for mode in modes:
                jobs[(str(nb.path), mode)] = pool.submit(
                    run_kernel, nb, mode, ns.module, ns.cell_timeout, ns.notebook_timeout)
    verdicts = []
    for nb in notebooks:
        runs = {mode: jobs[(str(nb.path), mode)].result() for mode in modes}
        verdicts += judge(nb, runs, ns.module)
        r = rates([v for v in verdicts if v["file"] == str(nb.path)])
        print(f"{nb.corpus}/{nb.path.name}: {r['counted']} counted, cell by cell "
              f"{_pct(r['cell'])}, top to bottom {_pct(r['top'])}", flush=True)
    command = "python conformance/numpy_corpus.py " + " ".join(
        f"--checkout <clone of {c}>" for c in dict.fromkeys(nb.corpus for nb in notebooks))
    if ns.module != "aiarray.numpy":
        command += f" --module {ns.module}"
    write_report(ns.report, verdicts, notebooks, ns.module, command)
    if ns.failures:
        write_report(ns.failures, verdicts, notebooks, ns.module, command, failures=True)
    if ns.json:
        ns.json.write_text(json.dumps(verdicts, indent=1))
    total = rates(verdicts)
    print(f"all: cell by cell {_pct(total['cell'])}, top to bottom {_pct(total['top'])}; "
          f"report: {ns.report}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Run a notebook's code cells in this process and write what each cell did as JSON.

Started by ``numpy_corpus.py`` only: ``python _corpus_kernel.py JOB.json RESULT.json``.
The job names a mode:

- ``numpy``: every cell in order, with NumPy;
- ``swap``: every cell in order, with ``import numpy`` running as the swap-in module;
- ``forked``: every cell in order with NumPy, and before each cell a forked child that
  converts the namespace to the swap-in (NumPy modules and functions to the swap-in's,
  ndarrays to its arrays) and runs that one cell with it: the cell-by-cell test, where
  no earlier failure under the swap-in can break the cell.

A cell is run as a notebook runs it: the value of a last expression statement is
displayed (its ``repr``) unless the cell ends with ``;``.  Each cell's printed output,
its exception (type and message) and, under the swap-in, the names it bound to a plain
``numpy.ndarray`` are recorded.
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import io
import json
import os
import random
import signal
import socket
import sys
import traceback
import types
from typing import Any

import numpy

SEED = 20240607


class CellTimeoutError(Exception):
    """A cell ran longer than the job allows."""


def _alarm(signum: int, frame: object) -> None:
    raise CellTimeoutError("the cell timed out")


def _compile(source: str, index: int, swap: str | None) -> tuple[Any, Any, bool]:
    tree = ast.parse(source, filename=f"<cell {index}>")
    if swap:
        from aiarray._swap_imports import swap_tree

        swap_tree(tree, swap)
    display = None
    quiet = source.rstrip().endswith(";")
    if tree.body and isinstance(tree.body[-1], ast.Expr) and not quiet:
        display = ast.Expression(tree.body.pop().value)
    body = compile(tree, f"<cell {index}>", "exec")
    shown = compile(display, f"<cell {index}>", "eval") if display is not None else None
    return body, shown, bool(swap)


def _error(exc: BaseException) -> dict[str, Any]:
    frames = traceback.extract_tb(exc.__traceback__)
    where = next((f"{f.filename}:{f.lineno}" for f in reversed(frames)
                  if not f.filename.startswith("<cell") and f.filename != __file__), "")
    return {"type": type(exc).__name__, "message": str(exc).splitlines()[0][:300]
            if str(exc) else "", "where": where,
            "bases": [c.__name__ for c in type(exc).__mro__]}


def run_cell(cell: dict[str, Any], ns: dict[str, Any], swap: str | None,
             timeout: float) -> dict[str, Any]:
    """Run one cell in ``ns``; its output, its error and the arrays it left as ndarrays."""
    out = io.StringIO()
    result: dict[str, Any] = {"ok": True}
    before = {k: id(v) for k, v in ns.items()}
    try:
        body, shown, _ = _compile(cell["source"], cell["index"], swap)
    except SyntaxError as exc:
        return {"ok": False, "error": _error(exc), "output": ""}
    if hasattr(signal, "setitimer"):
        signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        with contextlib.redirect_stdout(out):
            exec(body, ns)  # running the corpus cell is the point
            if shown is not None:
                value = eval(shown, ns)
                if value is not None:
                    print(repr(value))
    except BaseException as exc:
        if isinstance(exc, KeyboardInterrupt):
            raise
        result = {"ok": False, "error": _error(exc)}
    finally:
        if hasattr(signal, "setitimer"):
            signal.setitimer(signal.ITIMER_REAL, 0)
    result["output"] = out.getvalue()[:20000]
    if swap and ("np." in cell["source"] or "numpy" in cell["source"]):
        escaped = sorted(k for k, v in ns.items() if type(v) is numpy.ndarray
                         and v.dtype.kind in "biufc"  # text, dates, objects stay NumPy's
                         and before.get(k) != id(v) and not k.startswith("_"))
        if escaped:
            result["ndarrays"] = escaped
    return result


def to_swap_in(ns: dict[str, Any], module: types.ModuleType) -> None:
    """Rebind NumPy in ``ns`` to the swap-in: modules, NumPy functions, ndarrays."""
    for key, value in list(ns.items()):
        if key.startswith("__"):
            continue
        if isinstance(value, types.ModuleType):
            name = value.__name__
            if name == "numpy" or name.startswith("numpy."):
                with contextlib.suppress(ImportError):
                    ns[key] = importlib.import_module(module.__name__ + name[len("numpy"):])
        elif type(value) is numpy.ndarray:
            with contextlib.suppress(Exception):
                ns[key] = module.asarray(value)
        elif callable(value):  # a NumPy function bound by ``from numpy import sin``
            name = getattr(value, "__name__", None) or "_"
            if getattr(numpy, name, None) is value:
                ns[key] = getattr(module, name, value)


def _forked_cell(cell: dict[str, Any], ns: dict[str, Any], module: str,
                 timeout: float) -> dict[str, Any]:
    """Run ``cell`` under the swap-in in a forked child; the parent's state is untouched."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(read)
        try:
            to_swap_in(ns, importlib.import_module(module))
            res = run_cell(cell, ns, module, timeout)
        except BaseException as exc:
            res = {"ok": False, "error": _error(exc), "output": ""}
        with os.fdopen(write, "w") as f:
            f.write(json.dumps(res))
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as f:
        data = f.read()
    os.waitpid(pid, 0)
    if not data:
        return {"ok": False, "error": {"type": "Crash", "message": "the cell's process died",
                                       "where": "", "bases": ["Crash"]}, "output": ""}
    return json.loads(data)


def main(job_path: str, result_path: str) -> int:
    with open(job_path, encoding="utf-8") as f:
        job = json.load(f)
    mode, module, timeout = job["mode"], job["module"], job["cell_timeout"]
    sys.path.insert(0, os.getcwd())
    socket.setdefaulttimeout(10)
    if mode != "numpy":
        importlib.import_module(module)  # before any fork: the children inherit it
    numpy.random.seed(SEED)
    random.seed(SEED)
    ns: dict[str, Any] = {"__name__": "__main__", "__builtins__": __builtins__}
    results = []
    for cell in job["cells"]:
        entry: dict[str, Any] = {"index": cell["index"]}
        if mode == "forked":
            entry["swap"] = _forked_cell(cell, ns, module, timeout)
        entry["numpy" if mode != "swap" else "swap"] = run_cell(
            cell, ns, module if mode == "swap" else None, timeout)
        results.append(entry)
        with open(result_path, "w", encoding="utf-8") as f:  # what is done so far
            json.dump({"cells": results}, f)
    with open(result_path, "w", encoding="utf-8") as f:
        json.dump({"cells": results, "complete": True}, f)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))

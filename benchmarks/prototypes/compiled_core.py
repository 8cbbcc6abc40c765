"""The per-call floor of a Python-level Array, and what compiling it with mypyc buys.

    python benchmarks/prototypes/compiled_core.py [--reps 9]

Needs mypy (the ``typecheck`` extra, which ships mypyc) and a C compiler.  The script
writes a stand-in of Array's hot path (a wrapper object holding an ndarray, its dtype
and the swap-in tag, with ``x[i]``, ``x[a:b]``, ``x[i] = v``, ``x.T`` and ``x + y``
written as aiarray writes them) into a temporary directory, compiles one copy with
mypyc, and times both copies beside NumPy in one process.  It answers one question for
issue 16 (every everyday call within 1.5x NumPy's time): whether that target needs
compiled code.  Nothing here is part of aiarray.
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import subprocess
import sys
import tempfile
import timeit
from pathlib import Path
from types import ModuleType

import numpy

STAND_IN = '''
from __future__ import annotations

from typing import Any

import numpy as np

_PLAIN = frozenset({int, slice, type(None), np.int64, np.intp})


class Wrapped:
    __slots__ = ("_array", "_dtype", "_numpy")

    def __init__(self, a: Any, dt: Any, numpy: bool) -> None:
        self._array = a
        self._dtype = dt
        self._numpy = numpy

    def __getitem__(self, key: Any) -> Any:
        if self._numpy:
            t = type(key)
            if t is tuple:
                for part in key:
                    if type(part) not in _PLAIN:
                        return None
            elif t not in _PLAIN:
                return None
            out = self._array[key]
            if type(out) is not np.ndarray:
                return out
            return Wrapped(out, self._dtype, True)
        return None

    def __setitem__(self, key: Any, value: Any) -> None:
        if self._numpy and type(key) is int and type(value) is float:
            self._array[key] = value
            return
        raise TypeError("only x[int] = float in this stand-in")

    @property
    def T(self) -> Wrapped:  # noqa: N802
        return Wrapped(self._array.T, self._dtype, self._numpy)

    def __add__(self, other: Any) -> Any:
        if type(other) is Wrapped and other._dtype is self._dtype:
            return Wrapped(np.add(self._array, other._array), self._dtype, True)
        return NotImplemented
'''

CALLS = ("x[3]", "x[1:]", "x[3] = 2.0", "x.T", "x + x")


def load(path: Path, name: str) -> ModuleType:
    """The module ``name`` from the file or extension at ``path``."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def build(where: Path) -> tuple[ModuleType, ModuleType]:
    """The stand-in as Python and as a mypyc-compiled extension."""
    (where / "standin.py").write_text(STAND_IN)
    shutil.copy(where / "standin.py", where / "standin_py.py")
    done = subprocess.run([sys.executable, "-m", "mypyc", "standin.py"], cwd=where,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"mypyc failed (is the typecheck extra installed, and a C "
                         f"compiler?):\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    compiled = next(where.glob("standin.*.so"), None) or next(where.glob("standin.*.pyd"))
    return load(where / "standin_py.py", "standin_py"), load(compiled, "standin")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=9)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        python, compiled = build(Path(tmp))
        data = numpy.arange(10.0)
        objects = {"NumPy": data,
                   "Python": python.Wrapped(data, data.dtype, True),
                   "mypyc": compiled.Wrapped(data, data.dtype, True)}
        print("| call (10 float64) | NumPy ns | Python ns (ratio) | mypyc ns (ratio) |")
        print("|---|---:|---:|---:|")
        for call in CALLS:
            ns = {name: min(timeit.repeat(call, globals={"x": x}, number=20000,
                                          repeat=args.reps)) / 20000 * 1e9
                  for name, x in objects.items()}
            base = ns["NumPy"]
            print(f"| `{call}` | {base:.0f} | {ns['Python']:.0f} ({ns['Python'] / base:.2f}) | "
                  f"{ns['mypyc']:.0f} ({ns['mypyc'] / base:.2f}) |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

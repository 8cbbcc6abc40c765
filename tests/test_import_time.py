"""``import aiarray`` stays within a ratio of NumPy's own import time.

Measured in fresh processes, aiarray and NumPy alternating, with bytecode compiled
(into a private pycache, as an installed package has it).  The margin is generous for
a loaded 2-core machine, but a dependency that costs what ml_dtypes 0.7 costs at
import (~0.5 s) fails it; the message names the slowest modules.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_TIME = "import time; t = time.perf_counter(); import {mod}; print(time.perf_counter() - t)"


def _env(prefix: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(prefix)  # bytecode written once, outside the tree
    return env


def _seconds(mod: str, env: dict) -> float:
    out = subprocess.run([sys.executable, "-c", _TIME.format(mod=mod)], env=env,
                         capture_output=True, text=True, check=True, timeout=120)
    return float(out.stdout.split()[-1])


def _slowest(env: dict, count: int = 5) -> str:
    """The modules -X importtime finds slowest (cumulative), NumPy's own left out."""
    err = subprocess.run([sys.executable, "-X", "importtime", "-c", "import aiarray"], env=env,
                         capture_output=True, text=True, timeout=120).stderr
    rows = []
    for line in err.splitlines():
        parts = [p.strip() for p in line.removeprefix("import time:").split("|")]
        if len(parts) == 3 and parts[1].isdigit() and not parts[2].startswith("numpy"):
            rows.append((int(parts[1]), parts[2]))
    rows.sort(reverse=True)
    return ", ".join(f"{name} {us / 1e3:.0f} ms" for us, name in rows[:count])


def _printed(code: str, env: dict | None = None) -> str:
    """What ``python -c code`` prints, stripped (a fresh process)."""
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, check=True, timeout=120).stdout.strip()


def test_import_is_within_a_ratio_of_numpys(tmp_path: Path) -> None:
    env = _env(tmp_path)
    _seconds("aiarray", env)  # compiles the bytecode (NumPy's too, into the prefix)
    # The target is 1.3x NumPy's time (measured 1.10-1.17 on a quiet 2-core machine,
    # docs/performance.md); the margin is for a loaded machine, where both imports slow
    # down but not by the same amount.  A regression of ~15 ms over NumPy's ~55 fails it.
    # A run over the limit is measured again, up to three runs: a regression is over it
    # every time, where a burst of the machine's own noise (one CI run read 1.52x) is not.
    limit = 1.45
    runs: list[tuple[float, float]] = []
    for _ in range(3):
        numpy, aiarray = [], []
        for _ in range(7):
            numpy.append(_seconds("numpy", env))
            aiarray.append(_seconds("aiarray", env))
        runs.append((statistics.median(numpy), statistics.median(aiarray)))
        if runs[-1][1] / runs[-1][0] < limit:
            return
    seen = ", ".join(f"{ours * 1e3:.0f} ms against {base * 1e3:.0f} ms ({ours / base:.2f}x)"
                     for base, ours in runs)
    raise AssertionError(f"import aiarray against NumPy's, three runs: {seen}; the limit is "
                         f"{limit}x.  Slowest modules: " + _slowest(env))


def test_import_loads_neither_numba_nor_ml_dtypes() -> None:
    code = ("import sys, aiarray; "
            "print(sorted(m for m in ('numba', 'ml_dtypes', 'llvmlite') if m in sys.modules))")
    out = _printed(code)
    assert out == "[]"


def test_import_leaves_the_extension_functions_and_the_policies_to_their_first_use() -> None:
    """``import aiarray`` loads no GB/T extension or set-function module and builds no
    promotion policy; each name still works by attribute, ``from aiarray import``, and
    ``import *``, reports ``aiarray`` as its module, and is the one object everywhere."""
    lazy = ("aiarray._api.gbt_transforms", "aiarray._api.gbt_indexing",
            "aiarray._api.gbt_math", "aiarray._api.gbt_creation", "aiarray._api.set_functions",
            "aiarray.quantization", "threading")
    code = (
        "import sys, aiarray as xp; from aiarray import _promotion as P; "
        f"a = [[m for m in {lazy!r} if m in sys.modules], sorted(P._POLICIES)]; "
        "x = xp.asarray([3, 1, 3]); x + 1; a.append(sorted(P._POLICIES)); "
        "from aiarray import pad; ns = {}; exec('from aiarray import *', ns); "
        "a.append([pad is xp.pad is ns['pad'], xp.pad.__module__, xp.Layout.__module__, "
        "xp.unique_values(x).tolist(), ns['quantize'] is xp.quantization.quantize, "
        "sorted(set(xp.__all__) - set(ns)), 'pad' in dir(xp)]); print(a)")
    out = _printed(code)
    assert out == (
        "[[], [], ['ascend'], [True, 'aiarray', 'aiarray', [1, 3], True, [], True]]"), out


def test_threads_that_load_a_lazy_name_at_once_get_one_object() -> None:
    """Eight threads asking for every name loaded on first use, released together, all
    get the object the module then holds (each wrapper made slowly, so that the threads
    meet while making them)."""
    code = (
        "import threading, time, aiarray as xp\n"
        "from aiarray import _public\n"
        "make = _public.allocates\n"
        "_public.allocates = lambda f: (time.sleep(0.002), make(f))[1]\n"
        "names = sorted(xp._LAZY_NAMES); got = [None] * 8; gate = threading.Barrier(8)\n"
        "def ask(i):\n"
        "    gate.wait(); got[i] = [getattr(xp, n) for n in names]\n"
        "ts = [threading.Thread(target=ask, args=(i,)) for i in range(8)]\n"
        "[t.start() for t in ts]; [t.join() for t in ts]\n"
        "print(len(names), all(g[k] is getattr(xp, n) for g in got "
        "for k, n in enumerate(names)))\n")
    out = _printed(code)
    assert out == "26 True", out


def test_import_builds_the_parallel_backend_at_its_first_large_call() -> None:
    """The kernel layer (``aiarray._kernels``) loads on first use: not for small arrays,
    not for ``get_backend``; ``AIARRAY_BACKEND`` still takes effect, and a name that is
    no backend fails at import with a message naming the variable."""
    code = ("import sys, aiarray as xp; k = lambda: 'aiarray._kernels' in sys.modules; "
            "a = [k(), xp.get_backend()]; x = xp.ones(10); x + x; xp.sum(x); a.append(k()); "
            "y = xp.ones(1 << 22, dtype=xp.float32); y + y; a.append(k()); "
            "a.append(callable(xp.fuse) and xp.fuse.__module__); print(a)")
    out = _printed(code)
    assert out == "[False, 'parallel', False, True, 'aiarray']", out
    env = dict(os.environ, AIARRAY_BACKEND="numpy")
    code = ("import sys, aiarray as xp; y = xp.ones(1 << 22); y + y; "
            "print(xp.get_backend(), 'aiarray._kernels' in sys.modules)")
    out = _printed(code, env)
    assert out.split() == ["numpy", "False"], out
    env["AIARRAY_BACKEND"] = "no-such"
    bad = subprocess.run([sys.executable, "-c", "import aiarray"], env=env,
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode != 0 and "AIARRAY_BACKEND='no-such' is not a backend; choose " \
        "one of numpy, parallel" in bad.stderr, bad.stderr


def test_swapin_loads_random_fft_and_testing_at_first_use() -> None:
    """``import aiarray.numpy`` loads NumPy's random, fft and testing only when the
    program reaches them, as ``import numpy`` does; they then work by attribute, by
    ``from ... import`` and by ``import *``."""
    lazy = ("numpy.random", "numpy.fft", "numpy.testing")
    code = ("import sys, aiarray.numpy as np; m = lambda: [n in sys.modules for n in "
            f"{lazy!r}]; a = [m()]; r = np.random.default_rng(0).random(3); "
            "a.append(m()); from aiarray.numpy import fft; f = fft.fft(np.ones(4)); "
            "ns = {}; exec('from aiarray.numpy import *', ns); "
            "a.append(m()); a.append([r.shape, float(f.real[0]), 'random' in ns, "
            "'fft' in ns]); print(a)")
    out = _printed(code)
    assert out == ("[[False, False, False], [True, False, False], "
                   "[True, True, False], [(3,), 4.0, True, True]]"), out

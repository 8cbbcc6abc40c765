"""A process's first seconds: large calls right after import (issue 19, item 1).

The kernel loader imports numba in a background thread (``AIARRAY_NUMBA_AFTER=0``:
at the first call that wants a kernel), and numba imports numpy.ma; meanwhile
another thread imports ml_dtypes.  Code that reads a module from ``sys.modules``
may find it half-imported there (``numpy.ma`` without ``MaskedArray``, ``ml_dtypes``
without ``bfloat16``).  Several fresh processes loop on large calls from their first
line on, in two threads, until the loader has finished: every result equals NumPy's
and every error is aiarray's, with a status.
"""

from __future__ import annotations

import os
import subprocess
import sys

PROCESSES = 4

LOOP = r"""
import threading, time
import numpy as np
import aiarray as xp
from aiarray._kernels._numba import LOADER as loader

n = 2_000_000
base = (np.arange(n, dtype=np.float32) % 97) - 40
idx = np.arange(0, n, 1000)
strings = np.zeros(3, "U1")
problems = []

def large_calls(rounds):
    for _ in range(rounds):
        a = xp.asarray(base)
        checks = [(a + a, base + base), (xp.sum(a), np.sum(base)), (xp.max(a), np.max(base)),
                  (a[xp.asarray(idx)], base[idx]), (xp.asarray([1.5]) * 2, np.asarray([3.0]))]
        for got, want in checks:
            got = np.asarray(got)
            if got.dtype != want.dtype or not np.array_equal(got, want):
                problems.append(f"result {got!r} != {want!r}")

def guarded(func, *args):
    try:
        func(*args)
    except Exception as e:
        problems.append(f"{type(e).__name__}: {e}")

def strings_refused():
    for _ in range(400):
        try:
            xp.asarray(strings)
        except Exception as e:
            if not hasattr(e, "status"):
                problems.append(f"asarray(str array): {type(e).__name__}: {e}")
        else:
            problems.append("asarray(str array) accepted")

importer = threading.Thread(target=lambda: (__import__("ml_dtypes"), guarded(strings_refused)))
other = threading.Thread(target=guarded, args=(large_calls, 30))
importer.start()
other.start()
guarded(strings_refused)
deadline = time.monotonic() + 60
rounds = 0
while time.monotonic() < deadline and (rounds < 10 or loader.status()["state"] in
                                       ("cold", "loading")):
    guarded(large_calls, 1)
    rounds += 1
other.join(60)
importer.join(60)
print(loader.status()["state"], len(problems))
for p in problems[:5]:
    print(p)
"""


def test_large_calls_right_after_import() -> None:
    env = dict(os.environ, AIARRAY_NUMBA_AFTER="0")
    for k in range(PROCESSES):
        out = subprocess.run([sys.executable, "-c", LOOP], capture_output=True, text=True,
                             env=env, timeout=180)
        assert out.returncode == 0, out.stdout + out.stderr
        assert out.stdout.split()[1] == "0", f"process {k}:\n{out.stdout}{out.stderr}"

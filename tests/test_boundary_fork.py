"""A child forked at any moment finishes (issue 19, item 2).

``tests/_fork_probe.py`` runs in fresh processes (so the forks also land in the
process's first large call: tuning, the thread pool's start, the kernel loader's
import of numba) while one thread makes large calls and another loops on
``set_num_threads``; each child computes large and small ops, checks them against
NumPy and exits.  A child that does not exit in time is a hang.  The default run
forks 24 times (3 processes); ``AIARRAY_FORK_PROBE=100`` forks 100 times (the
issue's target: 0 hangs), as docs/reliability.md describes.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the platform has no fork")

PROBE = Path(__file__).with_name("_fork_probe.py")
FORKS = int(os.environ.get("AIARRAY_FORK_PROBE", "24"))
PER_PROCESS = 8
CHILD_TIMEOUT = 20  # seconds; a child needs well under one


def _probe(forks: int, seed: int, env: dict[str, str]) -> dict:
    cmd = [sys.executable, str(PROBE), "--forks", str(forks), "--seed", str(seed),
           "--size", "2000000", "--timeout", str(CHILD_TIMEOUT)]
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, env=env,
                             timeout=60 + forks * (CHILD_TIMEOUT + 12))
    except subprocess.TimeoutExpired as e:  # the parent itself hung
        pytest.fail(f"the fork probe (seed {seed}) did not finish: {e.stderr!r}")
    assert out.returncode == 0, out.stdout + out.stderr
    result = json.loads(out.stdout.strip().splitlines()[-1])
    result["stderr"] = out.stderr[-4000:]
    return result


def test_forked_children_never_hang() -> None:
    """0 hangs and results equal to NumPy's in every child; the kernel loader starting
    at the first large call (``AIARRAY_NUMBA_AFTER=0``) in every other process."""
    hangs = errors = done = 0
    seed = 0
    report = []
    while done < FORKS:
        forks = min(PER_PROCESS, FORKS - done)
        env = dict(os.environ)
        if seed % 2 == 0:
            env["AIARRAY_NUMBA_AFTER"] = "0"  # forks during numba's import and compiles
        result = _probe(forks, seed, env)
        hangs += result["hangs"]
        errors += result["errors"]
        if result["hangs"] or result["errors"]:
            report.append(f"seed {seed}: codes {result['codes']}\n{result['stderr']}")
        assert "Exception ignored" not in result["stderr"], result["stderr"]
        done += forks
        seed += 1
    assert (hangs, errors) == (0, 0), f"{hangs} hangs, {errors} errors in {FORKS} forks:\n" \
        + "\n".join(report)


class _BlockingFinder:
    """A meta-path finder that holds the import of one module name at its spec search:
    the moment after importlib took the module's import lock, before the module is in
    ``sys.modules`` (where a fork once left forked children hanging)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.entered = threading.Event()
        self.release = threading.Event()

    def find_spec(self, fullname: str, path: object, target: object = None) -> None:
        if fullname == self.name:
            self.entered.set()
            self.release.wait(10)
        return None  # (then importlib's own finders: ModuleNotFoundError)


def test_fork_waits_for_an_import_before_its_module_exists(monkeypatch) -> None:
    """``_fork.settle_imports`` (the ``before`` hook of every fork) sees an import from
    the moment its lock is taken, and waits until it ends."""
    from aiarray import _fork

    name = "aiarray_fork_probe_module"
    finder = _BlockingFinder(name)
    monkeypatch.setattr(sys, "meta_path", [finder, *sys.meta_path])
    monkeypatch.setattr(_fork, "LAZY_IMPORTS", [name])

    def importer() -> None:
        with contextlib.suppress(ModuleNotFoundError):
            importlib.import_module(name)

    assert not _fork._importing(name)
    worker = threading.Thread(target=importer)
    worker.start()
    assert finder.entered.wait(10)
    assert name not in sys.modules and _fork._importing(name)
    settled = threading.Event()
    waiter = threading.Thread(target=lambda: (_fork.settle_imports(), settled.set()))
    waiter.start()
    assert not settled.wait(0.3)  # still importing: the fork would wait
    finder.release.set()
    worker.join(10)
    assert settled.wait(10)
    waiter.join(10)
    assert not _fork._importing(name)

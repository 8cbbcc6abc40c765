"""Shared test helper: tests that need an optional tool skip cleanly when it is absent.

CI names the tools it installed in ``AIARRAY_REQUIRE`` (comma-separated, e.g.
``jax,sphinx,chromium``): for those a missing tool fails the test instead of skipping it,
so a broken install step cannot pass as a green run of skips.
"""

from __future__ import annotations

import importlib
import os
import shutil
from types import ModuleType

import pytest

REQUIRE_VARIABLE = "AIARRAY_REQUIRE"


def required() -> frozenset[str]:
    """The tools this run must have (from ``AIARRAY_REQUIRE``)."""
    text = os.environ.get(REQUIRE_VARIABLE, "")
    return frozenset(t.strip() for t in text.split(",") if t.strip())


def missing(tool: str, why: str) -> None:
    """Skip, or fail when ``tool`` is one this run must have."""
    if tool in required():
        pytest.fail(f"{tool} is required in this run ({REQUIRE_VARIABLE}) but {why}")
    pytest.skip(f"{tool} is not available: {why}")


def module(name: str, tool: str | None = None) -> ModuleType:
    """Import ``name``, or skip (fail when required) if it cannot be imported."""
    try:
        return importlib.import_module(name)
    except ImportError as e:
        missing(tool or name, f"import {name} failed ({e})")
        raise  # unreachable: missing() skips or fails


def program(*names: str, tool: str) -> str:
    """The path of the first of ``names`` on PATH, or skip (fail when required)."""
    for name in names:
        path = shutil.which(name)
        if path:
            return path
    missing(tool, f"none of {', '.join(names)} is on PATH")
    raise AssertionError("unreachable")

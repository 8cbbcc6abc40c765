"""Sorting functions of the standard."""

from __future__ import annotations

from typing import Any

__all__ = ["argsort", "sort"]


def argsort(x: Any, /, *, axis: Any = -1, descending: Any = False, stable: Any = True) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("argsort")


def sort(x: Any, /, *, axis: Any = -1, descending: Any = False, stable: Any = True) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("sort")

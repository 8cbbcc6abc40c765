"""Indexing functions of the standard."""

from __future__ import annotations

from typing import Any

__all__ = ["take", "take_along_axis"]


def take(x: Any, indices: Any, /, *, axis: Any = None) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("take")


def take_along_axis(x: Any, indices: Any, /, *, axis: Any = -1) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("take_along_axis")

"""Set functions of the standard."""

from __future__ import annotations

from typing import Any

__all__ = ["isin", "unique_all", "unique_counts", "unique_inverse", "unique_values"]


def isin(x1: Any, x2: Any, /, *, invert: Any = False) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("isin")


def unique_all(x: Any, /) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("unique_all")


def unique_counts(x: Any, /) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("unique_counts")


def unique_inverse(x: Any, /) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("unique_inverse")


def unique_values(x: Any, /) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("unique_values")

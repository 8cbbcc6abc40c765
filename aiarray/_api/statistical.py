"""Statistical functions of the standard."""

from __future__ import annotations

from typing import Any

__all__ = ["cumulative_sum", "cumulative_prod", "max", "mean", "min", "prod", "std", "sum", "var"]


def cumulative_sum(x: Any, /, *, axis: Any = None, dtype: Any = None, include_initial: Any = False) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("cumulative_sum")


def cumulative_prod(x: Any, /, *, axis: Any = None, dtype: Any = None, include_initial: Any = False) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("cumulative_prod")


def max(x: Any, /, *, axis: Any = None, keepdims: Any = False) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("max")


def mean(x: Any, /, *, axis: Any = None, keepdims: Any = False) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("mean")


def min(x: Any, /, *, axis: Any = None, keepdims: Any = False) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("min")


def prod(x: Any, /, *, axis: Any = None, dtype: Any = None, keepdims: Any = False) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("prod")


def std(x: Any, /, *, axis: Any = None, correction: Any = 0.0, keepdims: Any = False) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("std")


def sum(x: Any, /, *, axis: Any = None, dtype: Any = None, keepdims: Any = False) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("sum")


def var(x: Any, /, *, axis: Any = None, correction: Any = 0.0, keepdims: Any = False) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("var")

"""Utility functions of the standard: all, any."""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _dtypes as D
from .._array import Array
from .._dispatch import not_an_array
from ._axes import normalize_axes

__all__ = ["all", "any", "diff"]


def _truth(x: Array, axis: object, keepdims: bool, func: str, reduce: np.ufunc) -> Array:
    if type(x) is not Array:
        raise not_an_array(func, "x", x)
    axes = normalize_axes(axis, x.ndim, func)
    a = x._array
    if x.dtype is D.complex32:
        a = D.c32_to_c64(a)
    out = reduce.reduce(a != 0 if a.dtype.kind != "b" else a, axis=axes, keepdims=keepdims)
    return Array._new(np.asarray(out), D.bool_)


def all(x: Array, /, *, axis: int | tuple[int, ...] | None = None,
        keepdims: bool = False) -> Array:
    """Whether every element along ``axis`` is true (non-zero; NaN counts as true)."""
    return _truth(x, axis, keepdims, "all", np.logical_and)


def any(x: Array, /, *, axis: int | tuple[int, ...] | None = None,
        keepdims: bool = False) -> Array:
    """Whether any element along ``axis`` is true (non-zero; NaN counts as true)."""
    return _truth(x, axis, keepdims, "any", np.logical_or)


def diff(x: Any, /, *, axis: Any = -1, n: Any = 1, prepend: Any = None, append: Any = None) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("diff")

"""Linear algebra functions of the main namespace: matmul and matrix_transpose."""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import _dtypes as D
from .._array import Array
from .._dispatch import not_an_array, operands
from .._errors import DimensionMismatchError, TypeMismatchError
from .._numpy_path import quiet
from .._registry import OPS

__all__ = ["matmul", "matrix_transpose", "tensordot", "vecdot"]


def matmul(x1: Array, x2: Array, /) -> Array:
    """Matrix product (GB/T table 2), promoted by the active policy's table."""
    for name, x in (("x1", x1), ("x2", x2)):
        if type(x) is not Array:
            raise not_an_array("matmul", name, x)
        if x.ndim == 0:
            raise DimensionMismatchError(f"matmul(): {name} must have at least 1 dimension")
    a1, a2, dt = operands(OPS["multiply"], x1, x2)
    if dt not in D.NUMERIC:
        raise TypeMismatchError(f"matmul() requires numeric input, got dtype {D.name_of(dt)}")
    k1 = x1.shape[-1]
    k2 = x2.shape[-2] if x2.ndim > 1 else x2.shape[0]
    if k1 != k2:
        raise DimensionMismatchError(
            f"matmul(): contracted axes differ: x1 {x1.shape} and x2 {x2.shape}"
        )
    try:
        out = quiet(np.matmul, D.widen(a1), D.widen(a2))
    except ValueError as e:
        raise DimensionMismatchError(f"matmul(): {x1.shape} and {x2.shape}: {e}") from None
    return Array._new(D.narrow(np.asarray(out), dt), dt)


def matrix_transpose(x: Array, /) -> Array:
    """Transpose of the last two axes."""
    if type(x) is not Array:
        raise not_an_array("matrix_transpose", "x", x)
    return x.mT


def tensordot(x1: Any, x2: Any, /, *, axes: Any, Any = 2) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("tensordot")


def vecdot(x1: Any, x2: Any, /, *, axis: Any = -1) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("vecdot")

"""GB/T creation from a flat buffer and a shape: fill or truncate (7.2.1.1).

GB/T 7.2.1.1 creates a dense tensor of a given shape from an initialisation array
of any length: a shorter array fills the front of the tensor and the rest is zero,
a longer one is cut to the tensor's size.  ``asarray`` covers the ordinary
"copy existing data" form; ``from_buffer`` is this fill/truncate form.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

import numpy as np

from .. import _dtypes as D
from .._array import Array
from .._device import check_device
from .._errors import (
    AiarrayError,
    AllocationError,
    DimensionMismatchError,
    TypeMismatchError,
    message,
)
from .._typing import Device, DType, NDArray
from ._axes import shape_tuple
from .creation import DEFAULT_FLOAT, asarray, zeros

__all__ = ["from_buffer"]

_FUNC = "from_buffer"


def _renamed(err: AiarrayError) -> AiarrayError:
    """The same error class and status, with a message naming ``from_buffer``."""
    text = message(err).replace("asarray(): ", "").replace(" of obj ", " in values ")
    text = re.sub(r"\bobj\b", "values", text)
    if not text.startswith(f"{_FUNC}("):
        text = f"{_FUNC}(): {text}"
    return type(err)(text)


def _zeros(dims: tuple[int, ...], dt: DType) -> NDArray:
    """A zero ndarray; AllocationError also when NumPy finds the size beyond the address space."""
    try:
        return zeros(dims, dtype=dt)._array
    except AiarrayError:
        raise
    except ValueError as err:  # NumPy: "array is too big; ..."
        raise AllocationError(
            f"{_FUNC}(): cannot allocate an array of shape {dims} and dtype {D.name_of(dt)} "
            f"({err})"
        ) from None


def _flat(a: Array) -> Array:
    if a.ndim != 1:
        raise DimensionMismatchError(
            f"{_FUNC}(): values must be flat (1-D), got shape {a.shape}; "
            "reshape it first or use asarray"
        )
    return a


def _kept(values: object, n: int, dt: DType | None) -> Array:
    """The first ``n`` (at most) values as a 1-D Array of ``dt`` (inferred when None)."""
    if type(values) is Array:
        _flat(values)
        head = Array._new(values._array[:n], values.dtype)
        return head if dt is None or dt is values.dtype else asarray(head, dtype=dt)
    if isinstance(values, str | bytes | bytearray) or not (
        isinstance(values, Sequence | memoryview | np.ndarray)
    ):
        raise TypeMismatchError(
            f"{_FUNC}(): values={values!r} must be a flat sequence of numbers or a 1-D "
            f"Array, got {type(values).__name__}"
        )
    if isinstance(values, np.ndarray) and values.ndim != 1:
        raise DimensionMismatchError(
            f"{_FUNC}(): values must be flat (1-D), got shape {values.shape}"
        )
    if dt is None:  # the dtype of the whole buffer, as asarray(values) infers it
        whole = _flat(asarray(values))
        return Array._new(whole._array[:n], whole.dtype)
    return _flat(asarray(values[:n], dtype=dt))  # values past the end are never read


def from_buffer(values: object, /, shape: int | tuple[int, ...], *, dtype: DType | None = None,
                device: Device | None = None) -> Array:
    """A new array of ``shape`` filled from the flat ``values`` (GB/T 7.2.1.1).

    The first ``prod(shape)`` values fill the array in row-major order.  Fewer
    values: the rest is zero (False for bool).  More values: the extra ones are
    dropped (truncated).  ``values`` is a flat sequence (list, tuple, buffer) of
    Python numbers, a 1-D NumPy array or a 1-D aiarray Array; ``None`` means no
    initial values (all zeros).  Nested sequences and arrays of another ndim raise
    DimensionMismatchError.

    With ``dtype=None`` the dtype is that of ``asarray(values)`` (the whole buffer:
    bool, int64, float64 or complex128 for Python values; an Array keeps its own;
    float64 for ``None`` or an empty buffer).  With an explicit ``dtype`` only the
    kept values are converted, with ``asarray``'s checks (a Python int that does
    not fit raises OverflowError; NaN to an integer dtype raises ValueError).
    The result never shares memory with ``values``.

    Examples
    --------
    >>> xp.from_buffer([1, 2, 3, 4, 5], (2, 2), dtype=xp.int16)
    Array([[1, 2],
           [3, 4]], dtype=int16)
    >>> xp.from_buffer([1.5, 2.5], (2, 2))
    Array([[1.5, 2.5],
           [0. , 0. ]], dtype=float64)
    """
    try:
        check_device(device)
        dims = shape_tuple(shape)
        dt = None if dtype is None else D.canonical(dtype)
        n = math.prod(dims)
        if values is None:
            dt = DEFAULT_FLOAT if dt is None else dt
            return Array._new(_zeros(dims, dt), dt)
        kept = _kept(values, n, dt)
        out = _zeros((n,), kept.dtype)
    except AiarrayError as err:
        raise _renamed(err) from None
    D.bits(out)[: kept.size] = D.bits(kept._array)
    return Array._new(out.reshape(dims), kept.dtype)

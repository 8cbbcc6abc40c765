"""The types of aiarray's API, for type checkers (``aiarray.typing`` is their public home).

Nothing here runs on a call: the modules annotate with ``from __future__ import
annotations``, so these names cost an import, never a check.  The types that name
``Array`` (operands, indices, the elementwise functions) are in ``_signatures``, so that
this module, which the whole core imports, names nothing above it.
"""

from __future__ import annotations

from typing import Any, TypeAlias

import numpy as np

from ._device import Device

__all__ = ["DType", "Device", "NDArray", "Scalar"]

DType: TypeAlias = np.dtype[Any]
"""An aiarray data type: every one is a ``numpy.dtype`` instance (bfloat16 is ml_dtypes',
complex32 a tagged record dtype)."""

NDArray: TypeAlias = np.ndarray[tuple[int, ...], np.dtype[Any]]
"""The NumPy array an Array wraps (inside aiarray)."""

Scalar: TypeAlias = bool | int | float | complex
"""A Python scalar operand (the standard's ``bool | int | float | complex``)."""

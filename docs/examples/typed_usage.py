"""aiarray in typed code (docs/typing.md); ``mypy --strict`` checks this file in CI."""

from __future__ import annotations

import aiarray as xp
import aiarray.numpy as anp
from aiarray import linalg
from aiarray.typing import Array, Device, DType, UnaryFunction


def unit(x: Array, /, *, dtype: DType | None = None, device: Device | None = None) -> Array:
    """``x`` divided by its Euclidean norm, in ``dtype`` (default: ``x``'s own)."""
    y = xp.asarray(x, dtype=dtype, device=device)
    return y / linalg.vector_norm(y)


def apply_twice(f: UnaryFunction, x: Array) -> Array:
    """``f(f(x))`` for any elementwise function of one array (``xp.sin``, ``xp.abs`` ...)."""
    return f(f(x))


v = unit(xp.asarray([3.0, 4.0]), dtype=xp.float32)
print(v.dtype, v.shape, v.device)

m: Array = xp.reshape(xp.arange(6, dtype=xp.float64), (2, 3))
gram = m @ m.T  # operators are typed too: Array @ Array -> Array
print(gram.shape, xp.isdtype(gram.dtype, "real floating"))

half: DType = xp.bfloat16
print(apply_twice(xp.abs, xp.asarray([-1.5, 2.0], dtype=half)))

total = anp.sum(anp.asarray([1, 2, 3]))  # the NumPy swap-in: its results are Arrays too
print(int(total))

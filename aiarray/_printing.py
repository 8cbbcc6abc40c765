"""How Arrays print: ``repr``, ``str`` and ``format``.

NumPy's own printing (``numpy.array2string`` and its print options) lays out the
values.  Two dtypes NumPy cannot print as numbers go through a display array first:
bfloat16 (ml_dtypes prints it like integers) and complex32 (a record of two float16).
Each value becomes the shortest decimal that reads back as the same bfloat16 /
float16 value, held in a float64 (complex128), which NumPy then prints with its
float layout: ``0.1`` rather than ``0.100098`` or ``0.09997559``.

Two layouts:
- an array of the standard namespace always names its dtype:
  ``Array([1, 2], dtype=int64)``;
- an array of the swap-in namespace (``aiarray.numpy``) prints exactly as NumPy does,
  under the class name ``Array``: ``Array([1, 2])``, ``Array([1., 2.], dtype=float32)``.
Both add ``shape=`` where NumPy does (an empty array of shape other than ``(0,)``, or a
summarized one), so an empty array keeps its shape.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import _dtypes as D
from ._errors import TypeMismatchError
from ._numpy_path import quiet
from ._typing import DType, NDArray

# dtypes NumPy prints without naming them (numpy._core.arrayprint.dtype_is_implied)
_IMPLIED = frozenset({D.float64, D.int64, D.bool_, D.complex128})
_PREFIX = "Array("


def _shortest(values: NDArray, narrow: DType) -> NDArray:
    """float64 values of ``narrow`` dtype (bfloat16 or float16) -> the shortest decimals
    that round back to the same ``narrow`` values, as float64 (non-finite kept)."""
    u, inv = np.unique(values, return_inverse=True)
    short = u.copy()
    todo = np.isfinite(u) & (u != 0)
    for digits in range(1, 10):  # bfloat16 needs at most 4 digits, float16 5
        if not todo.any():
            break
        cand = np.char.mod(f"%.{digits - 1}e", u[todo]).astype(np.float64)
        # (a candidate beyond the dtype's range, 7e+04 for 65504, becomes inf: not exact)
        exact = quiet(cand.astype, narrow).astype(np.float64) == u[todo]
        idx = np.flatnonzero(todo)[exact]
        short[idx] = cand[exact]
        todo[idx] = False
    return short[inv.reshape(values.shape)]


def display(a: NDArray, dtype: DType) -> NDArray:
    """The ndarray NumPy prints for data ``a`` of aiarray dtype ``dtype``."""
    if dtype.name == "bfloat16":  # (by name: bfloat16's dtype may not be loaded yet)
        return _shortest(a.astype(np.float64), dtype)
    if dtype is D.complex32:
        re = _shortest(a["real"].astype(np.float64), D.float16)
        im = _shortest(a["imag"].astype(np.float64), D.float16)
        return re + 1j * im if re.size else np.empty(a.shape, np.complex128)
    return a


def _summarized(a: NDArray) -> bool:
    return a.size > np.get_printoptions()["threshold"]


def array_repr(a: NDArray, dtype: DType, numpy_style: bool) -> str:
    """``repr`` of an Array: NumPy's layout under the name ``Array``."""
    body = np.array2string(display(a, dtype), separator=", ", prefix=_PREFIX, suffix=")")
    extras = []
    if (a.size == 0 and a.shape != (0,)) or _summarized(a):
        extras.append(f"shape={a.shape}")
    if not numpy_style or dtype not in _IMPLIED or a.size == 0:
        extras.append(f"dtype={D.name_of(dtype)}")
    if not extras:
        return f"{_PREFIX}{body})"
    head = f"{_PREFIX}{body},"
    tail = ", ".join(extras) + ")"
    width = np.get_printoptions()["linewidth"]
    spacer = " "
    if len(head.rsplit("\n", 1)[-1]) + len(tail) + 1 > width:
        spacer = "\n" + " " * len(_PREFIX)
    return head + spacer + tail


def array_str(a: NDArray, dtype: DType) -> str:
    """``str`` of an Array: NumPy's ``str`` of its values (a 0-d array: of its value)."""
    shown = display(a, dtype)
    if shown.ndim == 0:
        return str(shown[()])
    return np.array2string(shown)


def array_format(x: Any, spec: str) -> str:
    """``format(x, spec)``: a 0-d array formats its Python value (as NumPy does); an
    empty spec gives ``str(x)``; a spec for an array with dimensions raises TypeError."""
    if x.ndim == 0:
        return format(x._scalar("format"), spec)
    if not spec:
        return str(x)
    raise TypeMismatchError(
        f"format spec {spec!r} needs a 0-d array (a single value), got shape {x.shape}; "
        "format x[i] or x.item() instead"
    )

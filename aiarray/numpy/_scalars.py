"""NumPy's scalars at the swap-in's boundary.

Where NumPy gives a NumPy scalar (``x[i]``, a full reduction, a ufunc or an operator of
0-d operands, ``np.linalg.det``), the swap-in gives the same NumPy scalar object
(``numpy.float64``, ``numpy.int64``, ``numpy.bool``, ml_dtypes' ``bfloat16``): hashable,
immutable, ``isinstance(v, float)`` for a float64, and NumPy's own speed for the
scalar arithmetic of per-element loops.  A 0-d array NumPy gives as an array
(``np.array(2.5)``, ``np.zeros(())``, ``x.reshape(())``, ``x[...]``) stays a 0-d Array:
those are marked where they are made (``made_as_array``), and every other 0-d swap-in
result leaving a public function becomes the scalar here.

complex32 has no NumPy scalar type: a complex32 result stays a 0-d Array (a complex64
scalar would change the dtype silently).
"""

from __future__ import annotations

from typing import Any

from .. import _dtypes as D
from .._array import Array
from .._array_numpy import _ZERO_D_ARRAYS

_C32 = D.complex32


def scalar(x: Array) -> Any:
    """The NumPy scalar of 0-d Array ``x`` (complex32: ``x`` itself)."""
    if x._dtype is _C32:
        return x
    return x._array[()]


def _given(res: object, args: tuple[Any, ...], kwargs: dict[str, Any] | None) -> bool:
    """Whether ``res`` is one of the arguments (``out=``, or an input given back)."""
    for a in args:
        if a is res or (type(a) is tuple and any(v is res for v in a)):
            return True
    if kwargs:
        for v in kwargs.values():
            if v is res or (type(v) is tuple and any(o is res for o in v)):
                return True
    return False


def public(res: Any, args: tuple[Any, ...] = (), kwargs: dict[str, Any] | None = None) -> Any:
    """A result leaving a public function of the swap-in: a 0-d swap-in Array that NumPy
    gives as a scalar becomes that NumPy scalar (also inside a tuple or named tuple);
    arrays made as arrays, and arguments handed back (``out=``), stay as they are."""
    t = type(res)
    if t is Array:
        if res._numpy and not res._array.ndim and _ZERO_D_ARRAYS.get(id(res)) is not res \
                and not _given(res, args, kwargs):
            return scalar(res)
        return res
    if t is tuple:
        if any(type(r) is Array for r in res):
            return tuple(public(r, args, kwargs) for r in res)
        return res
    if isinstance(res, tuple) and hasattr(res, "_fields"):  # slogdet, eigh, svd, ...
        return t(*(public(r, args, kwargs) for r in res))
    return res

"""bfloat16 and complex32 in files and bytes: aiarray's file convention.

NumPy has neither dtype, so a ``.npy`` header cannot name them.  aiarray writes each
as a record dtype that plain ``numpy.load`` reads without error and that
``aiarray.numpy.load`` maps back to the dtype, bit for bit (docs/numpy.md, "Files"):

- bfloat16: ``[('bfloat16', '<u2')]``, one field holding the 16 bits;
- complex32: ``[('real', '<f2'), ('imag', '<f2')]``, the two float16 parts.

Raw bytes (``tobytes``/``tofile`` and ``frombuffer``/``fromfile``) are the stored
bits: two bytes per bfloat16, four per complex32 (real part first).  Text
(``savetxt``/``loadtxt``, ``fromfile``/``fromstring`` with ``sep``) holds the values:
it is parsed in float64/complex128 and rounded once to bfloat16/complex32.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .. import _dtypes as D
from .._array import Array
from .._errors import ForeignDataError, TypeMismatchError
from .._typing import DType
from . import _convert as C

BFLOAT16_RECORD: DType = D.BFLOAT16_RECORD
COMPLEX32_RECORD: DType = np.dtype([("real", "<f2"), ("imag", "<f2")])

# NumPy's readers whose second parameter is ``dtype`` -> where ``sep`` is (None: always
# text; -1: always binary).
_SEP_AT: dict[str, int | None] = {"frombuffer": -1, "fromfile": 3, "fromstring": 3,
                                   "fromiter": None, "loadtxt": None, "genfromtxt": None}


def file_view(x: Any) -> Any:
    """What NumPy writes for argument ``x``: bfloat16 and complex32 Arrays as their
    records (a view, no copy), and so ml_dtypes' bfloat16 ndarrays and scalars (the
    swap-in's bfloat16 element); other Arrays as their data, the rest as it is."""
    if type(x) is not Array:
        if isinstance(x, (np.ndarray, np.generic)) and D.is_bfloat16(x.dtype):
            return np.asarray(x).view(BFLOAT16_RECORD)
        return C.view(x)
    if x._dtype is D.complex32:
        return x._array.view(COMPLEX32_RECORD)
    if D.is_bfloat16(x._dtype):
        return x._array.view(BFLOAT16_RECORD)
    return x._array


def _is_record(dt: DType, record: DType) -> bool:
    return dt.names is not None and dt.names == record.names and dt == record


def from_file(a: Any) -> Any:
    """A NumPy result read from a file: the records of the convention as bfloat16 or
    complex32 Arrays, other data as :func:`_convert.wrap` gives it."""
    if isinstance(a, np.ndarray) and a.dtype.names is not None:
        bits = D.bfloat16_of_record(np.asarray(a))
        if bits is not None:  # (a 0-d file: a 0-d Array, as NumPy's 0-d array)
            return C.made_as_array(Array._new(bits, bits.dtype, True))
        if _is_record(a.dtype, COMPLEX32_RECORD):
            return Array._new(np.asarray(a).view(D.complex32), D.complex32, True)
    return C.wrap(a)


def writes(func: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """NumPy's writer ``func`` (save, savez, savez_compressed) on the file views."""
    return C.wrap(func(*[file_view(v) for v in args],
                       **{k: file_view(v) for k, v in kwargs.items()}))


def _ours(dtype: Any) -> DType | None:
    """bfloat16 or complex32 when ``dtype`` names one in any of the swap-in's forms."""
    try:
        dt = C.dtype_of(dtype)
    except (TypeMismatchError, ForeignDataError, TypeError, ValueError):
        return None
    return dt if dt is D.complex32 or D.is_bfloat16(dt) else None


def _text(name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> bool:
    at = _SEP_AT[name]
    if at is None:
        return True
    if at < 0:
        return False
    sep = kwargs["sep"] if "sep" in kwargs else args[at] if len(args) > at else ""
    return bool(sep)


def reads(name: str) -> Callable[[Callable[..., Any], tuple[Any, ...], dict[str, Any]], Any]:
    """How NumPy's reader ``name`` runs: ``dtype=bfloat16/complex32`` reads raw bytes as
    the stored bits, and text as float64/complex128 values rounded once."""

    def read(func: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        given = kwargs["dtype"] if "dtype" in kwargs else args[1] if len(args) > 1 else None
        dt = _ours(given) if given is not None else None
        if dt is None:
            return C.on_views(func, args, kwargs)
        text = _text(name, args, kwargs)
        wide = (D.complex128 if dt is D.complex32 else D.float64) if text else dt
        if "dtype" in kwargs:
            kwargs = {**kwargs, "dtype": wide}
        else:
            args = (args[0], wide, *args[2:])
        res = C.on_views(func, args, kwargs)
        if type(res) is not Array:
            return res
        if text:
            return Array._new(D.narrow(res._array, dt), dt, True)
        return Array._new(res._array.view(dt), dt, True)

    return read

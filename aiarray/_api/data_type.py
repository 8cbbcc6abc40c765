"""Data type functions of the standard: astype, can_cast, finfo, iinfo, isdtype, result_type."""

from __future__ import annotations

import builtins
from typing import NamedTuple

import numpy as np

from .. import _dtypes as D
from .._array import Array
from .._casting import convert
from .._device import check_device
from .._dispatch import array_arg
from .._errors import InvalidArgumentError, TypeMismatchError
from .._promotion import can_cast, result_type
from .._typing import Device, DType

__all__ = ["astype", "can_cast", "finfo", "iinfo", "isdtype", "result_type"]


def astype(x: Array, dtype: DType, /, *, copy: builtins.bool = True,
           device: Device | None = None) -> Array:
    """Copy of ``x`` cast to ``dtype`` (GB/T 7.2.3.1).

    ``copy=False`` returns ``x`` itself when the dtype already matches.  Complex to
    real keeps the real part; a value that does not fit an integer dtype raises.  A
    NumPy scalar (``numpy.float64(1)``, which xarray passes as a fill value) is taken as
    the 0-d array it stands for, as elsewhere NumPy scalars are taken as typed scalars.

    Examples
    --------
    >>> x = xp.asarray([1.7, -2.2, 300.0])
    >>> xp.astype(x, xp.float16)
    Array([  1.7,  -2.2, 300. ], dtype=float16)
    >>> xp.astype(x, xp.int32)
    Array([  1,  -2, 300], dtype=int32)
    """
    if isinstance(x, np.generic) and D.of_numpy(x.dtype) is not None:
        x = Array._new(np.asarray(x), D.of_numpy(x.dtype))
    x = array_arg(x, "astype", "x")
    check_device(device)
    dt = D.canonical(dtype)
    if dt is x.dtype:
        return Array._new(x._array.copy(), dt) if copy else x
    return Array._new(convert(x._array, x.dtype, dt), dt)


def _info_dtype(type_: object, func: str) -> DType:
    if isinstance(type_, Array):
        return type_.dtype
    return D.canonical(type_, "type")


class finfo_object(NamedTuple):  # noqa: N801 - the standard's name
    """Machine limits of a floating-point dtype (Python floats, as the standard asks)."""

    bits: int
    eps: float
    max: float
    min: float
    smallest_normal: float
    dtype: DType


class iinfo_object(NamedTuple):  # noqa: N801 - the standard's name
    """Machine limits of an integer dtype (Python ints)."""

    bits: int
    max: int
    min: int
    dtype: DType


def finfo(type: DType | Array, /) -> finfo_object:
    """Limits of a floating-point dtype (or of an array's dtype); complex gives its parts'.

    Examples
    --------
    >>> f = xp.finfo(xp.bfloat16)
    >>> f.bits, f.eps, f.max
    (16, 0.0078125, 3.3895313892515355e+38)
    >>> xp.finfo(xp.float16).eps
    0.0009765625
    """
    dt = _info_dtype(type, "finfo")
    if dt not in D.FLOAT:
        raise TypeMismatchError(f"finfo() needs a floating-point dtype, got {D.name_of(dt)}")
    real = D.REAL_OF.get(dt, dt)
    fi = D.finfo_of(real)
    return finfo_object(int(fi.bits), float(fi.eps), float(fi.max), float(fi.min),
                        float(fi.smallest_normal), real)


def iinfo(type: DType | Array, /) -> iinfo_object:
    """Limits of an integer dtype (or of an array's dtype).

    Examples
    --------
    >>> i = xp.iinfo(xp.int8)
    >>> i.min, i.max
    (-128, 127)
    >>> xp.iinfo(xp.uint16).max
    65535
    """
    dt = _info_dtype(type, "iinfo")
    if dt not in D.INTEGER:
        raise TypeMismatchError(f"iinfo() needs an integer dtype, got {D.name_of(dt)}")
    ii = np.iinfo(dt)
    return iinfo_object(int(ii.bits), int(ii.max), int(ii.min), dt)


def isdtype(dtype: DType, kind: DType | str | tuple[DType | str, ...]) -> builtins.bool:
    """Whether ``dtype`` is of ``kind``: a dtype, a kind name, or a tuple of them.

    Examples
    --------
    >>> xp.isdtype(xp.bfloat16, 'real floating')
    True
    >>> xp.isdtype(xp.int8, ('integral', xp.bool))
    True
    >>> xp.isdtype(xp.complex64, 'real floating')
    False
    """
    dt = D.canonical(dtype)
    kinds = kind if isinstance(kind, tuple) else (kind,)
    for k in kinds:
        if isinstance(k, str):
            try:
                if dt in D.KINDS[k]:
                    return True
            except KeyError:
                raise InvalidArgumentError(
                    f"isdtype(): kind={k!r} is not one of {', '.join(map(repr, D.KINDS))}"
                ) from None
        elif dt == D.canonical(k, "kind"):
            return True
    return False

"""Data types, type objects and global settings of the swap-in namespace.

- Scalar types are NumPy's own (``np.float64(1.5)`` is a NumPy scalar, as in NumPy);
  aiarray's extra dtypes: ``bfloat16`` (ml_dtypes' scalar type) and ``complex32``
  (aiarray's dtype object; it has no scalar type).
- ``ndarray``: ``isinstance(x, np.ndarray)`` holds for aiarray Arrays (and NumPy's
  own ndarrays, which every function here accepts); calling it builds an Array as
  ``numpy.ndarray(shape, dtype, buffer, ...)`` does.  Never subclassed.
- ``dtype``: NumPy's dtype objects (aiarray's dtypes are NumPy dtypes), plus the names
  ``'bfloat16'`` and ``'complex32'``.
- ``finfo``/``iinfo``: NumPy's objects (ml_dtypes' for bfloat16); arrays accepted.
- ``result_type``/``promote_types``: the swap-in's promotion policy; ``can_cast``:
  NumPy's casting rules.
- Print options and floating-point error settings are NumPy's own (one process-wide
  setting, as in NumPy).  aiarray's own operations compute IEEE results and never warn
  or raise for floating-point conditions, whatever ``seterr``/``errstate`` say; NumPy
  functions that aiarray.numpy runs on views honour them.
"""

from __future__ import annotations

import inspect
import types
from collections.abc import Callable
from typing import Any

import numpy as np

from .. import _dtypes as D
from .. import _printing
from .. import _promotion as P
from .._api import data_type as T
from .._array import Array
from .._typing import DType
from . import _convert as C
from ._boundary import guard_class, guarded
from ._printoptions import checked


class _Alias(type):
    """Metaclass of the names that stand for NumPy's classes (isinstance checks)."""

    _instance: Callable[[Any], bool]  # (each class of this metaclass defines both)
    _subclass: Callable[[Any], bool]

    def __instancecheck__(cls, obj: Any) -> bool:
        return cls._instance(obj)

    def __subclasscheck__(cls, sub: Any) -> bool:
        return cls._subclass(sub)

    def __repr__(cls) -> str:
        return f"<class 'aiarray.numpy.{cls.__name__}'>"


@guard_class
class ndarray(metaclass=_Alias):  # noqa: N801 - NumPy's name
    """NumPy's array type as aiarray.numpy sees it: aiarray Arrays and NumPy ndarrays
    are instances; ``ndarray(shape, dtype=float, buffer=None, offset=0, strides=None,
    order=None)`` makes an Array (uninitialised, or over ``buffer``)."""

    _aiarray_alias = "ndarray"

    def __new__(cls, shape: Any, dtype: Any = float, buffer: Any = None, offset: int = 0,
                strides: Any = None, order: Any = None) -> Any:
        dt = C.dtype_of(dtype, "dtype", "ndarray")
        a = np.ndarray(shape, dt, C.view(buffer), offset, strides, order)
        return Array._new(a, dt, True)

    @staticmethod
    def _instance(obj: Any) -> bool:
        return type(obj) is Array or isinstance(obj, np.ndarray)

    @staticmethod
    def _subclass(sub: Any) -> bool:
        return sub is Array or (isinstance(sub, type) and issubclass(sub, np.ndarray)) \
            or sub is ndarray

    def __class_getitem__(cls, item: Any) -> Any:
        return types.GenericAlias(cls, item)




@guard_class
class dtype(metaclass=_Alias):  # noqa: N801 - NumPy's name
    """NumPy's dtype: ``dtype('f4')`` etc. give NumPy dtype objects (aiarray's dtypes
    are NumPy dtypes); ``'bfloat16'`` and ``'complex32'`` give aiarray's."""

    def __new__(cls, dtype: Any, align: bool = False, copy: bool = False,
                **kwargs: Any) -> Any:
        if isinstance(dtype, str) and dtype in ("bfloat16", "complex32"):
            return C.dtype_of(dtype)
        if dtype is D.complex32:
            return dtype
        if type(dtype) is Array:
            return dtype.dtype
        return np.dtype(dtype, align, copy, **kwargs)

    @staticmethod
    def _instance(obj: Any) -> bool:
        return isinstance(obj, D.DTYPE_CLASSES)

    @staticmethod
    def _subclass(sub: Any) -> bool:
        return isinstance(sub, type) and issubclass(sub, np.dtype)

    def __class_getitem__(cls, item: Any) -> Any:
        return types.GenericAlias(cls, item)


@C.numpy_fallback(np.finfo)
def finfo(dtype: Any) -> Any:
    """Machine limits of a floating dtype (NumPy's finfo; complex gives its parts')."""
    dt = C.dtype_of(getattr(dtype, "dtype", dtype) if not isinstance(dtype, type) else dtype,
                    "dtype", "finfo")
    real = D.REAL_OF.get(dt, dt)
    if real.name == "bfloat16":
        import ml_dtypes

        return ml_dtypes.finfo(real)
    return np.finfo(real)


@C.numpy_fallback(np.iinfo)
def iinfo(int_type: Any) -> Any:
    """Machine limits of an integer dtype (NumPy's iinfo)."""
    if isinstance(int_type, int) and not isinstance(int_type, bool):
        return np.iinfo(int_type)
    dt = C.dtype_of(getattr(int_type, "dtype", int_type) if not isinstance(int_type, type)
                    else int_type, "int_type", "iinfo")
    return np.iinfo(dt)


@C.numpy_fallback(np.can_cast)
def can_cast(from_: Any, to: Any, casting: str = "safe") -> bool:
    """Whether ``from_`` (a dtype or an array) casts to ``to`` under NumPy's ``casting``."""
    src = C.dtype_of(getattr(from_, "dtype", from_) if not isinstance(from_, type) else from_,
                     "from_", "can_cast")
    dst = C.dtype_of(to, "to", "can_cast")
    return src is dst or C._castable(src, dst, casting)


def _numpys_own(values: Any, func: str) -> None:
    """Raise ForeignDataError (the call goes to NumPy's own function) when a dtype given
    carries metadata, which aiarray's dtypes do not keep and NumPy's promotion does, or
    is of non-native byte order (an ndarray's too)."""
    for v in values:
        dt = v if isinstance(v, np.dtype) else getattr(v, "dtype", None) \
            if isinstance(v, np.ndarray | np.generic) else None
        if isinstance(dt, np.dtype) and (dt.metadata is not None or
                                         dt.byteorder not in "=|"):
            raise C.ForeignDataError(f"{func}(): {dt!r} (its metadata or byte order) is "
                                     "NumPy's own")


@C.numpy_fallback(np.result_type)
def result_type(*arrays_and_dtypes: Any) -> DType:
    """The dtype that combining the arguments gives, by the swap-in's policy (Python
    scalars alone: as NumPy, the first gives its default dtype); dtypes with metadata
    or of non-native byte order: NumPy's own result."""
    _numpys_own(arrays_and_dtypes, "result_type")
    args = tuple(C.dtype_of(a) if isinstance(a, str | type) and not isinstance(a, Array)
                 and a not in (bool, int, float, complex) else a for a in arrays_and_dtypes)
    if args and all(type(a) in C.PY_SCALARS for a in args):
        args = (C.asarray(args[0]).dtype, *args[1:])
    return P.result_type_under(P.policy_for(P.SWAPIN_CALL), args)


@C.numpy_fallback(np.promote_types)
def promote_types(type1: Any, type2: Any) -> DType:
    """The smallest dtype both dtypes cast to safely, by the swap-in's policy (dtypes
    with metadata or of non-native byte order: NumPy's own result)."""
    _numpys_own((type1, type2), "promote_types")
    a = C.dtype_of(type1, "type1", "promote_types")
    b = C.dtype_of(type2, "type2", "promote_types")
    return P.promote_pair(a, b, P.policy_for(P.SWAPIN_CALL))


@C.numpy_fallback(np.isdtype)
def isdtype(dtype: Any, kind: Any) -> bool:
    """Whether ``dtype`` is of ``kind`` (the standard's kind names, dtypes or tuples)."""
    dt = C.dtype_of(dtype, "dtype", "isdtype")
    kinds = kind if isinstance(kind, tuple) else (kind,)
    kinds = tuple(k if isinstance(k, str) else C.dtype_of(k, "kind", "isdtype") for k in kinds)
    return T.isdtype(dt, kinds)


@guarded
def issubdtype(arg1: Any, arg2: Any) -> bool:
    """NumPy's issubdtype (aiarray's bfloat16 counts as a floating type)."""
    a = arg1.dtype if type(arg1) is Array else arg1
    if _is(a, "bfloat16"):
        return arg2 in (np.floating, np.inexact, np.number, np.generic) or _is(arg2, "bfloat16")
    if _is(a, "complex32"):
        return arg2 in (np.complexfloating, np.inexact, np.number, np.generic) or _is(
            arg2, "complex32")
    return np.issubdtype(a, arg2)


def _is(x: Any, name: str) -> bool:
    """Whether ``x`` names aiarray's dtype ``name`` (bfloat16 or complex32)."""
    try:
        dt = C.dtype_of(x)
    except TypeError:
        return False
    return dt is not None and D.name_of(dt) == name


@C.numpy_fallback(np.array2string)
def array2string(a: Any, *args: Any, **kwargs: Any) -> str:
    """NumPy's array2string of an Array's values (bfloat16/complex32 readable)."""
    x = C.arr(a, "array2string", "a")
    options = inspect.signature(np.array2string).bind(a, *args, **kwargs).arguments
    options.pop("a")
    options.update(checked("array2string", {k: v for k, v in options.items()
                                            if k in _CHECKED}))
    return np.array2string(_printing.display(x._array, x._dtype), **options)


_CHECKED = ("max_line_width", "precision", "suppress_small", "separator", "prefix",
            "formatter", "threshold", "edgeitems", "sign", "floatmode", "suffix", "legacy")


@C.numpy_fallback(np.array_repr)
def array_repr(arr: Any, max_line_width: Any = None, precision: Any = None,
               suppress_small: Any = None) -> str:
    """The repr of an Array (NumPy's layout, class name ``Array``)."""
    x = C.arr(arr, "array_repr", "arr")
    opts = checked("array_repr", _opts(max_line_width, precision, suppress_small))
    with np.printoptions(**opts):
        return repr(x)


@C.numpy_fallback(np.array_str)
def array_str(a: Any, max_line_width: Any = None, precision: Any = None,
              suppress_small: Any = None) -> str:
    """The str of an Array."""
    x = C.arr(a, "array_str", "a")
    opts = checked("array_str", _opts(max_line_width, precision, suppress_small))
    with np.printoptions(**opts):
        return str(x)


def _opts(width: Any, precision: Any, suppress: Any) -> dict[Any, Any]:
    out = {}
    if width is not None:
        out["linewidth"] = width
    if precision is not None:
        out["precision"] = precision
    if suppress is not None:
        out["suppress"] = suppress
    return out


def _np_scalar(x: Any) -> Any:
    if type(x) is Array:
        return C.view(x)[()] if x.ndim == 0 else C.view(x)
    return x


@guarded
def format_float_positional(x: Any, *args: Any, **kwargs: Any) -> str:
    """NumPy's format_float_positional (0-d Arrays accepted)."""
    return np.format_float_positional(_np_scalar(x), *args, **kwargs)


@guarded
def format_float_scientific(x: Any, *args: Any, **kwargs: Any) -> str:
    """NumPy's format_float_scientific (0-d Arrays accepted)."""
    return np.format_float_scientific(_np_scalar(x), *args, **kwargs)

"""The data types of aiarray: NumPy dtype objects, bfloat16 and complex32.

Every dtype is a ``numpy.dtype`` instance, so ``np.dtype(x.dtype)`` and
``x.dtype.kind`` keep working in client libraries.  ``bfloat16`` comes from
ml_dtypes.  ``complex32`` (two float16 parts) has no NumPy type: it is a
structured dtype ``{real: <f2, imag: <f2}`` tagged with metadata, computed in
complex64 and rounded back once.
"""

from __future__ import annotations

import builtins
from typing import Any

import ml_dtypes
import numpy as np

from ._errors import TypeMismatchError
from ._numpy_path import quiet

__all__ = [
    "bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "bfloat16", "float32", "float64", "complex32", "complex64", "complex128",
]

bool_ = np.dtype("bool")
int8 = np.dtype("int8")
int16 = np.dtype("int16")
int32 = np.dtype("int32")
int64 = np.dtype("int64")
uint8 = np.dtype("uint8")
uint16 = np.dtype("uint16")
uint32 = np.dtype("uint32")
uint64 = np.dtype("uint64")
float16 = np.dtype("float16")
bfloat16 = np.dtype(ml_dtypes.bfloat16)
float32 = np.dtype("float32")
float64 = np.dtype("float64")
complex32 = np.dtype([("real", "<f2"), ("imag", "<f2")], metadata={"aiarray": "complex32"})
complex64 = np.dtype("complex64")
complex128 = np.dtype("complex128")

# (dtype, public name, short name of the Ascend tables), in the tables' order.
_TABLE = (
    (float32, "float32", "f32"), (float16, "float16", "f16"), (float64, "float64", "f64"),
    (bfloat16, "bfloat16", "bf16"), (int8, "int8", "s8"), (uint8, "uint8", "u8"),
    (int16, "int16", "s16"), (uint16, "uint16", "u16"), (int32, "int32", "s32"),
    (uint32, "uint32", "u32"), (int64, "int64", "s64"), (uint64, "uint64", "u64"),
    (bool_, "bool", "bool"), (complex32, "complex32", "c32"), (complex64, "complex64", "c64"),
    (complex128, "complex128", "c128"),
)
ALL_DTYPES: tuple[np.dtype, ...] = tuple(d for d, _, _ in _TABLE)
NAME: dict[np.dtype, str] = {d: n for d, n, _ in _TABLE}
SHORT: dict[np.dtype, str] = {d: s for d, _, s in _TABLE}
FROM_SHORT: dict[str, np.dtype] = {s: d for d, _, s in _TABLE}
FROM_NAME: dict[str, np.dtype] = {n: d for d, n, _ in _TABLE}

SIGNED = frozenset({int8, int16, int32, int64})
UNSIGNED = frozenset({uint8, uint16, uint32, uint64})
INTEGER = SIGNED | UNSIGNED
REAL_FLOAT = frozenset({float16, bfloat16, float32, float64})
COMPLEX = frozenset({complex32, complex64, complex128})
FLOAT = REAL_FLOAT | COMPLEX
NUMERIC = INTEGER | FLOAT
REAL_NUMERIC = INTEGER | REAL_FLOAT
BOOL = frozenset({bool_})

# Input categories of the standard's function descriptions.
CATEGORIES: dict[str, frozenset[np.dtype]] = {
    "any": NUMERIC | BOOL,
    "bool": BOOL,
    "boolean": BOOL,
    "integer": INTEGER,
    "integer or boolean": INTEGER | BOOL,
    "numeric": NUMERIC,
    "real numeric": REAL_NUMERIC,
    "floating-point": FLOAT,
    "real floating-point": REAL_FLOAT,
    "complex floating-point": COMPLEX,
    "numeric or boolean": NUMERIC | BOOL,
    "real numeric or boolean": REAL_NUMERIC | BOOL,
}

# isdtype() kinds, by the standard's names.
KINDS: dict[str, frozenset[np.dtype]] = {
    "bool": BOOL,
    "signed integer": SIGNED,
    "unsigned integer": UNSIGNED,
    "integral": INTEGER,
    "real floating": REAL_FLOAT,
    "complex floating": COMPLEX,
    "numeric": NUMERIC,
}

# Dtypes computed in a wider type and rounded back once.
COMPUTE: dict[np.dtype, np.dtype] = {bfloat16: float32, complex32: complex64}
# Real dtype of a complex dtype's parts, and the complex dtype over a real one.
REAL_OF: dict[np.dtype, np.dtype] = {complex32: float16, complex64: float32, complex128: float64}
COMPLEX_OF: dict[np.dtype, np.dtype] = {v: k for k, v in REAL_OF.items()}
COMPLEX_OF[bfloat16] = complex64

_BY_ANY: dict[object, np.dtype] = {d: d for d in ALL_DTYPES}
for _d in ALL_DTYPES:
    if _d is not complex32:
        _BY_ANY[_d.type] = _d
_BY_ANY[builtins.bool] = bool_


def canonical(dtype: object, argname: str = "dtype") -> np.dtype:
    """Return the aiarray dtype equal to ``dtype`` or raise TypeError naming it."""
    try:
        return _BY_ANY[dtype]
    except (KeyError, TypeError):
        pass
    if isinstance(dtype, np.dtype) and dtype.fields is not None and dtype == complex32:
        return complex32
    raise TypeMismatchError(
        f"{argname}={dtype!r} is not an aiarray data type; expected one of "
        + ", ".join(NAME[d] for d in ALL_DTYPES)
    )


def of_numpy(dtype: np.dtype) -> np.dtype | None:
    """The aiarray dtype equal to a NumPy dtype, or None."""
    try:
        return _BY_ANY.get(dtype)
    except TypeError:
        return None


def bits(a: np.ndarray) -> np.ndarray:
    """``a`` itself, or complex32 viewed as uint32, for ops that only move elements."""
    return a.view(np.uint32) if a.dtype.fields is not None else a


def finfo_of(dtype: np.dtype) -> Any:
    """NumPy / ml_dtypes finfo of a real floating dtype."""
    return ml_dtypes.finfo(dtype) if dtype == bfloat16 else np.finfo(dtype)


def name_of(dtype: np.dtype) -> str:
    """Public name of an aiarray dtype (``'complex32'`` rather than the record form)."""
    return NAME.get(dtype, str(dtype))


class CategoryError(TypeMismatchError):
    """A dtype outside the input category a function takes (e.g. bool input of abs):
    a TypeMismatchError; the NumPy swap-in hands such calls to NumPy's own loops."""


def check_category(dtype: np.dtype, category: str, func: str, argname: str = "x") -> None:
    """Raise TypeError (CategoryError) when ``dtype`` is not in the standard's input
    ``category``."""
    if dtype not in CATEGORIES[category]:
        raise CategoryError(
            f"{func}() requires {category} input for {argname}, got dtype {name_of(dtype)}"
        )


def c32_to_c64(a: np.ndarray) -> np.ndarray:
    """Widen a complex32 array to complex64 (exact)."""
    out = np.empty(a.shape, complex64)
    out.real = a["real"]
    out.imag = a["imag"]
    return out


def _fill_c32(out: np.ndarray, a: np.ndarray) -> np.ndarray:
    if np.iscomplexobj(a):
        out["real"] = a.real
        out["imag"] = a.imag
    else:
        out["real"] = a
        out["imag"] = 0
    return out


def to_c32(a: np.ndarray) -> np.ndarray:
    """Round a complex (or real) array to complex32, each part rounded once to float16.

    Parts beyond float16's range become infinities (IEEE), without NumPy's warning.
    """
    return quiet(_fill_c32, np.empty(np.shape(a), complex32), a)


def widen(a: np.ndarray) -> np.ndarray:
    """The array in the dtype its arithmetic is computed in (bf16 -> f32, c32 -> c64)."""
    dt = a.dtype
    if dt is complex32 or (dt.fields is not None and dt == complex32):
        return c32_to_c64(a)
    if dt == bfloat16:
        return a.astype(float32)
    return a


def float64_to_float32_odd(a: np.ndarray) -> np.ndarray:
    """float64 -> float32 rounding to odd (truncate, set the last bit if inexact).

    Rounding that result once more to a narrower dtype equals rounding the float64
    value once, which a plain float64 -> float32 -> bfloat16 chain does not.
    """
    f = quiet(a.astype, np.float32)
    back = f.astype(np.float64)
    inexact = back != a
    away = np.abs(back) > np.abs(a)
    bits = f.view(np.uint32).copy()
    bits[away] -= np.uint32(1)  # one step toward zero (sign-magnitude)
    bits[inexact] |= np.uint32(1)
    return bits.view(np.float32)


def to_bfloat16(a: np.ndarray) -> np.ndarray:
    """Round any real array to bfloat16 once."""
    if a.dtype == float64 or (a.dtype.kind in "iu" and a.dtype.itemsize >= 4):
        a = float64_to_float32_odd(a.astype(np.float64))
    return quiet(a.astype, bfloat16)


def narrow(a: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """Round a computed array back to ``dtype`` once (inverse of :func:`widen`)."""
    if dtype is complex32:
        return to_c32(a)
    if a.dtype == dtype:
        return a
    if dtype is bfloat16:
        return to_bfloat16(a)
    return quiet(a.astype, dtype)

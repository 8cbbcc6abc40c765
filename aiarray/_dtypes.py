"""The data types of aiarray: NumPy dtype objects, bfloat16 and complex32.

Every dtype is a ``numpy.dtype`` instance, so ``np.dtype(x.dtype)`` and
``x.dtype.kind`` keep working in client libraries.  ``bfloat16`` comes from
ml_dtypes.  ``complex32`` (two float16 parts) has no NumPy type: it is a
structured dtype ``{real: <f2, imag: <f2}`` tagged with metadata, computed in
complex64 and rounded back once.

bfloat16 loads when first needed (importing ml_dtypes costs ~0.5 s): on access to
``bfloat16`` or ``ALL_DTYPES``, when a dtype argument or an incoming array names it,
or at import when ml_dtypes is already imported.  :func:`load_bfloat16` adds it to
every table in one step (docs/design.md, "bfloat16 on demand").
"""

from __future__ import annotations

import builtins
import sys
from collections.abc import Callable, Iterable
from typing import Any, TypeGuard

import numpy as np

from . import _memory
from ._errors import TypeMismatchError
from ._fork import WAIT_SECONDS, at_fork, new_rlock
from ._numpy_path import quiet
from ._typing import DType, NDArray

__all__ = [
    "bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "bfloat16", "float32", "float64", "complex32", "complex64", "complex128",
]

# Declared for type checkers; the module's __getattr__ gives them (loading bfloat16).
bfloat16: DType
ALL_DTYPES: tuple[DType, ...]

bool_: DType = np.dtype("bool")
int8: DType = np.dtype("int8")
int16: DType = np.dtype("int16")
int32: DType = np.dtype("int32")
int64: DType = np.dtype("int64")
uint8: DType = np.dtype("uint8")
uint16: DType = np.dtype("uint16")
uint32: DType = np.dtype("uint32")
uint64: DType = np.dtype("uint64")
float16: DType = np.dtype("float16")
float32: DType = np.dtype("float32")
float64: DType = np.dtype("float64")
# complex32 is stored as this record of two float16 parts (NumPy has no complex32)
COMPLEX32_RECORD: DType = np.dtype([("real", "<f2"), ("imag", "<f2")],
                                   metadata={"aiarray": "complex32"})
# bfloat16 in a file (aiarray.numpy's file convention, docs/numpy.md "Files"): its 16 bits
# as one field, a record that a plain numpy.load reads without ml_dtypes
BFLOAT16_RECORD: DType = np.dtype([("bfloat16", "<u2")])


class Complex32DType:
    """The complex32 dtype object (``aiarray.complex32``, an Array's ``.dtype``): the
    record dtype that stores it under its own name.  It prints ``complex32``, equals and
    hashes as the record, gives NumPy the record through ``.dtype`` (``numpy.empty(n,
    complex32)``, ``numpy.dtype(complex32)``) and forwards every other attribute to it."""

    __slots__ = ()
    name = "complex32"

    @property
    def dtype(self) -> DType:
        """The record dtype NumPy stores complex32 in."""
        return COMPLEX32_RECORD

    def __repr__(self) -> str:
        return "dtype('complex32')"

    def __str__(self) -> str:
        return "complex32"

    def __eq__(self, other: object) -> bool:
        if other is self or other is COMPLEX32_RECORD:
            return True
        if isinstance(other, str):
            return other == "complex32"
        if isinstance(other, np.dtype):
            return other.fields is not None and bool(other == COMPLEX32_RECORD)
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        same = self.__eq__(other)
        return same if same is NotImplemented else not same

    def __hash__(self) -> int:
        return hash(COMPLEX32_RECORD)

    def __getattr__(self, name: str) -> Any:
        return getattr(COMPLEX32_RECORD, name)

    def __reduce__(self) -> str:
        return "complex32"  # this module's instance: unpickles to the same object


complex32: DType = Complex32DType()  # type: ignore[assignment]  # (a dtype by protocol)
# isinstance(obj, DTYPE_CLASSES): obj is a dtype object (NumPy's, or complex32)
DTYPE_CLASSES: tuple[type, ...] = (np.dtype, Complex32DType)


def is_dtype(obj: object) -> TypeGuard[DType]:
    """Whether ``obj`` is a dtype object (NumPy's, or complex32)."""
    return isinstance(obj, DTYPE_CLASSES)
complex64: DType = np.dtype("complex64")
complex128: DType = np.dtype("complex128")

# (dtype, public name, short name of the Ascend tables), in the tables' order; bfloat16
# (4th) joins when it loads.
_TABLE: list[tuple[DType, str, str]] = [
    (float32, "float32", "f32"), (float16, "float16", "f16"), (float64, "float64", "f64"),
    (int8, "int8", "s8"), (uint8, "uint8", "u8"),
    (int16, "int16", "s16"), (uint16, "uint16", "u16"), (int32, "int32", "s32"),
    (uint32, "uint32", "u32"), (int64, "int64", "s64"), (uint64, "uint64", "u64"),
    (bool_, "bool", "bool"), (complex32, "complex32", "c32"), (complex64, "complex64", "c64"),
    (complex128, "complex128", "c128"),
]
_BF16_ROW = 3  # bfloat16's place in _TABLE
# Every dtype name, bfloat16's included whether loaded or not (messages, name lookups).
NAMES: tuple[str, ...] = ("float32", "float16", "float64", "bfloat16",
                          *(n for _, n, _ in _TABLE[3:]))


class Bfloat16State:
    """Whether bfloat16 has loaded: ``dtype`` (None before), ``loaded`` (the dtypes known
    so far, ALL_DTYPES once bfloat16 is in), and the lock its loading holds (``held``
    across a fork).  One instance, ``_BF16``."""

    __slots__ = ("dtype", "held", "loaded", "lock")

    def __init__(self, loaded: tuple[DType, ...]) -> None:
        self.dtype: DType | None = None
        self.loaded = loaded
        self.lock = new_rlock()
        self.held = False

    def before_fork(self) -> None:
        """Wait (boundedly) while another thread imports ml_dtypes under the lock: no
        half-imported module crosses a fork (``_fork``)."""
        self.held = self.lock.acquire(timeout=WAIT_SECONDS)

    def after_fork_in_parent(self) -> None:
        if self.held:
            self.held = False
            self.lock.release()

    def after_fork_in_child(self) -> None:
        self.held = False
        self.lock = new_rlock()


_BF16 = Bfloat16State(tuple(d for d, _, _ in _TABLE))
at_fork(before=_BF16.before_fork, in_parent=_BF16.after_fork_in_parent,
        in_child=_BF16.after_fork_in_child)

NAME: dict[DType, str] = {d: n for d, n, _ in _TABLE}
SHORT: dict[DType, str] = {d: s for d, _, s in _TABLE}
FROM_SHORT: dict[str, DType] = {s: d for d, _, s in _TABLE}
FROM_NAME: dict[str, DType] = {n: d for d, n, _ in _TABLE}

# Sets of dtypes: bfloat16 joins every one that float16 is in when it loads (they are
# mutable for that alone; make new ones with dtype_set so that they join too).
_SETS: list[set[DType]] = []


def dtype_set(dtypes: Iterable[DType]) -> set[DType]:
    """A set of dtypes that bfloat16 joins on loading when float16 is in it."""
    out = set(dtypes)
    with _BF16.lock:
        if _BF16.dtype is not None and float16 in out:
            out.add(_BF16.dtype)
        _SETS.append(out)
    return out


SIGNED = dtype_set({int8, int16, int32, int64})
UNSIGNED = dtype_set({uint8, uint16, uint32, uint64})
INTEGER = dtype_set(SIGNED | UNSIGNED)
REAL_FLOAT = dtype_set({float16, float32, float64})
COMPLEX = dtype_set({complex32, complex64, complex128})
FLOAT = dtype_set(REAL_FLOAT | COMPLEX)
NUMERIC = dtype_set(INTEGER | FLOAT)
REAL_NUMERIC = dtype_set(INTEGER | REAL_FLOAT)
BOOL = dtype_set({bool_})

# Input categories of the standard's function descriptions.
CATEGORIES: dict[str, set[DType]] = {
    "any": dtype_set(NUMERIC | BOOL),
    "bool": BOOL,
    "boolean": BOOL,
    "integer": INTEGER,
    "integer or boolean": dtype_set(INTEGER | BOOL),
    "numeric": NUMERIC,
    "real numeric": REAL_NUMERIC,
    "floating-point": FLOAT,
    "real floating-point": REAL_FLOAT,
    "complex floating-point": COMPLEX,
    "numeric or boolean": dtype_set(NUMERIC | BOOL),
    "real numeric or boolean": dtype_set(REAL_NUMERIC | BOOL),
}

# isdtype() kinds, by the standard's names.
KINDS: dict[str, set[DType]] = {
    "bool": BOOL,
    "signed integer": SIGNED,
    "unsigned integer": UNSIGNED,
    "integral": INTEGER,
    "real floating": REAL_FLOAT,
    "complex floating": COMPLEX,
    "numeric": NUMERIC,
}

# Dtypes computed in a wider type and rounded back once (also: the dtypes outside the
# standard's set whose arithmetic aiarray defines, bfloat16 and complex32).
COMPUTE: dict[DType, DType] = {complex32: complex64}
# The dtypes NumPy computes itself (all but complex32 and bfloat16, which is never added):
# under the numpy policy, NumPy's own functions give the swap-in's results for these.
NATIVE: dict[DType, DType] = {dt: dt for dt in _BF16.loaded if dt is not complex32}
# NumPy's scalar types of those dtypes (numpy.float64, numpy.int8, ...)
NATIVE_SCALAR_TYPES: frozenset[type] = frozenset(dt.type for dt in NATIVE)
# Real dtype of a complex dtype's parts, and the complex dtype over a real one.
REAL_OF: dict[DType, DType] = {complex32: float16, complex64: float32, complex128: float64}
COMPLEX_OF: dict[DType, DType] = {v: k for k, v in REAL_OF.items()}

# ndarray dtype -> aiarray dtype (each dtype maps to itself).
BY_NUMPY: dict[DType, DType] = {d: d for d in _BF16.loaded}
_BY_ANY: dict[object, DType] = {d: d for d in _BF16.loaded}
for _d in _BF16.loaded:
    if _d is not complex32:
        _BY_ANY[_d.type] = _d
_BY_ANY[builtins.bool] = bool_
_BY_ANY[COMPLEX32_RECORD] = complex32  # (equal, so found by ndarrays' record dtypes too)

_LOADERS: list[Callable[[DType], None]] = []


def when_bfloat16_loads(extend: Callable[[DType], None]) -> None:
    """Call ``extend(bfloat16)`` when bfloat16 loads (at once if it has): a module adds
    bfloat16 to its own tables there.  Called in registration order, under one lock,
    before bfloat16 can be named anywhere."""
    with _BF16.lock:
        _LOADERS.append(extend)
        if _BF16.dtype is not None:
            extend(_BF16.dtype)


def like_float16(*tables: dict[DType, Any]) -> None:
    """bfloat16 gets float16's entry in each of these dicts when it loads."""
    def extend(bf16: DType) -> None:
        for table in tables:
            table[bf16] = table[float16]

    when_bfloat16_loads(extend)


def load_bfloat16() -> DType:
    """bfloat16, loaded on first call: imports ml_dtypes and adds bfloat16 to every
    dtype table (this module's, then each registered with :func:`when_bfloat16_loads`),
    then makes it findable by name and type.  Thread-safe; later calls return at once."""
    state = _BF16
    if state.dtype is not None:
        return state.dtype
    with state.lock:
        if state.dtype is not None:
            return state.dtype
        import ml_dtypes

        bf16: DType = np.dtype(ml_dtypes.bfloat16)
        _TABLE.insert(_BF16_ROW, (bf16, "bfloat16", "bf16"))
        NAME[bf16], SHORT[bf16] = "bfloat16", "bf16"
        FROM_SHORT["bf16"] = bf16
        for members in _SETS:
            if float16 in members:
                members.add(bf16)
        COMPUTE[bf16] = float32
        COMPLEX_OF[bf16] = complex64
        loaded = tuple(d for d, _, _ in _TABLE)
        state.loaded = loaded
        for extend in _LOADERS:
            extend(bf16)
        # findable from here on: by name, by ndarray dtype, by type
        FROM_NAME["bfloat16"] = bf16
        BY_NUMPY[bf16] = bf16
        _BY_ANY[bf16] = bf16
        _BY_ANY[bf16.type] = bf16
        state.dtype = bf16
        return bf16


def loaded_dtypes() -> tuple[DType, ...]:
    """The dtypes known now, in the tables' order, without loading bfloat16 (for tables
    that a :func:`when_bfloat16_loads` function extends)."""
    return _BF16.loaded


def _names_bfloat16(dtype: object) -> bool:
    """Whether ``dtype`` (not found among the loaded dtypes) is ml_dtypes' bfloat16 type
    or dtype: then ml_dtypes is imported already, and bfloat16 loads.  (ml_dtypes may be
    in ``sys.modules`` half-imported by another thread: no bfloat16 exists before its
    type does.)"""
    if _BF16.dtype is not None:
        return False
    bf16 = getattr(sys.modules.get("ml_dtypes"), "bfloat16", None)
    if bf16 is None:
        return False
    try:
        return dtype is bf16 or (isinstance(dtype, np.dtype) and dtype == bf16)
    except TypeError:
        return False


def __getattr__(name: str) -> object:
    if name in ("bfloat16", "ALL_DTYPES"):  # ALL_DTYPES: the full list, bfloat16 included
        bf16 = load_bfloat16()
        return bf16 if name == "bfloat16" else _BF16.loaded
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def canonical(dtype: object, argname: str = "dtype") -> DType:
    """Return the aiarray dtype equal to ``dtype`` or raise TypeError naming it."""
    try:
        return _BY_ANY[dtype]
    except (KeyError, TypeError):
        pass
    if isinstance(dtype, np.dtype) and dtype.fields is not None and dtype == complex32:
        return complex32
    if _names_bfloat16(dtype):
        return load_bfloat16()
    if isinstance(dtype, str) and dtype in NAMES:  # a name, where the standard wants the object
        raise TypeMismatchError(
            f"{argname}={dtype!r} is a name: the standard namespace takes dtype objects "
            f"(aiarray.{dtype}); aiarray.numpy also takes names and NumPy's forms"
        )
    raise TypeMismatchError(
        f"{argname}={dtype!r} is not an aiarray data type; expected one of the dtype objects "
        + ", ".join(f"aiarray.{n}" for n in NAMES)
    )


def of_numpy(dtype: DType) -> DType | None:
    """The aiarray dtype equal to a NumPy dtype, or None."""
    try:
        found = _BY_ANY.get(dtype)
    except TypeError:
        return None
    if found is None and _names_bfloat16(dtype):
        return load_bfloat16()
    return found


def bfloat16_of_record(a: NDArray) -> NDArray | None:
    """``a`` as bfloat16 (a view where the byte order allows) when its dtype is exactly
    the file convention's record, ``BFLOAT16_RECORD``; else None."""
    dt = a.dtype
    if dt.names != ("bfloat16",) or dt != BFLOAT16_RECORD:
        return None
    bits16: NDArray = a["bfloat16"].astype(np.uint16, copy=False)
    return bits16.view(load_bfloat16())


def is_bfloat16(dtype: DType) -> bool:
    """``dtype is bfloat16``, without loading bfloat16 to ask."""
    return dtype is _BF16.dtype and dtype is not None


def bits(a: NDArray) -> NDArray:
    """``a`` itself, or complex32 viewed as uint32, for ops that only move elements."""
    return a.view(np.uint32) if a.dtype.fields is not None else a


def finfo_of(dtype: DType) -> Any:
    """NumPy / ml_dtypes finfo of a real floating dtype."""
    if _BF16.dtype is not None and dtype == _BF16.dtype:
        return sys.modules["ml_dtypes"].finfo(dtype)
    return np.finfo(dtype)


def name_of(dtype: DType) -> str:
    """Public name of an aiarray dtype (``'complex32'`` rather than the record form)."""
    return NAME.get(dtype, str(dtype))


class CategoryError(TypeMismatchError):
    """A dtype outside the input category a function takes (e.g. bool input of abs):
    a TypeMismatchError; the NumPy swap-in hands such calls to NumPy's own loops."""


def check_category(dtype: DType, category: str, func: str, argname: str = "x") -> None:
    """Raise TypeError (CategoryError) when ``dtype`` is not in the standard's input
    ``category``."""
    if dtype not in CATEGORIES[category]:
        raise CategoryError(
            f"{func}() requires {category} input for {argname}, got dtype {name_of(dtype)}"
        )


def c32_to_c64(a: NDArray) -> NDArray:
    """Widen a complex32 array to complex64 (exact)."""
    out = np.empty(a.shape, complex64)
    out.real = a["real"]
    out.imag = a["imag"]
    return out


def _fill_c32(out: NDArray, a: NDArray) -> NDArray:
    if np.iscomplexobj(a):
        out["real"] = a.real
        out["imag"] = a.imag
    else:
        out["real"] = a
        out["imag"] = 0
    return out


def to_c32(a: NDArray) -> NDArray:
    """Round a complex (or real) array to complex32, each part rounded once to float16.

    Parts beyond float16's range become infinities (IEEE), without NumPy's warning.
    """
    return quiet(_fill_c32, np.empty(np.shape(a), complex32), a)


def widen(a: NDArray) -> NDArray:
    """The array in the dtype its arithmetic is computed in (bf16 -> f32, c32 -> c64)."""
    dt = a.dtype
    if dt is complex32 or (dt.fields is not None and dt == complex32):
        return c32_to_c64(a)
    if _BF16.dtype is not None and dt == _BF16.dtype:
        return a.astype(float32)
    return a


def float64_to_float32_odd(a: NDArray) -> NDArray:
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


def to_bfloat16(a: NDArray) -> NDArray:
    """Round any real array to bfloat16 once."""
    if a.dtype == float64 or (a.dtype.kind in "iu" and a.dtype.itemsize >= 4):
        a = float64_to_float32_odd(a.astype(np.float64))
    return quiet(_memory.astype, a, load_bfloat16())  # (64-byte aligned when large)


def narrow(a: NDArray, dtype: DType) -> NDArray:
    """Round a computed array back to ``dtype`` once (inverse of :func:`widen`)."""
    if dtype is complex32:
        return to_c32(a)
    if a.dtype == dtype:
        return a
    if dtype is _BF16.dtype and dtype is not None:
        return to_bfloat16(a)
    return quiet(a.astype, dtype)


if "ml_dtypes" in sys.modules:  # already imported by the program: bfloat16 from the start
    load_bfloat16()

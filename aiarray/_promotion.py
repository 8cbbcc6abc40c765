"""Type promotion: the Ascend tables as data, the selectable policies, and "why".

The two Ascend tables are transcribed below in the layout of Huawei's published
documents (the aclnn "Mutual Derivation Relationship" table, tensor with tensor, and
the "TensorScalar" derivation table) so they can be diffed against them.  Everything
else (the policies, Python scalars, the explanation API) is derived from them here and
nowhere else.
"""

from __future__ import annotations

import contextlib
import contextvars
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, TypeAlias, cast

import numpy as np

from . import _dtypes as D
from ._errors import InvalidArgumentError, ScalarOverflowError, TypeMismatchError, message
from ._fork import at_fork, new_lock, new_rlock
from ._typing import DType, Scalar

if TYPE_CHECKING:
    from ._array import Array
    from ._registry import ElementwiseOp

# The key of a scalar operand in a policy's tensor-scalar table: the Python kind ("bool",
# "int", "float", "complex") or the dtype of a typed scalar.
ScalarKey: TypeAlias = str | DType

# Ascend aclnn "mutual derivation" table (tensor with tensor); symmetric; N/A = no rule.
ASCEND_TENSOR_TENSOR = """
Data Type  f32  f16  f64  bf16 s8   u8   s16  u16  s32  u32  s64  u64  bool c32  c64  c128
f32        f32  f32  f64  f32  f32  f32  f32  N/A  f32  N/A  f32  N/A  f32  c64  c64  c128
f16        f32  f16  f64  f32  f16  f16  f16  N/A  f16  N/A  f16  N/A  f16  c32  c64  c128
f64        f64  f64  f64  f64  f64  f64  f64  N/A  f64  N/A  f64  N/A  f64  c128 c128 c128
bf16       f32  f32  f64  bf16 bf16 bf16 bf16 N/A  bf16 N/A  bf16 N/A  bf16 c32  c64  c128
s8         f32  f16  f64  bf16 s8   s16  s16  N/A  s32  N/A  s64  N/A  s8   c32  c64  c128
u8         f32  f16  f64  bf16 s16  u8   s16  N/A  s32  N/A  s64  N/A  u8   c32  c64  c128
s16        f32  f16  f64  bf16 s16  s16  s16  N/A  s32  N/A  s64  N/A  s16  c32  c64  c128
u16        N/A  N/A  N/A  N/A  N/A  N/A  N/A  u16  N/A  N/A  N/A  N/A  N/A  N/A  N/A  N/A
s32        f32  f16  f64  bf16 s32  s32  s32  N/A  s32  N/A  s64  N/A  s32  c32  c64  c128
u32        N/A  N/A  N/A  N/A  N/A  N/A  N/A  N/A  N/A  u32  N/A  N/A  N/A  N/A  N/A  N/A
s64        f32  f16  f64  bf16 s64  s64  s64  N/A  s64  N/A  s64  N/A  s64  c32  c64  c128
u64        N/A  N/A  N/A  N/A  N/A  N/A  N/A  N/A  N/A  N/A  N/A  u64  N/A  N/A  N/A  N/A
bool       f32  f16  f64  bf16 s8   u8   s16  N/A  s32  N/A  s64  N/A  bool c32  c64  c128
c32        c64  c32  c128 c32  c32  c32  c32  N/A  c32  N/A  c32  N/A  c32  c32  c64  c128
c64        c64  c64  c128 c64  c64  c64  c64  N/A  c64  N/A  c64  N/A  c64  c64  c64  c128
c128       c128 c128 c128 c128 c128 c128 c128 N/A  c128 N/A  c128 N/A  c128 c128 c128 c128
"""

# Ascend "TensorScalar" table: first row = the tensor's dtype, first column = the
# scalar's dtype; x = no rule.
ASCEND_TENSOR_SCALAR = """
Data Type  f32  f16  f64  bf16 s8   u8   s16  u16  s32  u32  s64  u64  bool c32  c64  c128
f32        f32  f16  f64  bf16 f32  f32  f32  x    f32  x    f32  x    f32  c32  c64  c128
f16        f32  f16  f64  bf16 f32  f32  f32  x    f32  x    f32  x    f32  c32  c64  c128
f64        f32  f16  f64  bf16 f32  f32  f32  x    f32  x    f32  x    f32  c128 c128 c128
bf16       f32  f16  f64  bf16 f32  f32  f32  x    f32  x    f32  x    f32  c32  c64  c128
s8         f32  f16  f64  bf16 s8   u8   s16  u16  s32  u32  s64  u64  s8   c32  c64  c128
u8         f32  f16  f64  bf16 s8   u8   s16  u16  s32  u32  s64  u64  u8   c32  c64  c128
s16        f32  f16  f64  bf16 s8   u8   s16  u16  s32  u32  s64  u64  s16  c32  c64  c128
u16        f32  f16  f64  bf16 s8   u8   s16  u16  s32  u32  s64  u64  x    c32  c64  c128
s32        f32  f16  f64  bf16 s8   u8   s16  u16  s32  u32  s64  u64  s32  c32  c64  c128
u32        f32  f16  f64  bf16 s8   u8   s16  u16  s32  u32  s64  u64  x    c32  c64  c128
s64        f32  f16  f64  bf16 s8   u8   s16  u16  s32  u32  s64  u64  s64  c32  c64  c128
u64        f32  f16  f64  bf16 s8   u8   s16  u16  s32  u32  s64  u64  x    c32  c64  c128
bool       f32  f16  f64  bf16 s8   u8   s16  u16  s32  u32  s64  u64  bool c32  c64  c128
c32        c64  c32  c128 c64  c64  c64  c64  c64  c64  c64  c64  c64  c64  c32  c64  c128
c64        c64  c32  c128 c64  c64  c64  c64  c64  c64  c64  c64  c64  c64  c32  c64  c128
c128       c64  c32  c128 c64  c64  c64  c64  c64  c64  c64  c64  c64  c64  c32  c64  c128
"""

# Python scalar kinds; in the Ascend policies they use these rows of the scalar table.
PY_KINDS = {bool: "bool", int: "int", float: "float", complex: "complex"}
ASCEND_PYTHON_ROWS = {"bool": "bool", "int": "s64", "float": "f32", "complex": "c64"}
MINDSPORE_ORDER = ("bool", "u8", "s8", "s16", "s32", "s64", "f16", "f32", "f64")


def parse_table(text: str) -> dict[tuple[str, str], str | None]:
    """Parse a seed-layout table into {(row, column): short name or None}."""
    lines = [ln.split() for ln in text.strip().splitlines()]
    columns = lines[0][2:]
    cells: dict[tuple[str, str], str | None] = {}
    for row in lines[1:]:
        for col, val in zip(columns, row[1:], strict=True):
            cells[(row[0], col)] = None if val in ("N/A", "x") else val
    return cells


class Decision(NamedTuple):
    """One cell of a policy: the result (None = cannot promote) and where it came from."""

    result: DType | None
    table: str
    row: str
    column: str
    note: str = ""


class Policy:
    """A promotion policy: decisions for dtype pairs and for (tensor dtype, scalar kind)."""

    name: str
    pairs: dict[tuple[DType, DType], Decision]
    scalars: dict[tuple[DType, ScalarKey], Decision]
    parameter_rule: bool
    # n-ary operands fold in ascending order of this key (dtypes and Python kind strings),
    # so a table that is not associative still gives one answer; None = the default order,
    # _FOLD_ORDER (ties break by it too)
    fold_rank: dict[ScalarKey, int] | None
    # integer/bool input of a floating-valued op -> result dtype, by use: "function" (sin,
    # sqrt, atan2, ...), "divide", "statistics" (mean, var, std), "linalg";
    # None = GB/T's rule for every use (_registry.INT_TO_FLOAT)
    int_to_float: dict[str, dict[DType, DType]] | None
    fast_pairs: dict[tuple[DType, DType], DType | None]
    fast_scalars: dict[tuple[DType, ScalarKey], DType | None]
    # Python scalar type -> {array dtype: result dtype or None}: fast_scalars by type
    scalar_results: dict[type, dict[DType, DType | None]]

    def __init__(self, name: str, pairs: dict[tuple[DType, DType], Decision],
                 scalars: dict[tuple[DType, ScalarKey], Decision], parameter_rule: bool = False,
                 fold_rank: dict[ScalarKey, int] | None = None,
                 int_to_float: dict[str, dict[DType, DType]] | None = None) -> None:
        self.name, self.pairs, self.scalars = name, pairs, scalars
        self.parameter_rule, self.fold_rank, self.int_to_float = (
            parameter_rule, fold_rank, int_to_float)
        self.fast_pairs = {k: v.result for k, v in pairs.items()}
        self.fast_scalars = {k: v.result for k, v in scalars.items()}
        # (a key's second part is a kind string or a NumPy scalar's dtype; a dtype compares
        # equal to a kind string, ``dtype('float64') == "float"``, so test the type first)
        self.scalar_results = {
            t: {dt: res for (dt, k), res in self.fast_scalars.items()
                if type(k) is str and k == kind}
            for t, kind in PY_KINDS.items()
        }

    def __repr__(self) -> str:
        return f"<promotion policy {self.name!r}>"

    def extend(self, more: Policy) -> None:
        """Add the cells of ``more`` (the same policy over more dtypes) in place."""
        self.pairs.update(more.pairs)
        self.scalars.update(more.scalars)
        self.fast_pairs.update(more.fast_pairs)
        self.fast_scalars.update(more.fast_scalars)
        for t, results in more.scalar_results.items():
            self.scalar_results[t].update(results)


def _d(short: str | None) -> DType | None:
    return None if short is None else D.FROM_SHORT[short]


def _standard_pair(a: DType, b: DType) -> DType | None:
    """The Array API standard's promotion lattice (None where it defines nothing)."""
    if a == b:
        return a
    if a in D.INTEGER and b in D.INTEGER:
        if (a in D.SIGNED) == (b in D.SIGNED):
            return a if a.itemsize >= b.itemsize else b
        s, u = (a, b) if a in D.SIGNED else (b, a)
        if s.itemsize > u.itemsize:
            return s
        return {1: D.int16, 2: D.int32, 4: D.int64}.get(u.itemsize)
    standard_floats = {D.float16: 2, D.float32: 4, D.float64: 8, D.complex64: 4, D.complex128: 8}
    if a in standard_floats and b in standard_floats:
        bits = max(standard_floats[a], standard_floats[b])
        if a in D.COMPLEX or b in D.COMPLEX:
            return D.complex64 if bits <= 4 else D.complex128
        return {2: D.float16, 4: D.float32, 8: D.float64}[bits]
    return None


def _ascend_policy(strict: bool) -> Policy:
    tt = parse_table(ASCEND_TENSOR_TENSOR)
    ts = parse_table(ASCEND_TENSOR_SCALAR)
    dtypes = D.loaded_dtypes()
    pairs = {}
    for a in dtypes:
        for b in dtypes:
            row, col = D.SHORT[a], D.SHORT[b]
            res = _d(tt[(row, col)])
            dec = Decision(res, "tensor-tensor", row, col)
            if res is None and not strict and a in D.INTEGER and b in D.INTEGER:
                std = _standard_pair(a, b)
                if std is not None:
                    dec = Decision(std, "array-api", row, col,
                                   "N/A in the Ascend table; the standard's integer lattice")
            pairs[(a, b)] = dec
    scalars: dict[tuple[DType, ScalarKey], Decision] = {}
    for t in dtypes:
        for s in dtypes:
            row, col = D.SHORT[s], D.SHORT[t]
            scalars[(t, s)] = Decision(_d(ts[(row, col)]), "tensor-scalar", row, col)
        for kind, row in ASCEND_PYTHON_ROWS.items():
            col = D.SHORT[t]
            scalars[(t, kind)] = Decision(_d(ts[(row, col)]), "tensor-scalar", row, col,
                                          f"Python {kind} uses the {row} row")
    return Policy("ascend-strict" if strict else "ascend", pairs, scalars)


def _kind(dt: DType) -> str:
    if dt in D.BOOL:
        return "bool"
    if dt in D.INTEGER:
        return "int"
    return "complex" if dt in D.COMPLEX else "float"


def _array_api_policy() -> Policy:
    dtypes = D.loaded_dtypes()
    pairs = {}
    for a in dtypes:
        for b in dtypes:
            res = a if a == b else _standard_pair(a, b)
            pairs[(a, b)] = Decision(res, "array-api", D.SHORT[a], D.SHORT[b])
    allowed = {"bool": {"bool"}, "int": {"int", "float", "complex"},
               "float": {"float", "complex"}, "complex": {"complex"}}
    scalars: dict[tuple[DType, ScalarKey], Decision] = {}
    for t in dtypes:
        for kind, ok in allowed.items():
            res = t if _kind(t) in ok else None
            scalars[(t, kind)] = Decision(res, "array-api", kind, D.SHORT[t])
        for s in dtypes:  # a typed scalar behaves as a 0-d array
            scalars[(t, s)] = pairs[(t, s)]._replace(row=D.SHORT[s], column=D.SHORT[t])
    return Policy("array-api", pairs, scalars)


def _mindspore_policy() -> Policy:
    rank = {D.FROM_SHORT[s]: i for i, s in enumerate(MINDSPORE_ORDER)}
    dtypes = D.loaded_dtypes()
    pairs = {}
    for a in dtypes:
        for b in dtypes:
            if a == b:
                res = a
            elif a in rank and b in rank:
                res = D.int16 if {a, b} == {D.int8, D.uint8} else max(a, b, key=rank.__getitem__)
            else:
                res = None
            pairs[(a, b)] = Decision(res, "mindspore", D.SHORT[a], D.SHORT[b])
    order = ("bool", "int", "float", "complex")
    scalars: dict[tuple[DType, ScalarKey], Decision] = {}
    for t in dtypes:
        tk = _kind(t)
        for kind in order:
            if t == D.bool_ and kind == "int":
                res = D.int32
            elif (t == D.bool_ and kind == "float") or (tk == "int" and kind == "float"):
                res = D.float32
            elif order.index(kind) <= order.index(tk):
                res = t
            else:
                res = None
            scalars[(t, kind)] = Decision(res, "mindspore", kind, D.SHORT[t])
        for s in dtypes:  # a typed scalar follows the rule for its Python kind
            scalars[(t, s)] = scalars[(t, _kind(s))]._replace(row=D.SHORT[s])
    return Policy("mindspore", pairs, scalars, parameter_rule=True)


# The numpy policy: NumPy 2's rules (NEP 50).  Floating formats as (significand bits,
# largest exponent): one format holds another when both numbers are at least as large.
_FLOAT_FORMAT = {D.float16: (11, 15), D.float32: (24, 127), D.float64: (53, 1023)}
# A Python complex with a real floating array: NumPy has no complex32, so float16 (and
# bfloat16, through ml_dtypes) give complex64.
_NUMPY_PY_COMPLEX = {D.float16: D.complex64, D.float32: D.complex64, D.float64: D.complex128}
# NumPy's n-ary promotion folds the integers into the floating result one at a time, never
# into each other (result_type(f16, s8, u8) is f16, not f16 with s16 = f32): fold by kind,
# complex first.  Python scalars come after every array, complex before float before int.
_NUMPY_FOLD_RANK: dict[ScalarKey, int] = {
    **{dt: 0 for dt in D.COMPLEX}, **{dt: 1 for dt in D.REAL_FLOAT},
    **{dt: 2 for dt in D.INTEGER}, D.bool_: 3,
    "complex": 4, "float": 5, "int": 6, "bool": 7,
}
NUMPY_RULES = {
    "same": "the same dtype",
    "bool": "bool with a number: the number's dtype",
    "int": "integers of one signedness: the wider",
    "mixed-int": "signed with unsigned: the smallest signed integer that holds both",
    "u64": "uint64 with a signed integer: no integer holds both, so float64",
    "float": "floating dtypes: the smallest that holds both",
    "int-float": ("integer with floating: the smallest floating dtype that holds both "
                  "exactly (float64 when none does)"),
    "complex": "with complex: the complex dtype whose parts hold both",
    "typed": "a NumPy scalar (or aiarray.scalar) is a typed operand, as a 0-d array",
    "py-bool": "a Python bool is weak: the array's dtype",
    "py-int": "a Python int is weak: the array's dtype (a value that does not fit raises "
              "OverflowError)",
    "py-int-bool": "a Python int with a bool array: the default integer, int64",
    "py-float": "a Python float is weak: the array's dtype",
    "py-float-int": "a Python float with an integer or bool array: the default float, float64",
    "py-complex": "a Python complex is weak: the complex dtype of the array's precision",
    "py-complex-int": ("a Python complex with an integer or bool array: the default complex, "
                       "complex128"),
    "py-complex-half": ("a Python complex with float16 or bfloat16: complex64 "
                        "(NumPy has no complex32)"),
}


def _holds(f: DType, g: DType) -> bool:
    """Whether floating format ``f`` holds every value of integer or floating dtype ``g``."""
    bits, emax = _FLOAT_FORMAT[f]
    if g in D.INTEGER:
        return bits >= g.itemsize * 8 - (g in D.SIGNED)
    return bits >= _FLOAT_FORMAT[g][0] and emax >= _FLOAT_FORMAT[g][1]


def _numpy_pair(a: DType, b: DType) -> tuple[DType, str]:
    """NumPy 2's result for two dtypes, and the name of the rule that decided it."""
    if a == b:
        return a, "same"
    if a in D.BOOL or b in D.BOOL:
        return (b if a in D.BOOL else a), "bool"
    if a in D.INTEGER and b in D.INTEGER:
        if (a in D.SIGNED) == (b in D.SIGNED):
            return (a if a.itemsize >= b.itemsize else b), "int"
        s, u = (a, b) if a in D.SIGNED else (b, a)
        if s.itemsize > u.itemsize:
            return s, "mixed-int"
        if u.itemsize < 8:
            return {1: D.int16, 2: D.int32, 4: D.int64}[u.itemsize], "mixed-int"
        return D.float64, "u64"
    ra, rb = D.REAL_OF.get(a, a), D.REAL_OF.get(b, b)  # complex: its parts
    real = next((f for f in _FLOAT_FORMAT if _holds(f, ra) and _holds(f, rb)), D.float64)
    if a in D.COMPLEX or b in D.COMPLEX:
        return D.COMPLEX_OF[real], "complex"
    return real, ("float" if ra in D.REAL_FLOAT and rb in D.REAL_FLOAT else "int-float")


def _numpy_policy() -> Policy:
    """NumPy 2 / NEP 50: NumPy's table for dtype pairs, weak Python scalars.

    bfloat16 follows ml_dtypes' registration with NumPy; complex32 is promoted as the
    complex dtype with float16 parts (as float16 is to float32, complex32 is to
    complex64).  Python scalars are weak: they take the array's dtype within their kind.
    """
    dtypes = D.loaded_dtypes()
    pairs = {}
    for a in dtypes:
        for b in dtypes:
            res, rule = _numpy_pair(a, b)
            pairs[(a, b)] = Decision(res, "numpy", D.SHORT[a], D.SHORT[b], NUMPY_RULES[rule])
    scalars: dict[tuple[DType, ScalarKey], Decision] = {}
    for t in dtypes:
        tk = _kind(t)
        exact = tk in ("bool", "int")  # Python float/complex give the default float/complex
        rules = {
            "bool": (t, "py-bool"),
            "int": (D.int64, "py-int-bool") if tk == "bool" else (t, "py-int"),
            "float": (D.float64, "py-float-int") if exact else (t, "py-float"),
            "complex": ((D.complex128, "py-complex-int") if exact
                        else (t, "py-complex") if tk == "complex"
                        else (_NUMPY_PY_COMPLEX[t], "py-complex-half"
                              if t.itemsize == 2 else "py-complex")),
        }
        for kind, (res, rule) in rules.items():
            scalars[(t, kind)] = Decision(res, "numpy", f"py-{kind}", D.SHORT[t],
                                          NUMPY_RULES[rule])
        for s in dtypes:  # NEP 50: NumPy scalars are strong, as 0-d arrays
            dec = pairs[(t, s)]
            scalars[(t, s)] = dec._replace(row=D.SHORT[s], column=D.SHORT[t],
                                           note=f"{NUMPY_RULES['typed']}; {dec.note}")
    return Policy("numpy", pairs, scalars, fold_rank=_NUMPY_FOLD_RANK,
                  int_to_float=_numpy_int_to_float())


def _numpy_int_to_float() -> dict[str, dict[DType, DType]]:
    """NumPy's floating result for integer/bool input, by use.

    Math functions (sin, sqrt, atan2, ...) give the smallest of float16, float32,
    float64 that holds the integer exactly (float64 when none does); true division,
    mean/var/std and linalg give float64.
    """
    ints = (D.bool_, *sorted(D.INTEGER, key=lambda d: (d.itemsize, d.kind)))
    smallest = {i: next((f for f in (D.float16, D.float32) if i in D.BOOL or _holds(f, i)),
                        D.float64) for i in ints}
    f64 = dict.fromkeys(ints, D.float64)
    return {"function": smallest, "divide": f64, "statistics": f64, "linalg": f64}




def _numpy_tables_add_bfloat16(bf16: DType) -> None:
    """bfloat16 in the numpy policy's own tables, before the policies are rebuilt with it:
    ml_dtypes registers it with NumPy as 8 significand bits and float32's exponent range."""
    _FLOAT_FORMAT[bf16] = (8, 127)
    _NUMPY_PY_COMPLEX[bf16] = D.complex64
    _NUMPY_FOLD_RANK[bf16] = _NUMPY_FOLD_RANK[D.float16]
    # narrow to wide, as NumPy searches them (the first format that holds both wins)
    order = sorted(_FLOAT_FORMAT.items(), key=lambda kv: (kv[0].itemsize, -kv[1][0]))
    _FLOAT_FORMAT.clear()
    _FLOAT_FORMAT.update(order)


D.when_bfloat16_loads(_numpy_tables_add_bfloat16)


_BUILD: dict[str, Callable[[], Policy]] = {
    "ascend": lambda: _ascend_policy(strict=False),
    "ascend-strict": lambda: _ascend_policy(strict=True),
    "mindspore": _mindspore_policy,
    "array-api": _array_api_policy,
    "numpy": _numpy_policy,
}


class _Built(dict[str, Policy]):
    """The policies built so far: each is built from its tables on first use (import
    builds only the default), once; the dispatcher and the contextvars hold the objects."""

    def __init__(self) -> None:
        super().__init__()
        self.lock = new_rlock()  # (re-entered when a build loads bfloat16)
        at_fork(in_child=self._fresh_lock)  # (one instance: _POLICIES)

    def _fresh_lock(self) -> None:
        self.lock = new_rlock()  # a build in another thread did not cross the fork

    def __missing__(self, name: str) -> Policy:
        build = _BUILD[name]  # KeyError: not a policy
        with self.lock:
            if name not in self:
                dict.__setitem__(self, name, build())
            return dict.__getitem__(self, name)


_POLICIES = _Built()
POLICIES = tuple(_BUILD)  # the policy names, from the registry above
_local_policy: contextvars.ContextVar[Policy | None] = contextvars.ContextVar(
    "aiarray_promotion_policy", default=None
)


def _lookup_policy(name: str) -> Policy:
    try:
        return _POLICIES[name]
    except (KeyError, TypeError):
        raise InvalidArgumentError(
            f"policy={name!r} is not a promotion policy; choose one of {', '.join(POLICIES)}"
        ) from None


# -- the dtypes of one elementwise op -------------------------------------------------

# GB/T / pypto.div: integer and bool inputs of floating-valued functions compute in
# float32 up to 32-bit integers (exact for |v| <= 2**24), float64 beyond.
INT_TO_FLOAT: dict[DType, DType] = {
    D.bool_: D.float32, D.int8: D.float32, D.uint8: D.float32, D.int16: D.float32,
    D.uint16: D.float32, D.int32: D.float32, D.uint32: D.float64, D.int64: D.float64,
    D.uint64: D.float64,
}


def kind_result(kind: str, computed: DType) -> DType:
    """The result dtype of an op of result ``kind`` ("same", "bool", "real": complex to
    its real part's dtype) that computes in ``computed``."""
    if kind == "bool":
        return D.bool_
    if kind == "real":
        return D.REAL_OF.get(computed, computed)
    return computed


def elementwise_dtypes(op: ElementwiseOp, dt: DType,
                       pol: Policy | None = None) -> tuple[DType, DType]:
    """THE decision of an elementwise op's dtypes, every path asks it: (dtype computed
    in, result dtype) for registry op ``op`` on operands promoted to ``dt`` (by
    :func:`result_type` under ``pol``, the policy :func:`policy_for` chose).

    Integer or bool input of a floating-valued op (``op.to_float``) follows the policy's
    own rule (``pol.int_to_float``: computed in the result dtype) where it has one,
    else INT_TO_FLOAT (computed in float64 and rounded once when ``op.exact_ints``);
    every other op computes in ``dt`` and gives ``kind_result(op.result, dt)``.
    """
    if op.to_float and dt in INT_TO_FLOAT:
        own = pol.int_to_float if pol is not None else None
        if own is not None:
            res = own["divide" if op.name == "divide" else "function"][dt]
            return res, res
        res = INT_TO_FLOAT[dt]
        return (D.float64 if op.exact_ints else res), res
    return dt, kind_result(op.result, dt)


STANDARD_DEFAULT = "ascend"


class Settings:
    """The process-wide policies: ``standard`` for arrays of the standard namespace
    (:func:`set_promotion_policy`; STANDARD_DEFAULT, built at its first read), ``swapin``
    for those of aiarray.numpy (:func:`set_swapin_policy`; None until first asked:
    SWAPIN_DEFAULT).  One instance, ``SETTINGS``; a ``promotion_policy`` block overrides
    either in its thread/task."""

    __slots__ = ("standard", "swapin")
    standard: Policy

    def __init__(self) -> None:
        self.swapin: Policy | None = None

    def __getattr__(self, name: str) -> Policy:
        """The default ``standard``, built at its first read (an unset slot comes here,
        once): ``import aiarray`` does not build a table it may never use (~1.5 ms)."""
        if name != "standard":
            raise AttributeError(name)
        with _POLICIES.lock:  # (set_promotion_policy holds it too: no read undoes a set)
            try:
                policy: Policy = object.__getattribute__(self, "standard")  # (set meanwhile)
            except AttributeError:
                policy = self.standard = _POLICIES[STANDARD_DEFAULT]
            return policy


SETTINGS = Settings()


def current() -> Policy:
    """The policy in force in this thread/task for arrays of the standard namespace."""
    return _local_policy.get() or SETTINGS.standard


# The swap-in namespace (aiarray.numpy): arrays it makes carry a tag (Array._numpy), and an
# operation with a tagged operand follows the swap-in's policy, ``"numpy"`` unless changed
# by aiarray.numpy.set_promotion_policy() or its promotion_policy() block.
SWAPIN_DEFAULT = "numpy"
_swapin_local: contextvars.ContextVar[Policy | None] = contextvars.ContextVar(
    "aiarray_numpy_promotion_policy", default=None
)


def swapin_policy() -> Policy:
    """The policy of the swap-in namespace here (its with-block, else its setting)."""
    pol = _swapin_local.get() or SETTINGS.swapin
    if pol is None:
        pol = SETTINGS.swapin = _lookup_policy(SWAPIN_DEFAULT)
    return pol


def policy_for(x1: object, x2: object = None) -> Policy:
    """THE decision of which policy an operation uses (every promotion entry point asks).

    An active ``promotion_policy(...)`` block wins; else, when an operand is an array of
    the swap-in namespace (tagged ``_numpy``), the swap-in's policy; else the global
    policy.  ``x1``/``x2`` are operands, or lists/tuples of them.
    """
    pol = _local_policy.get()
    if pol is not None:
        return pol
    if _tagged(x1) or (x2 is not None and _tagged(x2)):
        return swapin_policy()
    return SETTINGS.standard


class _SwapInCall:
    """Marker operand: "a function of the swap-in namespace is asking" (policy_for)."""

    _numpy = True


SWAPIN_CALL = _SwapInCall()


def _tagged(x: object) -> bool:
    if x.__class__ is list or x.__class__ is tuple:
        return any(_tagged(v) for v in x)
    return getattr(x, "_numpy", False) is True


class ScalarRule:
    """Whether the swap-in's scalars are NumPy's own, for the hot paths that make them
    (``x[i]``, operators of 0-d arrays): ``plain`` is True while the swap-in's policy is
    ``numpy`` and no ``promotion_policy`` block of either namespace is active in any
    thread.  When it is False, :func:`numpy_scalars` asks the policy in force here (under
    another policy, aiarray.numpy's scalars compute by that policy)."""

    __slots__ = ("_blocks", "_lock", "ours", "plain")

    def __init__(self) -> None:
        self.plain = True
        self.ours = False  # aiarray.numpy's scalars under every policy (the port tracer)
        self._blocks = 0
        self._lock = new_lock()
        at_fork(in_child=self._fresh_lock)  # (one instance: _SCALARS)

    def _fresh_lock(self) -> None:
        """(In a forked child.)  Another thread may have held the lock at the fork."""
        self._lock = new_lock()

    def update(self, blocks: int = 0) -> None:
        """Count ``blocks`` more (or fewer) active blocks and recompute ``plain``."""
        with self._lock:
            self._blocks += blocks
            self.plain = not self.ours and self._blocks == 0 and (
                SETTINGS.swapin is None or SETTINGS.swapin.name == SWAPIN_DEFAULT)

    def always_ours(self) -> None:
        """Make every swap-in scalar aiarray.numpy's (whose operators can be traced),
        under the numpy policy too; for ``python -m aiarray port``'s runs."""
        self.ours = True
        self.update()

    @contextlib.contextmanager
    def block(self) -> Iterator[None]:
        """Count a ``promotion_policy`` block while it is active."""
        self.update(1)
        try:
            yield
        finally:
            self.update(-1)


SCALARS = ScalarRule()


def numpy_scalars() -> bool:
    """Whether a swap-in scalar made here is NumPy's own (the numpy policy is in force)."""
    return SCALARS.plain or (not SCALARS.ours
                             and policy_for(SWAPIN_CALL).name == SWAPIN_DEFAULT)


def set_swapin_policy(name: str) -> None:
    """Select the policy of the swap-in namespace (aiarray.numpy) for the whole process."""
    SETTINGS.swapin = _lookup_policy(name)
    SCALARS.update()


@contextlib.contextmanager
def swapin_promotion_policy(name: str) -> Iterator[str]:
    """Use policy ``name`` for swap-in arrays inside a ``with`` block (thread/task-local)."""
    token = _swapin_local.set(_lookup_policy(name))
    try:
        with SCALARS.block():
            yield name
    finally:
        _swapin_local.reset(token)


def get_promotion_policy() -> str:
    """Name of the promotion policy in force here.

    Examples
    --------
    >>> xp.get_promotion_policy()
    'ascend'
    >>> with xp.promotion_policy('array-api'):
    ...     xp.get_promotion_policy()
    ...
    'array-api'
    """
    return current().name


def set_promotion_policy(name: str) -> None:
    """Select the process-wide promotion policy (a ``promotion_policy`` block overrides it).

    Examples
    --------
    >>> xp.get_promotion_policy()
    'ascend'
    >>> xp.set_promotion_policy('numpy')
    >>> xp.asarray([1, 2], dtype=xp.int32) + 0.5
    Array([1.5, 2.5], dtype=float64)
    >>> xp.set_promotion_policy('ascend')
    >>> xp.asarray([1, 2], dtype=xp.int32) + 0.5
    Array([1.5, 2.5], dtype=float32)
    """
    with _POLICIES.lock:
        SETTINGS.standard = _lookup_policy(name)


@contextlib.contextmanager
def promotion_policy(name: str) -> Iterator[str]:
    """Use policy ``name`` inside a ``with`` block; local to the thread and asyncio task.

    Examples
    --------
    >>> x = xp.asarray([1, 2], dtype=xp.int32)
    >>> (x + xp.asarray([0.5, 1], dtype=xp.float16)).dtype  # Ascend: float16
    dtype('float16')
    >>> with xp.promotion_policy('numpy'):
    ...     (x + xp.asarray([0.5, 1], dtype=xp.float16)).dtype
    ...
    dtype('float64')
    """
    token = _local_policy.set(_lookup_policy(name))
    try:
        with SCALARS.block():
            yield name
    finally:
        _local_policy.reset(token)


class TypedScalar:
    """A scalar whose dtype is known at run time (GB/T 5.7 generic Scalar).

    Made by :func:`scalar`; ``value`` is the Python value, ``dtype`` the dtype.

    Examples
    --------
    >>> s = xp.scalar(3, dtype=xp.int8)
    >>> s, s.value, s.dtype
    (scalar(3, dtype=int8), 3, dtype('int8'))
    >>> xp.asarray([True, False]) + s  # promoted as an int8, not as a Python int
    Array([4, 3], dtype=int8)
    >>> xp.scalar(0.1, dtype=xp.float16).value  # rounded to float16 when made
    0.0999755859375
    """

    __slots__ = ("dtype", "value")

    def __init__(self, value: Scalar, dtype: DType) -> None:
        self.value = value
        self.dtype = dtype

    def __repr__(self) -> str:
        return f"scalar({self.value!r}, dtype={D.name_of(self.dtype)})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, TypedScalar):
            return self.dtype == other.dtype and self.value == other.value
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.value, self.dtype))


def scalar(value: bool | int | float | complex, /, *, dtype: DType) -> TypedScalar:
    """A typed scalar: promoted by the tensor-scalar table row of ``dtype``.

    The value is rounded to ``dtype`` now; a value that does not fit raises
    OverflowError (integers) and a value of the wrong kind raises TypeError.

    Examples
    --------
    >>> b = xp.asarray([True, False])
    >>> b + xp.scalar(1, dtype=xp.int8)  # the int8 row of the tensor-scalar table
    Array([2, 1], dtype=int8)
    >>> b + 1  # a Python int: int64
    Array([2, 1], dtype=int64)
    >>> xp.scalar(1.5, dtype=xp.float16)
    scalar(1.5, dtype=float16)
    """
    dt = D.canonical(dtype)
    if isinstance(value, TypedScalar | np.generic):
        value = value.value if isinstance(value, TypedScalar) else value.item()
    if not isinstance(value, bool | int | float | complex):
        raise TypeMismatchError(
            f"scalar() needs a bool, int, float or complex value, got {value!r}"
        )
    if dt in D.INTEGER or dt in D.BOOL:
        if isinstance(value, complex | float) and not (
            isinstance(value, float) and value.is_integer()
        ):
            raise TypeMismatchError(
                f"scalar(value={value!r}) cannot be a {D.name_of(dt)} without losing its value"
            )
        value = int(value)
        if dt in D.BOOL:
            value = bool(value)
        else:
            check_int_fits(value, dt, "value")
    elif dt in D.REAL_FLOAT:
        if isinstance(value, complex):
            raise TypeMismatchError(
                f"scalar(value={value!r}) is complex; dtype {D.name_of(dt)} is real"
            )
        value = float(np.asarray(value, dtype=dt).astype(np.float64))
    else:
        c = complex(value)
        part = D.REAL_OF[dt]
        value = complex(float(np.asarray(c.real, part)), float(np.asarray(c.imag, part)))
    return TypedScalar(value, dt)


# dtype -> (min, max) of each integer dtype, as Python ints
INT_BOUNDS: dict[DType, tuple[int, int]] = {
    dt: (int(np.iinfo(dt).min), int(np.iinfo(dt).max)) for dt in D.INTEGER}
_FLOAT_MAX = {dt: float(D.finfo_of(dt).max) for dt in D.REAL_FLOAT}


def _int_range(dt: DType) -> tuple[float, float]:
    if dt in INT_BOUNDS:
        return INT_BOUNDS[dt]
    real = D.REAL_OF.get(dt, dt)
    if real in _FLOAT_MAX:
        return -_FLOAT_MAX[real], _FLOAT_MAX[real]
    return -math.inf, math.inf  # bool: any int (it becomes True or False)


# dtype -> (lo, hi): the Python ints that fit it (a float dtype: up to its largest finite
# value).  check_int_fits raises outside; the short path tests the range inline.
INT_RANGE: dict[DType, tuple[float, float]] = {
    dt: _int_range(dt) for dt in D.loaded_dtypes()}


def _add_bfloat16(bf16: DType) -> None:
    """bfloat16's rows and columns in every policy (its objects updated in place: the
    contextvars and the dispatcher hold them), and its range (D.when_bfloat16_loads)."""
    _FLOAT_MAX[bf16] = float(D.finfo_of(bf16).max)
    INT_RANGE[bf16] = _int_range(bf16)
    with _POLICIES.lock:  # the policies built so far; the others are built with bfloat16
        for name, pol in list(_POLICIES.items()):
            pol.extend(_BUILD[name]())


D.when_bfloat16_loads(_add_bfloat16)


def check_int_fits(value: int, dtype: DType, argname: str) -> None:
    """Raise OverflowError when Python int ``value`` does not fit ``dtype``."""
    lo, hi = INT_RANGE.get(dtype) or _int_range(dtype)
    if lo <= value <= hi:
        return
    if dtype in INT_BOUNDS:
        raise ScalarOverflowError(
            f"{argname}={value} does not fit {D.name_of(dtype)} [{lo}, {hi}]"
        )
    raise ScalarOverflowError(f"{argname}={value} does not fit {D.name_of(dtype)} (max {hi:g})")


def _cannot(a: str, b: str, pol: Policy, what: str) -> TypeMismatchError:
    return TypeMismatchError(
        f"cannot promote {what} {a} and {b} under the {pol.name!r} promotion policy"
        + cannot_hint(a, b, pol)
    )


def cannot_hint(a: str, b: str, pol: Policy) -> str:
    """What to do about a pair ``pol`` cannot promote (as ``python -m aiarray port``
    suggests): convert an operand explicitly, to what the other policies give."""
    da, db = D.FROM_NAME.get(a), D.FROM_NAME.get(b)
    if da is None or db is None:
        return ""
    given: dict[str, list[str]] = {}
    for name in POLICIES:  # every policy, built now if it was not (an error's path)
        other = _POLICIES[name]
        found = other.fast_pairs.get((da, db)) if other is not pol else None
        if found is not None:
            given.setdefault(D.name_of(found), []).append(repr(other.name))
    if given:
        target = next(iter(given))
        which = (f"the {b} operand" if target == a else f"the {a} operand" if target == b
                 else "both operands")
        results = "; ".join(f"{dt} under {', '.join(names)}" for dt, names in given.items())
        advice = (f"convert {which} explicitly first, with astype(..., {target}) "
                  f"(the result of this pair under other policies: {results})")
    else:
        advice = "convert an operand explicitly first (no policy promotes this pair)"
    return (f": the policy has no rule for this pair; {advice}; "
            f"`python -m aiarray promote {a} {b} --policy {pol.name}` explains")


def promote_pair(a: DType, b: DType, pol: Policy) -> DType:
    """Result dtype of two arrays' dtypes under ``pol``; TypeError when undefined."""
    res = pol.fast_pairs[(a, b)]
    if res is None:
        raise _cannot(D.name_of(a), D.name_of(b), pol, "dtypes")
    return res


def scalar_key(value: object) -> ScalarKey | None:
    """The scalar-table key of an operand: a Python kind string or a typed dtype."""
    t = type(value)
    kind = PY_KINDS.get(t)
    if kind is not None:
        return kind
    if isinstance(value, TypedScalar):
        return value.dtype
    if isinstance(value, np.generic):
        return D.canonical(value.dtype)
    for base, k in PY_KINDS.items():  # subclasses of the Python scalar types
        if isinstance(value, base):
            return k
    return None


def promote_scalar(tensor: DType, value: object, key: ScalarKey, pol: Policy,
                   argname: str = "scalar") -> DType:
    """Result dtype of an array of dtype ``tensor`` with a scalar operand ``value``.

    ``argname`` (e.g. ``"add() x2"``) names the operand in error messages.
    """
    res = pol.fast_scalars[(tensor, key)]
    if res is None:
        what = key if isinstance(key, str) else D.name_of(key) + " scalar"
        raise TypeMismatchError(
            f"{argname}: cannot promote array dtype {D.name_of(tensor)} with {what} "
            f"{value!r} under the {pol.name!r} promotion policy"
        )
    if key.__class__ is str:
        if key == "int":  # a Python int (a dtype can equal "int")
            check_int_fits(cast(int, value), res, argname)
    elif key in INT_BOUNDS and res in INT_BOUNDS:  # a typed integer scalar: no wrap-around
        check_int_fits(_scalar_value(value), res, argname)
    return res


def _scalar_value(value: object) -> int:
    """The Python value of a typed integer scalar (aiarray.scalar or a NumPy integer)."""
    if isinstance(value, TypedScalar):
        return cast(int, value.value)
    return cast("np.integer[Any]", value).item()


# The n-ary rule folds the distinct dtypes in this order: bool, integers, real floats,
# complex, each by size.  Real precisions combine before a complex kind applies, so
# float16 with bfloat16 and complex32 gives complex64 (the float32 both reals need, made
# complex), not the complex32 another order of the Ascend table's cells would give.
# By name, so the table names bfloat16 without needing it loaded.
_FOLD_ORDER = ("bool", "uint8", "int8", "uint16", "int16", "uint32", "int32", "uint64",
               "int64", "float16", "bfloat16", "float32", "float64", "complex32",
               "complex64", "complex128")
_FOLD_RANK_OF_NAME = {name: i for i, name in enumerate(_FOLD_ORDER)}
_KIND_RANK = {"bool": 0, "int": 1, "float": 2, "complex": 3}


def _fold_rank(dt: DType) -> int:
    return _FOLD_RANK_OF_NAME[D.name_of(dt)]


def promote_many(dtypes: Iterable[DType], pol: Policy, what: str = "dtypes") -> DType:
    """The dtype several arrays' dtypes promote to under ``pol``, whatever their order.

    Defined only when every pair of the distinct dtypes is defined under ``pol``
    (TypeError naming the first undefined pair otherwise); the result is the fold of
    the distinct dtypes in a fixed order: the policy's ``fold_rank``, else bool <
    integers < real floats < complex (each by size).  ``what`` names the operands in
    the error (``"concat() dtypes"``).
    """
    rank = pol.fold_rank
    order = _fold_rank if rank is None else lambda dt: (rank[dt], _fold_rank(dt))
    distinct = sorted(set(dtypes), key=order)
    if len(distinct) <= 1:
        if not distinct:
            raise InvalidArgumentError(f"cannot promote no {what}: give at least one")
        return distinct[0]
    pairs = pol.fast_pairs
    for i, a in enumerate(distinct):
        for b in distinct[i + 1:]:
            if pairs[(a, b)] is None:
                raise _cannot(D.name_of(a), D.name_of(b), pol, what)
    res = distinct[0]
    for b in distinct[1:]:
        step = pairs[(res, b)]
        if step is None:
            raise _cannot(D.name_of(res), D.name_of(b), pol, what)
        res = step
    return res


def _scalar_rank(key: ScalarKey, pol: Policy) -> tuple[int, int, int]:
    first = 0 if pol.fold_rank is None else pol.fold_rank[key]
    if isinstance(key, str):
        return first, _KIND_RANK[key], -1
    return first, _KIND_RANK[_kind(key)], _fold_rank(key)


def promote_with_scalars(tensor: DType, scalars: Sequence[object], pol: Policy,
                         argnames: Sequence[str] | None = None) -> DType:
    """Array dtype ``tensor`` combined with scalar operands (Python or typed), in any order.

    The scalars apply through the tensor-scalar table one after another in a fixed
    order (the policy's ``fold_rank``, else by kind: bool, int, float, complex; a
    Python scalar before typed ones of its kind, typed ones by dtype), so their order
    in the call does not matter; then every integer scalar must fit the result
    (OverflowError naming it otherwise).
    """
    keys = []
    for i, value in enumerate(scalars):
        key = scalar_key(value)
        if key is None:
            name = argnames[i] if argnames else f"scalar {i}"
            raise TypeMismatchError(f"{name}={value!r} is not a scalar (bool, int, float, "
                                    "complex or aiarray.scalar())")
        keys.append((key, i))
    res = tensor
    for key, i in sorted(keys, key=lambda k: _scalar_rank(k[0], pol)):
        step = pol.fast_scalars[(res, key)]
        if step is None:
            what = key if isinstance(key, str) else D.name_of(key) + " scalar"
            name = argnames[i] if argnames else "scalar"
            raise TypeMismatchError(
                f"{name}: cannot promote array dtype {D.name_of(res)} with {what} "
                f"{scalars[i]!r} under the {pol.name!r} promotion policy"
            )
        res = step
    for key, i in keys:
        name = argnames[i] if argnames else "scalar"
        if key.__class__ is str:
            if key == "int":
                check_int_fits(cast(int, scalars[i]), res, name)
        elif key in INT_BOUNDS and res in INT_BOUNDS:
            check_int_fits(_scalar_value(scalars[i]), res, name)
    return res


def result_type(*arrays_and_dtypes: Array | DType | Scalar | TypedScalar) -> DType:
    """Dtype that results from combining the arguments under the current policy.

    Arrays and dtypes combine by :func:`promote_many`, then scalars (Python or typed;
    NumPy scalars are typed) by :func:`promote_with_scalars`: the result does not depend
    on the order of the arguments.  Under a policy with a ``fold_rank`` (numpy), typed
    scalars are strong and fold with the arrays, as NumPy's own ``result_type`` does.
    With no array or dtype, the typed scalars act as 0-d arrays of their dtypes.

    Examples
    --------
    >>> xp.result_type(xp.int8, xp.uint8)
    dtype('int16')
    >>> xp.result_type(xp.int32, xp.float16)  # Ascend: float16 (NumPy: float64)
    dtype('float16')
    >>> xp.result_type(xp.asarray([1], dtype=xp.int32), 1.0)  # Ascend: float32 (NumPy: float64)
    dtype('float32')
    """
    return result_type_under(policy_for(arrays_and_dtypes), arrays_and_dtypes)


def result_type_under(pol: Policy, arrays_and_dtypes: tuple[object, ...]) -> DType:
    """:func:`result_type` under policy ``pol``."""
    strong = pol.fold_rank is not None
    tensors = []
    scalars = []
    for i, arg in enumerate(arrays_and_dtypes):
        if isinstance(arg, TypedScalar | np.generic) or type(arg) in PY_KINDS:
            key = scalar_key(arg)
            if strong and D.is_dtype(key):
                tensors.append(key)  # a strong (typed) scalar folds with the arrays
            else:
                scalars.append(arg)
            continue
        dt = getattr(arg, "dtype", None) if not isinstance(arg, np.dtype) else arg
        tensors.append(D.canonical(dt if dt is not None else arg, f"arrays_and_dtypes[{i}]"))
    if not tensors:  # only scalars: the typed ones (numpy.float64(1)) act as their dtypes
        tensors = [k for s in scalars if D.is_dtype(k := scalar_key(s))]
        scalars = [s for s in scalars if isinstance(scalar_key(s), str)]
        if not tensors:
            raise InvalidArgumentError("result_type() needs at least one array, dtype or "
                                       "typed scalar")
    tensor = promote_many(tensors, pol, "result_type() dtypes")
    return promote_with_scalars(tensor, scalars, pol) if scalars else tensor


class Explanation(NamedTuple):
    """Why two operands promote as they do: the policy, table and cell that decided.

    ``error`` is set when the operation itself would still raise although the table gives a
    dtype (a Python int that does not fit it raises OverflowError).
    """

    result: DType | None
    policy: str
    table: str
    row: str
    column: str
    note: str
    error: str = ""

    def __str__(self) -> str:
        res = "cannot be promoted (TypeError)" if self.result is None else D.name_of(self.result)
        text = (f"{res}: policy {self.policy!r}, {self.table} table, row {self.row}, "
                f"column {self.column}")
        text += f" ({self.note})" if self.note else ""
        return text + (f"; the operation raises {self.error}" if self.error else "")


def _explained_dtype(value: object, argname: str) -> DType:
    """A dtype, an array's dtype, or a dtype name (``"int8"``) or short name (``"s8"``)."""
    if isinstance(value, str):
        dt = D.FROM_NAME.get(value) or D.FROM_SHORT.get(value)
        if dt is None:
            raise TypeMismatchError(
                f"{argname}={value!r} is not a dtype name; use a name (float32) or a short "
                "name (f32)"
            )
        return dt
    return D.canonical(value if isinstance(value, np.dtype) else getattr(value, "dtype", value),
                       argname)


def explain_promotion(a: DType | Array | str, b: DType | Array | str | Scalar | TypedScalar, /,
                      *, policy: str | None = None) -> Explanation:
    """Explain the promotion of ``a`` with ``b`` under ``policy`` (default: the one in force).

    ``a`` is a dtype, an array or a dtype name (``"int8"`` or ``"s8"``); ``b`` is one of those
    or a Python or typed scalar, in which case the tensor-scalar rules apply.

    Examples
    --------
    >>> print(xp.explain_promotion(xp.int8, xp.uint8))
    int16: policy 'ascend', tensor-tensor table, row s8, column u8
    >>> e = xp.explain_promotion(xp.int32, 0.5)
    >>> e.result, e.table, e.row
    (dtype('float32'), 'tensor-scalar', 'f32')
    >>> e.note
    'Python float uses the f32 row'
    >>> print(xp.explain_promotion(xp.float32, xp.uint16))
    cannot be promoted (TypeError): policy 'ascend', tensor-tensor table, row f32, column u16
    """
    pol = current() if policy is None else _lookup_policy(policy)
    ta = _explained_dtype(a, "a")
    key = None if isinstance(b, str) else scalar_key(b)
    if key is not None:
        dec = pol.scalars[(ta, key)]
    else:
        dec = pol.pairs[(ta, _explained_dtype(b, "b"))]
    error = ""
    if dec.result is not None and isinstance(key, str) and key == "int":
        try:
            check_int_fits(cast(int, b), dec.result, "scalar")
        except ScalarOverflowError as e:
            error = f"OverflowError ({message(e)})"
    return Explanation(dec.result, pol.name, dec.table, dec.row, dec.column, dec.note, error)


def can_cast(from_: DType | Array, to: DType, /) -> bool:
    """Whether ``from_`` casts to ``to`` without changing any value's kind or range.

    True when promoting the two under the standard's lattice (or the current
    policy's tensor-tensor table for dtypes outside the standard) gives ``to``.

    Examples
    --------
    >>> xp.can_cast(xp.int8, xp.int16)
    True
    >>> xp.can_cast(xp.int16, xp.uint8)
    False
    >>> xp.can_cast(xp.float32, xp.bfloat16)
    False
    """
    src = D.canonical(getattr(from_, "dtype", from_), "from_")
    dst = D.canonical(to, "to")
    if src == dst:
        return True
    std = _standard_pair(src, dst)
    if std is not None or (src not in _OUTSIDE_STANDARD and dst not in _OUTSIDE_STANDARD):
        return std is not None and std == dst  # (None == float64 is True for NumPy dtypes)
    return current().fast_pairs[(src, dst)] == dst


_OUTSIDE_STANDARD = D.COMPUTE  # bfloat16 (once loaded) and complex32

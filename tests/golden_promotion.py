# ruff: noqa: E501, RUF001, RUF002, RUF003  (tables mirror the seeds, including "×")
"""Golden type-promotion data, transcribed by hand from Huawei's published Ascend tables.

This module is deliberately independent of the ``aiarray`` package: it imports
nothing from it.  The tables are written in the same row/column layout as the
published documents so a reviewer can diff them against the originals:

* ``TENSOR_TENSOR_TEXT``  <- the Ascend aclnn "Mutual Derivation Relationship" table
  (tensor with tensor; symmetric; ``N/A`` = cannot be derived).  The original
  separates cells with tabs; here they are aligned with spaces.
* ``TENSOR_SCALAR_TEXT``  <- the Ascend "TensorScalar" derivation table.
  FIRST ROW (header) = the TENSOR dtype, FIRST COLUMN = the SCALAR dtype,
  ``×`` = cannot be derived.  The parsed dict is keyed (tensor, scalar).
* ``ARRAY_API_TEXT``      <- the Array API standard's type-promotion lattice
  (written from the standard's rules, not from a seed): bool only with bool,
  integers with integers (mixed signed/unsigned -> the smallest signed type
  holding both; uint64 with a signed integer is undefined), real floats
  f16 < f32 < f64, complex c64 < c128, real float with complex -> the complex
  type with the wider component precision.  Mixed kinds are ``-`` (undefined,
  a policy following the standard raises).  bf16 and c32 are not standard
  dtypes and are not in this table.

Short names: f32 f16 f64 bf16 s8 u8 s16 u16 s32 u32 s64 u64 bool c32 c64 c128.
``None`` in the parsed dicts means "cannot be derived".
"""

SHORT_NAMES = (
    "f32", "f16", "f64", "bf16",
    "s8", "u8", "s16", "u16", "s32", "u32", "s64", "u64",
    "bool", "c32", "c64", "c128",
)

SHORT_TO_NAME = {
    "f32": "float32",
    "f16": "float16",
    "f64": "float64",
    "bf16": "bfloat16",
    "s8": "int8",
    "u8": "uint8",
    "s16": "int16",
    "u16": "uint16",
    "s32": "int32",
    "u32": "uint32",
    "s64": "int64",
    "u64": "uint64",
    "bool": "bool",
    "c32": "complex32",
    "c64": "complex64",
    "c128": "complex128",
}

# Markers that mean "this pair cannot be derived".
_NOT_DERIVABLE = {"N/A", "×", "x", "-"}


def parse_table(text):
    """Parse a square dtype table into ``{(row, column): short_name_or_None}``.

    Accepts both layouts used here: whitespace-aligned cells (seed 001) and
    markdown ``| a | b |`` cells (seed 000).  The header row is the first
    non-blank line; its last N tokens are the column names (the first token(s)
    are the corner label, e.g. ``Data Type`` or ``数据类型``).  Markdown
    separator lines (``|---|---|``) are skipped.
    """
    lines = []
    for raw in text.strip().splitlines():
        line = raw.replace("|", " ").strip()
        if not line or set(line) <= set("-: "):
            continue
        lines.append(line.split())
    header, rows = lines[0], lines[1:]
    n = len(rows)
    columns = header[-n:]
    if len(set(columns)) != n:
        raise ValueError(f"header has duplicate or missing columns: {columns!r}")
    table = {}
    row_names = []
    for tokens in rows:
        name, cells = tokens[0], tokens[1:]
        if len(cells) != n:
            raise ValueError(f"row {name!r} has {len(cells)} cells, expected {n}")
        row_names.append(name)
        for column, cell in zip(columns, cells):
            table[(name, column)] = None if cell in _NOT_DERIVABLE else cell
    if sorted(row_names) != sorted(columns):
        raise ValueError(f"row names {row_names!r} do not match columns {columns!r}")
    for value in table.values():
        if value is not None and value not in columns and value not in SHORT_NAMES:
            raise ValueError(f"unknown dtype in cell: {value!r}")
    return table


# ---------------------------------------------------------------------------
# Seed 001: tensor with tensor.  Row and column are the two inputs.
# ---------------------------------------------------------------------------
TENSOR_TENSOR_TEXT = """
Data Type  f32   f16   f64   bf16  s8    u8    s16   u16   s32   u32   s64   u64   bool  c32   c64   c128
f32        f32   f32   f64   f32   f32   f32   f32   N/A   f32   N/A   f32   N/A   f32   c64   c64   c128
f16        f32   f16   f64   f32   f16   f16   f16   N/A   f16   N/A   f16   N/A   f16   c32   c64   c128
f64        f64   f64   f64   f64   f64   f64   f64   N/A   f64   N/A   f64   N/A   f64   c128  c128  c128
bf16       f32   f32   f64   bf16  bf16  bf16  bf16  N/A   bf16  N/A   bf16  N/A   bf16  c32   c64   c128
s8         f32   f16   f64   bf16  s8    s16   s16   N/A   s32   N/A   s64   N/A   s8    c32   c64   c128
u8         f32   f16   f64   bf16  s16   u8    s16   N/A   s32   N/A   s64   N/A   u8    c32   c64   c128
s16        f32   f16   f64   bf16  s16   s16   s16   N/A   s32   N/A   s64   N/A   s16   c32   c64   c128
u16        N/A   N/A   N/A   N/A   N/A   N/A   N/A   u16   N/A   N/A   N/A   N/A   N/A   N/A   N/A   N/A
s32        f32   f16   f64   bf16  s32   s32   s32   N/A   s32   N/A   s64   N/A   s32   c32   c64   c128
u32        N/A   N/A   N/A   N/A   N/A   N/A   N/A   N/A   N/A   u32   N/A   N/A   N/A   N/A   N/A   N/A
s64        f32   f16   f64   bf16  s64   s64   s64   N/A   s64   N/A   s64   N/A   s64   c32   c64   c128
u64        N/A   N/A   N/A   N/A   N/A   N/A   N/A   N/A   N/A   N/A   N/A   u64   N/A   N/A   N/A   N/A
bool       f32   f16   f64   bf16  s8    u8    s16   N/A   s32   N/A   s64   N/A   bool  c32   c64   c128
c32        c64   c32   c128  c32   c32   c32   c32   N/A   c32   N/A   c32   N/A   c32   c32   c64   c128
c64        c64   c64   c128  c64   c64   c64   c64   N/A   c64   N/A   c64   N/A   c64   c64   c64   c128
c128       c128  c128  c128  c128  c128  c128  c128  N/A   c128  N/A   c128  N/A   c128  c128  c128  c128
"""

# ---------------------------------------------------------------------------
# Seed 000: tensor with scalar.  HEADER = tensor dtype, FIRST COLUMN = scalar.
# ---------------------------------------------------------------------------
TENSOR_SCALAR_TEXT = """
| 数据类型 | f32 | f16 | f64 | bf16 | s8 | u8 | s16 | u16 | s32 | u32 | s64 | u64 | bool | c32 | c64 | c128 |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
| f32 | f32 | f16 | f64 | bf16 | f32 | f32 | f32 | × | f32 | × | f32 | × | f32 | c32 | c64 | c128 |
| f16 | f32 | f16 | f64 | bf16 | f32 | f32 | f32 | × | f32 | × | f32 | × | f32 | c32 | c64 | c128 |
| f64 | f32 | f16 | f64 | bf16 | f32 | f32 | f32 | × | f32 | × | f32 | × | f32 | c128 | c128 | c128 |
| bf16 | f32 | f16 | f64 | bf16 | f32 | f32 | f32 | × | f32 | × | f32 | × | f32 | c32 | c64 | c128 |
| s8 | f32 | f16 | f64 | bf16 | s8 | u8 | s16 | u16 | s32 | u32 | s64 | u64 | s8 | c32 | c64 | c128 |
| u8 | f32 | f16 | f64 | bf16 | s8 | u8 | s16 | u16 | s32 | u32 | s64 | u64 | u8 | c32 | c64 | c128 |
| s16 | f32 | f16 | f64 | bf16 | s8 | u8 | s16 | u16 | s32 | u32 | s64 | u64 | s16 | c32 | c64 | c128 |
| u16 | f32 | f16 | f64 | bf16 | s8 | u8 | s16 | u16 | s32 | u32 | s64 | u64 | × | c32 | c64 | c128 |
| s32 | f32 | f16 | f64 | bf16 | s8 | u8 | s16 | u16 | s32 | u32 | s64 | u64 | s32 | c32 | c64 | c128 |
| u32 | f32 | f16 | f64 | bf16 | s8 | u8 | s16 | u16 | s32 | u32 | s64 | u64 | × | c32 | c64 | c128 |
| s64 | f32 | f16 | f64 | bf16 | s8 | u8 | s16 | u16 | s32 | u32 | s64 | u64 | s64 | c32 | c64 | c128 |
| u64 | f32 | f16 | f64 | bf16 | s8 | u8 | s16 | u16 | s32 | u32 | s64 | u64 | × | c32 | c64 | c128 |
| bool | f32 | f16 | f64 | bf16 | s8 | u8 | s16 | u16 | s32 | u32 | s64 | u64 | bool | c32 | c64 | c128 |
| c32 | c64 | c32 | c128 | c64 | c64 | c64 | c64 | c64 | c64 | c64 | c64 | c64 | c64 | c32 | c64 | c128 |
| c64 | c64 | c32 | c128 | c64 | c64 | c64 | c64 | c64 | c64 | c64 | c64 | c64 | c64 | c32 | c64 | c128 |
| c128 | c64 | c32 | c128 | c64 | c64 | c64 | c64 | c64 | c64 | c64 | c64 | c64 | c64 | c32 | c64 | c128 |
"""

# ---------------------------------------------------------------------------
# Array API standard lattice (not a seed; written from the standard's rules).
# Symmetric.  "-" = not defined by the standard (mixed kinds, u64 + signed).
# ---------------------------------------------------------------------------
ARRAY_API_TEXT = """
dtype  bool  s8    u8    s16   u16   s32   u32   s64   u64   f16   f32   f64   c64   c128
bool   bool  -     -     -     -     -     -     -     -     -     -     -     -     -
s8     -     s8    s16   s16   s32   s32   s64   s64   -     -     -     -     -     -
u8     -     s16   u8    s16   u16   s32   u32   s64   u64   -     -     -     -     -
s16    -     s16   s16   s16   s32   s32   s64   s64   -     -     -     -     -     -
u16    -     s32   u16   s32   u16   s32   u32   s64   u64   -     -     -     -     -
s32    -     s32   s32   s32   s32   s32   s64   s64   -     -     -     -     -     -
u32    -     s64   u32   s64   u32   s64   u32   s64   u64   -     -     -     -     -
s64    -     s64   s64   s64   s64   s64   s64   s64   -     -     -     -     -     -
u64    -     -     u64   -     u64   -     u64   -     u64   -     -     -     -     -
f16    -     -     -     -     -     -     -     -     -     f16   f32   f64   c64   c128
f32    -     -     -     -     -     -     -     -     -     f32   f32   f64   c64   c128
f64    -     -     -     -     -     -     -     -     -     f64   f64   f64   c128  c128
c64    -     -     -     -     -     -     -     -     -     c64   c64   c128  c64   c128
c128   -     -     -     -     -     -     -     -     -     c128  c128  c128  c128  c128
"""

INTEGER_SHORTS = ("s8", "u8", "s16", "u16", "s32", "u32", "s64", "u64")

# ``TENSOR_TENSOR[(a, b)]`` -> result short name, or None (N/A).
TENSOR_TENSOR = parse_table(TENSOR_TENSOR_TEXT)

# ``TENSOR_SCALAR[(tensor, scalar)]`` -> result short name, or None (×).
# The seed's rows are scalar dtypes and its columns tensor dtypes, so the
# parsed (row, column) key is swapped here.
TENSOR_SCALAR = {
    (tensor, scalar): result
    for (scalar, tensor), result in parse_table(TENSOR_SCALAR_TEXT).items()
}

# ``ARRAY_API[(a, b)]`` -> result, or None; the 13 standard dtypes
# (plus float16, which this project treats as part of the real-float chain).
ARRAY_API = parse_table(ARRAY_API_TEXT)
ARRAY_API_SHORTS = tuple(sorted({a for a, _ in ARRAY_API}, key=SHORT_NAMES.index))

# The integer part of the standard lattice (decision 2 of promotion.md).
ARRAY_API_INTEGER = {
    (a, b): r for (a, b), r in ARRAY_API.items()
    if a in INTEGER_SHORTS and b in INTEGER_SHORTS
}

# Python scalar kinds -> the TensorScalar row they use (decision 3).
PYTHON_SCALAR_ROW = {bool: "bool", int: "s64", float: "f32", complex: "c64"}

# MindSpore implicit conversion (seed 002): lowest to highest priority.
MINDSPORE_PRIORITY = ("bool", "u8", "s8", "s16", "s32", "s64", "f16", "f32", "f64")


def mindspore_tensor_tensor(a, b):
    """Result of two MindSpore tensors, or None when MindSpore cannot convert."""
    if a == b:
        return a
    if a not in MINDSPORE_PRIORITY or b not in MINDSPORE_PRIORITY:
        return None
    if {a, b} == {"s8", "u8"}:
        return "s16"
    return max(a, b, key=MINDSPORE_PRIORITY.index)


def is_symmetric(table):
    """True when ``table[(a, b)] == table[(b, a)]`` for every key."""
    return all(table[(b, a)] == value for (a, b), value in table.items())


def _self_check():
    assert len(TENSOR_TENSOR) == 256 and len(TENSOR_SCALAR) == 256
    assert {a for a, _ in TENSOR_TENSOR} == set(SHORT_NAMES)
    assert {a for a, _ in TENSOR_SCALAR} == set(SHORT_NAMES)
    assert len(ARRAY_API) == 14 * 14


_self_check()

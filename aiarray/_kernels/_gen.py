"""Generate the numba kernel source from the op registry and ``_table.EXPR``.

``python -m aiarray._kernels._gen`` rewrites ``aiarray/_kernels/_generated.py``
(the production kernels) and ``tests/_kernel_checks.py`` (one serial function per
dtype kind that evaluates every op's expression, for the bitwise tests).  Both
files are committed: numba's disk cache (``cache=True``) needs a real source file,
and a test checks that they are up to date with the registry.

Kernel variants, for an op ``name`` on the kinds ``k`` of one ``EXPR`` entry:

- ``{name}_{k}_v``: unary over a 1-D contiguous view.
- ``{name}_{k}_vv`` / ``_vs`` / ``_sv``: binary, two arrays of one shape, or an
  array and a scalar (``s`` is a NumPy scalar of the dtype).
- ``{name}_{k}_bc``: binary over 2-D C-contiguous operands whose dimensions are
  each 1 or the output's (row, column and outer broadcasting).
- ``fma_{k}_{vvv..ssv}``: multiply-add ``a * b + c`` in one pass.
"""

from __future__ import annotations

import re
import sys
from itertools import product
from pathlib import Path

from .._registry import OPS
from . import _table as T

HERE = Path(__file__).resolve().parent
GENERATED = HERE / "_generated.py"
CHECKS = HERE.parent.parent / "tests" / "_kernel_checks.py"

FMA_EXPR = {"b": "(a and b) or c", "iuf": "a * b + c"}

# Scalar helpers the expressions call.  They follow NumPy's C loops step by step
# (npy_divmod, the integer power loop, the shift fix-ups of aiarray's NumPy path),
# and every float step is rounded to the operands' dtype (``like``).
HELPERS = '''
def one(x):
    return 1


def zero(x):
    return 0


def like(v, x):
    return v


@overload(one)
def _one(x):
    t = x
    return lambda x: t(1)


@overload(zero)
def _zero(x):
    t = x
    return lambda x: t(0)


@overload(like)
def _like(v, x):
    t = x
    return lambda v, x: t(v)


@njit(**_H)
def fsign(a):
    if a > 0:
        return one(a)
    if a < 0:
        return -one(a)
    if a == 0:
        return zero(a)
    return a


@njit(**_H)
def ifloordiv(a, b):
    return -a if b == -1 else a // b


@njit(**_H)
def ffloordiv(a, b):
    if not (math.isfinite(a) and math.isfinite(b)):
        return like(np.floor(like(a / b, a)), a)
    if b == 0:
        return like(a / b, a)
    mod = like(np.fmod(a, b), a)
    div = like(like(a - mod, a) / b, a)
    if mod != 0:
        if (b < 0) != (mod < 0):
            div = like(div - one(a), a)
    if div != 0:
        fl = like(np.floor(div), a)
        if like(div - fl, a) > like(0.5, a):
            fl = like(fl + one(a), a)
        return fl
    return like(math.copysign(zero(a), like(a / b, a)), a)


@njit(**_H)
def fremainder(a, b):
    mod = like(np.fmod(a, b), a)
    if b == 0:
        return mod
    if mod != 0:
        if (b < 0) != (mod < 0):
            mod = like(mod + b, a)
    else:
        mod = like(math.copysign(zero(a), b), a)
    return mod


@njit(**_H)
def ipow(a, b):
    if b == 0 or a == 1:
        return one(a)
    out = a if b & one(b) else one(a)
    b >>= one(b)
    while b > 0:
        a *= a
        if b & one(b):
            out *= a
        b >>= one(b)
    return out


@njit(**_H)
def lshift_i(a, b, bits):
    return 0 if b >= bits else a << b


@njit(**_H)
def lshift_u(a, b, bits):
    return zero(a) if b >= bits else a << b


@njit(**_H)
def rshift_i(a, b, bits):
    if b >= bits:
        return -1 if a < 0 else 0
    return a >> b


@njit(**_H)
def rshift_u(a, b, bits):
    return zero(a) if b >= bits else a >> b
'''

HEADER = '''"""numba kernels for aiarray, generated from the op registry: do not edit.

Regenerate with ``python -m aiarray._kernels._gen`` (aiarray/_kernels/_gen.py).
Imported lazily by aiarray._kernels; importing it imports numba.
"""
import cmath
import math

import numpy as np
from numba import njit, prange
from numba.extending import overload

_P = {"parallel": True, "error_model": "numpy", "cache": True, "nogil": True}
_H = {"error_model": "numpy", "cache": True}
'''


def _sub(expr: str, **names: str) -> str:
    """``expr`` with the operand names replaced (``a`` -> ``x[j]``, ...)."""
    def repl(m: re.Match) -> str:
        return names.get(m.group(0), m.group(0))
    return re.sub(r"(?<![\w.])[abc](?!\w)", repl, expr)


def _bits(expr: str, indent: str, arr: str = "out") -> str:
    return f"{indent}nbits = {arr}.itemsize * 8\n" if "nbits" in expr else ""


def _loop(body: str, indent: str = "    ", rng: str = "prange") -> str:
    return f"{indent}for i in {rng}(out.shape[0]):\n{indent}    {body}\n"


def kernel_name(op: str, kinds: str, variant: str) -> str:
    """Name of a generated kernel."""
    return f"{op}_{kinds}_{variant}"


def _unary(name: str, expr: str) -> str:
    return ("@njit(**_P)\n" f"def {name}(a, out):\n" + _bits(expr, "    ")
            + _loop(f"out[i] = {_sub(expr, a='a[i]')}"))


def _binary(name: str, expr: str, variant: str) -> str:
    ops = {"v": "{}[i]", "s": "{}"}
    a = ops[variant[0]].format("a")
    b = ops[variant[1]].format("b")
    return ("@njit(**_P)\n" f"def {name}(a, b, out):\n" + _bits(expr, "    ")
            + _loop(f"out[i] = {_sub(expr, a=a, b=b)}"))


def _broadcast(name: str, expr: str) -> str:
    e = lambda a, b: _sub(expr, a=a, b=b)
    loop = "            for j in range(n):\n                o[j] = {}\n"
    return (
        "@njit(**_P)\n"
        f"def {name}(a, b, out):\n" + _bits(expr, "    ")
        + "    m, n = out.shape\n"
        "    ra = a.shape[0] != 1\n    rb = b.shape[0] != 1\n"
        "    ca = a.shape[1] != 1\n    cb = b.shape[1] != 1\n"
        "    for i in prange(m):\n"
        "        k = np.int64(i)\n"
        "        x = a[k if ra else 0]\n        y = b[k if rb else 0]\n        o = out[k]\n"
        "        if ca and cb:\n" + loop.format(e("x[j]", "y[j]"))
        + "        elif ca:\n            t = y[0]\n" + loop.format(e("x[j]", "t"))
        + "        elif cb:\n            s = x[0]\n" + loop.format(e("s", "y[j]"))
        + "        else:\n            s = x[0]\n            t = y[0]\n"
        + loop.format(e("s", "t"))
    )


def _fma(name: str, expr: str, variant: str) -> str:
    names = {k: (f"{k}[i]" if v == "v" else k) for k, v in zip("abc", variant)}
    return ("@njit(**_P)\n" f"def {name}(a, b, c, out):\n"
            + _loop(f"out[i] = {_sub(expr, **names)}"))


BINARY_VARIANTS = ("vv", "vs", "sv", "bc")
FMA_VARIANTS = tuple("".join(v) for v in product("vs", repeat=3) if "v" in v)


def kernels() -> list[tuple[str, str]]:
    """(name, source) of every production kernel, in registry order."""
    out = []
    for op in OPS.values():
        for kinds, expr in T.EXPR.get(op.name, {}).items():
            if op.arity == 1:
                name = kernel_name(op.name, kinds, "v")
                out.append((name, _unary(name, expr)))
                continue
            for v in BINARY_VARIANTS:
                name = kernel_name(op.name, kinds, v)
                src = _broadcast(name, expr) if v == "bc" else _binary(name, expr, v)
                out.append((name, src))
    for kinds, expr in FMA_EXPR.items():
        for v in FMA_VARIANTS:
            name = kernel_name("fma", kinds, v)
            out.append((name, _fma(name, expr, v)))
    return out


def render() -> str:
    """The source of ``_generated.py``."""
    parts = [HEADER, HELPERS]
    parts += [src for _, src in kernels()]
    return "\n\n".join(p.strip("\n") for p in parts) + "\n"


def check_ops(kind: str, arity: int) -> list[tuple[str, str]]:
    """(op name, expression) of the ops with a kernel for ``kind`` and ``arity``."""
    out = []
    for op in OPS.values():
        if op.arity != arity:
            continue
        found = T.expression(op.name, kind)
        if found is not None:
            out.append((op.name, found[1]))
    if arity == 3:
        out = [("fma", e) for k, e in FMA_EXPR.items() if kind in k]
    return out


def render_checks() -> str:
    """The source of ``tests/_kernel_checks.py``: one serial kernel per (kind, arity)."""
    parts = [
        '"""Serial kernels that evaluate every op expression of aiarray._kernels._table.\n\n'
        "Generated by ``python -m aiarray._kernels._gen``: do not edit.  ``OPS[(kind, arity)]``\n"
        'lists the op names in the order of the kernel\'s output arguments.\n"""\n'
        "# ruff: noqa: E501\n\n"
        "from numba import njit\n\n"
        "from aiarray._kernels._generated import (\n"
        + "".join(f"    {name},\n" for name in (
            "cmath", "ffloordiv", "fremainder", "fsign", "ifloordiv", "ipow", "lshift_i",
            "lshift_u", "math", "np", "one", "rshift_i", "rshift_u", "zero"))
        + ")\n\n"
        '_S = {"error_model": "numpy", "cache": True}\n',
    ]
    table = []
    for kind in T.NUMBA_KINDS:
        for arity in (1, 2, 3):
            ops = check_ops(kind, arity)
            if not ops:
                continue
            args = "abc"[:arity]
            outs = [f"o{k}" for k in range(len(ops))]
            names = {n: f"{n}[i]" for n in args}
            body = "".join(f"        {o}[i] = {_sub(e, **names)}\n" for o, (_, e) in zip(outs, ops))
            fname = f"check_{kind}_{arity}"
            bits = "    nbits = a.itemsize * 8\n" if "nbits" in body else ""
            parts.append(
                f"@njit(**_S)\ndef {fname}({', '.join([*args, *outs])}):\n{bits}"
                f"    for i in range(a.shape[0]):\n{body}"
            )
            table.append(f"    ({kind!r}, {arity}): ({fname}, {tuple(n for n, _ in ops)!r}),")
    parts.append("OPS = {\n" + "\n".join(table) + "\n}\n")
    return "\n\n".join(p.strip("\n") for p in parts) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Rewrite the generated files; ``--check`` only reports whether they are stale."""
    argv = sys.argv[1:] if argv is None else argv
    stale = []
    for path, text in ((GENERATED, render()), (CHECKS, render_checks())):
        if not path.exists() or path.read_text() != text:
            stale.append(path)
            if "--check" not in argv:
                path.write_text(text)
    for path in stale:
        print(("stale: " if "--check" in argv else "wrote ") + str(path))
    return 1 if stale and "--check" in argv else 0


if __name__ == "__main__":
    raise SystemExit(main())

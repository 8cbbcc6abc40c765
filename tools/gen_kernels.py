"""Generate the numba kernel source from the op registry (each record's ``kernel``).

``python tools/gen_kernels.py`` rewrites ``aiarray/_kernels/_generated.py`` (the
production kernels) and ``tests/_kernel_checks.py`` (one serial function per dtype
kind that evaluates every op's expression, for the bitwise tests); ``--check`` only
reports whether they are stale.  Both files are committed: numba's disk cache
(``cache=True``) needs a real source file, and a test checks that they are up to date
with the registry, the expression table and ``aiarray/_kernels/_helpers.py``.

Kernel variants, for an op ``name`` on the kinds ``k`` of one entry of its ``kernel``:

- ``{name}_{k}_v``: unary over a 1-D contiguous view.
- ``{name}_{k}_vv`` / ``_vs`` / ``_sv``: binary, two arrays of one shape, or an
  array and a scalar (``s`` is a NumPy scalar of the dtype).
- ``{name}_{k}_bc``: binary over 2-D C-contiguous operands whose dimensions are
  each 1 or the output's (row, column and outer broadcasting).
- ``{name}_{k}_vvx``: two arrays of one shape and of other dtypes than the one the
  op computes in; each element is converted to the dtype of ``proto`` (a scalar of
  the computing dtype) as it is read, exactly as ``astype`` converts it.
- ``fma_{k}_{vvv..ssv}``: multiply-add ``a * b + c`` in one pass.

The 1-D variants take a last argument ``workers``: 0 for a plain parallel loop;
otherwise numba's thread count, and the result is written with non-temporal
(streaming) stores, which skip reading the output's cache lines before writing
them.  That pays for outputs larger than the caches (the caller decides, see
the backend's tuning, ``stream_bytes``) and costs for small ones.
"""

from __future__ import annotations

import hashlib
import re
import sys
from collections.abc import Iterable
from itertools import product
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from aiarray._kernels import _table as T  # noqa: E402
from aiarray._registry import OPS, ElementwiseOp  # noqa: E402

KERNELS = ROOT / "aiarray" / "_kernels"
GENERATED = KERNELS / "_generated.py"
HELPERS = KERNELS / "_helpers.py"
CHECKS = ROOT / "tests" / "_kernel_checks.py"

FMA_EXPR = {"b": "(a and b) or c", "iuf": "a * b + c"}
CHUNK = 1 << 12  # elements per scratch chunk of the streaming 1-D kernels

HEADER = '''"""numba kernels for aiarray, generated from the op registry: do not edit.

Regenerate with ``python tools/gen_kernels.py``.  Imported lazily by
aiarray._kernels._numba; importing it imports numba.  The helpers the kernels call are
in ``_helpers.py``; its hash, which changes when it does (numba's cache would not
notice that change otherwise): {helpers_hash}
"""
import cmath
import math

import numpy as np
from numba import njit, prange

from {helpers} import (  # noqa: F401  (the hand-written kernels are looked up here)
    _P,
    extreme_float,
    extreme_int,
    ffloordiv,
    fremainder,
    fsign,
    ifloordiv,
    ipow,
    like,
    lshift_i,
    lshift_u,
    nt_vector,
    one,
    rshift_i,
    rshift_u,
    stream,
    stream_fence,
    sum_parts,
    team_tids,
    zero,
)
{cache}'''


def _sub(expr: str, **names: str) -> str:
    """``expr`` with the operand names replaced (``a`` -> ``x[j]``, ...)."""
    def repl(m: re.Match) -> str:
        return names.get(m.group(0), m.group(0))
    return re.sub(r"(?<![\w.])[abc](?!\w)", repl, expr)


def _bits(expr: str, indent: str, arr: str = "out") -> str:
    """The ``nbits`` line for shift expressions (empty for the others)."""
    return f"{indent}nbits = {arr}.itemsize * 8\n" if "nbits" in expr else ""


def _plain(expr: str, variant: str) -> tuple[list[str], str, str]:
    """(the array operands ``expr`` reads, ``expr`` at element ``i``, the kernel's first
    lines: ``n`` and the plain ``prange`` loop run when ``workers`` is 0)."""
    arrays = [x for x, v in zip("abc", variant)
              if v == "v" and re.search(rf"(?<![\w.]){x}(?!\w)", expr)]
    plain = _sub(expr, **{x: f"{x}[i]" for x in arrays})
    return arrays, plain, ("    n = out.shape[0]\n"
                           "    if workers == 0:\n"
                           "        for i in prange(n):\n"
                           f"            out[i] = {plain}\n"
                           "        return\n")


def _loop(expr: str, variant: str, direct: bool) -> str:
    """The body of a 1-D kernel: ``out[i] = expr`` for every ``i``, in parallel.

    ``variant`` has one letter per operand ``a``, ``b``, ``c``: ``v`` an array,
    ``s`` a scalar.  Plain (``workers`` 0): one ``prange`` over the elements.
    Streaming (``workers`` > 0, numba's thread count): each worker takes one
    contiguous part.  ``direct`` (ops in ``_table.DIRECT_STREAM``): every result is
    stored with a non-temporal store straight from the loop.  Otherwise the part is
    walked in ``CHUNK``-element chunks, each computed into a small scratch buffer
    (vectorized, cache-resident) and then copied out with non-temporal stores.
    """
    arrays, _, head = _plain(expr, variant)
    value = _sub(expr, **{x: f"{x}_[i]" for x in arrays})  # views of the part or chunk
    if direct:
        views = "".join(f"        {x}_ = {x}[lo:hi]\n" for x in arrays)
        return (head +
                "    per = (n + workers - 1) // workers\n"
                "    for w in prange(workers):\n"
                "        lo = min(w * per, n)\n"
                "        hi = min(lo + per, n)\n"
                "        out_ = out[lo:hi]\n" + views +
                "        for i in range(out_.shape[0]):\n"
                f"            stream(out_, i, {value})\n"
                "        stream_fence()\n")
    views = "".join(f"            {x}_ = {x}[lo:hi]\n" for x in arrays)
    return (head +
            f"    chunks = (n + {CHUNK - 1}) // {CHUNK}\n"
            "    per = (chunks + workers - 1) // workers\n"
            "    for w in prange(workers):\n"
            f"        tmp = np.empty({CHUNK}, out.dtype)\n"
            "        for chunk in range(w * per, min((w + 1) * per, chunks)):\n"
            f"            lo = chunk * {CHUNK}\n"
            f"            hi = min(lo + {CHUNK}, n)\n"
            "            out_ = out[lo:hi]\n" + views +
            "            for i in range(out_.shape[0]):\n"
            f"                tmp[i] = {value}\n"
            "            for i in range(out_.shape[0]):\n"
            "                stream(out_, i, tmp[i])\n"
            "        stream_fence()\n")


def _vector_loop(expr: str, variant: str, instruction: str) -> str:
    """The body of a 1-D kernel for an op in ``_table.VECTOR_STREAM`` (real floats).

    Plain (``workers`` 0) as in :func:`_loop`.  Streaming: the elements before the
    output's first 64-byte boundary and after its last whole vector run scalar in
    worker 0; the vectors between are split among the workers, each computed and
    stored with one aligned non-temporal vector store (``_nt_<instruction>``).
    """
    _, plain, head = _plain(expr, variant)
    return (
        head +
        "    width = 64 // out.itemsize\n"
        "    addr = out.ctypes.data\n"
        "    head = (64 - addr % 64) % 64 // out.itemsize\n"
        "    if addr % out.itemsize or head > n:  # not element-aligned: scalar stores\n"
        "        head = n\n"
        "    body = (n - head) - (n - head) % width\n"
        "    blocks = body // width\n"
        "    per = (blocks + workers - 1) // workers\n"
        "    for w in prange(workers):\n"
        "        if w == 0:\n"
        "            for i in range(head):\n"
        f"                out[i] = {plain}\n"
        "            for i in range(head + body, n):\n"
        f"                out[i] = {plain}\n"
        "        for k in range(w * per, min((w + 1) * per, blocks)):\n"
        f"            _nt_{instruction}(out, a, b, head + k * width)\n"
        "        stream_fence()\n"
    )


def kernel_name(op: str, kinds: str, variant: str) -> str:
    """Name of a generated kernel."""
    return f"{op}_{kinds}_{variant}"


def _unary(name: str, expr: str, direct: bool) -> str:
    return ("@njit(**_P)\n" f"def {name}(a, out, workers):\n" + _bits(expr, "    ")
            + _loop(expr, "v", direct))


def _binary(name: str, expr: str, variant: str, direct: bool,
            instruction: str | None = None) -> str:
    body = (_vector_loop(expr, variant, instruction) if instruction
            else _loop(expr, variant, direct))
    return ("@njit(**_P)\n" f"def {name}(a, b, out, workers):\n" + _bits(expr, "    ")
            + body)


def _converting(name: str, expr: str, direct: bool) -> str:
    converted = _sub(expr, a="like(a, proto)", b="like(b, proto)")
    return ("@njit(**_P)\n" f"def {name}(a, b, proto, out, workers):\n" + _bits(expr, "    ")
            + _loop(converted, "vv", direct))


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
    return ("@njit(**_P)\n" f"def {name}(a, b, c, out, workers):\n"
            + _loop(expr, variant, "multiply_add" in T.DIRECT_STREAM))


BINARY_VARIANTS = ("vv", "vs", "sv", "bc")
FMA_VARIANTS = tuple("".join(v) for v in product("vs", repeat=3) if "v" in v)


def kernels(ops: Iterable[ElementwiseOp] | None = None) -> list[tuple[str, str]]:
    """(name, source) of every production kernel of the records ``ops`` (the registry's
    by default), in their order."""
    out = []
    for op in OPS.values() if ops is None else ops:
        direct = op.name in T.DIRECT_STREAM
        for kinds, expr in op.kernel.items():
            if op.arity == 1:
                name = kernel_name(op.name, kinds, "v")
                out.append((name, _unary(name, expr, direct)))
                continue
            instruction = T.VECTOR_STREAM.get(op.name) if kinds == "f" else None
            for v in BINARY_VARIANTS:
                name = kernel_name(op.name, kinds, v)
                src = (_broadcast(name, expr) if v == "bc"
                       else _binary(name, expr, v, direct, instruction))
                out.append((name, src))
            if set(kinds) <= set(T.CONVERTING_KINDS):
                name = kernel_name(op.name, kinds, "vvx")
                out.append((name, _converting(name, expr, direct)))
    for kinds, expr in FMA_EXPR.items():
        for v in FMA_VARIANTS:
            name = kernel_name("fma", kinds, v)
            out.append((name, _fma(name, expr, v)))
    return out


def helpers_hash() -> str:
    """The first 16 hex digits of the SHA-256 of ``_helpers.py``."""
    return hashlib.sha256(HELPERS.read_bytes()).hexdigest()[:16]


def render(helpers: str = "._helpers", cache: bool = True) -> str:
    """The source of ``_generated.py`` (``helpers``: the module to import the helpers
    from; ``cache=False``: kernels not cached on disk, for a module outside the package)."""
    vectors = "\n".join(f'_nt_{i} = nt_vector("{i}")'
                         for i in sorted(set(T.VECTOR_STREAM.values())))
    no_cache = "" if cache else '\n_P = {**_P, "cache": False}  # not cached on disk\n'
    parts = [HEADER.format(helpers_hash=helpers_hash(), helpers=helpers, cache=no_cache),
             vectors]
    parts += [src for _, src in kernels()]
    return "\n\n".join(p.strip("\n") for p in parts) + "\n"


def check_ops(kind: str, arity: int) -> list[tuple[str, str]]:
    """(op name, expression) of the ops with a kernel for ``kind`` and ``arity``."""
    out = []
    for op in OPS.values():
        if op.arity != arity:
            continue
        found = [expr for kinds, expr in op.kernel.items() if kind in kinds]
        if found:
            out.append((op.name, found[0]))
    if arity == 3:
        out = [("fma", e) for k, e in FMA_EXPR.items() if kind in k]
    return out


def render_checks() -> str:
    """The source of ``tests/_kernel_checks.py``: one serial kernel per (kind, arity)."""
    parts = [
        '"""Serial kernels that evaluate every op expression of aiarray._kernels._table.\n\n'
        "Generated by ``python tools/gen_kernels.py``: do not edit.  ``OPS[(kind, arity)]``\n"
        'lists the op names in the order of the kernel\'s output arguments.\n"""\n'
        "# ruff: noqa: E501\n\n"
        "import cmath\n"
        "import math\n\n"
        "import numpy as np\n"
        "from numba import njit\n\n"
        "from aiarray._kernels._helpers import (\n"
        + "".join(f"    {name},\n" for name in (
            "ffloordiv", "fremainder", "fsign", "ifloordiv", "ipow", "lshift_i",
            "lshift_u", "one", "rshift_i", "rshift_u", "zero"))
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

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
- ``{name}_{k}_vvx``: two arrays of one shape and of other dtypes than the one the
  op computes in; each element is converted to the dtype of ``proto`` (a scalar of
  the computing dtype) as it is read, exactly as ``astype`` converts it.
- ``fma_{k}_{vvv..ssv}``: multiply-add ``a * b + c`` in one pass.

The 1-D variants take a last argument ``workers``: 0 for a plain parallel loop;
otherwise numba's thread count, and the result is written with non-temporal
(streaming) stores, which skip reading the output's cache lines before writing
them.  That pays for outputs larger than the caches (the caller decides, see
``_routes.STREAM_MIN_BYTES``) and costs for small ones.
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
CHUNK = 1 << 12  # elements per scratch chunk of the streaming 1-D kernels

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


_X86 = platform.machine().lower() in ("x86_64", "amd64", "i386", "i686", "x86")


@intrinsic
def _nt_store(typingctx, arr, idx, val):
    # arr[idx] = val as one store marked non-temporal (numeric element types only)
    if not (isinstance(arr, types.Array) and isinstance(arr.dtype, (types.Integer, types.Float))):
        return None

    def codegen(context, builder, sig, args):
        aryty = sig.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        value = context.cast(builder, args[2], sig.args[2], aryty.dtype)
        store = builder.store(value, builder.gep(ary.data, [args[1]]))
        hint = builder.module.add_metadata([ir.Constant(ir.IntType(32), 1)])
        store.set_metadata("nontemporal", hint)
        return context.get_dummy_value()

    return types.void(arr, types.intp, val), codegen


@intrinsic
def stream_fence(typingctx):
    # orders the non-temporal stores before anything that follows (sfence on x86)
    def codegen(context, builder, sig, args):
        if _X86:
            fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(ir.VoidType(), []),
                                                "llvm.x86.sse.sfence")
            builder.call(fn, [])
        else:
            builder.fence("seq_cst")
        return context.get_dummy_value()

    return types.void(), codegen


def stream(out, i, v):
    out[i] = v


@overload(stream, inline="always")
def _stream(out, i, v):
    if isinstance(out.dtype, (types.Integer, types.Float)):
        return lambda out, i, v: _nt_store(out, i, v)

    def store(out, i, v):
        out[i] = v

    return store


def _nt_vector(instruction):
    # an intrinsic storing out[i:i+w] = a[i:i+w] <instruction> b[i:i+w] (w elements =
    # 64 bytes; a scalar operand is broadcast) as one aligned non-temporal vector store;
    # the caller makes out's address at i 64-byte aligned
    @intrinsic
    def nt_vector(typingctx, out, a, b, i):
        def codegen(context, builder, sig, args):
            elt = context.get_value_type(sig.args[0].dtype)
            size = context.get_abi_sizeof(elt)
            vec = ir.VectorType(elt, 64 // size)

            def operand(ty, val):
                if not isinstance(ty, types.Array):
                    x = context.cast(builder, val, ty, sig.args[0].dtype)
                    return _splat(builder, x, vec)
                arr = context.make_array(ty)(context, builder, val)
                ptr = builder.bitcast(builder.gep(arr.data, [args[3]]), vec.as_pointer())
                return builder.load(ptr, align=size)

            res = getattr(builder, instruction)(operand(sig.args[1], args[1]),
                                                operand(sig.args[2], args[2]))
            out_arr = context.make_array(sig.args[0])(context, builder, args[0])
            ptr = builder.bitcast(builder.gep(out_arr.data, [args[3]]), vec.as_pointer())
            store = builder.store(res, ptr, align=64)
            hint = builder.module.add_metadata([ir.Constant(ir.IntType(32), 1)])
            store.set_metadata("nontemporal", hint)
            return context.get_dummy_value()

        return types.void(out, a, b, types.intp), codegen

    return nt_vector


def _splat(builder, x, vec):
    v = builder.insert_element(ir.Constant(vec, ir.Undefined), x, ir.Constant(ir.IntType(32), 0))
    return builder.shuffle_vector(v, ir.Constant(vec, ir.Undefined),
                                  ir.Constant(ir.VectorType(ir.IntType(32), vec.count), 0))
'''

# Full float sums, bitwise NumPy's: ``pairwise_sum`` is NumPy's pairwise summation
# (blocks of at most 128 elements summed with 8 accumulators, halves rounded down to a
# multiple of 8) with its recursion run on an explicit stack; ``sum_parts`` sums the
# leaves of the top of that tree in parallel, and the caller adds them up the tree.
# Indices are unsigned so that numba emits no negative-index checks.
SUMS = '''
@njit(error_model="numpy", cache=True, inline="always")
def _sum_block(a, lo, n):
    if n < 8:
        res = zero(a[0])
        for i in range(n):
            res += a[np.uint64(lo + i)]
        return res
    u = np.uint64(lo)
    r0 = a[u]
    r1 = a[u + np.uint64(1)]
    r2 = a[u + np.uint64(2)]
    r3 = a[u + np.uint64(3)]
    r4 = a[u + np.uint64(4)]
    r5 = a[u + np.uint64(5)]
    r6 = a[u + np.uint64(6)]
    r7 = a[u + np.uint64(7)]
    m = n - n % 8
    for i in range(8, m, 8):
        j = np.uint64(lo + i)
        r0 += a[j]
        r1 += a[j + np.uint64(1)]
        r2 += a[j + np.uint64(2)]
        r3 += a[j + np.uint64(3)]
        r4 += a[j + np.uint64(4)]
        r5 += a[j + np.uint64(5)]
        r6 += a[j + np.uint64(6)]
        r7 += a[j + np.uint64(7)]
    res = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
    for i in range(m, n):
        res += a[np.uint64(lo + i)]
    return res


@njit(error_model="numpy", cache=True)
def pairwise_sum(a, lo, n):
    if n <= 128:
        return _sum_block(a, lo, n)
    los = np.empty(64, np.int64)
    ns = np.empty(64, np.int64)
    state = np.zeros(64, np.int8)  # 0: go left, 1: go right, 2: add the two
    vals = np.empty(64, a.dtype)
    sp = 1
    vp = 0
    los[0] = lo
    ns[0] = n
    while sp > 0:
        t = sp - 1
        m = ns[t]
        if m <= 128:
            vals[vp] = _sum_block(a, los[t], m)
            vp += 1
            sp -= 1
            continue
        half = m // 2
        half -= half % 8
        if state[t] == 0:
            state[t] = 1
            los[sp] = los[t]
            ns[sp] = half
            state[sp] = 0
            sp += 1
        elif state[t] == 1:
            state[t] = 2
            los[sp] = los[t] + half
            ns[sp] = m - half
            state[sp] = 0
            sp += 1
        else:
            vals[vp - 2] = vals[vp - 2] + vals[vp - 1]
            vp -= 1
            sp -= 1
    return vals[0]


@njit(**_P)
def sum_parts(a, los, ns, out):
    for k in prange(los.shape[0]):
        out[k] = zero(a[0]) + pairwise_sum(a, los[k], ns[k])
'''


# Full min/max reductions.  ``extreme_int`` works on integers; ``extreme_float`` on
# the signed-integer view of a float array, mapping each bit pattern to a key whose
# integer order is the float order (-0.0 < +0.0; NaNs above +inf or below -inf),
# so both loops are plain integer min/max that vectorize.  Each of ``workers``
# threads reduces one contiguous part into out[w] = (min, max).
REDUCTIONS = '''
@njit(**_P)
def extreme_int(v, workers, out):
    n = v.shape[0]
    per = (n + workers - 1) // workers
    for w in prange(workers):
        part = v[min(w * per, n):min((w + 1) * per, n)]
        lo = part[0] if part.shape[0] else v[0]
        hi = lo
        for i in range(part.shape[0]):
            x = part[i]
            lo = min(lo, x)
            hi = max(hi, x)
        out[w, 0] = lo
        out[w, 1] = hi


@njit(**_P)
def extreme_float(v, workers, out):
    n = v.shape[0]
    shift = like(v.itemsize * 8 - 1, v[0])
    mask = ~(one(v[0]) << shift)
    per = (n + workers - 1) // workers
    for w in prange(workers):
        part = v[min(w * per, n):min((w + 1) * per, n)]
        first = part[0] if part.shape[0] else v[0]
        lo = like(first ^ (mask if first < zero(first) else zero(first)), first)
        hi = lo
        for i in range(part.shape[0]):
            x = part[i]
            k = like(x ^ (mask if x < zero(x) else zero(x)), x)  # a select, not a shift
            lo = min(lo, k)
            hi = max(hi, k)
        out[w, 0] = lo
        out[w, 1] = hi
'''


# The threads of the calling thread's team, for ``_placement``: each thread of one
# launch writes its kernel thread id at its numba thread id.  Linux (glibc) only.
TEAM = '''
_gettid = types.ExternalFunction("gettid", types.int32())


@njit(**_P)
def team_tids(out):
    for _i in prange(out.shape[0]):
        out[get_thread_id()] = _gettid()
'''


HEADER = '''"""numba kernels for aiarray, generated from the op registry: do not edit.

Regenerate with ``python -m aiarray._kernels._gen`` (aiarray/_kernels/_gen.py).
Imported lazily by aiarray._kernels; importing it imports numba.
"""
import cmath
import math
import platform

import numpy as np
from llvmlite import ir
from numba import get_thread_id, njit, prange, types
from numba.core import cgutils
from numba.extending import intrinsic, overload

_P = {"parallel": True, "error_model": "numpy", "cache": True, "nogil": True}
_H = {"error_model": "numpy", "cache": True}
'''


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


def kernels() -> list[tuple[str, str]]:
    """(name, source) of every production kernel, in registry order."""
    out = []
    for op in OPS.values():
        direct = op.name in T.DIRECT_STREAM
        for kinds, expr in T.EXPR.get(op.name, {}).items():
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


def render() -> str:
    """The source of ``_generated.py``."""
    vectors = "\n".join(f'_nt_{i} = _nt_vector("{i}")'
                         for i in sorted(set(T.VECTOR_STREAM.values())))
    parts = [HEADER, HELPERS, vectors, SUMS, REDUCTIONS, TEAM]
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

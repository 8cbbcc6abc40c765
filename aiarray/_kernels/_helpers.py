"""The numba helpers and hand-written kernels that the generated kernels use.

Importing this module imports numba (``_numba`` does, lazily, through
``_generated``).  The scalar helpers follow NumPy's C loops step by step (npy_divmod,
the integer power loop, the shift fix-ups of aiarray's NumPy path), and every float
step is rounded to the operands' dtype (``like``); the generated kernels
(``_generated.py``, written by ``tools/gen_kernels.py``) call them.  Also here:

- the stores of the streaming kernels (``stream``: a non-temporal store;
  ``stream_fence``; ``nt_vector``: a 64-byte vector computed and stored non-temporally);
- full float sums bitwise NumPy's (``pairwise_sum``: NumPy's pairwise summation with
  its recursion on an explicit stack; ``sum_parts`` sums the top leaves in parallel);
- full min/max over integer order keys (``extreme_int``, ``extreme_float``);
- ``team_tids``: each thread of the calling thread's team reports its kernel thread id
  (for the opt-in ``_placement``; Linux, glibc 2.30+).

numba's disk cache does not notice when a function in another file changes: the
generator writes a hash of this file into ``_generated.py``, so that an edit here
changes that file too (and a test fails until it is regenerated).
"""

import math
import platform
from collections.abc import Callable
from typing import Any, cast

import numpy as np
from llvmlite import ir
from numba import njit, prange, types
from numba.core import cgutils
from numba.extending import intrinsic, overload
from numba.np.ufunc import get_thread_id

_P: dict[str, Any] = {"parallel": True, "error_model": "numpy", "cache": True, "nogil": True}
_H: dict[str, Any] = {"error_model": "numpy", "cache": True}


# ---------------------------------------------------------------- scalar helpers
# ``one``, ``zero`` and ``like`` are Python stand-ins that numba replaces (overload) by
# the constant or conversion in the type of their argument.

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


# ---------------------------------------------------------------- streaming stores

_X86 = platform.machine().lower() in ("x86_64", "amd64", "i386", "i686", "x86")


# numba's type information gives an @intrinsic the signature of its typing function
# (the typing context first); jitted code calls it without the context: these two are
# cast to the signatures they are called with.

def _nt_store_typing(typingctx, arr, idx, val):
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


_nt_store = cast(Callable[[Any, int, Any], None], intrinsic(_nt_store_typing))


def _stream_fence_typing(typingctx):
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


stream_fence = cast(Callable[[], None], intrinsic(_stream_fence_typing))


def stream(out, i, v):
    out[i] = v


@overload(stream, inline="always")
def _stream(out, i, v):
    if isinstance(out.dtype, (types.Integer, types.Float)):
        return lambda out, i, v: _nt_store(out, i, v)

    def store(out, i, v):
        out[i] = v

    return store


def nt_vector(instruction):
    """An intrinsic ``f(out, a, b, i)`` storing ``out[i:i+w] = a[i:i+w] <instruction>
    b[i:i+w]`` (``w`` elements = 64 bytes; a scalar operand is broadcast) as one aligned
    non-temporal vector store; the caller makes ``out``'s address at ``i`` 64-byte
    aligned.  ``instruction`` is an llvmlite builder method (``"fdiv"``)."""
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


# ---------------------------------------------------------------- full float sums
# Bitwise NumPy's: ``pairwise_sum`` is NumPy's pairwise summation (blocks of at most 128
# elements summed with 8 accumulators, halves rounded down to a multiple of 8) with its
# recursion run on an explicit stack; ``sum_parts`` sums the leaves of the top of that
# tree in parallel, and the caller adds them up the tree.  Indices are unsigned so that
# numba emits no negative-index checks.
#
# A block's 8 accumulators are the 8 lanes of one vector (``lanes8_sum``): lane k adds
# a[lo + k], a[lo + 8 + k], ... in NumPy's order, so each lane is NumPy's accumulator
# r[k], and the lanes are combined as NumPy combines r[0..7].  LLVM does not vectorize
# the 8 scalar accumulators itself.  Each step also prefetches the data
# ``PREFETCH_BYTES`` ahead: the tree walk between blocks stalls the hardware prefetcher
# (without it one thread reads ~25% below the memory's rate, with it at that rate).
# The distance is a rule, the latency-bandwidth product of one core's memory stream
# (~100 ns at 10-20 GB/s on current machines: 1-2 KiB), taken in its upper half: the
# min/max loop (below) read cold data fastest at 1.5-2 KiB on the development VM
# (0.75 KiB: ~10% slower), where the sums do not separate 0.5-1.5 KiB from noise.
#
# A node whose two halves are both blocks is summed in one step of the walk, the two
# blocks' code side by side: the core overlaps their two add chains, and the walk takes
# half the steps (in cache ~25% faster for float64, ~35% for float32; same order).

PREFETCH_BYTES = 1536


def _prefetch_at(builder: ir.IRBuilder, address: ir.Value) -> None:
    """A prefetch of the line at ``address`` (an ``i8*``): read, keep in every cache
    level, data.  A hint: it never faults, also past the end of an array."""
    i32 = ir.IntType(32)
    fn = cgutils.get_or_insert_function(
        builder.module, ir.FunctionType(ir.VoidType(), [ir.IntType(8).as_pointer(), i32, i32, i32]),
        "llvm.prefetch.p0i8")
    builder.call(fn, [address, ir.Constant(i32, 0), ir.Constant(i32, 3), ir.Constant(i32, 1)])


def _prefetch_typing(typingctx, a, i):
    # prefetch(a, i): the line holding a[i] of the contiguous 1-D array ``a``; ``i`` may
    # be past its end (no bounds check, no fault)
    def codegen(context, builder, sig, args):
        arr = context.make_array(sig.args[0])(context, builder, args[0])
        i = context.cast(builder, args[1], sig.args[1], types.int64)
        _prefetch_at(builder, builder.bitcast(builder.gep(arr.data, [i]),
                                              ir.IntType(8).as_pointer()))
        return context.get_dummy_value()

    return types.void(a, i), codegen


prefetch = cast(Callable[[Any, Any], None], intrinsic(_prefetch_typing))


def _lanes8_sum_typing(typingctx, a, lo, m):
    def codegen(context, builder, sig, args):
        aty = sig.args[0]
        arr = context.make_array(aty)(context, builder, args[0])
        elt = context.get_value_type(aty.dtype)
        size = context.get_abi_sizeof(elt)
        vec = ir.VectorType(elt, 8)
        i64 = ir.IntType(64)
        i32 = ir.IntType(32)
        lo = context.cast(builder, args[1], sig.args[1], types.int64)
        m = context.cast(builder, args[2], sig.args[2], types.int64)
        first = builder.bitcast(builder.gep(arr.data, [lo]), vec.as_pointer())
        acc = cgutils.alloca_once(builder, vec)
        builder.store(builder.load(first, align=size), acc)
        i8p = ir.IntType(8).as_pointer()
        steps = builder.udiv(m, ir.Constant(i64, 8))
        with cgutils.for_range_slice(builder, ir.Constant(i64, 1), steps,
                                     ir.Constant(i64, 1)) as (j, _):
            ptr = builder.gep(first, [j])
            _prefetch_at(builder, builder.gep(builder.bitcast(ptr, i8p),
                                              [ir.Constant(i64, PREFETCH_BYTES)]))
            builder.store(builder.fadd(builder.load(acc), builder.load(ptr, align=size)), acc)
        r = builder.load(acc)
        lane = [builder.extract_element(r, ir.Constant(i32, k)) for k in range(8)]
        left = builder.fadd(builder.fadd(lane[0], lane[1]), builder.fadd(lane[2], lane[3]))
        right = builder.fadd(builder.fadd(lane[4], lane[5]), builder.fadd(lane[6], lane[7]))
        return builder.fadd(left, right)

    return a.dtype(a, lo, m), codegen


# lanes8_sum(a, lo, m): ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7)) where r<k>
# adds a[lo + k::8] over m elements in order (m a multiple of 8, at least 8; ``a``
# contiguous float32/float64): NumPy's 8-accumulator block sum as one vector.
lanes8_sum = cast(Callable[[Any, int, int], Any], intrinsic(_lanes8_sum_typing))


@njit(error_model="numpy", cache=True, inline="always")
def _sum_block(a, lo, n):
    if n < 8:
        res = zero(a[0])
        for i in range(n):
            res += a[np.uint64(lo + i)]
        return res
    m = n - n % 8
    res = lanes8_sum(a, lo, m)
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
        if m - half <= 128:  # both halves are blocks: summed side by side, one step
            vals[vp] = _sum_block(a, los[t], half) + _sum_block(a, los[t] + half, m - half)
            vp += 1
            sp -= 1
            continue
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

# ---------------------------------------------------------------- full min / max
# ``extreme_int`` works on integers; ``extreme_float`` on the signed-integer view of a
# float array, mapping each bit pattern to a key whose integer order is the float order
# (-0.0 < +0.0; NaNs above +inf or below -inf), so both loops are plain integer min/max
# that vectorize.  Each of ``workers`` threads reduces one contiguous part into
# out[w] = (min, max), in blocks of ``EXTREME_BLOCK_BYTES``; before a block it
# prefetches the block's lines ``PREFETCH_BYTES`` ahead.  Without the prefetch the
# float loop's extra work per element leaves fewer loads in flight: two threads read
# cold data at ~60% of the machine's read rate (19-20 against 31 GB/s on the
# development VM, 1e8 float32), with it at ~95% (28-30 GB/s), as fast as a bare XOR
# loop.  Blocks of 1 KiB keep the prefetch loop's cost small beside the vector body
# (0.25 KiB blocks were 10-20% slower at 1e7 float32).

EXTREME_BLOCK_BYTES = 1024


@njit(**_H, inline="always")
def _key(x, mask, keyed):
    """``x``'s order key: a float's signed-integer view with the magnitude bits of the
    negatives flipped (``mask``; a select, not a shift); an integer itself."""
    return like(x ^ (mask if x < zero(x) else zero(x)), x) if keyed else x


@njit(**_H, inline="always")
def _extreme_part(v, w, workers, mask, keyed):
    """(min, max) of the keys of part ``w`` of ``workers`` nearly equal contiguous parts
    of ``v`` (an empty part: of ``v[0]``); ``keyed``: float keys (``mask``: ``_key``'s).
    Indices are unsigned, so that numba emits no negative-index fix-up (which LLVM would
    turn into gathers)."""
    n = v.shape[0]
    per = (n + workers - 1) // workers
    part = v[min(w * per, n):min((w + 1) * per, n)]
    if part.shape[0] == 0:
        part = v[:1]
    lo = _key(part[0], mask, keyed)
    hi = lo
    m = np.uint64(part.shape[0])
    size = np.uint64(part.itemsize)
    block = np.uint64(EXTREME_BLOCK_BYTES) // size
    ahead = np.uint64(PREFETCH_BYTES) // size
    line = np.uint64(64) // size
    blocks = m // block
    for q in range(blocks):
        b = np.uint64(q) * block
        for j in range(np.uint64(0), block, line):
            prefetch(part, b + ahead + j)
        for i in range(b, b + block):
            k = _key(part[i], mask, keyed)
            lo = min(lo, k)
            hi = max(hi, k)
    for i in range(blocks * block, m):
        k = _key(part[i], mask, keyed)
        lo = min(lo, k)
        hi = max(hi, k)
    return lo, hi


@njit(**_P)
def extreme_int(v, workers, out):
    for w in prange(workers):
        lo, hi = _extreme_part(v, w, workers, v[0], False)  # (no mask: plain integers)
        out[w, 0] = lo
        out[w, 1] = hi


@njit(**_P)
def extreme_float(v, workers, out):
    mask = ~(one(v[0]) << like(v.itemsize * 8 - 1, v[0]))  # the magnitude bits
    for w in prange(workers):
        lo, hi = _extreme_part(v, w, workers, mask, True)
        out[w, 0] = lo
        out[w, 1] = hi


# ---------------------------------------------------------------- thread ids
# Each thread of one launch writes its kernel thread id at its numba thread id (for
# ``_placement``).  Linux (glibc 2.30+) only: elsewhere it does not compile.

_gettid = types.ExternalFunction("gettid", types.int32())


@njit(**_P)
def team_tids(out):
    for _i in prange(out.shape[0]):
        out[get_thread_id()] = _gettid()


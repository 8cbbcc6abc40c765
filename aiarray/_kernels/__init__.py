"""The large-array path: numba kernels and NumPy loops in threads.

``install()`` plugs :func:`hook` into ``aiarray._dispatch.kernel_hook``.  For each
(op, dtype) the routing table (``_routes.ROUTES``, measured on this kind of
machine) picks one of two parallel routes for inputs of at least a measured
size:

- ``"nb"``: a numba ``prange`` kernel generated from the op registry
  (``_generated.py``), writing straight into the result buffer;
- ``"np"``: NumPy's own loop run over chunks in worker threads (``_threads``),
  for ops whose NumPy SIMD loop beats numba's libm calls (float32 sin, exp, ...).

Everything else (small inputs, float16/bfloat16/complex32, non-contiguous
inputs for numba, broadcasting beyond rows/columns) is declined or falls back to
the NumPy-in-threads route, which runs NumPy's loop and is never slower than it
for large inputs.  Results are bitwise those of the NumPy path: numba is routed
only where its kernel matches NumPy bit for bit.

Importing this package does not import numba; see ``_numba`` for the lazy,
background loading and the thread-safety rules.
"""

from __future__ import annotations

import os
from collections.abc import Callable

import numpy as np

from .. import _dispatch
from .._registry import OPS, ElementwiseOp
from . import _buffers, _numba, _reductions, _threads
from . import _table as T
from ._routes import (
    DEFAULT_MIN,
    KERNEL_REDUCE_MIN_BYTES,
    STREAM_MIN_BYTES,
    THREAD_REDUCE_MIN_BYTES,
)
from ._routes import route as _measured_route

__all__ = [
    "install", "uninstall", "hook", "set_num_threads", "get_num_threads",
    "fused_multiply_add", "reduce", "warmup", "status",
]

NUMBA_DTYPES = frozenset(np.dtype(c) for c in "?bhilqBHILQfdFD")


class Route:
    """How one (op, dtype) runs on the large path."""

    __slots__ = ("func", "has_out", "kernel", "min_size", "numba", "precheck")

    def __init__(self, kernel: str | None, numba: bool, min_size: int, func: Callable,
                 has_out: bool, precheck: Callable | None) -> None:
        self.kernel = kernel
        self.numba = numba
        self.min_size = min_size
        self.func = func
        self.has_out = has_out
        self.precheck = precheck


def _no_negative_b(args: tuple) -> bool:
    return not (args[1] < 0).any()


# Ops whose NumPy loop raises on negative x2 for signed integers: the NumPy path keeps those.
_PRECHECK = {"pow": _no_negative_b, "bitwise_left_shift": _no_negative_b,
             "bitwise_right_shift": _no_negative_b}


def _reciprocal(x: np.ndarray, out: np.ndarray) -> np.ndarray:
    return np.divide(np.ones((), x.dtype), x, out=out)


# The ufunc (with out=) that equals the registry's NumPy function on these kinds.
_THREAD_UFUNCS: dict[str, dict[str, Callable]] = {
    "tanh": {"f": np.tanh}, "expm1": {"f": np.expm1}, "reciprocal": {"fc": _reciprocal},
    "ceil": {"f": np.ceil}, "floor": {"f": np.floor}, "trunc": {"f": np.trunc},
    "round": {"f": np.rint}, "floor_divide": {"iu": np.floor_divide},
    "log1p": {"f": np.log1p}, "pow": {"iu": np.power},
}


def _thread_func(op: ElementwiseOp, kind: str) -> tuple[Callable, bool]:
    for kinds, func in _THREAD_UFUNCS.get(op.name, {}).items():
        if kind in kinds:
            return func, True
    if isinstance(op.numpy, np.ufunc):
        return op.numpy, True
    return op.numpy, False  # a wrapper: each chunk's result is copied into place


def _min_size() -> int | None:
    env = os.environ.get("AIARRAY_KERNEL_MIN_SIZE", "").strip()
    try:
        return max(1, int(float(env))) if env else None
    except ValueError:
        return None


def build_routes() -> dict:
    """{op: {dtype: Route}} for every registry op and numba-typable dtype."""
    forced = _min_size()
    table: dict = {}
    for op in OPS.values():
        if op.name in T.NO_LARGE_PATH:
            continue
        per = {}
        for dt in op.allowed & NUMBA_DTYPES:
            if op.to_float and dt.kind in "biu":
                continue  # converted to float before the hook
            kind = dt.kind
            found = T.expression(op.name, kind)
            kernel = f"{op.name}_{found[0]}" if found else None
            exact = found is not None and op.name not in T.TRANSCENDENTAL
            route, size = _measured_route(op.name, dt.char, exact, op.name in T.TRANSCENDENTAL)
            size = forced or size
            func, has_out = _thread_func(op, kind)
            pre = _PRECHECK.get(op.name) if kind == "i" else None
            per[dt] = Route(kernel, route == "nb" and kernel is not None, size, func,
                            has_out, pre)
        if per:
            table[op] = per
    return table


_ROUTES: dict = {}
_saved: tuple | None = None


def install() -> None:
    """Send large inputs of the dispatcher to this package (idempotent)."""
    global _ROUTES, _saved
    _ROUTES = build_routes()
    if _saved is None:
        _saved = (_dispatch.kernel_hook, _dispatch.KERNEL_MIN_SIZE)
    # One short-path size for binary ops, from the cheap ones (the costly binary ops,
    # pow, atan2 and hypot, reach the hook from that size too); each unary op its own.
    binary = [r.min_size for op, per in _ROUTES.items()
              if op.arity == 2 and op.name not in T.TRANSCENDENTAL for r in per.values()]
    unary = {op.name: {dt: r.min_size for dt, r in per.items()}
             for op, per in _ROUTES.items() if op.arity == 1}
    _dispatch.set_kernel_hook(hook, min(binary), converting_hook, unary)


def uninstall() -> None:
    """Restore the dispatcher's previous hook and threshold."""
    global _saved
    if _saved is not None:
        _dispatch.set_kernel_hook(*_saved, None)
        _saved = None


def set_num_threads(n: int) -> None:
    """Threads used by the large-array path (default: AIARRAY_NUM_THREADS or all CPUs)."""
    if type(n) is not int or n < 1:
        raise ValueError(f"set_num_threads(): n must be a positive int, got {n!r}")
    _threads.WORKERS.resize(n)
    _numba.set_threads(n)


def get_num_threads() -> int:
    """Threads used by the large-array path."""
    return _threads.WORKERS.n


_numba.set_threads(_threads.WORKERS.n)


def status() -> dict:
    """Diagnostics: the numba loader's state and the threads in use."""
    return {**_numba.status(), "threads": get_num_threads(),
            "pooled_bytes": _buffers.pooled_bytes()}


_spec = _numba.spec_of


def _flat(a: np.ndarray) -> np.ndarray:
    return a.reshape(-1)


def _split_2d(shape: tuple, arrays: tuple) -> list | None:
    """C-contiguous operands as 2-D views whose dims are 1 or the output's, or None."""
    nd = len(shape)
    padded = [(1,) * (nd - x.ndim) + x.shape for x in arrays]
    for p in range(1, nd):
        m = int(np.prod(shape[:p]))
        n = int(np.prod(shape[p:]))
        views = []
        for x, sh in zip(arrays, padded):
            full_lead = sh[:p] == shape[:p]
            full_tail = sh[p:] == shape[p:]
            if not (full_lead or all(s == 1 for s in sh[:p])):
                break
            if not (full_tail or all(s == 1 for s in sh[p:])):
                break
            views.append(x.reshape(m if full_lead else 1, n if full_tail else 1))
        else:
            return views
    return None


def _streams(out: np.ndarray) -> int:
    """The ``workers`` argument of a 1-D kernel: > 0 to write ``out`` with streaming
    (non-temporal) stores, which pays for outputs larger than the caches; 0 not to."""
    return _numba.threads() if out.nbytes >= STREAM_MIN_BYTES else 0


_WORKERS_SPEC = _numba.spec_of(0)[0]  # the ``workers`` argument (an int) of the 1-D kernels


def _run_numba(route: Route, args: tuple, out: np.ndarray) -> bool:
    """Launch the numba kernel for ``args`` into ``out``; False if it cannot (yet)."""
    for a in args:
        if not (a.flags.c_contiguous and a.flags.aligned):
            return False
    workers = _streams(out)
    if len(args) == 1:
        call = (_flat(args[0]), _flat(out), workers)
        variant = "v"
    else:
        a, b = args
        shape = out.shape
        if a.shape == shape and b.shape == shape:
            call, variant = (_flat(a), _flat(b), _flat(out), workers), "vv"
        elif a.shape == shape and b.size == 1:
            call, variant = (_flat(a), b.reshape(())[()], _flat(out), workers), "vs"
        elif b.shape == shape and a.size == 1:
            call, variant = (a.reshape(())[()], _flat(b), _flat(out), workers), "sv"
        else:
            views = _split_2d(shape, args)
            if views is None:
                return False
            m, n = max(v.shape[0] for v in views), max(v.shape[1] for v in views)
            call, variant = (*views, out.reshape(m, n)), "bc"
    disp = _numba.kernel(f"{route.kernel}_{variant}", _spec(*call))
    if disp is None:
        return False
    _numba.launch(disp, call)
    return True


def hook(op: ElementwiseOp, args: tuple, dt: np.dtype) -> np.ndarray | None:
    """The dispatcher's kernel seam: a new result array, or None to decline."""
    per = _ROUTES.get(op)
    if per is None:
        return None
    route = per.get(dt)
    if route is None:
        return None
    if len(args) == 1:
        shape = args[0].shape
    else:
        s1, s2 = args[0].shape, args[1].shape
        if s1 == s2:
            shape = s1
        else:
            try:
                shape = np.broadcast_shapes(s1, s2)
            except ValueError:
                return None
    size = 1
    for s in shape:
        size *= s
    if size < route.min_size:
        return None
    if route.precheck is not None and not route.precheck(args):
        return None
    out = _buffers.empty(shape, op.result_dtype(dt))
    if route.numba and _numba.available() and _run_numba(route, args, out):
        return out
    return _threads.elementwise(route.func, route.has_out, args, out)


_CONVERTIBLE = frozenset(dt for dt in NUMBA_DTYPES if dt.kind in "biuf")


def converting_hook(op: ElementwiseOp, args: tuple, dt: np.dtype) -> np.ndarray | None:
    """``op`` on two same-shape arrays of other dtypes than ``dt``, each element
    converted to ``dt`` as it is read (the ``vvx`` kernels), or None to decline.

    Bitwise the plain path's result (``astype(dt)`` then the op): only for ops whose
    numba route is exact, numeric ``dt``, contiguous operands, and no pre-check.
    """
    route = _ROUTES.get(op, {}).get(dt)
    if route is None or not route.numba or route.precheck is not None \
            or dt.kind not in T.CONVERTING_KINDS:
        return None
    a, b = args
    if a.dtype not in _CONVERTIBLE or b.dtype not in _CONVERTIBLE or a.size < route.min_size:
        return None
    if not (a.flags.c_contiguous and b.flags.c_contiguous and a.flags.aligned
            and b.flags.aligned) or not _numba.available():
        return None
    out = _buffers.empty(a.shape, op.result_dtype(dt))
    call = (_flat(a), _flat(b), dt.type(0), _flat(out), _streams(out))
    disp = _numba.kernel(f"{route.kernel}_vvx", _spec(*call))
    if disp is None:
        return None
    _numba.launch(disp, call)
    return out


def _fma_chunk(a: np.ndarray, b: np.ndarray, c: np.ndarray, out: np.ndarray) -> np.ndarray:
    np.multiply(a, b, out=out)
    return np.add(out, c, out=out)


def fused_multiply_add(a: np.ndarray, b: np.ndarray, c: np.ndarray,
                       out_dtype: np.dtype) -> np.ndarray | None:
    """``a * b + c`` (rounded twice, like NumPy) in one pass, or None to decline.

    Only while the kernels are installed.  The operands are C-contiguous ndarrays of
    ``out_dtype`` and of one shape (0-d or size-1 ones act as scalars); anything else
    is declined.  Bitwise equal to NumPy's ``a * b + c``.
    """
    out_dtype = np.dtype(out_dtype)
    if _saved is None or out_dtype not in NUMBA_DTYPES or out_dtype.kind == "c":
        return None
    arrays = (a, b, c)
    shape = None
    for x in arrays:
        if type(x) is not np.ndarray or x.dtype != out_dtype or not x.flags.c_contiguous:
            return None
        if x.size != 1:
            if shape is not None and x.shape != shape:
                return None
            shape = x.shape
    if shape is None:
        return None
    size = int(np.prod(shape))
    limit = _min_size() or DEFAULT_MIN["fma"]
    if size < limit:
        return None
    out = _buffers.empty(shape, out_dtype)
    if _numba.available():
        variant = "".join("v" if x.size != 1 or x.shape == shape else "s" for x in arrays)
        call = tuple(_flat(x) if v == "v" else x.reshape(())[()] for x, v in zip(arrays, variant))
        call = (*call, _flat(out), _streams(out))
        kinds = "b" if out_dtype.kind == "b" else "iuf"
        disp = _numba.kernel(f"fma_{kinds}_{variant}", _spec(*call))
        if disp is not None:
            _numba.launch(disp, call)
            return out
    full = tuple(x if x.shape == shape else x.reshape(()) for x in arrays)
    return _threads.elementwise(_fma_chunk, True, full, out)


_REDUCTIONS = frozenset({"sum", "prod", "mean", "min", "max"})


def _reduce_min_bytes(name: str, a: np.ndarray, axis: object, dtype: object) -> int:
    """Input size from which a reduction's parallel route beats NumPy's single loop."""
    full = axis is None or a.ndim == 1 or (isinstance(axis, tuple) and len(axis) == a.ndim)
    kernel = name in ("min", "max") or (
        name in ("sum", "mean") and full and a.dtype in _threads.SUM_KERNEL_DTYPES
        and (dtype is None or np.dtype(dtype) == a.dtype))
    return KERNEL_REDUCE_MIN_BYTES if kernel else THREAD_REDUCE_MIN_BYTES


def reduce(name: str, a: np.ndarray, axis: int | tuple | None = None,
           dtype: np.dtype | None = None, keepdims: bool = False) -> np.ndarray | None:
    """Parallel ``np.<name>(a, axis=axis, dtype=dtype, keepdims=keepdims)`` or None.

    Only while the kernels are installed.  ``name`` is one of sum, prod, mean, min,
    max.  The result is NumPy's (an ndarray, 0-d for a full reduction): bitwise for
    sums, products and means, which split where NumPy's pairwise summation splits
    and run NumPy's loops in threads; the same value for min and max, which take a
    numba kernel over the whole array (a NaN gives NaN).  Declined (None): small or
    non-contiguous input, several but not all axes, float products, integer means,
    float sums accumulated in another dtype, float16, and min/max along an axis.
    """
    if _saved is None or type(a) is not np.ndarray or name not in _REDUCTIONS:
        return None
    forced = _min_size()
    if forced is not None and a.size < forced:
        return None
    if forced is None and a.nbytes < _reduce_min_bytes(name, a, axis, dtype):
        return None  # NumPy's single loop is faster (measured, see _routes)
    if isinstance(axis, tuple):
        axes = sorted({ax % a.ndim for ax in axis}) if a.ndim else []
        if len(axes) == a.ndim:
            axis = None
        elif len(axes) == 1:
            axis = axes[0]
        else:
            return None
    elif axis is not None:
        if not -a.ndim <= axis < a.ndim:
            return None
        axis %= a.ndim
    if name in ("min", "max"):
        if (axis is not None and a.ndim > 1) or not a.flags.c_contiguous or a.ndim == 0 \
                or not _numba.available():
            return None
        out = _reductions.extreme(name, a.reshape(-1))
        if out is None:
            return None
        return out.reshape((1,) * a.ndim) if keepdims else out
    return _threads.reduce(name, a, axis, dtype, keepdims)


def warmup(names: tuple = ("add",), dtypes: tuple = ("float64",),
           variants: tuple = ("v", "vv", "vs")) -> None:
    """Compile (or load from the disk cache) kernels now, in the calling thread."""
    for name in names:
        op = OPS[name]
        for dt in dtypes:
            dt = np.dtype(dt)
            route = _ROUTES.get(op, {}).get(dt) or build_routes().get(op, {}).get(dt)
            if route is None or route.kernel is None:
                continue
            res = op.result_dtype(dt)
            for v in variants:
                if (op.arity == 1) != (v == "v"):
                    continue
                args = [("s" if c == "s" else "a", dt.char, 1 if c == "v" else 0, True)
                        for c in v]
                spec = (*args, ("a", res.char, 1, True)) + ((_WORKERS_SPEC,) if v != "bc" else ())
                was = _numba._sync
                _numba.set_sync(True)
                try:
                    _numba.kernel(f"{route.kernel}_{v}", spec)
                finally:
                    _numba.set_sync(was)

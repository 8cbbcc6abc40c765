"""The parallel backend (aiarray._kernels) against NumPy on the same data.

Every (op, dtype) of the registry that numba can type is checked twice: its
kernel expression (``_kernel_checks.py``, one serial function per dtype kind,
cached by numba) bitwise or within the stated ulp bound, and its
NumPy-in-threads route bitwise.  The production kernels are compiled for a
handful of ops per variant (each parallel compile costs ~0.3 s cold).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest
from _kernel_tools import assert_same, compiling_here, gen_kernels, tuned, ulps, values

import aiarray as xp
from aiarray import _dispatch
from aiarray._kernels import BACKEND, NUMBA_DTYPES, ParallelBackend, _buffers, _numba, _threads
from aiarray._kernels import _table as T
from aiarray._numpy_path import quiet
from aiarray._registry import OPS

HERE = Path(__file__).resolve().parent
LOADER = BACKEND.loader  # the parallel backend's numba loader (_numba.LOADER)
KINDS = "biufc"
DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float32", "float64", "complex64", "complex128"]
rng = np.random.default_rng(1234)


@pytest.fixture
def kernels():
    """The parallel backend for inputs of >= 64 elements, numba compiling synchronously."""
    with compiling_here(), tuned(forced=64):
        yield BACKEND


# ------------------------------------------------------------------ tables

def test_generated_files_are_up_to_date() -> None:
    gen = gen_kernels()
    assert gen.GENERATED.read_text() == gen.render(), "run python tools/gen_kernels.py"
    assert (HERE / "_kernel_checks.py").read_text() == gen.render_checks(), \
        "run python tools/gen_kernels.py"


def test_generated_kernels_carry_the_helpers_hash() -> None:
    """numba's cache would keep kernels compiled against an older _helpers.py: the hash in
    _generated.py makes an edit there change _generated.py as well."""
    gen = gen_kernels()
    assert gen.helpers_hash() in gen.GENERATED.read_text()


def test_every_registry_op_has_a_kernel_or_a_reason() -> None:
    for op in OPS.values():
        for dt in op.allowed & NUMBA_DTYPES:
            kind = dt.kind
            if op.to_float and kind in "biu":
                continue
            expr = T.expression(op.name, kind)
            why = T.numpy_only_reason(op.name, kind)
            assert (expr is None) != (why is None), f"{op.name} on {dt}: exactly one of the two"
            if why is not None:
                assert len(why) > 20
    assert set(T.EXPR) <= set(OPS) and set(T.NUMPY_ONLY) <= set(OPS)


def test_wait_returns_at_once_when_no_kernel_was_asked_for() -> None:
    code = ("import time, aiarray._kernels._numba as N; t = time.monotonic(); "
            "print(N.LOADER.wait(30), time.monotonic() - t < 5)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=60)
    assert out.stdout.split() == ["True", "True"]


_BACKGROUND = r"""
import threading, numpy as np
import aiarray as xp
from aiarray._kernels._numba import LOADER as loader
a = np.linspace(0, 1, 300000); b = np.linspace(1, 2, 300000)
names = []  # the thread of every launch, the loader's included
orig = loader.launch
loader.launch = lambda d, args: (names.append(threading.current_thread().name), orig(d, args))[1]
first = (xp.asarray(a) + xp.asarray(b))._array  # NumPy's loop in threads while numba loads
assert loader.wait(120), loader.status()
second = (xp.asarray(a) + xp.asarray(b))._array  # the kernel, compiled in the background
print(np.array_equal(first, a + b), np.array_equal(second, a + b), names)
"""


def test_background_compile_then_kernel_in_the_calling_thread() -> None:
    # the loader thread only compiles; kernels launch from the threads that call them
    env = dict(os.environ, AIARRAY_KERNEL_MIN_SIZE="1000", AIARRAY_NUMBA_AFTER="0")
    env.pop("AIARRAY_KERNELS_SYNC", None)
    out = subprocess.run([sys.executable, "-c", _BACKGROUND], capture_output=True,
                         text=True, env=env, timeout=240)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.split() == ["True", "True", "['MainThread']"]


_RENT_THEN_BUY = r"""
import json, sys, time, numpy as np
import aiarray as xp
from aiarray._kernels._numba import LOADER as loader
a, b = np.linspace(0, 1, 300000), np.linspace(1, 2, 300000)
x, y = xp.asarray(a), xp.asarray(b)
first = (x + y)._array  # a kernel is wanted; the loader waits for its budget
short = ["numba" in sys.modules, loader.deferred(), loader.status()["state"]]
while loader.deferred():
    assert np.array_equal((x + y)._array, a + b)
assert loader.wait(120), loader.status()
last = (x + y)._array
print(json.dumps({"short": short, "first": bool(np.array_equal(first, a + b)),
                  "last": bool(np.array_equal(last, a + b)), "budget": loader.load_budget(),
                  "state": loader.status()["state"]}))
"""


def test_numba_loads_once_large_work_has_cost_what_loading_does(tmp_path) -> None:
    """A program that does little large work never imports numba; one that does more
    starts the loader once that work's time reaches the budget; the loader's measured
    CPU time is the next process's budget."""
    env = dict(os.environ, AIARRAY_KERNEL_MIN_SIZE="1000", AIARRAY_NUMBA_AFTER="0.05",
               AIARRAY_CACHE_DIR=str(tmp_path))
    env.pop("AIARRAY_KERNELS_SYNC", None)
    run = subprocess.run([sys.executable, "-c", _RENT_THEN_BUY], capture_output=True,
                         text=True, env=env, timeout=240)
    assert run.returncode == 0, run.stdout + run.stderr
    got = json.loads(run.stdout)
    assert got["short"] == [False, True, "cold"]  # one call: no numba at all
    assert got["first"] and got["last"] and got["state"] == "ready" and got["budget"] == 0.05
    stored = list(tmp_path.glob("numba-load-*.json"))
    assert len(stored) == 1
    cost = json.loads(stored[0].read_text())["cpu_seconds"]
    assert cost > 0
    env.pop("AIARRAY_NUMBA_AFTER")  # the next process's budget: the measured cost
    code = "from aiarray._kernels._numba import LOADER; print(LOADER.load_budget())"
    again = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           env=env, timeout=120, check=True)
    assert float(again.stdout) == cost


def test_the_load_cost_kept_counts_the_first_kernels_load(tmp_path) -> None:
    """The loader keeps numba's import cost plus its first kernel's load (which starts
    LLVM's code generation: the program pays both before any kernel runs), once: not
    the import alone, nor anything for the kernels after the first."""
    code = ("import json, time, numpy as np, aiarray as xp\n"
            "from aiarray._kernels import _numba\n"
            "kept = []\n"
            "_numba._save_load_cost = kept.append\n"
            "compile_ = _numba.LOADER._compile\n"
            "def burning(key, *args):\n"  # (the first kernel's load: 1.5 s of CPU)
            "    end = time.thread_time() + (1.5 if not _numba.LOADER._ready else 0)\n"
            "    while time.thread_time() < end: pass\n"
            "    return compile_(key, *args)\n"
            "_numba.LOADER._compile = burning\n"
            "x = xp.asarray(np.linspace(0, 1, 300000))\n"
            "x + x; assert _numba.LOADER.wait(120), _numba.LOADER.status()\n"
            "x * x; x - x; assert _numba.LOADER.wait(120), _numba.LOADER.status()\n"
            "print(json.dumps([kept, _numba.LOADER.status()['ready']]))\n")
    kept, ready = json.loads(_loading_at_once(code, tmp_path))
    assert ready >= 3  # (three kernels loaded, one save for the first only)
    assert len(kept) == 1 and kept[0] > 1.5, kept  # (numba's import, and the 1.5 s)


def test_a_load_after_numba_was_imported_keeps_no_budget(tmp_path) -> None:
    """Where the program imported numba before the loader ran, the loader's time is not
    what loading costs: the stored budget (the last real load's) stays as it was."""
    code = ("import numba, numpy as np, aiarray as xp\n"
            "from aiarray._kernels._numba import LOADER, _budget_file\n"
            "_budget_file().write_text('{\"cpu_seconds\": 0.7}')\n"
            "x = xp.asarray(np.linspace(0, 1, 300000)); x + x\n"
            "assert LOADER.wait(120), LOADER.status()\n"
            "print(LOADER.status()['state'], _budget_file().read_text())\n")
    out = _loading_at_once(code, tmp_path)
    assert out.split() == ["ready", '{"cpu_seconds":', "0.7}"], out


def _loading_at_once(code: str, cache_dir: Path) -> str:
    """What ``code`` prints in a fresh process whose loader starts at the first large
    call (from 1000 elements), in the background, keeping its files in ``cache_dir``."""
    env = dict(os.environ, AIARRAY_KERNEL_MIN_SIZE="1000", AIARRAY_NUMBA_AFTER="0",
               AIARRAY_CACHE_DIR=str(cache_dir))
    env.pop("AIARRAY_KERNELS_SYNC", None)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, timeout=240)
    assert run.returncode == 0, run.stdout + run.stderr
    return run.stdout


def test_import_does_not_import_numba() -> None:
    code = ("import sys, numpy as np, aiarray as xp; x = xp.asarray(np.ones(10)); x + x; "
            "print('numba' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


# ------------------------------------------------------ kernel expressions

def _reference(name: str, args: tuple) -> np.ndarray:
    return np.asarray(quiet(OPS[name].numpy, *args))


@pytest.mark.parametrize("dtype", DTYPES)
def test_kernel_expressions_match_numpy(dtype: str) -> None:
    checks = pytest.importorskip("_kernel_checks")
    dt = np.dtype(dtype)
    v = values(dt)
    for arity in (1, 2):
        entry = checks.OPS.get((dt.kind, arity))
        if entry is None:
            continue
        func, names = entry
        args = (v,) if arity == 1 else (np.repeat(v, len(v)), np.tile(v, len(v)))
        outs = [np.empty(args[0].shape, OPS[n].result_dtype(dt)) for n in names]
        func(*args, *outs)
        for name, got in zip(names, outs):
            op = OPS[name]
            if dt not in op.allowed:
                continue
            used = args
            if name in ("pow", "bitwise_left_shift", "bitwise_right_shift") and dt.kind == "i":
                keep = args[1] >= 0  # negative x2 is declined (the NumPy path raises)
                used = tuple(a[keep] for a in args)
                got = got[keep]
            ref = _reference(name, used)
            if T.exact(name, dt.kind):
                assert_same(got, ref, f"{name} on {dt}")
            else:
                assert ulps(got, ref) <= T.ULP[name], f"{name} on {dt}"
    func, names = checks.OPS.get((dt.kind, 3), (None, ()))
    if func is not None:
        a, b, c = (rng.permutation(np.resize(v, 300)) for _ in range(3))
        out = np.empty(a.shape, dt)
        func(a, b, c, out)
        assert_same(out, quiet(lambda a, b, c: a * b + c, a, b, c), f"fma on {dt}")


def test_transcendental_kernels_stay_within_their_ulp_bound() -> None:
    checks = pytest.importorskip("_kernel_checks")
    for dtype in ("float32", "float64"):
        dt = np.dtype(dtype)
        a = np.concatenate([rng.standard_normal(4000) * 3, rng.uniform(-1, 1, 4000),
                            np.exp(rng.uniform(-80, 80, 4000))]).astype(dt)
        b = rng.permutation(a)
        for arity, args in ((1, (a,)), (2, (a, b))):
            func, names = checks.OPS[("f", arity)]
            outs = [np.empty(a.shape, OPS[n].result_dtype(dt)) for n in names]
            func(*args, *outs)
            for name, got in zip(names, outs):
                if name in T.TRANSCENDENTAL:
                    assert ulps(got, _reference(name, args)) <= T.ULP[name], (name, dtype)


# ------------------------------------------------------------ both routes

def _operands(op, dt: np.dtype, n: int) -> tuple:
    v = values(dt)
    if op.name in ("pow",) and dt.kind == "i":
        v = np.abs(v) % 5  # small non-negative exponents
    a = np.resize(rng.permutation(v), n)
    b = np.resize(rng.permutation(v), n)
    if op.name.startswith("bitwise_") and "shift" in op.name:
        b = (np.abs(b.astype(np.int64)) % 70).astype(dt)
    return (a,) if op.arity == 1 else (a, b)


@pytest.mark.parametrize("kind", KINDS)
def test_threads_route_matches_numpy_for_every_op(kernels, kind: str) -> None:
    """NumPy's loops chunked over threads give NumPy's bits, ufunc or wrapper alike."""
    for op, per in BACKEND.all_routes().items():
        for dt, route in per.items():
            if dt.kind != kind:
                continue
            args = _operands(op, dt, 1000)
            out = np.empty(args[0].shape, op.result_dtype(dt))
            _threads.elementwise(route.func, route.has_out, args, out)
            assert_same(out, _reference(op.name, args), f"{op.name} on {dt}")


CASES = [  # (op, dtype, shapes): one production kernel each
    ("add", "float64", [(300,), (300,)]),
    ("add", "float64", [(300,), ()]),
    ("add", "float64", [(40, 30), (30,)]),
    ("add", "float64", [(100, 1), (100, 30)]),
    ("divide", "float32", [(100, 1), (1, 30)]),
    ("multiply", "int8", [(300,), (300,)]),
    ("floor_divide", "int64", [(300,), (300,)]),
    ("less", "float32", [(300,), (300,)]),
    ("sqrt", "float32", [(300,)]),
    ("bitwise_left_shift", "uint16", [(300,), (300,)]),
]


@pytest.mark.parametrize(("name", "dtype", "shapes"), CASES)
def test_numba_kernels_through_aiarray(kernels, name: str, dtype: str, shapes: list) -> None:
    dt = np.dtype(dtype)
    v = values(dt)
    if name == "bitwise_left_shift":
        v = np.abs(v) % 20
    nps = [rng.permutation(np.resize(v, int(np.prod(s)))).reshape(s).astype(dt) for s in shapes]
    before = [a.copy() for a in nps]
    args = [xp.asarray(a) for a in nps]
    func = getattr(xp, name)
    calls = []
    orig = LOADER.launch
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(LOADER, "launch", lambda d, a: (calls.append(d), orig(d, a))[1])
        got = func(*args)
    assert calls, "the numba kernel did not run"
    assert_same(got._array, _reference(name, tuple(nps)), f"{name} {shapes}")
    for a, b in zip(nps, before):
        assert_same(a, b, "input unchanged")


STREAM_CASES = [  # 1-D kernels with non-temporal stores; sizes cross chunk boundaries
    ("add", "float32", [(40_000,), (40_000,)]),
    ("divide", "float64", [(40_000,), ()]),
    ("multiply", "int8", [(40_000,), (40_000,)]),
    ("floor_divide", "int64", [(16_385,), (16_385,)]),
    ("add", "complex64", [(40_000,), (40_000,)]),  # complex: plain stores in the same loop
    ("less", "float32", [(40_000,), (40_000,)]),  # bool output: plain stores
    ("sqrt", "float32", [(40_000,)]),
    ("divide", "float64", [(40_003,), (40_003,)]),  # whole vectors, aligned stores
    ("divide", "float32", [(40_000,), ()]),
    ("negative", "int16", [(16_383,)]),
    ("multiply_add", "float32", [(40_000,), (40_000,), (40_000,)]),
    ("multiply_add", "int32", [(40_000,), (), (40_000,)]),
]


@pytest.mark.parametrize(("name", "dtype", "shapes"), STREAM_CASES)
def test_streaming_stores_give_numpys_bits(kernels, monkeypatch: pytest.MonkeyPatch,
                                           name: str, dtype: str, shapes: list) -> None:
    BACKEND.tune(calibration=False, forced=64, stream_bytes=0)  # every output streams
    dt = np.dtype(dtype)
    v = values(dt)
    nps = [rng.permutation(np.resize(v, int(np.prod(s)))).reshape(s).astype(dt) for s in shapes]
    if name in ("floor_divide", "multiply_add") and dt.kind in "iu":
        nps = [np.where(a == 0, 1, a % 100).astype(dt) for a in nps]
    before = [a.copy() for a in nps]
    flags = []
    orig = LOADER.launch
    monkeypatch.setattr(LOADER, "launch", lambda d, a: (flags.append(a[-1]), orig(d, a))[1])
    got = getattr(xp, name)(*[xp.asarray(a) for a in nps])
    assert flags and flags[-1] > 0, "the streaming kernel did not run"  # [0]: the compile
    if name == "multiply_add":
        ref = quiet(lambda a, b, c: a * b + c, *nps)
    else:
        ref = _reference(name, tuple(nps))
    assert_same(got._array, ref, f"{name} {dtype} streamed")
    for a, b in zip(nps, before):
        assert_same(a, b, "input unchanged")


def test_streaming_forms_follow_the_tables() -> None:
    """DIRECT_STREAM ops store straight from the loop, VECTOR_STREAM ops (real floats)
    store whole vectors, the others go through the scratch buffer."""
    assert T.DIRECT_STREAM <= set(OPS) | {"multiply_add"}
    symbols = {"fadd": "+", "fsub": "-", "fmul": "*", "fdiv": "/"}
    for op, instruction in T.VECTOR_STREAM.items():
        assert op not in T.DIRECT_STREAM
        assert T.EXPR[op]["f"] == f"a {symbols[instruction]} b", op  # one IEEE operation
    seen = set()
    for name, src in gen_kernels().kernels():
        if name.endswith("_bc"):
            continue  # broadcasting kernels never stream
        op, kinds, variant = ("multiply_add", *name.split("_")[1:]) if name.startswith("fma_") \
            else name.rsplit("_", 2)
        seen.add(op)
        vector = op in T.VECTOR_STREAM and kinds == "f" and variant != "vvx"
        assert ("_nt_" in src) == vector, name
        assert ("tmp = np.empty" in src) == (not vector and op not in T.DIRECT_STREAM), name
        assert "stream_fence()" in src, name
    assert T.DIRECT_STREAM <= seen and set(T.VECTOR_STREAM) <= seen


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_vector_streaming_at_every_alignment(kernels, dtype: str) -> None:
    """Head, whole vectors and tail are stored right whatever the output's address and
    length, including outputs that are not element-aligned."""
    dt = np.dtype(dtype)
    v = values(dt)
    s = dt.type(1.7)
    for n in (0, 1, 5, 15, 16, 17, 31, 1003):
        a = rng.permutation(np.resize(v, n)).astype(dt)
        b = rng.permutation(np.resize(v, n)).astype(dt)
        for offset in range(17):
            out = np.empty(n + 32, dt)[offset:offset + n]
            for variant, args, ref in (("vv", (a, b), quiet(np.divide, a, b)),
                                       ("vs", (a, s), quiet(np.divide, a, s)),
                                       ("sv", (s, b), quiet(np.divide, s, b))):
                call = (*args, out, 2)
                disp = LOADER.kernel(f"divide_f_{variant}", _numba.spec_of(*call))
                LOADER.launch(disp, call)
                assert_same(out, ref, f"divide {dtype} {variant} n={n} offset={offset}")
    raw = np.empty(dt.itemsize * 100 + 1, np.uint8)
    out = np.ndarray((100,), dt, buffer=raw, offset=1)  # not element-aligned
    a, b = np.resize(v, 100).astype(dt), rng.permutation(np.resize(v, 100)).astype(dt)
    call = (a, b, out, 2)
    LOADER.launch(LOADER.kernel("divide_f_vv", _numba.spec_of(*call)), call)
    assert_same(out, quiet(np.divide, a, b), f"divide {dtype} into an unaligned output")


def test_streaming_scalar_first_kernel(kernels, monkeypatch: pytest.MonkeyPatch) -> None:
    BACKEND.tune(calibration=False, forced=64, stream_bytes=0)
    b = np.linspace(-5, 5, 40_000)
    names = []
    orig = LOADER.kernel
    monkeypatch.setattr(LOADER, "kernel", lambda n, s: (names.append(n), orig(n, s))[1])
    got = xp.subtract(xp.asarray(2.5), xp.asarray(b))  # a 0-d x1: sized by x2
    assert "subtract_iuf_sv" in names
    assert_same(got._array, 2.5 - b, "scalar - array, streamed")


def test_only_large_outputs_stream() -> None:
    small = np.empty(1000, np.float64)
    assert BACKEND._streams(small) == 0
    big = np.empty(BACKEND.tuning().stream_bytes // 8, np.float64)
    assert BACKEND._streams(big) == LOADER.threads() > 0


CONVERTING_CASES = [  # two dtypes the dispatcher would cast to one: converted in the kernel
    ("add", "float32", "int32"),
    ("add", "int32", "float32"),
    ("subtract", "float64", "float32"),
    ("multiply", "int8", "uint8"),
    ("add", "int64", "float32"),
    ("maximum", "uint8", "float64"),
    ("add", "bool", "int16"),
    ("less", "float32", "int64"),
    ("floor_divide", "int16", "int32"),
    ("divide", "float32", "int32"),
]


def _wide_values(dt: np.dtype, n: int) -> np.ndarray:
    if dt.kind == "b":
        return rng.integers(0, 2, n).astype(bool)
    if dt.kind in "iu":
        info = np.iinfo(dt)
        v = rng.integers(info.min, info.max, n, dtype=dt, endpoint=True)
        return np.where(v == 0, 1, v).astype(dt)  # no division by zero
    with np.errstate(all="ignore"):  # values() holds the dtype's extremes
        return np.resize(values(dt), n) * rng.uniform(-3, 3, n).astype(dt)


@pytest.mark.parametrize("stream", [False, True])
@pytest.mark.parametrize(("name", "d1", "d2"), CONVERTING_CASES)
def test_converting_kernel_equals_cast_then_op(kernels, monkeypatch: pytest.MonkeyPatch,
                                               name: str, d1: str, d2: str,
                                               stream: bool) -> None:
    if stream:
        BACKEND.tune(calibration=False, forced=64, stream_bytes=0)
    a = _wide_values(np.dtype(d1), 9000)
    b = _wide_values(np.dtype(d2), 9000)
    before = (a.copy(), b.copy())
    x, y = xp.asarray(a), xp.asarray(b)
    dt = xp.result_type(x, y)
    names = []
    orig = LOADER.kernel
    monkeypatch.setattr(LOADER, "kernel", lambda n, s: (names.append(n), orig(n, s))[1])
    got = getattr(xp, name)(x, y)
    assert any(n.endswith("_vvx") for n in names), f"no converting kernel: {names}"
    ref = _reference(name, (a.astype(dt), b.astype(dt)))
    assert got.dtype == ref.dtype
    assert_same(got._array, ref, f"{name} {d1} {d2}")
    assert_same(a, before[0], "x1 unchanged")
    assert_same(b, before[1], "x2 unchanged")


def test_converting_kernel_declines(kernels) -> None:
    a = np.arange(1, 301, dtype=np.int32)
    b = np.arange(1, 301, dtype=np.int64)
    f = np.linspace(1, 2, 300).astype(np.float32)
    assert BACKEND.converting(OPS["pow"], (a, b), np.dtype("int64")) is None  # pre-checked
    assert BACKEND.converting(OPS["add"], (a[:10], b[:10]), np.dtype("int64")) is None  # small
    assert BACKEND.converting(OPS["add"], (a[::2], b[::2]), np.dtype("int64")) is None
    c = f.astype(np.complex64)
    assert BACKEND.converting(OPS["add"], (c, f), np.dtype("complex64")) is None
    # shapes that broadcast, and a parameter under mindspore: the plain path decides
    got = xp.asarray(f.reshape(300, 1)) + xp.asarray(a)
    assert_same(got._array, f.reshape(300, 1) + a.astype(np.float32), "broadcast")
    with xp.promotion_policy("mindspore"):
        p = xp.as_parameter(xp.asarray(f))
        with pytest.raises(xp.ParameterCastError):
            p + xp.asarray(np.arange(300, dtype=np.float64))


def test_scalar_first_kernel(kernels, monkeypatch: pytest.MonkeyPatch) -> None:
    # The dispatcher sizes the call by x1, so a scalar x1 is tested at the backend itself.
    b = np.linspace(-5, 5, 300)
    names = []
    orig = LOADER.kernel
    monkeypatch.setattr(LOADER, "kernel", lambda n, s: (names.append(n), orig(n, s))[1])
    got = BACKEND.elementwise(OPS["subtract"], (np.asarray(2.5), b), np.dtype("float64"))
    assert [n for n in names if n != "team_tids"] == ["subtract_iuf_sv"]  # + placement's probe
    assert_same(got, 2.5 - b, "scalar - array")


@pytest.mark.parametrize("dtype", ["float32", "float64", "int8", "int32", "int64", "uint16",
                                   "uint64"])
@pytest.mark.parametrize("name", ["min", "max"])
def test_min_max_kernel_matches_numpy(kernels, monkeypatch: pytest.MonkeyPatch,
                                      name: str, dtype: str) -> None:
    dt = np.dtype(dtype)
    v = values(dt)
    if dt.kind == "f":
        v = v[~np.isnan(v)]
    launched = []
    orig = LOADER.launch
    monkeypatch.setattr(LOADER, "launch", lambda d, a: (launched.append(d), orig(d, a))[1])
    func = getattr(xp, name)
    for n in (64, 1001, 5000):  # parts of unequal size; extremes anywhere
        a = rng.permutation(np.resize(v, n)).astype(dt)
        for data in (a, a.reshape(-1, 1) if n % 2 else a.reshape(2, -1)):
            got = func(xp.asarray(data))
            assert_same(got._array, getattr(np, name)(data), f"{name} {dtype} {data.shape}")
            kept = func(xp.asarray(data), keepdims=True)
            assert kept.shape == (1,) * data.ndim
    assert launched, "the numba kernel did not run"
    if dt.kind == "f":
        for special in (np.nan, -np.nan):
            b = rng.permutation(np.resize(v, 999)).astype(dt)
            b[rng.integers(0, 999)] = special
            assert np.isnan(func(xp.asarray(b))._array)
        zeros = np.resize(np.array([0.0, -0.0], dt), 200)  # which zero: NumPy's loop decides
        assert_same(func(xp.asarray(zeros))._array, getattr(np, name)(zeros), "signed zeros")
        small = np.resize(np.array([-0.0, 3.0, np.inf, -np.inf], dt), 300)
        assert_same(func(xp.asarray(small))._array, getattr(np, name)(small), "infinities")


@pytest.mark.parametrize("dtype", ["float32", "float64", "int8", "uint16", "int64"])
def test_min_max_kernel_finds_extremes_at_block_edges(kernels, monkeypatch: pytest.MonkeyPatch,
                                                      dtype: str) -> None:
    """Each thread's part runs in blocks of ``EXTREME_BLOCK_BYTES`` (prefetching ahead),
    then a tail: an extreme (or a NaN) at a part's first element, at the last element of
    its last block, at the first of its tail or at the array's end is found, at sizes
    around a whole number of blocks per part."""
    from aiarray._kernels._helpers import EXTREME_BLOCK_BYTES

    dt = np.dtype(dtype)
    block = EXTREME_BLOCK_BYTES // dt.itemsize
    parts = LOADER.threads()
    launched = []
    orig = LOADER.launch
    monkeypatch.setattr(LOADER, "launch", lambda d, a: (launched.append(d), orig(d, a))[1])
    if dt.kind == "f":
        big, small = np.array([np.inf, -np.inf], dt)
    else:
        big, small = np.iinfo(dt).max, np.iinfo(dt).min
    for n in (parts * 2 * block - 1, parts * 2 * block, parts * 2 * block + 3, block - 1):
        per = -(-n // parts)
        spots = set()
        for start in range(0, n, per):  # each part: its ends, its last block's, its tail's
            size = min(per, n - start)
            tail = start + size - size % block
            spots |= {start, tail - 1, tail, start + size - 1}
        spots = {i for i in spots if 0 <= i < n}
        base = rng.integers(10, 20, n).astype(dt)  # the keys of small positive values
        for at in sorted(spots):
            for other in (0, n - 1):
                a = base.copy()
                a[other] = small
                a[at] = big
                for name in ("max", "min"):
                    got = getattr(xp, name)(xp.asarray(a))._array
                    assert_same(got, getattr(np, name)(a), f"{name} n={n} big at {at}")
                if dt.kind == "f":
                    a[at] = np.nan
                    assert np.isnan(xp.max(xp.asarray(a))._array), f"NaN at {at}, n={n}"
                    assert np.isnan(xp.min(xp.asarray(a))._array), f"NaN at {at}, n={n}"
    assert launched, "the numba kernel did not run"


@pytest.mark.parametrize("dtype", ["float32", "float64", "int16", "uint64"])
@pytest.mark.parametrize("name", ["min", "max"])
def test_min_max_in_threads_until_the_kernel_loads(name: str, dtype: str) -> None:
    dt = np.dtype(dtype)
    v = values(dt)
    if dt.kind == "f":
        v = v[~np.isnan(v)]
    threads = BACKEND.get_num_threads()
    try:  # a backend whose numba never loads: NumPy's loop on a part per thread
        cold = ParallelBackend(loader=_numba.NumbaLoader(disabled=True))
        cold.tune(calibration=False, forced=64)
        cold.set_num_threads(3)  # parts of unequal size
        for n in (64, 1001, 5000):
            a = rng.permutation(np.resize(v, n)).astype(dt)
            got = cold.reduce(name, a)
            assert got is not None, f"{name} {dtype} {n}: not taken"
            assert_same(got, getattr(np, name)(a), f"{name} {dtype} {n}")
            kept = cold.reduce(name, a.reshape(1, -1), keepdims=True)
            assert kept is not None and kept.shape == (1, 1)
        if dt.kind == "f":
            b = rng.permutation(np.resize(v, 999)).astype(dt)
            b[500] = np.nan
            assert np.isnan(cold.reduce(name, b))
            zeros = np.resize(np.array([0.0, -0.0], dt), 200)  # NumPy's loop decides
            assert cold.reduce(name, zeros) is None
        assert cold.loader.status()["ready"] == 0
    finally:
        BACKEND.set_num_threads(threads)  # (a new backend sizes the shared pool)


def test_reductions_do_not_start_loading_numba() -> None:
    """Large reductions without their kernel run NumPy's loops in threads and charge
    nothing toward loading numba (in short programs the load cost more than it gave)."""
    loader = _numba.NumbaLoader(disabled=False)
    charged: list[float] = []
    loader.available = lambda: True  # type: ignore[method-assign]
    loader.kernel = lambda name, spec: (loader._deferred.__setitem__((name, spec), None),
                                        None)[1]  # type: ignore[method-assign]
    loader.charge = charged.append  # type: ignore[method-assign]
    threads = BACKEND.get_num_threads()
    try:
        backend = ParallelBackend(loader=loader)
        backend.tune(calibration=False, forced=64)
        a = rng.standard_normal(5000)
        for name in ("max", "min", "sum"):
            got = backend.reduce(name, a)
            assert got is not None, name
            assert_same(got, getattr(np, name)(a), name)
        assert charged == []
        backend.elementwise(OPS["sqrt"], (np.abs(a),), np.dtype("float64"))
        assert charged, "elementwise work without its kernel is charged"
    finally:
        BACKEND.set_num_threads(threads)


def test_only_calls_a_kernel_would_take_are_charged() -> None:
    """Elementwise work counts toward loading numba only where a kernel would run it
    once loaded: a same-shape or row/column broadcast add is charged; a sine (NumPy's
    loop on every route), a broadcast over three axes and a non-contiguous operand are
    not, whatever their time."""
    loader = _numba.NumbaLoader(disabled=False)
    charged: list[str] = []
    loader.available = lambda: True  # type: ignore[method-assign]
    loader.kernel = lambda name, spec: (loader._deferred.__setitem__((name, spec), None),
                                        None)[1]  # type: ignore[method-assign]
    current = [""]
    loader.charge = lambda seconds: charged.append(current[0])  # type: ignore[method-assign]
    threads = BACKEND.get_num_threads()
    f64 = np.dtype("float64")
    a = rng.standard_normal((400, 30))
    cases = {
        "add same shape": (OPS["add"], (a, a + 1.0)),
        "add row + column": (OPS["add"], (a[:, :1].copy(), a[:1].copy())),
        "sin": (OPS["sin"], (a,)),
        "add over three axes": (OPS["add"], (a.reshape(400, 1, 30), a[:6].reshape(1, 6, 30))),
        "add strided": (OPS["add"], (a[:, ::2], a[:, 1::2])),
    }
    try:
        backend = ParallelBackend(loader=loader)
        backend.tune(calibration=False, forced=64)
        for label, (op, args) in cases.items():
            current[0] = label
            got = backend.elementwise(op, args, f64)
            assert got is not None, label
            assert_same(got, quiet(op.numpy, *args), label)
        assert charged == ["add same shape", "add row + column"]
    finally:
        BACKEND.set_num_threads(threads)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_pairwise_sum_kernel_is_numpys_sum(kernels, dtype: str) -> None:
    dt = np.dtype(dtype)
    # every size up to 520: blocks, nodes of two blocks (summed in one step) and the
    # nodes from ~250 up whose halves are not both blocks
    sizes = [*range(1, 521), 1000, 4097, 10_007, 100_003]
    for n in sizes:
        a = (rng.standard_normal(n) * 10.0 ** rng.uniform(-4, 4, n)).astype(dt)
        if n % 5 == 0:
            a[:] = -0.0  # NumPy's sum starts from +0.0
        if n % 11 == 0:
            a[n // 2] = np.inf
        got = _threads._kernel_leaf_sums(a, [(0, n)], LOADER)
        assert got is not None, "the numba kernel did not run"
        assert_same(np.asarray(got[0]), np.add.reduce(a), f"sum of {n} {dtype}")
    a = rng.standard_normal(300_001).astype(dt)
    parts = _threads._leaves(_threads._pairwise_pieces(0, a.shape[0], 2))
    got = _threads._kernel_leaf_sums(a, parts, LOADER)
    assert [np.asarray(g).tobytes() for g in got] == \
        [np.add.reduce(a[lo:hi]).tobytes() for lo, hi in parts]


def test_min_max_along_an_axis_stay_on_numpy(kernels) -> None:
    a = rng.standard_normal((50, 40))
    assert BACKEND.reduce("max", a, axis=0) is None
    assert_same(xp.max(xp.asarray(a), axis=1)._array, a.max(axis=1), "max axis=1")


def test_transcendental_ops_take_numpys_loop_in_threads(kernels) -> None:
    for name in ("sin", "exp", "log", "tanh"):
        for dtype in ("float32", "float64"):
            route = BACKEND.route(OPS[name], np.dtype(dtype))
            a = np.linspace(0.1, 20, 5000).astype(dtype)
            got = getattr(xp, name)(xp.asarray(a))
            assert_same(got._array, _reference(name, (a,)), name)
            assert not route.numba  # float transcendental functions: NumPy's loop


def test_declines_and_fallbacks(kernels) -> None:
    a = np.arange(1000, dtype=np.float64)
    strided = xp.asarray(a)[::2]
    got = xp.add(strided, strided)  # non-contiguous: NumPy's loop (in threads)
    assert_same(got._array, a[::2] + a[::2], "strided")
    b3 = np.ones((4, 5, 6))
    c3 = np.arange(24.0).reshape(4, 1, 6)
    got = xp.asarray(b3) * xp.asarray(c3)  # needs a 3-D broadcast: not a numba kernel
    assert_same(got._array, b3 * c3, "3-D broadcast")
    add, f64 = OPS["add"], np.dtype("float64")
    assert BACKEND.elementwise(add, (np.ones(100), np.ones(7)), f64) is None
    assert BACKEND.elementwise(add, (np.ones(10), np.ones(10)), f64) is None  # small
    assert BACKEND.elementwise(add, (np.ones(100, np.float16),) * 2, np.dtype("float16")) is None
    i = xp.asarray(np.arange(100, dtype=np.int32))
    with pytest.raises(ValueError):
        i ** xp.asarray(np.full(100, -1, np.int32))  # the NumPy path's error, not a kernel's
    with pytest.raises(ValueError, match="non-negative"):
        i << xp.asarray(np.full(100, -1, np.int32))


# -------------------------------------------------- fma, reductions, pool

@pytest.mark.parametrize("dtype", ["float32", "float64", "int8", "uint64", "bool"])
def test_fused_multiply_add(kernels, monkeypatch: pytest.MonkeyPatch, dtype: str) -> None:
    dt = np.dtype(dtype)
    v = values(dt)
    a, b, c = (rng.permutation(np.resize(v, 500)).astype(dt) for _ in range(3))
    for args in ((a, b, c), (a, np.asarray(b[3]), c)):
        got = BACKEND.fused_multiply_add(*args, dt)
        assert got is not None
        assert_same(got, quiet(lambda x, y, z: x * y + z, *args), f"fma {dtype}")
    threads = BACKEND.get_num_threads()
    try:  # a backend whose numba never loads: NumPy's loops in threads
        cold = ParallelBackend(loader=_numba.NumbaLoader(disabled=True))
        cold.tune(calibration=False, forced=64)
        got = cold.fused_multiply_add(a, b, c, dt)
        assert cold.loader.status()["ready"] == 0
    finally:
        BACKEND.set_num_threads(threads)  # (a new backend sizes the shared pool)
    assert_same(got, quiet(lambda x, y, z: x * y + z, a, b, c), f"fma {dtype} threads")


def test_fused_multiply_add_declines(kernels) -> None:
    a = np.ones(500)
    fma = BACKEND.fused_multiply_add
    assert fma(a, a, a.astype(np.float32), np.float64) is None
    assert fma(a, a[:400], a, np.float64) is None
    assert fma(a[::2], a[::2], a[::2], np.float64) is None
    assert fma(a[:10], a[:10], a[:10], np.float64) is None  # small
    c = a.astype(np.complex64)
    assert fma(c, c, c, np.complex64) is None


REDUCE_CASES = [
    ((100003,), None), ((100003,), 0), ((37, 1500), 1), ((37, 1500), 0), ((1500, 37), -1),
    ((3, 40001), 1), ((2, 5, 3001), 1), ((7, 9, 1000), (0, 1, 2)), ((4, 5000), (1,)),
]


@pytest.mark.parametrize(("shape", "axis"), REDUCE_CASES)
@pytest.mark.parametrize("name", ["sum", "mean", "min", "max", "prod"])
def test_reductions_match_numpy_bitwise(kernels, name: str, shape: tuple, axis) -> None:
    for dtype in ("float32", "float64", "int32", "uint8", "bool"):
        a = (rng.standard_normal(shape) * 100).astype(dtype)
        if name == "prod" and dtype != "bool":
            a = (a % 3).astype(dtype)
        got = BACKEND.reduce(name, a, axis)
        if got is None:
            assert (name == "mean" and dtype not in ("float32", "float64")) or \
                (name == "prod" and dtype.startswith("float")) or \
                (name in ("min", "max") and (dtype == "bool" or (
                    a.ndim > 1 and not (isinstance(axis, tuple) and len(axis) == a.ndim)))) or \
                (isinstance(axis, tuple) and len(axis) not in (1, a.ndim)), (name, dtype)
            continue
        ref = quiet(getattr(np, name), a, axis)
        assert_same(got, ref, f"{name} {dtype} {shape} {axis}")
    assert BACKEND.reduce("sum", np.ones(100), None) is not None
    assert BACKEND.reduce("sum", np.ones((100, 100))[:, ::2], None) is None  # not contiguous
    assert BACKEND.reduce("median", np.ones(1000), None) is None
    assert BACKEND.reduce("max", np.ones((4, 1 << 20)), 0) is None  # along an axis: NumPy's
    assert BACKEND.reduce("max", np.ones(1 << 20, bool), None) is None  # bool: NumPy's loop
    with xp.backend("numpy"):  # the NumPy backend: the caller's own path
        assert _dispatch.reduce("sum", np.ones(1000), None) is None
        assert _dispatch.fused_multiply_add(*(np.ones(1000),) * 3, np.float64) is None


def test_float_sum_keeps_numpys_pairwise_order(kernels, monkeypatch: pytest.MonkeyPatch
                                               ) -> None:
    monkeypatch.setattr(_threads.WORKERS, "n", 4)
    for n in (129, 1000, 4097, 100001, 1 << 17):
        a = (rng.standard_normal(n) * 1e4).astype(np.float32)
        assert_same(BACKEND.reduce("sum", a), np.sum(a), f"sum n={n}")
        assert_same(BACKEND.reduce("mean", a), np.mean(a), f"mean n={n}")


def test_buffer_pool_reuses_only_free_buffers() -> None:
    shape = (512, 1024)
    pool = _buffers.BufferPool()
    x = pool.empty(shape, np.float32)
    x[...] = 1
    addr = x.__array_interface__["data"][0]
    view = x[10:]
    del x
    y = pool.empty(shape, np.float32)  # x is still seen through ``view``
    assert y.__array_interface__["data"][0] != addr
    y[...] = 2
    assert (view == 1).all()
    del view
    z = pool.empty(shape, np.float32)
    assert z.__array_interface__["data"][0] == addr
    assert z.shape == shape and z.dtype == np.float32 and z.flags.c_contiguous
    small = pool.empty((10,), np.float64)
    assert small.base is None
    assert pool.pooled_bytes() == 2 * (shape[0] * shape[1] * 4 + 64)  # x's and y's buffers
    pool.clear()
    assert pool.pooled_bytes() == 0


# ------------------------------------------------------------- threading

def test_num_threads() -> None:
    n = xp.get_num_threads()
    try:
        xp.set_num_threads(1)
        assert xp.get_num_threads() == 1 == _threads.WORKERS.n == LOADER.threads()
        a = np.arange(5000.0)
        out = np.empty_like(a)
        _threads.elementwise(np.sqrt, True, (a,), out)
        assert_same(out, np.sqrt(a), "one thread")
    finally:
        xp.set_num_threads(n)
    for bad, exc in ((0, ValueError), (-1, ValueError), (1.5, TypeError), ("2", TypeError),
                     (True, TypeError)):
        with pytest.raises(exc, match="set_num_threads") as info:
            xp.set_num_threads(bad)
        assert info.value.status is not None
    assert xp.get_num_threads() == n


_CONCURRENT = r"""
import sys, threading, numpy as np
import aiarray as xp
from aiarray import _dispatch
from aiarray._kernels import BACKEND
loader = BACKEND.loader
loader.set_sync(True)
if "stream" in sys.argv:
    BACKEND.tune(stream_bytes=0)  # every output written with non-temporal stores
    _dispatch._refresh()
a = xp.asarray(np.arange(300000, dtype=np.float64)); b = xp.asarray(np.ones(300000))
i = xp.asarray(np.arange(300000, dtype=np.int32))  # float64 + int32: a converting kernel
serial = [(a + b)._array.copy(), (a * b)._array.copy(), (a - i)._array.copy()]
assert loader.status()["ready"] >= 3, loader.status()
errors = []
def work():
    try:
        for _ in range(30):
            if not (np.array_equal((a + b)._array, serial[0])
                    and np.array_equal((a * b)._array, serial[1])
                    and np.array_equal((a - i)._array, serial[2])):
                errors.append("differs")
    except Exception as e:
        errors.append(repr(e))
ts = [threading.Thread(target=work) for _ in range(8)]
[t.start() for t in ts]; [t.join() for t in ts]
print(loader.status()["layer"], "errors", len(errors))
sys.exit(1 if errors else 0)
"""


@pytest.mark.parametrize(("layer", "stores"), [("default", "plain"), ("workqueue", "plain"),
                                               ("default", "stream")])
def test_eight_threads_calling_parallel_kernels(layer: str, stores: str) -> None:
    """No abort (workqueue is serialized by a lock) and the serial results."""
    env = dict(os.environ, AIARRAY_KERNEL_MIN_SIZE="1000")
    if layer != "default":
        env["NUMBA_THREADING_LAYER"] = layer
    out = subprocess.run([sys.executable, "-c", _CONCURRENT, stores], capture_output=True,
                         text=True, env=env, timeout=240)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "errors 0" in out.stdout
    if layer != "default":
        assert out.stdout.startswith(layer)


def test_threads_route_is_thread_safe(kernels) -> None:
    a = np.linspace(0, 10, 200_000).astype(np.float32)
    ref = np.sin(a)
    bad = []

    def work() -> None:
        for _ in range(5):
            out = np.empty_like(a)
            _threads.elementwise(np.sin, True, (a,), out)
            if not np.array_equal(out, ref):
                bad.append(1)

    ts = [threading.Thread(target=work) for _ in range(8)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert not bad


def test_env_sets_threads() -> None:
    code = "import aiarray; print(aiarray.get_num_threads())"
    env = dict(os.environ, AIARRAY_NUM_THREADS="1")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, check=True)
    assert out.stdout.strip() == "1"


def test_loading_numba_leaves_the_environment_as_it_was() -> None:
    """No setenv, from any thread: the environment after loading numba is the one before."""
    code = ("import os, aiarray; from aiarray._kernels._numba import LOADER as loader; "
            "before = dict(os.environ); loader._load(); "
            "print(loader.status()['state'], dict(os.environ) == before)")
    env = {k: v for k, v in os.environ.items() if k not in ("GOMP_SPINCOUNT", "OMP_WAIT_POLICY")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, check=True)
    assert out.stdout.split() == ["ready", "True"]

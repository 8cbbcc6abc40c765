"""The backend seam: selecting a backend, start sizes from the machine, calibration,
and thread safety of the parallel backend (aiarray._backend, _dispatch, _kernels)."""

from __future__ import annotations

import ast
import datetime
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest
from _kernel_tools import assert_same, compiling_here, tuned

import aiarray as xp
import aiarray._kernels as K
from aiarray import _backend as B
from aiarray import _dispatch
from aiarray._kernels import BACKEND, _machine, _threads, _tuning, op_routes
from aiarray._numpy_path import quiet
from aiarray._registry import OPS

ROOT = Path(__file__).resolve().parent.parent
LOADER = BACKEND.loader  # the parallel backend's numba loader (_numba.LOADER)
rng = np.random.default_rng(7)
F32, F64 = np.dtype("float32"), np.dtype("float64")


@pytest.fixture
def sync() -> Iterator[None]:
    """numba kernels compiled in the calling thread (a known route at the first call)."""
    with compiling_here():
        yield


def _spy(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Records the route of every large call: "numba:<kernel>" or "threads"."""
    seen: list[str] = []
    launch, run = LOADER.launch, _threads.WORKERS.run
    monkeypatch.setattr(LOADER, "launch",
                        lambda d, a: (seen.append(f"numba:{d.__name__}"), launch(d, a))[1])
    monkeypatch.setattr(_threads.WORKERS, "run",
                        lambda f, t: (seen.append("threads"), run(f, t))[1])
    return seen


# ---------------------------------------------------------------- selection

def test_default_backend_and_names() -> None:
    assert xp.get_backend() == "parallel"
    assert B.load("parallel") is BACKEND and B.load("numpy") is B.NUMPY
    for bad in ("numba", "", None, 3):
        with pytest.raises(ValueError, match="backend") as info:
            xp.set_backend(bad)
        assert info.value.status is not None
        with pytest.raises(ValueError, match="backend"), xp.backend(bad):
            pass
    assert xp.get_backend() == "parallel"


def test_backend_block_is_local_to_its_thread() -> None:
    seen = {}
    inside = threading.Event()
    done = threading.Event()

    def other() -> None:
        inside.wait(10)
        seen["other"] = xp.get_backend()
        done.set()

    t = threading.Thread(target=other)
    t.start()
    with xp.backend("numpy") as name:
        assert name == "numpy" and xp.get_backend() == "numpy"
        inside.set()
        done.wait(10)
    t.join()
    assert seen["other"] == "parallel" and xp.get_backend() == "parallel"


def test_set_backend_is_process_wide_and_a_block_overrides_it() -> None:
    try:
        xp.set_backend("numpy")
        assert xp.get_backend() == "numpy"
        assert _dispatch.short_path_limit() == B.NO_LIMIT  # nothing asks a backend
        with xp.backend("parallel"):
            assert xp.get_backend() == "parallel"
            assert _dispatch.short_path_limit() < B.NO_LIMIT  # the block's backend is asked
    finally:
        xp.set_backend("parallel")
    assert _dispatch.short_path_limit() < B.NO_LIMIT


def test_the_numpy_backend_declines_everything() -> None:
    a = np.ones(1 << 20)
    be = B.NUMPY
    assert be.threshold(OPS["add"], F64) == B.NO_LIMIT
    assert be.elementwise(OPS["add"], (a, a), F64) is None
    assert be.converting(OPS["add"], (a, a.astype(F32)), F64) is None
    assert be.reduce("sum", a) is None
    assert be.fused_multiply_add(a, a, a, F64) is None


CASES = [  # (function, dtypes, shapes): large enough for every route once forced to 4096
    ("add", ("float32", "float32"), ((9000,), (9000,))),
    ("add", ("float64", "float32"), ((9000,), (9000,))),  # the converting kernel
    ("multiply", ("complex64", "complex64"), ((9000,), (9000,))),  # NumPy's loop in threads
    ("divide", ("float64", "float64"), ((90, 100), (90, 1))),  # column broadcast
    ("subtract", ("int16", "int16"), ((9000,), ())),
    ("sin", ("float32",), ((9000,),)),
    ("sqrt", ("float64",), ((9000,),)),
    ("floor_divide", ("int32", "int32"), ((9000,), (9000,))),
    ("less", ("uint8", "uint8"), ((9000,), (9000,))),
    ("multiply_add", ("float32", "float32", "float32"), ((9000,), (9000,), (9000,))),
    ("sum", ("float32",), ((9000,),)),
    ("mean", ("float64",), ((30, 300),)),
    ("max", ("int64",), ((9000,),)),
    ("prod", ("int32",), ((9000,),)),
]


def _data(dtypes: tuple, shapes: tuple) -> list[np.ndarray]:
    out = []
    for dt, shape in zip(dtypes, shapes):
        dt = np.dtype(dt)
        if dt.kind in "iu":
            out.append(rng.integers(1, 50, shape).astype(dt))
        elif dt.kind == "c":
            out.append((rng.uniform(-3, 3, shape) + 1j * rng.uniform(-3, 3, shape)).astype(dt))
        else:
            v = rng.uniform(-3, 3, shape).astype(dt)
            if v.ndim:
                v.flat[::97] = np.nan
                v.flat[5::89] = -0.0
            out.append(v)
    return out


@pytest.mark.parametrize(("name", "dtypes", "shapes"), CASES)
def test_results_do_not_depend_on_the_backend(sync, monkeypatch: pytest.MonkeyPatch,
                                              name: str, dtypes: tuple, shapes: tuple) -> None:
    """The parallel backend (every route forced on) gives the NumPy backend's result
    (NaN payloads aside, see docs/design.md)."""
    arrays = _data(dtypes, shapes)
    before = [a.copy() for a in arrays]
    func = getattr(xp, name)
    with xp.backend("numpy"):
        ref = func(*[xp.asarray(a) for a in arrays])
    seen = _spy(monkeypatch)
    with tuned(forced=4096):
        got = func(*[xp.asarray(a) for a in arrays])
    assert seen, f"{name}: the parallel backend did not take the call"
    assert got.dtype == ref.dtype
    assert_same(got._array, ref._array, name)
    for a, b in zip(arrays, before):
        assert_same(a, b, "input unchanged")


# ---------------------------------------------------------------- start sizes

def test_start_sizes_follow_threads_and_caches() -> None:
    t = _tuning.derive(2, l2=1 << 20, llc=32 << 20)
    assert (t.numba_bytes, t.threads_bytes, t.costly_bytes) == (1 << 20, 4 << 20, 8 << 20)
    # the reduction kernels at 2 U, the threads at 6 U; whole arrays that the last-level
    # cache holds are measured on the calls (``reduce_whole``)
    assert (t.reduce_kernel_bytes, t.reduce_threads_bytes) == (4 << 20, 12 << 20)
    assert t.reduce_cache_bytes == 32 << 20
    assert t.stream_bytes == 16 << 20
    assert t.elements(t.numba_bytes, F32) == 1 << 18 and t.elements(t.numba_bytes, F64) == 1 << 17
    big = _tuning.derive(64, l2=1 << 20, llc=32 << 20)
    assert big.numba_bytes == 32 * t.numba_bytes  # each thread's share stays the same
    assert big.reduce_kernel_bytes == 128 << 20 and big.reduce_cache_bytes == 32 << 20
    one = _tuning.derive(1, l2=1 << 20, llc=32 << 20)
    assert one.numba_bytes == one.stream_bytes  # one thread: numba only where it streams
    assert one.threads_bytes == one.costly_bytes == one.reduce_threads_bytes == B.NO_LIMIT
    assert one.elements(one.threads_bytes, F32) == B.NO_LIMIT
    tiny = _tuning.derive(2, l2=4096, llc=16384)
    assert tiny.elements(tiny.numba_bytes, F32) == B.FLOOR  # never below the floor
    forced = _tuning.derive(2, 1 << 20, 32 << 20, forced=64)
    assert forced.elements(forced.numba_bytes, F32) == forced.costly("sin", F32) == 64


def test_whole_array_reductions_past_the_cache_axis_ones_in_threads() -> None:
    """``reduce`` takes a whole-array reduction past the last-level cache's size (below
    it ``reduce_whole`` measures the calls); its own route starts at 2 U (the kernels) or
    6 U (threads); a reduction along an axis keeps the threads' start (6 U: NumPy's loop
    over short rows pays in threads from cache)."""
    with tuned(l2=1 << 20, llc=256 << 20) as backend:
        t = backend.tuning()
        assert t.reduce_cache_bytes == 256 << 20 > t.reduce_threads_bytes
        whole, axis = t.reduce_cache_bytes // 8, t.reduce_threads_bytes // 8
        kernel = t.reduce_kernel_bytes // 8
        i64, f64 = np.empty((4, 5), np.int64), np.empty((4, 5), np.float64)
        assert backend._reduce_min_size("sum", f64, None, None) == whole  # the kernel
        assert backend._reduce_min_size("sum", i64, None, None) == whole  # threads, whole
        assert backend._reduce_min_size("prod", i64, (0, 1), None) == whole
        assert backend._reduce_min_size("max", f64.reshape(-1), 0, None) == whole
        assert backend._reduce_min_size("sum", f64, None, None, cached=False) == kernel
        assert backend._reduce_min_size("sum", i64, None, None, cached=False) == axis
        assert backend._reduce_min_size("sum", f64, -1, None) == axis  # along an axis
        assert backend._reduce_min_size("sum", i64, (0,), None) == axis


def test_the_measured_defaults_name_their_origin_and_follow_the_rules() -> None:
    """defaults.json: one record in the calibration format, naming the machine, date and
    report its numbers come from; the rules scale them to other caches and threads."""
    d = _tuning.defaults()
    assert d["format"] == _tuning.CALIBRATION_FORMAT
    machine = d["machine"]
    assert machine["cpu"] and machine["cpus"] >= 2 and machine["l2"] > 0 and machine["llc"] > 0
    assert str(datetime.date.fromisoformat(d["measured"])) == d["measured"]
    report = ROOT / d["report"]
    assert report.is_file() and d["measured"] in report.read_text()
    streams = ROOT / d["streams"]["report"]
    assert streams.is_file() and d["streams"]["measured"] in streams.read_text()
    # the same record format as calibrate's
    made = _tuning.make_record(l2=1 << 20, llc=32 << 20, threads=2, per_thread={},
                               costly_ns={}, threads_min_ns=0.0, measured="2026-12-02",
                               report="python -m aiarray calibrate --reps 5")
    assert set(made) <= set(d) and set(made["machine"]) == set(machine)
    assert set(d["per_thread"]) == set(_tuning.PER_THREAD)
    # on the measured machine the starts are its numbers; elsewhere the same multiples of
    # the L2 per CPU and the same share of the last-level cache
    here = _tuning.derive(d["threads"], machine["l2"], machine["llc"])
    for name in _tuning.PER_THREAD:
        assert getattr(here, name) == d["per_thread"][name] * d["threads"], name
    assert here.reduce_cache_bytes == machine["llc"]
    assert here.stream_bytes == d["stream_bytes"]
    assert d["report"] in here.origin and d["measured"] in here.origin
    other = {**d, "machine": {**machine, "l2": 4 << 20, "llc": 8 << 20},
             "per_thread": {**d["per_thread"], "numba_bytes": 1 << 20}, "stream_bytes": 2 << 20}
    t = _tuning.derive(4, l2=2 << 20, llc=64 << 20, measured=other)
    assert t.numba_bytes == (1 << 20) // 2 * 4  # a quarter of the L2 per thread, 4 threads
    assert t.threads_bytes == d["per_thread"]["threads_bytes"] // 2 * 4
    assert t.stream_bytes == 16 << 20  # a quarter of the last-level cache


def test_a_calibration_record_is_read_back_as_it_was_made(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("AIARRAY_CACHE_DIR", str(tmp_path))
    made = _tuning.make_record(l2=1 << 20, llc=32 << 20, threads=2,
                               per_thread={"numba_bytes": 1 << 18}, costly_ns={"sin/d": 9.0},
                               threads_min_ns=1e5, measured="2026-12-02T05:00:00",
                               report="python -m aiarray calibrate --reps 5")
    _tuning.save_calibration(1 << 20, 32 << 20, made)
    back = _tuning.load_calibration(1 << 20, 32 << 20)
    assert back == made and back["machine"]["cpu"] == _machine.cpu_model()
    t = _tuning.derive(2, 1 << 20, 32 << 20, back)
    assert t.source == "calibrated" and t.numba_bytes == 1 << 19
    assert t.origin.endswith("2026-12-02T05:00:00, python -m aiarray calibrate --reps 5")


def test_calibrated_costs_set_where_costly_ops_start() -> None:
    cal = {"per_thread": {"numba_bytes": 1 << 19}, "threads_min_ns": 400_000.0,
           "costly_ns": {"sin/d": 15.0, "exp/f": 0.3}}
    t = _tuning.derive(2, 1 << 20, 32 << 20, cal)
    assert t.source == "calibrated" and t.numba_bytes == 1 << 20
    assert t.threads_bytes == 4 << 20  # not calibrated: the rule
    assert (t.reduce_kernel_bytes, t.reduce_cache_bytes) == (4 << 20, 32 << 20)  # the rule
    measured = _tuning.derive(2, 1 << 20, 32 << 20,
                              {"per_thread": {"reduce_kernel_bytes": 1 << 20}})
    # measured here: as it was measured, and no band measured on the calls
    assert (measured.reduce_kernel_bytes, measured.reduce_cache_bytes) == (2 << 20, 0)
    sin = t.costly("sin", F64)  # 15 ns per element: 400 us of NumPy work from 2**15
    assert sin & (sin - 1) == 0 and sin * 15.0 >= 400_000 and (sin // 2) * 15.0 < 400_000
    assert t.costly("exp", F32) == t.elements(t.costly_bytes, F32)  # capped by the rule
    assert t.costly("tan", F64) == t.elements(t.costly_bytes, F64)  # not measured


def test_one_thread_many_threads_and_tiny_caches(sync, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each regime routes as its start sizes say, and every result is NumPy's."""
    n = 1 << 17  # float32: 512 KiB
    a = rng.uniform(0.5, 2, n).astype(np.float32)
    x = xp.asarray(a)
    seen = _spy(monkeypatch)
    threads = xp.get_num_threads()

    def check(expect_route: str | None) -> None:
        seen.clear()
        assert_same((x + x)._array, a + a, "add")
        assert_same(xp.sin(x)._array, quiet(np.sin, a), "sin")
        assert_same(xp.sum(x)._array, np.sum(a), "sum")
        if expect_route is None:
            assert seen == [], seen
        else:
            assert any(s.startswith(expect_route) for s in seen), seen

    try:
        with tuned(l2=1 << 20, llc=32 << 20):
            xp.set_num_threads(2)  # 2**18 float32 elements from numba: not yet
            check(None)
            xp.set_num_threads(1)  # one thread: NumPy below the streaming size
            assert BACKEND.threshold(OPS["sin"], F32) == B.NO_LIMIT
            check(None)
            xp.set_num_threads(64)  # many threads: 64x the per-thread share
            assert BACKEND.threshold(OPS["add"], F32) == 64 * (1 << 20) // 2 // 4
            check(None)
        with tuned(l2=4096, llc=16384):  # tiny caches: every route from the floor
            xp.set_num_threads(2)
            assert BACKEND.threshold(OPS["add"], F32) == B.FLOOR
            assert _dispatch._SIZES["add"][F32] == B.FLOOR
            check("numba:add")
            # sin: NumPy's loop on the large path, measured there (threads_pay decides)
            assert BACKEND.route(OPS["sin"], F32).timings
            assert BACKEND._streams(np.empty(n, np.float32)) > 0  # beyond the tiny cache
    finally:
        xp.set_num_threads(threads)


def test_small_arrays_never_reach_the_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = []
    for method in ("elementwise", "converting", "reduce", "fused_multiply_add"):
        monkeypatch.setattr(BACKEND, method, lambda *a, **k: seen.append(a))
    x = xp.asarray(np.ones(10))
    x + x  # the short path
    xp.sin(x)
    f = xp.asarray(np.ones(10, np.float32))
    i = xp.asarray(np.arange(10, dtype=np.int32))
    f + i  # two dtypes: binary() and the converting seam
    xp.sin(i)  # an integer input computed in float: unary()
    xp.sum(x), xp.max(f), xp.multiply_add(x, x, x)
    assert not seen


def test_short_path_sizes_are_the_backends_thresholds() -> None:
    """Once the backends' sizes change, every op's short-path sizes drop to the least
    threshold (never above a threshold: no call the backend wants is kept from it), and
    the op's first large call reads its own thresholds."""
    with tuned(l2=1 << 20, llc=32 << 20):
        low = _dispatch.short_path_limit()
        assert low == BACKEND.least_threshold()
        for name, per in _dispatch._SIZES.items():
            op = OPS.get(name)
            for dt, size in per.items():
                assert size <= (low if op is None else BACKEND.threshold(op, dt)), (name, dt)
        x = xp.asarray(np.linspace(1, 2, low))  # float64, as large as the least threshold
        for name in ("add", "sin", "sqrt", "less"):
            op = OPS[name]
            getattr(xp, name)(*[x] * op.arity)  # the op's first large call
            for dt in op.allowed:
                assert _dispatch._SIZES[name][dt] == BACKEND.threshold(op, dt), (name, dt)
                assert low <= BACKEND.threshold(op, dt)
        with xp.backend("numpy"):  # the parallel backend is still in use process-wide
            xp.add(x, x)
            assert _dispatch._SIZES["add"][F32] == BACKEND.threshold(OPS["add"], F32)


# ---------------------------------------------------------------- the machine

def test_cache_summary() -> None:
    caches = [(1, "data", 32768, 1), (1, "instruction", 32768, 1), (2, "unified", 1 << 21, 2),
              (3, "unified", 32 << 20, 16)]
    assert _machine.summarize(caches) == (1 << 20, 32 << 20)  # L2 shared by two CPUs
    assert _machine.summarize([(1, "data", 32768, 1)]) == (None, None)
    assert _machine.summarize([(2, "unified", 1 << 20, 1)]) == (1 << 20, 1 << 20)
    l2, llc = _machine.cache_sizes()
    assert l2 > 0 and llc >= l2
    assert _machine.cpu_count() >= 1


def test_linux_sysfs_caches(tmp_path: Path) -> None:
    for k, (level, kind, size, shared) in enumerate(
            [(1, "Data", "48K", "0,8"), (1, "Instruction", "32K", "0,8"),
             (2, "Unified", "2048K", "0,8"), (3, "Unified", "36M", "0-15")]):
        d = tmp_path / f"index{k}"
        d.mkdir()
        for name, value in (("level", level), ("type", kind), ("size", size),
                            ("shared_cpu_list", shared)):
            (d / name).write_text(f"{value}\n")
    caches = _machine.linux_caches(str(tmp_path))
    assert caches[2] == (2, "unified", 2 << 20, 2)
    assert _machine.summarize(caches) == (1 << 20, 36 << 20)
    assert _machine.linux_caches(str(tmp_path / "missing")) == []


def test_user_cache_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("AIARRAY_CACHE_DIR", str(tmp_path))
    assert _machine.user_cache_dir() == tmp_path
    monkeypatch.delenv("AIARRAY_CACHE_DIR")
    if sys.platform.startswith("linux"):
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
        assert _machine.user_cache_dir() == tmp_path / "aiarray"


# ---------------------------------------------------------------- calibration

def test_calibration_is_stored_per_machine_and_read_by_the_backend(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("AIARRAY_CACHE_DIR", str(tmp_path))
    l2, llc = _machine.cache_sizes()
    data = {"per_thread": {"numba_bytes": 4096.0}, "costly_ns": {"sin/d": 20.0},
            "threads_min_ns": 100_000.0}
    path = _tuning.save_calibration(l2, llc, data)
    assert path.parent == tmp_path and _tuning.load_calibration(l2, llc)["costly_ns"]
    assert _tuning.calibration_path(l2 * 2, llc) != path  # another machine, another file
    try:
        t = BACKEND.tune()
        if t.threads >= 2:
            assert t.source == "calibrated" and t.numba_bytes == 4096 * t.threads
    finally:
        BACKEND.tune(calibration=False)
        _dispatch._refresh()
    path.write_text("{not json")
    assert _tuning.load_calibration(l2, llc) is None  # a damaged file is ignored
    path.write_text(json.dumps({"format": -1}))
    assert _tuning.load_calibration(l2, llc) is None


_IMPORT_OPENS = r"""
import sys
opened = []
sys.addaudithook(lambda ev, args: opened.append(str(args[0])) if ev == "open" else None)
import aiarray
at_import = [p for p in opened if sys.argv[1] in p or p.endswith("defaults.json")]
import numpy as np
x = aiarray.asarray(np.ones(1 << 20, np.float32))
x + x
print(len(at_import), len([p for p in opened if sys.argv[1] in p]),
      len([p for p in opened if p.endswith("defaults.json")]),
      aiarray._kernels.BACKEND.tuning().source)
"""


def test_calibration_is_read_at_the_first_large_call_not_at_import(tmp_path: Path) -> None:
    env = dict(os.environ, AIARRAY_CACHE_DIR=str(tmp_path), AIARRAY_NUMBA="0")
    env.pop("AIARRAY_KERNEL_MIN_SIZE", None)
    code = ("from aiarray._kernels import _machine, _tuning; l2, llc = _machine.cache_sizes(); "
            "_tuning.save_calibration(l2, llc, {'per_thread': {'numba_bytes': 1e6}})")
    subprocess.run([sys.executable, "-c", code], env=env, check=True)
    out = subprocess.run([sys.executable, "-c", _IMPORT_OPENS, str(tmp_path)], env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    at_import, after, defaults, source = out.stdout.split()
    assert at_import == "0" and int(after) >= 1 and defaults == "1"  # (the measured defaults)
    assert source == ("calibrated" if xp.get_num_threads() >= 2 else "machine")


def test_calibrate_cli_show_and_forget(tmp_path: Path) -> None:
    env = dict(os.environ, AIARRAY_CACHE_DIR=str(tmp_path))
    show = subprocess.run([sys.executable, "-m", "aiarray", "calibrate", "--show"], env=env,
                          capture_output=True, text=True, check=True, timeout=120).stdout
    assert show.startswith("tuning: machine") and "numba kernels" in show
    forget = subprocess.run([sys.executable, "-m", "aiarray", "calibrate", "--forget"],
                            env=env, capture_output=True, text=True, check=True).stdout
    assert forget.startswith("no calibration stored at")


class _Call:
    """A callable with the time a fake timer reports for it."""

    def __init__(self, cost: float) -> None:
        self.cost = cost

    def __call__(self) -> None:
        pass


def test_break_even_finds_the_first_lasting_win() -> None:
    from aiarray._kernels import _calibrate as C

    def route(wins_from: int, losses: tuple = ()):  # faster than NumPy from wins_from on
        return lambda n: _Call(0.5 if n >= wins_from and n not in losses else 2.0)

    numpy = lambda n: _Call(1.0)
    timer = lambda funcs, reps, block: [f.cost for f in funcs]
    assert C.break_even(numpy, route(1 << 16), 3, timer) == 1 << 16
    # one noisy loss later on does not move it; a win the next size loses does not count
    assert C.break_even(numpy, route(1 << 16, losses=(1 << 20,)), 3, timer) == 1 << 16
    assert C.break_even(numpy, route(1 << 16, losses=(1 << 17,)), 3, timer) == 1 << 18
    assert C.break_even(numpy, route(1 << 40), 3, timer) == B.NO_LIMIT


# ---------------------------------------------------------------- threads

_EIGHT_THREADS = r"""
import sys, threading, numpy as np
import aiarray as xp
from aiarray._kernels._numba import LOADER as loader
loader.set_sync(True)
n = 300_000
a = xp.asarray(np.random.default_rng(0).uniform(0.5, 2, n))
b = xp.asarray(np.random.default_rng(1).uniform(0.5, 2, n))
i = xp.asarray(np.arange(n, dtype=np.int32))
ops = [lambda: a + b, lambda: a * b, lambda: xp.sin(a), lambda: a - i, lambda: xp.sum(a),
       lambda: xp.max(b), lambda: xp.multiply_add(a, b, a)]
serial = [op()._array.copy() for op in ops]
errors = []
def work(k):
    try:
        for r in range(15):
            for op, ref in zip(ops, serial):
                if not np.array_equal(op()._array, ref):
                    errors.append("differs")
            if k % 2 and r % 3 == 0:
                xp.set_num_threads(1 + (r // 3 + k) % 3)  # resize while others compute
    except Exception as e:
        errors.append(repr(e))
ts = [threading.Thread(target=work, args=(k,)) for k in range(8)]
[t.start() for t in ts]; [t.join() for t in ts]
print("errors", len(errors), sorted(set(errors))[:3])
sys.exit(1 if errors else 0)
"""


@pytest.mark.parametrize("numba", ["1", "0"])
def test_eight_threads_and_set_num_threads_give_serial_results(numba: str) -> None:
    """8 threads of large ops while some of them change the thread count: no exception
    (in particular no "cannot schedule new futures after shutdown"), serial results."""
    env = dict(os.environ, AIARRAY_KERNEL_MIN_SIZE="1000", AIARRAY_NUMBA=numba)
    out = subprocess.run([sys.executable, "-c", _EIGHT_THREADS], capture_output=True,
                         text=True, env=env, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "errors 0" in out.stdout


def test_resize_does_not_break_a_running_call() -> None:
    pool = _threads.Workers(3)
    started, release = threading.Event(), threading.Event()

    def task(k: int) -> int:
        if k == 1:
            started.set()
            release.wait(10)
        return k * k

    result = []
    t = threading.Thread(target=lambda: result.append(pool.run(task, [(0,), (1,), (2,)])))
    t.start()
    started.wait(10)
    old = pool._pool
    pool.resize(2)  # while the call runs on the old pool
    assert old in pool._retired and not old._shutdown
    assert pool.run(task, [(3,), (4,)]) == [9, 16]  # a new pool
    release.set()
    t.join()
    assert result == [[0, 1, 4]]
    assert old._shutdown and not pool._retired  # shut down by its last call


def test_a_failed_submit_runs_the_rest_here_and_waits() -> None:
    pool = _threads.Workers(4)
    pool.run(lambda k: k, [(0,), (1,)])  # make the pool
    done = []
    real = pool._pool

    class Failing:
        def __init__(self) -> None:
            self.n = 0

        def submit(self, *args: object):
            self.n += 1
            if self.n == 2:
                raise RuntimeError("cannot schedule new futures after shutdown")
            return real.submit(*args)

    pool._pool = Failing()

    def slow(k: int) -> None:
        threading.Event().wait(0.2)
        done.append(k)

    # the tasks the pool refused run on the calling thread; the submitted one has
    # finished before run() returns
    assert pool.run(slow, [(0,), (1,), (2,), (3,)]) == [None] * 4
    assert sorted(done) == [0, 1, 2, 3]
    real.shutdown()


def test_a_failing_task_waits_for_the_others() -> None:
    pool = _threads.Workers(3)
    done = []

    def task(k: int) -> None:
        if k == 1:
            raise ValueError("task 1")
        threading.Event().wait(0.2)
        done.append(k)

    with pytest.raises(ValueError, match="task 1"):
        pool.run(task, [(0,), (1,), (2,)])
    assert sorted(done) == [0, 2]


def test_a_call_never_waits_for_a_pool_thread_that_has_not_started() -> None:
    """While the pool's only thread is busy elsewhere, a call claims every task itself
    and returns, instead of waiting for that thread (a busy machine costs the call
    little more than running its tasks here)."""
    pool = _threads.Workers(2)
    pool.run(lambda k: k, [(0,), (1,)])  # make the pool
    busy, release = threading.Event(), threading.Event()
    pool._pool.submit(lambda: (busy.set(), release.wait(30)))
    assert busy.wait(10)
    ran_on: list[int] = []
    done = threading.Event()

    def call() -> None:
        ran_on.extend(pool.run(lambda k: threading.get_ident(), [(k,) for k in range(4)]))
        done.set()

    caller = threading.Thread(target=call)
    caller.start()
    try:
        assert done.wait(10), "the call waited for the busy pool thread"
        assert ran_on == [caller.ident] * 4
    finally:
        release.set()
        caller.join()
        pool.resize(1)



def test_a_large_call_builds_its_own_ops_routes_only() -> None:
    """After the start sizes change, no route is made until a large call asks for its
    op's (the first large call of a process pays for one op, not for every op)."""
    with tuned(l2=4096, llc=16384):
        assert BACKEND._routes == {}
        x = xp.asarray(np.linspace(1, 2, 1 << 15))
        assert_same(xp.sin(x)._array, quiet(np.sin, x._array), "sin")
        assert set(BACKEND._routes) == {OPS["sin"]}
        assert _dispatch._SIZES["sin"][F64] == BACKEND.threshold(OPS["sin"], F64)
        every = BACKEND.all_routes()  # (made on demand for the tools)
        assert OPS["add"] in every and OPS["sin"] in every
        assert set(every) == {op for op in OPS.values() if op_routes(op, BACKEND.tuning())}


def _measured_calls(monkeypatch: pytest.MonkeyPatch, slow: str
                    ) -> tuple[list[str], list[str], object]:
    """The sin route on float64 measured with one of its two ways made slower by 10 ms a
    call (``slow``: "threads" or "here"), the handoff counted as free; returns the list
    of large calls the backend was asked (one entry per call), the ways they ran, and
    the route."""
    asked: list[str] = []
    ways: list[str] = []
    elementwise, serial = _threads.elementwise, _threads.serial

    def in_threads(*args: object) -> object:
        ways.append("threads")
        if slow == "threads":
            threading.Event().wait(0.01)
        return elementwise(*args)

    def here(*args: object) -> object:
        ways.append("here")
        if slow == "here":
            threading.Event().wait(0.01)
        return serial(*args)

    backend_call = BACKEND.elementwise
    monkeypatch.setattr(_threads, "elementwise", in_threads)
    monkeypatch.setattr(_threads, "serial", here)
    monkeypatch.setattr(_threads.WORKERS, "handoff", lambda: 0.0)
    monkeypatch.setattr(BACKEND.loader, "busy", lambda: False)  # (a loader left at work)
    monkeypatch.setattr(K, "_one_in", lambda n: False)  # (no retry drawn)
    monkeypatch.setattr(BACKEND, "elementwise",
                        lambda op, args, dt: (asked.append(op.name), backend_call(op, args, dt))[1])
    return asked, ways, BACKEND.route(OPS["sin"], F64)


@pytest.mark.parametrize("slow", ["threads", "here"])
def test_threads_are_measured_against_the_calling_thread(monkeypatch: pytest.MonkeyPatch,
                                                         slow: str) -> None:
    """A size class runs on the calling thread first, then three calls in threads and
    two more on the calling thread, back to back, then the faster one; where the calling
    thread wins, the dispatcher's short path takes the class (the backend is not asked
    again), and a larger class is still measured."""
    threads = xp.get_num_threads()
    a = rng.uniform(-3, 3, 40000)  # float64: the size class of 2**15..2**16
    big = rng.uniform(-3, 3, 70000)  # the next class
    x, y = xp.asarray(a), xp.asarray(big)
    try:
        xp.set_num_threads(2)
        with tuned(l2=4096, llc=16384):  # every start at the floor, sizes not forced
            asked, ways, route = _measured_calls(monkeypatch, slow)
            for _ in range(8):
                assert_same(xp.sin(x)._array, quiet(np.sin, a), "sin")
            assert ways[:6] == ["here", "threads", "threads", "threads", "here", "here"]
            assert ways[6:] == ([] if slow == "threads" else ["threads"] * 2)
            entry = route.timings[a.size.bit_length()]
            assert entry.n_here >= 3 and entry.n_threads >= 3
            assert (entry.threads > entry.here) == (slow == "threads")
            if slow == "threads":  # learned: the short path takes the class from then on
                assert len(asked) == 6  # here, threads x 3, here x 2
                assert _dispatch._SIZES["sin"][F64] == 1 << 16
                assert BACKEND.threshold(OPS["sin"], F64) == 1 << 16
            else:  # threads won: every call is still the backend's, in threads
                assert len(asked) == 8
                assert _dispatch._SIZES["sin"][F64] == B.FLOOR
            assert_same(xp.sin(y)._array, quiet(np.sin, big), "sin")  # the next class
            assert asked[-1] == "sin" and big.size.bit_length() in route.timings
    finally:
        xp.set_num_threads(threads)


@pytest.mark.parametrize("slow", ["parallel", "numpy"])
def test_whole_array_reductions_in_the_cache_run_the_faster_measured_way(
        monkeypatch: pytest.MonkeyPatch, slow: str) -> None:
    """Below the last-level cache's size a whole-array sum runs NumPy's call first, then
    the parallel route three times and NumPy's call twice, back to back, then the faster
    of the two (one made slower by 10 ms a call)."""
    from aiarray._api import statistical

    threads = xp.get_num_threads()
    a = rng.uniform(-3, 3, 40000)  # float64, 320 KB: past 2 U, inside a 16 MiB cache
    x = xp.asarray(a)
    ran: list[str] = []

    def counted(way: str, run: Callable[..., object]) -> Callable[..., object]:
        def call(*args: object) -> object:
            ran.append(way)
            if slow == way:
                threading.Event().wait(0.01)
            return run(*args)
        return call

    try:
        xp.set_num_threads(2)
        with tuned(l2=4096, llc=16 << 20) as backend, compiling_here():
            monkeypatch.setattr(backend, "_reduce", counted("parallel", backend._reduce))
            monkeypatch.setattr(statistical, "_numpy_full",
                                counted("numpy", statistical._numpy_full))
            monkeypatch.setattr(_threads.WORKERS, "handoff", lambda: 0.0)
            monkeypatch.setattr(backend.loader, "busy", lambda: False)
            monkeypatch.setattr(K, "_one_in", lambda n: False)  # (no retry drawn)
            for _ in range(10):
                assert_same(xp.sum(x)._array, np.sum(a), "sum")
            assert ran[:6] == ["numpy", "parallel", "parallel", "parallel", "numpy", "numpy"]
            fast = "numpy" if slow == "parallel" else "parallel"
            assert ran[6:] == [fast] * 4
            entry = backend._whole[("sum", F64)][a.size.bit_length()]
            # the slower way ran three times, every call counted
            assert (entry.n_here, entry.n_threads) == ((7, 3) if slow == "parallel" else (3, 7))
            assert (entry.threads > entry.here) == (slow == "parallel")
    finally:
        xp.set_num_threads(threads)


def test_a_ways_figure_is_its_fastest_of_its_last_window_of_calls() -> None:
    """The figure kept per way and size class is the time per element of the fastest of
    the way's last ``WINDOW`` calls: stalled calls never raise it, a slowdown that lasts
    ``WINDOW`` calls does, a faster call counts at once, and the other way keeps a figure
    of its own."""
    from aiarray._kernels import WINDOW, _record

    timings: dict = {}
    size = 1000
    entry = _record(timings, size, False, 1e-3)  # 1 us per element on the calling thread
    assert entry.here == pytest.approx(1e-6) and entry.n_here == 1
    for _ in range(WINDOW - 1):  # stalled calls: 10 us per element
        _record(timings, size, False, 1e-2)
    assert entry.here == pytest.approx(1e-6) and entry.n_here == WINDOW
    _record(timings, size, False, 3e-3)  # the 1 us call leaves the window
    assert entry.here == pytest.approx(3e-6)
    _record(timings, size, False, 5e-4)  # a faster call: taken at once
    assert entry.here == pytest.approx(5e-7)
    _record(timings, size, True, 2e-3)  # the other way has its own figure
    assert (entry.threads, entry.n_threads) == (pytest.approx(2e-6), 1)
    assert entry.here == pytest.approx(5e-7)
    assert timings == {size.bit_length(): entry}


def test_one_stalled_call_does_not_hand_a_class_to_the_slower_way(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Once the parallel route has won a whole-array class, one stalled call of it (100x
    its time, as a page fault storm or another program's burst gives) leaves it the
    class: the next calls still take it."""
    from aiarray._kernels import _record, threads_pay

    monkeypatch.setattr(_threads.WORKERS, "handoff", lambda: 0.0)
    monkeypatch.setattr(_threads.WORKERS, "n", 2)
    monkeypatch.setattr(K, "_one_in", lambda n: False)  # (no retry drawn)
    timings: dict = {}
    size = 1 << 20
    ways = []
    for call in range(12):
        threads = threads_pay(timings, size) if timings else False
        ways.append(threads)
        took = (2e-3 if not threads else 1e-3) * (100 if call == 7 else 1)
        _record(timings, size, threads, took)
    assert ways[:7] == [False, True, True, True, False, False, True]
    assert ways[7:] == [True] * 5  # call 7 stalled, the route kept the class


def test_the_losing_way_is_retried_in_runs_back_to_back_at_drawn_calls(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The losing way runs ``TRIALS`` calls back to back where a retry is drawn while
    it has fewer than ``3 * TRIALS`` calls, then every ``RECHECK``-th call; threads
    whose trials all fell in a slow phase (after a pause) win the class on a retry,
    once they run at their speed."""
    from aiarray._kernels import RECHECK, TRIALS, _record, threads_pay

    monkeypatch.setattr(_threads.WORKERS, "handoff", lambda: 0.0)
    monkeypatch.setattr(_threads.WORKERS, "n", 2)
    drawn = {10, 20, 30}  # the calls (counted from 1) at which a retry is drawn
    calls = [0]

    def one_in(n: int) -> bool:
        assert n == K.RETRY
        return calls[0] in drawn

    monkeypatch.setattr(K, "_one_in", one_in)
    timings: dict = {}
    size = 1 << 20
    ways: list[bool] = []
    for call in range(1, 2 * RECHECK + 8):
        calls[0] = call
        threads = threads_pay(timings, size) if timings else False
        ways.append(threads)
        # the calling thread: 2 ms; threads: 3 ms in their trials, 1 ms from then on
        took = 2e-3 if not threads else (3e-3 if call <= 1 + TRIALS else 1e-3)
        _record(timings, size, threads, took)
    trials = [False] + [True] * TRIALS + [False] * (TRIALS - 1)
    assert ways[:len(trials)] == trials
    lost = [i + 1 for i, w in enumerate(ways) if w and i + 1 > len(trials)]
    assert lost[:TRIALS] == list(range(10, 10 + TRIALS))  # the first retry: a run
    # threads won on it, and from then on the calling thread is the one retried
    entry = timings[size.bit_length()]
    assert entry.threads < entry.here
    here = [i + 1 for i, w in enumerate(ways) if not w and i + 1 > 10]
    # it has 6 calls (it won 3 before): one run where drawn brings it to 9, then a run
    # every RECHECK calls (``calls`` counts from the class's second call)
    assert here[:TRIALS] == [20, 21, 22]
    assert here[TRIALS:] == [c + 1 + k for c in range(RECHECK, len(ways), RECHECK)
                             for k in range(TRIALS) if c + 1 + k <= len(ways)]
    assert entry.n_here == 3 * TRIALS + TRIALS * (len(here) // TRIALS - 1)


def test_a_retry_is_drawn_one_in_n_without_a_beat() -> None:
    """``_one_in(n)`` is true about once in ``n`` calls, at gaps of many lengths (a
    program's fixed rhythm of calls cannot line up with it)."""
    from aiarray._kernels import _one_in

    hits = [i for i in range(80000) if _one_in(8)]
    assert 0.11 < len(hits) / 80000 < 0.14
    gaps = np.diff(hits)
    assert len(set(gaps.tolist())) > 20 and gaps.min() == 1


def test_calls_beside_the_loaders_work_are_not_measured(monkeypatch: pytest.MonkeyPatch) -> None:
    """While the numba loader works (importing numba, loading a kernel a call asked for),
    its thread shares the GIL and the parallel route runs a stand-in: whole-array
    reductions and NumPy's loops in threads give their results but are not counted; once
    the loader is idle, they are, unless the call itself put work to the loader."""
    from aiarray._api import statistical

    threads = xp.get_num_threads()
    a = rng.uniform(-3, 3, 40000)  # float64, 320 KB: past 2 U, inside a 16 MiB cache
    x = xp.asarray(a)
    try:
        xp.set_num_threads(2)
        with tuned(l2=4096, llc=16 << 20) as backend, compiling_here():
            monkeypatch.setattr(_threads.WORKERS, "handoff", lambda: 0.0)
            monkeypatch.setattr(backend.loader, "busy", lambda: True)
            route = backend.route(OPS["sin"], F64)
            for _ in range(6):
                assert_same(xp.sum(x)._array, np.sum(a), "sum")
                assert_same(xp.sin(x)._array, quiet(np.sin, a), "sin")
            assert backend._whole[("sum", F64)] == {} and route.timings == {}
            monkeypatch.setattr(backend.loader, "busy", lambda: False)
            assert_same(xp.sum(x)._array, np.sum(a), "sum")
            assert_same(xp.sin(x)._array, quiet(np.sin, a), "sin")
            bits = a.size.bit_length()
            assert backend._whole[("sum", F64)][bits].n_here == 1
            assert route.timings[bits].n_here == 1
            # a call that asks the loader for work (and ran a stand-in meanwhile) is not
            # counted, though the loader is idle again when it ends
            numpy_full, serial = statistical._numpy_full, _threads.serial

            def asking(run: Callable[..., object]) -> Callable[..., object]:
                def call(*args: object) -> object:
                    backend.loader._requests += 1  # (what a request for a kernel does)
                    return run(*args)
                return call

            monkeypatch.setattr(statistical, "_numpy_full", asking(numpy_full))
            monkeypatch.setattr(backend, "_reduce", asking(backend._reduce))
            monkeypatch.setattr(_threads, "serial", asking(serial))
            monkeypatch.setattr(_threads, "elementwise", asking(_threads.elementwise))
            for _ in range(4):  # (the first way, then the other)
                assert_same(xp.sum(x)._array, np.sum(a), "sum")
                assert_same(xp.sin(x)._array, quiet(np.sin, a), "sin")
            for entry in (backend._whole[("sum", F64)][bits], route.timings[bits]):
                assert (entry.n_here, entry.n_threads) == (1, 0)
    finally:
        xp.set_num_threads(threads)


def test_the_loader_is_busy_while_it_imports_numba_or_loads_a_kernel(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``NumbaLoader.busy``: False before it starts, True from its start until numba is
    imported, and from a kernel's request until that kernel is loaded, then False; a
    call timed from before a request is not quiet (``quiet_since``) even when the
    kernel has loaded by its end."""
    from aiarray._kernels import _numba

    monkeypatch.setenv("AIARRAY_CACHE_DIR", str(tmp_path))  # (a load's cost is kept there)

    loader = _numba.NumbaLoader(sync=False)
    assert not loader.busy()
    importing, loading = threading.Event(), threading.Event()
    load, compile_ = loader._load, loader._compile
    monkeypatch.setattr(loader, "_load", lambda: (importing.wait(60), load())[1])
    monkeypatch.setattr(loader, "_compile", lambda key: (loading.wait(60), compile_(key))[1])

    def idle() -> None:
        deadline = time.monotonic() + 120
        while loader.busy() and time.monotonic() < deadline:
            time.sleep(0.005)
        assert not loader.busy() and loader.state == "ready", loader.status()

    loader.start()
    time.sleep(0.05)
    assert loader.busy()  # importing numba (held)
    importing.set()
    idle()
    data, out = np.zeros(64, np.int32), np.zeros((2, 2), np.int32)  # extreme()'s request
    spec = _numba.spec_of(data, 2, out)
    mark = loader.mark()  # (a call timed from here...)
    assert mark >= 0 and loader.quiet_since(mark)
    assert loader.kernel("extreme_float", spec) is None  # asked for
    time.sleep(0.05)
    assert loader.busy() and loader.mark() == -1  # loading it (held)
    loading.set()
    idle()
    assert loader.kernel("extreme_float", spec) is not None and not loader.busy()
    # (... ran beside the load it asked for, though the loader is idle when it ends)
    assert not loader.quiet_since(mark) and loader.quiet_since(loader.mark())
    loader._tasks.put(None)  # (its thread ends: none left behind)


def test_before_numba_loads_a_whole_array_below_the_threads_start_is_numpys_call(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With a calibrated start (no band measured on the calls) and numba not loaded, a
    whole-array sum between the kernels' start and the threads' start has no parallel
    route yet: NumPy's call runs, not the large path around it; once the kernels are
    there, their route runs."""
    threads = xp.get_num_threads()
    a = rng.uniform(-3, 3, 50000)  # float64, 400 KB: past 2 U (256 KiB), below 6 U
    x = xp.asarray(a)
    asked: list[str] = []
    try:
        xp.set_num_threads(2)
        with tuned(l2=64 << 10, llc=16 << 20, reduce_cache_bytes=0) as backend:
            parallel_route = backend._reduce
            monkeypatch.setattr(backend, "_reduce",
                                lambda *args: (asked.append(args[0]), parallel_route(*args))[1])
            monkeypatch.setattr(backend.loader, "sync", False)
            monkeypatch.setattr(backend.loader, "state", "loading")
            assert_same(xp.sum(x)._array, np.sum(a), "sum")
            assert asked == []
            with compiling_here():  # (a kernel can be had now: the route runs)
                assert_same(xp.sum(x)._array, np.sum(a), "sum")
            assert asked == ["sum"]
    finally:
        xp.set_num_threads(threads)


_WHOLE_DTYPES = [np.dtype(c) for c in "?bhilqBHILQfd"]
# The mean's dtype of each integer (and bool) dtype under ``ascend`` (the default policy;
# docs/promotion.md): float32 for 8-32 bit signed and 8-16 bit unsigned, float64 beyond.
_ASCEND_INT_MEAN = {"?": "float32", "b": "float32", "h": "float32", "i": "float32",
                    "l": "float64", "q": "float64", "B": "float32", "H": "float32",
                    "I": "float64", "L": "float64", "Q": "float64"}


def _whole_values(dt: np.dtype, n: int) -> np.ndarray:
    if dt.kind == "b":
        return rng.integers(0, 2, n).astype(bool)
    if dt.kind in "iu":
        return rng.integers(0, 100, n).astype(dt)
    return rng.standard_normal(n).astype(dt)


@pytest.mark.parametrize("dt", _WHOLE_DTYPES, ids=str)
def test_whole_array_reductions_in_the_cache_are_numpys_either_way(dt: np.dtype) -> None:
    """sum, prod, mean, max and min of a whole array inside the cache band, over enough
    calls that both ways run: NumPy's dtype and bits every time, the input unchanged."""
    threads = xp.get_num_threads()
    a = _whole_values(dt, 40000)
    x, before = xp.asarray(a), a.copy()
    try:
        xp.set_num_threads(2)
        with tuned(l2=4096, llc=16 << 20) as backend, compiling_here():
            for name in ("sum", "prod", "mean", "max", "min"):
                want = getattr(np, name)(a)
                if name == "mean" and dt.kind in "biu":  # Ascend: float32 up to 16 bits
                    want = want.astype(_ASCEND_INT_MEAN[dt.char])  # and int32
                for _ in range(7):
                    assert_same(np.asarray(getattr(xp, name)(x)._array), want, name)
            assert any(k[1] == dt for k in backend._whole)
    finally:
        xp.set_num_threads(threads)
    assert_same(np.asarray(x._array), before, "input unchanged")


def test_a_parallel_mean_divides_by_numpys_count() -> None:
    """NumPy's mean of float32 divides the sum by an intp count (in float64, one
    rounding); a float32 count of 2**24 + 1 elements would be rounded first."""
    a = rng.random((1 << 24) + 1).astype(np.float32)
    with tuned(forced=64), compiling_here():
        assert_same(np.asarray(xp.mean(xp.asarray(a))._array), np.mean(a), "mean")
        assert_same(_threads.reduce("mean", a, None, None, False), np.mean(a), "mean")


# ---------------------------------------------------------------- structure

def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            out.add(base)
            out.update(f"{base}.{a.name}" if node.module else f"{base}{a.name}"
                       for a in node.names)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def test_only_the_face_registers_the_kernels() -> None:
    """_api/, the core and the swap-in reach the large path only through the dispatcher;
    the package face registers the parallel backend (its one import of _kernels)."""
    package = ROOT / "aiarray"
    for path in package.rglob("*.py"):
        if "_kernels" in path.parts or path.name == "__main__.py" \
                or path == package / "__init__.py":
            continue
        names = _imports(path)
        assert not any("_kernels" in n for n in names), path
    assert "._kernels" in _imports(package / "__init__.py")
    assert B.load("parallel") is BACKEND


def test_no_module_sets_another_modules_globals() -> None:
    """No ``module.name = value`` on one of aiarray's modules anywhere in the package."""
    assert _dispatch.Array is xp.Array
    from aiarray import _layers

    assert _layers.standard() is xp
    for path in (ROOT / "aiarray").rglob("*.py"):
        tree = ast.parse(path.read_text())
        modules = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                modules.update((a.asname or a.name).split(".")[0] for a in node.names
                               if a.name.startswith("aiarray"))
            elif isinstance(node, ast.ImportFrom) and node.level and node.module is None:
                modules.update(a.asname or a.name for a in node.names)  # from . import x
        for node in ast.walk(tree):
            targets = node.targets if isinstance(node, ast.Assign) else \
                [node.target] if isinstance(node, ast.AugAssign | ast.AnnAssign) else []
            for target in targets:
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
                    assert target.value.id not in modules, (path.name, ast.unparse(node))


def test_a_cold_loader_is_asked_once_per_kernel_then_declines():
    """Before numba is ready a large call builds a kernel request only the first time per
    key (the request stays wanted); once ready, every call asks (``worth_asking``)."""
    from aiarray._kernels import _numba

    loader = _numba.NumbaLoader(disabled=False)
    assert loader.state == "cold"
    key = ("add_iuf", "float32")
    assert loader.worth_asking(key) is True
    assert [loader.worth_asking(key) for _ in range(3)] == [False] * 3
    assert loader.worth_asking(("add_iuf", "float64")) is True  # another key: asked once
    loader.state = "ready"
    assert [loader.worth_asking(key) for _ in range(3)] == [True] * 3
    off = _numba.NumbaLoader(disabled=True)
    assert off.worth_asking(key) is False and off.worth_asking(key) is False


def test_a_call_the_kernel_cannot_take_leaves_the_cold_ask_for_the_next(monkeypatch):
    """A strided (non-contiguous) large call never reaches the kernel, so it must not
    use up the one request per kernel and dtype that a cold loader takes."""
    from aiarray._kernels import ParallelBackend, _numba

    loader = _numba.NumbaLoader(disabled=False)
    backend = ParallelBackend(loader=loader)
    asked: list[str] = []
    monkeypatch.setattr(loader, "kernel", lambda name, spec: asked.append(name))
    op = OPS["add"]
    route = backend.route(op, F32)
    assert route is not None and route.numba
    n = max(route.min_size, 1024)
    strided = np.ones(2 * n, F32)[::2]
    dense = np.ones(n, F32)
    for args in ((strided, strided), (dense, dense), (dense, dense)):
        out = backend.elementwise(op, args, F32)
        assert out is not None and np.array_equal(out, np.full(n, 2, F32))
    assert asked == [f"{route.kernel}_vv"]  # the dense call asked, once

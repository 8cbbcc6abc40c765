"""Memory exhaustion: aiarray survives where NumPy does (issue 19, item 3).

Each case runs in a fresh process that first makes its arrays, then limits its
address space (``RLIMIT_AS``) to what it uses plus a little, so that the next large
allocation, thread stack or library mapping fails:

- every allocation of the standard namespace raises aiarray's AllocationError (a
  MemoryError with ``.status`` ALLOCATION_FAILED) naming the function, never NumPy's
  bare MemoryError;
- a pool thread that cannot start (no address space for its stack, or
  ``Thread.start`` refusing) gives NumPy's result on the calling thread, and threads
  again once they can start;
- a numba kernel's first launch with no room for its team's threads runs on the
  calling thread (GNU OpenMP exits the process when a team thread cannot start);
- the kernel loader with no room to load numba tries again later, and loads once
  the pressure is gone.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="RLIMIT_AS and /proc/self/status: Linux only")

PRELUDE = """
import resource, sys, threading, time
import numpy as np
import aiarray as xp
from aiarray._kernels import _numba, _threads
loader = _numba.LOADER  # the parallel backend's

def vm():
    for line in open("/proc/self/status"):
        if line.startswith("VmSize"):
            return int(line.split()[1]) * 1024

SOFT, HARD = resource.getrlimit(resource.RLIMIT_AS)

def squeeze(mb):
    '''Allow only ``mb`` more megabytes of address space.'''
    resource.setrlimit(resource.RLIMIT_AS, (vm() + (mb << 20), HARD))

def release():
    resource.setrlimit(resource.RLIMIT_AS, (SOFT, HARD))
"""


# The parallel routes from 2**16 elements, not measured against NumPy's own loop: the
# large calls below reach the pool and the kernels whatever this machine's caches.
FORCED = {"AIARRAY_KERNEL_MIN_SIZE": "65536"}


def _run(code: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    import os

    full = dict(os.environ, **(env or {}))
    out = subprocess.run([sys.executable, "-c", PRELUDE + textwrap.dedent(code)],
                         capture_output=True, text=True, timeout=180, env=full)
    assert out.returncode == 0, f"exit {out.returncode}:\n{out.stdout}\n{out.stderr}"
    return out


# (function, call) on arrays of 1e7 elements whose result needs 38 MB or more
ALLOCATING = [
    ("sort", "xp.sort(a)"),
    ("argsort", "xp.argsort(a)"),
    ("cumulative_sum", "xp.cumulative_sum(a)"),
    ("take", "xp.take(a, idx)"),
    ("unique_values", "xp.unique_values(a)"),
    ("where", "xp.where(c, a, a)"),
    ("asarray", "xp.asarray(a, copy=True)"),
    ("x[key]", "a[idx]"),  # (an integer-array key copies)
    ("x[key]", "a[c]"),  # (a boolean key too)
    ("x[key]", "xp.asarray(a, copy=False)[..., idx]"),
    ("x[key]", "s[idx._array]"),  # (a swap-in array, an ndarray key)
    ("copy.copy", "import copy; copy.deepcopy(a)"),
]


@pytest.mark.parametrize(("name", "call"), ALLOCATING, ids=[c for _, c in ALLOCATING])
def test_an_allocation_that_fails_is_aiarrays_allocation_error(name: str, call: str) -> None:
    out = _run(f"""
        n = 10**7
        base = (np.arange(n, dtype=np.float32) * 7919) % 1000
        a = xp.asarray(base)
        c = xp.asarray(np.arange(n) % 2 == 0)
        idx = xp.asarray(np.arange(n, dtype=np.int64)[::-1].copy())
        import aiarray.numpy as anp
        s = anp.asarray(base)
        squeeze(16)
        assert np.sum(base) == np.float32(4.960016e9)  # NumPy's own reduction survives
        try:
            {call}
        except MemoryError as e:
            print(type(e).__module__, type(e).__name__, e.status.name, str(e))
        else:
            print("no error")
    """)
    words = out.stdout.split()
    assert words[:3] == ["aiarray", "AllocationError", "ALLOCATION_FAILED"], out.stdout
    assert (name if name.startswith("x[") else f"{name}()") in out.stdout


def test_reductions_that_convert_survive_where_numpys_do() -> None:
    """Integer sums and means, and a float32 sum in float64, convert their input as
    NumPy does, buffer by buffer: with room for no converted copy, they return NumPy's
    result (they made a 40-80 MB copy first and ran out of memory)."""
    out = _run("""
        n = 10**7
        i32 = np.arange(n, dtype=np.int32) % 1000 - 500
        i64 = (np.arange(n, dtype=np.int64) * 7919) % 10**12
        f32 = np.arange(n, dtype=np.float32) % 97 / 7
        xs = [xp.asarray(v) for v in (i32, i64, f32)]
        squeeze(16)
        got = [xp.sum(xs[0]), xp.mean(xs[1]), xp.sum(xs[2], dtype=xp.float64)]
        want = [np.sum(i32), np.mean(i64), np.sum(f32, dtype=np.float64)]
        for g, w in zip(got, want):
            g = np.asarray(g)
            assert g.dtype == w.dtype and g.tobytes() == w.tobytes(), (g, w)
        print("ok")
    """)
    assert out.stdout.strip() == "ok"


def test_pool_threads_that_cannot_start_give_numpys_result_then_threads_again() -> None:
    """``Thread.start`` refusing (as with no memory for a stack): the large calls run
    NumPy's loop on the calling thread; after the pause the pool starts."""
    out = _run("""
        xp.set_num_threads(2)
        n = 4 * 10**6
        base = np.arange(n, dtype=np.float32) % 97 - 40
        a = xp.asarray(base)
        real = threading.Thread.start
        def refuse(self):
            raise RuntimeError("can't start new thread")
        threading.Thread.start = refuse
        got = [np.asarray(xp.sum(a)), np.asarray(xp.sin(a)), np.asarray(xp.mean(a))]
        threading.Thread.start = real
        want = [np.sum(base), np.sin(base), np.mean(base)]
        assert all(g.dtype == w.dtype and np.array_equal(g, w) for g, w in zip(got, want))
        assert "can't start" in repr(_threads.WORKERS.start_error)
        time.sleep(max(0.0, _threads.WORKERS._retry_at - time.monotonic()) + 0.05)
        assert np.array_equal(np.asarray(xp.sin(a)), np.sin(base))
        names = [t.name for t in threading.enumerate()]
        assert any(name.startswith("aiarray_") for name in names), names
        print("ok")
    """, {"AIARRAY_NUMBA": "0", **FORCED})
    assert out.stdout.strip() == "ok"


def test_pool_threads_without_address_space_for_stacks() -> None:
    out = _run("""
        xp.set_num_threads(2)
        n = 4 * 10**6
        base = np.arange(n, dtype=np.float32) % 97 - 40
        a = xp.asarray(base)
        squeeze(4)  # no room for an 8 MB thread stack
        got = np.asarray(xp.sum(a))
        assert got.dtype == np.float32 and got == np.sum(base), (got, np.sum(base))
        release()
        print("ok")
    """, {"AIARRAY_NUMBA": "0", **FORCED})
    assert out.stdout.strip() == "ok"


def test_a_kernels_first_launch_without_room_for_its_team() -> None:
    """numba's kernel compiled, not yet launched; no room for a team thread's stack: the
    launch runs on the calling thread (GNU OpenMP exited the process), and with the
    pressure gone the next launch has its team."""
    out = _run("""
        xp.set_num_threads(2)
        n = 10**7
        base = (np.arange(n, dtype=np.float32) * 7919) % 1000
        a = xp.asarray(base)
        data = base.view(np.int32)
        w = loader.threads()
        spec = _numba.spec_of(data, w, np.empty((w, 2), np.int32))
        assert loader.compile_now("extreme_float", spec) is not None, loader.status()
        squeeze(4)
        assert np.sum(base) == np.float32(4.960016e9)
        assert float(xp.max(a)) == float(np.max(base)) == 999.0
        release()
        assert float(xp.max(a)) == 999.0
        print("team", loader.team_size())
    """, FORCED)
    assert out.stdout.split() == ["team", "2"], out.stdout + out.stderr


def test_the_kernel_loader_tries_again_after_memory_pressure() -> None:
    """No room to load numba at the first large call: NumPy's results meanwhile, the
    loader postponed (not failed for good); with room again it loads."""
    out = _run("""
        n = 2 * 10**6
        base = (np.arange(n, dtype=np.float32) * 7919) % 1000
        a = xp.asarray(base)
        expected = base + base  # (made before the squeeze: only aiarray allocates under it)
        # Room for the arrays and the pool's threads (their stacks and malloc arenas), but
        # not for loading numba (LOAD_BYTES, 512 MB).
        squeeze(300)
        for _ in range(5):
            assert np.array_equal(np.asarray(a + a), expected)
        deadline = time.monotonic() + 60
        while loader.status()["state"] == "loading" and time.monotonic() < deadline:
            time.sleep(0.05)
        print("pressure", loader.status()["state"])
        release()
        time.sleep(max(0.0, loader.retry_at - time.monotonic()) + 0.05)
        assert np.array_equal(np.asarray(a + a), base + base)
        print("loaded", loader.wait(120), loader.status()["state"])
    """, {"AIARRAY_NUMBA_AFTER": "0"})
    assert out.stdout.split() == ["pressure", "cold", "loaded", "True", "ready"], \
        out.stdout + out.stderr

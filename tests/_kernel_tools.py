"""Helpers of the kernel tests: test data, bitwise comparison, the kernel generator, and
the parallel backend tuned for a test."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import numpy as np
from _scripts import load_script

from aiarray import _dispatch
from aiarray._kernels import BACKEND

ROOT = Path(__file__).resolve().parent.parent
rng = np.random.default_rng(1234)


def gen_kernels() -> object:
    """tools/gen_kernels.py, the kernel generator (outside the package)."""
    return load_script("tools/gen_kernels.py", "gen_kernels")


@contextlib.contextmanager
def tuned(**fields: object) -> Iterator[object]:
    """The parallel backend with these tuning fields (``forced=64``: every start size 64
    elements; ``stream_bytes=0``: every output streamed; ``l2``/``llc``: cache sizes)
    and without a stored calibration; the dispatcher reads its thresholds again."""
    BACKEND.tune(calibration=False, **fields)
    _dispatch._refresh()
    try:
        yield BACKEND
    finally:
        BACKEND.tune(calibration=False)
        _dispatch._refresh()


@contextlib.contextmanager
def compiling_here(loader: object = None) -> Iterator[object]:
    """The parallel backend's numba loader (or ``loader``) compiling kernels in the
    calling thread: a known route at the first call."""
    loader = BACKEND.loader if loader is None else loader
    saved = loader.sync
    loader.set_sync(True)
    try:
        yield loader
    finally:
        loader.set_sync(saved)


def values(dt: np.dtype) -> np.ndarray:
    """Edge cases and random values of ``dt``."""
    if dt.kind == "b":
        return np.array([False, True])
    if dt.kind in "iu":
        info = np.iinfo(dt)
        v = [info.min, info.max, 0, 1, 2, 3, 7, info.bits - 1, info.bits, info.bits + 1, 64, 65]
        if dt.kind == "i":
            v += [-1, -2, -3, -7, info.min + 1]
        v += list(rng.integers(info.min, info.max, 8, dtype=dt, endpoint=True))
        return np.array([int(x) for x in v], dtype=dt)
    real = np.dtype(dt.char.lower())
    f = np.finfo(real)
    r = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, 3.0, 7.0,
         -7.0, f.tiny, f.smallest_subnormal, f.max, -f.max, 1e-3, 100.0, 1e10, -1e10, 0.3]
    r += list(rng.standard_normal(10) * 10)
    v = np.array(r, real)
    if dt.kind == "f":
        return v
    out = np.empty((len(v), len(v[::3])), dt)
    out.real = v[:, None]
    out.imag = v[None, ::3]
    return out.ravel()


def ulps(x: np.ndarray, y: np.ndarray) -> int:
    """Largest distance in units in the last place (NaN == NaN; inf vs finite is huge)."""
    if x.dtype.kind == "c":
        return max(ulps(x.real.copy(), y.real.copy()), ulps(x.imag.copy(), y.imag.copy()))
    if x.dtype.kind != "f":
        return 0 if np.array_equal(x, y) else 1 << 62
    nx, ny = np.isnan(x), np.isnan(y)
    if (nx != ny).any():
        return 1 << 62
    mask = np.int64((1 << (8 * x.itemsize - 1)) - 1)

    def ordered(v: np.ndarray) -> np.ndarray:
        bits = v.view(f"i{v.itemsize}").astype(np.int64)
        return np.where(bits < 0, -(bits & mask), bits & mask)

    bits, ybits = ordered(x), ordered(y)
    d = np.abs(bits - ybits)[~nx]
    return int(d.max()) if d.size else 0


def assert_same(got: np.ndarray, ref: np.ndarray, what: str) -> None:
    """Equal dtype, shape and bits (any NaN matches any NaN)."""
    ref = np.asarray(ref)
    assert got.dtype == ref.dtype and got.shape == ref.shape, what
    if got.dtype.kind in "fc":
        real = got.view(got.real.dtype) if got.dtype.kind == "c" else got
        rref = ref.view(ref.real.dtype) if ref.dtype.kind == "c" else ref
        nan = np.isnan(real)
        assert (nan == np.isnan(rref)).all(), what + ": NaN positions differ"
        u = f"u{real.itemsize}"
        diff = ~nan & (real.view(u) != rref.view(u))
        assert not diff.any(), f"{what}: {diff.sum()} elements differ"
    else:
        assert np.array_equal(got, ref), what

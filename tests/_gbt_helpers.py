"""Test helpers for the GB/T extension tests: sample data and error checks.

Inputs are made with NumPy (+ ml_dtypes) and converted once with ``aa.asarray``;
expected values are always computed from the NumPy copy, never with aiarray.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import ml_dtypes
import numpy as np
import pytest

import aiarray as aa

BF16 = np.dtype(ml_dtypes.bfloat16)
INTS = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")
REAL_FLOATS = ("float16", "bfloat16", "float32", "float64")
COMPLEX = ("complex32", "complex64", "complex128")
NUMERIC = INTS + REAL_FLOATS + COMPLEX
ALL = ("bool", *NUMERIC)


def dt(name: str) -> np.dtype:
    """The aiarray dtype called ``name``."""
    return getattr(aa, name)


def round_c32(z: np.ndarray) -> np.ndarray:
    """complex64 values with each part rounded to float16 (values complex32 can hold)."""
    z = np.asarray(z, np.complex64)
    out = np.empty(z.shape, np.complex64)
    out.real = z.real.astype(np.float16)
    out.imag = z.imag.astype(np.float16)
    return out


def sample(name: str, shape: tuple[int, ...], seed: int = 0, lo: int = -9,
           hi: int = 9) -> tuple[np.ndarray, aa.Array]:
    """(NumPy reference, Array) holding the same random values of dtype ``name``.

    The reference of complex32 is complex64 (NumPy has no complex32); of bfloat16
    it is an ml_dtypes bfloat16 array.  Values are small integers or halves so that
    every dtype represents them exactly.
    """
    r = np.random.default_rng(seed)
    if name == "bool":
        ref = r.random(shape) < 0.5
    elif name in INTS:
        low = 0 if name.startswith("u") else lo
        ref = r.integers(low, hi, shape, endpoint=True).astype(name)
    elif name in REAL_FLOATS:
        vals = r.integers(2 * lo, 2 * hi, shape, endpoint=True) / 2
        ref = vals.astype(BF16 if name == "bfloat16" else name)
    else:
        vals = (r.integers(2 * lo, 2 * hi, shape, endpoint=True)
                + 1j * r.integers(2 * lo, 2 * hi, shape, endpoint=True)) / 2
        ref = round_c32(vals) if name == "complex32" else vals.astype(name)
    return ref, aa.asarray(ref, dtype=dt(name))


def npy(x: aa.Array) -> np.ndarray:
    """The values of ``x`` as a NumPy array (complex32 as complex64)."""
    return np.asarray(x)


def same(x: aa.Array, expected: np.ndarray, name: str | None = None) -> None:
    """``x`` has dtype ``name`` (if given), expected's shape and exactly its values."""
    assert type(x) is aa.Array
    if name is not None:
        assert x.dtype is dt(name), (x.dtype, name)
    got = npy(x)
    assert got.shape == np.shape(expected), (got.shape, np.shape(expected))
    np.testing.assert_array_equal(got, expected)


@contextlib.contextmanager
def fails(exc: type[BaseException], status: aa.Status, *words: str) -> Iterator[None]:
    """Expect ``exc`` carrying GB/T ``status`` whose message contains every word."""
    with pytest.raises(exc) as info:
        yield
    assert info.value.status is status, (info.value.status, status)
    for w in words:
        assert w in str(info.value), (w, str(info.value))

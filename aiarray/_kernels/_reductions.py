"""Parallel reductions of the large-array path: full min/max by a numba kernel.

Sums, products and means split where NumPy splits them (``_threads.reduce``);
min and max of a whole int or float32/float64 array run ``extreme_int`` /
``extreme_float`` (``_generated.py``), which reduce integer order keys; until that
kernel is loaded, NumPy's loop runs on a part per thread (``_threads.extreme``).
"""

from __future__ import annotations

import numpy as np

from .._typing import DType, NDArray
from . import _numba

_KEYS: dict[DType, DType] = {np.dtype(np.float32): np.dtype(np.int32),
                             np.dtype(np.float64): np.dtype(np.int64)}


def key_to_float(key: np.integer, dtype: DType) -> NDArray:
    """The float (0-d array of ``dtype``) whose order key ``extreme_float`` made."""
    k = np.asarray(key)
    shift = k.dtype.type(8 * k.itemsize - 1)
    out: NDArray = (k ^ ((k >> shift) & ~(k.dtype.type(1) << shift))).view(dtype)
    return out


NOT_READY = object()  # extreme(): the kernel is not loaded (yet): NumPy's loops in threads


def extreme(name: str, vec: NDArray, loader: _numba.NumbaLoader) -> object:
    """Full min or max of a 1-D contiguous int/float32/float64 array, NumPy's value;
    None (another dtype, or a zero result NumPy's loop decides) or ``NOT_READY``
    (numba is not there or has not loaded the kernel yet; asked for)."""
    dt = vec.dtype
    keys = _KEYS.get(dt)
    if keys is None and dt.kind not in "iu":
        return None
    kernel = "extreme_float" if keys is not None else "extreme_int"
    if not loader.worth_asking((kernel, dt)):
        return NOT_READY
    data = vec.view(keys) if keys is not None else vec
    workers = loader.threads()
    out = np.empty((workers, 2), data.dtype)
    disp = loader.kernel(kernel, _numba.spec_of(data, workers, out))
    if disp is None:
        return NOT_READY
    loader.launch(disp, (data, workers, out))
    lo, hi = out[:, 0].min(), out[:, 1].max()
    if keys is None:
        return np.asarray(hi if name == "max" else lo)
    inf = np.asarray(np.inf, dt).view(keys)[()]  # +inf's key; -inf's is its complement
    if hi > inf or lo < ~inf:
        return np.asarray(np.nan, dt)  # a NaN is in the data: it propagates
    res = key_to_float(hi if name == "max" else lo, dt)
    if res == 0:
        return None  # which zero NumPy keeps depends on its order: its own loop decides
    return res

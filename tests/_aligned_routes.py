"""The routes by which aiarray allocates an array (creation functions, copies, casts,
elementwise and reduction results), for the 64-byte alignment tests in
test_interop_dlpack.py (data pointers) and test_interop.py (JAX's zero-copy import).

Each route makes a fresh array of ``n`` elements (or about that many) of a dtype.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

import aiarray as aa

ALIGNMENT = 64


def data_pointer(x: aa.Array) -> int:
    """The address of x's first element, read through NumPy's view of the data."""
    return int(np.asarray(x).__array_interface__["data"][0])


def _ones(n: int, dt) -> aa.Array:
    return aa.ones(n, dtype=dt)


# route name -> (make(n, dtype), the dtypes it takes)
NUMERIC = ("float32", "float64", "int32", "uint8", "int64", "float16", "complex64")
FLOATS = ("float32", "float64", "float16")
ROUTES: dict[str, tuple[Callable[[int, object], aa.Array], tuple[str, ...]]] = {
    "empty": (lambda n, dt: aa.empty(n, dtype=dt), (*NUMERIC, "bool", "bfloat16")),
    "zeros": (lambda n, dt: aa.zeros(n, dtype=dt), (*NUMERIC, "bool", "bfloat16")),
    "ones": (_ones, (*NUMERIC, "bool", "bfloat16")),
    "full": (lambda n, dt: aa.full(n, 3, dtype=dt), (*NUMERIC, "bfloat16")),
    "empty_like": (lambda n, dt: aa.empty_like(_ones(n, dt)), NUMERIC),
    "zeros_like": (lambda n, dt: aa.zeros_like(_ones(n, dt)), NUMERIC),
    "ones_like": (lambda n, dt: aa.ones_like(_ones(n, dt)), NUMERIC),
    "full_like": (lambda n, dt: aa.full_like(_ones(n, dt), 2), NUMERIC),
    "zeros 2-D": (lambda n, dt: aa.zeros((n // 10, 10), dtype=dt), NUMERIC),
    "arange": (lambda n, dt: aa.arange(n, dtype=dt), ("float32", "float64", "int32", "int64")),
    "linspace": (lambda n, dt: aa.linspace(0, 1, n, dtype=dt), FLOATS),
    "eye": (lambda n, dt: aa.eye(int(n ** 0.5) + 1, dtype=dt), NUMERIC),
    "asarray(list)": (lambda n, dt: aa.asarray([1] * n, dtype=dt), NUMERIC),
    "asarray(ndarray, copy=True)": (
        lambda n, dt: aa.asarray(np.ones(n, dtype=np.dtype(dt)), copy=True), NUMERIC),
    "asarray(Array, copy=True)": (lambda n, dt: aa.asarray(_ones(n, dt), copy=True), NUMERIC),
    "astype": (lambda n, dt: aa.astype(aa.ones(n, dtype=aa.int8), dt), (*NUMERIC, "bfloat16")),
    "add": (lambda n, dt: _ones(n, dt) + _ones(n, dt), (*NUMERIC, "bfloat16")),
    "add, mixed dtypes": (lambda n, dt: _ones(n, dt) + aa.ones(n, dtype=aa.uint8), NUMERIC),
    "multiply by a scalar": (lambda n, dt: _ones(n, dt) * 2, NUMERIC),
    "add, broadcast": (lambda n, dt: aa.ones((n // 10, 1), dtype=dt) + aa.ones(10, dtype=dt),
                       NUMERIC),
    "negative": (lambda n, dt: -_ones(n, dt), NUMERIC),
    "sin": (lambda n, dt: aa.sin(_ones(n, dt)), FLOATS),
    "less": (lambda n, dt: aa.less(_ones(n, dt), 2), ("float32", "int32", "uint8")),
    "sum along an axis": (lambda n, dt: aa.sum(aa.ones((n, 2), dtype=dt), axis=1),
                          ("float32", "float64", "int64")),
    "max along an axis": (lambda n, dt: aa.max(aa.ones((n, 2), dtype=dt), axis=1),
                          ("float32", "int32")),
    "mean along an axis": (lambda n, dt: aa.mean(aa.ones((n, 2), dtype=dt), axis=1),
                           ("float32", "float64")),
    "cumulative_sum": (lambda n, dt: aa.cumulative_sum(_ones(n, dt)),
                       ("float32", "float64", "int64")),
}

CASES = [(route, dt) for route, (_, dts) in ROUTES.items() for dt in dts]
RESULT_DTYPE = {"less": "bool"}  # routes whose result is not of the dtype they are given


def sizes_from(min_bytes: int, route: str, dtype: str) -> int:
    """The smallest element count, in tens (the 2-D routes make (n // 10, 10)), whose
    result of ``route`` on ``dtype`` has at least ``min_bytes``."""
    itemsize = np.dtype(getattr(aa, RESULT_DTYPE.get(route, dtype))).itemsize
    return -(-min_bytes // (10 * itemsize)) * 10


def make(route: str, n: int, dtype: str) -> aa.Array:
    """A fresh array of about ``n`` elements of ``dtype`` made by ``route``."""
    return ROUTES[route][0](n, getattr(aa, dtype))

"""The routes by which aiarray allocates an array (creation functions, copies, casts,
elementwise and reduction results, and the functions that build a new array from
others: joining, sorting, searching, sets, indexing, repeating), for the 64-byte
alignment tests in test_interop_dlpack.py (data pointers) and test_interop.py (JAX's
zero-copy import).

Each route makes a fresh array of ``n`` elements (or a few more) of a dtype.  The
routes of :data:`NUMPY` also have NumPy's result of the same call on the same data (the
independent reference of their values).
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


# -- the functions that make a new array out of others -----------------------------
# Their data as NumPy arrays (the reference calls take the same ones).

def _data(n: int, dt) -> np.ndarray:
    """``n`` values in 0..100, repeating irregularly, of dtype ``dt``."""
    return ((np.arange(n) * 7919) % 101).astype(np.dtype(dt))


def _indices(n: int) -> np.ndarray:
    """``n`` int64 indices into ``n`` elements, negative ones among them."""
    return (np.arange(n) * 7919) % (2 * n) - n


def _rows(n: int, dt, width: int = 10) -> np.ndarray:
    """:func:`_data` as (at least n // width, width)."""
    return _data(-(-n // width) * width, dt).reshape(-1, width)


_PERMUTED = np.array([3, -1, 0, 7, 2, 9, -5, 4, 1, 6])  # indices into 10 columns
_A = aa.asarray

MOVE = ("float32", "uint8", "int64", "complex64", "bfloat16")  # data-movement routes
# (no bfloat16: its sorted or clipped result is a cast of the float32 one, aligned as
# casts are)
SORTED = ("float32", "int32", "uint8", "float16")
NEW: dict[str, tuple[Callable[[int, object], aa.Array], tuple[str, ...],
                     Callable[[int, object], np.ndarray]]] = {
    # route: (aiarray's call, its dtypes, NumPy's call on the same data)
    "concat": (lambda n, dt: aa.concat([_A(_data(n // 2, dt)), _A(_data(n - n // 2, dt))]),
               (*MOVE, "int32"),
               lambda n, dt: np.concatenate([_data(n // 2, dt), _data(n - n // 2, dt)])),
    "concat, 2-D along axis 1": (
        lambda n, dt: aa.concat([_A(_rows(n // 2, dt, 5)), _A(_rows(n // 2, dt, 5))], axis=1),
        MOVE, lambda n, dt: np.concatenate([_rows(n // 2, dt, 5)] * 2, axis=1)),
    "concat, axis=None": (
        lambda n, dt: aa.concat([_A(_rows(n // 2, dt)), _A(_data(n - n // 2, dt))], axis=None),
        MOVE, lambda n, dt: np.concatenate([_rows(n // 2, dt).ravel(), _data(n - n // 2, dt)])),
    "stack": (lambda n, dt: aa.stack([_A(_data(-(-n // 10), dt))] * 10, axis=1), MOVE,
              lambda n, dt: np.stack([_data(-(-n // 10), dt)] * 10, axis=1)),
    "sort": (lambda n, dt: aa.sort(_A(_data(n, dt))), SORTED,
             lambda n, dt: np.sort(_data(n, dt))),
    "take": (lambda n, dt: aa.take(_A(_data(n, dt)), _A(_indices(n))), MOVE,
             lambda n, dt: np.take(_data(n, dt), _indices(n))),
    "take along axis 1": (lambda n, dt: aa.take(_A(_rows(n, dt)), _A(_PERMUTED), axis=1),
                          MOVE, lambda n, dt: np.take(_rows(n, dt), _PERMUTED, axis=1)),
    "roll": (lambda n, dt: aa.roll(_A(_data(n, dt)), 7), MOVE,
             lambda n, dt: np.roll(_data(n, dt), 7)),
    "roll, flattened 2-D": (lambda n, dt: aa.roll(_A(_rows(n, dt)), -13), ("float32", "uint8"),
                            lambda n, dt: np.roll(_rows(n, dt), -13)),
    "roll along two axes": (
        lambda n, dt: aa.roll(_A(_rows(n, dt)), (-3, 4), axis=(0, 1)), MOVE,
        lambda n, dt: np.roll(_rows(n, dt), (-3, 4), axis=(0, 1))),
    "tile": (lambda n, dt: aa.tile(_A(_data(-(-n // 2), dt)), (2,)), MOVE,
             lambda n, dt: np.tile(_data(-(-n // 2), dt), 2)),
    "tile 2-D": (lambda n, dt: aa.tile(_A(_rows(-(-n // 4), dt, 5)), (2, 2)), MOVE,
                 lambda n, dt: np.tile(_rows(-(-n // 4), dt, 5), (2, 2))),
    "tile, new axes": (lambda n, dt: aa.tile(_A(_data(-(-n // 6), dt)), (3, 1, 2)),
                       ("float32", "uint8"),
                       lambda n, dt: np.tile(_data(-(-n // 6), dt), (3, 1, 2))),
    "clip": (lambda n, dt: aa.clip(_A(_data(n, dt)), 10, 60), SORTED,
             # (ml_dtypes' clip gives float32 for bfloat16: exact, cast back)
             lambda n, dt: np.clip(_data(n, dt), np.array(10, np.dtype(dt)),
                                   np.array(60, np.dtype(dt))).astype(np.dtype(dt))),
    "clip, min only": (lambda n, dt: aa.clip(_A(_data(n, dt)), min=50), ("float32", "int64"),
                       lambda n, dt: np.maximum(_data(n, dt), np.array(50, np.dtype(dt)))),
    "clip by arrays": (
        lambda n, dt: aa.clip(_A(_data(n, dt)), _A(_data(n, dt)[::-1].copy()), 60),
        ("float32", "int32"),
        lambda n, dt: np.minimum(np.maximum(_data(n, dt), _data(n, dt)[::-1]),
                                 np.array(60, np.dtype(dt)))),
    "clip, bounds broadcast": (
        lambda n, dt: aa.clip(_A(_data(10, dt)), _A(_rows(n, dt) // 3)), ("float32",),
        lambda n, dt: np.maximum(_data(10, dt), _rows(n, dt) // 3)),
    "reshape, copy": (lambda n, dt: aa.reshape(_A(_rows(n, dt)), (-1,), copy=True), MOVE,
                      lambda n, dt: _rows(n, dt).reshape(-1)),
    "reshape of a transpose": (
        lambda n, dt: aa.reshape(aa.permute_dims(_A(_rows(n, dt)), (1, 0)), (-1,)),
        ("float32", "uint8"), lambda n, dt: _rows(n, dt).T.reshape(-1)),
}
ROUTES.update({route: (make, dts) for route, (make, dts, _) in NEW.items()})
NUMPY = {route: ref for route, (_, _, ref) in NEW.items()}

CASES = [(route, dt) for route, (_, dts) in ROUTES.items() for dt in dts]
NEW_CASES = [(route, dt) for route, (_, dts, _) in NEW.items() for dt in dts]
RESULT_DTYPE = {"less": "bool"}  # routes whose result is not of the dtype they are given


def sizes_from(min_bytes: int, route: str, dtype: str) -> int:
    """The smallest element count, in tens (the 2-D routes make (n // 10, 10)), whose
    result of ``route`` on ``dtype`` has at least ``min_bytes``."""
    itemsize = np.dtype(getattr(aa, RESULT_DTYPE.get(route, dtype))).itemsize
    return -(-min_bytes // (10 * itemsize)) * 10


def make(route: str, n: int, dtype: str) -> aa.Array:
    """A fresh array of about ``n`` elements of ``dtype`` made by ``route``."""
    return ROUTES[route][0](n, getattr(aa, dtype))

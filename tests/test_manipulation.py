"""Manipulation functions of aiarray, checked against NumPy on the same data.

Expected values come from NumPy (np.concatenate, np.flip, np.roll, ...) applied to
the reference ndarray the aiarray input was built from; complex32 inputs use an
exactly equal complex64 reference.  Expected dtypes of mixed-dtype concat/stack
come from the hand-transcribed Ascend table in golden_promotion.py, never from
aiarray.  Results are compared byte for byte (NaN and -0.0 must move unchanged).
"""

from __future__ import annotations

import math
import zlib

import ml_dtypes
import numpy as np
import pytest
from golden_promotion import SHORT_TO_NAME, TENSOR_TENSOR

import aiarray as aa

S = aa.Status
INTS = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")
REALS = ("float16", "bfloat16", "float32", "float64")
COMPLEXES = ("complex32", "complex64", "complex128")
ALL = ("bool", *INTS, *REALS, *COMPLEXES)


def ref_dtype(name: str) -> np.dtype:
    """NumPy dtype of the reference data (complex64 stands in for complex32)."""
    if name == "complex32":
        return np.dtype(np.complex64)
    if name == "bfloat16":
        return np.dtype(ml_dtypes.bfloat16)
    return np.dtype(name)


def sample(name: str, shape: tuple[int, ...], seed: int = 0) -> tuple[aa.Array, np.ndarray]:
    """An aiarray array of dtype ``name`` and the NumPy reference holding the same values.

    Float data are multiples of 1/4 in [-16, 16) (exact in every float dtype) with a
    NaN first and a -0.0 second when there is room.
    """
    rng = np.random.default_rng(seed + zlib.crc32(name.encode()))
    n = math.prod(shape)
    if name == "bool":
        ref = rng.integers(0, 2, n).astype(bool)
    elif name in INTS:
        info = np.iinfo(name)
        ref = rng.integers(max(int(info.min), -100), min(int(info.max), 100), n, endpoint=True)
    else:
        vals = rng.integers(-64, 64, (2, n)) / 4
        vals[:, :2][vals[:, :2] == 0] = 1
        if n > 0:
            vals[0, 0] = np.nan
        if n > 1:
            vals[:, 1] = -0.0
        ref = vals[0] + 1j * vals[1] if name in COMPLEXES else vals[0]
    ref = np.asarray(ref).astype(ref_dtype(name)).reshape(shape)
    return aa.asarray(ref, dtype=getattr(aa, name)), ref


def check(out: object, expected: np.ndarray, name: str) -> None:
    """``out`` is an aiarray Array of dtype ``name`` equal byte for byte to ``expected``."""
    assert type(out) is aa.Array
    assert out.dtype is getattr(aa, name), (out.dtype, name)
    assert out.shape == expected.shape
    got = np.asarray(out)
    assert got.dtype == expected.dtype
    if name == "bfloat16":
        np.testing.assert_array_equal(got.astype(np.float32), expected.astype(np.float32))
    else:
        np.testing.assert_array_equal(got, expected)
    assert np.ascontiguousarray(got).tobytes() == np.ascontiguousarray(expected).tobytes()


def raises(exc: type, status: aa.Status, words: tuple[str, ...], func, *args, **kwargs):
    """``func(*args, **kwargs)`` raises ``exc`` carrying ``status`` and naming ``words``;
    array arguments are unchanged afterwards."""
    arrays = [a for a in (*args, *kwargs.values()) if type(a) is aa.Array]
    arrays += [a for seq in (*args, *kwargs.values()) if isinstance(seq, list | tuple)
               for a in seq if type(a) is aa.Array]
    before = [np.asarray(a).copy() for a in arrays]
    with pytest.raises(exc) as info:
        func(*args, **kwargs)
    assert info.value.status is status, info.value
    for w in words:
        assert w in str(info.value), (w, str(info.value))
    for a, b in zip(arrays, before):
        np.testing.assert_array_equal(np.asarray(a), b)


def shares(out: aa.Array, x: aa.Array) -> bool:
    return np.shares_memory(out._array, x._array)


# ---------------------------------------------------------------------------
# Every dtype, compared with NumPy
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ALL)
def test_concat_each_dtype(name):
    x, rx = sample(name, (2, 3), 1)
    y, ry = sample(name, (2, 1), 2)
    z, rz = sample(name, (1, 3), 3)
    check(aa.concat([x, y], axis=1), np.concatenate([rx, ry], axis=1), name)
    check(aa.concat((x, y, x), axis=-1), np.concatenate([rx, ry, rx], axis=-1), name)
    check(aa.concat([x, z]), np.concatenate([rx, rz]), name)
    check(aa.concat([x, y, z], axis=None), np.concatenate([rx.ravel(), ry.ravel(), rz.ravel()]),
          name)
    check(aa.concat([x]), rx, name)


@pytest.mark.parametrize("name", ALL)
def test_stack_unstack_each_dtype(name):
    x, rx = sample(name, (2, 3), 1)
    y, ry = sample(name, (2, 3), 2)
    for axis in (0, 1, 2, -1, -3):
        check(aa.stack([x, y, x], axis=axis), np.stack([rx, ry, rx], axis=axis), name)
    for axis in (0, 1, -1):
        parts = aa.unstack(x, axis=axis)
        assert type(parts) is tuple
        assert len(parts) == rx.shape[axis]
        for i, p in enumerate(parts):
            check(p, np.take(rx, i, axis=axis), name)


@pytest.mark.parametrize("name", ALL)
def test_flip_roll_each_dtype(name):
    x, rx = sample(name, (2, 3, 4), 4)
    for axis in (None, 0, -1, (0, 2), (2, -3, 1), ()):
        check(aa.flip(x, axis=axis), np.flip(rx, axis=axis), name)
    check(aa.flip(x), rx[::-1, ::-1, ::-1], name)
    check(aa.roll(x, 5), np.roll(rx, 5), name)
    check(aa.roll(x, -31), np.roll(rx, -31), name)
    check(aa.roll(x, 2, axis=1), np.roll(rx, 2, axis=1), name)
    check(aa.roll(x, (1, -3), axis=(0, 2)), np.roll(rx, (1, -3), axis=(0, 2)), name)
    check(aa.roll(x, 7, axis=(-1, 0)), np.roll(rx, 7, axis=(-1, 0)), name)
    check(aa.roll(x, 10**30 + 1, axis=2), np.roll(rx, (10**30 + 1) % 4, axis=2), name)


@pytest.mark.parametrize("name", ALL)
def test_repeat_tile_each_dtype(name):
    x, rx = sample(name, (2, 3), 5)
    check(aa.repeat(x, 2), np.repeat(rx, 2), name)
    check(aa.repeat(x, 3, axis=1), np.repeat(rx, 3, axis=1), name)
    check(aa.repeat(x, aa.asarray([0, 2, 1]), axis=-1), np.repeat(rx, [0, 2, 1], axis=1), name)
    check(aa.repeat(x, aa.asarray([2], dtype=aa.uint8), axis=0), np.repeat(rx, 2, axis=0), name)
    reps = np.arange(6) % 3
    check(aa.repeat(x, aa.asarray(reps, dtype=aa.uint64)), np.repeat(rx.ravel(), reps), name)
    for r in ((2,), (2, 1), (3, 1, 2), (), (1, 1)):
        check(aa.tile(x, r), np.tile(rx, r), name)


@pytest.mark.parametrize("name", ALL)
def test_axis_order_each_dtype(name):
    x, rx = sample(name, (2, 1, 3), 6)
    check(aa.expand_dims(x, 0), np.expand_dims(rx, 0), name)
    check(aa.expand_dims(x, axis=-1), np.expand_dims(rx, -1), name)
    check(aa.expand_dims(x, (0, 2, -1)), np.expand_dims(rx, (0, 2, -1)), name)
    check(aa.squeeze(x, 1), rx[:, 0, :], name)
    check(aa.squeeze(x, axis=(-2,)), rx[:, 0, :], name)
    check(aa.permute_dims(x, (2, 0, 1)), np.transpose(rx, (2, 0, 1)), name)
    check(aa.permute_dims(x, (-1, 0, -2)), np.transpose(rx, (2, 0, 1)), name)
    check(aa.moveaxis(x, 0, -1), np.moveaxis(rx, 0, -1), name)
    check(aa.moveaxis(x, (0, 2), (2, 0)), np.moveaxis(rx, (0, 2), (2, 0)), name)


# ---------------------------------------------------------------------------
# Edge cases: empty arrays, 0-d arrays, non-contiguous input
# ---------------------------------------------------------------------------


def test_empty_arrays():
    x, rx = sample("float32", (0, 3))
    y, ry = sample("float32", (2, 3))
    check(aa.concat([x, y]), np.concatenate([rx, ry]), "float32")
    check(aa.concat([x, x], axis=1), np.zeros((0, 6), np.float32), "float32")
    check(aa.stack([x, x], axis=1), np.zeros((0, 2, 3), np.float32), "float32")
    check(aa.flip(x), rx, "float32")
    check(aa.roll(x, 3), rx, "float32")
    check(aa.roll(x, 3, axis=0), rx, "float32")
    check(aa.repeat(x, 4, axis=0), rx, "float32")
    check(aa.repeat(y, 0, axis=1), np.zeros((2, 0), np.float32), "float32")
    check(aa.repeat(x, aa.asarray([], dtype=aa.int64), axis=0), rx, "float32")
    check(aa.tile(y, (0, 2)), np.zeros((0, 6), np.float32), "float32")
    assert aa.unstack(x) == ()
    assert [p.shape for p in aa.unstack(x, axis=1)] == [(0,)] * 3
    check(aa.squeeze(aa.reshape(x, (0, 1, 3)), 1), rx, "float32")


def test_zero_d_arrays():
    x, rx = sample("int16", ())
    check(aa.flip(x), rx, "int16")
    check(aa.roll(x, 3), rx, "int16")
    check(aa.repeat(x, 3), np.repeat(rx, 3), "int16")
    check(aa.expand_dims(x, 0), rx.reshape(1), "int16")
    check(aa.expand_dims(x, (-1, 0)), rx.reshape(1, 1), "int16")
    check(aa.squeeze(x, ()), rx, "int16")
    check(aa.permute_dims(x, ()), rx, "int16")
    check(aa.permute_dims(x), rx, "int16")
    check(aa.tile(x, (2, 3)), np.tile(rx, (2, 3)), "int16")
    check(aa.concat([x, x], axis=None), np.array([rx, rx]), "int16")
    check(aa.stack([x, x]), np.array([rx, rx]), "int16")
    raises(aa.AxisError, S.AXIS_ERROR, ("axis",), aa.concat, [x, x])
    raises(aa.AxisError, S.AXIS_ERROR, ("axis",), aa.flip, x, axis=0)
    raises(aa.AxisError, S.AXIS_ERROR, ("axis",), aa.roll, x, 1, axis=0)
    raises(aa.AxisError, S.AXIS_ERROR, ("axis",), aa.repeat, x, 2, axis=0)
    raises(aa.AxisError, S.AXIS_ERROR, ("axis",), aa.unstack, x)
    raises(aa.AxisError, S.AXIS_ERROR, ("axis",), aa.squeeze, x, 0)


def test_non_contiguous_complex32():
    x, rx = sample("complex32", (4, 6), 9)
    v = aa.permute_dims(x[::2, 1::2])
    rv = rx[::2, 1::2].T
    check(v, rv, "complex32")
    check(aa.concat([v, v], axis=None), np.concatenate([rv.ravel()] * 2), "complex32")
    check(aa.roll(v, 2), np.roll(rv, 2), "complex32")
    check(aa.repeat(v, 2, axis=1), np.repeat(rv, 2, axis=1), "complex32")
    check(aa.flip(v, axis=1), np.flip(rv, axis=1), "complex32")


# ---------------------------------------------------------------------------
# Views and copies
# ---------------------------------------------------------------------------


def test_views_and_copies():
    x, _ = sample("float64", (2, 1, 3))
    for out in (aa.flip(x), aa.permute_dims(x), aa.moveaxis(x, 0, 2), aa.expand_dims(x, 0),
                aa.squeeze(x, 1), *aa.unstack(x)):
        assert shares(out, x)
    for out in (aa.roll(x, 1), aa.repeat(x, 1), aa.tile(x, (1,)), aa.concat([x]),
                aa.stack([x]), aa.roll(x, 0, axis=()), aa.tile(x, ())):
        assert not shares(out, x)


# ---------------------------------------------------------------------------
# Promotion of concat / stack: the active policy, never NumPy's rules
# ---------------------------------------------------------------------------

PAIRS = sorted((a, b, r) for (a, b), r in TENSOR_TENSOR.items() if r is not None and a != b)


@pytest.mark.parametrize(("a", "b", "res"), PAIRS)
def test_concat_stack_promotion_table(a, b, res):
    name = SHORT_TO_NAME[res]
    x = aa.ones((2,), dtype=getattr(aa, SHORT_TO_NAME[a]))
    y = aa.ones((2,), dtype=getattr(aa, SHORT_TO_NAME[b]))
    ones = np.ones(4, ref_dtype(name))
    check(aa.concat([x, y]), ones, name)
    check(aa.stack([x, y], axis=-1), ones.reshape(2, 2), name)
    check(aa.concat([y, x], axis=None), ones, name)


def test_concat_promotion_differs_from_numpy():
    x = aa.asarray([1, 2048, 3], dtype=aa.int64)
    y = aa.asarray([0.5], dtype=aa.float16)
    out = aa.concat([x, y])  # Ascend: s64 with f16 -> f16 (NumPy would give float64)
    check(out, np.array([1, 2048, 3, 0.5], np.float16), "float16")
    b = aa.asarray([True, False])
    check(aa.stack([b, aa.asarray([3, 4], dtype=aa.int8)]),
          np.array([[1, 0], [3, 4]], np.int8), "int8")
    check(aa.concat([aa.asarray([1], dtype=aa.uint8), aa.asarray([-1], dtype=aa.int8)]),
          np.array([1, -1], np.int16), "int16")
    check(aa.concat([aa.asarray([1], dtype=aa.uint16), aa.asarray([-1], dtype=aa.int8)]),
          np.array([1, -1], np.int32), "int32")
    raises(TypeError, S.TYPE_MISMATCH, ("uint16", "float32"), aa.concat,
           [aa.ones(2, dtype=aa.uint16), aa.ones(2, dtype=aa.float32)])
    with aa.promotion_policy("array-api"):
        raises(TypeError, S.TYPE_MISMATCH, ("int32", "float32"), aa.stack,
               [aa.ones(2, dtype=aa.int32), aa.ones(2, dtype=aa.float32)])
        check(aa.concat([aa.ones(1, dtype=aa.int8), aa.ones(1, dtype=aa.uint8)]),
              np.ones(2, np.int16), "int16")


# ---------------------------------------------------------------------------
# GB/T options
# ---------------------------------------------------------------------------


def test_permute_dims_gbt_reverse():
    x, rx = sample("int32", (2, 3, 4))
    check(aa.permute_dims(x), rx.transpose(2, 1, 0), "int32")
    check(aa.permute_dims(x, None), rx.transpose(2, 1, 0), "int32")
    check(aa.permute_dims(x, ()), rx.transpose(2, 1, 0), "int32")
    check(aa.permute_dims(x, axes=[1, 2, 0]), rx.transpose(1, 2, 0), "int32")


def test_squeeze_strict_and_gbt():
    x, rx = sample("float32", (1, 3, 1, 2))
    check(aa.squeeze(x, ()), rx, "float32")
    check(aa.squeeze(x, None), rx.reshape(3, 2), "float32")
    check(aa.squeeze(x, (0, 2)), rx.reshape(3, 2), "float32")
    raises(ValueError, S.DIMENSION_MISMATCH, ("axis", "size 3"), aa.squeeze, x, (0, 1))
    raises(aa.DimensionMismatchError, S.DIMENSION_MISMATCH, ("axis",), aa.squeeze, x, -1)
    check(aa.squeeze(x, (0, 1), strict=False), rx.reshape(3, 1, 2), "float32")
    check(aa.squeeze(x, -1, strict=False), rx, "float32")
    check(aa.squeeze(x, (), strict=False), rx.reshape(3, 2), "float32")
    check(aa.squeeze(x, None, strict=False), rx.reshape(3, 2), "float32")
    raises(TypeError, S.TYPE_MISMATCH, ("strict",), aa.squeeze, x, 0, strict=1)


def test_roll_axis_none_flattens():
    x = aa.asarray([[1, 2, 3], [4, 5, 6]])
    check(aa.roll(x, 1), np.array([[6, 1, 2], [3, 4, 5]]), "int64")
    check(aa.roll(x, -2), np.array([[3, 4, 5], [6, 1, 2]]), "int64")


def test_hand_written_values():
    x = aa.asarray([[1, 2], [3, 4]])
    check(aa.repeat(x, aa.asarray([1, 2]), axis=0), np.array([[1, 2], [3, 4], [3, 4]]), "int64")
    check(aa.tile(aa.asarray([1, 2]), (2, 2)), np.array([[1, 2, 1, 2], [1, 2, 1, 2]]), "int64")
    check(aa.flip(x, axis=0), np.array([[3, 4], [1, 2]]), "int64")
    check(aa.moveaxis(aa.ones((2, 3, 4)), (0, 1), (-1, 0)), np.ones((3, 4, 2)), "float64")


# ---------------------------------------------------------------------------
# Bad input: the standard exception, the GB/T status, a message naming the argument
# ---------------------------------------------------------------------------


def test_errors_join():
    x = aa.ones((2, 3))
    y = aa.ones((2, 4))
    raises(TypeError, S.TYPE_MISMATCH, ("arrays",), aa.concat, x)
    raises(ValueError, S.INVALID_ARGUMENT, ("arrays",), aa.concat, [])
    raises(TypeError, S.UNINITIALIZED, ("arrays[1]",), aa.concat, [x, np.ones((2, 3))])
    raises(ValueError, S.DIMENSION_MISMATCH, ("arrays[1]",), aa.concat, [x, y])
    raises(ValueError, S.DIMENSION_MISMATCH, ("arrays[1]",), aa.concat, [x, aa.ones(3)])
    raises(IndexError, S.AXIS_ERROR, ("axis",), aa.concat, [x, x], axis=2)
    raises(TypeError, S.TYPE_MISMATCH, ("axis",), aa.concat, [x, x], axis=True)
    raises(TypeError, S.TYPE_MISMATCH, ("axis",), aa.concat, [x, x], axis=1.0)
    raises(ValueError, S.DIMENSION_MISMATCH, ("arrays[2]",), aa.stack, [x, x, y])
    raises(IndexError, S.AXIS_ERROR, ("axis",), aa.stack, [x, x], axis=3)
    raises(IndexError, S.AXIS_ERROR, ("axis",), aa.stack, [x, x], axis=-4)
    raises(TypeError, S.TYPE_MISMATCH, ("arrays",), aa.stack, x)
    raises(IndexError, S.AXIS_ERROR, ("axis",), aa.unstack, x, axis=2)


def test_errors_axes():
    x = aa.ones((2, 1, 3))
    raises(IndexError, S.AXIS_ERROR, ("axis",), aa.expand_dims, x, 4)
    raises(IndexError, S.AXIS_ERROR, ("axis",), aa.expand_dims, x, -5)
    raises(IndexError, S.AXIS_ERROR, ("axis",), aa.expand_dims, x, (0, 5))
    raises(ValueError, S.AXIS_ERROR, ("repeats",), aa.expand_dims, x, (1, -4))
    raises(IndexError, S.AXIS_ERROR, ("axis",), aa.squeeze, x, 3)
    raises(ValueError, S.AXIS_ERROR, ("repeats",), aa.squeeze, x, (1, -2))
    raises(IndexError, S.AXIS_ERROR, ("axes",), aa.permute_dims, x, (0, 1))
    raises(IndexError, S.AXIS_ERROR, ("axes",), aa.permute_dims, x, (0, 1, 1))
    raises(IndexError, S.AXIS_ERROR, ("axes",), aa.permute_dims, x, (0, 1, 3))
    raises(TypeError, S.TYPE_MISMATCH, ("axes",), aa.permute_dims, x, 0)
    raises(IndexError, S.AXIS_ERROR, ("source",), aa.moveaxis, x, 3, 0)
    raises(IndexError, S.AXIS_ERROR, ("destination",), aa.moveaxis, x, 0, -4)
    raises(ValueError, S.AXIS_ERROR, ("source", "destination"), aa.moveaxis, x, (0, 1), 2)
    raises(ValueError, S.AXIS_ERROR, ("repeats",), aa.moveaxis, x, (0, 0), (1, 2))
    raises(IndexError, S.AXIS_ERROR, ("axis",), aa.flip, x, axis=3)
    raises(ValueError, S.AXIS_ERROR, ("repeats",), aa.flip, x, axis=(0, -3))
    raises(IndexError, S.AXIS_ERROR, ("axis",), aa.roll, x, 1, axis=(0, 5))


def test_errors_roll_repeat_tile():
    x = aa.ones((2, 3), dtype=aa.int32)
    raises(ValueError, S.INVALID_ARGUMENT, ("shift",), aa.roll, x, (1, 2))
    raises(ValueError, S.INVALID_ARGUMENT, ("shift", "axis"), aa.roll, x, (1, 2, 3), axis=(0, 1))
    raises(TypeError, S.TYPE_MISMATCH, ("shift",), aa.roll, x, 1.5)
    raises(TypeError, S.TYPE_MISMATCH, ("shift[1]",), aa.roll, x, (1, "a"), axis=(0, 1))
    raises(ValueError, S.INVALID_ARGUMENT, ("repeats", "-1"), aa.repeat, x, -1)
    raises(ValueError, S.INVALID_ARGUMENT, ("repeats[1]", "-2"), aa.repeat, x,
           aa.asarray([1, -2, 0]), axis=1)
    raises(TypeError, S.TYPE_MISMATCH, ("repeats",), aa.repeat, x, aa.asarray([1.0, 2.0]),
           axis=0)
    raises(TypeError, S.TYPE_MISMATCH, ("repeats",), aa.repeat, x, True)
    raises(TypeError, S.TYPE_MISMATCH, ("repeats",), aa.repeat, x, 2.0)
    raises(ValueError, S.DIMENSION_MISMATCH, ("repeats",), aa.repeat, x,
           aa.asarray([1, 2]), axis=1)
    raises(ValueError, S.DIMENSION_MISMATCH, ("repeats",), aa.repeat, x,
           aa.asarray([[1, 2]]), axis=0)
    # a 0-d integer array is a count, as in NumPy (issue 13)
    assert np.array_equal(np.asarray(aa.repeat(x, aa.asarray(2))), np.repeat(np.asarray(x), 2))
    raises(IndexError, S.AXIS_ERROR, ("axis",), aa.repeat, x, 2, axis=2)
    raises(MemoryError, S.ALLOCATION_FAILED, ("repeat",), aa.repeat, x, 2**62)
    raises(ValueError, S.INVALID_ARGUMENT, ("repetitions[1]",), aa.tile, x, (1, -1))
    raises(TypeError, S.TYPE_MISMATCH, ("repetitions[0]",), aa.tile, x, (1.5,))
    raises(TypeError, S.TYPE_MISMATCH, ("repetitions",), aa.tile, x, 2)


@pytest.mark.parametrize("func", [
    lambda a: aa.concat([a]), lambda a: aa.stack([a]), lambda a: aa.unstack(a),
    lambda a: aa.expand_dims(a, 0), lambda a: aa.squeeze(a, 0), lambda a: aa.permute_dims(a),
    lambda a: aa.moveaxis(a, 0, 0), lambda a: aa.flip(a), lambda a: aa.roll(a, 1),
    lambda a: aa.repeat(a, 1), lambda a: aa.tile(a, (1,)), lambda a: aa.reshape(a, (1,)),
    lambda a: aa.broadcast_to(a, (1,)), lambda a: aa.broadcast_arrays(a),
])
def test_not_an_array(func):
    with pytest.raises(TypeError) as info:
        func(np.ones(1))
    assert info.value.status is S.UNINITIALIZED
    assert "asarray" in str(info.value)


# ---------------------------------------------------------------------------
# The functions that existed before: reshape and broadcasting
# ---------------------------------------------------------------------------


def test_reshape_and_broadcast():
    x, rx = sample("complex32", (2, 3))
    check(aa.reshape(x, (3, -1)), rx.reshape(3, 2), "complex32")
    assert shares(aa.reshape(x, (6,), copy=False), x)
    assert not shares(aa.reshape(x, (6,), copy=True), x)
    raises(ValueError, S.INVALID_ARGUMENT, ("copy",), aa.reshape, aa.permute_dims(x), (6,),
           copy=False)
    raises(ValueError, S.DIMENSION_MISMATCH, ("reshape",), aa.reshape, x, (4, -1))
    check(aa.broadcast_to(x, (2, 2, 3)), np.broadcast_to(rx, (2, 2, 3)), "complex32")
    raises(ValueError, S.DIMENSION_MISMATCH, ("broadcast_to",), aa.broadcast_to, x, (3, 3))
    assert aa.broadcast_shapes((2, 1), (3,), ()) == (2, 3)
    raises(ValueError, S.DIMENSION_MISMATCH, ("shapes",), aa.broadcast_shapes, (2,), (3,))
    out = aa.broadcast_arrays(x, aa.ones((1, 3)))
    assert type(out) is tuple
    assert [o.shape for o in out] == [(2, 3), (2, 3)]


def test_concat_mindspore_policy():
    p = aa.as_parameter(aa.ones(2, dtype=aa.float32))
    with aa.promotion_policy("mindspore"):
        check(aa.concat([aa.ones(1, dtype=aa.int8), aa.ones(1, dtype=aa.uint8)]),
              np.ones(2, np.int16), "int16")
        raises(RuntimeError, S.TYPE_MISMATCH, ("parameter",), aa.stack,
               [p, aa.ones(2, dtype=aa.float64)])
        check(aa.concat([p, aa.ones(1, dtype=aa.float16)]), np.ones(3, np.float32), "float32")


@pytest.mark.parametrize("name", ALL)
def test_sliding_window_view_each_dtype(name):
    from aiarray.lib.stride_tricks import sliding_window_view

    x, ref = sample(name, (3, 5))
    for window, axis in ((3, 1), ((2, 2), None), (2, 0), ((2, 3), (0, 1))):
        got = sliding_window_view(x, window, axis)
        want = np.lib.stride_tricks.sliding_window_view(ref, window, axis)
        assert got.dtype == x.dtype and got.shape == want.shape
        np.testing.assert_array_equal(np.asarray(got), want.astype(np.asarray(got).dtype))
        assert np.shares_memory(got._array, x._array)  # a view, no copy
        assert not got._array.flags.writeable  # read-only, as NumPy's


def test_sliding_window_view_errors_and_namespaces():
    import aiarray.numpy as anp
    from aiarray.lib.stride_tricks import sliding_window_view

    x = aa.arange(6)
    raises(ValueError, S.INVALID_ARGUMENT, ("window_shape", "7"), sliding_window_view, x, 7)
    raises(ValueError, S.INVALID_ARGUMENT, ("window_shape", "-1"), sliding_window_view, x, -1)
    raises(aa.AxisError, S.AXIS_ERROR, ("axis", "3"), sliding_window_view, x, 2, 3)
    raises(ValueError, S.INVALID_ARGUMENT, ("axis", str(2**63)),  # (NumPy: OverflowError)
           sliding_window_view, x, 2, 2**63)
    raises(TypeError, S.UNINITIALIZED, ("x",), sliding_window_view, np.arange(6), 2)
    assert sliding_window_view(anp.arange(6), 2)._numpy  # keeps the swap-in's tag
    assert not sliding_window_view(x, 2)._numpy
    assert aa.lib.stride_tricks.sliding_window_view is sliding_window_view


def test_astype_takes_a_numpy_scalar_as_its_0d_array():
    for value, dt in ((np.float64("nan"), aa.float32), (np.int16(-3), aa.float64),
                      (np.bool_(True), aa.int8)):
        got = aa.astype(value, dt)
        want = np.asarray(value).astype(dt)
        assert type(got) is aa.Array and got.dtype == dt and got.shape == ()
        np.testing.assert_array_equal(np.asarray(got), want)
    raises(TypeError, S.UNINITIALIZED, ("x",), aa.astype, 1.5, aa.float32)  # not Python's

"""GB/T operators without an Array API name: layout, creation, shape, gather/scatter,
multiply-add, trace and closeness (aiarray/_api/gbt_*.py).

Every expected value is computed with NumPy on the same data (or written by hand),
never with aiarray.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from _gbt_helpers import ALL, BF16, INTS, NUMERIC, dt, fails, npy, same, sample

import aiarray as aa
from aiarray._api.gbt_indexing import gather_nd, masked_select, scatter
from aiarray._api.gbt_math import allclose, isclose, multiply_add, trace
from aiarray._api.gbt_transforms import (
    Layout,
    ascontiguousarray,
    crop,
    diag,
    flatten,
    is_contiguous,
    layout,
    pad,
    split,
    strided_slice,
)
from aiarray.sparse import from_dense

S = aa.Status
SOME = ("bool", "int8", "uint64", "float16", "bfloat16", "float64", "complex32", "complex128")


def wrap(a: np.ndarray) -> aa.Array:
    """An Array over exactly this ndarray (keeps its strides), for layout tests."""
    return aa.Array._new(a)


# -- contiguity and layout (6.4, 7.2.1.6, 7.2.2.7) ------------------------------------------


@pytest.mark.parametrize("name", ALL)
def test_ascontiguousarray_copies_only_when_needed(name: str) -> None:
    ref, x = sample(name, (3, 4))
    assert ascontiguousarray(x) is x
    view = x[:, ::2]
    assert not is_contiguous(view)
    out = ascontiguousarray(view)
    assert out is not view and is_contiguous(out)
    same(out, ref[:, ::2], name)
    same(x, ref)  # the source is untouched


def test_contiguity_matches_numpy_flags() -> None:
    a = np.arange(24.0).reshape(2, 3, 4)
    cases = [a, a[:, 1:, :], a[:, :, ::2], a.transpose(1, 0, 2), np.asfortranarray(a),
             np.broadcast_to(a[:1], (5, 3, 4)), a[0, 0, 0:0], np.float64(2.0) * np.ones(()),
             a[::-1]]
    for c in cases:
        got = is_contiguous(wrap(c))
        assert type(got) is bool and got == c.flags.c_contiguous, c.strides
        out = ascontiguousarray(wrap(c))
        assert npy(out).flags.c_contiguous
        np.testing.assert_array_equal(npy(out), c)


def test_ascontiguousarray_of_broadcast_view_is_writable_copy() -> None:
    x = aa.broadcast_to(aa.asarray([1, 2, 3]), (2, 3))
    out = ascontiguousarray(x)
    out[0, 0] = 7
    same(out, np.array([[7, 2, 3], [1, 2, 3]]))
    same(x, np.array([[1, 2, 3], [1, 2, 3]]))


def _physical_offset(coord: tuple[int, ...], shape: tuple[int, ...], order: tuple[int, ...]) -> int:
    """GB/T 6.4: traverse dim order[0] first, then order[1], ... (element offset)."""
    off, step = 0, 1
    for r in order:
        off += coord[r] * step
        step *= shape[r]
    return off


@pytest.mark.parametrize("shape", [(2, 3), (2, 3, 4), (5,), (3, 1, 2)])
@pytest.mark.parametrize("order", ["C", "F"])
def test_layout_dim_order_follows_gbt_6_4(shape: tuple[int, ...], order: str) -> None:
    a = np.zeros(shape, order=order)
    lay = layout(wrap(a))
    assert isinstance(lay, Layout) and lay.format == "dense"
    n = len(shape)
    expected = tuple(range(n - 1, -1, -1)) if order == "C" or n == 1 else tuple(range(n))
    if order == "F" and 1 in shape:  # both orders describe it; the default wins
        expected = tuple(range(n - 1, -1, -1)) if a.flags.c_contiguous else expected
    assert lay.dim_order == expected
    # the dim order reproduces where each element lives in memory
    for coord in np.ndindex(*shape):
        byte = sum(c * s for c, s in zip(coord, a.strides))
        assert _physical_offset(coord, shape, lay.dim_order) * a.itemsize == byte


def test_layout_examples() -> None:
    # GB/T 6.4 example: shape [2, 3] with dim order [0, 1] stores [0,0], [1,0], [0,1], ...
    f = wrap(np.asfortranarray(np.arange(6).reshape(2, 3)))
    assert layout(f).dim_order == (0, 1)
    assert layout(aa.ones((2, 3))) == Layout("dense", (1, 0))
    assert layout(aa.ones(())) == Layout("dense", ())
    a = np.zeros((2, 3, 4))
    assert layout(wrap(a.transpose(1, 0, 2))).dim_order == (2, 0, 1)
    assert layout(wrap(a[:, :, ::2])).dim_order == (2, 1, 0)
    assert layout(from_dense(aa.ones((2, 3)))) == Layout("coo", (1, 0))


def test_layout_and_contiguity_reject_non_arrays() -> None:
    for func in (layout, is_contiguous, ascontiguousarray):
        with fails(TypeError, S.UNINITIALIZED, "x", "numpy"):
            func(np.ones(3))


# -- diag (7.2.1.17) ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("k", [-2, 0, 1, 4])
def test_diag_builds_matrix(name: str, k: int) -> None:
    ref, v = sample(name, (3,), seed=k + 5)
    same(diag(v, k=k), np.diag(ref, k), name)


@pytest.mark.parametrize("k", [-3, -1, 0, 2, 5])
def test_diag_of_matrix_is_its_diagonal(k: int) -> None:
    ref, m = sample("float32", (3, 4))
    out = diag(m, k=k)
    same(out, np.diag(ref, k).copy(), "float32")
    if out.size:
        out[0] = 100.0  # a copy: the matrix is unchanged
        same(m, ref)


def test_diag_errors() -> None:
    with fails(ValueError, S.DIMENSION_MISMATCH, "v", "(2, 2, 2)"):
        diag(aa.ones((2, 2, 2)))
    with fails(ValueError, S.DIMENSION_MISMATCH, "v"):
        diag(aa.asarray(1.0))
    with fails(TypeError, S.TYPE_MISMATCH, "k"):
        diag(aa.ones(2), k=True)
    with fails(TypeError, S.TYPE_MISMATCH, "k"):
        diag(aa.ones(2), k=1.0)
    with fails(TypeError, S.UNINITIALIZED, "v"):
        diag([1, 2])


# -- split (7.2.3.6) -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", SOME)
def test_split_by_count_and_sizes(name: str) -> None:
    ref, x = sample(name, (6, 4, 2))
    parts = split(x, 3)
    assert type(parts) is tuple and len(parts) == 3
    for p, e in zip(parts, np.split(ref, 3)):
        same(p, e, name)
    parts = split(x, [1, 0, 3], axis=-2)  # sizes, not numpy's split points
    for p, e in zip(parts, (ref[:, 0:1], ref[:, 1:1], ref[:, 1:4])):
        same(p, e, name)
    same(x, ref)


def test_split_parts_are_views() -> None:
    ref, x = sample("int32", (4, 2))
    a, b = split(x, 2)
    assert np.shares_memory(npy(a), npy(x)) and np.shares_memory(npy(b), npy(x))
    same(a, ref[:2])


def test_split_empty_axis() -> None:
    parts = split(aa.ones((0, 3)), 2)
    assert [p.shape for p in parts] == [(0, 3), (0, 3)]


def test_split_errors() -> None:
    x = aa.ones((5, 2))
    with fails(ValueError, S.INVALID_ARGUMENT, "indices_or_sections=2", "length 5"):
        split(x, 2)
    with fails(ValueError, S.INVALID_ARGUMENT, "sum to 4", "length 5"):
        split(x, [1, 3])
    with fails(ValueError, S.INVALID_ARGUMENT, "indices_or_sections[1]=-1"):
        split(x, [6, -1])
    with fails(ValueError, S.INVALID_ARGUMENT, "indices_or_sections=0"):
        split(x, 0)
    with fails(ValueError, S.INVALID_ARGUMENT, "empty"):
        split(x, [])
    with fails(TypeError, S.TYPE_MISMATCH, "indices_or_sections"):
        split(x, 2.5)
    with fails(TypeError, S.TYPE_MISMATCH, "indices_or_sections[0]"):
        split(x, [True, 4])
    with fails(IndexError, S.AXIS_ERROR, "axis=2"):
        split(x, 1, axis=2)
    with fails(ValueError, S.AXIS_ERROR, "0-d"):
        split(aa.asarray(1.0), 1)


# -- strided_slice (7.2.3.10) -------------------------------------------------------------------


@pytest.mark.parametrize("name", SOME)
def test_strided_slice_matches_numpy(name: str) -> None:
    ref, x = sample(name, (5, 4, 6), seed=3)
    r = np.random.default_rng(11)
    for _ in range(12):
        begin, size, strides = [], [], []
        for d in x.shape:
            b = int(r.integers(0, d + 1))
            begin.append(b)
            size.append(int(r.integers(0, d - b + 1)))
            strides.append(int(r.integers(1, d + 1)))
        key = tuple(slice(b, b + s, t) for b, s, t in zip(begin, size, strides))
        out = strided_slice(x, begin, size, strides=strides)
        same(out, ref[key], name)
        assert out.shape == tuple(math.ceil(s / t) for s, t in zip(size, strides))
    same(strided_slice(x, (1, 0, 2), (3, 4, 4)), ref[1:4, :, 2:6], name)
    same(x, ref)


def test_strided_slice_edges() -> None:
    ref, x = sample("float64", (0, 3))
    same(strided_slice(x, [0, 3], [0, 0], strides=[1, 1]), ref[0:0, 3:3])
    ref, x = sample("int16", ())
    same(strided_slice(x, [], []), ref)


def test_strided_slice_errors_name_the_axis() -> None:
    ref, x = sample("float32", (4, 5))
    cases = [
        (([0, 6], [1, 0], None), IndexError, S.OUT_OF_RANGE, ("begin[1]=6", "axis 1")),
        (([-1, 0], [1, 1], None), IndexError, S.OUT_OF_RANGE, ("begin[0]=-1", "axis 0")),
        (([2, 0], [3, 1], None), IndexError, S.OUT_OF_RANGE, ("size[0]=3", "axis 0")),
        (([0, 0], [1, -1], None), IndexError, S.OUT_OF_RANGE, ("size[1]=-1",)),
        (([0, 0], [1, 1], [1, 6]), IndexError, S.OUT_OF_RANGE, ("strides[1]=6", "axis 1")),
        (([0, 0], [1, 1], [0, 1]), ValueError, S.INVALID_ARGUMENT, ("strides[0]=0",)),
        (([0], [1, 1], None), ValueError, S.INVALID_ARGUMENT, ("begin", "one per axis")),
        (([0, 0], [1, 1], [1]), ValueError, S.INVALID_ARGUMENT, ("strides",)),
        (([0, 0.5], [1, 1], None), TypeError, S.TYPE_MISMATCH, ("begin[1]",)),
        ((0, [1, 1], None), TypeError, S.TYPE_MISMATCH, ("begin",)),
    ]
    for (b, s, t), exc, status, words in cases:
        with fails(exc, status, "strided_slice", *words):
            strided_slice(x, b, s, strides=t)
    same(x, ref)


# -- pad (7.2.3.12) ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ALL)
def test_pad_modes_match_numpy(name: str) -> None:
    ref, x = sample(name, (3, 4), seed=2)
    widths = [(2, 1), (0, 3)]
    flat = [2, 1, 0, 3]
    value = True if name == "bool" else 5
    expected = np.pad(ref, widths, constant_values=value)
    same(pad(x, flat, value=value), expected, name)
    same(pad(x, widths, mode="constant", value=value), expected, name)
    same(pad(x, flat, mode="periodic"), np.pad(ref, widths, mode="wrap"), name)
    same(pad(x, flat, mode="mirror"), np.pad(ref, widths, mode="reflect"), name)
    same(pad(x, flat, mode="symmetric"), np.pad(ref, widths, mode="symmetric"), name)
    same(x, ref)


def test_pad_hand_examples() -> None:
    x = aa.asarray([1, 2, 3])
    same(pad(x, [2, 2], mode="mirror"), np.array([3, 2, 1, 2, 3, 2, 1]))
    same(pad(x, [2, 2], mode="symmetric"), np.array([2, 1, 1, 2, 3, 3, 2]))
    same(pad(x, [4, 5], mode="periodic"), np.array([3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2]))
    same(pad(x, [1, 0]), np.array([0, 1, 2, 3]), "int64")
    same(pad(aa.asarray([True]), [1, 1]), np.array([False, True, False]), "bool")
    same(pad(aa.asarray([False]), [0, 1], value=1), np.array([False, True]), "bool")
    same(pad(aa.asarray(2.5), []), np.array(2.5))
    same(pad(aa.ones((0, 2)), [1, 0, 0, 0], value=3.0), np.full((1, 2), 3.0))
    c = pad(aa.asarray([1 + 1j], dtype=aa.complex32), [1, 1], value=2 - 1j)
    same(c, np.array([2 - 1j, 1 + 1j, 2 - 1j], np.complex64), "complex32")
    b = pad(aa.asarray([1.5], dtype=aa.bfloat16), [0, 1], value=0.25)
    same(b, np.array([1.5, 0.25], BF16), "bfloat16")


def test_pad_errors() -> None:
    ref, x = sample("int8", (3, 2))
    cases = [
        (([1, 1],), {}, ValueError, S.INVALID_ARGUMENT, ("2*ndim = 4",)),
        (([1, -1, 0, 0],), {}, ValueError, S.INVALID_ARGUMENT, ("axis 0", "non-negative")),
        (([(1, 1)],), {}, ValueError, S.INVALID_ARGUMENT, ("1 pairs",)),
        (([3, 0, 0, 0],), {"mode": "mirror"}, ValueError, S.INVALID_ARGUMENT,
         ("up to 2", "axis 0")),
        (([0, 0, 0, 3],), {"mode": "symmetric"}, ValueError, S.INVALID_ARGUMENT,
         ("up to 2", "axis 1")),
        (([0, 0, 0, 1],), {"mode": "reflect"}, ValueError, S.INVALID_ARGUMENT, ("mode",)),
        (([1, 0, 0, 0],), {"value": 1.5}, TypeError, S.TYPE_MISMATCH, ("value=1.5",)),
        (([1, 0, 0, 0],), {"value": aa.asarray(1)}, TypeError, S.TYPE_MISMATCH, ("value",)),
        (([1, 0, 0, 0],), {"value": 300}, OverflowError, S.OUT_OF_RANGE, ("300",)),
        (([1, 0, 0, 0],), {"value": 1 + 1j}, TypeError, S.TYPE_MISMATCH, ("value",)),
        (("ab",), {}, TypeError, S.TYPE_MISMATCH, ("pad_width",)),
        (([1, 0, 0, 0.5],), {}, TypeError, S.TYPE_MISMATCH, ("pad_width[3]",)),
    ]
    for args, kwargs, exc, status, words in cases:
        with fails(exc, status, *words):
            pad(x, *args, **kwargs)
    with fails(ValueError, S.INVALID_ARGUMENT, "size 0"):
        pad(aa.ones((0, 2)), [1, 0, 0, 0], mode="periodic")
    with fails(TypeError, S.TYPE_MISMATCH, "value=2"):
        pad(aa.asarray([True]), [1, 1], value=2)
    same(x, ref)


# -- crop (7.2.3.15) and flatten (7.2.3.20) ------------------------------------------------------


@pytest.mark.parametrize("name", SOME)
def test_crop(name: str) -> None:
    ref, x = sample(name, (4, 5, 3))
    same(crop(x, [2, 3, 3], [1, 2, 0]), ref[1:3, 2:5, 0:3], name)
    same(crop(x, (0, 5, 1), (4, 0, 2)), ref[4:4, 0:5, 2:3], name)
    with fails(IndexError, S.OUT_OF_RANGE, "shape[1]=4", "axis 1"):
        crop(x, [1, 4, 1], [0, 2, 0])
    with fails(IndexError, S.OUT_OF_RANGE, "offsets[2]=-1"):
        crop(x, [1, 1, 1], [0, 0, -1])
    with fails(ValueError, S.INVALID_ARGUMENT, "offsets"):
        crop(x, [1, 1, 1], [0, 0])
    same(x, ref)


@pytest.mark.parametrize(("start", "end"), [(0, -1), (1, 2), (0, 0), (-3, -2), (2, 3), (3, 3)])
def test_flatten_matches_reshape(start: int, end: int) -> None:
    ref, x = sample("complex32", (2, 3, 4, 5))
    s, e = start % 4, end % 4
    shape = (*ref.shape[:s], math.prod(ref.shape[s:e + 1]), *ref.shape[e + 1:])
    same(flatten(x, start_axis=start, end_axis=end), ref.reshape(shape), "complex32")


def test_flatten_edges_and_errors() -> None:
    same(flatten(aa.asarray(3)), np.array([3]))
    same(flatten(aa.ones((2, 0, 3)), start_axis=1), np.ones((2, 0)))
    x = aa.ones((2, 3, 4))
    with fails(ValueError, S.AXIS_ERROR, "start_axis=2", "end_axis=1"):
        flatten(x, start_axis=2, end_axis=1)
    with fails(IndexError, S.AXIS_ERROR, "end_axis=3"):
        flatten(x, end_axis=3)
    with fails(IndexError, S.AXIS_ERROR, "start_axis=1"):
        flatten(aa.asarray(1.0), start_axis=1)


# -- gather_nd (7.2.3.17) -----------------------------------------------------------------------


def _gather_reference(ref: np.ndarray, idx: np.ndarray) -> np.ndarray:
    k = idx.shape[-1]
    out = np.empty(idx.shape[:-1] + ref.shape[k:], ref.dtype)
    for pos in np.ndindex(*idx.shape[:-1]):
        out[pos] = ref[tuple(int(i) for i in idx[pos])]
    return out


@pytest.mark.parametrize("name", ALL)
def test_gather_nd(name: str) -> None:
    ref, x = sample(name, (4, 3, 2), seed=7)
    r = np.random.default_rng(1)
    for k, lead in ((1, (5,)), (2, (2, 3)), (3, (4,)), (2, ()), (3, ())):
        idx = np.stack([r.integers(0, d, lead) for d in ref.shape[:k]], axis=-1)
        out = gather_nd(x, aa.asarray(idx))
        same(out, _gather_reference(ref, idx), name)
    same(x, ref)


def test_gather_nd_negative_and_unsigned_indices() -> None:
    ref, x = sample("float64", (3, 4))
    idx = np.array([[-1, -4], [2, 3], [-3, 0]])
    same(gather_nd(x, aa.asarray(idx)), np.array([ref[2, 0], ref[2, 3], ref[0, 0]]))
    same(gather_nd(x, aa.asarray([[2], [0]], dtype=aa.uint8)), ref[[2, 0]])


def test_gather_nd_errors() -> None:
    ref, x = sample("int32", (3, 4))
    with fails(IndexError, S.OUT_OF_RANGE, "indices[..., 1][1]=4", "axis 1"):
        gather_nd(x, aa.asarray([[0, 0], [1, 4]]))
    with fails(IndexError, S.OUT_OF_RANGE, "-4"):
        gather_nd(x, aa.asarray([[-4, 0]]))
    with fails(IndexError, S.OUT_OF_RANGE, "300"):
        gather_nd(x, aa.asarray([[300]], dtype=aa.uint16))
    with fails(TypeError, S.TYPE_MISMATCH, "indices", "float64"):
        gather_nd(x, aa.asarray([[0.0, 1.0]]))
    with fails(ValueError, S.DIMENSION_MISMATCH, "length 3"):
        gather_nd(x, aa.asarray([[0, 0, 0]]))
    with fails(ValueError, S.DIMENSION_MISMATCH, "indices"):
        gather_nd(x, aa.asarray(0))
    with fails(TypeError, S.UNINITIALIZED, "indices"):
        gather_nd(x, [[0, 0]])
    same(x, ref)


# -- scatter (7.2.3.18) -------------------------------------------------------------------------


def _scatter_reference(ref: np.ndarray, idx: np.ndarray, upd: np.ndarray, axis: int,
                       accumulate: bool) -> np.ndarray:
    out = ref.copy()
    for j, i in enumerate(idx):
        dst = (slice(None),) * axis + (int(i),)
        src = (slice(None),) * axis + (j,)
        out[dst] = out[dst] + upd[src] if accumulate else upd[src]
    return out


@pytest.mark.parametrize("name", ALL)
def test_scatter_overwrite_last_wins(name: str) -> None:
    ref, x = sample(name, (5, 3), seed=4)
    idx = np.array([1, 4, 1, -1, 0, 1])
    uref, upd = sample(name, (6, 3), seed=9)
    out = scatter(x, aa.asarray(idx), upd)
    same(out, _scatter_reference(ref, idx % 5, uref, 0, False), name)
    same(x, ref)
    same(upd, uref)


@pytest.mark.parametrize("name", ["int8", "uint32", "int64", "float32", "float64", "complex64"])
def test_scatter_accumulate(name: str) -> None:
    ref, x = sample(name, (3, 4), seed=5)
    idx = np.array([2, 0, 2, 2, 3])
    uref, upd = sample(name, (3, 5), seed=6)
    out = scatter(x, aa.asarray(idx), upd, axis=1, accumulate=True)
    same(out, _scatter_reference(ref, idx, uref, 1, True), name)
    same(x, ref)


def test_scatter_special_dtypes_accumulate_round_once() -> None:
    x = aa.asarray([1.0, 0.0], dtype=aa.bfloat16)
    upd = aa.asarray([2.0**-8, 2.0**-8, 2.0**-8, 2.0**-8], dtype=aa.bfloat16)
    out = scatter(x, aa.asarray([0, 0, 0, 0]), upd, accumulate=True)
    # 1 + 4 * 2**-8 computed in float32, then rounded once to bfloat16
    same(out, np.array([1.0 + 2.0**-6, 0.0], BF16), "bfloat16")
    c = aa.asarray([1 + 1j], dtype=aa.complex32)
    out = scatter(c, aa.asarray([0, 0]), aa.asarray([0.5j, 2], dtype=aa.complex32),
                  accumulate=True)
    same(out, np.array([3 + 1.5j], np.complex64), "complex32")


def test_scatter_promotion_like_setitem() -> None:
    ref, x = sample("float32", (3,))
    out = scatter(x, aa.asarray([1]), aa.asarray([7], dtype=aa.int8))
    same(out, np.array([ref[0], 7, ref[2]], np.float32), "float32")
    with fails(TypeError, S.TYPE_MISMATCH, "float64", "float32"):
        scatter(x, aa.asarray([1]), aa.asarray([7.0]))
    with aa.promotion_policy("array-api"), fails(TypeError, S.TYPE_MISMATCH, "int8"):
        scatter(x, aa.asarray([1]), aa.asarray([7], dtype=aa.int8))
    same(x, ref)


def test_scatter_errors_leave_input_unchanged() -> None:
    ref, x = sample("int16", (4, 2))
    upd = aa.asarray([[1, 1], [2, 2]], dtype=aa.int16)
    with fails(IndexError, S.OUT_OF_RANGE, "indices[1]=4", "axis 0"):
        scatter(x, aa.asarray([0, 4]), upd)
    with fails(IndexError, S.OUT_OF_RANGE, "-5"):
        scatter(x, aa.asarray([-5, 0]), upd)
    with fails(ValueError, S.DIMENSION_MISMATCH, "updates", "(2, 2)"):
        scatter(x, aa.asarray([0, 1, 2]), upd)
    with fails(ValueError, S.DIMENSION_MISMATCH, "1-D"):
        scatter(x, aa.asarray([[0, 1]]), upd)
    with fails(TypeError, S.TYPE_MISMATCH, "indices"):
        scatter(x, aa.asarray([0.0, 1.0]), upd)
    with fails(TypeError, S.TYPE_MISMATCH, "accumulate"):
        scatter(aa.asarray([True, False]), aa.asarray([0]), aa.asarray([True]),
                accumulate=True)
    with fails(TypeError, S.TYPE_MISMATCH, "accumulate=1"):
        scatter(x, aa.asarray([0, 1]), upd, accumulate=1)
    with fails(IndexError, S.AXIS_ERROR, "axis=2"):
        scatter(x, aa.asarray([0, 1]), upd, axis=2)
    with fails(TypeError, S.UNINITIALIZED, "updates"):
        scatter(x, aa.asarray([0, 1]), [[1, 1], [2, 2]])
    same(x, ref)


def test_scatter_empty_indices() -> None:
    ref, x = sample("float64", (3, 2))
    same(scatter(x, aa.asarray([], dtype=aa.int64), aa.ones((0, 2))), ref)


# -- masked_select (7.2.3.25) ---------------------------------------------------------------------


@pytest.mark.parametrize("name", SOME)
def test_masked_select(name: str) -> None:
    ref, x = sample(name, (3, 4), seed=8)
    mref = np.random.default_rng(2).random((3, 4)) < 0.5
    same(masked_select(x, aa.asarray(mref)), ref[mref], name)
    row = np.array([True, False, False, True])
    same(masked_select(x, aa.asarray(row)), ref[np.broadcast_to(row, (3, 4))], name)
    same(masked_select(aa.asarray(5), aa.asarray(True)), np.array([5]))
    same(masked_select(aa.asarray(5), aa.asarray(False)), np.array([], np.int64))
    same(x, ref)


def test_masked_select_errors() -> None:
    x = aa.ones((3, 4))
    with fails(TypeError, S.TYPE_MISMATCH, "mask", "int64"):
        masked_select(x, aa.asarray([1, 0, 1, 0]))
    with fails(ValueError, S.DIMENSION_MISMATCH, "mask", "(3,)"):
        masked_select(x, aa.asarray([True, False, True]))
    with fails(ValueError, S.DIMENSION_MISMATCH, "(2, 3, 4)"):
        masked_select(x, aa.ones((2, 3, 4), dtype=aa.bool))


# -- multiply_add (7.2.4.4) -----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["bool", *INTS, "float16", "float32", "float64", "complex64",
                                  "complex128"])
def test_multiply_add_same_dtype(name: str) -> None:
    a, x1 = sample(name, (3, 1, 4), seed=1)
    b, x2 = sample(name, (5, 1), seed=2)
    c, x3 = sample(name, (4,), seed=3)
    with np.errstate(over="ignore"):
        expected = np.add(np.multiply(a, b), c)
    same(multiply_add(x1, x2, x3), expected, name)
    same(x1, a)


def test_multiply_add_x3_broadcasts_the_product() -> None:
    a, x1 = sample("int32", (3,), seed=1)
    b, x2 = sample("int32", (1,), seed=2)
    c, x3 = sample("int32", (2, 4, 1), seed=3)
    same(multiply_add(x1, x2, x3), a * b + c, "int32")
    same(multiply_add(aa.asarray(2.5), aa.asarray(2.0), aa.asarray(-1.0)), np.array(4.0))


def test_multiply_add_special_dtypes_round_once() -> None:
    a, x1 = sample("bfloat16", (6,), seed=1)
    b, x2 = sample("bfloat16", (6,), seed=2)
    c, x3 = sample("bfloat16", (6,), seed=3)
    f = np.float32
    expected = (a.astype(f) * b.astype(f) + c.astype(f)).astype(BF16)
    same(multiply_add(x1, x2, x3), expected, "bfloat16")
    a, x1 = sample("complex32", (6,), seed=4)
    b, x2 = sample("complex32", (6,), seed=5)
    c, x3 = sample("complex32", (6,), seed=6)
    z = a * b + c  # complex64
    exp = np.empty(6, np.complex64)
    exp.real = z.real.astype(np.float16)
    exp.imag = z.imag.astype(np.float16)
    same(multiply_add(x1, x2, x3), exp, "complex32")


def test_multiply_add_promotion() -> None:
    a, x1 = sample("int8", (4,))
    b, x2 = sample("uint8", (4,))
    c, x3 = sample("float16", (4,))
    # ascend tables: s8 with u8 -> s16, then s16 with f16 -> f16
    out = multiply_add(x1, x2, x3)
    expected = (a.astype(np.int16) * b.astype(np.int16)).astype(np.float16) + c
    same(out, expected, "float16")
    # scalars use the tensor-scalar table: int8 array, Python int and float -> float32
    out = multiply_add(x1, 3, 0.5)
    same(out, a.astype(np.float32) * np.float32(3) + np.float32(0.5), "float32")
    same(multiply_add(2, x1, 1), a * np.int8(2) + np.int8(1), "int8")
    with aa.promotion_policy("array-api"), fails(TypeError, S.TYPE_MISMATCH, "multiply_add"):
        multiply_add(x1, x2, x3)
    with fails(TypeError, S.TYPE_MISMATCH, "multiply_add"):
        multiply_add(x1, aa.asarray([1], dtype=aa.uint64), x1)


def test_multiply_add_errors() -> None:
    with fails(TypeError, S.UNINITIALIZED, "x1"):
        multiply_add(1, 2, 3)
    with fails(TypeError, S.UNINITIALIZED, "x3"):
        multiply_add(aa.ones(2), 2, "3")
    with fails(ValueError, S.DIMENSION_MISMATCH, "x1 (2,)", "x3 (3,)"):
        multiply_add(aa.ones(2), aa.ones(2), aa.ones(3))
    with fails(OverflowError, S.OUT_OF_RANGE, "300"):
        multiply_add(aa.ones(2, dtype=aa.int8), 300, 1)


# -- trace (7.2.4.13) ---------------------------------------------------------------------


@pytest.mark.parametrize("name", NUMERIC)
def test_trace_dtype_rules(name: str) -> None:
    ref, x = sample(name, (3, 4, 2), seed=2)
    expected_dt = {"int8": "int64", "int16": "int64", "int32": "int64", "int64": "int64",
                   "uint8": "uint64", "uint16": "uint64", "uint32": "uint64",
                   "uint64": "uint64"}.get(name, name)
    out = trace(x, offset=1, axis1=0, axis2=1)
    assert out.dtype is dt(expected_dt)
    wide = ref.astype(np.complex128 if "complex" in name else np.float64)
    np.testing.assert_array_equal(npy(out).astype(wide.dtype), np.trace(wide, 1, 0, 1))


@pytest.mark.parametrize(("offset", "axis1", "axis2"),
                         [(0, 0, 1), (1, 1, 0), (-1, 0, 2), (2, -1, -3), (-5, 1, 2), (9, 2, 1)])
def test_trace_axes_and_offsets(offset: int, axis1: int, axis2: int) -> None:
    ref, x = sample("float64", (3, 4, 5), seed=6)
    out = trace(x, offset=offset, axis1=axis1, axis2=axis2)
    same(out, np.trace(ref, offset, axis1, axis2), "float64")


def test_trace_explicit_dtype_and_errors() -> None:
    ref, x = sample("int8", (3, 3))
    same(trace(x, dtype=aa.float64), np.trace(ref.astype(np.float64)), "float64")
    big = aa.asarray(np.full((2, 2), 100, np.int8))
    same(trace(big), np.array(200), "int64")  # no int8 wrap-around
    with fails(TypeError, S.TYPE_MISMATCH, "dtype=int32"):
        trace(aa.ones((2, 2)), dtype=aa.int32)
    with fails(TypeError, S.TYPE_MISMATCH, "bool"):
        trace(aa.ones((2, 2), dtype=aa.bool))
    with fails(ValueError, S.INVALID_ARGUMENT, "at least 2 axes"):
        trace(aa.ones(3))
    with fails(ValueError, S.AXIS_ERROR, "same axis"):
        trace(aa.ones((2, 2)), axis1=1, axis2=-1)
    with fails(IndexError, S.AXIS_ERROR, "axis2=2"):
        trace(aa.ones((2, 2)), axis2=2)
    with fails(TypeError, S.TYPE_MISMATCH, "offset"):
        trace(aa.ones((2, 2)), offset=0.5)


# -- isclose / allclose (7.2.5.7) ---------------------------------------------------------


def test_isclose_matches_numpy_on_floats() -> None:
    r = np.random.default_rng(3)
    a = r.normal(size=200)
    b = a + r.normal(scale=1e-5, size=200) * np.abs(a)
    special = np.array([np.inf, -np.inf, np.nan, np.inf, 0.0, np.nan, 1e300])
    other = np.array([np.inf, np.inf, np.nan, 1.0, -0.0, 1.0, -1e300])
    a, b = np.concatenate([a, special]), np.concatenate([b, other])
    for rtol, atol, eq in ((1e-5, 1e-8, False), (1e-3, 0.0, True), (0.0, 1e-4, False)):
        got = isclose(aa.asarray(a), aa.asarray(b), rtol=rtol, atol=atol, equal_nan=eq)
        same(got, np.isclose(a, b, rtol=rtol, atol=atol, equal_nan=eq), "bool")
        assert allclose(aa.asarray(a[:200]), aa.asarray(b[:200]), rtol=rtol, atol=atol) == \
            bool(np.allclose(a[:200], b[:200], rtol=rtol, atol=atol))


def test_isclose_is_asymmetric() -> None:
    x1, x2 = aa.asarray([1.0]), aa.asarray([0.9])
    # |1 - 0.9| = 0.1 <= 0 + 0.1 * |other|: false when other = 0.9, true when other = 1
    assert not allclose(x1, x2, rtol=0.1, atol=0.0)
    assert allclose(x2, x1, rtol=0.1, atol=0.0)


def test_isclose_integers_exact_and_no_overflow() -> None:
    a = aa.asarray([2**62, -128], dtype=aa.int64)
    b = aa.asarray([2**62 + 1, 127], dtype=aa.int64)
    same(isclose(a, b, rtol=0.0, atol=0.0), np.array([False, False]))
    same(isclose(a, b, rtol=0.0, atol=1.0), np.array([True, False]))
    i8 = aa.asarray([-128, 5], dtype=aa.int8)
    same(isclose(i8, aa.asarray([127, 5], dtype=aa.int8), atol=254.0), np.array([False, True]))
    same(isclose(i8, aa.asarray([127, 5], dtype=aa.int8), atol=255.0), np.array([True, True]))
    u = aa.asarray([0, 2**64 - 1], dtype=aa.uint64)
    same(isclose(u, aa.asarray([2**64 - 1, 2**64 - 1], dtype=aa.uint64), atol=0.0),
         np.array([False, True]))
    same(isclose(aa.asarray([True, False]), aa.asarray([True, True])), np.array([True, False]))


@pytest.mark.parametrize("name", ["float16", "bfloat16", "float32", "complex32", "complex64"])
def test_isclose_narrow_dtypes(name: str) -> None:
    a, x1 = sample(name, (20,), seed=1)
    b, x2 = sample(name, (20,), seed=2)
    w = np.complex128 if "complex" in name else np.float64
    same(isclose(x1, x2, rtol=0.5, atol=1.0),
         np.isclose(a.astype(w), b.astype(w), rtol=0.5, atol=1.0), "bool")
    big = aa.asarray([60000.0], dtype=aa.float16)
    assert not allclose(big, -big)  # the difference overflows float16, not the test


def test_isclose_promotion_broadcast_and_scalars() -> None:
    a, x1 = sample("int32", (3, 1))
    b, x2 = sample("float32", (4,))
    same(isclose(x1, x2, atol=2.0),
         np.isclose(a.astype(np.float64), b.astype(np.float64), atol=2.0), "bool")
    same(isclose(x1, 3), np.isclose(a, 3))
    with aa.promotion_policy("array-api"), fails(TypeError, S.TYPE_MISMATCH, "isclose"):
        isclose(x1, x2)
    assert allclose(aa.ones((0, 3)), aa.ones(3)) is True


def test_isclose_errors() -> None:
    x = aa.ones(3)
    with fails(ValueError, S.DIMENSION_MISMATCH, "x1 (3,)", "x2 (2,)"):
        isclose(x, aa.ones(2))
    with fails(ValueError, S.DIMENSION_MISMATCH, "allclose"):
        allclose(x, aa.ones(2))
    with fails(ValueError, S.INVALID_ARGUMENT, "rtol=-1"):
        isclose(x, x, rtol=-1)
    with fails(ValueError, S.INVALID_ARGUMENT, "atol=nan"):
        allclose(x, x, atol=float("nan"))
    with fails(TypeError, S.TYPE_MISMATCH, "rtol=True"):
        isclose(x, x, rtol=True)
    with fails(TypeError, S.TYPE_MISMATCH, "equal_nan"):
        allclose(x, x, equal_nan=1)
    with fails(TypeError, S.UNINITIALIZED, "x2"):
        isclose(x, [1.0, 1.0, 1.0])
    with fails(TypeError, S.UNINITIALIZED, "x1"):
        allclose(1.0, 1.0)

"""Backward functions (aiarray.grad) against central finite differences of the forward
operators, plus hand-written cases for the conventions (clip boundaries, NaN).

For a forward f and a random cotangent g, the gradient of L(x) = sum(f(x) * g) is
estimated by (L(x + h e_i) - L(x - h e_i)) / 2h on random float64 inputs, evaluated
with NumPy on the values aiarray returns.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
from _gbt_helpers import BF16, dt, fails, npy, same, sample

import aiarray as aa
from aiarray._api.gbt_math import trace
from aiarray._api.gbt_transforms import strided_slice
from aiarray.grad import clip_backward, slice_backward, trace_backward

S = aa.Status


def numeric_grad(forward: Callable[[aa.Array], aa.Array], x: np.ndarray, g: np.ndarray,
                 h: float = 1e-6) -> np.ndarray:
    """Central differences of sum(forward(x) * g) with respect to each element of x."""
    out = np.zeros_like(x)
    for i in np.ndindex(*x.shape):
        up, down = x.copy(), x.copy()
        up[i] += h
        down[i] -= h
        lu = float(np.sum(npy(forward(aa.asarray(up))) * g))
        ld = float(np.sum(npy(forward(aa.asarray(down))) * g))
        out[i] = (lu - ld) / (2 * h)
    return out


# -- slice (7.2.3.10) -------------------------------------------------------------------------


@pytest.mark.parametrize(("begin", "size", "strides"), [
    ((0, 0, 0), (4, 5, 3), None),
    ((1, 2, 0), (2, 3, 3), (1, 2, 2)),
    ((3, 0, 1), (1, 5, 1), (1, 4, 1)),
    ((0, 4, 2), (4, 0, 1), (3, 1, 1)),
])
def test_slice_backward_matches_finite_differences(begin: tuple, size: tuple,
                                                   strides: tuple | None) -> None:
    r = np.random.default_rng(1)
    x = r.normal(size=(4, 5, 3))
    fwd = lambda a: strided_slice(a, begin, size, strides=strides)
    g = r.normal(size=fwd(aa.asarray(x)).shape)
    got = slice_backward(aa.asarray(g), x.shape, begin, size, strides=strides)
    assert got.dtype is aa.float64 and got.shape == x.shape
    np.testing.assert_allclose(npy(got), numeric_grad(fwd, x, g), rtol=1e-6, atol=1e-8)


@pytest.mark.parametrize("name", ["float32", "bfloat16", "complex32", "int32"])
def test_slice_backward_dtypes(name: str) -> None:
    gref, g = sample(name, (2, 2))
    got = slice_backward(g, (3, 5), [1, 0], [2, 4], strides=[1, 2])
    expected = np.zeros((3, 5), gref.dtype)
    expected[1:3, 0:4:2] = gref
    same(got, expected, name)


def test_slice_backward_errors() -> None:
    g = aa.ones((2, 2))
    with fails(ValueError, S.DIMENSION_MISMATCH, "grad_output", "(2, 2)", "(2, 3)"):
        slice_backward(g, (4, 4), [0, 0], [2, 3])
    with fails(IndexError, S.OUT_OF_RANGE, "slice_backward", "size[1]=2", "axis 1"):
        slice_backward(g, (4, 1), [0, 0], [2, 2])
    with fails(ValueError, S.INVALID_ARGUMENT, "input_shape"):
        slice_backward(g, (4, -1), [0, 0], [2, 2])
    with fails(TypeError, S.TYPE_MISMATCH, "grad_output", "bool"):
        slice_backward(aa.ones((2, 2), dtype=aa.bool), (4, 4), [0, 0], [2, 2])
    with fails(TypeError, S.UNINITIALIZED, "grad_output"):
        slice_backward(np.ones((2, 2)), (4, 4), [0, 0], [2, 2])


# -- clip (7.2.3.16) --------------------------------------------------------------------------


def _away_from(x: np.ndarray, bounds: list[np.ndarray], gap: float = 1e-3) -> np.ndarray:
    """Nudge values that sit within ``gap`` of a bound (finite differences need a margin)."""
    for b in bounds:
        near = np.abs(x - b) < gap
        x = np.where(near, x + 4 * gap, x)
    return x


@pytest.mark.parametrize(("xshape", "lo", "hi"), [
    ((4, 5), -0.5, 0.7),
    ((4, 5), None, 0.0),
    ((4, 5), -0.2, None),
    ((3, 1), "array(1, 4)", 0.8),  # the bound broadcasts x along axis 1
    ((2, 3), "array(3,)", "array(2, 1)"),
])
def test_clip_backward_matches_finite_differences(xshape: tuple, lo: object, hi: object) -> None:
    r = np.random.default_rng(7)

    def bound(spec: object) -> object:
        if isinstance(spec, str):
            shape = tuple(int(s) for s in spec[6:-1].split(",") if s.strip())
            return r.uniform(-0.6, 0.6, shape)
        return spec

    lo_v, hi_v = bound(lo), bound(hi)
    x = r.normal(size=xshape)
    x = _away_from(x, [np.asarray(b) for b in (lo_v, hi_v) if b is not None])
    as_arg = lambda b: aa.asarray(b) if isinstance(b, np.ndarray) else b
    fwd = lambda a: aa.clip(a, as_arg(lo_v), as_arg(hi_v))
    out_shape = fwd(aa.asarray(x)).shape
    g = r.normal(size=out_shape)
    got = clip_backward(aa.asarray(g), aa.asarray(x), as_arg(lo_v), as_arg(hi_v))
    assert got.shape == x.shape and got.dtype is aa.float64
    np.testing.assert_allclose(npy(got), numeric_grad(fwd, x, g), rtol=1e-6, atol=1e-8)


def test_clip_backward_conventions() -> None:
    x = aa.asarray([-2.0, -1.0, 0.0, 1.0, 2.0, float("nan")])
    g = aa.asarray([10.0, 20.0, 30.0, 40.0, 50.0, 60.0])
    # boundaries are inclusive; NaN gives 0
    same(clip_backward(g, x, -1.0, 1.0), np.array([0.0, 20.0, 30.0, 40.0, 0.0, 0.0]))
    same(clip_backward(g, x), npy(g))  # no bound: the identity, NaN included
    same(clip_backward(g, x, min=0.5, max=-0.5), np.zeros(6))  # min > max: constant output
    nan_bound = aa.asarray([float("nan"), 0.0, 0.0, 0.0, 0.0, 0.0])
    same(clip_backward(g, x, nan_bound), np.array([0.0, 0.0, 30.0, 40.0, 50.0, 0.0]))


@pytest.mark.parametrize("name", ["float32", "bfloat16", "float16"])
def test_clip_backward_dtypes(name: str) -> None:
    xref, x = sample(name, (12,), seed=3)
    gref, g = sample(name, (12,), seed=4)
    keep = (xref.astype(np.float64) >= -2) & (xref.astype(np.float64) <= 3)
    expected = np.where(keep, gref, np.zeros((), gref.dtype))
    same(clip_backward(g, x, -2, 3), expected, name)


def test_clip_backward_integer_x_and_errors() -> None:
    x = aa.asarray([1, 5, 9], dtype=aa.int16)
    same(clip_backward(aa.ones(3), x, 2, 8), np.array([0.0, 1.0, 0.0]))
    with fails(ValueError, S.DIMENSION_MISMATCH, "grad_output", "(2,)"):
        clip_backward(aa.ones(2), x, 2, 8)
    with fails(ValueError, S.DIMENSION_MISMATCH, "broadcast"):
        clip_backward(aa.ones(3), x, aa.ones(2, dtype=aa.int16))
    with fails(TypeError, S.TYPE_MISMATCH, "real numeric", "complex64"):
        clip_backward(aa.ones(3), aa.ones(3, dtype=aa.complex64))
    with fails(TypeError, S.TYPE_MISMATCH, "min"):
        clip_backward(aa.ones(3), x, 2.5)
    with fails(TypeError, S.UNINITIALIZED, "x"):
        clip_backward(aa.ones(3), [1, 2, 3])


# -- trace (7.2.4.13) --------------------------------------------------------------------------


@pytest.mark.parametrize(("shape", "offset", "axis1", "axis2"), [
    ((3, 4), 0, 0, 1),
    ((3, 4), 2, 0, 1),
    ((4, 3), -1, 1, 0),
    ((2, 3, 4), 1, 1, 2),
    ((2, 3, 4), -1, 2, 0),
    ((3, 2), 7, 0, 1),
])
def test_trace_backward_matches_finite_differences(shape: tuple, offset: int, axis1: int,
                                                   axis2: int) -> None:
    r = np.random.default_rng(5)
    x = r.normal(size=shape)
    fwd = lambda a: trace(a, offset=offset, axis1=axis1, axis2=axis2)
    g = r.normal(size=fwd(aa.asarray(x)).shape)
    got = trace_backward(aa.asarray(g), shape, offset=offset, axis1=axis1, axis2=axis2)
    assert got.shape == shape and got.dtype is aa.float64
    np.testing.assert_allclose(npy(got), numeric_grad(fwd, x, g), rtol=1e-6, atol=1e-8)


def test_trace_backward_hand_example_and_dtypes() -> None:
    same(trace_backward(aa.asarray(2.0), (2, 3), offset=1),
         np.array([[0.0, 2.0, 0.0], [0.0, 0.0, 2.0]]))
    g = aa.asarray([1 + 1j, 2 - 1j], dtype=aa.complex32)
    exp = np.zeros((2, 2, 2), np.complex64)
    exp[0, 0, 0] = exp[0, 1, 1] = 1 + 1j
    exp[1, 0, 0] = exp[1, 1, 1] = 2 - 1j
    same(trace_backward(g, (2, 2, 2), axis1=1, axis2=2), exp, "complex32")
    b = trace_backward(aa.asarray(1.5, dtype=aa.bfloat16), (2, 2))
    same(b, np.array([[1.5, 0], [0, 1.5]], BF16), "bfloat16")
    assert b.dtype is dt("bfloat16")


def test_trace_backward_errors() -> None:
    with fails(ValueError, S.DIMENSION_MISMATCH, "grad_output", "(4,)"):
        trace_backward(aa.ones(3), (3, 4, 5), axis1=0, axis2=2)
    with fails(ValueError, S.INVALID_ARGUMENT, "at least 2 axes"):
        trace_backward(aa.ones(()), (3,))
    with fails(ValueError, S.AXIS_ERROR, "same axis"):
        trace_backward(aa.ones(3), (3, 3), axis1=0, axis2=-2)
    with fails(IndexError, S.AXIS_ERROR, "axis2=3"):
        trace_backward(aa.ones(3), (3, 3, 3), axis2=3)
    with fails(TypeError, S.TYPE_MISMATCH, "input_shape"):
        trace_backward(aa.ones(3), "abc")

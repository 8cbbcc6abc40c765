"""NumPy's protocols on aiarray Arrays: NumPy's own functions and operators called on
Arrays (``__array_ufunc__``, ``__array_function__``), NumPy scalars as operands, and
``pad(constant_values=)``; NumPy is the reference."""

from __future__ import annotations

import numpy
import pytest
from _numpy_reference import assert_like_numpy
from _raises import raises

import aiarray as xp
import aiarray.numpy as anp

A = numpy.array([[1.5, -2.0, 0.25], [4.0, numpy.nan, 3.0]])
K = numpy.array([3, 1, 2], dtype=numpy.int16)


@pytest.mark.parametrize("ufunc", [numpy.sin, numpy.exp, numpy.negative, numpy.isnan,
                                   numpy.sqrt, numpy.floor, numpy.rint, numpy.cbrt,
                                   numpy.spacing])
def test_numpy_unary_ufuncs_on_swap_in_arrays(ufunc):
    with numpy.errstate(all="ignore"):
        want = ufunc(A)
    assert_like_numpy(ufunc(anp.asarray(A)), want, where=ufunc.__name__)


@pytest.mark.parametrize("ufunc", [numpy.add, numpy.multiply, numpy.true_divide,
                                   numpy.maximum, numpy.less, numpy.fmod, numpy.hypot,
                                   numpy.arctan2, numpy.heaviside])
def test_numpy_binary_ufuncs_mix_arrays_ndarrays_and_scalars(ufunc):
    k = K.astype(numpy.float64)
    for a, b in ((A[0], k), (A[0], 2), (3.5, k), (A[0], numpy.float32(2))):
        with numpy.errstate(all="ignore"):
            want = ufunc(a, b)
        for conv in ((anp.asarray, lambda v: v), (lambda v: v, anp.asarray),
                     (anp.asarray, anp.asarray)):
            args = [c(v) if isinstance(v, numpy.ndarray) else v for c, v in zip(conv, (a, b))]
            if not any(type(v) is xp.Array for v in args):
                continue
            assert_like_numpy(ufunc(*args), want, where=ufunc.__name__)


def test_numpy_ufunc_methods_on_arrays():
    x = anp.asarray(K)
    assert_like_numpy(numpy.add.reduce(x), numpy.add.reduce(K))
    assert_like_numpy(numpy.multiply.accumulate(x), numpy.multiply.accumulate(K))
    assert_like_numpy(numpy.subtract.outer(x, x), numpy.subtract.outer(K, K))
    assert_like_numpy(numpy.add.reduceat(x, [0, 2]), numpy.add.reduceat(K, [0, 2]))
    y, k = anp.zeros(3), numpy.zeros(3)
    numpy.add.at(y, [0, 0, 2], 1)
    numpy.add.at(k, [0, 0, 2], 1)
    assert_like_numpy(y, k)


def test_numpy_functions_on_arrays_return_arrays():
    x = anp.asarray(A)
    with numpy.errstate(all="ignore"):
        for f, args in ((numpy.nanmean, ()), (numpy.mean, ()), (numpy.sum, (1,)),
                        (numpy.median, ()), (numpy.percentile, (50,)), (numpy.cumsum, ()),
                        (numpy.nanmax, (0,)), (numpy.concatenate, ()), (numpy.where, ()),
                        (numpy.linalg.norm, ()), (numpy.fft.fft, ()),
                        (numpy.unique, ()), (numpy.transpose, ())):
            if f is numpy.concatenate:
                got, want = f([x, x]), f([A, A])
            elif f is numpy.where:
                got, want = f(x > 1, x, 0.0), f(A > 1, A, 0.0)
            else:
                got, want = f(x, *args), f(A, *args)
            assert_like_numpy(got, want, exact=False, where=f.__name__)


def test_a_numpy_function_aiarray_numpy_lacks_runs_numpy_on_views():
    """numpy.lib functions and the like: NumPy's implementation, results as Arrays."""
    x = anp.asarray(A)
    got = numpy.lib.stride_tricks.sliding_window_view(x, 2, axis=1)
    assert_like_numpy(got, numpy.lib.stride_tricks.sliding_window_view(A, 2, axis=1))


def test_ndarray_and_array_mix_under_the_swap_in_rules():
    a8 = numpy.array([1, 2, 3], numpy.int8)
    x8 = xp.asarray([1, 2, 3], dtype=xp.int8)  # standard namespace: still NumPy's rules here
    for got, want in ((a8 - x8, a8 - a8), (x8 * numpy.ones(3), a8 * numpy.ones(3)),
                      (numpy.ones(3) / x8, numpy.ones(3) / a8), (a8 @ x8, a8 @ a8),
                      (x8 @ a8, a8 @ a8)):
        assert_like_numpy(got, want)


def test_standard_arrays_keep_their_namespace_and_rules():
    """Only standard Arrays (no ndarray): NumPy's functions give standard arrays, and a
    NumPy scalar first follows the Array's rules (Ascend: int8 with a float64 scalar
    uses the tensor-scalar table)."""
    x8 = xp.asarray([1, 2, 3], dtype=xp.int8)
    r = numpy.float64(1.5) * x8
    assert r._numpy is False and r.dtype == (x8 * numpy.float64(1.5)).dtype
    s = numpy.sin(xp.asarray([0.5, 1.0]))
    assert type(s) is xp.Array and s._numpy is False
    m = numpy.mean(xp.asarray([1, 2], dtype=xp.int32))
    assert m._numpy is False and m.dtype == numpy.float64  # NumPy's function: NumPy's rule


def test_numpy_scalars_are_accepted_where_python_scalars_are():
    assert xp.result_type(numpy.float64("nan")) == xp.float64
    assert xp.result_type(numpy.float32(1), numpy.int8(1)) == xp.result_type(xp.float32,
                                                                                xp.int8)
    x = xp.asarray([1.0, 2.0], dtype=xp.float32)
    assert (x + numpy.float32(2)).dtype == xp.float32
    w = xp.where(x > 1, x, numpy.float32(0))
    assert w.dtype == xp.float32
    numpy.testing.assert_array_equal(numpy.asarray(xp.full(2, numpy.int64(3))), [3, 3])


def test_pad_takes_numpys_constant_values_keyword():
    x = xp.asarray([[1, 2], [3, 4]], dtype=xp.int32)
    got = xp.pad(x, ((1, 0), (0, 2)), constant_values=7)
    assert_like_numpy(got, numpy.pad(numpy.asarray(x), ((1, 0), (0, 2)), constant_values=7),
                      tag=False)
    with raises(ValueError, xp.Status.INVALID_ARGUMENT, "not both"):
        xp.pad(x, (1, 1, 1, 1), value=1, constant_values=2)
    y = anp.pad(anp.asarray(K), (2, 1), "constant", constant_values=(4, 6))
    assert_like_numpy(y, numpy.pad(K, (2, 1), "constant", constant_values=(4, 6)))


def test_foreign_overrides_get_notimplemented():
    class Other:
        def __array_ufunc__(self, *args, **kwargs):
            return "other"

    x = anp.asarray(A)
    assert x.__array_ufunc__(numpy.add, "__call__", x, Other()) is NotImplemented
    assert numpy.add(x, Other()) == "other"


@pytest.mark.parametrize("call", [
    lambda x: xp.full(2, numpy.float64(1.5)), lambda x: xp.linspace(numpy.float64(0), 1, 3),
    lambda x: xp.arange(numpy.int64(3)), lambda x: xp.clip(x, numpy.float64(1.5), 2.5),
    lambda x: xp.where(x > 1, x, numpy.float64(0)), lambda x: xp.pad(x, (1, 1), value=9.0),
    lambda x: xp.isclose(x, numpy.float64(2)), lambda x: xp.asarray(numpy.float64(2)),
    lambda x: xp.multiply_add(x, numpy.float64(2), numpy.float64(1)),
    lambda x: xp.add(x, numpy.float64(1)), lambda x: x ** numpy.int64(2),
    lambda x: xp.searchsorted(x, numpy.float64(2)), lambda x: xp.eye(numpy.int64(2)),
    lambda x: xp.zeros((numpy.int64(2),)), lambda x: xp.roll(x, numpy.int64(1)),
    lambda x: xp.sum(x, axis=numpy.int64(0)), lambda x: xp.std(x, correction=numpy.float64(1)),
    lambda x: xp.full_like(x, numpy.int32(3))], ids=range(18))
def test_standard_namespace_takes_numpy_scalars_as_python_scalars(call):
    x = xp.asarray([1.0, 2.0, 3.0])
    res = call(x)
    assert type(res) is xp.Array and not res._numpy and res.dtype in (xp.float64, xp.int64,
                                                                       xp.bool)

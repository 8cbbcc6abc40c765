"""NumPy's ndarray methods and attributes on aiarray Arrays, against NumPy as reference.

Each method runs on a NumPy array and on the same data as an array of aiarray.numpy
(results compared: dtype, shape, values) and as an array of the standard namespace
(the result keeps the standard namespace's tag).
"""

from __future__ import annotations

import copy
import pickle

import numpy
import pytest
from _numpy_reference import assert_like_numpy
from _raises import raises

import aiarray as xp
import aiarray.numpy as anp

M = numpy.array([[3.5, -1.0, 2.0], [0.5, 4.0, -2.5]])
IN = numpy.array([[3, 1, 2], [7, 0, 5]], dtype=numpy.int32)
B = numpy.array([True, False, True])
Z = numpy.array([1 + 2j, -3j])

# (method, data, args, kwargs): every NumPy method aiarray serves, in the forms scripts use
CASES = [
    ("all", B, (), {}), ("all", IN, (0,), {}), ("any", B, (), {}),
    ("any", M > 1, (), {"axis": 1, "keepdims": True}),
    ("argmax", M, (), {}), ("argmax", M, (1,), {}), ("argmin", IN, (), {"axis": 0}),
    ("argpartition", IN[0], (1,), {}), ("argsort", M, (), {}), ("argsort", IN, (0,), {}),
    ("astype", M, (numpy.int32,), {}), ("astype", IN, ("f4",), {}), ("astype", IN, (float,), {}),
    ("choose", numpy.array([0, 1, 0]), ([[1, 2, 3], [4, 5, 6]],), {}),
    ("clip", M, (0, 2), {}), ("clip", IN, (), {"min": 2}),
    ("compress", IN[0], ([True, False, True],), {}), ("conj", Z, (), {}),
    ("conjugate", Z, (), {}), ("copy", M, (), {}), ("cumprod", IN, (), {}),
    ("cumsum", M, (1,), {}), ("cumsum", IN, (), {"dtype": numpy.float32}),
    ("diagonal", M, (), {}), ("diagonal", M, (1,), {}), ("dot", M, (M.T,), {}),
    ("flatten", M, (), {}), ("item", M, (), {"__args__": (1, 2)}), ("max", M, (), {}),
    ("max", IN, (), {"axis": 1}), ("mean", IN, (), {}), ("mean", M, (0,), {}),
    ("mean", IN, (), {"dtype": numpy.float32}), ("min", M, (0,), {"keepdims": True}),
    ("nonzero", IN, (), {}), ("prod", IN, (), {}), ("prod", M, (1,), {}),
    ("ravel", M, (), {}), ("repeat", IN, (2,), {}), ("repeat", IN, (2,), {"axis": 0}),
    ("reshape", M, (3, 2), {}), ("reshape", M, ((-1,),), {}), ("round", M, (), {}),
    ("round", M * 1.2345, (2,), {}), ("searchsorted", numpy.array([1, 3, 5]), (4,), {}),
    ("squeeze", M[None], (), {}), ("std", M, (), {}), ("std", IN, (), {"ddof": 1}),
    ("sum", M, (), {}), ("sum", B, (), {}), ("sum", IN, (1,), {"keepdims": True}),
    ("swapaxes", M, (0, 1), {}), ("take", IN, ([0, 2],), {}), ("take", IN, ([1],), {"axis": 1}),
    ("tolist", M, (), {}), ("tolist", Z, (), {}), ("trace", M, (), {}),
    ("transpose", M, (), {}), ("transpose", M[None], (2, 0, 1), {}),
    ("transpose", M[None], ((1, 0, 2),), {}), ("var", M, (1,), {}),
    ("view", IN, (numpy.uint32,), {}), ("view", M, (), {}),
]


def _call(obj, name, args, kwargs):
    kwargs = dict(kwargs)
    extra = kwargs.pop("__args__", ())
    return getattr(obj, name)(*args, *extra, **kwargs)


@pytest.mark.parametrize(("name", "data", "args", "kwargs"), CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_method_like_numpy(name, data, args, kwargs):
    want = _call(data.copy(), name, args, kwargs)
    got = _call(anp.asarray(data.copy()), name, args, kwargs)
    assert_like_numpy(got, want, exact=name not in ("std", "var", "mean"), where=name)
    got_std = _call(xp.asarray(data.copy()), name, args, kwargs)
    assert_like_numpy(got_std, want, tag=False, exact=name not in ("std", "var", "mean"),
                      where=f"standard {name}")


@pytest.mark.parametrize("name", ["itemsize", "nbytes", "strides", "ndim", "shape", "size"])
def test_attributes_like_numpy(name):
    for data in (M, IN, B, Z, M[:, ::2], IN.T):
        assert getattr(anp.asarray(data), name) == getattr(data, name), name


def test_real_and_imag_are_views():
    z = anp.asarray(Z.copy())
    assert_like_numpy(z.real, Z.real)
    assert_like_numpy(z.imag, Z.imag)
    z.imag[0] = 7.0
    z.real = 0
    numpy.testing.assert_array_equal(numpy.asarray(z), [7j, -3j])
    m = anp.asarray(M.copy())
    assert_like_numpy(m.imag, M.imag)
    with raises(TypeError, xp.Status.TYPE_MISMATCH, "imaginary"):
        m.imag = 1


def test_in_place_methods_like_numpy():
    for name, args in (("sort", ()), ("sort", (0,)), ("fill", (2.5,)),
                       ("partition", (1,)), ("put", ([0, 5], [9, -9])),
                       ("resize", ((3, 3),)), ("resize", (2, 2))):
        want = M.copy()
        got = anp.asarray(M.copy())
        assert getattr(got, name)(*args) is None
        getattr(want, name)(*args) if name != "resize" else want.resize(*args, refcheck=False)
        assert_like_numpy(got, want, where=name)


def test_flat_reads_and_writes():
    a = anp.arange(6).reshape(2, 3)
    assert_like_numpy(a.flat[4], numpy.arange(6).flat[4])
    assert [int(v) for v in a.flat] == list(range(6))
    a.flat[[1, 2]] = -1
    a.flat = a.flat.copy() * 2
    want = numpy.arange(6)
    want[[1, 2]] = -1
    numpy.testing.assert_array_equal(numpy.asarray(a), (want * 2).reshape(2, 3))


def test_item_and_python_conversions():
    a = anp.asarray(M)
    assert a.item(4) == M.item(4) and a.item((1, 0)) == M.item((1, 0))
    assert anp.asarray(3.25).item() == 3.25 and type(anp.asarray(3).item()) is int
    assert round(anp.asarray(2.5)) == round(numpy.float64(2.5)) == 2
    assert_like_numpy(round(a, 1), numpy.round(M, 1))
    assert 4.0 in a and 10.0 not in a
    assert float(anp.asarray([1.5])) == 1.5


def test_format_of_zero_d_and_other_arrays():
    assert format(anp.mean(anp.asarray(M)), ".2f") == format(M.mean(), ".2f")
    assert format(xp.asarray(3.14159), ".2f") == "3.14"
    assert f"{anp.asarray(7):>4d}" == f"{numpy.asarray(7):>4d}"
    assert format(anp.asarray([1.5, 2.0]), "") == str(numpy.asarray([1.5, 2.0]))
    with raises(TypeError, xp.Status.TYPE_MISMATCH, "0-d"):
        format(anp.asarray([1.5]), ".1f")
    with pytest.raises(TypeError):  # NumPy raises too
        format(numpy.asarray([1.5]), ".1f")


def test_pickle_and_copy_keep_dtype_values_and_namespace():
    for x in (anp.asarray(M), xp.asarray(IN), xp.asarray([1.5, -2], dtype=xp.bfloat16),
              xp.asarray([1 + 2j], dtype=xp.complex32)):
        for y in (pickle.loads(pickle.dumps(x)), copy.copy(x), copy.deepcopy(x)):
            assert y.dtype == x.dtype and y._numpy == x._numpy
            numpy.testing.assert_array_equal(numpy.asarray(y), numpy.asarray(x))
            assert y._array is not x._array


def test_astype_never_wraps_and_checks_casting():
    with raises(OverflowError, xp.Status.OUT_OF_RANGE):
        anp.asarray([300]).astype(anp.int8)
    with raises(ValueError, xp.Status.INVALID_ARGUMENT):
        anp.asarray([numpy.nan]).astype(int)
    with raises(TypeError, xp.Status.TYPE_MISMATCH, "casting"):
        anp.asarray([1.5]).astype(anp.int64, casting="safe")
    a = anp.asarray([1.5])
    assert a.astype(a.dtype, copy=False) is a


def test_transpose_of_any_ndim_for_swap_in_arrays_only():
    assert anp.arange(3).T.shape == (3,)
    assert anp.ones((2, 3, 4)).T.shape == (4, 3, 2)
    with raises(ValueError, xp.Status.DIMENSION_MISMATCH, "2-D"):
        _ = xp.ones(3).T


def test_methods_leave_inputs_unchanged_when_they_raise():
    a = anp.asarray(M.copy())
    with raises(ValueError, xp.Status.DIMENSION_MISMATCH):
        a.reshape(4, 4)
    with raises(TypeError, xp.Status.TYPE_MISMATCH):
        a.astype("U3", casting="safe")  # (NumPy's refusal; unsafe, NumPy gives strings)
    numpy.testing.assert_array_equal(numpy.asarray(a), M)

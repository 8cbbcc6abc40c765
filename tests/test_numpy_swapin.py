"""The NumPy swap-in namespace ``aiarray.numpy``: its arrays, promotion policy, argument
forms, errors, random streams and name table, with NumPy as the reference."""

from __future__ import annotations

import subprocess
import sys

import numpy
import pytest
from _numpy_reference import assert_like_numpy
from _raises import raises

import aiarray as xp
import aiarray.numpy as anp

# -- arrays, tags and the policy -------------------------------------------------------------


def test_numpy_scripts_get_numpys_dtypes():
    for got, want in ((anp.array([1, 2]) * 2.5, numpy.array([1, 2]) * 2.5),
                      (anp.array([1, 2], dtype=anp.int32) / 2,
                       numpy.array([1, 2], dtype=numpy.int32) / 2),
                      (anp.sqrt(anp.array([1, 4], dtype=anp.int8)),
                       numpy.sqrt(numpy.array([1, 4], dtype=numpy.int8))),
                      (anp.arange(3, dtype=anp.uint8) + 1,
                       numpy.arange(3, dtype=numpy.uint8) + 1),
                      (anp.ones(2, anp.float32) + anp.float64(1),
                       numpy.ones(2, numpy.float32) + numpy.float64(1)),
                      (anp.mean(anp.arange(4, dtype=anp.int16)),
                       numpy.mean(numpy.arange(4, dtype=numpy.int16)))):
        assert_like_numpy(got, want)


def test_the_policy_decision_order():
    """A promotion_policy block > a swap-in operand's policy > the global policy."""
    s = anp.array([1, 2], dtype=anp.int32)
    t = xp.asarray([1, 2], dtype=xp.int32)
    assert (s * 2.5).dtype == numpy.float64  # numpy policy
    assert (t * 2.5).dtype == xp.float32  # ascend (global)
    assert (t + s).dtype == numpy.int32 and (t + s)._numpy  # a swap-in operand
    assert (t / s).dtype == numpy.float64  # NumPy's division of integers
    with xp.promotion_policy("ascend"):
        assert (s * 2.5).dtype == xp.float32
    with anp.promotion_policy("ascend"):
        assert (s * 2.5).dtype == xp.float32 and anp.get_promotion_policy() == "ascend"
    assert anp.get_promotion_policy() == "numpy"
    anp.set_promotion_policy("ascend")
    try:
        assert (s / 2).dtype == xp.float32
    finally:
        anp.set_promotion_policy("numpy")
    with raises(ValueError, xp.Status.INVALID_ARGUMENT, "not a promotion policy"):
        anp.set_promotion_policy("nope")


def test_results_carry_the_tag():
    s = anp.arange(6).reshape(2, 3)
    t = xp.reshape(xp.arange(6), (2, 3))
    for r in (s + 1, -s, s[0], s.T, s.sum(0), anp.sin(s), s @ s.T, anp.concatenate([s, t])):
        assert r._numpy
    for r in (t + 1, t[0], t.sum(0), t.reshape(3, 2), t.astype(xp.float32)):
        assert not r._numpy
    assert s.__array_namespace__() is anp and t.__array_namespace__() is xp


def test_in_place_operators_cast_back_same_kind_like_numpy_but_never_wrap():
    a = anp.ones(3, anp.float32)
    a += numpy.float64(0.1) * anp.arange(3)
    want = numpy.ones(3, numpy.float32)
    want += 0.1 * numpy.arange(3)
    assert_like_numpy(a, want)
    b = anp.array([100, 20], dtype=anp.int8)
    b += anp.array([10, 1])  # int64 into int8: values fit
    assert_like_numpy(b, numpy.array([110, 21], numpy.int8))
    with raises(OverflowError, xp.Status.OUT_OF_RANGE):
        b += anp.array([100, 1])
    assert_like_numpy(b, numpy.array([110, 21], numpy.int8))  # unchanged
    with raises(TypeError, xp.Status.TYPE_MISMATCH):
        b += 1.5  # float into int: NumPy refuses too (same_kind)
    c = xp.ones(2, dtype=xp.float32)
    with raises(TypeError, xp.Status.TYPE_MISMATCH):
        c += xp.ones(2, dtype=xp.float64)  # the standard namespace stays strict


def test_setitem_takes_lists_and_castable_values():
    a = anp.zeros(4, anp.int16)
    a[:2] = [7, 8]
    a[2] = 3.9  # truncates, as NumPy
    a[3:] = numpy.array([5.0])
    assert_like_numpy(a, numpy.array([7, 8, 3, 5], numpy.int16))
    with raises(OverflowError, xp.Status.OUT_OF_RANGE):
        a[0] = 40000
    with raises(ValueError, xp.Status.INVALID_ARGUMENT):
        a[0] = float("nan")
    with raises(TypeError, xp.Status.TYPE_MISMATCH, "complex"):
        a[0] = 1j
    assert_like_numpy(a, numpy.array([7, 8, 3, 5], numpy.int16))


# -- argument forms -------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", [int, float, complex, bool, "f8", "float32", "i4", "u1",
                                   numpy.float32, numpy.dtype("int16"), "bfloat16",
                                   "complex32", anp.complex32])
def test_dtype_forms(dtype):
    got = anp.zeros((2,), dtype)
    want = numpy.zeros((2,), {"bfloat16": numpy.float32, "complex32": numpy.complex64}.get(
        dtype if isinstance(dtype, str) else "", dtype if dtype is not anp.complex32
        else numpy.complex64))
    assert got.shape == (2,)
    if dtype not in ("bfloat16", "complex32", anp.complex32):
        assert got.dtype == want.dtype


def test_numpy_argument_forms():
    assert_like_numpy(anp.zeros((2, 3), int), numpy.zeros((2, 3), int))
    assert_like_numpy(anp.linspace(0, 1), numpy.linspace(0, 1))
    assert_like_numpy(anp.where([0, 3, 0, 5]), numpy.where([0, 3, 0, 5]))
    assert_like_numpy(anp.var([1.0, 2, 4], ddof=1), numpy.var([1.0, 2, 4], ddof=1))
    assert_like_numpy(anp.mean([[1, 2], [3, 5]], axis=0, dtype=numpy.float32),
                      numpy.mean([[1, 2], [3, 5]], axis=0, dtype=numpy.float32))
    assert_like_numpy(anp.take(anp.arange(5), 3), numpy.take(numpy.arange(5), 3))
    assert_like_numpy(anp.add([1, 2], 3, dtype=numpy.float32),
                      numpy.add([1, 2], 3, dtype=numpy.float32))
    out = anp.zeros(2)
    assert anp.multiply([1, 2], 3, out=out) is out
    assert_like_numpy(out, numpy.array([3.0, 6.0]))
    assert_like_numpy(anp.add([1, 2], [10, 20], where=[True, False]).shape, (2,))
    assert_like_numpy(anp.sum([[1, 2], [3, 4]], axis=1, keepdims=True),
                      numpy.sum([[1, 2], [3, 4]], axis=1, keepdims=True))
    assert_like_numpy(anp.pad([1, 2], 1), numpy.pad([1, 2], 1))


def test_zero_d_array_as_a_shape():
    """Issue 10's bug: a 0-d integer array as a shape gave shape ()."""
    four = anp.asarray(4)
    assert anp.ones(four).shape == (4,)
    assert anp.zeros(four, dtype=int).shape == (4,)
    assert anp.full(four, 2.0).shape == (4,)
    assert anp.arange(12).reshape(four, 3).shape == (4, 3)


def test_strings_and_objects_stay_numpys():
    s = anp.array(["a", "bc"])
    assert isinstance(s, numpy.ndarray) and s.dtype.kind == "U"
    o = anp.array([1, "x"], dtype=object)
    assert isinstance(o, numpy.ndarray) and o.dtype == object
    assert_like_numpy(anp.sort(numpy.array(["b", "a"])), numpy.array(["a", "b"]), tag=None) \
        if False else None
    assert list(anp.sort(numpy.array(["b", "a"]))) == ["a", "b"]


def test_ndarray_dtype_and_scalar_types():
    x = anp.ones(3)
    assert isinstance(x, anp.ndarray) and isinstance(numpy.ones(2), anp.ndarray)
    assert not isinstance([1], anp.ndarray) and issubclass(xp.Array, anp.ndarray)
    assert_like_numpy(anp.ndarray((2,), buffer=anp.array([1.0, 2.0]), dtype=float),
                      numpy.ndarray((2,), buffer=numpy.array([1.0, 2.0]), dtype=float))
    assert anp.dtype("f4") == numpy.float32 and anp.dtype("bfloat16") is xp.bfloat16
    assert isinstance(x.dtype, anp.dtype)
    assert anp.float64(1.5) == 1.5 and type(anp.float64(1.5)) is numpy.float64
    assert anp.newaxis is None and anp.pi == numpy.pi
    assert anp.finfo(anp.float32).eps == numpy.finfo(numpy.float32).eps
    assert anp.iinfo(x.astype(anp.int8)).max == 127


def test_errors_are_numpys_python_types_with_a_status():
    with raises(ValueError, xp.Status.DIMENSION_MISMATCH):
        anp.ones(3) + anp.ones(4)
    with raises(IndexError, xp.Status.OUT_OF_RANGE):
        anp.ones(3)[5]
    with raises(ValueError, xp.Status.INVALID_ARGUMENT):
        anp.histogram([1, 2], bins=-1)  # NumPy computes it; its error with a status
    with raises(numpy.linalg.LinAlgError, xp.Status.INVALID_ARGUMENT, "singular"):
        anp.linalg.inv(anp.zeros((2, 2)))
    with pytest.raises(numpy.exceptions.AxisError) as e:
        anp.sum(anp.ones(2), axis=3)
    assert e.value.status == xp.Status.AXIS_ERROR


def test_not_served_names_say_why():
    with pytest.raises(AttributeError, match="masked arrays"):
        anp.ma  # noqa: B018
    with pytest.raises(AttributeError, match="has no attribute"):
        anp.no_such_name  # noqa: B018


def test_status_lists_every_numpy_name():
    rows = anp._status()
    names = {r[0] for r in rows}
    for module, prefix in ((numpy, ""), (numpy.linalg, "linalg."), (numpy.fft, "fft."),
                           (numpy.random, "random.")):
        # (numpy's own __all__ for the main namespace: an imported package may add
        # attributes to numpy, as xarray's dependencies add numpy.expm1x)
        for n in (module.__all__ if module is numpy else dir(module)):
            if not n.startswith("_"):
                assert prefix + n in names, prefix + n
    for name, status, how in rows:
        assert status in ("adapted", "served", "not served") and how, name
        if status == "not served":
            assert how != "missing (no reason recorded)", name
        else:
            obj = anp
            for part in name.split("."):
                obj = getattr(obj, part)
    served = sum(r[1] != "not served" for r in rows)
    assert served / len(rows) > 0.9


def test_aiarray_numpy_is_an_array_api_namespace():
    std = [n for n in xp.__all__ if n not in ("linalg", "fft", "random", "quantization",
                                              "grad", "sparse")]
    missing = [n for n in std if not hasattr(anp, n) and n[0].islower() and n not in (
        "bfloat16", "complex32", "as_parameter", "scalar", "set_num_threads",
        "get_num_threads", "set_backend", "get_backend", "backend", "explain_promotion", "fuse",
        "from_buffer", "layout", "is_contiguous",
        "crop", "strided_slice", "gather_nd", "masked_select", "scatter", "multiply_add",
        "quantize", "dequantize", "flatten", "acos", "acosh", "asin", "asinh", "atan", "atan2",
        "atanh", "bitwise_invert", "bitwise_left_shift", "bitwise_right_shift")]
    assert not missing, missing
    assert anp.__array_api_version__ == "2025.12"
    assert anp.__array_namespace_info__().default_dtypes()["real floating"] == numpy.float64
    array_api_compat = pytest.importorskip("array_api_compat")
    assert array_api_compat.array_namespace(anp.ones(2)) is anp


def test_import_aiarray_does_not_import_the_swap_in():
    code = ("import sys, aiarray; x = aiarray.ones(2); repr(x); "
            "print('aiarray.numpy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


# -- random -------------------------------------------------------------------------------


def test_random_streams_are_numpys():
    anp.random.seed(0)
    a = anp.random.rand(3)
    numpy.random.seed(0)
    assert_like_numpy(a, numpy.random.rand(3))
    for draw in (lambda r: r.integers(0, 10, 5), lambda r: r.normal(size=(2, 2)),
                 lambda r: r.choice([1, 2, 3], 4), lambda r: r.permutation(5)):
        assert_like_numpy(draw(anp.random.default_rng(42)), draw(numpy.random.default_rng(42)))
    rs, nrs = anp.random.RandomState(7), numpy.random.RandomState(7)
    assert_like_numpy(rs.randn(2, 2), nrs.randn(2, 2))
    assert isinstance(anp.random.random(), float) and isinstance(anp.random.randint(5), int)


def test_random_mtrand_is_numpys_legacy_module():
    """``from numpy.random import mtrand`` (old programs): the legacy names, same stream."""
    import aiarray.numpy.random.mtrand as imported

    from aiarray.numpy.random import mtrand

    assert imported is mtrand
    legacy = {n for n in dir(numpy.random.mtrand) if n in numpy.random.__all__}
    assert len(legacy) > 50 and legacy <= set(vars(mtrand)), legacy - set(vars(mtrand))
    numpy.random.seed(5)
    want = numpy.random.mtrand.rand(4), numpy.random.mtrand._rand.randint(0, 9, 3)
    numpy.random.seed(5)
    got = mtrand.rand(4), mtrand._rand.randint(0, 9, 3)
    for g, w in zip(got, want, strict=True):
        assert type(g) is xp.Array
        assert_like_numpy(g, w)
    assert_like_numpy(mtrand.RandomState(2).normal(size=3),
                      numpy.random.mtrand.RandomState(2).normal(size=3))


def test_random_shuffle_in_place():
    x, y = anp.arange(10), numpy.arange(10)
    anp.random.default_rng(3).shuffle(x)
    numpy.random.default_rng(3).shuffle(y)
    assert_like_numpy(x, y)


def test_lib_stride_tricks_sliding_windows():
    x = anp.arange(6.0)
    w = anp.lib.stride_tricks.sliding_window_view(x, 3)
    assert_like_numpy(w, numpy.lib.stride_tricks.sliding_window_view(numpy.arange(6.0), 3))
    with raises(ValueError, xp.Status.INVALID_ARGUMENT, "read-only"):
        w[0, 0] = 1.0
    with raises(ValueError, xp.Status.INVALID_ARGUMENT, "read-only"):
        w += 1.0  # (the small in-place path leaves the check to NumPy's ufunc)
    assert_like_numpy(x, numpy.arange(6.0))
    with raises(ValueError, xp.Status.INVALID_ARGUMENT, "writeable"):
        anp.lib.stride_tricks.sliding_window_view(x, 3, writeable=True)


def test_as_strided_stays_inside_the_memory():
    z = anp.arange(1, 15, dtype=anp.uint32)
    r = anp.lib.stride_tricks.as_strided(z, (11, 4), (4, 4))
    want = numpy.lib.stride_tricks.as_strided(numpy.arange(1, 15, dtype=numpy.uint32),
                                              (11, 4), (4, 4))
    assert_like_numpy(r, want)
    with raises(ValueError, xp.Status.INVALID_ARGUMENT, "outside an array"):
        anp.lib.stride_tricks.as_strided(z, (12, 4), (4, 4))  # one row past the end
    with raises(ValueError, xp.Status.INVALID_ARGUMENT, "outside an array"):
        anp.lib.stride_tricks.as_strided(z[2:], (3,), (-8,))  # before the start


def test_shape_setter_data_and_delitem():
    g = anp.arange(24)
    g.shape = (6, 4)
    assert g.shape == (6, 4)
    with raises(ValueError, xp.Status.INVALID_ARGUMENT):
        g.T.shape = (24,)  # needs a copy
    with pytest.raises(AttributeError, match="read-only"):
        xp.arange(4).shape = (2, 2)
    assert g.data.nbytes == numpy.arange(24).data.nbytes
    with raises(ValueError, xp.Status.INVALID_ARGUMENT, "cannot delete array elements"):
        del g[0]

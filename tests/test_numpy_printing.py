"""How Arrays print (repr, str, format): NumPy's layout as the reference, bfloat16 and
complex32 with their own shortest digits, empty arrays keeping their shape."""

from __future__ import annotations

import ml_dtypes
import numpy
import pytest

import aiarray as xp
import aiarray.numpy as anp

CASES = [numpy.array([1.5, -2.0, 0.25]), numpy.arange(6).reshape(2, 3),
         numpy.array([True, False]), numpy.array([1 + 2j, -0.5j]),
         numpy.ones(3, numpy.float32), numpy.array([1, 2], numpy.int8), numpy.asarray(2.5),
         numpy.asarray(7), numpy.zeros((0, 3)), numpy.zeros(0, numpy.uint16),
         numpy.arange(2000), numpy.linspace(0, 1, 30).reshape(3, 10),
         numpy.array([1e-10, 1.0, 1e10]), numpy.array([numpy.nan, numpy.inf, -0.0])]


@pytest.mark.parametrize("a", CASES, ids=range(len(CASES)))
def test_swap_in_arrays_print_as_numpy(a):
    x = anp.asarray(a)
    assert repr(x) == "Array" + repr(a)[len("array"):]
    assert str(x) == str(a)


@pytest.mark.parametrize("a", CASES, ids=range(len(CASES)))
def test_standard_arrays_always_name_their_dtype(a):
    r = repr(xp.asarray(a))
    assert r.startswith("Array(") and f"dtype={a.dtype}" in r
    if a.size == 0 and a.shape != (0,):
        assert f"shape={a.shape}" in r
    body = numpy.array2string(a, separator=", ", prefix="Array(")
    assert r.startswith(f"Array({body}")


def test_empty_arrays_keep_their_shape():
    assert repr(xp.zeros((0, 3))) == "Array([], shape=(0, 3), dtype=float64)"
    assert repr(xp.zeros((2, 0), dtype=xp.int8)) == "Array([], shape=(2, 0), dtype=int8)"
    assert repr(xp.zeros(0)) == "Array([], dtype=float64)"


def _shortest(value: float, narrow: numpy.dtype) -> float:
    """The decimal with the fewest significant digits that rounds to ``value`` in
    ``narrow`` (written independently of aiarray's printing)."""
    if not numpy.isfinite(value) or value == 0:
        return value
    for digits in range(1, 10):
        s = f"{value:.{digits - 1}e}"
        if numpy.asarray(float(s)).astype(narrow) == numpy.asarray(value).astype(narrow):
            return float(s)
    raise AssertionError(value)


@pytest.mark.parametrize("values", [[1.5, -2.0, 0.1, 3.0, 1 / 3],
                                    [100.0, 0.007, 1234.0, -5e-3],
                                    [numpy.nan, numpy.inf, 0.0, -1.0]])
def test_bfloat16_prints_as_floats_with_its_own_digits(values):
    x = xp.asarray(values, dtype=xp.bfloat16)
    exact = numpy.asarray(values).astype(ml_dtypes.bfloat16).astype(numpy.float64)
    shortest = numpy.array([_shortest(v, ml_dtypes.bfloat16) for v in exact])
    assert str(x) == str(shortest)
    assert repr(x) == numpy.array2string(shortest, separator=", ", prefix="Array(").join(
        ("Array(", ", dtype=bfloat16)"))


def test_complex32_prints_float16_digits():
    x = xp.asarray([0.1 + 0.2j, 1 - 1j], dtype=xp.complex32)
    assert repr(x) == "Array([0.1+0.2j, 1. -1.j ], dtype=complex32)"
    parts = numpy.array([0.1, 0.2]).astype(numpy.float16).astype(numpy.float32)
    h = numpy.array([complex(parts[0], parts[1])], numpy.complex64)
    assert "0.09997559" in str(h)  # complex64 would print float32 digits of the float16 parts


def test_format_of_zero_d_arrays():
    assert format(xp.asarray(3.14159), ".2f") == "3.14"
    assert f"{xp.asarray(2, dtype=xp.int8):03d}" == "002"
    assert format(xp.asarray(0.1, dtype=xp.bfloat16), ".3f") == format(
        float(numpy.asarray(0.1).astype(ml_dtypes.bfloat16)), ".3f")


def test_namespace_info_has_a_readable_repr():
    r = repr(xp.__array_namespace_info__())
    assert "object at 0x" not in r and "bfloat16" in r and "cpu" in r


def test_printoptions_apply():
    with anp.printoptions(precision=2):
        assert repr(anp.asarray([1 / 3])) == "Array([0.33])"
    assert repr(anp.asarray([1 / 3])) == "Array([0.33333333])"


def test_zero_d_results_print_as_numpys_scalars():
    """Where NumPy gives a NumPy scalar (a full reduction, a ufunc of 0-d input, x[i]),
    the swap-in's 0-d Array prints as that scalar; a 0-d array made as an array prints
    as NumPy prints a 0-d array."""
    a, x = numpy.arange(10), anp.arange(10)
    for f in (lambda m, v: v.sum(), lambda m, v: m.mean(v), lambda m, v: v[3],
              lambda m, v: m.sin(m.float32(0.5)), lambda m, v: (v > 3).any(),
              lambda m, v: m.unravel_index(99, (6, 7, 8)), lambda m, v: v.max() + 1,
              lambda m, v: m.array(2.5), lambda m, v: m.zeros(()), lambda m, v: v.reshape(10)[0],
              lambda m, v: m.asarray(7).astype(m.float32), lambda m, v: m.float64(1.5)):
        assert repr(f(anp, x)) == repr(f(numpy, a)).replace("array(", "Array(")
        assert str(f(anp, x)) == str(f(numpy, a))
    assert repr(xp.asarray(2.5)) == "Array(2.5, dtype=float64)"  # the standard namespace


def test_complex32_at_the_end_of_float16s_range_prints_without_a_warning():
    # (filterwarnings=error: the shortest-digits search cast 7e+04 to float16 and warned)
    values = [65504 + 1j, -65504j]
    x = xp.asarray(values, dtype=xp.complex32)
    with numpy.errstate(over="ignore"):  # the reference's own search overflows the same way
        parts = [(_shortest(float(numpy.float16(v.real)), numpy.float16),
                  _shortest(float(numpy.float16(v.imag)), numpy.float16)) for v in values]
    shortest = numpy.array([complex(re, im) for re, im in parts])
    body = numpy.array2string(shortest, separator=", ", prefix="Array(")
    assert repr(x) == f"Array({body}, dtype=complex32)"
    assert str(x) == str(shortest)
    assert repr(anp.asarray(x)) == f"Array({body}, dtype=complex32)"


def test_complex32_dtype_prints_its_name_and_keeps_equality_and_hash():
    import pickle

    import aiarray._dtypes as D

    x = xp.asarray([1 + 2j], dtype=xp.complex32)
    s = anp.asarray([1 + 2j]).astype(anp.complex32)
    for dt in (xp.complex32, anp.complex32, x.dtype, s.dtype, xp.result_type(x, xp.float16),
               anp.result_type(s, 1), anp.dtype("complex32"),
               xp.__array_namespace_info__().dtypes()["complex32"]
               if "complex32" in xp.__array_namespace_info__().dtypes() else xp.complex32):
        assert dt is xp.complex32
        assert (str(dt), repr(dt), dt.name, f"{dt}") == (
            "complex32", "dtype('complex32')", "complex32", "complex32")
    c = xp.complex32
    record = numpy.dtype([("real", "<f2"), ("imag", "<f2")])  # how NumPy holds the data
    assert c == c and c == record and record == c and not c != record
    assert c != xp.complex64 and c != numpy.dtype("complex64") and c != numpy.float16
    assert hash(c) == hash(record) and {c: 1}[record] == 1 and record in {c}
    assert numpy.dtype(c) == record and numpy.empty(2, c).dtype == record
    assert numpy.dtype(c).itemsize == 4 and c.itemsize == 4 and c.fields == record.fields
    assert pickle.loads(pickle.dumps(c)) is c
    assert pickle.loads(pickle.dumps(x)).dtype is c
    assert xp.isdtype(c, "complex floating") and isinstance(c, anp.dtype)
    assert repr(x) == "Array([1.+2.j], dtype=complex32)"
    assert D.canonical(record) is c  # an ndarray's record dtype is complex32

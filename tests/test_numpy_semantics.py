"""NumPy's semantics where the swap-in differed (issue 16): object data, NEP 50 in isclose,
byte order, dtype metadata, out= with dtype=, linalg's shape errors, the date/time and
long double names, astype to NumPy-only dtypes, and numpy.lib's submodules.  NumPy,
computed in each test, is the reference."""

from __future__ import annotations

import gc
import importlib
import importlib.util
import io
import pickle

import numpy
import pytest
from _numpy_reference import assert_like_numpy
from _raises import raises

import aiarray as xp
import aiarray.numpy as anp
from aiarray._dtypes import of_numpy


def assert_numpys(got, want):
    """``got`` is NumPy's own ndarray (data aiarray does not compute stays NumPy's), the
    same as NumPy's ``want``: dtype (byte order and metadata included), shape, values."""
    assert type(got) is numpy.ndarray, type(got)
    assert got.dtype == want.dtype and got.dtype.str == want.dtype.str, (got.dtype, want.dtype)
    assert got.dtype.metadata == want.dtype.metadata
    assert got.shape == want.shape
    numpy.testing.assert_array_equal(got, want)


def assert_as_numpy(got, want):
    """As NumPy: a result of a dtype aiarray computes is an Array, any other NumPy's own."""
    if isinstance(want, numpy.ndarray | numpy.generic) and of_numpy(want.dtype) is not None:
        assert_like_numpy(got, want)
    else:
        assert_numpys(got, want)


def _error(func):
    try:
        func()
    except Exception as e:
        return e
    raise AssertionError("no exception")


# -- 1. object arrays stay NumPy's -------------------------------------------------------------
OBJ = numpy.array([[1, 2], [3, 4]], dtype=object)
OBJ_F = numpy.array([1.5, 2, 7], dtype=object)


@pytest.mark.parametrize("call", [
    lambda np: np.triu(OBJ), lambda np: np.tril(OBJ), lambda np: np.triu(OBJ, 1),
    lambda np: np.concatenate([OBJ, OBJ]), lambda np: np.stack([OBJ, OBJ]),
    lambda np: np.where(OBJ > 1, OBJ, 0), lambda np: np.array(OBJ),
    lambda np: np.reshape(OBJ, (4,)), lambda np: np.transpose(OBJ),
    lambda np: np.sort(OBJ_F), lambda np: np.cumsum(OBJ_F), lambda np: np.abs(OBJ_F),
    lambda np: np.add(OBJ_F, 1), lambda np: np.multiply(OBJ_F, OBJ_F),
    lambda np: np.add.accumulate(OBJ_F), lambda np: np.sum(OBJ, axis=0),
    lambda np: np.array([OBJ_F, OBJ_F]), lambda np: np.zeros_like(OBJ),
])
def test_object_arrays_stay_numpys_and_numpy_computes_them(call):
    assert_numpys(call(anp), call(numpy))


def test_object_arrays_keep_their_identity_and_python_values():
    assert anp.asarray(OBJ) is OBJ and anp.asanyarray(OBJ) is OBJ
    got, want = anp.sum(OBJ), numpy.sum(OBJ)
    assert type(got) is type(want) and got == want  # NumPy's sum of objects: a Python int
    got, want = anp.add.reduce(OBJ_F), numpy.add.reduce(OBJ_F)
    assert type(got) is type(want) and got == want
    big = [1, 2**70]  # NumPy keeps Python ints beyond 64 bits as objects
    assert_numpys(anp.array(big), numpy.array(big))
    # a list of 0-d Arrays is numbers, as NumPy's list of its scalars
    x = anp.array([1.5, 2.5])
    assert_like_numpy(anp.array([x[0], x[1]]), numpy.array([numpy.float64(1.5), 2.5]))
    # a dtype asked for converts object data to numbers
    assert_like_numpy(anp.asarray(OBJ_F, dtype=float), numpy.asarray(OBJ_F, dtype=float))


# -- 2. isclose and allclose: NumPy's computation (NEP 50 tolerances) -------------------------
def test_isclose_computes_in_the_operands_dtype_with_python_float_tolerances():
    # the tolerance rounds up to 2**-23 in float32: close in float32, not in float64
    a32 = numpy.array([1 + 2**-23, 1 + 2**-22, 1.0], dtype=numpy.float32)
    tol = 2**-23 * (1 - 2**-30)
    want = numpy.isclose(a32, numpy.float32(1), rtol=0, atol=tol)
    assert want[0] and not numpy.isclose(a32.astype(float), 1.0, rtol=0, atol=tol)[0]
    assert_like_numpy(anp.isclose(anp.asarray(a32), anp.float32(1), rtol=0, atol=tol), want)
    assert_like_numpy(anp.isclose(a32, 1.0, rtol=0, atol=tol),
                      numpy.isclose(a32, 1.0, rtol=0, atol=tol))
    assert anp.allclose(a32[:1], 1.0, rtol=0, atol=tol) is numpy.allclose(
        a32[:1], 1.0, rtol=0, atol=tol) is True
    a16 = numpy.array([1 + 2**-10, 1.0, numpy.nan], dtype=numpy.float16)
    t16 = 2**-10 * (1 - 2**-20)
    for kw in ({"rtol": 0, "atol": t16}, {"rtol": t16, "atol": 0},
               {"rtol": 0, "atol": t16, "equal_nan": True}):
        assert_like_numpy(anp.isclose(anp.asarray(a16), anp.asarray(a16[[1]]), **kw),
                          numpy.isclose(a16, a16[[1]], **kw))
        assert_like_numpy(anp.isclose(a16, a16, **kw), numpy.isclose(a16, a16, **kw))


def test_isclose_with_numpy_scalar_tolerances_dtypes_and_broadcasting():
    a32 = numpy.array([[1 + 2**-23], [1.0], [numpy.inf]], dtype=numpy.float32)
    b = numpy.array([1.0, numpy.inf, numpy.nan], dtype=numpy.float32)
    tol64 = numpy.float64(2**-23 * (1 - 2**-30))  # a strong scalar: float64
    cases = [(a32, b, {"rtol": 0, "atol": tol64}),
             (a32, b, {"rtol": numpy.float32(1e-6), "atol": 0.0, "equal_nan": True}),
             (a32.astype(numpy.float64), b, {}),
             (a32, b.astype(numpy.float16), {"atol": 1e-3}),
             (numpy.arange(3), numpy.array([0.0, 1.000001, 2.1]), {}),
             (numpy.array([1 + 1j, 2]), numpy.complex64(1 + 1j), {}),
             (5, 5.000001, {}), (numpy.array([numpy.nan]), numpy.nan, {"equal_nan": True}),
             (1.0, 1.0, {"atol": -1.0})]  # NumPy does not check the tolerances
    for a, b_, kw in cases:
        want = numpy.isclose(a, b_, **kw)
        got = anp.isclose(anp.asarray(a) if isinstance(a, numpy.ndarray) else a, b_, **kw)
        assert_like_numpy(got, want, where=repr((a, b_, kw)))
        assert anp.allclose(a, b_, **kw) is numpy.allclose(a, b_, **kw)


# -- 3. byte order: a non-native result is NumPy's ndarray --------------------------------------
@pytest.mark.parametrize("call", [
    lambda np: np.concatenate(([1.0], [2.0]), dtype=">f8"),
    lambda np: np.zeros(3, dtype=">f4"), lambda np: np.ones((2, 2), dtype=">i2"),
    lambda np: np.empty(0, dtype=">f8"), lambda np: np.full(2, 1.5, dtype=">f8"),
    lambda np: np.array([1, 2], dtype=">i4"), lambda np: np.asarray([1.0, 2.0], dtype=">f8"),
    lambda np: np.asarray(np.arange(3.0), dtype=">f8"), lambda np: np.arange(3, dtype=">i8"),
    lambda np: np.arange(3.0).astype(">f8"), lambda np: np.astype(np.arange(3), ">u2"),
    lambda np: np.eye(2, dtype=">f8"), lambda np: np.zeros_like(np.ones(2), dtype=">c16"),
    lambda np: np.frombuffer(b"\x00\x00\x00\x01", dtype=">i4"),
    lambda np: np.array(numpy.arange(3.0).astype(">f8")),
    lambda np: np.copy(numpy.arange(3.0).astype(">f8")),
])
def test_a_non_native_byte_order_result_is_numpys(call):
    assert_numpys(call(anp), call(numpy))


def test_byte_order_in_can_cast_and_dtype():
    for args in (("<i8", ">i8", "no"), ("<i8", ">i8", "equiv"), (">f8", "<f8", "no"),
                 (">f4", "f8", "safe"), (">i8", ">i4", "same_kind"), ("<i8", ">i8")):
        assert anp.can_cast(*args) is numpy.can_cast(*args), args
    assert anp.dtype(">f8") == numpy.dtype(">f8") and anp.dtype(">f8").str == ">f8"
    be = numpy.arange(3.0).astype(">f8")
    assert anp.asarray(be) is be


@pytest.mark.parametrize("call", [
    lambda np, be: np.sin(be), lambda np, be: np.add(be, be), lambda np, be: np.add(be, 1),
    lambda np, be: np.sum(be), lambda np, be: np.mean(be), lambda np, be: np.max(be),
    lambda np, be: np.matmul(be, be), lambda np, be: np.where(be > 1, be, 0),
    lambda np, be: np.concatenate([be, be]), lambda np, be: np.cumsum(be),
    lambda np, be: np.sqrt(be), lambda np, be: np.negative(be),
    lambda np, be: np.asarray(be, dtype="f8"),
])
def test_numpy_computes_non_native_input_into_native_results(call):
    for be in (numpy.arange(4.0).astype(">f8"), numpy.arange(4).astype(">i4")):
        want = call(numpy, be)
        assert want.dtype.isnative
        assert_like_numpy(call(anp, be), want)


# -- 4. promote_types and result_type: NumPy's metadata and byte order -------------------------
MD = numpy.dtype("f8", metadata={"a": 1})
MD32 = numpy.dtype("f4", metadata={"b": 2})


@pytest.mark.parametrize("args", [
    (MD, MD), (MD, "f8"), ("f8", MD), (MD, MD32), (MD32, MD32), (">f8", ">f8"),
    (">f8", "<f8"), (">f4", ">f8"), (">i4", ">i4"), (">i4", "f8"), ("i4", "f4"),
])
def test_promote_types_is_numpys_with_metadata_and_byte_order(args):
    got, want = anp.promote_types(*args), numpy.promote_types(*args)
    assert got == want and got.str == want.str and got.metadata == want.metadata


@pytest.mark.parametrize("args", [
    (MD,), (MD, MD), (MD, 1.0), (numpy.ones(2, dtype=MD),), (numpy.ones(2, dtype=MD), MD),
    (">f8",), (">f8", ">f8"), (numpy.dtype(">f8"), 1.0), (numpy.ones(2, ">f4"), 1.0),
    (numpy.ones(2, ">i2"), numpy.ones(2, ">u2")), (numpy.dtype(">i2"), numpy.int8(1)),
])
def test_result_type_is_numpys_with_metadata_and_byte_order(args):
    got, want = anp.result_type(*args), numpy.result_type(*args)
    assert got == want and got.str == want.str and got.metadata == want.metadata


def test_promotion_of_aiarrays_own_dtypes_still_works():
    assert anp.promote_types("bfloat16", "f4") == numpy.float32
    assert anp.result_type(anp.ones(2, dtype="bfloat16"), 1.0) == xp.bfloat16
    assert anp.result_type("complex32", "f2") == xp.complex32
    assert anp.promote_types("f4", "f8") == numpy.promote_types("f4", "f8")


# -- 5. out= and dtype= together -------------------------------------------------------------
@pytest.mark.parametrize("func", ["concatenate", "stack"])
def test_out_and_dtype_together_are_a_type_error(func):
    want = _error(lambda: getattr(numpy, func)(([1.1], [2.2]), out=numpy.empty(2), dtype="f8"))
    assert isinstance(want, TypeError)
    out = anp.empty(2 if func == "concatenate" else (2, 1))
    with raises(TypeError, xp.Status.TYPE_MISMATCH, "out", "dtype"):
        getattr(anp, func)(([1.1], [2.2]), out=out, dtype="f8")
    numpy.testing.assert_array_equal(anp.concatenate(([1.1], [2.2]), out=anp.empty(2)),
                                     numpy.concatenate(([1.1], [2.2])))


# -- 6. linalg: NumPy's LinAlgError for what is not a (square) matrix --------------------------
MATRICES = [numpy.array(2.0), numpy.array([1.0, 2.0]), numpy.ones((2, 3)),
            numpy.array([[1.0, 2.0], [2.0, 4.0]]), numpy.array([[1, 2], [3, 4]]),
            numpy.array([[1, 2], [2, 4]]), numpy.array([[True, False], [True, True]]),
            numpy.array([[1, 2], [3, 4]], dtype=numpy.int32), numpy.ones((3, 2, 2)),
            numpy.array([[1, 2], [3, 4]], dtype=numpy.float32), numpy.ones((0, 0))]


@pytest.mark.parametrize("n", [0, 1, 2, 3, -1, -2])
def test_matrix_power_as_numpy(n):
    for a in MATRICES:
        try:
            want = numpy.linalg.matrix_power(a, n)
        except numpy.linalg.LinAlgError:
            e = _error(lambda: anp.linalg.matrix_power(a, n))  # noqa: B023
            assert isinstance(e, numpy.linalg.LinAlgError), (a, n, e)
            assert isinstance(e, anp.linalg.LinAlgError) and isinstance(e.status, xp.Status)
            continue
        assert_like_numpy(anp.linalg.matrix_power(anp.asarray(a), n), want, exact=False,
                          where=f"{a!r} ** {n}")


@pytest.mark.parametrize("name", ["inv", "det", "slogdet", "eig", "eigh", "eigvals",
                                  "eigvalsh", "cholesky", "svd", "qr", "pinv", "svdvals",
                                  "solve", "matrix_rank"])
def test_linalg_shape_errors_are_linalg_errors(name):
    for a in (numpy.array(2.0), numpy.array([1.0, 2.0]), numpy.ones((2, 3))):
        args = (a, a) if name == "solve" else (a,)
        try:
            want = getattr(numpy.linalg, name)(*args)
        except numpy.linalg.LinAlgError:
            got = _error(lambda: getattr(anp.linalg, name)(*args))  # noqa: B023
            assert isinstance(got, anp.linalg.LinAlgError), (name, a.shape, got)
            assert isinstance(got, numpy.linalg.LinAlgError)
            continue
        assert_like_numpy(getattr(anp.linalg, name)(*args), want, exact=False,
                          where=f"{name}{a.shape}")  # NumPy takes it (svd of 2x3, rank)


def test_matrix_power_needs_an_integer_exponent():
    want = _error(lambda: numpy.linalg.matrix_power(numpy.eye(2), 1.5))
    with raises(type(want), xp.Status.TYPE_MISMATCH):
        anp.linalg.matrix_power(anp.eye(2), 1.5)


# -- 7. date/time and long double: NumPy's own names and NumPy's computation ------------------
_OWN = ["datetime64", "timedelta64", "longdouble", "clongdouble", "busdaycalendar", "record",
        *[n for n in ("float128", "complex256") if hasattr(numpy, n)]]


def test_numpys_scalar_types_of_data_aiarray_does_not_compute_are_numpys():
    for name in _OWN:
        assert getattr(anp, name) is getattr(numpy, name), name
        assert name in anp.__all__ and name in dir(anp)
    dtypes = [anp.float64, anp.longdouble]  # a module that merely names them imports
    assert dtypes[1] is numpy.longdouble
    assert anp.dtype("datetime64[ns]") == numpy.dtype("datetime64[ns]")
    assert isinstance(numpy.datetime64("2020-01-01"), anp.datetime64)
    assert anp.issubdtype(anp.dtype("m8[s]"), anp.timedelta64)
    st = dict((n, s) for n, s, _ in anp._status())
    for name in [*_OWN, "isnat", "datetime_data", "datetime_as_string", "busday_count",
                 "busday_offset", "is_busday"]:
        assert st[name] == "served", name


D = numpy.array(["2020-01-01", "NaT", "2020-03-02"], dtype="datetime64[D]")


@pytest.mark.parametrize("call", [
    lambda np: np.array(["2020-01-01"], dtype="datetime64[D]"),
    lambda np: np.arange("2020-01", "2020-03", dtype="datetime64[M]"),
    lambda np: np.zeros(2, dtype=np.longdouble), lambda np: np.ones(3, dtype=np.clongdouble),
    lambda np: np.ones(2, dtype=np.longdouble) * 3 + 1,
    lambda np: np.sqrt(np.ones(2, np.longdouble)),
    lambda np: np.linspace(0, 1, 3, dtype=np.longdouble),
    lambda np: np.isnat(D), lambda np: D - D[0], lambda np: np.subtract(D, D[0]),
    lambda np: np.diff(D), lambda np: np.maximum(D, D), lambda np: np.sort(D),
    lambda np: np.where(np.isnat(D), np.datetime64("2000-01-01"), D),
    lambda np: np.datetime_as_string(D), lambda np: np.is_busday(D[[0, 2]]),
    lambda np: np.busday_offset("2020-01-01", [1, 3]),
    lambda np: np.busday_count("2020-01-01", ["2020-02-01", "2020-03-01"],
                               busdaycal=np.busdaycalendar(weekmask="1111100")),
    lambda np: np.array([np.timedelta64(3, "D"), np.timedelta64(5, "h")]),
    lambda np: np.concatenate([D, D]), lambda np: np.full(2, np.datetime64("2021-05-05")),
])
def test_date_time_and_long_double_data_is_numpys(call):
    assert_as_numpy(call(anp), call(numpy))


def test_date_time_scalars_and_functions():
    assert anp.datetime_data(D.dtype) == numpy.datetime_data(D.dtype)
    assert anp.max(D[[0, 2]]) == numpy.max(D[[0, 2]])
    assert anp.isnat(numpy.datetime64("NaT")) == numpy.isnat(numpy.datetime64("NaT"))
    assert anp.timedelta64(3, "D") * 2 == numpy.timedelta64(6, "D")
    e, want = _error(lambda: anp.isnat(anp.ones(2))), _error(lambda: numpy.isnat(numpy.ones(2)))
    assert type(want) is TypeError and isinstance(e, TypeError) and isinstance(
        e.status, xp.Status)
    ld = anp.sum(anp.ones(3, dtype=anp.longdouble))
    assert type(ld) is numpy.longdouble and ld == 3


def test_what_stays_unserved_says_why():
    for name in ("matrix", "ma", "rec", "recarray", "char", "strings", "memmap", "ctypeslib"):
        with pytest.raises(AttributeError, match="does not serve"):
            getattr(anp, name)


@pytest.mark.parametrize("name", ["ma", "char", "rec", "memmap", "ctypeslib", "lib.add_newdoc"])
def test_an_import_of_what_stays_unserved_says_why_as_the_attribute_does(name):
    parent, _, leaf = f"aiarray.numpy.{name}".rpartition(".")
    module = importlib.import_module(parent)
    with pytest.raises(AttributeError) as attribute:
        getattr(module, leaf)
    assert "does not serve" in str(attribute.value)
    for statement in (f"from {parent} import {leaf}", f"import {parent}.{leaf}"):
        with pytest.raises(ImportError) as imported:
            exec(statement, {})
        assert str(imported.value) == str(attribute.value), statement
    assert importlib.util.find_spec("aiarray.numpy.fft") is not None  # real modules import
    with pytest.raises(ImportError, match="cannot import name 'no_such_name'"):
        exec("from aiarray.numpy import no_such_name", {})


# -- 8. astype to dtypes aiarray does not compute: NumPy's result ------------------------------
@pytest.mark.parametrize("call", [
    lambda np: np.arange(3).astype("str"), lambda np: np.arange(3).astype(str),
    lambda np: np.astype(np.arange(3), "U5"), lambda np: np.arange(3).astype("S3"),
    lambda np: np.arange(3).astype("datetime64[s]"), lambda np: np.arange(3).astype("m8[D]"),
    lambda np: np.array([1.5, 2.0]).astype("U"),
    lambda np: np.ones(2, "f4").astype("c16").astype("U"),
    lambda np: np.array([True, False]).astype("S"), lambda np: np.arange(3).astype(">i8"),
    lambda np: np.arange(3).astype(np.longdouble),
])
def test_astype_to_numpy_only_dtypes_gives_numpys_array(call):
    assert_numpys(call(anp), call(numpy))


def test_astype_to_object_and_its_casting_rule():
    got, want = anp.arange(3).astype(object), numpy.arange(3).astype(object)
    assert_numpys(got, want)
    assert [type(v) for v in got] == [type(v) for v in want]
    want = _error(lambda: numpy.arange(3.0).astype("U3", casting="safe"))
    with raises(type(want), xp.Status.TYPE_MISMATCH):
        anp.arange(3.0).astype("U3", casting="safe")
    s = xp.arange(3)  # a standard array's method too
    assert_numpys(s.astype("U2"), numpy.arange(3).astype("U2"))


# -- 9. numpy.lib's public submodules ------------------------------------------------------------
def test_lib_array_utils():
    from aiarray.numpy.lib import array_utils

    assert anp.lib.array_utils is array_utils
    a = numpy.arange(12.0).reshape(3, 4)[::2, 1:]
    lo, hi = numpy.lib.array_utils.byte_bounds(a)
    x = anp.arange(6, dtype=anp.int32)
    base = numpy.lib.array_utils.byte_bounds(x._array)
    assert array_utils.byte_bounds(x) == base and base[1] - base[0] == 24
    assert array_utils.byte_bounds(a) == (lo, hi)
    for args in ((1, 3), (-1, 3), (-3, 3)):
        assert array_utils.normalize_axis_index(*args) == \
            numpy.lib.array_utils.normalize_axis_index(*args)
    for args in ((0, 2), ((0, -1), 3), ([1], 2)):
        assert array_utils.normalize_axis_tuple(*args) == \
            numpy.lib.array_utils.normalize_axis_tuple(*args)
    for bad in (lambda m: m.normalize_axis_index(3, 2),
                lambda m: m.normalize_axis_tuple((0, 0), 2)):
        want = _error(lambda: bad(numpy.lib.array_utils))  # noqa: B023
        got = _error(lambda: bad(array_utils))  # noqa: B023
        assert isinstance(got, type(want)) and isinstance(got.status, xp.Status), got


def test_lib_numpyversion_mixins_scimath_and_introspect():
    assert anp.lib.NumpyVersion is numpy.lib.NumpyVersion
    assert anp.lib.NumpyVersion(anp.__version__) >= "2.0.0"
    assert anp.lib.Arrayterator is numpy.lib.Arrayterator
    blocks = list(anp.lib.Arrayterator(anp.arange(12.0).reshape(3, 4), buf_size=4))
    assert all(type(b) is xp.Array for b in blocks) and sum(b.size for b in blocks) == 12

    from aiarray.numpy.lib.mixins import NDArrayOperatorsMixin

    assert NDArrayOperatorsMixin is numpy.lib.mixins.NDArrayOperatorsMixin

    class Wrapped(NDArrayOperatorsMixin):
        def __init__(self, value):
            self.value = value

        def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
            args = [i.value if isinstance(i, Wrapped) else i for i in inputs]
            return Wrapped(getattr(ufunc, method)(*args, **kwargs))

    w = Wrapped(anp.array([1.0, 2.0])) * 3 + 1
    assert_like_numpy(w.value, numpy.array([1.0, 2.0]) * 3 + 1)
    from aiarray.numpy.lib import scimath

    assert anp.lib.scimath is scimath and scimath.sqrt is anp.emath.sqrt
    assert_like_numpy(scimath.sqrt(anp.array([-4.0, 4.0])),
                      numpy.lib.scimath.sqrt(numpy.array([-4.0, 4.0])))
    assert_like_numpy(scimath.logn(2, anp.array([-8.0])), numpy.lib.scimath.logn(2, [-8.0]))
    assert anp.lib.introspect.opt_func_info("add", "float64").keys() == \
        numpy.lib.introspect.opt_func_info("add", "float64").keys()
    with pytest.raises(AttributeError, match="does not serve"):
        anp.lib.add_newdoc  # noqa: B018


def test_lib_format_and_npyio(tmp_path):
    from aiarray.numpy.lib import format, npyio

    x = anp.arange(6.0).reshape(2, 3)
    buf = io.BytesIO()
    format.write_array(buf, x)
    want = io.BytesIO()
    numpy.lib.format.write_array(want, numpy.arange(6.0).reshape(2, 3))
    assert buf.getvalue() == want.getvalue()
    buf.seek(0)
    assert_like_numpy(format.read_array(buf), numpy.arange(6.0).reshape(2, 3))
    assert format.MAGIC_PREFIX == numpy.lib.format.MAGIC_PREFIX
    assert format.dtype_to_descr(anp.dtype("f4")) == numpy.lib.format.dtype_to_descr(
        numpy.dtype("f4"))
    assert format.header_data_from_array_1_0(x) == \
        numpy.lib.format.header_data_from_array_1_0(numpy.asarray(x))
    path = str(tmp_path / "m.npy")
    m = format.open_memmap(path, mode="w+", dtype="f8", shape=(3,))
    assert type(m) is xp.Array  # an Array over the mapping, as load(mmap_mode=...)
    m[...] = anp.array([1.0, 2.0, 3.0])
    del m
    gc.collect()
    numpy.testing.assert_array_equal(numpy.load(path), [1.0, 2.0, 3.0])
    npz = str(tmp_path / "a.npz")
    anp.savez(npz, a=x)
    with anp.load(npz) as f:
        assert isinstance(f, npyio.NpzFile)
    assert npyio.DataSource is numpy.lib.npyio.DataSource
    assert pickle.loads(pickle.dumps(format.read_array)) is format.read_array


def test_every_numpy_lib_name_is_served_or_says_why():
    for name in numpy.lib.__all__:
        try:
            getattr(anp.lib, name)
        except AttributeError as e:
            assert "does not serve" in str(e), name
    for name in ("array_utils", "format", "mixins", "npyio", "scimath", "stride_tricks",
                 "introspect", "NumpyVersion"):
        assert name in anp.lib.__all__
    for name in numpy.lib.array_utils.__all__ + numpy.lib.scimath.__all__:
        assert callable(getattr(anp.lib.array_utils, name, None) or getattr(
            anp.lib.scimath, name, None)), name

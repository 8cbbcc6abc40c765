"""Operators and ufuncs of swap-in arrays against NumPy's: dtypes and bits, for mixed
dtypes, Python and NumPy scalars on either side, and NumPy's ``**`` shortcuts."""

from __future__ import annotations

import itertools
import operator
import warnings

import numpy
import pytest

import aiarray as xp
import aiarray.numpy as anp

DTYPES = ("?", "i1", "u1", "i4", "i8", "u8", "f2", "f4", "f8", "c8", "c16")


def data(dt: str, n: int = 64, seed: int = 0) -> numpy.ndarray:
    rng = numpy.random.default_rng(seed)
    if dt == "?":
        return rng.random(n) > 0.5
    x = rng.standard_normal(n) * 3
    if numpy.dtype(dt).kind == "c":
        x = x + 1j * rng.standard_normal(n)
    if numpy.dtype(dt).kind == "u":
        x = numpy.abs(x)
    return x.astype(dt)


def same(got: object, want: object) -> None:
    """``got`` is what NumPy's ``want`` is: an Array of its dtype and bits, or the same
    NumPy scalar, or the same exception type."""
    if isinstance(want, type):
        assert isinstance(got, type) and issubclass(got, Exception), got
        return
    if isinstance(want, numpy.ndarray):
        assert type(got) is xp.Array and got._numpy, type(got)
        assert got.dtype == want.dtype and got.shape == want.shape
        numpy.testing.assert_array_equal(numpy.asarray(got), want)
    else:
        assert type(got) is type(want), (type(got), type(want))
        numpy.testing.assert_array_equal(got, want)


def outcome(f, *args):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return f(*args)
        except Exception as e:
            return type(e)


@pytest.mark.parametrize("dt", DTYPES)
@pytest.mark.parametrize("exponent", [2, -1, 0.5, 2.0, 3, 1, -2, 0])
def test_power_takes_numpys_shortcuts(dt, exponent):
    """NumPy computes ``x ** 2`` as square(x), and for inexact x ``x ** -1`` as
    reciprocal(x) and ``x ** 0.5`` as sqrt(x): complex results differ from pow's in the
    last bit, and bool ** 2 is int8."""
    x = data(dt)
    same(outcome(operator.pow, anp.asarray(x), exponent), outcome(operator.pow, x, exponent))
    y, ay = x.copy(), anp.asarray(x.copy())
    want = outcome(operator.ipow, y, exponent)
    got = outcome(operator.ipow, ay, exponent)
    if not isinstance(want, type):
        assert got is ay
        numpy.testing.assert_array_equal(numpy.asarray(ay), y)


OPS = (operator.add, operator.sub, operator.mul, operator.truediv, operator.lt,
       operator.eq, numpy.maximum, numpy.arctan2, numpy.hypot)


@pytest.mark.parametrize("op", OPS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("d1,d2", list(itertools.combinations(("?", "i1", "u1", "i8", "f2",
                                                               "f4", "f8", "c8"), 2)))
def test_mixed_dtypes_give_numpys_results(op, d1, d2):
    a, b = data(d1, seed=1), data(d2, seed=2)
    f = op if not isinstance(op, numpy.ufunc) else getattr(anp, op.__name__)
    same(outcome(f, anp.asarray(a), anp.asarray(b)), outcome(op, a, b))
    same(outcome(f, anp.asarray(b), anp.asarray(a)), outcome(op, b, a))


SCALARS = (2, -3, 2.5, 1e300, 1 + 2j, True, numpy.float32(1.5), numpy.float64(0.25),
           numpy.int8(3), numpy.uint64(7), numpy.complex64(1j), numpy.bool_(True), 300)


@pytest.mark.parametrize("op", OPS[:6], ids=lambda f: f.__name__)
@pytest.mark.parametrize("dt", ("?", "u1", "i4", "f2", "f4", "f8", "c8"))
def test_scalars_on_either_side_give_numpys_results(op, dt):
    x = data(dt, seed=3)
    for s in SCALARS:
        same(outcome(op, anp.asarray(x), s), outcome(op, x, s))
        same(outcome(op, s, anp.asarray(x)), outcome(op, s, x))
        same(outcome(op, anp.asarray(x[:1].reshape(())), s), outcome(op, x[:1].reshape(()), s))


def test_scalar_from_an_element_with_arrays():
    for dt in ("f4", "f8", "i4", "c8"):
        x = data(dt, seed=4)
        ax = anp.asarray(x)
        for got, want in ((ax - ax[0], x - x[0]), (ax[1] * ax, x[1] * x),
                          (ax / ax.sum(), x / x.sum()), (ax.max() - ax, x.max() - x)):
            same(got, want)


@pytest.mark.parametrize("op", (operator.truediv, operator.lt, operator.eq, operator.add,
                                operator.mul), ids=lambda f: f.__name__)
@pytest.mark.parametrize("s", (-3, 300, 2**70, 2.5))
def test_python_ints_beyond_the_dtype_on_large_arrays(op, s):
    """NumPy casts a Python int to the dtype its loop computes in: uint8 / -3 is float64
    division; uint8 + 300 raises OverflowError; large arrays (the general path and the
    kernels) follow the same rule as small ones."""
    x = data("u1", n=40_000, seed=5)
    same(outcome(op, anp.asarray(x), s), outcome(op, x, s))
    same(outcome(op, s, anp.asarray(x)), outcome(op, s, x))


def test_operators_with_data_aiarray_does_not_compute_are_numpys():
    """An object or string ndarray on either side: NumPy's reflected operator computes
    (its result stays NumPy's); an in-place write of such data refuses, as NumPy does."""
    objects = numpy.array([1, 2], dtype=object)
    text = numpy.array(["a", "b"])
    x = numpy.array([1.0, 2.0])
    for op in (operator.add, operator.mul, operator.eq):
        for other in (objects, text):
            want = outcome(op, x, other)
            got = outcome(op, anp.asarray(x), other)
            if isinstance(want, type):
                assert isinstance(got, type) and issubclass(got, TypeError) == issubclass(
                    want, TypeError)
                continue
            # NumPy's own operator computes; an object result stays NumPy's (a bool one
            # may come back as an Array, where NumPy's ufunc protocol is involved)
            kinds = (numpy.ndarray,) if want.dtype == object else (numpy.ndarray, xp.Array)
            assert type(got) in kinds and got.dtype == want.dtype
            assert got.tolist() == want.tolist()
            back = outcome(op, other, anp.asarray(x))
            assert type(back) in kinds and back.tolist() == op(other, x).tolist()
    y = anp.asarray(x)
    with pytest.raises(TypeError):
        y += objects
    numpy.testing.assert_array_equal(numpy.asarray(y), x)


@pytest.mark.parametrize("op", (operator.iadd, operator.isub, operator.imul, operator.itruediv,
                                operator.imod, operator.ipow), ids=lambda f: f.__name__)
@pytest.mark.parametrize("d1,d2", [("f4", "f4"), ("f4", "f8"), ("f8", "f4"), ("i8", "i1"),
                                   ("i1", "i8"), ("u1", "i8"), ("f8", "i4"), ("c8", "f4"),
                                   ("?", "?"), ("i4", "f8")])
def test_in_place_operators_give_numpys_results(op, d1, d2):
    """``x op= y`` writes NumPy's values into x (same_kind casts back into x's dtype) or
    raises where NumPy refuses; a value that does not fit raises instead of wrapping."""
    x, y = data(d1, seed=6), data(d2, seed=7)
    for other in (y, y[0], 2, 2.5):
        want_x = x.copy()
        want = outcome(op, want_x, other)
        got_x = anp.asarray(x.copy())
        got = outcome(op, got_x, anp.asarray(other) if isinstance(other, numpy.ndarray)
                      else other)
        if isinstance(want, type):
            assert isinstance(got, type), (got, want)
            numpy.testing.assert_array_equal(numpy.asarray(got_x), x)  # unchanged
            continue
        if isinstance(got, type):  # aiarray refuses what NumPy would wrap around
            assert numpy.dtype(d1).kind in "iub" and not numpy.array_equal(
                want_x, outcome(op, x.astype(numpy.float64), other)), (got, d1, d2, other)
            continue
        assert got is got_x and got_x.dtype == want_x.dtype
        numpy.testing.assert_array_equal(numpy.asarray(got_x), want_x)


@pytest.mark.parametrize("n", [3, 40_000])
def test_a_python_int_beyond_a_float_dtype_raises(n):
    """The one deliberate difference (docs/porting.md): NumPy rounds float16 + 70000 to inf
    with a warning; aiarray raises OverflowError, on every path and in place."""
    x = anp.ones(n, dtype=anp.float16)
    for f in (lambda: x + 70000, lambda: 70000 * x, lambda: x - 2**200,
              lambda: anp.add(x, 70000)):
        with pytest.raises(OverflowError) as e:
            f()
        assert e.value.status
    with pytest.raises(OverflowError):
        x += 70000
    numpy.testing.assert_array_equal(numpy.asarray(x), numpy.ones(n, numpy.float16))
    same(x + 1e10, numpy.ones(n, numpy.float16) + numpy.float16(numpy.inf))  # floats: inf


# the standard namespace's functions beside their operators: an ndarray operand
STANDARD_WITH_OPERATORS = (
    ("add", operator.add), ("subtract", operator.sub), ("multiply", operator.mul),
    ("divide", operator.truediv), ("floor_divide", operator.floordiv),
    ("remainder", operator.mod), ("pow", operator.pow), ("equal", operator.eq),
    ("not_equal", operator.ne), ("less", operator.lt), ("less_equal", operator.le),
    ("greater", operator.gt), ("greater_equal", operator.ge),
    ("bitwise_and", operator.and_), ("bitwise_or", operator.or_),
    ("bitwise_xor", operator.xor), ("bitwise_left_shift", operator.lshift),
    ("bitwise_right_shift", operator.rshift), ("matmul", operator.matmul),
)


@pytest.mark.parametrize("name,op,d1,d2", [
    pytest.param(name, op, d1, d2, id=f"{name}-{d1}-{d2}")
    for name, op in STANDARD_WITH_OPERATORS
    for d1, d2 in (("i4", "u1"), ("f4", "i8"), ("i8", "i8"))
    if not (name.startswith("bitwise") and "f" in d1 + d2)])  # (bitwise: integers only)
def test_a_standard_function_takes_an_ndarray_as_its_operator_does(name, op, d1, d2):
    integer = name.startswith("bitwise")
    a, n = numpy.abs(data(d1, 16)).reshape(4, 4), numpy.abs(data(d2, 16, 1)).reshape(4, 4)
    if integer:
        a, n = a % 8, n % 8
    x = xp.asarray(a)  # a standard array
    func = getattr(xp, name)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        for got, by_operator, want in ((func(x, n), op(x, n), op(a, n)),
                                       (func(n, x), op(n, x), op(n, a))):
            assert type(got) is xp.Array and got.dtype == by_operator.dtype == want.dtype
            assert got._numpy is by_operator._numpy is True  # the swap-in's rules, as NumPy's
            numpy.testing.assert_array_equal(numpy.asarray(got), want)
            numpy.testing.assert_array_equal(numpy.asarray(by_operator), want)
    with pytest.raises(TypeError) as e:  # no Array operand at all: still refused
        func(a, n)
    assert isinstance(e.value, xp.AiarrayError)

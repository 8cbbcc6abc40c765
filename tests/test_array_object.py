"""The Array object: construction, attributes, conversions, indexing, assignment, display,
interchange (DLPack, __array_namespace__, array_api_compat) and in-place operators.

Expected values come from NumPy on the same data (indexing) or are written by hand.
"""

from __future__ import annotations

import operator

import array_api_compat
import numpy as np
import pytest

import aiarray as aa

STANDARD_DTYPES = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                   "uint64", "float32", "float64", "complex64", "complex128")

# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------


def as_np(x: aa.Array) -> np.ndarray:
    assert type(x) is aa.Array, type(x)
    return np.asarray(x)


def snapshot(x: aa.Array) -> tuple:
    """Everything about x that an operation that raised must not have changed."""
    return (x.dtype, x.shape, as_np(x).copy())


def assert_unchanged(x: aa.Array, before: tuple) -> None:
    dtype, shape, values = before
    assert x.dtype == dtype and x.shape == shape
    np.testing.assert_array_equal(as_np(x), values)


def sample(shape=(3, 4), dtype="int64") -> tuple[np.ndarray, aa.Array]:
    a = np.arange(int(np.prod(shape))).reshape(shape).astype(dtype)
    return a, aa.asarray(a.copy())


class DLPackOnly:
    """An object that offers its data only through the DLPack protocol."""

    def __init__(self, x):
        self._x = x

    def __dlpack__(self, **kwargs):
        return self._x.__dlpack__(**kwargs)

    def __dlpack_device__(self):
        return self._x.__dlpack_device__()


# ---------------------------------------------------------------------------
# Construction and attributes
# ---------------------------------------------------------------------------


def test_array_cannot_be_constructed_directly():
    with pytest.raises(TypeError):
        aa.Array()
    with pytest.raises(TypeError):
        aa.Array(np.ones(3))


def test_new_wraps_an_ndarray():
    a = np.arange(3, dtype=np.int16)
    x = aa.Array._new(a)
    assert type(x) is aa.Array and x.dtype == aa.int16
    np.testing.assert_array_equal(as_np(x), a)


@pytest.mark.parametrize("shape", [(), (0,), (5,), (2, 3), (2, 0, 4), (1, 1, 1, 1)])
def test_shape_ndim_size(shape):
    x = aa.zeros(shape, dtype=aa.float32)
    assert x.shape == shape and type(x.shape) is tuple
    assert x.ndim == len(shape) and type(x.ndim) is int
    assert x.size == int(np.prod(shape)) and type(x.size) is int


@pytest.mark.parametrize("dtype", STANDARD_DTYPES)
def test_dtype_attribute_is_the_namespace_dtype(dtype):
    x = aa.zeros(2, dtype=getattr(aa, dtype))
    assert x.dtype == getattr(aa, dtype) == np.dtype(dtype)


def test_device():
    x = aa.ones(3)
    assert x.device == aa.CPU
    assert x.device == "cpu"
    assert x.device in aa.__array_namespace_info__().devices()
    assert x.to_device("cpu") is x
    assert x.to_device(x.device) is x
    with pytest.raises(ValueError):
        x.to_device("gpu")


def test_transposes():
    a, x = sample((2, 3))
    np.testing.assert_array_equal(as_np(x.T), a.T)
    b, y = sample((4, 2, 3))
    assert y.mT.shape == (4, 3, 2)
    np.testing.assert_array_equal(as_np(y.mT), np.swapaxes(b, -1, -2))
    np.testing.assert_array_equal(as_np(x.mT), a.T)
    for bad in (aa.ones(3), aa.ones((2, 2, 2))):
        with pytest.raises(ValueError):
            _ = bad.T
    with pytest.raises(ValueError):
        _ = aa.ones(3).mT


def test_array_is_unhashable():
    with pytest.raises(TypeError):
        hash(aa.ones(2))


# ---------------------------------------------------------------------------
# Conversion to Python scalars
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "dtype", "conv", "expected"),
    [(True, "bool", bool, True), (0, "int8", bool, False), (0.0, "float64", bool, False),
     (-0.0, "float32", bool, False), (np.nan, "float64", bool, True), (2j, "complex64", bool, True),
     (7, "int32", int, 7), (-2.7, "float64", int, -2), (True, "bool", int, 1),
     (3, "uint64", float, 3.0), (2.5, "float32", float, 2.5), (False, "bool", float, 0.0),
     (3, "int16", complex, 3 + 0j), (1 - 2j, "complex128", complex, 1 - 2j),
     (2.0, "float64", complex, 2 + 0j), (5, "uint8", operator.index, 5),
     (-9, "int64", operator.index, -9)],
)
def test_python_scalar_conversions(value, dtype, conv, expected):
    x = aa.asarray(value, dtype=getattr(aa, dtype))
    out = conv(x)
    assert type(out) is type(expected)
    assert out == expected


@pytest.mark.parametrize("conv", [bool, int, float, complex])
def test_conversion_of_a_multi_element_array_raises(conv):
    with pytest.raises((TypeError, ValueError)):
        conv(aa.asarray([1, 2]))


def test_conversion_errors():
    with pytest.raises(TypeError):
        int(aa.asarray(1j))
    with pytest.raises(TypeError):
        float(aa.asarray(1 + 1j))
    with pytest.raises(TypeError):
        operator.index(aa.asarray(2.0))
    with pytest.raises(TypeError):
        operator.index(aa.asarray(True))
    with pytest.raises(ValueError):
        int(aa.asarray(np.nan))
    with pytest.raises(OverflowError):
        int(aa.asarray(np.inf))


def test_index_protocol_works_in_python_indexing():
    assert [10, 20, 30][aa.asarray(2, dtype=aa.int8)] == 30
    assert range(10)[aa.asarray(-1)] == 9


# ---------------------------------------------------------------------------
# __array_namespace__ and array_api_compat
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("version", [None, "2021.12", "2022.12", "2023.12", "2024.12", "2025.12"])
def test_array_namespace_versions(version):
    x = aa.ones(2)
    ns = x.__array_namespace__() if version is None else x.__array_namespace__(api_version=version)
    if version in (None, "2025.12"):
        assert ns is aa
    else:  # that version's namespace: aiarray except where the standard changed (issue 13)
        assert ns.__array_api_version__ == version and ns.asarray is aa.asarray


@pytest.mark.parametrize("version", ["2020.12", "2026.12", "2023", "", "latest"])
def test_array_namespace_rejects_unknown_versions(version):
    with pytest.raises(ValueError) as info:
        aa.ones(2).__array_namespace__(api_version=version)
    assert info.value.status == aa.Status.INVALID_ARGUMENT
    assert repr(version) in str(info.value)


def test_array_api_compat_finds_aiarray():
    x = aa.ones(3)
    assert array_api_compat.array_namespace(x) is aa
    assert array_api_compat.array_namespace(x, aa.zeros(2, dtype=aa.int8)) is aa


@pytest.mark.parametrize("func", [aa.add, aa.multiply, aa.less, aa.atan2])
def test_a_function_takes_a_numpy_array_beside_an_array_as_its_operator_does(func):
    # (issue 19: the functions refused what ``x + ndarray`` takes); alone, it is refused
    x = aa.asarray([1.0, -2.0, 3.0], dtype=aa.float32)
    n = np.array([0.5, 4.0, -1.0])
    for args, ref in (((x, n), (np.asarray(x), n)), ((n, x), (n, np.asarray(x)))):
        got = func(*args)
        want = getattr(np, func.__name__.replace("atan2", "arctan2"))(*ref)
        assert got.dtype == want.dtype and got._numpy  # NumPy's rules, a swap-in result
        np.testing.assert_array_equal(np.asarray(got), want)
    with pytest.raises(TypeError, match="numpy") as info:
        func(n, n)
    assert info.value.status == aa.Status.UNINITIALIZED


@pytest.mark.parametrize("op", [operator.add, operator.mul, operator.lt, operator.eq])
def test_operators_with_a_numpy_array_follow_the_swap_in_rules(op):
    """``Array op ndarray`` and ``ndarray op Array`` (issue 10): the ndarray is taken as
    an array of aiarray.numpy, so NumPy's rules apply and the result is a swap-in Array;
    the standard namespace's functions take them the same way (above)."""
    x, n = aa.asarray([1, 2, 3], dtype=aa.int8), np.array([1.5, -2.0, 3.0], np.float32)
    for args, ref in (((x, n), (np.array([1, 2, 3], np.int8), n)),
                      ((n, x), (n, np.array([1, 2, 3], np.int8)))):
        got = op(*args)
        want = op(*ref)
        assert type(got) is aa.Array and got._numpy
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(np.asarray(got), want)


def test_numpy_asarray_of_an_array():
    a, x = sample((2, 3), "float32")
    b = np.asarray(x)
    assert b.dtype == np.float32
    np.testing.assert_array_equal(b, a)
    assert np.asarray(x, dtype=np.float64).dtype == np.float64


# ---------------------------------------------------------------------------
# DLPack
# ---------------------------------------------------------------------------


def test_dlpack_device_is_the_cpu():
    assert aa.ones(2).__dlpack_device__() == (1, 0)


@pytest.mark.parametrize("dtype", STANDARD_DTYPES)
def test_dlpack_round_trip(dtype):
    a = (np.arange(12).reshape(3, 4) % 3).astype(dtype)
    x = aa.asarray(a.copy())
    # aiarray -> aiarray through the protocol only
    y = aa.from_dlpack(DLPackOnly(x))
    assert y.dtype == x.dtype and y.shape == x.shape
    np.testing.assert_array_equal(as_np(y), a)
    # aiarray -> NumPy
    n = np.from_dlpack(x)
    assert n.dtype == np.dtype(dtype)
    np.testing.assert_array_equal(n, a)
    # NumPy -> aiarray, without a copy
    src = a.copy()
    z = aa.from_dlpack(src)
    assert z.dtype == np.dtype(dtype)
    np.testing.assert_array_equal(as_np(z), a)
    assert np.shares_memory(as_np(z), src)


def test_dlpack_of_a_strided_view():
    a, x = sample((4, 6), "float64")
    v = x[::2, 1::3]
    np.testing.assert_array_equal(as_np(aa.from_dlpack(DLPackOnly(v))), a[::2, 1::3])
    np.testing.assert_array_equal(np.from_dlpack(v), a[::2, 1::3])


def test_from_dlpack_copy_keyword():
    src = np.arange(4.0)
    shared = aa.from_dlpack(src)
    copied = aa.from_dlpack(src, copy=True)
    src[0] = 99.0
    assert float(shared[0]) == 99.0
    assert float(copied[0]) == 0.0


def test_dlpack_errors():
    x = aa.ones(2)
    with pytest.raises(ValueError):
        x.__dlpack__(stream=1)
    with pytest.raises(TypeError) as info:  # not an array: TypeError (issue 13)
        aa.from_dlpack([1, 2])
    assert info.value.status == aa.Status.UNINITIALIZED and "__dlpack__" in str(info.value)
    with pytest.raises(ValueError):
        aa.from_dlpack(np.ones(2), device="gpu")


def test_dlpack_max_version_gives_a_capsule():
    cap = aa.ones(2).__dlpack__(max_version=(1, 0))
    assert type(cap).__name__ == "PyCapsule"


# ---------------------------------------------------------------------------
# Indexing
# ---------------------------------------------------------------------------


def K(*parts):
    """An index key; numpy arrays in it become aiarray arrays for the aiarray side."""
    return parts[0] if len(parts) == 1 else parts


GETITEM_CASES = [
    ("int", K(1)), ("negative int", K(-1)), ("negative int 2", K(-3)),
    ("two ints", K(2, -1)), ("slice", K(slice(1, 3))), ("slice step", K(slice(None, None, 2))),
    ("negative step", K(slice(None, None, -1))),
    ("negative step both", K(slice(-1, 0, -2), slice(3, None, -3))),
    ("empty slice", K(slice(5, None))), ("slice past end", K(slice(1, 100))),
    ("newaxis", K(None)), ("newaxis middle", K(slice(None), None, 1)),
    ("ellipsis", K(Ellipsis)), ("ellipsis int", K(Ellipsis, 2)), ("int ellipsis", K(0, Ellipsis)),
    ("ellipsis newaxis", K(Ellipsis, None)), ("int slice", K(1, slice(None, None, 2))),
    ("int array", K(np.array([2, 0, 2]))), ("negative int array", K(np.array([-1, -3]))),
    ("int array 2d", K(np.array([[0, 1], [2, 0]]))),
    ("two int arrays", K(np.array([0, 2]), np.array([1, 3]))),
    ("int array and slice", K(slice(None), np.array([3, 0]))),
    ("mask 1d", K(np.array([True, False, True]))),
    ("mask 2d", K(np.arange(12).reshape(3, 4) % 3 == 0)),
    ("mask all false", K(np.zeros((3, 4), dtype=bool))),
    ("mask and slice", K(np.array([False, True, True]), slice(None, 2))),
    ("0-d true mask", K(np.array(True))), ("0-d false mask", K(np.array(False))),
    ("empty tuple", ()), ("int8 array", K(np.array([1, 0], dtype=np.int8))),
    ("uint64 array", K(np.array([1], dtype=np.uint64))),
]


def to_aa_key(key):
    if isinstance(key, np.ndarray):
        return aa.asarray(key)
    if isinstance(key, tuple):
        return tuple(to_aa_key(k) for k in key)
    return key


@pytest.mark.parametrize("key", [k for _, k in GETITEM_CASES], ids=[n for n, _ in GETITEM_CASES])
def test_getitem_matches_numpy(key):
    a, x = sample((3, 4))
    out = x[to_aa_key(key)]
    expected = a[key]
    assert type(out) is aa.Array
    assert out.dtype == x.dtype
    assert out.shape == expected.shape
    np.testing.assert_array_equal(as_np(out), expected)


def test_getitem_of_a_0d_array():
    x = aa.asarray(5.0)
    assert x[()].shape == () and float(x[()]) == 5.0
    assert x[...].shape == ()
    assert x[None].shape == (1,)
    assert x[aa.asarray(True)].shape == (1,)
    assert x[aa.asarray(False)].shape == (0,)


def test_integer_index_gives_a_0d_array():
    _, x = sample((3, 4))
    e = x[1, 2]
    assert type(e) is aa.Array and e.shape == () and int(e) == 6


@pytest.mark.parametrize(
    "key",
    [3, -4, (0, 4), (0, -5), (2, 2, 0), np.array([0, 3]), np.array([-4]),
     (slice(None), np.array([4])), np.array([True, False])],
    ids=["3", "-4", "(0,4)", "(0,-5)", "too many", "int array", "negative int array",
         "int array axis 1", "mask of the wrong length"],
)
def test_out_of_range_index_raises_index_error_with_status(key):
    _, x = sample((3, 4))
    before = snapshot(x)
    with pytest.raises(IndexError) as info:
        x[to_aa_key(key)]
    assert info.value.status == aa.Status.OUT_OF_RANGE
    assert_unchanged(x, before)


@pytest.mark.parametrize("key", [1.5, "a", aa.asarray([1.0]), aa.asarray([1j])],
                         ids=["float", "str", "float array", "complex array"])
def test_invalid_index_types_raise_type_error(key):
    _, x = sample((3, 4))
    with pytest.raises(TypeError):
        x[key]


# ---------------------------------------------------------------------------
# Assignment
# ---------------------------------------------------------------------------

SETITEM_CASES = [  # (key, value as NumPy scalar/array or Python scalar)
    (K(0), 7), (K(-1, -1), 9), (K(slice(None, None, 2)), 5),
    (K(slice(None), 1), np.array([1, 2, 3])),  # a column
    (K(Ellipsis), np.array([10, 20, 30, 40])),  # broadcast a row over every row
    (K(slice(1, None)), np.array([[1], [2]])),  # broadcast a column
    (K(np.array([True, False, True])), 0), (K(np.arange(12).reshape(3, 4) > 6), -1),
    (K(np.array([2, 0])), np.array([[5, 5, 5, 5], [6, 6, 6, 6]])),
    (K(np.array(True)), 3), (K(None, 1), 8),
]


@pytest.mark.parametrize(("key", "value"), SETITEM_CASES,
                         ids=[str(i) for i in range(len(SETITEM_CASES))])
def test_setitem_matches_numpy(key, value):
    a, x = sample((3, 4))
    a[key] = value
    x[to_aa_key(key)] = aa.asarray(value) if isinstance(value, np.ndarray) else value
    assert x.dtype == aa.int64
    np.testing.assert_array_equal(as_np(x), a)


@pytest.mark.parametrize(
    ("dtype", "value", "expected"),
    [("float32", 2, 2.0), ("float64", True, 1.0), ("float64", 2.5, 2.5),
     ("complex64", 1.5, 1.5 + 0j), ("complex128", 2j, 2j), ("int8", -128, -128),
     ("uint8", 255, 255),
     ("bool", False, False), ("int64", 2**62, 2**62), ("float16", 0.1, float(np.float16(0.1)))],
)
def test_setitem_python_scalars_that_fit(dtype, value, expected):
    x = aa.ones(3, dtype=getattr(aa, dtype))
    x[1] = value
    assert x.dtype == getattr(aa, dtype)
    assert as_np(x)[1] == expected


@pytest.mark.parametrize(
    ("dtype", "value", "error"),
    [("int32", 1.5, TypeError), ("int32", 1j, TypeError), ("float32", 1j, TypeError),
     ("bool", 1, TypeError), ("bool", 0.5, TypeError), ("int8", 128, OverflowError),
     ("uint8", -1, OverflowError), ("int32", 2**40, OverflowError), ("int8", None, TypeError),
     ("int8", "1", TypeError), ("float64", [1.0, 2.0], TypeError)],
)
def test_setitem_promotion_errors_leave_the_array_unchanged(dtype, value, error):
    x = aa.asarray(np.array([1, 0, 1]).astype(dtype))
    before = snapshot(x)
    with pytest.raises(error) as info:
        x[0] = value
    assert isinstance(info.value, aa.AiarrayError)
    assert_unchanged(x, before)


@pytest.mark.parametrize(
    ("dtype", "value_dtype", "ok"),
    [("float32", "float16", True), ("float32", "int32", True), ("int32", "int8", True),
     ("int64", "bool", True), ("complex64", "float32", True), ("int32", "int64", False),
     ("float16", "float32", False), ("int8", "uint8", False), ("float32", "complex64", False),
     ("uint8", "float16", False)],
)
def test_setitem_array_values_follow_promotion(dtype, value_dtype, ok):
    x = aa.zeros(3, dtype=getattr(aa, dtype))
    v = aa.asarray(np.array([1, 0, 1]).astype(value_dtype))
    if ok:
        x[:] = v
        assert x.dtype == getattr(aa, dtype)
        np.testing.assert_array_equal(as_np(x), [1, 0, 1])
    else:
        before = snapshot(x)
        with pytest.raises(TypeError):
            x[:] = v
        assert_unchanged(x, before)


def test_setitem_shape_mismatch_raises_value_error():
    _, x = sample((3, 4))
    before = snapshot(x)
    with pytest.raises(ValueError) as info:
        x[:] = aa.asarray(np.array([1, 2, 3], dtype=np.int64))
    assert info.value.status == aa.Status.DIMENSION_MISMATCH
    assert_unchanged(x, before)


def test_setitem_out_of_range_raises_index_error():
    _, x = sample((3, 4))
    before = snapshot(x)
    with pytest.raises(IndexError) as info:
        x[3] = 1
    assert info.value.status == aa.Status.OUT_OF_RANGE
    assert_unchanged(x, before)


def test_setitem_numpy_value_raises_type_error_naming_numpy():
    _, x = sample((3, 4))
    with pytest.raises(TypeError, match="numpy"):
        x[0] = np.arange(4)


def test_setitem_into_a_read_only_broadcast_view_raises_value_error():
    base = aa.asarray(np.array([1.0, 2.0]))
    view = aa.broadcast_to(base, (3, 2))
    with pytest.raises(ValueError):
        view[0, 0] = 5.0
    np.testing.assert_array_equal(as_np(base), [1.0, 2.0])


def test_setitem_on_a_slice_view_writes_through():
    _, x = sample((3, 4))
    row = x[1]
    row[0] = 100
    assert int(x[1, 0]) == 100


# ---------------------------------------------------------------------------
# repr / str
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", STANDARD_DTYPES)
def test_repr_names_the_dtype(dtype):
    x = aa.asarray(np.array([1, 0]).astype(dtype))
    r = repr(x)
    assert r.startswith("Array(") and r.endswith(")")
    assert f"dtype={dtype}" in r


def test_repr_and_str_show_values():
    x = aa.asarray(np.array([[1.5, -2.0], [3.0, 4.25]]))
    assert "1.5" in repr(x) and "-2." in repr(x) and "4.25" in repr(x)
    assert str(x) == str(np.array([[1.5, -2.0], [3.0, 4.25]]))
    assert repr(aa.asarray(7)) == "Array(7, dtype=int64)"
    assert "dtype=int8" in repr(aa.zeros(0, dtype=aa.int8))


# ---------------------------------------------------------------------------
# In-place operators
# ---------------------------------------------------------------------------

INPLACE = [  # (operator, function, int32 operand, float32 operand or None)
    ("iadd", aa.add, 3, 1.5), ("isub", aa.subtract, 3, 1.5), ("imul", aa.multiply, 3, 1.5),
    ("itruediv", aa.divide, None, 4.0), ("ifloordiv", aa.floor_divide, 3, 1.5),
    ("imod", aa.remainder, 3, 1.5), ("ipow", aa.pow, 2, 2.0),
    ("iand", aa.bitwise_and, 6, None), ("ior", aa.bitwise_or, 6, None),
    ("ixor", aa.bitwise_xor, 6, None), ("ilshift", aa.bitwise_left_shift, 2, None),
    ("irshift", aa.bitwise_right_shift, 1, None),
]
INPLACE_IDS = [n for n, *_ in INPLACE]


def _operands(dtype):
    if dtype == "int32":
        return np.array([[1, -7, 12], [5, 0, -3]], dtype=np.int32)
    return np.array([[1.5, -7.25, 12.0], [5.0, 0.5, -3.0]], dtype=np.float32)


INPLACE_VALID = [  # (operator, function, right scalar, dtype) where the dtype is kept
    pytest.param(name, func, rhs, dtype, id=f"{name}-{dtype}")
    for name, func, int_rhs, float_rhs in INPLACE
    for dtype, rhs in (("int32", int_rhs), ("float32", float_rhs)) if rhs is not None
]


@pytest.mark.parametrize("rhs_kind", ["scalar", "array", "broadcast row", "0-d array"])
@pytest.mark.parametrize(("name", "func", "scalar", "dtype"), INPLACE_VALID)
def test_inplace_operator_equals_function_and_keeps_identity(name, func, scalar, dtype,
                                                             rhs_kind):
    a = _operands(dtype)
    if name in ("ilshift", "irshift", "ipow") and dtype == "int32":
        a = np.abs(a)
    if rhs_kind == "scalar":
        rhs = scalar
    elif rhs_kind == "array":
        rhs = aa.asarray(np.full(a.shape, scalar, dtype=dtype))
    elif rhs_kind == "broadcast row":
        rhs = aa.asarray(np.full(a.shape[1:], scalar, dtype=dtype))
    else:
        rhs = aa.asarray(np.array(scalar, dtype=dtype))
    x = aa.asarray(a.copy())
    expected = func(aa.asarray(a.copy()), rhs)
    result = getattr(operator, name)(x, rhs)
    assert result is x
    assert x.dtype == np.dtype(dtype) and x.shape == a.shape
    np.testing.assert_array_equal(as_np(x), as_np(expected))


@pytest.mark.parametrize(("name", "func", "int_rhs", "float_rhs"), INPLACE, ids=INPLACE_IDS)
def test_inplace_with_a_larger_broadcast_shape_raises_value_error(name, func, int_rhs, float_rhs):
    v = int_rhs if int_rhs is not None else 2
    dtype = "int32" if int_rhs is not None else "float32"
    x = aa.asarray(np.array([1, 2, 3], dtype=dtype))
    rhs = aa.asarray(np.full((2, 3), v, dtype=dtype))
    before, rhs_before = snapshot(x), snapshot(rhs)
    with pytest.raises(ValueError) as info:
        getattr(operator, name)(x, rhs)
    assert info.value.status == aa.Status.DIMENSION_MISMATCH
    assert_unchanged(x, before)
    assert_unchanged(rhs, rhs_before)


INPLACE_DTYPE_ERRORS = [  # (operator, x dtype, right operand) -> TypeError, x unchanged
    ("itruediv", "int32", 2), ("itruediv", "int32", aa.asarray(np.int32(2))),
    ("iadd", "int32", 1.5), ("isub", "int16", aa.asarray(np.ones(3, dtype=np.int32))),
    ("imul", "float32", aa.asarray(np.ones(3))), ("iadd", "float32", 1j),
    ("ipow", "int8", 0.5), ("imod", "uint8", aa.asarray(np.ones(3, dtype=np.int8))),
    ("iand", "float32", 1), ("ior", "int32", aa.asarray(np.ones(3, dtype=np.float32))),
    ("ixor", "bool", aa.asarray(np.ones(3, dtype=np.int8))), ("ilshift", "float64", 1),
    ("irshift", "int8", 1.0), ("ifloordiv", "int32", aa.asarray(np.ones(3, dtype=np.float64))),
    ("iadd", "float16", aa.asarray(np.ones(3, dtype=np.float32))),
]


@pytest.mark.parametrize(("name", "dtype", "rhs"), INPLACE_DTYPE_ERRORS)
def test_inplace_that_would_change_the_dtype_raises_type_error(name, dtype, rhs):
    x = aa.asarray(np.array([1, 2, 3]).astype(dtype))
    before = snapshot(x)
    with pytest.raises(TypeError) as info:
        getattr(operator, name)(x, rhs)
    assert info.value.status == aa.Status.TYPE_MISMATCH
    assert_unchanged(x, before)


def test_inplace_divide_on_int32_names_both_dtypes():
    x = aa.asarray(np.array([2, 4], dtype=np.int32))
    with pytest.raises(TypeError, match=r"int32.*float32|float32.*int32"):
        x /= 2
    np.testing.assert_array_equal(as_np(x), [2, 4])


@pytest.mark.parametrize("name", ["iadd", "isub", "imul", "ior"])
def test_inplace_with_an_int_that_does_not_fit_raises_overflow_error(name):
    x = aa.asarray(np.array([1, 2], dtype=np.int32))
    before = snapshot(x)
    with pytest.raises(OverflowError):
        getattr(operator, name)(x, 2**40)
    assert_unchanged(x, before)


@pytest.mark.parametrize("name", ["iadd", "imul", "itruediv"])
def test_inplace_on_a_read_only_view_raises_value_error(name):
    base = aa.asarray(np.array([1.0, 2.0]))
    view = aa.broadcast_to(base, (3, 2))
    with pytest.raises(ValueError):
        getattr(operator, name)(view, 1.0)
    np.testing.assert_array_equal(as_np(base), [1.0, 2.0])


def test_inplace_with_a_numpy_operand_is_as_the_operator():
    x = aa.asarray(np.array([1.0, 2.0]))
    x += np.ones(2)  # as x + ndarray (issue 19)
    np.testing.assert_array_equal(as_np(x), [2.0, 3.0])
    assert x.dtype == aa.float64
    y = aa.asarray(np.array([1, 2], dtype=np.int8))
    with pytest.raises(TypeError, match="int8"):  # the result dtype would change y's
        y += np.ones(2)
    np.testing.assert_array_equal(as_np(y), [1, 2])


def test_inplace_bool_operators():
    x = aa.asarray(np.array([True, False, True]))
    x &= aa.asarray(np.array([True, True, False]))
    np.testing.assert_array_equal(as_np(x), [True, False, False])
    x |= True
    np.testing.assert_array_equal(as_np(x), [True, True, True])
    x ^= aa.asarray(np.array([False, True, False]))
    np.testing.assert_array_equal(as_np(x), [True, False, True])
    x += aa.asarray(np.array([False, True, False]))  # logical or
    np.testing.assert_array_equal(as_np(x), [True, True, True])
    assert x.dtype == aa.bool


def test_inplace_on_a_view_writes_through_to_the_base():
    _, x = sample((2, 3), "float64")
    row = x[0]
    row += 10.0
    np.testing.assert_array_equal(as_np(x)[0], [10.0, 11.0, 12.0])


def test_extension_namespaces_load_on_first_use() -> None:
    import subprocess
    import sys

    code = (
        "import sys, aiarray as xp\n"
        "lazy = ['aiarray.' + m for m in ('fft', 'grad', 'linalg', 'random', 'sparse')]\n"
        "print(sorted(m for m in lazy if m in sys.modules))\n"
        "print(xp.linalg.__name__, xp.fft.__name__, 'sparse' in dir(xp))\n"
        "from aiarray import random, grad\n"
        "import aiarray.sparse\n"
        "print(random.__name__, grad.__name__, aiarray.sparse is xp.sparse)\n"
        "try:\n    xp.no_such_name\nexcept AttributeError as e:\n    print('AttributeError', e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert out[0] == "[]"
    assert out[1] == "aiarray.linalg aiarray.fft True"
    assert out[2] == "aiarray.random aiarray.grad True"
    assert out[3].startswith("AttributeError") and "no_such_name" in out[3]

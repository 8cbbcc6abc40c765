"""GB/T clauses that no other test file covers, and the integrity of docs/gbt.md.

Each test names its clause in the first line of its docstring; docs/gbt.md links
every clause of the draft to the tests that cover it, and the last tests here check
those links.  Expected values come from NumPy on the same data or are written by
hand, never from aiarray.
"""

from __future__ import annotations

import ast
import gc
import inspect
import math
import operator
import re
import weakref
from pathlib import Path

import numpy as np
import pytest
from _gbt_helpers import ALL, BF16, dt, fails, npy, same, sample

import aiarray as aa
from aiarray._api.gbt_creation import from_buffer

S = aa.Status
ROOT = Path(__file__).resolve().parent.parent


def ref_zeros(ref: np.ndarray, n: int) -> np.ndarray:
    """NumPy zeros of ref's dtype (complex64 for complex32, ml_dtypes for bfloat16)."""
    return np.zeros(n, dtype=ref.dtype)


# ---------------------------------------------------------------------------
# 7.2.1.1 fill / truncate creation: from_buffer
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize(("k", "shape"), [(4, (2, 3)), (0, (2, 2)), (5, (5,)), (1, ())])
def test_from_buffer_zero_fills_a_short_buffer(name, k, shape):
    """GB/T 7.2.1.1: an init array shorter than the shape fills the front, the rest is 0."""
    ref, values = sample(name, (k,), seed=k)
    n = math.prod(shape)
    expected = ref_zeros(ref, n)
    expected[:k] = ref
    out = from_buffer(values, shape, dtype=dt(name))
    same(out, expected.reshape(shape), name)
    same(from_buffer(values, shape), expected.reshape(shape), name)  # dtype from values


@pytest.mark.parametrize("name", ALL)
def test_from_buffer_truncates_a_long_buffer(name):
    """GB/T 7.2.1.1: an init array longer than the shape is cut to prod(shape) values."""
    ref, values = sample(name, (9,), seed=3)
    same(from_buffer(values, (2, 2)), ref[:4].reshape(2, 2), name)
    same(from_buffer(values, (0, 3)), ref[:0].reshape(0, 3), name)


@pytest.mark.parametrize(
    ("values", "shape", "dtype", "expected"),
    [
        ([1, 2, 3], (2, 2), "int8", np.array([[1, 2], [3, 0]], np.int8)),
        ((1.5, -2.0), (3,), "float32", np.array([1.5, -2.0, 0.0], np.float32)),
        ([True, False, True, True], (1, 3), "bool", np.array([[True, False, True]])),
        ([1 + 2j], (2,), "complex64", np.array([1 + 2j, 0], np.complex64)),
        ([2**64 - 1, 5], (3,), "uint64", np.array([2**64 - 1, 5, 0], np.uint64)),
        ([1, 300], (1,), "uint8", np.array([1], np.uint8)),  # 300 is past the end: not read
        ([1.0, -2.0], (3,), "int32", np.array([1, -2, 0], np.int32)),  # whole numbers only
        ([], (2,), "int32", np.zeros(2, np.int32)),
        (None, (2, 1), "int16", np.zeros((2, 1), np.int16)),
    ],
)
def test_from_buffer_python_values_with_a_dtype(values, shape, dtype, expected):
    """GB/T 7.2.1.1: Python values; an explicit dtype converts only the kept values."""
    same(from_buffer(values, shape, dtype=dt(dtype)), expected, dtype)


@pytest.mark.parametrize(
    ("values", "expected"),
    [([True, False], "bool"), ([1, True], "int64"), ([1, 2.5], "float64"),
     ([1, 2j], "complex128"), ([], "float64"), (None, "float64"),
     (np.array([1, 2], np.float32), "float32"), (np.array([1], np.uint16), "uint16")],
)
def test_from_buffer_infers_the_dtype_like_asarray(values, expected):
    """GB/T 7.2.1.1: without dtype, the dtype of the whole buffer (asarray's rule)."""
    out = from_buffer(values, (1,))  # [1, 2.5] cut to one value is still float64
    assert out.dtype is dt(expected)
    assert from_buffer(aa.asarray([1, 2], dtype=aa.bfloat16), 3).dtype is aa.bfloat16


def test_from_buffer_never_shares_memory():
    """GB/T 7.2.1.1: the values are copied into new memory."""
    src = np.arange(6, dtype=np.float64)
    values = aa.asarray(src)
    out = from_buffer(values, (2, 3))
    assert not np.shares_memory(npy(out), src)
    values[0] = 100.0
    src[1] = 200.0
    same(out, np.arange(6.0).reshape(2, 3), "float64")
    out[1, 1] = -1.0
    np.testing.assert_array_equal(npy(values), [100.0, 200.0, 2, 3, 4, 5])
    lst = [1, 2]
    out = from_buffer(lst, (3,))
    lst[0] = 9
    same(out, np.array([1, 2, 0]), "int64")


def test_from_buffer_other_buffers():
    """GB/T 7.2.1.1: any flat buffer: array.array, memoryview, range, a 1-D NumPy array."""
    import array

    same(from_buffer(array.array("f", [1.5, 2.5]), (3,)), np.array([1.5, 2.5, 0], np.float32))
    same(from_buffer(memoryview(bytes([7, 8, 9])), (2,)), np.array([7, 8], np.uint8))
    same(from_buffer(range(5), (2, 2)), np.array([[0, 1], [2, 3]]), "int64")
    same(from_buffer(np.arange(3.0)[::-1], (4,)), np.array([2.0, 1.0, 0.0, 0.0]))


@pytest.mark.parametrize(
    ("args", "kwargs", "exc", "status", "words"),
    [
        (([[1, 2], [3, 4]], (4,)), {}, ValueError, S.DIMENSION_MISMATCH, ("values", "1-D")),
        (([[1, 2]], (4,)), {"dtype": aa.int8}, ValueError, S.DIMENSION_MISMATCH, ("values",)),
        ((np.ones((2, 2)), (4,)), {}, ValueError, S.DIMENSION_MISMATCH, ("values",)),
        (("abc", (2,)), {}, TypeError, S.TYPE_MISMATCH, ("values", "str")),
        ((5, (2,)), {}, TypeError, S.TYPE_MISMATCH, ("values", "int")),
        ((["a"], (2,)), {}, TypeError, S.TYPE_MISMATCH, ("from_buffer",)),
        (([1], (-1,)), {}, ValueError, S.INVALID_ARGUMENT, ("shape", "negative")),
        (([1], (1.5,)), {}, TypeError, S.TYPE_MISMATCH, ("shape",)),
        (([1], None), {}, TypeError, S.TYPE_MISMATCH, ("shape",)),
        (([1], (2,)), {"dtype": "float32"}, TypeError, S.TYPE_MISMATCH, ("dtype",)),
        (([1], (2,)), {"device": "gpu"}, ValueError, S.INVALID_ARGUMENT, ("device",)),
        (([300], (2,)), {"dtype": aa.uint8}, OverflowError, S.OUT_OF_RANGE, ("values", "uint8")),
        (([2**64], (1,)), {}, OverflowError, S.OUT_OF_RANGE, ("values",)),
        (([float("nan")], (2,)), {"dtype": aa.int32}, ValueError, S.INVALID_ARGUMENT,
         ("values",)),
        (([1], (2**62,)), {}, MemoryError, S.ALLOCATION_FAILED, ("from_buffer", "shape")),
        ((None, (2**62,)), {}, MemoryError, S.ALLOCATION_FAILED, ("from_buffer",)),
    ],
)
def test_from_buffer_errors(args, kwargs, exc, status, words):
    """GB/T 7.2.1.1.3: type mismatch, invalid argument, dimension mismatch, out of memory."""
    with fails(exc, status, "from_buffer", *words):
        from_buffer(*args, **kwargs)


def test_from_buffer_errors_leave_the_input_unchanged():
    """GB/T 7.2.1.1: a failed call does not touch values."""
    values = aa.asarray([1.0, float("nan"), 3.0])
    with pytest.raises(ValueError):
        from_buffer(values, (3,), dtype=aa.int8)
    np.testing.assert_array_equal(npy(values), [1.0, np.nan, 3.0])


def test_quantized_creation_fill_truncate_by_composition():
    """GB/T 7.2.1.15: quantized-tensor creation with a short or long init array.

    ``QuantizedArray.from_parts`` takes data of the final shape; the GB/T fill /
    truncate form is ``from_parts(from_buffer(q, shape, dtype=...), scale, ...)``.
    The zero fill is of the quantized integers, so with a zero point z an unfilled
    element dequantizes to ``-z * scale``.
    """
    q = aa.QuantizedArray.from_parts(from_buffer([1, -2, 3], (2, 2), dtype=aa.int8), 0.5)
    same(q.dequantize(), np.array([[0.5, -1.0], [1.5, 0.0]], np.float32), "float32")
    q = aa.QuantizedArray.from_parts(from_buffer([1, 2, 3, 4, 5, 6, 7], (2, 3), dtype=aa.int16),
                                     aa.asarray([0.5, 2.0], dtype=aa.float32), axis=0)
    same(q.dequantize(), np.array([[0.5, 1.0, 1.5], [8.0, 10.0, 12.0]], np.float32))
    q = aa.QuantizedArray.from_parts(from_buffer([12, 20], (3,), dtype=aa.uint8), 0.5, 10,
                                     scheme="asymmetric")
    same(q.dequantize(), np.array([1.0, 5.0, -5.0], np.float32))


# ---------------------------------------------------------------------------
# Clause 5 and 6: general rules and the tensor data structure
# ---------------------------------------------------------------------------


def test_clause_5_1_indices_count_from_zero():
    """GB/T 5.1: element indices and counts start at 0."""
    x = aa.asarray([[10, 11, 12], [13, 14, 15]])
    assert int(x[0, 0]) == 10 and int(x[1, 2]) == 15
    assert int(aa.argmax(aa.asarray([9, 1, 9]))) == 0
    same(aa.take(x, aa.asarray([0]), axis=1), np.array([[10], [13]]))
    same(aa.nonzero(aa.asarray([5, 0, 7]))[0], np.array([0, 2]), "int64")
    same(aa.strided_slice(x, (0, 0), (1, 2)), np.array([[10, 11]]))
    assert sorted(npy(aa.random.randperm(4, seed=1)).tolist()) == [0, 1, 2, 3]


GBT_EXTENSIONS = (
    aa.pad, aa.split, aa.strided_slice, aa.crop, aa.flatten, aa.scatter, aa.gather_nd,
    aa.masked_select, aa.multiply_add, aa.trace, aa.isclose, aa.allclose, aa.diag, aa.layout,
    aa.is_contiguous, aa.ascontiguousarray, aa.squeeze, aa.permute_dims, aa.divide, aa.quantize,
    aa.dequantize, aa.QuantizedArray.from_parts, aa.random.uniform, aa.random.normal,
    aa.random.bernoulli, aa.random.multinomial, aa.random.randperm, aa.grad.slice_backward,
    aa.grad.clip_backward, aa.grad.trace_backward, aa.linalg.lu, aa.linalg.eig,
    aa.sparse.coo_array, from_buffer,
)


@pytest.mark.parametrize("func", GBT_EXTENSIONS, ids=lambda f: f.__qualname__)
def test_clause_5_2_required_parameters_first_options_with_defaults(func):
    """GB/T 5.2.3 / 5.2.4: required parameters come first; every optional one has a default.

    In aiarray the options are keyword-only, so a keyword-only parameter without a
    default would be a required option: there must be none.
    """
    params = list(inspect.signature(func).parameters.values())
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    has_default = [p.default is not p.empty for p in positional]
    assert has_default == sorted(has_default), func  # no required after an optional one
    for p in params:
        if p.kind is p.KEYWORD_ONLY:
            assert p.default is not p.empty, (func, p.name)


STATUS_CASES = [
    (lambda: aa.isfinite(np.ones(2)), aa.UninitializedError, TypeError, S.UNINITIALIZED),
    (lambda: aa.arange(0, 1, 0), aa.InvalidArgumentError, ValueError, S.INVALID_ARGUMENT),
    (lambda: aa.less(aa.asarray([1j]), aa.asarray([2j])), aa.TypeMismatchError, TypeError,
     S.TYPE_MISMATCH),
    (lambda: aa.add(aa.ones(2), aa.ones(3)), aa.DimensionMismatchError, ValueError,
     S.DIMENSION_MISMATCH),
    (lambda: aa.take(aa.ones(2), aa.asarray([2])), aa.OutOfRangeError, IndexError,
     S.OUT_OF_RANGE),
    (lambda: aa.flip(aa.ones(2), axis=1), aa.AxisError, IndexError, S.AXIS_ERROR),
    (lambda: aa.tile(aa.ones(2), (2**62,)), aa.AllocationError, MemoryError,
     S.ALLOCATION_FAILED),
]


@pytest.mark.parametrize(("call", "cls", "std", "status"), STATUS_CASES,
                         ids=[c[3].name for c in STATUS_CASES])
def test_clause_5_5_each_status_from_a_failing_call(call, cls, std, status):
    """GB/T 5.5 (table 1): a failing call raises the status's class, a standard exception."""
    with pytest.raises(cls) as info:
        call()
    assert isinstance(info.value, std) and isinstance(info.value, aa.AiarrayError)
    assert info.value.status is status
    assert aa.InternalError.status is S.INTERNAL_ERROR and issubclass(aa.InternalError,
                                                                      RuntimeError)


@pytest.mark.parametrize(
    "make",
    [lambda: aa.zeros((2**62,)), lambda: aa.empty((2**62,)), lambda: aa.ones((2**62,)),
     lambda: aa.full((2**62,), 1.0), lambda: aa.eye(2**31), lambda: aa.arange(2**62),
     lambda: aa.linspace(0, 1, 2**62)],
    ids=["zeros", "empty", "ones", "full", "eye", "arange", "linspace"],
)
def test_clause_5_5_allocation_beyond_the_address_space(make):
    """GB/T 5.5, 7.2.1.3 - 7.2.1.13: a size too large to address reports ALLOCATION_FAILED."""
    with pytest.raises(aa.AllocationError) as info:
        make()
    assert info.value.status is S.ALLOCATION_FAILED


def test_clause_6_1_an_array_carries_type_shape_layout_and_device():
    """GB/T 6.1: the tensor holds element type, shape, layout and device information."""
    x = aa.asarray(np.arange(6, dtype=np.int16).reshape(2, 3))
    assert x.dtype is aa.int16
    assert x.shape == (2, 3)
    assert aa.layout(x) == aa.Layout("dense", (1, 0))
    assert x.device == aa.CPU and str(x.device) == "cpu"
    s = aa.sparse.from_dense(x)
    assert aa.layout(s).format == "coo" and s.shape == (2, 3) and s.dtype is aa.int16


@pytest.mark.parametrize(
    ("name", "kind", "bits"),
    [("uint8", "u", 8), ("int8", "i", 8), ("int16", "i", 16), ("int32", "i", 32),
     ("int64", "i", 64), ("float16", "f", 16), ("float32", "f", 32), ("float64", "f", 64),
     ("complex64", "c", 64), ("complex128", "c", 128), ("bool", "b", 8),
     ("uint16", "u", 16), ("uint32", "u", 32), ("uint64", "u", 64)],
)
def test_clause_6_2_element_types(name, kind, bits):
    """GB/T 6.2: u8, s8..s64, f16..f64, c64 (32+32), c128 (64+64), bool; optional u16..u64."""
    d = dt(name)
    assert d.kind == kind and d.itemsize * 8 == bits
    x = aa.zeros((2,), dtype=d)
    assert x.dtype is d
    if kind == "c":
        assert aa.real(x).dtype.itemsize * 8 == bits // 2


def test_clause_6_2_strings_are_out_of_scope():
    """GB/T 6.2 lists a string type; aiarray is numeric and rejects strings."""
    for obj in (["a", "b"], "abc", np.array(["a"])):
        with fails(TypeError, S.TYPE_MISMATCH):
            aa.asarray(obj)


def test_clause_6_3_shape_of_scalar_vector_matrix():
    """GB/T 6.3: a scalar has shape [], a vector [d0], a matrix [d0, d1]."""
    assert aa.asarray(3.0).shape == () and aa.asarray(3.0).ndim == 0
    assert aa.zeros(4).shape == (4,)
    assert aa.zeros((2, 5)).shape == (2, 5)
    assert all(type(d) is int for d in aa.zeros((2, 5)).shape)


# ---------------------------------------------------------------------------
# 7.2.1.18 destroy, 7.2.2 queries and checks
# ---------------------------------------------------------------------------


def test_clause_7_2_1_18_destroy_is_garbage_collection():
    """GB/T 7.2.1.18: destroying a tensor is dropping the last reference; memory is freed."""
    x = aa.zeros((1000,))
    view = aa.reshape(x, (10, 100))
    ref_x, ref_buf = weakref.ref(x), weakref.ref(x._array)
    del x
    gc.collect()
    assert ref_x() is None and ref_buf() is not None  # the view still holds the data
    del view
    gc.collect()
    assert ref_buf() is None
    p = aa.as_parameter(aa.ones(3))  # the parameter registry holds no strong reference
    ref_p = weakref.ref(p)
    del p
    gc.collect()
    assert ref_p() is None


def test_clause_7_2_2_1_shape_query():
    """GB/T 7.2.2.1: the shape of a tensor, as a tuple of Python ints."""
    assert aa.ones((2, 0, 3)).shape == (2, 0, 3)
    assert aa.permute_dims(aa.ones((2, 3, 4)), (2, 0, 1)).shape == (4, 2, 3)
    assert aa.asarray(1).shape == ()


SPECIALS = np.array([0.0, -1.5, np.inf, -np.inf, np.nan, 2.0])


@pytest.mark.parametrize("name", ["float16", "bfloat16", "float32", "float64"])
@pytest.mark.parametrize(
    ("func", "ref", "clause"),
    [(aa.isfinite, np.isfinite, "7.2.2.2"), (aa.isinf, np.isinf, "7.2.2.3"),
     (aa.isnan, np.isnan, "7.2.2.4")],
    ids=["isfinite", "isinf", "isnan"],
)
def test_clause_7_2_2_2_to_4_finite_inf_nan_checks(name, func, ref, clause):
    """GB/T 7.2.2.2 (finite), 7.2.2.3 (inf), 7.2.2.4 (nan): a bool tensor of x's shape.

    The draft's single answer ("no nan or inf", "contains inf") is ``all`` / ``any``
    of the elementwise result.
    """
    data = SPECIALS.reshape(2, 3)
    x = aa.asarray(data, dtype=dt(name))
    out = func(x)
    same(out, ref(data), "bool")
    assert bool(aa.any(out)) is bool(ref(data).any())
    assert bool(aa.all(func(aa.asarray([1.0, 2.0], dtype=dt(name))))) is (clause == "7.2.2.2")


@pytest.mark.parametrize("name", ["complex32", "complex64", "complex128"])
def test_clause_7_2_2_2_to_4_complex_and_integer_input(name):
    """GB/T 7.2.2.2 - 7.2.2.4 on complex (either part counts) and integer input."""
    z = np.array([1 + 1j, complex(np.inf, 0), complex(0, -np.inf), complex(np.nan, 1),
                  complex(np.inf, np.nan)])
    x = aa.asarray(z, dtype=dt(name))
    same(aa.isfinite(x), np.isfinite(z), "bool")
    same(aa.isinf(x), np.isinf(z), "bool")
    same(aa.isnan(x), np.isnan(z), "bool")
    i = aa.asarray([0, -5, 127], dtype=aa.int8)
    same(aa.isfinite(i), np.ones(3, bool), "bool")
    same(aa.isinf(i), np.zeros(3, bool), "bool")
    same(aa.isnan(i), np.zeros(3, bool), "bool")
    with fails(TypeError, S.UNINITIALIZED, "isnan", "x"):
        aa.isnan(z)


@pytest.mark.parametrize("shape", [(), (0,), (3,), (2, 0, 4), (2, 3, 4)])
def test_clause_7_2_2_5_and_6_element_count_and_rank(shape):
    """GB/T 7.2.2.5 (element count) and 7.2.2.6 (rank) of a tensor."""
    x = aa.zeros(shape, dtype=aa.int8)
    assert x.size == math.prod(shape) and type(x.size) is int
    assert x.ndim == len(shape) and type(x.ndim) is int


def test_clause_7_2_2_7_contiguity_check():
    """GB/T 7.2.2.7: True when the data is contiguous in memory (C order), else False."""
    x = aa.reshape(aa.arange(12), (3, 4))
    assert aa.is_contiguous(x) is True
    assert aa.is_contiguous(aa.permute_dims(x)) is False
    assert aa.is_contiguous(x[:, ::2]) is False
    assert aa.is_contiguous(aa.broadcast_to(aa.ones(1), (4,))) is False
    assert aa.is_contiguous(aa.ascontiguousarray(aa.permute_dims(x))) is True
    with fails(TypeError, S.UNINITIALIZED, "is_contiguous"):
        aa.is_contiguous(np.ones(2))


# ---------------------------------------------------------------------------
# 7.2.3 transformations: flip, sign, where, meshgrid
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["bool", "int8", "uint64", "bfloat16", "float64", "complex32"])
@pytest.mark.parametrize("axis", [None, 0, -1, (0, 2), (2, 1, 0)])
def test_clause_7_2_3_21_flip(name, axis):
    """GB/T 7.2.3.21 (and 7.2.3.13): reverse the element order along the given axes."""
    ref, x = sample(name, (2, 3, 4), seed=21)
    same(aa.flip(x, axis=axis), np.flip(ref, axis=axis), name)


def test_clause_7_2_3_21_flip_keeps_bits_and_rejects_bad_axes():
    """GB/T 7.2.3.21.3: an invalid axis is an axis error; data moves bit for bit."""
    data = np.array([-0.0, np.nan, 1.0])
    out = npy(aa.flip(aa.asarray(data)))
    assert np.signbit(out[2]) and np.isnan(out[1])
    x = aa.ones((2, 3))
    with fails(IndexError, S.AXIS_ERROR, "flip", "axis"):
        aa.flip(x, axis=2)
    with fails(ValueError, S.AXIS_ERROR, "flip", "repeats"):
        aa.flip(x, axis=(0, -2))


@pytest.mark.parametrize("name", ["int8", "int64", "float16", "bfloat16", "float32", "float64"])
def test_clause_7_2_3_22_sign_of_real_numbers(name):
    """GB/T 7.2.3.22: positive -> 1, negative -> -1, zero -> 0 (NaN stays NaN)."""
    values = [-7, -1, 0, 3, 100] if name.startswith("int") else [-7.5, -0.25, 0.0, 0.5, 1e3]
    expected = np.array([-1, -1, 0, 1, 1])
    x = aa.asarray(np.array(values, np.float64), dtype=dt(name))
    out = aa.sign(x)
    assert out.dtype is dt(name)
    np.testing.assert_array_equal(npy(out).astype(np.float64), expected)
    if not name.startswith("int"):
        assert np.isnan(npy(aa.sign(aa.asarray([np.nan], dtype=dt(name))))[0])


def test_clause_7_2_3_22_sign_unsigned_complex_and_bool():
    """GB/T 7.2.3.22 on unsigned (0 or 1), complex (x / |x|) and bool (rejected) input."""
    same(aa.sign(aa.asarray([0, 5, 255], dtype=aa.uint8)), np.array([0, 1, 1], np.uint8))
    z = np.array([3 + 4j, -2j, 0j])
    np.testing.assert_allclose(npy(aa.sign(aa.asarray(z))), [0.6 + 0.8j, -1j, 0], rtol=1e-15)
    out = aa.sign(aa.asarray(z, dtype=aa.complex32))
    assert out.dtype is aa.complex32
    np.testing.assert_allclose(npy(out), [0.6 + 0.8j, -1j, 0], atol=1e-3)
    with fails(TypeError, S.TYPE_MISMATCH, "sign", "bool"):
        aa.sign(aa.asarray([True]))


def test_clause_7_2_3_23_where_selects_with_broadcasting():
    """GB/T 7.2.3.23: z_i = x_i where cond_i is True, else y_i (shapes broadcast)."""
    cond = np.array([[True], [False]])
    x = np.array([1, 2, 3], np.int8)
    y = np.array([9], np.int16)
    out = aa.where(aa.asarray(cond), aa.asarray(x), aa.asarray(y))
    same(out, np.where(cond, x.astype(np.int16), y), "int16")  # int8 with int16 -> int16
    same(aa.where(aa.asarray([True, False]), aa.asarray([1.5, 2.5], dtype=aa.float32), 0.0),
         np.array([1.5, 0.0], np.float32), "float32")  # a Python float keeps float32
    same(aa.where(aa.asarray([False, True]), 7, aa.asarray([4, 5], dtype=aa.uint8)),
         np.array([4, 7], np.uint8), "uint8")  # a Python int keeps uint8
    with fails(OverflowError, S.OUT_OF_RANGE, "where", "x1"):  # no silent wrap-around
        aa.where(aa.asarray([False, True]), -1, aa.asarray([4, 5], dtype=aa.uint8))


@pytest.mark.parametrize("name", ["bool", "uint16", "bfloat16", "complex32", "complex128"])
def test_clause_7_2_3_23_where_each_dtype(name):
    """GB/T 7.2.3.23 for same-dtype operands: elements are taken exactly."""
    ra, a = sample(name, (3, 4), seed=1)
    rb, b = sample(name, (3, 4), seed=2)
    cond = np.random.default_rng(5).random((3, 4)) < 0.5
    same(aa.where(aa.asarray(cond), a, b), np.where(cond, ra, rb), name)


def test_clause_7_2_3_23_where_errors():
    """GB/T 7.2.3.23: cond must be bool; shapes must broadcast; arrays must be Arrays."""
    x = aa.ones(3)
    with fails(TypeError, S.TYPE_MISMATCH, "where", "condition"):
        aa.where(aa.asarray([1, 0, 1]), x, x)
    with fails(ValueError, S.DIMENSION_MISMATCH, "where"):
        aa.where(aa.asarray([True, False]), x, x)
    with fails(TypeError, S.UNINITIALIZED, "where", "condition"):
        aa.where(np.array([True, False, True]), x, x)
    with fails(TypeError, S.TYPE_MISMATCH, "where"):
        aa.where(aa.asarray([True]), aa.ones(1, dtype=aa.uint16), aa.ones(1, dtype=aa.float32))


@pytest.mark.parametrize("name", ["int32", "bfloat16", "complex32", "float64"])
def test_clause_7_2_3_24_meshgrid_gives_k_arrays_of_shape_n1_to_nk(name):
    """GB/T 7.2.3.24: k 1-D tensors of lengths N1..Nk give k tensors of shape (N1, ..., Nk).

    That is ``indexing="ij"``; the standard's default ``"xy"`` swaps the first two axes.
    """
    refs, arrays = zip(*(sample(name, (n,), seed=n) for n in (2, 3, 4)))
    grids = aa.meshgrid(*arrays, indexing="ij")
    assert type(grids) is tuple and len(grids) == 3
    for g, e in zip(grids, np.meshgrid(*refs, indexing="ij")):
        assert g.shape == (2, 3, 4)
        same(g, e, name)
    for g, e in zip(aa.meshgrid(*arrays), np.meshgrid(*refs)):
        assert g.shape == (3, 2, 4)
        same(g, e, name)


def test_clause_7_2_3_24_meshgrid_errors():
    """GB/T 7.2.3.24.3: inputs must be 1-D Arrays of one dtype; indexing 'xy' or 'ij'."""
    with fails(ValueError, S.DIMENSION_MISMATCH, "meshgrid", "arrays[0]"):
        aa.meshgrid(aa.ones((2, 2)))
    with fails(TypeError, S.TYPE_MISMATCH, "meshgrid", "float32"):
        aa.meshgrid(aa.ones(2), aa.ones(3, dtype=aa.float32))
    with fails(ValueError, S.INVALID_ARGUMENT, "meshgrid", "indexing"):
        aa.meshgrid(aa.ones(2), indexing="ji")
    with fails(TypeError, S.UNINITIALIZED, "meshgrid", "arrays[1]"):
        aa.meshgrid(aa.ones(2), [1, 2])


# ---------------------------------------------------------------------------
# 7.2.4.12 reciprocal
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "result"),
    [("int8", "float32"), ("uint16", "float32"), ("int32", "float32"), ("int64", "float64"),
     ("uint32", "float64"), ("uint64", "float64")],
)
def test_clause_7_2_4_12_reciprocal_of_integers_is_floating(name, result):
    """GB/T 7.2.4.12: 1 / x elementwise; integer input gives a float (pypto rule)."""
    data = np.array([1, 2, 4, 8, 3], dtype=name)
    out = aa.reciprocal(aa.asarray(data))
    assert out.dtype is dt(result)
    expected = (1.0 / data.astype(np.float64)).astype(result)
    np.testing.assert_array_equal(npy(out), expected)


@pytest.mark.parametrize("name", ["float16", "bfloat16", "float32", "float64"])
def test_clause_7_2_4_12_reciprocal_of_floats(name):
    """GB/T 7.2.4.12 on floats: 1/±0 is ±inf, 1/inf is 0; bfloat16 rounds once from float32."""
    data = np.array([3.0, -0.0, 0.0, np.inf, -4.0, 0.1])
    x = aa.asarray(data, dtype=dt(name))
    ref = npy(x).astype(np.float32 if name == "bfloat16" else name)
    with np.errstate(divide="ignore"):
        expected = np.divide(np.ones((), ref.dtype), ref)
    if name == "bfloat16":
        expected = expected.astype(BF16)
    out = aa.reciprocal(x)
    assert out.dtype is dt(name)
    np.testing.assert_array_equal(npy(out), expected)
    assert np.signbit(npy(out)[1]) and not np.signbit(npy(out)[2])


def test_clause_7_2_4_12_reciprocal_of_complex():
    """GB/T 7.2.4.12 on complex input: 1 / z."""
    z = np.array([2j, 1 + 1j, -4], np.complex128)
    np.testing.assert_allclose(npy(aa.reciprocal(aa.asarray(z))), [-0.5j, 0.5 - 0.5j, -0.25],
                               rtol=1e-15)
    out = aa.reciprocal(aa.asarray(z, dtype=aa.complex64))
    assert out.dtype is aa.complex64
    with fails(TypeError, S.UNINITIALIZED, "reciprocal"):
        aa.reciprocal(z)


# ---------------------------------------------------------------------------
# 7.2.5.1 - 7.2.5.6 comparisons
# ---------------------------------------------------------------------------

COMPARISONS = {
    "equal": (np.equal, "7.2.5.1"), "not_equal": (np.not_equal, "7.2.5.2"),
    "greater": (np.greater, "7.2.5.3"), "greater_equal": (np.greater_equal, "7.2.5.4"),
    "less": (np.less, "7.2.5.5"), "less_equal": (np.less_equal, "7.2.5.6"),
}
OPERATORS = {"equal": operator.eq, "not_equal": operator.ne, "greater": operator.gt,
             "greater_equal": operator.ge, "less": operator.lt, "less_equal": operator.le}
REAL = ["bool", "int8", "uint16", "int64", "uint64", "float16", "bfloat16", "float32", "float64"]


@pytest.mark.parametrize("name", REAL)
@pytest.mark.parametrize("op", list(COMPARISONS))
def test_clause_7_2_5_1_to_6_comparisons(op, name):
    """GB/T 7.2.5.1 (==), 7.2.5.2 (!=), 7.2.5.3 (>), 7.2.5.4 (>=), 7.2.5.5 (<), 7.2.5.6 (<=).

    Elementwise, with broadcasting, a bool result; NaN compares unequal to everything.
    """
    ref_fn = COMPARISONS[op][0]
    func = getattr(aa, op)
    ra, a = sample(name, (4, 1), seed=51, lo=-2, hi=2)  # small range: many ties
    rb, b = sample(name, (5,), seed=52, lo=-2, hi=2)
    wa, wb = ra.astype(np.float64), rb.astype(np.float64)
    same(func(a, b), ref_fn(wa, wb), "bool")
    same(func(b, a), ref_fn(wb, wa), "bool")
    same(OPERATORS[op](a, b), ref_fn(wa, wb), "bool")
    if name not in ("bool",):
        same(func(a, 1), ref_fn(wa, 1.0), "bool")
        same(func(1, a), ref_fn(1.0, wa), "bool")
    if name in ("float16", "bfloat16", "float32", "float64"):
        n = aa.asarray([np.nan, 1.0, np.nan], dtype=dt(name))
        m = aa.asarray([np.nan, np.nan, 1.0], dtype=dt(name))
        expected = op == "not_equal"
        same(func(n, m), np.full(3, expected), "bool")


@pytest.mark.parametrize("op", list(COMPARISONS))
def test_clause_7_2_5_1_to_6_complex_and_mixed_dtypes(op):
    """GB/T 7.2.5.1 - 7.2.5.6: complex supports ==, != only; mixed dtypes promote first."""
    func = getattr(aa, op)
    z1 = np.array([1 + 2j, 3j, 0j])
    z2 = np.array([1 + 2j, -3j, -0.0 + 0j])
    for name in ("complex32", "complex64", "complex128"):
        a, b = aa.asarray(z1, dtype=dt(name)), aa.asarray(z2, dtype=dt(name))
        if op in ("equal", "not_equal"):
            same(func(a, b), COMPARISONS[op][0](z1, z2), "bool")
        else:
            with fails(TypeError, S.TYPE_MISMATCH, op):
                func(a, b)
    i8 = aa.asarray([-128, 0, 127], dtype=aa.int8)
    i16 = aa.asarray([-128, 1, 127], dtype=aa.int16)
    same(func(i8, i16), COMPARISONS[op][0](np.array([-128, 0, 127]), np.array([-128, 1, 127])),
         "bool")
    with fails(ValueError, S.DIMENSION_MISMATCH, op):
        func(aa.ones(2), aa.ones(3))
    with fails(OverflowError, S.OUT_OF_RANGE, op):
        func(aa.asarray([1], dtype=aa.uint8), 300)


def test_clause_7_2_5_1_mixed_kinds_compare_in_the_promoted_dtype():
    """GB/T 7.2.5.1 with int32 and float32: Ascend promotes to float32 first, then compares.

    16777217 is not a float32 value; it rounds to 16777216, so the two compare equal
    (NumPy compares in float64 and says False).  Under the array-api policy mixed
    kinds raise instead.
    """
    i = aa.asarray([16777217], dtype=aa.int32)
    f = aa.asarray([16777216.0], dtype=aa.float32)
    same(aa.equal(i, f), np.array([True]), "bool")
    with aa.promotion_policy("array-api"), fails(TypeError, S.TYPE_MISMATCH, "equal"):
        aa.equal(i, f)


# ---------------------------------------------------------------------------
# 7.2.6.1 - 7.2.6.4 logical operations on numeric input
# ---------------------------------------------------------------------------


def logical_values(name: str) -> np.ndarray:
    """Six values of dtype ``name`` (NumPy reference; complex32 as complex64) with zeros."""
    if name == "bool":
        return np.array([False, True, False, True, True, False])
    if name.startswith("uint"):
        return np.array([0, 3, 0, 255, 1, 0], dtype=name)
    if name.startswith("int"):
        return np.array([0, -3, 0, 127, 1, 0], dtype=name)
    if name.startswith("complex"):
        z = np.array([0j, 1j, complex(np.nan, 0), -0.0 + 0j, 2.5, complex(0, -0.0)])
        return z.astype(np.complex64 if name == "complex32" else name)
    v = np.array([0.0, -0.0, np.nan, 0.5, np.inf, 0.0])
    return v.astype(BF16 if name == "bfloat16" else name)


LOGICAL = {"logical_and": (np.logical_and, "7.2.6.1"), "logical_or": (np.logical_or, "7.2.6.2"),
           "logical_xor": (np.logical_xor, "7.2.6.4")}
PAIRS = [("int8", "float32"), ("uint64", "bfloat16"), ("complex32", "int16"),
         ("bool", "float64"), ("float16", "complex128"), ("uint8", "uint8")]


@pytest.mark.parametrize(("n1", "n2"), PAIRS)
@pytest.mark.parametrize("op", list(LOGICAL))
def test_clause_7_2_6_1_2_4_logical_ops_on_numbers(op, n1, n2):
    """GB/T 7.2.6.1 (and), 7.2.6.2 (or), 7.2.6.4 (xor): integer / float input, 0 is false.

    Each operand converts to bool on its own (non-zero, NaN included, is true), so
    any two numeric dtypes combine; the result is bool.
    """
    r1, r2 = logical_values(n1), logical_values(n2)
    a, b = aa.asarray(r1, dtype=dt(n1)), aa.asarray(r2, dtype=dt(n2))
    expected = LOGICAL[op][0](r1.astype(np.complex128) != 0, r2.astype(np.complex128) != 0)
    same(getattr(aa, op)(a, b), expected, "bool")
    same(getattr(aa, op)(b, a), expected, "bool")
    col = aa.reshape(a, (6, 1))
    nz1, nz2 = r1.astype(np.complex128) != 0, r2.astype(np.complex128) != 0
    same(getattr(aa, op)(col, b), LOGICAL[op][0](nz1[:, None], nz2), "bool")


@pytest.mark.parametrize("name", ["bool", "int8", "uint32", "float16", "bfloat16", "float64",
                                  "complex32", "complex128"])
def test_clause_7_2_6_3_logical_not_on_numbers(name):
    """GB/T 7.2.6.3: logical not; zero (either sign) is false, anything else (NaN too) true."""
    r = logical_values(name)
    out = aa.logical_not(aa.asarray(r, dtype=dt(name)))
    same(out, r.astype(np.complex128) == 0, "bool")


def test_clause_7_2_6_logical_errors():
    """GB/T 7.2.6.1 - 7.2.6.4: shapes must broadcast; operands must be Arrays or scalars."""
    with fails(ValueError, S.DIMENSION_MISMATCH, "logical_and"):
        aa.logical_and(aa.asarray([1, 0]), aa.asarray([1, 0, 1]))
    with fails(TypeError, S.UNINITIALIZED, "logical_or"):
        aa.logical_or([1], aa.asarray([1]))  # (an ndarray beside an Array is the operator's)
    with fails(TypeError, S.UNINITIALIZED, "logical_or"):
        aa.logical_or(np.array([1]), np.array([1]))
    same(aa.logical_and(aa.asarray([2, 0], dtype=aa.int8), 3), np.array([True, False]), "bool")


# ---------------------------------------------------------------------------
# docs/gbt.md: every clause has a row, every row links to tests that exist
# ---------------------------------------------------------------------------

# Written from the GB/T draft (AI operator interfaces, part 1: basic mathematics; the
# draft for comment): clauses 5.1-5.7, 6.1-6.6, every operator
# clause 7.2.x.y (its text stops inside 7.2.6.4), and table 2's linear-algebra entries.
DRAFT_CLAUSES = (
    [f"5.{i}" for i in range(1, 8)]
    + [f"6.{i}" for i in range(1, 7)]
    + [f"7.2.1.{i}" for i in range(1, 19)]
    + [f"7.2.2.{i}" for i in range(1, 8)]
    + [f"7.2.3.{i}" for i in range(1, 26)]
    + [f"7.2.4.{i}" for i in range(1, 14)]
    + [f"7.2.5.{i}" for i in range(1, 8)]
    + [f"7.2.6.{i}" for i in range(1, 5)]
    + ["T2 matmul", "T2 inner product", "T2 LU", "T2 Cholesky", "T2 SVD", "T2 solve",
       "T2 inverse", "T2 eigen", "T2 matrix norm"]
)
GBT_MD = ROOT / "docs" / "gbt.md"
LINK = re.compile(r"\[(tests/[\w/]+\.py)::(\w+)\]\(\.\./(tests/[\w/]+\.py)\)")
CLAUSE_NUMBER = re.compile(r"\d+(?:\.\d+)+")
RANGE = re.compile(r"(\d+(?:\.\d+)+)\s*-\s*(\d+(?:\.\d+)+)")


def _rows() -> dict[str, str]:
    """Clause id (first cell) -> the whole table row, for the rows of docs/gbt.md."""
    rows = {}
    for line in GBT_MD.read_text(encoding="utf-8").splitlines():
        if line.startswith("| ") and not line.startswith("| clause"):
            first = line.split("|")[1].strip().strip("*")
            rows.setdefault(first, line)
    return rows


def _functions(path: Path) -> dict[str, str]:
    """Test function name -> its docstring (empty if none), for one test file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name: ast.get_docstring(n) or "" for n in tree.body
            if isinstance(n, ast.FunctionDef)}


def test_docs_gbt_has_a_row_for_every_clause():
    """docs/gbt.md has one table row per clause of the draft, each with a test link."""
    rows = _rows()
    missing = [c for c in DRAFT_CLAUSES if c not in rows]
    assert not missing, f"docs/gbt.md has no row for {missing}"
    bare = [c for c in DRAFT_CLAUSES if not LINK.search(rows[c])]
    assert not bare, f"rows without a test link: {bare}"


def test_docs_gbt_links_name_real_test_functions():
    """Every test link in docs/gbt.md names an existing file and function in it.

    A link into this file must also name the clause of its row in the test's docstring.
    """
    text = GBT_MD.read_text(encoding="utf-8")
    links = LINK.findall(text)
    assert len(links) >= len(DRAFT_CLAUSES)
    cache: dict[str, dict[str, str]] = {}
    for shown, func, target in links:
        assert shown == target, f"link text {shown} points to {target}"
        path = ROOT / target
        assert path.is_file(), f"docs/gbt.md links to a missing file {target}"
        funcs = cache.setdefault(target, _functions(path))
        assert func in funcs, f"docs/gbt.md links to {target}::{func}, which does not exist"
    here = Path(__file__).name
    for clause, row in _rows().items():
        if not CLAUSE_NUMBER.fullmatch(clause):
            continue
        for _, func, target in LINK.findall(row):
            if target.endswith(here):
                doc = cache[target][func].splitlines()[0]
                assert _names_clause(doc, clause), (clause, func, doc)


def _names_clause(doc: str, clause: str) -> bool:
    """True when ``doc`` names ``clause``, one of its subclauses, or a range "a - b" over it."""
    numbers = CLAUSE_NUMBER.findall(doc)
    if any(n == clause or n.startswith(clause + ".") for n in numbers):
        return True
    head, _, last = clause.rpartition(".")
    for lo, hi in RANGE.findall(doc):
        if lo.rpartition(".")[0] == hi.rpartition(".")[0] == head:
            if int(lo.rpartition(".")[2]) <= int(last) <= int(hi.rpartition(".")[2]):
                return True
    return False


def test_docs_gbt_links_the_status_summary():
    """docs/gbt.md links the status table (docs/errors.md) and names every status."""
    text = GBT_MD.read_text(encoding="utf-8")
    assert "(errors.md)" in text
    for status in S:
        assert status.name in text, status

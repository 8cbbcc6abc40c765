"""Indexing and assignment of swap-in arrays against NumPy's: the result (NumPy's scalar,
a view, a copy), its dtype and values, and the errors: an index out of range is an
IndexError with a status and never wraps around; a failed assignment writes nothing."""

from __future__ import annotations

import numpy
import pytest

import aiarray as xp
import aiarray.numpy as anp

BASE = numpy.arange(60.0).reshape(3, 4, 5)
IDX = numpy.array([2, 0, -1])
MASK = BASE[:, :, 0] > 10
KEYS = [
    1, -1, numpy.int64(2), numpy.int32(-3), slice(None), slice(1, None, 2),
    slice(-10**30, 10**30), slice(None, None, -1), (1, 2), (1, 2, 3), (-1, -1, -1),
    (1, slice(None), 2), (Ellipsis, 1), (None, 1), (1, None, Ellipsis, None), True, False,
    (IDX,), (slice(None), IDX), (IDX, IDX), (MASK,), (MASK, 0), (0, numpy.array([True, False,
    True, False])), (numpy.array([1, 2], dtype=numpy.int8), Ellipsis), ([0, 2],), [0, 1],
    (numpy.array([0], dtype=numpy.uint64),), (0, 0, numpy.bool_(True)),
]
BAD = [3, -4, (0, 5), (0, 0, 0, 0), numpy.array([3]), (numpy.array([2**63],
       dtype=numpy.uint64),), (slice(None), numpy.array([-6])), 2**64, 1.0, "x",
       (numpy.array([True, False]),)]


def swapin_key(key):
    """The same key with its NumPy index arrays as swap-in Arrays (each form is tried)."""
    if isinstance(key, numpy.ndarray):
        return anp.asarray(key)
    if isinstance(key, tuple):
        return tuple(swapin_key(k) for k in key)
    return key


def same(got, want):
    if isinstance(want, numpy.ndarray):
        assert type(got) is xp.Array and got._numpy
        assert got.dtype == want.dtype and got.shape == want.shape
        numpy.testing.assert_array_equal(numpy.asarray(got), want)
    else:
        assert type(got) is type(want) and got == want


@pytest.mark.parametrize("key", KEYS, ids=repr)
@pytest.mark.parametrize("as_array", [False, True])
def test_getitem_is_numpys(key, as_array):
    x = anp.asarray(BASE)
    want = BASE[key]
    got = x[swapin_key(key) if as_array else key]
    same(got, want)
    if isinstance(want, numpy.ndarray):
        assert numpy.shares_memory(numpy.asarray(got), numpy.asarray(x)) == \
            numpy.shares_memory(want, BASE)  # a view where NumPy views, a copy where not


@pytest.mark.parametrize("key", BAD, ids=repr)
def test_bad_indices_raise_numpys_class_with_a_status(key):
    with pytest.raises(Exception) as by_numpy:
        BASE[key]
    with pytest.raises(Exception) as ours:
        anp.asarray(BASE)[key]
    assert isinstance(by_numpy.value, IndexError)
    assert isinstance(ours.value, IndexError) and ours.value.status


@pytest.mark.parametrize("key", KEYS, ids=repr)
@pytest.mark.parametrize("value", [7.5, 3, True, numpy.float64(2.5), "array", "row"])
def test_setitem_is_numpys(key, value):
    want = BASE.copy()
    if value == "array":
        value = numpy.full(numpy.shape(want[key]), -1.0)
    elif value == "row":
        value = numpy.linspace(0, 1, numpy.shape(want[key])[-1]) if numpy.ndim(want[key]) \
            else 0.5
    want[key] = value
    got = anp.asarray(BASE.copy())
    got[key] = anp.asarray(value) if isinstance(value, numpy.ndarray) else value
    numpy.testing.assert_array_equal(numpy.asarray(got), want)


@pytest.mark.parametrize("key", BAD[:7], ids=repr)
def test_a_failed_assignment_writes_nothing(key):
    got = anp.asarray(BASE.copy())
    with pytest.raises(IndexError) as e:
        got[key] = 1.0
    assert e.value.status
    numpy.testing.assert_array_equal(numpy.asarray(got), BASE)


def test_assignments_that_need_a_checked_conversion():
    ints = anp.zeros(3, dtype=anp.int8)
    ints[0] = 2.7  # truncates, as NumPy
    assert ints[0] == 2
    with pytest.raises(OverflowError):
        ints[1] = 300
    with pytest.raises(ValueError):
        ints[1] = float("nan")
    with pytest.raises(TypeError):
        anp.zeros(2)[0] = 1j
    numpy.testing.assert_array_equal(numpy.asarray(ints), [2, 0, 0])
    ro = anp.broadcast_to(anp.ones(3), (2, 3))
    with pytest.raises(ValueError) as e:
        ro[0, 0] = 2.0
    assert e.value.status


def test_index_forms_numpy_takes():
    """A tuple subclass is a tuple of index parts, a range an index array, a float an
    IndexError: as NumPy."""
    import collections

    T = type("T", (tuple,), {})
    Point = collections.namedtuple("Point", "i j")
    nd = numpy.ones((5, 5)) * numpy.arange(5)
    x = anp.asarray(nd)
    for key in (T(([1], [1])), T((1, 2)), Point(1, 2), Point([0, 1], slice(None)),
                range(2), (range(3), 0), range(4, 0, -2)):
        same(x[key], nd[key])
    with pytest.raises(IndexError):
        anp.arange(3)[0.0]
    y, ny = anp.arange(5), numpy.arange(5)
    y[range(2)] = 7
    ny[range(2)] = 7
    numpy.testing.assert_array_equal(numpy.asarray(y), ny)


def test_in_place_with_a_sequence_as_numpy():
    a, n = anp.arange(3), numpy.arange(3)
    a += (1, 2, 3)
    n += (1, 2, 3)
    numpy.testing.assert_array_equal(numpy.asarray(a), n)
    b = anp.ones((2, 2))
    b *= [[1.0, 2.0], [3.0, 4.0]]
    numpy.testing.assert_array_equal(numpy.asarray(b), numpy.ones((2, 2)) * [[1, 2], [3, 4]])

"""NumPy's scalars under the swap-in: where NumPy gives a NumPy scalar (``x[i]``, a full
reduction, a ufunc or operator of 0-d operands, ``np.linalg.det``), ``aiarray.numpy``
gives the same scalar object; where NumPy gives a 0-d array, a 0-d Array.  NumPy, run on
the same calls, is the reference."""

from __future__ import annotations

import collections
import copy
import numbers
import pickle

import numpy
import pytest

import aiarray as xp
import aiarray.numpy as anp

# Each call is written once, for ``np`` = numpy and ``np`` = aiarray.numpy.
CALLS = {
    "x[i]": lambda np: np.array([1.5, 2.5])[1],
    "x[i, j]": lambda np: np.arange(6).reshape(2, 3)[1, 2],
    "x[-1] of int8": lambda np: np.arange(3, dtype=np.int8)[-1],
    "x[()] of 0-d": lambda np: np.array(1.5)[()],
    "x[...] of 0-d": lambda np: np.array(1.5)[...],
    "x[i, ...]": lambda np: np.array([1.5, 2.5])[0, ...],
    "x[None, i]": lambda np: np.array([1.5, 2.5])[None, 0],
    "x[np.int64(i)]": lambda np: np.array([1.5, 2.5])[np.int64(1)],
    "x[bool mask] 0-d": lambda np: np.array(1.5)[np.array(True)],
    "x[i] of bool": lambda np: np.array([True, False])[0],
    "unique()[0]": lambda np: np.unique(np.array([2.5, 1.5]))[0],
    "linspace()[0]": lambda np: np.linspace(0, 1, 3)[0],
    "sum": lambda np: np.sum(np.ones(3)),
    "sum of ints": lambda np: np.arange(4, dtype=np.int8).sum(),
    "sum axis 0 of 1-D": lambda np: np.ones(3).sum(axis=0),
    "sum keepdims": lambda np: np.ones(3).sum(keepdims=True),
    "sum of a scalar": lambda np: np.sum(np.float64(3)),
    "mean": lambda np: np.ones(3).mean(),
    "mean of int32": lambda np: np.arange(3, dtype=np.int32).mean(),
    "std": lambda np: np.std([2.0, 3.0]),
    "var float32": lambda np: np.var(np.array([2.0, 3.0], dtype=np.float32)),
    "max": lambda np: np.max([1, 2]),
    "min method": lambda np: np.array([3.0, 1.0]).min(),
    "max of 0-d": lambda np: np.max(np.array(2.0)),
    "prod": lambda np: np.prod([2, 3]),
    "any": lambda np: np.any([0, 1]),
    "all method": lambda np: (np.ones(2) > 0).all(),
    "argmax": lambda np: np.argmax(np.ones(3)),
    "argmin method": lambda np: np.array([3, 1, 2]).argmin(),
    "count_nonzero": lambda np: np.count_nonzero(np.ones(3)),
    "median": lambda np: np.median(np.ones(3)),
    "percentile": lambda np: np.percentile([1.0, 2.0], 50),
    "average": lambda np: np.average([1.0, 2.0]),
    "nanmax": lambda np: np.nanmax([1.0, np.nan]),
    "ptp": lambda np: np.ptp([1, 3]),
    "trace": lambda np: np.trace(np.eye(2)),
    "dot of 1-D": lambda np: np.dot(np.ones(2), np.ones(2)),
    "1-D @ 1-D": lambda np: np.ones(2) @ np.ones(2),
    "vdot": lambda np: np.vdot(np.ones(2), np.ones(2)),
    "inner": lambda np: np.inner(np.ones(2), np.ones(2)),
    "tensordot to 0-d": lambda np: np.tensordot(np.ones(2), np.ones(2), 1),
    "einsum to 0-d": lambda np: np.einsum("i,i", np.ones(2), np.ones(2)),
    "linalg.norm": lambda np: np.linalg.norm(np.ones(3)),
    "linalg.det": lambda np: np.linalg.det(np.eye(2)),
    "linalg.matrix_rank": lambda np: np.linalg.matrix_rank(np.eye(2)),
    "linalg.slogdet": lambda np: np.linalg.slogdet(np.eye(2)),
    "0-d + 0-d": lambda np: np.array(1.0) + np.array(2.0),
    "0-d * python float": lambda np: np.array(2, dtype=np.int16) * 1.5,
    "python int - 0-d": lambda np: 3 - np.array(1.0),
    "-0-d": lambda np: -np.array(2.0),
    "abs(0-d)": lambda np: abs(np.array(-2.0)),
    "0-d < 0-d": lambda np: np.array(1.0) < np.array(2.0),
    "0-d ** 2": lambda np: np.array(3.0) ** 2,
    "numpy scalar * 0-d": lambda np: np.float32(2) * np.array(2.0),
    "sqrt(0-d)": lambda np: np.sqrt(np.array(4.0)),
    "sqrt(scalar)": lambda np: np.sqrt(np.float64(4)),
    "square(0-d)": lambda np: np.square(np.array(3.0)),
    "add(0-d, 0-d)": lambda np: np.add(np.array(1.0), np.array(2.0)),
    "maximum(scalar, 0-d)": lambda np: np.maximum(np.float32(1), np.array(2.0, np.float32)),
    "add(0-d, out=0-d)": lambda np: np.add(np.array(1.0), 1, out=np.zeros(())),
    "clip(0-d)": lambda np: np.clip(np.array(1.5), 0, 1),
    "round(0-d)": lambda np: np.round(np.array(1.5)),
    "isclose of floats": lambda np: np.isclose(1.0, 1.0),
    "divmod(0-d, 2)": lambda np: divmod(np.array(7), 2),
    "interp at a float": lambda np: np.interp(1.5, [1, 2], [1, 2]),
    "where gives an array": lambda np: np.where(True, 1, 2),
    "squeeze to 0-d": lambda np: np.squeeze(np.array([1.0])),
    "reshape to ()": lambda np: np.ones(1).reshape(()),
    "astype of 0-d": lambda np: np.array(1.0).astype(np.float32),
    "copy of 0-d": lambda np: np.copy(np.array(1.0)),
    "asarray of a scalar": lambda np: np.asarray(np.float64(1)),
    "full(())": lambda np: np.full((), 1.0),
    "zeros(())": lambda np: np.zeros(()),
    "transpose of 0-d": lambda np: np.transpose(np.array(1.0)),
    "0-d .T": lambda np: np.array(1.0).T,
    "broadcast_to(())": lambda np: np.broadcast_to(np.array(1.0), ()),
    "item": lambda np: np.ones(3).item(0),
    "tolist()[0]": lambda np: np.ones(3).tolist()[0],
    "next(iter(x))": lambda np: next(iter(np.array([1.5, 2.5]))),
    "x.flat[1]": lambda np: np.array([1.5, 2.5]).flat[1],
    "sorted(x)[0]": lambda np: sorted(np.array([2, 1]))[0],
    "min(x) builtin": lambda np: min(np.ones(3)),
    "sum(x) builtin": lambda np: sum(np.array([1, 2])),
    "bincount().argmax()": lambda np: np.bincount([1, 1, 2]).argmax(),
}


def kind(value: object) -> object:
    """What a result is, comparably for NumPy and aiarray.numpy: a scalar by its type and
    value, an array by dtype and shape, tuples item by item, Python values as they are."""
    if isinstance(value, numpy.ndarray | xp.Array):
        return ("array", str(value.dtype), value.shape)
    if isinstance(value, numpy.generic):
        return ("scalar", type(value), value.item())
    if isinstance(value, tuple):
        return (type(value).__name__, *(kind(v) for v in value))
    return ("python", type(value), value)


@pytest.mark.parametrize("name", list(CALLS))
def test_a_result_is_what_numpy_gives(name):
    want = CALLS[name](numpy)
    got = CALLS[name](anp)
    assert kind(got) == kind(want)
    if isinstance(got, xp.Array):
        assert got._numpy  # a swap-in array


def test_scalars_are_numpys_own_types_and_numbers():
    a = anp.array([1.5, 2.5])
    v = a[0]
    assert type(v) is numpy.float64 and isinstance(v, float)
    assert isinstance(anp.arange(3)[1], numbers.Integral)
    assert isinstance(anp.min([5, 9]), numbers.Integral)  # e.g. scikit-learn's leaf_size
    assert type(anp.all(anp.ones(2) > 0)) is numpy.bool_  # e.g. fit_intercept=...
    # a numeric-vs-categorical branch (a decision tree's split) takes NumPy's way
    threshold = anp.unique(anp.array([1.5, 2.5]))[0]
    assert isinstance(threshold, int | float) == isinstance(
        numpy.unique(numpy.array([1.5, 2.5]))[0], int | float)


def test_labels_hash_as_numpys():
    y = anp.array([1, 2, 2, 3, 3, 3])
    ny = numpy.asarray(y)
    assert {y[0]: "a"} == {ny[0]: "a"}
    assert set(y) == set(ny)
    assert collections.Counter(y) == collections.Counter(ny)
    assert collections.Counter(y).most_common(1) == collections.Counter(ny).most_common(1)
    assert sorted(set(y)) == sorted(set(ny))
    assert hash(y[1]) == hash(ny[1]) == hash(2)


def test_scalars_are_immutable():
    a = anp.array([3.0, 1.0])
    best = a.max()
    cur = best
    cur += 10
    assert best == 3.0 and cur == 13.0
    s = anp.sum(anp.ones(3))
    s -= anp.ones(2)  # the scalar rebinds to an array, as in NumPy
    n = numpy.sum(numpy.ones(3))
    n -= numpy.ones(2)
    assert type(s) is xp.Array and s._numpy
    numpy.testing.assert_array_equal(numpy.asarray(s), n)


def test_scalar_arithmetic_with_swapin_arrays_follows_numpy():
    a32 = anp.ones(3, dtype=anp.float32)
    n32 = numpy.ones(3, dtype=numpy.float32)
    for got, want in ((a32[0] * a32, n32[0] * n32), (a32 * a32.sum(), n32 * n32.sum()),
                      (a32.sum() + a32, n32.sum() + n32),
                      (numpy.float64(2) * a32, numpy.float64(2) * n32),
                      (a32 - a32.mean(), n32 - n32.mean())):
        assert type(got) is xp.Array and got._numpy
        assert got.dtype == want.dtype
        numpy.testing.assert_array_equal(numpy.asarray(got), want)


def test_per_element_loops_give_numpys_values():
    """A distance function and a likelihood product written element by element."""
    def distance(np, p, q):
        total = 0.0
        for i in range(len(p)):
            total += (p[i] - q[i]) ** 2
        return np.sqrt(total)

    for np in (numpy, anp):
        p, q = np.linspace(0, 1, 7), np.linspace(1, 3, 7)
        d = distance(np, p, q)
        like = 1.0
        for v in np.exp(-p):
            like *= v
        if np is numpy:
            want = (d, like)
        else:
            got = (d, like)
    assert [kind(g) for g in got] == [kind(w) for w in want]
    assert got == want


def test_standard_namespace_keeps_zero_d_arrays():
    x = xp.asarray([1.5, 2.5])
    for r in (x[0], xp.sum(x), xp.max(x), x.sum(), x[0] + x[1], xp.linalg.vector_norm(x)):
        assert type(r) is xp.Array and r.ndim == 0 and r._numpy is False
    assert type(numpy.sum(x)) is xp.Array  # NumPy's function on a standard array


def test_complex32_elements_are_zero_d_arrays():
    """NumPy has no complex32 scalar: an element stays a 0-d complex32 array (a complex64
    scalar would change the dtype)."""
    z = anp.asarray([1 + 2j, 3 - 1j], dtype=anp.complex32)
    for v in (z[0], z.sum(), anp.sum(z), next(iter(z))):
        assert type(v) is xp.Array and v.dtype == xp.complex32 and v.ndim == 0
    assert complex(z[1]) == 3 - 1j


def test_bfloat16_elements_are_ml_dtypes_scalars():
    ml_dtypes = pytest.importorskip("ml_dtypes")
    b = anp.asarray([1.5, 2.5], dtype=anp.bfloat16)
    nb = numpy.asarray([1.5, 2.5], dtype=ml_dtypes.bfloat16)
    assert type(b[0]) is type(nb[0]) is ml_dtypes.bfloat16
    assert b[1] == nb[1] and hash(b[1]) == hash(nb[1])
    assert type(b.max()) is type(nb.max())


def test_scalars_copy_and_pickle_as_numpys():
    v = anp.arange(3)[2]
    assert type(copy.copy(v)) is numpy.int64 and pickle.loads(pickle.dumps(v)) == v


def test_under_another_policy_scalars_compute_by_it():
    """Under ascend (what ``python -m aiarray port`` runs), scalar arithmetic follows the
    Ascend rules as 0-d arrays do; the scalar is still NumPy's type, value and hash."""
    from golden_promotion import TENSOR_TENSOR

    a = anp.arange(10, dtype=anp.int32)
    with anp.promotion_policy("ascend"):
        v, w = a[3], a[7]
        assert isinstance(v, numpy.int32) and type(v).__name__ == "int32"
        assert hash(v) == hash(3) and {v: 1}[3] == 1 and v == 3 and repr(v) == "np.int32(3)"
        q = v / w  # integer division: GB/T's float32, NumPy's float64
        assert q.dtype == xp.float32 and isinstance(q, numpy.float32)
        assert q == numpy.float32(3) / numpy.float32(7)
        h = anp.asarray([1.0], dtype=anp.float16)[0] * a[2]
        assert h.dtype == {"f16": xp.float16}[TENSOR_TENSOR[("f16", "s32")]]
        s = a.sum() / 2  # a reduction's scalar, then a Python float
        assert s.dtype == (anp.asarray(a.sum()) / 2).dtype
        assert type(a[1:3] * v) is xp.Array  # with an array: an array, by the same rules
        assert pickle.loads(pickle.dumps(v)) == 3
    q2 = v / w  # made under ascend, used under numpy: NumPy's rule now
    assert q2.dtype == numpy.float64
    assert type(a[3]) is numpy.int32  # NumPy's own type again

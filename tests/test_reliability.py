"""Nothing crashes, wraps or escapes without a status (issue 13, items 1, 2, 3, 7 and 9).

Huge sizes run in a child process with an address-space limit: a size check that
regressed could crash the process (``repeat`` with a total beyond 2**63 did) or try
to allocate terabytes, and neither may take the test run (or the machine) with it.
NumPy is the reference for what valid calls return.
"""

from __future__ import annotations

import json
import operator
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import aiarray as aa

S = aa.Status

STANDARD = (TypeError, ValueError, IndexError, OverflowError, ZeroDivisionError, MemoryError)

# -- item 1 and 7: sizes no array can have, checked before NumPy is called ---------------------
# (label, code evaluated with xp = aiarray and V(n) / B(n) = an n-long broadcast view of a
#  float64 / bool 1, expected exception, expected status, a word the message names)
HUGE = [
    ("repeat int", "xp.repeat(xp.ones((4,)), 2**62)", MemoryError, "ALLOCATION_FAILED", "repeat"),
    ("repeat array", "xp.repeat(xp.ones((4,)), xp.asarray([2**62] * 4))", MemoryError,
     "ALLOCATION_FAILED", "repeat"),
    ("repeat uint64", "xp.repeat(xp.ones((2,)), xp.asarray([2**63, 2**63], dtype=xp.uint64))",
     MemoryError, "ALLOCATION_FAILED", "repeat"),
    ("repeat wraps to small", "xp.repeat(xp.ones((4,)), xp.asarray([2**62, 2**62, 2**62, 2**62 "
     "+ 4]), axis=0)", MemoryError, "ALLOCATION_FAILED", "repeat"),
    ("tile", "xp.tile(xp.ones((4,)), (2**62,))", MemoryError, "ALLOCATION_FAILED", "tile"),
    ("zeros", "xp.zeros(2**63)", MemoryError, "ALLOCATION_FAILED", "zeros"),
    ("ones", "xp.ones((2**62, 4))", MemoryError, "ALLOCATION_FAILED", "ones"),
    ("empty", "xp.empty(2**63)", MemoryError, "ALLOCATION_FAILED", "empty"),
    ("full", "xp.full(2**64, 1)", MemoryError, "ALLOCATION_FAILED", "full"),
    ("zeros_like dtype", "xp.zeros_like(B(2**62), dtype=xp.complex128)", MemoryError,
     "ALLOCATION_FAILED", "zeros_like"),
    ("eye", "xp.eye(2**32)", MemoryError, "ALLOCATION_FAILED", "eye"),
    ("fftfreq", "xp.fft.fftfreq(2**63)", MemoryError, "ALLOCATION_FAILED", "fftfreq"),
    ("rfft n", "xp.fft.rfft(xp.ones(4), n=2**62)", MemoryError, "ALLOCATION_FAILED", "rfft"),
    ("linspace", "xp.linspace(0, 1, 2**63)", MemoryError, "ALLOCATION_FAILED", "linspace"),
    ("arange", "xp.arange(0, 1, 1e-300)", MemoryError, "ALLOCATION_FAILED", "arange"),
    ("pad", "xp.pad(xp.ones(2), (2**62, 2**62))", MemoryError, "ALLOCATION_FAILED", "pad"),
    ("meshgrid", "xp.meshgrid(V(2**31), V(2**31))", MemoryError, "ALLOCATION_FAILED",
     "meshgrid"),
    ("matmul", "xp.matmul(xp.reshape(V(2**31), (2**31, 1)), xp.reshape(V(2**31), (1, 2**31)))",
     MemoryError, "ALLOCATION_FAILED", "matmul"),
    ("outer", "xp.linalg.outer(V(2**31), V(2**31))", MemoryError, "ALLOCATION_FAILED", "outer"),
    ("diag", "xp.diag(V(2**40))", MemoryError, "ALLOCATION_FAILED", "diag"),
    ("todense", "xp.sparse.coo_array(xp.asarray([[0], [0]]), xp.asarray([1.0]), "
     "shape=(2**31, 2**31)).todense()", MemoryError, "ALLOCATION_FAILED", "todense"),
    ("broadcast_to", "xp.broadcast_to(xp.ones((1,)), (2**62,))", MemoryError,
     "ALLOCATION_FAILED", "bytes"),
    ("unstack", "xp.unstack(V(2**40))", MemoryError, "ALLOCATION_FAILED", "unstack"),
    ("spawn", "xp.random.Generator(1).spawn(2**62)", MemoryError, "ALLOCATION_FAILED", "spawn"),
    ("uniform", "xp.random.uniform(shape=(2**62,))", MemoryError, "ALLOCATION_FAILED",
     "uniform"),
    ("broadcast result", "xp.add(xp.reshape(V(2**20), (2**20, 1)), xp.reshape(V(2**20), "
     "(1, 2**20)))", MemoryError, "ALLOCATION_FAILED", "add"),
    ("memory", "xp.ones(2**29)", MemoryError, "ALLOCATION_FAILED", "ones"),  # 4 GiB > limit
    ("ndim 70", "xp.zeros((1,) * 70)", ValueError, "INVALID_ARGUMENT", "70 dimensions"),
    ("reshape ndim 70", "xp.reshape(xp.ones(1), (1,) * 70)", ValueError, "INVALID_ARGUMENT",
     "70 dimensions"),
    ("expand_dims ndim 65", "xp.expand_dims(xp.ones((1,) * 64), axis=0)", ValueError,
     "INVALID_ARGUMENT", "65 dimensions"),
]

_CHILD = """
import json, resource, sys
resource.setrlimit(resource.RLIMIT_AS, (3 * 2**30, 3 * 2**30))
import aiarray as xp
V = lambda n: xp.broadcast_to(xp.ones(1), (n,))
B = lambda n: xp.broadcast_to(xp.ones(1, dtype=xp.bool), (n,))
out = {}
for label, code in json.loads(sys.argv[1]):
    try:
        eval(code)
        out[label] = None
    except BaseException as e:
        out[label] = [[c.__name__ for c in type(e).__mro__], getattr(getattr(e, "status", None),
                      "name", None), str(e)]
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def huge_results() -> dict:
    if sys.platform == "win32":  # pragma: no cover - needs resource.setrlimit
        pytest.skip("the address-space limit needs resource.setrlimit")
    cases = json.dumps([(label, code) for label, code, *_ in HUGE])
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(_CHILD), cases],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, (proc.returncode, proc.stderr[-3000:])
    return json.loads(proc.stdout)


@pytest.mark.parametrize(("label", "code", "exc", "status", "word"), HUGE,
                         ids=[h[0] for h in HUGE])
def test_impossible_sizes_raise_before_numpy(huge_results, label, code, exc, status, word):
    mro, got_status, message = huge_results[label]
    assert exc.__name__ in mro, (code, mro, message)
    assert got_status == status, (code, got_status, message)
    assert word in message, (code, message)
    assert f"[GB/T status {S[status].value} {status}]" in message


def test_sizes_that_fit_still_work():
    assert np.array_equal(np.asarray(aa.repeat(aa.asarray([1, 2]), aa.asarray([2, 0]))),
                          np.repeat(np.asarray([1, 2]), [2, 0]))
    assert aa.zeros((1,) * 64).shape == (1,) * 64  # the limit itself is allowed
    assert aa.broadcast_to(aa.ones((1,), dtype=aa.bool), (2**62,)).shape == (2**62,)  # a view
    assert aa.tile(aa.ones(2), (0, 2**40)).shape == np.tile(np.ones(2), (0, 2**40)).shape
    for counts in ([127, 0, 2], [255, 0, 255]):  # a total beyond the counts' dtype
        for dt in (aa.int8, aa.uint8, aa.uint64):
            if max(counts) <= np.iinfo(dt).max:
                got = aa.repeat(aa.arange(3), aa.asarray(counts, dtype=dt))
                assert np.array_equal(np.asarray(got), np.repeat(np.arange(3), counts))
    # a count beyond intp repeats an empty axis: empty, not an overflow inside NumPy
    empty = aa.asarray([], dtype=aa.bfloat16)
    for count in (aa.asarray(2**64 - 1, dtype=aa.uint64), aa.asarray([2**64 - 1], dtype=aa.uint64),
                  2**70):
        assert aa.repeat(empty, count).shape == (0,)


# -- item 2: indices never wrap around ------------------------------------------------------------

BAD_INDICES = [
    aa.asarray([2**64 - 1], dtype=aa.uint64), aa.asarray([2**63], dtype=aa.uint64),
    aa.asarray(2**64 - 1, dtype=aa.uint64), [2**64 - 1], [2**63], [0, 2**64 - 5],
    np.asarray([2**64 - 1], dtype=np.uint64), np.uint64(2**64 - 1), 2**63, 2**64 - 1,
    -(2**63) - 1, 10**30, [10**30], 5, -6, [5], aa.asarray([5], dtype=aa.uint8),
]


@pytest.mark.parametrize("key", BAD_INDICES, ids=repr)
def test_out_of_range_index_is_an_index_error_on_get_and_set(key):
    x = aa.arange(5)
    with pytest.raises(IndexError) as info:
        x[key]
    assert info.value.status == S.OUT_OF_RANGE and "out of range" in str(info.value)
    with pytest.raises(IndexError) as info:
        x[key] = 99
    assert info.value.status == S.OUT_OF_RANGE
    assert np.array_equal(np.asarray(x), np.arange(5))  # nothing written


@pytest.mark.parametrize("key", [
    (0, 2**64 - 1), (Ellipsis, [2**63]), (slice(None), aa.asarray([3], dtype=aa.uint64)),
    (None, 0, 2**70), (aa.asarray([1, 0]), aa.asarray([0, 2**64 - 1], dtype=aa.uint64)),
], ids=repr)
def test_out_of_range_index_names_the_axis(key):
    x = aa.reshape(aa.arange(6), (2, 3))
    with pytest.raises(IndexError) as info:
        x[key]
    assert info.value.status == S.OUT_OF_RANGE
    assert "axis 1 of size 3" in str(info.value) or "axis 0 of size 2" in str(info.value)


@pytest.mark.parametrize("key", [
    aa.asarray([4, 0], dtype=aa.uint64), [4, -5], np.asarray([1, 2], dtype=np.uint64),
    np.uint64(3), -1, (Ellipsis, [0, -1]), [True, False, True, False, True],
    aa.asarray(3, dtype=aa.uint8),
], ids=repr)
def test_in_range_indices_give_numpy_results(key):
    x, ref = aa.arange(5) * 10, np.arange(5) * 10
    np_key = np.asarray(key) if type(key) is aa.Array else key
    assert np.array_equal(np.asarray(x[key]), ref[np_key])
    x[key] = 7
    ref[np_key] = 7
    assert np.array_equal(np.asarray(x), ref)


@pytest.mark.parametrize("call", [
    lambda x, i: aa.take(x, i), lambda x, i: aa.take_along_axis(x, i, axis=0),
    lambda x, i: aa.gather_nd(x, aa.reshape(i, (1, 1))),
    lambda x, i: aa.scatter(x, i, aa.ones(1, dtype=aa.int64)),
], ids=["take", "take_along_axis", "gather_nd", "scatter"])
def test_indexing_functions_refuse_uint64_beyond_the_axis(call):
    x = aa.arange(5)
    with pytest.raises(IndexError) as info:
        call(x, aa.asarray([2**64 - 1], dtype=aa.uint64))
    assert info.value.status == S.OUT_OF_RANGE
    assert np.array_equal(np.asarray(x), np.arange(5))


# -- item 3: 0-d integer arrays as sizes; iteration and len --------------------------------------

@pytest.mark.parametrize(("make", "reference"), [
    (lambda n: aa.zeros(n), lambda n: np.zeros(n)),
    (lambda n: aa.ones(n), lambda n: np.ones(n)),
    (lambda n: aa.empty(n), lambda n: np.empty(n)),
    (lambda n: aa.full(n, 2.0), lambda n: np.full(n, 2.0)),
    (lambda n: aa.eye(n), lambda n: np.eye(n)),
    (lambda n: aa.eye(2, n), lambda n: np.eye(2, n)),
    (lambda n: aa.reshape(aa.arange(3), n), lambda n: np.reshape(np.arange(3), n)),
    (lambda n: aa.linspace(0, 1, n), lambda n: np.linspace(0, 1, n)),
    (lambda n: aa.arange(n), lambda n: np.arange(n)),
    (lambda n: aa.repeat(aa.arange(2), n), lambda n: np.repeat(np.arange(2), n)),
    (lambda n: aa.tile(aa.arange(2), (n,)), lambda n: np.tile(np.arange(2), (n,))),
    (lambda n: aa.random.uniform(shape=n), lambda n: np.zeros(n)),
], ids=["zeros", "ones", "empty", "full", "eye", "eye n_cols", "reshape", "linspace",
        "arange", "repeat", "tile", "random.uniform"])
def test_zero_d_integer_array_is_a_size(make, reference):
    got = make(aa.asarray(3))
    ref = reference(np.asarray(3))
    assert got.shape == ref.shape and got.shape != ()


def test_zero_d_non_integer_array_is_not_a_size():
    for bad in (aa.asarray(3.0), aa.asarray(True)):
        with pytest.raises(TypeError) as info:
            aa.zeros(bad)
        assert info.value.status == S.TYPE_MISMATCH


def test_index_of_an_n_d_array_is_a_type_error_as_in_numpy():
    with pytest.raises(TypeError):
        operator.index(np.asarray([3]))
    with pytest.raises(TypeError) as info:
        operator.index(aa.asarray([3]))
    assert info.value.status == S.TYPE_MISMATCH
    assert operator.index(aa.asarray(3, dtype=aa.uint8)) == 3


def test_iteration_and_len_follow_numpy():
    x0 = aa.asarray(3)
    with pytest.raises(TypeError) as info:
        list(x0)
    assert "iteration over a 0-d array" in str(info.value) and info.value.status
    with pytest.raises(TypeError) as info:
        len(x0)
    assert "len() of unsized object" in str(info.value)
    ref = np.arange(6).reshape(2, 3)
    x = aa.asarray(ref)
    assert len(x) == len(ref) == 2
    rows = list(x)
    assert len(rows) == 2 and all(type(r) is aa.Array for r in rows)
    for got, want in zip(rows, ref):
        assert np.array_equal(np.asarray(got), want) and got.dtype == aa.int64
    assert list(aa.zeros((0, 3))) == [] and len(aa.zeros((0, 3))) == 0


# -- item 7: the exceptions the issue found ------------------------------------------------------

def _raises(exc, status, word, call):
    with pytest.raises(exc) as info:
        call()
    assert isinstance(info.value, STANDARD) and info.value.status == status, info.value
    assert word in str(info.value)


def test_exceptions_found_by_the_probe():
    x = aa.arange(5)
    _raises(TypeError, S.UNINITIALIZED, "__dlpack__", lambda: aa.from_dlpack(object()))
    _raises(IndexError, S.OUT_OF_RANGE, "out of range", lambda: x[2**63])
    _raises(TypeError, S.TYPE_MISMATCH, "fill_value", lambda: aa.full_like(x, (2, 3)))
    for keepdims in ("x", 5, None, aa.asarray(True)):
        for func in (aa.sum, aa.prod, aa.max, aa.min, aa.mean, aa.std, aa.var, aa.all, aa.any,
                     aa.argmax, aa.count_nonzero):
            _raises(TypeError, S.TYPE_MISMATCH, "keepdims",
                    lambda f=func, k=keepdims: f(aa.ones(3), keepdims=k))
    assert aa.sum(aa.ones(3), keepdims=np.bool_(True)).shape == (1,)
    _raises(OverflowError, S.OUT_OF_RANGE, "infinity", lambda: int(aa.asarray(float("inf"))))
    _raises(ValueError, S.INVALID_ARGUMENT, "NaN", lambda: int(aa.asarray(float("nan"))))
    _raises(TypeError, S.UNINITIALIZED, "asarray", lambda: aa.Array())
    _raises(TypeError, S.TYPE_MISMATCH, "valid index", lambda: x[int])
    _raises(ValueError, S.INVALID_ARGUMENT, "set_num_threads", lambda: aa.set_num_threads(0))
    _raises(TypeError, S.TYPE_MISMATCH, "set_num_threads", lambda: aa.set_num_threads("2"))
    # a typed integer scalar that does not fit the result never wraps around
    _raises(OverflowError, S.OUT_OF_RANGE, "int16",
            lambda: aa.asarray([1], dtype=aa.int16) * np.uint64(2**64 - 1))


def test_inplace_matmul_shape_change_is_a_value_error_like_add():
    m = aa.ones((4, 4))
    with pytest.raises(ValueError) as add_info:
        m += aa.ones((3, 4, 4))
    with pytest.raises(ValueError) as mat_info:
        m @= aa.ones((4, 5))
    assert add_info.value.status == mat_info.value.status == S.DIMENSION_MISMATCH
    assert np.array_equal(np.asarray(m), np.ones((4, 4)))
    view = aa.broadcast_to(aa.ones((1, 4)), (4, 4))
    with pytest.raises(ValueError) as info:
        view @= aa.eye(4)
    assert info.value.status == S.INVALID_ARGUMENT
    m @= aa.eye(4)
    assert np.array_equal(np.asarray(m), np.ones((4, 4)))


def test_array_operators_raise_with_a_status_for_operands_nobody_handles():
    x = aa.ones((2, 2))
    s = aa.sparse.from_dense(aa.eye(2))
    for call in (lambda: x // s, lambda: s // x, lambda: x < s, lambda: np.ones((2, 2)) @ s):
        with pytest.raises(TypeError) as info:
            call()
        assert isinstance(info.value.status, S)
    assert np.array_equal(np.asarray(x + s), np.ones((2, 2)) + np.eye(2))  # handled ones work


# -- item 9: masked arrays are refused, never silently unmasked ----------------------------------

@pytest.mark.parametrize("call", [
    lambda m: aa.asarray(m), lambda m: aa.asarray([m, m]), lambda m: aa.asarray(m, dtype=aa.int8),
    lambda m: aa.from_dlpack(m), lambda m: aa.arange(3)[m], lambda m: aa.asarray(np.ma.masked),
    lambda m: aa.add(aa.ones(3), m), lambda m: aa.add(m, aa.ones(3)),
    lambda m: aa.multiply(aa.ones(3), m), lambda m: aa.less(aa.ones(3), m),
    lambda m: aa.matmul(aa.ones(3), m), lambda m: aa.matmul(m, aa.ones(3)),
], ids=["asarray", "nested", "asarray dtype", "from_dlpack", "index", "masked constant",
        "add x2", "add x1", "multiply", "less", "matmul x2", "matmul x1"])
def test_masked_arrays_are_refused(call):
    m = np.ma.masked_array([0, 1, 2], mask=[False, True, False])
    with pytest.raises(TypeError) as info:
        call(m)
    assert info.value.status == S.TYPE_MISMATCH and "mask" in str(info.value)
    assert np.array_equal(np.ma.getmaskarray(m), [False, True, False])


def test_operators_with_a_masked_array_keep_its_mask_as_numpys_do():
    import aiarray.numpy as anp

    m = np.ma.masked_array([1.0, 2.0, 4.0], mask=[False, True, False])
    for x in (aa.ones(3), anp.ones(3)):
        for got, want in ((x + m, np.ones(3) + m), (m * x, m * np.ones(3)),
                          (x < m, np.ones(3) < m), (x - m, np.ones(3) - m)):
            assert type(got) is np.ma.MaskedArray
            assert np.array_equal(np.ma.getmaskarray(got), np.ma.getmaskarray(want))
            assert np.array_equal(got.filled(0), want.filled(0))


def test_swapin_functions_on_masked_arrays_are_numpys():
    import aiarray.numpy as anp

    m = np.ma.masked_array([1.0, 2.0, 4.0], mask=[False, True, False])
    for name, call in {
        "sum": lambda ns: ns.sum(m), "mean": lambda ns: ns.mean(m), "std": lambda ns: ns.std(m),
        "max": lambda ns: ns.max(m), "argmax": lambda ns: ns.argmax(m),
        "add": lambda ns: ns.add(ns.ones(3), m), "exp": lambda ns: ns.exp(m),
        "sort": lambda ns: ns.sort(m), "cumsum": lambda ns: ns.cumsum(m),
        "concatenate": lambda ns: ns.concatenate([m, m]), "clip": lambda ns: ns.clip(m, 0, 3),
    }.items():
        got, want = call(anp), call(np)
        assert type(got) is type(want), name
        assert np.array_equal(np.ma.getmaskarray(got), np.ma.getmaskarray(want)), name
        assert np.array_equal(np.ma.filled(got, 0), np.ma.filled(want, 0)), name


def test_plain_numpy_arrays_still_convert():
    assert np.array_equal(np.asarray(aa.asarray(np.arange(3))), np.arange(3))
    assert np.array_equal(np.asarray(aa.asarray(np.ma.masked_array([1, 2]).filled(0))), [1, 2])

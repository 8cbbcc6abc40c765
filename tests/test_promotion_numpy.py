"""The ``numpy`` promotion policy, checked against NumPy itself (NumPy 2, NEP 50).

The reference is NumPy: ``np.promote_types``, ``np.result_type`` and real NumPy
operations with Python and NumPy scalars (bfloat16 through ml_dtypes' registration
with NumPy).  complex32, which NumPy lacks, is checked by its documented analogy:
the complex dtype whose parts are NumPy's promotion of float16 with the other
operand's real dtype.
"""

from __future__ import annotations

import itertools
import subprocess
import sys
import warnings

import ml_dtypes
import numpy as np
import pytest
from _raises import raises

import aiarray as aa
from aiarray._errors import Status

BF16 = np.dtype(ml_dtypes.bfloat16)
# Every aiarray dtype NumPy has (bfloat16 via ml_dtypes), by aiarray name.
NATIVE = {
    "bool": np.dtype(bool), "int8": np.dtype("i1"), "uint8": np.dtype("u1"),
    "int16": np.dtype("i2"), "uint16": np.dtype("u2"), "int32": np.dtype("i4"),
    "uint32": np.dtype("u4"), "int64": np.dtype("i8"), "uint64": np.dtype("u8"),
    "float16": np.dtype("f2"), "bfloat16": BF16, "float32": np.dtype("f4"),
    "float64": np.dtype("f8"), "complex64": np.dtype("c8"), "complex128": np.dtype("c16"),
}
ALL = [*NATIVE, "complex32"]
PYTHON_SCALARS = [True, False, 0, 1, -3, 100, 1.5, -0.25, 1j, 2 - 0.5j]
# NumPy's complex dtype over each real dtype (the analogy that defines complex32).
COMPLEX_OVER = {np.dtype("f2"): "complex32", np.dtype("f4"): "complex64",
                np.dtype("f8"): "complex128"}


def aa_dtype(name: str) -> object:
    return getattr(aa, name)


def np_name(dt: np.dtype) -> str:
    """The aiarray name of a NumPy dtype."""
    return next(k for k, v in NATIVE.items() if v == dt)


def complex32_expected(other: str) -> str:
    """complex32 with ``other``: complex over NumPy's promotion of float16 with its parts."""
    if other == "complex32":
        return "complex32"
    real = {"complex64": np.float32, "complex128": np.float64}.get(other, NATIVE[other])
    return COMPLEX_OVER[np.promote_types(np.float16, real)]


def sample(name: str) -> tuple[np.ndarray, object]:
    """The same small values as a NumPy array (None for complex32) and an aiarray Array."""
    values = [0, 1, 2, 3] if name != "bool" else [False, True, True, False]
    if name == "complex32":
        return None, aa.asarray(values, dtype=aa.complex32)
    return np.asarray(values, dtype=NATIVE[name]), aa.asarray(values, dtype=aa_dtype(name))


@pytest.fixture(autouse=True)
def _numpy_policy():
    with aa.promotion_policy("numpy"):
        yield


@pytest.mark.parametrize(("a", "b"), list(itertools.product(NATIVE, NATIVE)))
def test_array_pairs_promote_as_numpy(a: str, b: str) -> None:
    expected = np.promote_types(NATIVE[a], NATIVE[b])
    assert aa.result_type(aa_dtype(a), aa_dtype(b)) == expected
    na, xa = sample(a)
    nb, xb = sample(b)
    ref = na + nb  # a real NumPy operation, not only the promotion table
    got = xa + xb
    assert got.dtype == ref.dtype == expected
    np.testing.assert_array_equal(np.asarray(got), ref)


@pytest.mark.parametrize("other", ALL)
def test_complex32_promotes_as_the_complex_dtype_of_float16(other: str) -> None:
    expected = aa_dtype(complex32_expected(other))
    assert aa.result_type(aa.complex32, aa_dtype(other)) == expected
    assert aa.result_type(aa_dtype(other), aa.complex32) == expected
    _, x = sample("complex32")
    _, y = sample(other)
    got = x * y
    assert got.dtype == expected
    ref = np.asarray([0, 1, 4, 9] if other != "bool" else [0, 1, 2, 0], dtype=np.complex128)
    np.testing.assert_array_equal(np.asarray(aa.astype(got, aa.complex128)), ref)


@pytest.mark.parametrize("name", list(NATIVE))
@pytest.mark.parametrize("value", PYTHON_SCALARS, ids=repr)
def test_python_scalars_are_weak_as_in_numpy(name: str, value: object) -> None:
    na, xa = sample(name)
    for numpy_op, aiarray_op in ((lambda: na + value, lambda: xa + value),
                                 (lambda: value * na, lambda: value * xa)):
        try:
            ref = numpy_op()
        except OverflowError:  # e.g. uint8 with -3: NumPy 2 raises, and so must aiarray
            with raises(OverflowError, Status.OUT_OF_RANGE, str(value)):
                aiarray_op()
            continue
        got = aiarray_op()
        assert got.dtype == ref.dtype, (name, value)
        np.testing.assert_array_equal(np.asarray(got), ref)


@pytest.mark.parametrize("value", PYTHON_SCALARS, ids=repr)
def test_python_scalars_keep_complex32(value: object) -> None:
    _, x = sample("complex32")
    assert (x + value).dtype == aa.complex32  # as complex64 + any Python scalar stays c64
    np.testing.assert_array_equal(
        np.asarray(aa.astype(x + value, aa.complex128)),
        np.asarray([0, 1, 2, 3], np.complex64) + np.complex64(value),
    )


@pytest.mark.parametrize("name", list(NATIVE))
def test_numpy_scalars_are_strong_operands(name: str) -> None:
    """NEP 50: a NumPy scalar (ml_dtypes' bfloat16 too) promotes as a 0-d array."""
    for scalar_name, dt in NATIVE.items():
        s = dt.type(1)
        na, xa = sample(name)
        assert (xa + s).dtype == (na + s).dtype, (name, scalar_name)
        assert (s + xa).dtype == (s + na).dtype, (name, scalar_name)


@pytest.mark.parametrize("name", [n for n in NATIVE if n != "bool" and NATIVE[n].kind in "iu"])
def test_python_int_out_of_range_raises_overflow_error_as_numpy(name: str) -> None:
    info = np.iinfo(NATIVE[name])
    na, xa = sample(name)
    for value in (int(info.max) + 1, int(info.min) - 1):
        with pytest.raises(OverflowError):
            na + value  # the reference: NumPy 2 raises too
        with raises(OverflowError, Status.OUT_OF_RANGE, str(value), name):
            xa + value
        np.testing.assert_array_equal(np.asarray(xa), na)  # the input is untouched


def test_python_int_beyond_int64_with_a_bool_array_raises() -> None:
    na, xa = sample("bool")
    assert (xa + 2**62).dtype == aa.int64
    with pytest.raises(OverflowError):
        na + 2**63
    with raises(OverflowError, Status.OUT_OF_RANGE, "int64"):
        xa + 2**63


def test_python_int_too_large_for_float16_raises_where_numpy_warns() -> None:
    """Documented difference: NumPy casts 70000 to float16 inf with a RuntimeWarning."""
    na, xa = sample("float16")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert np.isinf(na + 70000).all()
    assert any(issubclass(w.category, RuntimeWarning) for w in caught)
    with raises(OverflowError, Status.OUT_OF_RANGE, "70000", "float16"):
        xa + 70000
    assert (xa + 60000).dtype == aa.float16


def test_nep50_examples() -> None:
    """The rules the brief names, written out (values from the NEP 50 text)."""
    int8 = aa.asarray([1, 2], dtype=aa.int8)
    assert (int8 + 1).dtype == aa.int8
    assert (int8 + 1.5).dtype == aa.float64
    assert (aa.asarray([1.0], dtype=aa.float32) + 1j).dtype == aa.complex64
    u64 = aa.asarray([2**64 - 1], dtype=aa.uint64)
    assert (u64 + aa.asarray([1], dtype=aa.int64)).dtype == aa.float64
    assert (int8 + np.int64(1)).dtype == aa.int64
    assert (aa.asarray([True]) + 1).dtype == aa.int64
    assert (aa.asarray([1.0], dtype=aa.float16) + 1j).dtype == aa.complex64  # no complex32


@pytest.mark.parametrize("first", ALL)
def test_nary_promotion_is_numpys_and_order_independent(first: str) -> None:
    """All dtype triples starting with ``first``: NumPy's n-ary answer, in every order."""
    for rest in itertools.product(ALL, repeat=2):
        names = (first, *rest)
        results = {aa.result_type(*(aa_dtype(n) for n in p))
                   for p in itertools.permutations(names)}
        assert len(results) == 1, (names, results)
        if "complex32" not in names:
            assert results == {np.result_type(*(NATIVE[n] for n in names))}, names


@pytest.mark.parametrize("value", [True, 1, 1.5, 1j])
def test_nary_promotion_with_python_scalars_is_numpys(value: object) -> None:
    """NumPy's result_type, or where that depends on argument order, NumPy's operations.

    NumPy's own result_type of bfloat16 (ml_dtypes), an integer or bool dtype and a
    Python scalar depends on the order (float64 or bfloat16 for bool, bfloat16, 1.5);
    the chained operation ``(a + b) + value`` gives one answer, which aiarray follows.
    """
    order_dependent = 0
    for a, b in itertools.product(NATIVE, repeat=2):
        triple = (NATIVE[a], NATIVE[b], value)
        answers = {np.result_type(*p) for p in itertools.permutations(triple)}
        if len(answers) > 1:
            order_dependent += 1
            answers = {(np.ones(2, NATIVE[a]) + np.ones(2, NATIVE[b]) + value).dtype}
        for args in itertools.permutations(triple):
            got = aa.result_type(*(aa_dtype(np_name(x)) if isinstance(x, np.dtype) else x
                                   for x in args))
            assert {got} == answers, (args, got)
    assert order_dependent <= 12  # only the bfloat16 cases described above
    # several weak scalars: the widest kind decides; no int check against a narrower dtype
    assert aa.result_type(aa.int8, 300, 1.5) == np.result_type(np.int8, 300, 1.5)
    assert aa.result_type(aa.bool, 1, 1j, 1.5) == np.result_type(np.bool_, 1, 1j, 1.5)


def test_numpy_scalars_join_the_arrays_in_nary_promotion() -> None:
    args = (np.dtype("i1"), np.float16(1), np.dtype("u1"))
    got = aa.result_type(aa.int8, np.float16(1), aa.uint8)
    assert got == np.result_type(*args) == np.float16  # not int16 then float32


INT_TO_FLOAT_REFERENCE = {
    "function": lambda a: np.sin(a),
    "divide": lambda a: a / a,
    "statistics": lambda a: np.var(a),
    "linalg": lambda a: np.linalg.inv(np.eye(2, dtype=a.dtype)),
}


@pytest.mark.parametrize("use", list(INT_TO_FLOAT_REFERENCE))
def test_integer_input_of_floating_valued_ops_follows_numpy(use: str) -> None:
    table = aa._promotion._POLICIES["numpy"].int_to_float[use]
    for name in [n for n in NATIVE if NATIVE[n].kind in "biu"]:
        ref = INT_TO_FLOAT_REFERENCE[use](np.ones(3, NATIVE[name]))
        assert table[aa_dtype(name)] == ref.dtype, (use, name)


def test_explain_names_the_numpy_rule() -> None:
    why = aa.explain_promotion(aa.uint64, aa.int64)
    assert (why.result, why.policy, why.table, why.row, why.column) == (
        aa.float64, "numpy", "numpy", "u64", "s64")
    assert "float64" in why.note and "signed" in why.note
    why = aa.explain_promotion(aa.int8, 1.5)
    assert (why.result, why.row, why.column) == (aa.float64, "py-float", "s8")
    why = aa.explain_promotion(aa.int8, 1)
    assert why.result == aa.int8 and "OverflowError" in why.note
    why = aa.explain_promotion(aa.int8, np.float32(1))
    assert (why.result, why.row, why.column) == (aa.float32, "f32", "s8")
    assert "typed" in why.note


def test_the_policy_is_selectable_by_name_and_restored() -> None:
    assert aa.get_promotion_policy() == "numpy"
    with aa.promotion_policy("ascend"):
        assert (aa.asarray([1], dtype=aa.int8) + 1.5).dtype == aa.float32
    assert (aa.asarray([1], dtype=aa.int8) + 1.5).dtype == aa.float64


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "aiarray", *args],
                          capture_output=True, text=True, check=False)


def test_cli_promote_and_table_take_the_numpy_policy() -> None:
    r = run_cli("promote", "u64", "s64", "--policy", "numpy")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("float64: policy 'numpy', numpy table, row u64, column s64")
    r = run_cli("promote", "s8", "1.5", "--policy", "numpy")
    assert r.stdout.startswith("float64: policy 'numpy'")
    r = run_cli("table", "--policy", "numpy")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    header = lines[1].split()
    rows = {line.split()[0]: line.split()[1:] for line in lines[2:]}
    short = aa._dtypes.SHORT
    for row, col in itertools.product(ALL, ALL):
        a, b = aa_dtype(row), aa_dtype(col)
        if "complex32" in (row, col):
            expected = aa_dtype(complex32_expected(col if row == "complex32" else row))
        else:
            expected = np.promote_types(NATIVE[row], NATIVE[col])
        cell = rows[short[a]][header.index(short[b])]
        assert cell == short[aa._dtypes.canonical(expected)], (row, col, cell)

"""Type-promotion behaviour of aiarray, checked cell by cell against golden data.

The rules are in docs/promotion.md; the expected results come from the hand
transcription in ``golden_promotion.py`` (never from aiarray itself).

Policies:
  "ascend"        Ascend tables + Array API integer fallback (default).
  "ascend-strict" the Ascend tables exactly; every N/A (or x) cell raises.
  "mindspore"     MindSpore implicit conversion rules.
  "array-api"     the Array API standard's lattice only.
"""

import asyncio
import glob
import operator
import os
import re
import subprocess
import sys
import threading

import numpy as np
import pytest
from golden_promotion import (
    ARRAY_API,
    ARRAY_API_INTEGER,
    ARRAY_API_SHORTS,
    INTEGER_SHORTS,
    MINDSPORE_PRIORITY,
    PYTHON_SCALAR_ROW,
    SHORT_NAMES,
    SHORT_TO_NAME,
    TENSOR_SCALAR,
    TENSOR_TENSOR,
    is_symmetric,
    mindspore_tensor_tensor,
)

import aiarray as aa

# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------

POLICIES = ("ascend", "ascend-strict", "mindspore", "array-api")
ASCEND_POLICIES = ("ascend", "ascend-strict")

COMPLEX_SHORTS = ("c32", "c64", "c128")
FLOAT_SHORTS = ("f16", "f32", "f64", "bf16")

NUMPY_SCALAR = {  # NumPy scalar types for the dtypes NumPy has (no bf16, c32)
    "f32": np.float32, "f16": np.float16, "f64": np.float64,
    "s8": np.int8, "u8": np.uint8, "s16": np.int16, "u16": np.uint16,
    "s32": np.int32, "u32": np.uint32, "s64": np.int64, "u64": np.uint64,
    "bool": np.bool_, "c64": np.complex64, "c128": np.complex128,
}

PYTHON_SCALARS = {"bool": True, "int": 1, "float": 1.5, "complex": 1j}

# "Not specified": array-api policy with bf16 / c32 mixed with another dtype.
# The standard has neither dtype and promotion.md does not decide; not tested.
UNSPECIFIED = object()


def dtype_of(short):
    return getattr(aa, SHORT_TO_NAME[short])


def make(short, n=3):
    """A shape (n,) Array of ones (True/False/... for bool) with dtype ``short``."""
    data = [True, False, True][:n] if short == "bool" else [1] * n
    return aa.asarray(data, dtype=dtype_of(short))


def typed_value(short):
    return True if short == "bool" else 1


def mentions(message, short):
    """Whether an error message names a dtype (full or short name, whole word)."""
    return any(
        re.search(rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_])", message)
        for name in (SHORT_TO_NAME[short], short)
    )


def check_raises(exc_type, fn, *args, names=(), policy=None, label=None):
    """``fn(*args)`` raises ``exc_type`` carrying ``.status`` and naming ``names``."""
    label = label or getattr(fn, "__name__", repr(fn))
    try:
        result = fn(*args)
    except exc_type as exc:
        err = exc
    else:
        pytest.fail(f"{label}: expected {exc_type.__name__}, got a result {result!r}")
    message = str(err)
    assert hasattr(err, "status"), f"{err!r} has no .status"
    for short in names:
        assert mentions(message, short), f"{message!r} does not name {SHORT_TO_NAME[short]}"
    if policy is not None:
        assert policy in message, f"{message!r} does not name the policy {policy!r}"
    return err


def snapshot(x):
    """An independent NumPy copy of an Array's data and dtype."""
    return np.array(np.asarray(x), copy=True)


def assert_unchanged(x, saved, short):
    now = np.asarray(x)
    assert x.dtype == dtype_of(short)
    assert now.dtype == saved.dtype
    assert np.array_equal(now, saved)


def expected_tensor_tensor(policy, a, b):
    """Golden result short name, None (must raise TypeError) or UNSPECIFIED."""
    if policy == "ascend-strict":
        return TENSOR_TENSOR[(a, b)]
    if policy == "ascend":  # decision 2: standard integer cells fill N/A
        result = TENSOR_TENSOR[(a, b)]
        return result if result is not None else ARRAY_API_INTEGER.get((a, b))
    if policy == "mindspore":
        return mindspore_tensor_tensor(a, b)
    if policy == "array-api":
        if a == b:
            return a
        return ARRAY_API.get((a, b), UNSPECIFIED)
    raise AssertionError(policy)


def _pair_params(policies, want_defined):
    params = []
    for policy in policies:
        for a in SHORT_NAMES:
            for b in SHORT_NAMES:
                expected = expected_tensor_tensor(policy, a, b)
                if expected is UNSPECIFIED or (expected is not None) != want_defined:
                    continue
                params.append(pytest.param(policy, a, b, expected, id=f"{policy}-{a}-{b}"))
    return params


ARITH_OPS = (
    ("add", lambda x, y: aa.add(x, y)),
    ("multiply", lambda x, y: aa.multiply(x, y)),
    ("x + y", operator.add),
    ("x * y", operator.mul),
)
COMPARISON_OPS = (
    ("equal", lambda x, y: aa.equal(x, y)),
    ("x == y", operator.eq),
)
# Operations the Array API restricts by kind; used only where the promoted
# dtype is in their domain (the restriction is not a promotion failure).
LESS = ("less", lambda x, y: aa.less(x, y))  # not for complex results
SUBTRACT = ("subtract", lambda x, y: aa.subtract(x, y))  # not for bool results
MAXIMUM = ("maximum", lambda x, y: aa.maximum(x, y))  # real numeric results only

SCALAR_FORMS = (  # (label, fn(tensor, scalar))
    ("x + s", lambda x, s: x + s),
    ("s + x", lambda x, s: s + x),
    ("x * s", lambda x, s: x * s),
    ("s * x", lambda x, s: s * x),
)


@pytest.fixture(autouse=True)
def _restore_default_policy():
    """Keep one leaking test from changing the policy of all later ones."""
    yield
    if aa.get_promotion_policy() != "ascend":
        aa.set_promotion_policy("ascend")


# ---------------------------------------------------------------------------
# The golden data itself
# ---------------------------------------------------------------------------


def test_tensor_tensor_table_is_symmetric():
    asymmetric = [(a, b) for (a, b), r in TENSOR_TENSOR.items() if TENSOR_TENSOR[(b, a)] != r]
    assert asymmetric == []
    assert is_symmetric(TENSOR_TENSOR)


def test_array_api_table_is_symmetric_and_matches_numpy_where_defined():
    # NumPy 2 follows the standard wherever the standard defines a result.
    assert is_symmetric(ARRAY_API)
    for (a, b), result in ARRAY_API.items():
        if result is not None:
            got = np.promote_types(NUMPY_SCALAR[a], NUMPY_SCALAR[b])
            assert got == np.dtype(NUMPY_SCALAR[result]), (a, b)


def test_array_api_table_undefined_cells_are_mixed_kinds_or_u64_with_signed():
    def kind(short):
        if short == "bool":
            return "bool"
        if short in INTEGER_SHORTS:
            return "int"
        return "inexact"  # real and complex floats promote with each other

    for (a, b), result in ARRAY_API.items():
        u64_signed = {a, b} & {"u64"} and ({a, b} - {"u64"}) & {"s8", "s16", "s32", "s64"}
        should_be_undefined = kind(a) != kind(b) or bool(u64_signed)
        assert (result is None) == should_be_undefined, (a, b, result)


def test_ascend_table_agrees_with_the_standard_where_both_define_a_result():
    # Otherwise decision 2 ("the namespace stays conforming") would be false.
    for (a, b), standard in ARRAY_API.items():
        ascend = TENSOR_TENSOR[(a, b)]
        if ascend is not None and standard is not None:
            assert ascend == standard, (a, b)


def _parse_seed(path, separator):
    rows = {}
    header = None
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    for line in lines:
        if separator not in line or "---" in line:
            continue
        cells = [c.strip() for c in line.strip().strip("|").split(separator)]
        if header is None:
            header = cells[1:]
            continue
        for column, cell in zip(header, cells[1:]):
            rows[(cells[0], column)] = None if cell in ("N/A", "\u00d7") else cell
    return rows


# The published Ascend tables as text files (000_*: TensorScalar, 001_*: tensor-tensor),
# kept outside the repository: AIARRAY_SEEDS, or ../shared/seeds beside the checkout.
SEEDS = os.environ.get("AIARRAY_SEEDS") or os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
    "shared", "seeds")


@pytest.mark.skipif(not glob.glob(os.path.join(SEEDS, "00[01]_*.txt")),
                    reason="the Ascend table documents are not available (AIARRAY_SEEDS)")
def test_golden_transcription_matches_the_seed_files():
    [tt_path] = glob.glob(os.path.join(SEEDS, "001_*.txt"))
    [ts_path] = glob.glob(os.path.join(SEEDS, "000_*.txt"))
    assert _parse_seed(tt_path, "\t") == TENSOR_TENSOR
    seed_ts = _parse_seed(ts_path, "|")  # keyed (scalar row, tensor column)
    assert {(t, s): r for (s, t), r in seed_ts.items()} == TENSOR_SCALAR


# ---------------------------------------------------------------------------
# Policy selection: default, names, context manager, threads, tasks
# ---------------------------------------------------------------------------


def test_default_policy_is_ascend_in_a_fresh_interpreter():
    code = (
        "import aiarray as aa\n"
        "print(aa.get_promotion_policy())\n"
        "x = aa.asarray([1, 1, 1], dtype=aa.uint8)\n"
        "y = aa.asarray([1, 1, 1], dtype=aa.uint16)\n"
        "print(aa.add(x, y).dtype == aa.uint16)\n"
    )
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["ascend", "True"]


@pytest.mark.parametrize("policy", POLICIES)
def test_every_policy_name_can_be_set_and_read_back(policy):
    with aa.promotion_policy(policy):
        assert aa.get_promotion_policy() == policy
    assert aa.get_promotion_policy() == "ascend"
    aa.set_promotion_policy(policy)
    try:
        assert aa.get_promotion_policy() == policy
    finally:
        aa.set_promotion_policy("ascend")
    assert aa.get_promotion_policy() == "ascend"


def test_set_promotion_policy_changes_behaviour():
    x, y = make("u8"), make("u16")
    aa.set_promotion_policy("ascend-strict")
    try:
        check_raises(TypeError, aa.add, x, y, names=("u8", "u16"))
    finally:
        aa.set_promotion_policy("ascend")
    assert aa.add(x, y).dtype == aa.uint16


def test_nested_policy_blocks_restore_the_previous_policy():
    assert aa.get_promotion_policy() == "ascend"
    with aa.promotion_policy("ascend-strict"):
        assert aa.get_promotion_policy() == "ascend-strict"
        with aa.promotion_policy("mindspore"):
            assert aa.get_promotion_policy() == "mindspore"
            with aa.promotion_policy("array-api"):
                assert aa.get_promotion_policy() == "array-api"
            assert aa.get_promotion_policy() == "mindspore"
        assert aa.get_promotion_policy() == "ascend-strict"
    assert aa.get_promotion_policy() == "ascend"


def test_policy_block_restores_the_previous_policy_on_exception():
    class BoomError(Exception):
        pass

    with aa.promotion_policy("mindspore"):
        with pytest.raises(BoomError):
            with aa.promotion_policy("array-api"):
                raise BoomError
        assert aa.get_promotion_policy() == "mindspore"
    assert aa.get_promotion_policy() == "ascend"

    # An aiarray error raised inside the block also restores it.
    with pytest.raises(TypeError):
        with aa.promotion_policy("ascend-strict"):
            aa.add(make("u8"), make("u16"))
    assert aa.get_promotion_policy() == "ascend"


def test_unknown_policy_name_raises_value_error_naming_it():
    with pytest.raises(ValueError, match="no-such-policy") as info:
        with aa.promotion_policy("no-such-policy"):
            pass
    assert hasattr(info.value, "status")
    with pytest.raises(ValueError, match="no-such-policy") as info:
        aa.set_promotion_policy("no-such-policy")
    assert hasattr(info.value, "status")
    assert aa.get_promotion_policy() == "ascend"


def _probe_u8_plus_u16():
    """'u16' under ascend, 'TypeError' under ascend-strict and mindspore."""
    try:
        result = aa.add(make("u8"), make("u16"))
    except TypeError:
        return "TypeError"
    return "u16" if result.dtype == aa.uint16 else repr(result.dtype)


def test_policy_is_thread_local():
    inside = threading.Event()
    release = threading.Event()
    seen = {}

    def worker():
        try:
            with aa.promotion_policy("mindspore"):
                seen["worker"] = aa.get_promotion_policy()
                inside.set()
                release.wait(10)
                seen["worker later"] = aa.get_promotion_policy()
                seen["worker probe"] = _probe_u8_plus_u16()
            seen["worker after"] = aa.get_promotion_policy()
        except BaseException as exc:  # reported by the main thread
            seen["error"] = exc
            inside.set()

    thread = threading.Thread(target=worker)
    thread.start()
    try:
        assert inside.wait(10)
        main_policy = aa.get_promotion_policy()
        main_probe = _probe_u8_plus_u16()
    finally:
        release.set()
        thread.join(10)
    assert "error" not in seen, seen.get("error")
    assert main_policy == "ascend"
    assert main_probe == "u16"
    assert seen == {"worker": "mindspore", "worker later": "mindspore",
                    "worker probe": "TypeError", "worker after": "ascend"}
    assert aa.get_promotion_policy() == "ascend"


def test_a_policy_block_reaches_the_array_method_asarray_calls_in_its_thread():
    """``aa.asarray(obj)`` calls ``obj.__array__`` in the caller's context: code there
    sees the block of the thread that called asarray (and the swap-in's block), also
    while another thread converts under another policy."""
    import aiarray.numpy as anp

    class Source:
        def __init__(self):
            self.seen = set()

        def __array__(self, dtype=None, copy=None):
            self.seen.add((aa.get_promotion_policy(), anp.get_promotion_policy(),
                           _probe_u8_plus_u16()))
            return np.arange(3.0, dtype=dtype)

    start = threading.Barrier(3, timeout=20)
    seen, errors = {}, []

    def convert(policy):
        try:
            source = Source()
            if policy is None:
                start.wait()
                for _ in range(100):
                    aa.asarray(source)
            else:
                with aa.promotion_policy(policy), anp.promotion_policy(policy):
                    start.wait()
                    for _ in range(100):
                        aa.asarray(source)
                        aa.asarray(source, dtype=aa.float32)
            seen[policy] = source.seen
        except BaseException as exc:  # reported by the main thread
            errors.append(exc)

    threads = [threading.Thread(target=convert, args=(p,)) for p in ("mindspore", "array-api")]
    for t in threads:
        t.start()
    convert(None)
    for t in threads:
        t.join(20)
    assert not errors, errors
    # u8 + u16: TypeError under mindspore (no such dtypes), u16 under array-api and ascend
    assert seen == {"mindspore": {("mindspore", "mindspore", "TypeError")},
                    "array-api": {("array-api", "array-api", "u16")},
                    None: {("ascend", "numpy", "u16")}}


def test_policy_is_task_local_under_asyncio():
    def probe_s8_plus_bool():
        # mindspore: bool < int8 -> int8; array-api: mixed kinds -> TypeError
        try:
            return repr(aa.add(make("s8"), make("bool")).dtype == aa.int8)
        except TypeError:
            return "TypeError"

    async def task(policy, mine, other, results):
        with aa.promotion_policy(policy):
            mine.set()
            await other.wait()  # both blocks are now open at the same time
            await asyncio.sleep(0)
            results[policy] = (aa.get_promotion_policy(), probe_s8_plus_bool())
            await asyncio.sleep(0)
        results[policy + " after"] = aa.get_promotion_policy()

    async def main():
        results = {}
        a_in, b_in = asyncio.Event(), asyncio.Event()
        await asyncio.wait_for(asyncio.gather(
            task("mindspore", a_in, b_in, results),
            task("array-api", b_in, a_in, results),
        ), timeout=10)
        return results, aa.get_promotion_policy()

    results, after = asyncio.run(main())
    assert results["mindspore"] == ("mindspore", "True")
    assert results["array-api"] == ("array-api", "TypeError")
    assert results["mindspore after"] == "ascend"
    assert results["array-api after"] == "ascend"
    assert after == "ascend"
    assert aa.get_promotion_policy() == "ascend"


# ---------------------------------------------------------------------------
# Tensor with tensor, every cell, every policy
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("policy,a,b,expected", _pair_params(POLICIES, want_defined=True))
def test_tensor_tensor_result_dtype(policy, a, b, expected):
    x, y = make(a), make(b)
    want = dtype_of(expected)
    with aa.promotion_policy(policy):
        ops = list(ARITH_OPS)
        comparisons = list(COMPARISON_OPS)
        if expected != "bool":
            ops.append(SUBTRACT)
        if expected not in COMPLEX_SHORTS:
            comparisons.append(LESS)
            if expected != "bool":
                ops.append(MAXIMUM)
        for name, op in ops:
            got = op(x, y).dtype
            assert got == want, f"{name}({a}, {b}) -> {got!r}, expected {SHORT_TO_NAME[expected]}"
        for name, op in comparisons:
            got = op(x, y).dtype
            assert got == aa.bool, f"{name}({a}, {b}) -> {got!r}, expected bool"


@pytest.mark.parametrize("policy,a,b,expected", _pair_params(POLICIES, want_defined=False))
def test_tensor_tensor_cannot_derive_raises_type_error(policy, a, b, expected):
    x, y = make(a), make(b)
    with aa.promotion_policy(policy):
        for name, op in ARITH_OPS + COMPARISON_OPS + (LESS, SUBTRACT, MAXIMUM):
            check_raises(TypeError, op, x, y, names=(a, b), label=name,
                         policy="ascend" if policy == "ascend" else None)


def test_default_policy_fills_integer_na_cells_from_the_standard():
    # Spot checks of decision 2, outside any policy block (the default).
    cases = {("u8", "u16"): "u16", ("u16", "u32"): "u32", ("u32", "u64"): "u64",
             ("s8", "u16"): "s32", ("s16", "u16"): "s32", ("s32", "u16"): "s32",
             ("s64", "u16"): "s64", ("s8", "u32"): "s64", ("s32", "u32"): "s64",
             ("s64", "u32"): "s64", ("u8", "u32"): "u32", ("u16", "u64"): "u64"}
    for (a, b), expected in cases.items():
        assert TENSOR_TENSOR[(a, b)] is None  # really an N/A cell
        assert aa.add(make(a), make(b)).dtype == dtype_of(expected), (a, b)
        assert aa.add(make(b), make(a)).dtype == dtype_of(expected), (b, a)
    for a, b in [("u64", "s8"), ("u64", "s64"), ("u16", "bool"), ("u32", "f32"),
                 ("u64", "bf16"), ("u16", "c64")]:
        check_raises(TypeError, aa.add, make(a), make(b), names=(a, b), policy="ascend")


# ---------------------------------------------------------------------------
# Tensor with scalar (Ascend policies)
# ---------------------------------------------------------------------------


def _tensor_scalar_params():
    return [pytest.param(policy, t, s, id=f"{policy}-{t}-{s}")
            for policy in ASCEND_POLICIES for t in SHORT_NAMES for s in SHORT_NAMES]


@pytest.mark.parametrize("policy,t,s", _tensor_scalar_params())
def test_tensor_with_typed_scalar(policy, t, s):
    """Tensor dtype t (table header) with a typed scalar of dtype s (table row)."""
    expected = TENSOR_SCALAR[(t, s)]
    x = make(t)
    scalars = [("aiarray.scalar", aa.scalar(typed_value(s), dtype=dtype_of(s)))]
    if s in NUMPY_SCALAR:
        scalars.append(("numpy." + NUMPY_SCALAR[s].__name__, NUMPY_SCALAR[s](typed_value(s))))
    with aa.promotion_policy(policy):
        for kind, scalar in scalars:
            for form, op in SCALAR_FORMS:
                label = f"{form} with {kind} {s}"
                if expected is None:
                    check_raises(TypeError, op, x, scalar, names=(t, s), label=label)
                else:
                    result = op(x, scalar)
                    assert isinstance(result, type(x)), (label, type(result))
                    assert result.dtype == dtype_of(expected), (label, result.dtype, expected)


def _python_scalar_params():
    return [pytest.param(policy, t, kind, id=f"{policy}-{t}-{kind}")
            for policy in ASCEND_POLICIES for t in SHORT_NAMES for kind in PYTHON_SCALARS]


@pytest.mark.parametrize("policy,t,kind", _python_scalar_params())
def test_tensor_with_python_scalar_uses_its_row(policy, t, kind):
    value = PYTHON_SCALARS[kind]
    row = PYTHON_SCALAR_ROW[type(value)]  # bool->bool, int->s64, float->f32, complex->c64
    expected = TENSOR_SCALAR[(t, row)]
    x = make(t)
    with aa.promotion_policy(policy):
        for form, op in SCALAR_FORMS:
            if expected is None:
                check_raises(TypeError, op, x, value, names=(t,), label=form)
            else:
                result = op(x, value)
                assert result.dtype == dtype_of(expected), (form, value, result.dtype, expected)


def test_numpy_float64_is_a_typed_scalar_not_a_python_float():
    x = make("c64")
    assert (x + 1.5).dtype == aa.complex64  # Python float: f32 row
    assert (x + np.float64(1.5)).dtype == aa.complex128  # f64 row
    assert (np.float64(1.5) + x).dtype == aa.complex128
    assert TENSOR_SCALAR[("c64", "f64")] == "c128" and TENSOR_SCALAR[("c64", "f32")] == "c64"


def test_numpy_integer_is_a_typed_scalar_not_a_python_int():
    x = make("bool")
    assert (x + 1).dtype == aa.int64  # Python int: s64 row
    assert (x + np.int8(1)).dtype == aa.int8  # s8 row
    assert (x + aa.scalar(1, dtype=aa.int8)).dtype == aa.int8


def test_zero_dim_array_is_a_tensor_not_a_scalar():
    x = make("f16")
    zero_d = aa.asarray(1.5, dtype=aa.float64)
    assert (x + zero_d).dtype == aa.float64  # tensor-tensor: f16 + f64 -> f64
    assert (x + aa.scalar(1.5, dtype=aa.float64)).dtype == aa.float16  # tensor-scalar


# ---------------------------------------------------------------------------
# Python int overflow
# ---------------------------------------------------------------------------

OVERFLOWING = [("u8", 300), ("u8", 256), ("u8", -1), ("s8", -129), ("s8", 128),
               ("s16", 32768), ("u16", 65536), ("s32", 2**31), ("u32", 2**32),
               ("s64", 2**63), ("s64", -2**63 - 1), ("u64", -1), ("u64", 2**64),
               ("bool", 2**63)]  # bool tensor + int -> int64 (s64 row)
FITTING = [("u8", 255), ("u8", 0), ("s8", 127), ("s8", -128), ("s16", -32768),
           ("u16", 65535), ("s32", 2**31 - 1), ("u32", 2**32 - 1), ("s64", 2**63 - 1),
           ("s64", -2**63), ("u64", 2**64 - 1), ("bool", 2**63 - 1)]


@pytest.mark.parametrize("policy", ASCEND_POLICIES)
@pytest.mark.parametrize("t,value", OVERFLOWING, ids=[f"{t}{v:+d}" for t, v in OVERFLOWING])
def test_python_int_that_does_not_fit_raises_overflow_error(policy, t, value):
    x = make(t, n=1)
    with aa.promotion_policy(policy):
        for form, op in SCALAR_FORMS:
            check_raises(OverflowError, op, x, value, label=form)


@pytest.mark.parametrize("policy", ASCEND_POLICIES)
@pytest.mark.parametrize("t,value", FITTING, ids=[f"{t}{v:+d}" for t, v in FITTING])
def test_python_int_that_fits_is_accepted(policy, t, value):
    x = make(t, n=1)
    expected = dtype_of(TENSOR_SCALAR[(t, "s64")])
    with aa.promotion_policy(policy):
        assert (x + value).dtype == expected
        assert (value + x).dtype == expected


# ---------------------------------------------------------------------------
# MindSpore policy: scalars and parameters
# ---------------------------------------------------------------------------


def _mindspore_scalar_expected(t, kind):
    integer = t in ("u8", "s8", "s16", "s32", "s64")
    if kind == "int":
        return "s32" if t == "bool" else t
    if kind == "float":
        return "f32" if t == "bool" or integer else t
    raise AssertionError(kind)


@pytest.mark.parametrize("kind", ["int", "float"])
@pytest.mark.parametrize("t", MINDSPORE_PRIORITY)
def test_mindspore_python_scalar_takes_the_tensor_dtype_with_exceptions(t, kind):
    expected = _mindspore_scalar_expected(t, kind)
    x = make(t)
    value = PYTHON_SCALARS[kind]
    with aa.promotion_policy("mindspore"):
        for form, op in SCALAR_FORMS:
            result = op(x, value)
            assert result.dtype == dtype_of(expected), (form, result.dtype, expected)


def test_mindspore_int8_with_uint8_gives_int16():
    with aa.promotion_policy("mindspore"):
        assert aa.add(make("s8"), make("u8")).dtype == aa.int16
        assert aa.add(make("u8"), make("s8")).dtype == aa.int16
        assert aa.add(make("s64"), make("f16")).dtype == aa.float16  # priority, not range


def test_mindspore_parameter_that_needs_a_cast_raises_runtime_error():
    p = aa.as_parameter(aa.asarray([1, 2], dtype=aa.int32))
    y = aa.asarray([1.0, 2.0], dtype=aa.float32)
    saved_p, saved_y = snapshot(p), snapshot(y)
    with aa.promotion_policy("mindspore"):
        check_raises(RuntimeError, operator.add, p, y)
        check_raises(RuntimeError, operator.add, y, p)
        check_raises(RuntimeError, aa.add, p, y)
        check_raises(RuntimeError, operator.add, p, 1.5)  # int tensor, float scalar -> float32
    assert_unchanged(p, saved_p, "s32")
    assert_unchanged(y, saved_y, "f32")


def test_mindspore_parameter_that_needs_no_cast_works():
    p = aa.as_parameter(aa.asarray([1, 2], dtype=aa.int32))
    z = aa.asarray([1, 2], dtype=aa.int8)
    saved_p = snapshot(p)
    with aa.promotion_policy("mindspore"):
        assert (p + z).dtype == aa.int32
        assert (z + p).dtype == aa.int32
        assert aa.multiply(p, z).dtype == aa.int32
        assert (p + 1).dtype == aa.int32
    assert_unchanged(p, saved_p, "s32")


@pytest.mark.parametrize("policy", ASCEND_POLICIES)
def test_parameter_mark_has_no_effect_outside_mindspore(policy):
    p = aa.as_parameter(aa.asarray([1, 2], dtype=aa.int32))
    y = aa.asarray([1.0, 2.0], dtype=aa.float32)
    with aa.promotion_policy(policy):
        assert (p + y).dtype == aa.float32
        assert (y + p).dtype == aa.float32
        assert (p + 1.5).dtype == aa.float32


# ---------------------------------------------------------------------------
# array-api policy: Python scalars
# ---------------------------------------------------------------------------


def _array_api_kind(short):
    if short == "bool":
        return "bool"
    if short in INTEGER_SHORTS:
        return "int"
    return "complex" if short in COMPLEX_SHORTS else "float"


# Python scalar kind -> array kinds it may be combined with (2024.12 standard).
ARRAY_API_SCALAR_OK = {
    "bool": {"bool"},
    "int": {"int", "float", "complex"},
    "float": {"float", "complex"},
    "complex": {"complex"},
}


@pytest.mark.parametrize("kind", list(PYTHON_SCALARS))
@pytest.mark.parametrize("t", ARRAY_API_SHORTS)
def test_array_api_python_scalars(t, kind):
    x = make(t)
    value = PYTHON_SCALARS[kind]
    with aa.promotion_policy("array-api"):
        for form, op in SCALAR_FORMS:
            if _array_api_kind(t) in ARRAY_API_SCALAR_OK[kind]:
                assert op(x, value).dtype == dtype_of(t), (form, value)
            else:
                check_raises(TypeError, op, x, value, names=(t,), label=form)


# ---------------------------------------------------------------------------
# result_type agrees with the operations
# ---------------------------------------------------------------------------


def _result_type_params():
    return [pytest.param(policy, a, b, expected_tensor_tensor(policy, a, b),
                         id=f"{policy}-{a}-{b}")
            for policy in POLICIES for a in SHORT_NAMES for b in SHORT_NAMES
            if expected_tensor_tensor(policy, a, b) is not UNSPECIFIED]


@pytest.mark.parametrize("policy,a,b,expected", _result_type_params())
def test_result_type_agrees_with_add(policy, a, b, expected):
    x, y = make(a), make(b)
    with aa.promotion_policy(policy):
        if expected is None:
            check_raises(TypeError, aa.result_type, dtype_of(a), dtype_of(b), names=(a, b))
            check_raises(TypeError, aa.result_type, x, y, names=(a, b))
            check_raises(TypeError, aa.add, x, y, names=(a, b))
        else:
            from_dtypes = aa.result_type(dtype_of(a), dtype_of(b))
            assert from_dtypes == dtype_of(expected)
            assert aa.result_type(x, y) == from_dtypes
            assert aa.result_type(x, dtype_of(b)) == from_dtypes
            assert aa.add(x, y).dtype == from_dtypes


@pytest.mark.parametrize("kind", list(PYTHON_SCALARS))
@pytest.mark.parametrize("t", SHORT_NAMES)
def test_result_type_with_python_scalar_agrees_with_add(t, kind):
    x = make(t)
    value = PYTHON_SCALARS[kind]
    expected = TENSOR_SCALAR[(t, PYTHON_SCALAR_ROW[type(value)])]
    if expected is None:
        check_raises(TypeError, aa.result_type, x, value, names=(t,))
        check_raises(TypeError, operator.add, x, value, names=(t,))
    else:
        assert aa.result_type(x, value) == dtype_of(expected)
        assert (x + value).dtype == aa.result_type(x, value)


def test_result_type_with_typed_scalars():
    for t, s in [("f16", "f32"), ("bool", "f32"), ("s8", "u8"), ("c32", "f64"), ("f32", "c32")]:
        x = make(t)
        scalar = aa.scalar(typed_value(s), dtype=dtype_of(s))
        expected = dtype_of(TENSOR_SCALAR[(t, s)])
        assert aa.result_type(x, scalar) == expected, (t, s)
        assert (x + scalar).dtype == expected, (t, s)
    check_raises(TypeError, aa.result_type, make("u16"), aa.scalar(1, dtype=aa.float32),
                 names=("u16", "f32"))


# ---------------------------------------------------------------------------
# explain_promotion
# ---------------------------------------------------------------------------


def check_explanation(explanation, result, policy, table, row=None, column=None):
    assert explanation.result == (None if result is None else dtype_of(result))
    assert explanation.policy == policy
    assert explanation.table == table
    if row is not None:
        assert (explanation.row, explanation.column) == (row, column)
    text = str(explanation)
    assert policy in text and table in text, text


def test_explain_tensor_tensor_cell():
    explanation = aa.explain_promotion(make("s8"), make("u8"))
    check_explanation(explanation, "s16", "ascend", "tensor-tensor", "s8", "u8")
    explanation = aa.explain_promotion(make("bf16"), make("f16"))
    check_explanation(explanation, "f32", "ascend", "tensor-tensor", "bf16", "f16")


def test_explain_tensor_scalar_cell_uses_the_seed_layout():
    # Seed 000: rows are scalar dtypes, columns tensor dtypes.
    explanation = aa.explain_promotion(make("f16"), aa.scalar(1, dtype=aa.float32))
    check_explanation(explanation, "f16", "ascend", "tensor-scalar", "f32", "f16")
    explanation = aa.explain_promotion(make("bool"), 1.5)  # Python float -> f32 row
    check_explanation(explanation, "f32", "ascend", "tensor-scalar", "f32", "bool")
    explanation = aa.explain_promotion(make("c64"), np.float64(1.5))
    check_explanation(explanation, "c128", "ascend", "tensor-scalar", "f64", "c64")


def test_explain_cell_that_cannot_be_derived():
    explanation = aa.explain_promotion(make("u16"), make("f32"))
    check_explanation(explanation, None, "ascend", "tensor-tensor", "u16", "f32")
    with aa.promotion_policy("ascend-strict"):
        explanation = aa.explain_promotion(make("u8"), make("u16"))
        check_explanation(explanation, None, "ascend-strict", "tensor-tensor", "u8", "u16")


def test_explain_names_the_standard_when_it_fills_an_ascend_gap():
    explanation = aa.explain_promotion(make("s8"), make("u16"))
    check_explanation(explanation, "s32", "ascend", "array-api")


def test_explain_under_other_policies():
    explain = aa.explain_promotion
    with aa.promotion_policy("mindspore"):
        check_explanation(explain(make("s8"), make("u8")), "s16", "mindspore", "mindspore")
        check_explanation(explain(make("s64"), make("f16")), "f16", "mindspore", "mindspore")
    with aa.promotion_policy("array-api"):
        check_explanation(explain(make("f32"), make("c64")), "c64", "array-api", "array-api")
        check_explanation(explain(make("s8"), make("f32")), None, "array-api", "array-api")


# ---------------------------------------------------------------------------
# Inputs are left untouched by a failed operation
# ---------------------------------------------------------------------------


def test_inputs_unchanged_after_type_error():
    x = aa.asarray([1, 2, 3], dtype=aa.uint16)
    y = aa.asarray([1.5, 2.5, 3.5], dtype=aa.float32)
    saved_x, saved_y = snapshot(x), snapshot(y)
    for _name, op in ARITH_OPS + COMPARISON_OPS:
        with pytest.raises(TypeError):
            op(x, y)
    with pytest.raises(TypeError):
        x += y
    assert_unchanged(x, saved_x, "u16")
    assert_unchanged(y, saved_y, "f32")


def test_inputs_unchanged_after_strict_type_error():
    x = aa.asarray([1, 2, 3], dtype=aa.uint8)
    y = aa.asarray([4, 5, 6], dtype=aa.uint16)
    saved_x, saved_y = snapshot(x), snapshot(y)
    with aa.promotion_policy("ascend-strict"):
        with pytest.raises(TypeError):
            aa.add(x, y)
        with pytest.raises(TypeError):
            x *= y
    assert_unchanged(x, saved_x, "u8")
    assert_unchanged(y, saved_y, "u16")


def test_inputs_unchanged_after_overflow_error():
    x = aa.asarray([1, 2, 3], dtype=aa.uint8)
    saved = snapshot(x)
    with pytest.raises(OverflowError):
        x + 300
    with pytest.raises(OverflowError):
        x += 300
    assert_unchanged(x, saved, "u8")


def test_explain_takes_dtype_names_and_a_policy():
    """The names the CLI accepts work in Python too, and ``policy=`` needs no block."""
    by_name = aa.explain_promotion("int8", "uint8")
    check_explanation(by_name, "s16", "ascend", "tensor-tensor", "s8", "u8")
    check_explanation(aa.explain_promotion("s8", "u16"), "s32", "ascend", "array-api")
    strict = aa.explain_promotion("s8", "u16", policy="ascend-strict")
    check_explanation(strict, None, "ascend-strict", "tensor-tensor", "s8", "u16")
    assert aa.get_promotion_policy() == "ascend"  # policy= left nothing behind
    with pytest.raises(TypeError, match="'int9'"):
        aa.explain_promotion("int9", "int8")
    with pytest.raises(ValueError, match="'numpyish'"):
        aa.explain_promotion("int8", "int8", policy="numpyish")


def test_explain_says_when_the_operation_still_raises():
    """uint8 with 300: the table gives uint8, but the op raises OverflowError (no wrap)."""
    why = aa.explain_promotion(aa.uint8, 300)
    assert why.result == aa.uint8 and "OverflowError" in why.error and "300" in why.error
    assert "raises OverflowError" in str(why)
    with pytest.raises(OverflowError):
        aa.asarray([1], dtype=aa.uint8) + 300
    assert aa.explain_promotion(aa.uint8, 255).error == ""
    assert "OverflowError" in aa.explain_promotion(aa.float16, 10**6).error  # > f16 max
    with pytest.raises(OverflowError):
        aa.asarray([1], dtype=aa.float16) + 10**6
    assert aa.explain_promotion(aa.float16, 65504).error == ""


@pytest.mark.parametrize("policy,a,b", [("ascend", "float32", "uint16"),
                                        ("ascend-strict", "float32", "uint32"),
                                        ("ascend", "int8", "uint64")])
def test_a_pair_without_a_rule_says_what_to_convert_to(policy, a, b):
    # the hint `python -m aiarray port` gives: convert an operand explicitly, to the
    # result NumPy's rules (the numpy policy) give for the pair
    want = np.promote_types(a, b).name
    x, y = aa.ones(2, dtype=getattr(aa, a)), aa.ones(2, dtype=getattr(aa, b))
    with aa.promotion_policy(policy), pytest.raises(TypeError) as e:
        x + y
    text = str(e.value)
    assert e.value.status == aa.Status.TYPE_MISMATCH
    which = f"the {b} operand" if want == a else f"the {a} operand" if want == b else "both"
    assert f"convert {which}" in text and f"astype(..., {want})" in text, text
    assert f"{want} under 'numpy'" in text, text
    command = f"python -m aiarray promote {a} {b} --policy {policy}"
    assert command in text
    r = subprocess.run([sys.executable, *command.split()[1:]], capture_output=True,
                       text=True, timeout=120, check=False)
    assert r.returncode == 1 and "cannot be promoted" in r.stdout, r.stdout + r.stderr


def test_the_hint_is_the_same_in_a_fresh_process():
    # (the policies are built on first use: the hint must not depend on which ones a
    # process has used so far)
    code = ("import aiarray as aa\n"
            "try:\n"
            "    aa.ones(2, dtype=aa.float32) + aa.ones(2, dtype=aa.uint16)\n"
            "except TypeError as e:\n"
            "    print(e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, check=True).stdout
    want = np.promote_types("float32", "uint16").name
    assert f"{want} under 'numpy'" in out and "no policy promotes" not in out, out


@pytest.mark.parametrize("policy", ["ascend", "ascend-strict", "mindspore", "array-api", "numpy"])
def test_the_short_paths_scalar_table_is_the_policys_own(policy):
    """The operators' short path reads ``scalar_results`` (Python scalar type -> array
    dtype -> result); it must hold each policy's (dtype, Python kind) decision and never a
    NumPy scalar's (a NumPy dtype compares equal to a kind name: ``dtype('float64') ==
    "float"``), or e.g. float32 * 2.0 misses the short path."""
    from aiarray import _promotion as P

    pol = P._lookup_policy(policy)
    for py_type, kind in P.PY_KINDS.items():
        expected = {dt: d.result for (dt, k), d in pol.scalars.items()
                    if isinstance(k, str) and k == kind}
        assert pol.scalar_results[py_type] == expected, (policy, kind)


@pytest.mark.parametrize("policy", ["ascend", "mindspore", "array-api", "numpy"])
def test_float32_times_a_python_float_keeps_float32_on_every_path(policy):
    with aa.promotion_policy(policy):
        for n in (3, 1000):
            x = aa.ones(n, dtype=aa.float32)
            assert (x * 2.0).dtype == aa.float32
            assert aa.multiply(x, 2.0).dtype == aa.float32
            assert np.array_equal(np.asarray(x * 2.5), np.full(n, 2.5, np.float32))

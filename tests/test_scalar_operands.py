"""A Python scalar on either side of an operator: the short path (small arrays) gives
what the dispatcher's general path gives, under every policy, and the swap-in gives
NumPy's result.  The general path (``_dispatch.binary``) is the reference for the
standard namespace; NumPy itself for ``aiarray.numpy``."""

import operator
import warnings

import numpy as np
import pytest

import aiarray as xp
import aiarray.numpy as anp
from aiarray import _dispatch
from aiarray._registry import OPERATORS

REFLECTED = {"add": operator.add, "sub": operator.sub, "mul": operator.mul,
             "truediv": operator.truediv, "floordiv": operator.floordiv, "mod": operator.mod,
             "pow": operator.pow, "and": operator.and_, "or": operator.or_,
             "xor": operator.xor, "lshift": operator.lshift, "rshift": operator.rshift}
# (Python turns ``s < x`` into ``x > s``: not reflected, but a scalar on either side too)
COMPARISONS = {"lt": operator.lt, "le": operator.le, "gt": operator.gt, "ge": operator.ge,
               "eq": operator.eq, "ne": operator.ne}
MIRRORED = {"lt": "gt", "le": "ge", "gt": "lt", "ge": "le", "eq": "eq", "ne": "ne"}
DTYPES = ["bool", "int8", "uint8", "int32", "int64", "float16", "float32", "float64",
          "complex64", "complex128"]
SCALARS = [0, 1, 3, -2, 200, 2.5, -0.0, 1e300]
POLICIES = ["ascend", "ascend-strict", "mindspore", "array-api", "numpy"]


def _values(dtype):
    base = np.array([0, 1, 2, 5, 7], dtype=np.int64)
    if dtype == "bool":
        return (base % 2).astype(bool)
    if dtype.startswith(("int", "uint")):
        return base.astype(dtype)
    return (base.astype(np.float64) * 0.75 - 1.5).astype(dtype)


def _outcome(fn, *args):
    """(dtype name, data) of ``fn(*args)``, or (exception type, message)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            res = fn(*args)
    except Exception as e:  # the exception is the outcome compared
        return type(e), str(e)
    return str(res.dtype), np.asarray(res).tobytes()


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("name", sorted(REFLECTED) + sorted(COMPARISONS))
def test_scalar_on_either_side_matches_the_general_path(policy, name):
    op, pyop = OPERATORS[name], {**REFLECTED, **COMPARISONS}[name]
    with xp.promotion_policy(policy):
        for dtype in DTYPES:
            data = _values(dtype)
            for x in (xp.asarray(data, dtype=getattr(xp, dtype)),
                      xp.asarray(data[2], dtype=getattr(xp, dtype))):  # and a 0-d array
                for s in SCALARS:
                    assert _outcome(pyop, x, s) == _outcome(_dispatch.binary, op, x, s), (
                        policy, name, dtype, s)
                    first = (_dispatch.binary, op, s, x) if name in REFLECTED else (
                        _dispatch.binary, OPERATORS[MIRRORED[name]], x, s)  # (Python's swap)
                    assert _outcome(pyop, s, x) == _outcome(*first), (policy, name, dtype, s)


def _numpy_outcome(fn, *args):
    """(result type, dtype name, data) of ``fn(*args)``, or the exception's type."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with np.errstate(all="ignore"):
                res = fn(*args)
    except Exception as e:
        return type(e)
    return type(res), str(np.asarray(res).dtype), np.asarray(res).tobytes()


@pytest.mark.parametrize("name", sorted(REFLECTED) + sorted(COMPARISONS))
def test_the_swapins_scalar_first_operators_are_numpys(name):
    pyop = {**REFLECTED, **COMPARISONS}[name]
    for dtype in DTYPES:
        data = _values(dtype)
        for a in (data, data[2]):  # an array and a NumPy scalar (a 0-d swap-in operand)
            x = anp.asarray(a) if np.ndim(a) else anp.asarray(np.asarray(a))[()]
            xa = anp.asarray(np.asarray(a))  # a 0-d swap-in array
            for s in SCALARS:
                if name in ("floordiv", "mod") and s == 1e300:
                    continue  # an infinite operand: the standard's special cases (conformance.md)
                expected = _numpy_outcome(pyop, s, np.asarray(a))
                for operand in (x, xa):
                    got = _numpy_outcome(pyop, s, operand)
                    if isinstance(expected, type):  # NumPy raised: so does the swap-in
                        assert isinstance(got, type) and issubclass(got, Exception), (
                            name, dtype, s, got)
                        continue
                    kind, dt, raw = got
                    assert (dt, raw) == expected[1:], (name, dtype, s)
                    if np.ndim(a) == 0:  # NumPy's scalar type, as NumPy gives it
                        assert kind is expected[0] or issubclass(kind, expected[0]), (
                            name, dtype, s, kind)

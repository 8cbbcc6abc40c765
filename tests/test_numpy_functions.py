"""aiarray.numpy's functions and operators against NumPy over the dtypes NumPy has: the
same result dtype, shape and values (or both raise), call by call."""

from __future__ import annotations

import warnings
from typing import Any

import numpy
import pytest
from _numpy_reference import assert_like_numpy

import aiarray.numpy as anp

DTYPES = ["bool", "int8", "uint8", "int32", "int64", "uint64", "float16", "float32", "float64",
          "complex64", "complex128"]


def data(dt: str, shape: tuple = (3, 4)) -> numpy.ndarray:
    rng = numpy.random.default_rng(DTYPES.index(dt))
    if dt == "bool":
        return rng.random(shape) > 0.5
    if dt.startswith("u"):
        return rng.integers(0, 50, shape).astype(dt)
    if dt.startswith("int"):
        return rng.integers(-50, 50, shape).astype(dt)
    if dt.startswith("complex"):
        return (rng.normal(size=shape) + 1j * rng.normal(size=shape)).astype(dt)
    return rng.normal(size=shape).astype(dt)


CALLS = {
    "sum": lambda np, a: np.sum(a),
    "sum0": lambda np, a: np.sum(a, axis=0),
    "mean": lambda np, a: np.mean(a),
    "mean1": lambda np, a: np.mean(a, axis=1),
    "std": lambda np, a: np.std(a),
    "var1": lambda np, a: np.var(a, 1, ddof=1),
    "max": lambda np, a: np.max(a),
    "min0": lambda np, a: np.min(a, 0),
    "argmax": lambda np, a: np.argmax(a),
    "argmin1": lambda np, a: np.argmin(a, 1),
    "cumsum": lambda np, a: np.cumsum(a),
    "cumprod1": lambda np, a: np.cumprod(a, 1),
    "prod": lambda np, a: np.prod(a),
    "sort": lambda np, a: np.sort(a),
    "argsort0": lambda np, a: np.argsort(a, 0, kind="stable"),
    "unique": lambda np, a: np.unique(a),
    "where": lambda np, a: np.where(a != 0, a, 1),
    "clip": lambda np, a: np.clip(a, 0, 10),
    "concat": lambda np, a: np.concatenate([a, a], 1),
    "stack": lambda np, a: np.stack([a, a]),
    "reshape": lambda np, a: np.reshape(a, (4, 3)),
    "transpose": lambda np, a: np.transpose(a),
    "take": lambda np, a: np.take(a, [0, 5]),
    "diff": lambda np, a: np.diff(a),
    "round": lambda np, a: np.round(a),
    "abs": lambda np, a: np.abs(a),
    "dot": lambda np, a: np.dot(a, a.T),
    "matmul": lambda np, a: np.matmul(a, a.T),
    "square": lambda np, a: np.square(a),
    "neg": lambda np, a: -a,
    "add_s": lambda np, a: a + 3,
    "mul_f": lambda np, a: a * 2.5,
    "div": lambda np, a: a / 3,
    "floordiv": lambda np, a: a // 3,
    "pow2": lambda np, a: a ** 2,
    "sqrt": lambda np, a: np.sqrt(a),
    "exp": lambda np, a: np.exp(a),
    "log1p": lambda np, a: np.log1p(abs(a)),
    "sin": lambda np, a: np.sin(a),
    "eq": lambda np, a: a == a[0],
    "any": lambda np, a: np.any(a, 0),
    "all": lambda np, a: np.all(a),
    "count_nz": lambda np, a: np.count_nonzero(a),
    "nonzero": lambda np, a: np.nonzero(a),
    "flip": lambda np, a: np.flip(a, 0),
    "roll": lambda np, a: np.roll(a, 2),
    "tile": lambda np, a: np.tile(a, 2),
    "repeat": lambda np, a: np.repeat(a, 2, 1),
    "squeeze": lambda np, a: np.squeeze(a[None]),
    "expand": lambda np, a: np.expand_dims(a, 1),
    "moveaxis": lambda np, a: np.moveaxis(a, 0, 1),
    "maximum": lambda np, a: np.maximum(a, a[::-1]),
    "minimum_s": lambda np, a: np.minimum(a, 1),
    "isnan": lambda np, a: np.isnan(a),
    "sign": lambda np, a: np.sign(a),
    "floor": lambda np, a: np.floor(a),
    "astype_f32": lambda np, a: a.astype(np.float32),
    "hstack": lambda np, a: np.hstack([a, a]),
    "vstack": lambda np, a: np.vstack([a, a]),
    "outer": lambda np, a: np.outer(a[0], a[1]),
    "trace": lambda np, a: np.trace(a),
    "linalg_norm": lambda np, a: np.linalg.norm(a),
    "ravel": lambda np, a: np.ravel(a),
    "searchsorted": lambda np, a: np.searchsorted(np.sort(a.ravel()), a[0]),
    "isin": lambda np, a: np.isin(a, a[0]),
    "cross": lambda np, a: np.cross(a[:, :3], a[::-1, :3]),
    "fft": lambda np, a: np.fft.fft(a),
    "tensordot": lambda np, a: np.tensordot(a, a, ([1], [1])),
    "mean_f32": lambda np, a: np.mean(a, dtype=np.float32),
    "sum_keep": lambda np, a: a.sum(1, keepdims=True),
    "argwhere": lambda np, a: np.argwhere(a),
    "true_div_arr": lambda np, a: a / (a + 100),
    "mod": lambda np, a: a % 7,
    "bitand": lambda np, a: a & 3,
    "lshift": lambda np, a: a << 1,
    "invert": lambda np, a: ~a,
    "logical_and": lambda np, a: np.logical_and(a, a[::-1]),
    "setitem_list":
        lambda np, a: (lambda b: (b.__setitem__(0, [1]*4), b)[1])(np.array(a, copy=True)),
    "inplace_add": lambda np, a: (lambda b: (b.__iadd__(1), b)[1])(np.array(a, copy=True)),
    "linspace": (
        lambda np, a: np.linspace(0, 1, 5, dtype=a.dtype)
        if a.dtype.kind in 'fc'
        else np.linspace(0, 1, 5)),
    "arange": (
        lambda np, a: np.arange(0, 10, 3, dtype=a.dtype)
        if a.dtype.kind not in 'bc'
        else np.arange(3)),
    "full_like": lambda np, a: np.full_like(a, 2),
    "zeros_like": lambda np, a: np.zeros_like(a),
    "eye": lambda np, a: np.eye(3, dtype=a.dtype),
    "percentile": lambda np, a: np.percentile(a, 50) if a.dtype.kind not in 'cb' else np.zeros(1),
    "median": lambda np, a: np.median(a, 0) if a.dtype.kind not in 'c' else np.zeros(1),
}

# Known differences, each with its reason and the result aiarray.numpy gives instead.
KNOWN: dict[str, Any] = {}
INEXACT = ("mean", "mean1", "std", "var1", "linalg_norm", "percentile", "median", "fft",
           "mean_f32", "pow2", "exp", "sin", "sqrt", "log1p", "dot", "matmul", "tensordot",
           "true_div_arr", "div", "cross", "outer")


@pytest.mark.parametrize("dt", DTYPES)
@pytest.mark.parametrize("name", list(CALLS))
def test_like_numpy(name: str, dt: str) -> None:
    a = data(dt)
    if f"{name}[{dt}]" in KNOWN:
        assert KNOWN[f"{name}[{dt}]"](CALLS[name](anp, anp.asarray(a)))
        return
    f = CALLS[name]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            want = f(numpy, a.copy())
        except Exception as e:
            builtin = next(c for c in type(e).__mro__ if c.__module__ == "builtins")
            with pytest.raises(builtin):  # NumPy's Python exception class (messages differ)
                f(anp, anp.asarray(a.copy()))
            return
        got = f(anp, anp.asarray(a.copy()))
    exact = name not in INEXACT or (dt in ("bool", "int8", "uint8", "int32", "int64", "uint64") \
        and name in ("dot", "matmul", "tensordot", "outer", "cross", "pow2"))
    assert_like_numpy(got, want, exact=exact, where=f"{name}[{dt}]",
                      rtol={"float16": 2e-3, "float32": 2e-6, "complex64": 2e-6}.get(dt, 1e-12))


# Creation and reshape over the forms NumPy takes (shapes as ints, lists, NumPy ints and
# 0-d arrays; dtypes as Python types, strings, NumPy types and aiarray dtypes; C and F
# order): NumPy's dtype, shape, values and printout.
SHAPES = [3, 0, (), (2, 3), (1, 0, 2), [2, 3], (numpy.int64(2), 3), anp.asarray(2)]
DTYPE_FORMS = [None, float, int, complex, bool, "f4", "int8", numpy.uint16, anp.complex64,
               numpy.dtype("uint64")]


@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("dtype", DTYPE_FORMS, ids=repr)
@pytest.mark.parametrize("shape", SHAPES, ids=repr)
@pytest.mark.parametrize("func", ["zeros", "ones", "empty"])
def test_creation_like_numpy(func: str, shape, dtype, order: str) -> None:
    ref_shape = shape.tolist() if isinstance(shape, anp.ndarray) else shape
    kwargs = {} if dtype is None else {"dtype": dtype}
    want = getattr(numpy, func)(ref_shape, order=order, **kwargs)
    got = getattr(anp, func)(shape, order=order, **kwargs)
    if func == "empty":  # values undefined: dtype and shape only
        assert (got.dtype, got.shape, got._numpy) == (want.dtype, want.shape, True)
        return
    assert_like_numpy(got, want, where=f"{func}({shape!r}, {dtype!r})")
    assert repr(got) == repr(want).replace("array(", "Array("), repr(got)


@pytest.mark.parametrize("shape", [(-1,), (2, -1), (1, -1, 1), (), (3, 2), (-1, 1)])
@pytest.mark.parametrize("spread", [True, False])
@pytest.mark.parametrize("std", [False, True])
def test_reshape_method_like_numpy(shape, spread: bool, std: bool) -> None:
    a = numpy.arange(6.0) if shape != () else numpy.arange(1.0)
    x = (anp if not std else __import__("aiarray")).asarray(a)
    args = shape if spread and shape != () else (shape,)
    want, got = a.reshape(*args), x.reshape(*args)
    assert_like_numpy(got, want, tag=not std, where=f"reshape{args}")
    assert numpy.shares_memory(numpy.asarray(got), numpy.asarray(x))  # a view, as NumPy's
    if not std:  # (the standard namespace's arrays print their dtype always)
        assert repr(got) == repr(want).replace("array(", "Array(")


@pytest.mark.parametrize("shape", [(4, -1), (7,), (-1, -1), (2, -2)])
def test_reshape_method_refuses_what_the_function_refuses(shape) -> None:
    x = anp.arange(6.0)
    with pytest.raises(ValueError) as by_function:
        anp.reshape(x, shape)
    with pytest.raises(type(by_function.value)) as by_method:
        x.reshape(shape)
    assert str(by_method.value) == str(by_function.value) and by_method.value.status

"""Array-API and NumPy-protocol clients on aiarray (the optional ``clients`` test extra).

cubed computes with ``CUBED_BACKEND_ARRAY_API_MODULE=aiarray.numpy``; xarray DataArrays
backed by aiarray keep aiarray arrays through NumPy ufuncs, ``where``, skip-NaN
reductions and rolling windows.  Each result is checked against the same computation
on NumPy (cubed on its default NumPy backend, xarray on NumPy-backed DataArrays).
The tests skip when a client is not installed (and fail then when CI names it in
``AIARRAY_REQUIRE``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import _optional
import numpy as np
import pytest

import aiarray

DATA = np.array([[1.0, -2.0, np.nan, 4.0, 5.0, 0.25],
                 [0.5, 3.0, -1.0, np.nan, 2.0, -7.5],
                 [2.5, 0.0, 6.0, 1.5, np.nan, 3.0]])

CUBED_SCRIPT = r"""
import json, sys
import numpy as np
import cubed
import cubed.array_api as xp

data = np.arange(1, 25, dtype=np.float64).reshape(4, 6) / 7
a = cubed.from_array(data, chunks=(2, 3), spec=cubed.Spec(allowed_mem="100MB"))
out = {}
for name in ("var", "std", "mean"):
    for axis in (None, 0, 1):
        r = getattr(xp, name)(a, axis=axis).compute()
        out[f"{name}/{axis}"] = {"type": f"{type(r).__module__}.{type(r).__name__}",
                                 "values": np.asarray(r).tolist()}
print(json.dumps(out))
"""


def run_cubed(backend: str | None) -> dict:
    env = dict(os.environ)
    env.pop("CUBED_BACKEND_ARRAY_API_MODULE", None)
    if backend:
        env["CUBED_BACKEND_ARRAY_API_MODULE"] = backend
    r = subprocess.run([sys.executable, "-c", CUBED_SCRIPT], capture_output=True, text=True,
                       env=env, timeout=600, check=False)
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_cubed_var_std_mean_on_aiarray():
    _optional.module("cubed")
    got = run_cubed("aiarray.numpy")
    ref = run_cubed(None)  # cubed's default backend: NumPy
    for key, res in got.items():
        assert res["type"] == "aiarray.Array", key
        np.testing.assert_allclose(res["values"], ref[key]["values"], rtol=1e-12,
                                   err_msg=key)


@pytest.fixture
def xr():
    return _optional.module("xarray")


def pair(xr, namespace="aiarray.numpy"):
    """A DataArray over an Array of ``namespace`` and one over NumPy's ndarray."""
    import importlib

    dims = ("y", "x")
    data = importlib.import_module(namespace).asarray(DATA)
    return xr.DataArray(data, dims=dims), xr.DataArray(DATA.copy(), dims=dims)


def check(result, reference) -> None:
    assert type(result.data) is aiarray.Array, type(result.data)
    assert result.dims == reference.dims
    np.testing.assert_allclose(np.asarray(result.data), reference.values, equal_nan=True,
                               rtol=1e-12)


STEPS = {
    "numpy ufunc": lambda d: np.sin(d),
    "arithmetic": lambda d: (d * 2 + 1) / 3,
    "where": lambda d: d.where(d > 0),
    "where with other": lambda d: d.where(d > 0, -1.0),
    "mean over x": lambda d: d.mean("x"),
    "sum over y": lambda d: d.sum("y"),
    "max over x": lambda d: d.max("x"),
    "std over x": lambda d: d.std("x"),
    "rolling mean": lambda d: d.rolling(x=3).mean(),
    "rolling mean, centred, min_periods": lambda d: d.rolling(x=3, center=True,
                                                              min_periods=1).mean(),
    "rolling sum over y": lambda d: d.rolling(y=2).sum(),
    "rolling std, min_periods": lambda d: d.rolling(x=3, min_periods=2).std(),
    "rolling windows": lambda d: d.rolling(x=3).construct("window"),
    "cumsum": lambda d: d.cumsum("x"),
    "isnull": lambda d: d.isnull(),
    "fillna": lambda d: d.fillna(0.0),
}


@pytest.mark.parametrize("namespace", ["aiarray.numpy", "aiarray"])
@pytest.mark.parametrize("step", list(STEPS))
def test_xarray_keeps_aiarray_arrays(xr, step, namespace):
    # over the standard namespace too: xarray's rolling windows take
    # xp.lib.stride_tricks.sliding_window_view and its where() xp.astype(numpy scalar)
    da, ref = pair(xr, namespace)
    got, want = STEPS[step](da), STEPS[step](ref)
    check(got, want)
    assert got.dtype == want.dtype
    assert got.data._numpy is (namespace == "aiarray.numpy")  # the namespace is kept
    np.testing.assert_array_equal(np.asarray(da.data), DATA)  # the input is untouched


@pytest.mark.parametrize("namespace", ["aiarray.numpy", "aiarray"])
def test_xarray_interp_computes_numpys_values_in_scipy(xr, namespace):
    """``interp`` runs SciPy's interpolators, which convert the data with ``__array__``
    and return NumPy arrays (xarray does so for every duck array but dask's): the values
    are NumPy-backed xarray's, the data NumPy's (docs/numpy.md: wrap the result back)."""
    _optional.module("scipy")
    da, ref = pair(xr, namespace)
    coords = {"x": np.arange(6.0), "y": np.arange(3.0)}
    da, ref = da.assign_coords(coords), ref.assign_coords(coords)
    for interp in (lambda d: d.interp(x=[0.5, 2.25, 4.0]),
                   lambda d: d.interp(x=[0.5, 1.5], y=[0.25, 1.0])):
        got, want = interp(da), interp(ref)
        assert type(got.data) is type(want.data) is np.ndarray and got.dtype == want.dtype
        np.testing.assert_array_equal(got.values, want.values)
        back = got.copy(data=aiarray.asarray(got.data))  # the documented way back
        assert type(back.data) is aiarray.Array


def test_a_full_reduction_is_what_xarray_makes_of_numpys_scalar(xr):
    """The swap-in gives NumPy's scalar for a full reduction (as NumPy does), and xarray
    holds it as it holds NumPy's: a 0-d NumPy array of the same value and dtype."""
    da, ref = pair(xr)
    for reduce in (lambda d: d.mean(), lambda d: d.sum(), lambda d: d.max(skipna=False)):
        got, want = reduce(da), reduce(ref)
        assert type(got.data) is type(want.data) and got.dtype == want.dtype
        np.testing.assert_allclose(got.values, want.values, rtol=1e-12, equal_nan=True)


def test_xarray_dataset_of_aiarray_arrays(xr):
    import aiarray.numpy as anp

    ds = xr.Dataset({"t": (("y", "x"), anp.asarray(DATA)), "w": ("x", anp.arange(6.0))})
    ref = xr.Dataset({"t": (("y", "x"), DATA), "w": ("x", np.arange(6.0))})
    check((ds.t * ds.w).mean("x"), (ref.t * ref.w).mean("x"))


# dask: operators and ufuncs predict the result dtype by running NumPy on np.empty arrays
# of the operands' dtypes (dask.array.core.elemwise), whatever the chunks' namespace;
# map_blocks computes it from the chunks' meta (a 0-size aiarray Array), so it asks aiarray.
DASK_OPS = {
    "uint8 / 255": ("uint8", lambda d: d / 255),
    "int32 / 2": ("int32", lambda d: d / 2),
    "int32 + 1.5": ("int32", lambda d: d + 1.5),
    "float32 + numpy.float64": ("float32", lambda d: d + np.float64(1)),
    "int8 * int16": ("int8", lambda d: d * d.astype("int16")),
    "sin(int16)": ("int16", lambda d: np.sin(d)),
}


@pytest.mark.parametrize("namespace", ["aiarray.numpy", "aiarray"])
@pytest.mark.parametrize("op", list(DASK_OPS))
def test_dask_metadata_is_the_computed_dtype_under_numpys_rules(op, namespace):
    da = _optional.module("dask.array", "dask")
    import importlib

    dtype, f = DASK_OPS[op]
    data = np.arange(1, 9).astype(dtype)
    ns = importlib.import_module(namespace)
    with aiarray.promotion_policy("numpy"), ns.promotion_policy("numpy"):
        got = f(da.from_array(ns.asarray(data), chunks=4))
        out = got.compute(scheduler="synchronous")  # (the block holds in this thread)
    want = f(da.from_array(data, chunks=4))
    assert got.dtype == out.dtype == want.dtype, (got.dtype, out.dtype, want.dtype)
    assert type(out) is aiarray.Array
    np.testing.assert_array_equal(np.asarray(out), want.compute())


@pytest.mark.parametrize("policy", ["ascend", "ascend-strict", "mindspore", "array-api",
                                    "numpy"])
def test_dask_map_blocks_metadata_is_aiarrays_dtype_under_every_policy(policy):
    da = _optional.module("dask.array", "dask")
    import aiarray.numpy as anp

    before = aiarray.get_promotion_policy(), anp.get_promotion_policy()
    aiarray.set_promotion_policy(policy)  # for dask's worker threads too
    anp.set_promotion_policy(policy)
    try:
        for ns in (aiarray, anp):
            for dtype, f in (("uint8", lambda b: b / 255), ("int32", lambda b: b / 2),
                             ("int8", lambda b: b * 3)):
                x = ns.asarray(np.arange(8).astype(dtype))
                got = da.map_blocks(f, da.from_array(x, chunks=4))
                out = got.compute()
                assert got.dtype == out.dtype == f(x).dtype, (ns.__name__, dtype, policy)
                np.testing.assert_array_equal(np.asarray(out), np.asarray(f(x)))
    finally:
        aiarray.set_promotion_policy(before[0])
        anp.set_promotion_policy(before[1])

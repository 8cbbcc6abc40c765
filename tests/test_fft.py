"""The fft extension (aiarray.fft), against numpy.fft in complex128 / float64.

Inputs are stored in the dtype under test; the reference transforms the stored
values in double precision.  Tolerances are relative to the largest output value
and scale with the dtype's epsilon.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from _raises import raises
from _signatures import assert_signature

import aiarray as aa
from aiarray import Status

F = aa.fft
BF16 = np.dtype(ml_dtypes.bfloat16)
CPLX = ("complex32", "complex64", "complex128")
REAL = ("float16", "bfloat16", "float32", "float64")
TO_REAL = {"complex32": "float16", "complex64": "float32", "complex128": "float64"}
TO_COMPLEX = {"float16": "complex32", "bfloat16": "complex64", "float32": "complex64",
              "float64": "complex128"}
TOL = {"float16": 5e-3, "bfloat16": 3e-2, "float32": 1e-6, "float64": 1e-13,
       "complex32": 5e-3, "complex64": 1e-6, "complex128": 1e-13}
NORMS = ("backward", "ortho", "forward")


def dt(name: str) -> np.dtype:
    return getattr(aa, name)


def sample(shape: tuple[int, ...], dtype: str, seed: int = 0) -> aa.Array:
    r = np.random.default_rng(seed)
    a = r.standard_normal(shape)
    if dtype.startswith("complex"):
        a = a + 1j * r.standard_normal(shape)
    return aa.asarray(a, dtype=dt(dtype))


def npy(x: aa.Array) -> np.ndarray:
    a = np.asarray(x)
    if a.dtype.kind == "c":
        return a.astype(np.complex128)
    if a.dtype.kind == "f" or a.dtype == BF16:
        return a.astype(np.float64)
    return a


def close(out: aa.Array, expected: np.ndarray, dtype: str) -> None:
    assert out.dtype == dt(dtype), (out.dtype, dtype)
    assert out.shape == expected.shape
    scale = max(1.0, float(np.abs(expected).max(initial=0)))
    np.testing.assert_allclose(npy(out), expected, rtol=0, atol=TOL[dtype] * scale * 4)




# -- one-dimensional transforms ------------------------------------------------------------
@pytest.mark.parametrize("dtype", CPLX)
@pytest.mark.parametrize("name", ["fft", "ifft"])
def test_fft_ifft(dtype, name):
    x = sample((3, 8), dtype, 1)
    a = npy(x)
    for n, axis in ((None, -1), (5, -1), (12, 1), (None, 0), (2, -2)):
        for norm in NORMS:
            out = getattr(F, name)(x, n=n, axis=axis, norm=norm)
            close(out, getattr(np.fft, name)(a, n=n, axis=axis, norm=norm), dtype)


def test_fft_hand_values_and_round_trip():
    out = F.fft(aa.asarray([1, 1j, -1, -1j], dtype=aa.complex128))
    np.testing.assert_allclose(npy(out), [0, 4, 0, 0], atol=1e-12)
    x = sample((4, 6), "complex64", 2)
    back = F.ifft(F.fft(x, norm="ortho"), norm="ortho")
    np.testing.assert_allclose(npy(back), npy(x), atol=1e-5)


@pytest.mark.parametrize("dtype", REAL)
@pytest.mark.parametrize("name", ["rfft", "ihfft"])
def test_rfft_ihfft(dtype, name):
    x = sample((2, 9), dtype, 3)
    a = npy(x)
    for n in (None, 4, 9, 16):
        for norm in NORMS:
            out = getattr(F, name)(x, n=n, norm=norm)
            close(out, getattr(np.fft, name)(a, n=n, norm=norm), TO_COMPLEX[dtype])


@pytest.mark.parametrize("dtype", CPLX)
@pytest.mark.parametrize("name", ["irfft", "hfft"])
def test_irfft_hfft(dtype, name):
    x = sample((5, 3), dtype, 4)
    a = npy(x)
    for n, axis in ((None, -1), (5, -1), (1, -1), (None, 0), (7, 0)):
        for norm in NORMS:
            out = getattr(F, name)(x, n=n, axis=axis, norm=norm)
            close(out, getattr(np.fft, name)(a, n=n, axis=axis, norm=norm), TO_REAL[dtype])


def test_rfft_irfft_round_trip():
    x = sample((3, 7), "float64", 5)
    back = F.irfft(F.rfft(x), n=7)
    assert back.dtype == aa.float64
    np.testing.assert_allclose(npy(back), npy(x), atol=1e-13)
    h = F.hfft(F.ihfft(x), n=7)
    np.testing.assert_allclose(npy(h), npy(x), atol=1e-13)


# -- n-dimensional transforms ----------------------------------------------------------------
ND_CASES = [
    (None, None), (None, (0,)), (None, (2, 0)), ((3, 5), (0, 1)), ((-1, 4), (-1, 0)),
    ((2, 2, 2), (0, 1, 2)),
]


@pytest.mark.parametrize("dtype", CPLX)
@pytest.mark.parametrize("name", ["fftn", "ifftn"])
def test_fftn_ifftn(dtype, name):
    x = sample((3, 4, 5), dtype, 6)
    a = npy(x)
    for s, axes in ND_CASES:
        for norm in NORMS:
            out = getattr(F, name)(x, s=s, axes=axes, norm=norm)
            s_ref = None if s is None else [a.shape[ax] if k == -1 else k
                                            for k, ax in zip(s, axes)]
            close(out, getattr(np.fft, name)(a, s=s_ref, axes=axes, norm=norm), dtype)


@pytest.mark.parametrize("dtype", REAL)
def test_rfftn(dtype):
    x = sample((3, 4, 5), dtype, 7)
    a = npy(x)
    for s, axes in ND_CASES:
        for norm in NORMS:
            out = F.rfftn(x, s=s, axes=axes, norm=norm)
            s_ref = None if s is None else [a.shape[ax] if k == -1 else k
                                            for k, ax in zip(s, axes)]
            close(out, np.fft.rfftn(a, s=s_ref, axes=axes, norm=norm), TO_COMPLEX[dtype])


@pytest.mark.parametrize("dtype", CPLX)
def test_irfftn(dtype):
    x = sample((3, 4, 5), dtype, 8)
    a = npy(x)
    for s, axes in ND_CASES:
        for norm in NORMS:
            out = F.irfftn(x, s=s, axes=axes, norm=norm)
            if s is None:
                s_ref = None
            else:
                s_ref = [a.shape[ax] if k == -1 else k for k, ax in zip(s, axes)]
                if s[-1] == -1:
                    s_ref[-1] = 2 * (a.shape[axes[-1]] - 1)
            close(out, np.fft.irfftn(a, s=s_ref, axes=axes, norm=norm), TO_REAL[dtype])


def test_nd_special_cases():
    x = sample((3, 4), "complex128", 9)
    same = F.fftn(x, axes=())  # no axes: an unchanged copy
    assert same.dtype == x.dtype and np.array_equal(npy(same), npy(x))
    np.testing.assert_allclose(npy(F.fftn(x, axes=[1, 0])), np.fft.fftn(npy(x)), atol=1e-12)
    z = F.fftn(aa.asarray(np.zeros((0, 3), complex)), axes=(1,))
    assert z.shape == (0, 3)


# -- input categories and argument validation -------------------------------------------------
@pytest.mark.parametrize("name", ["fft", "ifft", "fftn", "ifftn", "irfft", "irfftn", "hfft"])
@pytest.mark.parametrize("bad", ["float64", "float32", "int32", "bool"])
def test_complex_input_required(name, bad):
    x = aa.asarray(np.ones((2, 4)), dtype=dt(bad))
    with raises(TypeError, Status.TYPE_MISMATCH, f"fft.{name}", "complex", bad):
        getattr(F, name)(x)


@pytest.mark.parametrize("name", ["rfft", "rfftn", "ihfft"])
@pytest.mark.parametrize("bad", ["complex64", "int64", "uint8", "bool"])
def test_real_input_required(name, bad):
    x = aa.asarray(np.ones((2, 4)), dtype=dt(bad))
    with raises(TypeError, Status.TYPE_MISMATCH, f"fft.{name}", "real", bad):
        getattr(F, name)(x)


def test_argument_errors_and_input_unchanged():
    x = sample((2, 4), "complex64", 10)
    before = npy(x).copy()
    for n in (0, -1):
        with raises(ValueError, Status.INVALID_ARGUMENT, "fft.fft", f"n={n}"):
            F.fft(x, n=n)
    for n in (True, 2.0, "4"):
        with raises(TypeError, Status.TYPE_MISMATCH, "n="):
            F.fft(x, n=n)
    with raises(ValueError, Status.INVALID_ARGUMENT, "norm"):
        F.ifft(x, norm="none")
    with raises(ValueError, Status.AXIS_ERROR, "axis"):
        F.fft(x, axis=2)
    with raises(ValueError, Status.AXIS_ERROR, "ndim=0"):
        F.fft(aa.asarray(1j))
    with raises(ValueError, Status.INVALID_ARGUMENT, "fft.fft", "length"):
        F.fft(aa.asarray(np.zeros(0, complex)))
    with raises(ValueError, Status.INVALID_ARGUMENT, "fft.irfft", "2*(M-1)"):
        F.irfft(aa.asarray(np.zeros((3, 1), complex)))
    with raises(ValueError, Status.INVALID_ARGUMENT, "fft.hfft"):
        F.hfft(aa.asarray(np.zeros((3, 1), complex)), axis=1)
    with raises(ValueError, Status.INVALID_ARGUMENT, "needs axes"):
        F.fftn(x, s=(2, 2))
    with raises(ValueError, Status.AXIS_ERROR, "repeats"):
        F.fftn(x, axes=(0, -2))
    with raises(ValueError, Status.INVALID_ARGUMENT, "entries"):
        F.fftn(x, s=(2,), axes=(0, 1))
    with raises(ValueError, Status.INVALID_ARGUMENT, "s=0"):
        F.ifftn(x, s=(0,), axes=(0,))
    with raises(TypeError, Status.TYPE_MISMATCH, "axes"):
        F.fftn(x, axes=0)
    with raises(ValueError, Status.INVALID_ARGUMENT, "fft.rfftn", "axis"):
        F.rfftn(aa.asarray(np.ones(3)), axes=())
    with raises(ValueError, Status.INVALID_ARGUMENT, "fft.irfftn"):
        F.irfftn(aa.asarray(np.ones((2, 1), complex)))
    with raises(TypeError, Status.UNINITIALIZED, "fft.fft"):
        F.fft(np.ones(3, complex))
    assert np.array_equal(npy(x), before)


# -- frequencies and shifts -------------------------------------------------------------------
@pytest.mark.parametrize("name", ["fftfreq", "rfftfreq"])
def test_frequencies(name):
    for n in (1, 2, 7, 8):
        for d in (1.0, 0.25, 3):
            out = getattr(F, name)(n, d=d)
            assert out.dtype == aa.float64
            np.testing.assert_allclose(npy(out), getattr(np.fft, name)(n, d), rtol=1e-15)
    for dtype in REAL:
        out = getattr(F, name)(6, d=0.5, dtype=dt(dtype), device="cpu")
        assert out.dtype == dt(dtype)
        np.testing.assert_allclose(npy(out), getattr(np.fft, name)(6, 0.5), rtol=TOL[dtype])
    np.testing.assert_array_equal(npy(F.fftfreq(4)), [0, 0.25, -0.5, -0.25])
    np.testing.assert_array_equal(npy(F.rfftfreq(4)), [0, 0.25, 0.5])


def test_frequency_errors():
    with raises(ValueError, Status.INVALID_ARGUMENT, "fft.fftfreq", "n=0"):
        F.fftfreq(0)
    with raises(TypeError, Status.TYPE_MISMATCH, "n="):
        F.rfftfreq(2.0)
    for d in (0, float("nan"), float("inf")):
        with raises(ValueError, Status.INVALID_ARGUMENT, "d="):
            F.fftfreq(4, d=d)
    with raises(TypeError, Status.TYPE_MISMATCH, "d="):
        F.fftfreq(4, d="1")
    for bad in (aa.int32, aa.complex64, aa.bool):
        with raises(TypeError, Status.TYPE_MISMATCH, "dtype"):
            F.rfftfreq(4, dtype=bad)
    with raises(ValueError, Status.INVALID_ARGUMENT, "fft.fftfreq", "device"):
        F.fftfreq(4, device="gpu")


@pytest.mark.parametrize("dtype", ["float64", "bfloat16", "complex32", "complex64", "int16",
                                   "bool"])
def test_shifts(dtype):
    base = np.arange(30).reshape(5, 6) % 4
    x = aa.asarray(base, dtype=dt(dtype))
    ref = npy(x)
    for axes in (None, 0, -1, (1,), [1, 0], ()):
        for name in ("fftshift", "ifftshift"):
            out = getattr(F, name)(x, axes=axes)
            assert out.dtype == x.dtype and out.shape == x.shape
            expected = ref if axes == () else getattr(np.fft, name)(ref, axes=axes)
            np.testing.assert_array_equal(npy(out), expected)
        back = F.ifftshift(F.fftshift(x, axes=axes), axes=axes)
        np.testing.assert_array_equal(npy(back), ref)
    np.testing.assert_array_equal(npy(F.fftshift(aa.asarray([0, 1, 2, 3, 4]))), [3, 4, 0, 1, 2])
    np.testing.assert_array_equal(npy(F.ifftshift(aa.asarray([0, 1, 2, 3, 4]))),
                                  [2, 3, 4, 0, 1])


def test_shift_errors_and_zero_dim():
    x = aa.asarray(np.ones((2, 3)))
    with raises(ValueError, Status.AXIS_ERROR, "fft.fftshift", "repeats"):
        F.fftshift(x, axes=[0, 0])
    with raises(ValueError, Status.AXIS_ERROR, "axes"):
        F.ifftshift(x, axes=2)
    with raises(TypeError, Status.TYPE_MISMATCH, "axes"):
        F.fftshift(x, axes="0")
    assert float(F.fftshift(aa.asarray(3.0))) == 3.0


# -- the namespace ------------------------------------------------------------------------------
KW = {"n": None, "axis": -1, "norm": "backward"}
KW_ND = {"s": None, "axes": None, "norm": "backward"}
SIGNATURES = {
    **{name: (("x",), KW) for name in ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft")},
    **{name: (("x",), KW_ND) for name in ("fftn", "ifftn", "rfftn", "irfftn")},
    "fftfreq": (("n",), {"d": 1.0, "dtype": None, "device": None}),
    "rfftfreq": (("n",), {"d": 1.0, "dtype": None, "device": None}),
    "fftshift": (("x",), {"axes": None}), "ifftshift": (("x",), {"axes": None}),
}


@pytest.mark.parametrize("name", sorted(SIGNATURES))
def test_signature_and_module(name):
    assert_signature(getattr(F, name), "aiarray.fft", name, *SIGNATURES[name])
    assert name in F.__all__


def test_namespace():
    assert set(F.__all__) == set(SIGNATURES)

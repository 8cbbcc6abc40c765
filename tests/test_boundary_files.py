"""Every dtype through files and bytes, bit for bit (issue 19, item 4).

Each dtype's array holds its hard values (NaN payloads of both signs, signalling NaNs,
-0.0, infinities, subnormals, extremes), made from chosen bit patterns; every route
(``save``/``load``, ``savez``, ``savez_compressed``, ``tobytes``/``frombuffer``,
``tofile``/``fromfile``) must give back the same dtype and the same bits.  The
reference is the bit pattern chosen.  Plain ``numpy.load`` reads aiarray's files by
the convention in docs/numpy.md ("Files").  Text (``savetxt``/``loadtxt``) keeps the
values of bfloat16 and complex32 (a NaN stays a NaN; its payload is not text).
"""

from __future__ import annotations

import io

import ml_dtypes
import numpy as np
import pytest

import aiarray as xp
import aiarray.numpy as anp

# The bit patterns of each real floating width: 0, -0, +-inf, the smallest subnormals,
# the largest finite, quiet NaNs with payloads (both signs), a signalling NaN.
FLOAT_BITS = {
    16: [0x0000, 0x8000, 0x7C00, 0xFC00, 0x0001, 0x8001, 0x03FF, 0x7BFF, 0x7E00, 0x7E01,
         0xFE3F, 0x7C01, 0x3C00],
    32: [0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x00000001, 0x80000001,
         0x007FFFFF, 0x7F7FFFFF, 0x7FC00000, 0x7FC00001, 0xFFC12345, 0x7F800001, 0x3F800000],
    64: [0x0, 0x8000000000000000, 0x7FF0000000000000, 0xFFF0000000000000, 0x1,
         0x8000000000000001, 0x000FFFFFFFFFFFFF, 0x7FEFFFFFFFFFFFFF, 0x7FF8000000000000,
         0x7FF8000000000001, 0xFFF8DEADBEEF0000, 0x7FF0000000000001, 0x3FF0000000000000],
}
# bfloat16 (float32's top half): the same kinds of values.
BF16_BITS = [0x0000, 0x8000, 0x7F80, 0xFF80, 0x0001, 0x8001, 0x007F, 0x7F7F, 0x7FC0,
             0x7FC1, 0xFFC5, 0x7F81, 0x3F80]
UINT = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float16", "bfloat16", "float32", "float64", "complex32", "complex64", "complex128"]


def _bits_for(name: str) -> np.ndarray:
    """The chosen bit patterns of dtype ``name`` as unsigned ints of its width (of its
    parts' width for complex dtypes: real, imag, real, ...)."""
    if name == "bool":
        return np.array([0, 1, 1, 0, 1], np.uint8)
    if name.startswith(("int", "uint")):
        info = np.iinfo(name)
        vals = np.array([info.min, info.max, 0, 1, info.max // 3, info.min // 7 or 9], name)
        return vals.view(UINT[vals.itemsize])
    if name == "bfloat16":
        return np.array(BF16_BITS, np.uint16)
    if name.startswith("float"):
        width = int(name[5:])
        return np.array(FLOAT_BITS[width], UINT[width // 8])
    width = int(name[7:]) // 2  # complex: (real, imag) pairs, each part every pattern
    parts = np.array(FLOAT_BITS[width], UINT[width // 8])
    return np.stack([parts, parts[::-1]], axis=-1).reshape(-1)  # each as real and as imag


def _array(name: str):
    """An aiarray.numpy Array of dtype ``name`` holding exactly ``_bits_for(name)``."""
    bits = _bits_for(name)
    return anp.asarray(bits).view(getattr(xp, name))


def _check(got, name: str, bits: np.ndarray) -> None:
    """``got`` is an aiarray Array of dtype ``name`` whose bits are ``bits``."""
    want = getattr(xp, name)
    assert type(got) is xp.Array, type(got)
    assert got.dtype == want and got.dtype.metadata == want.metadata, (got.dtype, name)
    assert got.nbytes == bits.nbytes
    np.testing.assert_array_equal(np.frombuffer(got.tobytes(), bits.dtype), bits)
    assert got.tobytes() == bits.tobytes()


@pytest.mark.parametrize("name", DTYPES)
def test_save_and_load(name, tmp_path):
    x, bits = _array(name), _bits_for(name)
    buf = io.BytesIO()
    anp.save(buf, x)
    buf.seek(0)
    _check(anp.load(buf), name, bits)
    path = tmp_path / "x.npy"
    anp.save(path, x.reshape(1, -1))
    got = anp.load(path)
    assert got.shape == (1, x.size)
    _check(got.reshape(-1), name, bits)


@pytest.mark.parametrize("route", ["savez", "savez_compressed"])
@pytest.mark.parametrize("name", DTYPES)
def test_savez_and_load(name, route, tmp_path):
    x, bits = _array(name), _bits_for(name)
    path = tmp_path / "x.npz"
    getattr(anp, route)(path, x, named=x)
    with anp.load(path) as npz:
        _check(npz["arr_0"], name, bits)
        _check(npz["named"], name, bits)


@pytest.mark.parametrize("name", DTYPES)
def test_tobytes_and_frombuffer(name):
    x, bits = _array(name), _bits_for(name)
    data = x.tobytes()
    assert data == bits.tobytes() == bytes(x)
    for dtype in (x.dtype, name):  # the dtype object and its name
        _check(anp.frombuffer(data, dtype=dtype), name, bits)
    _check(anp.frombuffer(data, x.dtype, 3), name, bits[: 3 * x.itemsize // bits.itemsize])


@pytest.mark.parametrize("name", DTYPES)
def test_tofile_and_fromfile(name, tmp_path):
    x, bits = _array(name), _bits_for(name)
    path = tmp_path / "x.bin"
    x.tofile(path)
    assert path.read_bytes() == bits.tobytes()
    _check(anp.fromfile(path, dtype=name), name, bits)
    _check(anp.fromfile(str(path), x.dtype), name, bits)


@pytest.mark.parametrize("name", DTYPES)
def test_plain_numpy_reads_the_files(name, tmp_path):
    """numpy.load (no aiarray, no ml_dtypes needed) reads both files: NumPy's dtypes as
    themselves, bfloat16 and complex32 as the records of the convention."""
    x, bits = _array(name), _bits_for(name)
    anp.save(tmp_path / "x.npy", x)
    anp.savez(tmp_path / "x.npz", x=x)
    with np.load(tmp_path / "x.npz") as npz:
        for got in (np.load(tmp_path / "x.npy"), npz["x"]):
            assert type(got) is np.ndarray
            if name == "bfloat16":
                assert got.dtype == np.dtype([("bfloat16", "<u2")])
            elif name == "complex32":
                assert got.dtype == np.dtype([("real", "<f2"), ("imag", "<f2")])
                assert got.dtype.metadata is None
            else:
                assert got.dtype == np.dtype(name)
            assert got.tobytes() == bits.tobytes()


def test_plain_numpy_values_of_the_records(tmp_path):
    """The records hold what they say: bfloat16 bits, complex32's float16 parts."""
    b, c = anp.asarray([1.5, -2.0], dtype="bfloat16"), anp.asarray([1 + 2j, -0.5j],
                                                                   dtype="complex32")
    anp.savez(tmp_path / "x.npz", b=b, c=c)
    with np.load(tmp_path / "x.npz") as npz:
        np.testing.assert_array_equal(npz["b"]["bfloat16"].view(ml_dtypes.bfloat16),
                                      np.array([1.5, -2.0], ml_dtypes.bfloat16))
        got = npz["c"]["real"] + 1j * npz["c"]["imag"].astype(np.float32)
        np.testing.assert_array_equal(got, [1 + 2j, -0.5j])


def _same_values(got, want: np.ndarray) -> None:
    """Bit-equal where ``want`` is a number, NaN where it is NaN (text has no payloads)."""
    g = np.asarray(got).astype(want.dtype)
    nan = np.isnan(want)
    np.testing.assert_array_equal(np.isnan(g), nan)
    assert g[~nan].tobytes() == want[~nan].tobytes()


@pytest.mark.parametrize("name", ["float16", "bfloat16", "complex32"])
def test_savetxt_and_loadtxt(name, tmp_path):
    x = _array(name)
    path = tmp_path / "x.txt"
    anp.savetxt(path, x)
    got = anp.loadtxt(path, dtype=name)
    assert got.dtype == x.dtype
    if name == "complex32":
        want = np.asarray(x.astype("complex64"))
        _same_values(got.real, want.real.astype(np.float16))
        _same_values(got.imag, want.imag.astype(np.float16))
        number = ~np.isnan(want.real)
        assert (np.signbit(np.asarray(got.real))[number] == np.signbit(want.real)[number]).all()
    else:
        _same_values(got, np.asarray(x))
    again = anp.genfromtxt(path, dtype=name)
    assert again.dtype == x.dtype and again.tobytes() == got.tobytes()


@pytest.mark.parametrize("name", ["bfloat16", "complex32"])
def test_text_files_and_strings(name, tmp_path):
    """fromfile / fromstring with ``sep``: the values, rounded once from the text."""
    x = anp.asarray([0.1, -0.0, 3.0, 1e-40, float("inf")], dtype=name)
    text = " ".join(repr(v) for v in [0.1, -0.0, 3.0, 1e-40, float("inf")])
    (tmp_path / "x.txt").write_text(text)
    for got in (anp.fromfile(tmp_path / "x.txt", dtype=name, sep=" "),
                anp.fromstring(text, dtype=name, sep=" ")):
        assert got.dtype == x.dtype
        assert got.tobytes() == x.tobytes()


def test_rounding_from_text_is_once():
    """Text goes to bfloat16 by one rounding of the decimal value, not through float32:
    1 + 2**-8 + 2**-30 rounds up in bfloat16, but float32 first gives the tie
    1 + 2**-8, which rounds to even (1.0)."""
    v = 1 + 2 ** -8 + 2 ** -30
    got = anp.loadtxt(io.StringIO(repr(v)), dtype="bfloat16").reshape(1)
    assert got.tobytes() == np.array([1 + 2 ** -7], ml_dtypes.bfloat16).tobytes()


@pytest.mark.parametrize("name", DTYPES)
def test_standard_namespace_arrays(name, tmp_path):
    """An Array of the standard namespace: its bytes and files are the same bits, and
    what aiarray.numpy.load gives, aiarray.asarray takes with its dtype."""
    bits = _bits_for(name)
    x = xp.asarray(_array(name))  # (the standard namespace's Array over the same data)
    assert x.tobytes() == bytes(x) == bits.tobytes()
    x.tofile(tmp_path / "x.bin")
    assert (tmp_path / "x.bin").read_bytes() == bits.tobytes()
    anp.save(tmp_path / "x.npy", x)
    back = xp.asarray(anp.load(tmp_path / "x.npy"))
    assert back.dtype == getattr(xp, name) and back.tobytes() == bits.tobytes()


def test_bfloat16_elements_0d_arrays_and_ml_dtypes_arrays_keep_their_dtype(tmp_path):
    """A swap-in bfloat16 element (ml_dtypes' scalar), a 0-d array and an ml_dtypes
    bfloat16 ndarray are written as the convention's record, and load back bit for bit:
    an array (0-d too, as NumPy loads a 0-d file) of dtype bfloat16."""
    x = anp.asarray([1.5, -2.25, np.inf], dtype="bfloat16")
    objects = {"element": x[1], "0-d": x[2:].reshape(()),
               "ml_dtypes": np.array([0.5, -0.0, np.nan], dtype=ml_dtypes.bfloat16)}
    for what, obj in objects.items():
        want = np.asarray(obj).view(np.uint16)
        path = tmp_path / f"{what}.npy"
        anp.save(path, obj)
        assert np.load(path).dtype == np.dtype([("bfloat16", "<u2")]), what
        got = anp.load(path)
        assert type(got) is xp.Array and got.dtype == xp.bfloat16, (what, type(got))
        assert got.shape == np.shape(obj), what
        np.testing.assert_array_equal(np.asarray(got._array).view(np.uint16), want)
        anp.savez(tmp_path / f"{what}.npz", v=obj)
        with anp.load(tmp_path / f"{what}.npz") as f:
            np.testing.assert_array_equal(np.asarray(f["v"]._array).view(np.uint16), want)


def test_asarray_of_the_bfloat16_record_plain_numpy_loads(tmp_path):
    """What a plain numpy.load gives for a bfloat16 file (the convention's record) is
    bfloat16 to both namespaces' asarray, bit for bit, as complex32's record is; another
    record stays refused (standard) or NumPy's (swap-in)."""
    x = anp.asarray([1.5, -2.25, np.nan, -0.0], dtype="bfloat16")
    path = tmp_path / "b.npy"
    anp.save(path, x)
    record = np.load(path)
    assert record.dtype == np.dtype([("bfloat16", "<u2")])
    want = np.asarray(x._array).view(np.uint16)
    for got in (xp.asarray(record), xp.asarray(record, copy=True), anp.asarray(record)):
        assert type(got) is xp.Array and got.dtype == xp.bfloat16
        np.testing.assert_array_equal(np.asarray(got._array).view(np.uint16), want)
    other = np.zeros(2, dtype=[("bits", "<u2")])
    with pytest.raises(TypeError):
        xp.asarray(other)
    assert type(anp.asarray(other)) is np.ndarray

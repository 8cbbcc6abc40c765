"""Arrays' data through the buffer protocol and bytes, against NumPy's: ``memoryview(x)``
(Python 3.12+), ``bytes(x)``, ``struct``, ``array.array``, ``numpy.frombuffer``; complex32
and bfloat16 bytes are their own (two float16 / one bfloat16 per element)."""

from __future__ import annotations

import array
import struct
import sys

import numpy
import pytest

import aiarray as xp
import aiarray.numpy as anp

BUFFERS = sys.version_info >= (3, 12)  # __buffer__: the protocol for Python classes


@pytest.mark.skipif(not BUFFERS, reason="Python classes export buffers from Python 3.12")
@pytest.mark.parametrize("dt", ["f8", "f4", "i2", "u1", "?", "c16"])
def test_memoryview_is_numpys(dt):
    nd = (numpy.arange(12) % 5).astype(dt).reshape(3, 4)
    for x in (anp.asarray(nd), xp.asarray(nd), anp.asarray(nd)[:, ::2]):
        want = memoryview(numpy.asarray(x))
        got = memoryview(x)
        assert (got.format, got.shape, got.strides, got.readonly) == (
            want.format, want.shape, want.strides, want.readonly)
        assert got.tobytes() == want.tobytes()
    ro = memoryview(anp.broadcast_to(anp.ones(3), (2, 3)))
    assert ro.readonly
    w = anp.zeros(3)
    memoryview(w)[1] = 5.0  # a writable buffer writes the array
    assert w[1] == 5.0
    assert numpy.frombuffer(anp.asarray(nd), dtype=nd.dtype).tolist() == nd.ravel().tolist()


@pytest.mark.skipif(not BUFFERS, reason="Python classes export buffers from Python 3.12")
def test_dtypes_without_a_buffer_format_refuse_and_numpy_converts():
    z = anp.asarray([1 + 2j], dtype=anp.complex32)
    with pytest.raises(TypeError) as e:
        memoryview(z)
    assert isinstance(e.value, BufferError) and e.value.status
    assert numpy.asarray(z).dtype == numpy.complex64  # NumPy falls back to __array__
    pytest.importorskip("ml_dtypes")
    b = anp.asarray([1.5], dtype=anp.bfloat16)
    with pytest.raises(BufferError):
        memoryview(b)
    assert numpy.asarray(b).dtype.name == "bfloat16"


def test_bytes_struct_and_array_array_as_numpys():
    nd = numpy.linspace(0, 1, 6)
    x = anp.asarray(nd)
    assert bytes(x) == bytes(nd) == x.tobytes()
    assert bytes(x[::2]) == bytes(nd[::2])  # C-order bytes of a strided view
    assert struct.unpack("6d", bytes(x)) == struct.unpack("6d", bytes(nd))
    assert array.array("d", x) == array.array("d", nd)
    assert x.data.tobytes() == nd.data.tobytes()  # (Python 3.11 too)


def test_complex32_and_bfloat16_bytes_are_their_own():
    z = anp.asarray([1 + 2j, -3.5j, 65504 + 0j], dtype=anp.complex32)
    raw = z.tobytes()
    assert len(raw) == 4 * z.size == bytes(z).__len__()
    parts = numpy.frombuffer(raw, dtype=numpy.float16).reshape(-1, 2)
    assert parts.tolist() == [[1.0, 2.0], [-0.0, -3.5], [65504.0, 0.0]]
    back = anp.frombuffer(raw, dtype=anp.complex32)
    assert back.dtype == xp.complex32 and back.tolist() == z.tolist()
    ml_dtypes = pytest.importorskip("ml_dtypes")
    b = anp.asarray([1.5, -2.0], dtype=anp.bfloat16)
    assert b.tobytes() == numpy.asarray([1.5, -2.0], dtype=ml_dtypes.bfloat16).tobytes()


def test_complex32_files_read_back(tmp_path):
    z = anp.asarray([1 + 2j, 0.25 - 1j], dtype=anp.complex32)
    path = tmp_path / "z.bin"
    z.tofile(path)
    assert path.stat().st_size == 4 * z.size
    back = anp.fromfile(path, dtype=anp.complex32)
    assert back.dtype == xp.complex32 and back.tolist() == z.tolist()

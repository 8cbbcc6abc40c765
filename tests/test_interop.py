"""bfloat16 and complex32 with real clients, both ways: PyTorch and JAX through DLPack
(``torch.from_dlpack``, ``jax.dlpack.from_dlpack``, ``jnp.from_dlpack``,
``aiarray.from_dlpack``) and through ``aiarray.asarray``.

Each library is optional (``pip install '.[interop]'`` brings JAX; PyTorch is installed by
hand): its tests skip when it is absent, and fail instead when CI names it in
``AIARRAY_REQUIRE``.  The reference values are the other library's own (its tensors
converted to float32 / complex64 by itself); "no copy" is checked on data pointers.
"""

from __future__ import annotations

import gc
import subprocess
import sys
import textwrap

import _aligned_routes as _routes
import numpy as np
import pytest
from _optional import module
from _raises import raises

import aiarray as aa
from aiarray import _dlpack, _memory

VALUES = [1.5, -2.25, 3.0, 0.0078125, -0.0, 240.0]
COMPLEX_VALUES = [1 + 2j, -0.5 + 0.25j, 3j, -4.0]


def pointer(x: aa.Array) -> int:
    """The address of x's first element, read through DLPack 1.x (an independent path)."""
    import ctypes

    cap = x.__dlpack__(max_version=(1, 0))
    get = ctypes.PYFUNCTYPE(ctypes.c_void_p, ctypes.py_object, ctypes.c_char_p)(
        ("PyCapsule_GetPointer", ctypes.pythonapi))
    managed = _dlpack.DLManagedTensorVersioned.from_address(get(cap, b"dltensor_versioned"))
    return managed.dl_tensor.data + managed.dl_tensor.byte_offset


def bf16(values=VALUES, shape=None) -> aa.Array:
    x = aa.astype(aa.asarray(np.asarray(values, dtype=np.float32)), aa.bfloat16)
    return x if shape is None else aa.reshape(x, shape)


def as_float32(x: aa.Array) -> list[float]:
    return np.asarray(aa.astype(x, aa.float32)).ravel().tolist()


# ---------------------------------------------------------------------------
# PyTorch


@pytest.fixture(scope="module")
def torch():
    return module("torch")


def test_torch_takes_aiarray_bfloat16_without_a_copy(torch):
    x = bf16()
    t = torch.from_dlpack(x)
    assert t.dtype == torch.bfloat16 and tuple(t.shape) == (6,)
    assert t.float().tolist() == VALUES
    assert t.data_ptr() == pointer(x)
    t[0] = 7.0  # one buffer: the write shows on both sides
    assert as_float32(x)[0] == 7.0


def test_aiarray_takes_torch_bfloat16_without_a_copy(torch):
    t = torch.tensor(VALUES, dtype=torch.bfloat16)
    for y in (aa.from_dlpack(t), aa.asarray(t), aa.asarray(t, copy=False)):
        assert y.dtype == aa.bfloat16 and y.shape == (6,)
        assert as_float32(y) == t.float().tolist()
        assert pointer(y) == t.data_ptr()
    copied = aa.asarray(t, copy=True)
    also_copied = aa.from_dlpack(t, copy=True)
    t[1] = 100.0
    assert as_float32(copied)[1] == VALUES[1] == as_float32(also_copied)[1]
    assert as_float32(aa.asarray(t))[1] == 100.0


def test_asarray_of_torch_bfloat16_with_a_dtype_converts(torch):
    t = torch.tensor(VALUES, dtype=torch.bfloat16)
    f = aa.asarray(t, dtype=aa.float32)
    assert f.dtype == aa.float32
    assert np.asarray(f).tolist() == t.float().tolist()
    with raises(aa.InvalidArgumentError, aa.Status.INVALID_ARGUMENT, "copy=False", "float32"):
        aa.asarray(t, dtype=aa.float32, copy=False)


def test_complex32_both_ways_with_torch(torch):
    c = aa.astype(aa.asarray(np.asarray(COMPLEX_VALUES, dtype=np.complex64)), aa.complex32)
    t = torch.from_dlpack(c)
    assert t.dtype == torch.complex32
    assert t.to(torch.complex64).tolist() == COMPLEX_VALUES
    assert t.data_ptr() == pointer(c)
    back = aa.from_dlpack(t)
    assert back.dtype == aa.complex32
    assert np.asarray(aa.astype(back, aa.complex64)).tolist() == COMPLEX_VALUES
    assert aa.asarray(t).dtype == aa.complex32


def test_strided_views_cross_with_their_strides(torch):
    x = bf16(list(range(24)), (4, 6))
    t = torch.from_dlpack(x[::2, ::3])
    assert t.stride() == (12, 3)
    assert t.float().tolist() == [[0.0, 3.0], [12.0, 15.0]]
    u = torch.arange(24, dtype=torch.bfloat16).reshape(4, 6).t()[1::2]
    y = aa.from_dlpack(u)
    assert y.shape == (3, 4)
    assert np.asarray(aa.astype(y, aa.float32)).tolist() == u.float().tolist()


def test_zero_d_and_empty_tensors_cross(torch):
    for t in (torch.tensor(2.5, dtype=torch.bfloat16), torch.zeros((0, 3), dtype=torch.bfloat16)):
        y = aa.from_dlpack(t)
        assert y.shape == tuple(t.shape) and y.dtype == aa.bfloat16
        assert np.asarray(aa.astype(y, aa.float32)).tolist() == t.float().tolist()
        assert tuple(torch.from_dlpack(y).shape) == tuple(t.shape)


def test_lifetimes_across_torch(torch):
    gc.collect()
    before = _dlpack.live_exports()
    x = bf16()
    t = torch.from_dlpack(x)
    del x
    gc.collect()
    assert t.float().tolist() == VALUES  # torch keeps aiarray's buffer alive
    assert _dlpack.live_exports() == before + 1
    del t
    gc.collect()
    assert _dlpack.live_exports() == before  # torch called aiarray's deleter
    src = torch.tensor(VALUES, dtype=torch.bfloat16)
    y = aa.from_dlpack(src)
    del src
    gc.collect()
    assert as_float32(y) == VALUES  # aiarray keeps torch's tensor alive


def test_torch_dtypes_aiarray_lacks_are_named(torch):
    t = torch.zeros(3, dtype=torch.float8_e4m3fn)
    for convert in (aa.from_dlpack, aa.asarray):
        with raises(aa.DLPackError, aa.Status.INVALID_ARGUMENT, "code=10", "kDLFloat8_e4m3fn",
                    "bits=8", "lanes=1"):
            convert(t)


def test_a_torch_tensor_that_requires_grad_names_the_fix(torch):
    t = torch.ones(2, dtype=torch.bfloat16, requires_grad=True)
    for convert in (aa.from_dlpack, aa.asarray):
        with raises(aa.DLPackError, aa.Status.INVALID_ARGUMENT, "detach"):
            convert(t)
    assert as_float32(aa.asarray(t.detach())) == [1.0, 1.0]


# ---------------------------------------------------------------------------
# JAX


@pytest.fixture(scope="module")
def jax():
    jax = module("jax")
    module("jax.numpy", "jax")
    return jax


def jax_pointer(a) -> int:
    return a.unsafe_buffer_pointer()


def aligned_bf16(values, alignment: int) -> aa.Array:
    """A bfloat16 Array whose buffer starts at a multiple of ``alignment`` bytes (and not
    of twice that), over memory NumPy allocated."""
    import ml_dtypes

    raw = np.empty(len(values) * 2 + 4 * alignment, dtype=np.uint8)
    start = -raw.ctypes.data % (2 * alignment) + alignment
    a = raw[start:start + len(values) * 2].view(ml_dtypes.bfloat16)
    a[...] = np.asarray(values, dtype=np.float32)
    x = aa.asarray(a, copy=False)
    assert pointer(x) % alignment == 0 and pointer(x) % (2 * alignment) != 0
    return x


def test_jax_takes_aligned_aiarray_bfloat16_without_a_copy(jax):
    """XLA's CPU client takes a buffer as it is when it is 64-byte aligned."""
    import jax.numpy as jnp

    x = aligned_bf16(VALUES, 64)
    for j in (jnp.from_dlpack(x), jax.dlpack.from_dlpack(x), jnp.from_dlpack(x, copy=False)):
        assert j.dtype == jnp.bfloat16 and j.shape == (6,)
        assert np.asarray(j.astype(jnp.float32)).tolist() == VALUES
        assert jax_pointer(j) == pointer(x)


def test_jax_copies_a_less_aligned_buffer_itself(jax):
    import jax.numpy as jnp

    x = aligned_bf16(VALUES, 16)
    j = jnp.from_dlpack(x)
    assert np.asarray(j.astype(jnp.float32)).tolist() == VALUES
    assert jax_pointer(j) != pointer(x)
    with pytest.raises(ValueError, match="copy"):
        jnp.from_dlpack(x, copy=False)


def test_aiarray_takes_jax_bfloat16_without_a_copy(jax):
    import jax.numpy as jnp

    j = jnp.asarray(VALUES, dtype=jnp.bfloat16)
    reference = np.asarray(j.astype(jnp.float32)).tolist()
    for y in (aa.from_dlpack(j), aa.asarray(j), aa.asarray(j, copy=False)):
        assert y.dtype == aa.bfloat16 and y.shape == (6,)
        assert as_float32(y) == reference
        assert pointer(y) == jax_pointer(j)
    copied = aa.asarray(j, copy=True)
    assert pointer(copied) != jax_pointer(j)
    assert as_float32(copied) == reference


def test_jax_round_trip_of_a_matrix(jax):
    import jax.numpy as jnp

    j = jnp.arange(12, dtype=jnp.bfloat16).reshape(3, 4) / 8
    y = aa.from_dlpack(j)
    assert y.shape == (3, 4)
    assert np.asarray(aa.astype(y, aa.float32)).tolist() == \
        np.asarray(j.astype(jnp.float32)).tolist()
    back = jnp.from_dlpack(y)
    assert back.dtype == jnp.bfloat16 and bool(jnp.all(back == j))


def test_lifetimes_across_jax(jax):
    import jax.numpy as jnp

    gc.collect()
    before = _dlpack.live_exports()
    x = aligned_bf16(VALUES, 64)
    j = jnp.from_dlpack(x)
    del x
    gc.collect()
    assert np.asarray(j.astype(jnp.float32)).tolist() == VALUES
    del j
    gc.collect()
    assert _dlpack.live_exports() == before


# ---------------------------------------------------------------------------
# Shutdown with buffers shared both ways


@pytest.mark.parametrize("library", ["torch", "jax"])
def test_interpreter_exit_with_shared_buffers_is_clean(library):
    module(library)
    script = {
        "torch": """
            import torch, aiarray as aa
            x = aa.astype(aa.asarray([1.0, 2.0]), aa.bfloat16)
            kept = [torch.from_dlpack(x), aa.from_dlpack(torch.ones(3, dtype=torch.bfloat16))]
            print(float(kept[0][1]), float(kept[1][2]))
        """,
        "jax": """
            import jax.numpy as jnp, aiarray as aa
            x = aa.astype(aa.asarray([1.0, 2.0] * 32), aa.bfloat16)
            kept = [jnp.from_dlpack(x), aa.from_dlpack(jnp.ones(3, dtype=jnp.bfloat16))]
            print(float(kept[0][1]), float(kept[1][2]))
        """,
    }[library]
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(script)], capture_output=True,
                       text=True, timeout=300, check=False)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["2.0", "1.0"]
    assert "Exception ignored" not in r.stderr, r.stderr


# ---------------------------------------------------------------------------
# JAX takes what aiarray allocates without a copy (64-byte aligned buffers; issue 19,
# item 6).  XLA's CPU client refuses copy=False for any buffer not 64-byte aligned.

JAX_ROUTES = ["zeros", "ones", "full", "empty", "arange", "asarray(list)",
              "asarray(ndarray, copy=True)", "astype", "add", "add, mixed dtypes",
              "multiply by a scalar", "negative", "sin", "less", "sum along an axis",
              "cumulative_sum"]
# 64-bit dtypes are left out: JAX (without jax_enable_x64) converts them to 32 bits.
JAX_DTYPES = ("float32", "int32", "uint8", "float16", "bfloat16", "complex64")
LARGEST = {"zeros", "ones", "empty", "astype", "add", "multiply by a scalar"}  # also at 1e7


@pytest.mark.parametrize("route", list(_routes.NEW))
def test_jax_takes_new_large_arrays_without_a_copy(jax, route):
    """The large results of the functions that build a new array out of others
    (joining, sorting, searching, sets, indexing, repeating, clip) are shared with JAX;
    int64 ones with jax_enable_x64 on (JAX narrows them to int32 otherwise)."""
    import jax.numpy as jnp

    dtypes = [d for d in _routes.ROUTES[route][1] if d in JAX_DTYPES] or ["float32"]
    wide = _routes.RESULT_DTYPE.get(route) == "int64"
    for dtype in dtypes:
        first = _routes.sizes_from(_memory.MIN_BYTES, route, dtype)
        made = [_routes.make(route, n, dtype) for n in (first, first, first + 30)]
        with jax.enable_x64(wide):
            for x in made:
                j = jnp.from_dlpack(x, copy=False)  # raises when the buffer is not aligned
                assert jax_pointer(j) == _routes.data_pointer(x), (route, dtype)
                assert j.shape == x.shape and str(j.dtype) == str(x.dtype)
                assert np.asarray(j).tobytes() == np.asarray(x).tobytes()


@pytest.mark.parametrize("route", JAX_ROUTES)
def test_jax_takes_allocated_arrays_without_a_copy(jax, route):
    import jax.numpy as jnp

    dtypes = _routes.ROUTES[route][1]
    dtypes = [d for d in dtypes if d in JAX_DTYPES] or ["float32"]
    shared = tried = 0
    for dtype in dtypes:
        first = _routes.sizes_from(_memory.MIN_BYTES, route, dtype)
        sizes = [first] + ([10**7] if route in LARGEST and dtype == dtypes[0] else [])
        for n in sizes:
            x = _routes.make(route, n, dtype)
            j = jnp.from_dlpack(x, copy=False)  # raises when the buffer is not aligned
            tried += 1
            shared += jax_pointer(j) == _routes.data_pointer(x)
            assert j.shape == x.shape
            if n == first and route != "empty":
                assert np.asarray(j).tobytes() == np.asarray(x).tobytes()
    assert shared == tried

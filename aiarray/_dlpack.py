"""DLPack capsules written and read by aiarray itself (ctypes, no compiled code).

NumPy's DLPack exporter and importer know no bfloat16 and no complex32, but DLPack has
codes for both (``kDLBfloat`` 16 bits, ``kDLComplex`` 32 bits) and PyTorch and JAX use
them.  So aiarray:

- exports bfloat16 and complex32 with its own capsules (:func:`export`); the other dtypes
  go through NumPy's exporter, which knows them;
- imports every DLPack capsule itself (:func:`import_array`), so any producer's bfloat16
  or complex32 arrives without a copy, and a dtype aiarray has no equivalent for is
  refused with its code, bits and lanes named.

Both capsule forms are written and read: DLPack 1.x (``"dltensor_versioned"``, with the
read-only and is-copied flags) and the legacy one (``"dltensor"``).  Ownership follows
the DLPack rules: a consumer renames the capsule it takes to ``"used_..."`` and calls the
tensor's deleter when it is done; a capsule nobody took calls the deleter itself when it
is freed.
"""

from __future__ import annotations

import ctypes
import math
from ctypes import (
    CFUNCTYPE,
    POINTER,
    Structure,
    c_char_p,
    c_int,
    c_int32,
    c_int64,
    c_uint8,
    c_uint16,
    c_uint32,
    c_uint64,
    c_void_p,
)
from typing import Any

import numpy as np

from . import _dtypes as D
from ._errors import DLPackError
from ._typing import DType, NDArray

# --- the C structures of dlpack.h ------------------------------------------------------


class DLDevice(Structure):
    _fields_ = [("device_type", c_int32), ("device_id", c_int32)]


class DLDataType(Structure):
    _fields_ = [("code", c_uint8), ("bits", c_uint8), ("lanes", c_uint16)]


class DLTensor(Structure):
    _fields_ = [
        ("data", c_void_p), ("device", DLDevice), ("ndim", c_int32), ("dtype", DLDataType),
        ("shape", POINTER(c_int64)), ("strides", POINTER(c_int64)), ("byte_offset", c_uint64),
    ]


# void (*deleter)(DLManagedTensor[Versioned] *self): the tensor's address as an integer
Deleter = CFUNCTYPE(None, c_void_p)


class DLManagedTensor(Structure):
    _fields_ = [("dl_tensor", DLTensor), ("manager_ctx", c_void_p), ("deleter", Deleter)]


class DLPackVersion(Structure):
    _fields_ = [("major", c_uint32), ("minor", c_uint32)]


class DLManagedTensorVersioned(Structure):
    _fields_ = [
        ("version", DLPackVersion), ("manager_ctx", c_void_p), ("deleter", Deleter),
        ("flags", c_uint64), ("dl_tensor", DLTensor),
    ]


KDL_CPU = 1
VERSION = (1, 0)  # the DLPack version aiarray writes (and the highest it asks for)
FLAG_READ_ONLY = 1 << 0
FLAG_IS_COPIED = 1 << 1

DEVICE_NAMES = {
    1: "CPU", 2: "CUDA", 3: "CUDAHost", 4: "OpenCL", 7: "Vulkan", 8: "Metal", 9: "VPI",
    10: "ROCM", 11: "ROCMHost", 12: "ExtDev", 13: "CUDAManaged", 14: "OneAPI", 15: "WebGPU",
    16: "Hexagon", 17: "MAIA", 18: "Trn",
}
CODE_NAMES = {
    0: "kDLInt", 1: "kDLUInt", 2: "kDLFloat", 3: "kDLOpaqueHandle", 4: "kDLBfloat",
    5: "kDLComplex", 6: "kDLBool", 7: "kDLFloat8_e3m4", 8: "kDLFloat8_e4m3",
    9: "kDLFloat8_e4m3b11fnuz", 10: "kDLFloat8_e4m3fn", 11: "kDLFloat8_e4m3fnuz",
    12: "kDLFloat8_e5m2", 13: "kDLFloat8_e5m2fnuz", 14: "kDLFloat8_e8m0fnu",
    15: "kDLFloat6_e2m3fn", 16: "kDLFloat6_e3m2fn", 17: "kDLFloat4_e2m1fn",
}

# (code, bits) of each aiarray dtype; lanes is always 1.  The one table both ways read.
# bfloat16 (kDLBfloat, 16 bits) joins when it loads: importing this module must not load it.
DLPACK_DTYPES: dict[DType, tuple[int, int]] = {
    D.bool_: (6, 8),
    D.int8: (0, 8), D.int16: (0, 16), D.int32: (0, 32), D.int64: (0, 64),
    D.uint8: (1, 8), D.uint16: (1, 16), D.uint32: (1, 32), D.uint64: (1, 64),
    D.float16: (2, 16), D.float32: (2, 32), D.float64: (2, 64),
    D.complex32: (5, 32), D.complex64: (5, 64), D.complex128: (5, 128),
}
_BFLOAT16_CODE = (4, 16)
FROM_DLPACK: dict[tuple[int, int], DType] = {v: k for k, v in DLPACK_DTYPES.items()}
# NumPy's exporter has no code for these; aiarray writes their capsules itself.
OWN_EXPORT: set[DType] = {D.complex32}


def _add_bfloat16(bf16: DType) -> None:
    DLPACK_DTYPES[bf16] = _BFLOAT16_CODE
    FROM_DLPACK[_BFLOAT16_CODE] = bf16
    OWN_EXPORT.add(bf16)


D.when_bfloat16_loads(_add_bfloat16)


def describe_dtype(code: int, bits: int, lanes: int) -> str:
    """``code=4 (kDLBfloat), bits=16, lanes=1``: a DLPack dtype as error messages name it."""
    return f"code={code} ({CODE_NAMES.get(code, 'unknown')}), bits={bits}, lanes={lanes}"


def describe_device(device_type: int, device_id: int) -> str:
    return f"({device_type}, {device_id}) ({DEVICE_NAMES.get(device_type, 'unknown')})"


# --- the C API calls (GIL held: pythonapi) ---------------------------------------------

def _c_api(name: str, restype: Any, *argtypes: Any) -> Any:
    """A function of the Python C API (called with the GIL held), typed here: a private
    function object, so other code setting ``ctypes.pythonapi.X.argtypes`` cannot change it."""
    return ctypes.PYFUNCTYPE(restype, *argtypes)((name, ctypes.pythonapi))


_capsule_new = _c_api("PyCapsule_New", ctypes.py_object, c_void_p, c_char_p, c_void_p)
_capsule_is_valid = _c_api("PyCapsule_IsValid", c_int, c_void_p, c_char_p)
_capsule_pointer = _c_api("PyCapsule_GetPointer", c_void_p, c_void_p, c_char_p)
_capsule_set_name = _c_api("PyCapsule_SetName", c_int, c_void_p, c_char_p)
_incref = _c_api("Py_IncRef", None, ctypes.py_object)


def _immortal(obj: Any) -> Any:
    """Keep ``obj`` alive for the life of the process: C code holds pointers into it
    (capsule names, callbacks) that may be used while the interpreter shuts down."""
    _incref(obj)
    return obj


NAME = _immortal(ctypes.create_string_buffer(b"dltensor"))
NAME_VERSIONED = _immortal(ctypes.create_string_buffer(b"dltensor_versioned"))
USED_NAME = _immortal(ctypes.create_string_buffer(b"used_dltensor"))
USED_NAME_VERSIONED = _immortal(ctypes.create_string_buffer(b"used_dltensor_versioned"))

# --- export ----------------------------------------------------------------------------

# Address of each DLManagedTensor[Versioned] aiarray has handed out -> what keeps its
# memory valid (the structure, its shape and strides, the ndarray).  The deleter drops it.
_exported: dict[int, tuple[Any, ...]] = {}


def _release(address: int | None, exported: dict[int, Any] = _exported) -> None:
    """Forget an exported tensor (the module's globals may be gone at shutdown: bound)."""
    if address is not None:
        exported.pop(address, None)


_deleter = _immortal(Deleter(_release))


@CFUNCTYPE(None, c_void_p)  # type: ignore[untyped-decorator]  # (ctypes: no annotations)
def _capsule_destructor(capsule: int, names: tuple[Any, ...] = (NAME, NAME_VERSIONED),
                        is_valid: Any = _capsule_is_valid, pointer: Any = _capsule_pointer,
                        release: Any = _release) -> None:
    """A capsule freed without a consumer still owns its tensor: release it.

    ``capsule`` is the raw PyObject pointer (the object is being freed: no Python
    reference may be made to it).  What it calls is bound here, not looked up in the
    module's globals, which may be cleared while the interpreter shuts down."""
    for name in names:
        if is_valid(capsule, name):
            release(pointer(capsule, name))
            return


_immortal(_capsule_destructor)
_DESTRUCTOR_ADDRESS = ctypes.cast(_capsule_destructor, c_void_p)


def live_exports() -> int:
    """How many tensors aiarray has exported that no consumer has released yet."""
    return len(_exported)


def export(a: NDArray, dtype: DType, *, versioned: bool,
           copy: bool | None = None) -> Any:
    """A DLPack capsule of ``a`` (an aiarray buffer of ``dtype``) on the CPU.

    ``versioned`` writes DLPack 1.0 (``max_version`` of at least (1, 0) was asked for);
    otherwise the legacy form, which cannot say "read-only": a read-only array then needs
    ``copy=True``.  ``copy=True`` exports a fresh copy (flagged as copied); ``copy=False``
    and ``None`` share ``a``'s memory.
    """
    code, bits = DLPACK_DTYPES[dtype]
    if not a.dtype.isnative:
        raise DLPackError(f"DLPack export of a {a.dtype.byteorder!r}-byte-order array: "
                          "DLPack has only the native byte order; copy it first")
    item = a.itemsize
    if copy is not True and any(s % item for s in a.strides):
        if copy is False:
            raise DLPackError(f"DLPack export of {D.name_of(dtype)} with byte strides "
                              f"{a.strides} (not whole elements) needs a copy, but copy=False")
        copy = True
    if copy:
        a = np.array(a, copy=True)  # writable and C-contiguous
    elif not a.flags.writeable and not versioned:
        raise DLPackError(
            "DLPack export of a read-only array in the legacy (unversioned) form, which "
            "cannot mark it read-only: ask with max_version=(1, 0) or pass copy=True"
        )
    ndim = a.ndim
    shape = (c_int64 * max(ndim, 1))(*a.shape)
    strides = (c_int64 * max(ndim, 1))(*(s // item for s in a.strides))
    if versioned:
        managed: Any = DLManagedTensorVersioned()
        managed.version = DLPackVersion(*VERSION)
        managed.flags = ((0 if a.flags.writeable else FLAG_READ_ONLY)
                         | (FLAG_IS_COPIED if copy else 0))
    else:
        managed = DLManagedTensor()
    t = managed.dl_tensor
    t.data = a.__array_interface__["data"][0] or None
    t.device = DLDevice(KDL_CPU, 0)
    t.ndim = ndim
    t.dtype = DLDataType(code, bits, 1)
    t.shape = ctypes.cast(shape, POINTER(c_int64))
    t.strides = ctypes.cast(strides, POINTER(c_int64))
    t.byte_offset = 0
    managed.deleter = _deleter
    address = ctypes.addressof(managed)
    _exported[address] = (managed, shape, strides, a)
    try:
        return _capsule_new(address, NAME_VERSIONED if versioned else NAME,
                                  _DESTRUCTOR_ADDRESS)
    except BaseException:
        _release(address)
        raise


# --- import ----------------------------------------------------------------------------


class _Imported:
    """Owner of a consumed DLPack tensor: the base of the ndarrays that view it; its
    finalizer calls the producer's deleter once no view is left."""

    __slots__ = ("__array_interface__", "_address", "_deleter")

    def __init__(self, interface: dict[str, Any], address: int, deleter: Any) -> None:
        self.__array_interface__ = interface
        self._address = address
        self._deleter = deleter

    def release(self) -> None:
        deleter, self._deleter = self._deleter, None
        if deleter:  # a NULL function pointer is false
            deleter(self._address)

    def __del__(self) -> None:
        self.release()


def request_capsule(x: Any, copy: bool | None) -> tuple[Any, bool]:
    """Ask ``x`` for a capsule of its CPU data, DLPack 1.x first.

    Returns (capsule, whether the producer copied).  Raises DLPackError when ``x`` is on
    another device or its ``__dlpack__`` refuses.
    """
    device = getattr(x, "__dlpack_device__", None)
    if device is not None:
        dev_type, dev_id = device()
        if dev_type != KDL_CPU:
            raise DLPackError(f"from_dlpack(): x is on DLPack device "
                              f"{describe_device(dev_type, dev_id)}; aiarray has only the CPU "
                              "(1, 0): move it to the CPU first")
    kwargs: dict[str, Any] = {"max_version": VERSION}
    if copy is not None:
        kwargs["copy"] = copy
    try:
        try:
            return x.__dlpack__(**kwargs), bool(copy)
        except TypeError:  # a producer older than the 2023.12 keywords
            return x.__dlpack__(), False
    except DLPackError:
        raise
    except (BufferError, TypeError, ValueError, RuntimeError, NotImplementedError) as e:
        raise DLPackError(f"from_dlpack(): {type(x).__qualname__}.__dlpack__ refused: "
                          f"{type(e).__name__}: {e}") from None


def import_array(x: Any, copy: bool | None = None) -> tuple[NDArray, DType]:
    """The CPU data of any DLPack producer ``x`` as (ndarray, aiarray dtype).

    Shares ``x``'s memory unless ``copy=True``; a read-only tensor gives a read-only
    ndarray.  The ndarray of a complex32 tensor holds aiarray's complex32 records.
    """
    capsule, copied = request_capsule(x, copy)
    a, dtype = import_capsule(capsule)
    if copy and not copied:  # the producer did not take the keyword: copy here
        a = np.array(a, copy=True)
    return a, dtype


def import_capsule(capsule: Any) -> tuple[NDArray, DType]:
    """Consume an unused DLPack capsule; (ndarray viewing its memory, aiarray dtype)."""
    pointer = id(capsule)
    if type(capsule).__name__ != "PyCapsule":
        raise DLPackError(f"from_dlpack(): __dlpack__ returned {type(capsule).__qualname__}, "
                          "not a PyCapsule")
    if _capsule_is_valid(pointer, NAME_VERSIONED):
        address = _capsule_pointer(pointer, NAME_VERSIONED)
        managed: Any = DLManagedTensorVersioned.from_address(address)
        if managed.version.major != VERSION[0]:
            raise DLPackError(f"from_dlpack(): DLPack version {managed.version.major}."
                              f"{managed.version.minor} is not supported (aiarray reads 1.x)")
        read_only = bool(managed.flags & FLAG_READ_ONLY)
        used = USED_NAME_VERSIONED
    elif _capsule_is_valid(pointer, NAME):
        address = _capsule_pointer(pointer, NAME)
        managed = DLManagedTensor.from_address(address)
        read_only = False
        used = USED_NAME
    else:
        raise DLPackError("from_dlpack(): the capsule is not an unused DLPack capsule "
                          "('dltensor' or 'dltensor_versioned'); was it consumed already?")
    t = managed.dl_tensor
    code, bits, lanes = t.dtype.code, t.dtype.bits, t.dtype.lanes
    if (code, bits) == _BFLOAT16_CODE and lanes == 1:
        D.load_bfloat16()  # a producer's bfloat16: load aiarray's support for it now
    dtype = FROM_DLPACK.get((code, bits)) if lanes == 1 else None
    if dtype is None:
        supported = ", ".join(f"{D.name_of(d)} ({c}, {b})" for d, (c, b) in DLPACK_DTYPES.items())
        raise DLPackError(f"from_dlpack(): DLPack dtype {describe_dtype(code, bits, lanes)} "
                          f"has no aiarray equivalent; aiarray takes lanes=1 with (code, bits) "
                          f"of {supported}")
    if t.device.device_type != KDL_CPU:
        raise DLPackError(f"from_dlpack(): the tensor is on DLPack device "
                          f"{describe_device(t.device.device_type, t.device.device_id)}; "
                          "aiarray has only the CPU")
    if t.ndim < 0:
        raise DLPackError(f"from_dlpack(): the tensor has ndim={t.ndim}")
    ndim = t.ndim
    shape = tuple(t.shape[i] for i in range(ndim))
    item = dtype.itemsize
    strides = None if not t.strides else tuple(t.strides[i] * item for i in range(ndim))
    data = (t.data or 0) + t.byte_offset
    # Ours from here on: the producer's capsule destructor must not free it too.
    _capsule_set_name(pointer, used)
    owner = _Imported({"version": 3, "shape": shape, "strides": strides,
                       "typestr": f"|V{item}", "data": (data, read_only)},
                      address, managed.deleter)
    if math.prod(shape) == 0:  # no element to view; the pointer may be anything
        owner.release()
        empty = np.empty(shape, dtype)
        empty.flags.writeable = not read_only
        return empty, dtype
    if not data:
        owner.release()
        raise DLPackError(f"from_dlpack(): the tensor of shape {shape} has a NULL data pointer")
    try:
        a = np.asarray(owner).view(dtype)
    except BaseException:
        owner.release()
        raise
    return a, dtype

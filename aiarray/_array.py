"""The Array object: one NumPy ndarray, its aiarray dtype and its device.

``Array._new`` is the only constructor.  Operators come from the op registry
through the dispatcher; their names are spelled out below so tools see them.
"""

from __future__ import annotations

import builtins
import math
import operator
import types
import weakref
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, SupportsIndex

import numpy as np

from . import _dispatch
from . import _dtypes as D
from . import _promotion as P
from ._array_numpy import (
    NumpyMethods,
    made_as_array,
    numpy_namespace,
    scalar_repr,
    set_shape,
    setitem_value,
    swapin_scalar,
)
from ._device import CPU, Device, check_device
from ._dispatch import (
    defers,
    inplace,
    make_function,
    not_an_array,
    swapin_call,
    swapin_inplace,
)
from ._errors import (
    AllocationError,
    DimensionMismatchError,
    DLPackError,
    ForeignDataError,
    IndexTypeError,
    InvalidArgumentError,
    NoBufferFormatError,
    OutOfRangeError,
    ScalarOverflowError,
    TypeMismatchError,
    UninitializedError,
)
from ._layers import standard
from ._printing import array_format, array_repr, array_str
from ._registry import OPERATORS, OPS
from ._signatures import Index, Operand, SetValue
from ._typing import DType, NDArray
from ._versions import SUPPORTED as SUPPORTED_VERSIONS

if TYPE_CHECKING:
    from numpy.typing import DTypeLike

_DTYPE_OF = D.BY_NUMPY  # ndarray dtype -> aiarray dtype
_SCALARS = P.SCALARS  # whether the swap-in's scalars are NumPy's own (its numpy policy)
_new = object.__new__
_NDARRAY = np.ndarray  # (a global: one lookup on the per-element paths, not two)
_C32 = D.complex32
# Arrays marked by as_parameter(), by id; entries vanish with their arrays.
_PARAMETERS: weakref.WeakValueDictionary[int, Array] = weakref.WeakValueDictionary()


def _operator(name: str) -> Callable[..., Array]:
    op = OPERATORS[name]
    method = make_function(op, f"__{name}__", method=True)
    method.__doc__ = f"{op.doc} (aiarray.{op.name})"
    return method


# The operators' run-time annotations (inspect.signature, help(), the docs), the types a
# type checker reads; shared by the methods, filled in once Array exists (end of module).
_UNARY_ANNOTATIONS: dict[str, object] = {}
_BINARY_ANNOTATIONS: dict[str, object] = {}


def _unary_operator(name: str) -> Callable[[Array], Array]:
    """``op x`` (``__neg__`` ...) from the registry."""
    method = _operator(name)
    method.__annotations__ = _UNARY_ANNOTATIONS
    return method


def _binary_operator(name: str) -> Callable[[Array, Operand], Array]:
    """``x op other`` (``__add__``, ``__eq__`` ...) from the registry."""
    method = _operator(name)
    method.__annotations__ = _BINARY_ANNOTATIONS
    return method


def _reflected(name: str) -> Callable[[Array, Operand], Array]:
    """``other op x`` (``__radd__`` ...) from the registry."""
    op = OPERATORS[name]
    method = _dispatch.make_reflected(op, f"__r{name}__")
    method.__doc__ = f"reflected {op.doc} (aiarray.{op.name})"
    return method  # (an Array, or NumPy's scalar)


def _inplace(name: str) -> Callable[[Array, Operand], Array]:
    op = OPERATORS[name]
    ufunc = op.numpy if isinstance(op.numpy, np.ufunc) else None
    sizes = _dispatch.op_sizes(op.name)

    def method(self: Array, other: Operand, /) -> Array:
        if ufunc is not None and self._numpy and _SCALARS.plain \
                and swapin_inplace(ufunc, sizes, self, other):
            return self
        if self._numpy:  # as ``x op other``: lists, tuples and ndarrays by NumPy's rules
            converted = _dispatch.swapin_operand(self, other)
            if converted is NotImplemented:  # objects, strings: NumPy's in-place refuses
                raise ForeignDataError(f"in-place {op.name}(): other holds data of dtype "
                                       f"{getattr(other, 'dtype', '?')}, which cannot be "
                                       f"written into a {D.name_of(self._dtype)} array")
            return inplace(op, self, converted)
        return inplace(op, self, other)

    method.__name__ = f"__i{name}__"
    method.__doc__ = f"in-place {op.doc}; the dtype and shape of self never change"
    return method


class Array(NumpyMethods):
    """An n-dimensional array of one aiarray dtype on one device.

    Arrays come from the creation functions (``asarray``, ``zeros``, ``arange``, ...);
    ``Array()`` itself cannot be called.  An array has the standard's attributes,
    methods and operators, and NumPy's ndarray methods with NumPy's signatures.  An
    array made by the NumPy swap-in (``aiarray.numpy``) follows the swap-in's promotion
    (NumPy's), and so do its results; it prints as NumPy prints.

    Examples
    --------
    >>> x = xp.asarray([1, 2, 3], dtype=xp.int8)
    >>> x.dtype, x.shape, x.ndim
    (dtype('int8'), (3,), 1)
    >>> x + xp.asarray([1, 1, 1], dtype=xp.uint8)  # int8 with uint8 gives int16
    Array([2, 3, 4], dtype=int16)
    >>> x.astype(xp.float32) * 0.5
    Array([0.5, 1. , 1.5], dtype=float32)
    >>> x.sum(), x.tolist()
    (Array(6, dtype=int64), [1, 2, 3])
    """
    # (Internals: ``_array`` is the NumPy buffer, ``_dtype`` the aiarray dtype, and
    # ``_numpy`` tags an array of the swap-in; the NumPy-style methods are in
    # _array_numpy.NumpyMethods.)

    __slots__ = ("__weakref__", "_array", "_dtype", "_numpy")
    __array_priority__ = 100.0  # NumPy defers mixed operators to Array (then __array_ufunc__)

    _array: NDArray
    _dtype: DType
    _numpy: builtins.bool

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise UninitializedError(
            "Array() cannot be called: use aiarray.asarray() or another creation function"
        )

    @classmethod
    def _new(cls, array: NDArray, dtype: DType | None = None,
             numpy: builtins.bool = False, /) -> Array:
        """Wrap ``array`` (not copied).  ``dtype`` is its aiarray dtype when known;
        ``numpy`` tags an array of the swap-in namespace."""
        obj = object.__new__(cls)
        if type(array) is not _NDARRAY:
            array = np.asarray(array)
        if dtype is None:
            dtype = _DTYPE_OF.get(array.dtype) or D.of_numpy(array.dtype)  # (loads bf16)
            if dtype is None:
                raise TypeMismatchError(f"NumPy dtype {array.dtype} has no aiarray equivalent")
        obj._array = array
        obj._dtype = dtype
        obj._numpy = numpy
        return obj

    # -- attributes --------------------------------------------------------------
    @property
    def dtype(self) -> DType:
        """Data type of the elements."""
        return self._dtype

    @property
    def device(self) -> Device:
        """The device holding the data (the CPU)."""
        return CPU

    @property
    def ndim(self) -> int:
        """Number of axes (GB/T 7.2.2.6)."""
        return self._array.ndim

    @property
    def shape(self) -> tuple[int, ...]:
        """Size of each axis (GB/T 7.2.2.1)."""
        return self._array.shape

    @shape.setter
    def shape(self, value: SupportsIndex | Sequence[SupportsIndex]) -> None:
        """``x.shape = (2, 3)`` (swap-in arrays, as NumPy): reshape in place without a copy."""
        set_shape(self, value)

    @property
    def size(self) -> int:
        """Number of elements (GB/T 7.2.2.5)."""
        return self._array.size

    @property
    def T(self) -> Array:  # noqa: N802 - the standard's name
        """Transpose of a 2-D array (a swap-in array: of any array, axes reversed)."""
        if self._numpy:
            res = _new(Array)
            res._array = self._array.T
            res._dtype = self._dtype
            res._numpy = True
            return res
        if self.ndim != 2:
            raise DimensionMismatchError(
                f"x.T needs a 2-D array, got ndim={self.ndim}; use permute_dims"
            )
        return Array._new(self._array.T, self._dtype, self._numpy)

    @property
    def mT(self) -> Array:  # noqa: N802 - the standard's name
        """Transpose of the last two axes (a stack of matrices)."""
        if self.ndim < 2:
            raise DimensionMismatchError(f"x.mT needs ndim >= 2, got ndim={self.ndim}")
        return Array._new(np.swapaxes(self._array, -1, -2), self._dtype, self._numpy)

    @property
    def is_parameter(self) -> bool:
        """Marked as a parameter (MindSpore policy: never implicitly cast)."""
        return _PARAMETERS.get(id(self)) is self

    # -- arithmetic, bitwise and comparison operators (from the registry) -----
    __abs__ = _unary_operator("abs")
    __neg__ = _unary_operator("neg")
    __pos__ = _unary_operator("pos")
    __invert__ = _unary_operator("invert")
    __add__ = _binary_operator("add")
    __sub__ = _binary_operator("sub")
    __mul__ = _binary_operator("mul")
    __truediv__ = _binary_operator("truediv")
    __floordiv__ = _binary_operator("floordiv")
    __mod__ = _binary_operator("mod")
    _pow = _binary_operator("pow")
    __and__ = _binary_operator("and")
    __or__ = _binary_operator("or")
    __xor__ = _binary_operator("xor")
    __lshift__ = _binary_operator("lshift")
    __rshift__ = _binary_operator("rshift")
    # (the standard's == and != are elementwise: an Array, where object's give a bool)
    __eq__ = _binary_operator("eq")  # type: ignore[assignment]  # (see above)
    __ne__ = _binary_operator("ne")  # type: ignore[assignment]  # (see above)
    __lt__ = _binary_operator("lt")
    __le__ = _binary_operator("le")
    __gt__ = _binary_operator("gt")
    __ge__ = _binary_operator("ge")
    __radd__ = _reflected("add")
    __rsub__ = _reflected("sub")
    __rmul__ = _reflected("mul")
    __rtruediv__ = _reflected("truediv")
    __rfloordiv__ = _reflected("floordiv")
    __rmod__ = _reflected("mod")
    __rpow__ = _reflected("pow")
    __rand__ = _reflected("and")
    __ror__ = _reflected("or")
    __rxor__ = _reflected("xor")
    __rlshift__ = _reflected("lshift")
    __rrshift__ = _reflected("rshift")
    __iadd__ = _inplace("add")
    __isub__ = _inplace("sub")
    __imul__ = _inplace("mul")
    __itruediv__ = _inplace("truediv")
    __ifloordiv__ = _inplace("floordiv")
    __imod__ = _inplace("mod")
    _ipow = _inplace("pow")
    __iand__ = _inplace("and")
    __ior__ = _inplace("or")
    __ixor__ = _inplace("xor")
    __ilshift__ = _inplace("lshift")
    __irshift__ = _inplace("rshift")
    __hash__ = None  # type: ignore[assignment]  # mutable: not hashable

    def __pow__(self, other: Operand, /) -> Array:
        """``x ** other`` (aiarray.pow).  A swap-in array takes NumPy's shortcuts for a
        Python exponent: ``x ** 2`` is ``square(x)``, and for floating and complex data
        ``x ** -1`` is ``reciprocal(x)`` and ``x ** 0.5`` is ``sqrt(x)`` (NumPy's values,
        which differ from pow's in the last bit for complex data)."""
        if self._numpy:
            if type(other) is int and other == 2:  # the commonest: NumPy's square
                squared: Array = _square(self)
                return squared
            shortcut = _numpy_power(self, other)
            if shortcut is not None:
                return shortcut(self)  # type: ignore[no-any-return]  # (a swap-in ufunc)
        return self._pow(other)

    def __ipow__(self, other: Operand, /) -> Array:
        """In-place ``x **= other``; the dtype and shape of self never change."""
        if self._numpy:
            shortcut = _numpy_power(self, other)
            if shortcut is not None:
                shortcut(self, out=self)
                return self
        return self._ipow(other)

    def __matmul__(self, other: Array, /) -> Array:
        """Matrix product (aiarray.matmul; aiarray.numpy.matmul for swap-in operands)."""
        if type(other) is not Array and defers(other, "matmul"):
            return NotImplemented
        if self._numpy and _SCALARS.plain:
            done = swapin_call(np.matmul, self, other, True, None)  # (BLAS either way)
            if done is not None:
                return done  # type: ignore[no-any-return]  # (an Array or NumPy's scalar)
        return _matmul(self, other)

    def __rmatmul__(self, other: Array, /) -> Array:
        """Reflected matrix product."""
        if defers(other, "matmul"):
            return NotImplemented
        if self._numpy and _SCALARS.plain:
            done = swapin_call(np.matmul, other, self, True, None)
            if done is not None:
                return done  # type: ignore[no-any-return]  # (an Array or NumPy's scalar)
        return _matmul(other, self)

    def __imatmul__(self, other: Array, /) -> Array:
        """In-place matrix product; the dtype and shape of self never change."""
        res = _matmul(self, other)
        if res._dtype is not self._dtype:
            raise TypeMismatchError(
                f"in-place matmul would change the dtype of x1 from {D.name_of(self._dtype)} "
                f"to {D.name_of(res._dtype)}"
            )
        if res.shape != self.shape:  # as for +=: a shape change is a ValueError
            raise DimensionMismatchError(
                f"in-place matmul would change the shape of x1 from {self.shape} to {res.shape}"
            )
        if not self._array.flags.writeable:
            raise InvalidArgumentError("in-place matmul: x1 is a read-only view")
        self._array[...] = res._array
        return self

    # -- conversion to Python scalars ---------------------------------------------
    def _scalar(self, what: str) -> Any:
        if self._array.size != 1:
            raise InvalidArgumentError(
                f"{what}() needs an array with one element, got shape {self.shape}"
            )
        if self._dtype is D.complex32:
            return complex(D.c32_to_c64(self._array).reshape(()).item())
        return self._array.reshape(()).item()

    def __bool__(self) -> builtins.bool:
        """``bool(x)``: the Python bool of a one-element array."""
        return builtins.bool(self._scalar("bool"))

    def __int__(self) -> int:
        """``int(x)``: the Python int of a one-element real array (TypeError if complex)."""
        if self._dtype in D.COMPLEX:
            raise TypeMismatchError(f"int() of a complex array ({D.name_of(self._dtype)})")
        value = self._scalar("int")
        if isinstance(value, float) and not math.isfinite(value):  # as int() of a float
            if math.isnan(value):
                raise InvalidArgumentError("int() of NaN: it has no integer value")
            raise ScalarOverflowError(f"int() of {value}: an infinity has no integer value")
        return int(value)

    def __float__(self) -> float:
        """``float(x)``: the Python float of a one-element real array (TypeError if complex)."""
        if self._dtype in D.COMPLEX:
            raise TypeMismatchError(f"float() of a complex array ({D.name_of(self._dtype)})")
        return float(self._scalar("float"))

    def __complex__(self) -> complex:
        """``complex(x)``: the Python complex of a one-element array."""
        return complex(self._scalar("complex"))

    def __index__(self) -> int:
        """The Python int of a 0-d integer array (an index, a size, a shape)."""
        if self._dtype not in D.INTEGER:
            raise TypeMismatchError(
                f"__index__ needs an integer array, got dtype {D.name_of(self._dtype)}"
            )
        if self._array.ndim:
            raise TypeMismatchError(
                f"__index__ needs a 0-d array, got shape {self.shape} (as NumPy: only "
                "integer scalar arrays convert to an index)"
            )
        return int(self._array.item())

    # -- interchange ------------------------------------------------------------------
    def __array_namespace__(self, /, *, api_version: str | None = None) -> types.ModuleType:
        """The aiarray namespace; ``api_version`` (2021.12 ... 2025.12) gives that version
        of the standard's behaviour (docs/conformance.md).  An array of the swap-in
        namespace gives ``aiarray.numpy`` (also a complete Array API namespace, of the
        newest version)."""
        if api_version is not None and (type(api_version) is not str
                                        or api_version not in SUPPORTED_VERSIONS):
            raise InvalidArgumentError(
                f"api_version={api_version!r} is not supported; choose one of "
                + ", ".join(SUPPORTED_VERSIONS)
            )
        if self._numpy:
            return numpy_namespace()
        if api_version is None:
            return standard()
        from ._versions import namespace

        return namespace(api_version)

    def __buffer__(self, flags: int, /) -> memoryview:
        """The buffer protocol (Python 3.12+: ``memoryview(x)``, ``bytes(x)``, libraries
        that read buffers): NumPy's buffer of the data.  bfloat16 and complex32 have no
        buffer format (NoBufferFormatError, a TypeError and a BufferError); NumPy then
        converts through ``__array__``.  On Python 3.11, ``x.data`` is the memoryview."""
        if self._dtype is D.complex32 or D.is_bfloat16(self._dtype):
            raise NoBufferFormatError(
                f"a {D.name_of(self._dtype)} array has no buffer format; use x.tobytes() "
                "or numpy.asarray(x)")
        return memoryview(self._array)  # type: ignore[arg-type]  # (an ndarray: a buffer)

    def __bytes__(self) -> bytes:
        """``bytes(x)``: the data's bytes in C order (as ``x.tobytes()``; every Python)."""
        data: bytes = self.tobytes()
        return data

    def __array__(self, dtype: DTypeLike | None = None,
                  copy: builtins.bool | None = None) -> NDArray:
        """NumPy view of the data (complex32 converts to complex64, which copies)."""
        a = self._array
        if copy is not None and not isinstance(copy, builtins.bool | np.bool_):
            raise TypeMismatchError(f"__array__(): copy={copy!r} must be a bool or None")
        if dtype is not None:
            try:
                dtype = np.dtype(dtype)
            except (TypeError, ValueError) as e:
                raise TypeMismatchError(f"__array__(): dtype={dtype!r} is not a NumPy dtype: "
                                        f"{e}") from None
        if self._dtype is D.complex32:
            if copy is False:
                raise InvalidArgumentError("complex32 -> NumPy needs a copy, but copy=False")
            a = D.c32_to_c64(a)
            copy = None
        if dtype is not None and dtype != a.dtype:
            if copy is False:
                raise InvalidArgumentError(f"conversion to {dtype} needs a copy, but copy=False")
            try:
                return a.astype(dtype)
            except (TypeError, ValueError) as e:
                raise TypeMismatchError(f"__array__(): cannot convert to {dtype}: {e}") from None
        return a.copy() if copy else a

    def __dlpack__(self, /, *, stream: object = None, max_version: tuple[int, int] | None = None,
                   dl_device: tuple[int, int] | None = None,
                   copy: builtins.bool | None = None) -> object:
        """Export through DLPack (CPU only; stream must be None).

        bfloat16 and complex32 export too (DLPack's ``kDLBfloat`` and ``kDLComplex`` 32
        bits), through aiarray's own capsules; the other dtypes through NumPy's.
        """
        if stream is not None:
            raise InvalidArgumentError(f"stream={stream!r}: the CPU has no streams; pass None")
        if copy is not None and not isinstance(copy, builtins.bool | np.bool_):
            raise TypeMismatchError(f"__dlpack__(): copy={copy!r} must be a bool or None")
        if max_version is not None and not (
                type(max_version) is tuple and len(max_version) == 2
                and all(type(v) is int for v in max_version)):
            raise TypeMismatchError(f"__dlpack__(): max_version={max_version!r} must be "
                                    "None or a (major, minor) tuple of ints")
        if dl_device is not None:
            if not (type(dl_device) is tuple and len(dl_device) == 2):
                raise TypeMismatchError(f"__dlpack__(): dl_device={dl_device!r} must be "
                                        "None or a (device type, device id) tuple")
            if tuple(dl_device) != self.__dlpack_device__():
                raise DLPackError(f"dl_device={dl_device!r}: only the CPU (1, 0) is supported")
        from . import _dlpack  # ctypes structures: loaded on the first export

        if self._dtype in _dlpack.OWN_EXPORT:
            versioned = max_version is not None and int(max_version[0]) >= 1
            return _dlpack.export(self._array, self._dtype, versioned=versioned, copy=copy)
        kwargs: dict[str, Any] = {"copy": copy}
        if max_version is not None:
            kwargs["max_version"] = max_version
        if dl_device is not None:
            kwargs["dl_device"] = dl_device
        try:
            return self._array.__dlpack__(**kwargs)
        except BufferError as e:
            raise DLPackError(str(e)) from None

    def __dlpack_device__(self) -> tuple[int, int]:
        """(kDLCPU, 0)."""
        return (1, 0)

    def to_device(self, device: Device, /, *, stream: object = None) -> Array:
        """The array on ``device`` (only the CPU exists: returns self)."""
        check_device(device)
        if stream is not None:
            raise InvalidArgumentError(f"stream={stream!r}: the CPU has no streams; pass None")
        return self

    # -- indexing ---------------------------------------------------------------------
    def __len__(self) -> int:
        """Length of the first axis (TypeError for a 0-d array, as in NumPy)."""
        try:
            return len(self._array)
        except TypeError:  # (a 0-d ndarray has no len)
            raise TypeMismatchError("len() of unsized object (a 0-d array)") from None

    def __iter__(self) -> Iterator[Array]:
        """The sub-arrays along the first axis (views); TypeError for a 0-d array.  A 1-D
        swap-in array gives NumPy's scalars, as an ndarray does."""
        if not self._array.ndim:
            raise TypeMismatchError("iteration over a 0-d array")
        a = self._array
        dt = self._dtype
        tag = self._numpy
        if tag and a.ndim == 1 and dt is not D.complex32:  # NumPy's scalars, as an ndarray
            return iter(a) if _SCALARS.plain else (swapin_scalar(v) for v in a)
        return _rows(a, dt, tag)

    def __getitem__(self, key: Index, /) -> Array:
        """``x[key]``: the elements that ``key`` selects."""
        if self._numpy and self._dtype is not _C32:
            # x[i], x[a:b], x[i, j]: NumPy's own indexing, inline (the per-element cost;
            # each check here is tens of ns of a ~0.2 us call: module globals, the
            # commonest key first)
            k: Any = key
            t = type(k)
            if t not in _PLAIN_PARTS:
                if t is not tuple:
                    return _numpy_item(self, key)
                for part in k:
                    if type(part) not in _PLAIN_PARTS:
                        return _numpy_item(self, key)
            try:
                out: Any = self._array[k]
            except Exception:  # NumPy's IndexError ...: the checked path says which
                return _numpy_item(self, key)
            if type(out) is not _NDARRAY:  # an element: NumPy's scalar (the swap-in's)
                found: Array = out if _SCALARS.plain else swapin_scalar(out)
                return found
            res = _new(Array)
            res._array = out
            res._dtype = self._dtype
            res._numpy = True
            if not out.ndim:
                made_as_array(res)
            return res
        k = _index_key(key, self)
        try:
            out = self._array[k]
        except IndexError as e:
            raise _index_error(key, self, e) from None
        except MemoryError as e:
            raise _selection_error(self, e) from None
        return Array._new(out, self._dtype, self._numpy)

    def __setitem__(self, key: Index, value: SetValue, /) -> None:
        """``x[key] = value``: write ``value`` where ``key`` selects; x's dtype stays."""
        if self._numpy and type(key) in _INT_KEYS:  # ``a[i] = v``: the commonest, inline
            tv = type(value)
            dt = self._dtype
            v: Any = value
            if tv is Array:  # (as _plain_value decides)
                plain = value._dtype is dt and dt is not _C32  # type: ignore[union-attr]  # (an Array)
                v = value._array  # type: ignore[union-attr]  # (an Array)
            elif tv is float:
                plain = dt.kind in _FLOAT_KINDS
            elif tv is int:
                plain = dt.kind in _NUMBER_KINDS
            else:
                plain = tv in _NUMPY_SCALARS and value.dtype is dt  # type: ignore[union-attr]  # (a NumPy scalar)
            if plain:
                try:
                    self._array[key] = v
                    return
                except Exception:  # read-only, range: the checked path says which
                    pass
        if self._numpy and _plain_value(self, value):
            k = _numpy_key(key)
            if k is not _MISS:
                try:  # NumPy's own assignment: same dtype, or a scalar it converts exactly
                    self._array[k] = value._array if type(value) is Array else value
                    return
                except Exception:  # read-only, shapes, range: the checked path says which
                    pass
        k = _index_key(key, self)
        dt = self._dtype
        if self._numpy:  # the swap-in's values: lists, ndarrays, castable scalars (checked)
            value = setitem_value(value, dt)
        if type(value) is Array:
            pol = P.policy_for(self, value)
            if value._dtype is not dt and pol.fast_pairs[(value._dtype, dt)] is not dt:
                raise TypeMismatchError(
                    f"cannot assign a {D.name_of(value._dtype)} value into a "
                    f"{D.name_of(dt)} array under the {pol.name!r} policy"
                )
            v = value._array if value._dtype is dt else _dispatch._cast(value._array, dt)
        else:
            key_ = P.scalar_key(value)
            if key_ is None:
                raise not_an_array("__setitem__", "value", value)
            if P.promote_scalar(dt, value, key_, P.policy_for(self)) is not dt:
                raise TypeMismatchError(
                    f"cannot assign {value!r} into a {D.name_of(dt)} array without changing "
                    "its dtype"
                )
            v = _dispatch._scalar_operand(value, dt)
        if not self._array.flags.writeable:
            raise InvalidArgumentError("cannot assign into a read-only view (e.g. broadcast_to)")
        try:
            self._array[k] = v
        except IndexError as e:
            raise _index_error(key, self, e) from None
        except ValueError as e:
            raise DimensionMismatchError(f"cannot assign a value of shape {np.shape(v)} "
                                         f"to x[{key!r}]: {e}") from None

    # -- display (aiarray/_printing.py) ------------------------------------------------
    def __repr__(self) -> str:
        """``repr(x)``: ``Array([...], dtype=...)`` (NumPy's form for a swap-in array)."""
        if self._numpy and not self._array.ndim:  # a NumPy scalar's repr, where NumPy has one
            scalar = scalar_repr(self)
            if scalar is not None:
                return scalar
        return array_repr(self._array, self._dtype, self._numpy)

    def __str__(self) -> str:
        """``str(x)``: the values as NumPy prints them."""
        return array_str(self._array, self._dtype)

    def __format__(self, spec: str) -> str:
        """``format(x, ".2f")``: a 0-d or one-element array formats as its Python value;
        an empty spec gives str(x); other arrays with a spec raise TypeError (as NumPy)."""
        return array_format(self, spec)


def _rows(a: NDArray, dt: DType, tag: bool) -> Iterator[Array]:
    """The sub-arrays of ``a`` along its first axis, as Arrays (views)."""
    for row in (a if a.ndim > 1 else (a[i, ...] for i in range(a.shape[0]))):
        res = _new(Array)
        res._array = row
        res._dtype = dt
        res._numpy = tag
        yield res


def _numpy_item(x: Array, key: Any) -> Array:
    """``x[key]`` of a swap-in array, as NumPy indexes: a NumPy scalar where NumPy gives
    one (every axis indexed by an integer), else an Array (a 0-d one made as an array)."""
    a = x._array
    out: Any = _MISS
    k = _numpy_key(key)
    if k is not _MISS:  # ints, slices, None, ...: NumPy's own indexing checks them
        try:
            out = a[k]
        except MemoryError as e:
            raise _selection_error(x, e) from None
        except Exception:  # NumPy's IndexError ...: the checked path gives aiarray's
            out = _MISS
    if out is _MISS:
        k = _index_key(key, x, False)
        try:
            out = a[k]
        except IndexError as e:
            raise _index_error(key, x, e) from None
        except MemoryError as e:
            raise _selection_error(x, e) from None
    if type(out) is not _NDARRAY:  # NumPy's scalar (typed as the Array it stands for)
        scalar: Array = out if _SCALARS.plain else swapin_scalar(out)
        return scalar
    res = _new(Array)
    res._array = out
    res._dtype = x._dtype
    res._numpy = True
    if not out.ndim:
        made_as_array(res)
    return res


def _selection_error(x: Array, e: MemoryError) -> AllocationError:
    """NumPy's MemoryError from ``x[key]`` (an integer-array or boolean key copies)."""
    return AllocationError(f"x[key]: cannot allocate the selected elements of an array of "
                           f"shape {x.shape} ({D.name_of(x._dtype)}): {e}")


_MISS = object()
_INT_KEYS = frozenset({int, np.intp, np.int64, np.int32})
_FLOAT_KINDS = frozenset("fc")  # dtype kinds a Python float goes into as NumPy converts it
_NUMBER_KINDS = frozenset("iufc")  # and a Python int (NumPy raises when out of range)
_NUMPY_SCALARS = D.NATIVE_SCALAR_TYPES  # NumPy's own scalar types
_PLAIN_PARTS = frozenset({int, slice, type(None), type(Ellipsis), builtins.bool, np.intp,
                          np.int64, np.int32, np.int16, np.int8, np.bool_})
# Index arrays NumPy takes without a conversion that could wrap around (uint64 and Python
# ints beyond 64 bits go through aiarray's checks).
_PLAIN_INDEX_DTYPES = frozenset({np.dtype(c) for c in "?bhilq"})


def _numpy_key(key: Any) -> Any:
    """Index ``key`` in the form NumPy takes as it is for a swap-in array, or _MISS:
    ints (Python's, NumPy's signed), slices, None, ``...`` and bools, and index arrays
    (Arrays, ndarrays) of signed integers or bools, alone or in a tuple.  NumPy's own
    checks then raise for what is out of range; index lists, unsigned index arrays and
    other forms go through aiarray's checks first."""
    t = type(key)
    if t in _PLAIN_PARTS:
        return key
    if t is Array or t is np.ndarray:
        a = key._array if t is Array else key
        return a if a.dtype in _PLAIN_INDEX_DTYPES else _MISS
    if t is tuple:
        parts: list[Any] | None = None
        for i, k in enumerate(key):
            tk = type(k)
            if tk in _PLAIN_PARTS:
                continue
            if tk is Array or tk is np.ndarray:
                a = k._array if tk is Array else k
                if a.dtype in _PLAIN_INDEX_DTYPES:
                    if parts is None:
                        parts = list(key)
                    parts[i] = a
                    continue
            return _MISS
        return key if parts is None else tuple(parts)
    return _MISS


def _plain_value(x: Array, value: Any) -> bool:
    """Whether NumPy's assignment of ``value`` into swap-in array ``x`` is the swap-in's:
    an Array of x's dtype, a NumPy scalar of it, or a Python scalar whose kind x holds
    without a conversion aiarray checks (no float into integers, nothing into bool,
    no complex into reals)."""
    dt = x._dtype
    if dt is D.complex32:
        return False
    t = type(value)
    if t is Array:
        same: bool = value._dtype is dt
        return same
    kind = dt.kind
    if t is float:
        return kind == "f" or kind == "c"
    if t is int:
        return kind in "iufc"
    if t is builtins.bool:
        return True
    return isinstance(value, np.generic) and value.dtype == dt


# ``x ** 2`` of a swap-in array: the registry's square as an operator (NumPy's shortcut;
# a 0-d result is NumPy's scalar)
_square = make_function(OPS["square"], "__pow__", method=True)


def _numpy_power(x: Array, exponent: object) -> Any:
    """NumPy's ``ndarray ** exponent`` shortcut for swap-in array ``x``: the ufunc
    (square, reciprocal, sqrt) NumPy computes ``x ** exponent`` by, or None (pow)."""
    t = type(exponent)
    if t is int:
        if exponent == 2:
            return numpy_namespace().square
        if exponent == -1 and x._dtype in D.FLOAT:
            return numpy_namespace().reciprocal
    elif t is float and exponent == 0.5 and x._dtype in D.FLOAT:
        return numpy_namespace().sqrt
    return None


def _index_error(key: Any, x: Array, e: IndexError) -> OutOfRangeError:
    return OutOfRangeError(f"index {_brief(key)} is out of range for shape {x.shape}: {e}")


def _brief(value: object) -> str:
    """repr(value), shortened for messages."""
    text = repr(value)
    return text if len(text) <= 80 else text[:60] + " ... " + text[-15:]


_INT, _ARRAY = 1, 2  # what _index_part found that needs a range check


def _integer_array(k: Any) -> NDArray:
    """A list/tuple/ndarray index as an integer or bool ndarray; TypeError otherwise."""
    if isinstance(k, np.ma.MaskedArray):
        raise TypeMismatchError("a NumPy masked array is not a valid index: its mask would be "
                                "ignored; index with its filled values or a bool array instead")
    try:
        a = np.asarray(k)
    except (ValueError, TypeError, OverflowError) as e:
        raise IndexTypeError(f"{_brief(k)} is not a valid index: {e}") from None
    if a.dtype.kind in "iub":
        return a
    if a.size == 0:
        return a.astype(np.intp)  # [] is an empty integer index, as in NumPy
    if a.dtype.kind in "fO" and isinstance(k, list | tuple):  # Python ints beyond int64
        ints = np.asarray(k, dtype=object)
        if all(isinstance(v, int | np.integer) and not isinstance(v, bool) for v in ints.flat):
            return ints
    raise IndexTypeError(f"{_brief(k)} is not a valid index: index arrays must hold "
                            f"integers or bools, not {a.dtype}")


def _index_part(k: Any) -> tuple[Any, int, int]:
    """(NumPy form of one index part, dimensions it consumes, what to range-check)."""
    t = type(k)
    if t is int:
        return k, 1, _INT
    if t is slice:
        return k, 1, 0
    if k is None:
        return k, 0, 0
    if k is Ellipsis:
        return k, -1, 0
    if t is Array:
        if k._dtype in D.INTEGER:
            return k._array, 1, _ARRAY
        if k._dtype is D.bool_:
            return k._array, k.ndim, 0
        raise TypeMismatchError(
            f"index arrays must be integer or bool, got dtype {D.name_of(k._dtype)}"
        )
    if t is bool or t is np.bool_:
        return k, 0, 0
    if isinstance(k, int | np.integer):
        return int(k), 1, _INT
    if isinstance(k, np.ndarray | list | tuple | range):
        a = _integer_array(k)
        if a.dtype.kind == "b":
            return a, a.ndim, 0
        return a, 1, _ARRAY
    if hasattr(type(k), "__index__"):
        try:
            return operator.index(k), 1, _INT
        except TypeError as e:
            raise IndexTypeError(f"{_brief(k)} is not a valid index: {e}") from None
    raise IndexTypeError(f"{_brief(k)} is not a valid index (int, slice, None, ..., or an "
                            "array)")


def _out_of_range(index: object, axis: int, x: Array) -> OutOfRangeError:
    n = x.shape[axis]
    return OutOfRangeError(f"index {index} is out of range for axis {axis} of size {n} "
                           f"(shape {x.shape}; valid: {-n} <= index < {n})")


def _checked_array(a: NDArray, axis: int, x: Array) -> NDArray:
    """uint64 or Python-int index array ``a`` for ``axis`` as intp, every entry in [-n, n).

    Other integer dtypes convert to intp exactly, and NumPy's own check of them raises
    IndexError (wrapped by the caller); uint64 values beyond 2**63 and Python ints
    beyond 64 bits would wrap around, so they are checked here first.
    """
    n = x.shape[axis]
    if a.size:
        if a.dtype.kind == "O":
            bad = next((v for v in a.flat if not -n <= v < n), None)
            if bad is not None:
                raise _out_of_range(bad, axis, x)
        elif a.max() >= n:  # uint64: never negative
            flat = a.reshape(-1)
            raise _out_of_range(int(flat[flat >= n][0]), axis, x)
    return a.astype(np.intp, copy=False)


def _index_key(key: Any, x: Array, arrays: bool = True) -> Any:
    """Translate an index to NumPy's form after checking no integer index can wrap around.

    Integers (Python ints of any size, NumPy integers, 0-d integer Arrays) outside
    ``[-n, n)`` of the axis they index raise OutOfRangeError naming the index, axis and
    shape; so do uint64 index arrays and lists holding ints beyond 64 bits.  Other
    integer arrays convert to intp exactly and NumPy checks them.  With ``arrays`` a
    trailing ... keeps results as arrays (the standard's 0-d arrays); without it the key
    is NumPy's own, which gives a NumPy scalar where NumPy gives one (the swap-in).  A
    tuple subclass is a tuple of index parts, and a range an index array, as in NumPy.
    """
    a = x._array
    t = type(key)
    if t is int:  # the common case, x[i]
        if not a.ndim:
            raise OutOfRangeError(f"index {key} is not valid for a 0-d array; use x[()] "
                                  "or x[...]")
        if not -a.shape[0] <= key < a.shape[0]:
            raise _out_of_range(key, 0, x)
        return (key, Ellipsis) if arrays else key
    if t is slice:
        return (key, Ellipsis) if arrays else key
    if t is not tuple and isinstance(key, tuple):  # a tuple subclass (a named tuple ...)
        key = tuple(key)
        t = tuple
    if t is tuple:  # ints in range, slices and None: nothing to convert
        shape = a.shape
        axis = 0
        for k in key:
            tk = type(k)
            if tk is int:
                if axis >= a.ndim or not -shape[axis] <= k < shape[axis]:
                    break  # the general path below raises
                axis += 1
            elif tk is slice:
                axis += 1
            elif k is not None:
                break
        else:
            if axis <= a.ndim:
                return (*key, Ellipsis) if arrays else key
    out: list[Any] = []
    dims: list[int] = []
    checks: list[int] = []
    ellipsis = -1
    for k in (key if t is tuple else (key,)):
        k, d, check = _index_part(k)
        if d < 0:
            if ellipsis >= 0:
                raise OutOfRangeError(f"index {_brief(key)} has more than one ellipsis (...)")
            ellipsis = len(out)
        elif check and (check == _INT or k.dtype.kind in "uO"):
            checks.append(len(out))
        out.append(k)
        dims.append(d)
    used = sum(d for d in dims if d > 0)
    if used > a.ndim:
        raise OutOfRangeError(f"index {_brief(key)} indexes {used} dimensions, but the array "
                              f"has {a.ndim} (shape {x.shape})")
    for i in checks:
        axis = sum(d for d in dims[:i] if d > 0) + (a.ndim - used if -1 < ellipsis < i else 0)
        k = out[i]
        if type(k) is int:
            if not -a.shape[axis] <= k < a.shape[axis]:
                raise _out_of_range(k, axis, x)
        else:
            out[i] = _checked_array(k, axis, x)
    if ellipsis < 0 and arrays:
        out.append(Ellipsis)
    return tuple(out)


def _matmul(x1: Any, x2: Any) -> Array:
    """``x1 @ x2``: aiarray.numpy's matmul when an operand is a swap-in array or an
    ndarray (the swap-in's rules), else the standard's."""
    if (type(x1) is Array and x1._numpy) or (type(x2) is Array and x2._numpy) \
            or isinstance(x1, np.ndarray) or isinstance(x2, np.ndarray):
        out: Array = numpy_namespace().matmul(x1, x2)
        return out
    res: Array = standard().matmul(x1, x2)
    return res


def as_parameter(x: Array, /) -> Array:
    """A view of ``x`` marked as a parameter: under the ``mindspore`` policy an op that
    would implicitly cast it raises RuntimeError (other policies ignore the mark).

    Examples
    --------
    >>> w = xp.as_parameter(xp.ones(2, dtype=xp.float16))
    >>> with xp.promotion_policy('mindspore'):
    ...     try:
    ...         w + xp.ones(2, dtype=xp.float32)
    ...     except RuntimeError as e:
    ...         print(type(e).__name__)
    ...
    ParameterCastError
    >>> w + xp.ones(2, dtype=xp.float32)  # the mark matters under mindspore only
    Array([2., 2.], dtype=float32)
    """
    if type(x) is not Array:
        raise not_an_array("as_parameter", "x", x)
    p = Array._new(x._array, x._dtype)
    _PARAMETERS[id(p)] = p
    return p


# An operand as a run-time type: _typing.Operand, which type checkers read, spelled out.
OPERAND = Array | builtins.bool | int | float | complex | P.TypedScalar
_UNARY_ANNOTATIONS.update({"x": Array, "return": Array})
_BINARY_ANNOTATIONS.update({"x1": Array, "x2": OPERAND, "return": Array})

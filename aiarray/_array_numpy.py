"""NumPy's ndarray methods, attributes and protocols on the one Array class.

Each method is NumPy's signature over the function of the same name in the swap-in
namespace (``aiarray.numpy``), so there is one implementation: ``x.sum(0)`` is
``aiarray.numpy.sum(x, 0)``.  The result keeps ``x``'s tag: a method of an array of
the standard namespace returns arrays of the standard namespace.  ``aiarray.numpy``
is imported on the first call of such a method, never by ``import aiarray``.

The protocols: ``__array_ufunc__`` and ``__array_function__`` send NumPy's own
functions called on Arrays (``numpy.sin(x)``, ``numpy.nanmean(x)``, ``ndarray - x``)
to ``aiarray.numpy``; see ``aiarray/numpy/_protocols.py``.
"""

from __future__ import annotations

import builtins
import weakref
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from . import _dispatch
from . import _dtypes as D
from . import _promotion as P
from ._errors import InvalidArgumentError, TypeMismatchError
from ._layers import swapin, swapin_hooks
from ._numpy_path import quiet_run
from ._registry import OPS
from ._sizes import allocating
from ._typing import DType, NDArray

if TYPE_CHECKING:
    from ._array import Array

_NOVALUE = np._NoValue  # NumPy's "argument not given" marker, so calls can forward it
numpy_namespace = swapin  # ``aiarray.numpy``, imported on first use (_layers)


def _kept(self: NumpyMethods, res: Any, out: object = None) -> Any:
    """``res`` (from aiarray.numpy) with ``self``'s tag: results of a method of a
    standard-namespace array are standard-namespace arrays (a NumPy scalar becomes the
    standard's 0-d array).  ``out`` (the caller's own array) and ``self`` are returned
    untouched."""
    if self._numpy or res is out or res is self:
        return res
    if type(res) is type(self):
        res._numpy = False  # type: ignore[misc]  # (res is an Array, which has the slot)
    elif isinstance(res, np.generic):  # the standard's 0-d array where NumPy gives a scalar
        return type(self)._new(np.asarray(res), None, False)
    elif type(res) is tuple:
        return tuple(_kept(self, r, out) for r in res)
    return res


# aiarray.numpy's functions reach the type checker through a module object (Any); these
# two state what the methods below get back from them.

def _keep(self: NumpyMethods, res: Any, out: object = None) -> Array:
    """:func:`_kept` of a result that is an Array."""
    kept: Array = _kept(self, res, out)
    return kept


def _keep_all(self: NumpyMethods, res: Any) -> tuple[Array, ...]:
    """:func:`_kept` of a result that is a tuple of Arrays."""
    kept: tuple[Array, ...] = _kept(self, res)
    return kept


# 0-d swap-in arrays made as arrays (np.array(2.5), np.zeros(()), x.reshape(())), by id;
# entries vanish with their arrays.  Other 0-d swap-in arrays are the results NumPy gives
# as NumPy scalars (reductions, ufuncs, x[i]) and print as those (see scalar_repr).
_ZERO_D_ARRAYS: weakref.WeakValueDictionary[int, Any] = weakref.WeakValueDictionary()


def made_as_array(x: Any) -> Any:
    """Mark ``x`` (when 0-d) as a 0-d array, which prints as NumPy prints a 0-d array."""
    a = getattr(x, "_array", None)
    if a is not None and not a.ndim:
        _ZERO_D_ARRAYS[id(x)] = x
    return x


def scalar_repr(x: Any) -> str | None:
    """NumPy's repr of the NumPy scalar a 0-d swap-in array stands for (``np.float64(2.5)``),
    or None when ``x`` prints as an array (not 0-d, made as an array, complex32, or an
    array of the standard namespace)."""
    if not x._numpy or x._array.ndim or x._dtype is D.complex32 or \
            _ZERO_D_ARRAYS.get(id(x)) is x:
        return None
    return repr(x._array[()])


def swapin_scalar(value: Any) -> Any:
    """NumPy's scalar ``value`` as the swap-in gives it: itself under the numpy policy;
    under another policy in force, aiarray.numpy's scalar of the same type, whose
    arithmetic follows that policy (``python -m aiarray port`` sees scalar code too)."""
    if P.numpy_scalars():
        return value
    return swapin_hooks().policy_scalar(value)


def set_shape(x: Any, value: Any) -> None:
    """``x.shape = value``: NumPy's in-place reshape of a swap-in array (no copy); the
    standard namespace's arrays have a read-only shape."""
    if not x._numpy:
        raise AttributeError("the shape of an array of the standard namespace is read-only; "
                             "use aiarray.reshape")
    dims = (value,) if isinstance(value, int | np.integer) else tuple(value)
    try:
        x._array = np.reshape(x._array, dims, copy=False)
    except ValueError as e:
        raise InvalidArgumentError(f"x.shape = {value!r}: {e}; use reshape() to copy") from None


def setitem_value(value: Any, dt: DType) -> Any:
    """A value assigned into a swap-in array (``x[k] = value``): lists, tuples, ndarrays
    and Python or NumPy scalars, converted to ``dt`` as NumPy casts them (floats to
    integers truncate) but checked: a value that does not fit, or NaN into an integer
    dtype, raises instead of wrapping."""
    return swapin_hooks().setitem_value(value, dt)


# -- NumPy's own calls for the everyday methods ------------------------------------------
# A method of a swap-in array whose dtype NumPy computes itself, under the numpy policy
# and below the kernels' sizes, gives what NumPy's own method gives (the adapters exist
# for the other policies, bfloat16 and complex32, large data and NumPy's argument forms
# that aiarray checks).  These paths call NumPy directly; any exception NumPy raises
# sends the call to the full path, which raises aiarray's error or computes it there.
_MISS = object()
_SCALARS = P.SCALARS


_NATIVE = D.NATIVE
_new = object.__new__
_NDARRAY = np.ndarray  # (globals: one lookup on the per-call paths, not two)
_GENERIC = np.generic


def _native_dtype(x: NumpyMethods) -> DType | None:
    """``x``'s dtype if NumPy computes it for the swap-in here (else None)."""
    return _NATIVE.get(x._dtype) if x._numpy and _SCALARS.plain else None


def _wrapped(x: NumpyMethods, out: Any) -> Any:
    """NumPy's result ``out`` of a call on swap-in array ``x``: its scalar as it is, an
    ndarray of a native dtype as a swap-in Array, anything else _MISS."""
    if type(out) is _NDARRAY:
        dt = _NATIVE.get(out.dtype)
        if dt is None:
            return _MISS
        res: Any = _new(type(x))
        res._array = out
        res._dtype = dt
        res._numpy = True
        return res if out.ndim else made_as_array(res)
    if isinstance(out, _GENERIC):
        return out
    return _MISS


def _numpy_reduction(x: NumpyMethods, name: str, axis: Any, keepdims: Any,
                     ddof: Any = None) -> Any:
    """NumPy's own ``x._array.<name>(axis=axis, keepdims=keepdims)`` (a reduction; ``ddof``
    for std and var) for a small swap-in array, or _MISS.  (Written for speed: the sums,
    products and extremes call their ufunc's reduce, as NumPy's methods do, without the
    methods' Python layer.)"""
    a = x._array
    n = a.size
    dt = _NATIVE.get(x._dtype) if x._numpy and _SCALARS.plain else None
    if dt is None or not 0 < n < _dispatch.numpy_below(name, dt):
        return _MISS  # (NumPy warns about an empty mean; the full path does not)
    try:
        reduce = _REDUCE.get(name)
        if reduce is not None:
            out = quiet_run(reduce, a, axis, None, None, keepdims)
        elif ddof is None:
            out = quiet_run(getattr(a, name), axis=axis, keepdims=keepdims)
        elif type(ddof) is int and ddof < n and axis is None:
            out = quiet_run(getattr(a, name), axis=axis, ddof=ddof, keepdims=keepdims)
        else:
            return _MISS  # (NumPy warns about the degrees of freedom)
    except Exception:  # NumPy's error (or a busy quiet context): the full path decides
        return _MISS
    if type(out) is not _NDARRAY and isinstance(out, _GENERIC):
        return out  # (the commonest: a whole-array reduction's NumPy scalar)
    return _wrapped(x, out)


# The methods that are their ufunc's reduce (NumPy's ``_methods``: umr_sum, umr_prod,
# umr_maximum, umr_minimum), called as ``reduce(a, axis, None, None, keepdims)``.
_REDUCE = {"sum": np.add.reduce, "prod": np.multiply.reduce, "max": np.maximum.reduce,
           "min": np.minimum.reduce}


# dtype forms -> the floating (or complex, or bool) native dtype they name (NumPy's own
# astype is aiarray's cast for these targets)
_FLOAT_TARGETS: dict[Any, DType] = {
    form: dt for dt in D.NATIVE if dt.kind in "fcb"
    for form in (dt, dt.type, dt.name, dt.char, dt.str)}
_FLOAT_TARGETS.update({float: D.float64, complex: D.complex128, builtins.bool: D.bool_})
_C32 = D.complex32


def _plain_shape(shape: tuple[Any, ...]) -> bool:
    """Sizes NumPy's reshape takes as aiarray does: Python ints, at least -1 (NumPy also
    takes -2 as "unknown", which aiarray refuses)."""
    dims = shape[0] if len(shape) == 1 and type(shape[0]) is tuple else shape
    return all(type(d) is int and d >= -1 for d in dims)


def _numpy_view(x: NumpyMethods, name: str, *args: Any) -> Any:
    """NumPy's own ``x._array.<name>(*args)`` (a view or copy of any size; no dtype
    decision) for a swap-in array, or _MISS.  (Written for speed.)"""
    if not x._numpy or x._dtype is _C32:
        return _MISS
    try:
        out = getattr(x._array, name)(*args)
    except Exception:
        return _MISS
    res: Any = _new(type(x))
    res._array = out
    res._dtype = x._dtype
    res._numpy = True
    if not out.ndim:
        made_as_array(res)
    return res


class FlatIter:
    """``x.flat``: a 1-D iterator over ``x`` that can be indexed and assigned to."""

    __slots__ = ("_base",)

    def __init__(self, base: NumpyMethods) -> None:
        self._base = base

    def __iter__(self) -> Any:
        return iter(numpy_namespace().ravel(self._base))

    def __len__(self) -> int:
        return self._base.size

    def __getitem__(self, key: Any) -> Any:
        return _keep(self._base, numpy_namespace().ravel(self._base)[key])

    def __setitem__(self, key: Any, value: Any) -> None:
        b = self._base
        flat = np.reshape(b._array, -1, copy=False) if b._array.flags.c_contiguous else None
        if flat is None:
            raise InvalidArgumentError("x.flat[...] = v needs a C-contiguous x")
        view = type(b)._new(flat, b._dtype, b._numpy)
        view[key] = value

    def __array__(self, dtype: Any = None, copy: Any = None) -> NDArray:
        return np.asarray(self._base).reshape(-1)

    def copy(self) -> Any:
        """A flattened copy of the array."""
        return _keep(self._base, numpy_namespace().ravel(self._base).copy())

    @property
    def base(self) -> Any:
        """The array being iterated."""
        return self._base

    def __repr__(self) -> str:
        return f"<aiarray flatiter over {self._base.shape} {D.name_of(self._base._dtype)}>"


class NumpyMethods:
    """ndarray's methods and attributes (NumPy signatures), mixed into Array."""

    __slots__ = ()

    if TYPE_CHECKING:  # Array's own, which these methods use (Array is this class's one user)
        _array: NDArray
        _dtype: DType
        _numpy: builtins.bool

        @classmethod
        def _new(cls, array: NDArray, dtype: DType | None = None,
                 numpy: builtins.bool = False, /) -> Array: ...
        def _scalar(self, what: str) -> Any: ...
        def __getitem__(self, key: Any, /) -> Array: ...
        def __setitem__(self, key: Any, value: Any, /) -> None: ...
        def __eq__(self, other: object, /) -> Array: ...  # type: ignore[override]  # elementwise
        @property
        def shape(self) -> tuple[int, ...]: ...
        @property
        def size(self) -> int: ...

    # -- attributes -------------------------------------------------------------------
    @property
    def itemsize(self) -> int:
        """Bytes per element."""
        return self._array.itemsize

    @property
    def nbytes(self) -> int:
        """Bytes of data (size * itemsize)."""
        return self._array.nbytes

    @property
    def strides(self) -> tuple[int, ...]:
        """Bytes to step along each axis."""
        return self._array.strides

    @property
    def data(self) -> memoryview:
        """A memoryview of the data (NumPy's ndarray.data)."""
        return self._array.data

    @property
    def base(self) -> None:
        """None: aiarray Arrays do not record the array they view (see docs/numpy.md)."""
        return None

    def __delitem__(self, key: Any) -> None:
        """``del x[key]`` is refused (InvalidArgumentError)."""
        raise InvalidArgumentError("cannot delete array elements")

    @property
    def flags(self) -> Any:
        """Memory layout flags (NumPy's flags object of the data)."""
        return self._array.flags

    @property
    def flat(self) -> FlatIter:
        """A 1-D iterator over the elements (indexable, assignable)."""
        flat: FlatIter = numpy_namespace().flatiter(self)  # (guarded there: the swap-in's class)
        return flat

    @flat.setter
    def flat(self, value: Any) -> None:
        """``x.flat = values``: every element set, the values repeated as needed."""
        v = setitem_value(value, self._dtype)
        if not self._array.flags.writeable:
            raise InvalidArgumentError("x.flat = ...: x is read-only")
        self._array.flat = v._array  # type: ignore[misc]  # (assignable; NumPy's stubs say not)

    @property
    def real(self) -> Array:
        """Real part: a view for complex dtypes, the array itself for real ones."""
        part: Array = swapin_hooks().part(self, "real")
        return part

    @real.setter
    def real(self, value: Any) -> None:
        swapin_hooks().part(self, "real")[...] = value

    @property
    def imag(self) -> Array:
        """Imaginary part: a view for complex dtypes, read-only zeros for real ones."""
        part: Array = swapin_hooks().part(self, "imag")
        return part

    @imag.setter
    def imag(self, value: Any) -> None:
        if self._dtype not in D.COMPLEX:
            raise TypeMismatchError(f"x.imag = ...: a {D.name_of(self._dtype)} array has "
                                    "no imaginary part")
        swapin_hooks().part(self, "imag")[...] = value

    # -- conversion -------------------------------------------------------------------
    def item(self, *args: Any) -> Any:
        """One element as a Python scalar (no argument: the only element)."""
        if not args:
            return self._scalar("item")
        if len(args) == 1 and isinstance(args[0], tuple):
            args = args[0]
        flat = np.reshape(self._array, -1) if len(args) == 1 else self._array
        view = type(self)._new(flat, self._dtype, False)  # (0-d results, never scalars)
        return view[args[0] if len(args) == 1 else args]._scalar("item")

    def tolist(self) -> Any:
        """The data as nested Python lists of Python scalars."""
        if self._dtype is D.complex32:
            return D.c32_to_c64(self._array).tolist()
        return D.widen(self._array).tolist()

    def tobytes(self, order: Literal["C", "F", "A", "K"] | None = "C") -> bytes:
        """The raw bytes of the data (complex32: two float16 per element, as stored)."""
        if self._dtype is D.complex32:
            raw: bytes = swapin_hooks().on_views(
                np.ndarray.tobytes, (self._array, order), {})
            return raw
        data: bytes = swapin_hooks().on_views(np.ndarray.tobytes, (self, order), {})
        return data

    def tofile(self, fid: Any, sep: str = "", format: str = "%s") -> None:
        """Write the data to a file (NumPy's ndarray.tofile; binary complex32 as stored,
        two float16 per element; as text, complex32 writes its complex64 values)."""
        data = self._array if self._dtype is D.complex32 and not sep else self
        swapin_hooks().on_views(np.ndarray.tofile, (data, fid, sep, format), {})

    def __round__(self, ndigits: int | None = None) -> Any:
        """``round(x)`` and ``round(x, ndigits)`` of a one-element array."""
        if ndigits is None:
            return round(self._scalar("round"))
        return _keep(self, numpy_namespace().round(self, ndigits))

    def __contains__(self, value: Any) -> builtins.bool:
        """``value in x``: whether some element equals ``value``."""
        return builtins.bool((self == value).any())

    def __reduce__(self) -> Any:
        """Pickling: the data, the dtype's name and the namespace tag."""
        return (_rebuild, (D.widen(self._array) if self._dtype is D.complex32 else self._array,
                           D.name_of(self._dtype), self._numpy))

    def __copy__(self) -> Array:
        """``copy.copy(x)``: an array with a copy of the data."""
        data = allocating(self._array.copy, func="copy.copy", what="a copy of the data")
        return type(self)._new(data, self._dtype, self._numpy)

    def __deepcopy__(self, memo: Any) -> Array:
        """``copy.deepcopy(x)``: an array with a copy of the data."""
        return self.__copy__()

    # -- methods over aiarray.numpy ---------------------------------------------------
    def all(self, axis: Any = None, out: Any = None, keepdims: Any = False, *,
            where: Any = True) -> Array:
        """Whether all elements (along axis) are true."""
        if out is None and where is True:
            res = _numpy_reduction(self, "all", axis, keepdims)
            if res is not _MISS:
                return res  # type: ignore[no-any-return]  # (an Array or NumPy's scalar)
        return _keep(self, numpy_namespace().all(self, axis, out, keepdims, where=where), out)

    def any(self, axis: Any = None, out: Any = None, keepdims: Any = False, *,
            where: Any = True) -> Array:
        """Whether any element (along axis) is true."""
        if out is None and where is True:
            res = _numpy_reduction(self, "any", axis, keepdims)
            if res is not _MISS:
                return res  # type: ignore[no-any-return]  # (an Array or NumPy's scalar)
        return _keep(self, numpy_namespace().any(self, axis, out, keepdims, where=where), out)

    def argmax(self, axis: Any = None, out: Any = None, *, keepdims: Any = False) -> Array:
        """Index of the largest element (along axis)."""
        if out is None:
            res = _numpy_reduction(self, "argmax", axis, keepdims)
            if res is not _MISS:
                return res  # type: ignore[no-any-return]  # (an Array or NumPy's scalar)
        return _keep(self, numpy_namespace().argmax(self, axis, out, keepdims=keepdims), out)

    def argmin(self, axis: Any = None, out: Any = None, *, keepdims: Any = False) -> Array:
        """Index of the smallest element (along axis)."""
        if out is None:
            res = _numpy_reduction(self, "argmin", axis, keepdims)
            if res is not _MISS:
                return res  # type: ignore[no-any-return]  # (an Array or NumPy's scalar)
        return _keep(self, numpy_namespace().argmin(self, axis, out, keepdims=keepdims), out)

    def argpartition(self, kth: Any, axis: Any = -1, kind: str = "introselect",
                     order: Any = None) -> Array:
        """Indices that partition the array around element ``kth``."""
        return _keep(self, numpy_namespace().argpartition(self, kth, axis, kind, order))

    def argsort(self, axis: Any = -1, kind: Any = None, order: Any = None, *,
                stable: Any = None) -> Array:
        """Indices that sort the array along axis."""
        return _keep(self, numpy_namespace().argsort(self, axis, kind, order, stable=stable))

    def astype(self, dtype: Any, order: str = "K", casting: str = "unsafe",
               subok: builtins.bool = True, copy: builtins.bool = True) -> Array:
        """A copy cast to ``dtype`` (checked: out-of-range values raise, never wrap)."""
        dst = _FLOAT_TARGETS.get(dtype) if type(dtype) is not list else None
        if dst is not None and self._numpy and casting == "unsafe" and copy \
                and self._dtype in _NATIVE and (self._dtype.kind != "c" or dst.kind == "c"):
            # NumPy's own cast: to a floating dtype it is aiarray's (IEEE rounding; no
            # integer target, which aiarray checks for range)
            res: Any = _new(type(self))
            res._array = quiet_run(self._array.astype, dst, order)
            res._dtype = dst
            res._numpy = True
            return res if res._array.ndim else made_as_array(res)  # type: ignore[no-any-return]  # (an Array)
        return _keep(self, swapin_hooks().astype_method(
            self, dtype, order, casting, copy))

    def choose(self, choices: Any, out: Any = None, mode: str = "raise") -> Array:
        """Elements picked from ``choices`` by this index array."""
        return _keep(self, numpy_namespace().choose(self, choices, out, mode), out)

    def clip(self, min: Any = None, max: Any = None, out: Any = None, **kwargs: Any) -> Array:
        """Values limited to [min, max]."""
        return _keep(self, numpy_namespace().clip(self, min, max, out, **kwargs), out)

    def compress(self, condition: Any, axis: Any = None, out: Any = None) -> Array:
        """Slices where ``condition`` is true."""
        return _keep(self, numpy_namespace().compress(condition, self, axis, out), out)

    def conj(self) -> Array:
        """Complex conjugate."""
        return _keep(self, numpy_namespace().conjugate(self))

    def conjugate(self) -> Array:
        """Complex conjugate."""
        return _keep(self, numpy_namespace().conjugate(self))

    def copy(self, order: str = "C") -> Array:
        """A copy of the array."""
        res = _numpy_view(self, "copy", order)
        if res is not _MISS:
            return res  # type: ignore[no-any-return]  # (an Array)
        return _keep(self, numpy_namespace().copy(self, order))

    def cumprod(self, axis: Any = None, dtype: Any = None, out: Any = None) -> Array:
        """Cumulative product (flattened when axis is None)."""
        return _keep(self, numpy_namespace().cumprod(self, axis, dtype, out), out)

    def cumsum(self, axis: Any = None, dtype: Any = None, out: Any = None) -> Array:
        """Cumulative sum (flattened when axis is None)."""
        return _keep(self, numpy_namespace().cumsum(self, axis, dtype, out), out)

    def diagonal(self, offset: int = 0, axis1: int = 0, axis2: int = 1) -> Array:
        """A diagonal (or diagonals of a stack)."""
        return _keep(self, numpy_namespace().diagonal(self, offset, axis1, axis2))

    def dot(self, b: Any, out: Any = None) -> Array:
        """Dot product with ``b``."""
        if out is None and type(b) is type(self) and _native_dtype(self) is not None \
                and b._dtype in _NATIVE:
            try:
                res = _wrapped(self, quiet_run(np.dot, self._array, b._array))
            except Exception:  # NumPy's error: the full path gives aiarray's
                res = _MISS
            if res is not _MISS:
                return res  # type: ignore[no-any-return]  # (an Array or NumPy's scalar)
        return _keep(self, numpy_namespace().dot(self, b, out), out)

    def fill(self, value: Any) -> None:
        """Set every element to ``value`` (cast to the array's dtype)."""
        numpy_namespace().copyto(self, value, casting="unsafe")

    def flatten(self, order: str = "C") -> Array:
        """A 1-D copy."""
        res = _numpy_view(self, "flatten", order)
        if res is not _MISS:
            return res  # type: ignore[no-any-return]  # (an Array)
        return _keep(self, numpy_namespace().ravel(self, order).copy())

    def max(self, axis: Any = None, out: Any = None, keepdims: Any = False,
            initial: Any = _NOVALUE, where: Any = True) -> Array:
        """Largest element (along axis)."""
        if out is None and initial is _NOVALUE and where is True:
            res = _numpy_reduction(self, "max", axis, keepdims)
            if res is not _MISS:
                return res  # type: ignore[no-any-return]  # (an Array or NumPy's scalar)
        return _keep(self, numpy_namespace().max(self, axis, out, keepdims, initial, where), out)

    def mean(self, axis: Any = None, dtype: Any = None, out: Any = None, keepdims: Any = False,
             *, where: Any = True) -> Array:
        """Arithmetic mean (along axis)."""
        if dtype is None and out is None and where is True:
            res = _numpy_reduction(self, "mean", axis, keepdims)
            if res is not _MISS:
                return res  # type: ignore[no-any-return]  # (an Array or NumPy's scalar)
        return _keep(self, numpy_namespace().mean(self, axis, dtype, out, keepdims,
                                                  where=where), out)

    def min(self, axis: Any = None, out: Any = None, keepdims: Any = False,
            initial: Any = _NOVALUE, where: Any = True) -> Array:
        """Smallest element (along axis)."""
        if out is None and initial is _NOVALUE and where is True:
            res = _numpy_reduction(self, "min", axis, keepdims)
            if res is not _MISS:
                return res  # type: ignore[no-any-return]  # (an Array or NumPy's scalar)
        return _keep(self, numpy_namespace().min(self, axis, out, keepdims, initial, where), out)

    def nonzero(self) -> tuple[Array, ...]:
        """Indices of the non-zero elements, one array per axis."""
        return _keep_all(self, numpy_namespace().nonzero(self))

    def partition(self, kth: Any, axis: int = -1, kind: str = "introselect",
                  order: Any = None) -> None:
        """Partition in place around element ``kth``."""
        res = numpy_namespace().partition(self, kth, axis, kind, order)
        self[...] = res

    def prod(self, axis: Any = None, dtype: Any = None, out: Any = None, keepdims: Any = False,
             initial: Any = _NOVALUE, where: Any = True) -> Array:
        """Product of the elements (along axis)."""
        if dtype is None and out is None and initial is _NOVALUE and where is True:
            res = _numpy_reduction(self, "prod", axis, keepdims)
            if res is not _MISS:
                return res  # type: ignore[no-any-return]  # (an Array or NumPy's scalar)
        return _keep(self, numpy_namespace().prod(self, axis, dtype, out, keepdims, initial,
                                                  where), out)

    def put(self, indices: Any, values: Any, mode: str = "raise") -> None:
        """Set the elements at flat ``indices`` to ``values``, in place."""
        numpy_namespace().put(self, indices, values, mode)

    def ravel(self, order: str = "C") -> Array:
        """The elements as a 1-D array (a view when possible)."""
        res = _numpy_view(self, "ravel", order)
        if res is not _MISS:
            return res  # type: ignore[no-any-return]  # (an Array)
        return _keep(self, numpy_namespace().ravel(self, order))

    def repeat(self, repeats: Any, axis: Any = None) -> Array:
        """Each element repeated."""
        return _keep(self, numpy_namespace().repeat(self, repeats, axis))

    def reshape(self, *shape: Any, order: str = "C", copy: Any = None) -> Array:
        """The data in a new shape (``x.reshape(2, 3)`` or ``x.reshape((2, 3))``)."""
        if copy is None and order == "C" and self._numpy and self._dtype is not _C32 and (
                (len(shape) == 1 and type(shape[0]) is int and shape[0] >= -1)
                or _plain_shape(shape)):
            try:  # NumPy's own (any dtype: the data is only viewed)
                out = self._array.reshape(*shape)
            except Exception:  # NumPy's error: the full path gives aiarray's
                pass
            else:
                res: Any = _new(type(self))
                res._array = out
                res._dtype = self._dtype
                res._numpy = True
                return res if out.ndim else made_as_array(res)  # type: ignore[no-any-return]  # (an Array)
        if len(shape) == 1 and not isinstance(shape[0], int | np.integer):
            shape = shape[0]
        return _keep(self, numpy_namespace().reshape(self, shape, order=order, copy=copy))

    def resize(self, *new_shape: Any, refcheck: builtins.bool = True) -> None:
        """Change shape and size in place; new elements are zero (NumPy's ndarray.resize)."""
        swapin_hooks().resize_in_place(self, new_shape)

    def round(self, decimals: int = 0, out: Any = None) -> Array:
        """Values rounded to ``decimals`` (half to even)."""
        return _keep(self, numpy_namespace().round(self, decimals, out), out)

    def searchsorted(self, v: Any, side: str = "left", sorter: Any = None) -> Array:
        """Where ``v`` would be inserted to keep this sorted 1-D array sorted."""
        return _keep(self, numpy_namespace().searchsorted(self, v, side, sorter))

    def sort(self, axis: Any = -1, kind: Any = None, order: Any = None, *,
             stable: Any = None) -> None:
        """Sort in place along axis."""
        res = numpy_namespace().sort(self, axis, kind, order, stable=stable)
        self[...] = res

    def squeeze(self, axis: Any = None) -> Array:
        """Without the length-1 axes (or only those named)."""
        res = _numpy_view(self, "squeeze", axis)
        if res is not _MISS:
            return res  # type: ignore[no-any-return]  # (an Array)
        return _keep(self, numpy_namespace().squeeze(self, axis))

    def std(self, axis: Any = None, dtype: Any = None, out: Any = None, ddof: Any = 0,
            keepdims: Any = False, *, where: Any = True, mean: Any = _NOVALUE,
            correction: Any = _NOVALUE) -> Array:
        """Standard deviation (along axis), dividing by N - ddof."""
        if dtype is None and out is None and where is True and mean is _NOVALUE \
                and correction is _NOVALUE and self._dtype.kind != "c":
            res = _numpy_reduction(self, "std", axis, keepdims, ddof)
            if res is not _MISS:
                return res  # type: ignore[no-any-return]  # (an Array or NumPy's scalar)
        return _keep(self, numpy_namespace().std(self, axis, dtype, out, ddof, keepdims,
                                                 where=where, mean=mean,
                                                 correction=correction), out)

    def sum(self, axis: Any = None, dtype: Any = None, out: Any = None, keepdims: Any = False,
            initial: Any = _NOVALUE, where: Any = True) -> Array:
        """Sum of the elements (along axis)."""
        if dtype is None and out is None and initial is _NOVALUE and where is True:
            res = _numpy_reduction(self, "sum", axis, keepdims)
            if res is not _MISS:
                return res  # type: ignore[no-any-return]  # (an Array or NumPy's scalar)
        return _keep(self, numpy_namespace().sum(self, axis, dtype, out, keepdims, initial,
                                                 where), out)

    def swapaxes(self, axis1: int, axis2: int) -> Array:
        """A view with two axes exchanged."""
        return _keep(self, numpy_namespace().swapaxes(self, axis1, axis2))

    def take(self, indices: Any, axis: Any = None, out: Any = None, mode: str = "raise") -> Array:
        """Elements at ``indices`` (along axis; flattened when axis is None)."""
        return _keep(self, numpy_namespace().take(self, indices, axis, out, mode), out)

    def trace(self, offset: int = 0, axis1: int = 0, axis2: int = 1, dtype: Any = None,
              out: Any = None) -> Array:
        """Sum along a diagonal."""
        return _keep(self, numpy_namespace().trace(self, offset, axis1, axis2, dtype, out), out)

    def transpose(self, *axes: Any) -> Array:
        """Axes permuted (reversed when none are given)."""
        res = _numpy_view(self, "transpose", *axes)  # NumPy's own (a view)
        if res is not _MISS:
            return res  # type: ignore[no-any-return]  # (an Array)
        order: Any = axes
        if len(axes) == 1 and (axes[0] is None or isinstance(axes[0], tuple | list)):
            order = axes[0]
        return _keep(self, numpy_namespace().transpose(self, order or None))

    def var(self, axis: Any = None, dtype: Any = None, out: Any = None, ddof: Any = 0,
            keepdims: Any = False, *, where: Any = True, mean: Any = _NOVALUE,
            correction: Any = _NOVALUE) -> Array:
        """Variance (along axis), dividing by N - ddof."""
        if dtype is None and out is None and where is True and mean is _NOVALUE \
                and correction is _NOVALUE and self._dtype.kind != "c":
            res = _numpy_reduction(self, "var", axis, keepdims, ddof)
            if res is not _MISS:
                return res  # type: ignore[no-any-return]  # (an Array or NumPy's scalar)
        return _keep(self, numpy_namespace().var(self, axis, dtype, out, ddof, keepdims,
                                                 where=where, mean=mean,
                                                 correction=correction), out)

    def view(self, dtype: Any = None, type: Any = None) -> Array:
        """A new array on the same data, optionally read as another dtype."""
        return _keep(self, swapin_hooks().view_method(self, dtype, type))

    def __divmod__(self, other: Any) -> tuple[Array, ...]:
        """``divmod(x, y)``: ``(x // y, x % y)``, as NumPy's divmod."""
        return _keep_all(self, numpy_namespace().divmod(self, other))

    def __rdivmod__(self, other: Any) -> tuple[Array, ...]:
        """``divmod(y, x)``: ``(y // x, y % x)``, as NumPy's divmod."""
        return _keep_all(self, numpy_namespace().divmod(other, self))

    # -- NumPy's protocols ------------------------------------------------------------
    def __array_ufunc__(self, ufunc: np.ufunc, method: str, *inputs: Any, **kwargs: Any) -> Any:
        """NumPy ufuncs on Arrays (``numpy.sin(x)``, ``ndarray + x``) -> aiarray.numpy."""
        if method == "__call__" and self._numpy and not kwargs and len(inputs) == 2 \
                and _SCALARS.plain:  # ``numpy.float32(0.5) * x``: NumPy's own, when small
            sizes = _RAW_SIZES.get(ufunc)
            if sizes is not None:
                done = _dispatch.swapin_call(ufunc, inputs[0], inputs[1], True, sizes)
                if done is not None:
                    return done
        return swapin_hooks().array_ufunc(ufunc, method, inputs, kwargs)

    def __array_function__(self, func: Any, types: Any, args: Any, kwargs: Any) -> Any:
        """NumPy functions on Arrays (``numpy.mean(x)``) -> aiarray.numpy."""
        return swapin_hooks().array_function(func, types, args, kwargs)


# NumPy's binary ufuncs that the op registry computes with NumPy's ufunc unchanged -> the
# op's short-path sizes (``_dispatch.op_sizes``): below them, under the numpy policy,
# NumPy's ufunc on the data is the swap-in's result.
_RAW_SIZES = {op.numpy: _dispatch.op_sizes(op.name) for op in OPS.values()
              if op.arity == 2 and isinstance(op.numpy, np.ufunc)}


def _rebuild(data: NDArray, dtype_name: str, tag: builtins.bool) -> Any:
    """Unpickle an Array (see NumpyMethods.__reduce__)."""
    from ._array import Array

    dt = D.FROM_NAME[dtype_name]
    if dt is D.complex32:
        data = D.to_c32(data)
    return Array._new(data, dt, tag)

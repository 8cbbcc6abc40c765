"""NumPy's ufunc objects: ``np.add(x, y)``, ``np.add.reduce(x)``, ``np.multiply.outer``...

Each ufunc wraps NumPy's ufunc of the same name (its attributes ``nin``, ``nout``,
``identity``, ``types``) and, for the functions of the op registry, the standard
namespace's function: calling it goes through aiarray's dispatcher (the swap-in's
promotion policy, aiarray's kernels); ``outer`` is that call on broadcast operands.
The other methods (``reduce``, ``accumulate``, ``reduceat``, ``at``) and the ufuncs the
registry lacks (``rint``, ``fmod``, ``gcd`` ...) run NumPy's own ufunc on zero-copy
views of the Arrays (NumPy's result dtypes; complex32 computes as complex64).
"""

from __future__ import annotations

import typing
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from .. import _dtypes as D
from .. import _promotion as P
from .._api import creation as _creation
from .._api import data_type as _data_type
from .._api import elementwise as _elementwise
from .._api import searching as _searching
from .._array import Array
from .._dispatch import swapin_call
from .._errors import InvalidArgumentError, TypeMismatchError
from .._numpy_path import quiet_run
from .._registry import OPS, numpy_names
from . import _convert as C
from ._boundary import guarded, guards_itself, reraise
from ._scalars import public, scalar


class ufunc:  # noqa: N801 - NumPy's name
    """A universal function: elementwise call plus reduce/accumulate/outer/at/reduceat."""

    def __init__(self, name: str, std: Any = None) -> None:
        np_ufunc = getattr(np, name, None) if isinstance(name, str) else None
        if not isinstance(np_ufunc, np.ufunc) or not (std is None or callable(std)):
            raise TypeMismatchError(
                f"ufunc(name={name!r}, std={std!r}): name must be the name of one of NumPy's "
                "ufuncs (and std None or the function computing it); the ufuncs are "
                "aiarray.numpy.add, aiarray.numpy.sin, ...")
        self.__name__ = self.__qualname__ = name
        self._np = np_ufunc
        self._std = std
        self.nin = np_ufunc.nin
        self.nout = np_ufunc.nout
        self.nargs = np_ufunc.nargs
        self.ntypes = np_ufunc.ntypes
        self.types = np_ufunc.types
        self.identity = np_ufunc.identity
        self.signature = np_ufunc.signature
        how = ("aiarray's elementwise function (the swap-in's promotion policy)" if std
               else "NumPy's ufunc on views of the data")
        self.__doc__ = f"numpy.{name} for aiarray Arrays, computed by {how}."

    def __repr__(self) -> str:
        return f"<ufunc '{self.__name__}'>"

    # -- calls ----------------------------------------------------------------------------
    def __call__(self, *args: Any, out: Any = None, where: Any = True,
                 casting: str = "same_kind", order: str = "K", dtype: Any = None,
                 subok: bool = True, signature: Any = None) -> Any:
        try:
            try:
                res = self._call(args, out, where, casting, dtype)
            except C.ForeignDataError:  # objects, strings, dates, '>f8' ...: NumPy's loops
                kw = {k: v for k, v in (("out", out), ("where", where), ("dtype", dtype),
                                        ("signature", signature)) if v is not None
                      and v is not True}
                return C.on_views(self._np, args, {"casting": casting, "order": order, **kw})
            return public(res, args, {"out": out})
        except Exception as e:
            reraise(e, self.__name__, args, {"out": out, "where": where, "dtype": dtype})

    def _call(self, args: tuple[Any, ...], out: Any, where: Any, casting: str, dtype: Any) -> Any:
        if len(args) > self.nin:  # outputs given positionally
            if out is not None:
                raise InvalidArgumentError(f"{self.__name__}(): out given twice")
            out = args[self.nin:]
            args = args[:self.nin]
            out = out[0] if len(out) == 1 else out
        if len(args) != self.nin:
            raise TypeMismatchError(
                f"{self.__name__}() takes {self.nin} input(s), got {len(args)}")
        kw: dict[str, Any] = {"casting": casting}
        if where is not True:
            kw["where"] = where
        if dtype is not None:
            kw["dtype"] = C.np_dtype(C.dtype_of(dtype))
        if out is not None:
            kw["out"] = out
        if self._std is None or self._numpy_computes(args):
            return self._numpy_loop(args, kw)
        try:
            return self._general(args, out, where, casting, dtype)
        except D.CategoryError:  # a dtype the standard's function does not take
            return self._numpy_loop(args, kw)

    def _numpy_loop(self, args: tuple[Any, ...], kw: dict[Any, Any]) -> Any:
        """NumPy's own ufunc on views of the arguments (its loops, its result dtype)."""
        return C.on_views(self._np, tuple(_ndarg(a, self.__name__) for a in args), kw)

    def _numpy_computes(self, args: tuple[Any, ...]) -> bool:
        """Whether NumPy's own loop computes a call with ``args`` (where NumPy's result
        differs from the standard function's)."""
        return False

    def _general(self, args: tuple[Any, ...], out: Any, where: Any, casting: str,
                 dtype: Any) -> Any:
        name = self.__name__
        ops = [C.operand(a, name, f"x{i + 1}") for i, a in enumerate(args)]
        if dtype is not None:
            dt = C.dtype_of(dtype, "dtype", name)
            ops = [C.asarray(o, dt, func=name) for o in ops]
        elif not any(type(o) is Array for o in ops):
            ops[0] = C.arr(ops[0], name, "x1")
        res = self._std(*ops)
        if where is not True:
            w = C.arr(where, name, "where")
            base = out[0] if isinstance(out, tuple) else out
            if base is None:
                base = C.tag(_creation.zeros(res.shape, dtype=res.dtype))
            elif type(base) is Array and base._dtype is not res._dtype:
                C.check_casting(res._dtype, base._dtype, casting, name)
                res = C.tag(_data_type.astype(res, base._dtype))
            res = C.tag(_searching.where(w, res, C.arr(base, name, "out")))
        return C.into(res, out, name, casting) if out is not None else res

    # -- methods --------------------------------------------------------------------------
    # (reduce, accumulate and reduceat guard themselves: no extra call on their path)
    @guards_itself
    def reduce(self, array: Any, axis: Any = 0, dtype: Any = None, out: Any = None,
               keepdims: bool = False, initial: Any = C.NOVALUE, where: Any = True) -> Any:
        """Reduce ``array`` along ``axis`` by applying the ufunc repeatedly."""
        try:
            kw = _kwargs(dtype=dtype, out=out, keepdims=keepdims, initial=initial, where=where)
            return C.on_views(self._np.reduce, (_ndarg(array, "reduce"), axis), kw)
        except Exception as e:
            reraise(e, f"{self.__name__}.reduce", (array, axis), {"dtype": dtype, "out": out})

    @guards_itself
    def accumulate(self, array: Any, axis: int = 0, dtype: Any = None,
                   out: Any = None) -> Any:
        """Running results of the ufunc along ``axis``."""
        try:
            kw = _kwargs(dtype=dtype, out=out)
            return C.on_views(self._np.accumulate, (_ndarg(array, "accumulate"), axis),
                              kw)
        except Exception as e:
            reraise(e, f"{self.__name__}.accumulate", (array, axis),
                    {"dtype": dtype, "out": out})

    @guards_itself
    def reduceat(self, array: Any, indices: Any, axis: int = 0, dtype: Any = None,
                 out: Any = None) -> Any:
        """Reductions over the slices that start at ``indices``."""
        try:
            kw = _kwargs(dtype=dtype, out=out)
            a = _ndarg(array, "reduceat")
            return C.on_views(self._np.reduceat,
                              (a, C.arr(indices, "reduceat", "indices"), axis), kw)
        except Exception as e:
            reraise(e, f"{self.__name__}.reduceat", (array, indices, axis),
                    {"dtype": dtype, "out": out})

    @guarded
    def outer(self, A: Any, B: Any, /, **kwargs: Any) -> Any:  # noqa: N803 - NumPy's names
        """The ufunc applied to every pair (a, b): shape A.shape + B.shape."""
        if self.nin != 2:
            raise InvalidArgumentError(f"{self.__name__}.outer needs a binary ufunc")
        a = C.arr(A, "outer", "A")
        b = C.arr(B, "outer", "B")
        a = Array._new(a._array.reshape(a.shape + (1,) * b.ndim), a._dtype, True)
        return self(a, b, **kwargs)

    @guarded
    def at(self, a: Any, indices: Any, b: Any = None, /) -> None:
        """In place, unbuffered: ``a[indices] = ufunc(a[indices], b)`` (repeats add up)."""
        if type(a) is not Array:
            raise TypeMismatchError(f"{self.__name__}.at(): a must be an aiarray Array, got "
                                    f"{type(a).__name__}")
        if a._dtype is D.complex32:
            raise TypeMismatchError(f"{self.__name__}.at(): complex32 has no NumPy loop; "
                                    "astype(complex64) first")
        if not a._array.flags.writeable:
            raise InvalidArgumentError(f"{self.__name__}.at(): a is read-only")
        args: tuple[Any, ...] = (a._array, C.view(_index(indices)))
        if b is not None:
            args += (C.view(b),)
        self._np.at(*args)


_RULE = P.SCALARS  # (plain: the numpy policy, for NumPy's own scalar math)


class _Unary(ufunc):
    """A one-input ufunc of the op registry, with a short path for a swap-in Array."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if not kwargs and len(args) == 1:
            x = args[0]
            if type(x) is Array and x._numpy:
                try:
                    res = self._std(x)
                    return scalar(res) if type(res) is Array and not res._array.ndim else res
                except D.CategoryError:  # e.g. abs of bool: NumPy's own loop
                    return self._numpy_loop(args, {})
                except Exception as e:
                    reraise(e, self.__name__, args)
            elif _RULE.plain and isinstance(x, np.generic) and x.dtype in D.NATIVE:
                try:  # a NumPy scalar under the numpy policy: NumPy's own scalar math
                    return quiet_run(self._np, x)
                except Exception:  # NumPy's error: the general path gives aiarray's
                    pass
        return ufunc.__call__(self, *args, **kwargs)


class _Binary(ufunc):
    """A two-input ufunc of the op registry, with a short path for a swap-in Array and
    an Array or a Python int/float (the commonest calls; the per-call cost)."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if not kwargs and len(args) == 2:
            x1, x2 = args
            t1 = type(x1)
            t2 = type(x2)
            try:
                if t1 is Array:
                    if (x1._numpy and (t2 is Array or t2 is float or t2 is int
                                       or isinstance(x2, np.generic))) or (
                            t2 is Array and x2._numpy):
                        res = self._std(x1, x2)
                        return scalar(res) if type(res) is Array and not res._array.ndim else res
                elif t2 is Array:
                    if x2._numpy and (t1 is float or t1 is int or isinstance(x1, np.generic)):
                        res = self._std(x1, x2)
                        return scalar(res) if type(res) is Array and not res._array.ndim else res
                elif _RULE.plain:  # scalars only: NumPy's own scalar math (numpy policy)
                    done = swapin_call(self._np, x1, x2, True, None)  # (scalars)
                    if done is not None:
                        return done
            except D.CategoryError:  # e.g. maximum of complex: NumPy's own loop
                return self._numpy_loop(args, {})
            except Exception as e:
                reraise(e, self.__name__, args)
        return ufunc.__call__(self, *args, **kwargs)


class _Reciprocal(ufunc):
    """NumPy's reciprocal: of integers 1 // x (NumPy's integer loop, not a float result),
    of complex data NumPy's own algorithm (last bits and infinities differ from the
    standard's 1 / x); of real floats 1 / x, the same value either way."""

    def _numpy_computes(self, args: tuple[Any, ...]) -> bool:
        return _has_ints(args) or any(
            (type(a) is Array and a._dtype in D.COMPLEX and a._dtype is not D.complex32)
            or isinstance(a, complex | np.complexfloating) for a in args)


class _FloatOnly(ufunc):
    """A floating-only op that the registry does not turn to floats (nextafter): integer
    input goes to a floating dtype first, by the policy's rule for math functions."""

    def _general(self, args: tuple[Any, ...], out: Any, where: Any, casting: str,
                 dtype: Any) -> Any:
        if dtype is None:
            args = tuple(_to_float(a, self.__name__) for a in args)
        return super()._general(args, out, where, casting, dtype)


def _to_float(a: Any, func: str) -> Any:
    from .. import _promotion as P

    if isinstance(a, bool | int) and not isinstance(a, np.generic):
        return float(a)
    x = C.operand(a, func, "x")
    if type(x) is Array and (x._dtype in D.INTEGER or x._dtype is D.bool_):
        table = P.policy_for(x).int_to_float
        dt = table["function"][x._dtype] if table else D.float64
        return C.tag(_data_type.astype(x, dt))
    return x


_CLASSES = {"reciprocal": _Reciprocal, "nextafter": _FloatOnly}


def _has_ints(args: tuple[Any, ...]) -> bool:
    return any((type(a) is Array and (a._dtype in D.INTEGER or a._dtype is D.bool_))
               or (isinstance(a, int | np.integer) and not isinstance(a, bool)) for a in args)


def _ndarg(a: Any, func: str) -> Any:
    """An argument of a NumPy-computed ufunc: Arrays and scalars as they are (views are
    taken by on_views), sequences through NumPy's inference."""
    if type(a) is Array or isinstance(a, (*C.PY_SCALARS, np.generic, np.ndarray)):
        return a
    return C.arr(a, func, "x")


def _index(indices: Any) -> Any:
    if isinstance(indices, tuple):
        return tuple(_index(i) for i in indices)
    if isinstance(indices, list):
        return np.asarray(C.view(indices))
    return indices


def _kwargs(**kw: Any) -> dict[Any, Any]:
    """Keyword arguments actually given (None / NumPy's no-value left out)."""
    out = {}
    for k, v in kw.items():
        if v is None or v is C.NOVALUE:
            continue
        if (k == "keepdims" and v is False) or (k == "where" and v is True):
            continue
        if k == "dtype":
            try:
                v = C.np_dtype(C.dtype_of(v))
            except C.ForeignDataError:  # (dtype=object, '>f8' ...: NumPy's own)
                pass
        out[k] = v
    return out


def _std(name: str) -> Any:
    return getattr(_elementwise, name)


# NumPy name -> the standard function computing it: every NumPy name (and alias) of the
# op registry's records (``numpy_name``, ``aliases``).
STANDARD = numpy_names(OPS.values())


_MADE: dict[str, ufunc] = {}


def by_standard_name(name: str) -> ufunc:
    """The ufunc that computes the op registry's ``name`` (``abs`` -> ``absolute``,
    ``round`` -> ``rint``)."""
    numpy_name = OPS[name].numpy_name
    return make("rint" if name == "round" else typing.cast(str, numpy_name))


if TYPE_CHECKING:  # what a call gives, for type checkers: an Array, or two for these three
    class _OneResult(ufunc):
        def __call__(self, *args: Any, out: Any = None, where: Any = True,
                     casting: str = "same_kind", order: str = "K", dtype: Any = None,
                     subok: bool = True, signature: Any = None) -> Array: ...

    class _TwoResults(ufunc):
        def __call__(self, *args: Any, out: Any = None, where: Any = True,
                     casting: str = "same_kind", order: str = "K", dtype: Any = None,
                     subok: bool = True, signature: Any = None) -> tuple[Array, Array]: ...


@typing.overload
def make(  # type: ignore[overload-overlap]  # (literal names first, as typeshed does)
        name: Literal["divmod", "frexp", "modf"]) -> _TwoResults: ...
@typing.overload
def make(name: str) -> _OneResult: ...
def make(name: str) -> ufunc:
    """The ufunc object for NumPy's ufunc ``name``: one object per NumPy ufunc, so
    NumPy's aliases are aliases here too (``conj is conjugate``).  (Three ufuncs give two
    results: divmod, frexp and modf.)"""
    canonical = getattr(np, name).__name__
    u = _MADE.get(canonical)
    if u is None:
        std_name = STANDARD.get(canonical)
        std = None if std_name is None else _std(std_name)
        cls = _CLASSES.get(canonical)
        if cls is None:
            nin = getattr(np, canonical).nin
            cls = ufunc if std is None else _Unary if nin == 1 else _Binary
        u = _MADE[canonical] = cls(canonical, std)
    return u

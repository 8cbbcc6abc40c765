"""The single path from arguments to result for elementwise ops.

validate operands -> promote (the policy's table) -> explicit cast / widen ->
kernel (numba for large inputs, once that path is installed; NumPy otherwise)
-> round back once -> wrap.  Kernels never promote: they see one dtype.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import numpy as np

from . import _dtypes as D
from . import _promotion as P
from ._errors import (
    AllocationError,
    DimensionMismatchError,
    InvalidArgumentError,
    ParameterCastError,
    TypeMismatchError,
    UninitializedError,
)
from ._numpy_path import quiet, quiet_run
from ._registry import INT_TO_FLOAT, ElementwiseOp

Array = None  # set by _array at import time (avoids a circular import)

# The seam for the numba path: a callable (op, args, dtype) -> ndarray | None that
# takes large inputs; None means "not installed" (everything runs on NumPy).
kernel_hook: Callable[[ElementwiseOp, tuple, np.dtype], np.ndarray | None] | None = None
converting_hook: Callable[[ElementwiseOp, tuple, np.dtype], np.ndarray | None] | None = None
KERNEL_MIN_SIZE = 1 << 16

_PY_KINDS = P.PY_KINDS
_COMPUTE = D.COMPUTE


def not_an_array(func: str, argname: str, value: object) -> UninitializedError:
    """The error for an operand that is neither an aiarray Array nor a scalar."""
    kind = type(value).__module__ + "." + type(value).__qualname__
    hint = " (convert it with aiarray.asarray first)" if kind.startswith("numpy.") else ""
    return UninitializedError(
        f"{func}() expected an aiarray Array for {argname}, got {kind}{hint}"
    )


def is_masked(value: object) -> bool:
    """Whether ``value`` is a NumPy masked array (only possible once numpy.ma is loaded)."""
    ma = sys.modules.get("numpy.ma")
    return ma is not None and isinstance(value, ma.MaskedArray)


def masked_error(func: str, argname: str) -> TypeMismatchError:
    """The error for a NumPy masked array: aiarray has no masks and never drops one."""
    return TypeMismatchError(
        f"{func}(): {argname} is a NumPy masked array; aiarray arrays have no mask and "
        "dropping it would change the data's meaning: pass x.filled(value) or x.data "
        "explicitly"
    )


def array_arg(x: object, func: str, argname: str = "x", category: str | None = None) -> Array:
    """``x`` itself when it is an aiarray Array (of a dtype in the standard's input
    ``category``, when one is named); the standard errors naming ``argname`` otherwise."""
    if type(x) is not Array:
        raise not_an_array(func, argname, x)
    if category is not None:
        D.check_category(x._dtype, category, func, argname)
    return x


def _run(op: ElementwiseOp, args: tuple, dt: np.dtype, res: np.dtype) -> np.ndarray:
    """Compute ``op`` on same-dtype ndarrays ``args`` (dtype ``dt``), giving dtype ``res``."""
    if dt in _COMPUTE:  # bf16 / c32: compute wide, round back once
        out = quiet(op.numpy, *[D.widen(a) for a in args])
        out = D.narrow(np.asarray(out), res)
    else:
        hook = kernel_hook
        out = None
        if hook is not None and max(args[0].size, args[-1].size) >= KERNEL_MIN_SIZE:
            out = hook(op, args, dt)
        if out is None:
            out = quiet(op.numpy, *args)
    if type(out) is not np.ndarray:
        out = np.asarray(out)
    return out


def _value_error(op: ElementwiseOp, a: object, b: object, e: ValueError) -> Exception:
    """NumPy's ValueError from an op as aiarray's error with a status."""
    if isinstance(e, InvalidArgumentError):
        return e
    if "broadcast" in str(e):
        return DimensionMismatchError(
            f"{op.name}(): shapes {np.shape(a)} and {np.shape(b)} do not broadcast"
        )
    return InvalidArgumentError(f"{op.name}(): {e}")


def _no_memory(op: ElementwiseOp, e: MemoryError) -> AllocationError:
    """NumPy's MemoryError (e.g. two broadcast views whose result is huge) with a status."""
    return AllocationError(f"{op.name}(): cannot allocate the result: {e}")


def _float_dtypes(op: ElementwiseOp, dt: np.dtype) -> tuple[np.dtype, np.dtype]:
    """(dtype computed in, dtype of the result) for an op on promoted dtype ``dt``."""
    if op.to_float and dt in INT_TO_FLOAT:
        res = INT_TO_FLOAT[dt]
        return (D.float64 if op.exact_ints else res), res
    return dt, op.result_dtype(dt)


def _check(op: ElementwiseOp, dt: np.dtype) -> None:
    if dt not in op.allowed:
        raise TypeMismatchError(
            f"{op.name}() requires {op.category} input, got dtype {D.name_of(dt)}"
        )


def unary(op: ElementwiseOp, x: object) -> object:
    """Apply a one-argument op."""
    if type(x) is not Array:
        raise not_an_array(op.name, "x", x)
    a = x._array
    dt, res = _float_dtypes(op, x._dtype)
    _check(op, dt)
    try:
        if dt is not x._dtype:
            a = a.astype(dt)
        out = _run(op, (a,), dt, res)
        if out.dtype != res:
            out = out.astype(res)
    except MemoryError as e:
        raise _no_memory(op, e) from None
    return Array._new(out, res)


def _scalar_operand(value: object, dt: np.dtype) -> np.ndarray:
    """A scalar as a 0-d array of ``dt``, rounded to ``dt`` first (as Ascend converts it)."""
    if isinstance(value, P.TypedScalar):
        value = value.value
    elif isinstance(value, np.generic):
        value = value.item()
    if dt is D.complex32:
        return D.to_c32(np.asarray(complex(value), D.complex64))
    return quiet(np.asarray, value, dt)


def operands(op: ElementwiseOp, x1: object, x2: object) -> tuple[np.ndarray, np.ndarray, np.dtype]:
    """Promote two operands (arrays or scalars) to one dtype; return (a1, a2, dtype)."""
    pol = P._local_policy.get() or P._global_policy
    t1 = type(x1) is Array
    t2 = type(x2) is Array
    if t1 and t2:
        d1 = x1._dtype
        d2 = x2._dtype
        if d1 is d2:
            dt = d1
        else:
            dt = pol.fast_pairs[(d1, d2)]
            if dt is None:
                raise P._cannot(D.name_of(d1), D.name_of(d2), pol, f"{op.name}() dtypes")
        if pol.parameter_rule:
            check_parameters(op.name, (x1, x2), dt)
        a1 = x1._array if d1 is dt else _cast(x1._array, dt)
        a2 = x2._array if d2 is dt else _cast(x2._array, dt)
        return a1, a2, dt
    if t1 or t2:
        arr, sc = (x1, x2) if t1 else (x2, x1)
        key = _PY_KINDS.get(type(sc)) or P.scalar_key(sc)
        if key is None:
            raise not_an_array(op.name, "x2" if t1 else "x1", sc)
        dt = P.promote_scalar(arr._dtype, sc, key, pol, f"{op.name}() {'x2' if t1 else 'x1'}")
        if pol.parameter_rule:
            check_parameters(op.name, (arr,), dt)
        a = arr._array if arr._dtype is dt else _cast(arr._array, dt)
        s = _scalar_operand(sc, dt)
        return (a, s, dt) if t1 else (s, a, dt)
    raise not_an_array(op.name, "x1", x1)


def check_parameters(func: str, arrays: tuple | list, dt: np.dtype) -> None:
    """MindSpore's rule: an array marked as a parameter is never implicitly cast."""
    for x in arrays:
        if type(x) is Array and x._dtype is not dt and x.is_parameter:
            raise ParameterCastError(
                f"{func}(): a parameter of dtype {D.name_of(x._dtype)} would be cast to "
                f"{D.name_of(dt)}; the mindspore policy does not convert parameters"
            )


def _cast(a: np.ndarray, dt: np.dtype) -> np.ndarray:
    if dt is D.complex32:
        return D.to_c32(D.widen(a))
    if a.dtype == D.complex32:
        return D.c32_to_c64(a).astype(dt)
    return a.astype(dt)


def _converted_in_kernel(op: ElementwiseOp, x1: Array, x2: Array) -> Array | None:
    """Two large Arrays of different dtypes through the converting kernel, or None.

    Only where the plain path would cast both to the promoted dtype and run the op
    there: errors (no promotion, wrong category, a parameter that would be cast) are
    left to it.
    """
    a1, a2 = x1._array, x2._array
    if a1.shape != a2.shape or a1.size < KERNEL_MIN_SIZE:
        return None
    pol = P._local_policy.get() or P._global_policy
    dt = pol.fast_pairs[(x1._dtype, x2._dtype)]
    if dt is None or pol.parameter_rule or dt not in op.allowed:
        return None
    cdt, res = _float_dtypes(op, dt)
    if cdt is not dt:
        return None
    out = converting_hook(op, (a1, a2), dt)
    return None if out is None else Array._new(out, res)


def binary(op: ElementwiseOp, x1: object, x2: object) -> object:
    """Apply a two-argument op with broadcasting and promotion."""
    if not op.promotes:
        return _binary_unpromoted(op, x1, x2)
    if converting_hook is not None and type(x1) is Array and type(x2) is Array \
            and x1._dtype is not x2._dtype:
        done = _converted_in_kernel(op, x1, x2)
        if done is not None:
            return done
    try:
        a1, a2, dt = operands(op, x1, x2)
        cdt, res = _float_dtypes(op, dt)
        if cdt is not dt:
            a1 = a1.astype(cdt)
            a2 = a2.astype(cdt)
            dt = cdt
    except MemoryError as e:  # casting huge broadcast views
        raise _no_memory(op, e) from None
    _check(op, dt)
    try:
        out = _run(op, (a1, a2), dt, res)
        if out.dtype != res:
            out = out.astype(res)
    except ValueError as e:
        raise _value_error(op, a1, a2, e) from None
    except MemoryError as e:
        raise _no_memory(op, e) from None
    return Array._new(out, res)


def _binary_unpromoted(op: ElementwiseOp, x1: object, x2: object) -> object:
    """Ops that need no common dtype (logical ops): each operand is checked alone."""
    args = []
    for name, x in (("x1", x1), ("x2", x2)):
        if type(x) is Array:
            _check(op, x._dtype)
            args.append(D.widen(x._array))
        elif type(x) in _PY_KINDS or isinstance(x, P.TypedScalar):
            args.append(np.asarray(x.value if isinstance(x, P.TypedScalar) else x))
        else:
            raise not_an_array(op.name, name, x)
    if type(x1) is not Array and type(x2) is not Array:
        raise not_an_array(op.name, "x1", x1)
    try:
        out = np.asarray(quiet(op.numpy, *args))
    except ValueError as e:
        raise DimensionMismatchError(
            f"{op.name}(): shapes {args[0].shape} and {args[1].shape} do not broadcast"
        ) from e
    return Array._new(out, D.bool_)


def inplace(op: ElementwiseOp, x1: object, x2: object) -> object:
    """``x1 op= x2``: raises before writing when the dtype or the shape would change."""
    res = binary(op, x1, x2)  # validates, promotes and computes without touching x1
    if res._dtype is not x1._dtype:
        raise TypeMismatchError(
            f"in-place {op.name}() would change the dtype of x1 from "
            f"{D.name_of(x1._dtype)} to {D.name_of(res._dtype)}"
        )
    if res._array.shape != x1._array.shape:
        raise DimensionMismatchError(
            f"in-place {op.name}() would change the shape of x1 from "
            f"{x1._array.shape} to {res._array.shape}"
        )
    if not x1._array.flags.writeable:
        raise InvalidArgumentError(f"in-place {op.name}(): x1 is a read-only view")
    x1._array[...] = res._array
    return x1


def defers(other: object, op: str) -> bool:
    """Whether Array's operator ``op`` ("add", "matmul", ...) should return NotImplemented
    for ``other``: its type lists ``op`` in ``_aiarray_defer`` (a SparseArray handles
    add, sub, mul and matmul); any other operand is Array's to accept or refuse."""
    handled = getattr(type(other), "_aiarray_defer", None)
    return handled is not None and op in handled


def set_kernel_hook(hook: Callable | None, min_size: int,
                    converting: Callable | None = None,
                    unary_sizes: dict[str, dict[np.dtype, int]] | None = None) -> None:
    """Install ``hook`` (or None) for inputs of at least ``min_size`` elements.

    ``converting(op, args, dtype)`` (optional) takes same-shape arrays of other dtypes
    than ``dtype`` and converts them as it reads them, instead of the dispatcher
    casting them first; like ``hook`` it returns a new result or None.
    ``unary_sizes[op name][dtype]`` gives unary ops their own sizes per input dtype
    (costly ops reach the hook from fewer elements than cheap ones); a unary op or
    dtype not in it keeps NumPy's loop at every size.
    """
    global kernel_hook, converting_hook, KERNEL_MIN_SIZE, SHORT_PATH_LIMIT
    kernel_hook = hook
    converting_hook = converting if hook is not None else None
    sizes = unary_sizes if hook is not None and unary_sizes else {}
    KERNEL_MIN_SIZE = min([min_size, *(n for per in sizes.values() for n in per.values())])
    SHORT_PATH_LIMIT = min_size if hook is not None else _NO_LIMIT
    for name, users in _UNARY_SIZES.items():
        per = sizes.get(name, {})
        for cell, by_dtype in users:
            cell.cell_contents = min(per.values(), default=_NO_LIMIT)
            by_dtype.clear()
            by_dtype.update(per)


_NO_LIMIT = 1 << 62
# Inputs below this size take the short path (NumPy's loop) without asking the hook
# (binary ops).  Unary ops have their own: op name -> [(the closure cell of the function's
# smallest size, its {dtype: size})], set by set_kernel_hook.
SHORT_PATH_LIMIT = _NO_LIMIT
_UNARY_SIZES: dict[str, list[tuple[object, dict]]] = {}


def _as_ufunc_like(func: Callable) -> Callable:
    """``func`` called like a ufunc by the short path: takes ``out=...``, gives an ndarray."""

    def call(*args: np.ndarray, out: object = None) -> np.ndarray:
        res = func(*args)
        return res if type(res) is np.ndarray else np.asarray(res)

    return call


_new = object.__new__


def _short_binary(op: ElementwiseOp, ufunc: Callable, a: np.ndarray, b: object,
                  res: np.dtype) -> object:
    """NumPy's loop on the short path's operands (an Array's ndarray ``a`` and ``b``),
    in the quiet FP context, wrapped as an Array of dtype ``res``."""
    try:
        try:
            out = quiet_run(ufunc, a, b) if a.ndim else quiet_run(ufunc, a, b, out=...)
        except RuntimeError:  # the quiet context is busy (another thread)
            out = quiet(ufunc, a, b) if a.ndim else quiet(ufunc, a, b, out=...)
    except ValueError as e:
        raise _value_error(op, a, b, e) from None
    except MemoryError as e:
        raise _no_memory(op, e) from None
    obj = _new(Array)
    obj._array = out
    obj._dtype = res
    return obj


def make_function(op: ElementwiseOp, name: str, method: bool = False) -> Callable:
    """The public function (or operator method) for ``op``: a short path, then dispatch.

    The short path covers the common case, same-dtype Arrays (or an Array and a
    Python scalar that keeps its dtype) that need no cast and are below the kernel
    size: one Python frame, NumPy's loop entered through the quiet FP context, and the
    result wrapped.  Everything else goes through :func:`unary` / :func:`binary`.
    Operator methods (``method=True``) return NotImplemented for operands that ask
    for it.  The code is written for speed: it is the per-call cost of small arrays.
    Two same-dtype Arrays, the commonest call, are handled inline first; module
    globals are read there rather than closure cells (measured faster on CPython
    3.11), and a Python scalar operand goes through :func:`_short_binary`.
    """
    result_of = op.direct.get
    is_ufunc = isinstance(op.numpy, np.ufunc)  # ufuncs take Python scalars as "weak" (NEP 50)
    ufunc = op.numpy if is_ufunc else _as_ufunc_like(op.numpy)
    where_x2 = f"{op.name}() x2"

    if op.arity == 1:
        # below ``smallest`` always NumPy's loop; from there, below the dtype's own size
        smallest = _NO_LIMIT
        by_dtype: dict = {}

        def func(x: object, /) -> object:
            if type(x) is Array:
                res = result_of(x._dtype)
                if res is not None:
                    a = x._array
                    n = a.size
                    if n < smallest or n < by_dtype.get(x._dtype, _NO_LIMIT):
                        try:
                            out = (quiet_run(ufunc, a) if a.ndim
                                   else quiet_run(ufunc, a, out=...))  # 0-d stays an array
                        except RuntimeError:  # the quiet context is busy (another thread)
                            out = quiet(ufunc, a) if a.ndim else quiet(ufunc, a, out=...)
                        except MemoryError:  # a huge broadcast view: unary() reports it
                            return unary(op, x)
                        obj = _new(Array)
                        obj._array = out
                        obj._dtype = res
                        return obj
            return unary(op, x)
    else:
        def func(x1: object, x2: object, /) -> object:
            if type(x1) is Array and type(x2) is Array:
                dt = x1._dtype
                res = result_of(dt) if x2._dtype is dt else None
                if res is not None:
                    a = x1._array
                    if a.size < SHORT_PATH_LIMIT:
                        b = x2._array
                        try:
                            if a.ndim:
                                out = quiet_run(ufunc, a, b)
                            elif b.size < SHORT_PATH_LIMIT:  # a 0-d x1 with a large x2:
                                out = quiet_run(ufunc, a, b, out=...)  # the kernels' case
                            else:
                                return binary(op, x1, x2)
                        except (RuntimeError, ValueError, MemoryError):  # busy; shapes; size
                            return _short_binary(op, ufunc, a, b, res)
                        obj = _new(Array)
                        obj._array = out
                        obj._dtype = res
                        return obj
                return binary(op, x1, x2)
            if type(x1) is Array and (type(x2) is float or type(x2) is int):
                dt = x1._dtype
                pol = P._local_policy.get() or P._global_policy
                if pol.scalar_results[type(x2)].get(dt) is dt:
                    res = result_of(dt)
                    a = x1._array
                    if res is not None and a.size < SHORT_PATH_LIMIT:
                        if type(x2) is int:
                            lo, hi = P.INT_RANGE[dt]
                            if not lo <= x2 <= hi:
                                P.check_int_fits(x2, dt, where_x2)  # raises OverflowError
                        b = x2 if is_ufunc else np.asarray(x2, dt)
                        try:
                            out = (quiet_run(ufunc, a, b) if a.ndim
                                   else quiet_run(ufunc, a, b, out=...))
                        except (RuntimeError, ValueError, MemoryError):  # busy context
                            return _short_binary(op, ufunc, a, b, res)
                        obj = _new(Array)
                        obj._array = out
                        obj._dtype = res
                        return obj
            if method and defers(x2, op.name):
                return NotImplemented
            return binary(op, x1, x2)

    func.__name__ = func.__qualname__ = name
    func.__doc__ = op.doc
    if op.arity == 1:  # set_kernel_hook rebinds ``smallest`` through its closure cell
        cell = func.__closure__[func.__code__.co_freevars.index("smallest")]
        _UNARY_SIZES.setdefault(op.name, []).append((cell, by_dtype))
    return func


def common_dtype(func: str, arrays: tuple | list, argname: str = "arrays") -> np.dtype:
    """The dtype several arrays promote to under the active policy, in any order
    (:func:`aiarray._promotion.promote_many`).

    Raises TypeError naming ``func`` when an argument is not an Array or two dtypes
    cannot be promoted; under the mindspore policy a parameter that would be cast raises.
    """
    pol = P._local_policy.get() or P._global_policy
    for i, x in enumerate(arrays):
        if type(x) is not Array:
            raise not_an_array(func, f"{argname}[{i}]", x)
    if not arrays:
        raise InvalidArgumentError(f"{func}(): {argname} must hold at least one array")
    dt = arrays[0]._dtype
    if any(x._dtype is not dt for x in arrays):
        dt = P.promote_many([x._dtype for x in arrays], pol, f"{func}() dtypes")
    if pol.parameter_rule:
        check_parameters(func, arrays, dt)
    return dt


def cast(x: object, dt: np.dtype) -> np.ndarray:
    """The ndarray of Array ``x`` in dtype ``dt`` (no copy when it already is)."""
    return x._array if x._dtype is dt else _cast(x._array, dt)

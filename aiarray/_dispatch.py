"""The single path from arguments to result for elementwise ops.

validate operands -> promote (the policy's table) -> explicit cast / widen ->
backend (large inputs: the active backend may take them; NumPy otherwise)
-> round back once -> wrap.  Backends never promote: they see one dtype.

The dispatcher owns the backend (``_STATE.backend``): which one is active
(:func:`set_backend`, :func:`backend`), and the sizes below which the short path
never asks it.
"""

from __future__ import annotations

import contextlib
import contextvars
import math
import os
import sys
import typing
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from . import _backend as B
from . import _dtypes as D
from . import _memory as M
from . import _promotion as P
from ._casting import convert
from ._errors import (
    AllocationError,
    DimensionMismatchError,
    ForeignDataError,
    InvalidArgumentError,
    ParameterCastError,
    ScalarOverflowError,
    TypeMismatchError,
    UninitializedError,
)
from ._fork import at_fork, new_rlock
from ._layers import swapin_hooks
from ._numpy_path import quiet, quiet_run
from ._registry import ElementwiseOp
from ._typing import DType, NDArray

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
    """Whether ``value`` is a NumPy masked array (only possible once numpy.ma is loaded).

    numpy.ma may be in ``sys.modules`` half-imported (another thread importing it, such as
    the kernel loader importing numba): no masked array exists before its class does."""
    cls = getattr(sys.modules.get("numpy.ma"), "MaskedArray", None)
    return cls is not None and isinstance(value, cls)


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


def _run(op: ElementwiseOp, args: tuple[NDArray, ...], dt: DType, res: DType) -> NDArray:
    """Compute ``op`` on same-dtype ndarrays ``args`` (dtype ``dt``), giving dtype ``res``."""
    out: NDArray | None
    if dt in _COMPUTE:  # bf16 / c32: compute wide, round back once
        out = quiet(op.numpy, *[D.widen(a) for a in args])
        out = D.narrow(np.asarray(out), res)
    else:
        out = None
        if max(args[0].size, args[-1].size) >= _STATE.kernel_min:
            be = active_backend()
            if _SIZES_OF.get(op.name) is not _STATE.limits_of:
                _refresh_op(op)  # (this op's first large call since the sizes changed)
            out = be.elementwise(op, args, dt)
        if out is None:
            out = _numpy_loop(op.numpy, args)
    if type(out) is not np.ndarray:
        out = np.asarray(out)
    return out


def _numpy_loop(func: Callable[..., Any], args: tuple[NDArray, ...]) -> Any:
    """``func(*args)`` (NumPy's), a large ufunc result written into a 64-byte aligned
    buffer (``_memory``) of the dtype and shape NumPy gives it."""
    if isinstance(func, np.ufunc) and func.nout == 1 and (
            max(x.size for x in args) >= _ALIGN_ITEMS
            or math.prod(x.size for x in args) >= _ALIGN_ITEMS):  # (a broadcast result)
        try:
            dt = func.resolve_dtypes((*(x.dtype for x in args), None))[-1]
            shape = np.broadcast_shapes(*(x.shape for x in args))
        except (TypeError, ValueError):  # NumPy's own call reports it
            return quiet(func, *args)
        return quiet(func, *args, out=M.empty(shape, dt))
    return quiet(func, *args)


def _aligned_out(a: NDArray, b: object, res: DType) -> NDArray:
    """The result buffer of the short path's NumPy loop on ``a`` and ``b`` (an ndarray or
    a Python scalar): 64-byte aligned when large (``_memory.empty``)."""
    shape = a.shape
    if type(b) is np.ndarray and b.shape != shape:
        shape = np.broadcast_shapes(shape, b.shape)
    return M.empty(shape, res)


def _value_error(op: ElementwiseOp, a: NDArray | complex, b: NDArray | complex,
                 e: ValueError) -> Exception:
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


def _check(op: ElementwiseOp, dt: DType) -> None:
    if dt not in op.allowed:
        raise D.CategoryError(
            f"{op.name}() requires {op.category} input, got dtype {D.name_of(dt)}"
        )


def unary(op: ElementwiseOp, x: object) -> Array:
    """Apply a one-argument op."""
    if type(x) is not Array:
        raise not_an_array(op.name, "x", x)
    a = x._array
    dt, res = P.elementwise_dtypes(op, x._dtype, P.policy_for(x) if op.to_float else None)
    if x._numpy and dt not in op.allowed:  # e.g. abs of bool: NumPy's own loop decides
        return numpy_loop(op.name, (x,))
    _check(op, dt)
    try:
        if dt is not x._dtype:
            a = a.astype(dt)
        out = _run(op, (a,), dt, res)
        if out.dtype != res:
            out = out.astype(res)
    except MemoryError as e:
        raise _no_memory(op, e) from None
    return Array._new(out, res, x._numpy)


def _scalar_operand(value: object, dt: DType) -> NDArray:
    """A scalar as a 0-d array of ``dt``, rounded to ``dt`` first (as Ascend converts it)."""
    if isinstance(value, P.TypedScalar):
        value = value.value
    elif isinstance(value, np.generic):
        value = value.item()
    if dt is D.complex32:
        return D.to_c32(np.asarray(complex(typing.cast(complex, value)), D.complex64))
    return quiet(np.asarray, value, dt)


def operands(op: ElementwiseOp, x1: object, x2: object,
             pol: P.Policy | None = None) -> tuple[NDArray, NDArray, DType]:
    """Promote two operands (arrays or scalars) to one dtype; return (a1, a2, dtype).

    ``pol`` is the policy when the caller has it (else ``P.policy_for`` decides).
    """
    if pol is None:
        pol = P.policy_for(x1, x2)
    if type(x1) is Array and type(x2) is Array:
        d1 = x1._dtype
        d2 = x2._dtype
        if d1 is d2:
            dt = d1
        else:
            found = pol.fast_pairs[(d1, d2)]
            if found is None:
                raise P._cannot(D.name_of(d1), D.name_of(d2), pol, f"{op.name}() dtypes")
            dt = found
        if pol.parameter_rule:
            check_parameters(op.name, (x1, x2), dt)
        a1 = x1._array if d1 is dt else _cast(x1._array, dt)
        a2 = x2._array if d2 is dt else _cast(x2._array, dt)
        return a1, a2, dt
    if type(x1) is Array:
        arr, sc, t1 = x1, x2, True
    elif type(x2) is Array:
        arr, sc, t1 = x2, x1, False
    else:
        raise not_an_array(op.name, "x1", x1)
    key = _PY_KINDS.get(type(sc)) or P.scalar_key(sc)
    if key is None:
        raise not_an_array(op.name, "x2" if t1 else "x1", sc)
    dt = P.promote_scalar(arr._dtype, sc, key, pol, f"{op.name}() {'x2' if t1 else 'x1'}")
    if pol.parameter_rule:
        check_parameters(op.name, (arr,), dt)
    a = arr._array if arr._dtype is dt else _cast(arr._array, dt)
    s = _scalar_operand(sc, dt)
    return (a, s, dt) if t1 else (s, a, dt)


def check_parameters(func: str, arrays: Sequence[Array], dt: DType) -> None:
    """MindSpore's rule: an array marked as a parameter is never implicitly cast."""
    for x in arrays:
        if type(x) is Array and x._dtype is not dt and x.is_parameter:
            raise ParameterCastError(
                f"{func}(): a parameter of dtype {D.name_of(x._dtype)} would be cast to "
                f"{D.name_of(dt)}; the mindspore policy does not convert parameters"
            )


def _cast(a: NDArray, dt: DType) -> NDArray:
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
    if a1.shape != a2.shape:
        return None
    pol = P.policy_for(x1, x2)
    dt = pol.fast_pairs[(x1._dtype, x2._dtype)]
    if dt is None or pol.parameter_rule or dt not in op.allowed:
        return None
    cdt, res = P.elementwise_dtypes(op, dt, pol)
    if cdt is not dt:
        return None
    out = active_backend().converting(op, (a1, a2), dt)
    return None if out is None else Array._new(out, res, x1._numpy or x2._numpy)


def binary(op: ElementwiseOp, x1: object, x2: object) -> Array:
    """Apply a two-argument op with broadcasting and promotion."""
    if type(x1) is not Array or type(x2) is not Array:  # an ndarray: as the operator takes it
        x1, x2 = function_operands(op.name, x1, x2)
    if not op.promotes:
        return _binary_unpromoted(op, x1, x2)
    if type(x1) is Array and type(x2) is Array and x1._dtype is not x2._dtype \
            and x1._array.size >= _STATE.kernel_min:
        done = _converted_in_kernel(op, x1, x2)
        if done is not None:
            return done
    pol = P.policy_for(x1, x2)
    try:
        try:
            a1, a2, dt = operands(op, x1, x2, pol)
        except ScalarOverflowError:
            # NumPy casts a Python int to the dtype its loop computes in: true division
            # of uint8 by -3 computes in float64, so only NumPy itself can tell.
            if pol.name == P.SWAPIN_DEFAULT and tagged(x1, x2) \
                    and isinstance(op.numpy, np.ufunc):
                done = swapin_call(op.numpy, x1, x2, False, None)
                if done is not None:
                    return done  # type: ignore[no-any-return]  # (an Array)
            raise
        cdt, res = P.elementwise_dtypes(op, dt, pol)
        if cdt not in op.allowed and tagged(x1, x2):  # e.g. complex <: NumPy's own loop decides
            return numpy_loop(op.name, (x1, x2))
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
    return Array._new(out, res, tagged(x1, x2))


def operator_result(res: Any) -> Any:
    """What an Array operator gives for ``res``: a 0-d result of the swap-in namespace is
    NumPy's scalar, as NumPy's operators give (complex32, which has none, stays a 0-d
    Array); other results are ``res``."""
    if type(res) is Array and res._numpy and not res._array.ndim \
            and res._dtype is not D.complex32:
        return numpy_scalar(res._array[()])
    return res


def numpy_scalar(value: Any) -> Any:
    """NumPy's scalar ``value`` as the swap-in gives it (``_array_numpy.swapin_scalar``)."""
    if P.SCALARS.plain:
        return value
    from ._array_numpy import swapin_scalar

    return swapin_scalar(value)


# The dtypes NumPy computes itself (all but bfloat16 and complex32): under the numpy
# policy, NumPy's own ufunc on these gives the swap-in's result.
_NATIVE = D.NATIVE
_NATIVE_SCALAR_TYPES = D.NATIVE_SCALAR_TYPES
_NDARRAY = np.ndarray  # (a global: one lookup on the per-call paths, not two)
_SCALARS = P.SCALARS
_SETTINGS = P.SETTINGS


def _native_operand(x: object, sizes: dict[DType, int] | None) -> object:
    """What NumPy's ufunc takes for operand ``x`` of the swap-in's short path, or None:
    the ndarray of an Array of a native dtype (below the op's kernel size for its dtype,
    ``sizes``; None: any size), a Python scalar, or a NumPy scalar of a native dtype."""
    t = type(x)
    if t is Array:
        a = x._array  # type: ignore[attr-defined]  # (an Array)
        if a.dtype not in _NATIVE:
            return None
        n = a.size
        if sizes is None or n < _STATE.short_limit or n < sizes.get(a.dtype, 0):
            return a
        return None
    if t in _PY_KINDS or (isinstance(x, np.generic) and x.dtype in _NATIVE):
        return x
    return None


def swapin_call(ufunc: Callable[..., Any], x1: object, x2: object, method: bool,
                sizes: dict[DType, int] | None) -> Any:
    """A binary op of the swap-in under the numpy policy (``P.SCALARS.plain``) on small
    operands of the dtypes NumPy computes: NumPy's own ufunc decides the result and its
    dtype, as the numpy policy would (mixed dtypes, Python and NumPy scalars).  None when
    the operands are not such, or NumPy raises (the general path then gives aiarray's
    error, or its own result).  A 0-d result is NumPy's scalar for an operator
    (``method``) and a 0-d swap-in Array for a function.  ``sizes``: the op's kernel sizes
    by dtype (``op_sizes``), below which an Array takes this path; None: any size."""
    a: Any
    b: Any
    if type(x1) is Array:  # (the commonest, inline: two Arrays, an Array and a scalar)
        a = x1._array
        if a.dtype not in _NATIVE:
            return None
        t2 = type(x2)
        if t2 is Array:
            b = x2._array  # type: ignore[attr-defined]  # (an Array)
            if b.dtype not in _NATIVE:
                return None
            if sizes is not None:
                limit = _STATE.short_limit
                n, m = a.size, b.size
                if not ((n < limit or n < sizes.get(a.dtype, 0))
                        and (m < limit or m < sizes.get(b.dtype, 0))):
                    return None
        else:
            if sizes is not None:
                n = a.size
                if not (n < _STATE.short_limit or n < sizes.get(a.dtype, 0)):
                    return None
            if t2 in _NATIVE_SCALAR_TYPES or t2 in _PY_KINDS:
                b = x2
            else:
                b = _native_operand(x2, sizes)
                if b is None:
                    return None
    else:  # (``numpy.float32(0.5) * x`` comes here through ``__array_ufunc__``)
        a = x1 if type(x1) in _NATIVE_SCALAR_TYPES else _native_operand(x1, sizes)
        if a is None:
            return None
        b = _native_operand(x2, sizes)
        if b is None:
            return None
    try:
        out = quiet_run(ufunc, a, b)
    except Exception:  # (a busy quiet context, a NumPy error): the general path decides
        return None
    if (type(a) is int or type(b) is int) and out.dtype.kind in "fc" \
            and not _int_fits(typing.cast(int, a if type(a) is int else b), out.dtype):
        return None  # a Python int beyond the float dtype: aiarray's OverflowError
    if type(out) is _NDARRAY:
        dt = _NATIVE.get(out.dtype)
        if dt is None:
            return None
        obj = _new(Array)
        obj._array = out
        obj._dtype = dt
        obj._numpy = True
        return obj
    if method:
        return out  # NumPy's scalar
    return Array._new(np.asarray(out), None, True)


def _int_fits(value: int, dt: Any) -> bool:
    """Whether Python int ``value`` is within floating (or complex) dtype ``dt``'s range
    (NumPy rounds it to inf with a warning; aiarray raises OverflowError)."""
    return abs(value) <= _FLOAT_MAX[dt]  # (a Python int against a Python float: exact)


_FLOAT_MAX = {dt: float(np.finfo(dt).max) for dt in _NATIVE if dt.kind in "fc"}


def swapin_inplace(ufunc: Callable[..., Any], sizes: dict[DType, int], x1: Array,
                   x2: object) -> bool:
    """``x1 op= x2`` by NumPy's own in-place ufunc, for a small swap-in ``x1`` under the
    numpy policy where NumPy's result already has x1's dtype (``casting="safe"``: no
    conversion that aiarray checks); True when done, False for the general path (which
    also gives aiarray's errors).  ``sizes``: the op's (``op_sizes``).  NumPy checks
    every argument, and that x1 is writeable, before it writes."""
    a = x1._array
    if a.dtype not in _NATIVE or (
            a.size >= _STATE.short_limit and a.size >= sizes.get(a.dtype, 0)):
        return False
    b = x2 if type(x2) in _NATIVE_SCALAR_TYPES else _native_operand(x2, sizes)
    if b is None or (type(b) is int and a.dtype.kind in "fc" and not _int_fits(b, a.dtype)):
        return False
    try:
        quiet_run(ufunc, a, b, out=a, casting="safe")
    except Exception:  # the dtype would change, shapes, ranges ...: the general path
        return False
    return True


def tagged(x1: object, x2: object) -> bool:
    """Whether a result of ``x1`` with ``x2`` belongs to the swap-in namespace."""
    return (type(x1) is Array and x1._numpy) or (type(x2) is Array and x2._numpy)


def _binary_unpromoted(op: ElementwiseOp, x1: object, x2: object) -> Array:
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
    return Array._new(out, D.bool_, tagged(x1, x2))


def inplace(op: ElementwiseOp, x1: Array, x2: object) -> Array:
    """``x1 op= x2``: raises before writing when the dtype or the shape would change.

    A swap-in array (aiarray.numpy) takes a result of the same kind back into its dtype,
    as NumPy's ``same_kind`` casting does (float64 into float32, int64 into int8), but
    with aiarray's checked conversion: a value that does not fit raises, never wraps.
    """
    res = binary(op, x1, x2)  # validates, promotes and computes without touching x1
    if type(res) is not Array:  # NumPy's own loop gave its scalar (a 0-d swap-in x1)
        res = Array._new(np.asarray(res), None, True)
    if res._dtype is not x1._dtype and x1._numpy and same_kind(res._dtype, x1._dtype):
        res = Array._new(convert(res._array, res._dtype, x1._dtype), x1._dtype, True)
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


def numpy_loop(name: str, args: tuple[object, ...]) -> Array:
    """Registry op ``name`` of swap-in operands whose dtype the op does not take: the
    swap-in's own loop decides (NumPy's result, or its TypeError)."""
    return swapin_hooks().numpy_loop(name, args)


def swapin_operand(x1: object, x2: object) -> object:
    """An operator's other operand: an ndarray (with any Array), or a list or tuple with
    a swap-in array, becomes a swap-in Array (NumPy's conversion): ``Array op ndarray``
    follows the swap-in's rules; so does a scalar of aiarray.numpy's that computes by a
    policy (it promotes as the 0-d array it stands for).  An ndarray of data aiarray
    does not compute (objects, strings) gives NotImplemented: NumPy's reflected operator
    computes it, and so does a masked array's (its mask kept).  Anything else is
    returned as it is."""
    t = type(x2)
    if t is Array or t in _PY_KINDS:
        return x2
    if isinstance(x2, np.generic):  # the swap-in's own scalar promotes as its 0-d array
        return Array._new(np.asarray(x2), None, True) if getattr(t, "_numpy", False) else x2
    if isinstance(x2, np.ndarray) or ((t is list or t is tuple) and type(x1) is Array
                                      and x1._numpy):
        if is_masked(x2):  # its own reflected operator keeps the mask (NumPy's result)
            return NotImplemented
        try:
            return swapin_hooks().operand(x2)
        except ForeignDataError:  # objects, strings ...: the ndarray's own operator decides
            return NotImplemented
    return x2


def function_operands(func: str, x1: object, x2: object) -> tuple[object, object]:
    """A binary elementwise function's operands as its operator takes them: beside an
    Array, an ndarray (or a list or tuple beside a swap-in array) becomes a swap-in Array,
    so ``add(x, ndarray)`` is ``x + ndarray``.  An ndarray of data aiarray does not
    compute (objects, strings) raises ForeignDataError."""
    if type(x1) is Array:
        if type(x2) is not Array:
            x2 = _function_operand(func, "x2", x1, x2)
    elif type(x2) is Array:
        x1 = _function_operand(func, "x1", x2, x1)
    return x1, x2


def _function_operand(func: str, argname: str, arr: Array, other: object) -> object:
    converted = swapin_operand(arr, other)
    if converted is NotImplemented:
        if is_masked(other):  # (swapin_operand leaves a masked array to its own operator)
            raise masked_error(func, argname)
        raise ForeignDataError(f"{func}(): {argname} holds data of dtype "
                               f"{getattr(other, 'dtype', '?')}, which aiarray does not compute")
    return converted


def defers(other: object, op: str) -> bool:
    """Whether Array's operator ``op`` ("add", "matmul", ...) should return NotImplemented
    for ``other``: its type lists ``op`` in ``_aiarray_defer`` (a SparseArray handles
    add, sub, mul and matmul); any other operand is Array's to accept or refuse."""
    handled = getattr(type(other), "_aiarray_defer", None)
    return handled is not None and op in handled


# -- the backend -------------------------------------------------------------------

_NO_LIMIT = B.NO_LIMIT
_local_backend: contextvars.ContextVar[B.Backend | None] = contextvars.ContextVar(
    "aiarray_backend", default=None)


class BackendState:
    """The dispatcher's backend state: the process-wide backend, the backends of active
    ``backend()`` blocks (any thread), which backends (with their versions) the sizes
    were last read from, and the sizes the hot paths compare with: ``short_limit``
    (below it every call takes NumPy's loop without asking a backend: the smallest
    threshold of the backends in use) and ``kernel_min`` (from it the general path asks
    the active backend).  Both are B.FLOOR until a large call first reads the backends'
    thresholds.  One instance, ``_STATE``; its lock guards the writes."""

    __slots__ = ("backend", "entered", "kernel_min", "limits_of", "lock", "pending",
                 "short_limit")

    def __init__(self) -> None:
        self.backend: B.Backend = B.NUMPY  # until the package face selects the default
        # the default's name until its first use builds it (the parallel backend's
        # module costs ~3 ms of import; a program of small arrays never needs it)
        self.pending: str | None = None
        self.entered: dict[B.Backend, int] = {}
        self.limits_of: tuple[tuple[B.Backend, int], ...] = ()
        self.lock = new_rlock()
        self.short_limit = self.kernel_min = B.FLOOR

    def process_backend(self) -> B.Backend:
        """The process-wide backend, built now if it was only named so far."""
        if self.pending is not None:
            with self.lock:
                if self.pending is not None:
                    self.backend = B.load(self.pending)
                    self.pending = None
        return self.backend

    def in_use(self) -> list[B.Backend]:
        be = self.process_backend()
        return [be, *(b for b, n in self.entered.items() if n > 0 and b is not be)]

    def reset_in_child(self) -> None:
        """(In a forked child.)  A fresh lock (another thread may have held it at the
        fork); the sizes are read again at the next large call."""
        self.lock = new_rlock()
        self.limits_of = ()


_STATE = BackendState()
at_fork(in_child=_STATE.reset_in_child)


def use_default_backend() -> None:
    """Select the process-wide backend ``AIARRAY_BACKEND`` names (default "parallel");
    the package face calls this once it has registered the backends."""
    name = os.environ.get("AIARRAY_BACKEND", "parallel").strip() or "parallel"
    if name not in B.NAMES:
        try:
            B.load(name)  # (a backend registered from outside is built now)
        except KeyError:
            raise InvalidArgumentError(
                f"AIARRAY_BACKEND={name!r} is not a backend; choose one of {', '.join(B.NAMES)}"
            ) from None
    with _STATE.lock:
        _STATE.pending = name  # built at its first use (BackendState.process_backend)
        _STATE.limits_of = ()


# Inputs below these sizes take the short path (NumPy's loop) without asking a backend:
# _STATE.short_limit below every threshold; _SIZES[op name][dtype] each (op, dtype)'s own
# (the smallest over the backends in use), read at the op's first large call after the
# backends' sizes changed (_refresh_op) and short_limit until then (B.FLOOR before the
# first large call).
# Fewer elements than this: no result reaches _memory.MIN_BYTES (16 bytes at most each),
# and the short path lets NumPy allocate without asking.
_ALIGN_ITEMS = M.MIN_BYTES // 16
_SIZES: dict[str, dict[DType, int]] = {}
_SIZES_OF: dict[str, object] = {}  # op name -> the ``limits_of`` its sizes were read for
_REDUCE_SIZES: dict[DType, int] = {}  # each dtype's reduction size (min over backends)


def active_backend() -> B.Backend:
    """The backend in force here, its thresholds read into the sizes above."""
    be = _local_backend.get() or (
        _STATE.backend if _STATE.pending is None else _STATE.process_backend())
    if (be, be.version) in _STATE.limits_of:
        return be
    _refresh()
    return be


def _refresh() -> None:
    """Read what the backends in use say into the short path's sizes: the least of their
    thresholds (``short_limit``), the reductions' sizes, and every op's sizes lowered
    to that least one until the op's next large call reads its own (``_refresh_op``)."""
    state = _STATE
    with state.lock:
        while True:
            backends = state.in_use()
            seen = tuple((be, be.version) for be in backends)
            if seen == state.limits_of:
                return
            low = min(be.least_threshold() for be in backends)
            reduce_sizes = {dt: min(be.threshold("sum", dt) for be in backends)
                            for dt in _NATIVE}
            if seen != tuple((be, be.version) for be in backends):
                continue  # a threshold changed while being read (first tuning): again
            state.short_limit = state.kernel_min = low
            for per in _SIZES.values():
                for dt in per:
                    per[dt] = low  # (each op's own sizes at its next large call)
            _SIZES_OF.clear()
            _REDUCE_SIZES.update(reduce_sizes)
            state.limits_of = seen
            return


def _refresh_op(op: ElementwiseOp) -> None:
    """Read the thresholds of ``op`` (every dtype) of the backends in use into its sizes."""
    state = _STATE
    with state.lock:
        seen = state.limits_of
        backends = state.in_use()
        per = {dt: min(be.threshold(op, dt) for be in backends)
               for dt in tuple(op.allowed)}  # (a set bfloat16 may join)
        _SIZES.setdefault(op.name, {}).update(per)
        _SIZES_OF[op.name] = seen


def _threshold_raised(backend: B.Backend, name: str, dt: DType, threshold: int) -> None:
    """A backend in use raised one op's threshold (``B.raised``): that op's short-path size
    on ``dt`` becomes the least threshold of the backends in use."""
    from ._registry import OPS

    state = _STATE
    with state.lock:
        backends = state.in_use()
        if backend not in backends or (backend, backend.version) not in state.limits_of \
                or _SIZES_OF.get(name) is not state.limits_of:
            return  # (read at the op's next large call)
        op = OPS.get(name)
        if op is not None:
            _SIZES.setdefault(name, {})[dt] = min(
                threshold if be is backend else be.threshold(op, dt) for be in backends)


B.on_raised(_threshold_raised)


def short_path_limit() -> int:
    """Elements below which every call takes NumPy's loop with the backends in use
    (NO_LIMIT: no backend takes anything, as with the numpy backend alone)."""
    active_backend()
    return _STATE.short_limit


def op_sizes(name: str) -> dict[DType, int]:
    """Elements by dtype from which a backend in use may take registry op ``name`` (the
    short path runs NumPy below ``_STATE.short_limit`` or below these)."""
    return _SIZES.setdefault(name, {})


def numpy_below(name: str, dt: DType) -> int:
    """Elements below which no backend in use takes reduction ``name`` ("sum", "prod",
    "mean", "min", "max") on ``dt``: NumPy computes there whichever backend is active."""
    return max(_STATE.short_limit, _REDUCE_SIZES.get(dt, 0))


def _lookup_backend(name: object) -> B.Backend:
    try:
        return B.load(name)  # type: ignore[arg-type]  # any object: refused below
    except (KeyError, TypeError):
        raise InvalidArgumentError(
            f"backend={name!r} is not a backend; choose one of {', '.join(B.NAMES)}"
        ) from None


def get_backend() -> str:
    """Name of the backend in force here: ``"parallel"`` (the default) or ``"numpy"``.

    Examples
    --------
    >>> xp.get_backend()
    'parallel'
    >>> with xp.backend('numpy'):
    ...     xp.get_backend()
    ...
    'numpy'
    """
    local = _local_backend.get()
    return local.name if local is not None else _STATE.pending or _STATE.backend.name


def set_backend(name: str) -> None:
    """Select the process-wide backend for large arrays (a ``backend`` block overrides it).

    ``"parallel"`` (the default): numba kernels and NumPy's loops in threads from sizes
    derived from the machine; ``"numpy"``: NumPy's own loops at every size.  Results
    are the same with either.

    Examples
    --------
    >>> xp.get_backend()
    'parallel'
    >>> xp.set_backend('numpy')
    >>> xp.get_backend()
    'numpy'
    >>> xp.set_backend('parallel')
    """
    be = _lookup_backend(name)
    with _STATE.lock:
        _STATE.backend = be
        _STATE.pending = None
        _refresh()


@contextlib.contextmanager
def backend(name: str) -> Iterator[str]:
    """Use backend ``name`` inside a ``with`` block; local to the thread and asyncio task.

    Examples
    --------
    >>> with xp.backend('numpy'):
    ...     y = xp.sum(xp.ones(1000, dtype=xp.float32))
    ...
    >>> y
    Array(1000., dtype=float32)
    >>> xp.get_backend()
    'parallel'
    """
    be = _lookup_backend(name)
    with _STATE.lock:
        _STATE.entered[be] = _STATE.entered.get(be, 0) + 1
        _refresh()
    token = _local_backend.set(be)
    try:
        yield name
    finally:
        _local_backend.reset(token)
        with _STATE.lock:
            _STATE.entered[be] -= 1
            _refresh()


def set_num_threads(n: int) -> None:
    """Threads of the parallel backend (default: ``AIARRAY_NUM_THREADS``, else the CPUs
    this process may use).  Start sizes scale with it.

    Examples
    --------
    >>> n = xp.get_num_threads()
    >>> xp.set_num_threads(2)
    >>> xp.get_num_threads()
    2
    >>> xp.set_num_threads(n)
    """
    if type(n) is not int:
        raise TypeMismatchError(f"set_num_threads(): n must be an int, got {n!r}")
    if n < 1:
        raise InvalidArgumentError(f"set_num_threads(): n must be at least 1, got {n}")
    B.load("parallel").set_num_threads(n)
    _refresh()


def get_num_threads() -> int:
    """Threads of the parallel backend.

    Examples
    --------
    >>> xp.get_num_threads() >= 1
    True
    """
    return B.load("parallel").get_num_threads()


def reduce(name: str, a: NDArray, axis: int | tuple[int, ...] | None = None,
           dtype: DType | None = None, keepdims: bool = False) -> NDArray | None:
    """``np.<name>(a, ...)`` by the active backend for large ``a`` (sum, prod, mean, min,
    max), or None: the caller runs NumPy."""
    if reduces_here(a):
        return None
    return active_backend().reduce(name, a, axis, dtype, keepdims)


def reduce_whole(name: str, a: NDArray, numpy_call: Callable[[], NDArray]) -> NDArray:
    """``np.<name>(a)`` over every element of ``a`` with NumPy's result dtype, a 0-d
    ndarray (the short path's sum, prod, mean, min, max, for ``a`` not ``reduces_here``):
    the active backend's (``Backend.reduce_whole``), which may time its route and
    ``numpy_call()`` (NumPy's own call) and run the faster."""
    return active_backend().reduce_whole(name, a, numpy_call)


def reduces_here(a: NDArray) -> bool:
    """Whether no backend takes a reduction of ``a`` (below every backend's start for its
    size and dtype): NumPy's loop computes it on the calling thread."""
    n = a.size
    return n < _STATE.kernel_min or n < _REDUCE_SIZES.get(a.dtype, 0)


def fused_multiply_add(a: NDArray, b: NDArray, c: NDArray,
                       dtype: DType) -> NDArray | None:
    """``a * b + c`` by the active backend for large operands, or None."""
    if max(a.size, b.size, c.size) < _STATE.kernel_min:
        return None
    return active_backend().fused_multiply_add(a, b, c, dtype)


def _as_ufunc_like(func: Callable[..., Any]) -> Callable[..., NDArray]:
    """``func`` called like a ufunc by the short path: takes ``out=...``, gives an ndarray."""

    def call(*args: NDArray, out: object = None) -> NDArray:
        res = func(*args)
        return res if type(res) is np.ndarray else np.asarray(res)

    return call


_new = object.__new__
# NumPy's kind order for "same_kind" casting: bool < unsigned < signed < float < complex
# (bfloat16, kind "V", is a float; complex32, a record, is complex).
_KIND_ORDER = {"b": 0, "u": 1, "i": 2, "f": 3, "V": 3, "c": 4}


def kind_rank(dt: DType) -> int:
    """The place of ``dt``'s kind in NumPy's order bool < unsigned < signed < float <
    complex."""
    return 4 if dt is D.complex32 else _KIND_ORDER[dt.kind]


def same_kind(src: DType, dst: DType) -> bool:
    """NumPy's ``casting="same_kind"``: ``src`` may become ``dst`` (sizes may shrink)."""
    return kind_rank(src) <= kind_rank(dst)


def _short_binary(op: ElementwiseOp, ufunc: Callable[..., Any], a: NDArray | complex,
                  b: NDArray | complex, res: DType, tag: bool) -> Array:
    """NumPy's loop on the short path's operands (ndarrays, or one ndarray and a Python
    scalar), in the quiet FP context, wrapped as an Array of dtype ``res``."""
    whole = type(a) is np.ndarray and a.ndim  # (else ``out=...``: a 0-d result stays an array)
    try:
        try:
            out = quiet_run(ufunc, a, b) if whole else quiet_run(ufunc, a, b, out=...)
        except RuntimeError:  # the quiet context is busy (another thread)
            out = quiet(ufunc, a, b) if whole else quiet(ufunc, a, b, out=...)
    except ValueError as e:
        raise _value_error(op, a, b, e) from None
    except MemoryError as e:
        raise _no_memory(op, e) from None
    obj = _new(Array)
    obj._array = out
    obj._dtype = res
    obj._numpy = tag
    return obj


def _scalar_path(op: ElementwiseOp) -> Callable[[Array, int | float, bool, bool], Any]:
    """The short path of binary ``op`` for an Array and a Python int or float that keeps
    its dtype under the policy in force (``x + 1.0``, and ``1.0 - x`` with
    ``scalar_first``), below the kernel size: NumPy's loop, the result wrapped (NumPy's
    scalar for an operator, ``method``, of a 0-d swap-in array).  None: the general path
    decides (another dtype, a large array)."""
    result_of = op.direct.get
    is_ufunc = isinstance(op.numpy, np.ufunc)  # ufuncs take Python scalars as "weak" (NEP 50)
    ufunc = op.numpy if is_ufunc else _as_ufunc_like(op.numpy)
    sizes = _SIZES.setdefault(op.name, {})

    def with_scalar(x: Array, scalar: int | float, scalar_first: bool, method: bool) -> Any:
        dt = x._dtype
        tag = x._numpy
        # P.policy_for(x) inlined (the per-call cost of small arrays)
        pol = P._local_policy.get() or (P.swapin_policy() if tag else _SETTINGS.standard)
        if pol.scalar_results[type(scalar)].get(dt) is not dt:
            return None
        res = result_of(dt)
        a = x._array
        if res is None or not (a.size < _STATE.short_limit or a.size < sizes.get(dt, _NO_LIMIT)):
            return None
        if type(scalar) is int:
            lo, hi = P.INT_RANGE[dt]
            if not lo <= scalar <= hi:  # the general path decides: aiarray's OverflowError,
                return None  # or (the swap-in) NumPy's answer, as for ``uint8 < 300``
        s: NDArray | complex = scalar if is_ufunc else quiet(np.asarray, scalar, dt)  # (inf)
        first, second = (s, a) if scalar_first else (a, s)
        try:
            out = (quiet_run(ufunc, first, second) if a.ndim and (
                       a.size < _ALIGN_ITEMS or not is_ufunc)
                   else quiet_run(ufunc, first, second, out=_aligned_out(a, s, res)
                                  if a.ndim else ...))
        except (RuntimeError, ValueError, MemoryError):  # busy context; NumPy's errors
            out = _short_binary(op, ufunc, first, second, res, tag)
            return operator_result(out) if method else out
        if method and tag and not out.ndim:
            return numpy_scalar(out[()])  # (an operator of 0-d arrays)
        obj = _new(Array)
        obj._array = out
        obj._dtype = res
        obj._numpy = tag
        return obj

    return with_scalar


def make_reflected(op: ElementwiseOp, name: str) -> Callable[[Array, object], Any]:
    """The reflected operator method for binary ``op`` (``__rsub__``: ``other - self``):
    the Python-scalar short path first, then NumPy's own ufunc for small swap-in
    operands, then dispatch (``other`` converted as the swap-in converts operands)."""
    ufunc = op.numpy if isinstance(op.numpy, np.ufunc) else None
    sizes = _SIZES.setdefault(op.name, {})
    with_scalar = _scalar_path(op)

    def method(self: Array, other: object, /) -> Any:
        if type(other) is float or type(other) is int:
            done = with_scalar(self, other, True, True)
            if done is not None:
                return done
        elif defers(other, op.name):
            return NotImplemented
        if ufunc is not None and self._numpy and _SCALARS.plain:  # NumPy's own, when small
            done = swapin_call(ufunc, other, self, True, sizes)
            if done is not None:
                return done
        converted = swapin_operand(self, other)
        if converted is NotImplemented:
            return NotImplemented
        return operator_result(binary(op, converted, self))  # (or NumPy's scalar)

    method.__name__ = method.__qualname__ = name
    return method


def make_function(op: ElementwiseOp, name: str, method: bool = False) -> Callable[..., Array]:
    """The public function (or operator method) for ``op``: a short path, then dispatch.

    The short path covers the common case, same-dtype Arrays (or an Array and a
    Python scalar that keeps its dtype) that need no cast and are below the kernel
    size: one Python frame, NumPy's loop entered through the quiet FP context, and the
    result wrapped.  Everything else goes through :func:`unary` / :func:`binary`.
    Operator methods (``method=True``) return NotImplemented for operands that ask
    for it.  The code is written for speed: it is the per-call cost of small arrays.
    Two same-dtype Arrays, the commonest call, are handled inline first; module
    globals are read there rather than closure cells (measured faster on CPython
    3.11); a Python int or float operand, on either side, takes :func:`_scalar_path`.
    """
    result_of = op.direct.get
    is_ufunc = isinstance(op.numpy, np.ufunc)  # ufuncs take Python scalars as "weak" (NEP 50)
    ufunc = op.numpy if is_ufunc else _as_ufunc_like(op.numpy)
    with_scalar = _scalar_path(op)

    # below _STATE.short_limit always NumPy's loop; from there, below the (op, dtype)'s size
    sizes = _SIZES.setdefault(op.name, {})
    for dt in op.allowed:
        sizes.setdefault(dt, B.FLOOR)  # until the backends' thresholds are first read

    func: Callable[..., Array]
    if op.arity == 1:
        def unary_func(x: object, /) -> Any:  # (an Array; NumPy's scalar for 0-d swap-ins)
            if type(x) is Array:
                res = result_of(x._dtype)
                if res is not None:
                    a = x._array
                    n = a.size
                    if n < _STATE.short_limit or n < sizes.get(x._dtype, _NO_LIMIT):
                        try:
                            if n < _ALIGN_ITEMS or not is_ufunc:
                                out = (quiet_run(ufunc, a) if a.ndim
                                       else quiet_run(ufunc, a, out=...))  # 0-d: an array
                            else:  # a large result: into an aligned buffer
                                out = quiet_run(ufunc, a, out=M.empty(a.shape, res))
                        except RuntimeError:  # the quiet context is busy (another thread)
                            out = quiet(ufunc, a) if a.ndim else quiet(ufunc, a, out=...)
                        except MemoryError:  # a huge broadcast view: unary() reports it
                            return unary(op, x)
                        if method and x._numpy and not out.ndim:
                            return numpy_scalar(out[()])  # (an operator of 0-d arrays)
                        obj = _new(Array)
                        obj._array = out
                        obj._dtype = res
                        obj._numpy = x._numpy
                        return obj
            return operator_result(unary(op, x)) if method else unary(op, x)

        func = unary_func
    else:
        def binary_func(x1: object, x2: object, /) -> Any:  # (as unary_func)
            if type(x1) is Array and type(x2) is Array:
                dt = x1._dtype
                res = result_of(dt) if x2._dtype is dt else None
                if res is not None:
                    a = x1._array
                    n = a.size
                    if n < _STATE.short_limit or n < sizes.get(dt, _NO_LIMIT):
                        b = x2._array
                        try:
                            if a.ndim:
                                out = (quiet_run(ufunc, a, b) if (
                                    n < _ALIGN_ITEMS and b.size < _ALIGN_ITEMS and (
                                        n * b.size < _ALIGN_ITEMS or a.shape == b.shape))
                                    or not is_ufunc
                                    else quiet_run(ufunc, a, b, out=_aligned_out(a, b, res)))
                            elif b.size < _STATE.short_limit or \
                                    b.size < sizes.get(dt, _NO_LIMIT):  # a 0-d x1, large x2:
                                out = quiet_run(ufunc, a, b, out=...)  # the backend's case
                            else:
                                return binary(op, x1, x2)
                        except (RuntimeError, ValueError, MemoryError):  # busy; shapes; size
                            out = _short_binary(op, ufunc, a, b, res,
                                                x1._numpy or x2._numpy)
                            return operator_result(out) if method else out
                        if method and not out.ndim and (x1._numpy or x2._numpy):
                            return numpy_scalar(out[()])  # (an operator of 0-d arrays)
                        obj = _new(Array)
                        obj._array = out
                        obj._dtype = res
                        obj._numpy = x1._numpy or x2._numpy
                        return obj
                if is_ufunc and _SCALARS.plain and (x1._numpy or x2._numpy):
                    done = swapin_call(ufunc, x1, x2, method, sizes)
                    if done is not None:
                        return done
                return operator_result(binary(op, x1, x2)) if method else binary(op, x1, x2)
            if type(x1) is Array and (type(x2) is float or type(x2) is int):
                done = with_scalar(x1, x2, False, method)
                if done is not None:
                    return done
            elif type(x2) is Array and (type(x1) is float or type(x1) is int):
                done = with_scalar(x2, x1, True, method)
                if done is not None:
                    return done
            if is_ufunc and _SCALARS.plain and (
                    (type(x1) is Array and x1._numpy) or (type(x2) is Array and x2._numpy)):
                done = swapin_call(ufunc, x1, x2, method, sizes)
                if done is not None:
                    return done
            if method:
                if defers(x2, op.name):
                    return NotImplemented
                x2 = swapin_operand(x1, x2)
                if x2 is NotImplemented:
                    return NotImplemented
                return operator_result(binary(op, x1, x2))
            return binary(op, x1, x2)

        func = binary_func

    func.__name__ = func.__qualname__ = name
    func.__doc__ = op.doc
    return func


def common_dtype(func: str, arrays: Sequence[Array], argname: str = "arrays") -> DType:
    """The dtype several arrays promote to under the active policy, in any order
    (:func:`aiarray._promotion.promote_many`).

    Raises TypeError naming ``func`` when an argument is not an Array or two dtypes
    cannot be promoted; under the mindspore policy a parameter that would be cast raises.
    """
    pol = P.policy_for(arrays)
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


def cast(x: Array, dt: DType) -> NDArray:
    """The ndarray of Array ``x`` in dtype ``dt`` (no copy when it already is)."""
    return x._array if x._dtype is dt else _cast(x._array, dt)


# The Array class builds its operators from this module, so it is imported last: the
# package imports this module before any module that imports _array.
from ._array import Array  # noqa: E402

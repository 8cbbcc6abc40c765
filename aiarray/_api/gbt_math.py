"""GB/T arithmetic and comparison operators without an Array API name.

``multiply_add`` (7.2.4.4), ``trace`` over any two axes (7.2.4.13), ``isclose`` and
``allclose`` (7.2.5.7).  Operands promote by the active policy (as ``add`` does);
Python and typed scalars are accepted where an Array is, as in the operators.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _dtypes as D
from .. import _promotion as P
from .._array import Array
from .._dispatch import (
    _scalar_operand,
    array_arg,
    cast,
    check_parameters,
    common_dtype,
    fused_multiply_add,
    not_an_array,
)
from .._errors import (
    AxisError,
    DimensionMismatchError,
    InvalidArgumentError,
    TypeMismatchError,
)
from .._numpy_path import _QUIET, quiet_enter, quiet_exit
from .._typing import DType, NDArray
from ._axes import int_arg, normalize_axis
from .linalg_base import trace_axes

__all__ = ["allclose", "isclose", "multiply_add", "trace"]

Operand = Array | bool | int | float | complex


def promote_operands(func: str, named: tuple[tuple[str, object], ...]
                     ) -> tuple[list[NDArray], DType]:
    """Arrays and scalars -> (ndarrays all in one dtype, that dtype), by the active policy.

    The arrays combine through the tensor-tensor table (``common_dtype``), then the
    scalars through the tensor-scalar table, as ``result_type`` does (in any order).  At least one
    operand must be an Array.
    """
    arrays = [v for _, v in named if type(v) is Array]
    if not arrays:
        name, value = named[0]
        raise not_an_array(func, name, value)
    dt = common_dtype(func, arrays)
    pol = P.policy_for(arrays)
    scalars = [(name, v) for name, v in named if type(v) is not Array]
    for name, v in scalars:
        if P.scalar_key(v) is None:
            raise not_an_array(func, name, v)
    if scalars:
        dt = P.promote_with_scalars(dt, [v for _, v in scalars], pol,
                                    [f"{func}() {name}" for name, _ in scalars])
    if pol.parameter_rule:
        check_parameters(func, arrays, dt)
    out = [cast(v, dt) if type(v) is Array else _scalar_operand(v, dt) for _, v in named]
    return out, dt


def _broadcast_shape(func: str, named: tuple[tuple[str, object], ...],
                     arrays: list[NDArray]) -> tuple[int, ...]:
    try:
        return np.broadcast_shapes(*(a.shape for a in arrays))
    except ValueError:
        shapes = ", ".join(f"{n} {np.shape(a)}" for (n, _), a in zip(named, arrays))
        raise DimensionMismatchError(f"{func}(): shapes do not broadcast: {shapes}") from None


# -- multiply-add (7.2.4.4) -----------------------------------------------------------


def multiply_add_core(a1: NDArray, a2: NDArray, a3: NDArray,
                      dt: DType) -> NDArray:
    """``a1 * a2 + a3`` for ndarrays already promoted to ``dt``; an ndarray of ``dt``.

    The product is the only buffer: ``add(buf, a3, out=buf)`` adds in place (a
    second buffer only when ``a3`` broadcasts the product to a larger shape).
    bfloat16/complex32 compute in float32/complex64 and round once.  Raises
    ValueError when the shapes do not broadcast.  This is the seam for a compiled
    (fused) kernel.
    """
    if dt in D.COMPUTE:
        a1, a2, a3 = D.widen(a1), D.widen(a2), D.widen(a3)
    else:
        fused = fused_multiply_add(a1, a2, a3, dt)  # None: small or not handled
        if fused is not None:
            return fused
    token = quiet_enter(_QUIET)
    try:
        buf = np.multiply(a1, a2)
        if type(buf) is not np.ndarray:  # 0-d inputs give a NumPy scalar
            buf = np.asarray(buf)
        try:
            np.add(buf, a3, out=buf)
        except ValueError:  # a3 has more or longer axes than the product
            buf = np.add(buf, a3)
    finally:
        quiet_exit(token)
    return D.narrow(np.asarray(buf), dt)


_ARITHMETIC = D.CATEGORIES["numeric or boolean"]
_DIRECT = frozenset(d for d in _ARITHMETIC if d not in D.COMPUTE)


def multiply_add(x1: Operand, x2: Operand, x3: Operand, /) -> Array:
    """Elementwise ``x1 * x2 + x3`` (GB/T 7.2.4.4), with broadcasting.

    The three operands promote together by the active policy (Arrays through the
    tensor-tensor table, then scalars through the tensor-scalar table); at least one
    must be an Array.  The product is rounded to the result dtype before the sum (as
    ``x1 * x2 + x3``; this is not a fused single-rounding FMA).  Integer overflow
    wraps as in ``multiply`` and ``add``; bool computes ``(x1 and x2) or x3``.

    Examples
    --------
    >>> x1 = xp.asarray([1, 2], dtype=xp.int8)
    >>> xp.multiply_add(x1, xp.asarray([3, 4], dtype=xp.uint8), 1)  # int8 with uint8 gives int16
    Array([4, 9], dtype=int16)
    >>> xp.multiply_add(xp.astype(x1, xp.int32), 0.5, 1)  # Ascend: float32 (NumPy: float64)
    Array([1.5, 2. ], dtype=float32)
    """
    if type(x1) is Array and type(x2) is Array and type(x3) is Array:
        dt = x1._dtype  # short path: one dtype, nothing to promote or widen
        if x2._dtype is dt and x3._dtype is dt and dt in _DIRECT:
            try:
                return Array._new(multiply_add_core(x1._array, x2._array, x3._array, dt), dt)
            except ValueError:
                pass  # shapes do not broadcast: the checked path below reports it
    named = (("x1", x1), ("x2", x2), ("x3", x3))
    arrays, dt = promote_operands("multiply_add", named)
    if dt not in _ARITHMETIC:
        raise TypeMismatchError(f"multiply_add() requires numeric input, got {D.name_of(dt)}")
    _broadcast_shape("multiply_add", named, arrays)
    a1, a2, a3 = arrays
    return Array._new(multiply_add_core(a1, a2, a3, dt), dt)


# -- trace (7.2.4.13) ---------------------------------------------------------------------


def trace(x: Array, /, *, offset: int = 0, axis1: int = 0, axis2: int = 1,
          dtype: DType | None = None) -> Array:
    """Sum of the diagonal ``offset`` of the planes spanned by ``axis1`` and ``axis2``.

    GB/T 7.2.4.13: ``offset > 0`` is above the main diagonal, ``< 0`` below; an
    offset outside the plane gives 0.  The result drops ``axis1`` and ``axis2``
    (shape of the other axes, in order).  dtype rules as ``sum`` / ``linalg.trace``:
    with ``dtype=None`` signed integers accumulate in int64, unsigned in uint64,
    floating dtypes keep theirs; ``dtype=`` may widen but not drop a kind.  Numeric
    x with ndim >= 2 (ValueError otherwise); ``axis1 == axis2`` raises AxisError.
    Note the defaults (0, 1) differ from ``linalg.trace``, which uses the last two
    axes.  Its gradient is ``aiarray.grad.trace_backward``.

    Examples
    --------
    >>> x = xp.reshape(xp.arange(9, dtype=xp.int8), (3, 3))
    >>> xp.trace(x)  # int8 gives int64
    Array(12, dtype=int64)
    >>> xp.trace(x, offset=1)
    Array(6, dtype=int64)
    """
    x = array_arg(x, "trace")
    D.check_category(x._dtype, "numeric", "trace")
    if x.ndim < 2:
        raise InvalidArgumentError(f"trace(): x must have at least 2 axes, got shape {x.shape}")
    a1 = normalize_axis(axis1, x.ndim, "trace", "axis1")
    a2 = normalize_axis(axis2, x.ndim, "trace", "axis2")
    if a1 == a2:
        raise AxisError(f"trace(): axis1={axis1} and axis2={axis2} name the same axis")
    return trace_axes(x, int_arg(offset, "trace", "offset"), a1, a2, dtype, "trace")


# -- isclose / allclose (7.2.5.7) -------------------------------------------------------


def _tolerance(value: object, name: str, func: str) -> float:
    if isinstance(value, bool | np.bool_) or not isinstance(value, int | float | np.integer
                                                            | np.floating):
        raise TypeMismatchError(f"{func}(): {name}={value!r} must be a real number")
    v = float(value)
    if not (math.isfinite(v) and v >= 0):
        raise InvalidArgumentError(f"{func}(): {name}={value!r} must be finite and >= 0")
    return v


def _abs_diff_int(a: NDArray, b: NDArray) -> NDArray:
    """|a - b| of integer arrays, exactly, as uint64 (no overflow)."""
    wide = np.int64 if a.dtype.kind == "i" else np.uint64
    a, b = a.astype(wide), b.astype(wide)
    ua, ub = a.astype(np.uint64), b.astype(np.uint64)  # two's complement: exact mod 2**64
    return np.where(a >= b, ua - ub, ub - ua)


def isclose_core(a: NDArray, b: NDArray, dt: DType, rtol: float, atol: float,
                 equal_nan: bool) -> NDArray:
    """The 7.2.5.7 test on ndarrays promoted to ``dt``: a bool ndarray."""
    if dt in D.FLOAT:
        w = np.complex128 if dt in D.COMPLEX else np.float64
        a, b = D.widen(a).astype(w), D.widen(b).astype(w)
        with np.errstate(all="ignore"):
            out = (np.abs(a - b) <= atol + rtol * np.abs(b)) & np.isfinite(b) | (a == b)
            if equal_nan:
                out |= np.isnan(a) & np.isnan(b)
        return np.asarray(out)
    if dt is D.bool_:
        a, b = a.astype(np.uint8), b.astype(np.uint8)
    diff = _abs_diff_int(a, b).astype(np.float64)
    return np.asarray(diff <= atol + rtol * np.abs(b.astype(np.float64)))


def _close(func: str, x1: Operand, x2: Operand, rtol: object, atol: object,
           equal_nan: object) -> NDArray:
    """The checked arguments of isclose/allclose, evaluated: the elementwise result."""
    named = (("x1", x1), ("x2", x2))
    (a, b), dt = promote_operands(func, named)
    rt = _tolerance(rtol, "rtol", func)
    at = _tolerance(atol, "atol", func)
    if not isinstance(equal_nan, bool):
        raise TypeMismatchError(f"{func}(): equal_nan={equal_nan!r} must be a bool")
    _broadcast_shape(func, named, [a, b])
    return isclose_core(a, b, dt, rt, at, equal_nan)


def isclose(x1: Operand, x2: Operand, /, *, rtol: float = 1e-05, atol: float = 1e-08,
            equal_nan: bool = False) -> Array:
    """Elementwise ``|x1 - x2| <= atol + rtol * |x2|`` (GB/T 7.2.5.7), a bool Array.

    Not symmetric: the relative tolerance scales with ``x2`` ("other"), as in GB/T
    and NumPy.  Operands promote by the active policy and broadcast (shapes that do
    not broadcast raise ValueError).  The test is evaluated in float64 (complex128
    for complex input; exactly for integers), so it neither overflows nor rounds
    in narrow dtypes.  Infinities are close only to themselves (same sign); NaN is
    close to nothing unless ``equal_nan=True`` (then NaN is close to NaN).
    ``rtol`` and ``atol`` are finite non-negative reals.

    Examples
    --------
    >>> a = xp.asarray([1.0, 2.0, xp.nan], dtype=xp.float32)
    >>> xp.isclose(a, xp.asarray([1.0, 2.1, xp.nan], dtype=xp.float32))
    Array([ True, False, False], dtype=bool)
    >>> xp.isclose(a, a, equal_nan=True)
    Array([ True,  True,  True], dtype=bool)
    """
    return Array._new(_close("isclose", x1, x2, rtol, atol, equal_nan), D.bool_)


def allclose(x1: Operand, x2: Operand, /, *, rtol: float = 1e-05, atol: float = 1e-08,
             equal_nan: bool = False) -> bool:
    """True when every element pair is close by ``isclose`` (GB/T 7.2.5.7); a Python bool.

    Same arguments, promotion, asymmetry and broadcasting rules as ``isclose``; an
    empty comparison is True.

    Examples
    --------
    >>> a = xp.asarray([1.0, 2.0])
    >>> xp.allclose(a, a + 1e-9), xp.allclose(a, a + 1e-3)
    (True, False)
    >>> n = xp.asarray([1.0, xp.nan])
    >>> xp.allclose(n, n), xp.allclose(n, n, equal_nan=True)
    (False, True)
    """
    return bool(_close("allclose", x1, x2, rtol, atol, equal_nan).all())

"""Linear algebra functions of the main namespace: matmul, matrix_transpose, tensordot, vecdot.

Inputs promote by the active policy; bfloat16 and complex32 compute in float32 /
complex64 and round back once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from .. import _dtypes as D
from .._array import Array
from .._dispatch import array_arg, cast, common_dtype, is_masked, masked_error
from .._errors import AxisError, DimensionMismatchError, TypeMismatchError
from .._numpy_path import quiet
from .._sizes import allocating, check_shape
from .._typing import DType, NDArray
from ._axes import int_arg

__all__ = ["matmul", "matrix_transpose", "tensordot", "vecdot"]


def _numeric(func: str, x1: Array, x2: Array) -> DType:
    """Check two numeric Arrays; their common dtype under the active policy."""
    for name, x in (("x1", x1), ("x2", x2)):
        x = array_arg(x, func, name, "numeric")
    return common_dtype(func, (x1, x2))


def _compute(x: Array, dt: DType) -> NDArray:
    return D.widen(cast(x, dt))


def _product(func: str, call: Callable[..., NDArray], x1: Array, x2: Array, dt: DType,
             shape: tuple[int, ...], *args: object) -> Array:
    """``call(x1, x2, *args)`` in the compute dtype of ``dt``, after checking a result of
    ``shape`` can exist; a failed allocation is AllocationError."""
    wide = D.COMPUTE.get(dt, dt)
    check_shape(shape, wide.itemsize, func)
    out = allocating(lambda: quiet(call, _compute(x1, dt), _compute(x2, dt), *args), func=func)
    return Array._new(D.narrow(np.asarray(out), dt), dt)



def _contracted(axes: object, ndim: int, argname: str) -> list[int]:
    if not isinstance(axes, Sequence) or isinstance(axes, str):
        raise TypeMismatchError(f"tensordot(): {argname}={axes!r} must be a sequence of ints")
    out = []
    for a in axes:
        i = int_arg(a, "tensordot", argname)
        if not -ndim <= i < ndim:
            raise AxisError(f"tensordot(): {argname} holds axis {i}, out of range for "
                            f"ndim={ndim}")
        out.append(i % ndim)
    if len(set(out)) != len(out):
        raise AxisError(f"tensordot(): {argname}={axes!r} repeats an axis")
    return out


def matmul(x1: Array, x2: Array, /) -> Array:
    """Matrix product (GB/T table 2), promoted by the active policy's table.

    Numeric input; 1-D operands act as a row / column vector; batch axes broadcast.
    An ndarray beside an Array is taken as ``x1 @ x2`` takes it (aiarray.numpy's matmul).

    Examples
    --------
    >>> a = xp.asarray([[1, 2], [3, 4]], dtype=xp.int8)
    >>> b = xp.asarray([[1, 0], [0, 1]], dtype=xp.uint8)
    >>> xp.matmul(a, b)  # int8 with uint8 gives int16
    Array([[1, 2],
           [3, 4]], dtype=int16)
    >>> i32, f16 = xp.ones((2, 2), dtype=xp.int32), xp.ones((2, 1), dtype=xp.float16)
    >>> xp.matmul(i32, f16)  # Ascend: float16 (NumPy: float64)
    Array([[2.],
           [2.]], dtype=float16)
    """
    for name, x in (("x1", x1), ("x2", x2)):
        if is_masked(x):
            raise masked_error("matmul", name)
    if (type(x1) is Array) is not (type(x2) is Array) and (
            isinstance(x1, np.ndarray) or isinstance(x2, np.ndarray)):
        from .._array_numpy import numpy_namespace

        out: Array = numpy_namespace().matmul(x1, x2)
        return out
    dt = _numeric("matmul", x1, x2)
    for name, x in (("x1", x1), ("x2", x2)):
        if x.ndim == 0:
            raise DimensionMismatchError(f"matmul(): {name} must have at least 1 dimension")
    k1 = x1.shape[-1]
    k2 = x2.shape[-2] if x2.ndim > 1 else x2.shape[0]
    if k1 != k2:
        raise DimensionMismatchError(
            f"matmul(): contracted axes differ: x1 {x1.shape} and x2 {x2.shape}"
        )
    try:
        batch = np.broadcast_shapes(x1.shape[:-2], x2.shape[:-2])
    except ValueError:
        raise DimensionMismatchError(
            f"matmul(): batch axes of x1 {x1.shape} and x2 {x2.shape} do not broadcast"
        ) from None
    shape = (*batch, *x1.shape[-2:-1], *(x2.shape[-1:] if x2.ndim > 1 else ()))
    return _product("matmul", np.matmul, x1, x2, dt, shape)


def matrix_transpose(x: Array, /) -> Array:
    """Transpose of the last two axes.

    Examples
    --------
    >>> x = xp.asarray([[1, 2, 3], [4, 5, 6]])
    >>> xp.matrix_transpose(x)
    Array([[1, 4],
           [2, 5],
           [3, 6]], dtype=int64)
    """
    x = array_arg(x, "matrix_transpose", "x")
    return x.mT


def tensordot(
    x1: Array, x2: Array, /, *, axes: int | tuple[Sequence[int], Sequence[int]] = 2
) -> Array:
    """Tensor contraction of ``x1`` and ``x2`` over ``axes`` (generalized matrix product).

    ``axes=N`` contracts the last N axes of x1 with the first N of x2 (0 gives the
    outer product); ``axes=(a1, a2)`` names the axes of each.  Contracted axes must
    have equal sizes (no broadcasting; DimensionMismatchError otherwise).  Numeric
    input, promoted by the active policy; complex input is not conjugated.

    Examples
    --------
    >>> a = xp.reshape(xp.arange(6.0), (2, 3))
    >>> b = xp.reshape(xp.arange(6.0), (3, 2))
    >>> xp.tensordot(a, b, axes=1)
    Array([[10., 13.],
           [28., 40.]], dtype=float64)
    >>> xp.tensordot(a, a, axes=([0, 1], [0, 1]))
    Array(55., dtype=float64)
    """
    dt = _numeric("tensordot", x1, x2)
    n1, n2 = x1.ndim, x2.ndim
    if isinstance(axes, tuple | list):
        if len(axes) != 2:
            raise TypeMismatchError(
                f"tensordot(): axes={axes!r} must be an int or a pair of axis sequences"
            )
        ax1 = _contracted(axes[0], n1, "axes[0]")
        ax2 = _contracted(axes[1], n2, "axes[1]")
        if len(ax1) != len(ax2):
            raise AxisError(f"tensordot(): axes[0]={axes[0]!r} and axes[1]={axes[1]!r} must "
                            "have the same length")
    else:
        k = int_arg(axes, "tensordot", "axes")
        if k < 0:
            raise AxisError(f"tensordot(): axes={k} must be non-negative")
        if k > n1 or k > n2:
            raise AxisError(f"tensordot(): axes={k} exceeds the number of axes of x1 "
                            f"(shape {x1.shape}) or x2 (shape {x2.shape})")
        ax1, ax2 = list(range(n1 - k, n1)), list(range(k))
    for i, j in zip(ax1, ax2):
        if x1.shape[i] != x2.shape[j]:
            raise DimensionMismatchError(
                f"tensordot(): axis {i} of x1 (shape {x1.shape}) and axis {j} of x2 "
                f"(shape {x2.shape}) are contracted but differ in size"
            )
    shape = (*(s for i, s in enumerate(x1.shape) if i not in ax1),
             *(s for j, s in enumerate(x2.shape) if j not in ax2))
    return _product("tensordot", np.tensordot, x1, x2, dt, shape, (ax1, ax2))


def vecdot(x1: Array, x2: Array, /, *, axis: int = -1) -> Array:
    """Dot product of vectors along ``axis``: sum(conj(x1) * x2) (GB/T table 2).

    ``axis`` counts from the end, in ``[-N, -1]`` with N the smaller ndim (a
    non-negative axis is accepted when both arrays have the same ndim).  The
    vector axis must have the same size in both (no broadcasting); the other axes
    broadcast.  Numeric input, promoted by the active policy.

    Examples
    --------
    >>> x1 = xp.asarray([[1.0, 2.0], [3.0, 4.0]], dtype=xp.float32)
    >>> x2 = xp.asarray([1.0, 1.0], dtype=xp.float32)
    >>> xp.vecdot(x1, x2)
    Array([3., 7.], dtype=float32)
    >>> xp.vecdot(xp.asarray([1j, 2]), xp.asarray([1j, 1]))  # conj(x1) * x2
    Array(3.+0.j, dtype=complex128)
    """
    dt = _numeric("vecdot", x1, x2)
    if x1.ndim == 0 or x2.ndim == 0:
        raise DimensionMismatchError(
            f"vecdot(): x1 (shape {x1.shape}) and x2 (shape {x2.shape}) need at least one axis"
        )
    n = min(x1.ndim, x2.ndim)
    ax = int_arg(axis, "vecdot", "axis")
    if ax >= 0 and x1.ndim == x2.ndim:
        ax -= n
    if not -n <= ax <= -1:
        raise AxisError(f"vecdot(): axis={axis} must lie in [-{n}, -1] for x1 of shape "
                        f"{x1.shape} and x2 of shape {x2.shape}")
    if x1.shape[ax] != x2.shape[ax]:
        raise DimensionMismatchError(
            f"vecdot(): axis {ax} has size {x1.shape[ax]} in x1 (shape {x1.shape}) but "
            f"{x2.shape[ax]} in x2 (shape {x2.shape})"
        )
    p1, p2 = x1.ndim + ax, x2.ndim + ax
    try:
        np.broadcast_shapes(x1.shape[:p1] + x1.shape[p1 + 1:], x2.shape[:p2] + x2.shape[p2 + 1:])
    except ValueError:
        raise DimensionMismatchError(
            f"vecdot(): x1 (shape {x1.shape}) and x2 (shape {x2.shape}) do not broadcast "
            f"outside axis {ax}"
        ) from None
    a1 = np.moveaxis(_compute(x1, dt), p1, -1)
    a2 = np.moveaxis(_compute(x2, dt), p2, -1)
    out = quiet(np.vecdot, a1, a2)  # conjugates a1 when complex
    return Array._new(D.narrow(np.asarray(out), dt), dt)

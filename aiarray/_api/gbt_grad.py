"""The implementation of :mod:`aiarray.grad` (its documentation is there)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .. import _dtypes as D
from .._array import Array
from .._dispatch import array_arg
from .._errors import (
    AxisError,
    DimensionMismatchError,
    InvalidArgumentError,
    TypeMismatchError,
    message,
)
from .._sizes import check_shape
from .._typing import DType, NDArray
from ._axes import int_arg, normalize_axis, shape_tuple
from .elementwise import _clip_bound
from .gbt_transforms import moved, slice_spec, wrap

__all__ = ["clip_backward", "slice_backward", "trace_backward"]


def _grad(grad_output: object, func: str) -> Array:
    return array_arg(grad_output, func, "grad_output", "numeric")


def _shape(input_shape: object, func: str) -> tuple[int, ...]:
    try:
        return shape_tuple(input_shape, "input_shape")
    except (TypeMismatchError, InvalidArgumentError) as e:
        raise type(e)(f"{func}(): {message(e)}") from None


def _zeros(shape: tuple[int, ...], dt: DType, func: str) -> NDArray:
    """Zeros of ``dt`` in its data-movement form (complex32 as uint32 bits), after
    checking that an array of ``shape`` can exist."""
    held = np.dtype(np.uint32 if dt is D.complex32 else dt)
    return np.zeros(check_shape(shape, held.itemsize, func, "the gradient"), held)


def _expect_shape(grad_output: Array, want: tuple[int, ...], func: str, what: str) -> None:
    if grad_output.shape != want:
        raise DimensionMismatchError(
            f"{func}(): grad_output has shape {grad_output.shape}, but {what} has shape {want}"
        )


def slice_backward(grad_output: Array, /, input_shape: Sequence[int], begin: Sequence[int],
                   size: Sequence[int], *, strides: Sequence[int] | None = None) -> Array:
    """Gradient of ``strided_slice(x, begin, size, strides=strides)`` with respect to x.

    GB/T 7.2.3.10.4: an array of ``input_shape``, zero except at the sliced
    positions, which receive ``grad_output`` (whose shape must be the slice's).
    ``begin``/``size``/``strides`` are checked as in ``strided_slice``.

    Examples
    --------
    >>> g = xp.ones((2, 2), dtype=xp.float32)
    >>> xp.grad.slice_backward(g, (3, 4), (0, 1), (3, 2), strides=(2, 1))
    Array([[0., 1., 1., 0.],
           [0., 0., 0., 0.],
           [0., 1., 1., 0.]], dtype=float32)
    """
    g = _grad(grad_output, "slice_backward")
    shape = _shape(input_shape, "slice_backward")
    slices, out_shape = slice_spec(shape, begin, size, strides, "slice_backward")
    _expect_shape(g, out_shape, "slice_backward", "the slice")
    out = _zeros(shape, g.dtype, "slice_backward")
    out[slices] = moved(g)
    return wrap(out, g.dtype)


def _unbroadcast(a: NDArray, shape: tuple[int, ...]) -> NDArray:
    """Sum ``a`` over the axes that broadcasting added to ``shape``."""
    lead = a.ndim - len(shape)
    axes = tuple(range(lead)) + tuple(
        lead + i for i, d in enumerate(shape) if d == 1 and a.shape[lead + i] != 1
    )
    if axes:
        a = np.sum(a, axis=axes, dtype=a.dtype).reshape(shape)
    return a


def clip_backward(grad_output: Array, x: Array, /, min: Array | int | float | None = None,
                  max: Array | int | float | None = None) -> Array:
    """Gradient of ``clip(x, min, max)`` with respect to x (GB/T 7.2.3.16.4).

    ``grad_output`` where ``min <= x <= max`` and 0 elsewhere.  The boundaries are
    inclusive: at ``x == min`` or ``x == max`` the gradient passes (as PyTorch's
    ``clamp``).  A NaN in x, or a NaN bound at that position, gives 0 (every
    comparison with NaN is false); with neither bound clip is the identity and every
    gradient passes.  ``min`` > ``max`` gives 0 everywhere (the output is constant).
    ``min``/``max`` are checked as in ``clip`` (scalars or arrays that broadcast with
    x); ``grad_output`` has the shape of ``clip``'s output, and the result has x's
    shape (summed over axes that the bounds broadcast x along).

    Examples
    --------
    >>> x = xp.asarray([-2.0, 0.5, 3.0], dtype=xp.float32)
    >>> xp.grad.clip_backward(xp.ones(3, dtype=xp.float32), x, -1.0, 1.0)
    Array([0., 1., 0.], dtype=float32)
    """
    g = _grad(grad_output, "clip_backward")
    x = array_arg(x, "clip_backward")
    if x.dtype not in D.REAL_NUMERIC:
        raise TypeMismatchError(
            f"clip_backward() requires real numeric x, got dtype {D.name_of(x.dtype)}"
        )
    lo = _clip_bound(x, min, "min")
    hi = _clip_bound(x, max, "max")
    bounds = [b for b in (lo, hi) if b is not None]
    try:
        shape = np.broadcast_shapes(x.shape, *(b.shape for b in bounds))
    except ValueError:
        raise DimensionMismatchError("clip_backward(): min/max do not broadcast with x") from None
    _expect_shape(g, shape, "clip_backward", "clip's output")
    xa = D.widen(x._array)
    keep = np.ones(shape, bool)
    if lo is not None:
        keep &= xa >= lo
    if hi is not None:
        keep &= xa <= hi
    ga = D.widen(g._array)
    out = np.where(keep, ga, np.zeros((), ga.dtype))
    return Array._new(D.narrow(_unbroadcast(out, x.shape), g.dtype), g.dtype)


def trace_backward(grad_output: Array, /, input_shape: Sequence[int], *, offset: int = 0,
                   axis1: int = 0, axis2: int = 1) -> Array:
    """Gradient of ``trace(x, offset=offset, axis1=axis1, axis2=axis2)`` with respect to x.

    GB/T 7.2.4.13.4: an array of ``input_shape``, zero except on the diagonal
    ``offset`` of each (axis1, axis2) plane, which receives the matching element of
    ``grad_output`` (whose shape is ``input_shape`` without axis1 and axis2).

    Examples
    --------
    >>> xp.grad.trace_backward(xp.asarray(2.0), (2, 3))
    Array([[2., 0., 0.],
           [0., 2., 0.]], dtype=float64)
    """
    g = _grad(grad_output, "trace_backward")
    shape = _shape(input_shape, "trace_backward")
    n = len(shape)
    if n < 2:
        raise InvalidArgumentError(
            f"trace_backward(): input_shape={shape} must have at least 2 axes"
        )
    off = int_arg(offset, "trace_backward", "offset")
    a1 = normalize_axis(axis1, n, "trace_backward", "axis1")
    a2 = normalize_axis(axis2, n, "trace_backward", "axis2")
    if a1 == a2:
        raise AxisError(f"trace_backward(): axis1={axis1} and axis2={axis2} name the same axis")
    rest = tuple(d for i, d in enumerate(shape) if i not in (a1, a2))
    _expect_shape(g, rest, "trace_backward", "trace's output")
    out = _zeros(shape, g.dtype, "trace_backward")
    plane = np.moveaxis(out, (a1, a2), (-2, -1))  # a writable view
    rows, cols = shape[a1], shape[a2]
    r0, c0 = max(-off, 0), max(off, 0)
    length = max(0, min(rows - r0, cols - c0))
    if length:
        i = np.arange(length)
        plane[..., i + r0, i + c0] = moved(g)[..., None]
    return wrap(out, g.dtype)

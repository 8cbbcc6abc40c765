"""Argument validation shared by the API modules: ints and axes."""

from __future__ import annotations

import operator

import numpy as np

from .._errors import AxisError, InvalidArgumentError, TypeMismatchError


def int_arg(value: object, func: str, argname: str, *, minimum: int | None = None) -> int:
    """An int argument (a bool or a non-integer raises TypeError naming it).

    With ``minimum``, a smaller value raises ValueError naming it.
    """
    if isinstance(value, bool | np.bool_):
        raise TypeMismatchError(f"{func}(): {argname}={value!r} must be an int, not a bool")
    try:
        n = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeMismatchError(f"{func}(): {argname}={value!r} must be an int") from None
    if minimum is not None and n < minimum:
        raise InvalidArgumentError(f"{func}(): {argname}={n} must be >= {minimum}")
    return n


def shape_tuple(shape: object, argname: str = "shape", func: str = "") -> tuple[int, ...]:
    """A shape: an int or a sequence of non-negative ints, as a tuple."""
    where = f"{func}(): " if func else ""
    if isinstance(shape, int | np.integer) and not isinstance(shape, bool | np.bool_):
        shape = (shape,)
    try:
        dims = tuple(int_arg(s, func, argname) for s in shape)  # type: ignore[union-attr]
    except TypeError:
        raise TypeMismatchError(
            f"{where}{argname}={shape!r} must be an int or a tuple of ints"
        ) from None
    if any(d < 0 for d in dims):
        raise InvalidArgumentError(f"{where}{argname}={shape!r} has a negative dimension")
    return dims


def normalize_axis(axis: object, ndim: int, func: str, argname: str = "axis") -> int:
    """One axis in [-ndim, ndim) as a non-negative int; AxisError otherwise."""
    if isinstance(axis, bool):
        raise TypeMismatchError(f"{func}(): {argname}={axis!r} must be an int")
    try:
        ax = operator.index(axis)  # type: ignore[arg-type]
    except TypeError:
        raise TypeMismatchError(f"{func}(): {argname}={axis!r} must be an int") from None
    if not -ndim <= ax < ndim:
        raise AxisError(f"{func}(): {argname}={axis} is out of range for ndim={ndim}")
    return ax % ndim if ndim else 0


def normalize_axes(axis: object, ndim: int, func: str, argname: str = "axis") -> tuple[int, ...]:
    """None (all axes), an int, or a tuple of distinct ints -> sorted non-negative axes."""
    if axis is None:
        return tuple(range(ndim))
    if isinstance(axis, tuple | list):
        axes = tuple(normalize_axis(a, ndim, func, argname) for a in axis)
        if len(set(axes)) != len(axes):
            raise AxisError(f"{func}(): {argname}={axis!r} repeats an axis")
        return tuple(sorted(axes))
    if ndim == 0 and axis in (0, -1):  # a 0-d array reduces over "no" axes
        return ()
    return (normalize_axis(axis, ndim, func, argname),)

"""Argument validation shared by the API modules: ints and axes."""

from __future__ import annotations

import itertools
import operator

import numpy as np

from .._errors import AxisError, InvalidArgumentError, TypeMismatchError
from .._sizes import MAX_NDIM, check_ndim


def int_arg(value: object, func: str, argname: str, *, minimum: int | None = None) -> int:
    """An int argument (a bool or a non-integer raises TypeError naming it).

    With ``minimum``, a smaller value raises ValueError naming it.
    """
    if isinstance(value, bool | np.bool_):
        raise TypeMismatchError(f"{func}(): {argname}={value!r} must be an int, not a bool")
    try:
        n = operator.index(value)  # type: ignore[arg-type]  # any object: TypeError below
    except TypeError:
        raise TypeMismatchError(f"{func}(): {argname}={value!r} must be an int") from None
    if minimum is not None and n < minimum:
        raise InvalidArgumentError(f"{func}(): {argname}={n} must be >= {minimum}")
    return n


def bool_arg(value: object, func: str, argname: str) -> bool:
    """A flag argument: a bool (or NumPy bool); anything else raises TypeError naming it."""
    if isinstance(value, bool | np.bool_):
        return bool(value)
    raise TypeMismatchError(f"{func}(): {argname}={_brief(value)} must be a bool")


def shape_tuple(shape: object, argname: str = "shape", func: str = "", *,
                unknown: bool = False) -> tuple[int, ...]:
    """A shape: an int (or a 0-d integer array) or a sequence of non-negative ints, as a tuple.

    More than MAX_NDIM (64) dimensions raise InvalidArgumentError naming the count.
    ``unknown=True`` (reshape) lets -1 through: the caller checks it.
    """
    # the common forms first: a Python int, a tuple of Python ints
    if type(shape) is int:
        if shape >= 0 or unknown:
            return (shape,)
    elif type(shape) is tuple and len(shape) <= MAX_NDIM:
        for d in shape:
            if type(d) is not int or (d < 0 and not unknown):
                break
        else:
            return shape
    return _checked_shape(shape, argname, func, unknown)


def _checked_shape(shape: object, argname: str, func: str, unknown: bool) -> tuple[int, ...]:
    """:func:`shape_tuple` for any other form, with the errors naming the argument."""
    where = f"{func}(): " if func else ""
    if not isinstance(shape, bool | np.bool_) and not getattr(shape, "ndim", 0):
        try:
            shape = (operator.index(shape),)  # type: ignore[arg-type]  # int, 0-d array
        except TypeError:
            pass
    if hasattr(shape, "__len__") and not isinstance(shape, str | bytes):
        try:
            count = len(shape)
        except TypeError:
            count = 0  # a 0-d array: iterating it raises below
        if count > MAX_NDIM:
            check_ndim(count, func, f"{argname}={_brief(shape)}")
    try:
        parts = itertools.islice(shape, MAX_NDIM + 1)  # type: ignore[call-overload]  # (as above)
        dims = tuple(int_arg(s, func, argname) for s in parts)
    except TypeError:
        raise TypeMismatchError(
            f"{where}{argname}={_brief(shape)} must be an int or a tuple of ints"
        ) from None
    if len(dims) > MAX_NDIM:
        check_ndim(len(dims), func, f"{argname}={_brief(shape)}")
    if not unknown and any(d < 0 for d in dims):
        raise InvalidArgumentError(f"{where}{argname}={shape!r} has a negative dimension")
    return dims


def _brief(value: object) -> str:
    """repr(value), shortened for messages."""
    text = repr(value)
    return text if len(text) <= 80 else text[:60] + " ... " + text[-15:]


def normalize_axis(axis: object, ndim: int, func: str, argname: str = "axis") -> int:
    """One axis in [-ndim, ndim) as a non-negative int; AxisError otherwise."""
    if isinstance(axis, bool):
        raise TypeMismatchError(f"{func}(): {argname}={axis!r} must be an int")
    try:
        ax = operator.index(axis)  # type: ignore[arg-type]  # any object: TypeError below
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

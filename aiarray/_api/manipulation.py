"""Manipulation functions of the standard (GB/T 7.2.3)."""

from __future__ import annotations

from typing import Any

import math
import operator

import numpy as np

from .._array import Array
from .._dispatch import not_an_array
from .._errors import DimensionMismatchError, InvalidArgumentError, TypeMismatchError

__all__ = ["broadcast_arrays", "broadcast_shapes", "broadcast_to", "concat", "expand_dims", "flip", "moveaxis", "permute_dims", "repeat", "reshape", "roll", "squeeze", "stack", "tile", "unstack"]


def reshape(x: Array, /, shape: tuple[int, ...], *, copy: bool | None = None) -> Array:
    """``x`` with a new shape (GB/T 7.2.3.2): a view when the layout allows it.

    One dimension may be -1 (inferred).  ``copy=True`` always copies; ``copy=False``
    raises ValueError when a view is impossible.
    """
    if type(x) is not Array:
        raise not_an_array("reshape", "x", x)
    try:
        dims = tuple(operator.index(s) for s in shape)
    except TypeError:
        raise TypeMismatchError(f"reshape(): shape={shape!r} must be a tuple of ints") from None
    if sum(d == -1 for d in dims) > 1 or any(d < -1 for d in dims):
        raise InvalidArgumentError(f"reshape(): shape={shape!r} may hold one -1 and no other "
                                   "negative size")
    known = math.prod(d for d in dims if d != -1)
    if (-1 in dims and (known == 0 or x.size % known)) or (-1 not in dims and known != x.size):
        raise DimensionMismatchError(
            f"reshape(): cannot reshape an array of size {x.size} (shape {x.shape}) into {shape!r}"
        )
    a = x._array
    if copy:
        return Array._new(a.reshape(dims).copy(), x.dtype)
    if copy is False:
        try:
            out = a.view()
            out.shape = dims
        except AttributeError:
            raise InvalidArgumentError(
                f"reshape(copy=False): shape {x.shape} -> {shape!r} needs a copy"
            ) from None
        return Array._new(out, x.dtype)
    return Array._new(a.reshape(dims), x.dtype)




def _shape_of(shape: object, argname: str, func: str) -> tuple[int, ...]:
    try:
        dims = tuple(operator.index(s) for s in shape)  # type: ignore[union-attr]
    except TypeError:
        raise TypeMismatchError(f"{func}(): {argname}={shape!r} must be a tuple of ints") from None
    if any(d < 0 for d in dims):
        raise InvalidArgumentError(f"{func}(): {argname}={shape!r} has a negative size")
    return dims


def broadcast_shapes(*shapes: tuple[int, ...]) -> tuple[int, ...]:
    """The shape that ``shapes`` broadcast to (GB/T 5.4); ValueError if they do not."""
    dims = [_shape_of(s, f"shapes[{i}]", "broadcast_shapes") for i, s in enumerate(shapes)]
    try:
        return tuple(int(d) for d in np.broadcast_shapes(*dims))
    except ValueError:
        raise DimensionMismatchError(
            f"broadcast_shapes(): shapes {', '.join(map(str, dims))} do not broadcast"
        ) from None


def broadcast_to(x: Array, /, shape: tuple[int, ...]) -> Array:
    """A read-only view of ``x`` broadcast to ``shape`` (GB/T 7.2.3.19)."""
    if type(x) is not Array:
        raise not_an_array("broadcast_to", "x", x)
    dims = _shape_of(shape, "shape", "broadcast_to")
    try:
        out = np.broadcast_to(x._array, dims)
    except ValueError:
        raise DimensionMismatchError(
            f"broadcast_to(): x of shape {x.shape} does not broadcast to {dims}"
        ) from None
    return Array._new(out, x.dtype)


def broadcast_arrays(*arrays: Array) -> tuple[Array, ...]:
    """Arrays broadcast against each other (a tuple, as 2025.12 asks)."""
    for i, a in enumerate(arrays):
        if type(a) is not Array:
            raise not_an_array("broadcast_arrays", f"arrays[{i}]", a)
    shape = broadcast_shapes(*(a.shape for a in arrays))
    return tuple(broadcast_to(a, shape) for a in arrays)


def concat(arrays: Any, Any, /, *, axis: Any = 0) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("concat")


def expand_dims(x: Any, /, axis: Any) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("expand_dims")


def flip(x: Any, /, *, axis: Any = None) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("flip")


def moveaxis(x: Any, source: Any, destination: Any, /) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("moveaxis")


def permute_dims(x: Any, /, axes: Any) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("permute_dims")


def repeat(x: Any, repeats: Any, /, *, axis: Any = None) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("repeat")


def roll(x: Any, /, shift: Any, *, axis: Any = None) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("roll")


def squeeze(x: Any, /, axis: Any) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("squeeze")


def stack(arrays: Any, Any, /, *, axis: Any = 0) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("stack")


def tile(x: Any, repetitions: Any, /) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("tile")


def unstack(x: Any, /, *, axis: Any = 0) -> Any:
    """TODO(issue 3)."""
    raise NotImplementedError("unstack")

"""How large an array can be: the one check every allocating function makes first.

NumPy stores an array's dimensions, element count and byte size as C ``intp``
values; a result whose size does not fit them can crash it or wrap around
(``repeat`` with a total count beyond 2**63 did).  So every function that
allocates a result from its arguments checks the result's shape here, before
NumPy is called:

* more than ``MAX_NDIM`` (64, NumPy's limit) dimensions -> InvalidArgumentError
  (a ValueError) naming the number of dimensions;
* a byte size (or a dimension) beyond ``MAX_BYTES`` (the largest ``intp``: no
  address space holds it) -> AllocationError (a MemoryError), as for a result
  this machine's memory cannot hold, which :func:`allocating` reports when
  NumPy's allocation fails.

A result that fits the address space but not the memory is left to the
allocation itself (the operating system decides, and :func:`allocating` turns
its MemoryError into AllocationError).
"""

from __future__ import annotations

import functools
import math
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, ParamSpec, TypeVar

import numpy as np

from ._errors import AllocationError, InvalidArgumentError

_P = ParamSpec("_P")
_T = TypeVar("_T")

MAX_NDIM = 64  # NumPy's NPY_MAXDIMS
MAX_BYTES = int(np.iinfo(np.intp).max)  # 2**63 - 1 on 64-bit platforms


def _shape_text(shape: Sequence[int]) -> str:
    if len(shape) <= 8:
        return str(tuple(shape))
    return f"({shape[0]}, {shape[1]}, ..., {shape[-1]}) ({len(shape)} dimensions)"


def check_ndim(ndim: int, func: str, what: str = "the result") -> None:
    """InvalidArgumentError when an array would have more than MAX_NDIM dimensions."""
    if ndim > MAX_NDIM:
        where = f"{func}(): " if func else ""
        raise InvalidArgumentError(
            f"{where}{what} would have {ndim} dimensions; at most {MAX_NDIM} are supported"
        )


def check_shape(shape: Sequence[int], itemsize: int, func: str,
                what: str = "the result") -> tuple[int, ...]:
    """``shape`` (non-negative ints) as a tuple, after checking an array of it can exist.

    ``itemsize`` is the bytes per element of the array NumPy will hold.  Raises
    InvalidArgumentError for too many dimensions and AllocationError for a size
    no address space holds; returns the shape unchanged otherwise.
    """
    shape = tuple(shape)
    if len(shape) > MAX_NDIM:
        check_ndim(len(shape), func, what)
    count = math.prod(shape)
    # with count > 0 every dimension is at most count; an empty shape may hide a huge one
    if count * max(itemsize, 1) > MAX_BYTES or (not count and any(d > MAX_BYTES
                                                                  for d in shape)):
        raise AllocationError(
            f"{func}(): {what} of shape {_shape_text(shape)} would hold {count} elements of "
            f"{itemsize} bytes, beyond the {MAX_BYTES} bytes an array can address"
        )
    return shape


def allocating(call: Callable[..., _T], *args: Any, func: str,
               what: str | Callable[[], str] = "the result", **kwargs: Any) -> _T:
    """``call(*args, **kwargs)``, a NumPy call that allocates: MemoryError, and NumPy's
    "too big" ValueError, become AllocationError naming ``func`` and ``what`` (a text, or
    a function that makes it, called only for the error)."""
    try:
        return call(*args, **kwargs)
    except MemoryError as e:
        raise AllocationError(f"{func}(): cannot allocate {_text(what)}: {e}") from None
    except ValueError as e:
        text = str(e)
        if "too big" in text or "Maximum allowed" in text or "maximum supported" in text:
            raise AllocationError(f"{func}(): cannot allocate {_text(what)}: {text}") from None
        raise


def _text(what: str | Callable[[], str]) -> str:
    return what if isinstance(what, str) else what()


def allocates(func: Callable[_P, _T]) -> Callable[_P, _T]:
    """Decorator for a function of several allocating NumPy steps: a MemoryError inside
    becomes AllocationError naming it (:func:`allocating` wraps a single call)."""
    name = func.__name__

    @functools.wraps(func)
    def guarded(*args: _P.args, **kwargs: _P.kwargs) -> _T:
        try:
            return func(*args, **kwargs)
        except MemoryError as e:
            if isinstance(e, AllocationError):
                raise
            raise AllocationError(f"{name}(): cannot allocate the result: {e}") from None

    return guarded


def physical_memory() -> int:
    """Bytes of memory of this machine (MAX_BYTES when the platform does not say)."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):
        pass
    if sys.platform == "win32":  # pragma: no cover - Windows only
        import ctypes

        class _Status(ctypes.Structure):
            _fields_ = [("length", ctypes.c_ulong), ("load", ctypes.c_ulong),
                        ("total", ctypes.c_ulonglong), ("avail", ctypes.c_ulonglong),
                        ("page_total", ctypes.c_ulonglong), ("page_avail", ctypes.c_ulonglong),
                        ("virtual_total", ctypes.c_ulonglong),
                        ("virtual_avail", ctypes.c_ulonglong), ("extended", ctypes.c_ulonglong)]

        status = _Status()
        status.length = ctypes.sizeof(_Status)
        if ctypes.windll.kernel32.GlobalMemoryStatusEx(ctypes.byref(status)):
            return int(status.total)
    return MAX_BYTES


def check_object_count(count: int, each: int, func: str, what: str) -> None:
    """AllocationError when ``count`` Python objects of ``each`` bytes would not fit in
    this machine's memory (e.g. ``unstack`` of a 2**40-long broadcast view)."""
    need = count * each
    have = physical_memory()
    if need > have:
        raise AllocationError(
            f"{func}(): {count} {what} would need about {need} bytes of Python objects, "
            f"more than this machine's {have} bytes of memory"
        )

"""The inspection API: ``__array_namespace_info__()``."""

from __future__ import annotations

from typing import Any

from .. import _dtypes as D
from .._device import DEVICES, Device, check_device
from .._errors import InvalidArgumentError, TypeMismatchError
from .._sizes import MAX_NDIM
from .._typing import DType
from ._axes import bool_arg
from .creation import DEFAULT_COMPLEX, DEFAULT_FLOAT, DEFAULT_INT

__all__ = ["__array_namespace_info__", "Info"]

MAX_DIMENSIONS = MAX_NDIM  # NumPy's limit, checked by aiarray._sizes
_INTEGRAL = (D.bool_, D.int8, D.int16, D.int32, D.int64, D.uint8, D.uint16, D.uint32,
             D.uint64)


def _order(extended: bool) -> list[DType]:
    """The standard's dtypes, or all of them (loading bfloat16), in the listing order."""
    if not extended:
        return [*_INTEGRAL, D.float32, D.float64, D.complex64, D.complex128]
    return [*_INTEGRAL, D.float16, D.load_bfloat16(), D.float32, D.float64, D.complex32,
            D.complex64, D.complex128]


class Info:
    """What this namespace supports: capabilities, devices and dtypes."""

    __module__ = "aiarray"

    def capabilities(self) -> dict[str, Any]:
        """Optional features: boolean indexing, data-dependent shapes, max dimensions."""
        return {"boolean indexing": True, "data-dependent shapes": True,
                "max dimensions": MAX_DIMENSIONS}

    def default_device(self) -> Device:
        """The device arrays are created on (the CPU)."""
        return DEVICES[0]

    def devices(self) -> tuple[Device, ...]:
        """All devices (a tuple, as 2025.12 asks)."""
        return DEVICES

    def default_dtypes(self, *, device: Device | None = None) -> dict[str, DType]:
        """Default dtypes for real floating, complex floating, integral and indexing."""
        check_device(device)
        return {"real floating": DEFAULT_FLOAT, "complex floating": DEFAULT_COMPLEX,
                "integral": DEFAULT_INT, "indexing": DEFAULT_INT}

    def dtypes(self, *, device: Device | None = None, kind: Any = None,
               extended: bool = False) -> dict[str, DType]:
        """Supported dtypes by name, optionally of a ``kind`` (a kind name or a tuple).

        The standard's dtypes by default; ``extended=True`` adds float16, bfloat16 and complex32.
        """
        check_device(device)
        extended = bool_arg(extended, "dtypes", "extended")
        pool = _order(extended)
        if kind is not None:
            kinds = kind if isinstance(kind, tuple) else (kind,)
            allowed: set[DType] = set()
            for k in kinds:
                if type(k) is not str:
                    raise TypeMismatchError(f"dtypes(): kind={k!r} must be a str or a tuple "
                                            "of str")
                if k not in D.KINDS:
                    raise InvalidArgumentError(
                        f"dtypes(): kind={k!r} is not one of {', '.join(map(repr, D.KINDS))}"
                    )
                allowed |= D.KINDS[k]
            pool = [d for d in pool if d in allowed]
        return {D.name_of(d): d for d in pool}

    def __repr__(self) -> str:
        names = ", ".join(self.dtypes(extended=True))
        return (f"aiarray namespace info: devices {list(map(str, self.devices()))}, default "
                f"dtypes {dict((k, str(v)) for k, v in self.default_dtypes().items())}, "
                f"dtypes [{names}], capabilities {self.capabilities()}")


_INFO = Info()


def __array_namespace_info__() -> Info:  # noqa: N807 - the standard's name
    """The inspection namespace.

    Examples
    --------
    >>> info = xp.__array_namespace_info__()
    >>> info.default_dtypes()['real floating']
    dtype('float64')
    >>> info.default_dtypes()['indexing']
    dtype('int64')
    >>> info.devices()
    (Device('cpu', 0),)
    """
    return _INFO

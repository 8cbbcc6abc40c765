"""Devices (GB/T 6.5): aiarray computes on the CPU."""

from __future__ import annotations

from ._errors import InvalidArgumentError


class Device:
    """A device: its type and number (GB/T 6.5).  aiarray has one, ``CPU``.

    An array's ``device`` is one; ``device=`` arguments take one, its name or None.

    Examples
    --------
    >>> x = xp.ones(2)
    >>> x.device
    Device('cpu', 0)
    >>> str(x.device), x.device == 'cpu'
    ('cpu', True)
    >>> xp.__array_namespace_info__().devices()
    (Device('cpu', 0),)
    >>> xp.zeros(2, device=x.device)
    Array([0., 0.], dtype=float64)
    """

    __slots__ = ("index", "type")

    def __init__(self, type: str, index: int = 0) -> None:
        self.type = type
        self.index = index

    def __repr__(self) -> str:
        return f"Device({self.type!r}, {self.index})"

    def __str__(self) -> str:
        return self.type if self.index == 0 else f"{self.type}:{self.index}"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Device):
            return (self.type, self.index) == (other.type, other.index)
        if isinstance(other, str):
            return other == str(self)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.type, self.index))


CPU = Device("cpu")
DEVICES = (CPU,)


def check_device(device: object, argname: str = "device") -> Device:
    """Return the device named by ``device`` (None means the CPU) or raise ValueError."""
    if device is None or device is CPU:
        return CPU
    if isinstance(device, str | Device) and device == CPU:  # "cpu" or an equal Device
        return CPU
    raise InvalidArgumentError(
        f"{argname}={device!r} is not a device of aiarray; the only device is {CPU!r}"
    )

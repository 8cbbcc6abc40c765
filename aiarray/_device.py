"""Devices (GB/T 6.5): aiarray computes on the CPU."""

from __future__ import annotations

from ._errors import InvalidArgumentError


class Device:
    """A device: its type and number (GB/T 6.5).  aiarray has one, ``CPU``."""

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


def set_num_threads(n: int) -> None:
    """Threads the CPU's large-array path uses (default: AIARRAY_NUM_THREADS or all CPUs).

    ``n`` is an int >= 1: anything else raises TypeError / ValueError naming it.
    """
    from . import _kernels  # the kernels load with aiarray; imported here to keep _device first
    from ._api._axes import int_arg

    _kernels.set_num_threads(int_arg(n, "set_num_threads", "n", minimum=1))


def get_num_threads() -> int:
    """Threads the CPU's large-array path uses."""
    from . import _kernels

    return _kernels.get_num_threads()

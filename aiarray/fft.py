"""The standard's ``fft`` extension."""

from __future__ import annotations

from typing import Any

__all__ = [
    "fft", "ifft", "fftn", "ifftn", "rfft", "irfft", "rfftn", "irfftn", "hfft", "ihfft",
    "fftfreq", "rfftfreq", "fftshift", "ifftshift",
]


def _todo(name: str) -> Any:
    def func(*args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError(name)

    func.__name__ = name
    return func


fft = _todo("fft")
ifft = _todo("ifft")
fftn = _todo("fftn")
ifftn = _todo("ifftn")
rfft = _todo("rfft")
irfft = _todo("irfft")
rfftn = _todo("rfftn")
irfftn = _todo("irfftn")
hfft = _todo("hfft")
ihfft = _todo("ihfft")
fftfreq = _todo("fftfreq")
rfftfreq = _todo("rfftfreq")
fftshift = _todo("fftshift")
ifftshift = _todo("ifftshift")

"""The standard's ``fft`` extension (2025.12).

Transforms run on NumPy's pocketfft.  Input categories follow the standard: fft,
ifft, fftn, ifftn, irfft, irfftn and hfft take complex input; rfft, rfftn and ihfft
take real floating input (integer or wrong-kind input raises TypeError: convert it
with astype first).  Results keep the input's precision (complex64 <-> float32,
complex128 <-> float64, complex32 <-> float16; bfloat16 input gives complex64).
float16, bfloat16 and complex32 are computed in float32 / complex64 and rounded
back once.  See docs/api/fft.md.
"""

from ._api.fft import (
    fft,
    fftfreq,
    fftn,
    fftshift,
    hfft,
    ifft,
    ifftn,
    ifftshift,
    ihfft,
    irfft,
    irfftn,
    rfft,
    rfftfreq,
    rfftn,
)
from ._public import export as _export

__all__ = [
    "fft", "ifft", "fftn", "ifftn", "rfft", "irfft", "rfftn", "irfftn", "hfft", "ihfft",
    "fftfreq", "rfftfreq", "fftshift", "ifftshift",
]

__dir__ = _export(__name__, globals())

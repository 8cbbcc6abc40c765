"""Quantized arrays (GB/T 7.2.1.15): :func:`quantize`, :func:`dequantize`, :class:`QuantizedArray`.

Schemes (GB/T 7.2.1.15.4):

* tensor-wise symmetric, int8 / int16 (one scale, zero_point 0);
* tensor-wise asymmetric, uint8 / int8 / uint16 / int16 (one scale and zero point);
* channel-wise symmetric, int8 / int16 (one scale per index of ``axis``).

Every value is dequantized by formula (6): ``x = (q - zero_point) * scale``.
The exact formulas, rounding rule and edge cases are in docs/api/quantization.md.
"""

from ._api.gbt_quantization import (
    QuantizedArray,
    dequantize,
    quantize,
)
from ._public import export as _export

__all__ = ["QuantizedArray", "dequantize", "quantize"]

__dir__ = _export(__name__, globals())

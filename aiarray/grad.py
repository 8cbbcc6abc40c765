"""Backward (gradient) functions of the GB/T operators that define one.

Each takes the gradient of a scalar loss with respect to the operator's output
(``grad_output``) and returns the gradient with respect to its input:

* ``slice_backward`` for ``strided_slice`` (GB/T 7.2.3.10.4),
* ``clip_backward`` for ``clip`` (GB/T 7.2.3.16.4),
* ``trace_backward`` for ``trace`` (GB/T 7.2.4.13.4).

The result has ``grad_output``'s dtype (numeric dtypes; bfloat16 and complex32
included) and the input's shape.
"""

from ._api.gbt_grad import (
    clip_backward,
    slice_backward,
    trace_backward,
)
from ._public import export as _export

__all__ = ["clip_backward", "slice_backward", "trace_backward"]

__dir__ = _export(__name__, globals())

"""Types for annotating code that uses aiarray (docs/typing.md).

    from aiarray.typing import Array, DType, Device

    def scale(x: Array, factor: float, dtype: DType | None = None) -> Array: ...

``Array`` is the array class; ``DType`` the type of ``aiarray.float32`` and every other
dtype (each a ``numpy.dtype``); ``Device`` the type of ``aiarray.CPU``; ``Scalar`` a
Python scalar (``bool | int | float | complex``).  A binary elementwise function takes an
``Array``, a ``Scalar`` or a ``TypedScalar`` (``aiarray.scalar``) for each operand, at
least one of them an Array; ``UnaryFunction`` and ``BinaryFunction`` are the types of
``aiarray.sin``, ``aiarray.add`` and the other elementwise functions.
"""

from ._array import Array
from ._promotion import TypedScalar
from ._public import export as _export
from ._signatures import BinaryFunction, UnaryFunction
from ._typing import Device, DType, Scalar

__all__ = ["Array", "BinaryFunction", "DType", "Device", "Scalar", "TypedScalar",
           "UnaryFunction"]

__dir__ = _export(__name__, globals())

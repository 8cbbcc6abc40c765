"""``aiarray.numpy.lib.scimath``: NumPy's name for ``aiarray.numpy.emath`` (the same
functions: math with complex results for real input outside the real domain)."""

from __future__ import annotations

from ..emath import (
    arccos as arccos,
)
from ..emath import (
    arcsin as arcsin,
)
from ..emath import (
    arctanh as arctanh,
)
from ..emath import (
    log as log,
)
from ..emath import (
    log2 as log2,
)
from ..emath import (
    log10 as log10,
)
from ..emath import (
    logn as logn,
)
from ..emath import (
    power as power,
)
from ..emath import (
    sqrt as sqrt,
)

__all__ = ["arccos", "arcsin", "arctanh", "log", "log10", "log2", "logn", "power", "sqrt"]

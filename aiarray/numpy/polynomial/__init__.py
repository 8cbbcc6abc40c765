"""``aiarray.numpy.polynomial``: NumPy's polynomial package over aiarray Arrays.

NumPy computes (its functions on views of the data); results are aiarray Arrays, and
the series classes (``Polynomial``, ``Chebyshev`` ...) evaluate to Arrays.
"""

from __future__ import annotations

import numpy as _np

from .._boundary import guarded
from . import chebyshev, hermite, hermite_e, laguerre, legendre, polynomial
from .chebyshev import Chebyshev
from .hermite import Hermite
from .hermite_e import HermiteE
from .laguerre import Laguerre
from .legendre import Legendre
from .polynomial import Polynomial

set_default_printstyle = guarded(_np.polynomial.set_default_printstyle, module=__name__)

__all__ = [
    "Chebyshev", "Hermite", "HermiteE", "Laguerre", "Legendre", "Polynomial", "chebyshev",
    "hermite", "hermite_e", "laguerre", "legendre", "polynomial", "set_default_printstyle",
]

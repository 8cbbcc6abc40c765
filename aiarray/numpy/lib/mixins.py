"""``aiarray.numpy.lib.mixins``: NumPy's ``NDArrayOperatorsMixin``, NumPy's own class.

Its operators call NumPy's ufuncs, which reach the class's ``__array_ufunc__``; a class
that holds aiarray Arrays and calls the ufunc on them there gets aiarray Arrays back
(NumPy's ufuncs send Arrays to ``aiarray.numpy``).
"""

from __future__ import annotations

import numpy as np

__all__ = ["NDArrayOperatorsMixin"]

NDArrayOperatorsMixin = np.lib.mixins.NDArrayOperatorsMixin

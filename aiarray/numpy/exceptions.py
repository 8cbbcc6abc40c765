"""``aiarray.numpy.exceptions``: NumPy's exceptions and warnings, with ``AxisError`` the
class aiarray.numpy raises (NumPy's AxisError and aiarray's, with a GB/T status)."""

from __future__ import annotations

import numpy as _np

from ._boundary import AxisError as AxisError

ComplexWarning = _np.exceptions.ComplexWarning
DTypePromotionError = _np.exceptions.DTypePromotionError
ModuleDeprecationWarning = _np.exceptions.ModuleDeprecationWarning
RankWarning = _np.exceptions.RankWarning
TooHardError = _np.exceptions.TooHardError
VisibleDeprecationWarning = _np.exceptions.VisibleDeprecationWarning

__all__ = ["AxisError", "ComplexWarning", "DTypePromotionError", "ModuleDeprecationWarning",
           "RankWarning", "TooHardError", "VisibleDeprecationWarning"]

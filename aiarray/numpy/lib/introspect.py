"""``aiarray.numpy.lib.introspect``: NumPy's ``opt_func_info`` (the CPU-specific loops
NumPy's functions dispatch to), NumPy's own function."""

from __future__ import annotations

import numpy as np

from .._boundary import guarded

__all__ = ["opt_func_info"]

opt_func_info = guarded(np.lib.introspect.opt_func_info, name="opt_func_info",
                        module=__name__)

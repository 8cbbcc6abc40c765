"""``aiarray.numpy.polynomial.hermite_e``: numpy.polynomial.hermite_e over aiarray Arrays
(generated from NumPy's list of names; see _series.py)."""

from __future__ import annotations

import numpy as _np

from ._series import series_class, series_function

HermiteE = series_class("hermite_e", "HermiteE")
herme2poly = series_function("hermite_e", "herme2poly")
hermeadd = series_function("hermite_e", "hermeadd")
hermecompanion = series_function("hermite_e", "hermecompanion")
hermeder = series_function("hermite_e", "hermeder")
hermediv = series_function("hermite_e", "hermediv")
hermefit = series_function("hermite_e", "hermefit")
hermefromroots = series_function("hermite_e", "hermefromroots")
hermegauss = series_function("hermite_e", "hermegauss")
hermegrid2d = series_function("hermite_e", "hermegrid2d")
hermegrid3d = series_function("hermite_e", "hermegrid3d")
hermeint = series_function("hermite_e", "hermeint")
hermeline = series_function("hermite_e", "hermeline")
hermemul = series_function("hermite_e", "hermemul")
hermemulx = series_function("hermite_e", "hermemulx")
hermepow = series_function("hermite_e", "hermepow")
hermeroots = series_function("hermite_e", "hermeroots")
hermesub = series_function("hermite_e", "hermesub")
hermetrim = series_function("hermite_e", "hermetrim")
hermeval = series_function("hermite_e", "hermeval")
hermeval2d = series_function("hermite_e", "hermeval2d")
hermeval3d = series_function("hermite_e", "hermeval3d")
hermevander = series_function("hermite_e", "hermevander")
hermevander2d = series_function("hermite_e", "hermevander2d")
hermevander3d = series_function("hermite_e", "hermevander3d")
hermeweight = series_function("hermite_e", "hermeweight")
poly2herme = series_function("hermite_e", "poly2herme")
hermedomain = _np.polynomial.hermite_e.hermedomain
hermeone = _np.polynomial.hermite_e.hermeone
hermex = _np.polynomial.hermite_e.hermex
hermezero = _np.polynomial.hermite_e.hermezero

__all__ = [
    'HermiteE', 'herme2poly', 'hermeadd', 'hermecompanion', 'hermeder', 'hermediv', 'hermefit',
    'hermefromroots', 'hermegauss', 'hermegrid2d', 'hermegrid3d', 'hermeint', 'hermeline',
    'hermemul', 'hermemulx', 'hermepow', 'hermeroots', 'hermesub', 'hermetrim', 'hermeval',
    'hermeval2d', 'hermeval3d', 'hermevander', 'hermevander2d', 'hermevander3d', 'hermeweight',
    'poly2herme', 'hermedomain', 'hermeone', 'hermex', 'hermezero',
]

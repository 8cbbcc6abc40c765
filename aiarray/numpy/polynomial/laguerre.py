"""``aiarray.numpy.polynomial.laguerre``: numpy.polynomial.laguerre over aiarray Arrays
(generated from NumPy's list of names; see _series.py)."""

from __future__ import annotations

import numpy as _np

from ._series import series_class, series_function

Laguerre = series_class("laguerre", "Laguerre")
lag2poly = series_function("laguerre", "lag2poly")
lagadd = series_function("laguerre", "lagadd")
lagcompanion = series_function("laguerre", "lagcompanion")
lagder = series_function("laguerre", "lagder")
lagdiv = series_function("laguerre", "lagdiv")
lagfit = series_function("laguerre", "lagfit")
lagfromroots = series_function("laguerre", "lagfromroots")
laggauss = series_function("laguerre", "laggauss")
laggrid2d = series_function("laguerre", "laggrid2d")
laggrid3d = series_function("laguerre", "laggrid3d")
lagint = series_function("laguerre", "lagint")
lagline = series_function("laguerre", "lagline")
lagmul = series_function("laguerre", "lagmul")
lagmulx = series_function("laguerre", "lagmulx")
lagpow = series_function("laguerre", "lagpow")
lagroots = series_function("laguerre", "lagroots")
lagsub = series_function("laguerre", "lagsub")
lagtrim = series_function("laguerre", "lagtrim")
lagval = series_function("laguerre", "lagval")
lagval2d = series_function("laguerre", "lagval2d")
lagval3d = series_function("laguerre", "lagval3d")
lagvander = series_function("laguerre", "lagvander")
lagvander2d = series_function("laguerre", "lagvander2d")
lagvander3d = series_function("laguerre", "lagvander3d")
lagweight = series_function("laguerre", "lagweight")
poly2lag = series_function("laguerre", "poly2lag")
lagdomain = _np.polynomial.laguerre.lagdomain
lagone = _np.polynomial.laguerre.lagone
lagx = _np.polynomial.laguerre.lagx
lagzero = _np.polynomial.laguerre.lagzero

__all__ = [
    'Laguerre', 'lag2poly', 'lagadd', 'lagcompanion', 'lagder', 'lagdiv', 'lagfit',
    'lagfromroots', 'laggauss', 'laggrid2d', 'laggrid3d', 'lagint', 'lagline', 'lagmul',
    'lagmulx', 'lagpow', 'lagroots', 'lagsub', 'lagtrim', 'lagval', 'lagval2d', 'lagval3d',
    'lagvander', 'lagvander2d', 'lagvander3d', 'lagweight', 'poly2lag', 'lagdomain', 'lagone',
    'lagx', 'lagzero',
]

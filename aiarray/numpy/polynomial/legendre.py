"""``aiarray.numpy.polynomial.legendre``: numpy.polynomial.legendre over aiarray Arrays
(generated from NumPy's list of names; see _series.py)."""

from __future__ import annotations

import numpy as _np

from ._series import series_class, series_function

Legendre = series_class("legendre", "Legendre")
leg2poly = series_function("legendre", "leg2poly")
legadd = series_function("legendre", "legadd")
legcompanion = series_function("legendre", "legcompanion")
legder = series_function("legendre", "legder")
legdiv = series_function("legendre", "legdiv")
legfit = series_function("legendre", "legfit")
legfromroots = series_function("legendre", "legfromroots")
leggauss = series_function("legendre", "leggauss")
leggrid2d = series_function("legendre", "leggrid2d")
leggrid3d = series_function("legendre", "leggrid3d")
legint = series_function("legendre", "legint")
legline = series_function("legendre", "legline")
legmul = series_function("legendre", "legmul")
legmulx = series_function("legendre", "legmulx")
legpow = series_function("legendre", "legpow")
legroots = series_function("legendre", "legroots")
legsub = series_function("legendre", "legsub")
legtrim = series_function("legendre", "legtrim")
legval = series_function("legendre", "legval")
legval2d = series_function("legendre", "legval2d")
legval3d = series_function("legendre", "legval3d")
legvander = series_function("legendre", "legvander")
legvander2d = series_function("legendre", "legvander2d")
legvander3d = series_function("legendre", "legvander3d")
legweight = series_function("legendre", "legweight")
poly2leg = series_function("legendre", "poly2leg")
legdomain = _np.polynomial.legendre.legdomain
legone = _np.polynomial.legendre.legone
legx = _np.polynomial.legendre.legx
legzero = _np.polynomial.legendre.legzero

__all__ = [
    'Legendre', 'leg2poly', 'legadd', 'legcompanion', 'legder', 'legdiv', 'legfit',
    'legfromroots', 'leggauss', 'leggrid2d', 'leggrid3d', 'legint', 'legline', 'legmul',
    'legmulx', 'legpow', 'legroots', 'legsub', 'legtrim', 'legval', 'legval2d', 'legval3d',
    'legvander', 'legvander2d', 'legvander3d', 'legweight', 'poly2leg', 'legdomain', 'legone',
    'legx', 'legzero',
]

"""``aiarray.numpy.polynomial.polynomial``: numpy.polynomial.polynomial over aiarray Arrays
(generated from NumPy's list of names; see _series.py)."""

from __future__ import annotations

import numpy as _np

from ._series import series_class, series_function

Polynomial = series_class("polynomial", "Polynomial")
polyadd = series_function("polynomial", "polyadd")
polycompanion = series_function("polynomial", "polycompanion")
polyder = series_function("polynomial", "polyder")
polydiv = series_function("polynomial", "polydiv")
polyfit = series_function("polynomial", "polyfit")
polyfromroots = series_function("polynomial", "polyfromroots")
polygrid2d = series_function("polynomial", "polygrid2d")
polygrid3d = series_function("polynomial", "polygrid3d")
polyint = series_function("polynomial", "polyint")
polyline = series_function("polynomial", "polyline")
polymul = series_function("polynomial", "polymul")
polymulx = series_function("polynomial", "polymulx")
polypow = series_function("polynomial", "polypow")
polyroots = series_function("polynomial", "polyroots")
polysub = series_function("polynomial", "polysub")
polytrim = series_function("polynomial", "polytrim")
polyval = series_function("polynomial", "polyval")
polyval2d = series_function("polynomial", "polyval2d")
polyval3d = series_function("polynomial", "polyval3d")
polyvalfromroots = series_function("polynomial", "polyvalfromroots")
polyvander = series_function("polynomial", "polyvander")
polyvander2d = series_function("polynomial", "polyvander2d")
polyvander3d = series_function("polynomial", "polyvander3d")
polydomain = _np.polynomial.polynomial.polydomain
polyone = _np.polynomial.polynomial.polyone
polyx = _np.polynomial.polynomial.polyx
polyzero = _np.polynomial.polynomial.polyzero

__all__ = [
    'Polynomial', 'polyadd', 'polycompanion', 'polyder', 'polydiv', 'polyfit', 'polyfromroots',
    'polygrid2d', 'polygrid3d', 'polyint', 'polyline', 'polymul', 'polymulx', 'polypow',
    'polyroots', 'polysub', 'polytrim', 'polyval', 'polyval2d', 'polyval3d',
    'polyvalfromroots', 'polyvander', 'polyvander2d', 'polyvander3d', 'polydomain', 'polyone',
    'polyx', 'polyzero',
]

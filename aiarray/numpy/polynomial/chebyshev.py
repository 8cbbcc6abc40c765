"""``aiarray.numpy.polynomial.chebyshev``: numpy.polynomial.chebyshev over aiarray Arrays
(generated from NumPy's list of names; see _series.py)."""

from __future__ import annotations

import numpy as _np

from ._series import series_class, series_function

Chebyshev = series_class("chebyshev", "Chebyshev")
cheb2poly = series_function("chebyshev", "cheb2poly")
chebadd = series_function("chebyshev", "chebadd")
chebcompanion = series_function("chebyshev", "chebcompanion")
chebder = series_function("chebyshev", "chebder")
chebdiv = series_function("chebyshev", "chebdiv")
chebfit = series_function("chebyshev", "chebfit")
chebfromroots = series_function("chebyshev", "chebfromroots")
chebgauss = series_function("chebyshev", "chebgauss")
chebgrid2d = series_function("chebyshev", "chebgrid2d")
chebgrid3d = series_function("chebyshev", "chebgrid3d")
chebint = series_function("chebyshev", "chebint")
chebinterpolate = series_function("chebyshev", "chebinterpolate")
chebline = series_function("chebyshev", "chebline")
chebmul = series_function("chebyshev", "chebmul")
chebmulx = series_function("chebyshev", "chebmulx")
chebpow = series_function("chebyshev", "chebpow")
chebpts1 = series_function("chebyshev", "chebpts1")
chebpts2 = series_function("chebyshev", "chebpts2")
chebroots = series_function("chebyshev", "chebroots")
chebsub = series_function("chebyshev", "chebsub")
chebtrim = series_function("chebyshev", "chebtrim")
chebval = series_function("chebyshev", "chebval")
chebval2d = series_function("chebyshev", "chebval2d")
chebval3d = series_function("chebyshev", "chebval3d")
chebvander = series_function("chebyshev", "chebvander")
chebvander2d = series_function("chebyshev", "chebvander2d")
chebvander3d = series_function("chebyshev", "chebvander3d")
chebweight = series_function("chebyshev", "chebweight")
poly2cheb = series_function("chebyshev", "poly2cheb")
chebdomain = _np.polynomial.chebyshev.chebdomain
chebone = _np.polynomial.chebyshev.chebone
chebx = _np.polynomial.chebyshev.chebx
chebzero = _np.polynomial.chebyshev.chebzero

__all__ = [
    'Chebyshev', 'cheb2poly', 'chebadd', 'chebcompanion', 'chebder', 'chebdiv', 'chebfit',
    'chebfromroots', 'chebgauss', 'chebgrid2d', 'chebgrid3d', 'chebint', 'chebinterpolate',
    'chebline', 'chebmul', 'chebmulx', 'chebpow', 'chebpts1', 'chebpts2', 'chebroots',
    'chebsub', 'chebtrim', 'chebval', 'chebval2d', 'chebval3d', 'chebvander', 'chebvander2d',
    'chebvander3d', 'chebweight', 'poly2cheb', 'chebdomain', 'chebone', 'chebx', 'chebzero',
]

"""``aiarray.numpy.polynomial.hermite``: numpy.polynomial.hermite over aiarray Arrays
(generated from NumPy's list of names; see _series.py)."""

from __future__ import annotations

import numpy as _np

from ._series import series_class, series_function

Hermite = series_class("hermite", "Hermite")
herm2poly = series_function("hermite", "herm2poly")
hermadd = series_function("hermite", "hermadd")
hermcompanion = series_function("hermite", "hermcompanion")
hermder = series_function("hermite", "hermder")
hermdiv = series_function("hermite", "hermdiv")
hermfit = series_function("hermite", "hermfit")
hermfromroots = series_function("hermite", "hermfromroots")
hermgauss = series_function("hermite", "hermgauss")
hermgrid2d = series_function("hermite", "hermgrid2d")
hermgrid3d = series_function("hermite", "hermgrid3d")
hermint = series_function("hermite", "hermint")
hermline = series_function("hermite", "hermline")
hermmul = series_function("hermite", "hermmul")
hermmulx = series_function("hermite", "hermmulx")
hermpow = series_function("hermite", "hermpow")
hermroots = series_function("hermite", "hermroots")
hermsub = series_function("hermite", "hermsub")
hermtrim = series_function("hermite", "hermtrim")
hermval = series_function("hermite", "hermval")
hermval2d = series_function("hermite", "hermval2d")
hermval3d = series_function("hermite", "hermval3d")
hermvander = series_function("hermite", "hermvander")
hermvander2d = series_function("hermite", "hermvander2d")
hermvander3d = series_function("hermite", "hermvander3d")
hermweight = series_function("hermite", "hermweight")
poly2herm = series_function("hermite", "poly2herm")
hermdomain = _np.polynomial.hermite.hermdomain
hermone = _np.polynomial.hermite.hermone
hermx = _np.polynomial.hermite.hermx
hermzero = _np.polynomial.hermite.hermzero

__all__ = [
    'Hermite', 'herm2poly', 'hermadd', 'hermcompanion', 'hermder', 'hermdiv', 'hermfit',
    'hermfromroots', 'hermgauss', 'hermgrid2d', 'hermgrid3d', 'hermint', 'hermline', 'hermmul',
    'hermmulx', 'hermpow', 'hermroots', 'hermsub', 'hermtrim', 'hermval', 'hermval2d',
    'hermval3d', 'hermvander', 'hermvander2d', 'hermvander3d', 'hermweight', 'poly2herm',
    'hermdomain', 'hermone', 'hermx', 'hermzero',
]

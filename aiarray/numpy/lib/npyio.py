"""``aiarray.numpy.lib.npyio``: the classes of NumPy's ``numpy.lib.npyio``.

``NpzFile`` is the class of what ``aiarray.numpy.load`` gives for an ``.npz`` file (its
arrays read as Arrays); ``DataSource`` is NumPy's own class (it opens files and URLs;
no array data).
"""

from __future__ import annotations

import numpy as np

from .._numpy_calls import NpzFile

__all__ = ["DataSource", "NpzFile"]

DataSource = np.lib.npyio.DataSource

"""``aiarray.numpy.lib``: NumPy 2's public ``numpy.lib`` submodules and classes that
array code reaches for by that name: ``stride_tricks`` (``sliding_window_view``, used by
xarray's rolling windows), ``array_utils``, ``format``, ``npyio``, ``mixins``
(``NDArrayOperatorsMixin``), ``scimath`` (= ``aiarray.numpy.emath``), ``introspect``, and
NumPy's own ``NumpyVersion`` and ``Arrayterator`` (which iterates over an Array in
blocks, each an Array).  The rest of ``numpy.lib`` is NumPy's implementation; its public
functions are served under their main names."""

from __future__ import annotations

import numpy as _np

from . import array_utils, format, introspect, mixins, npyio, scimath, stride_tricks

__all__ = ["Arrayterator", "NumpyVersion", "array_utils", "format", "introspect", "mixins",
           "npyio", "scimath", "stride_tricks"]

NumpyVersion = _np.lib.NumpyVersion
Arrayterator = _np.lib.Arrayterator

from .._status import not_served_getattr  # noqa: E402

__getattr__ = not_served_getattr("lib")

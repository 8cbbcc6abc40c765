"""``aiarray.numpy.lib``: the parts of ``numpy.lib`` that array code reaches for by that
name (``lib.stride_tricks.sliding_window_view``, used by xarray's rolling windows).
The rest of ``numpy.lib`` is NumPy's implementation; its public functions are served
under their main names."""

from __future__ import annotations

from . import stride_tricks

__all__ = ["stride_tricks"]

"""NumPy-style helpers that array libraries expect of a namespace (``xp.lib``).

xarray's rolling windows call ``xp.lib.stride_tricks.sliding_window_view`` of the array's
namespace; this gives it for arrays of the standard namespace (``aiarray.numpy.lib`` is
NumPy's whole ``lib`` for the swap-in).
"""

from . import stride_tricks

__all__ = ["stride_tricks"]


def __dir__() -> list[str]:
    return list(__all__)

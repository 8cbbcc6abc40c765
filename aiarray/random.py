"""Random creation of dense arrays (GB/T 7.2.1.7 - 7.2.1.11).

Every function takes ``seed``: 0 (the default) draws fresh system entropy, any
other non-negative int gives the same array on every call, process and
platform.  The bits come from NumPy's PCG64 bit generator seeded with
``numpy.random.SeedSequence(seed)``; the distributions are derived here from its
raw 64-bit words (see aiarray/_random_impl.py), never from NumPy's distribution
code.  A :class:`Generator` continues one stream across calls.

These are GB/T's operators with GB/T's seed convention (0 = fresh entropy).  NumPy's
random API, with NumPy's own seeded streams (``np.random.seed(0)`` gives NumPy's
numbers for seed 0), is ``aiarray.numpy.random``.
"""

from ._api.gbt_random import (
    Generator,
    bernoulli,
    multinomial,
    normal,
    randperm,
    uniform,
)
from ._public import export as _export

__all__ = ["Generator", "bernoulli", "multinomial", "normal", "randperm", "uniform"]

__dir__ = _export(__name__, globals())

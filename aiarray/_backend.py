"""The backend interface of the dispatcher, and the NumPy backend.

After validation, promotion and casting, the dispatcher (``_dispatch``) has
ndarrays of one dtype.  Large ones it offers to the active backend; a backend
either computes the result or declines (returns None), and then the dispatcher runs
NumPy itself.  So every backend gives NumPy's results, and declining is always
correct.

Two backends exist:

- ``"numpy"`` (:class:`Backend` itself): declines everything.  The dispatcher's own
  NumPy calls are the whole computation.  Always there.
- ``"parallel"`` (``aiarray._kernels.ParallelBackend``): numba kernels and NumPy's
  loops in threads, for arrays from sizes derived from the machine it runs on.  The
  default; the package face registers how to load it (:func:`register`), and it never
  imports numba before a large call.

A backend says from which size it wants an op (:meth:`Backend.threshold`), so that
the dispatcher's short path skips it below that size without asking; ``version``
changes whenever those sizes change (first tuning, ``set_num_threads``, a
calibration loaded), and the dispatcher reads them again.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from ._typing import DType, NDArray

if TYPE_CHECKING:
    from ._registry import ElementwiseOp

# "Never": the threshold of an op a backend does not take at any size.
NO_LIMIT = 1 << 62


def forced_size() -> int | None:
    """``AIARRAY_KERNEL_MIN_SIZE``: one start size (elements) for every route of every
    backend, for tests and experiments; None when unset or not a number."""
    env = os.environ.get("AIARRAY_KERNEL_MIN_SIZE", "").strip()
    try:
        return max(1, int(float(env))) if env else None
    except ValueError:
        return None


# The smallest threshold a backend gives: below this many elements every call takes the
# dispatcher's short path without asking any backend.  2**14, or less when
# AIARRAY_KERNEL_MIN_SIZE asks for less.
FLOOR = min(1 << 14, forced_size() or NO_LIMIT)

NAMES = ("numpy", "parallel")  # the backends aiarray has (the face registers "parallel")


class Backend:
    """The NumPy backend, and the interface every backend implements.

    Every method receives ndarrays the dispatcher already promoted, cast and
    validated, and returns a new ndarray (never one of its inputs) or None to
    decline.  A result must equal NumPy's on the same ndarrays (see docs/design.md
    for the one exception, the payload of a NaN made from two NaNs).
    """

    name = "numpy"
    version = 0

    def threshold(self, op: ElementwiseOp | str, dtype: DType) -> int:
        """Elements from which :meth:`elementwise` may take ``op`` on ``dtype``
        (``NO_LIMIT``: never).  At least ``FLOOR``."""
        return NO_LIMIT

    def least_threshold(self) -> int:
        """A number of elements at most every :meth:`threshold` (``NO_LIMIT``: this
        backend takes nothing)."""
        return NO_LIMIT

    def elementwise(self, op: ElementwiseOp, args: tuple[NDArray, ...],
                    dtype: DType) -> NDArray | None:
        """``op`` (an ``ElementwiseOp``) on same-dtype ndarrays ``args`` (dtype ``dtype``,
        broadcasting), or None."""
        return None

    def converting(self, op: ElementwiseOp, args: tuple[NDArray, NDArray],
                   dtype: DType) -> NDArray | None:
        """``op`` on two same-shape ndarrays of other dtypes than ``dtype``, each element
        converted to ``dtype`` as it is read (bitwise ``astype`` then ``op``), or None."""
        return None

    def reduce(self, name: str, a: NDArray, axis: int | tuple[int, ...] | None = None,
               dtype: DType | None = None, keepdims: bool = False) -> NDArray | None:
        """``np.<name>(a, axis=axis, dtype=dtype, keepdims=keepdims)`` for ``name`` in sum,
        prod, mean, min, max (an ndarray, 0-d for a full reduction), or None."""
        return None

    def reduce_whole(self, name: str, a: NDArray,
                     numpy_call: Callable[[], NDArray]) -> NDArray:
        """``np.<name>(a)`` over every element of ``a`` with NumPy's result dtype (a 0-d
        ndarray): :meth:`reduce`'s, or ``numpy_call()`` (NumPy's own call, the caller's
        way) where it declines.  A backend may time both and run the faster one."""
        out = self.reduce(name, a)
        return numpy_call() if out is None else out

    def fused_multiply_add(self, a: NDArray, b: NDArray, c: NDArray,
                           dtype: DType) -> NDArray | None:
        """``a * b + c`` rounded twice (as NumPy's ``a * b + c``) for same-shape ndarrays
        of ``dtype`` (size-1 ones act as scalars), or None."""
        return None

    def set_num_threads(self, n: int) -> None:
        """Threads this backend uses (the NumPy backend uses one)."""

    def get_num_threads(self) -> int:
        """Threads this backend uses."""
        return 1

    def status(self) -> dict[str, object]:
        """Diagnostics."""
        return {"backend": self.name}

    def __repr__(self) -> str:
        return f"<aiarray backend {self.name!r}>"


NUMPY = Backend()


# Called when a backend raises one op's threshold on its own (it measured NumPy's loop
# faster there): ``listener(backend, op_name, dtype, new_threshold)``.
_RAISED: list[Callable[[Backend, str, DType, int], None]] = []


def on_raised(listener: Callable[[Backend, str, DType, int], None]) -> None:
    """Call ``listener(backend, op_name, dtype, threshold)`` whenever a backend raises the
    threshold of one op on one dtype between ``version`` changes (the dispatcher updates
    that one size instead of reading every threshold again)."""
    _RAISED.append(listener)


def raised(backend: Backend, name: str, dtype: DType, threshold: int) -> None:
    """(A backend.)  ``threshold(name's op, dtype)`` is now ``threshold``."""
    for listener in _RAISED:
        listener(backend, name, dtype, threshold)


# name -> how to make that backend; a layer above the core registers its own
_LOADERS: dict[str, Callable[[], Backend]] = {"numpy": lambda: NUMPY}
_LOADED: dict[str, Backend] = {"numpy": NUMPY}


def register(name: str, loader: Callable[[], Backend]) -> None:
    """Make backend ``name`` available: ``loader()`` builds it on first use."""
    _LOADERS[name] = loader


def load(name: str) -> Backend:
    """The backend called ``name`` (one object per name, made on first use)."""
    be = _LOADED.get(name)
    if be is None:
        be = _LOADED[name] = _LOADERS[name]()  # (KeyError: no such backend)
    return be

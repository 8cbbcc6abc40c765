"""The implementation of :mod:`aiarray.random` (its documentation is there)."""

from __future__ import annotations

import builtins
import math
import sys
import typing

import numpy as np

from .. import _dtypes as D
from .. import _random_impl as R
from .._array import Array
from .._device import check_device
from .._dispatch import array_arg
from .._errors import (
    AllocationError,
    DimensionMismatchError,
    InvalidArgumentError,
    TypeMismatchError,
)
from .._numpy_path import quiet
from .._sizes import allocates, check_object_count, check_shape
from .._typing import Device, DType, NDArray
from ._axes import int_arg, shape_tuple
from .creation import DEFAULT_FLOAT

__all__ = ["Generator", "bernoulli", "multinomial", "normal", "randperm", "uniform"]

_INT64 = D.int64
_BERNOULLI_DTYPES = D.dtype_set(D.BOOL | D.INTEGER | D.REAL_FLOAT)


# -- argument checks --------------------------------------------------------------
def _seed(seed: object, func: str = "random") -> int:
    """A seed: an int >= 0 (0 = system entropy)."""
    return int_arg(seed, func, "seed", minimum=0)


def _real(func: str, name: str, value: object) -> float:
    """A finite real parameter (Python or NumPy real number, or a 0-d real Array)."""
    if type(value) is Array:
        if value.ndim != 0 or value.dtype not in D.REAL_NUMERIC:
            raise TypeMismatchError(f"{func}(): {name} must be a real number or a 0-d real "
                                    f"array, got shape {value.shape} {D.name_of(value.dtype)}")
        value = value._array.item()
    if isinstance(value, builtins.bool | np.bool_) or not isinstance(
            value, int | float | np.integer | np.floating):
        raise TypeMismatchError(f"{func}(): {name}={value!r} must be a real number")
    try:
        out = float(value)
    except OverflowError:
        raise InvalidArgumentError(f"{func}(): {name}={value!r} is too large") from None
    if not math.isfinite(out):
        raise InvalidArgumentError(f"{func}(): {name}={value!r} must be finite")
    return out


def _float_dtype(func: str, dtype: object) -> DType:
    if dtype is None:
        return DEFAULT_FLOAT
    dt = D.canonical(dtype)
    if dt not in D.REAL_FLOAT:
        raise TypeMismatchError(f"{func}(): dtype={D.name_of(dt)} must be a real floating-point "
                                "dtype (float16, bfloat16, float32, float64)")
    return dt


def _in_range(func: str, name: str, value: float, dt: DType) -> None:
    fmax = float(D.finfo_of(dt).max)
    if abs(value) > fmax:
        raise InvalidArgumentError(f"{func}(): {name}={value!r} is outside the finite range "
                                   f"of {D.name_of(dt)} (max {fmax!r})")


def _count(func: str, name: str, value: object) -> int:
    return int_arg(value, func, name, minimum=0)


def _shape(func: str, shape: object) -> tuple[int, ...]:
    """The shape of a sample: every element takes one 8-byte random word."""
    return check_shape(shape_tuple(shape, "shape", func), 8, func, "the sample")


class Generator:
    """A stream of random numbers (GB/T 7.2.1.7 - 7.2.1.11); successive calls continue it.

    ``Generator(seed)`` with seed 0 draws system entropy; ``g.seed`` is then the
    entropy drawn, so ``Generator(g.seed)`` replays the same stream.

    Examples
    --------
    >>> g = xp.random.Generator(42)
    >>> g
    aiarray.random.Generator(seed=42)
    >>> g.uniform(0.0, 1.0, 3, dtype=xp.float32)  # what uniform(..., seed=42) draws
    Array([0.77395606, 0.43887845, 0.85859793], dtype=float32)
    >>> g.uniform(0.0, 1.0, 3, dtype=xp.float32)  # the next draws of the stream
    Array([0.697368  , 0.09417735, 0.97562236], dtype=float32)
    >>> xp.random.Generator(g.seed).uniform(0.0, 1.0, 3, dtype=xp.float32)  # replayed
    Array([0.77395606, 0.43887845, 0.85859793], dtype=float32)
    """

    __slots__ = ("_bitgen", "_seed", "_seedseq")

    def __init__(self, seed: int = 0) -> None:
        value = _seed(seed)
        seedseq = np.random.SeedSequence() if value == 0 else np.random.SeedSequence(value)
        self._init(seedseq, int(typing.cast(int, seedseq.entropy)) if value == 0 else value)

    def _init(self, seedseq: np.random.SeedSequence, seed: int | None) -> None:
        self._seedseq = seedseq
        self._seed = seed
        self._bitgen = np.random.PCG64(seedseq)

    @property
    def seed(self) -> int | None:
        """The seed that replays this stream (None for a generator made by :meth:`spawn`)."""
        return self._seed

    def __repr__(self) -> str:
        return f"aiarray.random.Generator(seed={self._seed!r})"

    def spawn(self, n: int, /) -> list[Generator]:
        """``n`` independent child generators (``SeedSequence.spawn``); self is not advanced."""
        count = _count("Generator.spawn", "n", n)
        each = sum(sys.getsizeof(o) for o in (self, self._seedseq, self._bitgen))
        check_object_count(count, each, "Generator.spawn", "generators")
        children = []
        for ss in self._seedseq.spawn(count):
            child = object.__new__(Generator)
            child._init(ss, None)
            children.append(child)
        return children

    def _raw(self, func: str, n: int) -> NDArray:
        try:
            return self._bitgen.random_raw(n)
        except (MemoryError, ValueError):
            raise AllocationError(f"{func}(): cannot allocate {n} random words") from None

    # -- distributions ------------------------------------------------------------
    @allocates
    def uniform(self, low: float = 0.0, high: float = 1.0, shape: int | tuple[int, ...] = (), *,
                dtype: DType | None = None, device: Device | None = None) -> Array:
        """Uniform samples in [low, high) (GB/T 7.2.1.7); see :func:`uniform`."""
        func = "uniform"
        lo, hi = _real(func, "low", low), _real(func, "high", high)
        dims = _shape(func, shape)
        dt = _float_dtype(func, dtype)
        check_device(device)
        if lo > hi:
            raise InvalidArgumentError(f"uniform(): low={lo!r} must not exceed high={hi!r}")
        _in_range(func, "low", lo, dt)
        _in_range(func, "high", hi, dt)
        if lo == hi:
            value = R.round_to(np.array([lo]), dt)[0]
            return Array._new(np.full(dims, value, dt), dt)
        # The smallest dtype value >= low and the largest < high bound every sample.
        lo_dt = float(R.round_to(np.array([lo]), dt)[0])
        if lo_dt < lo:
            lo_dt = R.next_toward(lo_dt, dt, up=True)
        hi_dt = float(R.round_to(np.array([hi]), dt)[0])
        if hi_dt >= hi:
            hi_dt = R.next_toward(hi_dt, dt, up=False)
        if lo_dt > hi_dt:
            raise InvalidArgumentError(f"uniform(): [low, high) = [{lo!r}, {hi!r}) contains no "
                                       f"{D.name_of(dt)} value")
        n = math.prod(dims)
        u = R.uniform01(self._raw(func, n))
        width = hi - lo
        if math.isfinite(width):
            v = lo + width * u
        else:  # high - low overflows: the same operations on halved values (exact scaling)
            v = (lo * 0.5 + (hi * 0.5 - lo * 0.5) * u) * 2.0
        # Clipping before the single rounding keeps every sample in [low, high).
        out = R.round_to(np.clip(v, lo_dt, hi_dt), dt)
        return Array._new(out.reshape(dims), dt)

    @allocates
    def normal(self, mean: float = 0.0, std: float = 1.0, shape: int | tuple[int, ...] = (), *,
               dtype: DType | None = None, device: Device | None = None) -> Array:
        """Normal samples N(mean, std**2) (GB/T 7.2.1.8); see :func:`normal`."""
        func = "normal"
        mu, sigma = _real(func, "mean", mean), _real(func, "std", std)
        dims = _shape(func, shape)
        dt = _float_dtype(func, dtype)
        check_device(device)
        if sigma < 0:
            raise InvalidArgumentError(f"normal(): std={sigma!r} must be non-negative")
        _in_range(func, "mean", mu, dt)
        _in_range(func, "std", sigma, dt)
        n = math.prod(dims)
        z = R.normal01(self._raw(func, 2 * ((n + 1) // 2)), n)
        v = quiet(lambda a: mu + sigma * a, z)
        return Array._new(R.round_to(v, dt).reshape(dims), dt)

    @allocates
    def bernoulli(self, p: float | Array, shape: int | tuple[int, ...] | None = None, *,
                  dtype: DType | None = None,
                  device: Device | None = None) -> Array:
        """0-1 samples, 1 with probability p (GB/T 7.2.1.9); see :func:`bernoulli`."""
        func = "bernoulli"
        if type(p) is Array:
            if p.dtype not in D.REAL_FLOAT:
                raise TypeMismatchError(f"bernoulli(): p must be a real floating-point array, "
                                        f"got {D.name_of(p.dtype)}")
            prob = D.widen(p._array).astype(np.float64)
            if not bool(np.all((prob >= 0.0) & (prob <= 1.0))):
                raise InvalidArgumentError("bernoulli(): every p must be in [0, 1] (no NaN)")
        else:
            prob = np.asarray(_real_prob(p))
        dims = prob.shape if shape is None else _shape(func, shape)
        dt = D.bool_ if dtype is None else D.canonical(dtype)
        if dt not in _BERNOULLI_DTYPES:
            raise TypeMismatchError(f"bernoulli(): dtype={D.name_of(dt)} must be bool, an "
                                    "integer or a real floating-point dtype")
        check_device(device)
        if shape is not None:
            try:
                ok = np.broadcast_shapes(prob.shape, dims) == dims
            except ValueError:
                ok = False
            if not ok:
                raise DimensionMismatchError(f"bernoulli(): p of shape {prob.shape} does not "
                                             f"broadcast to shape={dims}")
        n = math.prod(dims)
        u = R.uniform01(self._raw(func, n)).reshape(dims)
        return Array._new((u < prob).astype(dt), dt)

    @allocates
    def multinomial(self, probs: Array, num_samples: int, *, replacement: bool = False,
                    device: Device | None = None) -> Array:
        """Indices drawn with weights ``probs`` (GB/T 7.2.1.10); see :func:`multinomial`."""
        func = "multinomial"
        probs = array_arg(probs, func, "probs")
        if probs.dtype not in D.REAL_NUMERIC:
            raise TypeMismatchError(f"multinomial(): probs must be a real numeric array, "
                                    f"got {D.name_of(probs.dtype)}")
        if probs.ndim not in (1, 2):
            raise DimensionMismatchError(f"multinomial(): probs must be 1-D or 2-D, "
                                         f"got shape {probs.shape}")
        count = _count(func, "num_samples", num_samples)
        if not isinstance(replacement, builtins.bool):
            raise TypeMismatchError(f"multinomial(): replacement={replacement!r} must be a bool")
        check_device(device)
        w = np.atleast_2d(D.widen(probs._array).astype(np.float64))
        rows, k = w.shape
        if k == 0:
            raise InvalidArgumentError("multinomial(): probs has no categories (last axis is 0)")
        if not bool(np.all(np.isfinite(w))) or bool(np.any(w < 0)):
            raise InvalidArgumentError("multinomial(): probs must be finite and non-negative")
        nonzero = np.count_nonzero(w, axis=1)
        if rows and int(nonzero.min()) == 0:
            raise InvalidArgumentError(f"multinomial(): row {int(np.argmin(nonzero))} of probs "
                                       "sums to 0")
        if not replacement and rows and count > int(nonzero.min()):
            raise InvalidArgumentError(
                f"multinomial(): num_samples={count} without replacement exceeds the "
                f"{int(nonzero.min())} non-zero categories of row {int(np.argmin(nonzero))}")
        if rows:
            w = w / w.max(axis=1, keepdims=True)  # no overflow in the sums below
        if replacement:
            out = _with_replacement(w, R.uniform01(self._raw(func, rows * count)), count)
        else:
            out = _without_replacement(w, R.uniform01_open(self._raw(func, rows * k)), count)
        return Array._new(out.reshape(out.shape[1:]) if probs.ndim == 1 else out, _INT64)

    @allocates
    def randperm(self, n: int, *, dtype: DType = _INT64, device: Device | None = None) -> Array:
        """A random permutation of 0 .. n-1 (GB/T 7.2.1.11); see :func:`randperm`."""
        func = "randperm"
        size = _count(func, "n", n)
        dt = D.canonical(dtype)
        if dt not in D.INTEGER:
            raise TypeMismatchError(f"randperm(): dtype={D.name_of(dt)} must be an integer dtype")
        if size and size - 1 > int(np.iinfo(dt).max):
            raise InvalidArgumentError(f"randperm(): n={size} does not fit dtype "
                                       f"{D.name_of(dt)} (max {np.iinfo(dt).max})")
        check_device(device)
        keys = self._raw(func, size)
        return Array._new(np.argsort(keys, kind="stable").astype(dt), dt)


def _real_prob(p: object) -> float:
    if isinstance(p, builtins.bool | np.bool_) or not isinstance(
            p, int | float | np.integer | np.floating):
        raise TypeMismatchError(f"bernoulli(): p={p!r} must be a real number or an array")
    value = float(p)
    if not 0.0 <= value <= 1.0:  # also rejects NaN
        raise InvalidArgumentError(f"bernoulli(): p={p!r} must be in [0, 1]")
    return value


def _with_replacement(w: NDArray, u: NDArray, count: int) -> NDArray:
    """Inverse-CDF sampling: row r, sample j is the first i with u * total < cdf[i]."""
    rows = w.shape[0]
    out = np.empty((rows, count), np.int64)
    u = u.reshape(rows, count)
    for r in range(rows):
        cdf = np.cumsum(w[r])
        idx = np.searchsorted(cdf, u[r] * cdf[-1], side="right")
        last = int(np.flatnonzero(w[r])[-1])  # u * total can round up to total
        out[r] = np.minimum(idx, last)
    return out


def _without_replacement(w: NDArray, u: NDArray, count: int) -> NDArray:
    """Exponential race: keys -log(u) / w, the ``count`` smallest in increasing order.

    This has the law of drawing one category at a time with probability proportional
    to its weight among those not yet drawn.  Zero weights get key +inf.
    """
    rows, _ = w.shape
    keys = np.full(w.shape, np.inf)
    np.divide(-R.log(u.reshape(w.shape)), w, out=keys, where=w > 0)
    order = np.argsort(keys, axis=1, kind="stable")
    return np.ascontiguousarray(order[:, :count]).astype(np.int64).reshape(rows, count)


# -- one-shot functions ---------------------------------------------------------------
def uniform(low: float = 0.0, high: float = 1.0, shape: int | tuple[int, ...] = (), *,
            dtype: DType | None = None,
            device: Device | None = None, seed: int = 0) -> Array:
    """Array of uniform samples in [low, high) (GB/T 7.2.1.7).

    Each sample is ``low + (high - low) * u`` in float64 with u = k * 2**-53 from the
    top 53 bits of one PCG64 word, rounded once to ``dtype`` (default float64) and
    kept inside [low, high).  ``low == high`` gives ``low`` everywhere.

    Examples
    --------
    >>> xp.random.uniform(0.0, 1.0, (3,), seed=42, dtype=xp.float32)
    Array([0.77395606, 0.43887845, 0.85859793], dtype=float32)
    >>> xp.random.uniform(-1.0, 1.0, 2, seed=42, dtype=xp.bfloat16)
    Array([ 0.547, -0.122], dtype=bfloat16)
    """
    return Generator(seed).uniform(low, high, shape, dtype=dtype, device=device)


def normal(mean: float = 0.0, std: float = 1.0, shape: int | tuple[int, ...] = (), *,
           dtype: DType | None = None,
           device: Device | None = None, seed: int = 0) -> Array:
    """Array of normal samples with the given mean and standard deviation (GB/T 7.2.1.8).

    Box-Muller on pairs of PCG64 words, ``mean + std * z`` in float64, rounded once
    to ``dtype`` (default float64).

    Examples
    --------
    >>> xp.random.normal(0.0, 1.0, (3,), seed=42, dtype=xp.float32)
    Array([-1.5989268,  0.6461305, -0.6422447], dtype=float32)
    >>> xp.random.normal(10.0, 0.5, 2, seed=42)
    Array([ 9.20053658, 10.32306525], dtype=float64)
    """
    return Generator(seed).normal(mean, std, shape, dtype=dtype, device=device)


def bernoulli(p: float | Array, shape: int | tuple[int, ...] | None = None, *,
              dtype: DType | None = None,
              device: Device | None = None,
              seed: int = 0) -> Array:
    """Array of 0-1 (Bernoulli) samples, 1 with probability p (GB/T 7.2.1.9).

    ``p`` is a number in [0, 1] or a real floating array of them; ``shape``
    defaults to p's shape and p must broadcast to it.  Sample = (u < p) with u
    uniform in [0, 1), so p = 0 never and p = 1 always gives 1.  Default dtype bool.

    Examples
    --------
    >>> xp.random.bernoulli(0.5, (6,), seed=1)
    Array([False, False,  True, False,  True,  True], dtype=bool)
    >>> xp.random.bernoulli(xp.asarray([0.0, 1.0]), dtype=xp.bool)
    Array([False,  True], dtype=bool)
    """
    return Generator(seed).bernoulli(p, shape, dtype=dtype, device=device)


def multinomial(probs: Array, num_samples: int, *, replacement: bool = False,
                device: Device | None = None, seed: int = 0) -> Array:
    """int64 indices of categories drawn with weights ``probs`` (GB/T 7.2.1.10).

    ``probs`` is 1-D (k,) or 2-D (rows, k) of finite non-negative weights, not
    necessarily normalised; the result has shape (num_samples,) or
    (rows, num_samples).  Without replacement the indices of a row are distinct
    and num_samples must not exceed its number of non-zero weights.

    Examples
    --------
    >>> probs = xp.asarray([0.0, 1.0, 3.0])
    >>> xp.random.multinomial(probs, 2, seed=7)
    Array([2, 1], dtype=int64)
    >>> xp.random.multinomial(probs, 4, replacement=True, seed=7)
    Array([2, 2, 2, 1], dtype=int64)
    """
    return Generator(seed).multinomial(probs, num_samples, replacement=replacement,
                                       device=device)


def randperm(n: int, *, dtype: DType = _INT64, device: Device | None = None,
             seed: int = 0) -> Array:
    """1-D array holding a random permutation of 0, 1, ..., n-1 (GB/T 7.2.1.11).

    Examples
    --------
    >>> xp.random.randperm(5, seed=3)
    Array([0, 4, 1, 3, 2], dtype=int64)
    >>> xp.random.randperm(4, dtype=xp.int8, seed=3)
    Array([0, 1, 3, 2], dtype=int8)
    """
    return Generator(seed).randperm(n, dtype=dtype, device=device)

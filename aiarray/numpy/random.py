"""``aiarray.numpy.random``: NumPy's random API, NumPy's own streams, aiarray Arrays.

Every draw comes from NumPy's own generators, so a seeded script gives exactly
NumPy's numbers: the legacy functions (``seed``, ``rand``, ``randn``, ``randint``,
``choice``, ``shuffle``, ``normal`` ...) use NumPy's global RandomState (the same stream
as ``numpy.random``: seeding one seeds the other, as in a NumPy script), and
``default_rng(seed)``/``Generator``/``RandomState`` wrap NumPy's classes.  Arrays come
back as swap-in aiarray Arrays; Python scalars stay scalars, as in NumPy.

This differs from ``aiarray.random``, the GB/T random operators, where ``seed=0``
means "fresh entropy" (GB/T's convention) rather than the stream of seed 0.
"""

from __future__ import annotations

import inspect
import operator
import sys
import types
from collections.abc import Callable
from typing import Any

import numpy as np

from .. import _dtypes as D
from .._array import Array
from .._errors import DimensionMismatchError, InvalidArgumentError, TypeMismatchError
from .._sizes import check_object_count
from . import _convert as C
from ._boundary import guard_class, guarded, reraise

_np_random = np.random

BitGenerator = np.random.BitGenerator
MT19937 = np.random.MT19937
PCG64 = np.random.PCG64
PCG64DXSM = np.random.PCG64DXSM
Philox = np.random.Philox
SFC64 = np.random.SFC64
SeedSequence = np.random.SeedSequence
seed = guarded(np.random.seed, name="seed", module=__name__)
get_state = guarded(np.random.get_state, name="get_state", module=__name__)
set_state = guarded(np.random.set_state, name="set_state", module=__name__)
get_bit_generator = guarded(
    np.random.get_bit_generator,  # type: ignore[attr-defined]  # not in NumPy's stubs
    name="get_bit_generator", module=__name__)


@guarded
def set_bit_generator(bitgen: Any) -> None:
    """Make ``bitgen`` (a NumPy BitGenerator) the global stream's bit generator, as
    numpy.random.set_bit_generator; anything else is refused before NumPy sees it
    (NumPy would install it and then fail, leaving the global stream broken)."""
    if not isinstance(bitgen, np.random.BitGenerator):
        raise TypeMismatchError(f"set_bit_generator(bitgen={type(bitgen).__name__}): bitgen "
                                "must be a NumPy BitGenerator (PCG64, MT19937 ...)")
    np.random.set_bit_generator(bitgen)  # type: ignore[attr-defined]  # not in NumPy's stubs


def _shuffled(func: Callable[..., Any], x: Any, *args: Any, **kwargs: Any) -> None:
    """NumPy's in-place shuffle on an Array's data (complex32 through a widened copy)."""
    if type(x) is not Array:
        func(x, *args, **kwargs)
        return
    if not x._array.flags.writeable:
        raise InvalidArgumentError("shuffle(): x is read-only")
    if x._dtype is D.complex32:
        wide = C.view(x)
        func(wide, *args, **kwargs)
        x._array[...] = D.to_c32(wide)
    else:
        func(x._array, *args, **kwargs)


def _legacy_zipf(a: Any, size: Any = None) -> None:
    """NumPy's legacy zipf loops forever where 2**(a-1) overflows (a >= 1025)."""
    with np.errstate(all="ignore"):
        big = np.isinf(np.power(2.0, np.asarray(C.view(a), dtype=float) - 1.0))
    if np.any(big):
        raise InvalidArgumentError(
            "zipf(): NumPy's legacy zipf never returns for a >= 1025 (its algorithm "
            "overflows there); default_rng().zipf returns 1 for such a")


def _legacy_vonmises(mu: Any, kappa: Any, size: Any = None) -> None:
    """NumPy's legacy vonmises loops forever where its s computes as 1 (kappa > ~2e16)."""
    k = np.asarray(C.view(kappa), dtype=float)
    with np.errstate(all="ignore"):
        r = 1 + np.sqrt(1 + 4 * k * k)
        rho = (r - np.sqrt(2 * r)) / (2 * k)
        s = (1 + rho * rho) / (2 * rho)
    if np.any((k >= 1e-5) & ((s == 1.0) | np.isnan(s))):
        raise InvalidArgumentError(
            "vonmises(): NumPy's legacy vonmises never returns for kappa beyond about 2e16 "
            "(its algorithm rounds to a distribution it cannot sample); "
            "default_rng().vonmises takes any kappa")


# NumPy's legacy draws (the global stream, RandomState) -> the check that must pass first:
# for these arguments NumPy's legacy algorithm never returns.
_LEGACY_CHECKS: dict[str, Callable[..., None]] = {"zipf": _legacy_zipf,
                                                  "vonmises": _legacy_vonmises}


def _drawing(name: str) -> Callable[..., Any]:
    """NumPy's global ``numpy.random.<name>`` with Arrays in and out."""
    func = getattr(np.random, name)
    check = _LEGACY_CHECKS.get(name)

    def draw(*args: Any, **kwargs: Any) -> Any:
        try:
            if check is not None:
                check(*args, **kwargs)
            if name == "shuffle":
                return _shuffled(func, *args, **kwargs)
            return C.on_views(func, args, kwargs)
        except Exception as e:
            reraise(e, name, args, kwargs, func)

    draw.__name__ = draw.__qualname__ = name
    draw.__module__ = __name__
    draw.__wrapped__ = func  # type: ignore[attr-defined]  # (inspect reads it; not in a function's type)
    draw.__aiarray_guarded__ = True  # type: ignore[attr-defined]  # (the fuzzer's mark)
    draw.__doc__ = f"numpy.random.{name} (NumPy's global stream), giving aiarray Arrays."
    return draw


beta = _drawing("beta")
binomial = _drawing("binomial")
bytes = _drawing("bytes")
chisquare = _drawing("chisquare")
choice = _drawing("choice")
dirichlet = _drawing("dirichlet")
exponential = _drawing("exponential")
f = _drawing("f")
gamma = _drawing("gamma")
geometric = _drawing("geometric")
gumbel = _drawing("gumbel")
hypergeometric = _drawing("hypergeometric")
laplace = _drawing("laplace")
logistic = _drawing("logistic")
lognormal = _drawing("lognormal")
logseries = _drawing("logseries")
multinomial = _drawing("multinomial")
multivariate_normal = _drawing("multivariate_normal")
negative_binomial = _drawing("negative_binomial")
noncentral_chisquare = _drawing("noncentral_chisquare")
noncentral_f = _drawing("noncentral_f")
normal = _drawing("normal")
pareto = _drawing("pareto")
permutation = _drawing("permutation")
poisson = _drawing("poisson")
power = _drawing("power")
rand = _drawing("rand")
randint = _drawing("randint")
randn = _drawing("randn")
random = _drawing("random")
random_integers = _drawing("random_integers")
random_sample = _drawing("random_sample")
ranf = _drawing("ranf")
rayleigh = _drawing("rayleigh")
sample = _drawing("sample")
shuffle = _drawing("shuffle")
standard_cauchy = _drawing("standard_cauchy")
standard_exponential = _drawing("standard_exponential")
standard_gamma = _drawing("standard_gamma")
standard_normal = _drawing("standard_normal")
standard_t = _drawing("standard_t")
triangular = _drawing("triangular")
uniform = _drawing("uniform")
vonmises = _drawing("vonmises")
wald = _drawing("wald")
weibull = _drawing("weibull")
zipf = _drawing("zipf")


def _method(name: str) -> Callable[..., Any]:
    """The wrapped object's method ``name`` with Arrays in and out."""
    check = _LEGACY_CHECKS.get(name)

    def call(self: Any, *args: Any, **kwargs: Any) -> Any:
        func = getattr(self._np, name)
        try:
            if check is not None and isinstance(self._np, np.random.RandomState):
                check(*args, **kwargs)
            if name == "shuffle":
                return _shuffled(func, *args, **kwargs)
            if name == "permuted" and type(kwargs.get("out")) is Array:
                return _permuted_into(func, *args, **kwargs)
            return C.on_views(func, args, kwargs)
        except Exception as e:
            reraise(e, name, args, kwargs, func)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"NumPy's {name} (its own stream), giving aiarray Arrays."
    call.__aiarray_guarded__ = True  # type: ignore[attr-defined]  # (the fuzzer's mark)
    return call


def _permuted_into(func: Callable[..., Any], x: Any, *args: Any, out: Array,
                   **kwargs: Any) -> Array:
    """``Generator.permuted(x, out=Array)``: NumPy's permutation of ``x`` (the same draws
    as without ``out``), written into ``out`` only once it succeeded."""
    res = C.on_views(func, (x, *args), kwargs)
    if getattr(res, "shape", None) != out.shape:
        raise DimensionMismatchError(
            f"permuted(): out has shape {out.shape}, x has shape {getattr(res, 'shape', ())}")
    return C.into(res, out, "permuted", casting="safe")


def _signatures(np_class: type) -> Callable[[type], type]:
    """Class decorator: the ``_method`` methods get the signatures of ``np_class``'s."""

    def decorate(cls: type) -> type:
        for name, attr in vars(cls).items():
            if getattr(attr, "__qualname__", None) == name and hasattr(np_class, name):
                try:
                    attr.__signature__ = inspect.signature(getattr(np_class, name))
                except (TypeError, ValueError):  # a method NumPy gives no signature
                    pass
        return cls

    return decorate


@guard_class
@_signatures(np.random.Generator)
class Generator:
    """NumPy's ``numpy.random.Generator`` (same streams), drawing aiarray Arrays."""

    def __init__(self, bit_generator: Any) -> None:
        if isinstance(bit_generator, np.random.Generator):
            self._np = bit_generator
        else:
            self._np = np.random.Generator(bit_generator)

    @property
    def bit_generator(self) -> Any:
        """The bit generator (NumPy's object)."""
        return self._np.bit_generator

    def spawn(self, n_children: int) -> list[Generator]:
        """Independent child generators (NumPy's spawn; a count whose generators this
        machine's memory cannot hold is refused first, as aiarray.random's)."""
        count = operator.index(n_children)
        bg = self._np.bit_generator
        each = sum(sys.getsizeof(o) for o in (self, self._np, bg, bg.seed_seq))
        check_object_count(count, each, "Generator.spawn", "generators")
        return [Generator(g) for g in self._np.spawn(count)]

    def __repr__(self) -> str:
        return f"Generator({type(self._np.bit_generator).__name__})"

    def __getstate__(self) -> Any:
        return self._np

    def __setstate__(self, state: Any) -> None:
        self._np = state

    beta = _method("beta")
    binomial = _method("binomial")
    bytes = _method("bytes")
    chisquare = _method("chisquare")
    choice = _method("choice")
    dirichlet = _method("dirichlet")
    exponential = _method("exponential")
    f = _method("f")
    gamma = _method("gamma")
    geometric = _method("geometric")
    gumbel = _method("gumbel")
    hypergeometric = _method("hypergeometric")
    integers = _method("integers")
    laplace = _method("laplace")
    logistic = _method("logistic")
    lognormal = _method("lognormal")
    logseries = _method("logseries")
    multinomial = _method("multinomial")
    multivariate_hypergeometric = _method("multivariate_hypergeometric")
    multivariate_normal = _method("multivariate_normal")
    negative_binomial = _method("negative_binomial")
    noncentral_chisquare = _method("noncentral_chisquare")
    noncentral_f = _method("noncentral_f")
    normal = _method("normal")
    pareto = _method("pareto")
    permutation = _method("permutation")
    permuted = _method("permuted")
    poisson = _method("poisson")
    power = _method("power")
    random = _method("random")
    rayleigh = _method("rayleigh")
    shuffle = _method("shuffle")
    standard_cauchy = _method("standard_cauchy")
    standard_exponential = _method("standard_exponential")
    standard_gamma = _method("standard_gamma")
    standard_normal = _method("standard_normal")
    standard_t = _method("standard_t")
    triangular = _method("triangular")
    uniform = _method("uniform")
    vonmises = _method("vonmises")
    wald = _method("wald")
    weibull = _method("weibull")
    zipf = _method("zipf")


@guarded
def default_rng(seed: Any = None) -> Generator:
    """A Generator over NumPy's default bit generator (PCG64), as numpy.random.default_rng."""
    if isinstance(seed, Generator):
        return seed
    return Generator(np.random.default_rng(seed))


@guard_class
@_signatures(np.random.RandomState)
class RandomState:
    """NumPy's legacy ``numpy.random.RandomState`` (same streams), drawing aiarray Arrays."""

    def __init__(self, seed: Any = None) -> None:
        self._np = seed if isinstance(seed, np.random.RandomState) else \
            np.random.RandomState(seed)

    def __repr__(self) -> str:
        return f"RandomState({type(self._np._bit_generator).__name__})"

    def seed(self, seed: Any = None) -> None:
        """Reseed the stream."""
        self._np.seed(seed)

    def get_state(self, legacy: bool = True) -> Any:
        """The generator's state (NumPy's form)."""
        return self._np.get_state(legacy)  # type: ignore[call-overload]  # stubs: literal legacy

    def set_state(self, state: Any) -> None:
        """Restore a state from get_state."""
        self._np.set_state(state)

    beta = _method("beta")
    binomial = _method("binomial")
    bytes = _method("bytes")
    chisquare = _method("chisquare")
    choice = _method("choice")
    dirichlet = _method("dirichlet")
    exponential = _method("exponential")
    f = _method("f")
    gamma = _method("gamma")
    geometric = _method("geometric")
    gumbel = _method("gumbel")
    hypergeometric = _method("hypergeometric")
    laplace = _method("laplace")
    logistic = _method("logistic")
    lognormal = _method("lognormal")
    logseries = _method("logseries")
    multinomial = _method("multinomial")
    multivariate_normal = _method("multivariate_normal")
    negative_binomial = _method("negative_binomial")
    noncentral_chisquare = _method("noncentral_chisquare")
    noncentral_f = _method("noncentral_f")
    normal = _method("normal")
    pareto = _method("pareto")
    permutation = _method("permutation")
    poisson = _method("poisson")
    power = _method("power")
    rand = _method("rand")
    randint = _method("randint")
    randn = _method("randn")
    random = _method("random")
    random_integers = _method("random_integers")
    random_sample = _method("random_sample")
    rayleigh = _method("rayleigh")
    shuffle = _method("shuffle")
    standard_cauchy = _method("standard_cauchy")
    standard_exponential = _method("standard_exponential")
    standard_gamma = _method("standard_gamma")
    standard_normal = _method("standard_normal")
    standard_t = _method("standard_t")
    tomaxint = _method("tomaxint")
    triangular = _method("triangular")
    uniform = _method("uniform")
    vonmises = _method("vonmises")
    wald = _method("wald")
    weibull = _method("weibull")
    zipf = _method("zipf")


__all__ = [
    'BitGenerator', 'Generator', 'MT19937', 'PCG64', 'PCG64DXSM', 'Philox', 'RandomState',
    'SFC64', 'SeedSequence', 'beta', 'binomial', 'bytes', 'chisquare', 'choice', 'default_rng',
    'dirichlet', 'exponential', 'f', 'gamma', 'geometric', 'get_bit_generator', 'get_state',
    'gumbel', 'hypergeometric', 'laplace', 'logistic', 'lognormal', 'logseries', 'multinomial',
    'multivariate_normal', 'negative_binomial', 'noncentral_chisquare', 'noncentral_f',
    'normal', 'pareto', 'permutation', 'poisson', 'power', 'rand', 'randint', 'randn',
    'random', 'random_integers', 'random_sample', 'ranf', 'rayleigh', 'sample', 'seed',
    'set_bit_generator', 'set_state', 'shuffle', 'standard_cauchy', 'standard_exponential',
    'standard_gamma', 'standard_normal', 'standard_t', 'triangular', 'uniform', 'vonmises',
    'wald', 'weibull', 'zipf',
]


# numpy.random.mtrand, NumPy's legacy module (``from numpy.random import mtrand``;
# ``mtrand.RandomState``, ``mtrand.rand``, ``mtrand._rand``): the same names over the
# same global stream, drawing aiarray Arrays.
mtrand = types.ModuleType(f"{__name__}.mtrand", "NumPy's legacy random module on "
                          "aiarray.numpy: RandomState and the legacy functions, drawing "
                          "from NumPy's global stream (as numpy.random.mtrand).")
mtrand.__dict__.update({n: globals()[n] for n in dir(np.random.mtrand)
                        if not n.startswith("_") and n in __all__})
mtrand._rand = RandomState(np.random.mtrand._rand)  # type: ignore[attr-defined]  # the stream
sys.modules[mtrand.__name__] = mtrand  # (``import aiarray.numpy.random.mtrand`` finds it)

from ._status import not_served_getattr  # noqa: E402

__getattr__ = not_served_getattr("random")

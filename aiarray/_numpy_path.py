"""The NumPy path: one callable per elementwise op, over same-dtype ndarrays.

Inputs arrive already promoted and widened (bf16 -> f32, c32 -> c64); each
function returns an ndarray.  Where NumPy's loop disagrees with the standard's
special cases, the fix-up lives here and only here.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

import numpy as np

from ._errors import InvalidArgumentError
from ._typing import NDArray

_T = TypeVar("_T")


class _Run(Protocol):
    """``Context.run``'s form: ``run(func, *args, **kwargs)`` gives what ``func`` gives."""

    def __call__(self, func: Callable[..., _T], /, *args: Any, **kwargs: Any) -> _T: ...


try:  # NumPy >= 2: floating-point error state is a context variable.
    from numpy._core import _ufunc_config as _uc
    from numpy._core import umath as _umath

    _EXTOBJ: contextvars.ContextVar[object] = (
        _uc._extobj_contextvar)  # type: ignore[attr-defined]  # NumPy's private name, not in its stubs
    _QUIET: object = _umath._make_extobj(all="ignore")
    quiet_enter: Callable[[object], object] = _EXTOBJ.set
    quiet_exit: Callable[[Any], None] = _EXTOBJ.reset

    # A context holding only the silenced state: entering it (``Context.run``, ~15 ns)
    # is far cheaper than setting and resetting the variable (~110 ns).  A context can
    # be entered by one thread at a time and not twice; ``quiet_run`` then raises
    # RuntimeError before calling anything, and ``quiet`` falls back to set/reset.
    _QUIET_CONTEXT = contextvars.Context()
    _QUIET_CONTEXT.run(_EXTOBJ.set, _QUIET)
    quiet_run: _Run = _QUIET_CONTEXT.run

    def quiet_here(func: Callable[..., _T], *args: object, **kwargs: object) -> _T:
        """``quiet`` in the caller's own context, for a call that can run the caller's code
        (an object's ``__array__``): that code sees the caller's context variables (its
        ``promotion_policy`` block), and what it sets stays in its own thread."""
        token = _EXTOBJ.set(_QUIET)
        try:
            return func(*args, **kwargs)
        finally:
            _EXTOBJ.reset(token)

    def quiet(func: Callable[..., _T], *args: object, **kwargs: object) -> _T:
        """Call ``func`` with NumPy's floating-point warnings silenced (IEEE results)."""
        try:
            return quiet_run(func, *args, **kwargs)
        except RuntimeError as e:
            if not str(e).startswith("cannot enter context"):
                raise
        return quiet_here(func, *args, **kwargs)  # the context is busy: nested, or in use

except (ImportError, AttributeError):  # pragma: no cover - older NumPy
    _QUIET = None

    def quiet_enter(_: object) -> object:
        """Enter NumPy's silenced floating-point state; returns a token for quiet_exit."""
        state = np.errstate(all="ignore")
        state.__enter__()
        return state

    def quiet_exit(state: Any) -> None:
        """Leave the state entered by quiet_enter (an ``np.errstate``)."""
        state.__exit__(None, None, None)

    def quiet(func: Callable[..., _T], *args: object, **kwargs: object) -> _T:
        """Call ``func`` with NumPy's floating-point warnings silenced (IEEE results)."""
        with np.errstate(all="ignore"):
            return func(*args, **kwargs)

    quiet_run = quiet_here = quiet


def floor_divide(x1: NDArray, x2: NDArray) -> NDArray:
    """Floor division; for floats the standard's ±inf special cases, i.e. floor(x1 / x2)."""
    out = np.floor_divide(x1, x2)
    if x1.dtype.kind == "f":
        special = ~(np.isfinite(x1) & np.isfinite(x2))
        if special.any():
            out = np.where(special, np.floor(np.divide(x1, x2)), out)
    return out


def expm1(x: NDArray) -> NDArray:
    """exp(x) - 1; complex input accurate near 0 and with the standard's special cases."""
    if x.dtype.kind != "c":
        return np.expm1(x)
    re, im = x.real, x.imag
    out = np.empty(x.shape, x.dtype)
    # expm1(a+bi) = expm1(a) cos b - 2 sin^2(b/2)  +  i exp(a) sin b
    out.real = np.expm1(re) * np.cos(im) - 2.0 * np.sin(im / 2) ** 2
    out.imag = np.where(im == 0, im, np.exp(re) * np.sin(im))
    special = ~(np.isfinite(re) & np.isfinite(im))
    if special.any():  # exp() follows C99 Annex G; subtracting 1 moves the real part only
        e = np.exp(x)
        out.real = np.where(special, e.real - 1, out.real)
        out.imag = np.where(special, e.imag, out.imag)
    zero = (re == 0) & (im == 0)
    out.real = np.where(zero, 0.0, out.real)
    return out


def tanh(x: NDArray) -> NDArray:
    """tanh; complex tanh(±inf + bj) for finite b is ±1 with the sign of b on the zero."""
    out = np.tanh(x)
    if x.dtype.kind == "c":
        edge = np.isinf(x.real) & np.isfinite(x.imag)
        if edge.any():
            out = np.asarray(out)
            out.imag = np.where(edge, np.copysign(0.0, x.imag), out.imag)
    return out


def power(x1: NDArray, x2: NDArray | complex) -> NDArray:
    """x1 ** x2; NumPy's sqrt shortcut for a scalar exponent 0.5 gets the standard's results."""
    out = np.power(x1, x2)
    if x1.dtype.kind == "f" and np.ndim(x2) == 0 and x2 == 0.5:
        # sqrt(-inf) is NaN and sqrt(-0) is -0; pow(-inf, 0.5) is +inf and pow(-0, 0.5) is +0
        out = np.where(x1 == -np.inf, np.inf, np.where(x1 == 0, 0.0, out)).astype(x1.dtype)
    return out


def log1p(x: NDArray) -> NDArray:
    """log(1 + x); complex input stays accurate for tiny |x|."""
    if x.dtype.kind != "c":
        return np.log1p(x)
    re, im = x.real, x.imag
    out = np.empty(x.shape, x.dtype)
    # log|1+z| = 0.5 * log1p(2a + a^2 + b^2), arg(1+z) = atan2(b, 1 + a)
    out.real = 0.5 * np.log1p(re * (2 + re) + im * im)
    out.imag = np.arctan2(im, 1 + re)
    special = ~(np.isfinite(re) & np.isfinite(im)) | (np.abs(x) > 0.5)
    if special.any():  # away from 0 (and at non-finite values) log(1 + z) is exact enough
        out = np.where(special, np.log1p(x), out)
    return out


def keep_integers(func: Callable[[NDArray], NDArray]) -> Callable[[NDArray], NDArray]:
    """ceil/floor/trunc/round: integer and bool inputs come back unchanged (a copy)."""

    def impl(x: NDArray) -> NDArray:
        return x.copy() if x.dtype.kind in "iub" else func(x)

    impl.__name__ = func.__name__
    return impl


def logical(func: Callable[..., NDArray]) -> Callable[..., NDArray]:
    """Logical ops accept numeric input (GB/T 7.2.6): zero is False, non-zero is True."""

    def impl(*args: NDArray) -> NDArray:
        return func(*(a if a.dtype.kind == "b" else a != 0 for a in args))

    impl.__name__ = func.__name__
    return impl


def reciprocal(x: NDArray) -> NDArray:
    """1 / x in x's dtype."""
    return np.divide(np.ones((), x.dtype), x)


def divide_intrinsic(x1: NDArray, x2: NDArray) -> NDArray:
    """x1 * (1 / x2) in the inputs' dtype: the fast, not correctly rounded form."""
    return np.multiply(x1, np.divide(np.ones((), x2.dtype), x2))


def shift(func: Callable[[NDArray, NDArray], NDArray]) -> Callable[[NDArray, NDArray], NDArray]:
    """Bit shifts; a shift of the bit width or more gives 0 (or -1 for >> of negatives)."""

    def impl(x1: NDArray, x2: NDArray) -> NDArray:
        if x2.dtype.kind == "i" and (x2 < 0).any():
            raise InvalidArgumentError(
                f"{func.__name__}: shift amounts x2 must be non-negative, got {x2.min()}"
            )
        bits = x1.dtype.itemsize * 8
        big = x2 >= bits
        if not big.any():
            return func(x1, x2)
        out = func(x1, np.where(big, 0, x2).astype(x2.dtype))
        fill = np.where(x1 < 0, -1, 0) if func is np.right_shift else 0
        return np.where(big, np.asarray(fill).astype(x1.dtype), out)

    impl.__name__ = func.__name__
    return impl

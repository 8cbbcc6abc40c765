"""NumPy's print options in the swap-in: NumPy's own settings, each option checked first.

NumPy's ``set_printoptions`` stores some values it cannot print with: ``legacy=True``
(it only warns) leaves ``get_printoptions`` raising KeyError and every array printing
in 1.13 style; ``linewidth='x'`` or ``formatter=[]`` make every later ``repr`` raise;
an array given as ``linewidth`` is changed in place by NumPy's printing
(``linewidth -= len(suffix)``).  Here every option is checked against NumPy's
documented type before NumPy sees it (an Array given for a number is read as its
Python value), and settings NumPy cannot read back are refused, the old settings
kept.  The settings themselves are NumPy's (one set per thread/context, as in NumPy),
which aiarray's printing honours too.
"""

from __future__ import annotations

import contextlib
import numbers
import operator
from collections.abc import Iterator
from typing import Any

import numpy as np

from .._array import Array
from .._errors import InvalidArgumentError, TypeMismatchError
from ._boundary import guarded

_INTS = ("precision", "edgeitems", "linewidth", "max_line_width")
_STRS = ("nanstr", "infstr", "sign", "floatmode", "separator", "prefix", "suffix")
_BOOLS = ("suppress", "suppress_small")


def checked(func: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` (NumPy's print options by name) checked; None means "as set"."""
    out: dict[str, Any] = {}
    for name, value in options.items():
        if value is None:
            out[name] = None
            continue
        if type(value) is Array:
            value = _python_value(func, name, value)
        if name in _INTS:
            try:
                value = operator.index(value)
            except TypeError:
                raise TypeMismatchError(f"{func}(): {name}={value!r} must be an integer") \
                    from None
        elif name == "threshold" and (not isinstance(value, numbers.Real) or value != value):
            raise TypeMismatchError(f"{func}(): threshold={value!r} must be a number (not "
                                    "NaN; sys.maxsize prints every element)")
        elif name in _STRS and not isinstance(value, str):
            raise TypeMismatchError(f"{func}(): {name}={value!r} must be a str")
        elif name in _BOOLS and not isinstance(value, bool | np.bool_ | numbers.Integral):
            raise TypeMismatchError(f"{func}(): {name}={value!r} must be a bool")
        elif name == "formatter" and not isinstance(value, dict):
            raise TypeMismatchError(f"{func}(): formatter={value!r} must be a dict of "
                                    "callables by kind ('float', 'int', 'all' ...)")
        elif name == "legacy" and value is not False and not isinstance(value, str):
            raise TypeMismatchError(f"{func}(): legacy={value!r} must be False or a NumPy "
                                    "version string such as '1.13'")
        elif name == "override_repr" and not callable(value):
            raise TypeMismatchError(f"{func}(): override_repr={value!r} must be callable")
        out[name] = value
    return out


def _python_value(func: str, name: str, value: Array) -> Any:
    if value.ndim:
        raise TypeMismatchError(f"{func}(): {name} is an array of shape {value.shape}; it "
                                "takes one value")
    return value._array.item()


def _set(func: str, options: dict[str, Any]) -> None:
    """NumPy's set_printoptions with checked ``options``; refused (the settings kept)
    when NumPy cannot read the new settings back."""
    options = checked(func, options)
    before = np.get_printoptions()
    np.set_printoptions(**options)
    try:
        np.get_printoptions()
    except Exception as e:  # e.g. a legacy string NumPy only warned about
        np.set_printoptions(**before)
        given = ", ".join(f"{k}={v!r}" for k, v in options.items() if v is not None)
        raise InvalidArgumentError(f"{func}({given}): NumPy cannot read these options "
                                   f"back ({e!r}); the settings are unchanged") from None


@guarded
def set_printoptions(precision: Any = None, threshold: Any = None, edgeitems: Any = None,
                     linewidth: Any = None, suppress: Any = None, nanstr: Any = None,
                     infstr: Any = None, formatter: Any = None, sign: Any = None,
                     floatmode: Any = None, *, legacy: Any = None,
                     override_repr: Any = None) -> None:
    """NumPy's set_printoptions (each option checked; see the module docstring)."""
    _set("set_printoptions", {
        "precision": precision, "threshold": threshold, "edgeitems": edgeitems,
        "linewidth": linewidth, "suppress": suppress, "nanstr": nanstr, "infstr": infstr,
        "formatter": formatter, "sign": sign, "floatmode": floatmode, "legacy": legacy,
        "override_repr": override_repr})


@guarded
def get_printoptions() -> dict[str, Any]:
    """NumPy's current print options."""
    return dict(np.get_printoptions())


@guarded
@contextlib.contextmanager
def printoptions(*args: Any, **kwargs: Any) -> Iterator[dict[str, Any]]:
    """Print options for a ``with`` block (checked as set_printoptions), restored after."""
    before = np.get_printoptions()
    set_printoptions(*args, **kwargs)
    try:
        yield dict(np.get_printoptions())
    finally:
        np.set_printoptions(**before)

"""The fuzzer's rules as data (tests/fuzz.py reads them; docs/reliability.md explains them).

- ``WRITES``: the calls that may change an argument when they succeed, because NumPy's
  API says they write there (``out=``, the in-place functions and methods), each with
  its reason.  Any other change of an argument, and any change by a call that
  raised, is a violation.
- ``STATE``: the process-wide settings a call could change (NumPy's error handling,
  print options and global random stream, aiarray's policies, threads and backend).
  The fuzzer restores them after every call, so one call never changes the next;
  ``CHANGES_STATE`` lists the calls that change a setting by design (a ``set*``
  function, a draw from NumPy's global stream), and any other change is a violation.
- ``WORK``: parameters whose value sets how much work NumPy's own algorithm does (the
  order of a polynomial's integration): drawn from small values, with the reason.
- ``ANSWERS``: exceptions that are a call's documented answer, not an error
  (``aiarray.numpy.testing``'s assertions raise AssertionError for unequal values).
- ``NUMPY_OWN``: public names served as NumPy's (or Python's) very class, so
  ``isinstance``, ``dtype=np.float64`` and subclassing work: calling one runs NumPy's
  own constructor, no aiarray code, and its exceptions are NumPy's (the fuzzer still
  requires an untouched input, no crash and no hang).
- ``EXCLUDED``: public callables the fuzzer does not call, each with the reason.

Patterns are ``fnmatch`` patterns over target names (``aiarray.numpy.random.seed``,
``aiarray.numpy.add.at``, ``NumpyArray.fill``).
"""

from __future__ import annotations

import fnmatch
import inspect
import pickle
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


def _truthy(flag: Any) -> bool:
    """``bool(flag)`` as the called function reads it; False where that raises (the call
    then fails before it writes)."""
    try:
        return bool(flag)
    except Exception:
        return False


@dataclass(frozen=True)
class Writes:
    """A successful call of a matching target may write the arguments ``params`` (and
    what shares their memory); ``when`` (on the bound arguments) limits it."""

    params: tuple[str, ...]
    reason: str
    when: Callable[[dict[str, Any]], bool] | None = None


_OUT = Writes(("out",), "NumPy's out= parameter: the result is written into out")

WRITES: dict[str, Writes] = {
    # every target with an ``out`` parameter (``_OUT``) is matched by parameter name
    "aiarray.numpy.copyto": Writes(("dst",), "copies src into dst"),
    "aiarray.numpy.put": Writes(("a",), "writes values into a at indices"),
    "aiarray.numpy.put_along_axis": Writes(("arr",), "writes values into arr"),
    "aiarray.numpy.putmask": Writes(("a",), "writes values into a where mask is true"),
    "aiarray.numpy.place": Writes(("arr",), "writes vals into arr where mask is true"),
    "aiarray.numpy.fill_diagonal": Writes(("a",), "writes val on a's diagonal"),
    "aiarray.numpy.*.at": Writes(("a",), "ufunc.at: the unbuffered in-place operation on a"),
    "aiarray.numpy.random.shuffle": Writes(("x",), "shuffles x in place"),
    "aiarray.numpy.random.*.shuffle": Writes(("x",), "shuffles x in place"),
    "aiarray.numpy.nan_to_num": Writes(
        ("x",), "copy=False replaces NaN and infinities in x itself",
        when=lambda bound: not bound.get("copy", True)),
    "aiarray.numpy.*median": Writes(
        ("a",), "overwrite_input=True lets NumPy partially sort a in place",
        when=lambda bound: _truthy(bound.get("overwrite_input", False))),
    "aiarray.numpy.*percentile": Writes(
        ("a",), "overwrite_input=True lets NumPy partially sort a in place",
        when=lambda bound: _truthy(bound.get("overwrite_input", False))),
    "aiarray.numpy.*quantile": Writes(
        ("a",), "overwrite_input=True lets NumPy partially sort a in place",
        when=lambda bound: _truthy(bound.get("overwrite_input", False))),
}


def writes_for(name: str, params: tuple[inspect.Parameter, ...]) -> list[Writes]:
    """The WRITES entries of the target ``name`` (``out`` by its parameter's name)."""
    found = [w for pattern, w in WRITES.items() if fnmatch.fnmatchcase(name, pattern)]
    if any(p.name == "out" for p in params):
        found.append(_OUT)
    return found


# -- process-wide state ---------------------------------------------------------------------
def _numpy_random() -> Any:
    import numpy as np

    bg = np.random.get_bit_generator()
    return bg, pickle.dumps(bg.state)


def _set_numpy_random(saved: Any) -> None:
    import numpy as np

    bg, state = saved
    np.random.set_bit_generator(bg)
    bg.state = pickle.loads(state)


def _use_unicode() -> bool:
    import numpy as np

    return np.polynomial._polybase.ABCPolyBase._use_unicode


def _set_use_unicode(value: bool) -> None:
    import numpy as np

    np.polynomial._polybase.ABCPolyBase._use_unicode = value


def _np(name: str) -> Callable[..., Any]:
    def call(*args: Any, **kwargs: Any) -> Any:
        import numpy as np

        return getattr(np, name)(*args, **kwargs)

    return call


def _aa(module: str, name: str) -> Callable[..., Any]:
    def call(*args: Any) -> Any:
        import importlib

        return getattr(importlib.import_module(module), name)(*args)

    return call


# name -> (read it, restore it)
STATE: dict[str, tuple[Callable[[], Any], Callable[[Any], Any]]] = {
    "NumPy's floating-point error handling": (_np("geterr"), lambda s: _np("seterr")(**s)),
    "NumPy's floating-point error callback": (_np("geterrcall"), _np("seterrcall")),
    "NumPy's ufunc buffer size": (_np("getbufsize"), _np("setbufsize")),
    "NumPy's print options": (_np("get_printoptions"),
                              lambda s: _np("set_printoptions")(**s)),
    "NumPy's global random stream": (_numpy_random, _set_numpy_random),
    "NumPy's polynomial print style": (_use_unicode, _set_use_unicode),
    "aiarray's promotion policy": (_aa("aiarray", "get_promotion_policy"),
                                   _aa("aiarray", "set_promotion_policy")),
    "aiarray.numpy's promotion policy": (_aa("aiarray.numpy", "get_promotion_policy"),
                                         _aa("aiarray.numpy", "set_promotion_policy")),
    "aiarray's thread count": (_aa("aiarray", "get_num_threads"),
                               _aa("aiarray", "set_num_threads")),
    "aiarray's backend": (_aa("aiarray", "get_backend"), _aa("aiarray", "set_backend")),
}

_RANDOM = "NumPy's global random stream"


def _global_stream(obj: Any) -> bool:
    """Whether ``obj`` serves a method of NumPy's global RandomState (a legacy draw,
    ``seed``, ``set_state``) or sets its bit generator."""
    import numpy as np

    func = inspect.unwrap(obj)
    return getattr(func, "__self__", None) is np.random.mtrand._rand or (
        getattr(func, "__module__", "") == "numpy.random" and not inspect.isclass(func))


# target pattern -> (the settings it changes by design, why, and which targets of the
# pattern: all, or those the predicate accepts)
CHANGES_STATE: dict[str, tuple[tuple[str, ...], str, Callable[[Any], bool] | None]] = {
    "aiarray.numpy.seterr": (("NumPy's floating-point error handling",), "its purpose", None),
    "aiarray.numpy.seterrcall": (("NumPy's floating-point error callback",), "its purpose",
                                 None),
    "aiarray.numpy.setbufsize": (("NumPy's ufunc buffer size",), "its purpose", None),
    "aiarray.numpy.set_printoptions": (("NumPy's print options",), "its purpose", None),
    "aiarray.numpy.polynomial.set_default_printstyle": (("NumPy's polynomial print style",),
                                                        "its purpose", None),
    "aiarray.set_promotion_policy": (("aiarray's promotion policy",), "its purpose", None),
    "aiarray.numpy.set_promotion_policy": (("aiarray.numpy's promotion policy",),
                                           "its purpose", None),
    "aiarray.set_num_threads": (("aiarray's thread count",), "its purpose", None),
    "aiarray.set_backend": (("aiarray's backend",), "its purpose", None),
    "aiarray.numpy.random.*": ((_RANDOM,), "NumPy's legacy random functions draw from, seed "
                               "or set NumPy's global stream, as in NumPy", _global_stream),
}


class Unreadable:
    """A setting that could not be read (a call left it broken): never equal to a value."""

    def __init__(self, error: BaseException) -> None:
        self.error = f"{type(error).__name__}: {error}"

    def __eq__(self, other: object) -> bool:
        return False

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<unreadable: {self.error}>"


def _read(read: Callable[[], Any]) -> Any:
    try:
        return read()
    except Exception as e:  # reported as a changed (broken) setting
        return Unreadable(e)


def state() -> dict[str, Any]:
    """The current value of every process-wide setting in STATE."""
    return {name: _read(read) for name, (read, _) in STATE.items()}


def restore(saved: dict[str, Any]) -> None:
    """Put every setting that changed since ``saved`` was read back to it."""
    for name in changed_state(saved, state()):
        if not isinstance(saved[name], Unreadable):
            STATE[name][1](saved[name])


def changed_state(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """The settings that differ between two ``state()`` readings."""
    return [name for name in STATE if not _same(before[name], after[name])]


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(x is y or _same(x, y) for x, y in zip(a, b))
    try:
        return bool(a == b)
    except Exception:  # values NumPy cannot compare are compared by identity
        return a is b


def may_change_state(name: str, obj: Any) -> set[str]:
    """The settings the target ``name`` (calling ``obj``) changes by design."""
    out: set[str] = set()
    for pattern, (names, _, which) in CHANGES_STATE.items():
        if fnmatch.fnmatchcase(name, pattern) and (which is None or which(obj)):
            out.update(names)
    return out


# -- exceptions that are a call's answer ------------------------------------------------------
ANSWERS: dict[str, tuple[tuple[type[BaseException], ...], str]] = {
    "aiarray.numpy.testing.*": ((AssertionError,), "numpy.testing's assertions answer "
                                "unequal values with AssertionError, as in NumPy"),
}


def answers(name: str) -> tuple[type[BaseException], ...]:
    """The exception classes that are the target ``name``'s documented answer."""
    return tuple(t for pattern, (types, _) in ANSWERS.items()
                 if fnmatch.fnmatchcase(name, pattern) for t in types)


# -- NumPy's own classes -----------------------------------------------------------------------
NUMPY_OWN = ("NumPy's (or Python's) own class, served as the very same object: isinstance, "
             "dtype=, subclassing and NumPy's scalars need the class itself, so calling it "
             "runs NumPy's constructor and no aiarray code; its exceptions are NumPy's "
             "(e.g. numpy.float64([[1], [1, 2]]) raises NumPy's ValueError, without a "
             "GB/T status; BitGenerator() NumPy's NotImplementedError)")


def numpy_own(obj: Any) -> bool:
    """Whether ``obj`` is a class of NumPy's or Python's library served as itself."""
    top = getattr(obj, "__module__", "").partition(".")[0]
    return inspect.isclass(obj) and (top == "numpy" or top in sys.stdlib_module_names)


# -- arguments that set how much work NumPy does -----------------------------------------------
# target pattern -> (parameters drawn from small ints only, why)
WORK: dict[str, tuple[tuple[str, ...], str]] = {
    "aiarray.numpy.polyint": (("m",), "NumPy integrates m times, each step as long as the "
                              "result (m**2 work, as in NumPy): m=10**5 takes an hour"),
    "aiarray.numpy.polynomial.*.*int": (("m",), "as polyint"),
    "aiarray.numpy.polynomial.*.integ": (("m",), "as polyint"),
    "aiarray.numpy.poly1d.integ": (("m",), "as polyint"),
}


def small_params(name: str) -> frozenset[str]:
    """The parameters of the target ``name`` drawn from small ints (WORK)."""
    return frozenset(p for pattern, (params, _) in WORK.items()
                     if fnmatch.fnmatchcase(name, pattern) for p in params)


# -- not fuzzed --------------------------------------------------------------------------------
_STATIC_TYPE = ("a name for annotations (aiarray.typing), not an operation: calling it makes "
                "the Python or NumPy object it stands for (aiarray.typing.Array is aiarray.Array, "
                "fuzzed as Array)")
EXCLUDED: dict[str, str] = {
    f"aiarray.typing.{name}": _STATIC_TYPE
    for name in ("Array", "BinaryFunction", "DType", "Device", "TypedScalar", "UnaryFunction")
}

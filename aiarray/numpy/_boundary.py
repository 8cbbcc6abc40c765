"""The one place where errors leave ``aiarray.numpy``: NumPy's exceptions as aiarray's.

Every public callable of the swap-in namespace and its submodules is guarded here
(``guarded`` for functions, ``guard_class`` for the methods of its classes; the
ufuncs' calls and the NumPy-on-views layer call ``public_error`` themselves).  An
exception NumPy (or Python, inside NumPy's code or aiarray's) raises for a bad
argument leaves as an exception that is, at once:

- the class NumPy raised (``except ValueError``, ``except FileNotFoundError``,
  ``except numpy.exceptions.DTypePromotionError`` keep working, and the swap-in's
  doctests compare exception types with NumPy's);
- one of aiarray's classes, so one of the six standard types (TypeError, ValueError,
  IndexError, OverflowError, ZeroDivisionError, MemoryError) with a GB/T ``.status``
  (``_OURS`` below: an AttributeError from NumPy's code meeting an object of the
  wrong type is also a TypeError, a KeyError a ValueError, an OSError or a
  RuntimeError about an argument a ValueError);
- with a message that names the public function, and the argument where the error
  says which (an AttributeError of one argument, a KeyError of one argument's value).

Left as they are: aiarray's own exceptions (they already follow the rule), warnings
turned into errors, ``FloatingPointError`` (asked for with ``seterr``/``errstate``),
``AssertionError`` (the answer of ``aiarray.numpy.testing``'s assertions), and any
exception raised in the caller's own code (a callback such as ``apply_along_axis``'s
function, or an argument's own ``__index__``/``__array__``): the caller's exception
is the caller's to handle, unchanged.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import sys
import typing
from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np

from .._errors import (
    AiarrayError,
    AllocationError,
    InvalidArgumentError,
    OutOfRangeError,
    ScalarOverflowError,
    TypeMismatchError,
    message,
)
from .._errors import AxisError as _AxisError
from ._scalars import public as public_result

_F = TypeVar("_F", bound=Callable[..., Any])
_C = TypeVar("_C", bound=type)


class AxisError(_AxisError, np.exceptions.AxisError):
    """An axis out of range: aiarray's AxisError (a ValueError and an IndexError with a
    GB/T status) that is NumPy's ``numpy.exceptions.AxisError`` too."""

    def __init__(self, message: str) -> None:
        np.exceptions.AxisError.__init__(self, message)
        Exception.__init__(self, message)

    def __str__(self) -> str:
        return _with_status(self)


# The class NumPy raised -> aiarray's class the exception also becomes (first match).
_OURS: tuple[tuple[type, type], ...] = (
    (OverflowError, ScalarOverflowError),
    (MemoryError, AllocationError),
    (ZeroDivisionError, InvalidArgumentError),  # e.g. hsplit(x, 0): the value 0
    (KeyError, InvalidArgumentError),           # a value NumPy looked up and did not find
    (IndexError, OutOfRangeError),
    (AttributeError, TypeMismatchError),        # an object without the attribute NumPy needs
    (TypeError, TypeMismatchError),
    (ValueError, InvalidArgumentError),
    (Exception, InvalidArgumentError),          # OSError, RuntimeError, EOFError, BadZipFile
)
# Python's own IndexError from indexing an argument of the wrong form (a tuple too short):
# the argument's value is wrong, not an index the caller gave.
_SEQUENCE_INDEX = ("tuple index out of range", "list index out of range",
                   "string index out of range")
# Exceptions that leave unchanged: already aiarray's, or not an error about an argument.
_PASS = (AiarrayError, Warning, FloatingPointError, AssertionError)
# Code that is aiarray's or what it calls (NumPy, its dtypes, its kernels, Python's
# library); an exception raised with a frame of other code on its way is the caller's.
_OURS_PACKAGES = frozenset({"aiarray", "numpy", "ml_dtypes", "numba", *sys.stdlib_module_names})


def _with_status(err: AiarrayError) -> str:
    text = str(err.args[0]) if err.args else ""
    return f"{text} [GB/T status {int(err.status)} {err.status.name}]"


# -- one exception class per (aiarray's class, NumPy's class) ---------------------------
_DUALS: dict[tuple[type, type], type] = {}


def _dual_init(self: BaseException, msg: str) -> None:
    Exception.__init__(self, msg)


def _dual_reduce(self: BaseException) -> Any:
    ours, theirs = type(self).__bases__
    return _rebuild, (ours, theirs.__module__, theirs.__qualname__, self.args[0])


def _rebuild(ours: type, module: str, qualname: str, msg: str) -> BaseException:
    """Unpickle a dual exception (its class is made on demand, so it is found again)."""
    try:
        theirs: Any = importlib.import_module(module)
        for part in qualname.split("."):
            theirs = getattr(theirs, part)
        return dual(ours, theirs)(msg)
    except (ImportError, AttributeError, TypeError):
        return ours(msg)


def dual(ours: type, theirs: type) -> type:
    """The exception class that is both aiarray's ``ours`` and NumPy's ``theirs``."""
    if issubclass(ours, theirs):
        return ours
    key = (ours, theirs)
    cls = _DUALS.get(key)
    if cls is None:
        try:
            cls = type(theirs.__name__, (ours, theirs), {
                "__module__": __name__, "__init__": _dual_init, "__str__": _with_status,
                "__reduce__": _dual_reduce,
                "__doc__": f"NumPy's {theirs.__name__} raised in aiarray.numpy: also "
                           f"aiarray's {ours.__name__}, with a GB/T status.",
            })
        except TypeError:  # the two cannot be combined (instance layouts): aiarray's alone
            cls = ours
        _DUALS[key] = cls
    return cls


# -- the translation --------------------------------------------------------------------
def public_error(e: BaseException, name: str, args: tuple[Any, ...] = (),
                 kwargs: dict[str, Any] | None = None,
                 func: Any = None) -> BaseException:
    """The exception to raise for ``e``, which a call of the public ``name`` raised;
    ``e`` itself when it leaves unchanged (see the module docstring)."""
    if isinstance(e, _AxisError) and not isinstance(e, np.exceptions.AxisError):
        return AxisError(message(e))
    if isinstance(e, _PASS) or not isinstance(e, Exception) or _from_caller_code(e):
        return e
    msg = f"{name}(): {_about_argument(e, args, kwargs or {}, func)}"
    if isinstance(e, np.exceptions.AxisError):
        return AxisError(msg)
    if isinstance(e, np.linalg.LinAlgError):
        from .linalg import LinAlgError

        return LinAlgError(msg)
    ours = next(o for base, o in _OURS if isinstance(e, base))
    if isinstance(e, IndexError) and str(e) in _SEQUENCE_INDEX:
        ours = InvalidArgumentError
    err = dual(ours, type(e))(msg)
    for base, attrs in _KEPT:
        if isinstance(e, base) and isinstance(err, base):
            for attr in attrs:
                setattr(err, attr, getattr(e, attr, None))
    return err


# Attributes of NumPy's exception kept on aiarray's (errno and filename of an OSError).
_KEPT = ((OSError, ("errno", "strerror", "filename", "filename2")),
         (AttributeError, ("name", "obj")))


def _from_caller_code(e: BaseException) -> bool:
    """Whether ``e`` was raised in, or passed through, code that is not aiarray's or
    what aiarray calls (the caller's callback, an argument's own method)."""
    tb = e.__traceback__
    while tb is not None:
        module = tb.tb_frame.f_globals.get("__name__") or ""
        if module.partition(".")[0] not in _OURS_PACKAGES:
            return True
        tb = tb.tb_next
    return False


def _about_argument(e: BaseException, args: tuple[Any, ...], kwargs: dict[str, Any],
                    func: Any) -> str:
    """The message for ``e``, naming the argument where ``e`` says which: the object an
    AttributeError was raised for, the key of a KeyError."""
    if isinstance(e, AttributeError):
        obj = getattr(e, "obj", None)
        name = _argument_name(obj, args, kwargs, func, same=True) if obj is not None else ""
        if name:
            return (f"{name} is a {type(obj).__name__}, which this argument does not take "
                    f"(it has no attribute {e.name!r})")
        return f"{e} (an argument is not of a type this function takes)"
    if isinstance(e, KeyError):
        key = e.args[0] if e.args else None
        name = _argument_name(key, args, kwargs, func, same=False) if e.args else ""
        if name:
            return f"{name}={_brief(key)} is not one of the values this argument takes"
        return (f"KeyError {_brief(key)} (an argument, or a part of one, is not a value "
                "this function takes)")
    return str(e)


def _argument_name(value: Any, args: tuple[Any, ...], kwargs: dict[str, Any], func: Any,
                   same: bool) -> str:
    """The name of the argument that is ``value`` (``same``) or equals it, or ''."""
    try:
        bound = dict(inspect.signature(func).bind_partial(*args, **kwargs).arguments)
    except (TypeError, ValueError):
        bound = {**{f"argument {i + 1}": a for i, a in enumerate(args)}, **kwargs}

    def match(v: Any) -> bool:
        return v is value or (not same and _equal(v, value))

    for name, given in bound.items():
        if match(given):
            return name
        if type(given) is tuple or type(given) is list:  # *args, or a sequence argument
            for i, v in enumerate(given[:16]):
                if match(v):
                    return f"{name}[{i}]"
        elif type(given) is dict:  # **kwargs
            for k, v in given.items():
                if match(v):
                    return str(k)
    return ""


def _equal(a: Any, b: Any) -> bool:
    try:
        return type(a) is type(b) and isinstance(a, str | int | tuple) and bool(a == b)
    except Exception:  # a value that cannot be compared is not the one
        return False


def _brief(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:45] + " ... " + text[-10:]


# -- guards -----------------------------------------------------------------------------
@typing.overload
def guarded(func: _F, *, name: str = ..., module: str = ...) -> _F: ...
@typing.overload
def guarded(func: None = None, *, name: str = ..., module: str = ...) -> Callable[[_F], _F]: ...
def guarded(func: Callable[..., Any] | None = None, *, name: str = "", module: str = "") -> Any:
    """``func`` with its exceptions made public by ``public_error``; usable as a
    decorator.  ``name`` is the public name (default: the function's), ``module`` the
    module it is served from (for a NumPy function re-served, so it pickles by name)."""
    if func is None:
        return functools.partial(guarded, name=name, module=module)
    if getattr(func, "__aiarray_guarded__", False):
        return func
    public = name or getattr(func, "__name__", "function")

    @functools.wraps(func)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return public_result(func(*args, **kwargs), args, kwargs)
        except Exception as e:
            err = public_error(e, public, args, kwargs, func)
            if err is e:
                raise
            raise err from e

    if module:
        call.__module__ = module
        call.__qualname__ = public
    call.__aiarray_guarded__ = True  # type: ignore[attr-defined]  # (marks: not in a function's type)
    call.__aiarray_guard_of__ = func  # type: ignore[attr-defined]  # (as above)
    return call


# The methods guard_class leaves alone (Python's object protocol, pickling, display).
_UNGUARDED = frozenset({"__getattribute__", "__getattr__", "__setattr__", "__delattr__",
                        "__init_subclass__", "__subclasshook__", "__class_getitem__",
                        "__reduce__", "__reduce_ex__", "__getstate__", "__setstate__",
                        "__repr__", "__str__", "__dir__", "__sizeof__", "__hash__",
                        "__eq__", "__ne__", "__format__", "__instancecheck__",
                        "__subclasscheck__", "__del__", "__enter__", "__exit__"})


def guard_class(cls: _C) -> _C:
    """Guard the public methods (and ``__new__``, ``__init__``, ``__call__``,
    ``__getitem__`` ...) of ``cls``, those it inherits from NumPy's classes included;
    a class decorator."""
    seen: set[str] = set()
    for klass in cls.__mro__:
        if klass is object or klass.__module__ == "builtins":
            continue
        for name, attr in list(vars(klass).items()):
            if name in seen or name in _UNGUARDED or (
                    name.startswith("_") and not (name.startswith("__") and name.endswith("__"))):
                continue
            seen.add(name)
            wrapped = _guarded_attribute(attr, f"{cls.__name__}.{name}")
            if wrapped is not None:
                setattr(cls, name, wrapped)
    return cls


def _guarded_attribute(attr: Any, name: str) -> Any:
    if isinstance(attr, staticmethod):
        return staticmethod(guarded(attr.__func__, name=name))
    if isinstance(attr, classmethod):
        return classmethod(guarded(attr.__func__, name=name))
    if inspect.isfunction(attr) and not getattr(attr, "__aiarray_guarded__", False):
        return guarded(attr, name=name)
    return None


def guards_itself(func: Callable[..., Any]) -> Callable[..., Any]:
    """Mark ``func`` as guarded: its body sends its exceptions through ``reraise``
    (for the smallest hot functions, where the guard's extra call would show)."""
    func.__aiarray_guarded__ = True  # type: ignore[attr-defined]  # (a mark: not in a function's type)
    return func


def is_guarded(obj: Any) -> bool:
    """Whether a public callable's errors go through ``public_error``."""
    return bool(getattr(obj, "__aiarray_guarded__", False))


def reraise(e: BaseException, name: str, args: tuple[Any, ...] = (),
            kwargs: dict[str, Any] | None = None,
            func: Any = None) -> typing.NoReturn:
    """Raise ``public_error(e, ...)`` (from ``e``), or ``e`` itself; for the ``except``
    clause of a guarded call written inline (the ufuncs' calls, the views layer)."""
    err = public_error(e, name, args, kwargs, func)
    if err is e:
        raise e
    raise err from e

"""NumPy's scalars at the swap-in's boundary.

Where NumPy gives a NumPy scalar (``x[i]``, a full reduction, a ufunc or an operator of
0-d operands, ``np.linalg.det``), the swap-in gives the same NumPy scalar object
(``numpy.float64``, ``numpy.int64``, ``numpy.bool``, ml_dtypes' ``bfloat16``): hashable,
immutable, ``isinstance(v, float)`` for a float64, and NumPy's own speed for the
scalar arithmetic of per-element loops.  A 0-d array NumPy gives as an array
(``np.array(2.5)``, ``np.zeros(())``, ``x.reshape(())``, ``x[...]``) stays a 0-d Array:
those are marked where they are made (``made_as_array``), and every other 0-d swap-in
result leaving a public function becomes the scalar here.

complex32 has no NumPy scalar type: a complex32 result stays a 0-d Array (a complex64
scalar would change the dtype silently).

Under another promotion policy (``aiarray.numpy.promotion_policy("ascend")``, which
``python -m aiarray port`` uses), the scalars are aiarray.numpy's subclasses of NumPy's
types (``policy_scalar``): the same value, type name, hash and ``isinstance``, but
their arithmetic computes by the policy in force, as 0-d arrays do, so scalar code
shows its divergences too.  Their own NumPy methods (``v.astype``) stay NumPy's.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

import numpy as np

from .. import _dtypes as D
from .._array import Array
from .._array_numpy import _ZERO_D_ARRAYS, swapin_scalar

_C32 = D.complex32


def scalar(x: Array) -> Any:
    """The swap-in's scalar of 0-d Array ``x`` (complex32: ``x`` itself)."""
    if x._dtype is _C32:
        return x
    return swapin_scalar(x._array[()])


# -- scalars that compute by the policy in force ----------------------------------------
# Python's operator -> the function applying it (the op registry's operators, and divmod)
_BINARY: dict[str, Callable[[Any, Any], Any]] = {
    "add": operator.add, "sub": operator.sub, "mul": operator.mul,
    "truediv": operator.truediv, "floordiv": operator.floordiv, "mod": operator.mod,
    "pow": operator.pow, "and": operator.and_, "or": operator.or_, "xor": operator.xor,
    "lshift": operator.lshift, "rshift": operator.rshift, "divmod": divmod,
}
_COMPARISONS: dict[str, Callable[[Any, Any], Any]] = {
    "eq": operator.eq, "ne": operator.ne, "lt": operator.lt, "le": operator.le,
    "gt": operator.gt, "ge": operator.ge,
}
_UNARY: dict[str, Callable[[Any], Any]] = {
    "neg": operator.neg, "pos": operator.pos, "abs": operator.abs, "invert": operator.invert,
}
_POLICY_TYPES: dict[type, type] = {}  # NumPy's scalar type -> aiarray.numpy's subclass
_OURS: set[type] = set()


def _operand(v: Any) -> Any:
    """A policy scalar as the 0-d swap-in Array it computes as; anything else as it is."""
    if type(v) in _OURS:
        return Array._new(np.asarray(v), None, True)
    return v


def _binary(apply: Callable[[Any, Any], Any], reflected: bool) -> Callable[[Any, Any], Any]:
    if reflected:
        def method(self: Any, other: Any) -> Any:
            return apply(_operand(other), _operand(self))
    else:
        def method(self: Any, other: Any) -> Any:
            return apply(_operand(self), _operand(other))
    return method


def _unary(apply: Callable[[Any], Any]) -> Callable[[Any], Any]:
    def method(self: Any) -> Any:
        return apply(_operand(self))
    return method


def _power(self: Any, other: Any, modulo: Any = None) -> Any:
    if modulo is not None:
        return NotImplemented
    return _operand(self) ** _operand(other)


def _make(base: type) -> type:
    """aiarray.numpy's subclass of NumPy's scalar type ``base`` (see the module doc)."""
    ns: dict[str, Any] = {
        "__slots__": (), "__module__": "aiarray.numpy", "__qualname__": base.__name__,
        "__array_priority__": 1000.0,  # NumPy's scalars and arrays defer to its operators
        "_numpy": True,  # a swap-in value: promotes as the 0-d array it computes as
        "__doc__": f"NumPy's {base.__name__} whose arithmetic follows the swap-in's "
                   "promotion policy in force (made under a policy other than numpy).",
        "__hash__": base.__hash__,
        "__repr__": lambda self: repr(base(self)),
        "__str__": lambda self: str(base(self)),
        "__reduce__": lambda self: (base, (self.item(),)),
        "__pow__": _power,
    }
    for name, binary in _BINARY.items():
        if name != "pow":
            ns[f"__{name}__"] = _binary(binary, reflected=False)
        ns[f"__r{name}__"] = _binary(binary, reflected=True)
    for name, compare in _COMPARISONS.items():
        ns[f"__{name}__"] = _binary(compare, reflected=False)
    for name, unary in _UNARY.items():
        ns[f"__{name}__"] = _unary(unary)
    cls = type(base.__name__, (base,), ns)
    _OURS.add(cls)
    for hook in MADE:
        hook(cls)
    return cls


# Called with each policy-scalar class when it is made (the port tracer patches them).
MADE: list[Callable[[type], None]] = []


def policy_types() -> list[type]:
    """The policy-scalar classes of aiarray's dtypes that have a NumPy scalar type (made
    now; bfloat16's only once it is loaded)."""
    for dt in D.loaded_dtypes():
        if dt is not _C32:
            t = np.dtype(dt).type
            if t not in _POLICY_TYPES:
                _POLICY_TYPES[t] = _make(t)
    return list(_OURS)


def policy_scalar(value: Any) -> Any:
    """NumPy's scalar ``value`` as aiarray.numpy's scalar of the same type, computing by
    the policy in force (a value that already is one is returned as it is)."""
    t = type(value)
    if t in _OURS or not isinstance(value, np.generic):
        return value
    cls = _POLICY_TYPES.get(t)
    if cls is None:
        if D.of_numpy(value.dtype) is None:  # data aiarray does not compute: NumPy's own
            return value
        cls = _POLICY_TYPES.setdefault(t, _make(t))
    return cls(value)


def _given(res: object, args: tuple[Any, ...], kwargs: dict[str, Any] | None) -> bool:
    """Whether ``res`` is one of the arguments (``out=``, or an input given back)."""
    for a in args:
        if a is res or (type(a) is tuple and any(v is res for v in a)):
            return True
    if kwargs:
        for v in kwargs.values():
            if v is res or (type(v) is tuple and any(o is res for o in v)):
                return True
    return False


def public(res: Any, args: tuple[Any, ...] = (), kwargs: dict[str, Any] | None = None) -> Any:
    """A result leaving a public function of the swap-in: a 0-d swap-in Array that NumPy
    gives as a scalar becomes that NumPy scalar (also inside a tuple or named tuple);
    arrays made as arrays, and arguments handed back (``out=``), stay as they are."""
    t = type(res)
    if t is Array:
        if res._numpy and not res._array.ndim and _ZERO_D_ARRAYS.get(id(res)) is not res \
                and not _given(res, args, kwargs):
            return scalar(res)
        return res
    if t is tuple:
        if any(type(r) is Array for r in res):
            return tuple(public(r, args, kwargs) for r in res)
        return res
    if isinstance(res, tuple) and hasattr(res, "_fields"):  # slogdet, eigh, svd, ...
        return t(*(public(r, args, kwargs) for r in res))
    return res

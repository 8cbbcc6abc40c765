"""``aiarray.fuse``: an elementwise function as one numba kernel per signature.

``fuse(f)`` returns a :class:`Fused` callable.  A call with large Arrays traces ``f``
once with stand-ins (:class:`Tracer`) for the Arrays: every operator, elementwise
function of ``aiarray`` (and of ``aiarray.numpy`` by its standard name), ``where``,
``clip`` and ``multiply_add`` on a stand-in records one node.  Each node's dtypes come
from the eager path's own code, asked with tiny probe Arrays of the operands' dtypes
(``_dispatch.operands``, ``_promotion.elementwise_dtypes``, the functions themselves):
the promoted dtype, the dtype the op computes in, and the result dtype, under the policy
that ``_promotion.policy_for`` chooses for those operands.  A node's kernel code is the
registry's scalar expression (``_kernels/_table.EXPR``, the one the eager kernels are
generated from) between explicit casts where the eager path casts.  The nodes become one
numba ``prange`` loop over the broadcast result (flat, or rows x columns), written to a
file in the user cache directory and compiled with numba's disk cache.

What the kernel cannot do the same way runs ``f`` eagerly, and ``Fused.fallback_reason``
(the last call) or ``Fused.explain(*args)`` says why: small inputs, a dtype without
kernels (float16, bfloat16, complex32), an op without an exact or tabled kernel
(``NUMPY_ONLY``), reductions, indexing, shape changes, other functions, attributes,
Python control flow on a traced value (``bool(x)``), unknown objects.
"""

from __future__ import annotations

import functools
import math
import re
import sys
import threading
import types
from collections.abc import Callable
from typing import Any

import numpy as np

from .. import _dispatch as _d
from .. import _dtypes as D
from .. import _layers
from .. import _promotion as P
from .._array import Array, as_parameter
from .._errors import InvalidArgumentError, TypeMismatchError
from .._registry import OPERATORS, OPS, ElementwiseOp, numpy_names
from .._typing import DType, NDArray
from . import _table as T

__all__ = ["Fused", "fuse"]


class Refused(Exception):  # noqa: N818  (not an error: a decision)
    """(Internal.)  Tracing stops: the function runs eagerly, for this reason."""


# The dtype kinds numba computes (``_table.NUMBA_KINDS``).  float16, bfloat16 and
# complex32 have no kernel: NumPy (float16) or aiarray (bfloat16, complex32) computes
# them in float32 / complex64 and rounds, which a fused kernel would not repeat.
_KERNEL_KINDS = "biufc"


def _kernel_dtype(dt: DType, what: str) -> None:
    if dt is D.complex32 or D.is_bfloat16(dt) or dt == np.float16 \
            or dt.kind not in _KERNEL_KINDS:
        raise Refused(f"{what} has dtype {D.name_of(dt)}, which has no numba kernel "
                      "(the eager path computes it in float32/complex64 and rounds)")


# -- the graph ---------------------------------------------------------------------------

class _Node:
    __slots__ = ("code", "deps", "var")

    def __init__(self, var: str, code: list[str], deps: tuple[int, ...]) -> None:
        self.var = var
        self.code = code
        self.deps = deps  # node ids


class Graph:
    """The nodes of one trace: inputs (Arrays), constants (0-d ndarrays), op nodes."""

    def __init__(self) -> None:
        self.nodes: list[_Node] = []
        self.inputs: list[Array] = []
        self.input_nodes: list[int] = []
        self.consts: list[NDArray] = []
        self.by_id: dict[int, Tracer] = {}
        self.casts: set[str] = set()
        self.helpers: set[str] = set()  # kernel helpers of this module (_HELPERS)
        self.costly = False  # an op slower than memory (the streaming kernel's form)

    def add(self, var: str, code: list[str], deps: tuple[int, ...]) -> int:
        self.nodes.append(_Node(var, code, deps))
        return len(self.nodes) - 1

    def input(self, x: Array) -> Tracer:
        """The stand-in for Array ``x`` (an argument, or an Array the function captured)."""
        found = self.by_id.get(id(x))
        if found is not None:
            return found
        _kernel_dtype(x._dtype, "an input")
        k = len(self.inputs)
        self.inputs.append(x)
        node = self.add(f"x{k}_", [], ())
        self.input_nodes.append(node)
        probe = _probe(x._dtype, x._numpy)
        if x.is_parameter:
            probe = as_parameter(probe)
        t = Tracer(self, node, x._dtype, x._array.shape, x._numpy, probe)
        self.by_id[id(x)] = t
        return t

    def const(self, value: NDArray) -> str:
        """A scalar operand, already in the dtype the eager path converts it to."""
        self.consts.append(value)
        return f"c{len(self.consts) - 1}"

    def cast(self, expr: str, dt: DType) -> str:
        if dt.kind == "b":
            return f"bool({expr})"
        name = f"_c_{dt.name}"
        self.casts.add(dt.name)
        return f"{name}({expr})"


def _probe(dt: DType, tag: bool) -> Array:
    """A 0-d Array of ``dt``: what the eager path's dtype decisions are asked with."""
    return Array._new(np.zeros((), dt), dt, tag)


_OPERAND_TYPES = (bool, int, float, complex)


class Tracer:
    """A stand-in for an Array while a fused function is traced (one node of a Graph)."""

    __slots__ = ("_graph", "_node", "_probe", "_tag", "dtype", "shape")
    _aiarray_defer = frozenset(OPS)  # Array's operators defer to ours

    def __init__(self, graph: Graph, node: int, dtype: DType, shape: tuple[int, ...],
                 tag: bool, probe: Array) -> None:
        self._graph = graph
        self._node = node
        self.dtype = dtype
        self.shape = shape
        self._tag = tag
        self._probe = probe

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int:
        return int(np.prod(self.shape))

    @property
    def device(self) -> Any:
        return self._probe.device

    def __repr__(self) -> str:
        return f"<aiarray.fuse stand-in of dtype {D.name_of(self.dtype)}, shape {self.shape}>"

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__array"):  # (NumPy's protocols: numpy.asarray(x) and the like)
            raise Refused("a traced array converted to a NumPy array (a NumPy function "
                          "on it?): fuse takes elementwise operators and functions only")
        raise Refused(f"attribute x.{name} of a traced array: fuse takes elementwise "
                      "operators and functions only")

    def __bool__(self) -> bool:
        raise Refused("Python control flow on a traced value (bool(x)): the branch would "
                      "depend on the data")

    def __len__(self) -> int:
        raise Refused("len(x) of a traced array")

    def __iter__(self) -> Any:
        raise Refused("iteration over a traced array")

    def __index__(self) -> int:
        raise Refused("a traced array used as an integer")

    def __float__(self) -> float:
        raise Refused("float(x) of a traced array: the value would depend on the data")

    def __int__(self) -> int:
        raise Refused("int(x) of a traced array: the value would depend on the data")

    def __complex__(self) -> complex:
        raise Refused("complex(x) of a traced array: the value would depend on the data")

    def __getitem__(self, key: object) -> Any:
        raise Refused("indexing (x[...]) of a traced array: fuse takes elementwise work only")

    def __setitem__(self, key: object, value: object) -> None:
        raise Refused("assignment into a traced array (x[...] = v)")

    def __array__(self, *args: object, **kwargs: object) -> Any:
        raise Refused("a traced array converted to a NumPy array")

    def __array_ufunc__(self, ufunc: np.ufunc, method: str, *inputs: Any,
                        **kwargs: Any) -> Any:
        """NumPy's ufuncs on a traced array (``numpy.sin(x)``, ``numpy.float32(2) * x``)
        as they run on an Array: aiarray.numpy's function of the same name."""
        name = getattr(ufunc, "__name__", repr(ufunc))
        if method != "__call__" or kwargs:
            raise Refused(f"numpy.{name}{'' if method == '__call__' else '.' + method}"
                          f"({', '.join(kwargs)}) on a traced array: fuse takes plain "
                          "elementwise calls")
        swap = _layers.swapin()
        if not hasattr(swap, name):
            raise Refused(f"numpy.{name} on a traced array: aiarray.numpy has no {name}")
        return Namespace(swap, True).__getattr__(name)(*inputs)

    def __matmul__(self, other: object) -> Any:
        raise Refused("matmul (@) is not elementwise")

    __rmatmul__ = __matmul__

    def __hash__(self) -> int:
        return id(self)


def _unary_method(opname: str) -> Callable[[Tracer], Tracer]:
    op = OPERATORS[opname]

    def method(self: Tracer) -> Tracer:
        return _unary(op, self)

    method.__name__ = f"__{opname}__"
    return method


def _binary_method(opname: str, reflected: bool) -> Callable[[Tracer, object], Tracer]:
    op = OPERATORS[opname]

    def method(self: Tracer, other: object) -> Tracer:
        return _binary(op, other, self) if reflected else _binary(op, self, other)

    method.__name__ = f"__{'r' if reflected else ''}{opname}__"
    return method


def _inplace_method(opname: str) -> Callable[[Tracer, object], Tracer]:
    def method(self: Tracer, other: object) -> Tracer:
        raise Refused(f"an in-place operator (__i{opname}__): the eager code writes into "
                      "its operand")

    method.__name__ = f"__i{opname}__"
    return method


for _name, _op in OPERATORS.items():
    if _op.arity == 2 and _op.inplace:
        setattr(Tracer, f"__i{_name}__", _inplace_method(_name))
    if _op.arity == 1:
        setattr(Tracer, f"__{_name}__", _unary_method(_name))
    else:
        setattr(Tracer, f"__{_name}__", _binary_method(_name, False))
        if _op.reflected:
            setattr(Tracer, f"__r{_name}__", _binary_method(_name, True))


# -- nodes -------------------------------------------------------------------------------

def _graph_of(*values: object) -> Graph:
    for v in values:
        if type(v) is Tracer:
            return v._graph
    raise AssertionError("no traced operand")  # (callers check first)


def _operand(g: Graph, x: object, func: str) -> Tracer | object:
    """A traced operand, an Array as an input of the graph, or a scalar as it is."""
    if type(x) is Tracer:
        if x._graph is not g:
            raise Refused(f"{func}(): a stand-in of another fused call")
        return x
    if type(x) is Array:
        return g.input(x)
    if isinstance(x, (*_OPERAND_TYPES, np.generic, P.TypedScalar)):
        return x
    raise Refused(f"{func}(): an operand of type {type(x).__module__}.{type(x).__qualname__} "
                  "(fuse takes Arrays and scalars)")


def _probe_of(x: object) -> Any:
    return x._probe if type(x) is Tracer else x


def _value(g: Graph, x: object, scalar: NDArray | None, dt: DType) -> str:
    """Kernel code of operand ``x`` converted to ``dt`` (a scalar: the 0-d ndarray the
    eager path made of it, already ``dt``)."""
    if type(x) is Tracer:
        var = g.nodes[x._node].var
        return var if x.dtype == dt else g.cast(var, dt)
    assert scalar is not None
    _kernel_dtype(scalar.dtype, "a scalar operand")
    return g.const(np.asarray(scalar).reshape(()))


# Ops cheap enough to store each result straight from the loop (``_table.DIRECT_STREAM``)
# and the comparisons and checks: expressions of these only stream without a scratch chunk.
# (Read on first use: _table reads its stream sets from the tuning defaults.)
_CHEAP: list[frozenset[str]] = []


def _cheap() -> frozenset[str]:
    if not _CHEAP:
        direct = T.DIRECT_STREAM
        assert isinstance(direct, frozenset)
        _CHEAP.append(direct | frozenset(n for n, op in OPS.items() if op.result == "bool"))
    return _CHEAP[0]


def _expression(g: Graph, name: str, dt: DType, a: str, b: str | None = None) -> str:
    why = T.numpy_only_reason(name, dt.kind)
    if why is not None:
        raise Refused(f"{name}() on {D.name_of(dt)} has no kernel: {why}")
    found = T.expression(name, dt.kind)
    if found is None:
        raise Refused(f"{name}() on {D.name_of(dt)} has no kernel expression")
    if name not in _cheap():
        g.costly = True
    expr = re.sub(r"\bnbits\b", str(dt.itemsize * 8), found[1])
    expr = re.sub(r"\ba\b", a, expr)
    if b is not None:
        expr = re.sub(r"\bb\b", b, expr)
    return f"({expr})"


def _new_node(g: Graph, dt: DType, shape: tuple[int, ...], tag: bool, lines: list[str],
              deps: list[object], result: str) -> Tracer:
    _kernel_dtype(dt, "a result")
    if tag and not shape:
        raise Refused("a 0-d intermediate of swap-in arrays (the eager operators give "
                      "NumPy scalars there)")
    k = len(g.nodes)
    var = f"v{k}"
    node = g.add(var, [*lines, f"{var} = {g.cast(result, dt)}"],
                 tuple(x._node for x in deps if type(x) is Tracer))
    return Tracer(g, node, dt, shape, tag, _probe(dt, tag))


def _shape(func: str, *xs: object) -> tuple[int, ...]:
    shapes = [x.shape for x in xs if type(x) is Tracer]
    try:
        return tuple(np.broadcast_shapes(*shapes))
    except ValueError:  # the eager call raises its error
        raise Refused(f"{func}(): shapes {', '.join(map(str, shapes))} do not broadcast"
                      ) from None


def _unary(op: ElementwiseOp, x: object) -> Tracer:
    g = _graph_of(x)
    assert type(x) is Tracer
    pol = P.policy_for(x._probe) if op.to_float else None
    dt, res = P.elementwise_dtypes(op, x.dtype, pol)
    if x._tag and dt not in op.allowed:
        raise Refused(f"{op.name}() of a swap-in {D.name_of(x.dtype)} array: NumPy's own "
                      "loop decides")
    _d._check(op, dt)
    _kernel_dtype(dt, f"{op.name}()'s computation")
    a = _value(g, x, None, dt)
    if op.name in ("tanh", "exp") and dt == np.float32:
        g.costly = True
        g.helpers.add(f"{op.name}32")
        return _new_node(g, res, x.shape, x._tag, [], [x], f"_{op.name}32({a})")
    return _new_node(g, res, x.shape, x._tag, [], [x], _expression(g, op.name, dt, a))


def _binary(op: ElementwiseOp, x1: object, x2: object) -> Tracer:
    g = _graph_of(x1, x2)
    if not op.promotes:
        raise Refused(f"{op.name}(): its operands keep their dtypes (no kernel)")
    x1 = _operand(g, x1, op.name)
    x2 = _operand(g, x2, op.name)
    p1, p2 = _probe_of(x1), _probe_of(x2)
    if type(p1) is not Array and type(p2) is not Array:
        raise Refused(f"{op.name}(): no array operand")
    pol = P.policy_for(p1, p2)
    s1, s2, dt = _d.operands(op, p1, p2, pol)  # the eager path's promotion (and its errors)
    cdt, res = P.elementwise_dtypes(op, dt, pol)
    tag = _d.tagged(p1, p2)
    if cdt not in op.allowed and tag:
        raise Refused(f"{op.name}() of swap-in arrays of dtype {D.name_of(dt)}: NumPy's own "
                      "loop decides")
    _d._check(op, cdt)
    _kernel_dtype(dt, f"{op.name}()'s operands")
    _kernel_dtype(cdt, f"{op.name}()'s computation")
    if op.name in ("pow", "bitwise_left_shift", "bitwise_right_shift") and cdt.kind == "i":
        if type(x2) is Tracer or int(s2) < 0:
            raise Refused(f"{op.name}() of signed integers with an array exponent or shift "
                          "(the eager path checks for negative values)")
    if op.name == "pow" and cdt.kind == "f" and type(x2) is not Tracer and float(s2) == 0.5:
        raise Refused("pow() with the exponent 0.5 (the eager path's sqrt special cases)")
    a = _value(g, x1, s1 if type(x1) is not Tracer else None, dt)
    b = _value(g, x2, s2 if type(x2) is not Tracer else None, dt)
    if cdt != dt:
        a, b = g.cast(a, cdt), g.cast(b, cdt)
    shape = _shape(op.name, x1, x2)
    if op.name == "pow" and cdt.kind == "f" and type(x2) is not Tracer \
            and float(s2) in (2.0, 3.0, 4.0):
        # a small integral exponent: repeated products in float64 (a float32 result rounds
        # once from float64), within 2 units in the last place of NumPy's pow
        g.costly = True
        w = g.cast(a, D.float64)
        expr = "*".join([w] * int(float(s2)))
        return _new_node(g, res, shape, tag, [], [x1, x2], f"({expr})")
    return _new_node(g, res, shape, tag, [], [x1, x2], _expression(g, op.name, cdt, a, b))


def _where(cond: object, x1: object, x2: object) -> Tracer:
    where = _layers.standard().where  # (the standard's function: its checks and dtype)
    g = _graph_of(cond, x1, x2)
    c, y1, y2 = (_operand(g, v, "where") for v in (cond, x1, x2))
    if type(c) is not Tracer:
        raise Refused("where(): a condition that is not an Array")
    dt = where(c._probe, _probe_of(y1), _probe_of(y2))._dtype  # (the eager checks)
    _kernel_dtype(dt, "where()'s result")
    s1 = s2 = None
    if type(y1) is not Tracer or type(y2) is not Tracer:
        s1, s2, _ = _d.operands(OPS["equal"].replace(name="where"), _probe_of(y1),
                                _probe_of(y2))
    a = _value(g, y1, s1, dt)
    b = _value(g, y2, s2, dt)
    cv = g.nodes[c._node].var
    shape = _shape("where", c, y1, y2)
    return _new_node(g, dt, shape, False, [], [c, y1, y2], f"({a} if {cv} else {b})")


def _clip(x: object, min: object = None, max: object = None) -> Tracer:
    clip = _layers.standard().clip
    g = _graph_of(x, min, max)
    xt, lo, hi = (_operand(g, v, "clip") if v is not None else None for v in (x, min, max))
    if type(xt) is not Tracer:
        raise Refused("clip(): x is not an Array")
    dt = clip(xt._probe, _probe_of(lo), _probe_of(hi))._dtype  # (the eager checks)
    expr = g.nodes[xt._node].var
    for bound, name, fn in ((lo, "min", "maximum"), (hi, "max", "minimum")):
        if bound is None:
            continue
        if type(bound) is Tracer:
            v = _value(g, bound, None, dt)
        else:  # the bound's value as clip uses it: clip of the dtype's far end
            v = _value(g, bound, _clip_value(clip, dt, bound, name == "min"), dt)
        expr = g.cast(_expression(g, fn, dt, expr, v), dt)
    shape = _shape("clip", xt, lo, hi)
    return _new_node(g, dt, shape, False, [], [xt, lo, hi], expr)


def _clip_value(clip: Callable[..., Array], dt: DType, bound: object, low: bool) -> NDArray:
    """The value clip gives a scalar bound in x's dtype ``dt`` (an integer bound beyond
    the dtype's range clamps to it): clip itself, of the far end of the dtype's range."""
    if dt.kind in "iu":
        info = np.iinfo(dt)
        end: object = info.min if low else info.max
    else:
        end = -np.inf if low else np.inf
    probe = Array._new(np.asarray(end, dt), dt)
    out = clip(probe, min=bound) if low else clip(probe, max=bound)
    return np.asarray(out._array)


def _multiply_add(x1: object, x2: object, x3: object) -> Tracer:
    multiply_add = _layers.standard().multiply_add
    g = _graph_of(x1, x2, x3)
    ys = [_operand(g, v, "multiply_add") for v in (x1, x2, x3)]
    # (the eager function's checks and dtype)
    dt = multiply_add(_probe_of(ys[0]), _probe_of(ys[1]), _probe_of(ys[2]))._dtype
    _kernel_dtype(dt, "multiply_add()'s result")
    vals = [_value(g, y, None if type(y) is Tracer else _d._scalar_operand(y, dt), dt)
            for y in ys]
    prod = g.cast(_expression(g, "multiply", dt, vals[0], vals[1]), dt)
    shape = _shape("multiply_add", *ys)
    return _new_node(g, dt, shape, False, [], ys, _expression(g, "add", dt, prod, vals[2]))


# -- the namespace a traced function sees ------------------------------------------------

_REDUCTIONS = frozenset({
    "sum", "prod", "mean", "min", "max", "std", "var", "cumulative_sum", "cumulative_prod",
    "all", "any", "argmax", "argmin", "count_nonzero", "trace", "allclose", "vecdot",
    "matmul", "tensordot", "diff"})
_SHAPES = frozenset({
    "reshape", "broadcast_to", "broadcast_arrays", "concat", "stack", "expand_dims",
    "squeeze", "flip", "moveaxis", "permute_dims", "repeat", "roll", "tile", "unstack",
    "matrix_transpose", "flatten", "pad", "crop", "split", "strided_slice", "tril", "triu",
    "diag", "sort", "argsort", "unique_all", "unique_counts", "unique_inverse",
    "unique_values"})
_INDEXING = frozenset({"take", "take_along_axis", "gather_nd", "scatter", "masked_select",
                       "nonzero", "searchsorted"})
# aiarray.numpy's names of the standard's elementwise functions (the records' NumPy names)
_NUMPY_NAMES = numpy_names(OPS.values())


def _why_not(name: str) -> str:
    if name in _REDUCTIONS:
        return f"aiarray.{name} is a reduction: fuse takes elementwise work only"
    if name in _SHAPES:
        return f"aiarray.{name} changes shapes or order: fuse takes elementwise work only"
    if name in _INDEXING:
        return f"aiarray.{name} is indexing: fuse takes elementwise work only"
    return f"aiarray.{name} is not an elementwise function fuse can compile"


def _traced(name: str, real: Callable[..., Any]) -> Callable[..., Any]:
    """``real`` (a public function) as a traced function sees it."""
    if name in OPS:
        op = OPS[name]
        if op.arity == 2 and not op.promotes:
            fused_op: Callable[..., Any] | None = None
        elif op.arity == 1:
            fused_op = functools.partial(_unary, op)
        else:
            fused_op = functools.partial(_binary, op)
    else:
        special: dict[str, Callable[..., Any]] = {
            "where": _where, "clip": _clip, "multiply_add": _multiply_add}
        fused_op = special.get(name)

    def call(*args: Any, **kwargs: Any) -> Any:
        if not any(type(a) is Tracer for a in (*args, *kwargs.values())):
            return real(*args, **kwargs)  # (on the function's own constants: eager)
        if fused_op is None:
            raise Refused(_why_not(name) if name not in OPS else
                          f"aiarray.{name}: its operands keep their dtypes (no kernel)")
        if name == "divide" and kwargs.get("precision", "high") != "high":
            raise Refused("divide(precision='intrinsic') has no kernel")
        kwargs.pop("precision", None) if name == "divide" else None
        return fused_op(*args, **kwargs)

    call.__name__ = name
    return call


class Namespace:
    """What a traced function sees where it names ``aiarray`` (or ``aiarray.numpy``)."""

    def __init__(self, module: types.ModuleType, numpy_names: bool) -> None:
        self._module = module
        self._numpy_names = numpy_names

    def __getattr__(self, name: str) -> Any:
        real = getattr(self._module, name)
        std = _NUMPY_NAMES.get(name, name) if self._numpy_names else name
        if self._numpy_names and std not in OPS:  # (NumPy's where, clip: NumPy's rules)
            std = f"numpy.{name}"
        if callable(real) and not isinstance(real, type) and not isinstance(real, np.dtype):
            out = _traced(std, real)
            object.__setattr__(self, name, out)  # (cached for this trace)
            return out
        return real


def _public_functions() -> dict[int, str]:
    aiarray = _layers.standard()
    return {id(getattr(aiarray, n)): n for n in aiarray.__all__
            if callable(getattr(aiarray, n, None)) and not isinstance(getattr(aiarray, n), type)}


_PUBLIC: dict[int, str] = {}


def _rewired(func: Callable[..., Any], spaces: dict[str, Namespace],
             depth: int = 0) -> Callable[..., Any]:
    """``func`` with the aiarray modules and functions it names (globals and closure
    cells) replaced by their traced forms; so are the plain Python functions it names
    (helpers such as ``def gelu(x)`` called from the fused function), three levels deep;
    default argument values too (``def f(x, act=xp.tanh)``)."""
    if not isinstance(func, types.FunctionType):
        return func
    if not _PUBLIC:
        _PUBLIC.update(_public_functions())
    mods = {id(_layers.standard()): "aiarray"}
    swap = sys.modules.get("aiarray.numpy")
    if swap is not None:
        mods[id(swap)] = "aiarray.numpy"

    def replace(v: Any) -> Any:
        m = mods.get(id(v))
        if m is not None:
            if m not in spaces:
                spaces[m] = Namespace(v, m == "aiarray.numpy")
            return spaces[m]
        name = _PUBLIC.get(id(v))
        if name is not None:
            return _traced(name, v)
        if isinstance(v, types.FunctionType) and depth < 3 and v is not func \
                and not str(getattr(v, "__module__", "")).startswith("aiarray"):
            return _rewired(v, spaces, depth + 1)
        return v

    names = func.__code__.co_names
    glob = dict(func.__globals__)
    for n in names:
        if n in glob:
            glob[n] = replace(glob[n])
    closure = None
    if func.__closure__:
        closure = tuple(types.CellType(replace(c.cell_contents)) if _filled(c) else c
                        for c in func.__closure__)
    defaults = func.__defaults__ and tuple(replace(d) for d in func.__defaults__)
    new = types.FunctionType(func.__code__, glob, func.__name__, defaults, closure)
    new.__kwdefaults__ = func.__kwdefaults__ and \
        {k: replace(v) for k, v in func.__kwdefaults__.items()}
    return new


def _filled(cell: types.CellType) -> bool:
    try:
        cell.cell_contents  # noqa: B018
    except ValueError:
        return False
    return True


# -- code generation and compiling --------------------------------------------------------

_KERNEL_LOCK = threading.Lock()
_KERNELS: dict[str, Callable[..., Any]] = {}
_CHUNK = 4096


def _helpers_hash() -> str:
    import hashlib
    from pathlib import Path

    return hashlib.sha256((Path(__file__).parent / "_helpers.py").read_bytes()
                          ).hexdigest()[:16]


class Plan:
    """A traced call: the graph, its result node, and the arrays to run it on."""

    def __init__(self, graph: Graph, result: Tracer) -> None:
        self.graph = graph
        self.result = result

    def live(self) -> list[int]:
        seen: set[int] = set()
        stack = [self.result._node]
        while stack:
            k = stack.pop()
            if k not in seen:
                seen.add(k)
                stack.extend(self.graph.nodes[k].deps)
        return sorted(seen)

    def source(self, loads: dict[int, str], store: str, indent: str) -> list[str]:
        g = self.graph
        lines = []
        for k in self.live():
            node = g.nodes[k]
            if k in loads:
                lines.append(f"{node.var} = {loads[k]}")
            lines.extend(node.code)
        lines.append(store.format(g.nodes[self.result._node].var))
        return [indent + s for s in lines]


# float32 tanh, vectorizable (numba calls libm's tanhf one element at a time, ~3x NumPy's
# SIMD loop): in float64, m = exp(2|x|) - 1 from exp(u) - 1 at u = 2|x| / 32 (Taylor,
# degree 13) and five steps of (e^2u - 1) = (e^u - 1)(e^u - 1 + 2), which lose no digits
# near 0; tanh = m / (m + 2), rounded once to float32 (|x| >= 10 gives +-1 there).
# Within 1 unit in the last place of tanh, 2 of NumPy's (tests/test_fuse.py).
_TANH32 = """@njit(inline="always", error_model="numpy", cache=True)
def _tanh32(x):
    ax = abs(np.float64(x))
    ax = ax if ax < 10.0 else 10.0
    u = ax * (2.0 / 32.0)
    p = 1.0 / 6227020800.0
""" + "".join(f"    p = p * u + 1.0 / {float(math.factorial(k))!r}\n" for k in range(12, 0, -1)) + \
    """    m = p * u
    for _ in range(5):
        m = m * (m + 2.0)
    t = math.copysign(m / (m + 2.0), np.float64(x))
    return np.float32(t) if x == x else x
"""
# float32 exp, vectorizable in the same way: in float64, exp(x / 256) (Taylor, degree 11,
# |x / 256| <= 0.43 once x is clamped to [-110, 90], beyond which float32 has 0 and inf)
# squared eight times; the relative error (~256 units of float64) is far below a float32
# unit, so the result rounds once to float32 as exp itself would.
_EXP32 = """@njit(inline="always", error_model="numpy", cache=True)
def _exp32(x):
    y = np.float64(x)
    y = y if y > -110.0 else -110.0
    y = y if y < 90.0 else 90.0
    u = y * (1.0 / 256.0)
    p = 1.0 / 39916800.0
""" + "".join(f"    p = p * u + 1.0 / {float(math.factorial(k))!r}\n"
            for k in range(10, -1, -1)) + """    for _ in range(8):
        p = p * p
    return np.float32(p) if x == x else x
"""
_HELPERS = {"tanh32": _TANH32, "exp32": _EXP32}


def _module_text(plan: Plan, form: str, patterns: list[str]) -> str:
    """The source of a kernel ``fused``: ``form`` "flat" (a prange loop), "stream" (each
    of ``workers`` threads writes one part with streaming stores) or "2d" (rows x
    columns); ``patterns[k]``: how input k is read ("v": element i, "s": a scalar; 2-D:
    "rc", "r", "c", "s" for the axes it varies along)."""
    g = plan.graph
    ins = [f"x{k}" for k in range(len(g.inputs))]
    cs = [f"c{k}" for k in range(len(g.consts))]
    head = ["import math", "import cmath", "import numpy as np", "from numba import njit, prange",
            "from aiarray._kernels._helpers import (_P, ffloordiv, fremainder, fsign, "
            "ifloordiv, ipow, like, lshift_i, lshift_u, one, rshift_i, rshift_u, stream, "
            "stream_fence, zero)", ""]
    head += [f"_c_{name} = np.{name}" for name in sorted(g.casts)]
    for name in sorted(g.helpers):
        head += ["", "", _HELPERS[name]]
    out = [*head, "", "", "@njit(**_P)"]
    loads: dict[int, str] = {}
    if form in ("flat", "stream"):  # (two kernels: each compiles only when used)
        out.append(f"def fused({', '.join(['out', 'workers', *ins, *cs])}):")
        for k, node in enumerate(g.input_nodes):
            loads[node] = f"x{k}[i]" if patterns[k] == "v" else f"x{k}"
        out.append("    n = out.shape[0]")
        if form == "flat":
            out.append("    for i in prange(n):")
            out += plan.source(loads, "out[i] = {}", " " * 8)
        elif g.costly:  # compute a cache-resident chunk (vectorized), then stream it out
            out += [f"    chunks = (n + {_CHUNK - 1}) // {_CHUNK}",
                    "    per = (chunks + workers - 1) // workers",
                    "    for w in prange(workers):",
                    f"        tmp = np.empty({_CHUNK}, out.dtype)",
                    "        for chunk in range(w * per, min((w + 1) * per, chunks)):",
                    f"            lo = chunk * {_CHUNK}",
                    f"            hi = min(lo + {_CHUNK}, n)",
                    "            for i in range(lo, hi):"]
            out += plan.source(loads, "tmp[i - lo] = {}", " " * 16)
            out += ["            for i in range(lo, hi):",
                    "                stream(out, i, tmp[i - lo])",
                    "        stream_fence()"]
        else:  # cheap ops keep up with memory: each result stored straight from the loop
            out += ["    per = (n + workers - 1) // workers",
                    "    for w in prange(workers):",
                    "        lo = min(w * per, n)",
                    "        hi = min(lo + per, n)",
                    "        out_ = out[lo:hi]"]
            sliced = {}
            for k, node in enumerate(g.input_nodes):
                if patterns[k] == "v" and node in plan.live():
                    out.append(f"        x{k}s = x{k}[lo:hi]")
                    sliced[node] = f"x{k}s[i]"
                else:
                    sliced[node] = f"x{k}"
            out.append("        for i in range(out_.shape[0]):")
            out += plan.source(sliced, "stream(out_, i, {})", " " * 12)
            out.append("        stream_fence()")
    else:
        out.append(f"def fused({', '.join(['out', *ins, *cs])}):")
        index = {"rc": "[r, j]", "r": "[r, 0]", "c": "[0, j]", "s": "[0, 0]"}
        for k, node in enumerate(g.input_nodes):
            loads[node] = f"x{k}{index[patterns[k]]}"
        out += ["    m, n = out.shape", "    for r in prange(m):", "        for j in range(n):"]
        out += plan.source(loads, "out[r, j] = {}", " " * 12)
    return "\n".join(out) + "\n"


def _compiled(text: str) -> Callable[..., Any]:
    """The numba dispatcher of kernel source ``text`` (its module written once to the user
    cache directory, so that numba's disk cache keeps the compiled code)."""
    found = _KERNELS.get(text)
    if found is not None:
        return found
    with _KERNEL_LOCK:
        found = _KERNELS.get(text)
        if found is not None:
            return found
        import hashlib
        import importlib.util
        import os

        from . import _machine

        full = f"# aiarray.fuse kernel; helpers {_helpers_hash()}\n{text}"
        digest = hashlib.sha256(full.encode()).hexdigest()[:24]
        name = f"aiarray_fused_{digest}"
        folder = _machine.user_cache_dir() / "fused"
        path = folder / f"{name}.py"
        try:
            if not path.exists():
                folder.mkdir(parents=True, exist_ok=True)
                tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
                tmp.write_text(full)
                tmp.replace(path)
            spec = importlib.util.spec_from_file_location(name, path)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module  # (numba's disk cache finds the module by name)
            spec.loader.exec_module(module)
        except OSError:  # no cache directory: compiled without numba's disk cache
            module = types.ModuleType(name)
            sys.modules[name] = module
            exec(compile(full.replace("@njit(**_P)", "@njit(**{**_P, 'cache': False})"),
                         name, "exec"), module.__dict__)
        disp: Callable[..., Any] = module.fused
        _KERNELS[text] = disp
        return disp


def _contiguous(a: NDArray) -> NDArray:
    if a.flags.c_contiguous and a.flags.aligned:
        return a
    return np.ascontiguousarray(a)


def _run(plan: Plan) -> Array | str:
    """The fused kernel on the plan's arrays, or the reason it cannot run."""
    from . import BACKEND, _split_2d

    loader = BACKEND.loader

    g = plan.graph
    res = plan.result
    shape = res.shape
    n = int(np.prod(shape))
    if n == 0:
        return "an empty result"
    if not shape:
        return "a 0-d result"
    if not loader.available():
        return "numba is not available (AIARRAY_NUMBA=0, not installed, or a forked child)"
    loader._load()  # (an explicit fuse compiles when called, as numba.njit does)
    if not loader.available() or loader.state != "ready":
        return "numba did not load"
    live = set(plan.live())
    arrays = [_contiguous(x._array) if node in live else np.zeros((), x._array.dtype)
              for x, node in zip(g.inputs, g.input_nodes)]
    consts = [c.reshape(())[()] for c in g.consts]
    rdt = res.dtype
    out = BACKEND.buffers.empty(shape, rdt)
    if all(a.size in (1, n) for a in arrays):
        patterns = ["v" if a.size == n else "s" for a in arrays]
        call = [a.reshape(-1) if p == "v" else a.reshape(())[()]
                for a, p in zip(arrays, patterns)]
        workers = loader.threads() if out.nbytes >= BACKEND.tuning().stream_bytes else 0
        text = _module_text(plan, "stream" if workers else "flat", patterns)
        args: tuple[Any, ...] = (out.reshape(-1), workers, *call, *consts)
    else:
        views = _split_2d(shape, tuple(a if a.ndim else a.reshape((1,) * len(shape))
                                       for a in arrays))
        if views is None:
            return f"inputs broadcast beyond rows and columns (result shape {shape})"
        m = max(v.shape[0] for v in views)
        cols = max(v.shape[1] for v in views)
        patterns = [("r" if v.shape[0] == m and m != 1 else "") +
                    ("c" if v.shape[1] == cols and cols != 1 else "") or "s" for v in views]
        text = _module_text(plan, "2d", patterns)
        args = (out.reshape(m, cols), *views, *consts)
    disp = _compiled(text)
    loader.launch(disp, args)
    return Array._new(out, rdt, res._tag)


# -- the decorator ------------------------------------------------------------------------

def _trace(func: Callable[..., Any], args: tuple[Any, ...],
           kwargs: dict[str, Any]) -> Plan | str:
    """Trace ``func`` on stand-ins for the Arrays of ``args``: a Plan, or why not."""
    g = Graph()
    spaces: dict[str, Namespace] = {}
    try:
        traced_args = [g.input(a) if type(a) is Array else a for a in args]
        traced_kwargs = {k: g.input(v) if type(v) is Array else v for k, v in kwargs.items()}
        result = _rewired(func, spaces)(*traced_args, **traced_kwargs)
    except Refused as e:
        return str(e)
    except Exception as e:  # the eager call reports it (or does not fail at all)
        text = re.sub(r"(\b[\w.]+\.)?\bTracer\b", "fuse's traced array", str(e))
        return f"tracing raised {type(e).__name__}: {text}"
    if type(result) is not Tracer:
        return (f"the function returned {type(result).__qualname__}, not one array "
                "computed from its arguments")
    if result._node in g.input_nodes:
        return "the function returns an input unchanged"
    return Plan(g, result)


def _small_reason(size: int, limit: int, given: bool) -> str:
    if given:
        return f"{size} elements: below min_size={limit}"
    return f"{size} elements: below the kernel start size ({limit}); small calls run eagerly"


def _large_enough(args: tuple[Any, ...], kwargs: dict[str, Any],
                  min_size: int | None) -> str | tuple[int, int, bool] | None:
    """None when the call is large enough to fuse; else why not (a size below the limit
    as (size, limit, min_size given), formatted only when asked: the small call's cost)."""
    shapes = [a._array.shape for a in args if type(a) is Array]
    if kwargs:
        shapes += [a._array.shape for a in kwargs.values() if type(a) is Array]
    if not shapes:
        return "no Array argument"
    size = _result_size(shapes)
    if min_size is not None:
        return (size, min_size, True) if size < min_size else None
    _d.active_backend()  # (reads the backend's start sizes: the limit is the same every call)
    limit = _d._STATE.kernel_min
    return (size, limit, False) if size < limit else None


def _result_size(shapes: list[tuple[int, ...]]) -> int:
    """Elements of the arguments' broadcast shape (an outer product is as large as its
    result); the largest argument's when they do not broadcast (the eager call says so)."""
    if len(shapes) == 1:
        return math.prod(shapes[0])
    try:
        return math.prod(np.broadcast_shapes(*shapes))
    except ValueError:
        return max(math.prod(s) for s in shapes)


class Fused:
    """A function run as one fused kernel per signature (:func:`fuse`)."""

    def __init__(self, func: Callable[..., Any], min_size: int | None = None) -> None:
        if not callable(func):
            raise TypeMismatchError(f"fuse(): expected a function, got {type(func).__qualname__}")
        if min_size is not None and (type(min_size) is not int or min_size < 0):
            raise InvalidArgumentError(
                f"fuse(): min_size={min_size!r} must be a non-negative int or None")
        self.__wrapped__ = func
        self.min_size = min_size
        self._reason: str | tuple[int, int, bool] | None = None
        functools.update_wrapper(self, func)

    def __repr__(self) -> str:
        return f"<aiarray.fuse of {getattr(self.__wrapped__, '__qualname__', self.__wrapped__)!r}>"

    @property
    def fallback_reason(self) -> str | None:
        """Why the last call ran eagerly; None when it was fused."""
        why = self._reason
        return _small_reason(*why) if isinstance(why, tuple) else why

    def __get__(self, obj: object, objtype: type | None = None) -> Any:
        """As a method: bound to the instance, as the function it wraps would be."""
        return self if obj is None else types.MethodType(self, obj)

    def _attempt(self, args: tuple[Any, ...], kwargs: dict[str, Any]
                 ) -> Array | str | tuple[int, int, bool]:
        if _d.get_backend() == "numpy":
            return "the numpy backend is in force"
        why = _large_enough(args, kwargs, self.min_size)
        if why is not None:
            return why
        plan = _trace(self.__wrapped__, args, kwargs)
        if isinstance(plan, str):
            return plan
        return _run(plan)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        done = self._attempt(args, kwargs)
        if not isinstance(done, Array):
            self._reason = done
            return self.__wrapped__(*args, **kwargs)
        self._reason = None
        return done

    def explain(self, *args: Any, **kwargs: Any) -> str:
        """Whether a call with these arguments would be fused, and if not, why (the
        function is traced, not run)."""
        small = "the numpy backend is in force" if _d.get_backend() == "numpy" else \
            _large_enough(args, kwargs, self.min_size)
        why = _small_reason(*small) if isinstance(small, tuple) else small
        if why is None:
            plan = _trace(self.__wrapped__, args, kwargs)
            if isinstance(plan, str):
                why = plan
            else:
                shape = plan.result.shape
                return (f"fused: one kernel over {len(plan.graph.inputs)} input(s), "
                        f"{len(plan.live()) - len(plan.graph.inputs)} node(s), result "
                        f"{D.name_of(plan.result.dtype)} of shape {shape}")
        return f"runs eagerly: {why}"


def fuse(func: Callable[..., Any] | None = None, /, *,
         min_size: int | None = None) -> Any:
    """Run an elementwise function as one numba kernel per dtype signature.

    ``func`` takes Arrays (and any other arguments) and computes one Array from them with
    operators, Python and NumPy scalars, ``aiarray``'s elementwise functions, ``where``,
    ``clip`` and ``multiply_add``.  Called with Arrays whose broadcast result has at least
    ``min_size`` elements (default: the dispatcher's kernel start size; never under
    ``backend("numpy")``), it is traced once per call on stand-ins (the body runs then:
    keep side effects out of it); the active promotion policy decides every
    intermediate dtype as the eager code does, and the result is computed in one pass
    over memory on every CPU.  Other calls, and functions it cannot fuse, run eagerly;
    ``f.fallback_reason`` says why (None when the last call was fused), and
    ``f.explain(*args)`` says what a call would do.  Results equal the eager function's
    bit for bit, except for the transcendental functions and float ``pow`` (within 4
    units in the last place of NumPy's).

    Examples
    --------
    >>> @xp.fuse
    ... def axpy(a, x, y):
    ...     return a * x + y
    >>> x = xp.ones(3, dtype=xp.float32)
    >>> axpy(2.0, x, x)
    Array([3., 3., 3.], dtype=float32)
    >>> axpy.fallback_reason.startswith('3 elements')  # (small: run eagerly)
    True
    """
    if func is None:
        return functools.partial(Fused, min_size=min_size)
    return Fused(func, min_size)

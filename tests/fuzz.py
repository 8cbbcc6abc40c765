"""Fuzz every public callable of aiarray with random, mostly bad arguments.

    python -m tests.fuzz [--calls N] [--seed S] [--batch-size B] [--jobs J] [--json PATH]

Each batch of calls runs in its own subprocess (a crash or an abort there is a
failure, never a lost test run) under a per-call watchdog (a call that runs
longer than ``--timeout`` seconds is a failure) and, where the platform allows
it, an address-space limit (``--memory`` GiB) so a huge allocation fails
instead of exhausting the machine.  Arguments are drawn by Hypothesis
(``st.data()``) from pools of arrays of every dtype and of odd shapes, read-only
and strided views, 0-d arrays, uint64 and big-int indices, NaN, bool-as-int,
huge and negative sizes, dtypes, strings, NumPy (and masked) arrays and
foreign objects; a parameter's name makes a plausible value more likely so
calls get past their first check.

Each call must either return, or raise an exception that is a TypeError,
ValueError, IndexError, OverflowError, ZeroDivisionError or MemoryError
carrying an ``aiarray.Status`` in ``.status``; and no array passed in may
change (byte for byte), except the target of a successful in-place operation.
An exception raised by a foreign object's own method (``_Boom``) may pass
through.  The run prints a summary and exits 1 on any violation.

The targets are every name in ``__all__`` of aiarray and of its public
submodules (``aiarray.numpy`` too, when that module exists), the Array
operators, methods and properties, and the methods of the other public classes;
exception classes and the ``Status`` enum are types, not operations, and are
left out.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import inspect
import json
import operator
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
STANDARD = (TypeError, ValueError, IndexError, OverflowError, ZeroDivisionError, MemoryError)
SUBMODULES = ("linalg", "fft", "random", "sparse", "grad", "quantization", "numpy")


class _Boom(Exception):  # noqa: N818 - a test double, not an API error
    """Raised by the foreign objects' own methods; allowed to pass through aiarray."""


# -- targets ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Target:
    """One public callable: ``call(*args, **kwargs)``; ``inplace`` may change args[0]."""

    name: str
    call: Callable[..., Any]
    params: tuple[inspect.Parameter, ...]
    inplace: bool = False
    operand: str = ""  # operator targets: the kind of value one operand must be


_UNARY_OPS = {"__abs__": operator.abs, "__neg__": operator.neg, "__pos__": operator.pos,
              "__invert__": operator.invert, "__bool__": bool, "__int__": int,
              "__float__": float, "__complex__": complex, "__index__": operator.index,
              "__len__": len, "__iter__": lambda x: list(iter(x))[:100], "__repr__": repr,
              "__str__": str}
_BINARY = ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "and", "or", "xor",
           "lshift", "rshift", "matmul", "eq", "ne", "lt", "le", "gt", "ge")
_OPERATOR_FUNC = {"and": "and_", "or": "or_"}
_SKIPPED_DUNDERS = {"__init__", "__new__", "__init_subclass__", "__subclasshook__",
                    "__getattribute__", "__setattr__", "__delattr__", "__reduce__",
                    "__reduce_ex__", "__sizeof__", "__dir__", "__class__", "__format__",
                    "__hash__", "__getstate__", "__setstate__", "__copy__", "__deepcopy__",
                    "__class_getitem__", "__array_ufunc__", "__array_function__",
                    "__array_wrap__", "__array_finalize__", "__array_priority__"}


def _defines(cls: type, name: str) -> bool:
    """Whether ``cls`` (or an aiarray base) defines ``name``: not Python's object/tuple."""
    owner = next((k for k in cls.__mro__ if name in vars(k)), None)
    return owner is not None and owner.__module__ != "builtins"


def _params(func: Callable) -> tuple[inspect.Parameter, ...] | None:
    try:
        return tuple(inspect.signature(func).parameters.values())
    except (TypeError, ValueError):
        return None


def _positional(n: int) -> tuple[inspect.Parameter, ...]:
    return tuple(inspect.Parameter(f"x{i + 1}" if n > 1 else "x",
                                   inspect.Parameter.POSITIONAL_ONLY) for i in range(n))


def _skip_name(obj: object) -> bool:
    import aiarray

    return isinstance(obj, type) and (issubclass(obj, BaseException) or obj is aiarray.Status)


def _namespace_targets(prefix: str, module: Any) -> Iterator[Target]:
    for name in getattr(module, "__all__", ()):
        obj = getattr(module, name, None)
        if obj is None or not callable(obj) or _skip_name(obj) or inspect.ismodule(obj):
            continue
        params = _params(obj)
        if params is not None:
            yield Target(f"{prefix}.{name}", obj, params)


def _method_targets(cls_name: str, make: Callable[[], Any], cls: type) -> Iterator[Target]:
    """Public methods, properties and dunders of ``cls``, called on a fresh instance."""
    for name in sorted(dir(cls)):
        if (name.startswith("_") and not (name.startswith("__") and name.endswith("__"))) or \
                not _defines(cls, name):
            continue
        if name in _SKIPPED_DUNDERS or name in _UNARY_OPS or (
                name.startswith("__i") and name[3:-2] in _BINARY):
            continue
        if any(name in (f"__{b}__", f"__r{b}__") for b in _BINARY) or name in (
                "__getitem__", "__setitem__", "__eq__", "__ne__"):
            continue  # through the operator module below, as users reach them
        attr = inspect.getattr_static(cls, name)
        if isinstance(attr, property):
            yield Target(f"{cls_name}.{name}", _getter(make, name), ())
            continue
        if not callable(attr) or isinstance(attr, type):
            continue
        params = _params(getattr(make(), name))
        if params is not None:
            yield Target(f"{cls_name}.{name}", _bound(make, name), params)


def _getter(make: Callable[[], Any], name: str) -> Callable[[], Any]:
    return lambda: getattr(make(), name)


def _bound(make: Callable[[], Any], name: str) -> Callable[..., Any]:
    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(make(), name)(*args, **kwargs)

    return call


def _operator_targets(prefix: str, cls: type, operand: str) -> Iterator[Target]:
    """Operators reached through the operator module (reflection included); one operand
    is drawn from the strategy ``operand`` (an instance of ``cls``)."""
    for dunder, func in _UNARY_OPS.items():
        if _defines(cls, dunder):
            yield Target(f"{prefix}.{dunder}", func, _positional(1), operand=operand)
    for b in _BINARY:
        if not _defines(cls, f"__{b}__"):
            continue
        fname = _OPERATOR_FUNC.get(b, b)
        yield Target(f"{prefix}.__{b}__", getattr(operator, fname), _positional(2),
                     operand=operand)
        if _defines(cls, f"__i{b}__"):
            yield Target(f"{prefix}.__i{b}__", getattr(operator, "i" + fname.rstrip("_")),
                         _positional(2), inplace=True, operand=operand)
    if _defines(cls, "__getitem__"):
        yield Target(f"{prefix}.__getitem__", operator.getitem,
                     (_param("x"), _param("key")), operand=operand)
    if _defines(cls, "__setitem__"):
        yield Target(f"{prefix}.__setitem__", operator.setitem,
                     (_param("x"), _param("key"), _param("value")), inplace=True,
                     operand=operand)


def _param(name: str) -> inspect.Parameter:
    return inspect.Parameter(name, inspect.Parameter.POSITIONAL_ONLY)


def targets() -> list[Target]:
    """Every public callable of aiarray (see the module docstring)."""
    import aiarray as aa

    out = list(_namespace_targets("aiarray", aa))
    for sub in SUBMODULES:
        try:
            module = importlib.import_module(f"aiarray.{sub}")
        except ImportError:
            continue  # aiarray.numpy: fuzzed once it exists
        out += _namespace_targets(f"aiarray.{sub}", module)
    out += _operator_targets("Array", aa.Array, "array")
    out += _method_targets("Array", lambda: aa.asarray([[1.0, 2.0], [3.0, 4.0]]), aa.Array)
    from aiarray import quantization, random, sparse

    out += _operator_targets("SparseArray", sparse.SparseArray, "sparse")
    out += _method_targets("SparseArray",
                           lambda: sparse.from_dense(aa.asarray([[0.0, 2.0], [3.0, 0.0]])),
                           sparse.SparseArray)
    out += _method_targets("QuantizedArray",
                           lambda: quantization.quantize(aa.asarray([0.5, -1.0, 2.0])),
                           quantization.QuantizedArray)
    out += _method_targets("Generator", lambda: random.Generator(7), random.Generator)
    out += _method_targets("Info", aa.__array_namespace_info__, type(aa.__array_namespace_info__()))
    out += _method_targets("Layout", lambda: aa.layout(aa.ones((2, 3))), aa.Layout)
    return out


# -- values ---------------------------------------------------------------------------------

class _Foreign:
    """An object with hostile protocol methods (each raises _Boom or lies)."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def __index__(self) -> int:
        if self.kind == "big-index":
            return 2**70
        raise _Boom("__index__")

    def __len__(self) -> int:
        if self.kind == "lying-len":
            return 2**62
        raise _Boom("__len__")

    def __iter__(self) -> Iterator[int]:
        if self.kind == "lying-len":
            return iter([1, 2])
        raise _Boom("__iter__")

    def __array__(self, *args: Any, **kwargs: Any) -> Any:
        raise _Boom("__array__")

    def __float__(self) -> float:
        raise _Boom("__float__")

    def __repr__(self) -> str:
        return f"_Foreign({self.kind!r})"


def _strategies(aa: Any) -> dict[str, Any]:
    """Hypothesis strategies by kind of value ('array', 'int', 'shape', ... 'any')."""
    import numpy as np
    from hypothesis import strategies as st

    dtypes = [aa.bool, aa.int8, aa.int16, aa.int32, aa.int64, aa.uint8, aa.uint16, aa.uint32,
              aa.uint64, aa.float16, aa.bfloat16, aa.float32, aa.float64, aa.complex32,
              aa.complex64, aa.complex128]
    shapes = [(), (0,), (1,), (3,), (2, 3), (3, 1), (1, 3), (2, 0), (2, 2, 2), (1, 1, 1, 1),
              (4, 4)]
    specials = [0, 1, -1, 2, 0.5, -0.0, float("nan"), float("inf"), float("-inf"), 1e300,
                -1e-300, 65504.0, 3e38, 127, 255, 2**31 - 1, 2**63 - 1, -(2**63)]

    def make_array(dt: Any, shape: tuple[int, ...], seed: int, variant: int) -> Any:
        rng = np.random.default_rng(seed)
        n = int(np.prod(shape))
        vals = [specials[i] for i in rng.integers(0, len(specials), n)]
        if dt == aa.bool:
            data = np.asarray([bool(v == v and v) for v in vals], dtype=bool)
        elif dt in (aa.complex32, aa.complex64, aa.complex128):
            data = np.asarray([complex(v, w) for v, w in zip(vals, vals[::-1])])
        elif np.dtype(dt).kind in "iu":
            info = np.iinfo(dt)
            data = np.asarray([int(v) if v == v and abs(v) != float("inf") else 0
                               for v in vals], dtype=object)
            data = np.clip(data, int(info.min), int(info.max)).astype(np.int64 if
                                                                     dt != aa.uint64 else
                                                                     np.uint64)
        else:
            data = np.asarray(vals, dtype=np.float64)
        with np.errstate(all="ignore"):
            x = aa.astype(aa.asarray(data.reshape(shape)), dt)
        if variant == 1 and x.ndim:
            return aa.flip(x)  # a strided view
        if variant == 2:
            return aa.broadcast_to(x, (2, *x.shape))  # a read-only view
        if variant == 3:
            return aa.as_parameter(x)
        return x

    arrays = st.builds(make_array, st.sampled_from(dtypes), st.sampled_from(shapes),
                       st.integers(0, 2**32), st.sampled_from([0, 0, 0, 1, 2, 3]))
    big_ints = st.sampled_from([2**31, 2**32, 2**40, 2**62, 2**63 - 1, 2**63, 2**64 - 1, 2**64,
                                -(2**63), -(2**63) - 1, 10**30, -(10**30), 10**5])
    small_ints = st.integers(-3, 6)
    index_arrays = st.one_of(
        st.builds(lambda v: aa.asarray(v, dtype=aa.uint64),
                  st.lists(st.sampled_from([0, 1, 2, 2**63, 2**64 - 1]), max_size=3)),
        st.builds(lambda v: aa.asarray(v, dtype=aa.int64),
                  st.lists(st.sampled_from([0, -1, 5, -(2**63), 2**63 - 1]), max_size=3)),
        st.builds(lambda v: aa.asarray(v), st.lists(st.booleans(), max_size=4)),
        st.builds(lambda v, dt: aa.asarray(v, dtype=dt), st.sampled_from([0, 1, 3, 127]),
                  st.sampled_from([aa.int8, aa.uint8, aa.int64, aa.uint64])),
    )
    ints = st.one_of(small_ints, small_ints, big_ints, st.booleans(),
                     st.builds(np.int64, small_ints), st.just(np.uint64(2**64 - 1)),
                     st.builds(aa.asarray, small_ints),
                     st.just(aa.asarray(2**64 - 1, dtype=aa.uint64)),
                     st.just(aa.asarray(True)), st.just(aa.asarray(2.0)),
                     st.just(_Foreign("big-index")))
    floats = st.one_of(st.sampled_from([float("nan"), float("inf"), float("-inf"), -0.0, 0.5,
                                        1e-300, 1e300, 1.0, 2.0, -1.5]),
                       st.sampled_from([1j, complex(float("nan"), 1), np.float32("nan"),
                                        np.float64(2.5), aa.scalar(3, dtype=aa.int8),
                                        aa.scalar(1.5, dtype=aa.float16)]))
    seqs = st.one_of(
        st.tuples(), st.lists(ints, max_size=3).map(tuple), st.lists(small_ints, max_size=4),
        st.lists(small_ints, max_size=3).map(tuple), st.just((1,) * 70), st.just((-1,)),
        st.just((2**62, 2**62)), st.just(((1, 2), (3, 4))), st.just((None, 1)),
        st.just(range(3)), st.just(iter([1, 2])), st.just({1: 2}), st.just({3}),
        st.just(_Foreign("lying-len")), st.lists(arrays, max_size=3),
        st.lists(arrays, max_size=3).map(tuple))
    dts = st.one_of(st.sampled_from(dtypes),
                    st.sampled_from(["float32", "int8", "f4", int, float, complex, bool,
                                     np.float32, np.dtype("O"), np.dtype("U3"),
                                     np.dtype(">f4"), np.dtype([("a", "f4")]),
                                     np.dtype("datetime64[s]"), np.float16, np.longdouble]))
    strings = st.sampled_from(["", "x", "xy", "ij", "backward", "ortho", "forward", "cpu",
                               "fro", "nuc", "left", "right", "reflect", "constant", "edge",
                               "symmetric", "asymmetric", "ascend", "mindspore", "array-api",
                               "2023.12", "2099.12", "\x00", b"bytes"])
    keys = st.one_of(ints, index_arrays, st.sampled_from([
        slice(None), slice(None, None, -1), slice(0, 2**70), slice(1, None, 0), Ellipsis, None,
        (Ellipsis, Ellipsis), (None, 0), (0, 0, 0, 0), [0, 1], [2**64 - 1], [True, False],
        [[0], [1]], [], [1.5], (slice(None), [0, 2**63])]),
        st.tuples(ints, ints), st.tuples(index_arrays, st.sampled_from([0, slice(None)])))
    numpy_values = st.sampled_from([
        np.ones(3), np.ma.masked_array([1.0, 2.0], [0, 1]), np.ma.masked,
        np.array(["a", "b"]), np.array([object(), 1], dtype=object),
        np.array([1.5, 2.5])[::-1], np.zeros((2, 2), dtype=">i4"),
        np.frombuffer(b"\x00" * 16, dtype=np.int32), np.uint64(2**64 - 1), np.float16(1.0),
        np.datetime64("2020-01-01"), [np.ma.masked_array([1, 2], [1, 0])]])

    def aiarray_objects() -> Any:
        from aiarray import quantization, random, sparse

        return st.sampled_from([
            sparse.from_dense(aa.asarray([[0.0, 1.0], [2.0, 0.0]])),
            quantization.quantize(aa.asarray([0.5, 1.0])), random.Generator(3),
            aa.CPU, aa.layout(aa.ones(2)), aa.scalar(2**63 - 1, dtype=aa.int64)])

    misc = st.sampled_from([None, Ellipsis, object(), lambda: 1, print, _Foreign("boom"),
                            memoryview(b"abcd"), bytearray(4), Exception("x"), type,
                            NotImplemented, 1.5 + 0j])
    anything = st.one_of(arrays, arrays, ints, floats, seqs, dts, strings, numpy_values,
                         aiarray_objects(), misc, st.booleans(), keys)
    from aiarray import sparse

    def pick(*options: Any) -> Any:
        """One of ``options``, each equally likely (st.one_of would flatten nested ones)."""
        return st.sampled_from(options).flatmap(lambda strategy: strategy)

    return {"array": pick(arrays, arrays, arrays, arrays, anything),
            "int": pick(ints, ints, anything),
            "an array": arrays, "a sparse array": st.builds(sparse.from_dense, arrays.filter(
                lambda x: x.ndim >= 1 and x.dtype != aa.complex32)),
            "shape": pick(seqs, ints, anything), "dtype": pick(dts, dts, anything),
            "bool": pick(st.booleans(), st.booleans(), anything),
            "float": pick(floats, ints, anything), "str": pick(strings, anything),
            "device": pick(st.sampled_from([None, aa.CPU, "cpu", "gpu", 0]), anything),
            "key": pick(keys, keys, anything), "arrays": pick(
                st.lists(arrays, min_size=1, max_size=3), seqs, anything),
            "any": pick(arrays, anything)}


# which strategy a parameter's name calls for (else "any")
_BY_NAME = {
    "array": {"x", "x1", "x2", "a", "v", "condition", "indices", "values", "updates", "mask",
              "grad_output", "probs", "repeats", "obj", "y", "q", "scale", "zero_point",
              "other", "b", "p", "x3", "weights", "sorter", "fill_value", "min", "max",
              "low", "high", "mean", "std", "value"},
    "int": {"n", "k", "axis", "offset", "num", "n_rows", "n_cols", "shift", "seed",
            "num_samples", "num_threads", "start_axis", "end_axis", "source", "destination",
            "ddof", "correction", "bits", "count"},
    "shape": {"shape", "axes", "s", "repetitions", "begin", "size", "strides", "offsets",
              "pad_width", "input_shape", "indices_or_sections", "newshape", "dims"},
    "dtype": {"dtype", "to", "from_", "type"},
    "bool": {"keepdims", "copy", "endpoint", "stable", "descending", "upper", "hermitian",
             "full_matrices", "strict", "replacement", "invert", "accumulate", "equal_nan",
             "extended", "right", "include_initial", "compute_uv", "pivoting"},
    "float": {"d", "rtol", "atol", "ord", "tol", "rcond", "start", "stop", "step", "fill"},
    "str": {"indexing", "norm", "side", "mode", "kind", "scheme", "api_version", "name",
            "policy", "format"},
    "device": {"device", "stream", "dl_device"},
    "key": {"key"},
    "arrays": {"arrays", "arrays_and_dtypes", "shapes"},
}
_KIND_OF = {name: kind for kind, names in _BY_NAME.items() for name in names}


def draw_call(data: Any, target: Target, strats: dict[str, Any]) -> tuple[list, dict]:
    """Positional and keyword arguments for one call of ``target``."""
    from hypothesis import strategies as st

    P = inspect.Parameter
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    skipping = False
    for p in target.params:
        if p.name == "self":
            continue
        strat = strats[_KIND_OF.get(p.name, "any")]
        if p.kind is P.VAR_POSITIONAL:
            args += data.draw(st.lists(strats["array"], max_size=3), label=p.name)
        elif p.kind is P.VAR_KEYWORD:
            continue
        elif p.default is P.empty:
            if p.kind is P.KEYWORD_ONLY:
                kwargs[p.name] = data.draw(strat, label=p.name)
            else:
                args.append(data.draw(strat, label=p.name))
        elif data.draw(st.integers(0, 9), label=f"use {p.name}") < 3:
            value = data.draw(strat, label=p.name)
            if p.kind is P.POSITIONAL_ONLY and not skipping:
                args.append(value)
            elif p.kind is P.POSITIONAL_ONLY:
                continue  # a later positional-only one cannot be given alone
            else:
                kwargs[p.name] = value
        elif p.kind is P.POSITIONAL_ONLY:
            skipping = True
    return args, kwargs


# -- one call ----------------------------------------------------------------------------------

def _snapshots(values: list[Any], aa: Any) -> list[tuple[Any, Any]]:
    """(object, snapshot) of every array reachable from the arguments (one level deep)."""
    import numpy as np

    out = []
    seen: set[int] = set()

    def add(v: Any) -> None:
        if id(v) in seen:
            return
        seen.add(id(v))
        if type(v) is aa.Array:
            a = v._array
            out.append((v, (a.shape, a.strides, str(a.dtype), a.tobytes())))
        elif isinstance(v, np.ndarray):
            data = np.ma.getdata(v) if isinstance(v, np.ma.MaskedArray) else v
            mask = np.ma.getmaskarray(v).tobytes() if isinstance(v, np.ma.MaskedArray) else b""
            out.append((v, (v.shape, v.strides, str(v.dtype),
                            data.tobytes() if data.dtype != object else repr(data), mask)))
        elif isinstance(v, list | tuple):
            for item in v[:8]:
                add(item)
        elif isinstance(v, dict):
            for item in list(v.values())[:8]:
                add(item)

    for v in values:
        add(v)
    return out


def _changed(snaps: list[tuple[Any, Any]], aa: Any) -> list[int]:
    return [i for i, (obj, before) in enumerate(snaps) if _snapshots([obj], aa)[0][1] != before]


def _describe(target: Target, args: list, kwargs: dict) -> str:
    parts = [_short(a) for a in args] + [f"{k}={_short(v)}" for k, v in kwargs.items()]
    return f"{target.name}({', '.join(parts)})"


def _short(v: Any) -> str:
    try:
        text = repr(v)
    except Exception as e:  # a failing repr is described
        text = f"<{type(v).__name__}: repr raised {type(e).__name__}>"
    text = " ".join(text.split())
    return text if len(text) <= 120 else text[:100] + " ... " + text[-12:]


def _foreign_operator(err: BaseException, args: list) -> bool:
    """Whether an operator's left operand is a foreign object (e.g. a NumPy masked array,
    whose operators do not defer to aiarray) and its own operator raised ``err``: no
    aiarray frame ran when it was raised."""
    if _is_aiarray_object(args[0]):
        return False
    tb = err.__traceback__
    while tb is not None:
        if tb.tb_frame.f_globals.get("__name__", "").startswith("aiarray"):
            return False
        tb = tb.tb_next
    return True


def _is_aiarray_object(value: Any) -> bool:
    return type(value).__module__.startswith("aiarray")


def check_call(target: Target, args: list, kwargs: dict, aa: Any) -> tuple[str, list[str]]:
    """Run one call; (outcome, violations).  Outcome: 'ok' or the exception's class name."""
    snaps = _snapshots([*args, *kwargs.values()], aa)
    problems = []
    try:
        out = target.call(*args, **kwargs)
        if inspect.isgenerator(out):
            list(out)
        outcome = "ok"
    except _Boom:
        return "foreign", []
    except Exception as e:  # each is checked
        if target.operand and _foreign_operator(e, args):
            return "foreign", []
        outcome = type(e).__name__
        if not isinstance(e, STANDARD):
            problems.append(f"raised {type(e).__module__}.{type(e).__qualname__}, not one of "
                            f"the six standard types: {_short(str(e))}")
        if not isinstance(getattr(e, "status", None), aa.Status):
            problems.append(f"raised {type(e).__qualname__} without .status: {_short(str(e))}")
    changed = _changed(snaps, aa)
    if changed and (outcome != "ok" or not target.inplace):
        problems.append(f"changed input array(s) {changed} ({outcome})")
    elif changed and target.inplace and any(snaps[i][0] is not args[0] for i in changed):
        problems.append(f"changed input array(s) {changed} other than the in-place target")
    return outcome, problems


# -- worker: one batch in this process ------------------------------------------------------------

def _planted(kind: str) -> list[Target]:
    """A target that crashes or hangs, for the fuzzer's own tests (``--plant``)."""
    def crash() -> None:
        os.abort()

    def hang() -> None:
        time.sleep(3600)

    return [Target(f"planted.{kind}", {"crash": crash, "hang": hang}[kind], ())]


def worker(calls: int, seed: int, progress: Path, timeout: float, only: str = "",
           plant: str = "") -> dict[str, Any]:
    """Run ``calls`` calls drawn from ``seed``; the last call started is in ``progress``.

    ``only`` keeps the targets whose name contains it; ``plant`` ("crash" or "hang")
    fuzzes a target that misbehaves instead (to test the harness itself).
    """
    import faulthandler
    import warnings

    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as hseed
    from hypothesis import strategies as st

    warnings.simplefilter("ignore")  # NumPy's own warnings are not what is tested here
    import aiarray as aa

    todo = _planted(plant) if plant else [t for t in targets() if only in t.name]
    if not todo:
        raise SystemExit(f"no target matches --only {only!r}")
    strats = _strategies(aa)
    stats: Counter[str] = Counter()
    by_target: Counter[str] = Counter()
    violations: list[dict[str, Any]] = []
    log = open(progress, "w")  # open for the whole batch

    @settings(max_examples=calls, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @hseed(seed)
    @given(st.data())
    def run(data: Any) -> None:
        target = data.draw(st.sampled_from(todo), label="target")
        args, kwargs = draw_call(data, target, strats)
        if target.operand:  # operators: one operand of the class (either side)
            side = data.draw(st.integers(0, len(args) - 1 if target.name.endswith(
                tuple(f"__{b}__" for b in _BINARY)) and not target.inplace else 0))
            args[side] = data.draw(strats["an " + target.operand if target.operand == "array"
                                          else "a sparse array"])
        text = _describe(target, args, kwargs)
        log.seek(0)
        log.write(text + "\n")
        log.truncate()
        log.flush()
        faulthandler.dump_traceback_later(timeout, exit=True)
        outcome, problems = check_call(target, args, kwargs, aa)
        faulthandler.cancel_dump_traceback_later()
        stats[outcome] += 1
        by_target[target.name] += 1
        for p in problems:
            violations.append({"call": text, "problem": p})

    run()
    log.close()
    calls_made = sum(stats.values())
    raised = calls_made - stats["ok"] - stats["foreign"]
    return {"calls": calls_made, "outcomes": dict(stats), "raised": raised,
            "targets": len(todo), "targets_called": len(by_target),
            "violations": violations, "by_target": dict(by_target)}


def _limit_memory(gib: float) -> None:
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows: sizes stay below the address-space checks
        return
    limit = int(gib * 2**30)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


# -- orchestrator ------------------------------------------------------------------------------

def run_batches(calls: int, seed: int, batch_size: int, jobs: int, timeout: float,
                memory: float, verbose: bool = True, only: str = "",
                plant: str = "") -> dict[str, Any]:
    """Split ``calls`` into subprocess batches; gather their results and any crash."""
    batches = [(i, min(batch_size, calls - i * batch_size))
               for i in range((calls + batch_size - 1) // batch_size)]
    total: dict[str, Any] = {"calls": 0, "raised": 0, "outcomes": Counter(), "violations": [],
                             "crashes": [], "seed": seed, "targets": 0, "called": set()}
    root = HERE.parent
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        filter(None, [str(root), os.environ.get("PYTHONPATH")])))
    running: list[tuple[int, subprocess.Popen, Path, Path]] = []
    with tempfile.TemporaryDirectory(prefix="aiarray-fuzz-") as tmp:
        pending = list(batches)
        while pending or running:
            while pending and len(running) < jobs:
                index, n = pending.pop(0)
                progress = Path(tmp) / f"progress-{index}.txt"
                out = Path(tmp) / f"result-{index}.json"
                cmd = [sys.executable, str(Path(__file__).resolve()), "--worker",
                       "--calls", str(n), "--seed", str(seed * 100003 + index),
                       "--progress", str(progress), "--json", str(out),
                       "--timeout", str(timeout), "--memory", str(memory),
                       "--only", only, "--plant", plant]
                proc = subprocess.Popen(cmd, cwd=tmp, env=env, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True)
                running.append((index, proc, progress, out))
            time.sleep(0.05)
            for item in list(running):
                index, proc, progress, out = item
                if proc.poll() is None:
                    continue
                running.remove(item)
                _, stderr = proc.communicate()
                if proc.returncode != 0 or not out.exists():
                    last = progress.read_text().strip() if progress.exists() else "?"
                    total["crashes"].append({"batch": index, "returncode": proc.returncode,
                                             "last_call": last, "stderr": stderr[-3000:]})
                    if verbose:
                        print(f"batch {index}: CRASH (exit {proc.returncode}) in {last}",
                              flush=True)
                    continue
                res = json.loads(out.read_text())
                total["calls"] += res["calls"]
                total["raised"] += res["raised"]
                total["outcomes"].update(res["outcomes"])
                total["violations"] += res["violations"]
                total["targets"] = res["targets"]
                total["called"].update(res["by_target"])
                if verbose:
                    print(f"batch {index}: {res['calls']} calls, {res['raised']} raised, "
                          f"{len(res['violations'])} violations", flush=True)
    total["outcomes"] = dict(total["outcomes"])
    total["targets_called"] = len(total.pop("called"))
    return total


def summary(res: dict[str, Any]) -> str:
    """A readable report of a run."""
    problems = [v["problem"] for v in res["violations"]]

    def count(words: str) -> int:
        return sum(words in p for p in problems)

    lines = [f"seed {res['seed']}: {res['calls']} calls over {res['targets_called']} of "
             f"{res['targets']} targets; {res['raised']} raised an exception",
             f"crashes or hangs: {len(res['crashes'])}",
             f"exceptions outside the six standard types: {count('not one of the six')}",
             f"exceptions without .status: {count('without .status')} of {res['raised']}",
             f"calls that changed an input array: {count('changed input')}",
             f"violations: {len(res['violations'])}",
             "outcomes: " + ", ".join(f"{k} {v}" for k, v in sorted(
                 res["outcomes"].items(), key=lambda kv: -kv[1]))]
    distinct: dict[str, str] = {}
    for v in res["violations"]:
        distinct.setdefault(v["problem"][:160], v["call"])
    for problem, call in list(distinct.items())[:60]:
        lines.append(f"  {problem}\n      e.g. {call}")
    for c in res["crashes"]:
        lines.append(f"  CRASH batch {c['batch']} exit {c['returncode']}: {c['last_call']}\n"
                     + c["stderr"][-1500:])
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--calls", type=int, default=2000)
    p.add_argument("--seed", type=int, default=13)
    p.add_argument("--batch-size", type=int, default=1000)
    p.add_argument("--jobs", type=int, default=1, help="batches run at once")
    p.add_argument("--timeout", type=float, default=60.0, help="seconds a call may take")
    p.add_argument("--memory", type=float, default=4.0, help="address-space limit, GiB")
    p.add_argument("--json", type=Path, help="write the result as JSON here")
    p.add_argument("--only", default="", help="fuzz only targets whose name contains this")
    p.add_argument("--plant", default="", choices=["", "crash", "hang"], help=argparse.SUPPRESS)
    p.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--progress", type=Path, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.worker:
        _limit_memory(args.memory)
        res = worker(args.calls, args.seed, args.progress, args.timeout, args.only, args.plant)
        args.json.write_text(json.dumps(res))
        return 0
    res = run_batches(args.calls, args.seed, args.batch_size, args.jobs, args.timeout,
                      args.memory, only=args.only, plant=args.plant)
    print(summary(res))
    if args.json:
        args.json.write_text(json.dumps(res, indent=1))
    return 1 if res["violations"] or res["crashes"] else 0


if __name__ == "__main__":
    sys.exit(main())

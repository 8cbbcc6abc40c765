"""The child side of ``python -m aiarray port``: run a script under one policy and trace it.

Run as ``python -m aiarray._port_trace --policy P --trace FILE SCRIPT [ARGS...]`` by
``aiarray._port`` only.  It wraps aiarray's public functions, the ``aiarray.numpy``
namespace and the Array operators and methods *in this process*, so tracing costs
nothing in a normal run.  A call is recorded when its direct caller is outside the
aiarray package (the user's code, or NumPy dispatching through ``__array_ufunc__``);
calls aiarray makes internally are passed straight through.

Each record is one JSON line: where the call was made, the operation, a description
of each operand (dtype, shape, a digest of the values, or the scalar), and the result
(or the exception).  A script written with ``import numpy`` runs with its NumPy
imports replaced by ``aiarray.numpy`` (the script file only, not modules it imports).
"""

from __future__ import annotations

import argparse
import ast
import builtins
import functools
import hashlib
import importlib
import importlib.util
import json
import os
import random
import sys
import threading
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

import numpy as np

import aiarray
from aiarray import _dtypes as D
from aiarray._array import Array
from aiarray._fork import at_fork
from aiarray._promotion import TypedScalar
from aiarray._registry import OPERATORS
from aiarray._swap_imports import swap_tree

from ._typing import DType, NDArray

PACKAGE_DIR = os.path.dirname(os.path.abspath(aiarray.__file__)) + os.sep
PREVIEW = 16  # elements of each array value kept in the trace
SEED = 20240607  # NumPy's and Python's global random state start here in both runs
SWAP_IN = "aiarray.numpy"

SYMBOLS = {
    "add": "+", "sub": "-", "mul": "*", "truediv": "/", "floordiv": "//", "mod": "%",
    "pow": "**", "and": "&", "or": "|", "xor": "^", "lshift": "<<", "rshift": ">>",
    "eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">=", "abs": "abs()",
    "neg": "unary -", "pos": "unary +", "invert": "~", "matmul": "@",
}
# Namespace functions that configure rather than compute: never traced.
UNTRACED = frozenset({
    "set_promotion_policy", "get_promotion_policy", "promotion_policy", "explain_promotion",
    "set_num_threads", "get_num_threads", "set_printoptions", "get_printoptions",
    "printoptions", "seterr", "geterr", "errstate", "array_namespace",
})
UFUNC_METHODS = ("__call__", "reduce", "accumulate", "outer", "at", "reduceat")


# --------------------------------------------------------------------------- operands
def _values(a: NDArray) -> NDArray:
    """A NumPy-native view of an aiarray ndarray's values (complex32 and bf16 widened)."""
    if a.dtype.fields is not None:
        return D.c32_to_c64(a)
    if D.is_bfloat16(a.dtype):
        return a.astype(np.float32)
    return a


def _digest(a: NDArray) -> str:
    data = np.ascontiguousarray(a)
    h = hashlib.blake2b(digest_size=10)
    h.update(str((data.dtype.str, data.shape)).encode())
    h.update(data.view(np.uint8).reshape(-1)  # type: ignore[arg-type]  # a buffer (stubs: 3.12+)
             if data.size else b"")
    return h.hexdigest()


def describe(value: object, depth: int = 0) -> dict[str, Any]:
    """A JSON-able description of one operand or result."""
    if isinstance(value, Array):
        return _describe_array("array", value._array, value._dtype)
    if isinstance(value, np.ndarray):
        dt = D.of_numpy(value.dtype)
        return _describe_array("ndarray", value, dt if dt is not None else value.dtype)
    if isinstance(value, TypedScalar):
        return {"kind": "typed-scalar", "dtype": D.name_of(value.dtype), "value": repr(value.value)}
    if isinstance(value, np.generic):
        dt = D.of_numpy(value.dtype)
        out = {"kind": "numpy-scalar", "dtype": D.name_of(dt) if dt is not None
               else str(value.dtype), "value": repr(value.item())}
        if getattr(type(value), "_numpy", False):  # the swap-in's: promotes as a 0-d array
            out["as"] = "array"
        return out
    kind = {builtins.bool: "py-bool", int: "py-int", float: "py-float",
            complex: "py-complex"}.get(type(value))
    if kind is not None:
        return {"kind": kind, "value": repr(value)}
    if isinstance(value, D.DTYPE_CLASSES) or (isinstance(value, type)
                                              and issubclass(value, np.generic)):
        return {"kind": "dtype", "value": _dtype_name(value)}
    if isinstance(value, list | tuple) and depth == 0:
        return {"kind": type(value).__name__, "items": [describe(v, 1) for v in value[:8]],
                "length": len(value)}
    if value is None or isinstance(value, str | slice | type(Ellipsis)):
        return {"kind": "other", "value": repr(value)[:80]}
    return {"kind": "other", "type": type(value).__name__}


def _dtype_name(value: Any) -> str:
    try:
        return D.name_of(D.canonical(np.dtype(value) if not isinstance(value, D.DTYPE_CLASSES)
                                     else value))
    except (TypeError, ValueError):
        return str(value)


def _describe_array(kind: str, a: NDArray, dtype: DType) -> dict[str, Any]:
    flat = _values(a).reshape(-1)[:PREVIEW]
    return {"kind": kind, "dtype": D.name_of(dtype), "shape": list(a.shape),
            "digest": _digest(a), "preview": [repr(v) for v in flat.tolist()]}


# --------------------------------------------------------------------------- the tracer
class Tracer:
    """Records user-level calls into a JSON-lines file."""

    def __init__(self, out: TextIO, script: str, max_ops: int) -> None:
        self.out = out
        self.script = script
        self.script_dir = os.path.dirname(script) + os.sep
        self.max_ops = max_ops
        self.count = 0
        self.lock = threading.Lock()
        at_fork(in_child=self._fresh_lock)  # (one tracer per traced run)

    def _fresh_lock(self) -> None:
        """(In a forked child.)  Another thread may have held the lock at the fork."""
        self.lock = threading.Lock()

    def location(self, frame: types.FrameType | None) -> tuple[str, int]:
        """The innermost frame in the script (else in its folder, else any non-aiarray)."""
        best = fallback = None
        while frame is not None:
            name = frame.f_code.co_filename
            if name == self.script:
                return name, frame.f_lineno
            if not name.startswith(PACKAGE_DIR):
                if best is None and name.startswith(self.script_dir):
                    best = (name, frame.f_lineno)
                if fallback is None:
                    fallback = (name, frame.f_lineno)
            frame = frame.f_back
        return best or fallback or ("?", 0)

    def write(self, record: dict[str, Any]) -> None:
        with self.lock:
            self.count += 1
            if self.count > self.max_ops:
                if self.count == self.max_ops + 1:
                    self.out.write(json.dumps({"event": "truncated"}) + "\n")
                return
            self.out.write(json.dumps(record) + "\n")

    def call(self, op: str, fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[Any, Any],
             caller: types.FrameType, operator: str | None = None,
             shown: tuple[tuple[Any, ...], dict[Any, Any]] | None = None) -> Any:
        """Call ``fn``; record the call when ``caller`` is outside aiarray.

        ``shown`` are the operands to record when they are not ``args``/``kwargs``
        themselves (NumPy's protocols pass the ufunc and the inputs packed).
        """
        if caller.f_code.co_filename.startswith(PACKAGE_DIR) or self.count > self.max_ops:
            return fn(*args, **kwargs)  # aiarray calling itself, or the trace is full
        shown_args, shown_kwargs = shown if shown is not None else (args, kwargs)
        file, line = self.location(caller)
        record: dict[str, Any] = {
            "event": "op", "file": file, "line": line, "op": op,
            "args": [describe(a) for a in shown_args],
            "kwargs": {k: describe(v) for k, v in shown_kwargs.items()},
        }
        if operator:
            record["operator"] = operator
        try:
            result = fn(*args, **kwargs)
        except Exception as exc:
            record["error"] = {"type": type(exc).__name__, "message": str(exc)[:500]}
            self.write(record)
            raise
        if result is NotImplemented:
            return result
        if result is None and shown_args and isinstance(shown_args[0], Array):
            record["result"] = describe(shown_args[0])  # x[k] = v: the array after
        else:
            record["result"] = describe(result)
        self.write(record)
        return result

    def wrap(self, op: str, fn: Callable[..., Any], operator: str | None = None) -> Callable[...,
             Any]:
        """``fn``, recording each call whose direct caller is outside aiarray."""
        call = self.call

        @functools.wraps(fn)
        def traced(*args: Any, **kwargs: Any) -> Any:
            return call(op, fn, args, kwargs, sys._getframe(1), operator)

        traced.__wrapped_by_port__ = True  # type: ignore[attr-defined]  # a mark on the function
        return traced


def _public_functions(module: types.ModuleType) -> dict[str, object]:
    names = getattr(module, "__all__", None) or [n for n in vars(module) if not n.startswith("_")]
    out = {}
    for name in names:
        if name in UNTRACED:
            continue
        try:
            obj = getattr(module, name)
        except AttributeError:
            continue
        out[name] = obj
    return out


def install(tracer: Tracer) -> list[str]:
    """Wrap the public namespaces and the Array class; return the namespaces wrapped."""
    done: list[str] = []
    modules = ["aiarray", "aiarray.linalg", "aiarray.fft"]
    if importlib.util.find_spec(SWAP_IN) is not None:
        modules += [SWAP_IN] + [f"{SWAP_IN}.{m}" for m in ("linalg", "fft", "random")]
    patched_classes: set[type[Any]] = set()
    for modname in modules:
        try:
            module = importlib.import_module(modname)
        except ImportError:
            continue
        prefix = "" if modname == "aiarray" else modname.replace("aiarray.", "") + "."
        for name, obj in _public_functions(module).items():
            if isinstance(obj, types.FunctionType | types.BuiltinFunctionType | functools.partial):
                if not getattr(obj, "__wrapped_by_port__", False):
                    setattr(module, name, tracer.wrap(prefix + name, obj))
            elif (callable(obj) and not isinstance(obj, type | types.ModuleType)
                  and type(obj).__module__.startswith("aiarray")
                  and type(obj) not in patched_classes):
                _patch_ufunc_class(tracer, type(obj), prefix)
                patched_classes.add(type(obj))
        done.append(modname)
    _patch_array(tracer)
    if SWAP_IN in done:
        _patch_scalars(tracer)
    return done


def _patch_scalars(tracer: Tracer) -> None:
    """Trace the swap-in's scalar arithmetic too, in both runs: its scalars become
    aiarray.numpy's (NumPy's types, computing by the policy in force) and their
    operators are traced as Array's are."""
    from aiarray._promotion import SCALARS
    from aiarray.numpy import _scalars

    by_dunder = _operator_names()
    SCALARS.always_ours()

    def patch(cls: type[Any]) -> None:
        for name, fn in list(vars(cls).items()):
            if name in by_dunder and isinstance(fn, types.FunctionType):
                op_name, sym = by_dunder[name]
                setattr(cls, name, tracer.wrap(op_name, fn, operator=sym))

    for cls in _scalars.policy_types():
        patch(cls)
    _scalars.MADE.append(patch)  # bfloat16's, when it loads


def _operator_names() -> dict[str, tuple[str, str]]:
    """Operator method name -> (the registry's op name, the symbol shown)."""
    by_dunder: dict[str, tuple[str, str]] = {}
    for opname, op in OPERATORS.items():
        sym = SYMBOLS.get(opname, opname)
        by_dunder[f"__{opname}__"] = (op.name, sym)
        by_dunder[f"__r{opname}__"] = (op.name, f"{sym} (reflected)")
        by_dunder[f"__i{opname}__"] = (op.name, f"{sym}=")
    return by_dunder


def _patch_ufunc_class(tracer: Tracer, cls: type[Any], prefix: str) -> None:
    """Trace a ufunc-like class's call and methods, named after each instance."""
    for meth in UFUNC_METHODS:
        fn = getattr(cls, meth, None)
        if not isinstance(fn, types.FunctionType):
            continue

        def make(fn: Callable[..., Any], meth: str) -> Callable[..., Any]:
            @functools.wraps(fn)
            def method(self: Any, *args: Any, **kwargs: Any) -> Any:
                name = prefix + str(getattr(self, "__name__", cls.__name__))
                label = name if meth == "__call__" else f"{name}.{meth}"
                return tracer.call(label, fn, (self, *args), kwargs, sys._getframe(1),
                                   shown=(args, kwargs))
            return method

        setattr(cls, meth, make(fn, meth))


def _patch_array(tracer: Tracer) -> None:
    """Trace Array's operators (named by the registry) and its public methods."""
    by_dunder = _operator_names()
    by_dunder.update({"__matmul__": ("matmul", "@"), "__rmatmul__": ("matmul", "@ (reflected)"),
                      "__imatmul__": ("matmul", "@="),
                      "__getitem__": ("getitem", "x[k]"), "__setitem__": ("setitem", "x[k] = v")})
    seen: set[str] = set()
    for klass in Array.__mro__:
        if klass is object:
            continue
        for name, fn in list(vars(klass).items()):
            if name in seen or not isinstance(fn, types.FunctionType):
                continue
            seen.add(name)
            if name in ("__array_ufunc__", "__array_function__"):
                setattr(Array, name, _numpy_protocol(tracer, fn, name == "__array_ufunc__"))
            elif name in by_dunder:
                op_name, sym = by_dunder[name]
                setattr(Array, name, tracer.wrap(op_name, fn, operator=sym))
            elif not name.startswith("_"):
                setattr(Array, name, tracer.wrap(f"Array.{name}", fn, operator=f"x.{name}()"))


def _numpy_protocol(tracer: Tracer, fn: Callable[..., Any], ufunc: bool) -> Callable[..., Any]:
    """Trace NumPy functions applied to Arrays, named after the NumPy function."""

    @functools.wraps(fn)
    def protocol(self: Any, *args: Any, **kwargs: Any) -> Any:
        if ufunc:  # (ufunc, method, *inputs, **kwargs)
            method = args[1]
            name = f"numpy.{args[0].__name__}" + ("" if method == "__call__" else f".{method}")
            shown = (args[2:], kwargs)
        else:  # (func, types, args, kwargs)
            name = f"numpy.{args[0].__name__}"
            shown = (tuple(args[2]), dict(args[3]))
        return tracer.call(name, fn, (self, *args), kwargs, sys._getframe(1), shown=shown)

    return protocol


# --------------------------------------------------------------------------- running
def compile_script(path: str) -> tuple[types.CodeType, list[dict[str, Any]]]:
    """The script's code object, with NumPy imports swapped in when it uses NumPy."""
    source = Path(path).read_text(encoding="utf-8")
    tree = ast.parse(source, filename=path)
    changes = swap_tree(tree, SWAP_IN)
    return compile(tree, path, "exec"), changes


def set_policy(name: str) -> None:
    """Run everything under ``name``: the global policy and the swap-in's, when present."""
    aiarray.set_promotion_policy(name)
    if importlib.util.find_spec(SWAP_IN) is not None:
        swap = importlib.import_module(SWAP_IN)
        setter = getattr(swap, "set_promotion_policy", None)
        if setter is not None:
            setter(name)


def run(policy: str, trace_path: str, script: str, argv: list[str], max_ops: int) -> int:
    """Run ``script`` under ``policy``, tracing into ``trace_path``; the script's exit code."""
    script = os.path.abspath(script)
    with open(trace_path, "w", encoding="utf-8") as out:
        code, changes = compile_script(script)
        set_policy(policy)
        tracer = Tracer(out, script, max_ops)
        wrapped = install(tracer)
        out.write(json.dumps({"event": "start", "policy": policy, "imports": changes,
                              "namespaces": wrapped}) + "\n")
        out.flush()
        np.random.seed(SEED)
        random.seed(SEED)
        sys.argv = [script, *argv]
        sys.path.insert(0, os.path.dirname(script))
        namespace = {"__name__": "__main__", "__file__": script, "__builtins__": builtins}
        status = 0
        end: dict[str, Any] = {"event": "end"}
        try:
            exec(code, namespace)  # running the user's script is the point
        except SystemExit as exc:
            status = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        except BaseException as exc:  # the script failed: record where and why
            import traceback

            tb = exc.__traceback__
            frames = [f for f in traceback.extract_tb(tb) if f.filename == script]
            where = frames[-1] if frames else None
            end["error"] = {"type": type(exc).__name__, "message": str(exc)[:500],
                            "file": where.filename if where else "?",
                            "line": where.lineno if where else 0}
            traceback.print_exc()
            status = 1
        finally:
            sys.stdout.flush()
        end["status"] = status
        out.write(json.dumps(end) + "\n")
    return status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m aiarray._port_trace")
    parser.add_argument("--policy", required=True)
    parser.add_argument("--trace", required=True)
    parser.add_argument("--max-ops", type=int, default=200_000)
    parser.add_argument("script")
    parser.add_argument("args", nargs=argparse.REMAINDER)
    ns = parser.parse_args(argv)
    return run(ns.policy, ns.trace, ns.script, ns.args, ns.max_ops)


if __name__ == "__main__":
    sys.exit(main())

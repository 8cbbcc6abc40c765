"""Fuzz every public callable of aiarray with random, mostly bad arguments.

    python -m tests.fuzz [--calls N] [--seed S] [--batch-size B] [--jobs J] [--json PATH]

Each batch of calls runs in its own subprocess (a crash or an abort there is a
failure, never a lost test run) under a per-call watchdog (a call that runs
longer than ``--timeout`` seconds is a failure) and, where the platform allows
it, an address-space limit (``--memory`` GiB) so a huge allocation fails
instead of exhausting the machine.  The arguments come from tests/fuzz_values.py.

Each call must either return, or raise an exception that is a TypeError,
ValueError, IndexError, OverflowError, ZeroDivisionError or MemoryError
carrying an ``aiarray.Status`` in ``.status``; no array passed in may change
(byte for byte, its dtype and its namespace tag), except what a successful call
writes by NumPy's API (``out=``, the in-place functions; tests/fuzz_rules.py); and
no process-wide setting may change, except by the calls whose purpose it is
(the settings are put back after every call).  An exception raised by a foreign
object's own method (``_Boom``) may pass through, and an assertion's
AssertionError is its answer.  The run prints a summary and exits 1 on any
violation.

The targets are every name in ``__all__`` of aiarray and of every public module
under it (``aiarray.numpy`` and its submodules included), the operators, methods
and properties of Array (of either namespace), and the methods of the other
public classes (ufunc methods, random generators, NpzFile, poly1d, the
polynomial series ...); exception classes and the ``Status`` enum are types, not
operations, and are left out.  NumPy's own classes served as themselves are
called but their exceptions are NumPy's (fuzz_rules.NUMPY_OWN).
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

try:
    from . import fuzz_rules as rules
    from .fuzz_values import OPERANDS, _Boom, draw_call, strategies
except ImportError:  # run as a script, or imported from tests/ as ``fuzz``
    import fuzz_rules as rules  # type: ignore[no-redef]
    from fuzz_values import OPERANDS, _Boom, draw_call, strategies  # type: ignore

HERE = Path(__file__).resolve().parent
STANDARD = (TypeError, ValueError, IndexError, OverflowError, ZeroDivisionError, MemoryError)


# -- targets ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Target:
    """One public callable: ``call(*args, **kwargs)``; ``inplace`` may change args[0].

    The rest is read from tests/fuzz_rules.py: ``writes`` (the arguments a successful
    call may write), ``positional_out`` (a ufunc's outputs given positionally start
    there), ``answers`` (exceptions that are the call's answer), ``state`` (the
    process-wide settings it changes by design), ``own`` (NumPy's own class).
    """

    name: str
    call: Callable[..., Any]
    params: tuple[inspect.Parameter, ...]
    inplace: bool = False
    operand: str = ""  # operator targets: the kind of value one operand must be
    writes: tuple[rules.Writes, ...] = ()
    positional_out: int = -1
    answers: tuple[type[BaseException], ...] = ()
    state: frozenset[str] = frozenset()
    own: bool = False
    small: frozenset[str] = frozenset()  # parameters drawn from small ints (fuzz_rules.WORK)


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
                    "__array_wrap__", "__array_finalize__", "__array_priority__",
                    "__getattr__", "__del__", "__enter__", "__exit__", "__subclasscheck__",
                    "__instancecheck__"}


def _defines(cls: type, name: str) -> bool:
    """Whether ``cls`` (or an aiarray base) defines ``name``: not Python's object/tuple."""
    owner = next((k for k in cls.__mro__ if name in vars(k)), None)
    return owner is not None and owner.__module__ != "builtins"


def _params(func: Callable) -> tuple[inspect.Parameter, ...] | None:
    try:
        return tuple(inspect.signature(func).parameters.values())
    except (TypeError, ValueError):
        return _params_from_doc(func)


def _params_from_doc(func: Callable) -> tuple[inspect.Parameter, ...] | None:
    """The parameters a NumPy builtin documents in its docstring's first line
    (``fromstring(string, dtype=float, count=-1, *, sep, like=None)``)."""
    doc = (getattr(inspect.unwrap(func), "__doc__", None) or "").strip().split("\n")[0]
    head, _, rest = doc.partition("(")
    if not head.isidentifier() or not rest.endswith(")"):
        return None
    namespace: dict[str, Any] = {}
    try:
        exec(f"def f({rest[:-1]}): pass", {"float": float, "None": None}, namespace)
    except Exception:  # a first line that is not a signature
        return None
    return tuple(inspect.signature(namespace["f"]).parameters.values())


def _positional(n: int) -> tuple[inspect.Parameter, ...]:
    return tuple(inspect.Parameter(f"x{i + 1}" if n > 1 else "x",
                                   inspect.Parameter.POSITIONAL_ONLY) for i in range(n))


def _skip_name(obj: object) -> bool:
    """Exception classes and the Status enum: types, not operations."""
    import aiarray

    return isinstance(obj, type) and (issubclass(obj, BaseException) or obj is aiarray.Status)


def public_modules() -> list[tuple[str, Any]]:
    """aiarray and every public module under it (each name part without a leading _)."""
    import pkgutil

    import aiarray

    out = [("aiarray", aiarray)]
    for info in pkgutil.walk_packages(aiarray.__path__, "aiarray."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        out.append((info.name, importlib.import_module(info.name)))
    return out


def _namespace_targets(prefix: str, module: Any) -> Iterator[Target]:
    from aiarray.numpy import ufunc

    for name in getattr(module, "__all__", ()):
        obj = getattr(module, name, None)
        if obj is None or not callable(obj) or _skip_name(obj) or inspect.ismodule(obj):
            continue
        if isinstance(obj, ufunc):  # the ufunc's full signature (out=, where=, dtype= ...)
            params = tuple(inspect.signature(ufunc.__call__).parameters.values())[1:]
            yield Target(f"{prefix}.{name}", obj, params, positional_out=obj.nin)
            continue
        params = _params(obj)
        if params is not None:
            yield Target(f"{prefix}.{name}", obj, params, own=rules.numpy_own(obj))


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
        if not (callable(attr) or isinstance(attr, classmethod | staticmethod)) or \
                isinstance(attr, type):
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


# ufuncs whose methods are fuzzed: the registry's binary and unary ones, one NumPy
# computes alone, a comparison and one without an identity
METHOD_UFUNCS = ("add", "negative", "fmod", "less", "maximum")
UFUNC_METHODS = ("reduce", "accumulate", "reduceat", "outer", "at")


def _swapin_targets() -> Iterator[Target]:
    """The methods of aiarray.numpy's classes and objects (its functions are namespace
    targets): ufunc methods, random generators, NpzFile, poly1d, vectorize, the
    polynomial series, flatiter, mgrid/ogrid/r_/c_, and a swap-in Array's operators
    and methods (its tag changes their rules)."""
    import aiarray as aa
    import aiarray.numpy as anp

    for u in METHOD_UFUNCS:
        for method in UFUNC_METHODS:
            func = getattr(getattr(anp, u), method)
            yield Target(f"aiarray.numpy.{u}.{method}", func, _params(func) or ())
    yield from _method_targets("aiarray.numpy.random.Generator",
                               lambda: anp.random.default_rng(7), anp.random.Generator)
    yield from _method_targets("aiarray.numpy.random.RandomState",
                               lambda: anp.random.RandomState(7), anp.random.RandomState)
    yield from _method_targets("aiarray.numpy.NpzFile", lambda: anp.load(_npz_file()),
                               anp.NpzFile)
    yield from _method_targets("aiarray.numpy.poly1d", lambda: anp.poly1d([1.0, -2.0, 3.0]),
                               anp.poly1d)
    yield from _method_targets("aiarray.numpy.vectorize",
                               lambda: anp.vectorize(lambda v: v * 2), anp.vectorize)
    for series in ("Polynomial", "Chebyshev"):
        cls = getattr(anp.polynomial, series)
        yield from _method_targets(f"aiarray.numpy.polynomial.{series}",
                                   lambda cls=cls: cls([1.0, 2.0, 3.0]), cls)
    flat = type(anp.arange(3).flat)
    yield from _method_targets("aiarray.numpy.flatiter", lambda: anp.arange(6.0).flat, flat)
    yield from _operator_targets("aiarray.numpy.flatiter", flat, "flatiter")
    for trick in ("mgrid", "ogrid", "r_", "c_"):
        yield Target(f"aiarray.numpy.{trick}.__getitem__",
                     lambda key, trick=trick: getattr(anp, trick)[key], (_param("key"),))
    yield from _operator_targets("NumpyArray", aa.Array, "swap-in array")
    yield from _method_targets("NumpyArray", lambda: anp.asarray([[1.0, 2.0], [3.0, 4.0]]),
                               aa.Array)


_NPZ: list[str] = []


def _npz_file() -> str:
    """An .npz file of two arrays (made once per process, removed at exit)."""
    if not _NPZ:
        import atexit
        import shutil

        import numpy as np

        folder = tempfile.mkdtemp(prefix="aiarray-fuzz-npz-")
        atexit.register(shutil.rmtree, folder, True)
        path = os.path.join(folder, "arrays.npz")
        np.savez(path, a=np.arange(4.0), b=np.eye(2, dtype=np.int32))
        _NPZ.append(path)
    return _NPZ[0]


def _with_rules(t: Target) -> Target:
    """``t`` with what tests/fuzz_rules.py says about it."""
    import dataclasses

    return dataclasses.replace(t, writes=tuple(rules.writes_for(t.name, t.params)),
                               answers=rules.answers(t.name),
                               state=frozenset(rules.may_change_state(t.name, t.call)),
                               small=rules.small_params(t.name))


def targets() -> list[Target]:
    """Every public callable of aiarray (see the module docstring)."""
    import aiarray as aa

    out: list[Target] = []
    for name, module in public_modules():
        out += _namespace_targets(name, module)
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
    out += _swapin_targets()
    return [_with_rules(t) for t in out if t.name not in rules.EXCLUDED]


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
        if type(v) is aa.Array:  # its data, its dtype and its namespace (the tag)
            a = v._array
            out.append((v, (a.shape, a.strides, str(a.dtype), a.tobytes(), str(v._dtype),
                            v._numpy)))
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


def _memory(obj: Any, aa: Any) -> Any:
    import numpy as np

    if type(obj) is aa.Array:
        return obj._array
    return obj if isinstance(obj, np.ndarray) else None


def _may_write(target: Target, args: list, kwargs: dict) -> list[Any]:
    """The arguments a successful call of ``target`` may write (fuzz_rules.WRITES, an
    operator's in-place target, a ufunc's positional outputs)."""
    objs: list[Any] = []
    if target.inplace and args:
        objs.append(args[0])
    if target.positional_out >= 0:
        objs += args[target.positional_out:]
    if target.writes:
        try:
            bound = dict(inspect.Signature(target.params).bind_partial(*args, **kwargs)
                         .arguments)
        except (TypeError, ValueError):
            bound = dict(kwargs)
        for w in target.writes:
            if w.when is None or w.when(bound):
                objs += [bound[name] for name in w.params if name in bound]
    return [o for obj in objs for o in (obj if type(obj) in (tuple, list) else (obj,))]


def _permitted(obj: Any, allowed: list[Any], aa: Any) -> bool:
    """Whether a change of ``obj`` is a permitted write: it is, or shares memory with,
    an argument the call may write."""
    import numpy as np

    mem = _memory(obj, aa)
    for a in allowed:
        if a is obj:
            return True
        other = _memory(a, aa)
        if mem is not None and other is not None and np.may_share_memory(mem, other):
            return True
    return False


def _exception_problems(e: BaseException, target: Target, aa: Any) -> list[str]:
    if target.own:  # NumPy's own class: NumPy's exception (fuzz_rules.NUMPY_OWN)
        return []
    problems = []
    if not isinstance(e, STANDARD):
        problems.append(f"raised {type(e).__module__}.{type(e).__qualname__}, not one of "
                        f"the six standard types: {_short(str(e))}")
    if not isinstance(getattr(e, "status", None), aa.Status):
        problems.append(f"raised {type(e).__qualname__} without .status: {_short(str(e))}")
    return problems


def check_call(target: Target, args: list, kwargs: dict, aa: Any) -> tuple[str, list[str]]:
    """Run one call; (outcome, violations).  Outcome: 'ok' or the exception's class name.

    Process-wide settings (fuzz_rules.STATE) are put back afterwards, whatever happened.
    """
    snaps = _snapshots([*args, *kwargs.values()], aa)
    before = rules.state()
    try:
        return _check(target, args, kwargs, aa, snaps, before)
    finally:
        rules.restore(before)


def _check(target: Target, args: list, kwargs: dict, aa: Any, snaps: list,
           before: dict[str, Any]) -> tuple[str, list[str]]:
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
        if not isinstance(e, target.answers):
            problems += _exception_problems(e, target, aa)
    changed = _changed(snaps, aa)
    allowed = _may_write(target, args, kwargs) if outcome == "ok" else []
    wrong = [i for i in changed if not _permitted(snaps[i][0], allowed, aa)]
    if wrong:
        problems.append(f"changed input array(s) {wrong} ({outcome})")
    moved = [name for name in rules.changed_state(before, rules.state())
             if name not in target.state]
    if moved:
        problems.append(f"changed process state: {', '.join(moved)} ({outcome})")
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
    strats = strategies(aa)
    stats: Counter[str] = Counter()
    by_target: Counter[str] = Counter()
    violations: list[dict[str, Any]] = []
    examples: dict[str, str] = {}  # outcome -> the first call that ended so
    slowest: list[tuple[float, str]] = []  # (seconds, call), the longest calls
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
            args[side] = data.draw(strats[OPERANDS[target.operand]])
        text = _describe(target, args, kwargs)
        log.seek(0)
        log.write(text + "\n")
        log.truncate()
        log.flush()
        faulthandler.dump_traceback_later(timeout, exit=True)
        start = time.perf_counter()
        try:
            outcome, problems = check_call(target, args, kwargs, aa)
        except Exception as e:  # the checker's own failure (a setting left unrestorable)
            outcome, problems = "harness", [f"the fuzzer failed checking this call: {e!r}"]
        faulthandler.cancel_dump_traceback_later()
        slowest.append((time.perf_counter() - start, text))
        slowest.sort(reverse=True)
        del slowest[5:]
        stats[outcome] += 1
        examples.setdefault(outcome, text)
        by_target[target.name] += 1
        for p in problems:
            violations.append({"call": text, "problem": p})

    run()
    log.close()
    calls_made = sum(stats.values())
    raised = calls_made - stats["ok"] - stats["foreign"]
    return {"calls": calls_made, "outcomes": dict(stats), "raised": raised,
            "targets": len(todo), "targets_called": len(by_target),
            "violations": violations, "by_target": dict(by_target), "examples": examples,
            "slowest": slowest}


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
                             "crashes": [], "seed": seed, "targets": 0, "called": set(),
                             "examples": {}, "slowest": []}
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
                # what calls print (show_config, info, a callback) goes nowhere; stderr
                # (a crash's traceback) to a file: a full pipe would block the batch
                errfile = Path(tmp) / f"stderr-{index}.txt"
                with open(errfile, "w") as err:
                    proc = subprocess.Popen(cmd, cwd=tmp, env=env, stdout=subprocess.DEVNULL,
                                            stderr=err, stdin=subprocess.DEVNULL)
                running.append((index, proc, progress, out))
            time.sleep(0.05)
            for item in list(running):
                index, proc, progress, out = item
                if proc.poll() is None:
                    continue
                running.remove(item)
                stderr = (Path(tmp) / f"stderr-{index}.txt").read_text(errors="replace")
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
                for outcome, call in res["examples"].items():
                    total["examples"].setdefault(outcome, call)
                total["slowest"] = sorted(total["slowest"] + [tuple(x) for x in res["slowest"]],
                                          reverse=True)[:5]
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
             f"calls that changed process state outside the rules: "
             f"{count('changed process state')}",
             f"violations: {len(res['violations'])}",
             "outcomes: " + ", ".join(f"{k} {v}" for k, v in sorted(
                 res["outcomes"].items(), key=lambda kv: -kv[1]))]
    distinct: dict[str, str] = {}
    for v in res["violations"]:
        distinct.setdefault(v["problem"][:160], v["call"])
    for problem, call in list(distinct.items())[:60]:
        lines.append(f"  {problem}\n      e.g. {call}")
    lines.append("slowest calls: " + "; ".join(f"{t:.1f} s {call[:120]}"
                                               for t, call in res.get("slowest", [])[:3]))
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

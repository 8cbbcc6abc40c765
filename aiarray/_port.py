"""``python -m aiarray port SCRIPT.py [ARGS...]``: where a NumPy script changes on Ascend.

The script runs twice, each run in a child process of its own (``_port_trace``), one
after the other (``--parallel``: both at once):
under the reference policy (``numpy``: the dtypes NumPy gives) and under the target
policy (``ascend``).  The two traces are compared operation by operation.  The report
gives the first operation whose result differs (file:line, the operation, the dtypes,
the values when only values differ) with the promotion rule that decided it under each
policy, then a summary of every difference grouped by rule, and the first line where
the printed output differs.

Exit status: 0 both runs agree (dtypes, values, printed output); 1 they differ;
2 bad command line; 3 no difference was found but the script did not run to the end
under both policies (it failed the same way in both, or timed out).
"""

from __future__ import annotations

import argparse
import json
import linecache
import os
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import _dtypes as D
from . import _promotion as P
from ._promotion import INT_TO_FLOAT
from ._registry import OPS
from ._typing import DType

EXIT_SAME, EXIT_DIFFERENT, EXIT_USAGE, EXIT_INCOMPLETE = 0, 1, 2, 3
# operations whose first operand is not promoted with the others
NOT_PROMOTED_FIRST = frozenset({"where", "numpy.where"})


@dataclass
class Run:
    """One traced run of the script."""

    policy: str
    ops: list[dict[str, Any]] = field(default_factory=list)
    start: dict[str, Any] = field(default_factory=dict)
    end: dict[str, Any] | None = None
    truncated: bool = False
    timed_out: bool = False
    returncode: int | None = None
    stdout: str = ""
    stderr: str = ""

    @property
    def status(self) -> str:
        if self.timed_out:
            return "timed out"
        if self.end is None:
            return f"stopped without finishing (exit code {self.returncode})"
        err = self.end.get("error")
        if err:
            return f"failed at {_short(err['file'])}:{err['line']}: {err['type']}: {err['message']}"
        return f"exit {self.end.get('status', 0)}"

    @property
    def completed(self) -> bool:
        return self.end is not None and not self.end.get("error") and not self.timed_out


# --------------------------------------------------------------------------- running
def _child_command(policy: str, trace: str, script: str, args: list[str],
                   max_ops: int) -> list[str]:
    return [sys.executable, "-m", "aiarray._port_trace", "--policy", policy, "--trace", trace,
            "--max-ops", str(max_ops), script, *args]


def run_both(script: str, args: list[str], policies: tuple[str, str], timeout: float,
             max_ops: int, parallel: bool = False) -> tuple[Run, Run]:
    """Run the script under each policy in a process of its own: one after the other
    (files the script writes cannot mix), or both at once when ``parallel``."""
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONIOENCODING="utf-8")
    with tempfile.TemporaryDirectory(prefix="aiarray-port-") as tmp:
        started = []
        runs = []
        for policy in policies:
            trace = os.path.join(tmp, f"{policy}.jsonl")
            out = open(os.path.join(tmp, f"{policy}.out"), "w+", encoding="utf-8")
            err = open(os.path.join(tmp, f"{policy}.err"), "w+", encoding="utf-8")
            proc = subprocess.Popen(_child_command(policy, trace, script, args, max_ops),
                                    stdout=out, stderr=err, stdin=subprocess.DEVNULL, env=env)
            started.append((Run(policy), trace, out, err, proc))
            if not parallel:
                runs.append(_finish(*started.pop(), timeout))
        runs += [_finish(*s, timeout) for s in started]
    return runs[0], runs[1]


def _finish(run: Run, trace: str, out: Any, err: Any, proc: subprocess.Popen[Any],
            timeout: float) -> Run:
    """Wait for one run's process (killing it after ``timeout`` s) and read what it left."""
    try:
        run.returncode = proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        run.timed_out = True
    for handle, attr in ((out, "stdout"), (err, "stderr")):
        handle.seek(0)
        setattr(run, attr, handle.read())
        handle.close()
    _load_trace(run, trace)
    return run


def _load_trace(run: Run, path: str) -> None:
    if not os.path.exists(path):
        return
    with open(path, encoding="utf-8") as f:
        for line in f:
            try:
                rec = json.loads(line)
            except json.JSONDecodeError:  # a run killed mid-line
                break
            event = rec.get("event")
            if event == "op":
                run.ops.append(rec)
            elif event == "start":
                run.start = rec
            elif event == "end":
                run.end = rec
            elif event == "truncated":
                run.truncated = True


# --------------------------------------------------------------------------- comparing
def _operand_values(args: list[dict[Any, Any]], kwargs: dict[str, dict[Any, Any]],
                    op: str) -> list[object]:
    """The operands that take part in promotion, as dtypes or scalars for explain."""
    items: list[dict[Any, Any]] = []
    for i, a in enumerate(args):
        if i == 0 and op in NOT_PROMOTED_FIRST:
            continue
        items.extend(a["items"] if a["kind"] in ("list", "tuple") else [a])
    if op in ("setitem",) and len(items) == 3:
        items = [items[0], items[2]]  # x[k] = v: x with v, not the key
    elif op == "getitem":
        items = items[:1]
    out: list[object] = []
    for d in items:
        value = _as_operand(d)
        if value is not None:
            out.append(value)
    return out


def _dtype_named(name: str) -> DType | None:
    """The aiarray dtype a trace names (bfloat16 loads here when a run used it)."""
    if name == "bfloat16":
        return D.load_bfloat16()
    return D.FROM_NAME.get(name)


def _as_operand(d: dict[str, Any]) -> object:
    kind = d.get("kind")
    if kind in ("array", "ndarray") or d.get("as") == "array":
        return _dtype_named(d["dtype"])
    if kind in ("typed-scalar", "numpy-scalar"):
        dt = _dtype_named(d["dtype"])
        return None if dt is None else P.TypedScalar(0, dt)  # (only its dtype is explained)
    text = d.get("value", "")
    try:
        if kind == "py-bool":
            return text == "True"
        if kind == "py-int":
            return int(text)
        if kind == "py-float":
            return float(text)
        if kind == "py-complex":
            return complex(text)
    except ValueError:
        return None
    return None


def _explain(policy: str, a: Any, b: Any) -> dict[str, Any]:
    with P.promotion_policy(policy):
        e = P.explain_promotion(a, b)
    return {"result": None if e.result is None else D.name_of(e.result), "policy": e.policy,
            "table": e.table, "row": e.row, "column": e.column, "note": e.note}


def _pairs(operands: list[object]) -> list[tuple[object, object]]:
    arrays = [o for o in operands if isinstance(o, D.DTYPE_CLASSES)]
    if not arrays:
        return []
    base = arrays[0]
    rest = list(operands)
    rest.remove(base)
    return [(base, o) for o in rest]


# NumPy-side names of the floating-valued ops that are not elementwise registry ops
_FLOAT_USES = {"mean": "statistics", "var": "statistics", "std": "statistics",
               "nanmean": "statistics", "nanvar": "statistics", "nanstd": "statistics",
               "true_divide": "divide"}


_USE_TEXT = {"function": "a math function", "divide": "true division",
             "statistics": "mean, var and std", "linalg": "linalg functions"}


def _int_to_float_use(op: str) -> str | None:
    """Which int-to-float rule an operation follows ("function", "divide", ...), if any."""
    name = op.rpartition(".")[2]
    if op.startswith(("linalg.", "numpy.linalg.")):
        return "linalg"
    if name in _FLOAT_USES:
        return _FLOAT_USES[name]
    rec = OPS.get(name)
    if rec is not None and rec.to_float:
        return "divide" if name == "divide" else "function"
    return None


def _int_to_float_rule(policy: str, op: str, dtype: Any) -> dict[str, Any] | None:
    """The rule that makes an integer input of a floating-valued op floating."""
    use = _int_to_float_use(op)
    if use is None or dtype not in INT_TO_FLOAT:
        return None
    pol = P._lookup_policy(policy)
    if pol.int_to_float is None:
        res, note = INT_TO_FLOAT[dtype], "GB/T and pypto.div: integer input of a floating-valued op"
    else:
        res = pol.int_to_float[use][dtype]
        note = f"the {policy} policy's rule for integer input of {_USE_TEXT[use]}"
    return {"result": D.name_of(res), "policy": policy, "table": "int-to-float",
            "row": D.SHORT[dtype], "column": op.rpartition(".")[2], "note": note}


def explain_op(ref: dict[Any, Any], tgt: dict[Any, Any], policies: tuple[str,
               str]) -> tuple[dict[Any, Any], dict[Any, Any]] | None:
    """The rule under each policy that decided this operation's dtype (None: no rule)."""
    ops_ref = _operand_values(ref["args"], ref["kwargs"], ref["op"])
    ops_tgt = _operand_values(tgt["args"], tgt["kwargs"], tgt["op"])
    pairs_ref, pairs_tgt = _pairs(ops_ref), _pairs(ops_tgt)
    found = None
    for pr, pt in zip(pairs_ref, pairs_tgt, strict=False):
        e_ref, e_tgt = _explain(policies[0], *pr), _explain(policies[1], *pt)
        if found is None:
            found = (e_ref, e_tgt)
        if e_ref["result"] != e_tgt["result"]:
            return e_ref, e_tgt
    if ops_ref and ops_tgt and isinstance(ops_ref[0], D.DTYPE_CLASSES):
        r = _int_to_float_rule(policies[0], ref["op"], ops_ref[0])
        t = _int_to_float_rule(policies[1], tgt["op"], ops_tgt[0])
        if r and t and r["result"] != t["result"]:
            return r, t
    return found


def classify(ref: dict[Any, Any], tgt: dict[Any, Any]) -> str | None:
    """How two aligned records differ: None, "error", "dtype", "shape" or "values"."""
    er, et = ref.get("error"), tgt.get("error")
    if er or et:
        if er and et and er["type"] == et["type"]:
            return None
        return "error"
    rr, rt = ref.get("result") or {}, tgt.get("result") or {}
    if rr == rt:
        return None
    if rr.get("kind") != rt.get("kind") or rr.get("dtype") != rt.get("dtype"):
        return "dtype"
    if rr.get("shape") != rt.get("shape"):
        return "shape"
    return "values"


def _inputs_equal(ref: dict[Any, Any], tgt: dict[Any, Any]) -> bool:
    return bool(ref["args"] == tgt["args"] and ref["kwargs"] == tgt["kwargs"])


def value_difference(ref: dict[Any, Any], tgt: dict[Any, Any]) -> dict[str, Any] | None:
    """Where the previews of two same-dtype results differ, and by how much."""
    pr, pt = ref.get("preview"), tgt.get("preview")
    if pr is None or pt is None:
        return None
    first, worst = None, 0.0
    for i, (a, b) in enumerate(zip(pr, pt, strict=False)):
        if a == b:
            continue
        first = i if first is None else first
        try:
            worst = max(worst, abs(complex(a) - complex(b)))
        except ValueError:
            pass
    if first is None:
        return {"index": None, "note": f"the first {len(pr)} elements agree; later ones differ"}
    return {"index": first, "reference": pr[first], "target": pt[first], "max_abs": worst,
            "compared": len(pr)}


def compare(ref: Run, tgt: Run, policies: tuple[str, str]) -> dict[str, Any]:
    """Align the two traces and describe every difference."""
    differences: list[dict[str, Any]] = []
    path = None
    n = min(len(ref.ops), len(tgt.ops))
    for i in range(n):
        r, t = ref.ops[i], tgt.ops[i]
        if (r["file"], r["line"], r["op"]) != (t["file"], t["line"], t["op"]):
            path = {"index": i, "reference": _where(r), "target": _where(t)}
            break
        kind = classify(r, t)
        if kind is None:
            continue
        origin = _inputs_equal(r, t)
        diff: dict[str, Any] = {
            "index": i, "file": r["file"], "line": r["line"], "op": r["op"],
            "operator": r.get("operator"), "kind": kind, "origin": origin,
            "operands": {policies[0]: r["args"] + list(r["kwargs"].values()),
                         policies[1]: t["args"] + list(t["kwargs"].values())},
            "results": {policies[0]: r.get("result") or {"error": r.get("error")},
                        policies[1]: t.get("result") or {"error": t.get("error")}},
        }
        rules = explain_op(r, t, policies)
        if rules:
            diff["rules"] = {policies[0]: rules[0], policies[1]: rules[1]}
        if kind == "values":
            diff["values"] = value_difference(r["result"], t["result"])
        differences.append(diff)
        if kind == "error":
            break  # the run that raised stops here (or its script handled it)
    if path is None and len(ref.ops) != len(tgt.ops) and not differences:
        longer = ref if len(ref.ops) > len(tgt.ops) else tgt
        path = {"index": n, "reference": _where(ref.ops[n]) if longer is ref else None,
                "target": _where(tgt.ops[n]) if longer is tgt else None}
    return {"compared": n, "differences": differences, "path": path}


def hint(first: dict[str, Any], policies: tuple[str, str]) -> str | None:
    """What a porter can do about the first difference."""
    ref, tgt = policies
    r, t = first["results"][ref], first["results"][tgt]
    if "error" in t and "error" not in r and r.get("dtype"):
        return (f"{tgt} has no rule for these operands: convert one explicitly before the "
                f"operation (to {r['dtype']} for {ref}'s result)")
    if "error" in r and "error" not in t:
        return f"{ref} raises here and {tgt} does not: the script relies on {tgt}'s rule"
    wide_dt, narrow_dt = _dtype_named(r.get("dtype", "")), _dtype_named(t.get("dtype", ""))
    if first["kind"] == "dtype" and wide_dt is not None and narrow_dt is not None:
        wide, narrow = wide_dt.itemsize, narrow_dt.itemsize
        if narrow < wide:
            return (f"{tgt} keeps {t['dtype']} where {ref} widens to {r['dtype']}: cast an "
                    f"operand to {r['dtype']} first to keep {ref}'s result, or expect "
                    f"{t['dtype']} precision from here on")
        if narrow > wide:
            return f"{tgt} computes in the wider {t['dtype']} ({ref}: {r['dtype']})"
        return f"the kinds differ: {ref} gives {r['dtype']}, {tgt} {t['dtype']}"
    if first["kind"] == "values":
        return ("the dtypes agree: the operation itself computes differently under the two "
                "policies, or an operand differed in a way the trace did not see")
    return None


def _where(rec: dict[Any, Any]) -> dict[str, Any]:
    return {"file": rec["file"], "line": rec["line"], "op": rec["op"]}


def output_difference(ref: Run, tgt: Run) -> dict[str, Any] | None:
    """The first line where the two printed outputs differ (None when equal)."""
    a, b = ref.stdout.splitlines(), tgt.stdout.splitlines()
    for i in range(max(len(a), len(b))):
        la = a[i] if i < len(a) else None
        lb = b[i] if i < len(b) else None
        if la != lb:
            return {"line": i + 1, "reference": la, "target": lb}
    return None


def rule_key(rules: dict[str, dict[Any, Any]] | None, policies: tuple[str, str]) -> str:
    """One line naming the cell that decided, under each policy."""
    if not rules:
        return "no promotion rule differs (the computation does)"
    parts = []
    for p in policies:
        e = rules[p]
        res = e["result"] or "TypeError"
        parts.append(f"{p}: {res} by the {e['table']} table [{e['row']}, {e['column']}]")
    return " | ".join(parts)


def summarize(cmp: dict[str, Any], policies: tuple[str, str]) -> dict[str, Any]:
    groups: dict[str, dict[str, Any]] = {}
    for d in cmp["differences"]:
        if not d["origin"]:
            continue
        key = rule_key(d.get("rules"), policies)
        g = groups.setdefault(key, {"rule": key, "count": 0, "locations": [],
                                    "rules": d.get("rules")})
        g["count"] += 1
        loc = {"file": d["file"], "line": d["line"]}
        if loc not in g["locations"]:
            g["locations"].append(loc)
    origins = sum(d["origin"] for d in cmp["differences"])
    return {"operations": cmp["compared"], "differing": len(cmp["differences"]),
            "origins": origins, "inherited": len(cmp["differences"]) - origins,
            "by_rule": sorted(groups.values(), key=lambda g: -g["count"])}


def _short(path: str) -> str:
    try:
        rel = os.path.relpath(path)
    except ValueError:  # another drive (Windows)
        return path
    return rel if not rel.startswith("..") else path


# --------------------------------------------------------------------------- reporting
def build_report(script: str, ref: Run, tgt: Run, policies: tuple[str, str]) -> dict[str, Any]:
    cmp = compare(ref, tgt, policies)
    out = output_difference(ref, tgt)
    differs = bool(cmp["differences"] or cmp["path"] or out
                   or ref.completed != tgt.completed)
    if differs:
        code = EXIT_DIFFERENT
    elif ref.completed and tgt.completed:
        code = EXIT_SAME
    else:
        code = EXIT_INCOMPLETE
    first = cmp["differences"][0] if cmp["differences"] else None
    if first is not None:
        first = dict(first, source=linecache.getline(first["file"], first["line"]).strip(),
                     hint=hint(first, policies))
    return {
        "script": script, "policies": list(policies),
        "imports": ref.start.get("imports", []),
        "runs": {r.policy: {"operations": len(r.ops), "status": r.status,
                            "completed": r.completed, "truncated": r.truncated,
                            "error": (r.end or {}).get("error"),
                            "stderr_tail": r.stderr.strip().splitlines()[-3:]
                            if r.end is None else []}
                 for r in (ref, tgt)},
        "first_divergence": first,
        "path": cmp["path"],
        "summary": summarize(cmp, policies),
        "differences": cmp["differences"],
        "output": out,
        "exit_code": code,
    }


def _operand_text(d: dict[str, Any]) -> str:
    kind = d.get("kind")
    if kind in ("array", "ndarray"):
        shape = "x".join(map(str, d["shape"])) or "0-d"
        return f"{d['dtype']} {'array' if kind == 'array' else 'ndarray'} ({shape})"
    if kind and kind.startswith("py-"):
        return f"Python {kind[3:]} {d['value']}"
    if kind in ("numpy-scalar", "typed-scalar"):
        return f"{d['dtype']} scalar {d['value']}"
    if kind == "dtype":
        return f"dtype {d['value']}"
    if kind in ("list", "tuple"):
        inner = ", ".join(_operand_text(x) for x in d["items"])
        more = ", ..." if d["length"] > len(d["items"]) else ""
        return f"[{inner}{more}]"
    text: str = d.get("value") or d.get("type", "?")
    return text


def _result_text(d: dict[str, Any]) -> str:
    if "error" in d and d.get("kind") is None:
        e = d["error"]
        return f"raises {e['type']}: {e['message']}"
    if d.get("kind") in ("array", "ndarray"):
        name: str = d["dtype"]
        return name
    return _operand_text(d)


def _rule_text(e: dict[str, Any]) -> str:
    text = f"{e['table']} table, row {e['row']}, column {e['column']}"
    return text + (f" ({e['note']})" if e["note"] else "")


_KIND_TEXT = {"dtype": "the result dtype differs", "shape": "the result shape differs",
              "values": "the dtypes agree, the values differ",
              "error": "one run raises an error here"}


def render(report: dict[str, Any], show_all: bool = False) -> str:
    """The report as readable text."""
    ref, tgt = report["policies"]
    width = max(len(ref), len(tgt))
    lines = [f"aiarray port: {_short(report['script'])}"]
    for imp in report["imports"]:
        lines.append(f"  line {imp['line']}: import {imp['from']} runs as {imp['to']}")
    for p in (ref, tgt):
        r = report["runs"][p]
        lines.append(f"  {p:<{width}}  {r['operations']} operations traced, {r['status']}"
                     + (" (trace truncated)" if r["truncated"] else ""))
        lines += [f"  {'':<{width}}  | {t}" for t in r["stderr_tail"]]
    first = report["first_divergence"]
    if first:
        op = first["op"] + (f" ({first['operator']})" if first.get("operator") else "")
        lines += ["", f"First difference: {_short(first['file'])}:{first['line']}, {op}: "
                      f"{_KIND_TEXT[first['kind']]}"]
        if first["source"]:
            lines.append(f"    {first['source']}")
        same_operands = first["operands"][ref] == first["operands"][tgt]
        for p in (ref, tgt) if not same_operands else (ref,):
            label = "operands" if same_operands else f"operands under {p}"
            lines.append(f"  {label}: " + ", ".join(map(_operand_text, first["operands"][p])))
        for p in (ref, tgt):
            res = _result_text(first["results"][p])
            rule = first.get("rules", {}).get(p)
            lines.append(f"  {p:<{width}}  {res}" + (f"  <- {_rule_text(rule)}" if rule else ""))
        v = first.get("values")
        if v:
            if v["index"] is None:
                lines.append(f"  values: {v['note']}")
            else:
                lines.append(f"  values differ first at flat index {v['index']}: "
                             f"{v['reference']} ({ref}) vs {v['target']} ({tgt}); largest "
                             f"difference {v['max_abs']:.3g} in the first {v['compared']}")
        if first.get("hint"):
            lines.append(f"  hint: {first['hint']}")
    path = report["path"]
    if path:
        lines += ["", "The runs take different paths here:"]
        for p, key in ((ref, "reference"), (tgt, "target")):
            w = path[key]
            nxt = f"{w['op']} at {_short(w['file'])}:{w['line']}" if w else "nothing (stopped)"
            lines.append(f"  {p:<{width}}  next runs {nxt}")
    s = report["summary"]
    lines += ["", f"Summary: {s['differing']} of {s['operations']} operations differ "
                  f"({s['origins']} start a difference, {s['inherited']} inherit one)"]
    for g in s["by_rule"]:
        lines.append(f"  {g['count']:>4} x  {g['rule']}")
        where = [f"{_short(loc['file'])}:{loc['line']}" for loc in g["locations"]]
        lines.append(f"          at {', '.join(where[:8])}" + (" ..." if len(where) > 8 else ""))
    if show_all and report["differences"]:
        lines += ["", "Every difference:"]
        for d in report["differences"]:
            res = " vs ".join(_result_text(d["results"][p]) for p in (ref, tgt))
            tag = "starts" if d["origin"] else "inherits"
            lines.append(f"  {_short(d['file'])}:{d['line']}  {d['op']}  {d['kind']}: {res}"
                         f"  ({tag})")
    out = report["output"]
    if out:
        lines += ["", f"Printed output differs first at line {out['line']}:"]
        for p, key in ((ref, "reference"), (tgt, "target")):
            text = out[key] if out[key] is not None else "(no such line)"
            lines.append(f"  {p:<{width}}  {text}")
    elif report["runs"][ref]["completed"] and report["runs"][tgt]["completed"]:
        lines += ["", "Printed output is the same."]
    verdict = {EXIT_SAME: "the runs agree", EXIT_DIFFERENT: "the runs differ",
               EXIT_INCOMPLETE: "no difference found, but the script did not finish"}
    lines += ["", f"Exit status {report['exit_code']}: {verdict[report['exit_code']]}."]
    return "\n".join(lines)


# --------------------------------------------------------------------------- command
def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m aiarray port",
        description="Run a NumPy script under the numpy and the ascend promotion policies "
                    "and report where dtypes or values first differ, and why.",
        epilog="Exit status: 0 the runs agree; 1 they differ; 2 bad command line; "
               "3 no difference found but the script did not finish under both policies.")
    parser.add_argument("script", help="the Python script (import numpy or aiarray.numpy)")
    parser.add_argument("args", nargs=argparse.REMAINDER, help="arguments for the script")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--all", action="store_true", help="list every differing operation")
    parser.add_argument("--reference", default="numpy", choices=P.POLICIES,
                        help="the policy whose results are expected (default numpy)")
    parser.add_argument("--target", default="ascend", choices=P.POLICIES,
                        help="the policy to port to (default ascend)")
    parser.add_argument("--timeout", type=float, default=600.0,
                        help="seconds allowed for each run (default 600)")
    parser.add_argument("--max-ops", type=int, default=200_000,
                        help="operations traced per run (default 200000)")
    parser.add_argument("--parallel", action="store_true",
                        help="run both at once (only for scripts that write no files)")
    return parser


def main(argv: Sequence[str]) -> int:
    parser = build_parser()
    ns = parser.parse_args(list(argv))
    script = Path(ns.script)
    if not script.is_file():
        parser.print_usage(sys.stderr)
        print(f"python -m aiarray port: error: script {ns.script!r} is not a file",
              file=sys.stderr)
        return EXIT_USAGE
    if ns.reference == ns.target:
        print("python -m aiarray port: error: --reference and --target are the same policy",
              file=sys.stderr)
        return EXIT_USAGE
    policies = (ns.reference, ns.target)
    ref, tgt = run_both(str(script.resolve()), ns.args, policies, ns.timeout, ns.max_ops,
                        ns.parallel)
    report = build_report(str(script.resolve()), ref, tgt, policies)
    print(json.dumps(report, indent=2) if ns.json else render(report, ns.all))
    code: int = report["exit_code"]
    return code

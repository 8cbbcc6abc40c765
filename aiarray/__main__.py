"""Command line: ``aiarray`` or ``python -m aiarray`` with info | promote A B | table |
calibrate | bench | port SCRIPT."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any

import numpy as np

import aiarray
from aiarray import _dtypes as D
from aiarray import _promotion as P

from ._typing import DType


def _dtype_arg(text: str) -> DType:
    if text in ("bfloat16", "bf16"):
        D.load_bfloat16()
    dt = D.FROM_NAME.get(text) or D.FROM_SHORT.get(text)
    if dt is None:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a dtype; use a name (float32) or a short name (f32)"
        )
    return dt


def _operand_arg(text: str) -> object:
    """A dtype, or a Python scalar literal (1, 1.5, 1j, True)."""
    try:
        return _dtype_arg(text)
    except argparse.ArgumentTypeError:
        pass
    literals = {"True": True, "False": False}
    if text in literals:
        return literals[text]
    for kind in (int, float, complex):
        try:
            return kind(text)
        except ValueError:
            continue
    raise argparse.ArgumentTypeError(f"{text!r} is neither a dtype nor a Python scalar")


def cmd_info(args: argparse.Namespace) -> int:
    info = aiarray.__array_namespace_info__()
    print(f"aiarray {aiarray.__version__}")
    print(f"array API standard: {aiarray.__array_api_version__}")
    print(f"numpy {np.__version__}")
    print("dtypes: " + ", ".join(info.dtypes(extended=True)))
    print("devices: " + ", ".join(str(d) for d in info.devices()))
    print("default dtypes: " + ", ".join(
        f"{k}={D.name_of(v)}" for k, v in info.default_dtypes().items()))
    print(f"promotion policy: {aiarray.get_promotion_policy()} "
          f"(available: {', '.join(P.POLICIES)})")
    return 0


def cmd_promote(args: argparse.Namespace) -> int:
    why = aiarray.explain_promotion(args.a, args.b, policy=args.policy)
    print(why)
    return 0 if why.result is not None and not why.error else 1


def table_lines(policy: str, scalar: bool, markdown: bool = False) -> list[str]:
    """A policy's whole table as text lines (plain columns or a Markdown table)."""
    pol = P._lookup_policy(policy)
    dts = D.ALL_DTYPES
    if scalar:
        rows: list[Any] = list(dts) + list(P.PY_KINDS.values())

        def cell(r: Any, c: DType) -> DType | None:
            return pol.scalars[(c, r)].result
    else:
        rows = list(dts)

        def cell(r: Any, c: DType) -> DType | None:
            return pol.pairs[(r, c)].result
    head = ["scalar \\ tensor" if scalar and markdown else ""] + [D.SHORT[c] for c in dts]
    body = []
    for r in rows:
        label = D.SHORT[r] if D.is_dtype(r) else f"py-{r}"
        results = (cell(r, c) for c in dts)
        body.append([label] + [D.SHORT[x] if x is not None else "-" for x in results])
    if markdown:
        def fmt(cells: list[str]) -> str:
            return "| " + " | ".join(cells) + " |"
        return [fmt(head), fmt(["---"] * len(head)), *(fmt(b) for b in body)]
    return ["".join(c.ljust(11 if i == 0 else 6) for i, c in enumerate(row)).rstrip()
            for row in [head, *body]]


def cmd_table(args: argparse.Namespace) -> int:
    what = "tensor dtype across, scalar down" if args.scalar else "tensor-tensor"
    if not args.markdown:
        print(f"policy {args.policy!r}: {what}; '-' = cannot promote (TypeError)")
    print("\n".join(table_lines(args.policy, args.scalar, args.markdown)))
    return 0


def _bench(argv: list[str], prog: str) -> int:
    """The benchmark harness of a source checkout (benchmarks/harness.py): the one this
    package sits in, else the one in the current directory."""
    import importlib.util
    from pathlib import Path

    places = (Path(__file__).resolve().parent.parent, Path.cwd())
    found = [p / "benchmarks" / "harness.py" for p in places
             if (p / "benchmarks" / "harness.py").is_file()]
    if not found:
        print("python -m aiarray bench runs the benchmarks of a source checkout "
              "(benchmarks/harness.py): run it in the repository's directory.",
              file=sys.stderr)
        return 2
    harness = found[0]
    spec = importlib.util.spec_from_file_location("aiarray_bench_harness", harness)
    if spec is None or spec.loader is None:  # (not for a .py file that exists)
        print(f"python -m aiarray bench: cannot load {harness}", file=sys.stderr)
        return 2
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # (dataclasses look their module up there)
    spec.loader.exec_module(mod)
    status: int = mod.main(argv, prog=prog)
    return status


def program_name(argv0: str | None = None) -> str:
    """How the user called us: ``aiarray`` (the console script) or ``python -m aiarray``."""
    path = sys.argv[0] if argv0 is None else argv0
    name = os.path.basename(path)
    if name in ("", "-c", "-m", "__main__.py") or name.startswith("__main__."):
        return "python -m aiarray"
    for suffix in (".exe", "-script.py", ".py"):  # Windows launchers, a copied script
        name = name.removesuffix(suffix)
    return name


def build_parser(prog: str = "python -m aiarray") -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=prog, description=__doc__)
    parser.add_argument("--version", action="version", version=f"%(prog)s {aiarray.__version__}",
                        help="print the version and exit")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("info", help="version, standard version, dtypes, devices, policy")
    pr = sub.add_parser("promote", help="result dtype of two operands and the rule that decided")
    pr.add_argument("a", type=_dtype_arg, help="a dtype (float32 or f32)")
    pr.add_argument("b", type=_operand_arg, help="a dtype or a Python scalar (1, 1.5, 1j, True)")
    tb = sub.add_parser("table", help="print a policy's whole promotion table")
    tb.add_argument("--scalar", action="store_true", help="the tensor-scalar table")
    tb.add_argument("--markdown", action="store_true", help="as a Markdown table")
    sub.add_parser("calibrate", help="measure where the parallel backend pays on this machine",
                   add_help=False)
    sub.add_parser("bench", help="benchmark against NumPy and peers (from a source checkout)",
                   add_help=False)
    sub.add_parser("port", help="run a NumPy script under the numpy and ascend policies and "
                   "report where dtypes or values first differ", add_help=False)
    for p in (pr, tb):
        p.add_argument("--policy", default="ascend", choices=P.POLICIES)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    prog = program_name()
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv[:1] == ["calibrate"]:  # its own options: python -m aiarray calibrate --help
            from aiarray._kernels import _calibrate

            return _calibrate.main(argv[1:])
        if argv[:1] == ["bench"]:  # its own options: python -m aiarray bench --help
            return _bench(argv[1:], prog=f"{prog} bench")
        if argv[:1] == ["port"]:  # its own options: python -m aiarray port --help
            from aiarray import _port

            return _port.main(argv[1:])
        args = build_parser(prog).parse_args(argv)
        handler = {"info": cmd_info, "promote": cmd_promote, "table": cmd_table}[args.command]
        return handler(args)
    except BrokenPipeError:  # e.g. `python -m aiarray table | head`: the reader left
        sys.stdout = None  # nothing left to flush at exit
        return 0


if __name__ == "__main__":
    sys.exit(main())

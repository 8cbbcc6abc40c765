"""Command line: ``python -m aiarray info | promote A B | table | bench | port SCRIPT``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import numpy as np

import aiarray
from aiarray import _dtypes as D
from aiarray import _promotion as P


def _dtype_arg(text: str) -> np.dtype:
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
    with aiarray.promotion_policy(args.policy):
        why = aiarray.explain_promotion(args.a, args.b)
    print(why)
    return 0 if why.result is not None else 1


def table_lines(policy: str, scalar: bool, markdown: bool = False) -> list[str]:
    """A policy's whole table as text lines (plain columns or a Markdown table)."""
    pol = P._lookup_policy(policy)
    dts = D.ALL_DTYPES
    if scalar:
        rows: list = list(dts) + list(P.PY_KINDS.values())
        cell = lambda r, c: pol.scalars[(c, r)].result
    else:
        rows = list(dts)
        cell = lambda r, c: pol.pairs[(r, c)].result
    head = ["scalar \\ tensor" if scalar and markdown else ""] + [D.SHORT[c] for c in dts]
    body = []
    for r in rows:
        label = D.SHORT[r] if isinstance(r, np.dtype) else f"py-{r}"
        results = (cell(r, c) for c in dts)
        body.append([label] + [D.SHORT[x] if x is not None else "-" for x in results])
    if markdown:
        fmt = lambda cells: "| " + " | ".join(cells) + " |"
        return [fmt(head), fmt(["---"] * len(head)), *(fmt(b) for b in body)]
    return ["".join(c.ljust(11 if i == 0 else 6) for i, c in enumerate(row)).rstrip()
            for row in [head, *body]]


def cmd_table(args: argparse.Namespace) -> int:
    what = "tensor dtype across, scalar down" if args.scalar else "tensor-tensor"
    if not args.markdown:
        print(f"policy {args.policy!r}: {what}; '-' = cannot promote (TypeError)")
    print("\n".join(table_lines(args.policy, args.scalar, args.markdown)))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m aiarray", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("info", help="version, standard version, dtypes, devices, policy")
    pr = sub.add_parser("promote", help="result dtype of two operands and the rule that decided")
    pr.add_argument("a", type=_dtype_arg, help="a dtype (float32 or f32)")
    pr.add_argument("b", type=_operand_arg, help="a dtype or a Python scalar (1, 1.5, 1j, True)")
    tb = sub.add_parser("table", help="print a policy's whole promotion table")
    tb.add_argument("--scalar", action="store_true", help="the tensor-scalar table")
    tb.add_argument("--markdown", action="store_true", help="as a Markdown table")
    sub.add_parser("bench", help="a quick benchmark against NumPy (and peers when installed)",
                   add_help=False)
    sub.add_parser("port", help="run a NumPy script under the numpy and ascend policies and "
                   "report where dtypes or values first differ", add_help=False)
    for p in (pr, tb):
        p.add_argument("--policy", default="ascend", choices=P.POLICIES)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv[:1] == ["bench"]:  # its own options: python -m aiarray bench --help
            from aiarray import _bench

            return _bench.main(argv[1:])
        if argv[:1] == ["port"]:  # its own options: python -m aiarray port --help
            from aiarray import _port

            return _port.main(argv[1:])
        args = build_parser().parse_args(argv)
        handler = {"info": cmd_info, "promote": cmd_promote, "table": cmd_table}[args.command]
        return handler(args)
    except BrokenPipeError:  # e.g. `python -m aiarray table | head`: the reader left
        sys.stdout = None  # type: ignore[assignment]  # nothing left to flush at exit
        return 0


if __name__ == "__main__":
    sys.exit(main())

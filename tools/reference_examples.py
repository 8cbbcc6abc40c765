"""Write the examples of the elementwise functions' reference pages from a table of inputs.

The elementwise functions are made from the op registry (aiarray/_registry.py), so their
examples are made from data too: for each op, the small inputs below (an op they do not
list gets inputs chosen by its record's arity and category, ``default_inputs``), run once
through aiarray under the default policy (``ascend``); the lines and what they printed are
written to aiarray/_api/_elementwise_examples.py, which the made functions' docstrings
end with.  Every other public function has its example in its own docstring.  Either way
tests/test_docs_reference_examples.py runs every example with doctest.

    python tools/reference_examples.py            # (re)write the file
    python tools/reference_examples.py --check    # exit 1 when it is not current
"""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "aiarray" / "_api" / "_elementwise_examples.py"

# One input: (dtype name, values).  Values are Python literals as the example shows them.
Input = tuple[str, str]

# Floating unary ops: a float32 input in the op's domain, and an int32 one (computed in
# float32, where NumPy gives float64).
FLOAT_UNARY: dict[str, tuple[str, str]] = {
    "acos": ("[0.0, 0.5, 1.0]", "[0, 1]"), "acosh": ("[1.0, 2.0]", "[1, 2]"),
    "asin": ("[0.0, 0.5, 1.0]", "[0, 1]"), "asinh": ("[0.0, 1.0]", "[0, 1]"),
    "atan": ("[0.0, 1.0]", "[0, 1]"), "atanh": ("[0.0, 0.5]", "[0]"),
    "cos": ("[0.0, 1.0]", "[0, 1]"), "cosh": ("[0.0, 1.0]", "[0, 1]"),
    "exp": ("[0.0, 1.0]", "[0, 1]"), "expm1": ("[0.0, 1e-05]", "[0, 1]"),
    "log": ("[1.0, 2.0]", "[1, 2]"), "log1p": ("[0.0, 1e-05]", "[0, 1]"),
    "log2": ("[1.0, 8.0]", "[1, 8]"), "log10": ("[1.0, 100.0]", "[1, 100]"),
    "sin": ("[0.0, 1.0]", "[0, 1]"), "sinh": ("[0.0, 1.0]", "[0, 1]"),
    "sqrt": ("[4.0, 2.0]", "[1, 4]"), "tan": ("[0.0, 1.0]", "[0, 1]"),
    "tanh": ("[0.0, 1.0]", "[0, 1]"), "reciprocal": ("[2.0, 4.0]", "[2, 4]"),
}

# Other unary ops: one or two inputs each.
UNARY: dict[str, list[Input]] = {
    "abs": [("int8", "[-3, 2]"), ("complex64", "[3+4j]")],
    "negative": [("int8", "[-3, 2]")],
    "positive": [("int8", "[-3, 2]")],
    "square": [("int8", "[-3, 2]"), ("float32", "[0.5, 1.5]")],
    "sign": [("float32", "[-2.0, 0.0, 3.0]")],
    "conj": [("complex64", "[1+2j]")],
    "real": [("complex64", "[1+2j]")],
    "imag": [("complex64", "[1+2j]")],
    "ceil": [("float32", "[-1.5, 0.5, 2.5]"), ("int8", "[1, 2]")],
    "floor": [("float32", "[-1.5, 0.5, 2.5]"), ("int8", "[1, 2]")],
    "trunc": [("float32", "[-1.5, 0.5, 2.5]"), ("int8", "[1, 2]")],
    "round": [("float32", "[-1.5, 0.5, 2.5]"), ("int8", "[1, 2]")],
    "isfinite": [("float32", "[1.0, xp.inf, xp.nan]")],
    "isinf": [("float32", "[1.0, xp.inf, xp.nan]")],
    "isnan": [("float32", "[1.0, xp.inf, xp.nan]")],
    "signbit": [("float32", "[-0.0, 0.0, -1.0]")],
    "bitwise_invert": [("int8", "[0, 5]"), ("bool", "[True, False]")],
    "logical_not": [("bool", "[True, False]"), ("int8", "[0, 3]")],
}

# Binary ops: two arrays of different dtypes (promoted by Ascend's table), and a line
# with a Python scalar where Ascend's tensor-scalar table decides differently from NumPy.
ARITHMETIC = (("int8", "[-3, 5]"), ("uint8", "[2, 3]"))
FLOATING = (("float16", "[1.0, -2.0]"), ("float32", "[2.0, 1.0]"))
BITWISE = (("int8", "[12, -1]"), ("uint8", "[10, 3]"))
BINARY: dict[str, tuple[tuple[Input, Input], str | None]] = {
    **{name: (ARITHMETIC, "int32") for name in (
        "add", "subtract", "multiply", "floor_divide", "remainder", "pow",
        "maximum", "minimum", "equal", "not_equal", "greater", "greater_equal", "less",
        "less_equal")},
    **{name: (FLOATING, "int32") for name in ("atan2", "hypot", "copysign", "logaddexp")},
    "nextafter": (FLOATING, "float16"),
    **{name: (BITWISE, None) for name in ("bitwise_and", "bitwise_or", "bitwise_xor")},
    **{name: ((("int8", "[1, -8]"), ("uint8", "[2, 1]")), None)
       for name in ("bitwise_left_shift", "bitwise_right_shift")},
    **{name: ((("bool", "[True, True]"), ("int8", "[0, 2]")), None)
       for name in ("logical_and", "logical_or", "logical_xor")},
}
# A line of an example: the code, the comment after it, and the operands whose common
# dtype the comment names.  The comment's fields are found by running the line: {ours}
# is the result's dtype in aiarray (default policy), {theirs} in NumPy 2 (the same line,
# xp being numpy), {common}/{theirs_common} the operands' result_type in each.
Line = tuple[str, str, str]


def _array(dtype: str, values: str) -> str:
    return f"xp.asarray({values}, dtype=xp.{dtype})"


def default_inputs(name: str) -> tuple[str, object]:
    """(table, entry) for an op the tables above do not list: inputs chosen by the record's
    arity and category (the tables above choose better ones: values in the op's domain)."""
    from aiarray._registry import OPS

    op = OPS[name]
    if op.arity == 1:
        if op.to_float:
            return "float unary", ("[0.0, 1.0]", "[0, 1]")
        if "integer" in op.category:
            return "unary", [("int8", "[0, 5]")]
        return "unary", [("float32", "[-1.5, 0.5, 2.5]")]
    if not op.promotes:
        return "binary", ((("bool", "[True, True]"), ("int8", "[0, 2]")), None)
    if "integer" in op.category:
        return "binary", (BITWISE, None)
    if "floating" in op.category:
        return "binary", (FLOATING, "int32")
    return "binary", (ARITHMETIC, "int32")


def inputs(name: str) -> tuple[str, object]:
    """(table, entry): ``name``'s inputs, from the tables above or by default."""
    for table, entries in (("float unary", FLOAT_UNARY), ("unary", UNARY),
                           ("binary", BINARY)):
        if name in entries:
            return table, entries[name]
    return default_inputs(name)


def example_lines(name: str) -> list[Line]:
    """The lines of ``name``'s example (without prompts)."""
    table, entry = inputs(name)
    if table == "float unary":
        floats, ints = entry
        return [(f"x = {_array('float32', floats)}", "", ""), (f"xp.{name}(x)", "", ""),
                (f"xp.{name}({_array('int32', ints)})", "{ours} (NumPy: {theirs})", "")]
    if table == "unary":
        (dtype, values), *more = entry
        lines = [(f"x = {_array(dtype, values)}", "", ""), (f"xp.{name}(x)", "", "")]
        return lines + [(f"xp.{name}({_array(d, v)})", "", "") for d, v in more]
    from aiarray._registry import OPS

    ((d1, v1), (d2, v2)), scalar = entry
    compares = OPS[name].result == "bool" and OPS[name].promotes
    lines = [(f"x1 = {_array(d1, v1)}", "", ""), (f"x2 = {_array(d2, v2)}", "", ""),
             (f"xp.{name}(x1, x2)", f"{d1} with {d2}"
              + (": compared in {common}" if compares else " gives {ours}"), "x1, x2")]
    if scalar:
        short = {"int32": "i32", "float16": "f16"}[scalar]
        values = "[1, 2]" if scalar == "int32" else "[1.0, 2.0]"
        note = ("compared in {common} on Ascend (NumPy: {theirs_common})" if compares
                else "Ascend: {ours} (NumPy: {theirs})")
        lines += [(f"{short} = {_array(scalar, values)}", "", ""),
                  (f"xp.{name}({short}, 0.5)", note, f"{short}, 0.5")]
    return lines


def _resolve(lines: list[Line]) -> list[str]:
    """The source lines with their comments' fields filled in by running them."""
    import numpy as np

    import aiarray as xp

    # each side's namespace, and the names of its fields: (result dtype, common dtype)
    sides = {"ours": ({"xp": xp}, "ours", "common"),
             "theirs": ({"xp": np}, "theirs", "theirs_common")}
    out = []
    with xp.promotion_policy("ascend"), np.errstate(all="ignore"):
        for code, comment, operands in lines:
            fields: dict[str, str] = {}
            for ns, result, common in sides.values():
                if "=" in code.split("(")[0]:
                    exec(code, ns)
                    continue
                if "{" + result + "}" in comment:
                    fields[result] = str(eval(code, ns).dtype)
                if "{" + common + "}" in comment:
                    fields[common] = str(eval(f"xp.result_type({operands})", ns))
            out.append(f"{code}  # {comment.format(**fields)}" if comment else code)
    return out


def run(lines: list[str]) -> list[tuple[str, str]]:
    """Each line run as at the interactive prompt (from a fresh namespace under the
    default policy): (line, what it printed)."""
    import aiarray as xp

    namespace: dict[str, object] = {"xp": xp}
    done = []
    with xp.promotion_policy("ascend"):
        for line in lines:
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                exec(compile(line, "<example>", "single"), namespace)
            done.append((line, out.getvalue()))
    return done


def example(name: str) -> str:
    """``name``'s Examples section, as doctest reads it."""
    text = ["Examples", "--------"]
    for line, printed in run(_resolve(example_lines(name))):
        text.append(f">>> {line}")
        text.extend(printed.rstrip("\n").splitlines())
    return "\n".join(text) + "\n"


# Ops of the registry whose public function is written by hand, with its own example.
HAND_WRITTEN = frozenset({"divide"})


def names() -> list[str]:
    """Every op of the registry whose public function is made from its record."""
    from aiarray._api import elementwise
    from aiarray._registry import OPS

    return [n for n in elementwise.__all__ if n in OPS and n not in HAND_WRITTEN]


def render() -> str:
    out = ['"""Examples of the elementwise functions\' docstrings, by op name.', "",
           "Generated by tools/reference_examples.py from its table of inputs, run once;",
           "do not edit (tests/test_docs_reference_examples.py runs them with doctest).",
           '"""', "", "EXAMPLES: dict[str, str] = {"]
    for name in sorted(names()):
        text = example(name)
        if '"""' in text or "\\" in text:
            raise SystemExit(f"{name}: the example cannot be written in a triple-quoted "
                             "string")
        out.append(f'    "{name}": """\\\n{text}""",')
    out.append("}")
    return "\n".join(out) + "\n"


_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?")
# NumPy's float32 transcendental loops differ in the last place between CPUs (its SIMD
# paths: on an AVX-512 machine log10(100) prints 2.0000002, on an AVX2 one 2.); an
# example's printed numbers agree within this relative distance (a few float32 units)
REL_TOLERANCE = 5e-7


def same_output(want: str, got: str) -> bool:
    """Whether an example printed ``got`` where the page shows ``want``: the same text
    apart from spacing, and each number within ``REL_TOLERANCE`` of the shown one."""
    if want == got:
        return True
    w_parts, g_parts = _NUMBER.split(want.replace(" ", "")), _NUMBER.split(got.replace(" ", ""))
    w_nums, g_nums = _NUMBER.findall(want.replace(" ", "")), _NUMBER.findall(got.replace(" ", ""))
    if w_parts != g_parts or len(w_nums) != len(g_nums):
        return False
    for a, b in zip(w_nums, g_nums):
        x, y = float(a), float(b)
        if abs(x - y) > REL_TOLERANCE * max(abs(x), abs(y)):
            return False
    return True


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="only report a stale file (exit 1)")
    args = ap.parse_args(argv)
    text = render()
    current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.is_file() else ""
    if args.check:
        if not same_output(current, text):
            print(f"stale: {OUTPUT.relative_to(ROOT)}; run python tools/reference_examples.py")
            return 1
        return 0
    if text != current:
        OUTPUT.write_text(text, encoding="utf-8")
        print(f"wrote {OUTPUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Typing: what a type checker sees of aiarray (docs/typing.md).

- the package passes mypy under its own configuration (pyproject.toml);
- the typed example (docs/examples/typed_usage.py) passes ``mypy --strict`` and prints
  what the page shows;
- the public API's types, as mypy reveals them, are ``Array``, ``DType``, ``Device``
  and the result types, never ``Any``; and misuse (a scalar where an Array is needed, a
  dtype name where a dtype is) is an error.

mypy comes with the ``typecheck`` extra.  Without it the mypy tests skip; CI installs it
and requires them (``AIARRAY_REQUIRE=mypy``).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest
from _optional import missing, module

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "examples" / "typed_usage.py"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))

Mypy = Callable[..., tuple[int, str]]


@pytest.fixture(scope="module")
def mypy(tmp_path_factory: pytest.TempPathFactory) -> Mypy:
    """``mypy(*args)`` -> (exit status, output), one cache for the module's runs.

    The checkout's aiarray is found through MYPYPATH (an editable install is invisible
    to mypy); user code is checked with ``--follow-imports=silent``, so that aiarray's
    own modules are analysed but report nothing, as for an installed package.
    """
    version = tuple(int(p) for p in re.findall(r"\d+", module("mypy.version").__version__)[:2])
    extra = next(r for r in PYPROJECT["project"]["optional-dependencies"]["typecheck"]
                 if r.startswith("mypy"))
    lowest = tuple(int(p) for p in re.search(r">=(\d+)\.(\d+)", extra).groups())
    if version < lowest:
        missing("mypy", f"mypy {version} is older than the typecheck extra's {extra!r}")
    cache = tmp_path_factory.mktemp("mypy-cache")

    def run(*args: str) -> tuple[int, str]:
        env = {**os.environ, "MYPYPATH": str(ROOT)}
        r = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(cache), *args],
                           capture_output=True, text=True, cwd=ROOT, env=env, timeout=600,
                           check=False)
        assert "Traceback" not in r.stderr and "INTERNAL ERROR" not in r.stdout, r.stderr
        return r.returncode, r.stdout

    return run


def user_check(mypy: Mypy, path: Path) -> tuple[int, str]:
    """``mypy --strict`` of a user's file (no project configuration)."""
    return mypy("--strict", "--config-file=", "--follow-imports=silent",
                "--show-error-codes", str(path))


# ---------------------------------------------------------------- the package and example

def test_the_package_passes_mypy(mypy: Mypy) -> None:
    status, out = mypy()  # the files and flags of [tool.mypy] in pyproject.toml
    assert status == 0 and out.startswith("Success: no issues found"), out


def test_the_mypy_configuration_means_something() -> None:
    config = PYPROJECT["tool"]["mypy"]
    assert config["files"] == ["aiarray"] and config["strict"] is True
    assert "ignore-without-code" in config["enable_error_code"]
    for override in config.get("overrides", []):  # relaxations are per module, never global
        assert override["module"] and "ignore_errors" not in override


def test_every_type_ignore_gives_its_reason() -> None:
    """``# type: ignore[code]`` always names the code and says why on the same line."""
    bare = []
    for path in sorted((ROOT / "aiarray").rglob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for m in re.finditer(r"# type: ignore(\[[\w\-, ]+\])?(.*)$", line):
                if m.group(1) is None or not re.search(r"#\s*\S", m.group(2)):
                    bare.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not bare, "\n".join(bare)


def test_the_typed_example_passes_mypy_strict(mypy: Mypy) -> None:
    status, out = user_check(mypy, EXAMPLE)
    assert status == 0, out


def test_the_typed_example_prints_what_the_page_shows() -> None:
    r = subprocess.run([sys.executable, str(EXAMPLE)], capture_output=True, text=True,
                       timeout=300, check=False, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    page = (ROOT / "docs" / "typing.md").read_text(encoding="utf-8")
    start = page.index("```{literalinclude} examples/typed_usage.py")
    shown = re.compile(r"```text\n(.*?)```", re.S).search(page, start)
    assert shown is not None and r.stdout == shown.group(1)


def test_the_package_is_marked_typed() -> None:
    assert (ROOT / "aiarray" / "py.typed").is_file()
    assert "py.typed" in PYPROJECT["tool"]["setuptools"]["package-data"]["aiarray"]


# ---------------------------------------------------------------- what mypy reveals

ARRAY = "aiarray._array.Array"

REVEALED = [
    ("x", ARRAY),
    ("xp.sin(x)", ARRAY),
    ("xp.add(x, 1)", ARRAY),
    ("xp.add(2.5, x)", ARRAY),
    ("xp.divide(x, x, precision='intrinsic')", ARRAY),
    ("xp.sin", "aiarray._signatures.UnaryFunction"),
    ("xp.atan2", "aiarray._signatures.BinaryFunction"),
    ("x + 1", ARRAY),
    ("1.5 * x", ARRAY),
    ("x == x", ARRAY),
    ("x < 2", ARRAY),
    ("-x", ARRAY),
    ("m @ m", ARRAY),
    ("x[0]", ARRAY),
    ("m[:, 1]", ARRAY),
    ("m.T", ARRAY),
    ("m.mT", ARRAY),
    ("x.shape", "tuple[int, ...]"),
    ("x.ndim", "int"),
    ("x.dtype", "numpy.dtype[Any]"),
    ("x.device", "aiarray._device.Device"),
    ("x.to_device(xp.CPU)", ARRAY),
    ("xp.float32", "numpy.dtype[Any]"),
    ("xp.bfloat16", "numpy.dtype[Any]"),
    ("xp.zeros((2, 3), dtype=xp.int8)", ARRAY),
    ("xp.asarray([1, 2])", ARRAY),
    ("xp.sum(x)", ARRAY),
    ("xp.where(x > 1, x, 0.0)", ARRAY),
    ("xp.concat([x, x])", ARRAY),
    ("xp.unique_values(x)", ARRAY),
    ("xp.nonzero(x)", f"tuple[{ARRAY}, ...]"),
    ("xp.result_type(x, xp.int8)", "numpy.dtype[Any]"),
    ("xp.can_cast(x, xp.float64)", "bool"),
    ("xp.linalg.inv(m)", ARRAY),
    ("linalg.vector_norm(x)", ARRAY),
    ("fft.fft(x)", ARRAY),
    ("xp.random.uniform(shape=(2,))", ARRAY),
    ("xp.quantization.quantize(x).dequantize()", ARRAY),
    ("xp.sparse.from_dense(m).todense()", ARRAY),
    ("xp.grad.clip_backward(x, x)", ARRAY),
    ("x.sum()", ARRAY),
    ("anp.sum(x)", ARRAY),
    ("anp.asarray([1, 2])", ARRAY),
    ("anp.zeros((2, 2))", ARRAY),
    ("anp.reshape(x, (2, 1))", ARRAY),
    ("anp.sin(x)", ARRAY),
    ("anp.add(x, 1)", ARRAY),
    ("anp.divmod(x, 2)", f"tuple[{ARRAY}, {ARRAY}]"),
    ("anp.linalg.inv(m)", ARRAY),
    ("anp.fft.fft(x)", ARRAY),
]

MISUSE = [  # (expression, mypy's error codes, any of them)
    ("xp.sin(1.0)", "arg-type"),
    ("xp.add(1, 2)", "call-overload"),
    ("xp.asarray([1], dtype='float32')", "arg-type"),
    ("xp.zeros(3, device='gpu')", "arg-type"),
    ("x + 'a'", "arg-type|operator"),
    ("xp.sum(x, axis='0')", "arg-type"),
]

HEADER = """\
import aiarray as xp
import aiarray.numpy as anp
from aiarray import fft, linalg

x = xp.asarray([1.0, 2.0])
m = xp.ones((2, 2))
"""


def test_mypy_sees_the_public_types(mypy: Mypy, tmp_path: Path) -> None:
    lines = HEADER.splitlines()
    first = len(lines) + 1
    lines += [f"reveal_type({expr})" for expr, _ in REVEALED]
    lines += [f"{expr}  # misuse" for expr, _ in MISUSE]
    snippet = tmp_path / "snippet.py"
    snippet.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _, out = user_check(mypy, snippet)
    revealed: dict[int, str] = {}
    errors: dict[int, list[str]] = {}
    for m in re.finditer(r"^snippet\.py:(\d+): (note|error): (.*)$", out.replace(
            str(snippet), "snippet.py"), re.M):
        n, kind, text = int(m.group(1)), m.group(2), m.group(3)
        if kind == "note" and text.startswith("Revealed type is"):
            # (mypy versions differ in writing builtins' names with their module)
            revealed[n] = (text.removeprefix('Revealed type is "').removesuffix('"')
                           .replace("builtins.", ""))
        elif kind == "error":
            errors.setdefault(n, []).append(text)
    for i, (expr, expected) in enumerate(REVEALED):
        n = first + i
        assert n not in errors, f"{expr}: {errors[n]}"
        assert revealed.get(n) == expected, f"{expr}: mypy sees {revealed.get(n)!r}"
        assert "Any" not in expected.replace("numpy.dtype[Any]", "")
    for i, (expr, code) in enumerate(MISUSE):
        n = first + len(REVEALED) + i
        assert any(re.search(rf"\[({code})\]$", e) for e in errors.get(n, [])), \
            f"{expr}: expected a [{code}] error, got {errors.get(n)}"
    assert set(errors) <= set(range(first + len(REVEALED), first + len(REVEALED) + len(MISUSE)))


PUBLIC_MODULES = ("aiarray", "aiarray.linalg", "aiarray.fft", "aiarray.random",
                  "aiarray.quantization", "aiarray.sparse", "aiarray.grad", "aiarray.typing",
                  "aiarray.numpy", "aiarray.numpy.linalg", "aiarray.numpy.fft",
                  "aiarray.numpy.random")


def test_every_public_name_is_visible_to_a_type_checker(mypy: Mypy, tmp_path: Path) -> None:
    """Each name of each public module's ``__all__`` resolves under ``mypy --strict``
    (a name imported from a private module must be re-exported explicitly)."""
    import importlib

    lines = [f"import {m}" for m in PUBLIC_MODULES]
    for m in PUBLIC_MODULES:
        names = importlib.import_module(m).__all__
        assert names, m
        lines += [f"{m}.{name}" for name in names]
    snippet = tmp_path / "names.py"
    snippet.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, out = user_check(mypy, snippet)
    assert status == 0, out

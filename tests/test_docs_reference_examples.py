"""Every public function's and class's reference page shows an example, and every
example runs.

The reference pages are built from the docstrings (autodoc), so the docstrings are where
the examples live: an ``Examples`` section of doctest lines.  The elementwise functions'
examples are generated from a table of inputs (tools/reference_examples.py writes
aiarray/_api/_elementwise_examples.py); the others, and the classes', are written in
their docstrings.  Each is run here with doctest, from a fresh namespace holding ``xp``
(``import aiarray as xp``), under the default promotion policy; what it prints must be
what the page shows.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import inspect
import re
from pathlib import Path
from types import FunctionType, GenericAlias, ModuleType

import pytest
from _scripts import load_script

import aiarray

ROOT = Path(__file__).resolve().parent.parent
MODULES = ("aiarray", "aiarray.linalg", "aiarray.fft", "aiarray.random", "aiarray.sparse",
           "aiarray.grad", "aiarray.quantization", "aiarray.lib.stride_tricks",
           "aiarray.typing")


def public_functions() -> dict[str, FunctionType]:
    """``module.name`` -> function, for each function in a public module's ``__all__``
    (a function exported by two modules is listed once, under the first)."""
    found: dict[str, FunctionType] = {}
    seen: set[int] = set()
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            obj = getattr(module, name)
            if isinstance(obj, (type, ModuleType, GenericAlias)) or not callable(obj):
                continue  # (a type alias such as aiarray.typing.DType: the page's example)
            if id(obj) not in seen:
                seen.add(id(obj))
                found[f"{module_name}.{name}"] = obj
    return found


def public_classes() -> dict[str, type]:
    """``module.name`` -> class, for each class in a public module's ``__all__`` (the
    array, the devices and layouts, the errors, the result tuples, ...; a class exported
    by two modules, such as ``QuantizedArray``, is listed once, under the first)."""
    found: dict[str, type] = {}
    seen: set[int] = set()
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            obj = getattr(module, name)
            if isinstance(obj, type) and id(obj) not in seen:
                seen.add(id(obj))
                found[f"{module_name}.{name}"] = obj
    return found


FUNCTIONS = public_functions()
CLASSES = public_classes()


def swapin_reference() -> dict[str, object]:
    """``aiarray.numpy.name`` -> object, for each name the swap-in's own reference page
    (docs/reference/numpy.md) lists in its autosummary: what it adds to NumPy's names."""
    import aiarray.numpy as swapin

    text = (ROOT / "docs" / "reference" / "numpy.md").read_text(encoding="utf-8")
    block = text.split(".. autosummary::", 1)[1].split("```", 1)[0]
    names = [line.strip() for line in block.splitlines()
             if line.strip() and not line.strip().startswith(":")]
    return {f"aiarray.numpy.{n}": getattr(swapin, n) for n in names}


SWAPIN = swapin_reference()


def examples(name: str, func: object) -> doctest.DocTest:
    """The doctest of ``func``'s docstring, with ``xp`` (``import aiarray as xp``) and,
    for the swap-in's names, ``np`` (``import aiarray.numpy as np``)."""
    import aiarray.numpy as swapin

    doc = inspect.getdoc(func) or ""
    globs = {"xp": aiarray, "np": swapin}
    return doctest.DocTestParser().get_doctest(doc, globs, name, None, 0)


TOOL = load_script("tools/reference_examples.py", "reference_examples")


class NumbersChecker(doctest.OutputChecker):
    """doctest's check, and where it fails the tool's: the same text apart from spacing,
    numbers within a few float32 units (``same_output``: NumPy's float32 loops differ in
    the last place between CPUs)."""

    def check_output(self, want: str, got: str, optionflags: int) -> bool:
        return super().check_output(want, got, optionflags) or TOOL.same_output(want, got)


def failures(test: doctest.DocTest) -> str:
    """What doctest reports for ``test`` ('' when every example printed what it shows),
    run under the default policy and backend, which it must leave as they were."""
    report: list[str] = []
    import aiarray.numpy as swapin

    runner = doctest.DocTestRunner(checker=NumbersChecker(), optionflags=doctest.REPORT_NDIFF,
                                   verbose=False)
    aiarray.set_promotion_policy("ascend")
    aiarray.set_backend("parallel")
    swapin.set_promotion_policy("numpy")
    try:
        runner.run(test, out=report.append, clear_globs=True)
    finally:
        left = (aiarray.get_promotion_policy(), aiarray.get_backend(),
                swapin.get_promotion_policy())
        aiarray.set_promotion_policy("ascend")
        aiarray.set_backend("parallel")
        swapin.set_promotion_policy("numpy")
    if left != ("ascend", "parallel", "numpy"):
        report.append(f"the example left the policy, backend and swap-in policy at {left}")
    return "".join(report)


def test_every_public_function_has_an_example():
    assert len(FUNCTIONS) > 200
    missing = [name for name, func in FUNCTIONS.items() if not examples(name, func).examples]
    assert not missing, ("no Examples section (doctest lines) in the docstring of: "
                         + ", ".join(missing))


def classes_without_examples(classes: dict[str, type]) -> list[str]:
    """The names in ``classes`` whose own docstring has no example (``inspect.getdoc``
    would give a subclass without a docstring its base's, examples and all)."""
    return [name for name, cls in classes.items()
            if not examples(name, cls).examples or "Examples" not in (cls.__doc__ or "")]


def test_every_public_class_has_an_example():
    """A class's page shows its docstring: how it is made or raised, what it holds."""
    assert {"aiarray.Array", "aiarray.Device", "aiarray.AxisError", "aiarray.linalg.SVDResult",
            "aiarray.random.Generator", "aiarray.sparse.SparseArray"} <= set(CLASSES)
    assert "aiarray.quantization.QuantizedArray" not in CLASSES  # listed under aiarray
    missing = classes_without_examples(CLASSES)
    assert not missing, ("no Examples section (doctest lines) in the docstring of: "
                         + ", ".join(missing))


def test_every_name_on_the_swapin_page_has_an_example():
    """docs/reference/numpy.md's own names (the policy functions, NpzFile, ...)."""
    assert {"aiarray.numpy.set_promotion_policy", "aiarray.numpy.promotion_policy",
            "aiarray.numpy.NpzFile"} <= set(SWAPIN)
    missing = [name for name, obj in SWAPIN.items() if not examples(name, obj).examples]
    assert not missing, ("no Examples section (doctest lines) in the docstring of: "
                         + ", ".join(missing))


@pytest.mark.parametrize("name", sorted(FUNCTIONS) + sorted(CLASSES) + sorted(SWAPIN))
def test_the_example_prints_what_the_page_shows(name):
    test = examples(name, FUNCTIONS.get(name) or CLASSES.get(name) or SWAPIN[name])
    assert test.examples, f"{name} has no example"
    report = failures(test)
    assert not report, report


def test_the_typing_page_example_prints_what_it_shows():
    """docs/reference/typing.md: the type aliases (DType, Scalar, Device ...) are data,
    not functions or classes with docstrings: the page's own example uses them."""
    text = (ROOT / "docs" / "reference" / "typing.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```pycon\n(.*?)```", text, re.S)
    assert blocks, "docs/reference/typing.md shows no example"
    for name in ("Array", "Device", "DType", "Scalar", "TypedScalar"):
        assert f" {name}" in blocks[0], name
    test = doctest.DocTestParser().get_doctest("".join(blocks), {}, "typing.md", None, 0)
    assert len(test.examples) >= 5
    report = failures(test)
    assert not report, report


def test_the_examples_show_an_ascend_promotion():
    """Where promotion matters (binary elementwise ops), the example mixes two dtypes and
    names the result; where Ascend differs from NumPy, the example says so."""
    from aiarray._registry import OPS

    plain = [name for name, op in OPS.items() if op.arity == 2 and op.promotes
             and not re.search(r"# \w+ with \w+(:| gives)",
                               inspect.getdoc(getattr(aiarray, name)) or "")]
    assert not plain, f"no mixed-dtype example line: {plain}"
    ascend = [n for n, f in FUNCTIONS.items() if "Ascend" in (inspect.getdoc(f) or "")]
    assert "aiarray.add" in ascend and "aiarray.result_type" in ascend and len(ascend) >= 20


def test_the_generated_elementwise_examples_are_current():
    assert TOOL.main(["--check"]) == 0, "run python tools/reference_examples.py"


def test_printed_numbers_may_differ_in_the_last_float32_places_only():
    """NumPy's float32 log10(100) prints 2.0000002 on some CPUs: the same example; a
    value off by more, another dtype or other text is not."""
    same = TOOL.same_output
    assert same("Array([0., 2.], dtype=float32)\n",
                "Array([0.       , 2.0000002], dtype=float32)\n")
    assert same("Array([1.       , 1.5430806], dtype=float32)\n",
                "Array([1.       , 1.5430807], dtype=float32)\n")
    assert not same("Array([0., 2.], dtype=float32)\n", "Array([0., 2.00001], dtype=float32)\n")
    assert not same("Array([0., 2.], dtype=float32)\n", "Array([0., 2.], dtype=float64)\n")
    assert not same("Array([0., 2.], dtype=float32)\n", "Array([0., 2., 3.], dtype=float32)\n")
    assert not same("Array(1, dtype=int8)\n", "Array(2, dtype=int8)\n")


def test_a_wrong_output_or_a_missing_example_is_reported():
    """The checks can fail: a changed output line, and a docstring without examples."""
    doc = inspect.getdoc(aiarray.add) or ""
    wrong = doc.replace("dtype=int16)", "dtype=int8)")
    assert wrong != doc
    test = doctest.DocTestParser().get_doctest(wrong, {"xp": aiarray}, "add", None, 0)
    assert "int16" in failures(test)

    def undocumented(x):
        """No example here."""

    assert not examples("undocumented", undocumented).examples

    class Subclass(aiarray.AxisError):
        pass

    assert classes_without_examples({"Subclass": Subclass, "AxisError": aiarray.AxisError}) \
        == ["Subclass"]

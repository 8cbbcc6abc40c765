"""NumPy's own docstring examples, run with ``np`` bound to aiarray.numpy.

The corpus, the comparison rules and the exclusion list are described in
tests/_numpy_doctests.py and tests/numpy_doctest_excluded.txt.  One test per NumPy
name aiarray.numpy serves; each compares every example of NumPy's docstring of that
name with NumPy's own output.
"""

from __future__ import annotations

import _numpy_doctests as T
import pytest

EXCLUDED = T.load_excluded()
NAMES = T.served_names()


@pytest.mark.parametrize("name", NAMES)
def test_numpy_docstring_examples(name: str) -> None:
    res = T.check(name, EXCLUDED)
    lines = [f"{name}[{i}]: {src}\n  numpy:   {ref!r}\n  aiarray: {got!r}"
             for i, src, ref, got in res.failed]
    assert not lines, "\n".join(lines)


def test_exclusions_name_examples_that_exist() -> None:
    """Every line of the exclusion list names a served function and one of its examples."""
    names = set(NAMES)
    for key in EXCLUDED:
        name, _, index = key.partition("[")
        assert name in names, f"{key}: {name} is not a served name with examples"
        index = index.rstrip("]")
        if index != "*":
            assert int(index) < len(T.examples(name)), f"{key}: no such example"


def test_checker_rules() -> None:
    """The output checker normalises exactly its documented differences."""
    o = T.Outcome
    assert T.same(o("np.float64(2.0)\n", None), o("np.float64(2.0)\n", None))
    assert not T.same(o("np.float64(16.881943016134134)\n", None),
                      o("np.float64(16.88194301613413)\n", None))  # the last digit counts
    assert not T.same(o("np.float64(2.0)\n", None), o("Array(2.)\n", None))  # rule 2 is off
    assert T.same(o("array([1, 2])\n", None), o("Array([1, 2])\n", None))
    assert T.same(o("array([1,  2])\n", None), o("Array([1, 2])\n", None))  # whitespace
    assert not T.same(o("array([1, 2])\n", None), o("Array([1, 3])\n", None))
    assert not T.same(o("array([1., 2.])\n", None), o("Array([1, 2])\n", None))
    assert not T.same(o("", ValueError("x")), o("", IndexError("x")))
    from aiarray import InvalidArgumentError

    assert T.same(o("", ValueError("numpy's words")), o("", InvalidArgumentError("ours")))
    assert not T.same(o("", None), o("", InvalidArgumentError("ours")))

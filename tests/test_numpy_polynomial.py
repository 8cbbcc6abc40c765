"""aiarray.numpy.polynomial: generated from NumPy's names, current, and computing as NumPy."""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

import numpy
import pytest

import aiarray
import aiarray.numpy as anp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import gen_polynomial  # noqa: E402 - the generator is a script in tools/


@pytest.mark.parametrize("series", gen_polynomial.SERIES)
def test_module_is_current(series):
    path = gen_polynomial.PACKAGE / f"{series}.py"
    text = path.read_text(encoding="utf-8")
    generated_from = re.search(r"from NumPy ([\w.]+)'s", text).group(1)
    ours = importlib.import_module(f"aiarray.numpy.polynomial.{series}")
    theirs = importlib.import_module(f"numpy.polynomial.{series}")
    if generated_from == numpy.__version__:
        assert text == gen_polynomial.render(series), (
            f"{path.name} is stale: run python tools/gen_polynomial.py")
        assert sorted(ours.__all__) == sorted(theirs.__all__)
    else:  # another NumPy: every name listed is still one of NumPy's
        assert set(ours.__all__) <= set(dir(theirs))


@pytest.mark.parametrize("series", gen_polynomial.SERIES)
def test_functions_compute_as_numpy(series):
    ours = importlib.import_module(f"aiarray.numpy.polynomial.{series}")
    theirs = importlib.import_module(f"numpy.polynomial.{series}")
    prefix = {"chebyshev": "cheb", "hermite": "herm", "hermite_e": "herme",
              "laguerre": "lag", "legendre": "leg", "polynomial": "poly"}[series]
    coef, x = [1.0, -2.0, 0.5], numpy.linspace(-1, 1, 7)
    got = getattr(ours, prefix + "val")(anp.asarray(x), anp.asarray(coef))
    assert isinstance(got, aiarray.Array)
    numpy.testing.assert_array_equal(numpy.asarray(got), getattr(theirs, prefix + "val")(x, coef))
    fitted = getattr(ours, prefix + "fit")(anp.asarray(x), anp.asarray(x**2), 2)
    expected = getattr(theirs, prefix + "fit")(x, x**2, 2)
    numpy.testing.assert_allclose(numpy.asarray(fitted), expected)

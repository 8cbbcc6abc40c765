"""``aiarray.numpy.testing``: NumPy's assertion functions, on views of aiarray Arrays.

The comparisons are NumPy's own (``numpy.testing``), given ndarray views of the Array
arguments, so they report and compare exactly as they do for NumPy arrays.  The rest
of ``numpy.testing`` (context managers, helpers) is NumPy's own object.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy.testing as _t

from . import _convert as C
from ._boundary import guarded

__all__ = [
    "assert_", "assert_allclose", "assert_almost_equal", "assert_approx_equal",
    "assert_array_almost_equal", "assert_array_almost_equal_nulp", "assert_array_compare",
    "assert_array_equal", "assert_array_less", "assert_array_max_ulp", "assert_equal",
    "assert_no_gc_cycles", "assert_no_warnings", "assert_raises", "assert_raises_regex",
    "assert_string_equal", "assert_warns", "clear_and_catch_warnings", "print_assert_equal",
    "suppress_warnings", "SkipTest", "TestCase", "tempdir", "temppath",
]


def _on_views(name: str) -> Callable[..., Any]:
    func = getattr(_t, name)

    def call(*args: Any, **kwargs: Any) -> Any:
        return func(*C.view(args), **{k: C.view(v) for k, v in kwargs.items()})

    call.__name__ = call.__qualname__ = name
    call.__wrapped__ = func  # type: ignore[attr-defined]  # (inspect reads it; not in a function's type)
    call.__doc__ = f"numpy.testing.{name} on views of aiarray Arrays."
    return guarded(call, name=name)


assert_allclose = _on_views("assert_allclose")
assert_almost_equal = _on_views("assert_almost_equal")
assert_approx_equal = _on_views("assert_approx_equal")
assert_array_almost_equal = _on_views("assert_array_almost_equal")
assert_array_almost_equal_nulp = _on_views("assert_array_almost_equal_nulp")
assert_array_compare = _on_views("assert_array_compare")
assert_array_equal = _on_views("assert_array_equal")
assert_array_less = _on_views("assert_array_less")
assert_array_max_ulp = _on_views("assert_array_max_ulp")
assert_equal = _on_views("assert_equal")
print_assert_equal = _on_views("print_assert_equal")
assert_ = guarded(_t.assert_, module=__name__)
assert_no_gc_cycles = guarded(_t.assert_no_gc_cycles, module=__name__)
assert_no_warnings = guarded(_t.assert_no_warnings, module=__name__)
assert_raises = guarded(_t.assert_raises, module=__name__)
assert_raises_regex = guarded(_t.assert_raises_regex, module=__name__)
assert_string_equal = guarded(_t.assert_string_equal, module=__name__)
assert_warns = guarded(_t.assert_warns, module=__name__)
clear_and_catch_warnings = _t.clear_and_catch_warnings
suppress_warnings = _t.suppress_warnings
SkipTest = _t.SkipTest
TestCase = _t.TestCase
tempdir = guarded(_t.tempdir, module=__name__)
temppath = guarded(_t.temppath, module=__name__)

"""Shared test helper: a public function's name, module, docstring and parameters."""

from __future__ import annotations

import inspect


def assert_signature(func: object, module: str, name: str, positional: tuple,
                     keywords: dict) -> None:
    """``func`` is the plain function ``module.name`` with a docstring, the given
    positional-only parameter names and keyword-only parameters with their defaults."""
    assert inspect.isfunction(func) and func.__name__ == name
    assert func.__module__ == module and func.__doc__
    params = inspect.signature(func).parameters.values()
    assert [p.name for p in params if p.kind is inspect.Parameter.POSITIONAL_ONLY] == \
        list(positional)
    assert {p.name: p.default for p in params
            if p.kind is inspect.Parameter.KEYWORD_ONLY} == keywords

"""Shared test helper: an aiarray error with its status and the words its message names."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest


@contextlib.contextmanager
def raises(exc: type, status: object, *words: str) -> Iterator[pytest.ExceptionInfo]:
    """Like pytest.raises, also checking ``.status`` and that the message names ``words``."""
    with pytest.raises(exc) as info:
        yield info
    assert info.value.status == status, info.value.status
    for w in words:
        assert w in str(info.value), (w, str(info.value))

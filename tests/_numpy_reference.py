"""Comparing aiarray.numpy results with NumPy's (the reference) in the swap-in tests."""

from __future__ import annotations

from typing import Any

import numpy as np

import aiarray as xp


def assert_like_numpy(got: Any, want: Any, *, tag: bool | None = True, exact: bool = True,
                      where: str = "", rtol: float = 1e-12) -> None:
    """``got`` (aiarray) holds what ``want`` (NumPy) holds: same dtype, shape and values
    (NaN equal to NaN; ``exact=False``: within ``rtol``).
    An ndarray must come back as an Array, of the namespace ``tag`` names (True:
    aiarray.numpy); a NumPy scalar as the same NumPy scalar type (the swap-in's rule),
    or, for ``tag=False`` (the standard namespace), as a 0-d Array."""
    if isinstance(want, tuple | list):
        assert type(got) is type(want) or (isinstance(got, tuple) and isinstance(want, tuple)), \
            f"{where}: {type(got).__name__} for NumPy's {type(want).__name__}"
        assert len(got) == len(want), where
        for i, (g, w) in enumerate(zip(got, want)):
            assert_like_numpy(g, w, tag=tag, exact=exact, where=f"{where}[{i}]", rtol=rtol)
        return
    if isinstance(want, np.generic) and tag is not False:
        assert type(got) is type(want), \
            f"{where}: {type(got).__name__}, not NumPy's scalar {type(want).__name__}"
        if exact:
            np.testing.assert_array_equal(got, want, err_msg=where)
        else:
            np.testing.assert_allclose(got, want, err_msg=where, rtol=rtol, equal_nan=True)
        return
    if isinstance(want, np.ndarray | np.generic):
        assert type(got) is xp.Array, f"{where}: {type(got).__name__}, not an Array"
        if tag is not None:
            assert got._numpy is tag, f"{where}: tagged {got._numpy}, expected {tag}"
        w = np.asarray(want)
        assert got.dtype == w.dtype, f"{where}: dtype {got.dtype} != NumPy's {w.dtype}"
        assert got.shape == w.shape, f"{where}: shape {got.shape} != NumPy's {w.shape}"
        g = np.asarray(got)
        if exact:
            np.testing.assert_array_equal(g, w, err_msg=where)
        else:
            np.testing.assert_allclose(g, w, err_msg=where, rtol=rtol, equal_nan=True)
        return
    assert type(got) is type(want), f"{where}: {type(got).__name__} != {type(want).__name__}"
    assert got == want or (got != got and want != want), f"{where}: {got!r} != {want!r}"

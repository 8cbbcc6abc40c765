"""Every advertised version of the standard gives that version's behaviour (issue 13, item 10).

The reference is the standard's changelog: before 2025.12 ``meshgrid``,
``broadcast_arrays`` and ``__array_namespace_info__().devices()`` return lists; before
2023.12 ``sum``, ``prod`` and ``linalg.trace`` give a floating array the default
floating dtype of its kind.  Everything else of a version's namespace is aiarray's.
"""

from __future__ import annotations

import inspect

import array_api_compat
import numpy as np
import pytest

import aiarray as aa
from aiarray._versions import LATEST, SUPPORTED


def test_advertised_versions():
    assert LATEST == aa.__array_api_version__ == "2025.12"
    assert SUPPORTED == ("2021.12", "2022.12", "2023.12", "2024.12", "2025.12")


@pytest.mark.parametrize("version", SUPPORTED)
def test_namespace_of_each_version(version):
    x = aa.ones(3)
    ns = x.__array_namespace__(api_version=version)
    assert ns.__array_api_version__ == version
    assert array_api_compat.array_namespace(x, api_version=version) is ns
    assert ns is x.__array_namespace__(api_version=version)  # one object per version
    assert ns.asarray is aa.asarray and ns.linalg.solve is aa.linalg.solve
    assert ns.float32 == aa.float32 and ns.fft.fft is aa.fft.fft
    listed = version < "2025.12"
    assert type(ns.meshgrid(x, x)) is (list if listed else tuple)
    assert type(ns.broadcast_arrays(x, x)) is (list if listed else tuple)
    assert type(ns.__array_namespace_info__().devices()) is (list if listed else tuple)
    assert ns.__array_namespace_info__().default_device() == aa.CPU
    for got, want in zip(ns.meshgrid(x, aa.zeros(2), indexing="ij"),
                         np.meshgrid(np.ones(3), np.zeros(2), indexing="ij")):
        assert np.array_equal(np.asarray(got), want)


@pytest.mark.parametrize("version", SUPPORTED)
@pytest.mark.parametrize(("dtype", "old"), [
    (aa.float32, aa.float64), (aa.float16, aa.float64), (aa.bfloat16, aa.float64),
    (aa.complex64, aa.complex128), (aa.complex32, aa.complex128), (aa.int8, aa.int64),
    (aa.uint8, aa.uint64), (aa.float64, aa.float64),
])
def test_floating_sums_before_2023_12(version, dtype, old):
    ns = aa.ones(1).__array_namespace__(api_version=version)
    x = aa.ones((2, 2), dtype=dtype)
    want = old if version < "2023.12" else aa.sum(x).dtype
    assert ns.sum(x).dtype == ns.prod(x).dtype == ns.linalg.trace(x).dtype == want
    assert ns.sum(x, dtype=dtype).dtype == dtype  # an explicit dtype is always honoured
    assert complex(ns.sum(x)) == 4 and complex(ns.prod(x)) == 1
    assert complex(ns.linalg.trace(x)) == 2


def _parameters(func: object) -> list[tuple]:
    """Names, kinds and defaults of ``func``'s parameters (what the conformance suite checks)."""
    return [(p.name, p.kind, p.default) for p in inspect.signature(func).parameters.values()]


def test_overrides_keep_the_signatures():
    for version in SUPPORTED[:-1]:
        ns = aa.ones(1).__array_namespace__(api_version=version)
        for name in ("meshgrid", "broadcast_arrays", "sum", "prod"):
            assert _parameters(getattr(ns, name)) == _parameters(getattr(aa, name)), name
        assert _parameters(ns.linalg.trace) == _parameters(aa.linalg.trace)


@pytest.mark.parametrize("bad", ["2020.10", "2026.12", 2023.12, "", None])
def test_unknown_version_is_refused(bad):
    x = aa.ones(1)
    if bad is None:
        assert x.__array_namespace__(api_version=bad) is aa
        return
    with pytest.raises(ValueError) as info:
        x.__array_namespace__(api_version=bad)
    assert info.value.status == aa.Status.INVALID_ARGUMENT and "api_version" in str(info.value)

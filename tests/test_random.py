"""aiarray.random (GB/T 7.2.1.7 - 7.2.1.11): reproducibility, golden values, statistics, errors.

Independent references: raw words straight from ``numpy.random.PCG64(SeedSequence(seed))``
turned into samples here with plain Python (math.log / math.cos, bisect, sorted);
NumPy's own ``default_rng(seed).random()`` (documented as (next64 >> 11) * 2**-53);
exact rational arithmetic (fractions) for the rounding to narrow dtypes; and
literal values pinned from the PCG64 stream.  Statistical checks use fixed seeds
and 5-sigma (or chi-square 1e-6 quantile) bounds, so they are deterministic.
"""

from __future__ import annotations

import bisect
import itertools
import math
import os
import subprocess
import sys
from fractions import Fraction

import ml_dtypes
import numpy as np
import pytest

import aiarray as aa
from aiarray import random as xr
from aiarray._errors import (
    DimensionMismatchError,
    InvalidArgumentError,
    Status,
    TypeMismatchError,
    UninitializedError,
)

BF16 = np.dtype(ml_dtypes.bfloat16)


def raw(seed: int, n: int) -> np.ndarray:
    return np.random.PCG64(np.random.SeedSequence(seed)).random_raw(n)


def u01(words) -> list[float]:
    return [int(w >> np.uint64(11)) * 2.0 ** -53 for w in words]


def np_(x: aa.Array) -> np.ndarray:
    return np.asarray(x)


def box_muller(words) -> list[float]:
    out = []
    for w1, w2 in zip(words[0::2], words[1::2]):
        u1 = 1.0 - u01([w1])[0]
        u2 = u01([w2])[0]
        r = math.sqrt(-2.0 * math.log(u1))
        out += [r * math.cos(2 * math.pi * u2), r * math.sin(2 * math.pi * u2)]
    return out


def nearest(value: float, dtype: np.dtype) -> float:
    """``value`` rounded to nearest (ties to even) in ``dtype``, by exact arithmetic."""
    cand = float(np.array(value, np.float32).astype(dtype).astype(np.float64))
    best = None
    for c in (cand, float(np.nextafter(np.array(cand, dtype), dtype.type(np.inf))),
              float(np.nextafter(np.array(cand, dtype), dtype.type(-np.inf)))):
        d = abs(Fraction(c) - Fraction(value))
        even = int(np.array(c, dtype).view({2: np.uint16, 4: np.uint32}[dtype.itemsize])) % 2 == 0
        key = (d, not even)
        if best is None or key < best[0]:
            best = (key, c)
    return best[1]


# -- golden values ------------------------------------------------------------------------
def test_uniform_golden_from_pcg64_words():
    got = np_(xr.uniform(shape=6, seed=12345))
    assert got.dtype == np.float64
    assert got.tolist() == u01(raw(12345, 6))


def test_uniform_matches_numpy_documented_random_and_pinned_values():
    got = np_(xr.uniform(shape=4, seed=42))
    assert got.tolist() == np.random.default_rng(42).random(4).tolist()
    pinned = ["0x1.8c43f79a2db24p-1", "0x1.c16959869e47ep-2", "0x1.b79a2584ddb42p-1",
              "0x1.650d6c1c2c011p-1"]
    assert got.tolist() == [float.fromhex(h) for h in pinned]


def test_uniform_affine_golden():
    got = np_(xr.uniform(-2.0, 6.0, (3, 2), seed=7))
    assert got.shape == (3, 2)
    assert got.reshape(-1).tolist() == [-2.0 + 8.0 * u for u in u01(raw(7, 6))]


def test_normal_golden_box_muller():
    got = np_(xr.normal(shape=7, seed=2024))
    ref = box_muller(raw(2024, 8))[:7]
    np.testing.assert_allclose(got, ref, rtol=1e-14, atol=1e-15)
    pinned = ["-0x1.995344f06c8afp+0", "0x1.4ad19d9e9b23ap-1", "-0x1.48d44bffb593ap-1",
              "-0x1.deeb6e39d1f0ap+0"]
    assert np_(xr.normal(shape=4, seed=42)).tolist() == [float.fromhex(h) for h in pinned]


def test_normal_mean_std_golden():
    got = np_(xr.normal(3.0, 0.5, (2, 2), seed=11))
    ref = [3.0 + 0.5 * z for z in box_muller(raw(11, 4))]
    np.testing.assert_allclose(got.reshape(-1), ref, rtol=1e-14)


def test_bernoulli_golden():
    got = np_(xr.bernoulli(0.3, (10,), seed=99))
    assert got.dtype == np.bool_
    assert got.tolist() == [u < 0.3 for u in u01(raw(99, 10))]
    p = aa.asarray([[0.1, 0.5, 0.9], [0.0, 1.0, 0.25]])
    got = np_(xr.bernoulli(p, dtype=aa.float32, seed=5))
    ref = [float(u < q) for u, q in zip(u01(raw(5, 6)), [0.1, 0.5, 0.9, 0.0, 1.0, 0.25])]
    assert got.dtype == np.float32 and got.reshape(-1).tolist() == ref


def test_randperm_golden():
    words = raw(42, 8)
    ref = sorted(range(8), key=lambda i: (int(words[i]), i))
    got = np_(xr.randperm(8, seed=42))
    assert got.dtype == np.int64 and got.tolist() == ref == [4, 1, 3, 6, 0, 7, 2, 5]


def test_multinomial_with_replacement_golden():
    w = [1.0, 2.0, 0.0, 3.0]
    got = np_(xr.multinomial(aa.asarray(w), 9, replacement=True, seed=8))
    cdf = list(itertools.accumulate(v / max(w) for v in w))  # weights / row max, summed
    ref = [bisect.bisect_right(cdf, u * cdf[-1]) for u in u01(raw(8, 9))]
    assert got.dtype == np.int64 and got.tolist() == ref
    assert 2 not in got.tolist()


def test_multinomial_without_replacement_golden():
    w = np.array([[0.5, 1.0, 2.0, 0.0, 4.0], [1.0, 1.0, 1.0, 1.0, 1.0]])
    got = np_(xr.multinomial(aa.asarray(w), 3, seed=31))
    us = [1.0 - u for u in u01(raw(31, 10))]
    ref = []
    for r in range(2):
        keys = [(-math.log(us[5 * r + i]) / (w[r, i] / w[r].max()) if w[r, i] else math.inf, i)
                for i in range(5)]
        ref.append([i for _, i in sorted(keys)[:3]])
    assert got.dtype == np.int64 and got.tolist() == ref


# -- reproducibility --------------------------------------------------------------------
_DIGEST_SRC = """
import hashlib
import numpy as np
import aiarray as aa
from aiarray import random as xr


def digest(seed):
    h = hashlib.sha256()
    for arr in (xr.uniform(shape=(3, 5), seed=seed), xr.normal(1.0, 2.0, 7, seed=seed),
                xr.uniform(shape=9, dtype=aa.bfloat16, seed=seed),
                xr.normal(shape=9, dtype=aa.float16, seed=seed),
                xr.bernoulli(0.4, 33, seed=seed), xr.randperm(50, seed=seed),
                xr.multinomial(aa.asarray([1.0, 2.0, 3.0]), 20, replacement=True, seed=seed),
                xr.multinomial(aa.asarray([[1.0, 2.0, 3.0, 4.0]]), 3, seed=seed)):
        a = np.asarray(arr)
        h.update(str((a.dtype.name, a.shape)).encode())
        h.update(a.tobytes())
    return h.hexdigest()
"""


def _digest(seed: int) -> str:
    ns: dict = {}
    exec(_DIGEST_SRC, ns)
    return ns["digest"](seed)


def test_same_seed_same_arrays_in_process():
    assert _digest(1234) == _digest(1234)
    assert _digest(1234) != _digest(1235)


def test_same_seed_same_arrays_across_processes():
    code = _DIGEST_SRC + "\nprint(digest(1234))\n"
    env = dict(os.environ, PYTHONHASHSEED="123")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=env)
    assert out.stdout.strip() == _digest(1234)


def test_seed_zero_uses_fresh_entropy():
    a = np_(xr.uniform(shape=8))
    b = np_(xr.uniform(shape=8, seed=0))
    assert not np.array_equal(a, b)  # 2**-424 chance of a false failure
    assert not np.array_equal(np_(xr.randperm(30)), np_(xr.randperm(30)))  # 1 / 30!


# -- Generator streams -------------------------------------------------------------------
def test_generator_stream_continues():
    g = xr.Generator(7)
    a, b = np_(g.uniform(shape=5)), np_(g.uniform(shape=5))
    assert not np.array_equal(a, b)
    assert np.concatenate([a, b]).tolist() == np_(xr.uniform(shape=10, seed=7)).tolist()
    g = xr.Generator(7)
    c, d = np_(g.normal(shape=4)), np_(g.normal(shape=(2, 3)))
    assert np.concatenate([c, d.reshape(-1)]).tolist() == np_(xr.normal(shape=10, seed=7)).tolist()


def test_generator_mixed_methods_consume_words():
    g = xr.Generator(3)
    g.bernoulli(0.5, 4)           # 4 words
    g.randperm(3)                 # 3 words
    g.normal(shape=3)             # 4 words (pairs)
    got = np_(g.uniform(shape=2)).tolist()
    assert got == u01(raw(3, 13))[11:13]


def test_generator_seed_zero_replay_and_repr():
    g = xr.Generator()
    assert isinstance(g.seed, int) and g.seed > 0
    assert np_(xr.Generator(g.seed).uniform(shape=6)).tolist() == np_(g.uniform(shape=6)).tolist()
    assert repr(xr.Generator(5)) == "aiarray.random.Generator(seed=5)"


def test_failed_call_does_not_advance_generator():
    g = xr.Generator(21)
    for bad in (lambda: g.uniform(2.0, 1.0, 5), lambda: g.normal(std=-1.0, shape=5),
                lambda: g.bernoulli(aa.asarray([0.5, 2.0])),
                lambda: g.multinomial(aa.asarray([1.0, 0.0]), 2),
                lambda: g.randperm(300, dtype=aa.uint8)):
        with pytest.raises(ValueError):
            bad()
    assert np_(g.uniform(shape=3)).tolist() == u01(raw(21, 3))


def test_generator_spawn():
    parent = xr.Generator(5)
    kids = parent.spawn(2)
    assert len(kids) == 2 and kids[0].seed is None
    ref = np.random.PCG64(np.random.SeedSequence(5).spawn(2)[1]).random_raw(3)
    assert np_(kids[1].uniform(shape=3)).tolist() == u01(ref)
    assert not np.array_equal(np_(kids[0].uniform(shape=3)), np_(xr.uniform(shape=3, seed=5)))
    assert np_(parent.uniform(shape=3)).tolist() == u01(raw(5, 3))  # parent not advanced
    assert parent.spawn(0) == []
    with pytest.raises(InvalidArgumentError):
        parent.spawn(-1)


# -- dtypes and rounding ------------------------------------------------------------------
@pytest.mark.parametrize("dtype", [aa.float16, aa.bfloat16, aa.float32])
def test_narrow_dtypes_round_once(dtype):
    words = raw(77, 400)
    got = np_(xr.uniform(-3.0, 5.0, 400, dtype=dtype, seed=77)).astype(np.float64)
    ref = [nearest(-3.0 + 8.0 * u, np.dtype(dtype)) for u in u01(words)]
    ref = [min(r, float(np.nextafter(np.array(5.0, dtype), dtype.type(-np.inf)))) for r in ref]
    assert got.tolist() == ref
    got = np_(xr.normal(0.5, 2.0, 200, dtype=dtype, seed=78))
    assert got.dtype == np.dtype(dtype)
    exact = np_(xr.normal(0.5, 2.0, 200, seed=78))
    assert got.astype(np.float64).tolist() == [nearest(v, np.dtype(dtype)) for v in exact]


def test_bfloat16_single_rounding_differs_from_double_rounding():
    # 1 + 2**-8 + 2**-30 rounds up to 1 + 2**-7 in bfloat16; via float32 it would give 1.
    v = 1 + 2.0 ** -8 + 2.0 ** -30
    assert nearest(v, BF16) == 1 + 2.0 ** -7
    from aiarray._random_impl import round_to

    assert float(round_to(np.array([v]), aa.bfloat16)[0]) == 1 + 2.0 ** -7


@pytest.mark.parametrize("dtype", [aa.float16, aa.bfloat16, aa.float32, aa.float64])
def test_uniform_stays_in_half_open_interval(dtype):
    for lo, hi in ((0.0, 1.0), (0.1, 0.2), (-1.0, 1e-3), (1.0, 1.0 + 2.0 ** -6)):
        x = np_(xr.uniform(lo, hi, 3000, dtype=dtype, seed=4)).astype(np.float64)
        assert x.min() >= lo and x.max() < hi, (lo, hi)


def test_uniform_extreme_range_and_equal_bounds():
    big = 1.7e308
    x = np_(xr.uniform(-big, big, 1000, seed=1))
    assert np.all(np.isfinite(x)) and x.min() >= -big and x.max() < big
    assert x.tolist()[:3] == [(-big * 0.5 + (big * 0.5 + big * 0.5) * u) * 2 for u in
                              u01(raw(1, 3))]
    c = xr.uniform(2.5, 2.5, (2, 2), dtype=aa.float32, seed=1)
    assert c.dtype == aa.float32 and np_(c).tolist() == [[2.5, 2.5], [2.5, 2.5]]


def test_default_dtypes_shapes_device():
    assert xr.uniform().dtype == aa.float64 and xr.uniform().shape == ()
    assert xr.normal(shape=3).shape == (3,)
    assert xr.uniform(shape=(2, 0)).shape == (2, 0)
    assert xr.bernoulli(0.5).dtype == aa.bool and xr.bernoulli(0.5).shape == ()
    assert xr.bernoulli(aa.ones((2, 3)) * 0.5, shape=(4, 2, 3)).shape == (4, 2, 3)
    assert xr.randperm(0).shape == (0,) and xr.randperm(5).dtype == aa.int64
    assert xr.randperm(100, dtype=aa.int8).dtype == aa.int8
    assert xr.uniform(device="cpu").device == aa.asarray(0).device
    assert xr.multinomial(aa.asarray([1.0, 2.0]), 0).shape == (0,)
    assert xr.multinomial(aa.zeros((0, 3)), 4, replacement=True).shape == (0, 4)
    for dt in (aa.int8, aa.uint16, aa.float16, aa.bfloat16, aa.float64):
        b = np_(xr.bernoulli(0.5, 50, dtype=dt, seed=2)).astype(np.float64)
        assert set(b.tolist()) <= {0.0, 1.0}
        assert b.tolist() == np_(xr.bernoulli(0.5, 50, seed=2)).astype(np.float64).tolist()


def test_normal_std_zero_and_p_extremes():
    assert np_(xr.normal(1.5, 0.0, 4, seed=3)).tolist() == [1.5] * 4
    assert not np_(xr.bernoulli(0.0, 1000, seed=3)).any()
    assert np_(xr.bernoulli(1.0, 1000, seed=3)).all()


# -- statistics (fixed seeds, 5 sigma) ----------------------------------------------------
def test_uniform_statistics():
    n = 200_000
    x = np_(xr.uniform(-1.0, 3.0, n, seed=101))
    assert abs(x.mean() - 1.0) < 5 * math.sqrt(16 / 12 / n)
    var_se = math.sqrt((4.0 ** 4 / 80 - (16 / 12) ** 2) / n)
    assert abs(x.var() - 16 / 12) < 5 * var_se
    counts = np.histogram(x, bins=20, range=(-1, 3))[0]
    chi2 = ((counts - n / 20) ** 2 / (n / 20)).sum()
    assert chi2 < 55  # 19 dof, P(chi2 > 55) ~ 2e-5


def test_normal_statistics():
    n = 200_000
    x = np_(xr.normal(2.0, 3.0, n, seed=202))
    assert abs(x.mean() - 2.0) < 5 * 3.0 / math.sqrt(n)
    assert abs(x.var() - 9.0) < 5 * math.sqrt(2) * 9.0 / math.sqrt(n)
    z = (x - 2.0) / 3.0
    edges = [-math.inf, -2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, math.inf]
    cdf = [0.5 * (1 + math.erf(e / math.sqrt(2))) if math.isfinite(e) else float(e > 0)
           for e in edges]
    expected = np.diff(cdf) * n
    counts = np.histogram(z, bins=np.array(edges))[0]
    assert ((counts - expected) ** 2 / expected).sum() < 45  # 9 dof, P ~ 1e-6


def test_bernoulli_frequency():
    n = 100_000
    x = np_(xr.bernoulli(0.3, n, seed=303))
    assert abs(x.mean() - 0.3) < 5 * math.sqrt(0.3 * 0.7 / n)
    p = aa.asarray([0.05, 0.5, 0.95])
    x = np_(xr.bernoulli(p, (n, 3), seed=304)).mean(axis=0)
    for f, q in zip(x, [0.05, 0.5, 0.95]):
        assert abs(f - q) < 5 * math.sqrt(q * (1 - q) / n)


def test_multinomial_with_replacement_chi_square():
    w = np.array([1.0, 2.0, 0.0, 3.0, 4.0])
    n = 100_000
    x = np_(xr.multinomial(aa.asarray(w, dtype=aa.float32), n, replacement=True, seed=404))
    counts = np.bincount(x, minlength=5)
    assert counts[2] == 0
    expected = w / w.sum() * n
    keep = w > 0
    chi2 = ((counts[keep] - expected[keep]) ** 2 / expected[keep]).sum()
    assert chi2 < 30  # 3 dof, P ~ 1e-6


def test_multinomial_integer_weights_2d():
    w = aa.asarray([[0, 5, 5], [9, 0, 1]])
    x = np_(xr.multinomial(w, 20_000, replacement=True, seed=12))
    assert x.shape == (2, 20_000)
    assert set(x[0].tolist()) == {1, 2} and set(x[1].tolist()) == {0, 2}
    assert abs((x[1] == 0).mean() - 0.9) < 5 * math.sqrt(0.09 / 20_000)


def test_multinomial_without_replacement_law():
    p = np.array([0.1, 0.2, 0.3, 0.4])
    rows = 40_000
    x = np_(xr.multinomial(aa.asarray(np.tile(p, (rows, 1))), 2, seed=505))
    assert np.all(x[:, 0] != x[:, 1])
    first = np.bincount(x[:, 0], minlength=4)
    exp_first = p * rows
    assert ((first - exp_first) ** 2 / exp_first).sum() < 30
    # P(second = j) = sum_{i != j} p_i p_j / (1 - p_i)
    exp_second = np.array([sum(p[i] * p[j] / (1 - p[i]) for i in range(4) if i != j)
                           for j in range(4)]) * rows
    second = np.bincount(x[:, 1], minlength=4)
    assert ((second - exp_second) ** 2 / exp_second).sum() < 30


def test_multinomial_without_replacement_all_categories():
    w = aa.asarray([[3.0, 0.0, 1.0, 2.0]] * 50)
    x = np_(xr.multinomial(w, 3, seed=6))
    assert all(sorted(r) == [0, 2, 3] for r in x.tolist())


def test_randperm_is_uniform_permutation():
    for n in (1, 2, 17, 1000):
        assert sorted(np_(xr.randperm(n, seed=n)).tolist()) == list(range(n))
    g = xr.Generator(606)
    counts: dict[tuple, int] = {}
    trials = 24_000
    for _ in range(trials):
        key = tuple(np_(g.randperm(4)).tolist())
        counts[key] = counts.get(key, 0) + 1
    assert len(counts) == 24
    chi2 = sum((c - trials / 24) ** 2 / (trials / 24) for c in counts.values())
    assert chi2 < 60  # 23 dof, P ~ 3e-5


# -- errors --------------------------------------------------------------------------------
def _raises(exc, status, words, func, *args, **kwargs):
    with pytest.raises(exc) as info:
        func(*args, **kwargs)
    assert info.value.status == status
    for w in words:
        assert w in str(info.value), (w, str(info.value))


@pytest.mark.parametrize("func", [xr.uniform, xr.normal])
def test_float_distribution_argument_errors(func):
    _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["seed", "-1"], func, seed=-1)
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["seed"], func, seed=True)
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["seed"], func, seed=1.5)
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["dtype", "int32"], func, dtype=aa.int32)
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["dtype", "complex64"], func,
            dtype=aa.complex64)
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, [], func, dtype="float32")
    _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["shape"], func, shape=(2, -1))
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["shape"], func, shape=(2.0,))
    _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["device"], func, device="gpu")
    for bad in (math.nan, math.inf, -math.inf):
        _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["finite"], func, bad)
        _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["finite"], func, 0.0, bad)
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["real number"], func, 1j)
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["real number"], func, True)
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["real number"], func, "0")
    _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["float16"], func, 7e4, 8e4,
            dtype=aa.float16)
    _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, [], func, 10 ** 400)


def test_uniform_and_normal_specific_errors():
    _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["low=2.0", "high=1.0"],
            xr.uniform, 2.0, 1.0)
    _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["no float16 value"], xr.uniform,
            1.0001, 1.0002, dtype=aa.float16)
    _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["std=-1.0"], xr.normal, 0.0, -1.0)
    # 0-d real arrays are accepted as parameters, other arrays are not
    assert np_(xr.uniform(aa.asarray(1.0), aa.asarray(2), 3, seed=3)).min() >= 1.0
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["low"], xr.uniform, aa.asarray([0.0]))


def test_bernoulli_errors():
    for p in (-0.1, 1.5, math.nan):
        _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["p=", "[0, 1]"], xr.bernoulli, p)
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["p="], xr.bernoulli, "0.5")
    bad = aa.asarray([0.2, math.nan])
    _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["[0, 1]"], xr.bernoulli, bad)
    _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["[0, 1]"], xr.bernoulli,
            aa.asarray([0.2, 1.01]))
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["int64"], xr.bernoulli, aa.asarray([0, 1]))
    _raises(DimensionMismatchError, Status.DIMENSION_MISMATCH, ["shape"], xr.bernoulli,
            aa.asarray([0.2, 0.4, 0.6]), (2,))
    _raises(DimensionMismatchError, Status.DIMENSION_MISMATCH, ["shape"], xr.bernoulli,
            aa.asarray([[0.2], [0.4]]), (3,))
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["complex64"], xr.bernoulli, 0.5,
            dtype=aa.complex64)
    assert np.isnan(np_(bad)[1])  # input unchanged


def test_multinomial_errors():
    ok = aa.asarray([1.0, 2.0])
    _raises(UninitializedError, Status.UNINITIALIZED, ["probs"], xr.multinomial, [1.0, 2.0], 1)
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["bool"], xr.multinomial,
            aa.asarray([True, False]), 1)
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["complex"], xr.multinomial,
            aa.asarray([1j, 2j]), 1)
    _raises(DimensionMismatchError, Status.DIMENSION_MISMATCH, ["1-D or 2-D"], xr.multinomial,
            aa.ones((2, 2, 2)), 1)
    _raises(DimensionMismatchError, Status.DIMENSION_MISMATCH, ["1-D or 2-D"], xr.multinomial,
            aa.asarray(1.0), 1)
    _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["num_samples=-1"], xr.multinomial,
            ok, -1)
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["num_samples"], xr.multinomial, ok, 1.0)
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["replacement"], xr.multinomial, ok, 1,
            replacement=1)
    _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["num_samples=3", "2 non-zero"],
            xr.multinomial, aa.asarray([[1.0, 0.0, 2.0], [1.0, 1.0, 1.0]]), 3)
    _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["non-negative"], xr.multinomial,
            aa.asarray([1.0, -0.5]), 1)
    bad = aa.asarray([1.0, math.nan])
    _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["finite"], xr.multinomial, bad, 1)
    _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["finite"], xr.multinomial,
            aa.asarray([1.0, math.inf]), 1, replacement=True)
    _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["row 1", "sums to 0"],
            xr.multinomial, aa.asarray([[1.0, 1.0], [0.0, 0.0]]), 1, replacement=True)
    _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["no categories"], xr.multinomial,
            aa.zeros((2, 0)), 1, replacement=True)
    assert np.isnan(np_(bad)[1]) and np_(ok).tolist() == [1.0, 2.0]


def test_randperm_errors():
    _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["n=-3"], xr.randperm, -3)
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["n="], xr.randperm, True)
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["n="], xr.randperm, 3.0)
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["float32"], xr.randperm, 3,
            dtype=aa.float32)
    _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["n=200", "int8"], xr.randperm, 200,
            dtype=aa.int8)
    assert sorted(np_(xr.randperm(128, dtype=aa.int8, seed=1)).tolist()) == list(range(128))


def test_error_classes_are_standard_exceptions():
    with pytest.raises(ValueError):
        xr.normal(std=-1.0)
    with pytest.raises(TypeError):
        xr.uniform(dtype=aa.int8)

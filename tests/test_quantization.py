"""aiarray.quantization (GB/T 7.2.1.15): hand-computed parameters, round-trip bound, errors.

Expected scales, zero points and integers are computed here with exact rational
arithmetic (fractions): scale = the formula value rounded upward to the scale dtype,
q = round-half-away-from-zero of the exact quotient.  The round-trip property
|x - dequantize(quantize(x))| <= scale / 2 (per channel) is checked for every
scheme x dtype x input dtype on random data with edge values.
"""

from __future__ import annotations

import math
from fractions import Fraction

import ml_dtypes
import numpy as np
import pytest

import aiarray as aa
from aiarray import quantization as Q
from aiarray._errors import (
    AxisError,
    DimensionMismatchError,
    InvalidArgumentError,
    Status,
    TypeMismatchError,
    UninitializedError,
)

BF16 = np.dtype(ml_dtypes.bfloat16)
FLOAT_IN = [aa.float16, aa.bfloat16, aa.float32, aa.float64]
COMBOS = [("symmetric", aa.int8), ("symmetric", aa.int16), ("asymmetric", aa.uint8),
          ("asymmetric", aa.int8), ("asymmetric", aa.uint16), ("asymmetric", aa.int16)]


def np_(x) -> np.ndarray:
    return np.asarray(x)


def ceil_to(value: Fraction, dtype) -> float:
    """Smallest value of the float dtype >= value."""
    dt = np.dtype(dtype)
    s = np.array(float(value), np.float64).astype(dt)
    while Fraction(float(s)) < value:
        s = np.nextafter(s, dt.type(np.inf))
    while s > 0 and Fraction(float(np.nextafter(s, dt.type(0)))) >= value:
        s = np.nextafter(s, dt.type(0))
    return float(s)


def floor_to(value: Fraction, dtype) -> float:
    """Largest value of the float dtype <= value (value >= 0)."""
    dt = np.dtype(dtype)
    s = np.array(float(value), np.float64).astype(dt)
    while Fraction(float(s)) > value:
        s = np.nextafter(s, dt.type(0))
    while Fraction(float(np.nextafter(s, dt.type(np.inf)))) <= value:
        s = np.nextafter(s, dt.type(np.inf))
    return float(s)


def rha(v: Fraction) -> int:
    """Round half away from zero, exactly."""
    r = math.floor(abs(v) + Fraction(1, 2))
    return r if v >= 0 else -r


# -- hand-computed examples -------------------------------------------------------------
def test_symmetric_int8_hand_example():
    xs = [-1.0, 0.0, 0.5, 2.0]
    q = Q.quantize(aa.asarray(xs), dtype=aa.int8)
    s = floor_to(Fraction(2) / 127, np.float64)
    assert q.scale.dtype == aa.float64 and q.scale.shape == ()
    assert float(np_(q.scale)) == s
    assert q.zero_point.dtype == aa.int8 and int(np_(q.zero_point)) == 0
    expected = [rha(Fraction(x) / Fraction(s)) for x in xs]
    assert np_(q.data).tolist() == expected == [-64, 0, 32, 127]  # s < 2/127: no tie
    assert q.data.dtype == aa.int8 and q.dtype == aa.int8 and q.shape == (4,)
    assert (q.scheme, q.axis, q.ndim, q.size) == ("symmetric", None, 1, 4)


def test_default_is_the_drafts_16_bit_signed_symmetric():
    """GB/T 7.2.1.15, table 17: the default quantized type is 16-bit signed (symmetric)."""
    q = Q.quantize(aa.asarray([-1.0, 0.5, 2.0]))
    assert q.dtype == aa.int16 and q.scheme == "symmetric" and q.axis is None
    s = floor_to(Fraction(2) / 32767, np.float64)
    assert float(np_(q.scale)) == s
    assert np_(q.data).tolist() == [rha(Fraction(x) / Fraction(s)) for x in (-1.0, 0.5, 2.0)]


def test_symmetric_float32_input_has_float32_scale():
    xs = np.array([0.3, -1.7, 1.1], np.float32)
    q = Q.quantize(aa.asarray(xs), dtype=aa.int16)
    m = Fraction(float(np.float32(1.7)))
    s = floor_to(m / 32767, np.float32)
    assert q.scale.dtype == aa.float32 and float(np_(q.scale)) == s
    assert np_(q.data).tolist() == [rha(Fraction(float(x)) / Fraction(s)) for x in xs]
    assert np_(q.data).tolist()[1] == -32767


def test_tie_rule_is_half_away_from_zero():
    xs = [0.25, -0.25, 0.75, -0.75, 1.25, -1.25, 0.49999999999999994 * 0.5, 0.0]
    q = Q.quantize(aa.asarray(xs), scale=0.5)
    assert np_(q.data).tolist() == [1, -1, 2, -2, 3, -3, 0, 0]
    q = Q.quantize(aa.asarray([0.5, 1.5, 2.5, -2.5]), dtype=aa.uint8, scheme="asymmetric",
                   scale=1.0, zero_point=10)
    assert np_(q.data).tolist() == [11, 12, 13, 7]


def test_asymmetric_uint8_and_int8_hand_example():
    xs = [-1.0, 0.0, 1.0, 3.0]
    s = ceil_to(Fraction(4) / 255, np.float64)
    for dt, qmin in ((aa.uint8, 0), (aa.int8, -128)):
        q = Q.quantize(aa.asarray(xs), dtype=dt, scheme="asymmetric")
        zp = qmin - rha(Fraction(-1) / Fraction(s))
        assert float(np_(q.scale)) == s
        assert int(np_(q.zero_point)) == zp and q.zero_point.dtype == dt
        assert np_(q.data).tolist() == [min(max(rha(Fraction(x) / Fraction(s)) + zp, qmin),
                                            qmin + 255) for x in xs]
    assert np_(Q.quantize(aa.asarray(xs), dtype=aa.uint8, scheme="asymmetric").data).tolist() \
        == [0, 64, 128, 255]


def test_asymmetric_range_includes_zero():
    q = Q.quantize(aa.asarray([2.0, 4.0]), dtype=aa.uint8, scheme="asymmetric")
    assert float(np_(q.scale)) == ceil_to(Fraction(4) / 255, np.float64)
    assert int(np_(q.zero_point)) == 0
    q = Q.quantize(aa.asarray([-4.0, -2.0]), dtype=aa.int16, scheme="asymmetric")
    assert float(np_(q.scale)) == ceil_to(Fraction(4) / 65535, np.float64)
    assert int(np_(q.zero_point)) == 32767
    assert np_(q.data).tolist()[0] == -32768


@pytest.mark.parametrize("axis", [0, 1, -1])
def test_channel_wise_hand_example(axis):
    x = np.array([[1.0, -2.0, 3.0], [-4.0, 5.0, 0.0]], np.float32)
    q = Q.quantize(aa.asarray(x), dtype=aa.int8, axis=axis)
    ax = axis % 2
    m = np.abs(x).max(axis=1 - ax)
    s = [floor_to(Fraction(float(v)) / 127, np.float32) for v in m]
    assert q.axis == ax and q.scale.shape == (x.shape[ax],) and q.scale.dtype == aa.float32
    assert np_(q.scale).tolist() == s
    assert np_(q.zero_point).tolist() == [0] * x.shape[ax]
    sb = np.array(s).reshape((-1, 1) if ax == 0 else (1, -1))
    sb = np.broadcast_to(sb, x.shape)
    exp = [[rha(Fraction(float(x[i, j])) / Fraction(float(sb[i, j]))) for j in range(3)]
           for i in range(2)]
    assert np_(q.data).tolist() == exp


def test_all_zero_and_empty_inputs():
    q = Q.quantize(aa.zeros((2, 2)))
    assert float(np_(q.scale)) == np.finfo(np.float64).tiny
    assert not np_(q.data).any()
    assert np_(Q.dequantize(q)).tolist() == [[0.0, 0.0], [0.0, 0.0]]
    q = Q.quantize(aa.zeros(3, dtype=aa.float32), dtype=aa.int8, scheme="asymmetric")
    assert float(np_(q.scale)) == float(np.finfo(np.float32).tiny)
    assert int(np_(q.zero_point)) == -128 and np_(q.data).tolist() == [-128] * 3
    assert np_(Q.dequantize(q)).tolist() == [0.0] * 3
    q = Q.quantize(aa.zeros((0, 3)), axis=0)
    assert q.scale.shape == (0,) and q.data.shape == (0, 3)
    q = Q.quantize(aa.zeros((3, 0)), axis=0, dtype=aa.int16)
    assert np_(q.scale).tolist() == [np.finfo(np.float64).tiny] * 3
    q = Q.quantize(aa.zeros((0,)), scheme="asymmetric", dtype=aa.uint16)
    assert q.data.shape == (0,) and int(np_(q.zero_point)) == 0
    q = Q.quantize(aa.asarray(-2.5))
    assert q.shape == () and int(np_(q.data)) == -32767


def test_tiny_values_get_the_tiny_scale():
    x = np.array([1e-40, -3e-41], np.float32)  # subnormal float32
    q = Q.quantize(aa.asarray(x))
    tiny = float(np.finfo(np.float32).tiny)
    assert float(np_(q.scale)) == tiny
    assert np_(q.data).tolist() == [0, 0]
    assert np.all(np.abs(np_(Q.dequantize(q, dtype=aa.float64)) - x) <= tiny / 2)


# -- round-trip bound ---------------------------------------------------------------------
def _data(dtype, shape, seed):
    rng = np.random.default_rng(seed)
    info = ml_dtypes.finfo(dtype) if np.dtype(dtype) == BF16 else np.finfo(dtype)
    # float64: the largest grid point qmax * scale must stay finite (see test_float64_limit)
    big = float(info.max) * (0.5 if np.dtype(dtype) == np.float64 else 1.0)
    x = rng.standard_normal(shape) * rng.choice([1e-3, 1.0, 50.0], size=shape)
    flat = x.reshape(-1)
    edges = [0.0, float(info.tiny), -float(info.tiny), 1.0, -1.0, big, -big, big / 3]
    flat[: len(edges)] = edges[: flat.size]
    return flat.reshape(shape).astype(dtype)


def _check_round_trip(q, x64, scales, zps, axis):
    """|x - (q - zp) * s| <= s / 2 (up to float64 rounding) element by element."""
    shape = [1] * x64.ndim
    if axis is not None:
        shape[axis] = -1
    s = np.asarray(scales, np.float64).reshape(shape)
    z = np.asarray(zps, np.float64).reshape(shape)
    back = np_(Q.dequantize(q, dtype=aa.float64))
    assert np.array_equal(back, (np_(q.data).astype(np.float64) - z) * s)
    err = np.abs(x64 - back)
    bound = np.broadcast_to(s / 2, x64.shape) * (1 + 2.0 ** -40) + np.abs(x64) * 2.0 ** -50
    assert np.all(err <= bound), float((err - bound).max())


@pytest.mark.parametrize("indt", FLOAT_IN)
@pytest.mark.parametrize(("scheme", "dt"), COMBOS)
def test_round_trip_tensor_wise(scheme, dt, indt):
    for seed, shape in ((1, (200,)), (2, (7, 9)), (3, (3, 4, 5)), (4, (1,))):
        x = _data(indt, shape, seed)
        q = Q.quantize(aa.asarray(x), dtype=dt, scheme=scheme)
        x64 = x.astype(np.float64)
        sd = np.float64 if indt == aa.float64 else np.float32
        assert q.scale.dtype == np.dtype(sd) and q.data.dtype == dt
        s = float(np_(q.scale))
        info = np.iinfo(dt)
        n = info.max - (info.min if scheme == "asymmetric" else -info.max)
        a = min(Fraction(float(x64.min())), Fraction(0))
        b = max(Fraction(float(x64.max())), Fraction(0))
        need = (b - a) / n if scheme == "asymmetric" else max(-a, b) / info.max
        rounded = ceil_to(need, sd) if scheme == "asymmetric" else floor_to(need, sd)
        assert s == max(rounded, float(np.finfo(sd).tiny))
        zp = int(np_(q.zero_point))
        if scheme == "symmetric":
            assert zp == 0 and np_(q.data).min() >= -info.max
        else:
            assert zp == info.min - rha(a / Fraction(s))
        _check_round_trip(q, x64, s, zp, None)


@pytest.mark.parametrize("indt", FLOAT_IN)
@pytest.mark.parametrize("dt", [aa.int8, aa.int16])
def test_round_trip_channel_wise(dt, indt):
    for seed, shape, axis in ((5, (6, 40), 0), (6, (6, 40), 1), (7, (3, 4, 5), -2),
                              (8, (8,), 0)):
        x = _data(indt, shape, seed)
        if len(shape) > 1:  # one channel with very small values
            idx = [slice(None)] * len(shape)
            idx[axis] = 0
            x[tuple(idx)] = (x[tuple(idx)].astype(np.float64) * 1e-6).astype(indt)
        q = Q.quantize(aa.asarray(x), dtype=dt, axis=axis)
        ax = axis % len(shape)
        x64 = x.astype(np.float64)
        s = np_(q.scale)
        assert q.axis == ax and s.shape == (shape[ax],)
        sd = np.float64 if indt == aa.float64 else np.float32
        m = np.abs(np.moveaxis(x64, ax, 0)).reshape(shape[ax], -1).max(axis=1)
        qmax = np.iinfo(dt).max
        assert s.tolist() == [max(floor_to(Fraction(float(v)) / qmax, sd),
                                  float(np.finfo(sd).tiny)) for v in m]
        assert np.abs(np_(q.data)).max() <= qmax
        _check_round_trip(q, x64, s, np_(q.zero_point), ax)


def test_float64_limit():
    big = float(np.finfo(np.float64).max)
    q = Q.quantize(aa.asarray([big, -big, 1.0]), dtype=aa.int8)
    assert np_(q.data).tolist() == [127, -127, 0]
    back = np_(Q.dequantize(q, dtype=aa.float64))  # symmetric grid stays inside [-M, M]
    assert np.all(np.isfinite(back)) and np.all(np.abs(back[:2] - [big, -big]) <= 0.5 * float(
        np_(q.scale)))
    # asymmetric: a / scale = -58.4 gives zero_point 58, so the top grid point
    # (255 - 58) * scale lies 0.4 * scale above big and dequantizes to +inf
    q = Q.quantize(aa.asarray([big, -0.29705 * big]), dtype=aa.uint8, scheme="asymmetric")
    assert int(np_(q.zero_point)) == 58 and np_(q.data).tolist() == [255, 0]
    back = np_(Q.dequantize(q, dtype=aa.float64))
    assert back[0] == math.inf and abs(back[1] + 0.29705 * big) <= float(np_(q.scale)) / 2
    f32max = float(np.finfo(np.float32).max)
    q = Q.quantize(aa.asarray([f32max, -f32max], dtype=aa.float32), dtype=aa.int16)
    assert np.all(np.isfinite(np_(Q.dequantize(q))))


@pytest.mark.parametrize("out", [aa.float16, aa.bfloat16, aa.float32, aa.float64])
def test_dequantize_rounds_once_to_dtype(out):
    x = np.random.default_rng(9).standard_normal(300) * 30.0
    q = Q.quantize(aa.asarray(x), dtype=aa.int16, scheme="asymmetric")
    exact = (np_(q.data).astype(np.float64) - float(np_(q.zero_point))) * float(np_(q.scale))
    got = np_(Q.dequantize(q, dtype=out))
    assert got.dtype == np.dtype(out)
    if out in (aa.float32, aa.float64):
        assert np.array_equal(got, exact.astype(out))
    else:
        for g, e in zip(got.astype(np.float64), exact):  # nearest value, exactly
            toward = np.dtype(out).type(np.inf if e > g else -np.inf)
            step = abs(float(np.nextafter(np.array(g, out), toward)) - g)
            assert abs(Fraction(float(g)) - Fraction(float(e))) <= Fraction(step) / 2
    assert Q.dequantize(q).dtype == aa.float32
    assert np.array_equal(np_(q.dequantize(dtype=out)), got)


def test_given_scale_and_zero_point_clip():
    q = Q.quantize(aa.asarray([10.0, -10.0, 0.004]), dtype=aa.int8, scale=0.01)
    assert np_(q.data).tolist() == [127, -127, 0]
    q = Q.quantize(aa.asarray([10.0, -10.0, 0.004]), dtype=aa.uint8, scheme="asymmetric",
                   scale=aa.asarray([0.01]), zero_point=aa.asarray([100], dtype=aa.int32))
    assert np_(q.data).tolist() == [255, 0, 100]
    assert q.zero_point.dtype == aa.uint8 and q.zero_point.shape == ()
    q = Q.quantize(aa.ones((2, 3), dtype=aa.float16), axis=1, scale=aa.asarray([0.5, 0.25, 1.0]))
    assert np_(q.data).tolist() == [[2, 4, 1]] * 2 and q.scale.dtype == aa.float32
    q = Q.quantize(aa.ones((2, 3)), axis=0, scale=0.5)  # one scale for every channel
    assert np_(q.scale).tolist() == [0.5, 0.5]


# -- from_parts ------------------------------------------------------------------------------
def test_from_parts_round_trip_and_copies():
    raw = np.array([[1, -2, 3], [4, 5, -6]], np.int8)
    data = aa.asarray(raw)
    qa = Q.QuantizedArray.from_parts(data, aa.asarray([0.5, 0.25], dtype=aa.float16), axis=0)
    assert qa.scale.dtype == aa.float32 and qa.axis == 0 and qa.scheme == "symmetric"
    assert np_(qa.zero_point).tolist() == [0, 0] and qa.zero_point.dtype == aa.int8
    assert np_(qa.dequantize()).tolist() == [[0.5, -1.0, 1.5], [1.0, 1.25, -1.5]]
    data[0, 0] = 100  # the quantized array holds its own copy
    assert np_(qa.data)[0, 0] == 1
    qb = Q.QuantizedArray.from_parts(aa.asarray([0, 255], dtype=aa.uint8), 0.1, 128,
                                     scheme="asymmetric")
    assert qb.scale.dtype == aa.float64 and int(np_(qb.zero_point)) == 128
    np.testing.assert_allclose(np_(Q.dequantize(qb, dtype=aa.float64)), [-12.8, 12.7])
    q = Q.quantize(aa.asarray([0.1, -0.7, 0.3]), dtype=aa.int16, scheme="asymmetric")
    r = Q.QuantizedArray.from_parts(q.data, q.scale, q.zero_point, scheme="asymmetric")
    assert np.array_equal(np_(r.dequantize()), np_(q.dequantize()))
    assert "scheme='asymmetric'" in repr(r) and "int16" in repr(r)
    assert "axis=0" in repr(qa) and "[0.5  0.25]" in repr(qa)


def test_quantized_array_is_immutable():
    q = Q.quantize(aa.asarray([1.0]))
    with pytest.raises(AttributeError):
        q.scale = aa.asarray(1.0)
    with pytest.raises(AttributeError):
        q.extra = 1
    with pytest.raises(TypeError):
        Q.QuantizedArray()


# -- errors -------------------------------------------------------------------------------
def _raises(exc, status, words, func, *args, **kwargs):
    with pytest.raises(exc) as info:
        func(*args, **kwargs)
    assert info.value.status == status
    for w in words:
        assert w in str(info.value), (w, str(info.value))


def test_quantize_errors():
    x = aa.asarray([1.0, -2.0])
    _raises(UninitializedError, Status.UNINITIALIZED, ["x"], Q.quantize, [1.0])
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["int64"], Q.quantize, aa.asarray([1, 2]))
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["complex"], Q.quantize,
            aa.asarray([1j]))
    for bad in (math.nan, math.inf, -math.inf):
        xb = aa.asarray([1.0, bad])
        _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["NaN or infinity"],
                Q.quantize, xb)
        _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["NaN or infinity"],
                Q.quantize, xb, scale=1.0)
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["uint8", "symmetric"], Q.quantize, x,
            dtype=aa.uint8)
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["uint16"], Q.quantize, x,
            dtype=aa.uint16)
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["int32"], Q.quantize, x, dtype=aa.int32,
            scheme="asymmetric")
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["float32"], Q.quantize, x,
            dtype=aa.float32)
    _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["scheme='affine'"], Q.quantize, x,
            scheme="affine")
    _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["channel-wise", "symmetric only"],
            Q.quantize, x, scheme="asymmetric", dtype=aa.uint8, axis=0)
    _raises(AxisError, Status.AXIS_ERROR, ["axis=1"], Q.quantize, x, axis=1)
    _raises(AxisError, Status.AXIS_ERROR, ["axis=-3"], Q.quantize, aa.ones((2, 2)), axis=-3)
    _raises(AxisError, Status.AXIS_ERROR, ["axis=0"], Q.quantize, aa.asarray(1.0), axis=0)
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["axis=True"], Q.quantize, x, axis=True)
    for s in (0.0, -1.0, math.nan, math.inf, 1e-50):
        _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["scale"], Q.quantize,
                aa.asarray([1.0], dtype=aa.float32), scale=s)
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["scale"], Q.quantize, x, scale="1")
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["scale", "int64"], Q.quantize, x,
            scale=aa.asarray([1]))
    _raises(DimensionMismatchError, Status.DIMENSION_MISMATCH, ["scale", "one element"],
            Q.quantize, x, scale=aa.asarray([1.0, 2.0]))
    _raises(DimensionMismatchError, Status.DIMENSION_MISMATCH, ["scale", "(2,)"], Q.quantize,
            aa.ones((2, 3)), axis=0, scale=aa.asarray([1.0, 2.0, 3.0]))
    _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["zero_point needs scale"],
            Q.quantize, x, zero_point=0)
    _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["needs zero_point"], Q.quantize, x,
            scheme="asymmetric", scale=0.1)
    _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["zero_point 0"], Q.quantize, x,
            scale=0.1, zero_point=3)
    _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["zero_point", "uint8"], Q.quantize,
            x, scheme="asymmetric", dtype=aa.uint8, scale=0.1, zero_point=256)
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["zero_point"], Q.quantize, x,
            scheme="asymmetric", scale=0.1, zero_point=1.0)
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["zero_point"], Q.quantize, x,
            scheme="asymmetric", scale=0.1, zero_point=aa.asarray([1.0]))
    assert np_(x).tolist() == [1.0, -2.0]  # inputs unchanged


def test_dequantize_and_from_parts_errors():
    q = Q.quantize(aa.asarray([1.0]))
    _raises(UninitializedError, Status.UNINITIALIZED, ["QuantizedArray"], Q.dequantize,
            aa.asarray([1]))
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["int32"], Q.dequantize, q,
            dtype=aa.int32)
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["complex64"], Q.dequantize, q,
            dtype=aa.complex64)
    fp = Q.QuantizedArray.from_parts
    d8 = aa.asarray([[1, 2], [3, 4]], dtype=aa.int8)
    _raises(UninitializedError, Status.UNINITIALIZED, ["data"], fp, [1, 2], 1.0)
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["float32"], fp,
            aa.asarray([1.0], dtype=aa.float32), 1.0)
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["int32"], fp,
            aa.asarray([1], dtype=aa.int32), 1.0)
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["uint8", "symmetric"], fp,
            aa.asarray([1], dtype=aa.uint8), 1.0)
    _raises(AxisError, Status.AXIS_ERROR, ["axis=2"], fp, d8, aa.asarray([1.0, 1.0]), axis=2)
    _raises(DimensionMismatchError, Status.DIMENSION_MISMATCH, ["scale", "(2,)"], fp, d8,
            aa.asarray([1.0, 1.0, 1.0]), axis=1)
    _raises(DimensionMismatchError, Status.DIMENSION_MISMATCH, ["zero_point", "(2,)"], fp,
            d8, aa.asarray([1.0, 1.0]), aa.zeros(3, dtype=aa.int8), axis=1)
    _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["scale"], fp, d8,
            aa.asarray([1.0, -1.0]), axis=0)
    _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["zero_point 0"], fp, d8, 1.0, 1)
    _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["zero_point", "int8"], fp, d8, 1.0,
            -129, scheme="asymmetric")
    _raises(InvalidArgumentError, Status.INVALID_ARGUMENT, ["symmetric only"], fp, d8, 1.0,
            axis=0, scheme="asymmetric")
    _raises(TypeMismatchError, Status.TYPE_MISMATCH, ["zero_point"], fp, d8, 1.0, True,
            scheme="asymmetric")

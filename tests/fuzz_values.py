"""The fuzzer's arguments: Hypothesis strategies by kind of value, and one call's draw.

``strategies(aa)`` gives the pools (arrays of every dtype and odd shape, views, ints
from small to 10**30, NaN, bool-as-int, shapes, dtypes, strings, NumPy and masked
arrays, aiarray's objects, foreign objects whose protocol methods raise or lie);
``draw_call`` draws a call's arguments, a parameter's name making a plausible value
more likely.  Every mutable value is made afresh at each draw, so a call that writes
into an argument never changes a later call's.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from typing import Any


class _Boom(Exception):  # noqa: N818 - a test double, not an API error
    """Raised by the foreign objects' own methods; allowed to pass through aiarray."""


class _Foreign:
    """An object with hostile protocol methods (each raises _Boom or lies)."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def __index__(self) -> int:
        if self.kind == "big-index":
            return 2**70
        raise _Boom("__index__")

    def __len__(self) -> int:
        if self.kind == "lying-len":
            return 2**62
        raise _Boom("__len__")

    def __iter__(self) -> Iterator[int]:
        if self.kind == "lying-len":
            return iter([1, 2])
        raise _Boom("__iter__")

    def __array__(self, *args: Any, **kwargs: Any) -> Any:
        raise _Boom("__array__")

    def __float__(self) -> float:
        raise _Boom("__float__")

    def __repr__(self) -> str:
        return f"_Foreign({self.kind!r})"


def strategies(aa: Any) -> dict[str, Any]:
    """Hypothesis strategies by kind of value ('array', 'int', 'shape', ... 'any')."""
    import numpy as np
    from hypothesis import strategies as st

    import aiarray.numpy as anp

    def fresh(*factories: Callable[[], Any]) -> Any:
        """A new object from one of ``factories`` at every draw: a call that writes into
        an argument (out=, an in-place function) never changes a later call's."""
        return st.sampled_from(factories).map(lambda make: make())

    dtypes = [aa.bool, aa.int8, aa.int16, aa.int32, aa.int64, aa.uint8, aa.uint16, aa.uint32,
              aa.uint64, aa.float16, aa.bfloat16, aa.float32, aa.float64, aa.complex32,
              aa.complex64, aa.complex128]
    shapes = [(), (0,), (1,), (3,), (2, 3), (3, 1), (1, 3), (2, 0), (2, 2, 2), (1, 1, 1, 1),
              (4, 4)]
    specials = [0, 1, -1, 2, 0.5, -0.0, float("nan"), float("inf"), float("-inf"), 1e300,
                -1e-300, 65504.0, 3e38, 127, 255, 2**31 - 1, 2**63 - 1, -(2**63)]

    def make_array(dt: Any, shape: tuple[int, ...], seed: int, variant: int) -> Any:
        rng = np.random.default_rng(seed)
        n = int(np.prod(shape))
        vals = [specials[i] for i in rng.integers(0, len(specials), n)]
        if dt == aa.bool:
            data = np.asarray([bool(v == v and v) for v in vals], dtype=bool)
        elif dt in (aa.complex32, aa.complex64, aa.complex128):
            data = np.asarray([complex(v, w) for v, w in zip(vals, vals[::-1])])
        elif np.dtype(dt).kind in "iu":
            info = np.iinfo(dt)
            data = np.asarray([int(v) if v == v and abs(v) != float("inf") else 0
                               for v in vals], dtype=object)
            data = np.clip(data, int(info.min), int(info.max)).astype(np.int64 if
                                                                     dt != aa.uint64 else
                                                                     np.uint64)
        else:
            data = np.asarray(vals, dtype=np.float64)
        with np.errstate(all="ignore"):
            x = aa.astype(aa.asarray(data.reshape(shape)), dt)
        if variant == 1 and x.ndim:
            return aa.flip(x)  # a strided view
        if variant == 2:
            return aa.broadcast_to(x, (2, *x.shape))  # a read-only view
        if variant == 3:
            return aa.as_parameter(x)
        if variant == 4:
            return anp.asarray(x)  # an array of the swap-in namespace (NumPy's rules)
        return x

    arrays = st.builds(make_array, st.sampled_from(dtypes), st.sampled_from(shapes),
                       st.integers(0, 2**32), st.sampled_from([0, 0, 0, 1, 2, 3, 4, 4]))
    big_ints = st.sampled_from([2**31, 2**32, 2**40, 2**62, 2**63 - 1, 2**63, 2**64 - 1, 2**64,
                                -(2**63), -(2**63) - 1, 10**30, -(10**30), 10**5])
    small_ints = st.integers(-3, 6)
    index_arrays = st.one_of(
        st.builds(lambda v: aa.asarray(v, dtype=aa.uint64),
                  st.lists(st.sampled_from([0, 1, 2, 2**63, 2**64 - 1]), max_size=3)),
        st.builds(lambda v: aa.asarray(v, dtype=aa.int64),
                  st.lists(st.sampled_from([0, -1, 5, -(2**63), 2**63 - 1]), max_size=3)),
        st.builds(lambda v: aa.asarray(v), st.lists(st.booleans(), max_size=4)),
        st.builds(lambda v, dt: aa.asarray(v, dtype=dt), st.sampled_from([0, 1, 3, 127]),
                  st.sampled_from([aa.int8, aa.uint8, aa.int64, aa.uint64])),
    )
    ints = st.one_of(small_ints, small_ints, big_ints, st.booleans(),
                     st.builds(np.int64, small_ints), st.just(np.uint64(2**64 - 1)),
                     st.builds(aa.asarray, small_ints),
                     fresh(lambda: aa.asarray(2**64 - 1, dtype=aa.uint64),
                           lambda: aa.asarray(True), lambda: aa.asarray(2.0)),
                     st.just(_Foreign("big-index")))
    floats = st.one_of(st.sampled_from([float("nan"), float("inf"), float("-inf"), -0.0, 0.5,
                                        1e-300, 1e300, 1.0, 2.0, -1.5]),
                       st.sampled_from([1j, complex(float("nan"), 1), np.float32("nan"),
                                        np.float64(2.5), aa.scalar(3, dtype=aa.int8),
                                        aa.scalar(1.5, dtype=aa.float16)]))
    seqs = st.one_of(
        st.tuples(), st.lists(ints, max_size=3).map(tuple), st.lists(small_ints, max_size=4),
        st.lists(small_ints, max_size=3).map(tuple), st.just((1,) * 70), st.just((-1,)),
        st.just((2**62, 2**62)), st.just(((1, 2), (3, 4))), st.just((None, 1)),
        st.just(range(3)), fresh(lambda: iter([1, 2]), lambda: {1: 2}, lambda: {3}),
        st.just(_Foreign("lying-len")), st.lists(arrays, max_size=3),
        st.lists(arrays, max_size=3).map(tuple))
    dts = st.one_of(st.sampled_from(dtypes),
                    st.sampled_from(["float32", "int8", "f4", int, float, complex, bool,
                                     np.float32, np.dtype("O"), np.dtype("U3"),
                                     np.dtype(">f4"), np.dtype([("a", "f4")]),
                                     np.dtype("datetime64[s]"), np.float16, np.longdouble]))
    strings = st.sampled_from(["", "x", "xy", "ij", "backward", "ortho", "forward", "cpu",
                               "fro", "nuc", "left", "right", "reflect", "constant", "edge",
                               "symmetric", "asymmetric", "ascend", "mindspore", "array-api",
                               "2023.12", "2099.12", "\x00", b"bytes"])
    keys = st.one_of(ints, index_arrays, st.sampled_from([
        slice(None), slice(None, None, -1), slice(0, 2**70), slice(1, None, 0), Ellipsis, None,
        (Ellipsis, Ellipsis), (None, 0), (0, 0, 0, 0), [0, 1], [2**64 - 1], [True, False],
        [[0], [1]], [], [1.5], (slice(None), [0, 2**63]), [0, 5], [1, -9]]),
        st.tuples(ints, ints), st.tuples(index_arrays, st.sampled_from([0, slice(None)])))
    numpy_values = fresh(
        lambda: np.ones(3), lambda: np.ma.masked_array([1.0, 2.0], [0, 1]),
        lambda: np.ma.masked, lambda: np.array(["a", "b"]),
        lambda: np.array([object(), 1], dtype=object), lambda: np.array([1.5, 2.5])[::-1],
        lambda: np.zeros((2, 2), dtype=">i4"),
        lambda: np.frombuffer(b"\x00" * 16, dtype=np.int32), lambda: np.uint64(2**64 - 1),
        lambda: np.float16(1.0), lambda: np.datetime64("2020-01-01"),
        lambda: [np.ma.masked_array([1, 2], [1, 0])])

    def aiarray_objects() -> Any:
        from aiarray import quantization, random, sparse

        return fresh(
            lambda: sparse.from_dense(aa.asarray([[0.0, 1.0], [2.0, 0.0]])),
            lambda: quantization.quantize(aa.asarray([0.5, 1.0])), lambda: random.Generator(3),
            lambda: aa.CPU, lambda: aa.layout(aa.ones(2)),
            lambda: aa.scalar(2**63 - 1, dtype=aa.int64), lambda: anp.random.default_rng(3),
            lambda: anp.poly1d([1.0, 2.0]), lambda: anp.polynomial.Polynomial([1.0, 2.0]))

    misc = st.one_of(st.sampled_from([None, Ellipsis, object(), lambda: 1, print,
                                      _Foreign("boom"), memoryview(b"abcd"), Exception("x"),
                                      type, NotImplemented, 1.5 + 0j, anp.add, anp.sin]),
                     fresh(lambda: bytearray(4)))
    anything = st.one_of(arrays, arrays, ints, floats, seqs, dts, strings, numpy_values,
                         aiarray_objects(), misc, st.booleans(), keys)
    from aiarray import sparse

    def pick(*options: Any) -> Any:
        """One of ``options``, each equally likely (st.one_of would flatten nested ones)."""
        return st.sampled_from(options).flatmap(lambda strategy: strategy)

    return {"array": pick(arrays, arrays, arrays, arrays, anything),
            "int": pick(ints, ints, anything),
            "an array": arrays, "small int": small_ints,
            "a sparse array": st.builds(sparse.from_dense, arrays.filter(
                lambda x: x.ndim >= 1 and x.dtype != aa.complex32)),
            "a swap-in array": arrays.map(anp.asarray),
            "a flatiter": arrays.map(lambda x: anp.asarray(x).flat),
            "shape": pick(seqs, ints, anything), "dtype": pick(dts, dts, anything),
            "bool": pick(st.booleans(), st.booleans(), anything),
            "float": pick(floats, ints, anything), "str": pick(strings, anything),
            "device": pick(st.sampled_from([None, aa.CPU, "cpu", "gpu", 0]), anything),
            "key": pick(keys, keys, anything), "arrays": pick(
                st.lists(arrays, min_size=1, max_size=3), seqs, anything),
            "any": pick(arrays, anything)}


# the strategy of an operator target's own operand (fuzz.Target.operand)
OPERANDS = {"array": "an array", "sparse": "a sparse array",
            "swap-in array": "a swap-in array", "flatiter": "a flatiter"}

# which strategy a parameter's name calls for (else "any")
_BY_NAME = {
    "array": {"x", "x1", "x2", "a", "v", "condition", "indices", "values", "updates", "mask",
              "grad_output", "probs", "repeats", "obj", "y", "q", "scale", "zero_point",
              "other", "b", "p", "x3", "weights", "sorter", "fill_value", "min", "max",
              "low", "high", "mean", "std", "value",
              # NumPy's names (aiarray.numpy)
              "arr", "ary", "m", "A", "B", "object", "val", "vals", "dst", "src", "c", "c1",
              "c2", "xp", "fp", "array", "prototype", "a_min", "a_max", "bins", "arg", "off",
              "choices", "test_elements", "element", "ar", "ar1", "ar2", "aweights",
              "fweights", "prepend", "append", "where", "out", "initial", "nan", "posinf",
              "neginf", "cov", "alpha", "pvals", "lam", "loc", "kappa", "df", "shape1"},
    "int": {"n", "k", "axis", "offset", "num", "n_rows", "n_cols", "shift", "seed",
            "num_samples", "num_threads", "start_axis", "end_axis", "source", "destination",
            "ddof", "correction", "bits", "count", "N", "M", "deg", "decimals", "axis1",
            "axis2", "ndmin", "width", "base", "padding", "nin", "nout",
            "bufsize", "precision", "threshold", "edgeitems", "linewidth", "maxulp",
            "nulp", "n_children", "lbnd", "m_", "cnt", "ord_"},
    "shape": {"shape", "axes", "s", "repetitions", "begin", "size", "strides", "offsets",
              "pad_width", "input_shape", "indices_or_sections", "newshape", "dims",
              "reps", "window_shape", "new_shape", "sections", "xi", "arys", "tup",
              "window"},
    "dtype": {"dtype", "to", "from_", "type"},
    "bool": {"keepdims", "copy", "endpoint", "stable", "descending", "upper", "hermitian",
             "full_matrices", "strict", "replacement", "invert", "accumulate", "equal_nan",
             "extended", "right", "include_initial", "compute_uv", "pivoting",
             "overwrite_input", "assume_unique", "return_index", "return_inverse",
             "return_counts", "subok", "sparse", "retstep", "bias", "rowvar", "density",
             "replace", "shuffle", "full", "suppress", "sign_", "writeable", "legacy"},
    "float": {"d", "rtol", "atol", "ord", "tol", "rcond", "start", "stop", "step", "fill"},
    "str": {"indexing", "norm", "side", "mode", "kind", "scheme", "api_version", "name",
            "policy", "format", "order", "casting", "method", "interpolation", "subscripts",
            "fname", "file", "sep", "fmt", "delimiter", "all", "divide", "over", "under",
            "invalid", "floatmode", "nanstr", "infstr", "UPLO", "trim", "side_", "style"},
    "device": {"device", "stream", "dl_device"},
    "key": {"key", "ind", "kth"},
    "arrays": {"arrays", "arrays_and_dtypes", "shapes"},
}
_KIND_OF = {name: kind for kind, names in _BY_NAME.items() for name in names}


def draw_call(data: Any, target: Any, strats: dict[str, Any]) -> tuple[list, dict]:
    """Positional and keyword arguments for one call of ``target``."""
    from hypothesis import strategies as st

    P = inspect.Parameter
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    skipping = False
    for p in target.params:
        if p.name == "self":
            continue
        strat = strats["small int" if p.name in target.small else _KIND_OF.get(p.name, "any")]
        if p.kind is P.VAR_POSITIONAL:
            args += data.draw(st.lists(strats["array"], max_size=3), label=p.name)
        elif p.kind is P.VAR_KEYWORD:
            continue
        elif p.default is P.empty:
            if p.kind is P.KEYWORD_ONLY:
                kwargs[p.name] = data.draw(strat, label=p.name)
            else:
                args.append(data.draw(strat, label=p.name))
        elif data.draw(st.integers(0, 9), label=f"use {p.name}") < 3:
            value = data.draw(strat, label=p.name)
            if p.kind is P.POSITIONAL_ONLY and not skipping:
                args.append(value)
            elif p.kind is P.POSITIONAL_ONLY:
                continue  # a later positional-only one cannot be given alone
            else:
                kwargs[p.name] = value
        elif p.kind is P.POSITIONAL_ONLY:
            skipping = True
    return args, kwargs

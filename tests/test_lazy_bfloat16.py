"""bfloat16 on demand (aiarray._dtypes.load_bfloat16): every table gains it on loading,
equal to the tables built when ml_dtypes was imported before aiarray."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np

# Every dtype table of the package, as JSON with dtype names, bfloat16 loaded last.
_DUMP = r"""
import json, sys
eager = sys.argv[1] == "eager"
if eager:
    import ml_dtypes  # imported first: bfloat16 loads with aiarray
import numpy as np
import aiarray as xp
from aiarray import _dtypes as D, _promotion as P, _registry as R
from aiarray._api import fft, gbt_random as random, linalg_base, statistical
before = "ml_dtypes" in sys.modules
if sys.argv[2] == "early":  # every policy built before bfloat16 loads (then extended)
    built = [P._POLICIES[n] for n in P.POLICIES]
xp.bfloat16  # (loads it when lazy)
for n in P.POLICIES:  # (a policy first used after loading is built with bfloat16)
    P._POLICIES[n]

def name(x):
    if isinstance(x, np.dtype):
        return D.name_of(x)
    if isinstance(x, (tuple, list)):
        return [name(v) for v in x]
    if isinstance(x, dict):
        return sorted([name(k), name(v)] for k, v in x.items())
    if isinstance(x, (set, frozenset)):
        return sorted(name(v) for v in x)
    if isinstance(x, P.Decision):
        return [name(x.result), x.table, x.row, x.column, x.note]
    return x if isinstance(x, (str, int, float, bool, type(None))) else repr(x)

tables = {
    "order": name(D.ALL_DTYPES), "loaded": name(D.loaded_dtypes()),
    "NAME": name(D.NAME), "SHORT": name(D.SHORT), "FROM_SHORT": name(D.FROM_SHORT),
    "FROM_NAME": name(D.FROM_NAME), "COMPUTE": name(D.COMPUTE), "COMPLEX_OF": name(D.COMPLEX_OF),
    "BY_NUMPY": name(D.BY_NUMPY), "CATEGORIES": name(D.CATEGORIES), "KINDS": name(D.KINDS),
    "sets": [name(s) for s in D._SETS], "INT_RANGE": name(P.INT_RANGE),
    "FLOAT_MAX": name(P._FLOAT_MAX), "outside": name(P._OUTSIDE_STANDARD),
    "ops": {op.name: [name(op.allowed), name(op.direct)] for op in R.OPS.values()},
    "stat": [name(statistical._KIND_RANK), name(statistical._STAT_COMPUTE)],
    "linalg": [name(linalg_base._COMPUTE), name(linalg_base._DOUBLE)],
    "fft": name(fft._TO_COMPLEX), "bernoulli": name(random._BERNOULLI_DTYPES),
}
for pname, pol in P._POLICIES.items():
    results = {t.__name__: name(r) for t, r in pol.scalar_results.items()}
    tables[pname] = [name(pol.pairs), name(pol.scalars), name(pol.fast_pairs),
                     name(pol.fast_scalars), results]
print(json.dumps({"before": before, "tables": tables}))
"""


def _dump(mode: str, policies: str = "late") -> dict:
    out = subprocess.run([sys.executable, "-c", _DUMP, mode, policies], capture_output=True,
                         text=True, timeout=180)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_tables_after_loading_equal_the_eager_ones() -> None:
    eager = _dump("eager")
    for lazy in (_dump("lazy", "early"), _dump("lazy", "late")):
        assert eager["before"] and not lazy["before"]  # lazy: ml_dtypes not imported first
        assert lazy["tables"]["order"][3] == "bfloat16" and len(lazy["tables"]["order"]) == 16
        assert set(lazy["tables"]) >= {"ascend", "ascend-strict", "mindspore", "array-api",
                                       "numpy"}
        for key, value in eager["tables"].items():
            assert lazy["tables"][key] == value, key


_BEFORE_AND_AFTER = r"""
import sys, numpy as np
import aiarray as xp
from aiarray import _dtypes as D, _promotion as P
x = xp.asarray(np.linspace(0, 1, 5, dtype=np.float32))
assert "ml_dtypes" not in sys.modules
_ = (x + 1, xp.sin(x), xp.sum(x), xp.astype(x, xp.float16), xp.result_type(xp.float16, xp.int8))
_ = xp.__array_namespace_info__().dtypes()  # the standard's dtypes only
try:
    xp.asarray([1], dtype="bf16")
except TypeError:
    pass
assert "ml_dtypes" not in sys.modules, "something loaded bfloat16 early"
assert len(P._POLICIES["ascend"].pairs) == 15 * 15
import ml_dtypes  # a program's own array, then given to aiarray
y = xp.asarray(np.array([1.5, 2.5], ml_dtypes.bfloat16))
assert y.dtype == xp.bfloat16 and len(P._POLICIES["ascend"].pairs) == 16 * 16
print((y + y)._array.astype(np.float32).tolist(), xp.result_type(y, xp.float16))
"""


def test_nothing_loads_bfloat16_until_it_is_needed() -> None:
    out = subprocess.run([sys.executable, "-c", _BEFORE_AND_AFTER], capture_output=True,
                         text=True, timeout=180)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("]")[0] == "[3.0, 5.0" and out.stdout.split()[-1] == "float32"


_TRIGGERS = {
    "attribute": "xp.bfloat16",
    "dtype table": "len(D.ALL_DTYPES)",
    "extended dtypes": "xp.__array_namespace_info__().dtypes(extended=True)",
    "ml_dtypes dtype": "import ml_dtypes; xp.zeros(2, dtype=ml_dtypes.bfloat16)",
    "ml_dtypes array": "import ml_dtypes, numpy as np; "
                       "xp.asarray(np.zeros(2, dtype=ml_dtypes.bfloat16))",
    "promotion CLI": "__import__('aiarray.__main__').__main__.main(['promote', 'bf16', 'int8'])",
}


def test_each_way_of_naming_bfloat16_loads_it() -> None:
    code = ("import sys, aiarray as xp; from aiarray import _dtypes as D; "
            "assert D._BF16.dtype is None; {}; "
            "print(D._BF16.dtype is not None and D.bfloat16 in D.FLOAT)")
    for what, line in _TRIGGERS.items():
        out = subprocess.run([sys.executable, "-c", code.format(line)], capture_output=True,
                             text=True, timeout=180)
        assert out.returncode == 0, (what, out.stderr)
        assert out.stdout.split()[-1] == "True", what


_THREADS = r"""
import threading, numpy as np
import aiarray as xp
from aiarray import _dtypes as D
start = threading.Barrier(8)
got, errors = [], []
def work(k):
    try:
        start.wait()
        if k % 2:
            got.append(xp.bfloat16)
        else:
            a = xp.asarray(np.arange(4.0), dtype=D.canonical(xp.bfloat16))
            got.append((a * a).dtype)
    except Exception as e:
        errors.append(repr(e))
ts = [threading.Thread(target=work, args=(k,)) for k in range(8)]
[t.start() for t in ts]; [t.join() for t in ts]
print(len(errors), len({id(g) for g in got}), D._LOADERS.__len__() > 0)
"""


def test_loading_from_many_threads_at_once() -> None:
    out = subprocess.run([sys.executable, "-c", _THREADS], capture_output=True, text=True,
                         timeout=180)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["0", "1", "True"]  # no error, one bfloat16 object


def test_dtype_sets_made_later_gain_bfloat16() -> None:
    from aiarray import _dtypes as D

    bf16 = D.load_bfloat16()  # (already loaded in this process, or now)
    s = D.dtype_set({D.float16, D.float32})
    t = D.dtype_set({D.int8})
    assert bf16 in s and bf16 not in t
    table = {D.float16: "half"}
    D.like_float16(table)
    assert table[bf16] == "half"
    seen = []
    D.when_bfloat16_loads(seen.append)
    assert seen == [bf16]
    assert D.is_bfloat16(bf16) and not D.is_bfloat16(D.float16)
    assert D.canonical(np.dtype(bf16)) is bf16 and D.of_numpy(bf16) is bf16


def test_ml_dtypes_imported_first_loads_bfloat16_with_aiarray() -> None:
    code = "import ml_dtypes, aiarray; from aiarray import _dtypes as D; print(D._BF16.dtype)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=180)
    assert out.stdout.strip() == "bfloat16"

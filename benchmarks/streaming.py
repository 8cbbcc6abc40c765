"""The forms of streaming 1-D kernels, side by side: what _table.DIRECT_STREAM and
_table.VECTOR_STREAM decide.

Generates the kernel module into a temporary directory with every op going through
the scratch buffer ("scratch"), with every op storing straight from its scalar loop
("direct"), and as shipped ("shipped": direct for DIRECT_STREAM, whole vectors for
VECTOR_STREAM, scratch otherwise), and times a few kernels at n = 1e7 in each form,
interleaved in one process (bursts of 4 calls after a 20 ms pause, as bench.py).
Ratios below 1 are faster than the scratch form.

    env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE python benchmarks/streaming.py
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

import numba  # noqa: E402

import aiarray  # noqa: E402
from aiarray._kernels import _table as T  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tools"))
import gen_kernels as _gen  # noqa: E402
import harness as B  # noqa: E402

# (label, kernel, operand dtypes; "s" marks a scalar operand)
CASES = [
    ("add", "add_iuf_vv", ("f4", "f4")), ("add", "add_iuf_vv", ("f8", "f8")),
    ("multiply", "multiply_iuf_vv", ("f8", "f8")),
    ("add array, scalar", "add_iuf_vs", ("f8", "s")),
    ("add float32 + int32", "add_iuf_vvx", ("f4", "i4")),
    ("multiply_add", "fma_iuf_vvv", ("f4", "f4", "f4")),
    ("multiply_add", "fma_iuf_vvv", ("f8", "f8", "f8")),
    ("divide", "divide_f_vv", ("f4", "f4")), ("divide", "divide_f_vv", ("f8", "f8")),
    ("sqrt", "sqrt_f_v", ("f4",)), ("sqrt", "sqrt_f_v", ("f8",)),
    ("exp", "exp_f_v", ("f8",)), ("sin", "sin_f_v", ("f8",)),
]


def generated(form: str, where: Path, chunk: int = _gen.CHUNK):
    """The kernel module with every op in one streaming form, or as shipped.

    ``form``: "scratch" (every op through the scratch buffer), "direct" (every op
    stores straight from its scalar loop) or "shipped" (``_table``'s choices).
    """
    saved = T.DIRECT_STREAM, T.VECTOR_STREAM, _gen.CHUNK
    if form != "shipped":
        T.DIRECT_STREAM = frozenset({*T.EXPR, "multiply_add"}) if form == "direct" \
            else frozenset()
        T.VECTOR_STREAM = {}
    _gen.CHUNK = chunk
    try:
        src = _gen.render(helpers="aiarray._kernels._helpers", cache=False)
    finally:
        T.DIRECT_STREAM, T.VECTOR_STREAM, _gen.CHUNK = saved
    name = f"{form}{chunk}"
    path = where / f"kernels_{name}.py"
    path.write_text(src)
    spec = importlib.util.spec_from_file_location(f"kernels_{name}", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=float, default=1e7)
    ap.add_argument("--reps", type=int, default=9)
    ap.add_argument("--chunk", type=int, action="append",
                    help="also time the scratch form with this chunk size (repeatable)")
    ap.add_argument("--only", help="only cases whose kernel name contains this text")
    args = ap.parse_args(argv)
    n = int(args.n)
    workers = aiarray.get_num_threads()
    numba.set_num_threads(workers)
    rng = np.random.default_rng(0)
    with tempfile.TemporaryDirectory() as tmp:
        forms = {form: generated(form, Path(tmp)) for form in ("scratch", "direct", "shipped")}
        for chunk in args.chunk or []:
            forms[f"scratch, chunk {chunk}"] = generated("scratch", Path(tmp), chunk)
        others = [name for name in forms if name != "scratch"]
        print(f"| op | dtypes | scratch (chunk {_gen.CHUNK}) | "
              + " | ".join(f"{name} / scratch" for name in others) + " |")
        print("|---" * (3 + len(others)) + "|")
        for label, kernel, dts in CASES:
            if args.only and args.only not in kernel:
                continue
            ops = [np.dtype(dts[0]).type(1.5) if d == "s" else
                   rng.uniform(0.5, 2.0, n).astype(d) for d in dts]
            out_dt = np.dtype(dts[0])
            extra = (out_dt.type(0),) if kernel.endswith("_vvx") else ()
            out = np.empty(n, out_dt)
            args_ = (*ops, *extra, out, workers)
            calls = {name: partial(getattr(mod, kernel), *args_) for name, mod in forms.items()}
            results = {}
            for name, call in calls.items():
                call()
                results[name] = out.copy()
            for name in others:
                assert np.array_equal(results[name], results["scratch"], equal_nan=True)
            times = {name: [] for name in calls}
            for _ in range(args.reps):
                for name, call in calls.items():
                    time.sleep(B.GAP)
                    times[name].append(B._burst(call)[1])
            med = {name: statistics.median(t) for name, t in times.items()}
            print(f"| {label} | {' '.join(dts)} | {med['scratch'] * 1e3:.2f} ms | "
                  + " | ".join(f"{med[name] / med['scratch']:.2f}" for name in others) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

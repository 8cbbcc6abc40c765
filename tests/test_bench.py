"""The benchmark harness (aiarray._bench): bursts, the table, and the quick CLI."""

from __future__ import annotations

import subprocess
import sys

from aiarray import _bench as B


def test_burst_times_back_to_back_calls() -> None:
    calls = []
    first, later = B._burst(lambda: calls.append(1))
    assert len(calls) == B.BURST
    assert 0 <= first and 0 <= later


def test_table_gives_ratios_to_numpy_and_the_first_call() -> None:
    case = B.Case("add float32", ("float32", "float32"), (10,), target="<= 0.55")
    times = {"numpy": 2e-3, "aiarray": 1e-3, "torch": 5e-3,
             "numpy first": 4e-3, "aiarray first": 3e-3}
    head, rule, row = B.table([(case, times)], ["numpy", "aiarray", "torch"])
    assert head == "| case | numpy | aiarray | torch | aiarray, first call | target (aiarray) |"
    assert rule.count("---") == 6
    assert row == "| add float32 | 2.00 ms | 0.50 | 2.50 | 0.75 | <= 0.55 |"


def test_quick_bench_runs() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "aiarray", "bench", "--n", "1e4", "--reps", "2",
         "--only", "add float64"], capture_output=True, text=True, check=True,
        timeout=300).stdout
    rows = [ln for ln in out.splitlines() if ln.startswith("| add float64")]
    assert len(rows) == 1
    cells = [c.strip() for c in rows[0].strip("|").split("|")]
    assert cells[1].endswith(("s", "µs", "ns")) and float(cells[2]) > 0


def test_streaming_benchmark_times_the_shipped_kernels(tmp_path) -> None:
    """benchmarks/streaming.py's "shipped" form is the production kernel module, and its
    other forms are the ones it names."""
    import importlib.util
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    spec = importlib.util.spec_from_file_location("streaming", root / "benchmarks" / "streaming.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    sources = {}
    for form in ("shipped", "scratch", "direct"):
        mod.generated(form, tmp_path)
        sources[form] = (tmp_path / f"kernels_{form}{mod._gen.CHUNK}.py").read_text()
    production = (root / "aiarray" / "_kernels" / "_generated.py").read_text()
    assert sources["shipped"] == production.replace('"cache": True', '"cache": False')
    assert "_nt_fdiv(" not in sources["scratch"] and "_nt_fdiv(" not in sources["direct"]
    assert "tmp = np.empty" not in sources["direct"]
    assert "stream(out_, i, tmp[i])" in sources["scratch"]

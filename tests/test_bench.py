"""The benchmark harness (benchmarks/harness.py): bursts, the table with its verdicts,
and the CLI that runs it from a checkout."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from _scripts import load_script

ROOT = Path(__file__).resolve().parent.parent


def _load(name: str) -> object:
    return load_script(f"benchmarks/{name}", f"bench_{name}")


B = _load("harness.py")


def test_burst_times_back_to_back_calls() -> None:
    calls = []
    first, later = B._burst(lambda: calls.append(1))
    assert len(calls) == B.BURST
    assert 0 <= first and 0 <= later


def test_table_gives_ratios_to_numpy_the_first_call_and_a_verdict() -> None:
    case = B.Case("add float32", ("float32", "float32"), (10,), target=B.Target(0.55))
    times = {"numpy": 2e-3, "aiarray": 1e-3, "torch": 5e-3,
             "numpy first": 4e-3, "aiarray first": 3e-3}
    head, rule, row = B.table([(case, times)], ["numpy", "aiarray", "torch"])
    assert head == ("| case | numpy | aiarray | torch | aiarray, first call | target (aiarray) "
                    "| verdict |")
    assert rule.count("---") == 7
    assert row == "| add float32 | 2.00 ms | 0.50 | 2.50 | 0.75 | <= 0.55 | met |"


def test_verdicts() -> None:
    t = B.Target(0.55)
    assert t.verdict({"numpy": 1.0, "aiarray": 0.55}) == "met"
    assert t.verdict({"numpy": 1.0, "aiarray": 0.6}) == "missed (0.60 > 0.55)"
    assert t.verdict({"numpy": 1.0}) == "-"
    small = B.Target(2.5, strict_factor=8)
    assert str(small) == "<= 2.5; >= 8x faster than strict"
    assert small.verdict({"numpy": 1.0, "aiarray": 2.0, "array-api-strict": 18.0}) == "met"
    assert small.verdict({"numpy": 1.0, "aiarray": 2.6, "array-api-strict": 18.0}) == \
        "missed (2.60 > 2.5; 6.9x < 8x)"
    assert small.verdict({"numpy": 1.0, "aiarray": 2.0}) == "met (strict not installed)"


def test_every_case_has_a_target_and_quick_names_real_cases() -> None:
    cases = B._cases(1000)
    assert all(c.target is not None for c in cases)
    assert set(B.QUICK) <= {c.name for c in cases}


def test_bench_cli_runs_from_the_checkout() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "aiarray", "bench", "--n", "1e4", "--reps", "2",
         "--only", "add float64"], capture_output=True, text=True, check=True,
        timeout=300, cwd=ROOT).stdout
    rows = [ln for ln in out.splitlines() if ln.startswith("| add float64")]
    assert len(rows) == 1
    cells = [c.strip() for c in rows[0].strip("|").split("|")]
    assert cells[1].endswith(("s", "µs", "ns")) and float(cells[2]) > 0
    assert cells[-1] == "met" or cells[-1].startswith("missed (")
    assert "targets met:" in out


def test_streaming_benchmark_times_the_shipped_kernels(tmp_path) -> None:
    """benchmarks/streaming.py's "shipped" form is the production kernel module, and its
    other forms are the ones it names."""
    mod = _load("streaming.py")
    sources = {}
    for form in ("shipped", "scratch", "direct"):
        mod.generated(form, tmp_path)
        sources[form] = (tmp_path / f"kernels_{form}{mod._gen.CHUNK}.py").read_text()
    production = (ROOT / "aiarray" / "_kernels" / "_generated.py").read_text()
    assert production == mod._gen.render()  # (also test_generated_files_are_up_to_date)
    shipped = mod._gen.render(helpers="aiarray._kernels._helpers", cache=False)
    assert sources["shipped"] == shipped
    assert "_nt_fdiv(" not in sources["scratch"] and "_nt_fdiv(" not in sources["direct"]
    assert "tmp = np.empty" not in sources["direct"]
    assert "stream(out_, i, tmp[i])" in sources["scratch"]

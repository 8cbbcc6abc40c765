"""Measured routing table for the large-array path (written by benchmarks/routes.py)."""

from __future__ import annotations

MIN_SIZE = {"nb": 1 << 16, "np_cheap": 1 << 17, "np_costly": 1 << 14}
DEFAULT_MIN = {"nb": MIN_SIZE["nb"], "np": MIN_SIZE["np_cheap"],
               "fma": MIN_SIZE["nb"], "reduce": MIN_SIZE["np_cheap"]}

MEASURED: dict[str, dict[str, tuple[float | None, float]]] = {}


def route(op: str, char: str, exact: bool, costly: bool) -> tuple[str, int]:
    """("nb" | "np", minimum size) for op on the dtype with this character."""
    nb, threads = MEASURED.get(op, {}).get(char, (None, None))
    if exact and (threads is None or (nb is not None and nb <= 1.05 * threads)):
        return "nb", MIN_SIZE["nb"]
    return "np", MIN_SIZE["np_costly" if costly else "np_cheap"]

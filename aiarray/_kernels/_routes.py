"""Measured routing table (placeholder until benchmarks/routes.py writes it)."""

DEFAULT_MIN = {"nb": 1 << 16, "np": 1 << 17, "fma": 1 << 16, "reduce": 1 << 17}
ROUTES: dict[str, dict[str, tuple[str, int]]] = {}

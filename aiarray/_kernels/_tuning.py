"""From which size each parallel route pays, derived from the running machine.

A parallel call pays once each thread's share of the work is large against the
fixed cost of waking the threads.  Work is counted in bytes of the computing dtype,
and the unit is the private cache of all threads, ``U = threads x L2 per CPU``:

======================================  ========================  =====================
route                                   starts at (bytes)         with one thread
======================================  ========================  =====================
numba kernel, elementwise               ``U / 2``                 ``stream_bytes``
NumPy's loop in threads, cheap ops      ``2 U``                   never
NumPy's loop in threads, costly ops     ``4 U`` (or calibrated)   never
numba reduction (sum, mean, min, max)   ``2 U`` of input (*)      never
NumPy's reductions in threads           ``6 U`` of input (*)      never
streaming (non-temporal) stores         output >= ``LLC / 2``     same
======================================  ========================  =====================

The rules are code; the numbers they start from are data.  ``defaults.json`` (package
data, one record in the calibration file's format) holds the crossovers measured on one
machine, with that machine's caches, the date and the report they come from: its
``per_thread`` bytes over its L2 per CPU are the multiples above, and its
``stream_bytes`` over its last-level cache the share of the cache from which outputs
stream (:func:`defaults`, read at the first large call, never at import).  An OpenMP
launch wakes its team faster than aiarray's Python pool, hence the numba kernels'
smaller start.  (*) A reduction reads its input once and writes nothing: while that
input fits the last-level cache, whether two cores read it faster than one depends on
the machine (2026-12-04: on a 2-vCPU AMD VM the kernels lost to NumPy's own call by up
to 2x on 8 MiB and won from 24 MiB; on a 2-vCPU Intel VM they won from 4 MiB), so a
whole-array reduction from its start up to the last-level cache's size
(``reduce_cache_bytes``) runs the faster of its route and NumPy's call, as measured on
the program's own calls (``ParallelBackend.reduce_whole``), unless a calibration
measured the start.  Reductions along an axis keep ``6 U``:
their NumPy loop over short rows is bound by its steps, not by memory, and threads pay
from cache (k-means' distance sums of 800,000 float64 over an axis of 5).  With one
thread only the numba kernels run, and only where streaming stores and pooled result
buffers save memory traffic.  ``python -m aiarray calibrate`` measures the crossovers
and the cost of each costly op on the machine itself instead (:mod:`._calibrate`) and
stores a record of the same format (:func:`make_record`); its results are stored per
thread and scaled to the thread count in use.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from .._backend import FLOOR, NO_LIMIT
from .._typing import DType
from . import _machine

CALIBRATION_FORMAT = 1
# The starts a record gives per thread (bytes), in the order of the table above.
PER_THREAD = ("numba_bytes", "threads_bytes", "costly_bytes", "reduce_kernel_bytes",
              "reduce_threads_bytes")
DEFAULTS_FILE = Path(__file__).with_name("defaults.json")
_defaults: dict[str, Any] = {}  # the record of DEFAULTS_FILE, once read


def defaults() -> dict[str, Any]:
    """The measured defaults (``defaults.json``: per-thread starts, streaming sizes and
    forms, and the machine, date and report they come from); read once."""
    if not _defaults:
        import json

        _defaults.update(json.loads(DEFAULTS_FILE.read_text(encoding="utf-8")))
    return _defaults


def origin_of(record: dict[str, Any]) -> str:
    """Where a record's numbers come from: machine, date, report."""
    machine = record.get("machine") or {}
    where = machine.get("name") or machine.get("cpu") or "this machine"
    text = f"{where}, {record.get('measured', '?')}"
    return f"{text}, {record['report']}" if record.get("report") else text


class Tuning:
    """Start sizes of the parallel routes, in bytes of the computing dtype (read-only;
    a plain class rather than a dataclass: it is made at the first large call, where a
    dataclass's generated methods cost milliseconds of import)."""

    __slots__ = ("costly_bytes", "costly_ns", "forced", "l2", "llc", "numba_bytes", "origin",
                 "reduce_cache_bytes", "reduce_kernel_bytes", "reduce_threads_bytes", "source",
                 "stream_bytes", "threads", "threads_bytes", "threads_min_ns")

    threads: int
    l2: int  # bytes of L2 per CPU
    llc: int  # bytes of the last-level cache
    numba_bytes: int
    threads_bytes: int
    costly_bytes: int
    reduce_kernel_bytes: int
    reduce_threads_bytes: int
    stream_bytes: int
    # Calibrated: NumPy's own ns per element of each costly op ("sin/f"), and the NumPy
    # work (ns) from which the pool pays; a costly op then starts where NumPy's call
    # takes that long.
    costly_ns: dict[Any, Any]
    threads_min_ns: float
    forced: int | None  # AIARRAY_KERNEL_MIN_SIZE: every start, in elements
    source: str
    origin: str  # the machine, date and report of the numbers (``origin_of``)
    # Whole-array reductions below this input size run the faster of the parallel route
    # and NumPy's call, measured on the calls (0: no such band, the starts above decide)
    reduce_cache_bytes: int

    def __init__(self, threads: int, l2: int, llc: int, numba_bytes: int, threads_bytes: int,
                 costly_bytes: int, reduce_kernel_bytes: int, reduce_threads_bytes: int,
                 stream_bytes: int, costly_ns: dict[Any, Any] | None = None,
                 threads_min_ns: float = 0.0, forced: int | None = None,
                 source: str = "machine", origin: str = "",
                 reduce_cache_bytes: int = 0) -> None:
        values = (threads, l2, llc, numba_bytes, threads_bytes, costly_bytes,
                  reduce_kernel_bytes, reduce_threads_bytes, stream_bytes,
                  {} if costly_ns is None else costly_ns, threads_min_ns, forced, source,
                  origin, reduce_cache_bytes)
        for name, value in zip(FIELDS, values):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Tuning is read-only (use with_overrides): {name}")

    def __eq__(self, other: object) -> bool:
        return type(other) is Tuning and fields_of(self) == fields_of(other)

    __hash__ = None  # type: ignore[assignment]  # (holds a dict: not hashable)

    def __repr__(self) -> str:
        return "Tuning(" + ", ".join(f"{k}={v!r}" for k, v in fields_of(self).items()) + ")"

    def elements(self, nbytes: int, dtype: DType) -> int:
        """The start in elements of ``dtype`` for a start of ``nbytes`` bytes."""
        if self.forced is not None:
            return self.forced
        if nbytes >= NO_LIMIT:
            return NO_LIMIT
        return max(FLOOR, -(-nbytes // max(1, dtype.itemsize)))

    def costly(self, op: str, dtype: DType) -> int:
        """Start of a costly op's NumPy loop in threads, in elements."""
        limit = self.elements(self.costly_bytes, dtype)
        ns = self.costly_ns.get(f"{op}/{dtype.char}")
        if self.forced is not None or not ns or not self.threads_min_ns or limit >= NO_LIMIT:
            return limit
        size = FLOOR
        while size < limit and size * ns < self.threads_min_ns:
            size <<= 1
        return min(size, limit)


# The fields in the order ``Tuning(...)`` takes them.
FIELDS = ("threads", "l2", "llc", "numba_bytes", "threads_bytes", "costly_bytes",
          "reduce_kernel_bytes", "reduce_threads_bytes", "stream_bytes", "costly_ns",
          "threads_min_ns", "forced", "source", "origin", "reduce_cache_bytes")


def fields_of(tuning: Tuning) -> dict[str, Any]:
    """The tuning's fields by name, in ``FIELDS`` order."""
    return {name: getattr(tuning, name) for name in FIELDS}


def derive(threads: int, l2: int, llc: int, calibration: dict[Any, Any] | None = None,
           forced: int | None = None, measured: dict[str, Any] | None = None) -> Tuning:
    """The tuning for ``threads`` threads on a machine with these caches.

    The rules of the table above, from the numbers of ``measured`` (default: the
    package's :func:`defaults`): each per-thread start is the same multiple of this
    machine's L2 per CPU as it was of the measured machine's, the streaming start the
    same share of the last-level cache.  ``calibration`` (per-thread bytes measured on
    this machine by ``calibrate``) replaces the per-thread starts as they are;
    ``forced`` replaces every start.
    """
    base = defaults() if measured is None else measured
    machine = base["machine"]
    stream = max(0, int(base["stream_bytes"]) * llc // int(machine["llc"]))
    where = origin_of(base)
    if threads <= 1:
        return Tuning(1, l2, llc, stream, NO_LIMIT, NO_LIMIT, NO_LIMIT, NO_LIMIT, stream,
                      forced=forced, origin=where)
    per = {name: base["per_thread"][name] * l2 / machine["l2"] for name in PER_THREAD}
    source = "machine"
    extra: dict[str, Any] = {}
    if calibration:
        for name in per:
            value = calibration.get("per_thread", {}).get(name)
            if value is not None:
                per[name] = value
        extra = {"costly_ns": dict(calibration.get("costly_ns", {})),
                 "threads_min_ns": float(calibration.get("threads_min_ns", 0.0))}
        source = "calibrated"
        where = origin_of(calibration)
    sizes: dict[str, Any] = {name: NO_LIMIT if v >= NO_LIMIT else int(v * threads)
                             for name, v in per.items()}
    measured_here = calibration.get("per_thread", {}) if calibration else {}
    # (what the cache holds: measured on the calls, unless a calibration measured it)
    cached = llc if measured_here.get("reduce_kernel_bytes") is None else 0
    return Tuning(threads, l2, llc, stream_bytes=stream, forced=forced, source=source,
                  origin=where, reduce_cache_bytes=cached, **sizes, **extra)


def with_overrides(tuning: Tuning, **fields: Any) -> Tuning:
    """``tuning`` with some fields replaced (tests, benchmarks)."""
    unknown = set(fields) - set(FIELDS)
    if unknown:
        raise TypeError(f"with_overrides(): Tuning has no field {sorted(unknown)}")
    return Tuning(**{**fields_of(tuning), **fields})


# ------------------------------------------------------------ calibration file

def _numba_version() -> str:
    """numba's version file, as bytes' checksum (without importing numba or the
    installed-package metadata, ~40 ms: this runs at the first large call)."""
    import importlib.util
    import zlib

    try:
        spec = importlib.util.find_spec("numba")
        if spec is None or not spec.origin:
            return "-"
        origin = Path(spec.origin)
        return f"{zlib.crc32((origin.parent / '_version.py').read_bytes()):08x}"
    except (OSError, ImportError, ValueError, AttributeError):
        return "-"


def machine_key(l2: int, llc: int) -> str:
    """Names one machine and software stack: a calibration holds only for these (made
    once a process per cache sizes)."""
    key = _MACHINE_KEYS.get((l2, llc))
    if key is None:
        key = _MACHINE_KEYS[(l2, llc)] = _machine_key(l2, llc)
    return key


_MACHINE_KEYS: dict[tuple[int, int], str] = {}


def _machine_key(l2: int, llc: int) -> str:
    import os
    import sys
    import zlib

    from .._layers import LAYERS

    machine = os.uname().machine if hasattr(os, "uname") else os.environ.get(
        "PROCESSOR_ARCHITECTURE", "")
    parts = [machine, _machine.cpu_model(), str(_machine.cpu_count()), str(l2), str(llc),
             sys.version.split()[0], np.__version__, _numba_version(), LAYERS.version,
             str(CALIBRATION_FORMAT)]
    text = "|".join(parts).encode()
    return f"{zlib.crc32(text):08x}{zlib.adler32(text):08x}"


def calibration_path(l2: int, llc: int) -> Path:
    return _machine.user_cache_dir() / f"calibration-{machine_key(l2, llc)}.json"


def load_calibration(l2: int, llc: int) -> dict[Any, Any] | None:
    """The stored calibration of this machine and these versions, or None."""
    import json

    try:
        data = json.loads(calibration_path(l2, llc).read_text())
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") != CALIBRATION_FORMAT:
        return None
    return data


def make_record(*, l2: int, llc: int, threads: int, per_thread: dict[str, Any],
                costly_ns: dict[str, float], threads_min_ns: float, measured: str,
                report: str) -> dict[str, Any]:
    """A record of measured starts, in the format of ``defaults.json`` and of the stored
    calibrations: the numbers, and the machine, date and report they come from."""
    import os

    arch = os.uname().machine if hasattr(os, "uname") else os.environ.get(
        "PROCESSOR_ARCHITECTURE", "")
    machine = {"name": "", "cpu": _machine.cpu_model(), "arch": arch,
               "cpus": _machine.cpu_count(), "l2": l2, "llc": llc}
    return {"format": CALIBRATION_FORMAT, "machine": machine, "measured": measured,
            "report": report, "threads": threads, "per_thread": dict(per_thread),
            "costly_ns": dict(costly_ns), "threads_min_ns": float(threads_min_ns)}


def save_calibration(l2: int, llc: int, data: dict[Any, Any]) -> Path:
    """Store ``data`` for this machine; returns the file written."""
    import json

    path = calibration_path(l2, llc)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps({**data, "format": CALIBRATION_FORMAT}, indent=1, sort_keys=True))
    tmp.replace(path)
    return path


def describe(tuning: Tuning) -> dict[Any, Any]:
    """The tuning as plain data (for ``status()`` and the CLI)."""
    out = fields_of(tuning)
    out["costly_ns"] = len(tuning.costly_ns)
    return out

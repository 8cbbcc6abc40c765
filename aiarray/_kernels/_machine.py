"""What the running machine offers the large-array path: CPUs and cache sizes.

Read from the operating system when first asked (never at import): Linux sysfs,
macOS ``sysctlbyname``, Windows ``GetLogicalProcessorInformation``.  Where a figure
cannot be read, a conservative default stands in (larger caches give larger
thresholds, so the parallel routes start later, never earlier).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import ctypes

# Stand-ins for cache sizes the OS does not report: large, so thresholds err high.
DEFAULT_L2 = 1 << 20
DEFAULT_LLC = 32 << 20

# One cache as the OS describes it: (level, "data" | "instruction" | "unified", bytes,
# logical CPUs that share it).
Cache = tuple[int, str, int, int]


def cpu_count() -> int:
    """The logical CPUs this process may run on (its affinity mask where there is one)."""
    counter = getattr(os, "process_cpu_count", None)  # Python 3.13
    if counter is not None:
        return max(1, counter() or 1)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def summarize(caches: Iterable[Cache]) -> tuple[int | None, int | None]:
    """(L2 bytes per logical CPU, bytes of the last-level cache) from the caches of one
    CPU; None for a figure not among them.  An L2 shared by k CPUs counts 1/k each."""
    l2 = None
    llc_level, llc = 0, None
    for level, kind, size, sharing in caches:
        if kind == "instruction" or size <= 0:
            continue
        if level == 2:
            l2 = size // max(1, sharing)
        if level >= llc_level:
            llc_level, llc = level, size
    return l2, (llc if llc_level >= 2 else None)


def _size(text: str) -> int:
    """'1024K' / '32M' / '65536' as bytes."""
    text = text.strip().upper()
    scale = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}.get(text[-1:], 1)
    return int(text.rstrip("KMG")) * scale


def _cpu_list_length(text: str) -> int:
    """How many CPUs a sysfs list such as '0-3,8,10-11' names."""
    n = 0
    for part in text.strip().split(","):
        if "-" in part:
            lo, hi = part.split("-")
            n += int(hi) - int(lo) + 1
        elif part:
            n += 1
    return n


def linux_caches(root: str = "/sys/devices/system/cpu/cpu0/cache") -> list[Cache]:
    """The caches of CPU 0 from sysfs (empty when unreadable)."""
    out: list[Cache] = []
    try:
        entries = sorted(p for p in os.listdir(root) if p.startswith("index"))
    except OSError:
        return out
    for entry in entries:
        path = Path(root, entry)
        try:
            level = int((path / "level").read_text())
            kind = (path / "type").read_text().strip().lower()
            size = _size((path / "size").read_text())
            sharing = _cpu_list_length((path / "shared_cpu_list").read_text())
        except (OSError, ValueError):
            continue
        out.append((level, kind, size, sharing))
    return out


def _sysctl(libc: ctypes.CDLL, name: str) -> int | None:
    import ctypes

    value = ctypes.c_uint64(0)
    size = ctypes.c_size_t(ctypes.sizeof(value))
    if libc.sysctlbyname(name.encode(), ctypes.byref(value), ctypes.byref(size), None, 0):
        return None
    return int(value.value) if size.value in (4, 8) else None


def macos_caches() -> list[Cache]:
    """The caches macOS reports (Apple silicon: of the performance cores)."""
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c"))
    except OSError:
        return []
    out: list[Cache] = []
    l2 = _sysctl(libc, "hw.perflevel0.l2cachesize")
    if l2:
        out.append((2, "unified", l2, _sysctl(libc, "hw.perflevel0.cpusperl2") or 1))
    elif _sysctl(libc, "hw.l2cachesize"):
        out.append((2, "unified", _sysctl(libc, "hw.l2cachesize") or 0, 1))
    l3 = _sysctl(libc, "hw.l3cachesize")
    if l3:
        out.append((3, "unified", l3, cpu_count()))
    return out


_WINDOWS_KINDS = {0: "unified", 1: "instruction", 2: "data", 3: "trace"}


def windows_caches() -> list[Cache]:
    """The caches Windows reports (``GetLogicalProcessorInformation``)."""
    import ctypes
    from ctypes import wintypes

    class CacheDescriptor(ctypes.Structure):
        _fields_ = (("Level", ctypes.c_ubyte), ("Associativity", ctypes.c_ubyte),
                    ("LineSize", wintypes.WORD), ("Size", wintypes.DWORD),
                    ("Type", ctypes.c_int))

    class Detail(ctypes.Union):
        _fields_ = (("Cache", CacheDescriptor), ("Reserved", ctypes.c_ulonglong * 2))

    class Info(ctypes.Structure):
        _fields_ = (("ProcessorMask", ctypes.c_size_t), ("Relationship", ctypes.c_int),
                    ("Detail", Detail))

    get = ctypes.windll.kernel32.GetLogicalProcessorInformation  # type: ignore[attr-defined]  # Windows only
    length = wintypes.DWORD(0)
    get(None, ctypes.byref(length))
    count = length.value // ctypes.sizeof(Info)
    if count == 0:
        return []
    buf = (Info * count)()
    if not get(buf, ctypes.byref(length)):
        return []
    out: list[Cache] = []
    for info in buf[: length.value // ctypes.sizeof(Info)]:
        if info.Relationship != 2:  # RelationCache
            continue
        c = info.Detail.Cache
        out.append((c.Level, _WINDOWS_KINDS.get(c.Type, "unified"), c.Size,
                    bin(info.ProcessorMask).count("1")))
    return out


def cache_sizes() -> tuple[int, int]:
    """(L2 bytes per logical CPU, last-level cache bytes) of this machine, with the
    defaults standing in for what the OS does not report (read once a process)."""
    found = _CACHE_SIZES.get("sizes")
    if found is None:
        found = _CACHE_SIZES["sizes"] = _read_cache_sizes()
    return found


_CACHE_SIZES: dict[str, tuple[int, int]] = {}


def _read_cache_sizes() -> tuple[int, int]:
    try:
        if sys.platform.startswith("linux"):
            caches = linux_caches()
        elif sys.platform == "darwin":
            caches = macos_caches()
        elif sys.platform == "win32":
            caches = windows_caches()
        else:
            caches = []
    except Exception:  # an OS interface that is not there: the defaults
        caches = []
    l2, llc = summarize(caches)
    return l2 or DEFAULT_L2, llc or DEFAULT_LLC


def cpu_model() -> str:
    """A name for the processor (for the calibration cache key and reports)."""
    if sys.platform.startswith("linux"):
        try:
            with open("/proc/cpuinfo") as f:
                for line in f:
                    if line.startswith(("model name", "Processor", "cpu model")):
                        return line.split(":", 1)[1].strip()
        except OSError:
            pass
    import platform

    return platform.processor() or platform.machine() or "unknown"


def user_cache_dir() -> Path:
    """Where aiarray keeps per-machine files: ``AIARRAY_CACHE_DIR``, else the platform's
    user cache directory (XDG on Linux, ~/Library/Caches, %LOCALAPPDATA%)."""
    env = os.environ.get("AIARRAY_CACHE_DIR")
    if env:
        return Path(env)
    home = Path.home()
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or home / "AppData" / "Local")
        return base / "aiarray" / "Cache"
    if sys.platform == "darwin":
        return home / "Library" / "Caches" / "aiarray"
    return Path(os.environ.get("XDG_CACHE_HOME") or home / ".cache") / "aiarray"


def can_map(nbytes: int) -> bool:
    """Whether ``nbytes`` of address space can be mapped now: a mapping of no memory
    (``PROT_NONE``, nothing committed), unmapped at once.  False only when the address
    space is (nearly) full, as under ``RLIMIT_AS``; True where mmap cannot say."""
    import mmap

    if not hasattr(mmap, "PROT_READ") or nbytes <= 0:  # pragma: no cover - Windows
        return True
    prot = getattr(mmap, "PROT_NONE", 0)  # (0 on every Unix; named from Python 3.13)
    flags = mmap.MAP_PRIVATE | getattr(mmap, "MAP_ANONYMOUS", 0x20) | getattr(
        mmap, "MAP_NORESERVE", 0)
    try:
        probe = mmap.mmap(-1, nbytes, flags=flags, prot=prot)
    except (OSError, OverflowError, ValueError):
        return False
    probe.close()
    return True

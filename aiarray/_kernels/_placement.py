"""Keep a parallel launch's worker threads off the launching thread's CPU.

Two ways.  By default, *steering*: a launch that follows an idle gap keeps its workers
off the launching thread's CPU for the time of that launch only, and gives them back
every CPU when it returns, so no thread stays bound.  With ``AIARRAY_PIN_THREADS=1``,
*pinning*: each worker stays bound to one CPU other than the launching thread's (a
process-wide effect: another library's threads in the same process, or another process
pinned the same way, compete for the CPUs bound, so aiarray binds only when asked).
``AIARRAY_PIN_THREADS=0`` does neither: no thread's CPU mask is ever touched.

GNU OpenMP leaves its worker threads unbound.  After the launching thread has slept
(I/O, a pause between calls) the scheduler often wakes it on the CPU where its worker
last ran; the launch then wakes the worker on that same CPU, and the launching thread,
done with its share, spins at the end-of-region barrier while the worker waits for the
CPU it occupies.  Measured on a 2-CPU VM: 4-8 ms stalls, one or two scheduler ticks, on
10-20% of the launches that follow a 20 ms pause, where a full max of 1e7 float32 takes
0.6 ms.  ``OMP_PROC_BIND`` avoids that but binds the launching thread as well, and
every thread it starts afterwards inherits that one-CPU mask.

Steering (measured with ``benchmarks/prototypes/pause_placement.py`` on a 2-CPU VM:
after pauses of 20-200 ms a woken worker ran on the caller's CPU in 11-21 of 21 calls;
steered, in none, and a float32 max of 1e7 took 1.9-2.1 ms instead of 2.7-3.2, NumPy's
own 2.5-2.8).  An OpenMP team is steered when its launching thread has not launched
for ``IDLE_GAP`` seconds: a worker that ran a moment ago still spins on its own CPU, and
the gap only spares back-to-back launches the system calls.  aiarray's own pool is
steered at every call: its threads sleep as soon as a call ends.  A worker's own mask
loses the caller's CPU only while the launch runs and is given back exactly as it was
(masks the user set stay the user's; a worker confined to the caller's CPU is left
alone), also when the launch raises.  Steering costs three affinity system calls per
worker (~0.1 ms for one worker right after a pause on the VM above, against the ~0.8 ms
it saved); a team whose steering took more than ``STEER_SHARE`` of its launch's time in
``COSTLY_LAUNCHES`` steered launches in a row (many workers, short launches) is not
steered again.

When pinning is asked for, aiarray binds the workers only.  Before each launch it reads the
launching thread's CPU (``sched_getcpu``, ~60 ns); when that CPU differs from the last
launch's, each worker of the launching thread's team is bound to one of the other CPUs
the launching thread may use.  The launching thread itself is never bound.  aiarray's
own pool for NumPy's loops in threads (``_threads``) gets the same treatment
(:func:`place_pool`; steered: :func:`steer_pool`).

Both are off when: not Linux; for numba's teams, its threading layer is not ``omp``
(``_numba`` decides); the launching thread may use fewer CPUs than the team has threads;
or the user binds OpenMP threads (``OMP_PROC_BIND``, ``OMP_PLACES``,
``GOMP_CPU_AFFINITY``).  Pinning is off unless ``AIARRAY_PIN_THREADS=1``; steering is
off with ``AIARRAY_PIN_THREADS=0`` (or ``1``, which pins instead).
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable
from typing import Any, Literal

from .._typing import NDArray

USER_BINDING_ENV = ("OMP_PROC_BIND", "OMP_PLACES", "GOMP_CPU_AFFINITY")
MAX_TEAMS = 64  # launching threads remembered; past that the table starts afresh
IDLE_GAP = 1e-3  # seconds without a launch after which an OpenMP team is steered
# A team stops being steered once steering cost more than STEER_SHARE of its launch (a
# misplaced worker costs about half of one) in COSTLY_LAUNCHES steered launches in a row.
STEER_SHARE = 0.25
COSTLY_LAUNCHES = 3


def _sched_getcpu() -> Callable[[], int] | None:
    if not sys.platform.startswith("linux"):
        return None
    import ctypes  # not at import: placement is off by default

    try:
        fn = ctypes.CDLL(None).sched_getcpu
    except (OSError, AttributeError):
        return None
    fn.argtypes, fn.restype = [], ctypes.c_int
    return fn


def enabled_by_env(environ: dict[Any, Any] | None = None) -> bool:
    """True when ``AIARRAY_PIN_THREADS=1`` and the user does not bind OpenMP threads."""
    env = os.environ if environ is None else environ
    return env.get("AIARRAY_PIN_THREADS", "") == "1" and not any(
        name in env for name in USER_BINDING_ENV)


def steering_by_env(environ: dict[Any, Any] | None = None) -> bool:
    """True unless ``AIARRAY_PIN_THREADS`` is set (``1`` pins, ``0`` leaves every mask
    alone) or the user binds OpenMP threads."""
    env = os.environ if environ is None else environ
    return env.get("AIARRAY_PIN_THREADS", "") not in ("0", "1") and not any(
        name in env for name in USER_BINDING_ENV)


class Team:
    """The worker threads of one launching thread's OpenMP team, and where they are."""

    __slots__ = ("allowed", "costly", "cpu", "last", "own", "saved", "size", "steer_cost",
                 "steered", "workers")

    def __init__(self, size: int, workers: list[int], allowed: list[int],
                 own: bool = False) -> None:
        self.size = size
        self.workers = workers  # kernel thread ids; empty: leave the team unbound
        self.own = own  # aiarray's own pool threads, alive while their pool is used
        self.allowed = allowed  # CPUs the launching thread may use
        self.cpu = -1  # the launching thread's CPU when the workers were last bound
        self.last = 0.0  # (steering) time.monotonic() when its last launch returned
        self.steered = 0.0  # (steering) the launch now running was steered at this time
        self.steer_cost = 0.0  # (steering) seconds the last steering took
        self.costly = 0  # (steering) steered launches in a row that it cost too much
        self.saved: list[tuple[int, set[int]]] = []  # (steering) masks to give back


class Placement:
    """Where the workers of each launching thread's team and of aiarray's pool are
    bound (one per backend: ``PLACEMENT``, the module's).

    ``on``: whether workers are bound (asked for, and supported here); read before each
    launch.  ``steer``: whether launches after an idle gap are steered (when not ``on``;
    default: :func:`steering_by_env`).  ``getcpu``: the launching thread's CPU
    (``sched_getcpu``; looked up at the first placement, ~1 ms, when not given).
    """

    def __init__(self, enabled: bool | None = None,
                 getcpu: Callable[[], int] | None = None, steer: bool | None = None) -> None:
        linux = sys.platform.startswith("linux")
        self.on = (linux and enabled_by_env()) if enabled is None else bool(enabled)
        self.steer = linux and not self.on and (steering_by_env() if steer is None else steer)
        self._getcpu = getcpu
        self._teams: dict[int, Team | None] = {}  # launching thread's kernel id -> its team
        self._pool_team: Team | None = None  # (None in _teams: finding it right now)
        self._pool_ids: tuple[Any, ...] = ()
        self._pool_steered: dict[tuple[Any, ...], Team] = {}  # pool threads' ids -> team

    def _ready(self) -> bool:
        """True when ``sched_getcpu`` is available (looked up once); placement is off if not."""
        if self._getcpu is None:
            self._getcpu = _sched_getcpu()
            if self._getcpu is None:
                self.on = self.steer = False
        return self._getcpu is not None

    def enabled(self) -> bool:
        """Whether workers are bound (placement asked for, and supported here)."""
        return self.on

    def set_enabled(self, flag: bool) -> None:
        """Bind workers from now on (True, where supported), or never again (False: the
        workers bound so far get back the CPUs their launching thread may use)."""
        self.on = bool(flag) and self._ready()
        if self.on:
            self.steer = False
        if not self.on:
            for team in [*self._teams.values(), self._pool_team]:
                if team is not None:
                    _release(team)
            self._teams.clear()
            self._pool_team = None

    def teams(self) -> dict[int, Team | None]:
        """The teams found so far, for diagnostics and tests."""
        return dict(self._teams)

    def pool_team(self) -> Team | None:
        """The team of aiarray's own pool (its workers and the caller), for diagnostics."""
        return self._pool_team

    def place(self, size: int, team_tids: Callable[[int], NDArray | None]) -> Team | None:
        """Keep the launching thread's ``size``-thread team off its current CPU: bind it
        (pinning), or steer it when the thread has been idle (steering).  Returns the
        team to hand to :meth:`done` when the launch returns (steering), else None.

        ``team_tids(size)`` runs one launch that returns each team thread's kernel id
        (or None while that kernel is not compiled yet).
        """
        if not (self.on or self.steer) or size < 2 \
                or (self._getcpu is None and not self._ready()):
            return None
        getcpu = self._getcpu
        if getcpu is None:  # (set by _ready() above)
            return None
        me = threading.get_native_id()
        team: Team | Literal[False] | None = self._teams.get(me, False)
        if team is None:
            return None  # finding this team right now (team_tids launches too)
        if not self.on:  # steering
            if team is not False and team.size == size:
                return team if _steer(team, getcpu) else None
            team = self._find(me, size, team_tids)
            return None if team is None or not _steer(team, getcpu) else team
        cpu = getcpu()
        if team is False or team.size != size:
            team = self._find(me, size, team_tids)
            if team is None:
                return None
        if not _follow(team, cpu):
            self._teams.pop(me, None)  # find the team again at the next launch
        return None

    @staticmethod
    def done(team: Team) -> None:
        """A launch :meth:`place` returned ``team`` for has returned: release a steered
        team (and stop steering it if that cost more than ``STEER_SHARE`` of the launch)."""
        now = time.monotonic()
        if team.steered:
            took = now - team.steered
            _restore(team.saved)
            team.saved = []
            team.steered = 0.0
            end = time.monotonic()
            team.steer_cost += end - now
            team.costly = team.costly + 1 if team.steer_cost > STEER_SHARE * took else 0
            if team.costly >= COSTLY_LAUNCHES:
                team.workers = []  # too costly for this team's launches: never again
            now = end
        team.last = now

    def steer_pool(self, workers: list[int]) -> Team | None:
        """Steer the threads of one of aiarray's pools (kernel ids ``workers``) off the
        calling thread's CPU for one call, as :meth:`place` steers OpenMP teams (every
        call: the pool's threads sleep, not spin, between calls); the team to hand to
        :meth:`done` when the call returns, or None."""
        if not self.steer or not workers or (self._getcpu is None and not self._ready()):
            return None
        getcpu = self._getcpu
        if getcpu is None:  # (set by _ready() above)
            return None
        ids = tuple(workers)
        team = self._pool_steered.get(ids)
        if team is None:
            allowed = sorted(os.sched_getaffinity(0))
            team = Team(len(ids) + 1, list(ids) if len(allowed) > len(ids) else [], allowed,
                        own=True)
            if len(self._pool_steered) >= MAX_TEAMS:
                self._pool_steered.clear()
            self._pool_steered[ids] = team
        return team if _steer(team, getcpu) else None

    def place_pool(self, workers: list[int]) -> None:
        """Bind the threads of aiarray's own pool (``_threads``; kernel ids ``workers``)
        off the calling thread's CPU, as :meth:`place` does for OpenMP teams.  The same
        stall happens there in a milder form: a pool thread woken on the caller's CPU
        runs its share only after the caller's, so the call takes as long as NumPy's own."""
        if not self.on or not workers or (self._getcpu is None and not self._ready()):
            return
        team = self._pool_team
        ids = tuple(workers)
        if team is None or ids != self._pool_ids:
            allowed = sorted(os.sched_getaffinity(0))
            bindable = list(ids) if len(allowed) > len(ids) else []  # one CPU each + caller's
            team = self._pool_team = Team(len(ids) + 1, bindable, allowed)
            self._pool_ids = ids
        getcpu = self._getcpu
        if getcpu is not None and not _follow(team, getcpu()):  # (set by _ready() above)
            self._pool_team = None

    def _find(self, me: int, size: int,
              team_tids: Callable[[int], NDArray | None]) -> Team | None:
        teams = self._teams
        allowed = sorted(os.sched_getaffinity(0))
        if len(allowed) < size:
            team = Team(size, [], allowed)  # fewer CPUs than threads: binding cannot separate
        else:
            if len(teams) >= MAX_TEAMS:
                teams.clear()
            teams[me] = None
            try:
                tids = team_tids(size)
            finally:
                teams.pop(me, None)
            if tids is None:
                return None
            workers = [int(t) for t in tids if t > 0 and t != me]
            if len(workers) != size - 1 or me not in tids:
                workers = []  # not one launch per thread as expected: leave the team unbound
            team = Team(size, workers, allowed)
        teams[me] = team
        return team


def _alive(tid: int) -> bool:
    """Whether ``tid`` is still a thread of this process (thread ids get reused)."""
    return os.path.exists(f"/proc/self/task/{tid}")


def _release(team: Team) -> None:
    """Give the team's workers back every CPU their launching thread may use."""
    for tid in team.workers:
        try:
            if team.own or _alive(tid):
                os.sched_setaffinity(tid, team.allowed)
        except OSError:
            pass


def _steer(team: Team, getcpu: Callable[[], int]) -> bool:
    """Before a launch: keep ``team``'s workers off the caller's CPU (``team.steered``
    set, True) if it is aiarray's pool (whose threads sleep as soon as a call ends) or an
    OpenMP team idle for ``IDLE_GAP``; True also to have the launch's end stamped
    (:meth:`Placement.done`); False for a team that is never steered.  Each worker's
    own mask is narrowed, by the caller's CPU only (a worker the user confined to that
    CPU is left alone), and given back as it was."""
    if not team.workers:
        return False
    start = time.monotonic()
    if not team.own and start - team.last < IDLE_GAP:
        return True  # (an OpenMP team that launched a moment ago: its workers still spin)
    cpu = getcpu()
    saved: list[tuple[int, set[int]]] = []
    try:
        for tid in team.workers:
            if not (team.own or _alive(tid)):
                raise OSError("a worker is gone")  # (its id may be reused: not touched)
            mask = os.sched_getaffinity(tid)  # (the user may have set it: kept as it is)
            narrowed = mask - {cpu}
            if narrowed and narrowed != mask:
                os.sched_setaffinity(tid, narrowed)
                saved.append((tid, mask))
    except OSError:
        _restore(saved)
        team.workers = []  # leave this team alone from now on
        return False
    if saved:
        team.saved = saved
        team.steered = time.monotonic()
        team.steer_cost = team.steered - start
    return True


def _restore(saved: list[tuple[int, set[int]]]) -> None:
    """Give each steered worker back the mask it had before (``_steer``)."""
    for tid, mask in saved:
        try:
            os.sched_setaffinity(tid, mask)
        except OSError:
            pass


def _follow(team: Team, cpu: int) -> bool:
    """Keep ``team`` off the caller's ``cpu`` (rebinding only when it changed); False,
    with the workers released, when the caller's CPUs changed or a worker is gone."""
    if cpu == team.cpu or not team.workers:
        return True
    if cpu in team.allowed and _bind(team, cpu):
        return True
    _release(team)
    return False


def _bind(team: Team, cpu: int) -> bool:
    """Bind each worker to one of the team's CPUs other than ``cpu``; False when a
    worker is gone (its id may have been reused: it is not touched)."""
    others = [c for c in team.allowed if c != cpu]
    try:
        for tid, c in zip(team.workers, others):
            if not _alive(tid):
                return False
            os.sched_setaffinity(tid, (c,))
    except OSError:
        return False
    team.cpu = cpu
    return True


PLACEMENT = Placement()  # the parallel backend's (``ParallelBackend.placement``)

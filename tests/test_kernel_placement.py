"""Worker placement of parallel launches (aiarray._kernels._placement).

The real behaviour is checked in fresh processes, where numba's OpenMP team is
created by the test: with ``AIARRAY_PIN_THREADS=1`` the workers end up bound to CPUs
other than the launching thread's, and the launching thread and the threads it starts
keep their masks; by default (steering) a worker is kept off the caller's CPU only while
a launch runs, so no thread is bound between calls; with ``AIARRAY_PIN_THREADS=0`` no
mask is touched at all.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading

import numpy as np
import pytest

from aiarray._kernels import _placement, _threads

LINUX = sys.platform.startswith("linux")
CPUS = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
needs_two_cpus = pytest.mark.skipif(not LINUX or CPUS < 2,
                                    reason="binding workers needs Linux and two CPUs")

_PROBE = r"""
import os, sys
if len(sys.argv) > 1:  # before any library starts a thread
    os.sched_setaffinity(0, {int(c) for c in sys.argv[1].split(",")})
import json, threading, numpy as np
import aiarray as xp
from aiarray._kernels import BACKEND
BACKEND.loader.set_sync(True)
a = xp.asarray(np.linspace(0.5, 2.0, 400_000))
ref = a._array + a._array
for _ in range(3):
    ok = np.array_equal((a + a)._array, ref)
me = threading.get_native_id()
team = BACKEND.placement.teams().get(me)
masks = {int(t): sorted(os.sched_getaffinity(int(t))) for t in os.listdir("/proc/self/task")}
child = []
t = threading.Thread(target=lambda: child.append(sorted(os.sched_getaffinity(0))))
t.start(); t.join()
print(json.dumps({
    "layer": BACKEND.loader.status()["layer"], "ok": ok, "main": me, "masks": masks,
    "child": child[0],
    "team": None if team is None else {"size": team.size, "workers": team.workers,
                                       "cpu": team.cpu, "allowed": team.allowed},
}))
"""


def _run(code: str, *args: str, **env: str) -> dict:
    """Run ``code`` in a fresh process (large-path threshold 1000, placement asked for
    unless ``env`` says otherwise, no user binding); the JSON object it prints last."""
    environ = {k: v for k, v in os.environ.items() if k not in _placement.USER_BINDING_ENV}
    environ.update(AIARRAY_KERNEL_MIN_SIZE="1000", AIARRAY_PIN_THREADS="1")
    environ.update(env)
    environ = {k: v for k, v in environ.items() if v is not None}
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True,
                         text=True, env=environ, timeout=240)
    assert out.returncode == 0, out.stdout + out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def _probe(*args: str, **env: str) -> dict:
    return _run(_PROBE, *args, **env)


@pytest.fixture
def idle_thread():
    """The kernel id of a thread of this process that sleeps until the test ends."""
    stop = threading.Event()
    ids = []
    worker = threading.Thread(target=lambda: (ids.append(threading.get_native_id()),
                                              stop.wait(30)))
    worker.start()
    while not ids:
        stop.wait(0.001)
    yield ids[0]
    stop.set()
    worker.join()


@needs_two_cpus
def test_workers_are_bound_off_the_launching_thread() -> None:
    r = _probe()
    if r["layer"] != "omp":
        pytest.skip(f"placement applies to the omp layer; numba chose {r['layer']}")
    assert r["ok"]
    full = sorted(os.sched_getaffinity(0))
    team = r["team"]
    assert team is not None and team["size"] >= 2
    assert len(team["workers"]) == team["size"] - 1
    bound = set()
    for tid in team["workers"]:
        mask = r["masks"][str(tid)]
        assert len(mask) == 1 and mask[0] != team["cpu"], (tid, mask, team)
        bound.add(mask[0])
    assert len(bound) == len(team["workers"])  # one CPU each
    assert r["masks"][str(r["main"])] == full  # the launching thread is never bound
    assert r["child"] == full  # nor the threads it starts later


@needs_two_cpus
@pytest.mark.parametrize("setting", [None, "0"])
def test_no_thread_stays_bound_by_default(setting: str | None) -> None:
    """Without AIARRAY_PIN_THREADS=1 no thread of the process is bound between calls
    (steering, the default, gives the workers their masks back when a launch returns;
    ``0`` never looks for the team)."""
    r = _probe(AIARRAY_PIN_THREADS=setting)
    assert r["ok"]
    if setting == "0" or r["layer"] != "omp":
        assert r["team"] is None
    full = sorted(os.sched_getaffinity(0))
    assert all(mask == full for mask in r["masks"].values())


@needs_two_cpus
def test_a_one_cpu_mask_binds_nothing() -> None:
    cpu = min(os.sched_getaffinity(0))
    r = _probe(str(cpu), AIARRAY_NUM_THREADS="2", NUMBA_NUM_THREADS="2")
    if r["layer"] != "omp":
        pytest.skip(f"placement applies to the omp layer; numba chose {r['layer']}")
    assert r["ok"]
    assert r["team"] is not None and r["team"]["workers"] == []  # fewer CPUs than threads
    assert all(mask == [cpu] for mask in r["masks"].values())


def test_user_binding_settings_switch_it_off() -> None:
    assert not _placement.enabled_by_env({})  # opt-in
    assert not _placement.enabled_by_env({"AIARRAY_PIN_THREADS": "0"})
    assert _placement.enabled_by_env({"AIARRAY_PIN_THREADS": "1"})
    assert _placement.steering_by_env({})  # the default
    assert not _placement.steering_by_env({"AIARRAY_PIN_THREADS": "0"})
    assert not _placement.steering_by_env({"AIARRAY_PIN_THREADS": "1"})  # pins instead
    for name in _placement.USER_BINDING_ENV:
        assert not _placement.enabled_by_env({name: "true", "AIARRAY_PIN_THREADS": "1"}), name
        assert not _placement.steering_by_env({name: "true"}), name


@needs_two_cpus
def test_a_worker_that_exited_is_found_again() -> None:
    """A remembered worker id that is gone (ids get reused) is never bound: the team is
    dropped and looked up again at the next launch."""
    placement = _placement.Placement(enabled=True)
    me = threading.get_native_id()
    gone = 1 << 30  # above any kernel thread id (pid_max <= 2**22)
    stale = _placement.Team(2, [gone], sorted(os.sched_getaffinity(0)))
    placement._teams[me] = stale
    asked = []
    placement.place(2, lambda size: asked.append(size))
    assert me not in placement.teams()
    assert asked == []  # dropped now, found again next time
    placement.place(2, lambda size: (asked.append(size), None)[1])
    assert asked == [2]
    assert me not in placement.teams()  # team_tids had no answer: nothing remembered


def test_off_or_single_thread_does_nothing() -> None:
    calls = []

    def tids(size: int) -> np.ndarray:
        calls.append(size)
        return np.array([threading.get_native_id()] * size)

    assert _placement.Placement(enabled=False, steer=False).place(2, tids) is None
    for steer in (False, True):
        placement = _placement.Placement(enabled=not steer, steer=steer)
        assert placement.place(1, tids) is None
        assert placement.teams() == {}
    assert calls == []
    assert not _placement.Placement(enabled=False).on
    assert not _placement.Placement(enabled=True, steer=True).steer  # pinning wins
    assert _placement.PLACEMENT.on == (LINUX and _placement.enabled_by_env())
    assert _placement.PLACEMENT.steer == (LINUX and _placement.steering_by_env()
                                          and not _placement.PLACEMENT.on)


_RELEASE = r"""
import json, os, threading, numpy as np
import aiarray as xp
from aiarray._kernels import BACKEND
BACKEND.loader.set_sync(True)
placement = BACKEND.placement
a = xp.asarray(np.linspace(0.5, 2.0, 400_000))
for _ in range(3):
    a + a
team = placement.teams()[threading.get_native_id()]
bound = {t: sorted(os.sched_getaffinity(t)) for t in team.workers}
placement.set_enabled(False)
released = {t: sorted(os.sched_getaffinity(t)) for t in team.workers}
a + a
after = {t: sorted(os.sched_getaffinity(t)) for t in team.workers}
print(json.dumps({"layer": BACKEND.loader.status()["layer"], "allowed": team.allowed,
                  "bound": bound, "released": released, "after": after,
                  "teams": len(placement.teams())}))
"""


@needs_two_cpus
def test_switching_off_releases_the_workers() -> None:
    r = _run(_RELEASE)
    if r["layer"] != "omp":
        pytest.skip(f"placement applies to the omp layer; numba chose {r['layer']}")
    assert r["bound"] and all(len(m) == 1 for m in r["bound"].values())
    assert all(m == r["allowed"] for m in r["released"].values())
    assert all(m == r["allowed"] for m in r["after"].values())  # no binding once off
    assert r["teams"] == 0


@needs_two_cpus
def test_a_caller_on_a_new_cpu_releases_and_finds_again(idle_thread: int) -> None:
    """When the launching thread runs on a CPU outside the set its team was found with,
    the workers get that set back and the team is looked up afresh."""
    allowed = sorted(os.sched_getaffinity(0))
    os.sched_setaffinity(idle_thread, (allowed[0],))  # as if bound by an earlier launch
    me = threading.get_native_id()
    team = _placement.Team(2, [idle_thread], allowed)
    team.cpu = allowed[0]
    placement = _placement.Placement(enabled=True, getcpu=lambda: max(allowed) + 1)
    placement._teams[me] = team
    placement.place(2, lambda size: pytest.fail("not looked up during this launch"))
    assert sorted(os.sched_getaffinity(idle_thread)) == allowed
    assert me not in placement.teams()


_POOL = r"""
import json, os, threading, numpy as np
import aiarray as xp
from aiarray._kernels import BACKEND, _threads
a = xp.asarray(np.linspace(0.5, 2.0, 400_000, dtype=np.float32))
ref = np.sin(a._array)
ok = all(np.array_equal(xp.sin(a)._array, ref) for _ in range(3))
team = BACKEND.placement.pool_team()
print(json.dumps({"ok": ok, "tids": _threads.WORKERS._tids, "main": threading.get_native_id(),
                  "cpu": team.cpu, "workers": team.workers, "allowed": team.allowed,
                  "masks": {int(t): sorted(os.sched_getaffinity(int(t)))
                            for t in os.listdir("/proc/self/task")}}))
"""


@needs_two_cpus
def test_pool_threads_are_bound_off_the_caller() -> None:
    """aiarray's own pool (NumPy's loops in threads) gets the same placement."""
    r = _run(_POOL, AIARRAY_NUMBA="0")  # NumPy's loops in threads only
    assert r["ok"]
    assert r["tids"] and r["workers"] == r["tids"]
    for tid in r["tids"]:
        mask = r["masks"][str(tid)]
        assert len(mask) == 1 and mask[0] != r["cpu"], (tid, mask, r["cpu"])
    assert r["masks"][str(r["main"])] == sorted(os.sched_getaffinity(0))


@needs_two_cpus
def test_pool_placement_follows_the_callers_cpu(idle_thread: int) -> None:
    allowed = sorted(os.sched_getaffinity(0))
    now = [allowed[0]]  # the caller's CPU, as the placement reads it
    placement = _placement.Placement(enabled=True, getcpu=lambda: now[0])
    for cpu in (allowed[0], allowed[1], allowed[0]):
        now[0] = cpu
        placement.place_pool([idle_thread])
        mask = sorted(os.sched_getaffinity(idle_thread))
        assert len(mask) == 1 and mask[0] != cpu
    assert placement.pool_team() is not None
    placement.set_enabled(False)  # releases the pool thread too
    assert sorted(os.sched_getaffinity(idle_thread)) == allowed
    assert placement.pool_team() is None


@needs_two_cpus
def test_no_thread_ids_leave_the_team_unbound_for_good() -> None:
    """When the id kernel cannot compile, the team is remembered as unbound instead of
    being looked up at every launch."""
    from aiarray._kernels import _numba

    placement = _placement.Placement(enabled=True)
    loader = _numba.NumbaLoader(placement=placement)
    loader.fail("team_tids")  # as when it does not compile (glibc < 2.30)
    assert loader.team_tids(2).size == 0
    asked = []
    for _ in range(3):
        placement.place(2, lambda size: (asked.append(size), loader.team_tids(size))[1])
    me = threading.get_native_id()
    assert asked == [2] and placement.teams()[me].workers == []


# ---------------------------------------------------------------- steering (the default)

@needs_two_cpus
def test_a_launch_after_an_idle_gap_steers_its_workers_and_gives_them_back(
        idle_thread: int) -> None:
    """A team idle for IDLE_GAP gets its workers kept off the caller's CPU for the launch
    only; a launch right after another (workers still spinning) touches no mask."""
    allowed = sorted(os.sched_getaffinity(0))
    me = threading.get_native_id()
    cpu = allowed[-1]  # the caller's CPU, as the placement reads it
    placement = _placement.Placement(enabled=False, steer=True, getcpu=lambda: cpu)
    team = placement.place(2, lambda size: np.array([me, idle_thread]))
    assert team is not None and team.workers == [idle_thread]
    assert sorted(os.sched_getaffinity(idle_thread)) == [c for c in allowed if c != cpu]
    placement.done(team)
    assert sorted(os.sched_getaffinity(idle_thread)) == allowed  # given back
    again = placement.place(2, lambda size: pytest.fail("the team is remembered"))
    assert again is team and not team.steered  # within IDLE_GAP: not steered
    assert sorted(os.sched_getaffinity(idle_thread)) == allowed
    placement.done(team)
    team.last -= 2 * _placement.IDLE_GAP  # idle again
    assert placement.place(2, lambda size: pytest.fail("remembered")) is team and team.steered
    placement.done(team)
    assert sorted(os.sched_getaffinity(idle_thread)) == allowed


def _remembered(size: int) -> None:
    pytest.fail("the team is remembered: not looked up again")


@needs_two_cpus
def test_steering_keeps_a_mask_the_user_set(idle_thread: int) -> None:
    """A worker the user confined to some CPUs gets exactly that mask back, and one
    confined to the caller's CPU alone is not moved at all."""
    allowed = sorted(os.sched_getaffinity(0))
    me = threading.get_native_id()
    os.sched_setaffinity(idle_thread, (allowed[0],))  # the user's setting
    try:
        for cpu in (allowed[1], allowed[0]):  # the caller's CPU: outside it, then on it
            placement = _placement.Placement(enabled=False, steer=True,
                                             getcpu=lambda cpu=cpu: cpu)
            team = placement.place(2, lambda size: np.array([me, idle_thread]))
            assert team is not None and not team.steered  # nothing to narrow
            assert sorted(os.sched_getaffinity(idle_thread)) == [allowed[0]]
            placement.done(team)
            assert sorted(os.sched_getaffinity(idle_thread)) == [allowed[0]]
        if len(allowed) > 2:  # a wider user mask: narrowed during the launch, given back
            os.sched_setaffinity(idle_thread, allowed[:2])
            placement = _placement.Placement(enabled=False, steer=True,
                                             getcpu=lambda: allowed[0])
            team = placement.place(2, lambda size: np.array([me, idle_thread]))
            assert team is not None and team.steered
            assert sorted(os.sched_getaffinity(idle_thread)) == [allowed[1]]
            placement.done(team)
            assert sorted(os.sched_getaffinity(idle_thread)) == allowed[:2]
    finally:
        os.sched_setaffinity(idle_thread, allowed)


@needs_two_cpus
def test_steering_that_costs_too_much_of_its_launches_stops(idle_thread: int) -> None:
    """Steered launches much shorter than their steering (COSTLY_LAUNCHES in a row) end
    steering for that team; long ones keep it."""
    allowed = sorted(os.sched_getaffinity(0))
    me = threading.get_native_id()
    placement = _placement.Placement(enabled=False, steer=True, getcpu=lambda: allowed[0])
    team = placement.place(2, lambda size: np.array([me, idle_thread]))
    assert team is not None
    team.steer_cost = 1e-3  # (as if steering took a millisecond)
    for _ in range(3):  # launches 20x longer than that: steering pays
        threading.Event().wait(0.02)
        placement.done(team)
        team.last -= 2 * _placement.IDLE_GAP
        assert placement.place(2, _remembered) is team and team.steered
        team.steer_cost = 1e-3
    assert team.costly == 0
    for k in range(_placement.COSTLY_LAUNCHES):  # launches as short as their steering
        placement.done(team)
        assert team.costly == k + 1
        team.last -= 2 * _placement.IDLE_GAP
        got = placement.place(2, _remembered)
        if k + 1 < _placement.COSTLY_LAUNCHES:
            assert got is team and team.steered
            team.steer_cost = 1.0
    assert got is None and team.workers == []  # never steered again
    assert sorted(os.sched_getaffinity(idle_thread)) == allowed


@needs_two_cpus
def test_pool_threads_are_steered_for_each_call_and_released_after_it() -> None:
    """aiarray's own pool: during a call each pool thread's mask leaves out the caller's
    CPU; after the call, also one that raised, every mask is whole again."""
    allowed = sorted(os.sched_getaffinity(0))
    cpu = allowed[0]
    placement = _placement.Placement(enabled=False, steer=True, getcpu=lambda: cpu)
    workers = _threads.Workers(2, placement)
    main = threading.get_native_id()
    seen: dict[int, list[int]] = {}
    started = threading.Barrier(2, timeout=10)

    def task(k: int) -> None:
        seen[threading.get_native_id()] = sorted(os.sched_getaffinity(0))
        started.wait()  # each task waits for the other: the pool thread must take one

    try:
        assert workers.handoff() > 0  # measured unsteered: its empty calls stop nothing
        workers.run(task, [(k,) for k in range(2)])
        pool = [t for t in seen if t != main]
        assert pool, "the pool thread took no task"
        for tid in pool:
            assert seen[tid] == [c for c in allowed if c != cpu]
            assert sorted(os.sched_getaffinity(tid)) == allowed
        assert seen[main] == allowed  # the caller is never touched

        def fail(k: int) -> None:
            raise ValueError("task failed")

        with pytest.raises(ValueError, match="task failed"):
            workers.run(fail, [(k,) for k in range(4)])
        for tid in pool:
            assert sorted(os.sched_getaffinity(tid)) == allowed
    finally:
        workers.resize(1)

"""Fork at random moments while other threads make large calls (issue 19, item 2).

Run as a script in a fresh process (``tests/test_boundary_fork.py`` does, with a
timeout)::

    python tests/_fork_probe.py --forks 10 --seed 1

One thread makes large calls from the process's first one on (``A + A``, ``sum``,
``max``, ``mean`` of 1e7 float32: the first tunes the backend, builds the thread
pool and may start the kernel loader); another loops on ``set_num_threads``; the
main thread forks ``--forks`` times, each after a random pause.  Each child computes
a large and a small op, compares them with NumPy and exits; a child that has not
exited within ``--timeout`` seconds is a hang (its threads' stacks are printed by
``faulthandler`` before it is killed).  The last line printed is a JSON summary.
"""

from __future__ import annotations

import argparse
import faulthandler
import json
import os
import random
import signal
import sys
import threading
import time
import traceback

import numpy as np

import aiarray as xp

HANG = 1  # a child's exit code when faulthandler's watchdog fired (exit=True)


def child(n: int, timeout: float) -> int:
    """A forked child's work: 0 when every result equals NumPy's."""
    faulthandler.dump_traceback_later(timeout, exit=True)
    try:
        xp.set_num_threads(2)
        base = (np.arange(n, dtype=np.float32) % 7) - 3
        a = xp.asarray(base)
        checks = [
            (np.asarray(a + a), base + base),
            (np.asarray(xp.sum(a)), np.sum(base)),
            (np.asarray(xp.max(a)), np.max(base)),
            (np.asarray(xp.sin(a)), np.sin(base)),
            (np.asarray(xp.asarray([1.5, 2.5]) * 2), np.asarray([3.0, 5.0])),
        ]
        xp.set_num_threads(1)
        checks.append((np.asarray(a * a), base * base))
        bad = [k for k, (got, want) in enumerate(checks)
               if got.dtype != want.dtype or not np.array_equal(got, want)]
        if bad:
            print(f"child {os.getpid()}: results differ from NumPy's: checks {bad}",
                  file=sys.stderr)
            return 3
        return 0
    except BaseException:
        traceback.print_exc()
        return 4


def wait_child(pid: int, timeout: float) -> int | None:
    """The child's exit status, or None if it did not exit in time (then killed)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        time.sleep(0.01)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    return None


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--forks", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--size", type=int, default=10_000_000)
    parser.add_argument("--pause", type=float, default=0.05, help="longest pause before a fork")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds a child may take")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    stop = threading.Event()

    def load() -> None:  # large calls, from the process's first one on
        data = np.ones(args.size, np.float32)
        while not stop.is_set():
            a = xp.asarray(data)
            _ = a + a
            xp.sum(a)
            xp.max(a)
            xp.mean(a)

    def threads() -> None:
        k = 0
        while not stop.is_set():
            xp.set_num_threads(1 + k % 2)
            k += 1
            if k % 64 == 0:
                time.sleep(0.001)

    workers = [threading.Thread(target=load, daemon=True),
               threading.Thread(target=threads, daemon=True)]
    for t in workers:
        t.start()
    hangs = errors = 0
    codes: list[int | None] = []
    seconds: list[float] = []  # fork to the child's exit
    for _ in range(args.forks):
        time.sleep(rng.uniform(0, args.pause))
        t0 = time.monotonic()
        pid = os.fork()
        if pid == 0:
            os._exit(child(args.size, args.timeout))
        code = wait_child(pid, args.timeout + 10)
        seconds.append(round(time.monotonic() - t0, 2))
        codes.append(code)
        if code is None or code == HANG or code < 0:
            hangs += 1
        elif code:
            errors += 1
    stop.set()
    for t in workers:
        t.join(60)
    print(json.dumps({"forks": args.forks, "hangs": hangs, "errors": errors, "codes": codes,
                      "seconds": seconds}))


if __name__ == "__main__":
    main()

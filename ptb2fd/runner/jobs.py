"""How many worker processes to run, and workers that die with their parent.

`cap_jobs(n)`: more workers than the cores this process may use only
compete for them (64 workers on 2 cores ran twice as slow as 2), so `--jobs`
is capped at that number, with a warning on stderr.

`die_with_parent(parent_pid)`: run first in every worker process. On Linux
it asks the kernel (prctl PR_SET_PDEATHSIG) to send the worker SIGKILL when
its parent dies, so a `--jobs 2` run killed with SIGKILL leaves no worker
behind. PR_SET_PDEATHSIG fires when the *thread* that forked the worker
ends; the pools fork from the main thread, which lives as long as the
process. Elsewhere a daemon thread polls the parent's pid instead.
"""
from __future__ import annotations

import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1


def usable_cores() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def cap_jobs(jobs: int, warn=None) -> int:
    cores = usable_cores()
    if jobs <= cores:
        return jobs
    message = f"--jobs {jobs} is more than the {cores} core(s) this process may use; running {cores}"
    if warn is None:
        print(f"ptb2fd: warning: {message}", file=sys.stderr)
    else:
        warn(message)
    return cores


def die_with_parent(parent_pid: int) -> None:
    """Make this (worker) process end when `parent_pid` does. Ctrl-C is
    left to the parent, which ends the run with one line (the terminal
    sends SIGINT to every process of the group: a worker would print a
    KeyboardInterrupt traceback from its queue)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})  # held while forking (stream._pool)
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0:
                if os.getppid() != parent_pid:  # the parent died before prctl took effect
                    os._exit(1)
                return
        except (OSError, AttributeError):
            pass
    threading.Thread(target=_watch_parent, args=(parent_pid,), daemon=True).start()


def _watch_parent(parent_pid: int) -> None:
    while os.getppid() == parent_pid:
        time.sleep(1.0)
    os._exit(1)

"""`fork_map`: a function over items in forked worker processes, results in order.

The workers are forked from this process as it is when `fork_map` is
called, so the function may be a closure over anything loaded here (the
rules, WordNet, a corpus): nothing but the items and the results is
pickled. Objects alive at the fork are frozen (`gc.freeze`), so the
workers' garbage collector does not walk them and their pages stay shared.

At most `window` items are in flight, and results are taken in input
order, so memory stays flat however many items there are.

A worker that dies (killed, out of memory, a crash in C code) breaks the
pool and every item in flight with it. Items that had finished keep their
results; each of the others is run again alone in a fresh one-worker pool,
in order, and one whose worker dies again gives `lost(item)` (computed in
this process) instead of a result. A fresh pool takes the rest.

When the caller stops early (an exception, Ctrl-C, `--strict`, or simply
not reading on), the workers are killed at once rather than left to finish
their items: one item can be minutes of work.
"""
from __future__ import annotations

import gc
import itertools
import multiprocessing as mp
import os
import signal
from collections import deque
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Callable, Iterable, Iterator, TypeVar

from ptb2fd.errors import Ptb2fdError
from ptb2fd.runner.jobs import die_with_parent

T = TypeVar("T")
R = TypeVar("R")
_FUNCS: dict[int, Callable] = {}  # inherited by the forked workers
_TOKENS = itertools.count()


def _call(token: int, item):
    return _FUNCS[token](item)


def _pool(jobs: int) -> ProcessPoolExecutor:
    """Forked workers that die with this process (jobs.die_with_parent),
    forked now with SIGINT and SIGTERM held: a Ctrl-C that arrives during a
    fork is otherwise swallowed by an at-fork handler ("Exception ignored
    in _releaseLock ... KeyboardInterrupt") and the run goes on. Held, it
    arrives once the workers exist (they unblock it and leave it to us)."""
    pool = ProcessPoolExecutor(jobs, mp_context=mp.get_context("fork"), initializer=die_with_parent,
                               initargs=(os.getpid(),))
    signals = {signal.SIGINT, signal.SIGTERM}
    held = signal.pthread_sigmask(signal.SIG_BLOCK, signals)
    try:
        pool.submit(int)  # the first task forks every worker (fork context)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
    return pool


def _kill(pool: ProcessPoolExecutor) -> None:
    """Stop the pool's workers now, not after their current item."""
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        try:
            process.kill()
        except (OSError, AttributeError):
            pass
    pool.shutdown(wait=True, cancel_futures=True)


def _alone(token: int, item, lost: Callable):
    pool = _pool(1)
    try:
        return pool.submit(_call, token, item).result()
    except BrokenProcessPool:
        return lost(item)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def fork_map(func: Callable[[T], R], items: Iterable[T], jobs: int, lost: Callable[[T], R],
             window: int | None = None) -> Iterator[R]:
    """func(item) for each item, in order, on `jobs` forked workers (in this
    process when jobs <= 1); `lost(item)` for an item whose worker died twice."""
    if jobs <= 1:
        yield from map(func, items)
        return
    token = next(_TOKENS)
    _FUNCS[token] = func
    gc.freeze()
    todo = iter(items)
    window = window or 4 * jobs
    pending: deque = deque()
    pool = _pool(jobs)
    finished = False
    try:
        while True:
            while len(pending) < window:
                item = next(todo, _END)
                if item is _END:
                    break
                pending.append((item, pool.submit(_call, token, item)))
            if not pending:
                break
            item, future = pending.popleft()
            try:
                result = future.result()
            except BrokenProcessPool:
                lost_items = [(item, future)] + list(pending)
                pending.clear()
                pool.shutdown(wait=True, cancel_futures=True)
                for it, f in lost_items:
                    if f.done() and not f.cancelled() and f.exception() is None:
                        yield f.result()
                    else:
                        yield _alone(token, it, lost)
                pool = _pool(jobs)
                continue
            yield result
        finished = True
    finally:
        if finished:
            pool.shutdown(wait=True)
        else:
            _kill(pool)
        del _FUNCS[token]
        gc.unfreeze()


_END = object()


class WorkerDied(Ptb2fdError):
    """A worker died twice on the same chunk of `chunked_map` (exit status 1)."""


def chunked_map(func: Callable[[T], R], items: Iterable[T], jobs: int, chunk: int = 16) -> Iterator[R]:
    """func(item) for each item, in order, `chunk` items per task on `jobs`
    forked workers (for work done item by item, e.g. `train --jobs N`).
    A chunk whose worker dies twice raises WorkerDied."""
    if jobs <= 1:
        yield from map(func, items)
        return

    def run(group: list) -> list:
        return [func(item) for item in group]

    def lost(group: list) -> list:
        raise WorkerDied(f"a worker process died twice on the same {len(group)} item(s); see the system log "
                         "(out of memory?)")

    for results in fork_map(run, _groups(items, chunk), jobs, lost):
        yield from results


def _groups(items: Iterable[T], size: int) -> Iterator[list[T]]:
    it = iter(items)
    while group := list(itertools.islice(it, size)):
        yield group

"""forkpool: an order-keeping map on forked workers; a worker that dies
costs its item only; a caller that stops early does not wait for the
workers' current items."""
from __future__ import annotations

import os
import threading
import time

import pytest

from ptb2fd.runner.forkpool import WorkerDied, chunked_map, fork_map


def test_results_come_in_order_from_a_closure_over_unpicklable_state():
    lock = threading.Lock()  # cannot be pickled: the workers inherit it by fork
    offset = 1000

    def work(i: int) -> tuple[int, bool]:
        time.sleep(0.002 * (i % 3))  # finish out of order
        return i + offset, isinstance(lock, type(threading.Lock()))

    got = list(fork_map(work, range(40), 2, lost=lambda i: None))
    assert got == [(i + 1000, True) for i in range(40)]
    assert list(chunked_map(lambda i: i * i, range(25), 2, chunk=4)) == [i * i for i in range(25)]


def test_an_item_whose_worker_dies_twice_is_lost_and_the_rest_done():
    parent = os.getpid()

    def work(i: int) -> str:
        if i == 7 and os.getpid() != parent:
            os._exit(3)
        return f"done {i}"

    got = list(fork_map(work, range(20), 2, lost=lambda i: f"lost {i}"))
    assert got == [f"done {i}" if i != 7 else "lost 7" for i in range(20)]
    with pytest.raises(WorkerDied, match="died twice on the same 5 item"):
        list(chunked_map(work, range(20), 2, chunk=5))


def test_stopping_early_kills_the_workers_at_once():
    def work(i: int) -> int:
        if i > 0:
            time.sleep(60)
        return i

    start = time.monotonic()
    results = fork_map(work, range(4), 2, lost=lambda i: None)
    assert next(results) == 0
    results.close()
    assert time.monotonic() - start < 20

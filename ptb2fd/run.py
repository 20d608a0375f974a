"""Running a conversion over many trees: order kept, every tree accounted for.

`convert_stream` yields one `Result` per input item, in input order, with
`--jobs N` worker processes or in this process. Workers are forked after
the rules and WordNet are loaded, so they start at once. A worker that dies
(killed, out of memory) never drops sentences silently: every sentence of
the batches it held fails with reason `worker-crash`, and a fresh pool
converts the rest.
"""
from __future__ import annotations

import multiprocessing as mp
import os
from collections import Counter, deque
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Iterable, Iterator

from .convert import CONVERTED, FAILED, SKIPPED, Converter, Result
from .errors import ConversionError
from .reader import RawTree

BATCH = 64
_WORKER: Converter | None = None


def _convert_batch(batch: list[RawTree]) -> list[Result]:
    crash_on = os.environ.get("PTB2FD_TEST_CRASH_ON")  # fault injection for the crash test
    out = []
    for raw in batch:
        if crash_on and raw.sent_id == crash_on:
            os._exit(3)
        out.append(_WORKER.convert(raw))
    return out


def _batches(items: Iterable[RawTree], size: int) -> Iterator[list[RawTree]]:
    batch: list[RawTree] = []
    for item in items:
        batch.append(item)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


def convert_stream(converter: Converter, items: Iterable[RawTree], jobs: int = 1) -> Iterator[Result]:
    global _WORKER
    if jobs <= 1:
        crash_on = os.environ.get("PTB2FD_TEST_CRASH_ON")
        for raw in items:
            if crash_on and raw.sent_id == crash_on:
                os._exit(3)
            yield converter.convert(raw)
        return
    _WORKER = converter
    ctx = mp.get_context("fork")
    batches = _batches(items, BATCH)
    window = jobs * 4  # batches in flight: memory stays flat
    pool = ProcessPoolExecutor(jobs, mp_context=ctx)
    pending: deque = deque()
    try:
        while True:
            while len(pending) < window:
                batch = next(batches, None)
                if batch is None:
                    break
                pending.append((batch, pool.submit(_convert_batch, batch)))
            if not pending:
                break
            batch, future = pending.popleft()
            try:
                results = future.result()
            except BrokenProcessPool:
                # Everything in flight is lost with the pool: account for it.
                lost = [batch] + [b for b, _ in pending]
                pending.clear()
                pool.shutdown(wait=False, cancel_futures=True)
                for b in lost:
                    for raw in b:
                        err = ConversionError("worker process crashed while converting this batch", raw.location,
                                              "worker")
                        yield Result(raw.sent_id, raw.location, FAILED, error=err, reason="worker-crash")
                pool = ProcessPoolExecutor(jobs, mp_context=ctx)
                continue
            yield from results
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        _WORKER = None


@dataclass
class Summary:
    """Counts for the summary line and --stats."""

    read: int = 0
    converted: int = 0
    failed: int = 0
    skipped: int = 0
    words: int = 0
    failure_kinds: Counter = field(default_factory=Counter)
    skip_reasons: Counter = field(default_factory=Counter)
    failures: list = field(default_factory=list)
    fired: Counter = field(default_factory=Counter)
    notes: Counter = field(default_factory=Counter)

    def add(self, result: Result) -> None:
        self.read += 1
        self.notes.update(result.notes)
        if result.status == CONVERTED:
            self.converted += 1
            self.words += len(result.sentence.tokens)
            self.fired.update(result.fired)
        elif result.status == SKIPPED:
            self.skipped += 1
            self.skip_reasons[result.reason or "?"] += 1
        else:
            self.failed += 1
            self.failure_kinds[result.reason or "?"] += 1
            loc = result.location
            self.failures.append({"id": result.sent_id, "source": loc.source, "line": loc.line,
                                  "kind": result.reason, "stage": getattr(result.error, "stage", None),
                                  "message": getattr(result.error, "message", str(result.error))})

    def line(self) -> str:
        return (f"read {self.read}, converted {self.converted}, failed {self.failed}, skipped {self.skipped}; "
                f"{self.words} words")

    def to_json(self, rule_ids: dict[str, list[str]] | None = None) -> dict:
        data = {
            "read": self.read, "converted": self.converted, "failed": self.failed, "skipped": self.skipped,
            "words": self.words,
            "failure_kinds": dict(sorted(self.failure_kinds.items())),
            "skip_reasons": dict(sorted(self.skip_reasons.items())),
            "failures": self.failures,
            "notes": dict(sorted(self.notes.items())),
        }
        if rule_ids is not None:
            data["rules_fired"] = {f: {r: self.fired.get(r, 0) for r in ids} for f, ids in rule_ids.items()}
        else:
            data["rules_fired"] = dict(sorted(self.fired.items()))
        return data


__all__ = ["convert_stream", "Summary", "CONVERTED", "FAILED", "SKIPPED"]

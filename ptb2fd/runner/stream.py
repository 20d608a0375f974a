"""Running a conversion over many trees: order kept, every tree accounted for.

`convert_stream` yields exactly one `Result` per input item, in input order,
with `--jobs N` worker processes or in this process. Workers are forked
after the rules and WordNet are loaded, so they start at once.

Nothing is dropped silently:
- an exception that escapes the converter (a bug) fails that sentence with
  an "internal error" conversion error, in this process or in a worker;
- a worker that dies (killed, out of memory, the PTB2FD_TEST_CRASH_ON
  fault-injection hook) breaks the pool and every batch in flight with it.
  Each of those batches is then run again alone in a fresh worker: a batch
  that crashes its worker again fails, each of its sentences with reason
  `worker-crash`; the others convert as usual. A fresh pool converts the
  rest.
"""
from __future__ import annotations

import gc
import multiprocessing as mp
import os
import signal
from collections import Counter, deque
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator

from ptb2fd.conversion.converter import CONVERTED, FAILED, SKIPPED, Converter, Result
from ptb2fd.errors import ConversionError
from ptb2fd.record import Sentence, Token, token_values
from ptb2fd.runner.jobs import die_with_parent
from ptb2fd.trees.splitter import RawTree

BATCH = 64
_WORKER: Converter | None = None
_RENDER: Callable[[Sentence], str] | None = None
CRASH_ENV = "PTB2FD_TEST_CRASH_ON"  # fault injection: a worker exits on this sentence id


def safe_convert(converter: Converter, raw: RawTree) -> Result:
    """`converter.convert(raw)`, with any exception that escapes it turned
    into a failed Result for that sentence."""
    try:
        return converter.convert(raw)
    except Exception as exc:  # noqa: BLE001 - a bug must cost one sentence, not the run
        err = ConversionError(f"internal error: {type(exc).__name__}: {exc}", raw.location, "convert")
        return Result(raw.sent_id, raw.location, FAILED, error=err, reason=err.kind)


def _convert_batch(batch: list[RawTree]) -> list[Result]:
    crash_on = os.environ.get(CRASH_ENV)
    out = []
    for raw in batch:
        if crash_on and raw.sent_id == crash_on:
            os._exit(3)
        out.append(_pack(safe_convert(_WORKER, raw)))
    return out


def _pack(result: Result):
    """What a worker sends back: the rendered text when the caller renders,
    else the sentence as plain tuples (pickling Token objects would cost as
    much as converting them)."""
    s = result.sentence
    if s is None:
        return result, None
    result.sentence = None
    if _RENDER is not None:
        result.text = _RENDER(s)
        return result, None
    return result, (s.id, [token_values(t) for t in s.tokens])


def _unpack(item) -> Result:
    result, packed = item
    if packed is not None:
        sid, rows = packed
        result.sentence = Sentence(sid, [Token(*row[:-1], list(row[-1])) for row in rows])
    return result


def _batches(items: Iterable[RawTree], size: int) -> Iterator[list[RawTree]]:
    batch: list[RawTree] = []
    for item in items:
        batch.append(item)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


def _crashed(batch: list[RawTree]) -> list[Result]:
    out = []
    for raw in batch:
        err = ConversionError("worker process crashed while converting this batch", raw.location, "worker")
        out.append(Result(raw.sent_id, raw.location, FAILED, error=err, reason="worker-crash"))
    return out


def _pool(jobs: int, ctx) -> ProcessPoolExecutor:
    """Worker processes that die with this one (jobs.die_with_parent),
    forked now with SIGINT and SIGTERM held: a Ctrl-C that arrives during a
    fork is otherwise swallowed by an at-fork handler ("Exception ignored
    in _releaseLock ... KeyboardInterrupt") and the run goes on. Held, it
    arrives once the workers exist (they unblock it and leave it to us)."""
    pool = ProcessPoolExecutor(jobs, mp_context=ctx, initializer=die_with_parent, initargs=(os.getpid(),))
    signals = {signal.SIGINT, signal.SIGTERM}
    held = signal.pthread_sigmask(signal.SIG_BLOCK, signals)
    try:
        pool.submit(int)  # the first task forks every worker (fork context)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
    return pool


def _run_alone(batch: list[RawTree], ctx) -> list[Result]:
    """Convert one batch in a fresh one-worker pool; if the worker dies
    again, the batch's sentences fail with reason worker-crash."""
    pool = _pool(1, ctx)
    try:
        return [_unpack(item) for item in pool.submit(_convert_batch, batch).result()]
    except BrokenProcessPool:
        return _crashed(batch)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def convert_stream(converter: Converter, items: Iterable[RawTree], jobs: int = 1,
                   render: Callable[[Sentence], str] | None = None) -> Iterator[Result]:
    """One Result per item, in order. With `render`, each converted sentence
    comes back as `result.text` (rendered in the worker) and `sentence` is
    None; without it, `result.sentence` is set."""
    global _WORKER, _RENDER
    if jobs <= 1:
        crash_on = os.environ.get(CRASH_ENV)
        for raw in items:
            if crash_on and raw.sent_id == crash_on:
                os._exit(3)
            result = safe_convert(converter, raw)
            if render is not None and result.sentence is not None:
                result.text = render(result.sentence)
                result.sentence = None
            yield result
        return
    _WORKER, _RENDER = converter, render
    # Objects alive now (WordNet, the rules) are shared with the forked
    # workers; frozen, the workers' garbage collector does not walk them,
    # so their pages are not copied into every worker.
    gc.freeze()
    ctx = mp.get_context("fork")
    batches = _batches(items, BATCH)
    window = jobs * 4  # batches in flight: memory stays flat
    pool = _pool(jobs, ctx)
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
                # The pool is gone with every batch in flight. Batches that
                # finished before the crash keep their results; the others are
                # run again one by one, in order, to find the one that crashes.
                lost = [(batch, future)] + list(pending)
                pending.clear()
                pool.shutdown(wait=True, cancel_futures=True)
                for b, f in lost:
                    done = None
                    if f.done() and not f.cancelled() and f.exception() is None:
                        done = f.result()
                    yield from map(_unpack, done) if done is not None else _run_alone(b, ctx)
                pool = _pool(jobs, ctx)
                continue
            yield from map(_unpack, results)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        _WORKER, _RENDER = None, None
        gc.unfreeze()


@dataclass
class Summary:
    """Counts for the summary line and --stats: read = converted + failed +
    skipped, failures by kind and skips by reason, and every failed or
    skipped sentence listed with its id, file and line."""

    read: int = 0
    converted: int = 0
    failed: int = 0
    skipped: int = 0
    words: int = 0
    failure_kinds: Counter = field(default_factory=Counter)
    skip_reasons: Counter = field(default_factory=Counter)
    failures: list = field(default_factory=list)
    skips: list = field(default_factory=list)
    fired: Counter = field(default_factory=Counter)
    notes: Counter = field(default_factory=Counter)

    def add(self, result: Result) -> None:
        self.read += 1
        self.notes.update(result.notes)
        if result.status == CONVERTED:
            self.converted += 1
            self.words += result.words
            self.fired.update(result.fired)
        elif result.status == SKIPPED:
            self.skipped += 1
            self.skip_reasons[result.reason or "?"] += 1
            loc = result.location
            self.skips.append({"id": result.sent_id, "source": loc.source, "line": loc.line,
                               "reason": result.reason})
        else:
            self.failed += 1
            self.failure_kinds[result.reason or "?"] += 1
            loc = result.location
            self.failures.append({"id": result.sent_id, "source": loc.source, "line": loc.line,
                                  "kind": result.reason, "stage": getattr(result.error, "stage", None),
                                  "message": getattr(result.error, "message", str(result.error))})

    def line(self) -> str:
        """"read 5, converted 2, failed 2 (parse: 1, worker-crash: 1), skipped 1
        (markup only: 1); 40 words": read = converted + failed + skipped."""
        def why(counts: Counter) -> str:
            return f" ({', '.join(f'{k}: {v}' for k, v in sorted(counts.items()))})" if counts else ""

        return (f"read {self.read}, converted {self.converted}, failed {self.failed}{why(self.failure_kinds)}, "
                f"skipped {self.skipped}{why(self.skip_reasons)}; {self.words} words")

    def to_json(self, rule_ids: dict[str, list[str]] | None = None) -> dict:
        data = {
            "read": self.read, "converted": self.converted, "failed": self.failed, "skipped": self.skipped,
            "words": self.words,
            "failure_kinds": dict(sorted(self.failure_kinds.items())),
            "skip_reasons": dict(sorted(self.skip_reasons.items())),
            "failures": self.failures,
            "skips": self.skips,
            "notes": dict(sorted(self.notes.items())),
        }
        if rule_ids is not None:
            data["rules_fired"] = {f: {r: self.fired.get(r, 0) for r in ids} for f, ids in rule_ids.items()}
        else:
            data["rules_fired"] = dict(sorted(self.fired.items()))
        return data


__all__ = ["convert_stream", "Summary", "CONVERTED", "FAILED", "SKIPPED"]

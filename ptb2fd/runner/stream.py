"""Running a conversion over many trees: order kept, every tree accounted for.

`convert_stream` yields exactly one `Result` per input item, in input order,
with `--jobs N` worker processes (`forkpool.fork_map`, batches of 64 trees)
or in this process. Workers are forked after the rules and WordNet are
loaded, so they start at once. (`convert` to files runs partitions that
write their own shards instead: `shards.py`, `local_engine.py`.)

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

import os
from collections import Counter
from contextlib import closing
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator

from ptb2fd.conversion.converter import CONVERTED, FAILED, SKIPPED, Converter, Result
from ptb2fd.errors import ConversionError
from ptb2fd.record import Sentence, Token, token_values
from ptb2fd.runner.forkpool import fork_map
from ptb2fd.trees.splitter import RawTree

BATCH = 64
CRASH_ENV = "PTB2FD_TEST_CRASH_ON"  # fault injection: a worker exits on this sentence id


def safe_convert(converter: Converter, raw: RawTree) -> Result:
    """`converter.convert(raw)`, with any exception that escapes it turned
    into a failed Result for that sentence."""
    try:
        return converter.convert(raw)
    except Exception as exc:  # noqa: BLE001 - a bug must cost one sentence, not the run
        err = ConversionError(f"internal error: {type(exc).__name__}: {exc}", raw.location, "convert")
        return Result(raw.sent_id, raw.location, FAILED, error=err, reason=err.kind)


def _pack(result: Result, render: Callable[[Sentence], str] | None):
    """What a worker sends back: the rendered text when the caller renders,
    else the sentence as plain tuples (pickling Token objects would cost as
    much as converting them)."""
    s = result.sentence
    if s is None:
        return result, None
    result.sentence = None
    if render is not None:
        result.text = render(s)
        return result, None
    return result, (s.id, [token_values(t) for t in s.tokens], s.unknown, s.functions, s.markup, s.provenance)


def _unpack(item) -> Result:
    result, packed = item
    if packed is not None:
        sid, rows, unknown, functions, markup, provenance = packed
        result.sentence = Sentence(sid, [Token(*row[:-1], list(row[-1])) for row in rows], unknown, functions,
                                   markup, provenance)
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


def crashed(batch: list[RawTree]) -> list[Result]:
    """The batch's sentences failed with reason worker-crash."""
    out = []
    for raw in batch:
        err = ConversionError("worker process crashed while converting this batch", raw.location, "worker")
        out.append(Result(raw.sent_id, raw.location, FAILED, error=err, reason="worker-crash"))
    return out


def maybe_crash(sent_id: str) -> None:
    """Fault injection for the tests: exit on the sentence PTB2FD_TEST_CRASH_ON names."""
    if sent_id == os.environ.get(CRASH_ENV):
        os._exit(3)


def convert_stream(converter: Converter, items: Iterable[RawTree], jobs: int = 1,
                   render: Callable[[Sentence], str] | None = None) -> Iterator[Result]:
    """One Result per item, in order. With `render`, each converted sentence
    comes back as `result.text` (rendered in the worker) and `sentence` is
    None; without it, `result.sentence` is set."""
    if jobs <= 1:
        for raw in items:
            maybe_crash(raw.sent_id)
            result = safe_convert(converter, raw)
            if render is not None and result.sentence is not None:
                result.text = render(result.sentence)
                result.sentence = None
            yield result
        return

    def convert_batch(batch: list[RawTree]) -> list:
        out = []
        for raw in batch:
            maybe_crash(raw.sent_id)
            out.append(_pack(safe_convert(converter, raw), render))
        return out

    def lost(batch: list[RawTree]) -> list:
        return [(r, None) for r in crashed(batch)]

    with closing(fork_map(convert_batch, _batches(items, BATCH), jobs, lost)) as batches:
        for results in batches:  # (closed with this generator: the workers stop with it)
            yield from map(_unpack, results)


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

    def merge(self, other: "Summary") -> None:
        """Add the counts and lists of `other`, which comes after this one
        in input order: the result is what one Summary over both gives."""
        for name in ("read", "converted", "failed", "skipped", "words"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("failure_kinds", "skip_reasons", "fired", "notes"):
            getattr(self, name).update(getattr(other, name))
        self.failures += other.failures
        self.skips += other.skips

    def line(self) -> str:
        """"read 5, converted 2, failed 2 (parse: 1, worker-crash: 1), skipped 1
        markup-only trees; 40 words": read = converted + failed + skipped."""
        def why(counts: Counter) -> str:
            return f" ({', '.join(f'{k}: {v}' for k, v in sorted(counts.items()))})" if counts else ""

        skipped = (f"skipped {self.skipped} markup-only trees" if set(self.skip_reasons) == {"markup only"}
                   else f"skipped {self.skipped}{why(self.skip_reasons)}")
        return (f"read {self.read}, converted {self.converted}, failed {self.failed}{why(self.failure_kinds)}, "
                f"{skipped}; {self.words} words{self.functions_part()}")

    def functions(self) -> dict:
        """Trees whose tags were predicted or empty elements put back
        (stages/functions.py), the tags predicted, the elements put back;
        `auto`: the trees of those that `--functions auto` chose."""
        n = self.notes
        return {"trees": n.get("functions-inferred", 0), "tags": n.get("inferred-tags", 0),
                "empty_elements": n.get("empties-restored", 0), "auto": n.get("functions-auto", 0)}

    def functions_part(self) -> str:
        f = self.functions()
        if not f["trees"]:
            return ""
        return (f"; {f['trees']} trees completed by the function-tag model ({f['tags']} tags predicted, "
                f"{f['empty_elements']} empty elements put back)")

    def auto_warning(self, share: float = 0.10) -> str | None:
        """One line when `--functions auto` completed more than `share` of the trees converted."""
        done = self.functions()["auto"]
        if not self.converted or done <= share * self.converted:
            return None
        from ptb2fd.trees.annotation import LOOK_AHEAD

        return (f"warning: --functions auto completed {done} of {self.converted} trees "
                f"({100 * done / self.converted:.0f} %) as parser output or partly tagged trees (a file whose "
                f"first {LOOK_AHEAD} trees have no empty element is taken as partly tagged: docs/parser-output.md); "
                f"give --functions gold to convert every tree as it is")

    def to_json(self, rule_ids: dict[str, list[str]] | None = None) -> dict:
        data = {
            "read": self.read, "converted": self.converted, "failed": self.failed, "skipped": self.skipped,
            "words": self.words,
            "failure_kinds": dict(sorted(self.failure_kinds.items())),
            "skip_reasons": dict(sorted(self.skip_reasons.items())),
            "failures": self.failures,
            "skips": self.skips,
            "notes": dict(sorted(self.notes.items())),
            "functions": self.functions(),
        }
        if rule_ids is not None:
            data["rules_fired"] = {f: {r: self.fired.get(r, 0) for r in ids} for f, ids in rule_ids.items()}
        else:
            data["rules_fired"] = dict(sorted(self.fired.items()))
        return data


__all__ = ["convert_stream", "Summary", "CONVERTED", "FAILED", "SKIPPED"]

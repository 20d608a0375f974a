"""Sentences for `regen` and `diff`, one at a time (nothing is held).

Trees are converted as they are read. Converted JSONL is read line by line;
each sentence is put in `ap` order and renumbered (`by_position`), so the
reference and every rank come from `ap`, never from where a record stands
in the file: a file sorted by head, or exported from a database with other
ids, regenerates exactly like the converter's own output. A line that
cannot be read, or whose records do not form a sentence (two words at one
`ap`, a head that is no word), is reported with file, line and sentence id
and counted as failed; the run goes on.

Also the two helpers every command that starts from trees uses:
`load_converter` (rules and WordNet loaded once) and `iter_raw` (the input
files the --corpus/--files/--sections/INPUT options name, read as raw
trees).
"""
from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import Iterator

from ptb2fd.errors import Location, TreeParseError, UsageError
from ptb2fd.record import Sentence


def is_jsonl(path: str) -> bool:
    return path.endswith(".jsonl") or path.endswith(".jsonl.gz")


def by_position(sentence: Sentence) -> Sentence:
    """The sentence with its tokens in `ap` order, ids 1..n by position,
    and junction and compound ids numbered by first occurrence; ValueError
    when the records are not one sentence."""
    tokens = sorted(sentence.tokens, key=lambda t: t.ap)
    n = len(tokens)
    if [t.ap for t in tokens] != list(range(n)):
        raise ValueError(f"ap values are not 0..{n - 1}, each once")
    new_id = {t.id: i for i, t in enumerate(tokens, 1)}
    if len(new_id) != n:
        raise ValueError("two records share an id")
    junctions: dict[int, int] = {}
    compounds: dict[int, int] = {}

    def ref(value: int | None, what: str, t) -> int | None:
        if value is None:
            return None
        if value not in new_id:
            raise ValueError(f"record {t.id} ({t.word!r}): {what} {value} is no record of the sentence")
        return new_id[value]

    out = []
    for t in tokens:
        head = 0 if t.head == 0 else ref(t.head, "head", t)
        junction = None if t.junction is None else junctions.setdefault(t.junction, len(junctions) + 1)
        compound = None if t.compound is None else compounds.setdefault(t.compound, len(compounds) + 1)
        out.append(replace(t, id=new_id[t.id], head=head, conj_anchor=ref(t.conj_anchor, "conj_anchor", t),
                           conj_sibling=ref(t.conj_sibling, "conj_sibling", t), junction=junction,
                           compound=compound))
    roots = [t for t in out if t.head == 0]
    if len(roots) != 1:
        raise ValueError(f"{len(roots)} records with head 0; a sentence has one root")
    return Sentence(sentence.id, out)


def read_converted(paths: list[str], counts: "JsonlCounts") -> Iterator[Sentence]:
    from ptb2fd.formats.jsonl import read_jsonl
    from ptb2fd.formats.sniff import looks_like
    from ptb2fd.trees.reader import open_text

    for p in paths:
        if p != "-" and not Path(p).is_file():
            raise UsageError(f"{p}: no such file")
    for p in paths:
        with open_text(p) as handle:
            first = True
            for number, line in enumerate(handle, 1):
                if not line.strip():
                    continue
                if first and looks_like(line) is not None:  # trees named .jsonl: one line, not one per line
                    raise UsageError(f"{p}: not converted JSONL; this looks like {looks_like(line)}")
                first = False
                counts.read += 1
                try:
                    for sentence in read_jsonl((line,), p):
                        try:
                            yield by_position(sentence)
                        except ValueError as exc:
                            raise TreeParseError(f"bad records: {exc}", Location(p, number, sentence.id)) from exc
                except TreeParseError as exc:
                    if exc.location is not None and exc.location.line != number:
                        exc.location = Location(p, number, exc.location.sent_id)
                    counts.failed += 1
                    print(f"ptb2fd: {exc}", file=sys.stderr)


class JsonlCounts:
    """read = regenerated + failed, for converted input."""

    def __init__(self):
        self.read = 0
        self.failed = 0

    def line(self) -> str:
        return f"read {self.read}, failed {self.failed}"


def load_converter(rules_dir: str | None):
    from ptb2fd.conversion.converter import Converter
    from ptb2fd.lexicon.wordnet import ensure_wordnet
    from ptb2fd.ruleset.load import load_rules

    rules = load_rules(rules_dir)
    ensure_wordnet()
    return Converter(rules)


def iter_raw(args):
    from ptb2fd.trees.inputs import resolve_inputs
    from ptb2fd.trees.reader import read_trees

    paths = resolve_inputs(args.inputs, args.corpus, args.files, args.sections)
    return read_trees(paths, getattr(args, "encoding", None))


def iter_sentences(args, rules_dir: str | None):
    """(sentences, rules, summary): a generator of sentences, the rule set,
    and the object whose `line()` and `failed` describe the input once the
    generator is exhausted."""
    from ptb2fd.ruleset.load import load_rules

    inputs = list(args.inputs or [])
    if inputs and all(is_jsonl(p) for p in inputs) and not args.corpus:
        counts = JsonlCounts()
        return read_converted(inputs, counts), load_rules(rules_dir), counts
    if any(is_jsonl(p) for p in inputs):
        raise UsageError("give either converted .jsonl files or trees, not both")
    from ptb2fd.runner.stream import Summary, convert_stream

    items = iter_raw(args)
    converter = load_converter(rules_dir)
    summary = Summary()

    def sentences() -> Iterator[Sentence]:
        for result in convert_stream(converter, items, max(1, args.jobs)):
            summary.add(result)
            if result.sentence is not None:
                yield result.sentence
            elif result.status == "failed":
                print(f"ptb2fd: {result.error}", file=sys.stderr)

    return sentences(), converter.rules, summary

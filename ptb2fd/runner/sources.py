"""Sentences for `regen` and `diff`, one at a time (nothing is held).

Trees are converted as they are read. Converted records (JSONL, Parquet,
the shard folder of `convert -o DIR/`: converted.py) are read record by record;
each sentence is put in `ap` order and renumbered (`converted.by_position`), so the
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

import gc
import os
import sys
from typing import Iterator

from ptb2fd.errors import EmptyInputError, UsageError
from ptb2fd.record import Sentence


def converted_input(args) -> bool:
    """True when the inputs are converted records (JSONL, CoNLL-U Plus,
    Parquet, shard folders; found by content), False for trees; UsageError for a mix."""
    from ptb2fd.runner.converted import kind_of

    inputs = list(args.inputs or [])
    kinds = [kind_of(p) is not None for p in inputs]
    if any(kinds) and (not all(kinds) or args.corpus):
        raise UsageError("give either converted records (JSONL, CoNLL-U Plus, Parquet, a convert -o DIR/ folder) "
                         "or trees, not both")
    return bool(inputs) and all(kinds)


def read_converted(paths: list[str], counts: "JsonlCounts") -> Iterator[Sentence]:
    """The sentences of converted inputs (JSONL, Parquet, shard folders:
    converted.py), in order; a bad record is reported on stderr and counted."""
    from ptb2fd.runner.converted import converted_files, read_piece, whole

    for path, kind in converted_files(paths):
        yield from read_piece(whole(path, kind), counts, _to_stderr)


def _to_stderr(line: str) -> None:
    print(line, file=sys.stderr)


class JsonlCounts:
    """read = regenerated + failed, for converted input."""

    def __init__(self):
        self.read = 0
        self.failed = 0

    def merge(self, other: "JsonlCounts") -> None:
        self.read += other.read
        self.failed += other.failed

    def line(self) -> str:
        return f"read {self.read}, failed {self.failed}"


def load_converter(rules_dir: str | None, functions: str = "auto", function_model: str | None = None):
    """The converter; with `functions` auto or infer its function-tag model
    is loaded now (a missing or damaged model is a usage error, exit 2)."""
    from ptb2fd.conversion.converter import Converter
    from ptb2fd.lexicon.wordnet import ensure_wordnet
    from ptb2fd.ruleset.load import load_rules

    rules = load_rules(rules_dir)
    ensure_wordnet()
    converter = Converter(rules, functions=functions, function_model=function_model)
    converter.load_function_model()
    converter.provenance  # noqa: B018 - made now, before workers fork: one creation time for the run
    # The rules, tables and modules loaded so far live as long as the run:
    # moved out of the collector's reach, the full collections during the
    # run no longer walk them (on the sample: 0.05 s of 3.5 s). (fork_map
    # freezes and unfreezes again around its workers.)
    gc.freeze()
    return converter


def converter_for(args):
    """`load_converter` with the options of a command that reads trees."""
    return load_converter(args.rules, getattr(args, "functions", "auto"), getattr(args, "function_model", None))


def check_tree_files(paths: list[str]) -> list[str]:
    """`paths`, once each file is seen to hold trees: EmptyInputError ("no
    trees in FILE") for an empty file, UsageError for converted records or
    other data (plain CoNLL-U, binary, XML), one line saying what it is.
    Standard input is read as trees (an empty one is found at the end)."""
    from ptb2fd.formats.sniff import EMPTY, OTHER, RECORDS, TREES, describe, sniff_file, wrong_type

    for path in paths:
        if path == "-" or not os.path.isfile(path):
            continue
        try:
            kind, line = sniff_file(path)
        except OSError:
            continue  # read_trees reports it, with the file
        if kind == EMPTY:
            raise EmptyInputError(f"no trees in {path}")
        if kind in RECORDS or (kind == OTHER and describe(line) != describe("?")):
            raise UsageError(wrong_type(path, kind, line, TREES))
    return paths


def tree_paths(args) -> list[str]:
    """The tree files the input options name, checked (`check_tree_files`)."""
    from ptb2fd.trees.inputs import resolve_inputs

    return check_tree_files(resolve_inputs(args.inputs, args.corpus, args.files, args.sections))


def iter_raw(args):
    from ptb2fd.trees.reader import read_trees

    return _not_empty(read_trees(tree_paths(args), getattr(args, "encoding", None)))


def _not_empty(items):
    """The items; EmptyInputError at the end when there were none (an empty standard input)."""
    any_item = False
    for item in items:
        any_item = True
        yield item
    if not any_item:
        raise EmptyInputError("no trees in standard input")


def iter_sentences(args, rules_dir: str | None):
    """(sentences, rules, summary): a generator of sentences, the rule set,
    and the object whose `line()` and `failed` describe the input once the
    generator is exhausted."""
    from ptb2fd.ruleset.load import load_rules
    from ptb2fd.runner.converted import converted_files

    inputs = list(args.inputs or [])
    if converted_input(args):
        converted_files(inputs)  # a missing file or a bad manifest: exit 2 now
        counts = JsonlCounts()
        return read_converted(inputs, counts), load_rules(rules_dir), counts
    from ptb2fd.runner.stream import Summary, convert_stream

    items = iter_raw(args)
    converter = load_converter(rules_dir, getattr(args, "functions", "auto"), getattr(args, "function_model", None))
    summary = Summary()

    def sentences() -> Iterator[Sentence]:
        for result in convert_stream(converter, items, max(1, args.jobs)):
            summary.add(result)
            if result.sentence is not None:
                yield result.sentence
            elif result.status == "failed":
                print(f"ptb2fd: {result.error}", file=sys.stderr)

    return sentences(), converter.rules, summary

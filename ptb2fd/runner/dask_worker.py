"""The Dask task of `convert --engine dask`: one partition converted on a worker.

The task runs in the worker process: it loads the rules and WordNet once
per worker (`_converter`), reads its pieces of the input (whole files, or a
file cut at tree boundaries, with the ids and line numbers one process
would give) and converts each item. `convert_partition_to_shard` (an
output file or folder) writes the partition's shard itself and returns its
PartResult (shards.py); `convert_partition` (standard output) returns one
Result per item, in order, with the rendered text in place of the Sentence.

`PTB2FD_TEST_DASK_CRASH="id,id@once"` makes the worker die on those
sentences, for the tests of retries and lost partitions.
"""
from __future__ import annotations

import os
from pathlib import Path

from ptb2fd.trees.partition import Piece, piece_items

CRASH_ENV = "PTB2FD_TEST_DASK_CRASH"  # fault injection: "id,id@once": the worker dies on these sentences
CRASH_FLAGS_ENV = "PTB2FD_TEST_DASK_FLAGS"  # folder remembering which "@once" crashes happened
_CONVERTERS: dict = {}


def _converter(rules_dir: str | None, created: str | None = None):
    """The worker process's converter for `rules_dir`, built once; its
    records carry the driver's creation time `created`."""
    if (rules_dir, created) not in _CONVERTERS:
        from ptb2fd.conversion.converter import Converter
        from ptb2fd.lexicon.wordnet import ensure_wordnet
        from ptb2fd.ruleset.load import load_rules

        rules = load_rules(rules_dir)
        if rules_dir:  # a UD export reads this folder's ud.yaml (ud/mapping.py select_rules)
            from ptb2fd.ud.mapping import select_rules

            select_rules(rules_dir)
        ensure_wordnet()
        converter = Converter(rules)
        converter.created = created
        _CONVERTERS[rules_dir, created] = converter
    return _CONVERTERS[rules_dir, created]


def _maybe_crash(sent_id: str) -> None:
    """Fault injection for the tests: die on a marked sentence (always, or
    only the first time with "@once")."""
    for mark in os.environ.get(CRASH_ENV, "").split(","):
        sid, _, once = mark.partition("@")
        if sid != sent_id:
            continue
        if once:
            flag = Path(os.environ.get(CRASH_FLAGS_ENV, "/tmp")) / f"crashed-{sid.replace('/', '_')}"
            try:
                os.close(os.open(flag, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
            except FileExistsError:
                continue
        os._exit(3)


def _results(converter, pieces: list[Piece], encoding: str | None):
    from ptb2fd.runner.stream import safe_convert

    for piece in pieces:
        for raw in piece_items(piece, encoding):
            _maybe_crash(raw.sent_id)
            yield safe_convert(converter, raw)


def convert_partition(pieces: list[Piece], rules_dir: str | None, fmt: str, encoding: str | None,
                      created: str | None = None) -> list:
    """One Result per item of the partition, in order, rendered (for
    standard output: the text travels back)."""
    from ptb2fd.runner.shards import renderer

    render = renderer(fmt)
    out = []
    for result in _results(_converter(rules_dir, created), pieces, encoding):
        if result.sentence is not None:
            result.text = render(result.sentence)
            result.sentence = None
        out.append(result)
    return out


def convert_partition_to_shard(pieces: list[Piece], rules_dir: str | None, fmt: str, encoding: str | None,
                               folder: str, index: int, quiet: bool, strict: bool, durable: bool,
                               created: str | None = None, verbose: bool = False):
    """The partition converted and written as shard `index` of `folder`
    (shards.write_shard); only its PartResult travels back."""
    from ptb2fd.runner.shards import write_shard

    return write_shard(_results(_converter(rules_dir, created), pieces, encoding), folder, index, fmt, quiet, strict,
                       durable, verbose)

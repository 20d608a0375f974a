"""Shards: a worker writes the sentences it converted, and returns only counts.

`write_shard` runs where a partition is converted (a `--jobs` worker, a
Dask worker, or this process with `--jobs 1`). It writes the partition's
sentences to `FOLDER/part-NNNNN.EXT` atomically (a temporary name, then a
rename) and returns a `PartResult`: the shard's sentence count, size and
SHA-256, the partition's `Summary` (counts, failures, skips, rule firings)
and the lines it has for stderr, in order. The driver (`shard_output.py`)
prints those lines and merges the summaries in input order, so the output,
stderr and `--stats` are those of one process.

Shards are in the `--format` of the run. Concatenated in order, text shards
give exactly the `--jobs 1` file: the CoNLL-U Plus header
(`# global.columns = ...`) is written to the first shard only. Parquet
shards are each a whole Parquet file; `shard_output.py` joins them by
their rows.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from ptb2fd.runner.output import ResultSink, atomic_output
from ptb2fd.runner.targets import clear_stale_parts

if TYPE_CHECKING:
    from ptb2fd.runner.stream import Summary

FORMATS = ("jsonl", "conllup", "halogen", "parquet", "conllu")


def shard_name(index: int, fmt: str) -> str:
    return f"part-{index:05d}.{fmt}"


@dataclass
class PartResult:
    """What a worker sends back for one partition: no sentences."""

    index: int
    file: str  # the shard's name in its folder
    sentences: int
    bytes: int
    sha256: str
    summary: Summary
    messages: list[str] = field(default_factory=list)  # stderr lines, in order
    stopped: str | None = None  # --strict stopped at this sentence id


def renderer(fmt: str):
    """The text of one sentence in a text format."""
    if fmt == "conllu":  # plain CoNLL-U, UD v2 English (ptb2fd/ud)
        from ptb2fd.ud.writer import dump_sentence

        return dump_sentence
    from ptb2fd.formats import conllup, halogen, jsonl

    return {"jsonl": jsonl.dump_sentence, "conllup": conllup.dump_sentence, "halogen": halogen.dump_sentence}[fmt]


def file_digest(path: Path) -> tuple[str, int]:
    """(SHA-256 hex digest, size in bytes) of a file."""
    sha, size = hashlib.sha256(), 0
    with open(path, "rb") as handle:
        while chunk := handle.read(1 << 20):
            sha.update(chunk)
            size += len(chunk)
    return sha.hexdigest(), size


def write_shard(results: Iterable, folder: str | Path, index: int, fmt: str, quiet: bool = False,
                strict: bool = False, durable: bool = True) -> PartResult:
    """Write the converted sentences of `results` (Results whose `sentence`
    is set) as shard `index` of `folder`; see the module docstring.
    `durable`: fsync the shard (not needed for shards joined at once)."""
    messages: list[str] = []
    sink = ResultSink(quiet, strict, say=messages.append)
    path = Path(folder) / shard_name(index, fmt)
    # A worker that died writing this shard (its task is run again) left its
    # temporary file: removed without the warning a killed run's file gets.
    clear_stale_parts(path.parent, path.name, warn=False)
    written = 0
    with atomic_output(str(path), durable=durable) as handle:
        if fmt == "parquet":
            from ptb2fd.formats.parquet import ParquetSentenceWriter

            handle.flush()
            writer = ParquetSentenceWriter(handle.buffer)
            add = writer.add
        else:
            render = renderer(fmt)
            if fmt == "conllup" and index == 0:
                from ptb2fd.formats.conllup import header

                handle.write(header())

            def add(sentence) -> None:
                text = render(sentence)
                handle.write(text if text.endswith("\n") else text + "\n")
        for result in results:
            if result.sentence is not None:
                add(result.sentence)
                written += 1
            if sink.add(result, None):
                break
        if fmt == "parquet":
            writer.close()
    digest, size = file_digest(path)
    return PartResult(index, path.name, written, size, digest, sink.summary, messages, sink.stopped)

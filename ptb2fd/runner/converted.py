"""Converted records as input (`regen`, `train`, `stats`, `diff`): JSONL, CoNLL-U Plus, Parquet, shard folders.

An input is converted records when its content says so (formats/sniff.py,
never its name): JSONL (gzip or not), CoNLL-U Plus, Parquet, or a folder
with the `manifest.json` of `convert -o DIR/` (its shards, in the
manifest's order). An empty file is an error ("no records in FILE", exit
1); trees or anything else given where records are wanted is one line
saying what the file is.

For `regen --jobs N` the files are cut into `ConvertedPiece`s that the
workers read themselves (`plan_converted`): a plain JSONL file at line
boundaries (one pass here finds the cuts and counts the lines before each,
so errors name the same lines as one process), a gzip or CoNLL-U Plus file whole, a Parquet
file by row group, a large row group into equal slices of its sentences.

`read_piece` yields the sentences of a piece, each put in `ap` order and
renumbered (`by_position`). A record that cannot be read is
reported through `say` with file, line (for Parquet: row) and sentence id,
counted as failed, and skipped.
"""
from __future__ import annotations

import io
import json
import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Iterator

from ptb2fd.errors import EmptyInputError, Location, TreeParseError, UsageError
from ptb2fd.formats.sniff import CONLLUP, EMPTY, JSONL, PARQUET, RECORDS, looks_like, sniff_file, wrong_type
from ptb2fd.record import Sentence

MIN_JSONL_PIECE, MAX_JSONL_PIECE = 256 << 10, 64 << 20
MIN_PARQUET_ROWS = 4096
PER_WORKER = 16


def kind_of(path: str) -> str | None:
    """"jsonl", "conllup", "parquet", "shards" (a folder with a manifest),
    or None (trees, a folder of trees, standard input, or no such file), by content."""
    if path == "-":
        return None
    if os.path.isdir(path):
        return "shards" if os.path.isfile(os.path.join(path, "manifest.json")) else None
    try:
        kind, _ = sniff_file(path)
    except OSError:
        return None
    return kind if kind in RECORDS else None


def converted_files(inputs: list[str]) -> list[tuple[str, str]]:
    """(path, kind) of every converted file the inputs name, shard folders
    expanded in manifest order; standard input is JSONL. UsageError for a
    missing file, one that holds no records (trees, ...: the message says
    what) or a manifest that cannot be used; EmptyInputError for an empty file."""
    out: list[tuple[str, str]] = []
    for path in inputs:
        if path == "-":
            out.append((path, JSONL))
            continue
        if os.path.isdir(path) and kind_of(path) == "shards":
            out += _shards(Path(path))
            continue
        if not Path(path).is_file():
            raise UsageError(f"{path}: no such file")
        out.append((path, records_kind(path)))
    return out


def records_kind(path: str) -> str:
    """The records format of the file at `path` (see converted_files)."""
    try:
        kind, line = sniff_file(path)
    except OSError as exc:
        raise UsageError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if kind == EMPTY:
        raise EmptyInputError(f"no records in {path}")
    if kind not in RECORDS:
        raise UsageError(wrong_type(path, kind, line, "records"))
    return kind


def _shards(folder: Path) -> list[tuple[str, str]]:
    manifest = folder / "manifest.json"
    try:
        data = json.loads(manifest.read_text(encoding="utf-8"))
        fmt, files = data["format"], [s["file"] for s in data["shards"]]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise UsageError(f"{manifest}: not a manifest of `ptb2fd convert -o DIR/` ({exc})") from None
    if fmt not in RECORDS:
        raise UsageError(f"{manifest}: {fmt} shards cannot be read back; convert to jsonl, conllup or parquet")
    missing = [f for f in files if not (folder / f).is_file()]
    if missing:
        raise UsageError(f"{folder}: shard(s) listed in manifest.json missing: {', '.join(missing[:5])}")
    return [(str(folder / f), fmt) for f in files]


@dataclass(frozen=True)
class ConvertedPiece:
    path: str
    kind: str
    start: int = 0  # JSONL: byte offset of the first line; Parquet: the row group (-1: the whole file)
    end: int | None = None  # JSONL: byte offset after the piece (None: to the end of the file)
    line_offset: int = 0  # JSONL: lines before `start`
    part: tuple[int, int] = (0, 1)  # Parquet: this slice of the row group's sentences


def whole(path: str, kind: str) -> ConvertedPiece:
    return ConvertedPiece(path, kind, start=-1 if kind == PARQUET else 0)


def plan_converted(files: list[tuple[str, str]], workers: int) -> list[ConvertedPiece]:
    """Pieces of about equal work, PER_WORKER per worker, in input order."""
    from ptb2fd.formats.parquet import row_group_sizes

    sizes = {p: os.path.getsize(p) for p, k in files if k == JSONL and p != "-"}
    rows = {p: row_group_sizes(p) for p, k in files if k == PARQUET}
    pieces_wanted = max(1, workers * PER_WORKER)
    jsonl_piece = max(MIN_JSONL_PIECE, min(MAX_JSONL_PIECE, sum(sizes.values()) // pieces_wanted))
    target_rows = max(MIN_PARQUET_ROWS, sum(map(sum, rows.values())) // pieces_wanted)
    out: list[ConvertedPiece] = []
    for path, kind in files:
        if kind == PARQUET:
            for group, n in enumerate(rows[path]):
                slices = max(1, round(n / target_rows))
                out += [ConvertedPiece(path, kind, group, part=(k, slices)) for k in range(slices)]
        elif kind == CONLLUP or path == "-" or _gzip(path) or sizes[path] <= jsonl_piece:
            out.append(whole(path, kind))
        else:
            out += [ConvertedPiece(path, kind, a, b, lines) for a, b, lines in _jsonl_cuts(path, jsonl_piece)]
    return out


def _gzip(path: str) -> bool:
    with open(path, "rb") as handle:
        return handle.read(2) == b"\x1f\x8b"


def _jsonl_cuts(path: str, size: int) -> list[tuple[int, int | None, int]]:
    """(start, end, lines before start) of pieces of about `size` bytes,
    each ending after a line feed."""
    cuts: list[tuple[int, int | None, int]] = []
    start = start_lines = lines = pos = 0
    next_cut = size
    with open(path, "rb") as handle:
        while chunk := handle.read(1 << 20):
            at = next_cut - pos
            while at < len(chunk):
                i = chunk.find(b"\n", max(at, 0))
                if i < 0:
                    break
                end, end_lines = pos + i + 1, lines + chunk.count(b"\n", 0, i + 1)
                cuts.append((start, end, start_lines))
                start, start_lines, next_cut = end, end_lines, end + size
                at = next_cut - pos
            lines += chunk.count(b"\n")
            pos += len(chunk)
    if start < pos or not cuts:
        cuts.append((start, None, start_lines))
    return cuts


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


def read_piece(piece: ConvertedPiece, counts, say: Callable[[str], None]) -> Iterator[Sentence]:
    """The sentences of a piece, in `ap` order (see the module docstring)."""
    for where, item in records(piece):
        counts.read += 1
        try:
            if isinstance(item, TreeParseError):
                raise item
            try:
                yield by_position(item)
            except ValueError as exc:
                raise TreeParseError(f"bad records: {exc}", Location(piece.path, where, item.id)) from exc
        except TreeParseError as exc:
            counts.failed += 1
            say(f"ptb2fd: {exc}")


def records(piece: ConvertedPiece) -> Iterator[tuple[int, Sentence | TreeParseError]]:
    """(line or row, sentence or the error reading it) for each record."""
    if piece.kind == PARQUET:
        from ptb2fd.formats.parquet_read import read_parquet

        if piece.start < 0:
            yield from read_parquet(piece.path)
        else:
            yield from read_parquet(piece.path, piece.start, piece.part)
        return
    if piece.kind == CONLLUP:
        from ptb2fd.formats.conllup_read import conllup_records
        from ptb2fd.trees.reader import open_text

        with open_text(piece.path) as handle:
            yield from conllup_records(handle, piece.path, _shard_header(piece.path))
        return
    from ptb2fd.formats.jsonl import read_jsonl

    first = piece.start == 0
    for number, line in enumerate(_jsonl_lines(piece), piece.line_offset + 1):
        if not line.strip():
            continue
        if first:
            _sniff(piece.path, line)
            first = False
        try:
            for sentence in read_jsonl((line,), piece.path):
                yield number, sentence
        except TreeParseError as exc:
            if exc.location is not None:
                exc.location = Location(piece.path, number, exc.location.sent_id)
            yield number, exc


def _shard_header(path: str) -> str | None:
    """For a CoNLL-U Plus shard after the first of a `convert -o DIR/`
    folder (it has no header: concatenated, the shards are the whole file),
    the header line of the first shard; else None."""
    folder, name = os.path.split(path)
    first = os.path.join(folder, "part-00000.conllup")
    if not name.startswith("part-") or name == "part-00000.conllup" or \
            not os.path.isfile(os.path.join(folder, "manifest.json")) or not os.path.isfile(first):
        return None
    with open(first, encoding="utf-8") as handle:
        line = handle.readline().rstrip("\n")
    return line if line.startswith("# global.columns") else None


def _sniff(path: str, line: str) -> None:
    """UsageError when the first line of JSONL input shows it is something
    else (trees, CoNLL-U, ...): one line saying so, not an error per line."""
    kind = looks_like(line)
    if kind == CONLLUP and path == "-":
        raise UsageError("standard input: CoNLL-U Plus records are read from a file, not standard input (JSONL is)")
    if kind != JSONL:
        raise UsageError(wrong_type("standard input" if path == "-" else path, kind, line, "records"))


def _jsonl_lines(piece: ConvertedPiece):
    from ptb2fd.trees.reader import open_text

    if piece.start == 0 and piece.end is None:
        with open_text(piece.path) as handle:
            yield from handle
        return
    with open(piece.path, "rb") as handle:
        handle.seek(piece.start)
        data = handle.read(piece.end - piece.start) if piece.end is not None else handle.read()
    yield from io.TextIOWrapper(io.BytesIO(data), encoding="utf-8-sig" if piece.start == 0 else "utf-8",
                                errors="replace")

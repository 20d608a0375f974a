"""Cutting the input into partitions that convert to exactly what one
process gives: the same items, ids (`wsj_0001.mrg:1`) and line numbers.

A partition is a list of `Piece`s. A piece is a whole file (small files are
grouped until a partition holds about `size` bytes; gzip files are never cut)
or a byte range of a large plain file. A large file is cut only before a
line that starts with "(" in column 0: at such a line the splitter
(`splitter.split_trees`) closes whatever came before and starts a new item,
whatever its state. Two things still depend on what precedes a cut, and both
are made exact:

- the item just before a cut: the piece is read with the cut line appended
  (`sentinel`), so that item ends as it would in the whole file (e.g. an
  unbalanced tree is reported as "N closing bracket(s) missing", not "... at
  end of input"); items starting on the sentinel line are dropped;
- the splitter's indentation base, which follows the last wrapped tree
  ("( (S"), is never consulted with a non-zero indentation once an item has
  started in column 0 (an indented line goes on with the item before it),
  so it cannot make a piece differ from the whole file.

Ids and line numbers of a piece are offset by the items and lines of the
pieces before it in its file (`count_piece`, run on the workers first).
A read error inside a cut file fails the task (Dask retries it) instead of
giving the one "cannot read input" item a whole-file read gives.
"""
from __future__ import annotations

import codecs
import io
import os
from dataclasses import dataclass, replace
from typing import Iterator

from ptb2fd.trees.inputs import display_names
from ptb2fd.trees.reader import check_decoded, read_trees
from ptb2fd.trees.splitter import RawTree, split_trees

# Encodings in which a byte "\n" followed by "(" is always a line start
# followed by "(": only those are cut by byte ranges.
_CUTTABLE = frozenset({"utf-8", "utf-8-sig", "ascii", "latin-1", "iso8859-1", "cp1252", "iso8859-15"})
_SCAN = 1 << 20  # how far past a cut offset to look for a line starting with "("


@dataclass(frozen=True)
class Piece:
    path: str
    name: str  # the file name shown in ids
    start: int = 0  # byte offset of the first line
    end: int | None = None  # byte offset of the cut line after the piece; None: whole file
    line_offset: int = 0  # lines of the file before the piece
    index_offset: int = 0  # items of the file before the piece
    size: int = 0  # bytes

    @property
    def whole(self) -> bool:
        return self.start == 0 and self.end is None


def parse_size(text: str | None) -> int | None:
    """'4M' -> 4194304; '512k', '100000'; None stays None."""
    if text is None:
        return None
    units = {"k": 1 << 10, "m": 1 << 20, "g": 1 << 30}
    t = text.strip().lower().rstrip("b")
    mult = units.get(t[-1:], 1)
    number = t[:-1] if t[-1:] in units else t
    if not number.isdigit() or int(number) * mult < 1:
        from ptb2fd.errors import UsageError

        raise UsageError(f"--partition-size {text}: give a number of bytes, e.g. 4M or 512k")
    return int(number) * mult


def _cuttable(path: str, encoding: str | None) -> bool:
    if path == "-":
        return False
    with open(path, "rb") as handle:
        if handle.read(2) == b"\x1f\x8b":  # gzip: read whole
            return False
    return codecs.lookup(encoding or "utf-8").name in _CUTTABLE


def _cut_offsets(path: str, size: int, every: int) -> list[int]:
    """Byte offsets of lines starting with "(", about `every` bytes apart."""
    cuts: list[int] = []
    with open(path, "rb") as handle:
        for target in range(every, size, every):
            if cuts and target <= cuts[-1]:
                continue
            handle.seek(target - 1)
            block = handle.read(_SCAN)
            at = block.find(b"\n(")
            if at >= 0 and target + at < size:
                cuts.append(target + at)  # the byte after the "\n"
    return cuts


def plan(paths: list[str], size: int, encoding: str | None = None) -> tuple[list[list[Piece]], list[Piece]]:
    """Partitions of about `size` bytes, in input order, and the pieces of
    cut files (which need `count_piece` before they can convert)."""
    partitions: list[list[Piece]] = []
    group: list[Piece] = []
    group_bytes = 0
    cut_pieces: list[Piece] = []
    for path, name in zip(paths, display_names(paths)):
        nbytes = os.path.getsize(path) if path != "-" else 0
        if nbytes > size and _cuttable(path, encoding):
            if group:
                partitions.append(group)
                group, group_bytes = [], 0
            bounds = [0] + _cut_offsets(path, nbytes, size) + [None]
            for start, end in zip(bounds, bounds[1:]):
                piece = Piece(path, name, start, end, size=(end or nbytes) - start)
                cut_pieces.append(piece)
                partitions.append([piece])
            continue
        group.append(Piece(path, name, size=nbytes))
        group_bytes += nbytes
        if group_bytes >= size:
            partitions.append(group)
            group, group_bytes = [], 0
    if group:
        partitions.append(group)
    return partitions, cut_pieces


def _piece_lines(piece: Piece, encoding: str | None, sentinel: bool) -> list[str]:
    """The text lines of a byte-range piece, with the cut line after it
    when `sentinel`, decoded as `reader.open_text` decodes a file."""
    with open(piece.path, "rb") as handle:
        handle.seek(piece.start)
        data = handle.read(piece.end - piece.start) if piece.end is not None else handle.read()
        tail = handle.readline() if sentinel and piece.end is not None else b""
    enc = encoding or ("utf-8-sig" if piece.start == 0 else "utf-8")
    lines = list(io.TextIOWrapper(io.BytesIO(data), encoding=enc, errors="surrogateescape"))
    if tail:
        lines.append(next(iter(io.TextIOWrapper(io.BytesIO(tail), encoding=enc, errors="surrogateescape"))))
    return lines


def count_piece(piece: Piece, encoding: str | None = None) -> tuple[int, int]:
    """(lines, items) of a byte-range piece."""
    lines = _piece_lines(piece, encoding, sentinel=True)
    own = len(lines) - (1 if piece.end is not None else 0)
    items = sum(1 for raw in split_trees(lines, piece.name) if raw.line <= own)
    return own, items


def with_offsets(partitions: list[list[Piece]], counts: dict[Piece, tuple[int, int]]) -> list[list[Piece]]:
    """Partitions with the line and index offsets of their cut pieces set."""
    out: list[list[Piece]] = []
    offsets: dict[str, tuple[int, int]] = {}
    for part in partitions:
        piece = part[0]
        if piece.whole:
            out.append(part)
            continue
        lines, items = offsets.get(piece.path, (0, 0))
        out.append([replace(piece, line_offset=lines, index_offset=items)])
        n_lines, n_items = counts[piece]
        offsets[piece.path] = (lines + n_lines, items + n_items)
    return out


def piece_items(piece: Piece, encoding: str | None = None) -> Iterator[RawTree]:
    """The items of a piece, with the ids and lines a whole-file read gives."""
    if piece.whole:
        yield from read_trees([piece.path], encoding, names=[piece.name])
        return
    # the file's verdict on its annotation comes from its first trees, whichever piece this is
    head = read_trees([piece.path], encoding, names=[piece.name])
    first = next(head, None)
    head.close()
    annotation = first.annotation if first is not None else None
    lines = _piece_lines(piece, encoding, sentinel=True)
    own = len(lines) - (1 if piece.end is not None else 0)
    for raw in split_trees(lines, piece.name):
        if raw.line > own:
            break
        raw = check_decoded(RawTree(raw.source, raw.index + piece.index_offset, raw.line + piece.line_offset,
                                    raw.text, raw.error), encoding)
        yield replace(raw, annotation=annotation) if annotation is not None else raw

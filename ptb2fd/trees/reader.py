"""Finding input files and cutting them into trees.

Input files are found by `inputs.resolve_inputs` (folders, `--corpus`,
`--sections`). Files are read as UTF-8 (a byte-order mark is dropped) or in
the `encoding` given (`--encoding latin-1`); bytes that do not decode make
the item they fall in fail, naming file, line and id, never a silent
U+FFFD. A file that cannot be read, or a compressed file that ends early,
gives one failed item after the trees read from it.

Files are cut into trees by `splitter.split_trees`: every item found gets
a stable id, file name and 1-based index (`wsj_0001.mrg:1`), and damage to
one tree never changes the items, or the ids, of the trees around it.
Each item carries what its file's first trees say of the file's
annotation (`annotation.file_annotation`: Penn, partly annotated, or too
short to tell), for `--functions auto`.
"""
from __future__ import annotations

import gzip
import io
import re
import sys
import zlib
from typing import IO, Iterable, Iterator

# Re-exported: the input functions used to live here.
from ptb2fd.trees.inputs import (  # noqa: F401
    TREE_SUFFIXES,
    check_encoding,
    display_name,
    display_names,
    parse_sections,
    resolve_inputs,
    treebank_root,
)
from ptb2fd.trees.annotation import file_annotation
from ptb2fd.trees.splitter import RawTree, split_trees

_UNDECODED = re.compile("[\udc80-\udcff]+")  # bytes kept by errors="surrogateescape"


def open_text(path: str, encoding: str | None = None, errors: str = "replace") -> IO[str]:
    """Open a file (gzip by magic bytes) or stdin as text: UTF-8 (a
    byte-order mark dropped) unless `encoding` is given."""
    raw = sys.stdin.buffer if path == "-" else open(path, "rb")
    if not hasattr(raw, "peek"):
        raw = io.BufferedReader(raw)
    if raw.peek(2)[:2] == b"\x1f\x8b":
        raw = gzip.GzipFile(fileobj=raw)
    return io.TextIOWrapper(raw, encoding=encoding or "utf-8-sig", errors=errors)


def check_decoded(raw: "RawTree", encoding: str | None = None) -> "RawTree":
    """`raw`, failed if its text holds bytes that did not decode (read with
    errors="surrogateescape"): the error names the line and the bytes."""
    if raw.text.isascii():  # most trees: no undecoded byte can be there
        return raw
    m = _UNDECODED.search(raw.text)
    if m is None:
        return raw
    line = raw.line + raw.text.count("\n", 0, m.start())
    bad = m.group().encode("utf-8", "surrogateescape")
    context = raw.text[max(0, m.start() - 12):m.end() + 12].encode("utf-8", "surrogateescape")
    message = (f"line {line}: bytes {bad!r} are not valid {encoding or 'UTF-8'} (in {context!r}); "
               f"give --encoding latin-1 (or the file's encoding) to read it")
    text = raw.text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return RawTree(raw.source, raw.index, raw.line, text, raw.error or message)


def read_trees(paths: Iterable[str], encoding: str | None = None,
               names: list[str] | None = None) -> Iterator[RawTree]:
    """All items of all inputs, in order (`names`: the names shown in ids,
    default `display_names(paths)`)."""
    paths = list(paths)
    for path, name in zip(paths, names or display_names(paths)):
        try:
            handle = open_text(path, encoding, errors="surrogateescape")
        except OSError as exc:
            yield RawTree(name, 1, 0, "", f"cannot read input: {exc.strerror or exc}")
            continue
        problem: list = []
        count = 0
        with handle:
            raws = (check_decoded(raw, encoding) for raw in split_trees(_guarded(handle, problem), name))
            for raw in file_annotation(raws):
                count = raw.index
                yield raw
        if problem:
            line, message = problem[0]
            yield RawTree(name, count + 1, line, "", f"cannot read input after line {line - 1}: {message}")


def _guarded(handle: IO[str], problem: list) -> Iterator[str]:
    """The lines of `handle`; a read error (truncated or corrupt gzip data,
    an I/O error) ends the lines and is recorded in `problem`."""
    lineno = 0
    try:
        for line in handle:
            lineno += 1
            yield line
    except (OSError, EOFError, zlib.error) as exc:
        problem.append((lineno + 1, f"{type(exc).__name__}: {exc}"))

"""Reading a reference dependency analysis: UD CoNLL-U or Stanford-style
CoNLL-X, and finding each tree's sentence in it by its words.

Both formats are ten tab-separated columns; ID, FORM, POS (column 5,
XPOS/POSTAG), HEAD and DEPREL are read. CoNLL-U multiword-token lines
("1-2 don't") and empty nodes ("8.1") are skipped: the syntactic words are
what a treebank's leaves are. A sentence with a bad line (not ten columns,
a HEAD that is not a number or points outside the sentence) is left out
and reported as one `ReferenceFormatError` naming file and line; the other
sentences are read.

Alignment is by words, never by position: a tree's words and a reference
sentence's words are normalized the same way (Penn bracket escapes
"-LRB-" -> "(", every kind of double quote to `"`, of single quote to
"'") and looked up; a sentence whose words occur several times takes the
occurrences in order. A second, looser key (lowercased, punctuation
dropped) catches sentences whose quotes or dashes differ.
"""
from __future__ import annotations

import os
from collections import defaultdict, deque
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from ptb2fd.errors import Ptb2fdError, UsageError

REFERENCE_SUFFIXES = (".conllu", ".conll", ".conllx", ".conll06", ".dep")
_BRACKETS = {"-LRB-": "(", "-RRB-": ")", "-LSB-": "[", "-RSB-": "]", "-LCB-": "{", "-RCB-": "}"}
_DOUBLE = {"``", "''", '"', "\u201c", "\u201d", "\u201e", "\u00ab", "\u00bb"}
_SINGLE = {"`", "'", "\u2018", "\u2019", "\u201a"}


class ReferenceFormatError(Ptb2fdError):
    """A reference sentence that cannot be read, with where it is."""

    def __init__(self, source: str, line: int, message: str):
        super().__init__(f"{source}:{line}: {message}")
        self.source, self.line, self.message = source, line, message


@dataclass(frozen=True)
class RefSentence:
    """One sentence of the reference: heads are 0-based, -1 for the root."""

    source: str
    line: int  # line of its first word
    sent_id: str  # "# sent_id" comment, else source:line
    words: tuple[str, ...]
    tags: tuple[str, ...]
    heads: tuple[int, ...]
    deprels: tuple[str, ...]


def normalize_word(word: str) -> str:
    """The spelling both sides are compared in: '-LRB-' -> '(', '``' -> '"'."""
    word = _BRACKETS.get(word, word)
    if word in _DOUBLE:
        return '"'
    if word in _SINGLE:
        return "'"
    return word


def loose_key(words) -> tuple[str, ...]:
    """Lowercased words without punctuation-only tokens."""
    return tuple(w.lower() for w in map(normalize_word, words) if any(ch.isalnum() for ch in w))


def reference_files(path: str) -> list[str]:
    """A file, or the reference files of a folder (sorted, recursively)."""
    p = Path(path)
    if p.is_file():
        return [str(p)]
    if not p.is_dir():
        raise UsageError(f"--reference {path}: no such file or folder")
    found = sorted(str(f) for f in p.rglob("*") if f.is_file() and f.name.endswith(REFERENCE_SUFFIXES))
    if not found:
        raise UsageError(f"--reference {path}: no {', '.join(REFERENCE_SUFFIXES)} files in this folder")
    return found


def read_reference(path: str, errors: list[ReferenceFormatError]) -> Iterator[RefSentence]:
    """The sentences of one file; unreadable ones are appended to `errors`."""
    source = os.path.basename(path)
    try:
        handle = open(path, encoding="utf-8-sig", errors="replace")
    except OSError as exc:
        raise UsageError(f"--reference {path}: cannot read: {exc.strerror or exc}") from None
    rows: list[tuple[int, list[str]]] = []
    sent_id = None
    with handle:
        for lineno, line in enumerate(handle, 1):
            line = line.rstrip("\r\n")
            if not line.strip():
                if rows:
                    yield from _sentence(source, rows, sent_id, errors)
                rows, sent_id = [], None
                continue
            if line.startswith("#"):
                key, _, value = line[1:].partition("=")
                if key.strip() == "sent_id":
                    sent_id = value.strip()
                continue
            rows.append((lineno, line.split("\t")))
    if rows:
        yield from _sentence(source, rows, sent_id, errors)


def _sentence(source: str, rows, sent_id, errors) -> Iterator[RefSentence]:
    words, tags, heads, rels = [], [], [], []
    ids: list[str] = []
    for lineno, cols in rows:
        if len(cols) != 10:
            errors.append(ReferenceFormatError(source, lineno, f"{len(cols)} columns, not 10 (tab-separated)"))
            return
        if "-" in cols[0] or "." in cols[0]:
            continue  # a multiword token or an empty node
        if not cols[6].isdigit():
            errors.append(ReferenceFormatError(source, lineno, f"HEAD {cols[6]!r} is not a number"))
            return
        ids.append(cols[0])
        words.append(cols[1])
        tags.append(cols[4] if cols[4] != "_" else cols[3])
        heads.append(int(cols[6]) - 1)
        rels.append(cols[7])
    if ids != [str(i) for i in range(1, len(ids) + 1)]:
        errors.append(ReferenceFormatError(source, rows[0][0], "word ids are not 1, 2, 3, ..."))
        return
    if any(h >= len(words) for h in heads):
        errors.append(ReferenceFormatError(source, rows[0][0], "a HEAD points outside the sentence"))
        return
    if not words:
        return
    yield RefSentence(source, rows[0][0], sent_id or f"{source}:{rows[0][0]}", tuple(words), tuple(tags),
                      tuple(heads), tuple(rels))


class ReferenceIndex:
    """The reference sentences by their words; `take(words)` hands each out once."""

    def __init__(self, sentences):
        self.exact: dict[tuple, deque] = defaultdict(deque)
        self.loose: dict[tuple, deque] = defaultdict(deque)
        self.total = 0
        for serial, ref in enumerate(sentences):
            self.total += 1
            self.exact[tuple(map(normalize_word, ref.words))].append((serial, ref))
            self.loose[loose_key(ref.words)].append((serial, ref))
        self.used: set[int] = set()

    def take(self, words) -> RefSentence | None:
        for table, key in ((self.exact, tuple(map(normalize_word, words))), (self.loose, loose_key(words))):
            queue = table.get(key)
            while queue:
                serial, ref = queue.popleft()
                if serial not in self.used:
                    self.used.add(serial)
                    return ref
        return None

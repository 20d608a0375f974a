"""Reading CoNLL-U Plus written by `conllup.dump_sentence` back into `Sentence` objects.

`read_conllup` parses with the `conllu` library (`conllu.parse`, one block
at a time, `fields` from the `global.columns` line, a field parser for every
column) and rebuilds exactly the `Sentence` objects that were written: ints
as ints, None as None, `rules` as a list. A block without a sent_id and
without words (e.g. a lone header) is skipped. Problems raise
`TreeParseError` at `source:line (sent_id or "?")`, the line being the first
line of the block.

Example (wsj_0001.mrg:1, "... will join the board ..."): the line
`9 join join VERB VB _ 0 top _ _ v infinitive _ _ top ...` (tab-separated)
reads back as the Token with id 9, word "join", head 0, role "top", cat0
"v", cat1 "infinitive"; `_` in an optional column (tense, pn) is None.

Known limits: the `# text` line is ignored, so words are taken from FORM
only; UPOS and FEATS are derived when written and ignored when read;
columns beyond those `conllup.COLUMNS` names are refused rather than kept,
and so is a file of ptb2fd 0.1 (its UPOS held cat0, FEATS cat1, tense and
pn), with a message saying to convert again.
"""
from __future__ import annotations

import io
import json
import re
from typing import Iterable, Iterator

import conllu
from conllu.exceptions import ParseException

from ptb2fd.errors import Location, TreeParseError
from ptb2fd.formats.conllup import (
    COLUMN_FIELD,
    COLUMNS,
    DERIVED,
    EXTRA_FIELDS,
    COMMENT,
    GLOBAL_COLUMNS,
    NULLABLE,
    SENTENCE_FIELDS,
    unescape,
)
from ptb2fd.formats.jsonl import shared
from ptb2fd.record import INT_FIELDS, Sentence, Token

__all__ = ["read_conllup", "conllup_records"]

_EXTRA_COLUMN = {f"PTB2FD:{name.upper()}": name for name in EXTRA_FIELDS}
_INT_RE = re.compile(r"-?[0-9]+")
_SENT_ID_RE = re.compile(r"#\s*sent_id\s*=(.*)")
_FUNCTIONS_RE = re.compile(r"inferred by (\S+) \((\d+) tags, (\d+) empty elements\)")


def _field_kind(name: str):
    """The decoder of one Token field's column value."""
    if name == "rules":
        return lambda v: [] if v == "_" else [unescape(x) for x in v.split(",")]
    if name in INT_FIELDS:
        nullable = name in NULLABLE

        def parse_int(v: str) -> int | None:
            if v == "_" and nullable:
                return None
            if not _INT_RE.fullmatch(v):
                raise ValueError(f"{v!r} is not an integer")
            return int(v)

        return parse_int
    if name in NULLABLE:
        return lambda v: None if v == "_" else unescape(v)
    return lambda v: "" if v == "_" else unescape(v)


def _decoders() -> dict[str, object]:
    """Column name (upper case) -> decoder of its value; the result is stored
    under the conllu token key (the lower-cased column name)."""
    dec: dict[str, object] = {col: _field_kind(name) for col, name in COLUMN_FIELD.items()}
    for col in DERIVED:  # written from the record or `_`; not part of a Token
        dec[col] = str
    for col, name in _EXTRA_COLUMN.items():
        dec[col] = _field_kind(name)
    return dec


_DECODERS = _decoders()


def _field_parsers(columns: list[str]) -> dict[str, object]:
    """conllu field parsers: each decodes one column and checks the column count."""
    n = len(columns)

    def make(decode):
        def parse(line: list[str], i: int):
            if len(line) != n:
                raise ParseException(f"expected {n} columns, found {len(line)}")
            try:
                return decode(line[i])
            except ValueError as exc:
                raise ParseException(str(exc)) from exc
        return parse

    return {col.lower(): make(_DECODERS[col]) for col in columns}


def _read_columns(line: str) -> list[str]:
    columns = line[len(GLOBAL_COLUMNS):].split()
    unknown = [c for c in columns if c not in _DECODERS]
    if unknown:
        raise ValueError(f"unknown column(s) in global.columns: {' '.join(unknown)}")
    missing = [c for c in COLUMNS if c not in columns]
    if missing:
        old = " (a file of ptb2fd 0.1, whose UPOS held cat0: convert the trees again)" \
            if "PTB2FD:CAT0" in missing else ""
        raise ValueError(f"missing column(s) in global.columns: {' '.join(missing)}{old}")
    if len(set(columns)) != len(columns):
        raise ValueError("a column is declared twice in global.columns")
    return columns


def _blocks(text_or_lines: str | Iterable[str]) -> Iterator[tuple[int, list[str]]]:
    """(first line number, lines) of each blank-line-separated block, as conllu splits them."""
    lines = io.StringIO(text_or_lines) if isinstance(text_or_lines, str) else text_or_lines
    block: list[str] = []
    start = 0
    for number, line in enumerate(lines, start=1):
        line = line.rstrip("\r\n")
        if line.strip() == "":
            if block:
                yield start, block
                block = []
            continue
        if not block:
            start = number
        block.append(line)
    if block:
        yield start, block


def read_conllup(text_or_lines: str | Iterable[str], source: str = "<conllu>") -> Iterator[Sentence]:
    """Sentences from CoNLL-U Plus text (a string or lines, e.g. an open
    file); the first bad block raises its TreeParseError."""
    for _, item in conllup_records(text_or_lines, source):
        if isinstance(item, TreeParseError):
            raise item
        yield item


def conllup_records(text_or_lines: str | Iterable[str], source: str = "<conllu>", header: str | None = None
                    ) -> Iterator[tuple[int, Sentence | TreeParseError]]:
    """(first line of its block, sentence or the error reading it) for each
    sentence, going on after a bad block. `header`: the `# global.columns`
    line that holds until the text has its own (a shard of `convert -o DIR/`
    after the first has none: the shards are the file cut in pieces)."""
    columns: list[str] | None = _read_columns(header) if header else None
    for start, block in _blocks(text_or_lines):
        sent_id = "?"
        for line in block:
            m = _SENT_ID_RE.match(line)
            if m:
                sent_id = m.group(1).strip()
        try:
            sent_id = unescape(sent_id)
        except ValueError:
            pass
        location = Location(source, start, sent_id)
        try:
            for line in block:
                if line.startswith(GLOBAL_COLUMNS):
                    columns = _read_columns(line)
            has_words = any(not line.startswith("#") for line in block)
            has_id = any(_SENT_ID_RE.match(line) for line in block)
            if not has_words and not has_id:
                continue
            if columns is None:
                raise ValueError(f"no '{GLOBAL_COLUMNS}' line before the first sentence")
            words = [line for line in block if not line.startswith(COMMENT)]
            parsed = conllu.parse("\n".join(words) + "\n", fields=[c.lower() for c in columns],
                                  field_parsers=_field_parsers(columns))
            if len(parsed) != 1:
                raise ValueError(f"expected one sentence in the block, found {len(parsed)}")
            yield start, _with_comments(_sentence(parsed[0], columns), block)
        except (ValueError, ParseException) as exc:
            yield start, TreeParseError(f"bad CoNLL-U Plus block: {exc}", location)


def _with_comments(sentence: Sentence, block: list[str]) -> Sentence:
    """`sentence` with the values of its `# ptb2fd.NAME = JSON` comments."""
    for line in block:
        if not line.startswith(COMMENT):
            continue
        name, sep, value = line[len(COMMENT):].partition("=")
        name = name.strip()
        if not sep or name not in SENTENCE_FIELDS:
            raise ValueError(f"unknown comment {line[:40]!r} (known: {', '.join(SENTENCE_FIELDS)})")
        try:
            data = json.loads(value)
        except ValueError as exc:
            raise ValueError(f"comment {COMMENT}{name}: not JSON ({exc})") from None
        kinds = {"provenance": dict, "functions": dict, "markup": int, "unknown": dict}
        if not isinstance(data, kinds[name]) or isinstance(data, bool):
            raise ValueError(f"comment {COMMENT}{name}: expected {kinds[name].__name__}")
        setattr(sentence, name, shared(data) if name == "provenance" else data)
    return sentence


def _sentence(tokenlist: conllu.TokenList, columns: list[str]) -> Sentence:
    raw_id = tokenlist.metadata.get("sent_id")
    if raw_id is None:
        raise ValueError("no '# sent_id = ...' line")
    tokens = []
    for row in tokenlist:
        values: dict = {}
        for col in columns:
            value = row[col.lower()]
            if col in COLUMN_FIELD:
                values[COLUMN_FIELD[col]] = value
            elif col in _EXTRA_COLUMN:
                values[_EXTRA_COLUMN[col]] = value
        tokens.append(Token(**values))
    sentence = Sentence(unescape(raw_id), tokens)
    # "# functions = inferred by wsj-dev@1f2e3d4c (9 tags, 1 empty elements)"
    found = _FUNCTIONS_RE.fullmatch(tokenlist.metadata.get("functions", "").strip())
    if found:
        sentence.functions = {"model": found.group(1), "tags": int(found.group(2)),
                              "empty_elements": int(found.group(3))}
    return sentence

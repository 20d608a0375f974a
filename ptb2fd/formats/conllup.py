r"""CoNLL-U Plus output (https://universaldependencies.org/ext-format.html).

The file starts with `header()`:

    # global.columns = ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC PTB2FD:LOGICALROLE ...

the ten CoNLL-U columns, then one `PTB2FD:<FIELD>` column for each `Token`
field the ten do not hold, in `FIELDS` order (`EXTRA_FIELDS`). The ten hold:
ID=id, FORM=word, LEMMA=base, UPOS=cat0, XPOS=cat,
FEATS=`Cat1=..|Pn=..|Tense=..` (only the features that are not None, in this
sorted order; `_` if none), HEAD=head, DEPREL=role, DEPS=`_`, MISC=`_`.
`rules` is written comma-separated.

Each sentence is a block: `# sent_id = <id>`, `# text = <words joined by
spaces>`, one tab-separated line per word, and a blank line.

Escaping. Every column value (and the sent_id) is written with no raw
whitespace, no control character and no ambiguity with `_`:

- `_` alone is the empty value: None for the optional fields, "" for the
  plain string fields, [] for `rules`, an empty FEATS;
- a value that is exactly the one-character string "_" is written `\_`;
- an empty string where `_` would mean None (an optional field, a FEATS
  value, an element of `rules`, the sent_id) is written `\e`;
- backslash `\\`, space `\s`, tab `\t`, line feed `\n`, carriage return `\r`;
- any other whitespace or control character (U+00A0, U+2028, U+0085, ...)
  `\uXXXX` (4 lowercase hex digits);
- in FEATS values only: `|` is `\p` and `=` is `\q`;
- in `rules` elements only: `,` is `\c`.

So the treebank token "1 1/2" is written `1\s1/2`, the rolemarker
"because of" `because\sof`, the word "_" `\_`. Everything else (commas in
FORM, `-` in feature values, any non-ASCII letter) is written as is. Reading
accepts every escape in every column and rejects an unknown one. The
`# text` line is for people only and is never read back: it keeps the spaces
inside words and escapes only backslashes, tabs, line breaks and other
control characters, as above.

`read_conllup` parses with the `conllu` library (`conllu.parse`, one block
at a time, `fields` from the `global.columns` line, a field parser for every
column) and rebuilds exactly the `Sentence` objects that were written: ints
as ints, None as None, `rules` as a list. A block without a sent_id and
without words (e.g. a lone header) is skipped. Problems raise
`TreeParseError` at `source:line (sent_id or "?")`, the line being the first
line of the block.
"""
from __future__ import annotations

import io
import re
from dataclasses import fields
from typing import Iterable, Iterator

import conllu
from conllu.exceptions import ParseException

from ..errors import Location, TreeParseError
from ..record import FIELDS, INT_FIELDS, Sentence, Token

__all__ = ["COLUMNS", "EXTRA_FIELDS", "header", "dump_sentence", "read_conllup", "escape", "unescape"]

_STANDARD = ("ID", "FORM", "LEMMA", "UPOS", "XPOS", "FEATS", "HEAD", "DEPREL", "DEPS", "MISC")
_COLUMN_FIELD = {"ID": "id", "FORM": "word", "LEMMA": "base", "UPOS": "cat0", "XPOS": "cat", "HEAD": "head",
                 "DEPREL": "role"}
_FEATS = {"Cat1": "cat1", "Pn": "pn", "Tense": "tense"}  # name -> field, names in sorted order
_FEATS_ORDER = tuple(sorted(_FEATS))
_IN_STANDARD = frozenset(_COLUMN_FIELD.values()) | frozenset(_FEATS.values())

EXTRA_FIELDS: tuple[str, ...] = tuple(name for name in FIELDS if name not in _IN_STANDARD)
COLUMNS: tuple[str, ...] = _STANDARD + tuple(f"PTB2FD:{name.upper()}" for name in EXTRA_FIELDS)
_EXTRA_COLUMN = {f"PTB2FD:{name.upper()}": name for name in EXTRA_FIELDS}

_NULLABLE = frozenset(f.name for f in fields(Token) if "None" in str(f.type))

_CODES = {"\\": "\\\\", " ": "\\s", "\t": "\\t", "\n": "\\n", "\r": "\\r", "|": "\\p", "=": "\\q", ",": "\\c"}
_DECODES = {code[1]: ch for ch, code in _CODES.items()} | {"_": "_", "e": ""}
_SPECIAL = r"\\\s\x00-\x1f\x7f-\x9f"  # backslash, all whitespace, C0/C1 controls (a regex class body)
_ESCAPE_RE = {extra: re.compile(f"[{_SPECIAL}{re.escape(extra)}]") for extra in ("", "|=", ",")}
_TEXT_RE = re.compile(r"[\\\x00-\x1f\x7f-\x9f]|[^\S ]")  # like escape(), but spaces stay
_UNESCAPE_RE = re.compile(r"\\(u[0-9A-Fa-f]{4}|.?)", re.DOTALL)
_INT_RE = re.compile(r"-?[0-9]+")
_SENT_ID_RE = re.compile(r"#\s*sent_id\s*=(.*)")
_GLOBAL_COLUMNS = "# global.columns ="


def _code(match: re.Match) -> str:
    ch = match.group()
    return _CODES.get(ch) or f"\\u{ord(ch):04x}"


def escape(value: str, extra: str = "") -> str:
    """`value` with backslash, whitespace and control characters escaped
    (and the characters of `extra`, among "|=,"). Does not treat "" or "_"."""
    pattern = _ESCAPE_RE[extra]
    return pattern.sub(_code, value) if pattern.search(value) else value


def unescape(value: str) -> str:
    """Undo `escape` (and `\\_`, `\\e`); ValueError for an unknown escape."""
    if "\\" not in value:
        return value

    def decode(match: re.Match) -> str:
        code = match.group(1)
        if len(code) == 5:
            return chr(int(code[1:], 16))
        if code in _DECODES:
            return _DECODES[code]
        raise ValueError(f"unknown escape {match.group()!r} in {value!r}")

    return _UNESCAPE_RE.sub(decode, value)


def _str(value: str, extra: str = "") -> str:
    """A plain string: "" is `_`."""
    if value == "":
        return "_"
    return "\\_" if value == "_" else escape(value, extra)


def _opt(value: str | None, extra: str = "") -> str:
    """An optional string: None is `_`, "" is `\\e`."""
    if value is None:
        return "_"
    return "\\e" if value == "" else _str(value, extra)


def _int(value: int | None) -> str:
    return "_" if value is None else str(int(value))


def _rules(values: list[str]) -> str:
    if not values:
        return "_"
    return ",".join(_opt(v, ",") for v in values)


def _feats(token: Token) -> str:
    parts = [f"{name}={_opt(getattr(token, _FEATS[name]), '|=')}" for name in _FEATS_ORDER
             if getattr(token, _FEATS[name]) is not None]
    return "|".join(parts) or "_"


def _extra(token: Token, name: str) -> str:
    value = getattr(token, name)
    if name == "rules":
        return _rules(value)
    if name in INT_FIELDS:
        return _int(value)
    return _opt(value) if name in _NULLABLE else _str(value)


def header() -> str:
    """The `# global.columns = ...` line, with its newline."""
    return f"{_GLOBAL_COLUMNS} {' '.join(COLUMNS)}\n"


def dump_sentence(sentence: Sentence) -> str:
    """The block of one sentence, ending with the blank line."""
    text = " ".join(_TEXT_RE.sub(_code, w) for w in sentence.words)
    lines = [f"# sent_id = {_opt(sentence.id)}", f"# text = {text}".rstrip()]
    for tok in sentence.tokens:
        cols = [_int(tok.id), _str(tok.word), _str(tok.base), _str(tok.cat0), _str(tok.cat), _feats(tok),
                _int(tok.head), _str(tok.role), "_", "_"]
        cols.extend(_extra(tok, name) for name in EXTRA_FIELDS)
        lines.append("\t".join(cols))
    return "\n".join(lines) + "\n\n"


# Reading -------------------------------------------------------------------

def _field_kind(name: str):
    """The decoder of one Token field's column value."""
    if name == "rules":
        return lambda v: [] if v == "_" else [unescape(x) for x in v.split(",")]
    if name in INT_FIELDS:
        nullable = name in _NULLABLE

        def parse_int(v: str) -> int | None:
            if v == "_" and nullable:
                return None
            if not _INT_RE.fullmatch(v):
                raise ValueError(f"{v!r} is not an integer")
            return int(v)

        return parse_int
    if name in _NULLABLE:
        return lambda v: None if v == "_" else unescape(v)
    return lambda v: "" if v == "_" else unescape(v)


def _parse_feats(value: str) -> dict[str, str]:
    if value == "_":
        return {}
    feats: dict[str, str] = {}
    for part in value.split("|"):
        name, eq, val = part.partition("=")
        if not eq or name not in _FEATS:
            raise ValueError(f"bad feature {part!r} (expected one of {', '.join(_FEATS_ORDER)}=value)")
        if _FEATS[name] in feats:
            raise ValueError(f"feature {name} given twice")
        feats[_FEATS[name]] = unescape(val)
    return feats


def _decoders() -> dict[str, object]:
    """Column name (upper case) -> decoder of its value; the result is stored
    under the conllu token key (the lower-cased column name)."""
    dec: dict[str, object] = {col: _field_kind(name) for col, name in _COLUMN_FIELD.items()}
    dec["FEATS"] = _parse_feats
    dec["DEPS"] = dec["MISC"] = lambda v: v  # always `_`; not part of a Token
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
    columns = line[len(_GLOBAL_COLUMNS):].split()
    unknown = [c for c in columns if c not in _DECODERS]
    if unknown:
        raise ValueError(f"unknown column(s) in global.columns: {' '.join(unknown)}")
    missing = [c for c in COLUMNS if c not in columns]
    if missing:
        raise ValueError(f"missing column(s) in global.columns: {' '.join(missing)}")
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
    """Sentences from CoNLL-U Plus text (a string or lines, e.g. an open file)."""
    columns: list[str] | None = None
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
                if line.startswith(_GLOBAL_COLUMNS):
                    columns = _read_columns(line)
            has_words = any(not line.startswith("#") for line in block)
            has_id = any(_SENT_ID_RE.match(line) for line in block)
            if not has_words and not has_id:
                continue
            if columns is None:
                raise ValueError(f"no '{_GLOBAL_COLUMNS}' line before the first sentence")
            parsed = conllu.parse("\n".join(block) + "\n", fields=[c.lower() for c in columns],
                                  field_parsers=_field_parsers(columns))
            if len(parsed) != 1:
                raise ValueError(f"expected one sentence in the block, found {len(parsed)}")
            yield _sentence(parsed[0], columns)
        except (ValueError, ParseException) as exc:
            raise TreeParseError(f"bad CoNLL-U Plus block: {exc}", location) from exc


def _sentence(tokenlist: conllu.TokenList, columns: list[str]) -> Sentence:
    raw_id = tokenlist.metadata.get("sent_id")
    if raw_id is None:
        raise ValueError("no '# sent_id = ...' line")
    tokens = []
    for row in tokenlist:
        values: dict = {}
        for col in columns:
            value = row[col.lower()]
            if col == "FEATS":
                values.update({name: None for name in _FEATS.values()})
                values.update(value)
            elif col in _COLUMN_FIELD:
                values[_COLUMN_FIELD[col]] = value
            elif col in _EXTRA_COLUMN:
                values[_EXTRA_COLUMN[col]] = value
        tokens.append(Token(**values))
    return Sentence(unescape(raw_id), tokens)

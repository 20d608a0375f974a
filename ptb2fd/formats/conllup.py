r"""CoNLL-U Plus output (https://universaldependencies.org/ext-format.html).

The file starts with `header()`:

    # global.columns = ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC PTB2FD:LOGICALROLE ...

the ten CoNLL-U columns, then one `PTB2FD:<FIELD>` column for each `Token`
field the ten do not hold, in `FIELDS` order (`EXTRA_FIELDS`: PTB2FD:CAT0,
PTB2FD:CAT1, PTB2FD:TENSE, PTB2FD:PN, PTB2FD:LOGICALROLE, ...). The ten hold:
ID=id, FORM=word, LEMMA=base, UPOS=a Universal POS tag (UD v2, one of 17)
from the table of penn_upos.yaml (upos.py; it is derived, and not read
back), XPOS=cat (the Treebank's tag), FEATS=`_` (ptb2fd's features are
not UD features: they are in the PTB2FD columns), HEAD=head, DEPREL=role,
DEPS=`_`, MISC=`_`. `rules` is written comma-separated.

Each sentence is a block: `# sent_id = <id>`, `# text = <words joined by
spaces>`, the `# ptb2fd.*` comments, one tab-separated line per word, and a
blank line. The comments carry what is not a word's: each one's value is
compact JSON (ASCII only), read back exactly, and present only when the
sentence has it:

    # ptb2fd.provenance = {"ptb2fd":"0.3.0","rules":"rules",...}
    # ptb2fd.functions = {"model":"wsj-dev@1f2e3d4c","tags":9,"empty_elements":1}
    # ptb2fd.markup = 2
    # ptb2fd.unknown = {"label:ZZP":1}

(provenance: how the records were made, as in JSONL; functions: the tags
were predicted, also said for people as `# functions = inferred by ...`;
markup: markup leaves removed; unknown: labels treebank.yaml does not know.)

Escaping. Every column value (and the sent_id) is written with no raw
whitespace, no control character and no ambiguity with `_`:

- `_` alone is the empty value: None for the optional fields, "" for the
  plain string fields, [] for `rules`;
- a value that is exactly the one-character string "_" is written `\_`;
- an empty string where `_` would mean None (an optional field, an
  element of `rules`, the sent_id) is written `\e`;
- backslash `\\`, space `\s`, tab `\t`, line feed `\n`, carriage return `\r`;
- any other whitespace or control character (U+00A0, U+2028, U+0085, ...)
  `\uXXXX` (4 lowercase hex digits);
- in `rules` elements only: `,` is `\c`.

So the treebank token "1 1/2" is written `1\s1/2`, the rolemarker
"because of" `because\sof`, the word "_" `\_`. Everything else (commas in
FORM, `-` in feature values, any non-ASCII letter) is written as is. Reading
accepts every escape in every column and rejects an unknown one. The
`# text` line is for people only and is never read back: it keeps the spaces
inside words and escapes only backslashes, tabs, line breaks and other
control characters, as above.

Reading back is in conllup_read.py (`read_conllup`).
"""
from __future__ import annotations

import json
import re
from dataclasses import fields

from ptb2fd.formats.upos import upos_tags
from ptb2fd.record import FIELDS, INT_FIELDS, Sentence, Token

__all__ = ["COLUMNS", "EXTRA_FIELDS", "header", "dump_sentence", "escape", "unescape"]

_STANDARD = ("ID", "FORM", "LEMMA", "UPOS", "XPOS", "FEATS", "HEAD", "DEPREL", "DEPS", "MISC")
COLUMN_FIELD = {"ID": "id", "FORM": "word", "LEMMA": "base", "XPOS": "cat", "HEAD": "head", "DEPREL": "role"}
DERIVED = ("UPOS", "FEATS", "DEPS", "MISC")  # written from the record (UPOS) or `_`; not read back
_IN_STANDARD = frozenset(COLUMN_FIELD.values())

EXTRA_FIELDS: tuple[str, ...] = tuple(name for name in FIELDS if name not in _IN_STANDARD)
COLUMNS: tuple[str, ...] = _STANDARD + tuple(f"PTB2FD:{name.upper()}" for name in EXTRA_FIELDS)

NULLABLE = frozenset(f.name for f in fields(Token) if "None" in str(f.type))

_CODES = {"\\": "\\\\", " ": "\\s", "\t": "\\t", "\n": "\\n", "\r": "\\r", ",": "\\c"}
_DECODES = {code[1]: ch for ch, code in _CODES.items()} | {"_": "_", "e": ""}
_SPECIAL = r"\\\s\x00-\x1f\x7f-\x9f"  # backslash, all whitespace, C0/C1 controls (a regex class body)
_ESCAPE_RE = {extra: re.compile(f"[{_SPECIAL}{re.escape(extra)}]") for extra in ("", ",")}
_TEXT_RE = re.compile(r"[\\\x00-\x1f\x7f-\x9f]|[^\S ]")  # like escape(), but spaces stay
_UNESCAPE_RE = re.compile(r"\\(u[0-9A-Fa-f]{4}|.?)", re.DOTALL)
GLOBAL_COLUMNS = "# global.columns ="
COMMENT = "# ptb2fd."  # the comments of what is not a word's (sentence fields)
SENTENCE_FIELDS = ("provenance", "functions", "markup", "unknown")


def _code(match: re.Match) -> str:
    ch = match.group()
    return _CODES.get(ch) or f"\\u{ord(ch):04x}"


def escape(value: str, extra: str = "") -> str:
    """`value` with backslash, whitespace and control characters escaped
    (and the characters of `extra`: "," in `rules`). Does not treat "" or "_"."""
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


def _extra(token: Token, name: str) -> str:
    value = getattr(token, name)
    if name == "rules":
        return _rules(value)
    if name in INT_FIELDS:
        return _int(value)
    return _opt(value) if name in NULLABLE else _str(value)


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=True, separators=(",", ":"))


def header() -> str:
    """The `# global.columns = ...` line, with its newline."""
    return f"{GLOBAL_COLUMNS} {' '.join(COLUMNS)}\n"


def dump_sentence(sentence: Sentence) -> str:
    """The block of one sentence, ending with the blank line."""
    text = " ".join(_TEXT_RE.sub(_code, w) for w in sentence.words)
    lines = [f"# sent_id = {_opt(sentence.id)}", f"# text = {text}".rstrip()]
    if sentence.provenance:
        lines.append(f"{COMMENT}provenance = {_json(sentence.provenance)}")
    if sentence.functions:  # parser output: the function tags were predicted
        f = sentence.functions
        lines.append(f"# functions = inferred by {_TEXT_RE.sub(_code, str(f.get('model')))} ({f.get('tags', 0)} "
                     f"tags, {f.get('empty_elements', 0)} empty elements)")
        lines.append(f"{COMMENT}functions = {_json(f)}")
    if sentence.markup:
        lines.append(f"{COMMENT}markup = {sentence.markup}")
    if sentence.unknown:
        lines.append(f"{COMMENT}unknown = {_json(sentence.unknown)}")
    for tok, upos in zip(sentence.tokens, upos_tags(sentence)):
        cols = [_int(tok.id), _str(tok.word), _str(tok.base), upos, _str(tok.cat), "_",
                _int(tok.head), _str(tok.role), "_", "_"]
        cols.extend(_extra(tok, name) for name in EXTRA_FIELDS)
        lines.append("\t".join(cols))
    return "\n".join(lines) + "\n\n"

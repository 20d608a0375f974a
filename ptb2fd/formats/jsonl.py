"""JSON Lines output: one sentence per line.

A line is a JSON object with two keys, in this order: "id" (the sentence id)
and "tokens" (a list of objects, one per word, each with every `Token` field
in `FIELDS` order), a third, "unknown", only when the tree had labels or
tags that treebank.yaml does not know: `{"label:ZZP": 1, "tag:QQ": 1}`, and
a fourth, "functions", only when the function tags were predicted (parser
output): `{"model": "wsj-dev@1f2e3d4c", "tags": 9, "empty_elements": 1}`,
a fifth, "markup", only when markup leaves were removed from the tree (their
number), and last "provenance", how the record was made (record.py,
conversion/provenance.py): `{"ptb2fd": "0.3.0", "rules": "rules",
"rules_sha256": "...", "functions": "auto", "function_model": "wsj-dev@...",
"created": "2026-11-28T01:02:03Z"}`.

Why provenance is a field of every line and not a first metadata line:
every line stays one sentence, so a file cut (`head`, `split`, `regen
--jobs` cutting at line boundaries), joined (`cat`) or loaded as a table
(pandas `read_json(lines=True)`, DuckDB `read_json`) keeps the provenance
of each record, and no reader has to know a line to skip. It costs about
220 bytes a sentence (2% of GUM's file).
Non-ASCII text is written as is (`ensure_ascii=False`), compact separators, no trailing newline; the same
`Sentence` always gives the same string.

    {"id":"wsj_0001.mrg:1","tokens":[{"id":1,"word":"It",...,"rules":[]}]}

The JSON encoder escapes every control character, so a line never contains a
raw line feed or carriage return. The three other characters that Python's
`str.splitlines()` treats as line breaks (U+0085, U+2028, U+2029) are written
as `\\u0085`, `\\u2028`, `\\u2029` too, so a file can be split into lines by any
reader without cutting a record in two.

`read_jsonl` reads such lines back. Blank lines are skipped. A bad line
(invalid JSON, not an object, missing or unknown keys, unknown or missing
token fields, a value of the wrong type) raises `TreeParseError` located at
`source:line (sentence id or "?")`.
"""
from __future__ import annotations

import json
from dataclasses import MISSING, fields
from typing import Iterable, Iterator

import orjson

from ptb2fd.errors import Location, TreeParseError
from ptb2fd.record import FIELDS, INT_FIELDS, Sentence, Token, token_from_dict, token_values

__all__ = ["dump_sentence", "read_jsonl"]

_SENTENCE_KEYS = ("id", "tokens")
_NULLABLE = frozenset(f.name for f in fields(Token) if "None" in str(f.type))
_REQUIRED = frozenset(f.name for f in fields(Token) if f.default is MISSING and f.default_factory is MISSING)
_LINE_BREAKS = {"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def dump_sentence(sentence: Sentence) -> str:
    """One JSON line (without the newline) for `sentence`.

    orjson writes the `Token` dataclasses directly, fields in order, with
    the same bytes as `json.dumps(..., ensure_ascii=False, separators=(",",
    ":"))` (tests/unit/test_formats.py compares them); what orjson refuses
    (a lone surrogate, an integer over 64 bits) goes through `json`.
    """
    data = {"id": sentence.id, "tokens": sentence.tokens}
    if sentence.unknown:
        data["unknown"] = sentence.unknown
    if sentence.functions:
        data["functions"] = sentence.functions
    if sentence.markup:
        data["markup"] = sentence.markup
    if sentence.provenance:
        data["provenance"] = sentence.provenance
    try:
        line = orjson.dumps(data).decode("utf-8")
    except TypeError:
        line = _dump_with_json(sentence)
    if any(ch in line for ch in _LINE_BREAKS):
        for ch, escaped in _LINE_BREAKS.items():
            line = line.replace(ch, escaped)
    return line


def _dump_with_json(sentence: Sentence) -> str:
    data = {
        "id": sentence.id,
        "tokens": [dict(zip(FIELDS, token_values(tok))) for tok in sentence.tokens],
    }
    if sentence.unknown:
        data["unknown"] = sentence.unknown
    if sentence.functions:
        data["functions"] = sentence.functions
    if sentence.markup:
        data["markup"] = sentence.markup
    if sentence.provenance:
        data["provenance"] = sentence.provenance
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def read_jsonl(lines: Iterable[str], source: str = "<jsonl>") -> Iterator[Sentence]:
    """Sentences from JSON lines (e.g. an open file); see the module docstring."""
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        sent_id = "?"
        try:
            data = json.loads(line)
            if not isinstance(data, dict):
                raise ValueError(f"expected a JSON object, found {type(data).__name__}")
            if isinstance(data.get("id"), str):
                sent_id = data["id"]
            yield _sentence(data)
        except (ValueError, TypeError) as exc:  # json.JSONDecodeError is a ValueError
            raise TreeParseError(f"bad JSON line: {exc}", Location(source, number, sent_id)) from exc


def _sentence(data: dict) -> Sentence:
    missing = [k for k in _SENTENCE_KEYS if k not in data]
    if missing:
        raise ValueError(f"missing key(s): {', '.join(missing)}")
    unknown = sorted(set(data) - set(_SENTENCE_KEYS) - {"unknown", "functions", "markup", "provenance"})
    if unknown:
        raise ValueError(f"unknown key(s): {', '.join(unknown)}")
    if not isinstance(data["id"], str):
        raise ValueError("'id' must be a string")
    if not isinstance(data["tokens"], list):
        raise ValueError("'tokens' must be a list")
    tokens = []
    for i, tok in enumerate(data["tokens"], start=1):
        if not isinstance(tok, dict):
            raise ValueError(f"token {i}: expected an object")
        try:
            _check_token(tok)
            tokens.append(token_from_dict(tok))
        except (ValueError, TypeError) as exc:
            raise ValueError(f"token {i}: {exc}") from exc
    labels = data.get("unknown")
    if labels is not None and not (isinstance(labels, dict) and all(
            isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) for k, v in labels.items())):
        raise ValueError("'unknown' must map labels to counts")
    functions = data.get("functions")
    if functions is not None and not (isinstance(functions, dict) and isinstance(functions.get("model"), str)):
        raise ValueError("'functions' must be an object naming the model")
    markup = data.get("markup")
    if markup is not None and (not isinstance(markup, int) or isinstance(markup, bool) or markup < 0):
        raise ValueError("'markup' must be a count")
    made = data.get("provenance")
    if made is not None and not isinstance(made, dict):
        raise ValueError("'provenance' must be an object")
    return Sentence(data["id"], tokens, labels or None, functions or None, markup or None, shared(made or None))


_SHARED: dict = {}


def shared(made: dict | None) -> dict | None:
    """One dict for equal provenances (a corpus of a million sentences has
    a handful), so reading does not keep a million copies."""
    if made is None:
        return None
    try:
        key = tuple(made.items())
        return _SHARED.setdefault(key, made) if len(_SHARED) < 1024 else made
    except TypeError:  # an unhashable value (a nested object): kept as is
        return made


def _check_token(tok: dict) -> None:
    unknown = sorted(set(tok) - set(FIELDS))
    if unknown:
        raise ValueError(f"unknown token field(s): {', '.join(unknown)}")
    missing = [name for name in FIELDS if name in _REQUIRED and name not in tok]
    if missing:
        raise ValueError(f"missing token field(s): {', '.join(missing)}")
    for name, value in tok.items():
        if value is None and name in _NULLABLE:
            continue
        if name == "rules":
            ok = isinstance(value, list) and all(isinstance(r, str) for r in value)
            expected = "a list of strings"
        elif name in INT_FIELDS:
            ok = isinstance(value, int) and not isinstance(value, bool)
            expected = "an integer"
        else:
            ok = isinstance(value, str)
            expected = "a string"
        if not ok:
            raise ValueError(f"field {name!r} must be {expected}{' or null' if name in _NULLABLE else ''}, "
                             f"found {json.dumps(value, ensure_ascii=False)}")

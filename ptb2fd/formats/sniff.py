"""What a file holds, found from its content, never from its name.

`sniff_file(path)` opens the file (gzip by its magic bytes) and looks at its
first bytes and first non-blank line; `looks_like(line)` does the second
part for a line already read (standard input). The answer is one of:

- `PARQUET` (the `PAR1` magic), `JSONL` (a line opening with `{` or `[`),
  `CONLLUP` (`# global.columns = ...`, as `convert -o X.conllup` writes):
  converted records, which `regen`, `stats`, `train`, ... read back;
- `TREES` (a line opening with `(`): bracketed trees, which `convert` reads;
- `EMPTY`: nothing but blank lines and comments (an error for every command);
- `OTHER`: anything else, with `describe(...)` saying what it seems to be
  (plain CoNLL-U, the paper's notation, XML, binary data).

    looks_like('( (S (NP-SBJ (PRP It)) ...')          -> 'trees'
    looks_like('{"id":"a:1","tokens":[...]}')          -> 'jsonl'
    looks_like('# global.columns = ID FORM LEMMA ...') -> 'conllup'

`sniff_file` passes over `#` comment lines before the first tree
(`classify`). Known limit: only the first other line decides, so a JSONL
file whose first line is damaged but starts with `{` is taken for JSONL
(its error then names that line).
"""
from __future__ import annotations

import re
import zlib

PARQUET, JSONL, CONLLUP, TREES, EMPTY, OTHER = "parquet", "jsonl", "conllup", "trees", "empty", "other"
RECORDS = frozenset({PARQUET, JSONL, CONLLUP})
NAMES = {PARQUET: "Parquet records", JSONL: "JSONL records", CONLLUP: "CoNLL-U Plus records",
         TREES: "bracketed trees", EMPTY: "nothing (no line with text)"}
_CONLLU_WORD = re.compile(r"\d+(?:[-.]\d+)?\t")
_PEEK = 1 << 16  # bytes read to find the first non-blank line


def looks_like(line: str) -> str:
    """The kind of a file whose first non-blank line is `line` ("" when there is none)."""
    text = line.lstrip("\ufeff \t\r\n")
    if not text:
        return EMPTY
    if text.startswith(("{", "[")):
        return JSONL
    if text.startswith("("):
        return TREES
    if text.startswith("# global.columns"):
        return CONLLUP
    return OTHER


def describe(line: str) -> str:
    """What a file of kind OTHER (first non-blank line `line`) seems to be."""
    text = line.lstrip("\ufeff \t")
    if "\x00" in text or text.count("\ufffd") > 2:
        return "binary data, not text"
    if (text.startswith("#") and ("sent_id" in text or "text =" in text)) or _CONLLU_WORD.match(text):
        return "plain CoNLL-U (no '# global.columns' line: not the CoNLL-U Plus that ptb2fd writes)"
    if (text.startswith("# ") and ":" in text) or _HALOGEN.match(text):  # `--format halogen`: "# ID", "( / join"
        return "the paper's notation of --format halogen (written for reading, not read back)"
    if text.startswith("<"):
        return "XML or HTML"
    return "text that is neither trees nor records"


_HALOGEN = re.compile(r"\(\s*/\s")  # "( / join": the paper's notation, not a tree


def classify(text: str) -> tuple[str, str]:
    """(kind, the line that decides it) of a file that starts with `text`.
    `#` lines before the first tree are comments of a tree file ("# file:
    a.mrg"), so they are passed over, except CoNLL-U Plus's header."""
    first_comment = ""
    for line in text.splitlines():
        stripped = line.lstrip("\ufeff \t\r\n")
        if not stripped:
            continue
        if stripped.startswith("#") and not stripped.startswith("# global.columns"):
            first_comment = first_comment or line
            continue
        kind = looks_like(stripped)
        if kind == TREES and _HALOGEN.match(stripped):
            return OTHER, line
        if kind == OTHER and first_comment and not _CONLLU_WORD.match(stripped):
            return OTHER, first_comment
        return kind, line
    return EMPTY, first_comment


def sniff_file(path: str) -> tuple[str, str]:
    """(kind, first non-blank line) of the file at `path`; OSError if it cannot be read."""
    with open(path, "rb") as handle:
        head = handle.read(_PEEK)
    if head.startswith(b"PAR1"):
        return PARQUET, ""
    if head.startswith(b"\x1f\x8b"):
        # The start of the data only: a truncated file is sniffed by what it
        # has (its reader reports where it breaks), corrupt data is binary.
        try:
            head = zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(head, _PEEK)
        except zlib.error:
            return OTHER, "\ufffd" * 3
    text = head.decode("utf-8", errors="replace")
    if len(head) == _PEEK:  # the last line may be cut: leave it out unless it is the only one
        text = text[:text.rfind("\n") + 1] or text
    return classify(text)


def wrong_type(path: str, kind: str, line: str, wanted: str) -> str:
    """The one line for a file of `kind` given where `wanted` (TREES or
    RECORDS) are expected: what it is and what reads it."""
    what = NAMES.get(kind) or describe(line)
    if wanted == TREES:
        if kind in RECORDS:
            return (f"{path}: {what}, not trees: `ptb2fd regen`, `stats` and `train` read records "
                    f"(`ptb2fd convert {path} -o OTHER` writes them in another format)")
        return f"{path}: not trees; this looks like {what}"
    if kind == TREES:
        return f"{path}: {what}, not records: run `ptb2fd convert {path} -o FILE.jsonl` first"
    return (f"{path}: not converted records (JSONL, CoNLL-U Plus or Parquet, as `ptb2fd convert` writes); "
            f"this looks like {what}")


def not_a_report(path: str) -> str | None:
    """For `analyse` and `diff`, which read `regen --report` folders: the
    one line for a file of records given instead, else None."""
    import os

    if not os.path.isfile(path):
        return None
    try:
        kind, _ = sniff_file(path)
    except OSError:
        return None
    if kind not in RECORDS:
        return None
    return (f"{path}: {NAMES[kind]}, not a regen --report folder: run `ptb2fd regen {path} --report DIR` first, "
            f"then give DIR")

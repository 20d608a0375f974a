"""What a file seems to hold, from its first non-blank line: for a command
that reads converted JSONL and is given something else, so it can say what
the file looks like instead of "bad JSON line" on every line.

    looks_like('( (S (NP-SBJ (PRP It)) ...') -> 'bracketed trees: run `ptb2fd convert FILE -o FILE.jsonl` first'
    looks_like('{"id":"a:1","tokens":[...]}') -> None (JSON: read it as records)

Known limit: only the first line is looked at, so a JSONL file whose first
line is damaged is taken for "not JSON Lines".
"""
from __future__ import annotations

import re

_CONLLU_WORD = re.compile(r"\d+(?:[-.]\d+)?\t")
CONVERT = "run `ptb2fd convert FILE -o FILE.jsonl` first"
AGAIN = "only JSONL is read back: convert the trees again with --format jsonl, the default"


def looks_like(line: str) -> str | None:
    """None for a line that may be JSON Lines; else what the file seems to be."""
    text = line.lstrip("\ufeff \t")
    if text.startswith(("{", "[")):
        return None
    if "\x00" in text or text.count("\ufffd") > 2:
        return "binary data, not text"
    if text.startswith("("):
        return f"bracketed trees: {CONVERT}"
    if text.startswith("# global.columns") or (text.startswith("#") and "sent_id" in text) or \
            _CONLLU_WORD.match(text):
        return f"CoNLL-U ({AGAIN})"
    if text.startswith("# ") and ":" in text:  # `--format halogen` opens each sentence with "# ID"
        return f"the paper's notation of --format halogen ({AGAIN})"
    if text.startswith("<"):
        return "XML or HTML"
    return "text that is not JSON Lines (one JSON object per line, as `ptb2fd convert` writes)"

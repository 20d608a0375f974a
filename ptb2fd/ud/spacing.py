"""Where the original text had no space, and the sentence's text.

The Treebank keeps no spacing, so it is restored by the conventions of
English typesetting (as detokenizers do): no space before closing
punctuation and clitics ("Vinken ," -> "Vinken,", "do n't" -> "don't",
"John 's" -> "John's"), none after an opening bracket, currency sign or
opening quote, none around a hyphen tagged HYPH ("well - known" ->
"well-known"). A straight double quote opens and closes by turns.
"""
from __future__ import annotations

NO_SPACE_BEFORE = frozenset({",", ".", ";", ":", "!", "?", "%", ")", "]", "}", "''", "”", "’", "...", "-RRB-",
                             "-RSB-", "-RCB-", "'s", "’s", "'re", "’re", "'ve", "’ve", "'ll", "’ll", "'d", "’d",
                             "'m", "’m", "n't", "n’t", "'", "…"})
NO_SPACE_AFTER = frozenset({"(", "[", "{", "$", "#", "``", "“", "‘", "-LRB-", "-LSB-", "-LCB-", "US$", "C$", "A$"})
NO_SPACE_AFTER_TAGS = frozenset({"$", "-LRB-", "``"})
NO_SPACE_BEFORE_TAGS = frozenset({"POS", "-RRB-", "''"})
JOINING_TAGS = frozenset({"HYPH"})


def space_after(words: list[str], tags: list[str]) -> list[bool]:
    """Whether a space follows each word (False after the last)."""
    n = len(words)
    out = [True] * n
    open_quote = False
    for i, (w, tag) in enumerate(zip(words, tags)):
        low = w.lower()
        if w == '"':
            open_quote = not open_quote
            if open_quote:
                out[i] = False
            elif i > 0:
                out[i - 1] = False
            continue
        if i > 0 and (low in NO_SPACE_BEFORE or tag in NO_SPACE_BEFORE_TAGS or tag in JOINING_TAGS):
            out[i - 1] = False
        if w in NO_SPACE_AFTER or tag in NO_SPACE_AFTER_TAGS or tag in JOINING_TAGS:
            out[i] = False
    if n:
        out[-1] = False
    return out


def text_of(words: list[str], spaces: list[bool]) -> str:
    return "".join(w + (" " if s else "") for w, s in zip(words, spaces)).strip()

"""How the dictionary writes a word: the lemmas WordNet spells only with a
capital, per part of speech ("American"/n and /a, "Japanese"/a; not
"today", not "champagne", which WordNet also writes lowercase).

A regeneration view lowers the capital a sentence's first word has only
because it comes first; a noun or adjective that the dictionary always
capitalizes keeps it ("Americans today spend ..." -> "Americans", not
"americans"). The table is read from WordNet's `data.noun` and `data.adj`
(the synset members keep their case there; the index files are
lowercase) once, and cached like morphy's tables (`ptb2fd.cache`).
"""
from __future__ import annotations

import threading
from pathlib import Path

from ptb2fd import cache

# WordNet part of speech -> the data file whose synset members are read.
DATA_FILES = {"n": "data.noun", "a": "data.adj"}

_lock = threading.Lock()
_table: dict[str, str] | None = None


def parse_data_lines(lines, pos: str, spellings: dict[str, dict[str, set[str]]]) -> None:
    """Add the members of the synsets in `lines` (a WordNet data file) to
    `spellings`: lowercased lemma -> pos -> its spellings.
    A data line is `offset lex_filenum ss_type w_cnt(hex) word lex_id ...`;
    adjective members may carry a marker ("galore(ip)"), dropped."""
    for line in lines:
        if not line or line.startswith(" "):
            continue  # the licence header
        parts = line.split(" ", 4 + 2 * 255)
        count = int(parts[3], 16)
        for k in range(count):
            word = parts[4 + 2 * k].split("(", 1)[0]
            if word[:1].isalpha():
                spellings.setdefault(word.lower(), {}).setdefault(pos, set()).add(word)


def capitalized_only(spellings: dict[str, dict[str, set[str]]]) -> dict[str, str]:
    """spelling -> the parts of speech ("na") in which the dictionary writes
    its lemma only with an initial capital ("American"; not "IT":
    "It" is no spelling of it)."""
    out: dict[str, str] = {}
    for by_pos in spellings.values():
        for p, words in sorted(by_pos.items()):
            if all(w[0].isupper() for w in words):
                for w in words:
                    out[w] = out.get(w, "") + p
    return out


def _build(folder: Path) -> dict[str, str]:
    spellings: dict[str, dict[str, set[str]]] = {}
    for pos, name in DATA_FILES.items():
        with open(folder / name, encoding="utf-8") as handle:
            parse_data_lines(handle, pos, spellings)
    return capitalized_only(spellings)


def dictionary_capitalized() -> dict[str, str]:
    """The table for the WordNet that `ptb2fd.lexicon.wordnet` finds, loaded once."""
    global _table
    if _table is None:
        with _lock:
            if _table is None:
                from ptb2fd.lexicon.wordnet import wordnet_folder

                folder = wordnet_folder()
                _table = cache.cached("dictionary-case", table_key(folder), lambda: _build(folder))
    return _table


def table_key(folder: Path | None = None) -> str:
    """The cache key of the table: the WordNet files it is read from and this module's source."""
    if folder is None:
        from ptb2fd.lexicon.wordnet import wordnet_folder

        folder = wordnet_folder()
    return cache.make_key("dictionary-case", str(folder), cache.file_stamps(folder, DATA_FILES.values()),
                          cache.source_hash(__file__))


def always_capitalized(base: str, pos: str) -> bool:
    """Whether the dictionary writes `base` (a lemma, as spelled) only with a
    capital as a `pos` ("n" or "a")."""
    return pos in dictionary_capitalized().get(base, "")

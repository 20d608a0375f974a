"""WordNet lexicographer classes of head words, for the function-tag model.

A head noun's class says what it names ("noun.time" for "quarter",
"noun.location" for "city"), a verb's what it does ("verb.motion" for
"rose"): evidence for -TMP, -LOC, -DIR on words the training trees never
had. The class of a word is that of its first (most frequent) WordNet 3.0
sense, after WordNet's exception lists and suffix rules give its lemma
("quarters" -> "quarter", "rose" -> "rise"); a word WordNet does not have
gets none.

The table (lemma -> class, per part of speech) is built once from the
WordNet files ptb2fd installs (ptb2fd.lexicon.wordnet) and kept in the
cache (ptb2fd.cache) under a key of those files: the same files, the same
classes, so a model's features are the same on every machine.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

FILES = ("index.noun", "data.noun", "noun.exc", "index.verb", "data.verb", "verb.exc", "lexnames")
_SUFFIXES = {"n": (("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"), ("men", "man"),
                   ("ies", "y"), ("s", "")),
             "v": (("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", ""),
                   ("s", ""))}


def _build(folder: Path) -> dict[str, dict[str, str]]:
    names = {}
    for line in (folder / "lexnames").read_text(encoding="utf-8").splitlines():
        parts = line.split()
        if len(parts) >= 2:
            names[parts[0].lstrip("0") or "0"] = parts[1]
    out: dict[str, dict[str, str]] = {}
    for pos, name in (("n", "noun"), ("v", "verb")):
        table: dict[str, str] = {}
        with open(folder / f"data.{name}", "rb") as data:
            for line in (folder / f"index.{name}").read_text(encoding="utf-8").splitlines():
                if line.startswith(" "):
                    continue
                parts = line.split()
                offset = parts[-int(parts[2])]  # the first sense's synset
                data.seek(int(offset))
                filenum = data.readline().split()[1].decode("ascii")
                table[parts[0]] = names.get(filenum.lstrip("0") or "0", "")
        for line in (folder / f"{name}.exc").read_text(encoding="utf-8").splitlines():
            parts = line.split()
            if len(parts) >= 2 and parts[0] not in table and parts[1] in table:
                table[parts[0]] = table[parts[1]]
        out[pos] = table
    return out


@lru_cache(maxsize=1)
def tables() -> dict[str, dict[str, str]]:
    from ptb2fd import cache
    from ptb2fd.lexicon.wordnet import wordnet_folder

    folder = wordnet_folder()
    key = cache.make_key("lexnames", str(folder), cache.file_stamps(folder, FILES), cache.source_hash(__file__))
    return cache.cached("lexnames", key, lambda: _build(folder))


def lexname(word: str, pos: str) -> str:
    """The class of `word` (lowercased) as a noun ("n") or verb ("v"), or ""."""
    table = tables()[pos]
    w = word.lower().replace(" ", "_")
    found = table.get(w)
    if found is not None:
        return found
    for end, new in _SUFFIXES[pos]:
        if w.endswith(end) and len(w) > len(end) + 1:
            found = table.get(w[: len(w) - len(end)] + new)
            if found is not None:
                return found
    return ""

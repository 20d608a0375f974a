"""The two WordNet tables the base-form procedure reads, cached on disk.

Base forms need only two questions answered by WordNet: morphy's analyses
of a form ("stocks"/n -> stocks, stock) and whether a word is a lemma for a
part of speech ("blog"/v). Morphy reads two tables: the exception lists
(`*.exc`: "went" -> go) and the set of lemmas per part of speech (from
`index.*`). NLTK's WordNet reader builds far more on load (synset offsets,
sense-key maps for the multilingual data: about 3 s), so the two tables are
taken from a reader once, cached (`ptb2fd.cache`), and NLTK's own
`_morphy` runs on them unchanged. `has_lemma(w, pos)` answers what
`reader.lemmas(w, pos)` being non-empty answers: the index lists a lemma
for every synset member, so "w has a synset of pos whose member is w"
equals "w is in the index for pos" (checked over the whole index by
tests/unit/test_lemma_cache.py).

lemminflect's lemma dictionary (the step-5 candidates) is cached the same
way: flattened to one string per word, unpacked on lookup.

The cache key covers the nltk and lemminflect versions, the size and time
stamp of every WordNet file read, and this module's source.
"""
from __future__ import annotations

import threading
from pathlib import Path

from ptb2fd import cache
from ptb2fd.nltk_import import load_nltk

load_nltk()  # before nltk's modules: without scipy
from nltk.corpus.reader.wordnet import WordNetCorpusReader  # noqa: E402

# The files the two tables come from.
TABLE_FILES = tuple(f"index.{p}" for p in ("noun", "verb", "adj", "adv")) + tuple(
    f"{p}.exc" for p in ("noun", "verb", "adj", "adv"))

_lock = threading.Lock()
_tables = None


class MorphyTables:
    """What NLTK's morphy reads, and nothing else."""

    MORPHOLOGICAL_SUBSTITUTIONS = WordNetCorpusReader.MORPHOLOGICAL_SUBSTITUTIONS
    _morphy = WordNetCorpusReader._morphy  # NLTK's function, run on these tables

    def __init__(self, exception_map: dict[str, dict[str, list[str]]], lemma_pos: dict[str, str]):
        self._exception_map = exception_map
        # lemma -> its parts of speech as one string ("nv"); morphy asks
        # `pos in self._lemma_pos_offset_map[form]`, which a string answers.
        self._lemma_pos_offset_map = lemma_pos

    def has_lemma(self, word: str, pos: str) -> bool:
        return pos in self._lemma_pos_offset_map.get(word.lower(), "")

    @classmethod
    def from_reader(cls, reader) -> "MorphyTables":
        exceptions = {pos: dict(table) for pos, table in reader._exception_map.items()}
        lemma_pos = {lemma: "".join(by_pos) for lemma, by_pos in reader._lemma_pos_offset_map.items()}
        return cls(exceptions, lemma_pos)


def morphy_tables() -> MorphyTables:
    """The tables for the WordNet that `ptb2fd.lexicon.wordnet` finds, loaded once."""
    global _tables
    if _tables is None:
        with _lock:
            if _tables is None:
                _tables = _load_tables()
    return _tables


def morphy_key() -> str:
    """The cache key of the morphy tables: nltk's version, the WordNet files
    they are read from, this module's source."""
    from ptb2fd.lexicon.wordnet import wordnet_folder

    folder = wordnet_folder()
    return cache.make_key("morphy", load_nltk().__version__, str(folder), cache.file_stamps(folder, TABLE_FILES),
                          cache.source_hash(__file__))


def lemminflect_key() -> str:
    """The cache key of lemminflect's packed dictionary: its version, its file, this module's source."""
    import lemminflect
    from lemminflect import config

    st = Path(config.lemma_lu_fn).stat()
    return cache.make_key("lemminflect", lemminflect.__version__, str(config.lemma_lu_fn), st.st_size,
                          st.st_mtime_ns, cache.source_hash(__file__))


def lexicon_stamp() -> str:
    """One key over every table a base form or a capital can come from
    (morphy's, lemminflect's data files and models, the dictionary's
    capitals): what a cache of converted or regenerated sentences must
    change with. lemminflect is found, not imported (it loads numpy)."""
    import importlib.util

    from ptb2fd.lexicon.dictionary_case import table_key

    spec = importlib.util.find_spec("lemminflect")
    folder = Path(list(spec.submodule_search_locations)[0]) / "resources"
    return cache.make_key(morphy_key(), table_key(), str(folder),
                          cache.file_stamps(folder, sorted(p.name for p in folder.iterdir() if p.is_file())))


def _load_tables() -> MorphyTables:
    from ptb2fd.lexicon.wordnet import wordnet

    def build():
        tables = MorphyTables.from_reader(wordnet())
        return tables._exception_map, tables._lemma_pos_offset_map

    return MorphyTables(*cache.cached("morphy", morphy_key(), build))


class PackedLemmaDict:
    """lemminflect's lemma dictionary, {word: {upos: (lemma, ...)}}, kept as
    one string per word ("VERB:be/have;AUX:be") and unpacked on lookup:
    loading 70,000 short strings is ten times faster than nested dicts."""

    def __init__(self, packed: dict[str, str]):
        self.packed = packed

    @staticmethod
    def pack(lemma_dict: dict) -> dict[str, str]:
        return {word: ";".join(f"{upos}:{'/'.join(forms)}" for upos, forms in by_upos.items())
                for word, by_upos in lemma_dict.items()}

    def get(self, word: str, default=None):
        text = self.packed.get(word)
        if text is None:
            return default
        out = {}
        for part in text.split(";"):
            upos, _, forms = part.partition(":")
            out[upos] = tuple(forms.split("/"))
        return out


def install_lemminflect_dict() -> None:
    """Give lemminflect's lemmatizer its dictionary from the cache (it loads
    it lazily, on the first lookup, when none is set)."""
    from lemminflect.core.Lemmatizer import Lemmatizer

    lemmatizer = Lemmatizer()
    if hasattr(lemmatizer, "lemma_dict"):
        return
    packed = cache.cached("lemminflect", lemminflect_key(), lambda: PackedLemmaDict.pack(lemmatizer._getLemmaDict()))
    if not hasattr(lemmatizer, "lemma_dict"):
        lemmatizer.lemma_dict = PackedLemmaDict(packed)

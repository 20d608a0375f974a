"""Converted sentences cached by content, one entry per input file and rule folder.

`ptb2fd diff` of two rule folders runs both on the same trees; after a
one-rule edit, the old folder's run is the same as last time, and so are
most sentences of the new one. An entry holds one input file's conversion:
per tree its id, status, and its records as plain value tuples (or the
error message), with a hash of the records (`records_key`) that tells a
regeneration cache whether a sentence changed.

The key covers everything a conversion depends on, so an entry is never
stale: `code_stamp()` (every source and data file of the ptb2fd package,
and the lexicon tables' own keys: WordNet's files, nltk's and lemminflect's
versions), the text of every rule file the converter reads (all but
order.yaml: tests/unit/test_result_cache.py converts with the order rules
taken away), the input file's name (sentence ids carry it), its encoding
option and its bytes.

Entries live in `ptb2fd.cache.results_dir()` (`~/.cache/ptb2fd/results`,
or `$PTB2FD_CACHE/results`) as `convert-*.bin` and `regen-*.bin`,
written atomically and checked by SHA-256 on reading (ptb2fd.cache).
`PTB2FD_NO_CACHE=1` turns them off; deleting the folder is always safe.
After each `diff` the least recently used are deleted until they take at
most `PTB2FD_CACHE_MB` megabytes (default 256).
"""
from __future__ import annotations

import hashlib
import io
import os
import pickle
import zlib
from dataclasses import astuple, fields
from pathlib import Path

from ptb2fd import cache
from ptb2fd.record import Sentence, Token, token_values
from ptb2fd.rulelang.folder import RULE_FILES

PREFIXES = ("convert", "regen")
DEFAULT_MB = 256
# Rule files the converter does not read (the realizer's), left out of the conversion key.
REALIZER_FILES = frozenset({"order.yaml"})

_code_stamp: str | None = None
_counts_fields: list[bool] | None = None


def code_stamp() -> str:
    """A key over the ptb2fd package's files and the lexicon tables' keys."""
    global _code_stamp
    if _code_stamp is None:
        from ptb2fd.lexicon.morphy import lexicon_stamp

        package = Path(__file__).resolve().parents[1]
        files = sorted(p for p in package.rglob("*") if p.suffix in (".py", ".yaml") and p.is_file())
        _code_stamp = cache.make_key(*(str(p.relative_to(package)) for p in files),
                                     *(p.read_bytes() for p in files), lexicon_stamp())
    return _code_stamp


def conversion_stamp(rules_dir: str | Path) -> str:
    """The code stamp and the text of every rule file the converter reads."""
    folder = Path(rules_dir)
    names = [name for name in RULE_FILES if name not in REALIZER_FILES]
    return cache.make_key(code_stamp(), *names, *((folder / name).read_bytes() for name in names))


def packed_values(sentence: Sentence) -> bytes:
    """One sentence's (id, token value tuples, unknown labels), pickled
    without the memo (`fast`), so that equal records give equal bytes
    whatever objects they share: the bytes are stored and hashed
    (`records_key`)."""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=5)
    pickler.fast = True
    pickler.dump((sentence.id, tuple(tuple(token_values(t)) for t in sentence.tokens), sentence.unknown))
    return buffer.getvalue()


def records_key(packed: bytes) -> str:
    """A hash of one sentence's records (its packed values)."""
    return hashlib.sha256(packed).hexdigest()


def unpack_sentence(packed: bytes) -> Sentence:
    sent_id, tokens, unknown = pickle.loads(packed)
    return Sentence(sent_id, [Token(*t) for t in tokens], unknown)


class FileEntry:
    """One input file's conversion: `index`, per tree (sent_id, status,
    records_key or None, error message or None), in file order, and the
    converted sentences' packed values, unpacked one by one when asked
    (a run whose regeneration is cached too never unpacks them)."""

    def __init__(self, index: list[tuple], packed: bytes):
        self.index = index
        self.packed = packed
        self._values: dict[str, bytes] | None = None

    @classmethod
    def from_results(cls, results) -> "FileEntry":
        index, values = [], []
        for r in results:
            v = packed_values(r.sentence) if r.sentence is not None else None
            index.append((r.sent_id, r.status, records_key(v) if v else None,
                          None if r.error is None else str(r.error)))
            if v is not None:
                values.append(v)
        return cls(index, zlib.compress(pickle.dumps(values, protocol=5), 1))

    def sentence(self, sent_id: str) -> Sentence:
        if self._values is None:
            converted = [item[0] for item in self.index if item[2] is not None]
            self._values = dict(zip(converted, pickle.loads(zlib.decompress(self.packed))))
        return unpack_sentence(self._values[sent_id])

    def value(self) -> tuple:
        return self.index, self.packed


def score_values(score) -> tuple:
    """A SentenceScore as plain values (its Counts as tuples): quick to store and load."""
    from ptb2fd.regen.string_metrics import Counts

    return tuple(astuple(v) if isinstance(v, Counts) else v for v in (getattr(score, f.name) for f in fields(score)))


def score_from_values(values: tuple):
    from ptb2fd.regen.metrics import SentenceScore
    from ptb2fd.regen.string_metrics import Counts

    global _counts_fields
    if _counts_fields is None:  # which fields of a SentenceScore are Counts
        _counts_fields = [f.type in ("Counts", Counts) for f in fields(SentenceScore)]
    return SentenceScore(*(Counts(*v) if is_counts else v for is_counts, v in zip(_counts_fields, values)))


def input_key(stamp: str, path: str, encoding: str | None) -> str | None:
    """The entry key of one input file under a conversion stamp (None for stdin)."""
    if path == "-":
        return None
    return cache.make_key(stamp, path, encoding, Path(path).read_bytes())


def folder() -> Path:
    return cache.results_dir()


def load(name: str, key: str | None):
    """An entry's value, or None on a miss (or with the cache off)."""
    if key is None or not cache.enabled():
        return None
    ok, blob = cache.read(name, key, folder())
    if not ok:
        return None
    try:
        os.utime(cache.path_for(name, key, folder()))  # recently used: pruned last
    except OSError:
        pass
    return pickle.loads(zlib.decompress(blob))


def store(name: str, key: str | None, value) -> None:
    if key is None or not cache.enabled():
        return
    cache.write(name, key, zlib.compress(pickle.dumps(value, protocol=5), 1), folder())


def size_limit() -> int:
    """PTB2FD_CACHE_MB in bytes (a bad value: the default)."""
    try:
        mb = float(os.environ.get("PTB2FD_CACHE_MB", DEFAULT_MB))
    except ValueError:
        mb = DEFAULT_MB
    return int(max(mb, 0) * 1024 * 1024)


def prune(limit: int | None = None) -> int:
    """Delete the least recently used entries until the convert and regen
    entries together take at most `limit` bytes; return the bytes deleted."""
    if not cache.enabled():
        return 0
    limit = size_limit() if limit is None else limit
    entries = []
    for prefix in PREFIXES:
        for path in folder().glob(f"{prefix}-*.bin"):
            try:
                st = path.stat()
            except OSError:
                continue
            entries.append((st.st_mtime_ns, st.st_size, path))
    total = sum(size for _, size, _ in entries)
    freed = 0
    for _, size, path in sorted(entries):
        if total <= limit:
            break
        try:
            path.unlink()
        except OSError:
            continue
        total -= size
        freed += size
    return freed

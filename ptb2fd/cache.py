"""A small on-disk cache for data that is slow to build and never changes
between runs: parsed rule files and the lemma tables (WordNet's morphy
index, lemminflect's dictionary).

Each entry is one file, `<dir>/<name>-<key>.bin`, where the key is a hash
of everything the data is built from (the rule file's text, the versions
and file stamps of the libraries, the source of the code that builds it).
A changed input gives a new key, so a stale entry is never read. The file
holds a header, the full key and a SHA-256 of the payload; an entry that
is truncated, damaged or written by another format is rebuilt, never used.
Entries are written to a temporary file and renamed into place, so
concurrent processes never see half an entry: the last rename wins, and
both wrote the same bytes.

Everything ptb2fd caches is under one root, `~/.cache/ptb2fd`, or
`$PTB2FD_CACHE` when that is set (`root()`): these tables in `tables/`,
converted and regenerated sentences (ptb2fd.runner.result_cache) in
`results/`, the copy of WordNet (ptb2fd.lexicon.wordnet) in
`nltk_data/corpora/wordnet`. `PTB2FD_NO_CACHE=1` builds everything in
memory and writes nothing. Deleting the root is always safe.

A table that gets a new key (a new lemminflect or nltk, another
installation, an edited rule file) leaves its old entry behind: when an
entry is written, the entries of the same table not read for a day
(`PRUNE_AFTER`) are deleted. Each read refreshes its entry's time (at most
once an hour), so the tables of every installation in use stay.

Payloads are pickles (protocol 5) of plain data; the cache folder is the
user's own, trusted like the installed code.

May import: nothing of ptb2fd.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import re
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

MAGIC = b"PTB2FD-CACHE 1\n"
PRUNE_AFTER = 24 * 3600  # seconds: a table's entry not read for this long goes when a new one is written
TOUCH_AFTER = 3600  # seconds: a read refreshes its entry's time when it is older than this


def root() -> Path:
    """`$PTB2FD_CACHE`, else `~/.cache/ptb2fd`: the folder of every cache."""
    env = os.environ.get("PTB2FD_CACHE")
    return Path(env).expanduser() if env else Path.home() / ".cache" / "ptb2fd"


def cache_dir() -> Path:
    """The folder of the tables (rule files, morphy's and lemminflect's tables)."""
    return root() / "tables"


def results_dir() -> Path:
    """The folder of the result cache (ptb2fd.runner.result_cache), beside the tables'."""
    return root() / "results"


def enabled() -> bool:
    return os.environ.get("PTB2FD_NO_CACHE", "") in ("", "0")


def make_key(*parts: Any) -> str:
    """A hex key over `parts` (bytes are hashed as they are, anything else by repr)."""
    h = hashlib.sha256()
    for part in parts:
        data = part if isinstance(part, bytes) else repr(part).encode("utf-8")
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


def source_hash(*files: str | Path) -> str:
    """Hash of source files, so that a change to the code that builds an
    entry also changes its key."""
    return make_key(*(Path(f).read_bytes() for f in files))


def file_stamps(folder: str | Path, names) -> list[tuple[str, int, int]]:
    """Each file's name, size and modification time, for a key that changes
    when a file an entry was built from changes (WordNet's data files)."""
    out = []
    for name in names:
        st = os.stat(Path(folder) / name)
        out.append((name, st.st_size, st.st_mtime_ns))
    return out


def path_for(name: str, key: str, folder: Path | None = None) -> Path:
    return (folder or cache_dir()) / f"{name}-{key[:32]}.bin"


def read(name: str, key: str, folder: Path | None = None) -> tuple[bool, Any]:
    """(True, value) for a sound entry; (False, None) if absent or unusable."""
    path = path_for(name, key, folder)
    try:
        blob = path.read_bytes()
    except OSError:
        return False, None
    header = MAGIC + key.encode("ascii") + b"\n"
    body_at = len(header) + 65
    if not blob.startswith(header) or len(blob) < body_at:
        return False, None
    digest, body = blob[len(header):body_at - 1], blob[body_at:]
    if hashlib.sha256(body).hexdigest().encode("ascii") != digest:
        return False, None
    try:
        value = pickle.loads(body)
    except Exception:  # noqa: BLE001 - any unreadable pickle is a miss
        return False, None
    _touch(path)
    return True, value


def _touch(path: Path) -> None:
    """Mark an entry as in use (its modification time), at most once an hour."""
    try:
        if time.time() - path.stat().st_mtime > TOUCH_AFTER:
            os.utime(path)
    except OSError:
        pass  # a read-only cache is still read


def prune(name: str, keep: Path, folder: Path) -> list[Path]:
    """Delete the entries of table `name` in `folder` other than `keep` that
    were not read for PRUNE_AFTER seconds; the paths deleted."""
    entry = re.compile(re.escape(name) + r"-[0-9a-f]{32}\.bin")
    gone = []
    now = time.time()
    for path in folder.glob(f"{name}-*.bin"):
        try:
            if path != keep and entry.fullmatch(path.name) and now - path.stat().st_mtime > PRUNE_AFTER:
                path.unlink()
                gone.append(path)
        except OSError:
            pass  # gone already (another process pruned it), or not ours to delete
    return gone


def write(name: str, key: str, value: Any, folder: Path | None = None) -> None:
    """Store `value` atomically; a cache that cannot be written is skipped."""
    body = pickle.dumps(value, protocol=5)
    blob = MAGIC + key.encode("ascii") + b"\n" + hashlib.sha256(body).hexdigest().encode("ascii") + b"\n" + body
    target = path_for(name, key, folder)
    tmp = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{name}-", suffix=".tmp", dir=target.parent)
        with os.fdopen(fd, "wb") as handle:
            handle.write(blob)
        os.replace(tmp, target)
        tmp = None
        if folder is None:  # the tables (the result cache has its own size bound)
            prune(name, target, target.parent)
    except OSError:
        pass  # read-only home, full disk: run without the cache
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def cached(name: str, key: str, build: Callable[[], Any]) -> Any:
    """The value stored under (name, key), built and stored on a miss."""
    if not enabled():
        return build()
    ok, value = read(name, key)
    if ok:
        return value
    value = build()
    write(name, key, value)
    return value

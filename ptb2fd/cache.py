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

The folder is `$PTB2FD_CACHE/ptb2fd-tables` when `PTB2FD_CACHE` is set,
else `~/.cache/ptb2fd/tables`; converted and regenerated sentences
(ptb2fd.runner.result_cache) go to `results` (`ptb2fd-results`) beside it. `PTB2FD_NO_CACHE=1` builds everything in
memory and writes nothing. Deleting the folder is always safe.

Payloads are pickles (protocol 5) of plain data; the cache folder is the
user's own, trusted like the installed code.

May import: nothing of ptb2fd.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from pathlib import Path
from typing import Any, Callable

MAGIC = b"PTB2FD-CACHE 1\n"


def cache_dir() -> Path:
    env = os.environ.get("PTB2FD_CACHE")
    if env:
        return Path(env).expanduser() / "ptb2fd-tables"
    return Path.home() / ".cache" / "ptb2fd" / "tables"


def results_dir() -> Path:
    """The folder of the result cache (ptb2fd.runner.result_cache), beside the tables'."""
    env = os.environ.get("PTB2FD_CACHE")
    if env:
        return Path(env).expanduser() / "ptb2fd-results"
    return Path.home() / ".cache" / "ptb2fd" / "results"


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
    try:
        blob = path_for(name, key, folder).read_bytes()
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
        return True, pickle.loads(body)
    except Exception:  # noqa: BLE001 - any unreadable pickle is a miss
        return False, None


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

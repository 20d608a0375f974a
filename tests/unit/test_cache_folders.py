"""The cache's folders (one root: ~/.cache/ptb2fd, or $PTB2FD_CACHE), the
folder --help names, and old table entries pruned when a new one is written."""
from __future__ import annotations

import os
import time

import pytest

from ptb2fd import cache

DAY = 24 * 3600


@pytest.fixture
def root(tmp_path, monkeypatch):
    monkeypatch.setenv("PTB2FD_CACHE", str(tmp_path / "c"))
    monkeypatch.delenv("PTB2FD_NO_CACHE", raising=False)
    return tmp_path / "c"


def test_every_cache_sits_under_ptb2fd_cache(root):
    from ptb2fd.lexicon.wordnet import cache_root

    assert cache.root() == root
    assert (cache.cache_dir(), cache.results_dir(), cache_root()) == (root / "tables", root / "results",
                                                                      root / "nltk_data")


def test_the_default_root_is_in_the_home_cache(tmp_path, monkeypatch):
    monkeypatch.delenv("PTB2FD_CACHE", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert cache.cache_dir() == tmp_path / ".cache" / "ptb2fd" / "tables"
    assert cache.results_dir() == tmp_path / ".cache" / "ptb2fd" / "results"


def test_diff_help_text_follows_ptb2fd_cache(root, capsys):
    from ptb2fd.cli import build_parser

    with pytest.raises(SystemExit):
        build_parser().parse_args(["diff", "--help"])
    assert f"results are cached in {root / 'results'}\n" in capsys.readouterr().out


def age(path, seconds: float) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then))


def test_a_new_key_prunes_the_entries_of_its_table_not_read_for_a_day(root):
    keys = {name: cache.make_key(name) for name in ("old", "recent", "new", "other", "prefix")}
    cache.write("lemminflect", keys["old"], b"old")
    cache.write("lemminflect", keys["recent"], b"recent")
    cache.write("morphy", keys["other"], b"another table")
    cache.write("dictionary-case", keys["prefix"], b"a name that starts like another")
    old, recent = cache.path_for("lemminflect", keys["old"]), cache.path_for("lemminflect", keys["recent"])
    other = cache.path_for("morphy", keys["other"])
    prefixed = cache.path_for("dictionary-case", keys["prefix"])
    for path in (old, other, prefixed):
        age(path, 2 * DAY)
    age(recent, 3 * 3600)
    cache.write("lemminflect", keys["new"], b"new")
    cache.write("dictionary", keys["new"], b"not dictionary-case")
    assert not old.exists()
    assert recent.exists() and other.exists() and prefixed.exists()
    assert cache.read("lemminflect", keys["new"]) == (True, b"new")


def test_reading_an_entry_keeps_it(root):
    kept, new = cache.make_key("kept"), cache.make_key("new")
    cache.write("yaml", kept, {"rules": 1})
    path = cache.path_for("yaml", kept)
    age(path, 2 * DAY)
    assert cache.read("yaml", kept) == (True, {"rules": 1})  # read today: in use
    cache.write("yaml", new, {"rules": 2})
    assert path.exists()
    assert time.time() - path.stat().st_mtime < 60


def test_the_result_cache_is_left_to_its_own_size_bound(root):
    folder = cache.results_dir()
    old, new = cache.make_key("old"), cache.make_key("new")
    cache.write("convert", old, b"x", folder)
    age(cache.path_for("convert", old, folder), 2 * DAY)
    cache.write("convert", new, b"y", folder)
    assert cache.path_for("convert", old, folder).exists()

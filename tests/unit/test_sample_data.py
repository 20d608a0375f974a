"""`make data` outside make: the sample is copied where NLTK looks without
NLTK_DATA (ptb2fd/trees/sample_data.py), and when it is nowhere the error
names the variable to set."""
from __future__ import annotations

import os
import stat

import nltk
import pytest

from ptb2fd.errors import UsageError
from ptb2fd.trees import sample_data
from ptb2fd.trees.inputs import treebank_root

TREE = "( (S (NP-SBJ (PRP It)) (VP (VBZ works)) (. .)) )\n"


@pytest.fixture
def shared(tmp_path, monkeypatch):
    """A read-only copy of the sample found only through NLTK_DATA, and an
    empty default folder; nltk.data.path as NLTK builds it from both."""
    source = tmp_path / "shared" / "corpora" / "treebank" / "combined"
    source.mkdir(parents=True)
    (source / "wsj_0001.mrg").write_text(TREE)
    for folder in (source, source.parent):
        folder.chmod(0o555)
    default = tmp_path / "venv" / "nltk_data"
    monkeypatch.setenv("NLTK_DATA", str(tmp_path / "shared"))
    monkeypatch.setattr(nltk.data, "path", [str(tmp_path / "shared"), str(default)])
    yield tmp_path / "shared", default
    for folder in (source, source.parent):
        folder.chmod(0o755)


def test_make_data_copies_the_sample_where_nltk_looks_by_default(shared):
    source, default = shared
    line = sample_data.install(default)
    assert line == f"treebank: copied {source}/corpora/treebank to {default}/corpora/treebank, where NLTK finds " \
                   "it without NLTK_DATA"
    copied = default / "corpora" / "treebank"
    assert (copied / "combined" / "wsj_0001.mrg").read_text() == TREE
    assert sample_data.find(sample_data.default_paths()) == copied / "combined"
    # writable, unlike the source: `rm -rf .venv` can empty it
    assert all(os.stat(f).st_mode & stat.S_IWUSR for f in (copied, copied / "combined"))
    assert [p.name for p in (default / "corpora").iterdir()] == ["treebank"]  # no temporary folder left
    assert sample_data.install(default) == f"treebank: {copied}"  # the second time: found, nothing done


def test_without_the_sample_the_error_names_the_variable(tmp_path, monkeypatch):
    monkeypatch.delenv("NLTK_DATA", raising=False)
    monkeypatch.setattr(nltk.data, "path", [str(tmp_path / "nowhere")])
    with pytest.raises(UsageError) as info:
        treebank_root()
    message = str(info.value)
    assert "run `make data`" in message
    assert "set NLTK_DATA to the folder that holds corpora/treebank: export NLTK_DATA=/path/to/nltk_data" in message

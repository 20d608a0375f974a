"""The on-disk cache (ptb2fd.cache) and what is kept in it: parsed rule
files and the lemma tables. A stale or damaged entry is rebuilt, never
used; the output is the same with and without the cache."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import nltk
import pytest

from ptb2fd import cache
from ptb2fd.lexicon.lemmas import BaseFormFinder
from ptb2fd.lexicon.morphy import MorphyTables, PackedLemmaDict, morphy_tables
from ptb2fd.lexicon.wordnet import ensure_wordnet
from ptb2fd.rulelang.rulefile import Checker

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    monkeypatch.setenv("PTB2FD_CACHE", str(tmp_path / "c"))
    monkeypatch.delenv("PTB2FD_NO_CACHE", raising=False)
    return tmp_path / "c" / "tables"


def counting_builder(value):
    calls = []

    def build():
        calls.append(1)
        return value

    return build, calls


def test_built_once_then_read(cache_home):
    build, calls = counting_builder({"stocks": "n"})
    key = cache.make_key("t", 1)
    assert cache.cached("t", key, build) == {"stocks": "n"}
    assert cache.cached("t", key, build) == {"stocks": "n"}
    assert len(calls) == 1
    assert [p.name.split("-")[0] for p in cache_home.iterdir()] == ["t"]  # no temporary file left


def test_stale_key_rebuilds(cache_home):
    build, calls = counting_builder(["old"])
    cache.cached("t", cache.make_key("t", "rules v1"), build)
    build2, calls2 = counting_builder(["new"])
    assert cache.cached("t", cache.make_key("t", "rules v2"), build2) == ["new"]
    assert len(calls2) == 1


@pytest.mark.parametrize("damage", ["flip", "truncate", "garbage", "empty", "other-key"])
def test_damaged_entry_rebuilds(cache_home, damage):
    key = cache.make_key("t", 2)
    cache.cached("t", key, lambda: {"went": ["go"]})
    path = cache.path_for("t", key)
    blob = path.read_bytes()
    if damage == "flip":  # one byte of the payload changed: the digest catches it
        blob = blob[:-3] + bytes([blob[-3] ^ 0x20]) + blob[-2:]
    elif damage == "truncate":
        blob = blob[: len(blob) // 2]
    elif damage == "garbage":
        blob = b"\x80\x05not a pickle at all"
    elif damage == "empty":
        blob = b""
    else:  # a file whose header names another key
        blob = blob.replace(key.encode(), cache.make_key("t", 3).encode())
    path.write_bytes(blob)
    assert cache.read("t", key) == (False, None)
    build, calls = counting_builder({"went": ["go"]})
    assert cache.cached("t", key, build) == {"went": ["go"]}
    assert len(calls) == 1
    assert cache.read("t", key) == (True, {"went": ["go"]})  # and repaired


def test_unwritable_cache_still_gives_the_value(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("PTB2FD_CACHE", str(blocker))
    monkeypatch.delenv("PTB2FD_NO_CACHE", raising=False)
    assert cache.cached("t", cache.make_key(1), lambda: 42) == 42


def test_no_cache_switch_builds_every_time(cache_home, monkeypatch):
    monkeypatch.setenv("PTB2FD_NO_CACHE", "1")
    build, calls = counting_builder(7)
    key = cache.make_key(4)
    assert cache.cached("t", key, build) == 7 and cache.cached("t", key, build) == 7
    assert len(calls) == 2 and not cache_home.exists()


def test_rule_file_parsed_the_same_from_cache(cache_home, monkeypatch):
    def shape(x):
        if isinstance(x, dict):
            return type(x).__name__, x.line, [(k, shape(v)) for k, v in x.items()]
        if isinstance(x, list):
            return type(x).__name__, x.line, [shape(v) for v in x]
        return x

    fresh = Checker(ROOT / "rules" / "roles.yaml").load()  # miss: parsed and stored
    cached = Checker(ROOT / "rules" / "roles.yaml").load()  # hit
    monkeypatch.setenv("PTB2FD_NO_CACHE", "1")
    plain = Checker(ROOT / "rules" / "roles.yaml").load()
    assert shape(fresh) == shape(cached) == shape(plain)
    assert shape(plain)[1] is not None  # line numbers survive


def test_bad_yaml_is_reported_and_not_cached(cache_home, tmp_path):
    bad = tmp_path / "roles.yaml"
    bad.write_text("rules: [\n  - id: x\n", encoding="utf-8")
    checker = Checker(bad)
    assert checker.load() is None
    assert "YAML syntax error" in checker.problems[0].message
    assert not cache_home.exists() or not list(cache_home.iterdir())


def test_packed_lemminflect_dictionary_answers_the_same():
    from lemminflect import config
    from lemminflect.codecs.LemmaLUCodec import LemmaLUCodec

    original = LemmaLUCodec.load(config.lemma_lu_fn)  # as lemminflect loads it
    packed = PackedLemmaDict(PackedLemmaDict.pack(original))
    assert all(packed.get(word) == by_upos for word, by_upos in original.items())
    assert packed.get("zzqx", {}) == {}
    assert packed.get("went") == {"VERB": ("go",)}


@pytest.mark.slow
def test_tables_answer_as_the_wordnet_reader_does():
    """morphy on the cached tables = morphy on NLTK's reader; has_lemma =
    reader.lemmas() non-empty. (Run once over the whole index, 589,224
    checks, no difference; here every 40th lemma and the step-5 words.)"""
    from ptb2fd.lexicon.wordnet import wordnet

    reader = wordnet()
    tables = MorphyTables.from_reader(reader)
    lemmas = sorted(reader._lemma_pos_offset_map)[::40] + ["blog", "vinken", "stock", "datum", "ax", "axe"]
    for lemma in lemmas:
        for pos in "nvar":
            assert tables.has_lemma(lemma, pos) == bool(reader.lemmas(lemma, pos)), (lemma, pos)
            for form in (lemma, lemma + "s", lemma + "ed", lemma + "es", lemma[:-1]):
                assert tables._morphy(form, pos) == reader._morphy(form, pos), (form, pos)
    rules_finder = BaseFormFinder  # same procedure, both sources
    from ptb2fd.ruleset.load import load_rules

    baseforms = load_rules().baseforms
    with_reader, with_tables = rules_finder(baseforms, reader), rules_finder(baseforms, morphy_tables())
    for word, tag in [("stocks", "NNS"), ("saw", "VBD"), ("blogged", "VBD"), ("Vinken", "NNP"), ("LBOs", "NNS"),
                      ("co-founders", "NNS"), ("WENT", "VBD"), ("remarketed", "VBN"), ("data", "NNS")]:
        assert with_tables.base(word, tag) == with_reader.base(word, tag), word


@pytest.mark.sample
def test_same_output_with_and_without_cache(tmp_path):
    """`ptb2fd convert` of one file: no cache, a cold cache (written) and a
    warm one (read) give the same bytes."""
    wordnet_root = ensure_wordnet()
    env = dict(os.environ, PTB2FD_CACHE=str(tmp_path / "cache"),
               NLTK_DATA=os.pathsep.join([wordnet_root] + [str(p) for p in nltk.data.path]))
    env.pop("PTB2FD_NO_CACHE", None)
    outputs = []
    for name, extra in (("none", {"PTB2FD_NO_CACHE": "1"}), ("cold", {}), ("warm", {})):
        out = tmp_path / f"{name}.jsonl"
        subprocess.run([sys.executable, "-c", "import sys; from ptb2fd.cli import main; sys.exit(main(sys.argv[1:]))",
                        "convert", "--corpus", "treebank", "--files", "wsj_0003.mrg", "-o", str(out), "--quiet"],
                       env=dict(env, **extra), check=True, capture_output=True)
        outputs.append(out.read_bytes())
        if name == "none":
            assert not (tmp_path / "cache" / "tables").exists()
    names = {p.name.split("-")[0] for p in (tmp_path / "cache" / "tables").iterdir()}
    assert names == {"yaml", "morphy", "lemminflect"}
    assert outputs[0] == outputs[1] == outputs[2]
    assert outputs[0].count(b"\n") == 30 and b'"base":"Lorillard"' in outputs[0]


def _write_many(args):
    root, n = args
    os.environ["PTB2FD_CACHE"] = root
    os.environ.pop("PTB2FD_NO_CACHE", None)
    key = cache.make_key("race")
    value = {str(i): "nv" * 50 for i in range(20_000)}
    for _ in range(n):
        cache.write("race", key, value)
        ok, got = cache.read("race", key)
        assert ok and got == value  # never half a file
    return True


def test_concurrent_writers_never_leave_half_an_entry(tmp_path):
    import multiprocessing as mp

    with mp.get_context("fork").Pool(3) as pool:
        assert all(pool.map(_write_many, [(str(tmp_path), 10)] * 3))
    names = [p.name for p in (tmp_path / "tables").iterdir()]
    assert len(names) == 1 and names[0].startswith("race-") and names[0].endswith(".bin")

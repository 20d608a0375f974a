"""`ptb2fd diff` of two rule folders with the result cache
(ptb2fd.runner.result_cache, ptb2fd.runner.rule_diff): never stale, reused
where nothing changed, both folders validated before any work, bounded.

The trees are invented; the edits change one rule of a copy of the bundled
rules (ftag-loc: locative -> adverbial).
"""
from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from ptb2fd.errors import RuleFileError
from ptb2fd.ruleset.load import default_rules_dir
from ptb2fd.runner import result_cache
from ptb2fd.runner.rule_diff import diff_rule_folders

TREES_A = """( (S (NP-SBJ (DT The) (NN firm)) (VP (VBD opened) (NP (DT an) (NN office))
  (PP-LOC (IN in) (NP (NNP Boston)))) (. .)) )
( (S (NP-SBJ (PRP She)) (VP (VBD sold) (NP (DT the) (NNS shares))) (. .)) )
"""
TREES_B = """( (S (NP-SBJ (NNS Prices)) (VP (VBD rose) (PP-LOC (IN in) (NP (NNP Tokyo)))) (. .)) )
( (S (NP-SBJ (DT The) (NN company)) (VP (VBD said) (SBAR (-NONE- 0) (S (NP-SBJ (PRP it))
  (VP (MD would) (VP (VB cut) (NP (NNS jobs))))))) (. .)) )
( (S (NP-SBJ (NNS Investors)) (VP (VBD waited)) (. .)) )
"""


@pytest.fixture
def workspace(tmp_path, monkeypatch):
    """Input files, the bundled rules, an edited copy, and a result cache of its own."""
    monkeypatch.setattr(result_cache, "folder", lambda: tmp_path / "results")
    monkeypatch.delenv("PTB2FD_NO_CACHE", raising=False)
    (tmp_path / "a.mrg").write_text(TREES_A, encoding="utf-8")
    (tmp_path / "b.mrg").write_text(TREES_B, encoding="utf-8")
    edited = tmp_path / "rules-edited"
    shutil.copytree(default_rules_dir(), edited)
    edit_rule(edited, "ftag-loc", "locative", "adverbial")
    return tmp_path, [str(tmp_path / "a.mrg"), str(tmp_path / "b.mrg")], default_rules_dir(), edited


def edit_rule(folder: Path, rule_id: str, old_role: str, new_role: str) -> None:
    path = folder / "roles.yaml"
    text = path.read_text(encoding="utf-8")
    at = text.index(f"- id: {rule_id}\n")
    role_at = text.index(f"role: {old_role}\n", at)
    assert role_at - at < 120, "the role belongs to the rule"
    path.write_text(text[:role_at] + f"role: {new_role}\n" + text[role_at + len(f"role: {old_role}\n"):],
                    encoding="utf-8")


def words_and_roles(run) -> dict[str, list]:
    return {i: [(w, r) for w, r, _ in rec["words"]] for i, rec in run.records.items()}


def test_a_second_run_comes_from_the_cache_and_equals_the_first(workspace):
    _, paths, rules, edited = workspace
    before, after = diff_rule_folders(str(rules), str(edited), paths)
    assert (before.converted, after.converted) == (5, 5)
    # The edit changes only the two sentences with a -LOC phrase; the rest take BEFORE's regeneration.
    assert before.realized == 5 and after.realized == 2
    assert ("Boston", "adverbial") in words_and_roles(after)["a.mrg:1"]
    assert ("Boston", "locative") in words_and_roles(before)["a.mrg:1"]
    again_before, again_after = diff_rule_folders(str(rules), str(edited), paths)
    assert (again_before.converted, again_after.converted, again_before.realized, again_after.realized) == (0,) * 4
    assert again_before.metrics == before.metrics and again_after.metrics == after.metrics
    assert again_before.records == before.records and again_after.records == after.records


def test_cached_runs_equal_runs_without_the_cache(workspace, monkeypatch):
    _, paths, rules, edited = workspace
    diff_rule_folders(str(rules), str(edited), paths)
    cached = diff_rule_folders(str(rules), str(edited), paths)
    monkeypatch.setenv("PTB2FD_NO_CACHE", "1")
    fresh = diff_rule_folders(str(rules), str(edited), paths)
    assert fresh[1].converted == 5 and fresh[1].realized == 2  # BEFORE's regeneration still reused in the run
    for c, f in zip(cached, fresh):
        assert c.metrics == f.metrics and c.records == f.records


def test_a_new_edit_converts_again_and_regenerates_only_what_changed(workspace):
    tmp, paths, rules, edited = workspace
    diff_rule_folders(str(rules), str(edited), paths)
    edit_rule(edited, "ftag-loc", "adverbial", "locative")  # back to the bundled rule ...
    edit_rule(edited, "ftag-tmp", "temporal", "adverbial")  # ... and another edit: no -TMP in the trees
    before, after = diff_rule_folders(str(rules), str(edited), paths)
    assert (before.converted, before.realized) == (0, 0)
    assert after.converted == 5 and after.realized == 0  # every sentence's records as BEFORE's
    assert after.records == before.records


def test_a_changed_input_file_is_a_miss(workspace):
    tmp, paths, rules, edited = workspace
    diff_rule_folders(str(rules), str(edited), paths)
    Path(paths[1]).write_text(TREES_B.replace("Investors", "Traders"), encoding="utf-8")
    before, after = diff_rule_folders(str(rules), str(edited), paths)
    assert before.converted == 3 and after.converted == 3  # b.mrg only
    assert ("Traders", "subject") in words_and_roles(before)["b.mrg:3"]


def test_both_rule_folders_are_checked_before_any_tree_is_read(workspace, monkeypatch):
    import ptb2fd.trees.reader

    def no_reading(*args, **kw):
        raise AssertionError("trees read before the rule folders were checked")

    monkeypatch.setattr(ptb2fd.trees.reader, "read_trees", no_reading)
    tmp, paths, rules, edited = workspace
    roles = edited / "roles.yaml"
    roles.write_text(roles.read_text(encoding="utf-8").replace("- id: ftag-tmp\n", "- id: ftag-tmp\n    colour: red\n"),
                     encoding="utf-8")
    with pytest.raises(RuleFileError) as err:
        diff_rule_folders(str(rules), str(edited), paths)
    assert "colour" in str(err.value) and f"{edited}/roles.yaml" in str(err.value)
    assert not (tmp / "results").exists()  # nothing converted, nothing cached


def test_the_converter_does_not_read_the_order_rules(rules, converter):
    """order.yaml is left out of the conversion key: conversion without it is the same."""
    from ptb2fd.conversion.converter import Converter

    tree = "( (S (NP-SBJ (NNS Prices)) (VP (VBD rose) (ADVP-TMP (RB yesterday))) (. .)) )"
    without = Converter(dataclasses.replace(rules, order=None), warm=False)
    assert without.convert_text(tree) == converter.convert_text(tree)


def test_prune_deletes_the_least_recently_used_first(tmp_path, monkeypatch):
    import os

    monkeypatch.setattr(result_cache, "folder", lambda: tmp_path)
    monkeypatch.delenv("PTB2FD_NO_CACHE", raising=False)
    for i, name in enumerate(("old", "mid", "new")):
        result_cache.store("convert", result_cache.cache.make_key(name), b"x" * 20_000)
        path = result_cache.cache.path_for("convert", result_cache.cache.make_key(name), tmp_path)
        os.utime(path, ns=(10**18 + i, 10**18 + i))
    sizes = {p.name: p.stat().st_size for p in tmp_path.glob("convert-*.bin")}
    assert len(sizes) == 3
    freed = result_cache.prune(limit=sum(sizes.values()) - 1)
    assert freed > 0
    left = {p.name for p in tmp_path.glob("convert-*.bin")}
    assert result_cache.cache.path_for("convert", result_cache.cache.make_key("old"), tmp_path).name not in left
    assert len(left) == 2


def test_equal_records_have_equal_keys_whatever_objects_they_share(converter):
    """The records key hashes the pickled values without pickle's memo: a
    sentence read back from JSON (new string objects, none shared) has the
    key of the converter's own (where a tag and a label share one object)."""
    from ptb2fd.formats.jsonl import dump_sentence, read_jsonl

    sentence = converter.convert_text("( (S (NP-SBJ (NN Profit)) (VP (VBD rose) (NP (NN profit))) (. .)) )")
    again = next(read_jsonl([dump_sentence(sentence)]))
    assert again == sentence
    packed = result_cache.packed_values(sentence)
    assert packed == result_cache.packed_values(again)
    assert result_cache.unpack_sentence(packed) == sentence

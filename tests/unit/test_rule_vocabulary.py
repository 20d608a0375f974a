"""The declared vocabulary: a rule that names a label, tag, function tag or
role nobody declared, or a pattern that does not parse, is refused with its
file:line and the closest declared name; firing counts on the trees given,
as text and as JSON."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from ptb2fd.cli import main
from ptb2fd.errors import RuleFileError
from ptb2fd.rulelang.patterns import compile_pattern
from ptb2fd.ruleset.load import load_rules
from ptb2fd.ruleset.vocabulary import Vocabulary, vocabulary_problems
from tests.unit.test_rulecheck import RULES, edit, folder  # noqa: F401  (fixture)

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"



def check(capsys, *args) -> tuple[int, str]:
    status = main(["rules", "check", *map(str, args)])
    captured = capsys.readouterr()
    return status, captured.out + captured.err


@pytest.mark.parametrize("name, old, new, wanted", [
    ("roles.yaml", "when: {ftag: [TMP]}", "when: {ftag: [TPM]}", "unknown function tag 'TPM' (did you mean TMP"),
    ("roles.yaml", "when: {label: [NP], parent: [PP]", "when: {label: [NPP], parent: [PP]",
     "unknown label or POS tag 'NPP' in pattern 'NPP' (did you mean NP"),
    ("heads.yaml", "S: {direction: left, priority: [VP,", "S: {direction: left, priority: [NN**S,",
     "malformed pattern 'NN**S': '*' may only end a category"),
    ("heads.yaml", "S: {direction: left, priority: [VP,", "S: {direction: left, priority: ['-',",
     "malformed pattern '-': a pattern names a category"),
    ("heads.yaml", "S: {direction: left, priority: [VP,", "S: {direction: left, priority: [NP-,",
     "malformed pattern 'NP-': '-' must be followed by a function tag"),
    ("heads.yaml", "S: {direction: left, priority: [VP,", "S: {direction: left, priority: [(NP,",
     "malformed pattern '(NP': '(' cannot be part of a category"),
    ("roles.yaml", "role: temporal", "role: temproal", "unknown role 'temproal' (did you mean temporal"),
    ("order.yaml", "{id: ord-subject-final, when: {role: [subject]",
     "{id: ord-subject-final, when: {role: [sbject]", "unknown role 'sbject' (did you mean subject"),
    ("roles.yaml", "trace_kind: ['*RNR*']", "trace_kind: ['*RNT*']", "unknown empty element '*RNT*'"),
    ("heads.yaml", "  PRT: {direction: right", "  PTR: {direction: right", "unknown phrase label 'PTR'"),
])
def test_a_typo_is_refused_with_its_line(folder, capsys, name, old, new, wanted):
    line = edit(folder, name, old, new)
    status, out = check(capsys, folder, "--no-sample")
    assert status == 2, out
    hits = [x for x in out.splitlines() if wanted in x]
    assert hits, out
    assert hits[0].strip().startswith(f"{name}:{line}:"), hits
    assert "rule folder OK" not in out


def test_a_typo_stops_conversion_too(folder):
    edit(folder, "roles.yaml", "when: {ftag: [TMP]}", "when: {ftag: [TPM]}")
    with pytest.raises(RuleFileError, match="unknown function tag 'TPM'"):
        load_rules(folder)


def test_a_new_label_is_declared_in_the_vocabulary(folder, capsys):
    """The way to use a new label is to declare it, not to turn the check off."""
    edit(folder, "roles.yaml", "when: {ftag: [TMP]}", "when: {ftag: [TMP, DUR]}")
    assert check(capsys, folder, "--no-sample")[0] == 2
    edit(folder, "treebank.yaml", "function_tags: [ADV,", "function_tags: [DUR, ADV,")
    status, out = check(capsys, folder, "--no-sample")
    assert status == 0, out


def test_the_bundled_rules_name_only_declared_names():
    from ptb2fd.ruleset.validate import _raw_files
    assert vocabulary_problems(_raw_files(RULES)) == []


def test_the_vocabulary_covers_the_guidelines():
    from ptb2fd.ruleset.validate import _raw_files
    vocab = Vocabulary.from_raw(_raw_files(RULES))
    assert {"NML", "EDITED", "SU", "ROOT", "TOP", "CPREP", "UCP", "WHPP"} <= vocab.labels
    assert {"HYPH", "NFP", "ADD", "AFX", "-DFL-", "-NONE-", "PRP$", "-LRB-"} <= vocab.tags
    assert {"TMP", "UNF", "SBJ", "LGS", "CLR"} <= vocab.ftags
    assert {"*T*", "*ICH*", "*EXP*", "*RNR*"} <= vocab.empties
    assert len(vocab.roles) == 33


@pytest.mark.parametrize("text", ["NN**S", "-", "NP-", "(NP", "NP)", "NP-SBJ-TMP", "*", "-T*P", "N P"])
def test_malformed_patterns_do_not_compile(text):
    with pytest.raises(ValueError, match="pattern"):
        compile_pattern(text)


@pytest.mark.parametrize("text", ["NP", "NP!", "VB*", "-TPC", "NX-TTL", "-NONE-", "-LRB-", "$", "PRP$", ",", "``",
                                  "''", "S!", "ADJP-PRD"])
def test_wellformed_patterns_compile(text):
    assert compile_pattern(text).text == text


def test_firings_on_the_trees_given(capsys):
    status = main(["rules", "check", str(RULES), str(FIXTURES / "constructions" / "free_relatives.mrg"), "--json"])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    assert "rule folder OK" in captured.err  # stdout is the JSON alone
    data = json.loads(captured.out)
    assert data["rules"] == len(data["fired"])
    assert data["fired"]["ftag-sbj"] > 0
    never = {(x["file"], x["id"]) for x in data["never_fired"]}
    assert ("roles.yaml", "ftag-tmp") in never
    assert all(isinstance(x["line"], int) for x in data["never_fired"] if x["file"] == "roles.yaml")
    assert data["trees"] == data["converted"] > 0


def test_never_fired_rules_are_listed_by_file_and_line(capsys):
    status, out = check(capsys, RULES, FIXTURES / "constructions" / "free_relatives.mrg")
    assert status == 0, out
    text = (RULES / "roles.yaml").read_text(encoding="utf-8")
    line = text[:text.index("id: ftag-tmp")].count("\n") + 1
    assert f"  roles.yaml:{line}  ftag-tmp" in out
    assert "never fired on " in out and "free_relatives.mrg" in out
    assert out.rstrip().splitlines()[-1].startswith("never fired: ")


def test_a_missing_tree_file_is_a_usage_error(capsys):
    status, out = check(capsys, RULES, "no-such-trees.mrg")
    assert status == 2
    assert "no-such-trees.mrg: no such file or folder" in out


def test_a_name_yaml_reads_as_a_boolean_is_refused(folder, capsys):
    """np_labels: [NP, NO] reads NO as false: it is named, not skipped."""
    edit(folder, "heads.yaml", "np_labels: [NP, NX, NML, NAC]", "np_labels: [NP, NO, NML, NAC]")
    status, out = check(capsys, folder, "--no-sample")
    assert status == 2
    assert "false where a phrase label belongs: an unquoted yes, no, on or off is YAML for true or false" in out

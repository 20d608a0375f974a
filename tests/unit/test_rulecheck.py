"""`ptb2fd rules check`: broken copies of rules/ fail with the place named;
the bundled rules pass; firing counts on a sample file."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from ptb2fd.cli import main
from ptb2fd.rulelang.patterns import compile_pattern
from ptb2fd.ruleset.shadowing import subsumes, unreachable_rules
from ptb2fd.ruleset.validate import check_folder

RULES = Path(__file__).resolve().parents[2] / "rules"

SBJ_RULE = """  - id: ftag-sbj
    when: {ftag: [SBJ]}
    role: subject
"""


@pytest.fixture
def folder(tmp_path) -> Path:
    target = tmp_path / "rules"
    shutil.copytree(RULES, target)
    return target


def edit(folder: Path, name: str, old: str, new: str) -> int:
    """Replace the first `old` in a rule file; the 1-based line it was on."""
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[:text.index(old)].count("\n") + 1


def run_check(capsys, *args) -> tuple[int, str]:
    status = main(["rules", "check", *map(str, args)])
    captured = capsys.readouterr()
    return status, captured.out + captured.err


def problem_lines(out: str, name: str, rule_id: str) -> list[str]:
    return [line for line in out.splitlines() if name in line and f"'{rule_id}'" in line]


def test_bundled_rules_pass(capsys):
    status, out = run_check(capsys, "--no-sample")
    assert status == 0, out
    assert "rule folder OK" in out
    assert "unreachable:" not in out


def test_bundled_rules_have_no_findings():
    report = check_folder(RULES)
    assert report.errors == []
    assert report.rules is not None


def test_unknown_key(folder, capsys):
    edit(folder, "roles.yaml", SBJ_RULE, SBJ_RULE.replace("role: subject", "role: subject\n    colour: red"))
    status, out = run_check(capsys, folder, "--no-sample")
    assert status == 2
    lines = problem_lines(out, "roles.yaml", "ftag-sbj")
    assert lines and "unknown key 'colour'" in lines[0]
    assert re.search(r"roles\.yaml:\d+", lines[0])


def test_duplicate_id_within_a_file(folder, capsys):
    edit(folder, "roles.yaml", SBJ_RULE, SBJ_RULE + SBJ_RULE.replace("ftag-sbj", "ftag-tpc").replace(
        "SBJ", "TPC").replace("subject", "topic"))
    status, out = run_check(capsys, folder, "--no-sample")
    assert status == 2
    assert any("duplicate id" in line for line in problem_lines(out, "roles.yaml", "ftag-tpc"))


def test_duplicate_id_across_files(folder, capsys):
    edit(folder, "punctuation.yaml", "id: punct-outward,", "id: ftag-tmp,")
    status, out = run_check(capsys, folder, "--no-sample")
    assert status == 2
    in_punct = problem_lines(out, "punctuation.yaml", "ftag-tmp")
    in_roles = problem_lines(out, "roles.yaml", "ftag-tmp")
    assert in_punct and "across files" in in_punct[0] and "roles.yaml:" in in_punct[0]
    assert in_roles and "across files" in in_roles[0] and "punctuation.yaml:" in in_roles[0]


def test_id_reusing_a_derived_id(folder, capsys):
    # head-NP is not a heads.yaml label here, but head-PP is: a derived id.
    edit(folder, "roles.yaml", "- id: ftag-put", "- id: head-PP")
    status, out = run_check(capsys, folder, "--no-sample")
    assert status == 2
    assert any("across files" in line for line in problem_lines(out, "roles.yaml", "head-PP"))


def test_role_not_in_inventory(folder, capsys):
    edit(folder, "roles.yaml", "    role: topic\n    # Before PRD", "    role: subjekt\n    # Before PRD")
    status, out = run_check(capsys, folder, "--no-sample")
    assert status == 2
    lines = problem_lines(out, "roles.yaml", "ftag-tpc")
    assert lines and "'subjekt' is not in the role inventory" in lines[0]


def test_shadowed_role_rule(folder, capsys):
    shadowed = """  - id: np-subject-topic
    when: {label: [NP], ftag: [SBJ], side: left}
    role: topic
"""
    edit(folder, "roles.yaml", SBJ_RULE, SBJ_RULE + shadowed)
    status, out = run_check(capsys, folder, "--no-sample")
    assert status == 2
    lines = problem_lines(out, "roles.yaml", "np-subject-topic")
    assert lines and "unreachable" in lines[0] and "'ftag-sbj'" in lines[0]


def test_rule_after_the_unconditional_rule(folder, capsys):
    path = folder / "roles.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "  - id: too-late\n    when: {tag: [NN]}\n    role: object\n",
                    encoding="utf-8")
    status, out = run_check(capsys, folder, "--no-sample")
    assert status == 2
    lines = problem_lines(out, "roles.yaml", "too-late")
    assert lines and "'dependent'" in lines[0]


def test_shadowed_order_rule(folder, capsys):
    edit(folder, "order.yaml", "  - {id: ord-topic,",
         "  - {id: ord-rolemarker-left, when: {role: [rolemarker], side: left}, slot: rolemarker}\n  - {id: ord-topic,")
    status, out = run_check(capsys, folder, "--no-sample")
    assert status == 2
    lines = problem_lines(out, "order.yaml", "ord-rolemarker-left")
    assert lines and "'ord-rolemarker'" in lines[0]


def test_shadowed_pos_correction_only_within_its_tag(folder):
    edit(folder, "pos_corrections.yaml", "  - id: nn-vbg-vp-head\n",
         "  - id: nn-vb-any-vp\n    from: NN\n    to: VB\n    when: {head_chain: [NN, VP]}\n"
         "  - id: nn-vbg-vp-head\n")
    problems = unreachable_rules_of(folder)
    assert [(p.rule_id, "nn-vb-any-vp" in p.message) for p in problems] == [
        ("nn-vbg-vp-head", True), ("nn-vb-vp-head", True)]


def test_yaml_syntax_error(folder, capsys):
    edit(folder, "roles.yaml", "    when: {ftag: [SBJ]}", "    when: {ftag: [SBJ}")
    status, out = run_check(capsys, folder, "--no-sample")
    assert status == 2
    assert re.search(r"roles\.yaml:\d+: YAML syntax error", out)


def test_missing_folder(tmp_path, capsys):
    status, out = run_check(capsys, tmp_path / "nowhere", "--no-sample")
    assert status == 2
    assert "rule folder not found" in out


def unreachable_rules_of(folder: Path):
    from ptb2fd.ruleset.validate import _raw_files

    return unreachable_rules(_raw_files(folder))


# -- the subsumption test is sound ---------------------------------------

@pytest.mark.parametrize("broad,narrow,expected", [
    ("VB*", "VBN", True), ("VB*", "VB*", True), ("VBN", "VB*", False), ("NP", "NP!", True), ("NP!", "NP", False),
    ("NP", "NP-SBJ", True), ("NP-SBJ", "NP", False), ("-TMP", "NP-TMP", True), ("NP", "-TMP", False),
    ("V*", "VB*", True), ("NP", "NX", False),
])
def test_pattern_subsumption(broad, narrow, expected):
    assert subsumes(compile_pattern(broad), compile_pattern(narrow)) is expected


def roles_raw(rules: list[dict]) -> dict:
    return {"roles.yaml": {"wordlists": {"be": ["is", "was"], "verbs": ["is", "was", "has"]}, "rules": rules}}


@pytest.mark.parametrize("earlier,later,shadowed", [
    ({}, {"tag": ["NN"]}, True),
    ({"tag": ["NN", "NNS"]}, {"tag": ["NN"]}, True),
    ({"tag": ["NN"]}, {"tag": ["NN", "NNS"]}, False),
    ({"tag": ["VB*"]}, {"tag": ["VBD"], "side": "left"}, True),
    ({"tag": ["VB*"], "side": "left"}, {"tag": ["VBD"]}, False),
    ({"side": "left"}, {"side": "right"}, False),
    ({"not_parent": ["S"]}, {"not_parent": ["S", "VP"]}, True),
    ({"not_parent": ["S", "VP"]}, {"not_parent": ["S"]}, False),
    ({"subject": "not-after"}, {"subject": "before"}, True),
    ({"subject": "before"}, {"subject": "not-after"}, False),
    ({"wordlist": "verbs"}, {"wordlist": "be"}, True),
    ({"wordlist": "be"}, {"word": ["is"]}, True),
    ({"word": ["is"]}, {"wordlist": "be"}, False),
    ({"suffix": ["ed"]}, {"suffix": ["ted"]}, True),
    ({"head_chain": ["NN", "VP"]}, {"head_chain": ["NN", "VP", "S"]}, True),
    ({"head_chain": ["NN", "VP", "S"]}, {"head_chain": ["NN", "VP"]}, False),
    ({"root": True}, {"root": False}, False),
    ({"label": ["NP"]}, {"not_label": ["VP"]}, False),
])
def test_role_shadowing(earlier, later, shadowed):
    raw = roles_raw([{"id": "e", "when": earlier, "role": "x"}, {"id": "l", "when": later, "role": "y"}])
    assert bool(unreachable_rules(raw)) is shadowed


def test_empty_list_matches_nothing():
    raw = roles_raw([{"id": "e", "when": {"tag": []}, "role": "x"}])
    [p] = unreachable_rules(raw)
    assert p.rule_id == "e" and "empty list" in p.message


def test_coordination_shadowing():
    def rule(rid, parents, analysis="phrasal"):
        return {"id": rid, "parents": parents, "analysis": analysis, "count_as": "np"}

    raw = {"coordination.yaml": {"rules": [rule("a", ["NP", "NX"]), rule("b", ["NP"], "flat-full"),
                                           rule("c", ["NX"]), rule("e", ["S"]), rule("d", ["*"])]}}
    assert [(p.rule_id, "'a'" in p.message) for p in unreachable_rules(raw)] == [("c", True)]
    raw["coordination.yaml"]["rules"].append(rule("f", ["VP"]))  # after the catch-all '*'
    assert [(p.rule_id, "'d'" in p.message) for p in unreachable_rules(raw)][1:] == [("f", True)]


def test_contraction_shadowing():
    raw = {"baseforms.yaml": {"contractions": [
        {"id": "a", "word": ["'s"], "tag": "VBZ", "base": "be"},
        {"id": "b", "word": ["'s"], "tag": "VBZ", "role": "taxis", "base": "have"},
        {"id": "c", "word": ["'s"], "tag": "PRP", "base": "us"},
    ]}}
    assert [p.rule_id for p in unreachable_rules(raw)] == ["b"]


# -- on the sample -------------------------------------------------------

@pytest.mark.sample
def test_sample_firings(capsys):
    status, out = run_check(capsys, "--files", "wsj_0001.mrg")
    assert status == 0, out
    m = re.search(r"^\s+ftag-sbj\s+(\d+)\s*$", out, re.M)
    assert m and int(m.group(1)) > 0
    assert re.search(r"^\s+ord-subject\s+[1-9]\d*\s*$", out, re.M)  # order rules, from the regeneration check
    assert "roles.yaml (" in out and "order.yaml (" in out
    assert "never fired on the sample" in out
    never = out.split("never fired on the sample", 1)[1]
    assert "cp-because-of" in never  # not in wsj_0001
    assert "ftag-sbj" not in never


def test_new_head_and_compound_keys_are_validated(folder, capsys):
    """The head and compound keys: rightmost ⊆ priority, except_in names a known list,
    not_after and interrupters are known keys with pattern/label values."""
    edit(folder, "heads.yaml", "rightmost: [RBR, RBS, RB, NNP, NNPS, FW]", "rightmost: [RBR, XX1, RB, NNP, NNPS, FW]")
    edit(folder, "heads.yaml", "    except_in: months", "    except_in: weekdays")
    edit(folder, "heads.yaml", "last_word_not: '^(1[5-9]", "last_word_not: '^((1[5-9]")
    edit(folder, "compound_prepositions.yaml", "not_after: [NP]}", "not_after: [NP], colour: red}")
    status, out = run_check(capsys, folder, "--no-sample")
    assert status == 2
    assert "every 'rightmost' pattern must be in 'priority'" in problem_lines(out, "heads.yaml", "head-ADJP")[0]
    lines = " ".join(problem_lines(out, "heads.yaml", "np-noun-number"))
    assert "except_in can only name the 'months' list" in lines
    assert "last_word_not is not a regular expression" in lines
    assert "unknown key 'colour'" in problem_lines(out, "compound_prepositions.yaml", "cp-short-of")[0]

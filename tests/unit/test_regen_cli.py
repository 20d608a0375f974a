"""`ptb2fd regen` and `ptb2fd diff` on a small part of the sample."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from ptb2fd.cli import main
from ptb2fd.ruleset import default_rules_dir

pytestmark = pytest.mark.sample
FILES = "wsj_000[1-3].mrg"
KEYS = ["view", "realizer", "sentences", "exact", "ssa_id", "ssa", "gsa", "sta", "gta", "bleu", "dea", "understandability", "quality"]


def run(capsys, *argv) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


def test_regen_json_has_the_issue_keys(capsys):
    code, out = run(capsys, "regen", "--corpus", "treebank", "--files", FILES, "--json")
    data = json.loads(out)
    assert code == 0
    assert list(data) == KEYS
    assert data["sentences"] == 33
    assert 0.9 < data["ssa_id"] <= 1 and 0.5 < data["exact"] <= 1


def test_regen_reads_converted_jsonl(capsys, tmp_path):
    jsonl = tmp_path / "part.jsonl"
    assert main(["convert", "--corpus", "treebank", "--files", FILES, "-o", str(jsonl), "--quiet"]) == 0
    _, from_trees = run(capsys, "regen", "--corpus", "treebank", "--files", FILES, "--json")
    code, from_jsonl = run(capsys, "regen", str(jsonl), "--json")
    assert code == 0 and json.loads(from_jsonl) == json.loads(from_trees)


def test_report_folder(capsys, tmp_path):
    code, _ = run(capsys, "regen", "--corpus", "treebank", "--files", FILES, "--report", str(tmp_path / "r"))
    assert code == 0
    report = (tmp_path / "r" / "report.md").read_text(encoding="utf-8")
    for section in ("## Metrics", "## By sentence length", "## Errors by role", "## Misplaced words by rule",
                    "worst sentences"):
        assert section in report
    lines = (tmp_path / "r" / "sentences.jsonl").read_text(encoding="utf-8").splitlines()
    first = json.loads(lines[0])
    assert len(lines) == 33 and first["id"] == "wsj_0001.mrg:1"
    assert first["reference"].startswith("Pierre Vinken , 61 years old")
    assert first["words"][0] == ["Pierre", "withinmod", "withinmod-before-head"]
    assert json.loads((tmp_path / "r" / "metrics.json").read_text())["sentences"] == 33


def test_diff_of_a_rule_change(capsys, tmp_path):
    """A rule change shows up in `diff`: subjects placed after their verb
    stop sentences being exact, and determiners turned into withinmod are
    counted by the rule that now decides them."""
    before, after = tmp_path / "before", tmp_path / "after"
    shutil.copytree(default_rules_dir(), before)
    shutil.copytree(default_rules_dir(), after)
    order = after / "order.yaml"
    order.write_text(order.read_text().replace(
        "- {id: ord-subject, when: {role: [subject]}, slot: subject}",
        "- {id: ord-subject, when: {role: [subject]}, slot: subject-final}"))
    roles = after / "roles.yaml"
    text = roles.read_text()
    start = text.index("  - id: dt-determiner")
    end = text.index("  - id: pdt-predeterminer")
    roles.write_text(text[:start] + text[end:])
    code, out = run(capsys, "diff", str(before), str(after), "--corpus", "treebank", "--files", FILES, "--json")
    result = json.loads(out)
    assert code == 0
    assert result["metrics"]["exact"]["change"] < -0.5
    assert len(result["stopped_exact"]) > 20 and result["became_exact"] == []
    assert result["role_transitions"]["determiner -> withinmod"] > 50
    assert result["role_changes_by_rule"]["withinmod-before-head"] > 50


def test_diff_of_two_report_folders(capsys, tmp_path):
    for name in ("a", "b"):
        run(capsys, "regen", "--corpus", "treebank", "--files", FILES, "--report", str(tmp_path / name))
    code, out = run(capsys, "diff", str(tmp_path / "a"), str(tmp_path / "b"))
    assert code == 0
    assert "became exact: 0" in out and "stopped being exact: 0" in out
    assert "words whose role changed: 0" in out


def test_diff_needs_two_comparable_folders(capsys, tmp_path):
    assert main(["diff", str(tmp_path), str(tmp_path)]) == 2

"""`ptb2fd regen` and `ptb2fd diff` on a small part of the sample."""
from __future__ import annotations

import json
import random
import re
import shutil

import pytest

from ptb2fd.cli import main
from ptb2fd.rulelang.folder import default_rules_dir

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


# --- views and realizers ------------------------------------------------------------------


def test_views_are_named_in_json_metrics_and_report(capsys, tmp_path):
    code, out = run(capsys, "regen", "--corpus", "treebank", "--files", FILES, "--view", "full", "--json",
                    "--report", str(tmp_path / "r"))
    data = json.loads(out)
    assert code == 0 and (data["view"], data["realizer"]) == ("full", "rules")
    assert json.loads((tmp_path / "r" / "metrics.json").read_text())["view"] == "full"
    assert "View: **full (RICHER than the paper" in (tmp_path / "r" / "report.md").read_text()
    _, paper = run(capsys, "regen", "--corpus", "treebank", "--files", FILES, "--json")
    assert json.loads(paper)["view"] == "paper"
    assert json.loads(paper)["exact"] <= data["exact"]  # the paper's view gives less


class _ReverseRealizer:
    """Stands in for the statistical realizer: the rules' words, with the
    sentences of an odd length reversed, so the two realizers differ."""

    name = "stat"

    def __init__(self, view_name):
        from ptb2fd.regen.realizer import RulesRealizer
        from ptb2fd.ruleset.load import load_rules

        self.view_name = view_name
        self.rules = RulesRealizer(load_rules().order)

    def realize(self, view):
        words = self.rules.realize(view)
        return words[::-1] if len(words) % 2 else words


def test_stat_realizer_plumbing_with_a_fake_model(capsys, tmp_path, monkeypatch):
    loaded = []

    def load_realizer(path, view_name, rules=None):
        loaded.append((path, view_name, rules.directory))
        return _ReverseRealizer(view_name)

    monkeypatch.setattr("ptb2fd.realizer.model.load_realizer", load_realizer)
    model = tmp_path / "m.bin"
    model.write_bytes(b"a model")  # the file must exist: its content is the fake's
    code, out = run(capsys, "regen", "--corpus", "treebank", "--files", FILES, "--realizer", "stat", "--model",
                    str(model), "--view", "paper", "--json", "--report", str(tmp_path / "r"))
    data = json.loads(out)
    assert code == 0 and loaded == [(str(model), "paper", default_rules_dir())]
    assert (data["view"], data["realizer"]) == ("paper", "stat")
    _, rules_out = run(capsys, "regen", "--corpus", "treebank", "--files", FILES, "--json")
    assert data["exact"] < json.loads(rules_out)["exact"]
    report = (tmp_path / "r" / "report.md").read_text(encoding="utf-8")
    assert "## Exact with stat, not with rules (view paper): 0" in report
    m = re.search(r"## Exact with rules, not with stat \(view paper\): (\d+)", report)
    assert m and int(m.group(1)) >= 1
    assert "- wsj_000" in report.split("## Exact with rules, not with stat")[1]


def test_stat_realizer_without_a_model_is_a_usage_error(capsys):
    assert main(["regen", "--corpus", "treebank", "--files", FILES, "--realizer", "stat"]) == 2
    assert "needs --model" in capsys.readouterr().err
    assert main(["regen", "--corpus", "treebank", "--files", FILES, "--model", "m"]) == 2


# --- the reference comes from ap ------------------------------------------------------------


def _shuffle_and_renumber(line: str, rng: random.Random) -> str:
    data = json.loads(line)
    toks = data["tokens"]
    new = list(range(100, 100 + 3 * len(toks), 3))
    rng.shuffle(new)
    remap = {t["id"]: new[i] for i, t in enumerate(toks)}
    jmap = {j: 50 + 7 * k for k, j in enumerate(sorted({t["junction"] for t in toks if t["junction"]}, reverse=True))}
    for t in toks:
        t["id"] = remap[t["id"]]
        t["head"] = remap.get(t["head"], 0)
        for f in ("conj_anchor", "conj_sibling"):
            if t[f] is not None:
                t[f] = remap[t[f]]
        if t["junction"] is not None:
            t["junction"] = jmap[t["junction"]]
    rng.shuffle(toks)
    return json.dumps(data)


def test_shuffled_renumbered_jsonl_regenerates_identically(capsys, tmp_path):
    jsonl = tmp_path / "part.jsonl"
    assert main(["convert", "--corpus", "treebank", "--files", FILES, "-o", str(jsonl), "--quiet"]) == 0
    rng = random.Random(7)
    lines = [_shuffle_and_renumber(line, rng) for line in jsonl.read_text(encoding="utf-8").splitlines()]
    rng.shuffle(lines)
    shuffled = tmp_path / "shuffled.jsonl"
    shuffled.write_text("\n".join(lines) + "\n", encoding="utf-8")
    outputs = []
    for name, path in (("a", jsonl), ("b", shuffled)):
        code, out = run(capsys, "regen", str(path), "--view", "full", "--json", "--report", str(tmp_path / name))
        assert code == 0
        recs = [json.loads(x) for x in (tmp_path / name / "sentences.jsonl").read_text().splitlines()]
        outputs.append((json.loads(out), {r["id"]: r["output"] for r in recs}))
    assert outputs[0] == outputs[1]
    assert outputs[0][0]["exact"] > 0.8 and len(outputs[0][1]) == 33


def test_damaged_jsonl_is_reported_per_sentence(capsys, tmp_path):
    jsonl = tmp_path / "part.jsonl"
    assert main(["convert", "--corpus", "treebank", "--files", "wsj_0001.mrg", "-o", str(jsonl), "--quiet"]) == 0
    first, second = jsonl.read_text(encoding="utf-8").splitlines()
    twice = json.loads(first)
    twice["tokens"][1]["ap"] = 0  # two words at one position
    orphan = json.loads(second)
    orphan["tokens"][0]["head"] = 999  # a head that is no word
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([json.dumps(twice), "{not json", json.dumps(orphan), second]) + "\n")
    code = main(["regen", str(bad), "--json"])
    captured = capsys.readouterr()
    assert code == 1 and json.loads(captured.out)["sentences"] == 1
    assert f"{bad}:1 (wsj_0001.mrg:1)" in captured.err and "ap values" in captured.err
    assert f"{bad}:2 (?)" in captured.err
    assert f"{bad}:3 (wsj_0001.mrg:2)" in captured.err and "head 999" in captured.err
    assert "read 4, failed 3" in captured.err

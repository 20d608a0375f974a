"""`ptb2fd analyse` on report folders of a small part of the sample, and the
flux property on every sample sentence."""
from __future__ import annotations

import csv
import json

import pytest

from ptb2fd.analysis.complexity import complexity, strip_punctuation
from ptb2fd.cli import main

pytestmark = pytest.mark.sample
FILES = "wsj_000[1-9].mrg"
FAILING_FILES = "wsj_001[0-9].mrg"
OUTPUTS = ("analysis.md", "sentences.csv", "complexity.csv", "dea_by_role.csv", "entropy_roles.csv",
           "order_entropy.csv", "correlations.csv", "projectivity.csv", "suspicious.csv")


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    folder = tmp_path_factory.mktemp("reports") / "dev-part"
    assert main(["regen", "--corpus", "treebank", "--files", FILES, "--report", str(folder)]) == 0
    return folder


def test_two_runs_give_identical_csv_and_markdown(report, tmp_path, capsys):
    for name in ("a", "b"):
        assert main(["analyse", str(report), "-o", str(tmp_path / name), "--min-support", "3"]) == 0
    for f in OUTPUTS:
        assert (tmp_path / "a" / f).read_bytes() == (tmp_path / "b" / f).read_bytes(), f
    for png in ("accuracy_by_length.png", "dea_by_role.png", "correlations.png", "suspicious.png"):
        assert (tmp_path / "a" / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    md = (tmp_path / "a" / "analysis.md").read_text(encoding="utf-8")
    assert "![correlations](correlations.png)" in md and "## Error mining" in md
    rows = list(csv.DictReader(open(tmp_path / "a" / "sentences.csv", encoding="utf-8")))
    first = rows[0]
    assert first["id"] == "wsj_0001.mrg:1" and first["system"] == "paper/rules"  # named from metrics.json
    # "Pierre Vinken , 61 years old , will join the board as a nonexecutive director Nov. 29 ." : 15 words
    # without punctuation, regenerated exactly.
    assert first["length"] == "15" and first["exact"] == "1" and first["dea_paper"] == "1.0000"
    sentences = json.loads(open(report / "sentences.jsonl", encoding="utf-8").readline())
    assert len(sentences["order"]) == len(sentences["heads"]) == 18


@pytest.fixture(scope="module")
def failing_report(tmp_path_factory):
    """A part where the rules realizer fails some sentences (it regenerates
    every sentence of wsj_0001-0009 exactly), so that forms can be mined."""
    folder = tmp_path_factory.mktemp("reports") / "dev-part-10"
    assert main(["regen", "--corpus", "treebank", "--files", FAILING_FILES, "--report", str(folder)]) == 0
    return folder


def test_systems_are_named_from_view_and_realizer(failing_report, tmp_path, capsys):
    import shutil

    report = failing_report
    other = tmp_path / "copy"
    shutil.copytree(report, other)
    metrics = json.loads((other / "metrics.json").read_text(encoding="utf-8"))
    (other / "metrics.json").write_text(json.dumps(metrics | {"view": "full", "realizer": "stat"}))
    assert main(["analyse", str(report), str(other), "-o", str(tmp_path / "out"), "--min-support", "3"]) == 0
    md = (tmp_path / "out" / "analysis.md").read_text(encoding="utf-8")
    assert "| paper/rules | wsj_0010–wsj_0019 |" in md and "| full/stat | wsj_0010–wsj_0019 |" in md
    assert "Across the 2 systems, view `cat0~role`" in md and "| role | edges | mean |" in md
    # the copy is the same run: every mined form is listed by both systems
    rows = list(csv.DictReader(open(tmp_path / "out" / "suspicious.csv", encoding="utf-8")))
    assert rows and all(r["systems"] == "1.0000" for r in rows)
    assert main(["analyse", str(report), "-o", str(tmp_path / "q"), "--fail", "bleu-quantile:0.25"]) == 0
    assert "at or below the 0.25-quantile" in (tmp_path / "q" / "analysis.md").read_text(encoding="utf-8")


def test_old_report_folder_is_refused_with_its_line(report, tmp_path, capsys):
    old = tmp_path / "old"
    old.mkdir()
    (old / "metrics.json").write_text((report / "metrics.json").read_text())
    lines = (report / "sentences.jsonl").read_text(encoding="utf-8").splitlines()
    stripped = [json.dumps({k: v for k, v in json.loads(x).items() if k not in ("heads", "order")}) for x in lines]
    (old / "sentences.jsonl").write_text("\n".join(stripped) + "\n")
    assert main(["analyse", str(old), "-o", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "sentences.jsonl:1: sentence wsj_0001.mrg:1 lacks heads, order" in err
    assert main(["analyse", str(report), "-o", str(tmp_path / "out"), "--fail", "bleu:3"]) == 2


def test_mdd_equals_mean_flux_size_on_every_sample_sentence(rules, sample_sentences):
    punct = rules.categories.cat0_classes["punctuation"]
    checked = 0
    for s in sample_sentences:
        heads, _ = strip_punctuation([t.head for t in s.tokens], [t.cat0 in punct for t in s.tokens])
        c = complexity(heads)
        if c is not None:
            assert c.mdd == pytest.approx(c.mfs), s.id
            checked += 1
    assert checked == len(sample_sentences) == 3914


def test_a_bad_line_is_reported_and_the_run_goes_on(report, tmp_path, capsys):
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "metrics.json").write_text((report / "metrics.json").read_text())
    lines = (report / "sentences.jsonl").read_text(encoding="utf-8").splitlines()
    broken = json.loads(lines[2])
    broken["order"] = [999] + broken["order"][1:]  # an output position that does not exist
    lines[1] = lines[1][:40]  # truncated JSON
    lines[2] = json.dumps(broken)
    (bad / "sentences.jsonl").write_text("\n".join(lines) + "\n")
    assert main(["analyse", str(bad), "-o", str(tmp_path / "out"), "--min-support", "3"]) == 1
    err = capsys.readouterr().err
    assert f"{bad / 'sentences.jsonl'}:2: sentence ? skipped" in err
    assert f"{bad / 'sentences.jsonl'}:3: sentence wsj_0002.mrg:1 skipped: IndexError" in err
    rows = list(csv.DictReader(open(tmp_path / "out" / "sentences.csv", encoding="utf-8")))
    assert len(rows) == len(lines) - 2


def test_role_table_counts_each_corpus_edges_apart(report, failing_report, tmp_path, capsys):
    # Two corpora (wsj_0001-0009 and wsj_0010-0019): the role table gives each
    # corpus's own edge count, the counts dea_by_role.csv has, not the larger of the two.
    assert main(["analyse", str(report), str(failing_report), "-o", str(tmp_path / "out"), "--min-support", "3"]) == 0
    md = (tmp_path / "out" / "analysis.md").read_text(encoding="utf-8")
    assert "| role | edges, wsj_0001–wsj_0009 | edges, wsj_0010–wsj_0019 |" in md
    rows = list(csv.DictReader(open(tmp_path / "out" / "dea_by_role.csv", encoding="utf-8")))
    edges = {(r["corpus"], r["role"]): r["edges"] for r in rows}
    line = next(x for x in md.splitlines() if x.startswith("| determiner | "))
    assert line.split(" | ")[1:3] == [edges[("wsj_0001–wsj_0009", "determiner")],
                                      edges[("wsj_0010–wsj_0019", "determiner")]]
    assert edges[("wsj_0001–wsj_0009", "determiner")] != edges[("wsj_0010–wsj_0019", "determiner")]

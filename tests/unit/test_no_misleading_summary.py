"""A summary never reads as more than it is: a check that compared nothing
is an error (check-heads with no aligned sentence, diff of reports with no
sentence in common), every list cut short ends with "… N more", and the
number of rule files is stated once and is the folder's."""
from __future__ import annotations

import json
import re
from pathlib import Path

from ptb2fd.commands.more import more
from ptb2fd.rulelang.folder import RULE_FILES

ROOT = Path(__file__).resolve().parents[2]


def write_report(folder: Path, ids: list[str], exact: bool, role: str) -> None:
    """A regen --report folder with these sentences (the fields diff reads)."""
    folder.mkdir()
    (folder / "metrics.json").write_text(json.dumps({"sentences": len(ids), "exact": float(exact)}))
    rows = [{"id": i, "exact": exact, "reference": f"words of {i}", "diff": f"diff of {i}",
             "words": [["words", role, f"rule-{role}-{n % 3}"], ["of", "rolemarker", "x"]]}
            for n, i in enumerate(ids)]
    (folder / "sentences.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))


def test_diff_of_reports_with_no_common_sentence_is_an_error(tmp_path, cli):
    write_report(tmp_path / "dev", [f"wsj_0001.mrg:{n}" for n in range(1, 4)], False, "object")
    write_report(tmp_path / "test", [f"wsj_0101.mrg:{n}" for n in range(1, 6)], True, "object")
    code, out, err = cli("diff", str(tmp_path / "dev"), str(tmp_path / "test"))
    assert code == 1
    assert out == ""
    assert f"{tmp_path / 'dev'} (3 sentences) and {tmp_path / 'test'} (5 sentences) have no sentence in common" in err


def test_every_cut_list_of_diff_says_how_many_more(tmp_path, cli):
    ids = [f"wsj_0001.mrg:{n}" for n in range(1, 38)]
    write_report(tmp_path / "before", ids, False, "temporal")
    write_report(tmp_path / "after", ids, True, "withinmod")
    code, out, _ = cli("diff", str(tmp_path / "before"), str(tmp_path / "after"), "--limit", "30")
    assert code == 0
    block = out.split("became exact: 37\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert len(block) == 31 and block[-1] == "  … 7 more"
    assert "words whose role changed: 37" in out
    code, out, _ = cli("diff", str(tmp_path / "before"), str(tmp_path / "after"))
    assert "  … 7 more" in out  # the default limit is 30


def test_more_says_nothing_when_nothing_was_cut():
    assert more(5, 5) == [] and more(3, 30) == []
    assert more(37, 30) == ["  … 7 more"]


def test_check_heads_with_nothing_aligned_is_an_error(cli):
    code, out, err = cli("check-heads", str(ROOT / "fixtures" / "conventions" / "tops.mrg"),
                         "--reference", str(ROOT / "fixtures" / "reference" / "pairs.conllu"))
    assert code == 1
    assert "100.00" not in out
    assert "agreement      n/a" in out
    assert "ptb2fd: nothing compared: none of the 7 tree(s) aligned with a sentence of" in err


def test_check_heads_json_has_no_agreement_when_nothing_was_compared(cli):
    code, out, _ = cli("check-heads", str(ROOT / "fixtures" / "conventions" / "tops.mrg"),
                       "--reference", str(ROOT / "fixtures" / "reference" / "pairs.conllu"), "--json")
    assert code == 1
    assert json.loads(out)["all"]["agreement"] is None


def test_the_rule_file_count_is_the_folders():
    on_disk = sorted(p.name for p in (ROOT / "rules").glob("*.yaml"))
    assert sorted(RULE_FILES) == on_disk
    doc = (ROOT / "docs" / "rule-language.md").read_text(encoding="utf-8")
    words = {"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14}
    stated = [int(n) if n.isdigit() else words[n] for n in
              re.findall(r"\b(\d+|ten|eleven|twelve|thirteen|fourteen) (?:rule )?files\b", doc, re.I)]
    assert stated == [len(on_disk)], stated

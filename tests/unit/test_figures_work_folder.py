"""`make figures` keeps converted files and models in a work folder between
runs: only while the code and rules that made them are unchanged."""
from __future__ import annotations

from ptb2fd.figures.measure import Run, code_digest


def test_a_work_folder_of_other_code_is_emptied_and_one_of_this_code_kept(tmp_path, capsys):
    work = tmp_path / "figures"
    work.mkdir()
    (work / "gum-all-auto.jsonl").write_text("made by older code\n")
    (work / "models").mkdir()
    (work / "models" / "paper.model").write_text("old\n")
    (work / "made-by").write_text("0" * 64 + "\n")
    Run(work)
    assert sorted(p.name for p in work.iterdir()) == ["made-by"]
    assert (work / "made-by").read_text().strip() == code_digest()
    assert "holds files of other code: removed (2)" in capsys.readouterr().err
    (work / "sample.jsonl").write_text("made by this code\n")
    Run(work)
    assert (work / "sample.jsonl").read_text() == "made by this code\n"


def test_a_work_folder_without_a_stamp_is_taken_as_other_code(tmp_path):
    work = tmp_path / "figures"
    work.mkdir()
    (work / "curve.model").write_text("unknown origin\n")
    Run(work)
    assert not (work / "curve.model").exists()

"""check-heads --reference: invented trees (fixtures/reference/pairs.mrg)
against invented UD and Stanford-style analyses of the same sentences,
written in another order, with quotes and brackets spelled differently."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from ptb2fd.cli import main
from ptb2fd.headcheck.reference import ReferenceComparison
from ptb2fd.headcheck.reference_read import ReferenceFormatError, ReferenceIndex, read_reference
from ptb2fd.headcheck.reference_scheme import load_schemes
from ptb2fd.trees.reader import read_trees

PAIRS = Path(__file__).resolve().parents[2] / "fixtures" / "reference"


def run_json(capsys, *argv) -> tuple[int, dict]:
    status = main(["check-heads", str(PAIRS / "pairs.mrg"), "--json", *argv])
    return status, json.loads(capsys.readouterr().out)


def test_ud_reference_aligned_by_words_with_conventions_apart(capsys):
    status, r = run_json(capsys, "--reference", str(PAIRS / "pairs.conllu"))
    assert status == 0 and r["scheme"] == "ud"
    # Seven of the eight trees have a reference sentence; "Nothing in the reference" has none.
    assert r["sentences"] == 8 and r["unaligned"] == 1 and r["unaligned_examples"] == ["pairs.mrg:8"]
    # "is a director": the copula is turned round, so "director" is the root on both sides.
    assert r["copulas_turned"] == 1
    assert r["all"]["conventions"] == {"flat-name": 6, "coordination-head": 2, "shared-dependent": 1,
                                       "raised-object": 1}
    # "Douglass North and Ronald Coase won": a name in a later conjunct, UD's
    # "Ronald" -> "Douglass" (conj of the first name's head), ptb2fd's
    # "Ronald" -> "Coase" -> "won": both conventions at once, no error.
    assert r["by_label"]["conj"] == {"compared": 3, "agree": 0, "conventions": {"coordination-head": 2, "flat-name": 1},
                                     "errors": 0, "agreement": None}  # nothing judged: no figure
    # "They let him go": ptb2fd's subject of "go", UD's object of "let".
    assert r["convention_examples"]["raised-object"] == ["pairs.mrg:6 (p-7) him: ptb2fd->go reference->let"]
    # The one error: the reference hangs the bracketed "volume 2" on "read", ptb2fd on "book".
    assert r["all"]["errors"] == 1 and r["outside"]["errors"] == 1 and r["inside"]["errors"] == 0
    [pattern] = r["patterns"]
    assert pattern["pattern"] == "outside withinmod/obl NN: ptb2fd->NN reference->VBD"
    assert pattern["examples"] == ["pairs.mrg:3 (p-3) volume: ptb2fd->book reference->read"]
    assert r["by_label"]["obl"] == {"compared": 2, "agree": 1, "conventions": {}, "errors": 1, "agreement": 0.5}
    # "Pierre" is ptb2fd's withinmod of "Vinken", the subject; "dogs" shares the subject role of "Cats".
    assert r["by_role"]["subject"]["conventions"] == {"flat-name": 3, "coordination-head": 1, "raised-object": 1}
    # "cats and dogs from the farm": ptb2fd hangs the shared "farm" on "dogs", UD on "cats".
    assert r["convention_examples"]["shared-dependent"] == ["pairs.mrg:5 (p-6) farm: ptb2fd->dogs reference->cats"]
    assert r["by_role"]["withinmod"]["conventions"] == {"flat-name": 3, "shared-dependent": 1}
    # "dogs" is a later conjunct: inside coordination, the convention of the coordination's head.
    assert r["inside"] == {"compared": 9, "agree": 2, "conventions": {"coordination-head": 2, "flat-name": 4,
                                                                      "shared-dependent": 1},
                           "errors": 0, "agreement": 1.0}


def test_stanford_reference_preposition_stands_for_its_object(capsys):
    status, r = run_json(capsys, "--reference", str(PAIRS / "pairs.conllx"))
    assert status == 0 and r["scheme"] == "stanford"
    assert r["unaligned"] == 6 and r["all"]["errors"] == 0
    # pobj "mat" walks up past "on" (prep) to "sat", as ptb2fd's on <- mat, mat <- sat.
    assert r["by_label"]["pobj"] == {"compared": 1, "agree": 1, "conventions": {}, "errors": 0, "agreement": 1.0}
    # Stanford's nn heads a name with its last word, as ptb2fd does: no convention needed.
    assert r["by_label"]["nn"]["agree"] == 1 and r["all"]["conventions"] == {"coordination-head": 1}


def test_scheme_can_be_forced(capsys):
    _, r = run_json(capsys, "--reference", str(PAIRS / "pairs.conllx"), "--scheme", "ud")
    # Read as UD, "prep" is no function relation: "on" is compared, "mat" attaches to it.
    assert r["scheme"] == "ud" and r["all"]["errors"] >= 1


def test_bad_reference_sentence_named_and_others_read(tmp_path, capsys):
    bad = tmp_path / "bad.conllu"
    good = (PAIRS / "pairs.conllu").read_text(encoding="utf-8")
    bad.write_text("1\tOops\t_\tX\tNN\t_\tx\troot\t_\t_\n\n" + good, encoding="utf-8")
    status = main(["check-heads", str(PAIRS / "pairs.mrg"), "--reference", str(bad), "--json"])
    captured = capsys.readouterr()
    assert status == 1
    assert "bad.conllu:1: HEAD 'x' is not a number" in captured.err
    r = json.loads(captured.out)
    assert r["reference_errors"] == 1 and r["reference_sentences"] == 7 and r["unaligned"] == 1


def test_missing_reference_is_a_usage_error(capsys):
    assert main(["check-heads", str(PAIRS / "pairs.mrg"), "--reference", "/nonexistent/x.conllu"]) == 2
    assert "--reference /nonexistent/x.conllu: no such file or folder" in capsys.readouterr().err


def test_index_hands_out_repeated_sentences_in_order():
    errors: list[ReferenceFormatError] = []
    refs = list(read_reference(str(PAIRS / "pairs.conllu"), errors))
    index = ReferenceIndex(refs + [replace(refs[0], sent_id="p-4-again")])
    first = index.take(["He", "said", "``", "we", "won", "''", "."])
    second = index.take(["He", "said", "``", "we", "won", "''", "."])
    assert (first.sent_id, second.sent_id) == ("p-4", "p-4-again")
    assert index.take(["He", "said", "``", "we", "won", "''", "."]) is None
    # The loose key: case and punctuation differ.
    assert index.take(["cats", "and", "dogs", "sat", "on", "the", "mat"]).sent_id == "p-2"


def test_comparison_object_directly(converter):
    errors: list = []
    refs = list(read_reference(str(PAIRS / "pairs.conllu"), errors))
    comparison = ReferenceComparison(converter, refs, load_schemes(), "ud")
    for raw in read_trees([str(PAIRS / "pairs.mrg")]):
        comparison.add(raw)
    check = comparison.result
    assert (check.outside.compared, check.inside.compared) == (21, 9)
    assert check.total.agreement == pytest.approx(19 / 20)

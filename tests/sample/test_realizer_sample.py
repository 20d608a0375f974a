"""The statistical realizer trained on a few dev files and scored on other
dev files (never on the test half): real floors, paper and shallow views."""
from __future__ import annotations

import pytest

from ptb2fd.realizer import load_realizer
from ptb2fd.realizer.evaluate import evaluate
from ptb2fd.realizer.model import save_model
from ptb2fd.realizer.trainer import train_model

pytestmark = [pytest.mark.sample, pytest.mark.slow]


@pytest.mark.parametrize("view, floors", [
    ("paper", {"exact": 0.70, "ssa_id": 0.955, "bleu": 0.95}),
    ("shallow", {"exact": 0.08, "bleu": 0.55}),
])
def test_trained_on_dev_files(tmp_path, sample_sentences, rules, view, floors):
    train = [s for s in sample_sentences if s.id.startswith("wsj_000")]
    held_out = [s for s in sample_sentences if s.id.startswith("wsj_001")]
    path = tmp_path / f"{view}.model"
    save_model(train_model(train, view, rules, (1.0,)), str(path))
    result = evaluate(load_realizer(str(path), view, rules=rules), held_out, rules.roles.adjunct_roles, view)
    assert result["sentences"] == len(held_out) > 100
    for key, floor in floors.items():
        assert result[key] >= floor, (key, result[key])
    assert result["search_errors"] < 0.08 * result["heads"], result["search_errors"]


def test_the_hand_written_example_of_the_docs(tmp_path, capsys):
    """docs/examples/realize-input.jsonl (records written by hand, shuffled, few
    fields) realized by `ptb2fd realize` with a paper model trained on wsj_0001-0009."""
    from pathlib import Path

    from ptb2fd.cli import main

    example = Path(__file__).resolve().parents[2] / "docs" / "examples" / "realize-input.jsonl"
    model = tmp_path / "paper.model"
    assert main(["train", "--corpus", "treebank", "--files", "wsj_000*", "--view", "paper", "--variances", "1",
                 "-o", str(model)]) == 0
    capsys.readouterr()
    assert main(["realize", str(example), "--model", str(model)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "A new bakery opened on Elm Street last month .",
        "The school board will vote on the budget tomorrow .",
        "In 2021 , the firm hired 40 engineers .",
    ]

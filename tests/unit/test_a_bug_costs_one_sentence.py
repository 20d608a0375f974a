"""A bug that raises on one sentence costs that sentence, with one line
naming it, not the run: in regeneration (the sentence is scored as an empty
output) and in training (the sentence is left out)."""
from __future__ import annotations

import pytest

from ptb2fd.regen.check import RegenerationCheck
from ptb2fd.regen.realizer import RulesRealizer

TREES = [
    "(S (NP-SBJ (NNS Prices)) (VP (VBD rose) (ADVP-TMP (RB yesterday))) (. .))",
    "(S (NP-SBJ (DT The) (NN dog)) (VP (VBD barked)) (. .))",
    "(S (NP-SBJ (PRP She)) (VP (VBD sold) (NP (DT the) (NN car))) (. .))",
]


class BrokenOnDogs(RulesRealizer):
    """The rules realizer, with a bug on any sentence about a dog."""

    def realize_ordered(self, view):
        if any(r.word == "dog" for r in view.records):
            raise TypeError("'<' not supported between instances of 'str' and 'int'")
        return super().realize_ordered(view)


def test_regeneration_scores_the_failed_sentence_as_empty(converter, rules):
    check = RegenerationCheck(rules.order, rules.roles.adjunct_roles, "paper", BrokenOnDogs(rules.order))
    done = [check.run(converter.convert_text(t, f"t:{k}")) for k, t in enumerate(TREES, 1)]
    assert [d.error for d in done] == [
        None, "internal error: TypeError: '<' not supported between instances of 'str' and 'int'", None]
    assert done[1].output == [] and done[1].score.exact == 0 and done[1].score.ssa_id == 0.0
    assert " ".join(done[2].output) == "She sold the car ."


def test_training_leaves_the_failed_sentence_out(converter, rules, monkeypatch, capsys):
    from ptb2fd.realizer import extract
    from ptb2fd.realizer.trainer import train_model

    real = extract.training_sentence

    def broken(s, *args):
        if "dog" in s.words:
            raise TypeError("a bug")
        return real(s, *args)

    sentences = [converter.convert_text(t, f"t:{k}") for k, t in enumerate(TREES * 4, 1)]
    whole = train_model(sentences, "paper", rules, (1.0,))
    monkeypatch.setattr(extract, "training_sentence", broken)
    model = train_model(sentences, "paper", rules, (1.0,))
    err = capsys.readouterr().err.splitlines()
    assert err == [f"ptb2fd train: t:{k}: left out: internal error: TypeError: a bug" for k in (2, 5, 8, 11)]
    # the dog's two heads (barked, dog) in each of its 4 sentences are not trained on
    assert model["training"]["heads"] == whole["training"]["heads"] - 8


@pytest.fixture
def converter(rules):
    from ptb2fd.conversion.converter import Converter

    return Converter(rules)

"""The statistical realizer on small inline trees: the language model's
probabilities by hand, the ranker, the search, inflection, the model file."""
from __future__ import annotations

import gzip
import json
import math
import shutil

import numpy as np
import pytest

from ptb2fd.realizer import ModelError, load_realizer
from ptb2fd.realizer.inflection import Inflector
from ptb2fd.realizer.lm import KneserNeyLM
from ptb2fd.realizer.model import read_model, save_model
from ptb2fd.realizer.ranker import CandidateSets, fit, prune, top1_accuracy
from ptb2fd.realizer.search import Scorer
from ptb2fd.realizer.trainer import train_model
from ptb2fd.realizer.units import build_problems
from ptb2fd.regen.view import capitalize_first, make_view
from ptb2fd.ruleset.load import load_rules

TREES = [
    "(S (NP-SBJ (DT The) (NN company)) (VP (VBD sold) (NP (DT the) (NN unit))) (. .))",
    "(S (NP-SBJ (PRP They)) (VP (VBD were) (ADJP-PRD (JJ happy))) (. .))",
    "(S (NP-SBJ (PRP It)) (VP (VBD was) (ADJP-PRD (JJ late))) (. .))",
    "(S (NP-SBJ (PRP He)) (VP (VBZ does) (RB n't) (VP (VB know))) (. .))",
    "(S (NP-SBJ (PRP He)) (VP (VBD bought) (NP (DT an) (NN apple))) (. .))",
    "(S (NP-SBJ (PRP She)) (VP (VBD waited) (NP-TMP (DT an) (NN hour))) (. .))",
    "(S (NP-SBJ (DT The) (NN company)) (VP (VBD bought) (NP (DT a) (NN unit))) (. .))",
    "(SQ (VBD Did) (NP-SBJ (PRP they)) (VP (VB sell) (NP (DT the) (NN unit))) (. ?))",
]


@pytest.fixture(scope="module")
def sentences(converter):
    return [converter.convert_text(t) for t in TREES * 3]


@pytest.fixture(scope="module")
def model_path(tmp_path_factory, sentences, rules):
    path = tmp_path_factory.mktemp("model") / "paper.model"
    save_model(train_model(sentences, "paper", rules, (10.0,)), str(path))
    return path


def test_kneser_ney_by_hand():
    # Corpus: "a b", "a b", "a c". Trigram counts 3,2,1,2,1 -> D3 = n1/(n1+2 n2) = 2/6;
    # every bigram has one left neighbour -> D2 = 1. N1+(. w): a 1, b 1, c 1, </s> 2.
    lm = KneserNeyLM.train([["a", "b"], ["a", "b"], ["a", "c"]])
    assert lm.d3 == pytest.approx(1 / 3) and lm.d2 == pytest.approx(1.0)
    assert lm.p1("b") == pytest.approx(2 / 10)  # (1 + 1) / (5 + 4 + 1)
    assert lm.p2("a", "b") == pytest.approx((0 + 1 * 2 * 0.2) / 2)  # 0.2
    # P3(b | <s> a) = (2 - 1/3 + 1/3 * 2 * 0.2) / 3 = 0.6
    assert lm.p3("<s>", "a", "b") == pytest.approx(0.6)
    assert math.exp(lm.logprob(("<s>", "a"), "b")) == pytest.approx(0.6)
    # the known words and one unknown word share the whole mass
    total = sum(lm.p3("<s>", "a", w) for w in ("a", "b", "c", "</s>")) + lm.p3("<s>", "a", "zzz")
    assert total == pytest.approx(1.0)
    assert lm.sentence_logprob(["a", "b"]) > lm.sentence_logprob(["b", "a"])


def test_ranker_learns_a_toy_ordering():
    # Three heads, each with the reference (feature 1 "det before noun") and
    # one wrong candidate (feature 2 "noun before det").
    rows = [[1], [2], [1], [2], [1, 3], [2, 3]]
    sets = CandidateSets(rows, [0.0] * 6, [0, 2, 4, 6], 4, [0, 1, 2])
    w = fit(sets, variance=10.0)
    assert w[1] > 0 > w[2]
    assert top1_accuracy(sets, w) == 1.0
    assert top1_accuracy(sets, -w) == 0.0


def test_search_finds_the_reference_on_a_small_head(sentences, rules):
    s = sentences[0]  # The company sold the unit .
    view = make_view(s, rules.roles.adjunct_roles, seed=s.id, view="shallow")
    problems, _ = build_problems(view.records, rules.order)
    root = next(p for p in problems if p.root)
    for u in root.units:
        u.words = {"HEAD": ["sold"], "subject": ["the", "company"], "object": ["the", "unit"]}.get(
            u.label, ["."])
    labels = [u.label for u in root.units]
    wanted = ["subject", "HEAD", "object", "rightpunc:."]
    weights = {f"b|{a}|{b}": 1.0 for a, b in zip(["<", *wanted], [*wanted, ">"])}
    order, score = Scorer(weights, 0.0, None).search(root)
    assert [labels[i] for i in order] == wanted
    assert score == pytest.approx(5.0)


def test_realizer_rebuilds_training_sentences(model_path, sentences, rules):
    realizer = load_realizer(str(model_path), "paper", rules=rules)
    assert realizer.name == "stat"
    for s in sentences[:8]:
        view = make_view(s, rules.roles.adjunct_roles, seed=s.id, view="paper").view
        assert realizer.realize(view) == capitalize_first(s.words)
    question = make_view(sentences[7], rules.roles.adjunct_roles, seed="q", view="paper").view
    assert realizer.realize(question) == ["Did", "they", "sell", "the", "unit", "?"]


def test_inflection(sentences, rules):
    views = [make_view(s, rules.roles.adjunct_roles, seed=s.id, view="full") for s in sentences]
    table = Inflector.train((v.records, [w for w in s.words]) for v, s in zip(views, sentences))
    lemma = [make_view(s, rules.roles.adjunct_roles, seed=s.id, view="lemma") for s in sentences]

    def forms(k):
        v = lemma[k]
        kids = {}
        for r in v.records:
            kids.setdefault(r.head, []).append(r)
        return sorted(table.form(r, kids) for r in v.records)

    assert "were" in forms(1) and "was" in forms(2)  # be/VBD agrees with its subject
    assert "n't" in forms(3) and "does" in forms(3)
    assert table.fix_articles(["a", "apple"]) == ["an", "apple"]
    assert table.fix_articles(["a", "hour"]) == ["an", "hour"]  # learned, not the letter rule
    assert table.fix_articles(["an", "unit"]) == ["a", "unit"]
    assert Inflector({}, {}).fix_articles(["a", "egg", "and", "an", "dog"]) == ["an", "egg", "and", "a", "dog"]
    assert capitalize_first(["``", "we", "sold"]) == ["``", "We", "sold"]


def test_lemma_view_inflects(tmp_path, sentences, rules):
    path = tmp_path / "lemma.model"
    save_model(train_model(sentences, "lemma", rules, (10.0,)), str(path))
    realizer = load_realizer(str(path), "lemma", rules=rules)
    s = sentences[1]  # They were happy .
    out = realizer.realize(make_view(s, rules.roles.adjunct_roles, seed=s.id, view="lemma").view)
    assert out == ["They", "were", "happy", "."]


def test_model_errors(tmp_path, model_path, rules):
    with pytest.raises(ModelError, match="trained for the 'paper' view"):
        load_realizer(str(model_path), "shallow", rules=rules)
    with pytest.raises(ModelError, match="no such model file"):
        load_realizer(str(tmp_path / "missing.model"), "paper", rules=rules)
    bad = tmp_path / "corrupt.model"
    bad.write_bytes(model_path.read_bytes()[:200])
    with pytest.raises(ModelError, match="not a ptb2fd realizer model"):
        load_realizer(str(bad), "paper", rules=rules)
    model = read_model(str(model_path))
    model["version"] = 99
    old = tmp_path / "old.model"
    old.write_bytes(gzip.compress(json.dumps(model).encode()))
    with pytest.raises(ModelError, match="format version 99"):
        load_realizer(str(old), "paper", rules=rules)
    model["version"] = read_model(str(model_path))["version"]
    model["search_beams"] = [4, 8]  # damaged: not a mapping of scorings
    old.write_bytes(gzip.compress(json.dumps(model).encode()))
    with pytest.raises(ModelError, match="corrupt model"):
        load_realizer(str(old), "paper", rules=rules)
    del model["search_beams"]  # a file from before search_beams searches with its "beam"
    old.write_bytes(gzip.compress(json.dumps(model).encode()))
    assert load_realizer(str(old), "paper", rules=rules).scorer.beam == model["beam"] == 8
    other = tmp_path / "rules"
    shutil.copytree(rules.directory, other)
    (other / "order.yaml").write_text((other / "order.yaml").read_text() + "\n# changed\n")
    with pytest.raises(ModelError, match="other rules"):
        load_realizer(str(model_path), "paper", rules=load_rules(other))


def test_model_errors_exit_2(tmp_path, model_path, capsys):
    from ptb2fd.cli import main

    tree = tmp_path / "t.mrg"
    tree.write_text(TREES[0] + "\n")
    assert main(["regen", str(tree), "--view", "shallow", "--realizer", "stat", "--model", str(model_path)]) == 2
    assert "trained for the 'paper' view" in capsys.readouterr().err


def test_training_and_output_are_deterministic(tmp_path, model_path, sentences, rules):
    again = tmp_path / "again.model"
    save_model(train_model(sentences, "paper", rules, (10.0,)), str(again))
    assert again.read_bytes() == model_path.read_bytes()
    r1 = load_realizer(str(model_path), "paper", rules=rules)
    r2 = load_realizer(str(again), "paper", rules=rules)
    for s in sentences[:8]:
        view = make_view(s, rules.roles.adjunct_roles, seed="x", view="paper").view
        assert r1.realize(view) == r2.realize(view)


def test_train_command(tmp_path, capsys):
    from ptb2fd.cli import main

    trees = tmp_path / "t.mrg"
    trees.write_text("\n".join(TREES * 2) + "\n")
    out = tmp_path / "m.model"
    assert main(["train", str(trees), "--view", "shallow", "-o", str(out), "--variances", "10"]) == 0
    assert read_model(str(out))["view"] == "shallow"
    assert main(["train", str(trees), "-o", str(out), "--variances", "x"]) == 2


def test_prune_drops_features_of_one_head_only():
    # feature 3 occurs in one head only, feature 4 nowhere; LM (0) is always kept
    rows = [[1], [2], [1], [2], [1, 3], [2, 3]]
    sets = CandidateSets(rows, [0.0] * 6, [0, 2, 4, 6], 5, [0, 1, 2])
    pruned, kept = prune(sets, 2)
    assert kept.tolist() == [0, 1, 2]
    assert pruned.matrix.shape == (6, 3)
    assert pruned.matrix[4].toarray().tolist() == [[0.0, 1.0, 0.0]]


def test_choose_variance_hill_climbs_to_the_best_held_out_point(monkeypatch):
    from ptb2fd.realizer import ranker

    rows = [[1], [2]] * 6
    sets = CandidateSets(rows, [0.0] * 12, list(range(0, 13, 2)), 3, [0, 1, 2, 0, 1, 2])
    tried = []
    peak = 3.0  # held-out accuracy falls off with the distance from 3.0

    def fake_fit(train, variance, mask=None, max_iter=30):
        tried.append(variance)
        return np.array([0.0, -abs(math.log(variance / peak)), 0.0])

    monkeypatch.setattr(ranker, "fit", fake_fit)
    monkeypatch.setattr(ranker, "top1_accuracy", lambda s, w: float(w[1]))
    best, accuracy = ranker.choose_variance(sets, (0.1, 0.3, 1.0, 3.0, 10.0), held_out_folds=1)
    assert best == 3.0
    assert sorted(accuracy) == [0.3, 1.0, 3.0, 10.0]  # 0.1 is never fitted: 0.3 is worse than 1.0
    assert len(tried) == 4  # one held-out fold, one fit per variance tried


def test_memoized_scores_equal_the_features_weights(model_path, sentences, rules):
    from ptb2fd.realizer.features import order_features

    realizer = load_realizer(str(model_path), "paper", rules=rules)
    scorer = realizer.scorer
    for s in sentences[:8]:
        view = make_view(s, rules.roles.adjunct_roles, seed=s.id, view="paper")
        _, _, trace = realizer.realize_traced(view.view)
        for p, order in zip(trace.problems, trace.orders):
            if len(order) > 1:
                plain = sum(scorer.weights.get(f, 0.0) for f in order_features(p, order))
                lm = scorer.score_order(p, order) - plain
                no_lm = Scorer(scorer.weights, 0.0, None)
                assert no_lm.score_order(p, order) == pytest.approx(plain)
                assert scorer.lm_weight == 0.0 or lm != 0.0
    assert scorer._memo._structures and scorer._memo._bigrams  # the memos were filled


def test_views_without_direction_get_the_wide_beam(tmp_path, sentences, rules):
    from ptb2fd.realizer.trainer import BEAM, SEARCH_BEAM, WIDE_BEAM, beam_for

    assert (beam_for("paper"), beam_for("full"), beam_for("shallow"), beam_for("lemma")) == (
        BEAM, BEAM, WIDE_BEAM, WIDE_BEAM)
    # a paper model realizes with the narrow beam, but for the language model alone
    path = tmp_path / "paper.model"
    save_model(train_model(sentences, "paper", rules, (10.0,)), str(path))
    assert read_model(str(path))["search_beams"] == {"both": SEARCH_BEAM, "ranker": SEARCH_BEAM, "lm": BEAM}
    assert [load_realizer(str(path), "paper", s, rules=rules).scorer.beam for s in ("both", "ranker", "lm")] == [
        SEARCH_BEAM, SEARCH_BEAM, BEAM]
    path = tmp_path / "shallow.model"
    save_model(train_model(sentences, "shallow", rules, (10.0,)), str(path))
    assert read_model(str(path))["beam"] == WIDE_BEAM
    assert load_realizer(str(path), "shallow", rules=rules).scorer.beam == WIDE_BEAM


def _units_by_head(tree, converter, rules):
    s = converter.convert_text(tree)
    view = make_view(s, rules.roles.adjunct_roles, seed=s.id, view="paper")
    problems, by_id = build_problems(view.records, rules.order)
    word = {r.id: r.word for r in view.records}
    return {word[p.head.id]: [([word[i] for i in u.ids], u.label, u.side) for u in p.units[1:]] for p in problems}


def test_an_opening_conjunction_of_a_continued_head_is_a_left_unit(converter, rules):
    # "were [neither] barred nor suspended": the head is the first conjunct, so
    # the rules put "neither" before it; the stat units must let it stand there
    # (it was inside the coordination unit, right of the head: "barred neither nor").
    units = _units_by_head("(S (NP-SBJ (PRP They)) (VP (VBD were) (VP (DT neither) (VBN barred) (CC nor) "
                           "(VBN suspended))) (. .))", converter, rules)["barred"]
    assert (["neither"], "coord/opening", "left") in units
    coordination = next(u for u in units if u[1].startswith("coord/") and u[1] != "coord/opening")
    assert coordination[0] == ["nor", "suspended"] and coordination[2] == "right"


def test_an_opening_conjunction_after_the_first_conjuncts_marker_is_that_conjuncts_unit(converter, rules):
    # "While [neither] admitting nor denying wrongdoing": the rules put "neither"
    # after the marker "while", inside the first conjunct's phrase; the stat
    # units do the same (it was first in the coordination unit: "Neither while admitting").
    units = _units_by_head("(S (SBAR-ADV (IN While) (S (VP (DT neither) (VBG admitting) (CC nor) (VBG denying) "
                           "(NP (NN wrongdoing))))) (, ,) (NP-SBJ (PRP they)) (VP (VBD consented)) (. .))",
                           converter, rules)
    assert ["neither"] in [ws for ws, _, _ in units["admitting"]]
    assert ["while"] in [[w.lower() for w in ws] for ws, _, _ in units["admitting"]]
    assert not any("neither" in ws for ws, _, _ in units["consented"])


def test_a_separator_the_rules_join_to_a_reporting_clause_is_a_unit_of_its_own(converter, rules):
    # "`` There is a chance [,] '' added Mr. Guffey , `` but I think so .": the comma
    # separates the coordination continuing "is", but stands before the quote
    # and the reporting clause (order.yaml junction.separators_join); inside the
    # coordination unit it could only follow the reporting clause.
    units = _units_by_head("(S (`` ``) (S (NP-SBJ (EX There)) (VP (VBZ is) (NP-PRD (DT a) (NN chance)))) (, ,) ('' '') "
                           "(PRN (SINV (VP (VBD added)) (NP-SBJ (NNP Mr.) (NNP Guffey))) (, ,)) (`` ``) (CC but) "
                           "(S (NP-SBJ (PRP I)) (VP (VBP think) (ADVP (RB so)))) (. .))", converter, rules)["is"]
    assert ([","], "coordpunc:,", "right") in units
    coordination = next(u for u in units if u[1] == "coord/continuation")
    assert coordination[0][:2] == ["but", "think"]


def test_a_conjunction_stands_between_two_separators_in_its_unit_as_in_the_rules(converter, rules):
    # "bold and entertaining , [and] , more often than not , that means ...": two
    # separators of one gap never stand side by side (order.yaml
    # junction.between_separators); the coordination unit keeps that order.
    units = _units_by_head("(S (S (NP-SBJ (PRP It)) (VP (VBZ is) (ADJP-PRD (JJ bold)))) (, ,) (CC and) (, ,) "
                           "(S (ADVP-TMP (RBR more) (RB often)) (, ,) (NP-SBJ (WDT that)) (VP (VBZ means) "
                           "(NP (NN trouble)))) (. .))", converter, rules)["is"]
    coordination = next(u for u in units if u[1] == "coord/continuation")
    assert coordination[0][:3] == [",", "and", ","]

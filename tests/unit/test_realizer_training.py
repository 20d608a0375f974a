"""Training the statistical realizer on small inline trees: the shards'
factored matrix against the features counted one candidate at a time, the
objective against the plain in-memory one, the first model's beams as
candidates, the units' edge tags and kinds, and a model that does not
depend on --jobs or on the memory budget."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from ptb2fd.realizer.extract import Context, SecondPass
from ptb2fd.realizer.features import bigram_features, order_features, pair_features
from ptb2fd.realizer.folds import FoldPlan
from ptb2fd.realizer.lm import KneserNeyLM
from ptb2fd.realizer.parts import feature_hash, part_hash
from ptb2fd.realizer.passes import Extraction, run_pass, spool, write_plan
from ptb2fd.realizer.ranker import CandidateSets
from ptb2fd.realizer.search import Scorer
from ptb2fd.realizer.shards import ShardStore, load_shard
from ptb2fd.realizer.training import (
    ALL_UP_TO,
    FOLDS,
    LM_FEATURE,
    boundary_logprob,
    candidate_orders,
    reference_words,
    training_sentence,
)

TREES = [
    "(S (NP-SBJ (DT The) (NN company)) (VP (VBD sold) (NP (DT the) (NN unit))) (. .))",
    "(S (NP-SBJ (PRP He)) (ADVP (RB also)) (VP (VBD sold) (NP (DT the) (JJ old) (NN unit))"
    " (NP-TMP (NN yesterday)) (PP-LOC (IN in) (NP (NNP Boston)))) (. .))",
    "(S (NP-SBJ (PRP She)) (VP (VBD waited) (PP (IN for) (NP (DT an) (NN hour)))) (. .))",
    "(SQ (VBD Did) (NP-SBJ (PRP they)) (VP (VB sell) (NP (DT the) (NN unit))) (. ?))",
]


@pytest.fixture(scope="module")
def sentences(converter):
    return [converter.convert_text(t) for t in TREES * 3]


@pytest.fixture(scope="module")
def first_pass(tmp_path_factory, sentences, rules):
    sp = spool(sentences, tmp_path_factory.mktemp("shards"))
    with Extraction(Context("shallow", rules, sp.fold_counts), 1) as extraction:
        return sp, run_pass(sp, extraction, "first")


def _problems(sentences, rules):
    """(fold, sentence's place in its shard, head) -> (problem, reference, seed, fold), as the shards
    number them (here every fold is one shard; the folds as `folds.FoldPlan` deals them out)."""
    plan = FoldPlan(FOLDS)
    for s in sentences:
        plan.add(s.id, [t.word for t in s.tokens])
    out = {}
    placed = [0] * FOLDS
    for s, fold in zip(sentences, plan.assign()):
        ts = training_sentence(s, fold, "shallow", rules)
        for h, (p, ref) in enumerate(ts.heads):
            out[(fold, placed[fold], h)] = (p, ref, f"{ts.words[:3]}{h}", ts.fold)
        placed[fold] += 1
    return out


def test_the_factored_matrix_counts_every_feature_of_every_candidate(first_pass, sentences, rules):
    sp, result = first_pass
    matrix = result.sets.matrix()
    column = {int(h): k + 1 for k, h in enumerate(result.feature_hashes)}
    problems = _problems(sentences, rules)
    lms = {k: KneserNeyLM(sum((c for j, c in enumerate(sp.fold_counts) if j != k), Counter())) for k in range(FOLDS)}
    row = groups = 0
    for shard, _ in result.sets.store.shards():
        for g in range(shard.groups):
            p, ref, seed, fold = problems[(shard.fold, *map(int, shard.origin[g]))]
            cands = candidate_orders(p, ref, seed)
            assert cands[0] == ref and len(cands) == shard.starts[g + 1] - shard.starts[g] >= 2
            for order in cands:
                x = matrix[row]
                got = {int(c): v for c, v in zip(x.indices, x.data) if c != 0}
                assert got == dict(Counter(column[feature_hash(f)] for f in order_features(p, order)))
                assert x[0, 0] == pytest.approx(boundary_logprob(lms[fold], p, order))
                row += 1
            groups += 1
    assert row == matrix.shape[0] and groups == result.sets.groups > 10


def test_the_objective_is_the_in_memory_one(first_pass):
    _, result = first_pass
    sets = result.sets
    plain = CandidateSets.__new__(CandidateSets)  # the same candidate sets, in memory, X written out
    plain.matrix, plain.fold = sets.matrix(), sets.fold
    starts = [0]
    for shard, _ in sets.store.shards():
        starts += [starts[-1] + int(x) for x in shard.starts[1:]]
    plain.starts = np.asarray(starts)
    w = np.random.default_rng(1).normal(size=sets.n_features)
    loss, grad = sets.loss_and_gradient(w, 0.3)
    want_loss, want_grad = plain.loss_and_gradient(w, 0.3)
    assert loss == pytest.approx(want_loss, rel=1e-12)
    assert np.allclose(grad, want_grad, rtol=1e-10, atol=1e-10)
    assert sets.top1(w) == plain.top1(w)
    assert (sets.group_counts() == plain.group_counts()).all()
    held = sets.subset({0})
    assert held.groups == int(np.sum(sets.fold == 0)) and held.candidates < sets.candidates


def test_shards_read_from_their_files_give_the_same_objective(first_pass):
    _, result = first_pass
    sets = result.sets
    on_disk = ShardStore(budget=0)
    for path in result.shards.values():
        on_disk.add(path, load_shard(path))
    assert all(e[2] is None for e in on_disk.entries)  # (nothing kept in memory)
    w = np.random.default_rng(2).normal(size=sets.n_features)
    again = type(sets)(sets.parts, on_disk)
    assert again.loss_and_gradient(w, 1.0)[0] == pytest.approx(sets.loss_and_gradient(w, 1.0)[0], rel=1e-12)


def test_the_second_pass_adds_the_first_models_beams(first_pass, sentences, rules):
    sp, first = first_pass
    weights = {LM_FEATURE: 0.0, "p|subject|HEAD": 1.0}
    with Extraction(Context("shallow", rules, sp.fold_counts), 1) as extraction:
        second = run_pass(sp, extraction, "second", first, write_plan(sp, SecondPass(weights, 4, first.part_hashes)))
    assert second.sets.groups == first.sets.groups and second.sets.candidates > first.sets.candidates
    problems = _problems(sentences, rules)
    scorer = Scorer({"p|subject|HEAD": 1.0}, 0.0, None, beam=4)
    big = 0
    for shard, _ in second.sets.store.shards():
        for g, n in enumerate(shard.sizes):
            p, ref, seed, _ = problems[(shard.fold, *map(int, shard.origin[g]))]
            start, end = int(shard.starts[g]), int(shard.starts[g + 1])
            offset = int(np.sum(np.diff(shard.starts)[:g] * shard.sizes[:g]))
            orders = shard.orders[offset:offset + (end - start) * n].reshape(end - start, n).tolist()
            base = candidate_orders(p, ref, seed)
            assert orders[:len(base)] == base  # the first pass's candidates first, as they were
            if n > ALL_UP_TO:
                big += 1
                assert all(o in orders for _, o in scorer.nbest(p))
            else:
                assert orders == base
    assert big > 0


def test_units_carry_their_kind_and_edge_tags(sentences, rules):
    # "He also sold the old unit yesterday in Boston ." at "sold"
    ts = training_sentence(sentences[1], 0, "shallow", rules)
    p = next(p for p, _ in ts.heads if p.units[0].lex == "sold")
    by_words = {" ".join(u.words): u for u in p.units}
    unit = by_words["the old unit"]
    assert unit.edges == ("DT", "JJ", "JJ", "NN") and unit.kind == "object.NN"
    boston = by_words["in Boston"]
    assert boston.kind == "locative.NNP.in" and boston.edges == ("IN", "NNP", "IN", "NNP")
    assert by_words["yesterday"].edges == ("NN", "", "", "NN")
    # the boundary features read the edges: "... unit] [in Boston" is NN then IN
    i, j = p.units.index(unit), p.units.index(boston)
    assert "be|NN|IN" in bigram_features(p, i, j) and "bw|unit|in" in bigram_features(p, i, j)
    assert f"hwk|sold|{boston.kind}|R" in pair_features(p, 0, j)


def test_reference_words_are_the_training_words(sentences, rules, converter):
    sq = converter.convert_text("(S (NP-SBJ (NNP IBM)) (VP (VBD rose)) (. .))")
    for s in [*sentences, sq]:
        assert reference_words(s) == training_sentence(s, 0, "paper", rules).words
    assert reference_words(sentences[0])[0] == "the" and reference_words(sq)[0] == "IBM"


def test_part_hashes_name_a_multiset_of_features():
    a, b = feature_hash("p|subject|HEAD"), feature_hash("s|<")
    assert a == feature_hash("p|subject|HEAD") != b  # stable: the same in every process and run
    assert part_hash([a, b]) == part_hash([b, a]) != part_hash([a, a])
    assert part_hash([a]) != 0  # (0 names the empty part)


def test_nbest_is_the_final_beam_best_first(sentences, rules):
    ts = training_sentence(sentences[1], 0, "shallow", rules)
    p = next(p for p, _ in ts.heads if len(p.units) > ALL_UP_TO)
    scorer = Scorer({"b|<|subject": 2.0, "p|subject|HEAD": 1.0, "p|HEAD|object": 1.0}, 0.0, None, beam=8)
    best = scorer.nbest(p)
    assert 2 <= len(best) <= 8  # final states ending in the same unit recombine
    scores = [s for s, _ in best]
    assert scores == sorted(scores, reverse=True)
    assert all(sorted(o) == list(range(len(p.units))) for _, o in best)
    order, score = scorer.search(p)
    assert (score, order) == best[0]
    assert p.units[order[0]].label == "subject"
    assert scorer.score_order(p, order) == pytest.approx(score)


def test_the_model_does_not_depend_on_jobs_or_the_memory_budget(tmp_path, sentences, rules, monkeypatch):
    from ptb2fd.realizer import shards
    from ptb2fd.realizer.model import save_model
    from ptb2fd.realizer.trainer import train_model

    def once(items):  # a generator: training reads its input once
        yield from items

    paths = []
    for jobs, budget in ((1, shards.RAM_BUDGET), (2, shards.RAM_BUDGET), (1, 0)):
        monkeypatch.setattr(shards, "RAM_BUDGET", budget)
        path = tmp_path / f"jobs{jobs}-{budget}.model"
        save_model(train_model(once(sentences), "shallow", rules, (1.0,), jobs=jobs), str(path))
        paths.append(Path(path))
    assert paths[0].read_bytes() == paths[1].read_bytes() == paths[2].read_bytes()


def test_default_scoring_keeps_the_ranker_within_one_standard_error():
    """The language model is the default only when it is clearly better held
    out: at 5e05816 `paper` had 0.9932 (both) against 0.9929 (ranker) on
    4,090 held-out heads, a difference well inside one standard error."""
    from ptb2fd.realizer.ranker import one_standard_error
    from ptb2fd.realizer.trainer import default_scoring

    assert one_standard_error(0.9929, 4090) == pytest.approx(0.001312, abs=1e-6)
    assert default_scoring({"ranker": 0.9929, "both": 0.9932}, 4090)[0] == "ranker"
    assert default_scoring({"ranker": 0.9099, "both": 0.9118}, 4090)[0] == "ranker"
    assert default_scoring({"ranker": 0.9000, "both": 0.9200}, 4090)[0] == "both"
    assert default_scoring({"ranker": 0.95, "both": 0.99}, 0)[0] == "ranker"  # nothing held out: the simpler


def _die(task):
    import os

    os._exit(3)  # (in the forked worker: as if it were killed)


def test_a_worker_that_dies_ends_training_with_one_message(sentences, rules, monkeypatch):
    from ptb2fd.realizer import passes
    from ptb2fd.realizer.trainer import train_model

    monkeypatch.setattr(passes, "extract_shard", _die)
    with pytest.raises(passes.TrainingError, match="a training worker died"):
        train_model(sentences, "paper", rules, (1.0,), jobs=2)

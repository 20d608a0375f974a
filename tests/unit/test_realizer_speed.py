"""The statistical realizer's fast paths give the very
floats of the plain formulas: the language model's flat tables against
`p1`/`p2`/`p3`, and the search (pair sums carried in the states, tables of
the allowed pairs only, LM steps by context id, candidates dropped below
the beam's floor) against a plain beam search written as the docstring of
`search.py` describes it."""
from __future__ import annotations

import math

import pytest

from ptb2fd.realizer import search
from ptb2fd.realizer.features import BIGRAM_PARTS, PAIR_PARTS, bigram_features, pair_features, sequence_features
from ptb2fd.realizer.inflection import Inflector
from ptb2fd.realizer.lm import BOS, EOS, KneserNeyLM
from ptb2fd.realizer.search import Scorer
from ptb2fd.realizer.stat import StatRealizer
from ptb2fd.realizer.trainer import train_model
from ptb2fd.realizer.training import LM_FEATURE
from ptb2fd.realizer.units import can_place, placement_constraints
from ptb2fd.realizer.weights import LexicalWeights
from ptb2fd.regen.view import make_view

CORPUS = [["a", "b"], ["a", "b"], ["a", "c"], ["b", "c", "a", "b"], ["c"]]

TREES = [
    "(S (PP-TMP (IN In) (NP (CD 1988))) (, ,) (NP-SBJ (DT the) (NN company)) (ADVP (RB also))"
    " (VP (VBD sold) (NP (DT the) (JJ old) (NN unit)) (PP-CLR (TO to) (NP (NNP IBM))) (NP-TMP (NN yesterday))) (. .))",
    "(S (NP-SBJ (DT The) (NN company)) (VP (VBD sold) (NP (DT the) (NN unit))) (. .))",
    "(S (NP-SBJ (PRP They)) (VP (VBD were) (ADJP-PRD (RB very) (JJ happy)) (PP-LOC (IN in) (NP (NNP Paris)))) (. .))",
    "(SQ (VBD Did) (NP-SBJ (PRP they)) (VP (VB sell) (NP (DT the) (NN unit)) (ADVP-TMP (RB again))) (. ?))",
]


def test_lm_fast_path_gives_the_plain_formulas_log_probabilities():
    lm = KneserNeyLM.train(CORPUS)
    words = ["a", "b", "c", BOS, EOS, "unseen"]
    for u in words:
        for v in words:
            for w in words:
                assert lm.logprob((u, v), w) == math.log(lm.p3(u, v, w)), (u, v, w)
                assert lm.logprob3(u, v, w) == math.log(lm.p3(u, v, w)), (u, v, w)
            assert lm.logprob((v,), u) == math.log(lm.p2(v, u)), (v, u)
        assert lm.logprob((), u) == math.log(lm.p1(u)), u
    # a seen trigram, by hand. Trigram counts: 8 once, (<s> <s> a) 3, (a b </s>) 3, (<s> a b) 2,
    # so D3 = 8 / (8 + 2 * 1) = 0.8; c(<s> a .) = 3 with 2 kinds of next word.
    # Continuation counts N1+(. v w): seven 1s, (a b) and (c </s>) 2, so D2 = 7 / 11;
    # N1+(. a .) = 3, N1+(a .) = 2; P1(b) = (N1+(. b) + 1) / (9 + 4 + 1) = 3 / 14.
    p2 = (2 - 7 / 11 + 7 / 11 * 2 * 3 / 14) / 3
    assert math.exp(lm.logprob3(BOS, "a", "b")) == pytest.approx((2 - 0.8 + 0.8 * 2 * p2) / 3)
    assert math.exp(lm.logprob3(BOS, "a", "b")) == pytest.approx(0.690909, abs=1e-6)
    # an unseen context backs off with weight 1
    assert lm.logprob3("c", "c", "b") == math.log(lm.p2("c", "b"))
    # score sums the same terms in the same order
    for ctx in [(), ("a",), (BOS, BOS), ("b", "c")]:
        plain = 0.0
        c = ctx
        for w in ["a", "b", "unseen"]:
            plain += math.log(lm.p3(*c[-2:], w) if len(c) >= 2 else lm.p2(c[-1], w) if c else lm.p1(w))
            c = (c + (w,))[-2:]
        assert lm.score(["a", "b", "unseen"], ctx) == plain


def plain_search(scorer: Scorer, p) -> tuple[list[int], float]:
    """The beam search without its speed-ups: features summed afresh,
    constraints by `can_place`, the LM asked at every step. (Sums are taken
    in another order than the fast search's, so scores agree to rounding.)"""
    n = len(p.units)
    if n == 1:
        return [0], 0.0
    w = scorer.weights

    def weight(feats):
        return sum(w.get(f, 0.0) for f in feats)

    def lm_step(ctx, words):
        if not scorer.lm_weight:
            return 0.0, ()
        return scorer.lm_weight * scorer.lm.score(words[:2], ctx), (ctx + tuple(words[-2:]))[-2:]

    beam = [(0.0, (), (BOS, BOS) if p.root else ())]
    for _ in range(n):
        best = {}
        for score, order, ctx in beam:
            last = order[-1] if order else None
            for i in range(n):
                if i in order or not can_place(p, set(order), i):
                    continue
                # a pair counts when its first unit is placed: i before every unit still unplaced
                s = score + weight(bigram_features(p, last, i)) + sum(
                    weight(pair_features(p, i, j)) for j in range(n) if j != i and j not in order)
                lm, new_ctx = lm_step(ctx, p.units[i].words)
                s += lm
                key = (frozenset(order + (i,)), i, new_ctx)
                if key not in best or (-s, order + (i,)) < (-best[key][0], best[key][1]):
                    best[key] = (s, order + (i,), new_ctx)
        if not best:
            break
        beam = sorted(best.values(), key=lambda t: (-t[0], t[1]))[: scorer.beam]
    finals = []
    for score, order, ctx in beam:
        extra = weight(bigram_features(p, order[-1], None)) + weight(sequence_features(p, list(order)))
        if p.root and scorer.lm_weight:
            extra += scorer.lm_weight * scorer.lm.logprob(ctx, EOS)
        finals.append((score + extra, order))
    score, order = min(finals, key=lambda t: (-t[0], t[1]))
    return list(order) + [i for i in range(n) if i not in order], score


@pytest.mark.parametrize("view", ["paper", "shallow"])
def test_search_equals_the_plain_beam_search(converter, rules, view):
    sentences = [converter.convert_text(t) for t in TREES * 3]
    model = train_model(sentences, view, rules, (10.0,))
    lm = KneserNeyLM.from_json(model["lm"])
    heads = 0
    for scoring in ("both", "ranker", "lm"):
        weights = dict(model["weights"][scoring])
        lm_weight = weights.pop(LM_FEATURE, 0.0)
        for beam in (1, 2, 16):  # narrow beams: pruning and the floor at work
            scorer = Scorer(weights, lm_weight, lm if lm_weight else None, beam)
            realizer = StatRealizer(view, rules.order, scorer, Inflector({}, {}), lm)
            for s in sentences[: len(TREES)]:
                _, _, trace = realizer.realize_traced(make_view(s, rules.roles.adjunct_roles, seed=s.id,
                                                                view=view).view)
                for p, order, score in zip(trace.problems, trace.orders, trace.scores):
                    plain_order, plain_score = plain_search(scorer, p)
                    assert order == plain_order and score == pytest.approx(plain_score, rel=1e-12, abs=1e-12)
                    assert scorer.score_order(p, order) == pytest.approx(score)
                    heads += len(p.units) > 1
    assert heads > 100
    # the root of the first sentence has its 8 units ordered as written with the wide beam and the
    # model's default scoring (`both` is not it: with each sentence's copies in one fold, the
    # language model of the other folds knows nothing of it, and `both` learns to distrust it)
    default = model["weights"][model["default"]]
    scorer = Scorer({k: v for k, v in default.items() if k != LM_FEATURE}, default.get(LM_FEATURE, 0.0), lm, 16)
    realizer = StatRealizer(view, rules.order, scorer, Inflector({}, {}), lm)
    out = realizer.realize(make_view(sentences[0], rules.roles.adjunct_roles, seed=1, view=view).view)
    assert out == sentences[0].words


# heads whose adjuncts alone leave one ordering ("[very] [very] happy", "rose [sharply]")
MORE_TREES = [
    "(S (NP-SBJ (PRP He)) (VP (VBD was) (ADJP-PRD (RB very) (RB very) (JJ happy)) (ADVP-TMP (RB yesterday))) (. .))",
    "(S (PP-LOC (IN In) (NP (NNP Tokyo))) (, ,) (NP-SBJ (NNS prices)) (ADVP (RB also))"
    " (VP (VBD rose) (ADVP (RB sharply)) (PP-TMP (IN in) (NP (NNP October)))) (. .))",
    # a '|' in a word: its lexical features cannot be cut where the others are
    "(S (NP-SBJ (DT The) (NNP A|B) (NN unit)) (VP (VBD sold) (NP (DT the) (NN x|y))) (. .))",
]


def _realized(view, converter, rules, scoring="both", beam=16):
    """A scorer from a model trained on TREES, and the problems of realizing them."""
    trees = TREES + MORE_TREES
    sentences = [converter.convert_text(t) for t in trees * 3]
    model = train_model(sentences, view, rules, (10.0,))
    lm = KneserNeyLM.from_json(model["lm"])
    weights = dict(model["weights"][scoring])
    lm_weight = weights.pop(LM_FEATURE, 0.0)
    scorer = Scorer(weights, lm_weight, lm if lm_weight else None, beam)
    realizer = StatRealizer(view, rules.order, scorer, Inflector({}, {}), lm)
    problems = []
    for s in sentences[: len(trees)]:
        _, _, trace = realizer.realize_traced(make_view(s, rules.roles.adjunct_roles, seed=s.id, view=view).view)
        problems += [p for p in trace.problems if len(p.units) > 1]
    return scorer, problems


def _part_sums(weights, parts, p, i, j) -> float:
    """The plain sum: per part, sum(w.get(f, 0.0)), added to 0.0 part after part."""
    total = 0.0
    for _, features in parts:
        total += sum(weights.get(f, 0.0) for f in features(p, i, j))
    return total


@pytest.mark.parametrize("view", ["paper", "shallow"])
def test_memoized_weights_are_the_very_sums_of_the_features(converter, rules, view):
    scorer, problems = _realized(view, converter, rules)
    memo, w = scorer._memo, scorer.weights
    for _ in range(2):  # the second time from the memos
        for p in problems:
            f = memo.fields(p)
            n = len(p.units)
            pair = memo.pair_table(p, f)
            for i in range(n):
                for j in range(n):
                    if i != j:
                        assert pair[i][j] == _part_sums(w, PAIR_PARTS, p, i, j)  # equal floats, not approx
            for i in [None, *range(n)]:
                for j in [*range(n), None]:
                    if i != j:
                        assert memo.bigram(p, f, i, j) == _part_sums(w, BIGRAM_PARTS, p, i, j)
            order = list(range(n))
            assert memo.sequence(p, f, order) == sum(w.get(x, 0.0) for x in sequence_features(p, order))
    assert sum(w.get(x, 0.0) != 0.0 for p in problems for x in pair_features(p, 0, 1)) > 10  # real weights read
    assert any("|" in u.lex for p in problems for u in p.units)  # and words with a '|' among them
    assert None in memo._lexical.tables.values()  # a template left uncut for them


@pytest.mark.parametrize("view", ["paper", "shallow"])
def test_fast_paths_give_the_general_searchs_results(converter, rules, view, monkeypatch):
    """The one-ordering path (`_single`), the two orderings of a head and
    a free dependent, and the masks give what the beam search gives, to the
    bit: the same orderings, the same scores."""
    for scoring in ("both", "ranker"):
        scorer, problems = _realized(view, converter, rules, scoring, beam=4)
        fast = [(p, scorer.nbest(p)) for p in problems]
        single = [p for p in problems if search._only_order(len(p.units), *search.constraint_masks(p)[:2], {})]
        two = [p for p in problems if len(p.units) == 2 and p not in single]
        with monkeypatch.context() as m:
            m.setattr(search, "_only_order", lambda *args: None)  # the beam for every head
            m.setattr(search, "_admits", lambda *args: False)
            for p, result in fast:
                assert scorer.nbest(p) == result
        if view == "paper":  # both paths at work
            assert len(single) >= 2 and len(two) >= 5 and len(problems) - len(single) - len(two) >= 5, (
                len(single), len(two), len(problems))
        for p in problems:  # the masks say what units.placement_constraints says
            need, forbid, follows = search.constraint_masks(p)
            before, side = placement_constraints(p)
            left = sum(1 << j for j in range(len(side)) if side[j] is False)
            for i, b in enumerate(before):
                mask = sum(1 << j for j in b)
                assert need[i] == mask | (1 if side[i] is True else 0)
                assert forbid[i] == (1 << i) | (1 if side[i] is False else 0)
                assert follows[i] == ~mask & ~(left | 1 if side[i] is True else left if i == 0 else 0)


@pytest.mark.parametrize("view", ["paper", "shallow"])
def test_unscored_realizing_gives_the_scored_words(converter, rules, view):
    """Realizing without the search-error trace skips weighing the heads
    whose constraints admit one ordering ("[very] [very] happy"): the same
    words and orderings, their scores None."""
    trees = TREES + MORE_TREES
    sentences = [converter.convert_text(t) for t in trees * 3]
    model = train_model(sentences, view, rules, (10.0,))
    lm = KneserNeyLM.from_json(model["lm"])
    weights = dict(model["weights"]["both"])
    lm_weight = weights.pop(LM_FEATURE, 0.0)
    realizer = StatRealizer(view, rules.order, Scorer(weights, lm_weight, lm, 4), Inflector({}, {}), lm)
    skipped = 0
    for s in sentences[: len(trees)]:
        v = make_view(s, rules.roles.adjunct_roles, seed=s.id, view=view).view
        words, ids, trace = realizer.realize_traced(v)
        words2, ids2, trace2 = realizer.realize_traced(v, scored=False)
        assert (words2, ids2, trace2.orders) == (words, ids, trace.orders)
        assert realizer.realize(v) == words
        for p, a, b in zip(trace.problems, trace.scores, trace2.scores):
            only = search._only_order(len(p.units), *search.constraint_masks(p)[:2], {})
            assert (b is None) == (len(p.units) > 1 and only is not None)
            assert b is None or b == a
            skipped += b is None
    assert skipped >= (2 if view == "paper" else 0)


def test_lexical_rows_read_the_weights_whole_strings_read():
    weights = {"plx|NN|det|the|HEAD": 0.5, "plx|NN|det|a|HEAD": -0.25, "bw|the|company": 1.5, "bw|x|y|z": 2.0,
               "pk|NN|det.DT|HEAD.NN": 0.125}
    lexical = LexicalWeights(weights)
    assert lexical.tables["bw"] is None  # a word with a '|': that template is not cut
    assert lexical.tables["plx"] == {"plx|NN|det|the|": {"HEAD": 0.5}, "plx|NN|det|a|": {"HEAD": -0.25}}
    for tag, prefix, rest in [("plx", "plx|NN|det|the|", "HEAD"), ("plx", "plx|NN|det|a|", "HEAD"),
                              ("plx", "plx|NN|det|", "the|HEAD"), ("plx", "plx|NN|det|an|", "HEAD"),
                              ("bw", "bw|the|", "company"), ("bw", "bw|x|", "y|z"), ("bw", "bw|x|y|", "z"),
                              ("bw", "bw|x|", "y"), ("pk", "pk|NN|det.DT|", "HEAD.NN"), ("prx", "prx|NN|", "a|b"),
                              ("plx", "plx|NN|det|the|H", "EAD")]:
        assert lexical.rows(tag, [prefix])[0].get(rest, 0.0) == weights.get(prefix + rest, 0.0), (prefix, rest)

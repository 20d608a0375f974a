"""`ptb2fd analyse` (paper 001): metrics on the paper's Figure 1, entropy,
suspicion score and Holm correction by hand, properties of the flux metrics."""
from __future__ import annotations

import math
from itertools import combinations
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ptb2fd.analysis.complexity import complexity, flux, is_projective, strip_punctuation
from ptb2fd.analysis.correlate import holm, spearman_pairs
from ptb2fd.analysis.edges import bleu_paper, dea_by_role, dea_paper
from ptb2fd.analysis.entropy import bits, configurations, side_counts
from ptb2fd.analysis.mining import fail_flags, forms, mine, suspicion

# Figure 1: "I enjoy my time at Franklin High School", nodes are lemmas.
FIG1_BASES = ["I", "enjoy", "my", "time", "at", "franklin", "high", "school"]
FIG1_HEADS = [2, 0, 4, 2, 8, 8, 8, 4]
FIG1_ROLES = ["nsubj", "root", "nmod:poss", "obj", "case", "compound", "amod", "nmod"]
FIG1_OUTPUT = ["I", "enjoy", "my", "time", "at", "high", "franklin", "school"]


def test_figure_1_complexity():
    c = complexity(FIG1_HEADS)
    assert (c.depth, c.length) == (3, 8)
    assert c.mdd == 2.0 and c.mfs == 2.0 and c.mfw == 1.0
    assert c.arity == 0.875 and c.projective


def test_figure_1_flux_per_position():
    sizes, weights = flux(FIG1_HEADS)
    assert sizes == [1, 1, 2, 1, 2, 3, 4]  # 2 at 5-6, 4 at 7-8, as the paper says
    assert weights == [1] * 7  # at 5-6 nmod and case share "school"


def test_figure_1_dea_is_five_of_seven():
    assert dea_paper(FIG1_BASES, FIG1_HEADS, FIG1_OUTPUT) == pytest.approx(5 / 7)
    sent = SimpleNamespace(bases=FIG1_BASES, heads=FIG1_HEADS, roles=FIG1_ROLES, output=FIG1_OUTPUT)
    by_role = dea_by_role([sent])
    assert by_role["compound"] == (0, 1) and by_role["amod"] == (0, 1) and by_role["nmod"] == (1, 1)
    assert dea_paper(FIG1_BASES, FIG1_HEADS, FIG1_BASES) == 1.0
    assert bleu_paper(FIG1_BASES, FIG1_BASES) == pytest.approx(1.0)
    assert bleu_paper(FIG1_BASES, FIG1_OUTPUT) < 1.0


def test_crossing_edges_give_weight_two_and_non_projectivity():
    # 1 <- root; 3 -> 1; 4 -> 1; 2 -> 4: edges (1,3) and (2,4) cross at 2-3 and share no node.
    heads = [0, 4, 1, 1]
    sizes, weights = flux(heads)
    assert sizes == [2, 3, 2] and weights == [1, 2, 1]
    assert not is_projective(heads)


def test_punctuation_is_removed_and_its_dependents_move_to_its_head():
    # "he said , `` yes ''": "yes" hangs on the opening quote, which hangs on "said".
    heads = [2, 0, 2, 2, 4, 2]
    punct = [False, False, True, True, False, True]
    assert strip_punctuation(heads, punct) == ([2, 0, 2], [0, 1, 4])
    # A punctuation root: its leftmost remaining dependent heads the others.
    assert strip_punctuation([2, 0, 2], [False, True, False]) == ([0, 1], [0, 2])


def test_entropy_of_a_twenty_eighty_split_is_0_72():
    assert round(bits((20, 80)), 2) == 0.72
    assert bits((50, 50)) == pytest.approx(1.0) and bits((0, 7)) == 0.0
    sent = SimpleNamespace(heads=FIG1_HEADS, roles=FIG1_ROLES)
    assert side_counts([sent])["compound"] == (1, 0) and side_counts([sent])["obj"] == (0, 1)


def test_order_entropy_of_a_configuration():
    a = SimpleNamespace(id="a", heads=[2, 0], roles=["withinmod", "top"], cat0=["adj", "n"])
    b = SimpleNamespace(id="b", heads=[0, 1], roles=["top", "withinmod"], cat0=["n", "adj"])
    (config,) = configurations([a, a, a, b])
    assert config.key == "n: withinmod" and config.count == 4
    assert config.entropy == pytest.approx(bits((3, 1)))
    assert config.orders[0] == ("withinmod *", 3, "a")


def test_suspicion_score_by_hand():
    # 10 sentences; f in 4 of them, 3 of which failed; 1 more failure without f.
    expected = 0.5 * (3 / 4 * math.log(4) + 5 / 6 * math.log(6))
    assert float(suspicion(4, 3, 6, 5)) == pytest.approx(expected)  # 1.2664
    assert round(expected, 4) == 1.2664


def _sentence(i, heads, roles, exact):
    return SimpleNamespace(id=f"s{i}", heads=heads, roles=roles, cat0=["x"] * len(heads), exact=exact, bleu_paper=1.0)


def test_mining_ranks_the_form_that_goes_with_failure():
    good = [_sentence(i, [0, 1], ["top", "object"], True) for i in range(6)]
    bad = [_sentence(10 + i, [0, 1], ["top", "adverbial"], i == 3) for i in range(4)]
    sentences = good + bad
    failed = fail_flags(sentences, "exact")
    assert sum(failed) == 3
    (first, *_) = mine(sentences, failed, "roles", min_support=2, top=5)
    assert first.form == "(top (adverbial))"
    assert (first.support, first.failures, first.coverage) == (4, 3, 1.0)
    assert first.score == pytest.approx(0.5 * (3 / 4 * math.log(4) + 6 / 6 * math.log(6)))
    assert first.examples == ["s10", "s11"]


def test_forms_of_a_tree():
    got = forms([0, 1, 1, 2], ["v", "n", "adv", "det"])
    assert got == {"(v (n))", "(v (adv))", "(v (adv n))", "(v (n (det)))", "(n (det))"}


def test_holm_by_hand():
    # sorted: 0.005*4=0.02, 0.01*3=0.03, 0.03*2=0.06, 0.04*1=0.04 -> running max 0.06
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert math.isnan(holm([math.nan, 0.2])[0]) and holm([math.nan, 0.2])[1] == pytest.approx(0.2)


def test_constant_column_has_no_rho():
    pairs = spearman_pairs({"bleu": [1.0] * 5, "depth": [1, 2, 3, 4, 5], "length": [2, 3, 4, 5, 9]})
    assert math.isnan(pairs[0].rho) and not pairs[0].significant
    assert pairs[2].rho == pytest.approx(1.0)


@st.composite
def trees(draw):
    n = draw(st.integers(1, 14))
    order = draw(st.permutations(range(1, n + 1)))  # order[0] is the root; others attach to an earlier one
    heads = [0] * n
    for k in range(1, n):
        heads[order[k] - 1] = order[draw(st.integers(0, k - 1))]
    return heads


def _max_matching(edges) -> int:
    for size in range(len(edges), 0, -1):
        for subset in combinations(edges, size):
            nodes = [x for e in subset for x in e]
            if len(nodes) == len(set(nodes)):
                return size
    return 0


@settings(max_examples=150, deadline=None)
@given(trees())
def test_mdd_equals_mean_flux_size_and_weight_is_a_maximum_matching(heads):
    c = complexity(heads)
    assert c.mdd == pytest.approx(c.mfs)
    sizes, weights = flux(heads)
    for i, (size, weight) in enumerate(zip(sizes, weights), start=1):
        crossing = [(h, d) for d, h in enumerate(heads, start=1) if h and min(h, d) <= i < max(h, d)]
        assert size == len(crossing)
        assert weight == _max_matching(crossing)


def test_mann_whitney_runs_only_with_twenty_in_each_group():
    from ptb2fd.analysis.correlate import projectivity_tests

    scores = {"bleu_paper": [1.0] * 20 + [0.5] * 20}
    (test,) = projectivity_tests(scores, [True] * 20 + [False] * 20)
    assert (test.n_projective, test.n_nonprojective) == (20, 20)
    assert test.u == 400.0 and test.p < 1e-6  # every projective score above every non-projective one
    (small,) = projectivity_tests(scores, [True] * 21 + [False] * 19)
    assert small.u is None and small.p is None and small.median_nonprojective == 0.5


def test_per_role_dea_against_side_entropy():
    from ptb2fd.analysis.analyse import role_entropy_rho

    role_dea = {"a": (10, 10), "b": (9, 10), "c": (8, 10), "d": (5, 10), "rare": (0, 2)}
    sides = {"a": (0, 10), "b": (1, 9), "c": (3, 7), "d": (5, 5), "rare": (1, 1)}
    pair = role_entropy_rho(role_dea, sides)
    assert pair.rho == pytest.approx(-1.0)  # the freer the side, the fewer edges kept; "rare" left out


def test_fail_by_bleu_quantile_never_fails_a_perfect_sentence():
    sentences = [SimpleNamespace(bleu_paper=b, exact=b == 1.0) for b in (0.1, 0.2, 0.3, 0.9, 1.0, 1.0, 1.0, 1.0)]
    assert fail_flags(sentences, "bleu-quantile:0.25") == [True, True, False, False, False, False, False, False]
    assert fail_flags(sentences, "bleu-quantile:1") == [True, True, True, True, False, False, False, False]


def test_an_output_word_matched_to_no_token_keeps_its_place():
    from ptb2fd.analysis.load import _output_lemmas

    # "Stocks fell ." realized as "Stocks really fell ," : "really" and the comma match no token (-1).
    rec = {"bases": ["stock", "fall", "."], "order": [0, -1, 1, -1], "output": "Stocks really fell ,"}
    assert _output_lemmas(rec, [False, False, True]) == ["stock", "really", "fall"]
    rec["output"] = "Stocks fell"  # words and order disagree: the place is kept, nothing matches it
    assert _output_lemmas(rec, [False, False, True]) == ["stock", "\u2205", "fall", "\u2205"]

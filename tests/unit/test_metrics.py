"""Tests for ptb2fd.regen.metrics, string_metrics, tree_metrics (and the corpus sums, ptb2fd.regen.accumulate).

The worked example is that of Bangalore, Rambow & Whittaker (2000),
"Evaluation Metrics for Generation": sentence (2), Figure 2 and Table 1.
"""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nltk.translate.bleu_score import corpus_bleu

from ptb2fd.regen.accumulate import aggregate
from ptb2fd.regen.metrics import quality, score_sentence, understandability
from ptb2fd.regen.string_metrics import (
    DEL,
    INS,
    MATCH,
    SUB,
    Counts,
    align,
    id_counts,
    lcs_length,
    string_counts,
    word_diff,
)
from ptb2fd.regen.tree_metrics import edge_accuracy, tree_counts, treelets

# --- the paper's example -------------------------------------------------------------------

REF = "There was no cost estimate for the second phase".split()
OUT = "There was estimate for phase the second no cost".split()
ORDER = [REF.index(w) for w in OUT]  # the words are distinct
# Figure 2: was is the root with There and estimate; estimate has no, cost, for;
# for has phase; phase has the, second.
#          There was no cost estimate for the second phase
HEADS = [1, -1, 4, 4, 1, 4, 8, 8, 5]


def test_paper_order_is_the_output():
    assert [REF[k] for k in ORDER] == OUT


def test_paper_simple_string_accuracy():
    c = string_counts(REF, OUT)
    assert (c.ins, c.dels, c.subs, c.ref_len) == (2, 2, 1, 9)
    assert round(c.simple_accuracy(), 2) == 0.44


def test_paper_generation_string_accuracy():
    c = string_counts(REF, OUT)
    assert (c.moves, c.ins_rest, c.dels_rest, c.subs) == (1, 1, 1, 1)
    assert c.generation_errors == 4
    assert round(c.generation_accuracy(), 2) == 0.56


def test_paper_alignment():
    # Footnote 5: phase and cost are aligned as a substitution; no and cost
    # deleted, phase and no inserted.
    ops = [(op, REF[i] if i is not None else None, OUT[j] if j is not None else None)
           for op, i, j in align(REF, OUT)]
    assert ops == [
        (MATCH, "There", "There"), (MATCH, "was", "was"),
        (DEL, "no", None), (DEL, "cost", None),
        (MATCH, "estimate", "estimate"), (MATCH, "for", "for"),
        (INS, None, "phase"),
        (MATCH, "the", "the"), (MATCH, "second", "second"),
        (INS, None, "no"),
        (SUB, "phase", "cost"),
    ]


def test_paper_treelets():
    assert treelets(REF, HEADS, ORDER) == [
        (["There", "was", "estimate"], ["There", "was", "estimate"]),
        (["no", "cost", "estimate", "for"], ["estimate", "for", "no", "cost"]),
        (["for", "phase"], ["for", "phase"]),
        (["the", "second", "phase"], ["phase", "the", "second"]),
    ]


def test_paper_simple_tree_accuracy():
    c = tree_counts(REF, HEADS, ORDER)
    assert (c.ins, c.dels, c.subs, c.ref_len) == (3, 3, 0, 9)
    assert round(c.simple_accuracy(), 2) == 0.33


def test_paper_generation_tree_accuracy():
    c = tree_counts(REF, HEADS, ORDER)
    assert (c.moves, c.ins_rest, c.dels_rest, c.subs) == (3, 0, 0, 0)
    assert round(c.generation_accuracy(), 2) == 0.67


def test_paper_sentence_score():
    s = score_sentence(REF, HEADS, ORDER)
    assert round(s.ssa, 2) == 0.44
    assert round(s.gsa, 2) == 0.56
    assert round(s.sta, 2) == 0.33
    assert round(s.gta, 2) == 0.67
    assert s.exact == 0
    # LCS "There was estimate for the second": 3 words displaced, each counted twice.
    assert (s.id_counts.ins, s.id_counts.dels) == (3, 3)
    assert s.ssa_id == pytest.approx(1 - 6 / 9)
    assert s.understandability == pytest.approx((1.3147 * 3 / 9 - 0.1039 - 0.4458) / 0.8689)
    assert s.quality == pytest.approx((1.0192 * 3 / 9 - 0.0869 - 0.3553) / 0.6639)


def test_paper_dea():
    # Reference edges (dependent -> head, signed distance) and output distances:
    # There->was -1/-1 yes; estimate->was +3/+1; no->estimate -2/+5; cost->estimate -1/+6;
    # for->estimate +1/+1 yes; phase->for +3/+1; the->phase -2/+1; second->phase -1/+2.
    assert edge_accuracy(HEADS, ORDER) == (2, 8)
    assert score_sentence(REF, HEADS, ORDER).dea == pytest.approx(0.25)


def test_word_diff_paper():
    assert word_diff(REF, OUT) == "There was [-no cost-] estimate for {+phase+} the second [-phase-] {+no cost+}"


def test_word_diff_identical_and_edges():
    assert word_diff(REF, REF) == " ".join(REF)
    assert word_diff(["a", "b"], []) == "[-a b-]"
    assert word_diff([], ["a"]) == "{+a+}"
    assert word_diff(["a", "b", "c"], ["a", "x", "c"]) == "a [-b-] {+x+} c"


# --- own cases -----------------------------------------------------------------------------

#         the big dog barked
WORDS = ["the", "big", "dog", "barked"]
TREE = [2, 2, 3, -1]


def test_identical_output():
    s = score_sentence(WORDS, TREE, [0, 1, 2, 3])
    assert s.exact == 1
    for value in (s.ssa_id, s.ssa, s.gsa, s.sta, s.gta, s.dea, s.bleu):
        assert value == pytest.approx(1.0)
    assert s.understandability == pytest.approx(1.0)
    assert s.quality == pytest.approx(1.0)
    for c in (s.id_counts, s.string_counts, s.tree_counts):
        assert (c.ins, c.dels, c.subs, c.moves) == (0, 0, 0, 0)
    assert (s.edges_found, s.edges) == (3, 3)


def test_perfect_understandability_and_quality():
    assert understandability(1.0, 0) == pytest.approx(1.0)
    assert quality(1.0, 0) == pytest.approx(1.0)
    assert understandability(1.0, 1) < 1.0
    assert quality(0.5, 0) < 1.0


def test_adjacent_swap():
    s = score_sentence(WORDS, TREE, [1, 0, 2, 3])  # big the dog barked
    assert s.out_words == ("big", "the", "dog", "barked")
    assert s.exact == 0
    assert s.ssa_id == pytest.approx(0.5)  # one displaced word counts twice
    # A deletion and an insertion (2 edits, no substitution) beat two substitutions.
    assert (s.string_counts.ins, s.string_counts.dels, s.string_counts.subs) == (1, 1, 0)
    assert s.ssa == pytest.approx(0.5)
    assert s.string_counts.moves == 1
    assert s.gsa == pytest.approx(0.75)
    # The swap is inside the treelet "the big dog": one move there, none in "dog barked".
    assert (s.tree_counts.ins, s.tree_counts.dels, s.tree_counts.moves) == (1, 1, 1)
    assert s.sta == pytest.approx(0.5)
    assert s.gta == pytest.approx(0.75)
    # the->dog was -2, now -1; big->dog was -1, now -2; dog->barked kept.
    assert (s.edges_found, s.edges) == (1, 3)
    assert s.dea == pytest.approx(1 / 3)


def test_dropped_word():
    s = score_sentence(WORDS, TREE, [0, 2, 3])  # the dog barked
    for c in (s.id_counts, s.string_counts, s.tree_counts):
        assert (c.ins, c.dels, c.subs, c.moves, c.ref_len) == (0, 1, 0, 0, 4)
    for value in (s.ssa_id, s.ssa, s.gsa, s.sta, s.gta):
        assert value == pytest.approx(0.75)
    assert s.exact == 0
    assert (s.edges_found, s.edges) == (1, 3)  # only dog->barked


def test_repeated_word():
    s = score_sentence(WORDS, TREE, [0, 1, 1, 2, 3])  # the big big dog barked
    for c in (s.id_counts, s.string_counts, s.tree_counts):
        assert (c.ins, c.dels, c.subs, c.moves, c.ref_len) == (1, 0, 0, 0, 4)
    for value in (s.ssa_id, s.ssa, s.gsa, s.sta, s.gta):
        assert value == pytest.approx(0.75)
    # the->dog: -2 in the reference, -3 now; the second "big" is next to dog.
    assert (s.edges_found, s.edges) == (2, 3)


def test_empty_output():
    s = score_sentence(WORDS, TREE, [])
    assert s.ssa == pytest.approx(0.0) and s.ssa_id == pytest.approx(0.0)
    assert s.dea == 0.0 and s.bleu == 0.0 and s.exact == 0


def test_insertions_make_accuracy_negative():
    s = score_sentence(["a", "b"], [-1, 0], [0, 1, 1, 1, 1])
    assert s.string_counts.ins == 3
    assert s.ssa == pytest.approx(-0.5)


def test_reversal_gives_negative_ssa_id():
    # 1 - (I + D) / R can fall below 0 even for a permutation: LCS 1, I = D = 3.
    s = score_sentence(["a", "b", "c", "d"], [-1, 0, 1, 2], [3, 2, 1, 0])
    assert s.ssa_id == pytest.approx(-0.5)
    assert 0.0 <= s.ssa <= 1.0


def test_dea_uses_token_identity():
    #        the dog saw the cat ; the(0)->dog, dog->saw, the(3)->cat, cat->saw
    words = ["the", "dog", "saw", "the", "cat"]
    heads = [1, 2, -1, 4, 2]
    s = score_sentence(words, heads, [3, 1, 2, 0, 4])  # the two "the"s swapped
    assert s.exact == 1 and s.ssa == 1.0 and s.ssa_id == 1.0
    # Treelet membership is by index too: token 0 now follows dog, so treelet dog
    # reads "dog the" (one move); treelet cat still reads "the cat".
    assert (s.tree_counts.ins, s.tree_counts.dels, s.tree_counts.moves) == (1, 1, 1)
    # the(0) is now at 3, two right of dog; the(3) is at 0, four left of cat.
    assert (s.edges_found, s.edges) == (2, 4)
    assert s.dea == pytest.approx(0.5)


def test_dea_single_word():
    s = score_sentence(["Yes"], [-1], [0])
    assert (s.edges_found, s.edges) == (0, 0)
    assert s.dea == 1.0
    assert s.ssa == 1.0 and s.sta == 1.0  # no treelets: no tree errors


def test_alignment_tie_breaking():
    # Reading back from the end: match/substitution, then deletion, then insertion.
    assert align(["a", "b"], ["b", "a"]) == [(INS, None, 0), (MATCH, 0, 1), (DEL, 1, None)]
    assert align(["a"], ["b"]) == [(SUB, 0, 0)]
    assert align([], ["a"]) == [(INS, None, 0)]
    assert align(["a"], []) == [(DEL, 0, None)]
    assert align([], []) == []


def test_substitution_preferred_to_insertion_plus_deletion():
    c = string_counts(["a", "b", "c"], ["a", "x", "c"])
    assert (c.ins, c.dels, c.subs, c.moves) == (0, 0, 1, 0)
    assert c.simple_accuracy() == pytest.approx(2 / 3)
    c = id_counts(["a", "b", "c"], ["a", "x", "c"])
    assert (c.ins, c.dels) == (1, 1)


def test_lcs_length():
    assert lcs_length("abcbdab", "bdcaba") == 4
    assert lcs_length([], ["a"]) == 0
    assert lcs_length(["a", "b"], ["a", "b"]) == 2


def test_counts_arithmetic():
    c = Counts(ins=2, dels=3, subs=1, moves=1, ref_len=10) + Counts(ins=1, ref_len=5)
    assert c == Counts(ins=3, dels=3, subs=1, moves=1, ref_len=15)
    assert (c.ins_rest, c.dels_rest, c.simple_errors, c.generation_errors) == (2, 2, 7, 6)
    with pytest.raises(ValueError):
        Counts().simple_accuracy()


@pytest.mark.parametrize("words, heads, order", [
    ([], [], []),
    (["a", "b"], [-1], [0, 1]),
    (["a", "b"], [-1, 5], [0, 1]),
    (["a", "b"], [-1, 1], [0, 1]),
    (["a", "b"], [-1, 0], [0, 2]),
    (["a", "b"], [-1, 0], [-1, 0]),
])
def test_invalid_input(words, heads, order):
    with pytest.raises(ValueError):
        score_sentence(words, heads, order)


# --- aggregate -----------------------------------------------------------------------------

LONG = "the old man saw a very big dog".split()
LONG_HEADS = [2, 2, 3, -1, 7, 6, 7, 3]


def test_aggregate_micro_vs_macro():
    short = score_sentence(WORDS, TREE, [1, 0, 2, 3])  # 4 words, 2 simple errors, 1 generation error
    perfect = score_sentence(LONG, LONG_HEADS, range(8))  # 8 words, no error
    agg = aggregate([short, perfect])
    assert set(agg) == {"sentences", "exact", "ssa_id", "ssa", "gsa", "sta", "gta", "bleu", "dea",
                        "understandability", "quality", "bleu_sentence", "macro"}
    assert set(agg["macro"]) == {"ssa_id", "ssa", "gsa", "sta", "gta", "dea"}
    assert agg["sentences"] == 2
    assert agg["exact"] == pytest.approx(0.5)
    # micro: total errors over total reference words
    assert agg["ssa_id"] == pytest.approx(1 - 2 / 12)
    assert agg["ssa"] == pytest.approx(1 - 2 / 12)
    assert agg["gsa"] == pytest.approx(1 - 1 / 12)
    assert agg["sta"] == pytest.approx(1 - 2 / 12)
    assert agg["gta"] == pytest.approx(1 - 1 / 12)
    assert agg["dea"] == pytest.approx((1 + 7) / (3 + 7))
    # macro: mean of per-sentence values
    assert agg["macro"]["ssa_id"] == pytest.approx((0.5 + 1) / 2)
    assert agg["macro"]["ssa"] == pytest.approx((0.5 + 1) / 2)
    assert agg["macro"]["gsa"] == pytest.approx((0.75 + 1) / 2)
    assert agg["macro"]["sta"] == pytest.approx((0.5 + 1) / 2)
    assert agg["macro"]["gta"] == pytest.approx((0.75 + 1) / 2)
    assert agg["macro"]["dea"] == pytest.approx((1 / 3 + 1) / 2)
    assert agg["understandability"] == pytest.approx((short.understandability + 1) / 2)
    assert agg["quality"] == pytest.approx((short.quality + 1) / 2)
    assert agg["bleu_sentence"] == pytest.approx((short.bleu + 1) / 2)
    assert agg["bleu"] == pytest.approx(corpus_bleu([[WORDS], [LONG]], [list(short.out_words), LONG]))
    assert 0 < agg["bleu"] < 1


def test_aggregate_perfect_corpus():
    agg = aggregate([score_sentence(WORDS, TREE, range(4)), score_sentence(LONG, LONG_HEADS, range(8))])
    for key in ("exact", "ssa_id", "ssa", "gsa", "sta", "gta", "bleu", "dea", "understandability",
                "quality", "bleu_sentence"):
        assert agg[key] == pytest.approx(1.0), key


def test_aggregate_empty():
    agg = aggregate([])
    assert agg["sentences"] == 0
    assert all(value is None for key, value in agg.items() if key not in ("sentences", "macro"))
    assert all(value is None for value in agg["macro"].values())


# --- long input ----------------------------------------------------------------------------
# Speed is measured by `make bench`, not here; this checks a 2,000-word
# sentence (the longest case the fuzz tests feed) is scored consistently.

def test_long_sentence_scores_consistently():
    rng = random.Random(7)
    n = 2000
    words = [f"w{rng.randrange(300)}" for _ in range(n)]
    heads = [-1] + [0] * (n - 1)  # flat tree: one treelet of 2,000 words
    order = list(range(n))
    rng.shuffle(order)
    s = score_sentence(words, heads, order)
    assert s.string_counts.ins == s.string_counts.dels
    assert s.id_counts.ins == s.id_counts.dels == n - lcs_length(words, [words[i] for i in order])
    assert 0 <= s.dea < 1


# --- properties ----------------------------------------------------------------------------

@st.composite
def sentences(draw, distinct=False):
    """(words, heads, order) with a random tree and a random permutation as output."""
    n = draw(st.integers(1, 12))
    if distinct:
        words = [f"w{i}" for i in range(n)]
    else:
        words = draw(st.lists(st.sampled_from("abcd"), min_size=n, max_size=n))
    nodes = draw(st.permutations(range(n)))
    heads = [-1] * n
    for k in range(1, n):
        heads[nodes[k]] = nodes[draw(st.integers(0, k - 1))]
    order = draw(st.permutations(range(n)))
    return words, heads, list(order)


@settings(max_examples=300, deadline=None)
@given(sentences())
def test_permutation_bounds(sentence):
    words, heads, order = sentence
    s = score_sentence(words, heads, order)
    assert 0.0 <= s.dea <= 1.0
    assert -1.0 < s.ssa_id <= 1.0  # 0 is not a lower bound: see test_reversal_gives_negative_ssa_id
    assert 0.0 <= s.ssa <= s.gsa <= 1.0
    assert s.sta <= s.gta <= 1.0
    assert 0.0 <= s.bleu <= 1.0
    same = list(s.out_words) == list(words)
    assert (s.ssa_id == 1.0) == same
    assert (s.ssa == 1.0) == same
    assert s.exact == int(same)
    for c in (s.id_counts, s.string_counts, s.tree_counts):
        assert c.ins == c.dels and 0 <= c.moves <= c.ins
    assert s.id_counts.ins + s.id_counts.dels >= s.string_counts.simple_errors


@settings(max_examples=300, deadline=None)
@given(sentences(distinct=True))
def test_permutation_of_distinct_words(sentence):
    words, heads, order = sentence
    s = score_sentence(words, heads, order)
    identity = order == list(range(len(words)))
    assert s.exact == int(identity)
    assert (s.ssa_id == 1.0) == identity
    assert (s.dea == 1.0) == identity  # a connected tree keeps all distances only in place


@settings(max_examples=300, deadline=None)
@given(sentences(), st.data())
def test_dropped_and_repeated_tokens(sentence, data):
    words, heads, _ = sentence
    n = len(words)
    order = data.draw(st.lists(st.integers(0, n - 1), max_size=2 * n))
    s = score_sentence(words, heads, order)
    for c in (s.id_counts, s.string_counts):
        assert c.ins - c.dels == len(order) - n
    assert s.string_counts.simple_errors <= max(n, len(order))  # unit-cost edit distance
    assert 0.0 <= s.dea <= 1.0
    assert s.exact == int(list(s.out_words) == list(words))

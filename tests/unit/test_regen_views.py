"""Regeneration views, the realizer interface and the casing contract, on inline trees."""
from __future__ import annotations

import pytest

from ptb2fd.regen.check import RegenerationCheck, align_words
from ptb2fd.regen.view import VIEW_FIELDS, VIEWS, ViewRecord, capitalize_first, make_view

ALSO = ("(S (NP-SBJ (DT The) (NN company)) (ADVP (RB also)) (VP (VBD sold) (NP (PRP it)) "
        "(PP-TMP (IN in) (NP (NNP June)))) (. .))")
BECAUSE = ("(S (PP (IN Because) (IN of) (NP (DT the) (NN rain))) (, ,) (NP-SBJ (NNP John)) "
           "(VP (VBD left) (PRT (RP out)) (ADVP-TMP (RB early))) (. .))")
IBM = "(S (NP-SBJ (NNP IBM)) (VP (VBD rose)) (. .))"
PRONOUN_I = "(S (NP-SBJ (PRP I)) (VP (VBD agreed)) (. .))"
QUOTE = "(S (`` ``) (NP-SBJ (PRP It)) (VP (VBD worked)) (. .) ('' ''))"


def records(converter, rules, tree: str, view: str) -> dict[str, ViewRecord]:
    s = converter.convert_text(tree)
    viewed = make_view(s, rules.roles.adjunct_roles, seed="t", view=view)
    return {s.tokens[viewed.position_of[r.id]].word: r for r in viewed.records}


def test_every_view_has_the_same_record_fields():
    assert ViewRecord._fields == VIEW_FIELDS
    assert set(VIEWS) == {"paper", "full", "shallow", "lemma"}
    for view in VIEWS.values():
        assert view.fields <= set(VIEW_FIELDS)
        assert not {"ap", "rp"} & view.fields


def test_paper_view_ranks_adjuncts_only_and_classes_adverbials_only(converter, rules):
    paper = records(converter, rules, ALSO, "paper")
    full = records(converter, rules, ALSO, "full")
    # punctuation: side, no rank (full: ranked with the adjuncts)
    assert (paper["."].direction, paper["."].unit_rank) == ("right", None)
    assert full["."].unit_rank == 2
    # "in June" is temporal: no position class in the paper view; "also" is adverbial
    assert paper["June"].position_class is None and full["June"].position_class == "after-object"
    assert paper["also"].position_class == "after-subject"
    assert paper["June"].unit_rank == 1 and paper["June"].direction == "right"


def test_paper_view_gives_a_compound_preposition_without_its_order(converter, rules):
    paper = records(converter, rules, BECAUSE, "paper")
    full = records(converter, rules, BECAUSE, "full")
    assert paper["Because"].compound == paper["of"].compound is not None
    assert paper["Because"].compound_position is None and full["of"].compound_position == 2
    # the head's rolemarker words: sorted (and the first word lowered) vs. in order
    assert paper["rain"].rolemarker == "because of"
    assert full["rain"].rolemarker == "because of"
    assert paper["out"].position_class == "free" and paper["early"].position_class is None


def test_shallow_and_lemma_views_hide_every_order_feature(converter, rules):
    for name in ("shallow", "lemma"):
        recs = records(converter, rules, BECAUSE, name)
        for r in recs.values():
            for f in ("direction", "unit_rank", "position_class", "subject_position", "junction_position",
                      "conj_anchor", "conj_sibling", "compound_position"):
                assert getattr(r, f) is None, (name, f)
            assert r.cat and r.role and r.head is not None
    lemma = records(converter, rules, BECAUSE, "lemma")
    assert lemma["left"].word is None and lemma["left"].base == "leave" and lemma["left"].cat == "VBD"
    assert records(converter, rules, BECAUSE, "shallow")["left"].word == "left"


@pytest.mark.parametrize("tree, first, seen", [
    (ALSO, "The", "the"), (BECAUSE, "Because", "because"), (IBM, "IBM", "IBM"), (PRONOUN_I, "I", "I"),
    (QUOTE, "It", "it"),
])
def test_no_view_spells_out_which_word_comes_first(converter, rules, tree, first, seen):
    for name in VIEWS:
        recs = records(converter, rules, tree, name)
        r = recs[first]
        assert (r.word if name != "lemma" else r.base) == seen, name
    assert records(converter, rules, BECAUSE, "full")["John"].word == "John"  # NNP keeps its capital


def test_realizers_capitalize_the_first_word():
    assert capitalize_first(["``", "it", "worked", "."]) == ["``", "It", "worked", "."]
    assert capitalize_first(["$", "5", "billion"]) == ["$", "5", "Billion"]


def test_rules_realizer_output_is_capitalized_and_scored(converter, rules):
    s = converter.convert_text(ALSO)
    r = RegenerationCheck(rules.order, rules.roles.adjunct_roles, "paper").run(s)
    assert r.output == ["The", "company", "also", "sold", "it", "in", "June", "."]
    assert r.score.exact == 1 and r.order == list(range(8))


class WordsOnly:
    """A realizer that gives only words (the rules' order, reversed if asked)."""

    name = "fake"

    def __init__(self, inner, reverse=False):
        self.inner, self.reverse = inner, reverse

    def realize(self, view):
        words = self.inner.realize(view)
        return capitalize_first([w.lower() if i == 0 else w for i, w in enumerate(words[::-1])]) \
            if self.reverse else words


def test_a_words_only_realizer_is_scored_by_aligning_its_words(converter, rules):
    s = converter.convert_text(BECAUSE)
    rules_check = RegenerationCheck(rules.order, rules.roles.adjunct_roles, "full")
    same = RegenerationCheck(rules.order, rules.roles.adjunct_roles, "full", WordsOnly(rules_check.realizer)).run(s)
    assert same.output == rules_check.run(s).output and same.score == rules_check.run(s).score
    backwards = RegenerationCheck(rules.order, rules.roles.adjunct_roles, "full",
                                  WordsOnly(rules_check.realizer, reverse=True)).run(s)
    assert backwards.output[0] == "." and backwards.score.exact == 0
    assert backwards.order == list(range(len(s.tokens)))[::-1]


def test_align_words_marks_words_of_no_token():
    assert align_words(["The", "dog", "sold", "the", "cat"], ["The", "dog", "sells", "the", "cat"]) == [0, 1, -1, 3, 4]
    # the longest common block ("a b") first, then the leftover "a" takes the unused token
    assert align_words(["a", "b", "a"], ["a", "a", "b"]) == [2, 0, 1]


def test_view_records_are_frozen(converter, rules):
    r = records(converter, rules, ALSO, "paper")["company"]
    with pytest.raises(AttributeError):
        r.word = "x"
    assert (r.word, r.role) == ("company", "subject")


# --- what the rules realizer does with what the paper view leaves out -----------------------

SAID = ("(SINV (`` ``) (S-TPC-1 (NP-SBJ (PRP We)) (VP (VBP have) (NP (DT no) (JJ useful) (NN information)))) "
        "(, ,) ('' '') (VP (VBD said) (S (-NONE- *T*-1))) (NP-SBJ (NNP James)) (PP-MNR (IN with) (NP (DT a) (NN sigh))) "
        "(. .))")
CURRENTLY = ("(S (NP-SBJ (DT The) (NNS funds)) (VP (VBP are) (ADVP-TMP (RB currently)) (VP (VBG yielding) "
             "(NP (CD 9) (NN %)))) (. .))")
CONCLUDED = ("(S (NP-SBJ (PRP They)) (VP (VBD concluded) (PP-LOC (IN in) (NP (DT a) (NN study))) (SBAR (IN that) "
             "(S (NP-SBJ (PRP it)) (VP (VBD worked))))) (. .))")


@pytest.mark.parametrize("tree, regenerated", [
    (BECAUSE, "Because of the rain , John left out early ."),  # compound order from the grammar
    (SAID, "`` We have no useful information , '' said James with a sigh ."),  # comma inside the quote
    (CURRENTLY, "The funds are currently yielding 9 % ."),  # unclassed adverb after the auxiliary
    (CONCLUDED, "They concluded in a study that it worked ."),  # adjunct before a that-clause
])
def test_rules_realizer_under_the_paper_view(converter, rules, tree, regenerated):
    s = converter.convert_text(tree)
    viewed = make_view(s, rules.roles.adjunct_roles, seed="x", view="paper")
    assert all(r.compound_position is None for r in viewed.records)
    assert not any(r.unit_rank for r in viewed.records if r.role in ("leftpunc", "rightpunc"))
    out = RegenerationCheck(rules.order, rules.roles.adjunct_roles, "paper").run(s).output
    assert " ".join(out) == regenerated


def test_compound_order_from_the_grammar(rules):
    def rec(i, word, cat):
        return ViewRecord(i, 9, word, word, cat, "prep", None, None, None, "rolemarker", "rolemarker", None, "other",
                          None, None, None, None, None, None, 1, None, None, None)

    arrange = rules.order.compounds.arrange
    words = lambda recs: [r.word for r in arrange(recs)]  # noqa: E731
    assert words([rec(1, "of", "IN"), rec(2, "because", "IN")]) == ["because", "of"]
    assert words([rec(1, "of", "IN"), rec(2, "because", "IN"), rec(3, "partly", "RB")]) == ["partly", "because", "of"]
    assert words([rec(1, "from", "IN"), rec(2, "down", "RB")]) == ["down", "from"]
    assert words([rec(1, "in", "IN"), rec(2, "than", "IN")]) == ["than", "in"]

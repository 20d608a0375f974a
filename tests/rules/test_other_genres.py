"""Roles and heads that went wrong outside the WSJ.

One constructed sentence (or dev sentence) per class, each asserting the
words, heads and roles the fix gives; each failed before its fix.
"""
from __future__ import annotations

import pytest

covers = pytest.mark.covers


def coordinated(s, words: list, marker: str, nth: int = 1):
    """Assert `words` (a word, or (word, nth)) are the conjuncts of one
    junction anchored on the nth `marker`; return their common head."""
    toks = [s.tok(*w) if isinstance(w, tuple) else s.tok(w) for w in words]
    mark = s.tok(marker, nth)
    assert mark.role == "junction-marker" and mark.rule == "cc-junction-marker", s.table()
    j = toks[0].junction
    assert j is not None and mark.junction == j, s.table()
    assert [t.junction for t in toks] == [j] * len(toks), s.table()
    assert [t.junction_position for t in toks] == list(range(1, len(toks) + 1)), s.table()
    heads = {s.head_word(t) for t in toks} | {s.head_word(mark)}
    assert len(heads) == 1, s.table()  # all on the phrase's own head
    return heads.pop()


# -- class 8: coordination of words with different tags -----------------------

MIXED = [
    pytest.param("( (S (NP-SBJ (PRP We)) (VP (VBD met) (PP-TMP (IN before) (, ,) (IN during) (CC and) (VBG after)"
                 " (NP (DT the) (NN meeting)))) (. .)) )",
                 ["before", "during", "after"], "and", "meeting", "rolemarker", id="before-during-after"),
    pytest.param("( (S (NP-SBJ (PRP He)) (VP (VBD made) (NP (QP (CD one) (CC or) (JJR more)) (NNS errors))) (. .)) )",
                 ["one", "more"], "or", "errors", "withinmod", id="one-or-more"),
    pytest.param("( (S (NP-SBJ (DT Each) (NN worker)) (VP (VBD signed) (NP (PRP$ his) (CC or) (PRP$ her) (NN form)))"
                 " (. .)) )", ["his", "her"], "or", "form", "withinmod", id="his-or-her"),
    pytest.param("( (S (NP-SBJ (PRP They)) (VP (VBD had) (NP (JJ little) (CC or) (DT no) (NN money))) (. .)) )",
                 ["little", "no"], "or", "money", "withinmod", id="little-or-no"),
    pytest.param("( (S (NP-SBJ (PRP We)) (VP (MD will) (VP (VB pay) (SBAR-TMP (IN if) (CC and) (WHADVP-1 (WRB when))"
                 " (S (NP-SBJ (PRP they)) (VP (VBP ask) (ADVP-TMP (-NONE- *T*-1))))))) (. .)) )",
                 ["if", "when"], "and", "ask", "rolemarker", id="if-and-when"),
]


@pytest.mark.parametrize("tree, conjuncts, marker, head, role", MIXED)
@covers("cc-junction-marker")
def test_mixed_tag_words_coordinate(fd, tree, conjuncts, marker, head, role):
    s = fd(tree)
    assert coordinated(s, conjuncts, marker) == head
    # Table 4: a CC that is not the phrase's first is a junction-marker, so
    # the fallback `cc-other` no longer fires.
    assert not [t for t in s.tokens if t.rule == "cc-other"], s.table()
    assert {s.tok(w).role for w in conjuncts} == {role}, s.table()


def test_dev_one_or_more_related_transactions(sample_sentence):
    # wsj_0049.mrg:3 "... in one or more related transactions ..."
    s = sample_sentence("wsj_0049.mrg:3")
    assert coordinated(s, ["one", ("more", 2)], "or", 2) == "transactions"


# -- class 9: VP ellipsis (*?*) ---------------------------------------------------

ELLIPSIS = ("( (S (NP-SBJ (PRP He)) (VP (VBD said) (SBAR (-NONE- 0) (S (NP-SBJ (PRP he)) (VP (MD might)"
            " (VP (-NONE- *?*) (SBAR-ADV (IN if) (S (NP-SBJ (PRP they)) (VP (VBD asked))))))))) (. .)) )")


@covers("md-modal", "clause-object", "ftag-adv")
def test_vp_ellipsis_modal_heads_the_elided_clause(fd):
    s = fd(ELLIPSIS)
    # The modal heads "he might" and is the object of "said"; the if-clause
    # is its adverbial, and "asked" has one subject.
    assert s.edge("might")[:3] == ("might", "said", "object"), s.table()
    assert s.edge("he")[:3] == ("he", "might", "subject"), s.table()
    assert s.edge("asked")[:3] == ("asked", "might", "adverbial"), s.table()
    assert [d for d in s.dependents("asked")] == ["if", "they"], s.table()


def test_dev_comparative_ellipsis(sample_sentence):
    # wsj_0090.mrg:32 "... than they have *?* historically": "have" heads
    # the elided clause, "historically" is its temporal.
    s = sample_sentence("wsj_0090.mrg:32")
    assert s.edge("historically")[1:3] == ("have", "temporal"), s.table()
    assert s.head_word("they") == "have", s.table()


# -- class 10: extraposed small clauses -----------------------------------------

SMALL_CLAUSES = [
    pytest.param("( (S (NP-SBJ (PRP He)) (VP (VBD left) (S-ADV (NP-SBJ (-NONE- *-1)) (VP (VBG making)"
                 " (S (NP-SBJ (-NONE- *EXP*-2)) (ADJP-PRD (JJ certain)) (SBAR-2 (-NONE- 0) (S (NP-SBJ (DT the)"
                 " (NNS forms)) (VP (VBP are) (VP (VBN signed) (NP (-NONE- *-3)))))))))) (. .)) )",
                 "certain", "making", "signed", id="making-certain"),
    pytest.param("( (S (NP-SBJ (PRP She)) (VP (VBD found) (S (NP-SBJ (NP (PRP it)) (S (-NONE- *EXP*-1)))"
                 " (ADJP-PRD (JJ hard)) (S-1 (NP-SBJ (-NONE- *)) (VP (TO to) (VP (VB believe) (SBAR (IN that)"
                 " (S (NP-SBJ (PRP he)) (VP (VBD lied))))))))) (. .)) )",
                 "hard", "found", "believe", id="found-it-hard"),
]


@pytest.mark.parametrize("tree, adjective, verb, extraposed", SMALL_CLAUSES)
@covers("head-S", "extraposed", "clause-object")
def test_small_clause_headed_by_its_predicate(fd, tree, adjective, verb, extraposed):
    s = fd(tree)
    # The adjective heads the small clause (object of the verb); the
    # extraposed clause is its withinmod by the `extraposed` rule.
    assert s.edge(adjective)[1:3] == (verb, "object"), s.table()
    assert s.edge(extraposed)[1:] == (adjective, "withinmod", "extraposed"), s.table()
    if "it" in s.words:
        assert s.edge("it")[1:3] == (adjective, "subject"), s.table()


# -- class 13: passive under flat coordinated participles ------------------------

FLAT_PASSIVES = [
    pytest.param("( (S (NP-SBJ-1 (NNS Protesters)) (VP (MD could) (VP (VB be) (VP (VBN arrested) (NP (-NONE- *-1))"
                 " (CC or) (VBN fined) (NP (-NONE- *-1)) (PP-TMP (IN on) (NP (NNP Tuesday)))))) (. .)) )",
                 id="nested-by-a-modifier"),
    pytest.param("( (S (NP-SBJ-1 (NNS Protesters)) (VP (MD could) (VP (VB be) (VP (VBN arrested) (NP (-NONE- *-1))"
                 " (CC or) (VBN fined) (NP (-NONE- *-1))))) (. .)) )", id="not-nested"),
]


@pytest.mark.parametrize("tree", FLAT_PASSIVES)
@covers("logical-passive-subject")
def test_flat_coordinated_participles_are_passive(fd_converter, tree):
    # The README's claim: every passive with an overt subject gets a
    # logical object, for this shape too.
    parse = fd_converter.parse(tree)
    words = [w.word for w in parse.words]
    arrested, subject = words.index("arrested"), words.index("Protesters")
    assert arrested in parse.passives  # "be" and the subject depend on the first conjunct
    assert parse.roles[subject] == "subject" and parse.logicalroles[subject] == "object"


# -- class 14: relative wh-phrases headed by a noun ------------------------------

@covers("wh-noun-subject", "whose-rolemarker")
def test_whose_noun_is_the_subject_of_the_relative_clause(fd):
    s = fd("( (S (NP-SBJ (NP (DT the) (NN firm)) (SBAR (WHNP-1 (WP$ whose) (NNS workers)) (S (NP-SBJ (-NONE- *T*-1))"
           " (VP (VBD built) (NP (DT the) (NN bridge)))))) (VP (VBD failed)) (. .)) )")
    assert s.edge("workers") == ("workers", "built", "subject", "wh-noun-subject"), s.table()
    assert s.edge("whose") == ("whose", "workers", "rolemarker", "whose-rolemarker"), s.table()
    assert s.edge("built")[1:3] == ("firm", "withinmod"), s.table()
    assert [t.word for t in s.tokens if t.role == "rolemarker"] == ["whose"], s.table()


@covers("wh-noun-object")
def test_whose_noun_is_the_object_of_the_relative_clause(fd):
    s = fd("( (S (NP-SBJ (NP (DT the) (NN man)) (SBAR (WHNP-1 (WP$ whose) (NN car)) (S (NP-SBJ (PRP I))"
           " (VP (VBD bought) (NP (-NONE- *T*-1)))))) (VP (VBD left)) (. .)) )")
    assert s.edge("car") == ("car", "bought", "object", "wh-noun-object"), s.table()
    assert s.edge("I")[1:3] == ("bought", "subject"), s.table()


def test_dev_whose_father_was_killed_is_a_passive_subject(sample_sentence):
    s = sample_sentence("wsj_0039.mrg:20")
    father = s.tok("father")
    assert (father.role, father.logicalrole) == ("subject", "object"), s.table()


# -- class 11: straight quotes ----------------------------------------------------

@covers("punct-pair")
def test_single_quotes_pair_by_their_own_parity(fd):
    # An unclosed double quote (the quotation goes on in the next
    # paragraph) must not flip the single quotes: the closing ' stays with
    # "no" instead of opening "to him".
    s = fd("( (S (`` \") (NP-SBJ (NNP Hal)) (VP (VBD said) (`` ') (NP (UH no)) ('' ') (PP (TO to) (NP (PRP him))))"
           " (. .)) )")
    quotes = [t for t in s.tokens if t.word == "'"]
    assert [(t.role, s.head_word(t), t.rule) for t in quotes] == [
        ("leftpunc", "no", "punct-pair"), ("rightpunc", "no", "punct-pair")], s.table()


@covers("punct-pair")
def test_nested_straight_quotes(fd):
    s = fd("( (S (NP-SBJ (PRP She)) (VP (VBD said) (SBAR (-NONE- 0) (S (`` \") (NP-SBJ (PRP he)) (VP (VBD told)"
           " (NP (PRP me)) (NP (`` ') (UH no) ('' ')) (NP-TMP (NN yesterday))) ('' \")))) (. .)) )")
    marks = [(t.word, t.role, s.head_word(t)) for t in s.tokens if t.word in ("'", '"')]
    assert marks == [('"', "leftpunc", "told"), ("'", "leftpunc", "no"), ("'", "rightpunc", "no"),
                     ('"', "rightpunc", "told")], s.table()


# -- found on dev: an adverb between the conjunction and its conjunct ------------

ADVERB_OPENS_CONJUNCT = [
    pytest.param("wsj_0075.mrg:2", ["Monday", "Tuesday"], "or", "even", "Tuesday", id="or-even"),
    pytest.param("wsj_0093.mrg:8", ["hundreds", "thousands"], "and", "perhaps", "thousands", id="and-perhaps"),
    pytest.param("wsj_0041.mrg:27", ["true", "accurate"], "but", "not", "accurate", id="but-not-always"),
]


@pytest.mark.parametrize("sent_id, conjuncts, marker, adverb, conjunct", ADVERB_OPENS_CONJUNCT)
def test_adverb_after_conjunction_opens_the_next_conjunct(sample_sentence, sent_id, conjuncts, marker, adverb,
                                                          conjunct):
    s = sample_sentence(sent_id)
    coordinated(s, conjuncts, marker)
    assert s.head_word(adverb) == conjunct, s.table()
    assert s.tok(adverb).junction is None

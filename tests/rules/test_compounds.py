"""rules/compound_prepositions.yaml: compound prepositions as one role
marker (paper section 4.5).

A grouped unit ("because of", "only to") depends, word by word and in
order, on the head of the phrase it marks, with role rolemarker (rule
compound-rolemarker), one `compound` id and `compound_position` 1, 2, ...;
the marked word's `rolemarker` field spells the unit.
"""
from __future__ import annotations

import pytest

covers = pytest.mark.covers

FLEET_FLAT = ("( (S (NP-SBJ (DT The) (NN company)) (VP (MD will) (VP (VB sell) (NP (PRP$ its) (VBG aging) (NN fleet))"
              " (PP (IN because) (IN of) (NP (VBG increasing) (NN maintenance) (NNS costs))))) (. .)) )")
FLEET_NESTED = ("( (S (NP-SBJ (DT The) (NN company)) (VP (MD will) (VP (VB sell) (NP (PRP$ its) (VBG aging) (NN fleet))"
                " (PP-PRP (RB because) (PP (IN of) (NP (VBG increasing) (NN maintenance) (NNS costs)))))) (. .)) )")

# rule id, tree, the unit's words, the word they mark, that word's head
CASES = [
    ("cp-because-of", FLEET_FLAT, ["because", "of"], "costs", "sell"),
    ("cp-because-of", FLEET_NESTED, ["because", "of"], "costs", "sell"),
    ("cp-according-to", "( (S (NP-SBJ (NNS Prices)) (VP (VBD rose) (, ,) (PP (VBG according) (PP (TO to)"
                        " (NP (NNS analysts))))) (. .)) )", ["according", "to"], "analysts", "rose"),
    ("cp-such-as", "( (S (NP-SBJ (NP (NNS Companies)) (PP (JJ such) (IN as) (NP (NNP IBM)))) (VP (VBD rose)) (. .)) )",
     ["such", "as"], "IBM", "Companies"),
    # "(PP (RB only) (TO to) ...)": a modifier and its preposition.
    ("cp-adverb-modifier", "( (S (NP-SBJ (PRP He)) (VP (VBD returned) (PP-DIR (RB only) (TO to) (NP (NNP Boston))))"
                           " (. .)) )", ["only", "to"], "Boston", "returned"),
    # "(PP (ADVP (RB just)) (IN after) ...)": a one-word ADVP modifier.
    ("cp-adverb-modifier", "( (S (NP-SBJ (PRP He)) (VP (VBD resigned) (PP-TMP (ADVP (RB just)) (IN after)"
                           " (NP (DT the) (NN meeting)))) (. .)) )", ["just", "after"], "meeting", "resigned"),
    # In an SBAR the listed modifiers group too: "just after the board met".
    ("cp-modifier", "( (S (NP-SBJ (PRP He)) (VP (VBD resigned) (SBAR-TMP (RB just) (IN after) (S (NP-SBJ (DT the)"
                    " (NN board)) (VP (VBD met))))) (. .)) )", ["just", "after"], "met", "resigned"),
    # "(ADVP (RB instead) (PP (IN of) (NP ...)))".
    ("cp-instead-of", "( (S (NP-SBJ (PRP He)) (VP (VBD bought) (NP (NNS bonds)) (ADVP (RB instead) (PP (IN of)"
                      " (NP (NNS stocks))))) (. .)) )", ["instead", "of"], "stocks", "bought"),
    # "based on" heading a PP groups (wsj_0059.mrg:2 "... based on sluggish ...").
    ("cp-based-on", "( (S (NP-SBJ (DT The) (NN index)) (VP (VBD rose) (PP (VBN based) (PP (IN on) (NP (JJ preliminary)"
                    " (NNS data))))) (. .)) )", ["based", "on"], "data", "rose"),
    # The Treebank's "(SBAR (IN in) (NN order) (S ...))" (wsj_0054.mrg:2) and "in case".
    ("cp-in-order", "( (S (NP-SBJ-1 (PRP It)) (VP (VBD bought) (NP (PRP it)) (SBAR-PRP (IN in) (NN order) (S (NP-SBJ"
                    " (-NONE- *-1)) (VP (TO to) (VP (VB produce) (NP (NNS shovels))))))) (. .)) )",
     ["in", "order"], "produce", "bought"),
    ("cp-in-case", "( (S (NP-SBJ (PRP It)) (VP (VBZ gives) (NP (PRP us)) (NP (NN flexibility)) (SBAR-PRP (IN in) (NN case)"
                   " (S (NP-SBJ (NNP Temple)) (VP (VBZ raises) (NP (PRP$ its) (NN bid)))))) (. .)) )",
     ["in", "case"], "raises", "gives"),
    # "(PP (IN than) (PP (IN in) (NP September)))" -> "than in".
    ("cp-preposition-pair", "( (S (NP-SBJ (NNS Sales)) (VP (VBD were) (ADJP-PRD (JJR higher) (PP (IN than) (PP (IN in)"
                            " (NP (NNP September)))))) (. .)) )", ["than", "in"], "September", "higher"),
]


def _case(rule_id, tree, unit, marked, head):
    return pytest.param(rule_id, tree, unit, marked, head, id=f"{rule_id}:{' '.join(unit)}", marks=covers(rule_id))


@pytest.mark.parametrize("rule_id,tree,unit,marked,head", [_case(*c) for c in CASES])
def test_compound_preposition(fd, rule_id, tree, unit, marked, head):
    s = fd(tree)
    toks = [s.tok(w) for w in unit]
    target = s.tok(marked)
    assert s.head_word(target) == head, s.table()
    for pos, t in enumerate(toks, 1):
        assert (s.head_word(t), t.role, t.rule) == (marked, "rolemarker", "compound-rolemarker"), s.table()
        assert t.compound_position == pos, s.table()
        assert rule_id in t.rules, s.table()
    assert toks[0].compound is not None and all(t.compound == toks[0].compound for t in toks), s.table()
    # Consecutive words, in order.
    assert [t.id for t in toks] == list(range(toks[0].id, toks[0].id + len(toks)))
    assert target.rolemarker == " ".join(unit), s.table()


def test_because_of_in_the_papers_sentence(fd):
    s = fd(FLEET_FLAT)
    because, of = s.tok("because"), s.tok("of")
    assert [s.edge("because"), s.edge("of")] == [("because", "costs", "rolemarker", "compound-rolemarker"),
                                                 ("of", "costs", "rolemarker", "compound-rolemarker")], s.table()
    assert (because.compound, because.compound_position, of.compound, of.compound_position) == (1, 1, 1, 2)
    # The rest of the clause is untouched: its aging fleet, sold.
    assert s.edge("fleet")[1:3] == ("sell", "object")
    assert s.edge("aging")[1:3] == ("fleet", "withinmod")
    assert s.head_word("costs") == "sell"


@covers("cp-based-on")
def test_based_on_in_a_vp_stays_a_verb(fd):
    # "is [based] on data": "based" heads the VP; phrasal prepositions only
    # group inside the labels of `phrasal_within`, which has no VP.
    s = fd("( (S (NP-SBJ-1 (DT The) (NN estimate)) (VP (VBZ is) (VP (VBN based) (NP (-NONE- *-1))"
           " (PP-CLR (IN on) (NP (NNS data))))) (. .)) )")
    based, on = s.tok("based"), s.tok("on")
    assert (based.head, based.role, based.cat0, based.compound) == (0, "top", "v", None), s.table()
    assert (s.head_word(on), on.role, on.rule, on.compound) == ("data", "rolemarker", "in-rolemarker", None), s.table()
    assert s.edge("data")[1:3] == ("based", "closely-related")
    assert all(t.compound is None for t in s.tokens)
    # ... and it is a passive: the estimate is the logical object.
    assert s.tok("estimate").logicalrole == "object"


def test_single_preposition_is_not_a_compound(fd):
    s = fd("( (S (NP-SBJ (NNP ABC)) (VP (VBD came) (PP-CLR (IN in) (ADVP (RB first)))) (. .)) )")
    assert s.edge("in") == ("in", "first", "rolemarker", "in-rolemarker"), s.table()
    assert s.tok("in").compound is None


def test_two_units_get_two_ids(fd):
    s = fd("( (S (NP-SBJ (PRP He)) (VP (VBD sold) (NP (NNS bonds)) (ADVP (RB instead) (PP (IN of) (NP (NNS stocks))))"
           " (PP-PRP (IN because) (IN of) (NP (NNS taxes)))) (. .)) )")
    first, second = s.tok("instead").compound, s.tok("because").compound
    assert first is not None and second is not None and first != second, s.table()
    assert (s.tok("of", 1).compound, s.tok("of", 2).compound) == (first, second)


def test_covers_marks_name_known_rules(rule_coverage, known_rule_ids):
    assert sorted(set(rule_coverage) - known_rule_ids) == []

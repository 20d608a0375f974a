"""rules/heads.yaml (and compound_prepositions.yaml): the WSJ head error
classes, one constructed tree each (modelled on the dev
sentences named in the comments). Each test failed before its fix.
"""
from __future__ import annotations

import pytest

covers = pytest.mark.covers


# 1. A noun followed by its identifying number heads: "Chapter 11 under the
# Bankruptcy Code" (wsj_0031.mrg:2), "Form 8300" (wsj_0049.mrg:3), "age 13".
@covers("np-noun-number")
@pytest.mark.parametrize("tree,noun,number", [
    ("( (S (NP-SBJ (DT The) (NN company)) (VP (VBD filed) (PP-CLR (IN for) (NP (NP (NN Chapter) (CD 11))"
     " (PP (IN under) (NP (DT the) (NNP Bankruptcy) (NNP Code)))))) (. .)) )", "Chapter", "11"),
    ("( (S (NP-SBJ (PRP He)) (VP (VBD filed) (NP (NNP Form) (CD 8300))) (. .)) )", "Form", "8300"),
    ("( (S (NP-SBJ (DT The) (NNP S&P) (CD 500)) (VP (VBD rose)) (. .)) )", "S&P", "500"),
    ("( (S (NP-SBJ (PRP She)) (VP (VBD left) (NP-TMP (IN at) (NN age) (CD 13))) (. .)) )", "age", "13"),
], ids=["chapter", "form", "s&p", "age"])
def test_noun_with_identifying_number(fd, tree, noun, number):
    s = fd(tree)
    assert s.head_word(number) == noun, s.table()
    if "Code" in s.words:
        assert s.head_word("Code") == "Chapter", s.table()


@covers("np-date", "np-last-jj-cd-vb-dt", "np-noun-number")
@pytest.mark.parametrize("tree,head,dep", [
    # Dates and amounts keep the number as head.
    ("( (S (NP-SBJ (PRP He)) (VP (VBD left) (NP-TMP (NNP Nov.) (CD 30))) (. .)) )", "30", "Nov."),
    ("( (S (NP-SBJ (PRP He)) (VP (VBD named) (NP (DT the) (JJ top) (CD 10))) (. .)) )", "10", "top"),
    ("( (S (NP-SBJ (PRP He)) (VP (VBD named) (NP (DT the) (NN top) (CD 10))) (. .)) )", "10", "top"),
    ("( (S (NP-SBJ (PRP It)) (VP (VBD began) (PP-TMP (IN in) (NP (DT the) (NN year) (CD 2000)))) (. .)) )", "2000",
     "year"),
], ids=["month", "top-jj", "top-nn", "year"])
def test_number_still_heads_dates_and_amounts(fd, tree, head, dep):
    s = fd(tree)
    assert s.head_word(dep) == head, s.table()


# 2. NAC uses the NP rules: "West Groton , Mass." -> Mass.
@covers("np-last-noun")
def test_nac_headed_like_np(fd):
    s = fd("( (S (NP-SBJ (NP (DT the) (NNS workers)) (PP (IN at) (NP (NAC-LOC (NNP West) (NNP Groton) (, ,)"
           " (NNP Mass.) (, ,)) (NN plant)))) (VP (VBD left)) (. .)) )")
    assert s.head_word("West") == "Mass.", s.table()
    assert s.head_word("Groton") == "Mass.", s.table()
    assert s.head_word("Mass.") == "plant", s.table()


# 3. A measure NP before the preposition modifies the complement:
# "10 days before Edison 's application" (wsj_0091.mrg:7), "48 hours ahead
# of time" (wsj_0044).
@covers("head-PP", "head-ADVP")
@pytest.mark.parametrize("tree,measure,complement,governor", [
    ("( (S (NP-SBJ (PRP They)) (VP (VBD arrived) (PP-TMP (NP (CD two) (NNS days)) (IN before) (NP (DT the)"
     " (NN examination)))) (. .)) )", "days", "examination", "arrived"),
    ("( (S (NP-SBJ (PRP It)) (VP (VBZ lies) (PP-LOC (NP (RB about) (CD 60) (NNS miles)) (IN from)"
     " (NP (NNP Seoul)))) (. .)) )", "miles", "Seoul", "lies"),
    ("( (S (NP-SBJ (PRP He)) (VP (VBD arrived) (ADVP-TMP (NP (CD 48) (NNS hours)) (RB ahead) (PP (IN of)"
     " (NP (NN time))))) (. .)) )", "hours", "time", "arrived"),
], ids=["before", "from", "ahead-of"])
def test_measure_np_modifies_pp_complement(fd, tree, measure, complement, governor):
    s = fd(tree)
    assert s.head_word(measure) == complement, s.table()
    assert s.head_word(complement) == governor, s.table()


# 4. An auxiliary heads when its VP complement has no verbal head:
# "is about to slip" (wsj_0036.mrg:18), "is on Wall Street" (wsj_0088.mrg:21);
# a mis-tagged verb still heads, and the POS correction gives "did" its aux
# role ("did n't elaborate/JJ", wsj_0020.mrg:19).
@covers("head-auxiliary")
def test_auxiliary_with_non_verbal_complement_heads(fd):
    s = fd("( (S (NP-SBJ (DT The) (NN economy)) (VP (VBZ is) (VP (IN about) (S (NP-SBJ (-NONE- *-1)) (VP (TO to)"
           " (VP (VB slip) (PP-CLR (IN into) (NP (NN recession)))))))) (. .)) )")
    assert s.head_word("is") is None, s.table()
    assert s.head_word("economy") == "is", s.table()
    s = fd("( (S (NP-SBJ (NNS Traders)) (VP (VBD said) (SBAR (IN that) (S (NP-SBJ (DT the) (NN action)) (VP (VBZ is)"
           " (VP (-NONE- *?*) (PP-LOC (IN on) (NP (NNP Wall) (NNP Street)))))))) (. .)) )")
    assert s.head_word("is") == "said", s.table()
    assert s.head_word("Street") == "is", s.table()


@covers("head-auxiliary", "do-aux")
def test_mistagged_verb_still_heads_and_do_is_aux(fd):
    s = fd("( (S (NP-SBJ (PRP He)) (VP (VBD did) (RB n't) (VP (JJ elaborate))) (. .)) )")
    assert s.edge("did") == ("did", "elaborate", "aux", "do-aux"), s.table()
    assert s.head_word("elaborate") is None, s.table()


# 5. ADJP heads.
@covers("head-ADJP")
@pytest.mark.parametrize("tree,head,deps", [
    ("( (S (NP-SBJ (NNS Rates)) (VP (VBP are) (ADJP-PRD (RB too) (RB low))) (. .)) )", "low", ["too"]),
    ("( (S (NP-SBJ (DT The) (ADJP (NNP East) (NNP German)) (NN economy)) (VP (VBD grew)) (. .)) )",
     "German", ["East"]),
    # wsj_0077.mrg:4 "were tidily ahead of declining stocks"
    ("( (S (NP-SBJ (NNS Gainers)) (VP (VBD were) (ADJP-PRD (ADVP (RB tidily)) (RB ahead) (PP (IN of) (NP (VBG declining)"
     " (NNS stocks))))) (. .)) )", "ahead", ["tidily"]),
    # wsj_0097.mrg:40 "four times as large"
    ("( (S (NP-SBJ (PRP It)) (VP (VBZ is) (ADJP-PRD (QP (CD four) (NNS times)) (RB as) (JJ large))) (. .)) )",
     "large", ["four"]),
], ids=["too-low", "east-german", "adverb-over-advp", "adjective-over-qp"])
def test_adjp_heads(fd, tree, head, deps):
    s = fd(tree)
    for d in deps:
        assert s.head_word(d) == head, s.table()


# 6. A determiner before an amount: the amount heads, so the PP after it
# stays inside the NP.
@covers("np-amount")
def test_determiner_and_amount(fd):
    s = fd("( (S (NP-SBJ (PRP They)) (VP (VBD raised) (NP (NP (DT another) (QP ($ $) (CD 120) (CD million)))"
           " (PP (IN from) (NP (NNS investors))))) (. .)) )")
    assert s.head_word("another") == "million", s.table()
    assert s.head_word("investors") == "million", s.table()
    assert s.head_word("million") == "raised", s.table()


# 7a. "short of" is no compound after a measure NP.
@covers("cp-short-of")
def test_short_of_after_measure_np(fd):
    s = fd("( (S (NP-SBJ (DT The) (NN bill)) (VP (VBD fell) (ADJP-PRD (NP (CD 12) (NNS votes)) (JJ short) (PP (IN of)"
           " (NP (DT a) (NN majority))))) (. .)) )")
    assert s.head_word("votes") == "short", s.table()
    assert s.edge("of") == ("of", "majority", "rolemarker", "in-rolemarker") or s.head_word("of") == "majority"
    assert s.head_word("majority") == "short", s.table()
    assert s.tok("short").compound is None, s.table()
    # Without the measure NP it is still a unit.
    s = fd("( (S (NP-SBJ (PRP He)) (VP (VBD stopped) (PP (JJ short) (PP (IN of) (NP (NN violence))))) (. .)) )")
    assert s.tok("short").compound is not None and s.head_word("short") == "violence", s.table()


# 7b. A WHNP with an appositive is headed by the wh-word.
@covers("head-WHNP")
def test_whnp_with_appositive(fd):
    s = fd("( (S (NP-SBJ (PRP He)) (VP (VBD met) (NP (NP (DT the) (NN man)) (SBAR (WHNP-1 (WHNP (WP who)) (, ,)"
           " (NP (DT the) (NN chairman))) (S (NP-SBJ (-NONE- *T*-1)) (VP (VBD left)))))) (. .)) )")
    assert s.head_word("chairman") == "who", s.table()
    assert s.tok("chairman").role != "rolemarker", s.table()
    assert s.head_word("who") == "left", s.table()


# 3 (regeneration). The measure NP gets role extent and is placed before the
# rolemarker when the sentence is rebuilt from its unordered records.
@covers("measure-extent", "measure-extent-advp", "ord-extent-before-marker")
@pytest.mark.parametrize("tree,text", [
    ("( (S (NP-SBJ (PRP They)) (VP (VBD arrived) (PP-TMP (NP (CD two) (NNS days)) (IN before) (NP (DT the)"
     " (NN examination)))) (. .)) )", "They arrived two days before the examination ."),
    ("( (S (NP-SBJ (PRP He)) (VP (VBD arrived) (ADVP-TMP (NP (CD 48) (NNS hours)) (RB ahead) (PP (IN of)"
     " (NP (NN time))))) (. .)) )", "He arrived 48 hours ahead of time ."),
], ids=["before", "ahead-of"])
def test_measure_np_is_extent_and_regenerates(fd, fd_rules, tree, text):
    from ptb2fd.regen.check import RegenerationCheck

    s = fd(tree)
    measure = s.tok("days" if "days" in s.words else "hours")
    assert measure.role == "extent" and measure.rule.startswith("measure-extent"), s.table()
    check = RegenerationCheck(fd_rules.order, fd_rules.roles.adjunct_roles)
    assert " ".join(check.run(s.sentence).output) == text


# 7c. Clause coordination with a parenthetical between the conjuncts
# (wsj_0062.mrg:28, wsj_0071.mrg:41): coordination.yaml `interrupters`.
@covers("coord-clausal")
@pytest.mark.parametrize("tree", [
    "( (S (S (NP-SBJ (DT The) (NNS issues)) (VP (VBD sold) (PRT (RP out)))) (PRN (, ,) (S (NP-SBJ (PRP she))"
    " (VP (VBZ says))) (, ,)) (CC and) (S (NP-SBJ (DT the) (NN third)) (VP (VBD did) (RB too))) (. .)) )",
    "( (S (`` ``) (S (NP-SBJ (PRP It)) (VP (VBZ is) (ADJP-PRD (JJ expensive)))) (, ,) ('' '') (PRN (VP (VBD said)"
    " (NP-SBJ (NNP Pratt)))) (, ,) (`` ``) (CC but) (S (NP-SBJ (PRP it)) (VP (VBZ sells))) (. .)) )",
], ids=["prn", "prn-and-quotes"])
def test_clause_coordination_across_parenthetical(fd, tree):
    s = fd(tree)
    first = s.tok("sold" if "sold" in s.words else "is")
    second = s.tok("did" if "did" in s.words else "sells")
    assert first.junction is not None and second.junction == first.junction, s.table()
    assert (first.junction_position, second.junction_position) == (1, 2), s.table()
    marker = s.tok("and" if "and" in s.words else "but")
    assert marker.role == "junction-marker", s.table()


# Found by `ptb2fd check-heads` on dev: an appositive after an NP with its
# own PP (wsj_0003.mrg:19), and an emphatic reflexive (wsj_0041.mrg:8).
@covers("np-apposition-pp")
def test_apposition_after_np_with_pp(fd):
    s = fd("( (S (NP-SBJ (PRP They)) (VP (VBD banned) (NP (NP (NP (DT the) (JJ common) (NN kind)) (PP (IN of) (NP (NN"
           " asbestos))) (, ,) (NP (NN chrysotile)) (, ,)) (VP (VBN found) (PP-LOC (IN in) (NP (NNS schools))))))"
           " (. .)) )")
    assert s.head_word("kind") == "banned", s.table()
    assert s.head_word("chrysotile") == "kind", s.table()


@covers("np-last-np")
def test_emphatic_reflexive_is_not_head(fd):
    s = fd("( (S (NP-SBJ (NP (DT the) (NNS ads)) (NP (PRP themselves))) (VP (VBD worked)) (. .)) )")
    assert s.edge("ads")[:3] == ("ads", "worked", "subject"), s.table()
    assert s.head_word("themselves") == "ads", s.table()


# wsj_0044.mrg:26: in a flat NP "N , ADV N" the first noun heads; the
# contrast hangs on it ("it is educators , not students , who are blamed").
@covers("np-noun-comma-adverb")
def test_noun_before_comma_and_adverb_heads(fd):
    s = fd("( (S (NP-SBJ (PRP it)) (VP (VBZ is) (NP-PRD (NNS educators) (, ,) (RB not) (NNS students))) (. .)) )")
    assert [s.edge(w)[:3] for w in ("educators", "students")] == [
        ("educators", "is", "predicate"), ("students", "educators", "withinmod")], s.table()


# A quoted noun phrase after a noun phrase names it, and the first heads:
# "the word `` junk ''" (was headed by "junk", so the records put the quotes
# around the whole phrase: "`` The word junk ''").
@covers("np-apposition-quote")
def test_quoted_name_after_np(fd, fd_rules):
    from ptb2fd.regen.check import RegenerationCheck

    s = fd("( (S (NP-SBJ (NP (DT The) (NN word)) (`` ``) (NP (NN junk)) ('' '')) (VP (VBZ scares) (NP (NNS investors)))"
           " (. .)) )")
    assert [s.edge(w)[:3] for w in ("word", "junk")] == [
        ("word", "scares", "subject"), ("junk", "word", "withinmod")], s.table()
    check = RegenerationCheck(fd_rules.order, fd_rules.roles.adjunct_roles, "paper")
    assert " ".join(check.run(s.sentence).output) == "The word `` junk '' scares investors ."

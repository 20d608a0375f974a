"""rules/clauses.yaml: subject position, logical roles, group type and the
NP head category correction (paper sections 3.2, 3.3, 3.6).

The four subject positions use the paper's own sentences (section 3.6),
bracketed the way the Treebank brackets them.
"""
from __future__ import annotations

import pytest

covers = pytest.mark.covers

VINKEN = ("( (S (NP-SBJ (NNP Pierre) (NNP Vinken)) (VP (MD will) (VP (VB join) (NP (DT the) (NN board))))"
          " (. .)) )")
EVOLVE = ("( (SBARQ (WHADVP-1 (WRB How)) (SQ (VBD did) (NP-SBJ (NN program) (NN trading))"
          " (VP (VB evolve) (PP-CLR (IN into) (NP (DT this))) (ADVP-MNR (-NONE- *T*-1)))) (. ?)) )")
SAID_JAMES = ("( (SINV (`` ``) (S-TPC-1 (NP-SBJ (PRP We)) (VP (VBP have) (NP (DT no) (JJ useful) (NN information))))"
              " (, ,) ('' '') (VP (VBD said) (S (-NONE- *T*-1))) (NP-SBJ (NNP James))"
              " (PP-MNR (IN with) (NP (DT a) (NN sigh))) (. .)) )")
# SINV with the fronted VP-TPC and the subject after the verb, the
# dashes around the temporal PP between them.
CORRESPONDING = ("( (SINV (VP-TPC-1 (VBG Corresponding) (PP-CLR (TO to) (NP (NP (DT the) (NN fall))"
                 " (PP (IN in) (NP (NN profit) (NNS rates)))))) (VP (VBD was) (VP (-NONE- *T*-1)))"
                 " (: --) (PP-TMP (IN in) (NP (DT the) (JJ early) (NNS 1980s))) (: --)"
                 " (NP-SBJ (NP (DT the) (NN drop)) (PP (IN in) (NP (DT the) (NNP Q) (NN ratio)))) (. .)) )")

PASSIVE_BY = ("( (S (NP-SBJ-1 (DT The) (NN fleet)) (VP (VBD was) (VP (VBN sold) (NP (-NONE- *-1))"
              " (PP (IN by) (NP-LGS (DT the) (NN company))))) (. .)) )")
PASSIVE = "( (S (NP-SBJ-1 (DT The) (NN fleet)) (VP (VBD was) (VP (VBN sold) (NP (-NONE- *-1)))) (. .)) )"
ACTIVE = "( (S (NP-SBJ (DT The) (NN company)) (VP (VBD sold) (NP (DT the) (NN fleet))) (. .)) )"


# -- subject position (section 3.6) -------------------------------------------

@pytest.mark.parametrize("tree,verb,position", [
    pytest.param(VINKEN, "join", "default", id="default"),
    pytest.param(EVOLVE, "evolve", "postaux", id="postaux"),
    pytest.param(SAID_JAMES, "said", "after-nonaux-finite", id="after-nonaux-finite"),
    pytest.param(CORRESPONDING, "was", "final", id="final"),
])
def test_subject_position_of_the_papers_sentences(fd, tree, verb, position):
    s = fd(tree)
    t = s.tok(verb)
    assert (t.head, t.grouptype, t.subject_position) == (0, "clause", position), s.table()


def test_subject_position_details(fd):
    s = fd(EVOLVE)
    # "did" is an auxiliary before the subject, so "evolve" is postaux.
    assert s.edge("did")[1:3] == ("evolve", "aux")
    assert s.edge("trading")[1:3] == ("evolve", "subject")
    s = fd(SAID_JAMES)
    assert s.edge("James")[1:3] == ("said", "subject")
    # The quoted clause keeps its own (default) subject position.
    assert s.tok("have").subject_position == "default", s.table()
    s = fd(CORRESPONDING)
    assert s.edge("drop")[1:3] == ("was", "subject"), s.table()
    assert s.edge("1980s")[1:3] == ("was", "temporal"), s.table()


def test_subject_position_only_on_clauses(fd):
    s = fd(VINKEN)
    for t in s.tokens:
        assert (t.subject_position is not None) == (t.grouptype == "clause"), s.table()


# -- logical roles (section 3.2) ------------------------------------------------

@covers("logical-passive-subject", "logical-lgs-subject")
def test_passive_with_a_by_phrase(fd, fd_converter):
    s = fd(PASSIVE_BY)
    fleet, company = s.tok("fleet"), s.tok("company")
    assert (s.head_word(fleet), fleet.role, fleet.logicalrole) == ("sold", "subject", "object"), s.table()
    assert (s.head_word(company), company.role, company.rule, company.logicalrole) == \
        ("sold", "lgs-adjunct", "pp-lgs", "subject"), s.table()
    assert s.edge("was")[1:3] == ("sold", "voice")
    # Everything else keeps its surface role.
    for t in s.tokens:
        if t.word not in ("fleet", "company"):
            assert t.logicalrole == t.role, s.table()
    fired = fd_converter.parse(PASSIVE_BY).fired
    assert fired["logical-passive-subject"] == 1 and fired["logical-lgs-subject"] == 1


@covers("logical-passive-subject")
def test_passive_without_a_by_phrase(fd, fd_converter):
    s = fd(PASSIVE)
    fleet = s.tok("fleet")
    assert (s.head_word(fleet), fleet.role, fleet.logicalrole) == ("sold", "subject", "object"), s.table()
    fired = fd_converter.parse(PASSIVE).fired
    assert fired["logical-passive-subject"] == 1 and fired["logical-lgs-subject"] == 0


@covers("logical-passive-subject")
def test_get_passive(fd):
    s = fd("( (S (NP-SBJ-1 (PRP I)) (VP (VBP get) (VP (VBN fired) (NP (-NONE- *-1)))) (. .)) )")
    assert (s.tok("get").role, s.tok("I").role, s.tok("I").logicalrole) == ("voice", "subject", "object"), s.table()


def test_active_clause_keeps_its_subject(fd):
    s = fd(ACTIVE)
    assert (s.tok("company").logicalrole, s.tok("fleet").logicalrole) == ("subject", "object"), s.table()


def test_no_object_trace_no_passive(fd_gold):
    # A passive needs the null object "(NP (-NONE- *-1))" in the VP of the
    # participle; "was sold" without it is not recognised (under `auto` the
    # trace is put back: tests/unit/test_functions_auto.py).
    s = fd_gold("( (S (NP-SBJ (DT The) (NN fleet)) (VP (VBD was) (VP (VBN sold))) (. .)) )")
    assert (s.tok("was").role, s.tok("fleet").logicalrole) == ("voice", "subject"), s.table()


# -- group type (section 3.3) ----------------------------------------------------

def test_grouptypes_of_a_simple_clause(fd):
    s = fd("( (S (NP-SBJ (NNP Pierre) (NNP Vinken)) (VP (MD will) (VP (VB join) (NP (DT the) (NN board))"
           " (PP-CLR (IN as) (NP (DT a) (JJ nonexecutive) (NN director))))) (. .)) )")
    expected = {
        "join": "clause",  # has an auxiliary (modal) dependent
        "board": "np",  # has a determiner
        "director": "np",
        "Vinken": "other",  # a proper noun heading an NP takes no determiner
        "will": "other",  # the auxiliary itself
        "the": "other",
        "as": "other",
        "nonexecutive": "other",
    }
    got = {w: s.tok(w).grouptype for w in expected}
    assert got == expected, s.table()


def test_grouptype_clause_by_argument_role_and_by_mood(fd):
    s = fd("( (S (NP-SBJ (NNS Officials)) (VP (VBD said) (SBAR (-NONE- 0) (S (NP-SBJ (NNS prices))"
           " (VP (VBD fell))))) (. .)) )")
    # "said": indicative; "fell": heads the object of "said" and is indicative.
    assert (s.tok("said").grouptype, s.tok("fell").grouptype) == ("clause", "clause"), s.table()
    # A bare noun heading an NP could take a determiner: np.
    assert s.tok("prices").grouptype == "np", s.table()
    s = fd("( (S (NP-SBJ-1 (NNS Officials)) (VP (VBD expected) (S (NP-SBJ (-NONE- *-1))"
           " (VP (TO to) (VP (VB start))))) (. .)) )")
    # "start" is an infinitive, but it heads the object of "expected" and has
    # no rolemarker dependent ("to" is a to-infinitive): clause.
    assert (s.tok("start").grouptype, s.tok("to").grouptype) == ("clause", "other"), s.table()


# -- NP head category correction -----------------------------------------------

def test_np_headed_by_vbg_becomes_a_noun(fd):
    s = fd("( (S (NP-SBJ (PRP He)) (VP (VBZ runs) (NP (DT the) (VBG publishing))) (. .)) )")
    t = s.tok("publishing")
    # The tag conflict is repaired (pos_corrections.yaml catches it first:
    # VBG>NN); `cat` keeps the Treebank tag.
    assert (t.cat, t.cat0, t.cat1, t.corrected) == ("VBG", "n", "common", "VBG>NN"), s.table()
    assert (s.head_word(t), t.role, t.grouptype) == ("runs", "object", "np"), s.table()


@covers("np-head-category")
def test_np_head_category_noun(fd):
    # "(PP by (NP (RB then)))" (wsj_0008.mrg:6): no POS correction applies,
    # the NP head correction makes the adverb a common noun.
    s = fd("( (S (NP-SBJ (DT The) (NN deal)) (VP (MD will) (VP (VB close) (PP-TMP (IN by) (NP (RB then))))) (. .)) )")
    t = s.tok("then")
    assert (t.cat, t.cat0, t.cat1, t.corrected) == ("RB", "n", "common", None), s.table()
    assert "np-head-category" in t.rules, s.table()


@covers("np-head-category")
def test_np_head_category_participle_becomes_adjective(fd):
    # A past participle heading an NP through an ADJP ("the newly elected")
    # is made an adjective (cat1_to_adjective: past-participle).
    s = fd("( (S (NP-SBJ (NP (DT The) (ADJP (RB newly) (VBN elected))) (PP (IN in) (NP (NNP Ohio))))"
           " (VP (VBD met)) (. .)) )")
    t = s.tok("elected")
    assert (t.cat, t.cat0, t.cat1, t.corrected) == ("VBN", "adj", "other", None), s.table()
    assert "np-head-category" in t.rules, s.table()


def test_np_head_category_leaves_nouns_alone(fd):
    s = fd(VINKEN)
    assert all("np-head-category" not in t.rules for t in s.tokens), s.table()


def test_every_clauses_rule_has_a_test(fd_rules, rule_coverage):
    missing = [rid for rid in fd_rules.clauses.rule_ids() if rid not in rule_coverage]
    assert missing == []


def test_covers_marks_name_known_rules(rule_coverage, known_rule_ids):
    assert sorted(set(rule_coverage) - known_rule_ids) == []

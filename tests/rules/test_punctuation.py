"""rules/punctuation.yaml: which word each punctuation mark attaches to
(paper section 4.6).

One test per association rule, asserting the head word, the role
(leftpunc / rightpunc / coordpunc) and `tok.rule`; then the paper's cases
(appositive commas, quotes around a PP and around a title, a final period
inside a closing quote) and, on the whole sample, that punctuation edges
never cross another dependency.
"""
from __future__ import annotations

import pytest

covers = pytest.mark.covers

VINKEN = ("( (S (NP-SBJ (NP (NNP Pierre) (NNP Vinken)) (, ,) (ADJP (NP (CD 61) (NNS years)) (JJ old)) (, ,))"
          " (VP (MD will) (VP (VB join) (NP (DT the) (NN board)))) (. .)) )")
EFFORT = ("( (S (NP-SBJ (DT The) (NN company)) (VP (VBD cut) (NP (NNS prices)) (`` ``) (PP-PRP (IN in)"
          " (NP (NP (DT an) (NN effort)) (S (NP-SBJ (-NONE- *)) (VP (TO to) (VP (VB attract) (NP (NNS buyers)))))))"
          " ('' '')) (. .)) )")
SHEEP = ("( (S (NP-SBJ (PRP He)) (VP (VBD read) (NP (NP (DT the) (NN author)) (PP (IN of) (`` ``)"
         " (NP-TTL (DT A) (JJ Wild) (NN Sheep) (NN Chase)) ('' '')))) (. .)) )")
# The opening quote sits in the VP, the period and the closing quote at
# the end of the sentence, as the Treebank brackets them.
EXIST = ("( (S (NP-SBJ (PRP He)) (VP (VBD said) (, ,) (`` ``) (S (NP-SBJ (PRP it)) (VP (VBZ does) (RB n't)"
         " (VP (VB exist))))) (. .) ('' '')) )")
LIST = ("( (S (NP-SBJ (PRP He)) (VP (VBD bought) (NP (NP (NNS stocks)) (, ,) (NP (NNS bonds)) (, ,) (CC and)"
        " (NP (NNS futures)))) (. .)) )")


def punct(s, word, nth=1):
    t = s.tok(word, nth)
    return s.head_word(t), t.role, t.rule


# -- one test per rule -------------------------------------------------------------

@covers("punct-root-final")
def test_root_final(fd):
    s = fd(VINKEN)
    assert punct(s, ".") == ("join", "rightpunc", "punct-root-final"), s.table()
    s = fd("( (SBARQ (WHNP-1 (WP What)) (SQ (VBD did) (NP-SBJ (PRP he)) (VP (VB say) (NP (-NONE- *T*-1)))) (. ?)) )")
    assert punct(s, "?") == ("say", "rightpunc", "punct-root-final"), s.table()


@covers("punct-open-inside")
def test_open_inside_a_noun_phrase(fd):
    # An opening quote inside a noun phrase that nothing closes
    # opens the word on its right, even the head.
    s = fd("( (S (NP-SBJ (PRP He)) (VP (VBD praised) (NP (DT the) (`` ``) (NN courage))) (. .)) )")
    assert punct(s, "``") == ("courage", "leftpunc", "punct-open-inside"), s.table()
    # ... not one that a later quote closes: it stays outward, with "the".
    s = fd("( (S (NP-SBJ (PRP He)) (VP (VBD praised) (NP (DT the) (`` ``) (NN courage))) (. .) ('' '')) )")
    assert punct(s, "``") == ("the", "rightpunc", "punct-outward"), s.table()


@covers("punct-coordination")
def test_coordination(fd):
    s = fd(LIST)
    for nth in (1, 2):
        assert punct(s, ",", nth) == ("bought", "coordpunc", "punct-coordination"), s.table()


@covers("punct-pair")
def test_pair_around_a_title(fd):
    # "of `` A Wild Sheep Chase ''": both quotes go to the title's head.
    s = fd(SHEEP)
    assert punct(s, "``") == ("Chase", "leftpunc", "punct-pair"), s.table()
    assert punct(s, "''") == ("Chase", "rightpunc", "punct-pair"), s.table()
    assert s.edge("of")[1:3] == ("Chase", "rolemarker")


@covers("punct-pair")
def test_pair_before_a_pp_goes_to_the_preposition(fd):
    # "`` in an effort ... ''": the opening quote stays outside the role
    # marker, so it goes with "in", not with "effort".
    s = fd(EFFORT)
    assert punct(s, "``") == ("in", "leftpunc", "punct-pair"), s.table()
    assert punct(s, "''") == ("effort", "rightpunc", "punct-pair"), s.table()
    assert s.edge("in")[1:3] == ("effort", "rolemarker")


@covers("punct-pair")
def test_pair_of_parentheses(fd):
    s = fd("( (S (NP-SBJ (NP (DT The) (NN company)) (PRN (-LRB- -LRB-) (NP (NNP ABC)) (-RRB- -RRB-))) (VP (VBD rose))"
           " (. .)) )")
    assert punct(s, "-LRB-") == ("ABC", "leftpunc", "punct-pair"), s.table()
    assert punct(s, "-RRB-") == ("ABC", "rightpunc", "punct-pair"), s.table()


@covers("punct-pair")
def test_pair_before_an_opening_conjunction_goes_to_it(fd):
    # "-LRB- both X and Y -RRB-": "both" opens the coordination (a DT, not a
    # CC) and depends on the conjuncts' head; the bracket goes with it, so
    # the two edges do not cross.
    s = fd("( (S (NP-SBJ (NP (NNS Investors)) (PRN (-LRB- -LRB-) (NP (DT both) (NP (NNS banks)) (CC and)"
           " (NP (NNS funds))) (-RRB- -RRB-))) (VP (VBD bought)) (. .)) )")
    assert s.edge("both")[2] == "junction-marker", s.table()
    assert punct(s, "-LRB-") == ("both", "leftpunc", "punct-pair"), s.table()


@covers("punct-open")
def test_open_before_a_compound_preposition_goes_to_it(fd):
    # "`` contrary to common sense ''" (wsj_0051.mrg:13): the compound
    # preposition's first word is a JJ, but the unit is a role marker, and
    # the mark stays outside it, as before "in"
    s = fd("( (S (NP-SBJ (DT The) (NNS bids)) (VP (VBD were) (`` ``) (ADJP-PRD (JJ contrary) (PP (TO to)"
           " (NP (JJ common) (NN sense))))) (. .) ('' '')) )")
    assert punct(s, "``") == ("contrary", "leftpunc", "punct-open"), s.table()
    assert s.edge("contrary")[1:3] == ("sense", "rolemarker"), s.table()


@covers("punct-open")
def test_open_without_its_partner(fd):
    # The closing quote is outside the VP: the opening one goes with the
    # constituent on its right.
    s = fd(EXIST)
    assert punct(s, "``") == ("exist", "leftpunc", "punct-open"), s.table()


@covers("punct-close")
def test_close_without_its_partner(fd):
    # Raw quotes (newer treebanks): the second '"' closes; its partner is
    # inside the NP-PRD, so it goes with the neighbour on its left (the VP).
    s = fd("( (S (NP-SBJ (NNS Analysts)) (VP (VBD called) (S (NP-SBJ (DT the) (NN plan)) (NP-PRD (`` \") (DT a)"
           " (NN disaster)))) ('' \") (. .)) )")
    assert punct(s, '"', 2) == ("called", "rightpunc", "punct-close"), s.table()
    assert punct(s, '"', 1) == ("a", "leftpunc", "punct-open"), s.table()


@covers("punct-close")
def test_close_without_its_partner_treebank_quotes(fd):
    s = fd("( (S (NP-SBJ (NNS Analysts)) (VP (VBD called) (S (NP-SBJ (DT the) (NN plan)) (NP-PRD (`` ``) (DT a)"
           " (NN disaster)))) ('' '') (. .)) )")
    assert punct(s, "''") == ("called", "rightpunc", "punct-close"), s.table()


@covers("punct-paired-comma")
def test_paired_commas_around_an_appositive(fd):
    # "Pierre Vinken , 61 years old , will join": both commas go with "old".
    s = fd(VINKEN)
    assert punct(s, ",", 1) == ("old", "leftpunc", "punct-paired-comma"), s.table()
    assert punct(s, ",", 2) == ("old", "rightpunc", "punct-paired-comma"), s.table()
    assert s.edge("old")[1:3] == ("Vinken", "withinmod")
    assert s.edge("Vinken")[1:3] == ("join", "subject")


@covers("punct-paired-comma")
def test_paired_dashes(fd):
    s = fd("( (SINV (VP-TPC-1 (VBG Corresponding) (PP-CLR (TO to) (NP (DT the) (NN fall))))"
           " (VP (VBD was) (VP (-NONE- *T*-1))) (: --) (PP-TMP (IN in) (NP (DT the) (JJ early) (NNS 1980s))) (: --)"
           " (NP-SBJ (DT the) (NN drop)) (. .)) )")
    assert punct(s, "--", 1) == ("1980s", "leftpunc", "punct-paired-comma"), s.table()
    assert punct(s, "--", 2) == ("1980s", "rightpunc", "punct-paired-comma"), s.table()


@covers("punct-outward")
def test_outward(fd):
    # Between the adverb and the subject: the comma goes to the neighbour
    # farther from the head ("fell"), the more adjunct-like one.
    s = fd("( (S (ADVP-TMP (RB Yesterday)) (, ,) (NP-SBJ (NNS stocks)) (VP (VBD fell)) (. .)) )")
    assert punct(s, ",") == ("Yesterday", "rightpunc", "punct-outward"), s.table()
    # A comma right after the head goes to the other neighbour.
    s = fd(EXIST)
    assert punct(s, ",") == ("exist", "leftpunc", "punct-outward"), s.table()


@covers("punct-bracket-head")
def test_bracket_head(fd):
    # wsj_0142.mrg:67: "(LST (: --))" has no neighbour at all; the mark goes
    # to the head of the sentence.
    s = fd("( (S (LST (: --)) (PP-LOC (IN In) (NP (NNP Japan))) (, ,) (NP-SBJ (DT the) (NN index))"
           " (VP (VBD ended) (ADJP-PRD (JJ unchanged))) (. .)) )")
    assert punct(s, "--") == ("ended", "leftpunc", "punct-bracket-head"), s.table()


def test_every_punctuation_rule_has_a_test(fd_rules, rule_coverage):
    missing = [rid for rid in fd_rules.punctuation.rule_ids() if rid not in rule_coverage]
    assert missing == []


def test_covers_marks_name_known_rules(rule_coverage, known_rule_ids):
    assert sorted(set(rule_coverage) - known_rule_ids) == []


# -- final period and closing quote --------------------------------------------------

@covers("punct-root-final")
def test_final_period_goes_inside_the_closing_quote(fd):
    # "He said , `` it does n't exist . ''": the period is decided with the
    # closing quote and shares its head, standing before it.
    s = fd(EXIST)
    period, quote = s.tok("."), s.tok("''")
    assert period.head == quote.head and period.id < quote.id, s.table()
    assert (period.role, period.rule) == ("rightpunc", "punct-root-final"), s.table()
    assert quote.role == "rightpunc"


@covers("punct-root-final", "punct-pair")
def test_final_period_of_a_quoted_sentence(fd):
    s = fd("( (S (`` ``) (NP-SBJ (PRP It)) (VP (VBZ does) (RB n't) (VP (VB exist))) (. .) ('' '')) )")
    assert punct(s, "``") == ("exist", "leftpunc", "punct-pair"), s.table()
    assert punct(s, ".") == ("exist", "rightpunc", "punct-root-final"), s.table()
    assert punct(s, "''") == ("exist", "rightpunc", "punct-pair"), s.table()


# -- projectivity on the whole sample --------------------------------------------------

def crossing_punctuation(sentence, punct_rule_ids) -> list[str]:
    """Punctuation edges of a sentence that cross another edge."""
    edges = [(min(t.id, t.head), max(t.id, t.head), t) for t in sentence.tokens if t.head]
    out = []
    for t in sentence.tokens:
        if t.rule not in punct_rule_ids or not t.head:
            continue
        a, b = sorted((t.id, t.head))
        for c, d, u in edges:
            if u is not t and (a < c < b < d or c < a < d < b):
                out.append(f"{t.word}({t.id})->{t.head} crosses {u.word}({u.id})->{u.head}")
                break
    return out


@pytest.fixture(scope="module")
def sample_crossings(sample_by_id, fd_rules):
    ids = frozenset(fd_rules.punctuation.rule_ids())
    found = {}
    for sid, s in sample_by_id.items():
        crossing = crossing_punctuation(s, ids)
        if crossing:
            found[sid] = crossing
    return found


@pytest.mark.sample
def test_punctuation_edges_never_cross_on_the_sample(sample_crossings):
    assert sample_crossings == {}

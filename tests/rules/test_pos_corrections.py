"""rules/pos_corrections.yaml: the twenty kinds of Table 5 (paper 4.7).

Every kind fires on the NLTK sample; each has a test on a real sample
sentence (by its id), asserting the word, its Treebank tag (`cat`, never
changed), the corrected cat0/cat1 and `corrected`. Rules of a kind that
another rule already shows on the sample, but that do not fire on the
sample themselves, get a hand-made tree (named so). The rules' own
examples are checked on hand-made trees too.
"""
from __future__ import annotations

import pytest

covers = pytest.mark.covers

# sentence id, token id, word, cat, cat0, cat1, tense, corrected, rule id
SAMPLE_CASES = [
    ("wsj_0065.mrg:3", 8, "acquired", "VBN", "v", "indicative", "past", "VBN>VBD", "vbn-vbd-finite"),
    ("wsj_0013.mrg:8", 1, "That", "WDT", "det", None, None, "WDT>DT", "wdt-dt-outside-whnp"),
    ("wsj_0112.mrg:54", 6, "straight", "RB", "adj", "other", None, "RB>JJ", "rb-jj-adjp-head"),
    ("wsj_0019.mrg:7", 4, "vice", "RB", "adj", "other", None, "RB>JJ", "rb-jj-np-premodifier"),
    ("wsj_0077.mrg:14", 7, "trading", "VBG", "n", "common", None, "VBG>NN", "vbg-nn-np-head"),
    ("wsj_0118.mrg:36", 18, "trading", "NN", "v", "present-participle", None, "NN>VBG", "nn-vbg-vp-head"),
    ("wsj_0082.mrg:10", 3, "fret", "NN", "v", "infinitive", None, "NN>VB", "nn-vb-vp-head"),
    ("wsj_0097.mrg:13", 32, "startling", "JJ", "v", "present-participle", None, "JJ>VBG", "jj-vbg-vp-head"),
    ("wsj_0044.mrg:123", 18, "crushed", "JJ", "v", "past-participle", None, "JJ>VBN", "jj-vbn-vp-head"),
    ("wsj_0067.mrg:8", 5, "elaborate", "JJ", "v", "infinitive", None, "JJ>VB", "jj-vb-vp-head"),
    ("wsj_0194.mrg:10", 4, "exports", "NNS", "v", "indicative", "present", "NNS>VBZ", "nns-vbz-vp-head"),
    ("wsj_0013.mrg:3", 46, "worth", "IN", "adj", "other", None, "IN>JJ", "in-jj-adjp-head"),
    ("wsj_0194.mrg:27", 11, "more", "RBR", "adj", "other", None, "RBR>JJ", "rbr-jj-adjp-head"),
    ("wsj_0142.mrg:38", 3, "most", "RBS", "adj", "other", None, "RBS>JJ", "rbs-jj-np-premodifier"),
    ("wsj_0096.mrg:49", 8, "all", "DT", "adv", "other", None, "DT>RB", "dt-rb-modifier"),
    ("wsj_0044.mrg:10", 7, "OK", "UH", "adv", "other", None, "UH>RB", "uh-rb-outside-intj"),
    ("wsj_0165.mrg:5", 32, "preferred", "VBD", "n", "common", None, "VBD>NN", "vbd-nn-np-head"),
    ("wsj_0048.mrg:18", 15, "favor", "VB", "n", "common", None, "VB>NN", "vb-nn-np-head"),
    ("wsj_0186.mrg:18", 3, "bribed", "VBN", "n", "common", None, "VBN>NN", "vbn-nn-np-head"),
    ("wsj_0174.mrg:34", 2, "Am", "VBP", "n", "common", None, "VBP>NN", "vbp-nn-np-head"),
    ("wsj_0100.mrg:38", 25, "flows", "VBZ", "n", "common", None, "VBZ>NN", "vbz-nn-np-head"),
]


def _case(sent_id, tid, word, cat, cat0, cat1, tense, corrected, rule_id):
    return pytest.param(sent_id, tid, word, cat, cat0, cat1, tense, corrected, rule_id,
                        id=f"{corrected}:{sent_id}:{word}", marks=covers(rule_id))


@pytest.mark.sample
@pytest.mark.parametrize("sent_id,tid,word,cat,cat0,cat1,tense,corrected,rule_id",
                         [_case(*c) for c in SAMPLE_CASES])
def test_correction_on_the_sample(sample_sentence, sent_id, tid, word, cat, cat0, cat1, tense, corrected, rule_id):
    s = sample_sentence(sent_id)
    assert s.sentence.id == sent_id
    t = s.by_id(tid)
    assert (t.word, t.cat, t.cat0, t.cat1, t.tense, t.corrected) == (word, cat, cat0, cat1, tense, corrected), s.table()
    assert rule_id in t.rules, s.table()


def test_every_kind_has_a_sample_case(fd_rules):
    kinds = {r.kind for r in fd_rules.corrections.rules}
    assert len(kinds) == 20  # Table 5
    assert kinds == {c[7] for c in SAMPLE_CASES}


def test_sample_cases_name_the_rule_of_their_kind(fd_rules):
    kind_of = {r.rule_id: r.kind for r in fd_rules.corrections.rules}
    for c in SAMPLE_CASES:
        assert kind_of[c[8]] == c[7], c


# -- hand-made trees ------------------------------------------------------------------

def corrected_tok(s, word):
    t = s.tok(word)
    return t.cat, t.cat0, t.cat1, t.corrected


@covers("rbs-jj-adjp-head")
def test_rbs_jj_adjp_head_hand_made_never_fires_on_sample(fd):
    # An RBS heading an ADJP: "the (ADJP most) shares".
    s = fd("( (S (NP-SBJ (DT The) (NNS funds)) (VP (VBD bought) (NP (DT the) (ADJP (RBS most)) (NNS shares))) (. .)) )")
    assert corrected_tok(s, "most") == ("RBS", "adj", "other", "RBS>JJ"), s.table()
    assert "rbs-jj-adjp-head" in s.tok("most").rules


@covers("vbn-vbd-finite")
def test_vbn_heading_a_finite_clause_example(fd):
    s = fd("( (S (NP-SBJ (PRP It)) (VP (VBN rose) (NP-EXT (CD 5) (NN %))) (. .)) )")
    t = s.tok("rose")
    assert (t.cat, t.cat0, t.cat1, t.tense, t.corrected) == ("VBN", "v", "indicative", "past", "VBN>VBD"), s.table()
    # The clause is finite: a clause group with a default subject position.
    assert (t.grouptype, t.subject_position) == ("clause", "default")


def test_vbn_after_an_auxiliary_is_not_corrected(fd):
    s = fd("( (S (NP-SBJ (PRP It)) (VP (VBZ has) (VP (VBN risen))) (. .)) )")
    assert corrected_tok(s, "risen") == ("VBN", "v", "past-participle", None), s.table()


@covers("wdt-dt-outside-whnp")
def test_wdt_in_an_np_example(fd):
    s = fd("( (S (NP-SBJ (WDT that) (NN company)) (VP (VBD rose)) (. .)) )")
    assert corrected_tok(s, "that") == ("WDT", "det", None, "WDT>DT"), s.table()
    assert s.edge("that")[1:3] == ("company", "determiner")


def test_wdt_relativizer_is_not_corrected(fd):
    s = fd("( (S (NP-SBJ (NP (DT the) (NN company)) (SBAR (WHNP-1 (WDT that)) (S (NP-SBJ (-NONE- *T*-1))"
           " (VP (VBZ owns) (NP (PRP it)))))) (VP (VBD rose)) (. .)) )")
    assert corrected_tok(s, "that") == ("WDT", "det", None, None), s.table()


@covers("rb-jj-np-premodifier")
def test_rb_np_premodifier_example(fd):
    s = fd("( (S (NP-SBJ (PRP This)) (VP (VBZ is) (NP-PRD (DT the) (RB only) (NN way))) (. .)) )")
    assert corrected_tok(s, "only") == ("RB", "adj", "other", "RB>JJ"), s.table()


@covers("rbr-jj-np-premodifier")
def test_rbr_np_premodifier_before_a_noun(fd):
    # On the sample this rule fires only before adjectives ("More common
    # chrysotile fibers", wsj_0003.mrg:21), so RBR>JJ is shown there by
    # rbr-jj-adjp-head; here an RBR right before the noun.
    s = fd("( (S (NP-SBJ (NNS Investors)) (VP (VBD bought) (NP (RBR more) (NNS shares))) (. .)) )")
    assert corrected_tok(s, "more") == ("RBR", "adj", "other", "RBR>JJ"), s.table()


@covers("dt-rb-modifier")
def test_dt_in_adjp_example(fd):
    s = fd("( (S (NP-SBJ (PRP It)) (VP (VBZ is) (RB n't) (ADJP-PRD (DT that) (JJ big))) (. .)) )")
    assert corrected_tok(s, "that") == ("DT", "adv", "other", "DT>RB"), s.table()


@covers("dt-rb-modifier")
def test_dt_heading_an_np_inside_an_adjp_is_not_corrected(fd):
    # wsj_0037.mrg:46: "more pressured than those in any ...": "those" heads
    # an NP (in a PP) inside the ADJP; it is no modifier of the adjective.
    s = fd("( (S (NP-SBJ (NNS Brokers)) (VP (VBP feel) (ADJP-PRD (RBR more) (VBN pressured) (PP (IN than)"
           " (NP (NP (DT those)) (PP (IN in) (NP (DT any) (JJ other) (NN business))))))) (. .)) )")
    assert corrected_tok(s, "those")[3] is None, s.table()


@covers("uh-rb-outside-intj")
def test_uh_heading_an_intj_is_not_corrected(fd):
    # wsj_0118.mrg:86: "(INTJ (UH Oh)) , you 're ...": the UH is in an INTJ.
    s = fd("( (S (INTJ (UH Oh)) (, ,) (NP-SBJ (PRP you)) (VP (VBP 're) (ADJP-PRD (JJ right))) (. .)) )")
    assert corrected_tok(s, "Oh") == ("UH", "interj", None, None), s.table()


@covers("vbn-vbd-finite-complement", "vbn-vbd-finite")
def test_vbn_vbd_in_a_complement_clause_but_not_a_small_clause(fd):
    # A past tense mistagged VBN in a "that" clause is corrected;
    # the participle of a small clause ("had the roof repaired") is not.
    s = fd("( (S (NP-SBJ (PRP She)) (VP (VBD noted) (SBAR (IN that) (S (NP-SBJ (NNS sales)) (VP (VBN fell)))))"
           " (. .)) )")
    assert s.tok("fell").corrected == "VBN>VBD" and s.tok("fell").rules == ["vbn-vbd-finite-complement"], s.table()
    s = fd("( (S (NP-SBJ (PRP She)) (VP (VBD had) (S (NP-SBJ-1 (DT the) (NN roof)) (VP (VBN repaired)"
           " (NP (-NONE- *-1))))) (. .)) )")
    assert s.tok("repaired").corrected is None and s.tok("roof").logicalrole == "object", s.table()
    s = fd("( (S (NP-SBJ (NNS Sales)) (VP (VBN fell)) (. .)) )")
    assert s.tok("fell").rules == ["vbn-vbd-finite"], s.table()


def test_every_correction_rule_has_a_test(fd_rules, rule_coverage):
    missing = [rid for rid in fd_rules.corrections.rule_ids() if rid not in rule_coverage]
    assert missing == []


def test_covers_marks_name_known_rules(rule_coverage, known_rule_ids):
    assert sorted(set(rule_coverage) - known_rule_ids) == []

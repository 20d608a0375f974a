"""rules/coordination.yaml: conjuncts, nesting and junction features
(paper sections 3.5 and 4.4).

Every conjunct depends on the head the coordinated phrase depends on, with
junction, junction_position, conj_anchor (the conjunction) and conj_sibling
(the conjunct before it); `tok.rules` names the coordination rule, and the
first conjunct of a coordination that got a node of its own carries
"nesting:clausal", "nesting:np" or "nesting:other".
"""
from __future__ import annotations

import pytest

covers = pytest.mark.covers

PERCH = ("( (S (NP-SBJ (DT The) (NNP Perch) (CC and) (NNP Dolphin) (NNS fields))"
         " (VP (MD will) (VP (VB start) (S (NP-SBJ (-NONE- *)) (VP (VBG producing))) (NP-TMP (JJ next) (NN year))))"
         " (. .)) )")
EXECUTIVE = ("( (S (NP-SBJ (PRP He)) (VP (VBZ is) (NP-PRD (DT a) (NNS sales) (CC and) (NN marketing) (NN executive)))"
             " (. .)) )")
# S-TPC-1 -> ADVP-TMP , PP , S , S CC S (section 4.4).
TPC = ("( (S (S-TPC-1 (ADVP-TMP (RB Yesterday)) (, ,) (PP (IN in) (NP (NNP Tokyo))) (, ,)"
       " (S (NP-SBJ (NNS stocks)) (VP (VBD fell))) (, ,) (S (NP-SBJ (NNS bonds)) (VP (VBD rose)))"
       " (CC and) (S (NP-SBJ (DT the) (NN yen)) (VP (VBD slipped))))"
       " (, ,) (NP-SBJ (NNS traders)) (VP (VBD said) (SBAR (-NONE- 0) (S (-NONE- *T*-1)))) (. .)) )")


def junction(s, word, nth=1):
    t = s.tok(word, nth)
    return t.junction, t.junction_position, t.conj_anchor, t.conj_sibling


@covers("coord-np-shared-head")
def test_perch_and_dolphin_fields(fd):
    s = fd(PERCH)
    perch, dolphin, and_ = s.tok("Perch"), s.tok("Dolphin"), s.tok("and")
    # All three depend on "start" (section 3.5); "will" is its modal.
    for t in (perch, dolphin, and_):
        assert s.head_word(t) == "start", s.table()
    assert s.edge("will")[1:3] == ("start", "modal")
    assert (perch.role, dolphin.role, and_.role) == ("subject", "subject", "junction-marker"), s.table()
    assert and_.rule == "cc-junction-marker"
    j = perch.junction
    assert j is not None and dolphin.junction == j and and_.junction == j
    assert (perch.junction_position, perch.conj_anchor, perch.conj_sibling) == (1, and_.id, None), s.table()
    assert (dolphin.junction_position, dolphin.conj_anchor, dolphin.conj_sibling) == (2, and_.id, perch.id), s.table()
    assert and_.junction_position is None
    for t in (perch, dolphin, and_):
        assert "coord-np-shared-head" in t.rules, s.table()
    # The shared head noun is not nested away: no node was added, and
    # "The" / "fields" go to the nearest conjunct.
    assert not any(r.startswith("nesting:") for t in s.tokens for r in t.rules), s.table()
    assert (s.head_word("The"), s.head_word("fields")) == ("Perch", "Dolphin"), s.table()


@covers("coord-np-premodifier")
def test_a_sales_and_marketing_executive(fd):
    s = fd(EXECUTIVE)
    # [a [sales and marketing] executive]
    for w in ("a", "sales", "and", "marketing"):
        assert s.head_word(w) == "executive", s.table()
    assert s.edge("executive")[1:3] == ("is", "predicate")
    assert junction(s, "sales") == (1, 1, s.tok("and").id, None), s.table()
    assert junction(s, "marketing") == (1, 2, s.tok("and").id, s.tok("sales").id), s.table()
    assert s.tok("a").junction is None and s.tok("executive").junction is None
    sales = s.tok("sales")
    assert "coord-np-premodifier" in sales.rules and "nesting:np" in sales.rules, s.table()
    assert "nesting:np" not in s.tok("marketing").rules


@covers("coord-clausal")
def test_clausal_nesting_separates_the_premodifiers(fd):
    s = fd(TPC)
    fell, rose, slipped, and_ = s.tok("fell"), s.tok("rose"), s.tok("slipped"), s.tok("and")
    for t in (fell, rose, slipped, and_):
        assert s.head_word(t) == "said", s.table()
    assert (fell.role, rose.role, slipped.role) == ("topic", "topic", "topic"), s.table()
    assert [t.junction_position for t in (fell, rose, slipped)] == [1, 2, 3]
    assert [t.conj_anchor for t in (fell, rose, slipped)] == [and_.id] * 3
    assert [t.conj_sibling for t in (fell, rose, slipped)] == [None, fell.id, rose.id]
    assert "coord-clausal" in fell.rules and "nesting:clausal" in fell.rules, s.table()
    # The comma between the first two conjuncts separates them; the commas
    # around "in Tokyo" belong to the premodifiers, which are no conjuncts.
    sep = s.tok(",", 3)
    assert (s.head_word(sep), sep.role, sep.rule, sep.junction) == ("said", "coordpunc", "punct-coordination",
                                                                    fell.junction), s.table()
    for w in ("Yesterday", "Tokyo"):
        assert s.tok(w).junction is None, s.table()
    # Premodifiers shared by all the conjuncts go to the first one.
    assert s.edge("Yesterday")[1:3] == ("fell", "temporal"), s.table()


@covers("coord-np")
def test_s_nom_and_np_coordinate_without_ucp(fd):
    # NP -> S-NOM CC NP: "-NOM" makes the clause nominal (families).
    s = fd("( (S (NP-SBJ (S-NOM (NP-SBJ (-NONE- *)) (VP (VBG Buying) (NP (NNS stocks)))) (CC and)"
           " (NP (DT the) (NN bond) (NN market))) (VP (VBD worried) (NP (PRP him))) (. .)) )")
    buying, market, and_ = s.tok("Buying"), s.tok("market"), s.tok("and")
    for t in (buying, market, and_):
        assert s.head_word(t) == "worried", s.table()
    assert (buying.role, market.role) == ("subject", "subject"), s.table()
    assert junction(s, "Buying") == (1, 1, and_.id, None)
    assert junction(s, "market") == (1, 2, and_.id, buying.id)
    assert "coord-np" in buying.rules
    # The phrase is nothing but the coordination: no node added.
    assert "nesting:np" not in buying.rules, s.table()
    assert s.edge("stocks")[1:3] == ("Buying", "object")


@covers("coord-np")
def test_s_nom_and_np_with_a_modifier_get_a_node(fd):
    s = fd("( (S (NP-SBJ (S-NOM (NP-SBJ (-NONE- *)) (VP (VBG Buying) (NP (NNS stocks)))) (CC and)"
           " (NP (DT the) (NN bond) (NN market)) (ADVP (RB alike))) (VP (VBD worried) (NP (PRP him))) (. .)) )")
    buying = s.tok("Buying")
    assert "coord-np" in buying.rules and "nesting:np" in buying.rules, s.table()
    assert junction(s, "market")[:2] == (buying.junction, 2)
    # A right-shared modifier goes to the last conjunct.
    assert s.head_word("alike") == "market", s.table()


@covers("coord-np")
def test_list_of_three_with_commas(fd):
    s = fd("( (S (NP-SBJ (PRP He)) (VP (VBD bought) (NP (NP (NNS stocks)) (, ,) (NP (NNS bonds)) (, ,) (CC and)"
           " (NP (NNS futures)))) (. .)) )")
    and_ = s.tok("and")
    conj = [s.tok(w) for w in ("stocks", "bonds", "futures")]
    assert [s.head_word(t) for t in conj] == ["bought"] * 3, s.table()
    assert [t.role for t in conj] == ["object"] * 3
    assert [t.junction_position for t in conj] == [1, 2, 3]
    assert [t.conj_sibling for t in conj] == [None, conj[0].id, conj[1].id]
    assert [t.conj_anchor for t in conj] == [and_.id] * 3
    for nth in (1, 2):
        comma = s.tok(",", nth)
        assert (s.head_word(comma), comma.role, comma.rule) == ("bought", "coordpunc", "punct-coordination"), s.table()
        assert comma.junction == conj[0].junction and "coord-np" in comma.rules


@covers("coord-np-words")
def test_flat_list_of_words(fd):
    s = fd("( (S (NP-SBJ (PRP He)) (VP (VBD bought) (NP (NNS stocks) (, ,) (NNS bonds) (CC and) (NNS futures)))"
           " (. .)) )")
    conj = [s.tok(w) for w in ("stocks", "bonds", "futures")]
    assert [s.head_word(t) for t in conj] == ["bought"] * 3, s.table()
    assert [t.junction_position for t in conj] == [1, 2, 3]
    assert all("coord-np-words" in t.rules for t in conj)
    comma = s.tok(",")
    assert (comma.role, comma.rule, s.head_word(comma)) == ("coordpunc", "punct-coordination", "bought"), s.table()


@covers("coord-np")
def test_either_or(fd):
    s = fd("( (S (NP-SBJ (CC either) (NP (NNS stocks)) (CC or) (NP (NNS bonds))) (VP (MD will) (VP (VB fall))) (. .)) )")
    either, or_ = s.tok("either"), s.tok("or")
    for t in (either, or_):
        assert (s.head_word(t), t.role, t.rule) == ("fall", "junction-marker", "cc-junction-marker"), s.table()
    stocks, bonds = s.tok("stocks"), s.tok("bonds")
    # The first conjunct's anchor is the opening conjunction, the second's "or".
    assert (stocks.junction_position, stocks.conj_anchor) == (1, either.id), s.table()
    assert (bonds.junction_position, bonds.conj_anchor, bonds.conj_sibling) == (2, or_.id, stocks.id), s.table()
    assert either.junction == or_.junction == stocks.junction


@covers("coord-vp")
def test_either_or_between_verb_phrases(fd):
    s = fd("( (S (NP-SBJ (PRP He)) (VP (MD will) (VP (CC either) (VP (VB sell) (NP (DT the) (NN unit))) (CC or)"
           " (VP (VB close) (NP (PRP it))))) (. .)) )")
    sell, close = s.tok("sell"), s.tok("close")
    assert (sell.conj_anchor, close.conj_anchor) == (s.tok("either").id, s.tok("or").id), s.table()
    assert "coord-vp" in sell.rules


@covers("coord-other")
def test_adverb_opening_a_conjunct_under_ucp(fd):
    # Under UCP any two children may be conjuncts; an adverb set off after
    # the conjunction still opens the conjunct after it (wsj_0060.mrg:20;
    # before: "frankly" a conjunct, "quite angry" the head the list continued).
    s = fd("( (S (NP-SBJ (PRP I)) (VP (VBP feel) (UCP-PRD (VP (JJ pressured) (NP (-NONE- *-1))) (, ,)"
           " (ADJP (JJ uncomfortable)) (CC and) (, ,) (ADVP (RB frankly)) (, ,) (ADJP (RB quite) (JJ angry))))"
           " (. .)) )")
    conj = [s.tok(w) for w in ("pressured", "uncomfortable", "angry")]
    assert [t.junction_position for t in conj] == [1, 2, 3], s.table()
    assert [s.head_word(t) for t in conj] == ["feel"] * 3, s.table()
    frankly = s.tok("frankly")
    assert (s.head_word(frankly), frankly.role, frankly.junction) == ("angry", "adverbial", None), s.table()
    # the commas around it are its own, not separators
    assert [t.role for t in s.tokens if t.word == ","] == ["coordpunc", "leftpunc", "rightpunc"], s.table()


@covers("coord-vp")
def test_not_only_opens_a_coordination_that_continues_its_head(fd):
    # Any conjunction before the first conjunct opens the coordination,
    # whatever its head word: the CONJP "not only" is headed by "only"
    # (wsj_0043.mrg:34; before, "outstrips" was anchored to "but").
    s = fd("( (S (NP-SBJ (NNP Japan)) (VP (CONJP (RB not) (RB only)) (VP (VBZ outstrips) (NP (DT the) (NNP U.S.)))"
           " (CONJP (CC but) (RB also)) (VP (VBZ outranks) (NP (PRP it)))) (. .)) )")
    first, second = s.tok("outstrips"), s.tok("outranks")
    assert (first.junction_position, first.conj_anchor) == (1, s.tok("only").id), s.table()
    assert (second.junction_position, second.conj_anchor) == (2, s.tok("but").id), s.table()


@covers("coord-np")
def test_opening_word_with_another_tag_opens_the_coordination(fd):
    # "(DT both)" right before the conjuncts is their opening conjunction,
    # not the first conjunct's determiner (wsj_0012.mrg:12 "Both Newsweek and U.S. News")
    s = fd("( (S (NP-SBJ (DT Both) (NP (NNP Newsweek)) (CC and) (NP (NNP U.S.) (NNP News))) (VP (VBP have)"
           " (VP (VBN gained))) (. .)) )")
    both = s.tok("Both")
    assert (both.role, both.rule, s.head_word(both)) == ("junction-marker", "cc-junction-marker", "gained"), s.table()
    assert s.tok("Newsweek").conj_anchor == both.id and s.tok("News").conj_anchor == s.tok("and").id, s.table()


@covers("coord-np")
def test_conjp_as_well_as(fd):
    s = fd("( (S (NP-SBJ (NP (NNS Stocks)) (CONJP (RB as) (RB well) (IN as)) (NP (NNS bonds))) (VP (VBD fell)) (. .)) )")
    stocks, bonds = s.tok("Stocks"), s.tok("bonds")
    # The CONJP works as the conjunction; its head word (the last "as", the
    # CONJP head rule's IN) is the anchor and a junction-marker.
    anchor = s.tok("as", 2)
    assert (s.head_word(anchor), anchor.role, anchor.rule) == ("fell", "junction-marker", "cc-junction-marker"), s.table()
    assert (s.head_word(stocks), s.head_word(bonds)) == ("fell", "fell"), s.table()
    assert (stocks.role, bonds.role) == ("subject", "subject")
    assert (stocks.junction_position, stocks.conj_anchor) == (1, anchor.id), s.table()
    assert (bonds.junction_position, bonds.conj_anchor, bonds.conj_sibling) == (2, anchor.id, stocks.id), s.table()
    # The other words of the CONJP stay inside it.
    assert [s.head_word("as", 1), s.head_word("well")] == ["as", "as"], s.table()


@covers("coord-vp")
def test_shared_right_modifier_goes_to_the_last_conjunct(fd):
    s = fd("( (S (NP-SBJ (PRP They)) (VP (VP (VBD bought) (NP (NNS stocks))) (CC and) (VP (VBD sold) (NP (NNS bonds)))"
           " (NP-TMP (NN yesterday))) (. .)) )")
    assert s.edge("yesterday")[1:3] == ("sold", "temporal"), s.table()
    # The left-shared subject stays with the first conjunct.
    assert s.head_word("They") == "bought"
    bought = s.tok("bought")
    assert "coord-vp" in bought.rules and "nesting:clausal" in bought.rules, s.table()


@covers("coord-np")
def test_shared_right_modifier_of_a_noun_list(fd):
    s = fd("( (S (NP-SBJ (PRP He)) (VP (VBD bought) (NP (NP (NNS stocks)) (, ,) (NP (NNS bonds)) (, ,) (CC and)"
           " (NP (NNS futures)) (PP-LOC (IN in) (NP (NNP Tokyo))))) (. .)) )")
    assert s.edge("Tokyo")[1:3] == ("futures", "locative"), s.table()
    assert "nesting:np" in s.tok("stocks").rules, s.table()


@covers("coord-other")
def test_adjective_coordination_with_a_premodifier(fd):
    s = fd("( (S (NP-SBJ (PRP He)) (VP (VBZ is) (ADJP-PRD (RB very) (JJ big) (CC and) (JJ rich))) (. .)) )")
    big, rich = s.tok("big"), s.tok("rich")
    assert (s.head_word(big), s.head_word(rich)) == ("is", "is"), s.table()
    assert (big.role, rich.role) == ("predicate", "predicate")
    assert "coord-other" in big.rules and "nesting:other" in big.rules, s.table()
    assert s.head_word("very") == "big"


@covers("coord-root-conjunct", "coord-clausal")
def test_conjuncts_of_the_root_depend_on_the_first(fd):
    s = fd("( (S (S (NP-SBJ (NNS Stocks)) (VP (VBD fell))) (, ,) (CC but) (S (NP-SBJ (NNS bonds)) (VP (VBD rose))) (. .)) )")
    fell, rose = s.tok("fell"), s.tok("rose")
    assert (fell.head, fell.role) == (0, "top")
    assert s.edge("rose") == ("rose", "fell", "dependent", "coord-root-conjunct"), s.table()
    assert (rose.junction_position, rose.conj_anchor, rose.conj_sibling) == (2, s.tok("but").id, fell.id)
    assert "coord-clausal" in rose.rules


@covers("coord-root-conjunct")
def test_second_conjunct_under_a_modal_is_not_imperative(fd):
    s = fd("( (S (NP-SBJ (PRP He)) (VP (MD will) (VP (CC either) (VP (VB sell) (NP (DT the) (NN unit))) (CC or)"
           " (VP (VB close) (NP (PRP it))))) (. .)) )")
    assert s.edge("close") == ("close", "sell", "dependent", "coord-root-conjunct"), s.table()
    assert (s.tok("sell").cat1, s.tok("close").cat1) == ("infinitive", "infinitive"), s.table()


def test_every_coordination_rule_has_a_test(fd_rules, rule_coverage):
    missing = [rid for rid in fd_rules.rule_ids()["coordination.yaml"] if rid not in rule_coverage]
    assert missing == []


def test_covers_marks_name_known_rules(rule_coverage, known_rule_ids):
    assert sorted(set(rule_coverage) - known_rule_ids) == []

"""Constructions of newer treebanks, science, speech and web text
that converted wrong. Each fixture in fixtures/constructions/ is invented and
bracketed to the guidelines (Penn Treebank II; the revised tokenization
with HYPH; Switchboard conventions for speech); each test failed before
its rule.
"""
from __future__ import annotations

from pathlib import Path

import pytest

covers = pytest.mark.covers
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "constructions"


def trees(name: str) -> list[str]:
    """The trees of a fixture file, one per line, comments left out."""
    lines = (FIXTURES / f"{name}.mrg").read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("#")]


def tree(name: str, n: int) -> str:
    return trees(name)[n - 1]


# -- class 2: a hyphenated adjective phrase is headed after the hyphen ----------

@pytest.mark.parametrize("n, head, modifier", [
    (1, "dependent", "dose"), (2, "mediated", "receptor"), (3, "damaging", "liver"), (4, "known", "well")])
@covers("head-ADJP")
def test_hyphenated_adjective_headed_by_its_right_word(fd, n, head, modifier):
    s = fd(tree("hyphenated_adjectives", n))
    assert s.head_word(modifier) == head, s.table()
    assert s.tok(head).head_rule != "" and s.head_word("-") in (head, modifier), s.table()


def test_hyphenated_predicate_keeps_its_role(fd):
    s = fd(tree("hyphenated_adjectives", 1))
    assert s.edge("dependent") == ("dependent", "was", "predicate", "ftag-prd"), s.table()
    assert s.edge("dose")[:3] == ("dose", "dependent", "withinmod"), s.table()


# -- class 3: a bracketed abbreviation or gloss without PRN -------------------

@pytest.mark.parametrize("n, head, bracketed, role", [
    (1, "protein", "HSP", "subject"), (2, "mitzvah", "deed", "predicate"), (3, "pressure", "BP", "object")])
@covers("np-apposition-bracket")
def test_bracketed_abbreviation_is_in_apposition(fd, n, head, bracketed, role):
    s = fd(tree("bracketed_abbreviations", n))
    assert s.tok(head).role == role, s.table()
    assert s.edge(bracketed)[:3] == (bracketed, head, "withinmod"), s.table()
    assert s.head_word("-LRB-") == bracketed and s.head_word("-RRB-") == bracketed, s.table()


# -- class 4: a reference noun before an identifier that is not CD ------------

@pytest.mark.parametrize("n, noun, ident, rule", [
    (1, "Figure", "2B", "np-reference-identifier"), (2, "Table", "S1", "np-reference-identifier"),
    (3, "chapters", "5", "np-reference-range"), (4, "Appendix", "IV", "np-reference-identifier")])
@covers("np-reference-identifier", "np-reference-range")
def test_reference_noun_heads_its_identifier(fd, n, noun, ident, rule):
    s = fd(tree("reference_identifiers", n))
    assert s.head_word(ident) == noun, s.table()
    assert s.tok(noun).head != s.tok(ident).id, s.table()


def test_other_nouns_keep_the_last_noun_rule(fd):
    # "a glass top": "glass" is no reference noun, "top" no identifier.
    s = fd(tree("reference_identifiers", 5))
    assert s.head_word("glass") == "top" and s.tok("top").role == "object", s.table()


# -- class 5: passive small clauses and absolutes without be/get -------------

@pytest.mark.parametrize("n, subject, participle", [
    (1, "bridge", "repaired"), (2, "city", "rebuilt"), (3, "cells", "washed"), (4, "car", "fixed")])
def test_passive_small_clause_subject_is_logical_object(fd, n, subject, participle):
    s = fd(tree("passive_small_clauses", n))
    subj, verb = s.tok(subject), s.tok(participle)
    assert s.head_word(subj) == participle and subj.role == "subject", s.table()
    assert subj.logicalrole == "object", s.table()
    # The participle stays a participle: no VBN>VBD correction, not finite.
    assert verb.corrected is None and verb.cat1 == "past-participle", s.table()


def test_passive_small_clause_by_phrase_is_logical_subject(fd):
    s = fd(tree("passive_small_clauses", 1))
    assert s.tok("contractor").role == "lgs-adjunct" and s.tok("contractor").logicalrole == "subject", s.table()
    assert s.tok("mayor").logicalrole == "subject", s.table()


@covers("vbn-vbd-finite-complement")
def test_finite_clause_under_that_is_still_corrected(fd):
    # "He said that prices rose/VBN": a past tense mistagged VBN, in an SBAR.
    s = fd(tree("passive_small_clauses", 5))
    assert s.tok("rose").corrected == "VBN>VBD" and s.tok("prices").logicalrole == "subject", s.table()


# -- class 6: free relative as object ------------------------------------------

@pytest.mark.parametrize("n, verb, head", [(1, "sold", "remained"), (2, "eat", "cook")])
@covers("free-relative-object")
def test_free_relative_is_the_object(fd, n, verb, head):
    s = fd(tree("free_relatives", n))
    assert s.edge(head) == (head, verb, "object", "free-relative-object"), s.table()


# -- class 7: an opening quote with no partner in its phrase -------------------

@covers("punct-open-inside")
def test_unpaired_opening_quote_opens_the_word_on_its_right(fd):
    s = fd(tree("unpaired_quotes", 1))
    assert s.edge("‘") == ("‘", "warmth", "leftpunc", "punct-open-inside"), s.table()


def test_quote_before_a_premodifier_opens_it(fd):
    # "a `` new beginning ''": the closing quote is outside the NP; the
    # opening one goes with "new", on its right.
    s = fd(tree("unpaired_quotes", 2))
    assert s.edge("``") == ("``", "new", "leftpunc", "punct-open"), s.table()


# -- class 8: quantified relative ---------------------------------------------

@covers("wh-quantifier-subject")
def test_quantified_relative_takes_its_traces_role(fd):
    s = fd(tree("quantified_relatives", 1))
    assert s.edge("all") == ("all", "lost", "subject", "wh-quantifier-subject"), s.table()
    assert s.tok("of").role == "rolemarker" and s.head_word("which") == "all", s.table()


def test_quantifier_heads_a_wh_phrase_without_np(fd):
    # Parser output: "(WHNP (DT neither) (WHPP of (WHNP which)))" -> neither.
    s = fd(tree("quantified_relatives", 3))
    assert s.head_word("which") == "neither" and s.head_word("neither") == "worked", s.table()


# -- class 9: right-node-raised object set off by commas -------------------

@covers("rnr-object")
def test_right_node_raised_object_is_an_object(fd):
    s = fd(tree("right_node_raising", 1))
    house = s.tok("house")
    assert (house.role, house.rule) == ("object", "rnr-object"), s.table()
    assert "coordination-shared" in house.rules, s.table()


# -- class 10: heads a hand-parsed set got wrong -------------------------------

@covers("np-last-np-tagged")
def test_temporal_noun_phrase_with_clause_headed_by_the_noun(fd):
    s = fd(tree("hand_parsed_heads", 1))
    assert s.edge("day")[:3] == ("day", "left", "temporal"), s.table()
    assert s.head_word("arrived") == "day" and s.tok("arrived").corrected is None, s.table()


@covers("head-WHADVP")
def test_how_often_headed_by_often(fd):
    s = fd(tree("hand_parsed_heads", 2))
    assert s.head_word("How") == "often" and s.head_word("often") == "swim", s.table()


@covers("np-clock-time")
def test_clock_time_heads_pm(fd):
    s = fd(tree("hand_parsed_heads", 3))
    assert s.head_word("pm") == "7:15" and s.edge("7:15")[:3] == ("7:15", "met", "temporal"), s.table()


def test_and_so_on_closes_the_list(fd):
    s = fd(tree("hand_parsed_heads", 4))
    hats, scarves, on = s.tok("hats"), s.tok("scarves"), s.tok("on")
    assert hats.junction is not None and [hats.junction_position, scarves.junction_position,
                                          on.junction_position] == [1, 2, 3], s.table()
    assert {s.head_word(w) for w in ("hats", "scarves", "on", "and")} == {"sold"}, s.table()
    assert s.tok("and").role == "junction-marker", s.table()


# -- coordination: dependents shared by all the conjuncts -------------------------

def test_shared_dependent_is_marked_and_hangs_on_the_nearest_conjunct(fd):
    s = fd(tree("shared_dependents", 1))
    farm = s.tok("farm")
    assert "coordination-shared" in farm.rules and s.head_word(farm) == "dogs", s.table()


def test_modifier_inside_a_conjunct_is_not_shared(fd):
    s = fd(tree("shared_dependents", 2))
    farm = s.tok("farm")
    assert "coordination-shared" not in farm.rules and s.head_word(farm) == "dogs", s.table()


def test_shared_temporal_after_coordinated_verbs(fd):
    s = fd(tree("shared_dependents", 3))
    assert "coordination-shared" in s.tok("yesterday").rules, s.table()
    assert s.tok("yesterday").role == "temporal" and s.head_word("yesterday") == "sold", s.table()


def test_shared_dependents_can_hang_on_the_first_conjunct(fd_rules, tmp_path):
    from dataclasses import replace

    from ptb2fd.conversion.converter import Converter
    from tests.rules.conftest import Parsed

    rules = replace(fd_rules, coordination=replace(fd_rules.coordination, shared_dependents="first"))
    conv = Converter(rules)
    s = Parsed(conv.convert_text(tree("shared_dependents", 1), "x:1"))
    assert s.head_word("farm") == "cats" and "coordination-shared" in s.tok("farm").rules, s.table()
    s = Parsed(conv.convert_text(tree("shared_dependents", 2), "x:2"))
    assert s.head_word("farm") == "dogs", s.table()


# -- contractions with a typographic apostrophe (web text) ------------------

@pytest.mark.parametrize("n, aux, verb, role", [(1, "’re", "speaking", "aspect"), (2, "’s", "left", "taxis"),
                                                (3, "n’t", "know", "polarity")])
def test_typographic_contractions_are_auxiliaries(fd, n, aux, verb, role):
    s = fd(tree("typographic_contractions", n))
    assert s.edge(aux)[:3] == (aux, verb, role) and s.tok(verb).head == 0, s.table()

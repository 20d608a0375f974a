"""Constructions of science, speech and web text that converted wrong: a
reference noun before a list of identifiers, unlike conjuncts without a
UCP, an existential pivot tagged -SBJ, and more. Each fixture in
fixtures/constructions/ is invented; each test failed before its rule.
"""
from __future__ import annotations

from pathlib import Path

import pytest

covers = pytest.mark.covers
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "constructions"


def tree(name: str, n: int) -> str:
    """The nth tree (1-based) of a fixture file, comments left out."""
    lines = (FIXTURES / f"{name}.mrg").read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("#")][n - 1]


# -- a reference noun before a list of identifiers ------------------------------

@pytest.mark.parametrize("n, noun, idents", [
    (1, "Tables", ["3a", "3b"]), (2, "Figs", ["5b", "5d"]), (3, "Fig", ["2C"]), (4, "Fig.", ["6a", "6b", "6c"])])
@covers("np-reference-list", "np-reference-identifier")
def test_reference_noun_heads_its_identifiers(fd, n, noun, idents):
    s = fd(tree("reference_lists", n))
    verb = {1: "given", 2: "appear", 3: "shows", 4: "show"}[n]
    assert s.head_word(noun) == verb, s.table()
    assert s.head_word(idents[0]) == noun, s.table()
    for ident in idents[1:]:
        assert s.head_word(ident) in (noun, idents[0]), s.table()


@covers("coord-np-words")
def test_coordinated_identifiers_are_the_conjuncts(fd):
    # "Figs [5b] and [5d]": the noun is no part of the first conjunct.
    s = fd(tree("reference_lists", 2))
    assert s.tok("5b").junction == s.tok("5d").junction is not None, s.table()
    assert s.tok("Figs").junction is None, s.table()
    assert s.edge("and")[:3] == ("and", "Figs", "junction-marker"), s.table()


@covers("np-identifier-list")
def test_identifier_list_headed_by_its_first(fd):
    s = fd(tree("reference_lists", 5))
    assert s.head_word("A") == "panels" and s.head_word("C") == "A", s.table()
    assert s.edge("panels")[:3] == ("panels", "Compare", "object"), s.table()


# -- unlike categories coordinated without UCP -----------------------------------

@pytest.mark.parametrize("n, first, second", [
    (1, "rent", "were"), (2, "opens", "Sundays"), (3, "hot", "served"), (4, "water", "shade"),
    (5, "pre-", "postsynaptic"), (6, "stayed", "left")])
@covers("coord-np", "coord-vp", "coord-other", "coord-clausal")
def test_unlike_conjuncts_are_coordinated(fd, n, first, second):
    s = fd(tree("unlike_coordination", n))
    cc = next(t for t in s.tokens if t.cat == "CC")
    assert cc.role == "junction-marker", s.table()
    assert s.tok(second).junction is not None and s.tok(second).junction == s.tok(first).junction, s.table()
    assert s.tok(second).role != "withinmod" or s.tok(first).role == "withinmod", s.table()


def test_subject_and_predicate_are_never_unlike_conjuncts(fd):
    # "(NP-SBJ people) (CONJP not only) (VP ...)": no coordination of NP and VP.
    s = fd("( (S (NP-SBJ (JJ Hungry) (NNS birds)) (CONJP (RB not) (RB only)) (VP (VBP eat) (NP (NNS seeds)))"
           " (. .)) )")
    assert s.edge("birds")[:3] == ("birds", "eat", "subject"), s.table()
    assert s.tok("birds").junction is None, s.table()


# -- the pivot of an existential tagged -SBJ ----------------------------------------

@pytest.mark.parametrize("n, pivot, verb", [(1, "flood", "was"), (2, "exits", "are"), (3, "catch", "is")])
@covers("sbj-in-vp-existential", "ftag-prd")
def test_existential_pivot_is_the_predicate(fd, n, pivot, verb):
    s = fd(tree("existential_pivots", n))
    assert s.edge(pivot)[:3] == (pivot, verb, "predicate"), s.table()
    assert s.tok("There").role == "subject", s.table()


@covers("sbj-in-vp-object")
def test_sbj_after_other_verbs_stays_object(fd):
    s = fd(tree("existential_pivots", 4))
    assert s.edge("doors")[:3] == ("doors", "keep", "object"), s.table()


# -- an apposition interrupted by a mark ----------------------------------------------

@pytest.mark.parametrize("n, first, second, role", [
    (1, "Needle", "tower", "object"), (2, "factor", "protein", "subject"), (3, "Ann", "coach", "object")])
@covers("np-apposition")
def test_interrupted_apposition_headed_by_its_first_np(fd, n, first, second, role):
    s = fd(tree("interrupted_appositions", n))
    assert s.tok(first).role == role, s.table()
    assert s.edge(second)[:3] == (second, first, "withinmod"), s.table()


# -- descriptive-only function tags ----------------------------------------------------

@pytest.mark.parametrize("n, word, head, role", [
    (1, "House", "read", "object"), (2, "swimming", "enjoys", "object"), (3, "uh", "bought", "object")])
@covers("np-object", "clause-object")
def test_descriptive_tags_are_no_role_tags(fd, n, word, head, role):
    s = fd(tree("descriptive_function_tags", n))
    assert s.edge(word)[:3] == (word, head, role), s.table()


@covers("np-apposition")
def test_title_heads_the_gloss_after_it(fd):
    s = fd(tree("descriptive_function_tags", 4))
    assert s.edge("Hamlet")[:3] == ("Hamlet", "staged", "object"), s.table()
    assert s.head_word("tragedy") == "Hamlet", s.table()


# -- a subordinator tagged RB ------------------------------------------------------------

@covers("rb-sbar-rolemarker")
def test_adverb_subordinator_marks_its_clause(fd):
    s = fd(tree("adverb_subordinators", 1))
    assert s.edge("once")[:3] == ("once", "arrives", "rolemarker"), s.table()
    assert s.edge("arrives")[:3] == ("arrives", "Ring", "temporal"), s.table()


# -- a subject before coordinated VPs directly under S ------------------------------------

@pytest.mark.parametrize("n, subject, first, second", [(1, "Raiders", "seized", "burned"), (2, "crew", "fixed", "sailed")])
@covers("coord-clausal")
def test_subject_of_coordinated_vps_is_no_head(fd, n, subject, first, second):
    s = fd(tree("shared_subject_vps", n))
    assert s.edge(subject)[:3] == (subject, first, "subject"), s.table()
    assert s.tok(first).role == "top" and s.head_word(second) == first, s.table()


# -- passive small clauses: absolutes, "as" clauses, headlines ----------------------------

@pytest.mark.parametrize("n, subject, participle, agent", [
    (1, "harvest", "stored", None), (2, "funds", "promised", "state"), (3, "Ferry", "grounded", "storm")])
@covers("logical-passive-subject", "logical-lgs-subject")
def test_passive_small_clause_without_be(fd, n, subject, participle, agent):
    s = fd(tree("passive_small_clauses_more", n))
    assert s.head_word(subject) == participle and s.tok(subject).role == "subject", s.table()
    assert s.tok(subject).logicalrole == "object", s.table()
    if agent:
        assert s.tok(agent).logicalrole == "subject", s.table()


def test_past_tense_mistagged_vbn_after_that_stays_active(fd):
    s = fd(tree("passive_small_clauses_more", 4))
    assert s.tok("rents").logicalrole == "subject", s.table()


# -- shapes a reference conversion of science text heads otherwise ---------------------------

@pytest.mark.parametrize("n, dependent, head", [
    (1, "NGF", "factor"), (1, "factor", "receptors"), (2, "immunoassay", "ELISA"), (3, "drought", "resistant"),
    (3, "resistant", "grasses"), (4, "pale", "blue"), (4, "blue", "boat"), (5, "far", "faster"),
    (5, "faster", "grew"), (6, "12", "protocol")],
    ids=["nml-abbreviation", "nml-head", "dash-gloss", "noun-adjective", "noun-adjective-head", "adjective-pair",
         "adjective-pair-head", "degree-comparative", "degree-comparative-head", "square-bracket"])
@covers("np-apposition-bracket-nml", "np-apposition-dash", "head-ADJP", "head-ADVP", "np-apposition-square-bracket")
def test_science_shapes_headed_as_the_reference_does(fd, n, dependent, head):
    s = fd(tree("science_reference_shapes", n))
    assert s.head_word(dependent) == head, s.table()


@pytest.mark.parametrize("words, head", [
    ("(ADJP (JJ low) (CD 40) (NN %))", "%"),  # a noun not before an adjective still heads
    ("(ADVP (RBR more) (RB quickly))", "quickly"),  # a comparative degree word modifies the adverb
])
def test_heads_the_new_rules_leave_alone(fd, words, head):
    s = fd(f"( (S (NP-SBJ (PRP It)) (VP (VBD ran) {words}) (. .)) )")
    assert s.tok(head).head == 2, s.table()


# -- a tree with a second tree's wrapper inside it ------------------------------------------

def test_nested_wrapper_is_named_as_such(tmp_path, capsys):
    from ptb2fd.cli import main

    path = tmp_path / "nested.mrg"
    path.write_text("( (S (NP-SBJ (PRP He)) (VP (VBD left)) ( (S (NP-SBJ (PRP she)) (VP (VBD stayed)))) (. .)) )\n",
                    encoding="utf-8")
    status = main(["convert", str(path), "-o", str(tmp_path / "out.jsonl")])
    err = capsys.readouterr().err
    assert status == 1
    assert "nested.mrg:1" in err and "no label around (S ...)" in err and "second tree" in err, err


# -- a pseudo-cleft's "be"; "in vitro" -------------------------------------------------------

def test_pseudo_cleft_be_is_the_copula(fd):
    s = fd(tree("pseudo_clefts", 1))
    assert s.tok("was").role == "top", s.table()
    assert s.edge("wait")[:3] == ("wait", "was", "predicate"), s.table()
    untagged = fd(tree("pseudo_clefts", 2))
    assert untagged.edge("was")[:3] == ("was", "wait", "aux"), untagged.table()


@pytest.mark.parametrize("n", [3, 4])
@covers("head-ADJP", "head-ADVP")
def test_foreign_phrase_headed_alike_as_adjp_and_advp(fd, n):
    s = fd(tree("pseudo_clefts", n))
    assert s.head_word("in") == "vitro", s.table()


# -- a right-node-raised noun after two PPs -------------------------------------------------------

@covers("np-last-np")
def test_raised_noun_does_not_head_the_np(fd):
    s = fd(tree("raised_nouns", 1))
    assert s.edge("ratio")[:3] == ("ratio", "measured", "object"), s.table()
    assert s.head_word("flies") == "ratio", s.table()


def test_parenthetical_after_adverb_subordinator_stays_before_the_subject(regenerate):
    # "because" tagged RB is the clause's rolemarker; the parenthetical
    # (role `dependent`) set off after it stays before the subject
    # (ord-set-off-after-subordinator).
    tree = ("( (S (NP-SBJ (NNS Shops)) (VP (VBP close) (SBAR-PRP (RB because) (S-1 (PRN (, ,) (S (NP-SBJ (NNS owners))"
            " (VP (VBP say) (SBAR (-NONE- 0) (S (-NONE- *T*-1))))) (, ,)) (NP-SBJ (NNS rents)) (VP (VBP rise)))))"
            " (. .)) )")
    words, fired = regenerate(tree)
    assert words == "Shops close because , owners say , rents rise .", words
    assert fired.get("ord-set-off-after-subordinator", 0) >= 1

"""The Universal Dependencies export (`convert --format conllu`,
ptb2fd/ud): heads and relations of invented sentences, one construction
each (fixtures/constructions/ud_relations.mrg), UD lemmas, UPOS, features,
SpaceAfter and enhanced dependencies; rules/ud.yaml's validation."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ptb2fd.errors import RuleFileError
from ptb2fd.ud.mapping import load_mapping
from ptb2fd.ud.writer import dump_sentence, ud_columns

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "fixtures" / "constructions" / "ud_relations.mrg"


@pytest.fixture(scope="module")
def exported(converter):
    """Each fixture sentence: {word: (head word or ROOT, deprel)} and its rows."""
    from ptb2fd.trees.reader import read_trees

    out = []
    for raw in read_trees([str(FIXTURE)]):
        sentence = converter.convert(raw).sentence
        rows, _ = ud_columns(sentence)
        arcs = {r[1]: (rows[int(r[6]) - 1][1] if r[6] != "0" else "ROOT", r[7]) for r in rows}
        out.append((arcs, rows, dump_sentence(sentence)))
    return out


@pytest.mark.parametrize("index, word, head, deprel", [
    # the first conjunct heads the coordination; "and" hangs on the conjunct after it
    (0, "trimmed", "watered", "conj"), (0, "and", "trimmed", "cc"), (0, "hedge", "trimmed", "obj"),
    # the copula depends on its predicate, the preposition on its noun
    (1, "kitchen", "ROOT", "root"), (1, "is", "kitchen", "cop"), (1, "in", "kitchen", "case"),
    (1, "She", "kitchen", "nsubj"),
    # passive: nsubj:pass, aux:pass, obl:agent
    (2, "apples", "picked", "nsubj:pass"), (2, "were", "picked", "aux:pass"), (2, "children", "picked", "obl:agent"),
    (2, "pears", "apples", "conj"),
    # a controlled infinitive is xcomp, "to" its mark
    (3, "leave", "wanted", "xcomp"), (3, "to", "leave", "mark"),
    # existential there: expl, the noun phrase is the subject, "are" stays the head
    (4, "There", "are", "expl"), (4, "cats", "are", "nsubj"), (4, "three", "cats", "nummod"),
    # a relative clause; the relative pronoun takes the role of its trace
    (5, "read", "book", "acl:relcl"), (5, "that", "read", "obj"), (5, "long", "ROOT", "root"),
    # a that-clause
    (6, "come", "said", "ccomp"), (6, "that", "come", "mark"), (6, "would", "come", "aux"),
    # coordinated clauses: the comma hangs on the conjunct after it
    (7, "danced", "sang", "conj"), (7, ",", "danced", "punct"),
    # possessive 's on the possessor; n't; a fixed compound preposition
    (8, "John", "sister", "nmod:poss"), (8, "'s", "John", "case"), (8, "n't", "buy", "advmod"),
    (8, "because", "price", "case"), (8, "of", "because", "fixed"), (8, "price", "buy", "obl"),
    # a discourse word, a flat name, a bare temporal noun phrase (UD English 2.15: obl:unmarked)
    (9, "Well", "visited", "discourse"), (9, "Karlsson", "Anna", "flat"), (9, "Anna", "visited", "nsubj"),
    (9, "year", "visited", "obl:unmarked"),
    # raising to object: "made [it] difficult"
    (10, "it", "made", "obj"), (10, "difficult", "made", "xcomp"),
    # an apposition set off by commas
    (11, "bakery", "Acme", "appos"), (11, "Corp.", "Acme", "flat"),
    # a clausal predicate of "be": the infinitive heads, "was" is cop
    (12, "sail", "ROOT", "root"), (12, "was", "sail", "cop"), (12, "plan", "sail", "nsubj"),
    # a name ending in a common noun is a compound
    (13, "Grammar", "School", "compound"), (13, "Oakvale", "School", "compound"), (13, "School", "toured", "obj"),
    # a dative without a preposition is iobj; an object controls its xcomp
    (14, "him", "gave", "iobj"), (14, "book", "gave", "obj"), (15, "him", "persuaded", "obj"),
    (15, "leave", "persuaded", "xcomp"),
    # a comma before a relative clause hangs on its verb, not on the relative word
    (16, "slept", "cat", "acl:relcl"), (16, "which", "slept", "nsubj"),
    # the full stop hangs on the root, not on a citation after it
    (17, ".", "rose", "punct"),
    # a relative word inside a prepositional phrase is obl; a PP after existential "there" is obl
    (18, "which", "grow", "obl"), (18, "in", "which", "case"), (18, "grow", "town", "acl:relcl"),
    (19, "examples", "are", "nsubj"), (19, "field", "are", "obl"),
])
def test_heads_and_relations(exported, index, word, head, deprel):
    assert exported[index][0][word] == (head, deprel)


def test_both_commas_of_a_relative_clause_hang_on_its_verb(exported):
    rows = exported[16][1]
    assert [(r[1], r[6], r[7]) for r in rows if r[1] == ","] == [(",", "5", "punct"), (",", "5", "punct")]


def test_lemmas_upos_and_features(exported):
    rows = {r[1]: r for r in exported[9][1] + exported[8][1] + exported[1][1]}
    assert rows["Well"][2:4] == ["well", "INTJ"]
    assert rows["visited"][2:6] == ["visit", "VERB", "VBD", "Mood=Ind|Tense=Past|VerbForm=Fin"]
    assert rows["Anna"][2:4] == ["Anna", "PROPN"]  # a proper noun keeps its capital
    assert rows["n't"][2:6] == ["not", "PART", "RB", "Polarity=Neg"]
    assert rows["She"][2] == "she" and "Case=Nom" in rows["She"][5]
    assert rows["is"][2:4] == ["be", "AUX"]
    assert rows["because"][5] == "ExtPos=ADP"
    first = exported[0][1]
    assert first[0][1:3] == ["The", "the"]  # "The" at the start of a sentence has the lemma "the"


def test_text_and_space_after(exported):
    block = exported[8][2]
    assert "# text = John's sister didn't buy a car because of the price." in block
    rows = {r[1]: r for r in exported[8][1]}
    assert rows["John"][9] == "SpaceAfter=No" and rows["did"][9] == "SpaceAfter=No"
    assert rows["sister"][9] == "_"


def test_enhanced_dependencies(exported):
    rows = {r[1]: r for r in exported[0][1]}
    assert rows["gardener"][8] == "3:nsubj|7:nsubj"  # the subject of both coordinated verbs
    assert rows["trimmed"][8] == "0:root|3:conj:and"
    rows = {r[1]: r for r in exported[3][1]}
    assert rows["Anna"][8] == "2:nsubj|4:nsubj:xsubj"  # the controlled subject of "leave"
    rows = {r[1]: r for r in exported[2][1]}
    assert rows["pears"][8] == "2:conj:and|6:nsubj:pass"
    rows = {r[1]: r for r in exported[15][1]}
    assert rows["him"][8] == "2:obj|5:nsubj:xsubj"  # the object controls


def test_bracket_codes_are_written_as_brackets(converter):
    sentence = converter.convert_text("(S (NP-SBJ (PRP It)) (VP (VBD rose) (PRN (-LRB- -LRB-) (NP (CD 5) (NN %)) "
                                      "(-RRB- -RRB-))) (. .))")
    rows, _ = ud_columns(sentence)
    assert [r[1] for r in rows] == ["It", "rose", "(", "5", "%", ")", "."]
    assert "# text = It rose (5%)." in dump_sentence(sentence)


def test_a_wrong_rule_is_reported_with_file_rule_and_line(tmp_path):
    folder = tmp_path / "rules"
    shutil.copytree(ROOT / "rules", folder)
    path = folder / "ud.yaml"
    path.write_text(path.read_text().replace("deprel: 'obl:agent'", "deprel: 'obl:actor'")
                    .replace("when: {role: [lgs-adjunct]}", "when: {role: [lgs-adjunct], colour: [red]}"))
    with pytest.raises(RuleFileError) as err:
        load_mapping(folder)
    text = str(err.value)
    assert "ud-agent" in text and "'obl:actor' is not one of" in text and "unknown key 'colour'" in text
    assert "ud.yaml:" in text


def test_every_relation_is_a_ud_relation():
    mapping = load_mapping()
    assert {r.value for r in mapping.relations} <= mapping.deprels
    assert "obl:unmarked" in mapping.deprels and "obl:tmod" not in mapping.deprels


def _arcs(sentence):
    rows, fired = ud_columns(sentence)
    return {r[1]: (rows[int(r[6]) - 1][1] if r[6] != "0" else "ROOT", r[3], r[7]) for r in rows}, fired


def test_a_clausal_subject_of_a_passive_is_csubj_pass(converter):
    arcs, fired = _arcs(converter.convert_text(
        "(S (S-NOM-SBJ-1 (NP-SBJ (-NONE- *)) (VP (VBG Raising) (NP (NNS fees)))) (VP (VBD was) (VP (VBN rejected) "
        "(NP (-NONE- *-1)) (PP (IN by) (NP-LGS (DT the) (NN board))))) (. .))"))
    assert arcs["Raising"] == ("rejected", "VERB", "csubj:pass") and "ud-csubj-pass" in fired
    assert arcs["board"] == ("rejected", "NOUN", "obl:agent")


def test_a_dependent_shared_by_coordinated_verbs_is_counted_where_it_moves(converter):
    arcs, fired = _arcs(converter.convert_text(
        "(S (NP-SBJ (PRP They)) (VP (VP (VBD planted) (NP (NNS roses))) (CC and) (VP (VBD watered) (NP (NNS lilies))) "
        "(NP-TMP (NN yesterday))) (. .))"))
    assert arcs["yesterday"] == ("planted", "NOUN", "obl:unmarked")
    assert fired.count("ud-shared-first-conjunct") == 1


def test_a_mark_that_is_a_whole_interjection_stays_punctuation(converter):
    arcs, _ = _arcs(converter.convert_text("(S (NP-SBJ (PRP We)) (VP (VBD won)) (INTJ (NFP ***)) (. .))"))
    assert arcs["***"] == ("won", "PUNCT", "punct")

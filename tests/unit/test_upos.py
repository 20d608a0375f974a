"""The UPOS column of CoNLL-U Plus: the Penn -> Universal POS table
(ptb2fd/formats/penn_upos.yaml, Stanford CoreNLP's UniversalPOSMapper) and
its refinements by ptb2fd's record, on invented trees; the table's
validation."""
from __future__ import annotations

import pytest

from ptb2fd.errors import RuleFileError
from ptb2fd.formats.upos import UD_TAGS, load_table, upos_table, upos_tags


def tags(converter, tree: str) -> list[tuple[str, str]]:
    sentence = converter.convert_text(tree)
    return list(zip(sentence.words, upos_tags(sentence)))


@pytest.mark.parametrize("tree, wanted", [
    # auxiliaries (roles taxis, voice, aspect, aux) are AUX, the main verb VERB, the modal AUX
    ("(S (NP-SBJ (DT The) (NN unit)) (VP (MD will) (VP (VB have) (VP (VBN been) (VP (VBN sold) (NP (-NONE- *-1)))))) (. .))",
     [("The", "DET"), ("unit", "NOUN"), ("will", "AUX"), ("have", "AUX"), ("been", "AUX"), ("sold", "VERB"),
      (".", "PUNCT")]),
    ("(S (NP-SBJ (PRP They)) (VP (VBD were) (VP (VBG selling) (NP (NNS cars)))) (. .))",
     [("They", "PRON"), ("were", "AUX"), ("selling", "VERB"), ("cars", "NOUN"), (".", "PUNCT")]),
    # infinitival to is PART, prepositional to ADP; not is PART
    ("(S (NP-SBJ (PRP She)) (VP (VBD wanted) (S (VP (TO to) (VP (VB go) (PP (TO to) (NP (NNP Paris))))))) (. .))",
     [("She", "PRON"), ("wanted", "VERB"), ("to", "PART"), ("go", "VERB"), ("to", "ADP"), ("Paris", "PROPN"),
      (".", "PUNCT")]),
    ("(S (NP-SBJ (PRP He)) (VP (VBZ does) (RB not) (VP (VB know))) (. .))",
     [("He", "PRON"), ("does", "AUX"), ("not", "PART"), ("know", "VERB"), (".", "PUNCT")]),
    # IN opening a clause is SCONJ, before a noun phrase ADP
    ("(S (NP-SBJ (PRP We)) (VP (VBD left) (SBAR-PRP (IN because) (S (NP-SBJ (PRP it)) (VP (VBD rained)))) "
     "(PP-TMP (IN after) (NP (NN lunch)))) (. .))",
     [("We", "PRON"), ("left", "VERB"), ("because", "SCONJ"), ("it", "PRON"), ("rained", "VERB"), ("after", "ADP"),
      ("lunch", "NOUN"), (".", "PUNCT")]),
    # a relative "that" is PRON; 5 % is NUM SYM; "something" PRON
    ("(S (NP-SBJ (NP (DT The) (NN unit)) (SBAR (WHNP-1 (WDT that)) (S (NP-SBJ (PRP it)) (VP (VBD sold) "
     "(NP (-NONE- *T*-1)))))) (VP (VBD rose) (NP-EXT (CD 5) (NN %))) (. .))",
     [("The", "DET"), ("unit", "NOUN"), ("that", "PRON"), ("it", "PRON"), ("sold", "VERB"), ("rose", "VERB"),
      ("5", "NUM"), ("%", "SYM"), (".", "PUNCT")]),
    ("(S (NP-SBJ (NN Something)) (VP (VBD happened)) (. .))",
     [("Something", "PRON"), ("happened", "VERB"), (".", "PUNCT")]),
])
def test_upos_of_invented_trees(converter, tree, wanted):
    assert tags(converter, tree) == wanted


def test_the_corrected_tag_is_mapped(converter):
    # "spending" tagged VBG as the head of a noun phrase is corrected to NN (pos_corrections.yaml,
    # vbg-nn-np-head): NOUN, while XPOS keeps the Treebank's VBG
    sentence = converter.convert_text("(S (NP-SBJ (DT The) (VBG spending)) (VP (VBD rose)) (. .))")
    spending = sentence.tokens[1]
    assert (spending.cat, spending.corrected) == ("VBG", "VBG>NN")
    assert upos_tags(sentence) == ["DET", "NOUN", "VERB", "PUNCT"]


def test_every_table_value_is_a_ud_tag():
    table = upos_table()
    assert set(table.tags.values()) <= UD_TAGS and table.unknown == "X"
    assert {r.upos for r in table.refinements} <= UD_TAGS
    assert len(UD_TAGS) == 17


def test_the_table_is_validated_with_lines(tmp_path):
    bad = tmp_path / "penn_upos.yaml"
    bad.write_text("unknown: X\ncolour: red\ntags:\n  NN: NOUN\n  CC: CONJ\nrefinements:\n"
                   "  - id: r1\n    tags: [IN]\n    upos: SCONJ\n    head: clause\n  - tags: [TO]\n    upos: PART\n")
    with pytest.raises(RuleFileError) as info:
        load_table(bad)
    problems = [str(p) for p in info.value.problems]
    assert problems == [
        "penn_upos.yaml:1: unknown key 'colour'",
        "penn_upos.yaml:4: rule 'tags.CC' 'CONJ' is not a Universal POS tag (ADJ, ADP, ADV, AUX, CCONJ, DET, INTJ, "
        "NOUN, NUM, PART, PRON, PROPN, PUNCT, SCONJ, SYM, VERB, X)",
        "penn_upos.yaml:7: rule 'r1' unknown key 'head'",
        "penn_upos.yaml:11: a refinement needs an id",
    ]

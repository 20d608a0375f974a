"""Parser output: an invented parser-style tree (no function tags, no empty
elements) for each confusion class of parser output gets the role the
gold tree would give, through the shipped function-tag model and the
rules (docs/parser-output.md)."""
from __future__ import annotations

import pytest

covers = pytest.mark.covers

CASES = [
    # (gold role, the word, the gold tree); the test strips it as a parser gives it
    ("closely-related", "bank",  # was withinmod
     "(S (NP-SBJ (DT The) (NN company)) (VP (VBD relied) (PP-CLR (IN on) (NP (PRP$ its) (NN bank)))) (. .))"),
    ("locative", "Boston",  # was withinmod
     "(S (NP-SBJ (PRP She)) (VP (VBZ works) (PP-LOC (IN in) (NP (NNP Boston)))) (. .))"),
    ("temporal", "October",  # was withinmod
     "(S (NP-SBJ (NNS Prices)) (VP (VBD fell) (PP-TMP (IN in) (NP (NNP October)))) (. .))"),
    ("predicate", "risky",  # was withinmod
     "(S (NP-SBJ (DT The) (NN plan)) (VP (VBZ seems) (ADJP-PRD (JJ risky))) (. .))"),
    ("predicate", "chairman",  # was object
     "(S (NP-SBJ (NNP Mr.) (NNP Lee)) (VP (VBZ is) (NP-PRD (NN chairman))) (. .))"),
    ("adverbial", "rained",  # was object or withinmod
     "(S (NP-SBJ (PRP They)) (VP (VBD played) (, ,) (SBAR-ADV (IN although) (S (NP-SBJ (PRP it)) "
     "(VP (VBD rained))))) (. .))"),
    ("direction", "45",  # was withinmod
     "(S (NP-SBJ (DT The) (NN stock)) (VP (VBD rose) (PP-DIR (TO to) (NP ($ $) (CD 45) (-NONE- *U*)))) (. .))"),
    ("temporal", "recently",  # was adverbial
     "(S (NP-SBJ (DT The) (NN firm)) (ADVP-TMP (RB recently)) (VP (VBD moved)) (. .))"),
    ("topic", "win",  # was withinmod
     "(S (`` ``) (S-TPC-1 (NP-SBJ (PRP We)) (VP (MD will) (VP (VB win)))) (, ,) ('' '') (NP-SBJ (PRP he)) "
     "(VP (VBD said) (SBAR (-NONE- 0) (S (-NONE- *T*-1)))) (. .))"),
    ("temporal", "year",  # was object
     "(S (NP-SBJ (PRP He)) (VP (VBD sold) (NP (DT the) (NNS shares)) (NP-TMP (JJ last) (NN year))) (. .))"),
    ("subject", "Smith",  # was withinmod
     "(SINV (`` ``) (S-TPC-1 (NP-SBJ (PRP It)) (VP (VBZ works))) (, ,) ('' '') (VP (VBD said) (S (-NONE- *T*-1))) "
     "(NP-SBJ (NNP Mr.) (NNP Smith)) (. .))"),
    ("lgs-adjunct", "Smith",  # was withinmod
     "(S (NP-SBJ-1 (DT The) (NN firm)) (VP (VBD was) (VP (VBN bought) (NP (-NONE- *-1)) (PP (IN by) "
     "(NP-LGS (NNP Mr.) (NNP Smith))))) (. .))"),
]


@pytest.fixture(scope="module")
def gold_and_parsed(fd_rules):
    from ptb2fd.conversion.converter import Converter
    from ptb2fd.trees.ptbtree import parse_tree
    from ptb2fd.trees.strip import render, strip

    gold, auto = Converter(fd_rules, functions="gold"), Converter(fd_rules, functions="auto")

    def convert(tree: str):
        parsed = render(strip(parse_tree(tree)))
        return gold.convert_text(tree), auto.convert_text(parsed)
    return convert


def tok(sentence, word: str):
    return next(t for t in sentence.tokens if t.word == word)


@pytest.mark.parametrize("role, word, tree", CASES, ids=[f"{r}:{w}" for r, w, _ in CASES])
def test_confusion_class_gets_the_gold_role(gold_and_parsed, fd_rules, role, word, tree):
    from ptb2fd.conversion.converter import Converter
    from ptb2fd.trees.ptbtree import parse_tree
    from ptb2fd.trees.strip import render, strip

    gold, parsed = gold_and_parsed(tree)
    assert tok(gold, word).role == role, gold
    assert parsed.functions is not None
    assert tok(parsed, word).role == role, parsed
    # and what it was before: the stripped tree converted without the model
    before = Converter(fd_rules, functions="gold").convert_text(render(strip(parse_tree(tree))))
    assert [t.role for t in before.tokens if t.word == word][0] != role


@covers("passive-be")
def test_passive_subject_and_by_phrase_get_their_logical_roles(gold_and_parsed):
    gold, parsed = gold_and_parsed(CASES[-1][2])
    for s in (gold, parsed):
        assert (tok(s, "firm").role, tok(s, "firm").logicalrole) == ("subject", "object"), s
        assert (tok(s, "Smith").role, tok(s, "Smith").logicalrole) == ("lgs-adjunct", "subject"), s

"""The sibling conditions (next_sibling, prev_sibling, followed_by,
preceded_by) answer as a reading of the projection's non-punctuation
siblings with slices does, on every word of invented trees."""
from __future__ import annotations

import pytest

from ptb2fd.rulelang.conditions import compile_when
from ptb2fd.rulelang.patterns import any_match, compile_pattern
from ptb2fd.rulelang.rulefile import Checker
from ptb2fd.rulelang.word_context import WordContext

TREES = [
    "( (S (NP-SBJ (PDT all) (DT the) (JJ old) (NNS boats)) (, ,) (ADVP (RB sadly)) (, ,) (VP (VBD sank)"
    " (PP (IN near) (NP (DT the) (NN pier)))) (. .)) )",
    "( (S (NP-SBJ (PRP She)) (VP (VBD gave) (NP (DT the) (NN dog)) (NP (DT a) (JJ big) (NN bone))"
    " (NP-TMP (NN yesterday))) (. .)) )",
]

PATTERNS = [["DT", "PDT"], ["NP!"], ["JJ*", "NN*"], ["VP"], ["-TMP"], [","]]


def reference(key, patterns, c: WordContext) -> bool:
    if c.parent is None:
        return False
    kids, i = c.siblings
    if key == "next_sibling":
        return i + 1 < len(kids) and any_match(patterns, kids[i + 1])
    if key == "prev_sibling":
        return i > 0 and any_match(patterns, kids[i - 1])
    if key == "followed_by":
        return any(any_match(patterns, k) for k in kids[i + 1:])
    return any(any_match(patterns, k) for k in kids[:i])


@pytest.mark.parametrize("key", ["next_sibling", "prev_sibling", "followed_by", "preceded_by"])
def test_sibling_conditions_agree_with_slices(rules, converter, key):
    parses = [converter.parse(text, f"invented:{i}") for i, text in enumerate(TREES, 1)]
    checker = Checker("test.yaml")
    be = rules.roles.wordlists.get("be", frozenset())
    held = failed = 0
    for texts in PATTERNS:
        cond = compile_when({key: texts}, checker, "r", {})[0]
        patterns = tuple(compile_pattern(t) for t in texts)
        for parse in parses:
            for t in range(len(parse.words)):
                want = reference(key, patterns, WordContext(t, parse, rules.treebank.is_punct, be))
                got = cond.test(WordContext(t, parse, rules.treebank.is_punct, be))
                assert got == want, (key, texts, parse.words[t].word)
                held += got
                failed += not got
    assert not checker.problems
    assert held > 2 and failed > 10

"""The `head_chain` condition reads the head chain only as far as its patterns go.

It walks up from the word while the word heads each constituent, and stops
at the first pattern that fails; the reference builds the whole chain
(`WordContext.chain`) and compares it pattern by pattern. Checked on every
word of invented trees, with the head_chain lists of the bundled POS
corrections and invented ones (longer than any chain, empty, prefixes).
"""
from __future__ import annotations

import pytest

from ptb2fd.rulelang.conditions import compile_when
from ptb2fd.rulelang.patterns import compile_pattern
from ptb2fd.rulelang.rulefile import Checker
from ptb2fd.rulelang.word_context import WordContext

TREES = [
    "( (S (NP-SBJ (DT The) (NN gardener)) (VP (VBN planted) (NP (CD three) (NNS roses))"
    " (PP-LOC (IN near) (NP (DT the) (NN gate)))) (. .)) )",
    "( (S (NP-SBJ (PRP They)) (VP (MD will) (VP (NN plant) (NP (JJ tall) (NNS trees)))) (. .)) )",
    "( (S (NP-SBJ (PRP It)) (VP (VBZ is) (ADJP-PRD (RB rather) (RBR more) (JJ useful))) (. .)) )",
    "( (S (NP-SBJ (NP (NNS Apples)) (CC and) (NP (NNS pears))) (VP (VBD fell) (PP (IN because) (IN of)"
    " (NP (DT the) (VBG swaying) (NN wind)))) (. .)) )",
]

INVENTED = [["NN", "VP"], ["VBN", "VP", "S"], ["NN*"], ["NN", "NP", "S", "VP", "S"], [], ["VB*", "VP"],
            ["DT", "NP", "S"], ["JJ", "ADJP"], ["PRP", "NP-SBJ"], ["NNS", "NP!"]]


def whole_chain(ctx: WordContext, patterns) -> bool:
    chain = ctx.chain
    return len(chain) >= len(patterns) and all(p.matches(n) for p, n in zip(patterns, chain))


@pytest.fixture(scope="module")
def parses(converter):
    return [converter.parse(text, f"invented:{i}") for i, text in enumerate(TREES, 1)]


def test_head_chain_agrees_with_the_whole_chain(rules, parses):
    lists = [list(c.value) for r in rules.corrections.rules for c in r.when if c.name == "head_chain"]
    assert lists, "the bundled POS corrections use head_chain"
    checker = Checker("test.yaml")
    conditions = [compile_when({"head_chain": ls}, checker, f"r{i}", {})[0] for i, ls in enumerate(lists + INVENTED)]
    assert not checker.problems
    be = rules.roles.wordlists.get("be", frozenset())
    held = failed = 0
    for parse in parses:
        for t in range(len(parse.words)):
            for cond in conditions:
                ctx = WordContext(t, parse, rules.treebank.is_punct, be)
                want = whole_chain(WordContext(t, parse, rules.treebank.is_punct, be),
                                   [compile_pattern(x) for x in cond.value])
                got = cond.test(ctx)
                assert got == want, (parse.words[t].word, cond.value)
                held += got
                failed += not got
    assert held > 10 and failed > 10

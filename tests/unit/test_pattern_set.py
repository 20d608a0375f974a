"""`PatternSet` answers as `any_match` does over the same patterns.

A PatternSet looks the plain category patterns up in one set and tries the
others one by one; the reference tries every pattern in turn. Checked on
every constituent and word of invented trees, for pattern lists that mix
plain categories, prefixes ("NN*"), "NP!", function tags ("-TMP",
"NP-SBJ") and whole-category labels ("-NONE-"), and for every pattern list
of the bundled heads.yaml.
"""
from __future__ import annotations

from itertools import combinations

import pytest

from ptb2fd.rulelang.patterns import PatternSet, any_match, compile_pattern
from ptb2fd.ruleset.load import load_rules
from ptb2fd.trees.ptbtree import parse_tree

TREES = [
    "(S (NP-SBJ (DT The) (NN gardener)) (VP (VBD planted) (NP (CD three) (NNS roses))"
    " (PP-LOC (IN near) (NP (DT the) (NN gate))) (NP-TMP (NN yesterday))) (. .))",
    "(S (NP-SBJ-1 (NP-TTL (NNP Moby) (NNP Dick)) (NML (NN paper) (NN back))) (VP (VBD was)"
    " (VP (VBN mended) (NP (-NONE- *-1)) (PP (IN by) (NP-LGS (NNP Ms.) (NNP Okafor)))))"
    " (PRN (-LRB- -LRB-) (NP (NNS notes)) (-RRB- -RRB-)) (. .))",
    "(NP (NP (NNP March) (CD 4)) (, ,) (NX (NN sales) (CC and) (NN marketing)) (QP (RB about) (CD 5)))",
]

TEXTS = ["NN", "NNS", "NN*", "NP", "NP!", "-TMP", "NP-SBJ", "NP-TMP", "-NONE-", "-LRB-", "VB*", "NX-TTL",
         "NML", "QP!", ",", ".", "DT", "CD", "S"]


def nodes():
    for text in TREES:
        stack = [parse_tree(text)]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(node.children)


@pytest.mark.parametrize("size", [1, 2, 3])
def test_pattern_set_agrees_with_any_match_on_invented_lists(size):
    patterns = [compile_pattern(t) for t in TEXTS]
    every = list(nodes())
    checked = 0
    for combo in combinations(patterns, size):
        ps = PatternSet(combo)
        for node in every:
            assert ps.matches(node) == any_match(combo, node), ([p.text for p in combo], node)
            checked += 1
    assert checked > 1000


def test_pattern_set_agrees_on_the_bundled_head_rules():
    rules = load_rules().heads
    lists = [getattr(r, f) for r in rules.np_rules for f in ("match", "exclude", "before_last", "prefix")]
    lists += [r.priority for r in list(rules.labels.values()) + [rules.default]]
    lists = [ls for ls in lists if ls]
    assert len(lists) > 20
    every = list(nodes())
    hits = 0
    for ls in lists:
        ps = PatternSet(ls)
        for node in every:
            got = ps.matches(node)
            assert got == any_match(ls, node), ([p.text for p in ls], node)
            hits += got
    assert hits > 50  # some match, some do not


def test_an_empty_pattern_set_is_false_and_matches_nothing():
    ps = PatternSet(())
    assert not ps
    assert not any(ps.matches(n) for n in nodes())

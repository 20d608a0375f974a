"""The NP head finder, which reads each NP rule as a plan worked out once
(with a first-child category gate for prefix rules and pattern sets),
picks the head a plain reading of the rules picks.

The reference below reads heads.yaml's NP rules one attribute at a time,
in order, with `any_match`, for every NP of invented trees: appositions
(with commas, brackets, quotes, dashes, colons), dates, references
("Chapter 11", "Tables 2a and 2b"), clock times, amounts, a noun with a
comma and an adverb, and plain NPs.
"""
from __future__ import annotations

import pytest

from ptb2fd.conversion.stages.heads import HeadFinder, _one_word, _raised
from ptb2fd.rulelang.patterns import any_match
from ptb2fd.trees.ptbtree import parse_tree

NPS = [
    "(NP (NP (NNP Ada) (NNP Okafor)) (, ,) (NP (CD 61) (NNS years) (JJ old)) (, ,))",
    "(NP (NP (NNP Ada)) (-LRB- -LRB-) (NP (NNP Oki)) (-RRB- -RRB-))",
    "(NP (`` ``) (NP (DT the) (NNP Rock)) (, ,) ('' '') (NP (DT a) (JJ small) (NN island)))",
    "(NP (NP (DT the) (NN barn)) (HYPH -) (NP (DT a) (NN shed)))",
    "(NP (NP (DT the) (NN plan)) (: :) (NP (NN rest)))",
    "(NP (NP (DT the) (NN plan)) (PP (IN of) (NP (NNS farmers))) (, ,) (NP (DT a) (NN scheme)))",
    "(NP (NNP March) (CD 4) (, ,) (CD 1990))",
    "(NP (NN Chapter) (CD 11))",
    "(NP (NNS Tables) (CD 2a) (CC and) (CD 2b))",
    "(NP (NN section) (CD 3) (, ,) (CD 4))",
    "(NP (CD 9) (RB a.m.))",
    "(NP (CD 10) (NN p.m.))",
    "(NP (NN fiscal) (CD 1990))",
    "(NP (DT the) (JJ big) (NN farm))",
    "(NP (PRP$ its) (NN session) (JJ high))",
    "(NP (NN water) (, ,) (RB too))",
    "(NP (NML (NN paper) (NN back)) (-LRB- -LRB-) (NN edition) (-RRB- -RRB-))",
    "(NP (QP (RB about) (CD 5)) (NNS tonnes))",
    "(NP (QP (RB about) (CD 5)))",
    "(NP (NP (NNS farmers)) (SBAR (WHNP (WP who)) (S (VP (VBD left)))))",
    "(NP (NP-TTL (NNP Moby) (NNP Dick)) (, ,) (NP (DT a) (NN novel)))",
    "(NP (PRP themselves))",
    "(NP (DT all) (PRP themselves))",
    "(NP (NP (NN price)) (`` ``) (S (VP (VB go))))",
    "(NP (NNP Ms.) (NNP Okafor) (POS 's))",
    "(NP (NN item) (CD 4b))",
    "(NP (, ,) (. .))",
]


def plain_np_head(finder: HeadFinder, children):
    rules, is_punct = finder.rules, finder.vocab.is_punct
    content = [i for i, c in enumerate(children) if not is_punct(c)]
    if not content:
        return len(children) - 1, "np-fallback"
    if len(content) > 1 and children[content[-1]].label.index is not None \
            and _raised(children[content[-1]].label.index, children[:content[-1]]):
        content = content[:-1]
    for rule in rules.np_rules:
        if rule.prefix and not plain_prefix(finder, children, rule):
            continue
        last = _one_word(children[content[-1]]) or ""
        if rule.last_word_not is not None and rule.last_word_not.match(last):
            continue
        if rule.last_word is not None and not rule.last_word.match(last):
            continue
        if rule.before_last:
            if len(content) < 2 or not any_match(rule.before_last, children[content[-1]]):
                continue
            candidates = [content[-2]]
        else:
            candidates = [content[-1]] if rule.last_child else (content if rule.first else reversed(content))
        for i in candidates:
            child = children[i]
            if rule.except_months and child.word in rules.months:
                continue
            if rule.match and not any_match(rule.match, child):
                continue
            if rule.exclude and any_match(rule.exclude, child):
                continue
            if rule.no_function_tag and child.label.ftags:
                continue
            if rule.except_words and _one_word(child) in rule.except_words:
                continue
            if rule.word_in is not None and (_one_word(child) or "").lower() not in rule.word_in:
                continue
            if rule.word is not None and not rule.word.match(_one_word(child) or ""):
                continue
            if rule.rest_words is not None and not finder._rest_match(children[i + 1:], rule.rest_words):
                continue
            return i, rule.rule_id
    return content[-1], "np-fallback"


def plain_prefix(finder: HeadFinder, children, rule) -> bool:
    if len(children) < len(rule.prefix):
        return False
    if rule.first_word_in_months and children[0].word not in finder.rules.months:
        return False
    if rule.prefix_skips:
        children = tuple(c for c in children if not any_match(rule.prefix_skips, c))
        if len(children) < len(rule.prefix):
            return False
    return all(p.matches(c) for p, c in zip(rule.prefix, children))


@pytest.mark.parametrize("text", NPS)
def test_the_planned_np_rules_pick_the_plain_head(rules, text):
    finder = HeadFinder(rules.heads, rules.treebank)
    children = parse_tree(text).children
    assert finder._np_head(children) == plain_np_head(finder, children)


def test_the_invented_nps_reach_many_rules(rules):
    finder = HeadFinder(rules.heads, rules.treebank)
    fired = {finder._np_head(parse_tree(t).children)[1] for t in NPS}
    assert {"np-date", "np-apposition", "np-apposition-bracket", "np-apposition-dash", "np-apposition-colon",
            "np-last-noun", "np-amount", "np-fallback"} <= fired
    assert len(fired) >= 12

"""The rule cascade's index gives the rule a plain first-match scan gives.

`Cascade` indexes its rules by each part of a word's key (projection label,
word tag, word, parent label, side) and caches the candidates per key; the
reference here tests every condition of every rule in order, for every word
of invented trees, with the bundled role rules, the POS corrections, the
role rules in reverse order, and rules that match any label.
"""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from ptb2fd.rulelang.cascade import Cascade
from ptb2fd.rulelang.conditions import compile_when
from ptb2fd.rulelang.rulefile import Checker
from ptb2fd.rulelang.word_context import WordContext

TREES = [
    "( (S (NP-SBJ (DT The) (NN gardener)) (VP (VBD planted) (NP (CD three) (NNS roses))"
    " (PP-LOC (IN near) (NP (DT the) (NN gate))) (NP-TMP (NN yesterday))) (. .)) )",
    "( (S (NP-SBJ-1 (DT The) (NN kettle)) (VP (VBD was) (VP (VBN mended) (NP (-NONE- *-1))"
    " (PP (IN by) (NP-LGS (NNP Ms.) (NNP Okafor))))) (. .)) )",
    "( (S (NP-SBJ (PRP She)) (VP (MD might) (RB not) (VP (VB say) (SBAR (IN that) (S (NP-SBJ (PRP it))"
    " (VP (VBZ is) (ADJP-PRD (JJ ready))))))) (. ?)) )",
    "( (SINV (S-TPC-1 (NP-SBJ (NNS Tomatoes)) (VP (VBP grow) (ADVP (RB slowly)))) (, ,)"
    " (VP (VBD said) (S (-NONE- *T*-1))) (NP-SBJ (DT the) (NN farmer)) (. .)) )",
    "( (S (NP-SBJ (NP (NNS Apples)) (, ,) (NP (NNS pears)) (CC and) (NP (NNS plums)))"
    " (VP (VBD filled) (NP (DT the) (JJ wooden) (NN crate)) (PP (IN because) (IN of) (NP (NN rain)))) (. .)) )",
]


def plain_first(rules, ctx: WordContext):
    for rule in rules:
        if all(c.test(ctx) for c in rule.when):
            return rule
    return None


@dataclass(frozen=True)
class Rule:
    rule_id: str
    when: tuple


def any_label_rules(wordlists) -> list[Rule]:
    """Rules with no label condition (they match any label), between
    rules that do, on every part of the key and on dynamic conditions."""
    checker = Checker("test-rules.yaml")
    specs = [
        ("side-left-dt", {"side": "left", "tag": ["DT"]}),
        ("any-word-tomatoes", {"word": ["tomatoes"]}),
        ("np-under-pp", {"label": ["NP"], "parent": ["PP"]}),
        ("any-suffix-s", {"suffix": ["s"], "not_parent": ["VP"]}),
        ("sbj", {"ftag": ["SBJ"]}),
        ("any-root", {"root": True}),
        ("any-compound", {"compound": True}),
        ("chain-nns-np", {"head_chain": ["NNS", "NP"]}),
        ("chain-vbd-vp-s", {"head_chain": ["VBD", "VP", "S"]}),
        ("any-marker-left", {"coord_marker": True, "side": "left"}),
        ("vb-prefix", {"tag": ["VB*"], "side": "right"}),
        ("not-np", {"not_label": ["NP"], "no_ftags": True}),
        ("any", {}),
    ]
    rules = [Rule(rid, compile_when(when, checker, rid, wordlists)) for rid, when in specs]
    assert not checker.problems
    return rules


@pytest.fixture(scope="module")
def parses(converter):
    return [converter.parse(text, f"invented:{i}") for i, text in enumerate(TREES, 1)]


def rule_lists(rules):
    roles = list(rules.roles.rules)
    return {
        "roles": roles,
        "roles-reversed": roles[::-1],
        "corrections": [r for rs in rules.corrections.by_tag.values() for r in rs],
        "any-label": any_label_rules(rules.roles.wordlists),
        "any-label-then-roles": any_label_rules(rules.roles.wordlists)[:4] + roles,
    }


@pytest.mark.parametrize("name", ["roles", "roles-reversed", "corrections", "any-label", "any-label-then-roles"])
def test_the_index_picks_the_first_rule_that_holds(rules, parses, name):
    rule_list = rule_lists(rules)[name]
    cascade = Cascade(rule_list)  # one cascade for all the trees: its caches are shared, as in a run
    be = rules.roles.wordlists.get("be", frozenset())
    is_punct = rules.treebank.is_punct
    decided = 0
    for _ in range(2):  # the second round answers from the caches
        for parse in parses:
            for t in range(len(parse.words)):
                want = plain_first(rule_list, WordContext(t, parse, is_punct, be))
                got = cascade.first_at(t, parse, is_punct, be)
                assert got is want, (parse.location, parse.words[t].word, getattr(want, "rule_id", None),
                                     getattr(got, "rule_id", None))
                decided += want is not None
    assert decided > 0


def test_a_rule_that_names_no_label_is_in_every_label_set(rules, parses):
    rule_list = any_label_rules(rules.roles.wordlists)
    cascade = Cascade(rule_list)
    be = rules.roles.wordlists.get("be", frozenset())
    words = [(parse, t) for parse in parses for t in range(len(parse.words))]
    got = {cascade.first_at(t, parse, rules.treebank.is_punct, be).rule_id for parse, t in words}
    # "any" (no condition at all) decides the words no earlier rule takes.
    assert {"side-left-dt", "any-word-tomatoes", "sbj", "any-root", "any", "chain-nns-np"} <= got

"""The coordination stage walks only the phrases that span a conjunction's
start, and nests exactly what a walk of the whole tree nests.

`NestCoordination._rebuild` leaves a phrase unwalked when no conjunction
(a CC word, a CONJP phrase) starts inside it. The reference walks every
phrase (every word counts as a start). Checked on invented trees: phrasal
and flat-NP coordination, a coordination nested in a conjunct, CONJP
("as well as", "not only ... but"), a conjunction opening the sentence,
coordinations at both ends of one sentence, and a sentence with none.
"""
from __future__ import annotations

import pytest

from ptb2fd.conversion.pipeline import Parse
from ptb2fd.conversion.stages.coordination import NestCoordination

TREES = [
    "( (S (NP-SBJ (NP (NNS Apples)) (, ,) (NP (NNS pears)) (CC and) (NP (NNS plums))) (VP (VBD filled)"
    " (NP (DT the) (NN crate))) (. .)) )",
    "( (S (NP-SBJ (DT a) (NN sales) (CC and) (NN marketing) (NN executive)) (VP (VBD left)) (. .)) )",
    "( (S (NP-SBJ (PRP She)) (VP (VP (VBD sang) (NP (NP (NNS hymns)) (CC and) (NP (NNS carols))))"
    " (CONJP (RB as) (RB well) (IN as)) (VP (VBD danced))) (. .)) )",
    "( (S (NP-SBJ (NNS Geese)) (VP (VP (VBD honked)) (CONJP (RB as) (RB well) (IN as)) (VP (VBD flew)))"
    " (. .)) )",
    "( (S (CC But) (NP-SBJ (PRP he)) (VP (VBD stayed) (ADVP (RB home))) (. .)) )",
    "( (S (NP-SBJ (NNS Cats) (CC and) (NNS dogs)) (VP (VBD slept) (PP (IN in) (NP (NP (DT the) (NN barn))"
    " (CC or) (NP (DT the) (NN shed))))) (. .)) )",
    "( (S (NP-SBJ (DT The) (NN river)) (VP (VBD rose) (ADVP-TMP (RB slowly))) (. .)) )",
    "( (S (NP-SBJ (PRP They)) (VP (CONJP (RB not) (RB only)) (VP (VBD won)) (CC but) (ADVP (RB also))"
    " (VP (VBD celebrated))) (. .)) )",
]


class WholeWalk(NestCoordination):
    """The stage with every word counted as a conjunction's start."""

    def run(self, parse: Parse) -> None:
        self.coords = {}
        self.parse = parse
        parse.tree = self._rebuild(parse.tree, list(range(len(parse.words))))
        parse.coordinations = self.coords


def nested(stage, parse_before, text):
    parse = parse_before(text, "coordination")
    stage.run(parse)
    coords = {id(n): n for n in _nodes(parse.tree)}
    found = sorted((coords[k].start, coords[k].end, c.rule_id, c.conjuncts) for k, c in parse.coordinations.items())
    return repr(parse.tree), found, dict(parse.notes)


def _nodes(root):
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(node.children)


@pytest.mark.parametrize("text", TREES)
def test_the_pruned_walk_nests_what_the_whole_walk_nests(rules, parse_before, text):
    fast = nested(NestCoordination(rules.coordination, rules.treebank), parse_before, text)
    slow = nested(WholeWalk(rules.coordination, rules.treebank), parse_before, text)
    assert fast == slow


def test_the_invented_trees_hold_coordinations(rules, parse_before):
    found = [nested(NestCoordination(rules.coordination, rules.treebank), parse_before, t)[1] for t in TREES]
    assert sum(map(len, found)) >= 7
    assert found[6] == []  # no conjunction
    assert found[3], "CONJP alone"

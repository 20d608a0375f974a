"""The compounds stage walks only the phrases around a possible unit start,
and groups exactly what a walk of the whole tree groups.

`GroupCompoundPrepositions._rebuild` leaves a phrase unwalked when it spans
no word where a unit may start (`_may_start` with the next word). The
reference walks every phrase (every word counts as a start). Checked on
invented trees with units at the start, in the middle and at the end of a
sentence, inside nested PPs, after a one-word ADVP, two units in one
sentence, and near misses ("because" without "of").
"""
from __future__ import annotations

import pytest

from ptb2fd.conversion.pipeline import Parse
from ptb2fd.conversion.stages.compounds import GroupCompoundPrepositions

TREES = [
    "( (S (NP-SBJ (DT The) (NN picnic)) (VP (VBD ended) (PP (RB because) (PP (IN of) (NP (DT the) (NN hail)))))"
    " (. .)) )",
    "( (S (PP (VBG According) (PP (TO to) (NP (DT the) (NN almanac)))) (, ,) (NP-SBJ (NN frost)) (VP (VBZ comes)"
    " (ADVP (RB early))) (. .)) )",
    "( (S (NP-SBJ (NNS Berries)) (VP (VBP grow) (PP (ADVP (RB only)) (TO to) (NP (DT the) (NN fence)))"
    " (PP (JJ due) (PP (TO to) (NP (NN shade))))) (. .)) )",
    "( (S (NP-SBJ (NNS Crops)) (VP (VBD failed) (SBAR (RB because) (S (NP-SBJ (NN rain)) (VP (VBD stopped)))))"
    " (. .)) )",
    "( (S (NP-SBJ (DT The) (NN hut)) (VP (VBD stood) (PP (IN out) (PP (IN of) (NP (NN sight))))"
    " (PP (IN instead) (PP (IN of) (NP (DT the) (NN barn))))) (. .)) )",
    "( (S (NP-SBJ (NNS Trees) (PP (JJ such) (IN as) (NP (NNS oaks)))) (VP (VBD fell)) (. .)) )",
]


class WholeWalk(GroupCompoundPrepositions):
    """The stage with every word counted as a possible start."""

    def run(self, parse: Parse) -> None:
        self.found = {}
        parse.tree = self._rebuild(parse.tree, list(range(len(parse.words))))
        parse.compounds = self.found


def grouped(stage, parse_before, text):
    parse = parse_before(text, "compounds")
    stage.run(parse)
    return repr(parse.tree), sorted((n.start, n.end, rid) for n, rid in parse.compounds.values())


@pytest.mark.parametrize("text", TREES)
def test_the_pruned_walk_groups_what_the_whole_walk_groups(rules, parse_before, text):
    fast = grouped(GroupCompoundPrepositions(rules.compounds), parse_before, text)
    slow = grouped(WholeWalk(rules.compounds), parse_before, text)
    assert fast == slow


def test_the_invented_trees_hold_units(rules, parse_before):
    units = [grouped(GroupCompoundPrepositions(rules.compounds), parse_before, t)[1] for t in TREES]
    ids = {rid for us in units for _, _, rid in us}
    assert {"cp-because-of", "cp-according-to", "cp-due-to", "cp-out-of", "cp-instead-of"} <= ids
    assert sum(map(len, units)) >= 7
    assert units[3] == []  # "because" without "of" is no unit

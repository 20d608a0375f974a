"""Coordination nesting (rules/coordination.yaml; paper sections 3.5, 4.4).

Finds the conjuncts of each flat coordination and, where the phrase also
holds modifiers, adds a node around the conjuncts:
    (S ADVP-TMP , PP , S , S CC S)  ->  (S ADVP-TMP , PP , (S S , S CC S))
    (NP a sales and marketing executive)  ->  (NP a (NX sales and marketing) executive)
The result is a new tree; `coordinations` maps each coordination node to
its conjuncts, conjunctions and separating punctuation, and the reduction
stage turns those into junction features.

Finding the conjuncts is in conjuncts.py, the word-level analyses of flat
NPs in flat_coordination.py; this module is the stage and the phrasal
analysis.

Known failures: an asyndetic list ("a, b, c" with no conjunction) is not a
coordination, since it cannot be told from an appositive; in flat NPs the
conjunct boundaries are guessed from word counts ("big and small business
owners" -> [big and small] business owners).
"""
from __future__ import annotations

from ptb2fd.conversion.pipeline import Parse
from ptb2fd.conversion.stages.conjuncts import UNLIKE
from ptb2fd.conversion.stages.coordination_rules import Coordination, CoordRule
from ptb2fd.conversion.stages.flat_coordination import FlatCoordination
from ptb2fd.trees.ptbtree import Label, Node

__all__ = ["NestCoordination"]


class NestCoordination(FlatCoordination):
    """`tree` -> new `tree` with coordination nodes, and `coordinations`."""

    name = "coordination"
    needs = ("tree",)
    provides = ("tree", "coordinations")

    def run(self, parse: Parse) -> None:
        self.coords: dict[int, Coordination] = {}
        self.parse = parse
        starts = self._marker_starts(parse.tree)
        if starts:  # a sentence with no conjunction keeps its tree as it is
            parse.tree = self._rebuild(parse.tree, starts)
        parse.coordinations = self.coords

    def _marker_starts(self, root: Node) -> list[int]:
        """Where each conjunction (`_is_marker`) starts, inside others too."""
        tags, phrases = self.rules.conjunction_tags, self.rules.conjunction_phrases
        out = []
        stack = [root]
        while stack:
            node = stack.pop()
            if node.word is not None:
                if node.tag in tags:
                    out.append(node.start)
            else:
                if node.label.cat in phrases:
                    out.append(node.start)
                stack.extend(node.children)
        return out

    def _rebuild(self, node: Node, starts: list[int]) -> Node:
        """`node` with its coordinations nested. `_coordinate` changes only a
        phrase with a conjunction among its children, or with a phrase so
        changed below it: a phrase that spans no conjunction's start
        (`starts`) stays as it is and is not walked."""
        if node.word is not None or not node.spans_any(starts):
            return node
        kids = [c if c.word is not None else self._rebuild(c, starts) for c in node.children]  # words stay
        return self._coordinate(node, kids)

    def _keep(self, node: Node, kids: list[Node]) -> Node:
        """The node itself when nothing below it changed, else a copy."""
        if all(k is c for k, c in zip(kids, node.children)):
            return node
        return self._new(node, kids)

    def _coordinate(self, node: Node, kids: list[Node]) -> Node:
        if not any(self._is_marker(k) for k in kids):
            return self._keep(node, kids)
        parent_fams = self._parent_families(node)
        run = self._find_run(kids, parent_fams)
        if run is None and parent_fams is not None and self.rules.unlike_conjuncts:
            # No family pairs them: "(NP (NP the price) and (SBAR whether ...))",
            # "(VP (VP opens early) and (PP on Sundays))" (parser output, no UCP).
            run = self._find_run(kids, UNLIKE)
        if run is None:
            return self._keep(node, kids)
        start, end = run
        # Adverbs that open a conjunct rule out the flat (word) analyses.
        words_core = all(kids[i].word is not None for i in range(start, end + 1)) and not self._split(kids, start, end)[3]
        if words_core:
            flat = self._flat(node, kids, start, end)
            if flat is not None:
                return flat
        rule = self._rule_for(node.label.cat, lambda r: r.analysis == "phrasal")
        if rule is None:
            return self._keep(node, kids)
        return self._phrasal(node, kids, start, end, rule)

    def _phrasal(self, node: Node, kids: list[Node], start: int, end: int, rule: CoordRule) -> Node:
        outside = [k for i, k in enumerate(kids) if (i < start or i > end) and not self.vocab.is_punct(k)]
        if outside:
            inner = kids[start:end + 1]
            conj, marks, seps, mods = self._split(inner, 0, len(inner) - 1)
            # The nested node keeps the phrase's null elements: the object
            # traces of "(VP arrested *-1 or fined *-1 on Tuesday)" still
            # make its participles passive.
            # The new node takes the conjuncts' category when they share one:
            # "(S (NP-SBJ Armies) (VP overtook it) and (VP burned it))" nests a
            # VP, which heads the clause (an S would lose to the subject).
            cats = {inner[i].label.cat if inner[i].word is None else inner[i].tag for i in conj}
            cat = cats.pop() if len(cats) == 1 and all(inner[i].word is None for i in conj) else node.label.cat
            coord_node = self._new(node, inner, Label(cat, cat), rule.rule_id, keep_nulls=True)
            self._register(coord_node, conj, marks, seps, rule, True, mods)
            return self._new(node, kids[:start] + [coord_node] + kids[end + 1:])
        conj, marks, seps, mods = self._split(kids, start, end)
        new = self._new(node, kids)
        self._register(new, conj, marks, seps, rule, False, mods)
        return new

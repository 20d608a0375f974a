"""Stages 3-5: trickle heads down and reduce the tree to one head per word.

Every non-head child's lexical head depends on the lexical head of its
parent. Because PP and SBAR are headed by their complement and a VP by its
inner VP (heads.yaml), this gives, without special cases:
- flat clauses: "it would sell its aging fleet" -> it, would, fleet <- sell;
- role markers: "ABC came in first" -> in <- first.

Two refinements follow (the paper's sections 3.5 and 4.5):
- Coordination. All conjuncts, the conjunction and the separating commas
  depend on the head the coordinated phrase depends on: in "The Perch and
  Dolphin fields will start", Perch, Dolphin and "and" <- start. Modifiers
  shared by the conjuncts attach to the nearest conjunct (left-shared ones to
  the first, right-shared ones to the last). Where the coordinated phrase has
  no head to go to (it is the root, or itself a conjunct of an outer
  coordination), the later conjuncts depend on the first one.
- Compound prepositions ("because of") are one unit: all its words depend on
  the head of the phrase the unit marks, in order.

Each word keeps its maximal projection (`attach`, the constituent it heads
that is not a head child) and that constituent's parent: the trickled-down
context the role rules read.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ptb2fd.conversion.pipeline import Parse
from ptb2fd.trees.ptbtree import Node


@dataclass
class Junction:
    """One coordination as it appears in the records."""

    jid: int
    rule_id: str
    kind: str
    conjuncts: list[int]  # token of each conjunct's head, left to right
    markers: list[int]  # conjunction words (CC, CONJP heads)
    separators: list[int]  # punctuation between conjuncts
    shared_head: bool  # True: conjuncts moved up to the phrase's head
    nested: bool = False  # coordination.yaml added a node around the conjuncts


@dataclass
class Dependencies:
    head: list[int]  # token index of the head, -1 for the root
    attach: list[Node]  # maximal projection of each word
    parent: list[Node | None]  # the constituent that attach is a child of
    lexhead: dict[int, int]  # id(node) -> token index of its lexical head
    parent_of: dict[int, Node]  # id(node) -> parent node
    junction_of: dict[int, tuple[int, int]] = field(default_factory=dict)  # token -> (junction id, position)
    marker_of: dict[int, int] = field(default_factory=dict)  # token -> junction id (markers, separators)
    role_from: dict[int, int] = field(default_factory=dict)  # conjunct token -> token whose role it shares
    compound_of: dict[int, tuple[int, int, str]] = field(default_factory=dict)  # token -> (unit, position, rule)
    shared_of: dict[int, int] = field(default_factory=dict)  # dependent shared by a junction's conjuncts -> jid
    junctions: list[Junction] = field(default_factory=list)


class ReduceToDependencies:
    name = "reduce"
    needs = ("tree", "words", "heads", "coordinations", "compounds")
    provides = ("deps",)

    def __init__(self, shared_dependents: str = "nearest"):
        # coordination.yaml shared_dependents: "first" keeps right-shared
        # dependents on the coordination's head, the first conjunct.
        self.right_shared_to_last = shared_dependents == "nearest"

    def run(self, parse: Parse) -> None:
        tree, heads = parse.tree, parse.heads
        n = len(parse.words)
        lexhead: dict[int, int] = {}
        parent_of: dict[int, Node] = {}
        order: list[Node] = []  # pre-order
        stack = [tree]
        while stack:
            node = stack.pop()
            order.append(node)
            kids = node.children
            if kids:
                for child in kids:
                    parent_of[id(child)] = node
                stack.extend(reversed(kids))
        head = [-1] * n
        attach: list[Node] = [tree] * n
        parent: list[Node | None] = [None] * n
        # Post-order, children first: a phrase's lexical head is its head
        # child's, and each other child's lexical head depends on it (each
        # word is the lexical head of one such child at most, so one pass).
        for node in reversed(order):
            if node.word is not None:
                lexhead[id(node)] = node.start
                continue
            kids = node.children
            hi = heads[id(node)]
            h = lexhead[id(node)] = lexhead[id(kids[hi])]
            for i, child in enumerate(kids):
                if i != hi:
                    w = lexhead[id(child)]
                    head[w] = h
                    attach[w] = child
                    parent[w] = node
        deps = Dependencies(head, attach, parent, lexhead, parent_of)
        self._compounds(parse, deps)
        self._coordinations(parse, deps, order, self.right_shared_to_last)
        parse.deps = deps

    @staticmethod
    def _compounds(parse: Parse, deps: Dependencies) -> None:
        unit = 0
        for node_id, (node, rule_id) in parse.compounds.items():
            par = deps.parent_of.get(node_id)
            if par is None or par.children[parse.heads[id(par)]] is node:
                continue  # a unit that heads its phrase stays as it is
            unit += 1
            target = deps.lexhead[id(par)]
            for pos, word in enumerate(node.words(), 1):
                w = word.start
                deps.head[w] = target
                deps.attach[w] = node
                deps.parent[w] = par
                deps.compound_of[w] = (unit, pos, rule_id)
            parse.fire(rule_id)

    @staticmethod
    def _coordinations(parse: Parse, deps: Dependencies, order: list[Node], right_shared_to_last: bool = True) -> None:
        coords = parse.coordinations
        head, lexhead = deps.head, deps.lexhead
        jid = 0
        for node in order:  # pre-order: outer coordinations first
            coord = coords.get(id(node))
            if coord is None:
                continue
            jid += 1
            kids = node.children
            conj_tokens = [lexhead[id(kids[i])] for i in coord.conjuncts]
            marker_tokens = [lexhead[id(kids[i])] for i in coord.markers]
            sep_tokens = [lexhead[id(kids[i])] for i in coord.separators]
            first = conj_tokens[0]
            target = head[first]
            shared = target != -1 and first not in deps.junction_of
            movers = conj_tokens[1:] + marker_tokens + sep_tokens
            if shared:
                for t in movers:
                    head[t] = target
                if first in deps.shared_of:  # a shared coordination moves whole: "of [ants and bees]"
                    for t in movers:
                        deps.shared_of.setdefault(t, deps.shared_of[first])
            for t in conj_tokens[1:]:
                deps.role_from[t] = first
            # Right-shared modifiers go to the last conjunct: "buy X and sell Y
            # tomorrow" -> tomorrow <- sell.
            last_node = kids[coord.conjuncts[-1]]
            last = conj_tokens[-1]
            skip = set(movers)
            # Each word so moved is marked (`shared_of`, rules:
            # coordination-shared), and only those: also a shared phrase
            # outside the coordinated one ("[the growth and survival] [of the
            # cells]"), not an adverb opening a conjunct ("or [maybe] X").
            # (With `shared_dependents: first` they stay, marked the same.)
            for d in range(len(head)):
                if head[d] == first and d not in skip and deps.attach[d].start >= last_node.end:
                    if right_shared_to_last:
                        head[d] = last
                    deps.shared_of.setdefault(d, jid)
            # An adverb that opens a conjunct modifies it: "or [even] early Tuesday".
            for m, c in coord.modifiers:
                head[lexhead[id(kids[m])]] = lexhead[id(kids[c])]
            for pos, t in enumerate(conj_tokens, 1):
                deps.junction_of.setdefault(t, (jid, pos))
            for t in marker_tokens + sep_tokens:
                deps.marker_of[t] = jid
            deps.junctions.append(Junction(jid, coord.rule_id, coord.kind, conj_tokens, marker_tokens, sep_tokens, shared,
                                           coord.nested))
            parse.fire(coord.rule_id)

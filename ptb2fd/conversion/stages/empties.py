"""Empty elements put back into parser-output trees (rules/empty_elements.yaml).

The records read three kinds of empty element: the object trace of a
passive participle (logical roles, clauses.yaml), the *EXP* / *ICH* that
marks an extraposed clause (roles.yaml `extraposed`), and the *T* trace of
a relative "whose N" (roles.yaml `wh-noun-*`). A parser outputs none of
them. Each rule names the element it puts back (`element`) and where
(`when`, conditions on one phrase of the tagged tree), in the manner of
Johnson (2002), with patterns read off the dev half:
- `object-trace`: "(VP (VBD was) (VP (VBN sold) (PP by them)))" gets
  "(VP (VBN sold) (NP (-NONE- *)) ...)"; when the participle has a clause
  complement without a subject ("was expected (S to rise)"), the trace is
  that clause's subject instead, as the Treebank has it.
- `expletive`: "(S (NP-SBJ It) (VP is (ADJP-PRD hard) (S to say)))": the
  last clause is indexed and the subject becomes "(NP-SBJ (NP It) (S
  (-NONE- *EXP*-1)))".
- `wh-trace`: "the firm (SBAR (WHNP whose workers) (S (VP built it)))":
  the WHNP is indexed and its trace is the clause's subject when the
  clause has none, else an object of its verb phrase.

Each element put back is listed as (rule id, word span it rests on) for
the records' provenance (stages/functions.py). Trees are rebuilt, never
changed in place.

Known failure: *ICH* (a phrase extraposed out of another, "a percentage
... [than they have historically]") is not put back; its phrase keeps the
role of where it stands.
"""
from __future__ import annotations

from ptb2fd.conversion.stages.empties_rules import EmptyRule, EmptyRules, Site, holds, verb_index
from ptb2fd.rulelang.patterns import any_match
from ptb2fd.trees.ptbtree import Label, Node, parse_label

NONE = parse_label("-NONE-")

def _null(label: str, element: str) -> Node:
    return Node(parse_label(label), (Node(NONE, (), element, "-NONE-"),))


def _indexed(label: Label, index: int, keep_tags: bool = True) -> Label:
    """The label with an index; an extraposed clause loses its predicted
    tags, as the Treebank's "(S-1 to say ...)" has none."""
    tags = label.ftags if keep_tags else ()
    return Label("-".join((label.cat, *tags, str(index))), label.cat, tags, str(index), label.gap, label.inferred)


def _by_phrase(node: Node) -> bool:
    return node.label.cat == "PP" and any(k.word is None and "LGS" in k.label.ftags for k in node.children)


def _has_subject(clause: Node) -> bool:
    return any(k.word is None and "SBJ" in k.label.ftags for k in clause.children)


class RestoreEmpties:
    """A tagged parser-style tree -> the same tree with the empty elements
    of empty_elements.yaml put back; `run` lists (rule id, word span)."""

    def __init__(self, rules: EmptyRules):
        self.rules = rules.rules
        self.object_trace_rules = frozenset(r.rule_id for r in self.rules if r.element == "object-trace")
        # The rules that can hold for a phrase of each category (the
        # `label` patterns are checked first, once per category).
        self._by_label: dict[str, tuple[EmptyRule, ...]] = {}  # raw label -> the rules its `label` fits

    def run(self, tree: Node, restored: list) -> Node:
        leaves = _LeafIndex(tree)
        edits: dict[int, list] = {}  # id(node) -> [("insert", at, node) | ("index", n) | ("expletive", n)]
        fresh = iter(range(1, 10_000))
        by_label = self._by_label
        # (node, its parent's entry): the ancestors as a chain (Site lists them when a condition asks)
        stack: list[tuple[Node, tuple | None]] = [(tree, None)]
        while stack:
            entry = stack.pop()
            node = entry[0]
            rules = by_label.get(node.label.raw)  # the raw label decides category and tags
            if rules is None:
                probe = Node(node.label, ())
                rules = by_label[node.label.raw] = tuple(r for r in self.rules
                                                         if not r.label or any_match(r.label, probe))
            if rules:
                site = Site(node, entry[1])
                for rule in rules:
                    if holds(rule, site) and self._apply(rule, site, edits, fresh, leaves, restored):
                        break
            for child in node.children:
                if child.word is None:
                    stack.append((child, entry))
        return _rebuild(tree, edits) if edits else tree

    def _apply(self, rule: EmptyRule, site: Site, edits, fresh, leaves, restored) -> bool:
        node = site.node
        if rule.element == "object-trace":
            up = site.ancestors
            if up and up[0].label.cat == "S" and _has_subject(up[0]) \
                    and (len(up) == 1 or up[1].label.cat not in ("VP", "PP")):
                # a clause with a subject that is no complement of a verb or a
                # preposition is finite: "(S Sales (VP fell/VBN))", "said that
                # prices (VP rose/VBN)" are past tenses mistagged (the clause
                # stage corrects them), no passive small clauses
                return False
            v = verb_index(node)
            # The first phrase after the verb, an untagged clause without a
            # subject, is its complement: "was expected (S (NP-SBJ *) (VP to
            # rise))"; not a tagged one: "is designed * (S-PRP to give ...)".
            # (a by-phrase between them aside: "is considered by many (S * to be childish)")
            after = next((k for k in node.children[v + 1:] if k.word is None and not _by_phrase(k)), None)
            clause = after if after is not None and after.label.cat == "S" and not after.label.ftags \
                and not _has_subject(after) else None
            if clause is not None:
                edits.setdefault(id(clause), []).append(("insert", 0, _null("NP-SBJ", "*")))
            else:
                edits.setdefault(id(node), []).append(("insert", v + 1, _null("NP", "*")))
            at = leaves.index(node.children[v])
            restored.append((rule.rule_id, (at, at + 1)))
            return True
        if rule.element == "expletive":
            clause, _ = site.clause()
            subject = next(k for k in clause.children if k.word is None and "SBJ" in k.label.ftags)
            complement = [k for k in node.children if k.word is None][-1]
            n = next(fresh)
            edits.setdefault(id(complement), []).append(("extraposed", n))
            edits.setdefault(id(subject), []).append(("expletive", n))
            restored.append((rule.rule_id, _span(complement, leaves)))
            return True
        if rule.element == "wh-trace":
            parent = site.parent
            clause = next((k for k in parent.children if k.word is None and k.label.cat in ("S", "SQ")), None)
            if clause is None:
                return False
            n = next(fresh)
            edits.setdefault(id(node), []).append(("index", n))
            if _has_subject(clause):
                vp = next((k for k in clause.children if k.word is None and k.label.cat == "VP"), None)
                if vp is None:
                    return False
                edits.setdefault(id(vp), []).append(("insert", len(vp.children), _null("NP", f"*T*-{n}")))
            else:
                edits.setdefault(id(clause), []).append(("insert", 0, _null("NP-SBJ", f"*T*-{n}")))
            restored.append((rule.rule_id, _span(node, leaves)))
            return True
        return False


class _LeafIndex:
    """Word positions in the tree, worked out when an element is put back."""

    def __init__(self, tree: Node):
        self.tree = tree
        self._map: dict[int, int] | None = None

    def index(self, leaf: Node) -> int:
        if self._map is None:
            self._map = {id(w): i for i, w in enumerate(self.tree.words())}
        return self._map[id(leaf)]


def _span(node: Node, leaves: _LeafIndex) -> tuple[int, int]:
    words = node.words()
    return leaves.index(words[0]), leaves.index(words[-1]) + 1


def _rebuild(tree: Node, edits: dict[int, list]) -> Node:
    """The tree with the edits applied, children before parents; only the
    edited phrases and those above them are built anew, the rest is shared."""
    order: list[Node] = []
    parent: dict[int, Node] = {}  # id(phrase) -> its parent
    stack = [tree]
    while stack:
        node = stack.pop()
        order.append(node)
        for child in node.children:
            if child.word is None:
                parent[id(child)] = node
                stack.append(child)
    dirty: set[int] = set()
    for key in edits:
        while key not in dirty:
            dirty.add(key)
            up = parent.get(key)
            if up is None:
                break
            key = id(up)
    built: dict[int, Node] = {}
    for node in reversed(order):
        if id(node) not in dirty:
            continue
        kids = [built.get(id(c), c) for c in node.children]
        label = node.label
        mine = edits.get(id(node), ())
        for edit in mine:
            if edit[0] in ("index", "extraposed"):
                label = _indexed(label, edit[1], keep_tags=edit[0] == "index")
            elif edit[0] == "expletive":  # "(NP-SBJ It)" -> "(NP-SBJ (NP It) (S (-NONE- *EXP*-1)))"
                kids = [Node(parse_label("NP"), tuple(kids)), _null("S", f"*EXP*-{edit[1]}")]
        for edit in sorted((e for e in mine if e[0] == "insert"), key=lambda e: -e[1]):
            kids.insert(edit[1], edit[2])
        built[id(node)] = Node(label, tuple(kids))
    return built[id(tree)]

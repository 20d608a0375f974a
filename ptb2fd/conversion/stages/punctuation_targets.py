"""Where one punctuation mark goes under each strategy of rules/punctuation.yaml.

The strategies, tried in the order of the rules:
    root-final     the sentence-final mark(s) go to the root;
    coordination   a mark that separates conjuncts goes with the coordination;
    pair           an opening mark and its closing partner enclose a phrase:
                   `` [Chase] '' -> both to "Chase";
    open / close   an opening mark to the phrase on its right, a closing one
                   to the phrase on its left;
    paired         paired commas around one sibling stay with it
                   ("Pierre Vinken , 61 years old , will join" -> both to "old");
    outward        a mark goes to the neighbour farther from the phrase head;
    bracket-head   the head of the mark's bracket (the fallback).
A phrase's word on the left is its head, or its role marker when it starts
with one ("`` [in] an effort"); on the right, its head, or the last conjunct
of a coordination attached higher up.

Known failure: a mark whose phrase holds nothing but marks goes up to the
first ancestor headed by another word, which may be far off.
"""
from __future__ import annotations

from ptb2fd.conversion.pipeline import Parse
from ptb2fd.conversion.stages.punctuation_rules import PunctRule, PunctuationRules
from ptb2fd.conversion.stages.treebank import TreebankVocabulary
from ptb2fd.trees.ptbtree import Node

RAW_QUOTES = frozenset({'"', "'"})  # raw quotes: opening or closing by parity


class PunctuationTargets:
    """The word a mark attaches to, and its role, under one rule's strategy (`_apply`)."""

    def __init__(self, rules: PunctuationRules, vocab: TreebankVocabulary, compound_label: str = "CPREP"):
        self.rules = rules
        self.vocab = vocab
        self.compound_label = compound_label  # compound_prepositions.yaml `label`
        self.openers = frozenset(rules.pairs)
        self.closers = frozenset(m for partners in rules.pairs.values() for m in partners) - RAW_QUOTES

    def is_punct(self, node: Node) -> bool:
        return self.vocab.is_punct(node) and node.tag not in self.rules.not_punctuation

    def _opening(self, node: Node, parity: int) -> bool | None:
        if node.word in RAW_QUOTES:
            return parity == 0
        if node.word in self.openers or node.tag in self.openers:
            return True
        if node.word in self.closers or node.tag in self.closers:
            return False
        return None

    def _is_marker(self, node: Node) -> bool:
        """A preposition-like word or a compound preposition unit."""
        if node.word is not None:
            return node.tag in self.rules.marker_tags and node.tag != "CC"
        return node.made_by is not None and node.label.cat == self.compound_label

    def _left(self, deps, node: Node) -> int:
        """The word an opening mark before `node` goes with: the phrase's
        role marker when the phrase starts with one ("`` [in] an effort"),
        or its opening conjunction, whatever its tag ("-LRB- [both] X and
        Y"), or a compound preposition, whatever its first word's tag ("``
        [contrary] to common sense"), so the mark stays outside it; else the
        phrase's head ("of `` [Chase]")."""
        head = deps.lexhead[id(node)]
        first = node
        while first.word is None:
            first = first.children[0]
        if first.start != head and (first.tag in self.rules.marker_tags or first.start in deps.marker_of
                                    or first.start in deps.compound_of):
            return first.start
        return head

    @staticmethod
    def _right(deps, node: Node) -> int:
        """The word whose phrase ends where `node` ends: its lexical head,
        or, when that head is the first conjunct of a coordination whose
        conjuncts were attached higher up, the last conjunct ("are curly and
        are more easily rejected [,]" -> rejected)."""
        t = deps.lexhead[id(node)]
        moved = True
        while moved:
            moved = False
            for j in deps.junctions:
                if j.shared_head and j.conjuncts[0] == t and node.start <= j.conjuncts[-1] < node.end:
                    t = j.conjuncts[-1]
                    moved = True
                    break
        return t

    def _closes(self, opener: Node, other: Node) -> bool:
        key = opener.word if opener.word in self.rules.pairs else opener.tag
        partners = self.rules.pairs.get(key, frozenset())
        return other.word in partners or other.tag in partners

    def _content(self, kids: tuple[Node, ...]) -> list[int]:
        return [i for i, k in enumerate(kids) if not (k.word is not None and self.is_punct(k))]

    def _apply(self, rule: PunctRule, parse: Parse, t: int, node: Node, parent: Node | None, root: int,
               opening: bool | None, decided) -> tuple[int, str] | None:
        deps = parse.deps
        s = rule.strategy
        if s == "root-final":
            rest = parse.words[t + 1:]
            if all(self.is_punct(w) and self._opening(w, 1) is not True for w in rest):
                return root, "rightpunc"
            return None
        if s == "coordination":
            if t in deps.marker_of:
                return deps.head[t], "coordpunc"
            return None
        if parent is None:
            return (root, "rightpunc") if s == "bracket-head" else None
        kids = parent.children
        k = next(i for i, c in enumerate(kids) if c is node)
        content = self._content(kids)
        lex = deps.lexhead
        if s == "pair":
            if not opening:
                return None
            for m in range(k + 1, len(kids)):
                other = kids[m]
                if other.word is not None and self._closes(node, other) and self._opening(other, 1) is not True:
                    inside = [i for i in content if k < i < m]
                    if not inside:
                        return None
                    if len(inside) == 1 or inside == content:
                        node_in = kids[inside[0]] if len(inside) == 1 else parent
                        decided[other.start] = (self._right(deps, node_in), "rightpunc", rule.rule_id)
                        return self._left(deps, node_in), "leftpunc"
                    decided[other.start] = (self._right(deps, kids[inside[-1]]), "rightpunc", rule.rule_id)
                    return self._left(deps, kids[inside[0]]), "leftpunc"
            return None
        after = [i for i in content if i > k]
        before = [i for i in content if i < k]
        head_index = parse.heads[id(parent)]
        # A mark goes to the head child's word only at the edge of the
        # phrase: that word's phrase is the whole phrase. "(NP (NP genuine
        # progress) ('' '') (PP on this issue))" leaves the quote to `outward`.
        # Role markers before the head ("because of `` serious questions")
        # are spelled before an opening mark anyway (order.yaml leftpunc-inner).
        # (In a VP, "to" is the infinitive marker, not a role marker.)
        in_vp = parent.label.cat == "VP"
        outer_before = [i for i in before if in_vp or not self._is_marker(kids[i])]
        if s == "open":
            if opening and after and not (after[0] == head_index and outer_before):
                return self._left(deps, kids[after[0]]), "leftpunc"
            return None
        if s == "open-inside":
            # An opening mark that nothing after it closes goes with the
            # word on its right even inside a phrase (paper 4.6): "She felt
            # the [‘] warmth of pride" -> leftpunc of "warmth".
            if opening and after and (not rule.parents or parent.label.cat in rule.parents) \
                    and not any(self._closes(node, w) for w in parse.words[t + 1:]):
                return self._left(deps, kids[after[0]]), "leftpunc"
            return None
        if s == "close":
            if opening is False and before and not (before[-1] == head_index and after):
                return self._right(deps, kids[before[-1]]), "rightpunc"
            return None
        if s == "paired":
            # The next paired mark among the siblings closes the pair.
            for m in range(k + 1, len(kids)):
                other = kids[m]
                if other.word is not None and self.is_punct(other) and (other.word in rule.marks or other.tag in rule.marks):
                    inside = [i for i in content if k < i < m]
                    if len(inside) == 1 and inside[0] != head_index and other.start not in decided:
                        node_in = kids[inside[0]]
                        decided[other.start] = (self._right(deps, node_in), "rightpunc", rule.rule_id)
                        return lex[id(node_in)], "leftpunc"
                    return None
            return None
        if s == "outward":
            left = before[-1] if before else None
            right = after[0] if after else None
            # Candidates are neighbours whose word's phrase ends (starts) at
            # the mark: the head child only at the edge of the phrase.
            ok_left = left is not None and (left != head_index or not after)
            ok_right = right is not None and (right != head_index or not (outer_before if opening else before))
            if ok_left and ok_right:
                if opening is True:
                    ok_left = False
                elif opening is False:
                    ok_right = False
                elif abs(left - head_index) >= abs(right - head_index):
                    ok_right = False
                else:
                    ok_left = False
            if ok_left:
                return self._right(deps, kids[left]), "rightpunc"
            if ok_right:
                return self._left(deps, kids[right]), "leftpunc"
            if left is not None:
                return self._right(deps, kids[left]), "rightpunc"
            if right is not None:
                return self._left(deps, kids[right]), "leftpunc"
            return None
        # bracket-head: the head of the phrase, or higher up if the phrase is
        # nothing but punctuation.
        node_up = parent
        while node_up is not None and lex[id(node_up)] == t:
            node_up = deps.parent_of.get(id(node_up))
        target = lex[id(node_up)] if node_up is not None else root
        return target, ("leftpunc" if t < target else "rightpunc")

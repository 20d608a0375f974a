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

from bisect import bisect_left, bisect_right

from ptb2fd.conversion.pipeline import Parse
from ptb2fd.conversion.stages.punctuation_rules import PunctRule, PunctuationRules
from ptb2fd.conversion.stages.treebank import TreebankVocabulary
from ptb2fd.trees.ptbtree import Node

RAW_QUOTES = frozenset({'"', "'"})  # raw quotes: opening or closing by parity


class Siblings:
    """One phrase's children as the strategies see them, worked out once per
    phrase and sentence: each child's position, the positions of the
    children that are not marks (`content`), and the first of those that is
    not a role marker. Worked out again for every mark, they made a flat
    phrase of 8,000 nouns with a comma every tenth word quadratic."""

    __slots__ = ("kids", "position", "content", "first_plain")

    def __init__(self, kids: tuple[Node, ...], is_punct, is_marker):
        self.kids = kids
        self.position = {id(k): i for i, k in reversed(tuple(enumerate(kids)))}  # the first, if twice
        self.content = [i for i, k in enumerate(kids) if not (k.word is not None and is_punct(k))]
        self.first_plain = next((i for i in self.content if not is_marker(kids[i])), None)

    def last_before(self, k: int) -> int | None:
        at = bisect_left(self.content, k)
        return self.content[at - 1] if at else None

    def first_after(self, k: int) -> int | None:
        at = bisect_right(self.content, k)
        return self.content[at] if at < len(self.content) else None

    def inside(self, k: int, m: int) -> list[int]:
        """The content positions strictly between k and m."""
        return self.content[bisect_right(self.content, k):bisect_left(self.content, m)]


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
    def _right(deps, node: Node, shared: dict[int, list] | None = None) -> int:
        """The word whose phrase ends where `node` ends: its lexical head,
        or, when that head is the first conjunct of a coordination whose
        conjuncts were attached higher up, the last conjunct ("are curly and
        are more easily rejected [,]" -> rejected). `shared`: those
        junctions by their first conjunct, in order (`shared_junctions`)."""
        if shared is None:
            shared = PunctuationTargets.shared_junctions(deps)
        t = deps.lexhead[id(node)]
        moved = True
        while moved:
            moved = False
            for j in shared.get(t, ()):
                if node.start <= j.conjuncts[-1] < node.end:
                    t = j.conjuncts[-1]
                    moved = True
                    break
        return t

    @staticmethod
    def shared_junctions(deps) -> dict[int, list]:
        """The junctions whose conjuncts moved up to the phrase's head, by
        their first conjunct's token, in order."""
        out: dict[int, list] = {}
        for j in deps.junctions:
            if j.shared_head:
                out.setdefault(j.conjuncts[0], []).append(j)
        return out

    def _closes(self, opener: Node, other: Node) -> bool:
        key = opener.word if opener.word in self.rules.pairs else opener.tag
        partners = self.rules.pairs.get(key, frozenset())
        return other.word in partners or other.tag in partners

    def _apply(self, rule: PunctRule, parse: Parse, t: int, node: Node, parent: Node | None, root: int,
               opening: bool | None, decided, memo: dict) -> tuple[int, str] | None:
        """`memo`: what is worked out once per sentence (a `Siblings` per
        phrase by id, the shared junctions under "shared"), empty at first."""
        deps = parse.deps
        s = rule.strategy
        words = parse.words
        if s == "root-final":
            for w in range(t + 1, len(words)):
                if not (self.is_punct(words[w]) and self._opening(words[w], 1) is not True):
                    return None
            return root, "rightpunc"
        if s == "coordination":
            if t in deps.marker_of:
                return deps.head[t], "coordpunc"
            return None
        if parent is None:
            return (root, "rightpunc") if s == "bracket-head" else None
        sib = memo.get(id(parent))
        if sib is None:
            sib = memo[id(parent)] = Siblings(parent.children, self.is_punct, self._is_marker)
        shared = memo.get("shared")
        if shared is None:
            shared = memo["shared"] = self.shared_junctions(deps)
        kids = parent.children
        k = sib.position[id(node)]
        lex = deps.lexhead
        if s == "pair":
            if not opening:
                return None
            for m in range(k + 1, len(kids)):
                other = kids[m]
                if other.word is not None and self._closes(node, other) and self._opening(other, 1) is not True:
                    inside = sib.inside(k, m)
                    if not inside:
                        return None
                    if len(inside) == 1 or len(inside) == len(sib.content):  # inside is all the content
                        node_in = kids[inside[0]] if len(inside) == 1 else parent
                        decided[other.start] = (self._right(deps, node_in, shared), "rightpunc", rule.rule_id)
                        return self._left(deps, node_in), "leftpunc"
                    decided[other.start] = (self._right(deps, kids[inside[-1]], shared), "rightpunc", rule.rule_id)
                    return self._left(deps, kids[inside[0]]), "leftpunc"
            return None
        after = sib.first_after(k)  # the first content child after the mark, or None
        before = sib.last_before(k)  # the last one before it
        head_index = parse.heads[id(parent)]
        # A mark goes to the head child's word only at the edge of the
        # phrase: that word's phrase is the whole phrase. "(NP (NP genuine
        # progress) ('' '') (PP on this issue))" leaves the quote to `outward`.
        # Role markers before the head ("because of `` serious questions")
        # are spelled before an opening mark anyway (order.yaml leftpunc-inner).
        # (In a VP, "to" is the infinitive marker, not a role marker.)
        in_vp = parent.label.cat == "VP"
        # Some content child before the mark that is not a role marker.
        outer_before = (before is not None) if in_vp else (sib.first_plain is not None and sib.first_plain < k)
        if s == "open":
            if opening and after is not None and not (after == head_index and outer_before):
                return self._left(deps, kids[after]), "leftpunc"
            return None
        if s == "open-inside":
            # An opening mark that nothing after it closes goes with the
            # word on its right even inside a phrase (paper 4.6): "She felt
            # the [‘] warmth of pride" -> leftpunc of "warmth".
            if opening and after is not None and (not rule.parents or parent.label.cat in rule.parents) \
                    and not any(self._closes(node, words[w]) for w in range(t + 1, len(words))):
                return self._left(deps, kids[after]), "leftpunc"
            return None
        if s == "close":
            if opening is False and before is not None and not (before == head_index and after is not None):
                return self._right(deps, kids[before], shared), "rightpunc"
            return None
        if s == "paired":
            # The next paired mark among the siblings closes the pair.
            for m in range(k + 1, len(kids)):
                other = kids[m]
                if other.word is not None and self.is_punct(other) and (other.word in rule.marks or other.tag in rule.marks):
                    inside = sib.inside(k, m)
                    if len(inside) == 1 and inside[0] != head_index and other.start not in decided:
                        node_in = kids[inside[0]]
                        decided[other.start] = (self._right(deps, node_in, shared), "rightpunc", rule.rule_id)
                        return lex[id(node_in)], "leftpunc"
                    return None
            return None
        if s == "outward":
            left, right = before, after
            # Candidates are neighbours whose word's phrase ends (starts) at
            # the mark: the head child only at the edge of the phrase.
            ok_left = left is not None and (left != head_index or after is None)
            ok_right = right is not None and (right != head_index or not (outer_before if opening else before is not None))
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
                return self._right(deps, kids[left], shared), "rightpunc"
            if ok_right:
                return self._left(deps, kids[right]), "leftpunc"
            if left is not None:
                return self._right(deps, kids[left], shared), "rightpunc"
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

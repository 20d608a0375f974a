"""Punctuation attachment (rules/punctuation.yaml; paper section 4.6).

Each mark goes to a head by association rules, not to the head of its
bracket: an opening quote is a leftpunc of the constituent on its right,
paired commas stay with the appositive they enclose ("Pierre Vinken , 61
years old , will join" -> both commas <- old), and otherwise a mark goes
outward to the neighbour farther from the phrase head.

Raw quotes (`"` and `'`, whatever their tag) open or close by parity over
the whole sentence, counted separately for each character.

Known failures: a quote that opens in one constituent and closes in another
(it happens in the WSJ) is attached as two unpaired marks; a `'` that is an
apostrophe but tagged as a quote ("rock 'n' roll" split into words) upsets
the parity of the single quotes after it.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..pipeline import Parse
from ..ptbtree import Node
from ..rulefile import line_of
from .treebank import TreebankVocabulary

STRATEGIES = ("root-final", "coordination", "pair", "open", "close", "paired", "outward", "bracket-head")
_AMBIGUOUS = frozenset({'"', "'"})  # raw quotes: opening or closing by parity


@dataclass(frozen=True)
class PunctRule:
    rule_id: str
    strategy: str
    marks: frozenset[str]  # empty: any mark


@dataclass(frozen=True)
class PunctuationRules:
    pairs: dict[str, frozenset[str]]
    not_punctuation: frozenset[str]
    marker_tags: frozenset[str]
    rules: tuple[PunctRule, ...]

    def rule_ids(self) -> list[str]:
        return [r.rule_id for r in self.rules]


def compile_punctuation(data, checker) -> PunctuationRules | None:
    data = checker.mapping(data, "punctuation.yaml")
    if data is None:
        return None
    checker.keys(data, ["pairs", "not_punctuation", "marker_tags", "rules"], ["pairs", "rules"],
                 what="punctuation.yaml")
    pairs = {str(k): frozenset(checker.strings(v, f"pairs.{k}")) for k, v in
             (checker.mapping(data.get("pairs", {}), "pairs") or {}).items()}
    pairs.setdefault('"', frozenset({'"'}))
    pairs.setdefault("'", frozenset({"'"}))
    rules = []
    for spec, rid, _ in checker.rules(data, "rules", "punctuation rule", ["id", "strategy", "marks"],
                                      ["id", "strategy"]):
        strategy = checker.choice(spec.get("strategy"), STRATEGIES, "strategy", rid, line_of(spec))
        rules.append(PunctRule(str(rid), strategy or "bracket-head",
                               frozenset(checker.strings(spec.get("marks", []), "marks", rid))))
    return PunctuationRules(pairs, frozenset(checker.strings(data.get("not_punctuation", []), "not_punctuation")),
                            frozenset(checker.strings(data.get("marker_tags", []), "marker_tags")), tuple(rules))


class AttachPunctuation:
    """Re-heads punctuation tokens; sets `punct_roles` (token -> role, rule)."""

    name = "punctuation"
    needs = ("deps", "heads", "words")
    provides = ("punct_roles",)

    def __init__(self, rules: PunctuationRules, vocab: TreebankVocabulary, compound_label: str = "CPREP"):
        self.rules = rules
        self.vocab = vocab
        self.compound_label = compound_label  # compound_prepositions.yaml `label`
        self.openers = frozenset(rules.pairs)
        self.closers = frozenset(m for partners in rules.pairs.values() for m in partners) - _AMBIGUOUS

    def is_punct(self, node: Node) -> bool:
        return self.vocab.is_punct(node) and node.tag not in self.rules.not_punctuation

    def run(self, parse: Parse) -> None:
        deps, words = parse.deps, parse.words
        n = len(words)
        roles: dict[int, tuple[str, str]] = {}
        decided: dict[int, tuple[int, str, str]] = {}  # partner marks decided early
        root = deps.head.index(-1)
        # Raw quotes open or close by parity over the whole sentence, one
        # count per character: in `" he told me 'no' yesterday "` the single
        # quotes pair with each other, not with the double ones.
        quote_parity = dict.fromkeys(_AMBIGUOUS, 0)
        final_inside: int | None = None  # a final "." that a closing quote follows
        for t in range(n):
            node = words[t]
            if not self.is_punct(node):
                continue
            opening = self._opening(node, quote_parity.get(node.word, 0))
            if node.word in _AMBIGUOUS:
                quote_parity[node.word] ^= 1
            if t == root:
                continue
            if t in decided:
                target, role, rid = decided.pop(t)
                self._set(parse, t, target, role, rid, roles)
                if final_inside is not None and t > final_inside:
                    self._retarget(parse, final_inside, target)
                    final_inside = None
                continue
            parent = deps.parent_of.get(id(node))
            for rule in self.rules.rules:
                if rule.marks and node.word not in rule.marks and node.tag not in rule.marks:
                    continue
                result = self._apply(rule, parse, t, node, parent, root, opening, decided)
                if result is not None:
                    target, role = result
                    if rule.strategy == "root-final" and t + 1 < n and final_inside is None:
                        final_inside = t  # ". ''": decided with the closing mark
                    self._set(parse, t, target, role, rule.rule_id, roles)
                    break
            if final_inside is not None and t > final_inside and t in roles:
                # The period goes inside the quote it precedes: same head,
                # before the closing mark ("... does n't exist . ''").
                target = parse.deps.head[t] if t != root else root
                self._retarget(parse, final_inside, target)
                final_inside = None
        self._uncross(parse, roles)
        parse.punct_roles = roles

    @staticmethod
    def _uncross(parse: Parse, roles: dict[int, tuple[str, str]]) -> None:
        """Adjacent marks must not cross (paper 4.6): in ", ''" both close
        the quotation, so if the quote would attach inside the span of the
        comma's edge it goes with the comma; the same for opening marks
        before a mark attached to the right ("`` (")."""
        head = parse.deps.head
        n = len(head)
        for t in range(1, n):
            q = t - 1  # a mark attached to the left, right before t
            if t in roles and q in roles and roles[t][0] == "rightpunc" and 0 <= head[q] < q:
                if head[q] < head[t] < q and not AttachPunctuation._dominates(head, t, head[q]):
                    head[t] = head[q]
        for t in range(1, n):
            q = t - 1  # "X , '' said Y": a comma attached to the right, right
            # before a closing mark attached to the left, is inside the
            # quotation; it goes with the closing mark.
            if t in roles and q in roles and roles[t][0] == "rightpunc" and 0 <= head[t] < q < head[q] \
                    and not AttachPunctuation._dominates(head, q, head[t]):
                head[q] = head[t]
                roles[q] = ("rightpunc", roles[q][1])
        for t in range(n - 2, -1, -1):
            r = t + 1  # a mark attached to the right, right after t
            if t in roles and r in roles and roles[t][0] == "leftpunc" and head[r] > r:
                if r < head[t] < head[r] and not AttachPunctuation._dominates(head, t, head[r]):
                    head[t] = head[r]

    def _is_marker(self, node: Node) -> bool:
        """A preposition-like word or a compound preposition unit."""
        if node.word is not None:
            return node.tag in self.rules.marker_tags and node.tag != "CC"
        return node.made_by is not None and node.label.cat == self.compound_label

    @classmethod
    def _retarget(cls, parse: Parse, t: int, target: int) -> None:
        if target != t and target >= 0 and not cls._dominates(parse.deps.head, t, target):
            parse.deps.head[t] = target

    @staticmethod
    def _dominates(head: list[int], t: int, target: int) -> bool:
        """True if `target` depends (directly or not) on `t`: attaching t to
        it would make a cycle. It happens in a phrase of nothing but marks,
        where one mark heads the others: "(SQ (. .) (SYM --))"."""
        seen = 0
        h = target
        while h >= 0 and seen <= len(head):
            if h == t:
                return True
            h = head[h]
            seen += 1
        return False

    def _set(self, parse: Parse, t: int, target: int, role: str, rule_id: str, roles) -> None:
        if target != t and target >= 0 and not self._dominates(parse.deps.head, t, target):
            parse.deps.head[t] = target
        roles[t] = (role, rule_id)
        parse.fire(rule_id)

    def _opening(self, node: Node, parity: int) -> bool | None:
        if node.word in _AMBIGUOUS:
            return parity == 0
        if node.word in self.openers or node.tag in self.openers:
            return True
        if node.word in self.closers or node.tag in self.closers:
            return False
        return None

    def _left(self, deps, node: Node) -> int:
        """The word an opening mark before `node` goes with: the phrase's
        role marker when the phrase starts with one ("`` [in] an effort"),
        so the mark stays outside it; else the phrase's head ("of ``
        [Chase]")."""
        head = deps.lexhead[id(node)]
        first = node
        while first.word is None:
            first = first.children[0]
        if first.start != head and first.tag in self.rules.marker_tags:
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

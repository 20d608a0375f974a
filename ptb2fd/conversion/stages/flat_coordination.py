"""Word-level coordination inside flat NPs (analyses flat-shared, flat-premod, flat-full).

The Treebank leaves NPs such as "a sales and marketing executive" flat.
The conjuncts are runs of words between boundaries (a determiner, a
possessive, a conjunction, a separator, punctuation), and the layout
depends on what follows the last conjunct:
    flat-shared:  (NP Ford and Chrysler dealers): the NNP conjuncts "Ford"
                  and "Chrysler" share the plural head "dealers", no new node;
    flat-premod:  (NP a sales and marketing executive)
                  -> (NP a (NX sales and marketing) executive);
    flat-full:    (NP Smith Barney and Merrill Lynch), no shared head
                  -> (NP (NML Smith Barney) and (NML Merrill Lynch)).
The same class builds the new nodes and records each coordination found
(`_new`, `_register`), for the phrasal analyses too.

Known failure: conjunct boundaries are guessed from word counts, the left
conjunct as long as the right one ("big and small business owners" ->
[big and small] business owners).
"""
from __future__ import annotations

from ptb2fd.conversion.stages.conjuncts import ConjunctFinder
from ptb2fd.conversion.stages.coordination_rules import Coordination, CoordRule
from ptb2fd.trees.ptbtree import Label, Node

__all__ = ["FlatCoordination"]

# Words that close a flat-NP conjunct on the left: "the" in "the stock and bond markets".
_BOUNDARY_TAGS = frozenset({"DT", "PDT", "PRP$", "WDT", "WP$", "POS", "WP"})


class FlatCoordination(ConjunctFinder):
    """Builds coordination nodes; analyses word-level coordination in flat NPs.

    `coords` and `parse` are set by the stage (`NestCoordination.run`).
    """

    coords: dict[int, Coordination]

    def _new(self, like: Node, children: list[Node] | tuple[Node, ...], label: Label | None = None,
             made_by: str | None = None, keep_nulls: bool = False) -> Node:
        children = tuple(children)
        return Node(label or like.label, children, None, None, children[0].start, children[-1].end,
                    like.nulls if label is None or keep_nulls else (), made_by if made_by else like.made_by)

    def _register(self, node: Node, conj, marks, seps, rule: CoordRule, nested: bool, mods=()) -> None:
        if len(conj) < 2:
            return
        self.coords[id(node)] = Coordination(tuple(conj), tuple(marks), tuple(seps), rule.rule_id, rule.count_as, nested,
                                             tuple(mods))
        if nested:
            self.parse.notes[f"nesting:{rule.count_as}"] += 1

    def _segment(self, kids: list[Node], i: int, step: int) -> list[int]:
        """Consecutive word children from i in direction step, up to a boundary."""
        seg = []
        while 0 <= i < len(kids):
            c = kids[i]
            if c.word is None or self._is_marker(c) or self._is_sep(c) or self.vocab.is_punct(c) or c.tag in _BOUNDARY_TAGS:
                break
            seg.append(i)
            i += step
        return seg if step > 0 else seg[::-1]

    def _flat(self, node: Node, kids: list[Node], start: int, end: int) -> Node | None:
        """Word-level coordination inside a flat NP (analyses flat-*)."""
        cat = node.label.cat
        markers = [i for i in range(start, end + 1) if self._is_marker(kids[i])]
        last_marker = markers[-1]
        right = self._segment(kids, last_marker + 1, +1)
        if not right:
            return None
        # Left conjuncts: segments separated by separators or conjunctions.
        lefts: list[list[int]] = []
        i = last_marker - 1
        while i >= 0:
            while i >= 0 and (self._is_sep(kids[i]) or self._is_marker(kids[i])):
                i -= 1
            seg = self._segment(kids, i, -1)
            if not seg:
                break
            lefts.insert(0, seg)
            i = seg[0] - 1
            if not (i >= 0 and (self._is_sep(kids[i]) or self._is_marker(kids[i]))):
                break
            # only keep going while the separator run leads to another segment
            j = i
            while j >= 0 and (self._is_sep(kids[j]) or self._is_marker(kids[j])):
                j -= 1
            if j < 0 or not self._segment(kids, j, -1):
                break
        if not lefts:
            return None
        named = self._identifiers_only(kids, lefts[0], right)
        if named is not lefts[0]:
            # "Tables 2a and 2b" -> (NP Tables (NML 2a and 2b)): the noun heads.
            lefts[0] = named
            rule = self._rule_for(cat, lambda r: r.analysis == "flat-full")
            return None if rule is None else self._grouped_as(node, kids, lefts + [right], rule, "NML")
        ll = len(lefts[-1])
        head_noun = kids[right[-1]].tag.startswith("NN")
        if len(right) > ll and head_noun:
            conj_right, tail = right[:ll], right[ll:]
            shared = self._rule_for(cat, lambda r: r.analysis == "flat-shared")
            if shared and kids[tail[-1]].tag in shared.head_tags and all(
                    len(s) == 1 and kids[s[0]].tag in shared.conjunct_tags for s in lefts + [conj_right]):
                conj = [s[0] for s in lefts] + [conj_right[0]]
                first, last = conj[0], conj[-1]
                marks = [i for i in range(first, last + 1) if self._is_marker(kids[i])]
                seps = [i for i in range(first, last + 1) if self._is_sep(kids[i])]
                self._open_marker(kids, first, marks)
                new = self._new(node, kids)
                self._register(new, conj, marks, seps, shared, False)
                return new
            rule = self._rule_for(cat, lambda r: r.analysis == "flat-premod")
            return None if rule is None else self._grouped_as(node, kids, lefts + [conj_right], rule, "NX")
        rule = self._rule_for(cat, lambda r: r.analysis == "flat-full")
        if rule is None:
            return None
        first, last, inner, grouped, conj, marks, seps = self._group_span(kids, lefts + [right], rule)
        new = self._new(node, kids[:first] + grouped + kids[last + 1:])
        offset = first
        self._register(new, [c + offset for c in conj], [m + offset for m in marks], [s + offset for s in seps], rule,
                       len(grouped) < len(inner))
        return new

    def _grouped_as(self, node: Node, kids: list[Node], segments, rule, label: str) -> Node:
        """`node` with the coordinated `segments` grouped under a new phrase
        `label` (NML for "Tables [2a and 2b]", NX for "[U.S. and Soviet]
        officials"), registered as a coordination of its own."""
        first, last, _, grouped, conj, marks, seps = self._group_span(kids, segments, rule)
        phrase = self._new(node, grouped, Label(label, label), rule.rule_id)
        self._register(phrase, conj, marks, seps, rule, True)
        return self._new(node, kids[:first] + [phrase] + kids[last + 1:])

    def _identifiers_only(self, kids: list[Node], first: list[int], right: list[int]) -> list[int]:
        """The first conjunct without the noun its identifiers name: "Figs [3a]
        and [3c]", "Fig. [4a] , [4b] and [4c]" (not "[Figs 3a] and [3c]")."""
        pattern = self.rules.identifier_words
        if pattern is None or len(first) <= len(right):
            return first
        def ident(i: int) -> bool:
            return bool(pattern.match(kids[i].word))
        tail = first[-len(right):]
        if all(map(ident, right)) and all(map(ident, tail)) and not ident(first[0]):
            return tail
        return first

    def _group_span(self, kids, segments, rule):
        """The span from the first segment (with an opening marker before it) to
        the last, its children grouped per conjunct: (first, last, the span's
        children, grouped, conjunct, marker and separator indices in the span)."""
        first, last = segments[0][0], segments[-1][-1]
        first = self._open_marker_start(kids, first)
        inner = kids[first:last + 1]
        grouped, conj, marks, seps = self._group_segments(inner, [[x - first for x in s] for s in segments], rule)
        return first, last, inner, grouped, conj, marks, seps

    def _open_marker_start(self, kids: list[Node], first: int) -> int:
        if first > 0 and self._is_marker(kids[first - 1]) and self._initial(kids[first - 1]):
            return first - 1
        return first

    def _open_marker(self, kids: list[Node], first: int, marks: list[int]) -> None:
        start = self._open_marker_start(kids, first)
        if start < first:
            marks.insert(0, start)

    def _group_segments(self, inner: list[Node], segments: list[list[int]], rule: CoordRule):
        """Wrap multi-word conjunct segments in NML nodes; return new children
        and the conjunct / marker / separator indices among them."""
        seg_of = {s[0]: s for s in segments}
        out: list[Node] = []
        conj, marks, seps = [], [], []
        i = 0
        while i < len(inner):
            if i in seg_of:
                seg = seg_of[i]
                if len(seg) == 1:
                    out.append(inner[i])
                else:
                    out.append(self._new(inner[i], [inner[x] for x in seg], Label("NML", "NML"), rule.rule_id))
                conj.append(len(out) - 1)
                i = seg[-1] + 1
                continue
            c = inner[i]
            out.append(c)
            if self._is_marker(c):
                marks.append(len(out) - 1)
            elif self._is_sep(c):
                seps.append(len(out) - 1)
            i += 1
        return out, conj, marks, seps

"""Coordination nesting (rules/coordination.yaml; paper sections 3.5, 4.4).

Finds the conjuncts of each flat coordination and, where the phrase also
holds modifiers, adds a node around the conjuncts:
    (S ADVP-TMP , PP , S , S CC S)  ->  (S ADVP-TMP , PP , (S S , S CC S))
    (NP a sales and marketing executive)  ->  (NP a (NX sales and marketing) executive)
The result is a new tree; `coordinations` maps each coordination node to
its conjuncts, conjunctions and separating punctuation, and the reduction
stage turns those into junction features.

Known failures: an asyndetic list ("a, b, c" with no conjunction) is not a
coordination, since it cannot be told from an appositive; in flat NPs the
conjunct boundaries are guessed from word counts ("big and small business
owners" -> [big and small] business owners).
"""
from __future__ import annotations

from ..pipeline import Parse
from ..ptbtree import Label, Node
from .coordination_rules import ANALYSES, COUNTERS, Coordination, CoordinationRules, CoordRule, compile_coordination
from .treebank import TreebankVocabulary

__all__ = ["ANALYSES", "COUNTERS", "Coordination", "CoordinationRules", "CoordRule", "NestCoordination",
           "compile_coordination"]

# Words that close a flat-NP conjunct on the left: "the" in "the stock and bond markets".
_BOUNDARY_TAGS = frozenset({"DT", "PDT", "PRP$", "WDT", "WP$", "POS", "WP"})


class NestCoordination:
    """`tree` -> new `tree` with coordination nodes, and `coordinations`."""

    name = "coordination"
    needs = ("tree",)
    provides = ("tree", "coordinations")

    def __init__(self, rules: CoordinationRules, vocab: TreebankVocabulary):
        self.rules = rules
        self.vocab = vocab

    def run(self, parse: Parse) -> None:
        self.coords: dict[int, Coordination] = {}
        self.parse = parse
        parse.tree = self._rebuild(parse.tree)
        parse.coordinations = self.coords

    # -- helpers -------------------------------------------------------
    def _is_marker(self, node: Node) -> bool:
        if node.word is not None:
            return node.tag in self.rules.conjunction_tags
        return node.label.cat in self.rules.conjunction_phrases

    def _is_sep(self, node: Node) -> bool:
        return node.word is not None and node.word in self.rules.separator_words

    def _families(self, node: Node) -> frozenset[str]:
        cat = node.tag if node.word is not None else node.label.cat
        fams = self.rules.families.get(cat, frozenset())
        if node.word is None and self.rules.nominal_ftag.intersection(node.label.ftags):
            fams = fams | {"nominal"}
        return fams

    def _is_premod(self, node: Node) -> bool:
        return (node.tag if node.word is not None else node.label.cat) in self.rules.conjunct_modifiers

    def _past_modifiers(self, kids: list[Node], right: int, first: Node, parent_fams) -> int:
        """The conjunct after a conjunction, past adverbs that open it:
        "late Monday or [even] early Tuesday" -> "early Tuesday"."""
        if self._compatible(first, kids[right], parent_fams) or not self._is_premod(kids[right]):
            return right
        r = right
        while r < len(kids) and (self._is_premod(kids[r]) or self._skipped(kids[r])):
            r += 1
        if r < len(kids) and self._candidate(kids[r]) and self._compatible(first, kids[r], parent_fams):
            return r
        return right

    def _candidate(self, node: Node) -> bool:
        return not self._is_marker(node) and not self._skipped(node)

    def _skipped(self, node: Node) -> bool:
        """Punctuation, or an interrupter ("S , PRN , CC S"): never a conjunct."""
        return self.vocab.is_punct(node) or (node.word is None and node.label.cat in self.rules.interrupters)

    def _compatible(self, a: Node, b: Node, parent_fams: frozenset[str] | None) -> bool:
        if parent_fams is None:  # UCP, FRAG, X: unlike conjuncts are fine
            return True
        common = self._families(a) & self._families(b)
        return bool(common & parent_fams)

    def _rebuild(self, node: Node) -> Node:
        if node.word is not None:
            return node
        kids = [self._rebuild(c) for c in node.children]
        return self._coordinate(node, kids)

    def _keep(self, node: Node, kids: list[Node]) -> Node:
        """The node itself when nothing below it changed, else a copy."""
        if all(k is c for k, c in zip(kids, node.children)):
            return node
        return self._new(node, kids)

    def _new(self, like: Node, children: list[Node] | tuple[Node, ...], label: Label | None = None,
             made_by: str | None = None, keep_nulls: bool = False) -> Node:
        children = tuple(children)
        return Node(label or like.label, children, None, None, children[0].start, children[-1].end,
                    like.nulls if label is None or keep_nulls else (), made_by if made_by else like.made_by)

    # -- finding the run -------------------------------------------------
    def _find_run(self, kids: list[Node], parent_fams: frozenset[str] | None) -> tuple[int, int] | None:
        n = len(kids)
        for k in range(n):
            if not self._is_marker(kids[k]):
                continue
            # Neighbours skip punctuation: "X , and `` Y ''".
            left = k - 1
            while left >= 0 and self._skipped(kids[left]):
                left -= 1
            right = k + 1
            while right < n and self._skipped(kids[right]):
                right += 1
            if left < 0 or right >= n:
                continue
            right = self._past_modifiers(kids, right, kids[left], parent_fams)
            a, b = kids[left], kids[right]
            if not (self._candidate(a) and self._candidate(b) and self._compatible(a, b, parent_fams)):
                continue
            start, end = left, right
            # Extend left over "C sep" and right over "sep|conj C".
            while True:
                j = start - 1
                if j >= 1 and (self._is_sep(kids[j]) or self._is_marker(kids[j])) and self._candidate(kids[j - 1]) \
                        and self._compatible(kids[j - 1], b, parent_fams):
                    start = j - 1
                    continue
                break
            while True:
                j = end + 1
                while j < n and (self._is_sep(kids[j]) or self._is_marker(kids[j]) or self._skipped(kids[j])):
                    j += 1
                if j < n and j > end + 1:
                    j = self._past_modifiers(kids, j, a, parent_fams)
                if j < n and j > end + 1 and any(self._is_marker(kids[x]) for x in range(end + 1, j)) \
                        and self._candidate(kids[j]) and self._compatible(kids[j], a, parent_fams):
                    end = j
                    continue
                break
            # "either ... or": an opening conjunction right before the run.
            if start > 0 and self._is_marker(kids[start - 1]) and self._initial(kids[start - 1]):
                start -= 1
            return start, end
        return None

    def _initial(self, node: Node) -> bool:
        words = node.words()
        return bool(words) and (words[0].word or "").lower() in self.rules.initial_markers

    def _parent_families(self, node: Node) -> frozenset[str] | None:
        cat = node.label.cat
        if cat in self.rules.unlike_parents:
            return None
        fams = self.rules.families.get(cat)
        return fams if fams else None

    def _rule_for(self, cat: str, analysis_ok) -> CoordRule | None:
        for rule in self.rules.rules:
            if ("*" in rule.parents or cat in rule.parents) and analysis_ok(rule):
                return rule
        return None

    # -- analyses --------------------------------------------------------
    def _coordinate(self, node: Node, kids: list[Node]) -> Node:
        if not any(self._is_marker(k) for k in kids):
            return self._keep(node, kids)
        parent_fams = self._parent_families(node)
        run = self._find_run(kids, parent_fams)
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

    def _split(self, kids: list[Node], start: int, end: int):
        """Conjuncts, conjunctions, separators, and (adverb, conjunct) pairs."""
        conj, marks, seps, mods = [], [], [], []
        pending: list[int] = []  # adverbs after a conjunction, before its conjunct
        for i in range(start, end + 1):
            c = kids[i]
            if self._is_marker(c):
                marks.append(i)
            elif self._is_sep(c):
                seps.append(i)
            elif self._skipped(c):
                continue
            elif marks and marks[-1] > (conj[-1] if conj else -1) and self._is_premod(c) \
                    and any(self._candidate(kids[x]) and not self._is_premod(kids[x]) for x in range(i + 1, end + 1)):
                pending.append(i)
            else:
                conj.append(i)
                mods.extend((p, i) for p in pending)
                pending = []
        # Commas around an opening adverb are its own, not separators:
        # "X -- or , [alternatively] , Y".
        opened = [(max(m for m in marks if m < p), c) for p, c in mods]
        seps = [x for x in seps if not any(m < x < c for m, c in opened)]
        return sorted(conj + pending), marks, seps, mods

    def _phrasal(self, node: Node, kids: list[Node], start: int, end: int, rule: CoordRule) -> Node:
        outside = [k for i, k in enumerate(kids) if (i < start or i > end) and not self.vocab.is_punct(k)]
        if outside:
            inner = kids[start:end + 1]
            conj, marks, seps, mods = self._split(inner, 0, len(inner) - 1)
            # The nested node keeps the phrase's null elements: the object
            # traces of "(VP arrested *-1 or fined *-1 on Tuesday)" still
            # make its participles passive.
            coord_node = self._new(node, inner, Label(node.label.cat, node.label.cat), rule.rule_id, keep_nulls=True)
            self._register(coord_node, conj, marks, seps, rule, True, mods)
            return self._new(node, kids[:start] + [coord_node] + kids[end + 1:])
        conj, marks, seps, mods = self._split(kids, start, end)
        new = self._new(node, kids)
        self._register(new, conj, marks, seps, rule, False, mods)
        return new

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
            if rule is None:
                return None
            first, last = lefts[0][0], conj_right[-1]
            first = self._open_marker_start(kids, first)
            inner = kids[first:last + 1]
            grouped, conj, marks, seps = self._group_segments(inner, [[x - first for x in s] for s in lefts + [conj_right]], rule)
            nx = self._new(node, grouped, Label("NX", "NX"), rule.rule_id)
            self._register(nx, conj, marks, seps, rule, True)
            return self._new(node, kids[:first] + [nx] + kids[last + 1:])
        rule = self._rule_for(cat, lambda r: r.analysis == "flat-full")
        if rule is None:
            return None
        first, last = lefts[0][0], right[-1]
        first = self._open_marker_start(kids, first)
        inner = kids[first:last + 1]
        grouped, conj, marks, seps = self._group_segments(inner, [[x - first for x in s] for s in lefts + [right]], rule)
        new = self._new(node, kids[:first] + grouped + kids[last + 1:])
        offset = first
        self._register(new, [c + offset for c in conj], [m + offset for m in marks], [s + offset for s in seps], rule,
                       len(grouped) < len(inner))
        return new

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

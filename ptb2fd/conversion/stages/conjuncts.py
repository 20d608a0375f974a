"""Finding the conjuncts of a flat coordination (rules/coordination.yaml).

`ConjunctFinder` classifies the children of a phrase (conjunction,
separator, skipped punctuation or interrupter, opening adverb) and finds
the run of children that a conjunction joins. Conjuncts must share a
category family with each other and with their parent (NP and NN are
"nominal"), except under UCP, FRAG and X, where unlike conjuncts are fine.
The run extends left over "C ," and right over ", and C"; an opening
"either" or "both" right before it joins it:
    (NP (NP the stock) , (NP the bond) and (NP the futures markets))
    -> conjuncts the stock / the bond / the futures markets, separator ",",
       conjunction "and".
Adverbs that open a conjunct are kept apart from it:
    "late Monday or [even] early Tuesday".

Known failures: an asyndetic list ("a, b, c" with no conjunction) is not a
coordination, since it cannot be told from an appositive; only the first
run of a phrase is found (a second, independent "X and Y" in the same
flat phrase stays flat).
"""
from __future__ import annotations

from ptb2fd.conversion.stages.coordination_rules import CoordinationRules, CoordRule
from ptb2fd.conversion.stages.treebank import TreebankVocabulary
from ptb2fd.trees.ptbtree import Node

__all__ = ["ConjunctFinder", "UNLIKE"]

# Parent families that stand for "no family pairs the conjuncts: take any
# two of `unlike_conjuncts`" (the second pass of a phrase without UCP).
UNLIKE = frozenset({"<unlike>"})


class ConjunctFinder:
    """Which children of a phrase are conjuncts, conjunctions and separators."""

    def __init__(self, rules: CoordinationRules, vocab: TreebankVocabulary):
        self.rules = rules
        self.vocab = vocab
        self._all_families = frozenset(f for fams in rules.families.values() for f in fams)

    def _is_marker(self, node: Node) -> bool:
        if node.word is not None:
            return node.tag in self.rules.conjunction_tags
        return node.label.cat in self.rules.conjunction_phrases

    def _is_sep(self, node: Node) -> bool:
        return node.word is not None and node.word in self.rules.separator_words

    def _families(self, node: Node) -> frozenset[str]:
        cat = node.tag if node.word is not None else node.label.cat
        if self.rules.list_closers and cat not in self.rules.conjunction_tags and \
                " ".join(w.word.lower() for w in node.words()) in self.rules.list_closers:
            return self._all_families  # "hats , scarves , and [so on]"
        fams = self.rules.families.get(cat, frozenset())
        if node.word is None and self.rules.nominal_ftag.intersection(node.label.ftags):
            fams = fams | {"nominal"}
        return fams

    def _is_premod(self, kids: list[Node], i: int) -> bool:
        """An adverb, or a phrase set off by separators ("and , [like most
        English peculiarities] , unintelligible"), that may open a conjunct."""
        node = kids[i]
        cat = node.tag if node.word is not None else node.label.cat
        if cat in self.rules.conjunct_modifiers:
            return True
        return cat in self.rules.set_off_modifiers and 0 < i < len(kids) - 1 \
            and self._is_sep(kids[i - 1]) and self._is_sep(kids[i + 1])

    def _candidate(self, node: Node) -> bool:
        return not self._is_marker(node) and not self._skipped(node)

    def _skipped(self, node: Node) -> bool:
        """Punctuation, or an interrupter ("S , PRN , CC S"): never a conjunct."""
        return self.vocab.is_punct(node) or (node.word is None and node.label.cat in self.rules.interrupters)

    def _compatible(self, a: Node, b: Node, parent_fams: frozenset[str] | None) -> bool:
        if parent_fams is None:  # UCP, FRAG, X: unlike conjuncts are fine
            return True
        if parent_fams is UNLIKE:  # "the price and [whether it was fresh]" without UCP
            # (of two categories, and never a subject with its predicate:
            # "(S (NP-SBJ people) (CONJP not only) (VP lack ...))")
            unlike = self.rules.unlike_conjuncts
            return a.word is None and b.word is None and a.label.cat != b.label.cat \
                and a.label.cat in unlike and b.label.cat in unlike \
                and "SBJ" not in a.label.ftags and "SBJ" not in b.label.ftags
        common = self._families(a) & self._families(b)
        return bool(common & parent_fams)

    def _past_modifiers(self, kids: list[Node], right: int, first: Node, parent_fams) -> int:
        """The conjunct after a conjunction, past adverbs that open it:
        "late Monday or [even] early Tuesday" -> "early Tuesday". Under an
        unlike parent (UCP), where anything is compatible, an adverb followed
        by another candidate opens it too: "uncomfortable and , [frankly] ,
        quite angry"."""
        if not self._is_premod(kids, right):
            return right
        if parent_fams is not None and self._compatible(first, kids[right], parent_fams):
            return right
        r = right
        while r < len(kids) and (self._is_premod(kids, r) or self._skipped(kids[r])):
            r += 1
        if r < len(kids) and self._candidate(kids[r]) and self._compatible(first, kids[r], parent_fams):
            return r
        return right

    def _find_run(self, kids: list[Node], parent_fams: frozenset[str] | None) -> tuple[int, int] | None:
        n = len(kids)
        for k in range(n):
            if not self._is_marker(kids[k]) or (parent_fams is UNLIKE and self._initial(kids[k])):
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
            # "either ... or": an opening conjunction right before the run,
            # whatever its tag ("were (DT neither) barred nor suspended").
            if start > 0 and self._opens(kids[start - 1]):
                start -= 1
            return start, end
        return None

    def _opens(self, node: Node) -> bool:
        """An opening conjunction: a conjunction whose first word is an
        initial marker ("either", "not only"), or that word alone under
        another tag ("(DT both)", "(DT neither)")."""
        if self._is_marker(node):
            return self._initial(node)
        return node.word is not None and node.word.lower() in self.rules.initial_markers

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

    def _split(self, kids: list[Node], start: int, end: int):
        """Conjuncts, conjunctions, separators, and (adverb, conjunct) pairs."""
        conj, marks, seps, mods = [], [], [], []
        pending: list[int] = []  # adverbs after a conjunction, before its conjunct
        # (not after an opening one: "either [manually] or by photocopying")
        for i in range(start, end + 1):
            c = kids[i]
            if self._is_marker(c) or (i == start and self._opens(c)):
                marks.append(i)
            elif self._is_sep(c):
                seps.append(i)
            elif self._skipped(c):
                continue
            elif conj and marks and marks[-1] > conj[-1] and self._is_premod(kids, i) \
                    and any(self._candidate(kids[x]) and not self._is_premod(kids, x) for x in range(i + 1, end + 1)):
                pending.append(i)
            else:
                conj.append(i)
                mods.extend((p, i) for p in pending)
                pending = []
        # Commas around an opening adverb are its own, not separators:
        # "X -- or , [alternatively] , Y".
        opened = [(max(m for m in marks if m < p), c) for p, c in mods]
        seps = [x for x in seps if not any(m < x < c for m, c in opened)]
        # A mark right after a conjunction, before its conjunct, with no
        # separator before the conjunction, separates nothing: it opens the
        # conjunct ("untrained and [,] in one botched job killed a client").
        # (With one before it, both are separators of the gap and the
        # conjunction goes between them: "entertaining , and , more often
        # than not , that means", order.yaml junction.between_separators.)
        seps = [x for x in seps if not (x - 1 in marks and x + 1 in conj and x - 2 not in seps)]
        return sorted(conj + pending), marks, seps, mods

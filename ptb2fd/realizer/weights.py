"""Summed feature weights of one head's unit pairs, bigrams and sequences,
memoized across heads (issue 9's speed).

Each part of the features (`features.PAIR_PARTS`, `BIGRAM_PARTS`) depends
only on a few fields of the two units, so its summed weight is memoized on
those fields (`_part_sum`): the structure of a new sentence's pairs was
nearly always seen before, its words often not. On top of that, a whole
pair's (or bigram's) sum is memoized on a key of small integers: each
unit's fields are numbered once per head (`HeadKeys`), so the search's
lookups hash a few ints instead of building two tuples of a dozen fields
per pair. The memoized values are the very floats the part sums give
(0.0 + first part + second part, as `_part_sum` adds them), so a search
gives the same scores with or without the memo.

Example: at "sold" of "the company also sold the unit", the pair
(subject "the company", HEAD "sold") is keyed on the head's tag and
subject position, the two units' label, tag, kind and word, whether the
rules put them in this order, their relative weight and which is the head.
"""
from __future__ import annotations

from .features import BIGRAM_PARTS, PAIR_PARTS, sequence_features
from .units import HeadProblem

MAX_MEMO = 1_000_000  # entries kept before the memos start afresh (memory stays bounded)
NO_UNIT = -1  # the start (as the first of a bigram) or the end (as the second)


class HeadKeys:
    """The numbered fields of one head's units, read by the memo keys."""

    __slots__ = ("head", "cat", "units", "left", "right", "slots", "lengths", "labels")

    def __init__(self, memo: "WeightMemo", p: HeadProblem):
        number = memo.number
        h = p.head
        self.head = number(("head", h.cat, h.subject_position, p.question))  # the pair features' head fields
        self.cat = number(("cat", h.cat))  # the bigram features'
        units = p.units
        # what the pair features read of a unit, and the bigram features of its two edges
        self.units = [number(("unit", u.label, u.cat, u.kind, u.lex)) for u in units]
        self.left = [number(("left", u.label, u.cat, u.edges[0], u.edges[1], u.words[0].lower())) for u in units]
        self.right = [number(("right", u.label, u.cat, u.edges[2], u.edges[3], u.words[-1].lower())) for u in units]
        self.slots = [u.slot for u in units]
        self.lengths = [len(u.words) for u in units]
        self.labels = tuple(u.label for u in units)


class WeightMemo:
    def __init__(self, weights: dict[str, float]):
        self.weights = weights
        # per feature part: (memo of summed weights by key, key, features)
        self._pair_parts = [({}, key, features) for key, features in PAIR_PARTS]
        self._bigram_parts = [({}, key, features) for key, features in BIGRAM_PARTS]
        self._numbers: dict[tuple, int] = {}
        self._pairs: dict[tuple, float] = {}
        self._bigrams: dict[tuple, float] = {}
        self._sequences: dict[tuple, float] = {}

    def number(self, fields: tuple) -> int:
        return self._numbers.setdefault(fields, len(self._numbers))

    def keys(self, p: HeadProblem) -> HeadKeys:
        if max(len(self._numbers), len(self._pairs), len(self._bigrams), len(self._sequences)) >= MAX_MEMO:
            for memo in (self._numbers, self._pairs, self._bigrams, self._sequences):
                memo.clear()  # the numbers go with the keys that use them
        return HeadKeys(self, p)

    def _part_sum(self, parts, p: HeadProblem, i, j) -> float:
        total = 0.0
        for memo, key_of, features in parts:
            key = key_of(p, i, j)
            value = memo.get(key)
            if value is None:
                w = self.weights
                if len(memo) >= MAX_MEMO:
                    memo.clear()
                value = memo[key] = sum(w.get(f, 0.0) for f in features(p, i, j))
            total += value
        return total

    def pair_table(self, p: HeadProblem, k: HeadKeys, follows: list[int] | None = None) -> list[list[float]]:
        """pair[i][j]: the summed weight of unit i somewhere before unit j. With
        `follows` (bit j of follows[i]: may j come after i?), the pairs the
        constraints forbid are left at 0.0 (the search never reads them)."""
        n = len(p.units)
        pair = [[0.0] * n for _ in range(n)]
        memo, head, units, slots, lengths = self._pairs, k.head, k.units, k.slots, k.lengths
        for i in range(n):
            prow = pair[i]
            ok = -1 if follows is None else follows[i]
            ui, si, li, first_head = units[i], slots[i], lengths[i], i == 0
            for j in range(n):
                if i == j or not ok >> j & 1:
                    continue
                lj = lengths[j]
                # the key holds what features._weight reads: which unit is much heavier
                weight = 1 if li > 2 * lj + 2 else 2 if lj > 2 * li + 2 else 0
                key = (head, ui, units[j], si < slots[j], weight, first_head, j == 0)
                value = memo.get(key)
                if value is None:
                    value = memo[key] = self._part_sum(self._pair_parts, p, i, j)
                prow[j] = value
        return pair

    def bigram(self, p: HeadProblem, k: HeadKeys, i: int | None, j: int | None) -> float:
        """Unit i right before unit j (None: the start, or the end)."""
        key = (k.cat, NO_UNIT if i is None else k.right[i], NO_UNIT if j is None else k.left[j])
        value = self._bigrams.get(key)
        if value is None:
            value = self._bigrams[key] = self._part_sum(self._bigram_parts, p, i, j)
        return value

    def sequence(self, p: HeadProblem, k: HeadKeys, order) -> float:
        """The whole ordering's features (the head's tag and role, the units' labels in order)."""
        labels = k.labels
        key = (p.head.cat, p.head.role, *(labels[i] for i in order))
        value = self._sequences.get(key)
        if value is None:
            w = self.weights
            value = self._sequences[key] = sum(w.get(f, 0.0) for f in sequence_features(p, list(order)))
        return value

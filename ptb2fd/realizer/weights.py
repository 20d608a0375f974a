"""Summed feature weights of one head's unit pairs, bigrams and orderings,
for the search (issue 9's speed): the sums of `features.py`'s features,
computed without building most of them.

A feature's weight depends on a few fields of the two units. The
structural and tag features of a new sentence were nearly always seen
before, so their summed weight is memoized on the fields they read; the
lexical ones ("plx|NN|det|the|HEAD") mostly were not, so they are looked up
one by one, from strings made of prefixes built once per head (`HeadFields`).

The sums are the very floats of `sum(w.get(f, 0.0) for f in features)`
over each part (`features.PAIR_PARTS`, `BIGRAM_PARTS`), added part after
part to 0.0 as before: the same terms in the same order (`sum` adds floats
one by one, left to right, so a memoized sum of the first terms continues
exactly). tests/unit/test_realizer_speed.py checks them against the features.

Example: at "sold" of "the company also sold the unit", the pair (subject
"the company", object "the unit") reads its structure (the head's tag,
both labels and tags, ...) from the memo and looks up `pk|VBD|subject.NN|
object.NN`, `plx|VBD|subject|the|object` and `prx|VBD|subject|object|the`.
"""
from __future__ import annotations

from .features import END, START, _bigram_structure, _pair_structure, sequence_features
from .units import HeadProblem

MAX_MEMO = 1_000_000  # entries kept before a memo starts afresh (memory stays bounded)


class HeadFields:
    """What the features read of one head's units, and prefixes of their lexical features."""

    __slots__ = ("hc", "hl", "head", "units", "slots", "lengths", "labels", "pk", "plx", "prx", "prx_tail",
                 "right", "left", "bw", "bwt", "btw", "first_word", "first_tag")

    def __init__(self, p: HeadProblem):
        h, units = p.head, p.units
        hc = self.hc = h.cat
        self.hl = units[0].lex
        self.head = (hc, p.question, h.subject_position)  # the pair structure's head fields
        self.units = [(u.label, u.cat) for u in units]
        self.slots = [u.slot for u in units]
        self.lengths = [len(u.words) for u in units]
        self.labels = tuple(u.label for u in units)
        # lexical pair features of two dependents, as prefix + the other unit's part
        self.pk = [f"pk|{hc}|{u.kind}|" for u in units]
        self.plx = [f"plx|{hc}|{u.label}|{u.lex}|" for u in units]
        self.prx = [f"prx|{hc}|{u.label}|" for u in units]
        self.prx_tail = [f"{u.label}|{u.lex}" for u in units]
        # bigrams: a unit's right edge (label, tag, its last two tags) and left edge (label, tag, first two tags)
        self.right = [(u.label, u.cat, u.edges[2], u.edges[3]) for u in units] + [(START,) * 4]
        self.left = [(u.label, u.cat, u.edges[0], u.edges[1]) for u in units] + [(END,) * 4]
        last_words = [u.words[-1].lower() for u in units] + [START]
        self.bw = [f"bw|{w}|" for w in last_words]
        self.bwt = [f"bwt|{w}|" for w in last_words]
        self.btw = [f"btw|{e[3]}|" for e in self.right]
        self.first_word = [u.words[0].lower() for u in units] + [END]
        self.first_tag = [e[2] for e in self.left]


class WeightMemo:
    def __init__(self, weights: dict[str, float]):
        self.weights = weights
        self._structures: dict[tuple, float] = {}  # pair structure fields -> summed weight
        self._bigrams: dict[tuple, tuple[float, float]] = {}  # bigram labels and tags -> (structure, tags) sums
        self._sequences: dict[tuple, float] = {}

    def fields(self, p: HeadProblem) -> HeadFields:
        for memo in (self._structures, self._bigrams, self._sequences):
            if len(memo) >= MAX_MEMO:
                memo.clear()
        return HeadFields(p)

    def pair_table(self, p: HeadProblem, f: HeadFields, follows: list[int] | None = None) -> list[list[float]]:
        """pair[i][j]: the summed weight of unit i somewhere before unit j. With
        `follows` (bit j of follows[i]: may j come after i?), the pairs the
        constraints forbid are left at 0.0 (the search never reads them)."""
        n = len(p.units)
        pair = [[0.0] * n for _ in range(n)]
        w = self.weights.get
        memo = self._structures
        head, units, slots, lengths, hc, hl = f.head, f.units, f.slots, f.lengths, f.hc, f.hl
        pk, plx, prx, prx_tail = f.pk, f.plx, f.prx, f.prx_tail
        kinds = [u.kind for u in p.units]
        for i in range(n):
            prow = pair[i]
            ok = -1 if follows is None else follows[i]
            ui, si, li = units[i], slots[i], lengths[i]
            for j in range(n):
                if i == j or not ok >> j & 1:
                    continue
                lj = lengths[j]
                # what features._weight reads: is one unit much heavier?
                weight = 1 if li > 2 * lj + 2 else 2 if lj > 2 * li + 2 else 0
                key = (head, ui, units[j], si < slots[j], weight, i == 0, j == 0)
                structure = memo.get(key)
                if structure is None:
                    structure = memo[key] = sum(w(x, 0.0) for x in _pair_structure(p, i, j))
                if i == 0 or j == 0:  # features._pair_words of the head and a dependent
                    d, side = (j, "R") if i == 0 else (i, "L")
                    label, kind = units[d][0], kinds[d]
                    words = 0.0 + w(f"hl|{hc}|{label}|{p.units[d].lex}|{side}", 0.0) + \
                        w(f"hk|{hc}|{kind}|{side}", 0.0) + w(f"hw|{hl}|{label}|{side}", 0.0) + \
                        w(f"hwk|{hl}|{kind}|{side}", 0.0)
                else:  # ... of two dependents
                    words = 0.0 + w(pk[i] + kinds[j], 0.0) + w(plx[i] + units[j][0], 0.0) + \
                        w(prx[i] + prx_tail[j], 0.0)
                prow[j] = 0.0 + structure + words
        return pair

    def bigram(self, p: HeadProblem, f: HeadFields, i: int | None, j: int | None) -> float:
        """Unit i right before unit j (None: the start, or the end)."""
        n = len(p.units)
        a = n if i is None else i
        b = n if j is None else j
        right, left = f.right[a], f.left[b]
        key = (f.hc, *right, *left)
        sums = self._bigrams.get(key)
        w = self.weights.get
        if sums is None:
            # features._bigram_boundary's first four read only tags
            at2, at, bt, bt2, hc = right[2], right[3], left[2], left[3], f.hc
            tags = (f"be|{at}|{bt}", f"bec|{hc}|{at}|{bt}", f"bl3|{at2}|{at}|{bt}", f"br3|{at}|{bt}|{bt2}")
            sums = self._bigrams[key] = (sum(w(x, 0.0) for x in _bigram_structure(p, i, j)),
                                         sum(w(x, 0.0) for x in tags))
        # ... its last three the words at the boundary
        word = f.first_word[b]
        boundary = sums[1] + w(f.bw[a] + word, 0.0) + w(f.bwt[a] + f.first_tag[b], 0.0) + w(f.btw[a] + word, 0.0)
        return 0.0 + sums[0] + boundary

    def sequence(self, p: HeadProblem, f: HeadFields, order) -> float:
        """The whole ordering's features (the head's tag and role, the units' labels in order)."""
        labels = f.labels
        key = (p.head.cat, p.head.role, *(labels[i] for i in order))
        value = self._sequences.get(key)
        if value is None:
            w = self.weights
            value = self._sequences[key] = sum(w.get(x, 0.0) for x in sequence_features(p, list(order)))
        return value

"""Summed feature weights of one head's unit pairs, bigrams and orderings,
for the search (speed): the sums of `features.py`'s features,
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

import itertools

from ptb2fd.realizer.features import END, START, _bigram_structure, _pair_structure, sequence_features
from ptb2fd.realizer.units import HeadProblem

MAX_MEMO = 1_000_000  # entries kept before a memo starts afresh (memory stays bounded)
# the default of each weight looked up: sum(map(w.get, features, _ZEROS)) adds the very terms
# of sum(w.get(f, 0.0) for f in features), in the same order, without a generator's frames
_ZEROS = itertools.repeat(0.0)


class HeadFields:
    """What the features read of one head's units, and prefixes of their lexical features."""

    __slots__ = ("hc", "hl", "head", "units", "slots", "lengths", "labels", "kinds", "lexes", "pk", "plx", "prx",
                 "prx_tail", "right", "left", "bw", "bwt", "btw", "first_word", "first_tag")

    def __init__(self, p: HeadProblem, lexical: "LexicalWeights"):
        h, units = p.head, p.units
        hc = self.hc = h.cat
        self.hl = units[0].lex
        self.head = (hc, p.question, h.subject_position)  # the pair structure's head fields
        rows = lexical.rows
        # bigrams: the fields of a unit's right edge (with the head's tag) and of its left edge, the start
        # and the end last (a unit's edges are its first two and last two tags); one loop, as this is hot
        self.units, self.slots, self.lengths, self.kinds, self.lexes = [], [], [], [], []
        self.right, self.left, self.first_word, self.first_tag = [], [], [], []
        last_words = []
        for u in units:
            label, cat, edges, words = u.label, u.cat, u.edges, u.words
            self.units.append((label, cat))
            self.slots.append(u.slot)
            self.lengths.append(len(words))
            self.kinds.append(u.kind)
            self.lexes.append(u.lex)
            self.right.append((hc, label, cat, edges[2], edges[3]))
            self.left.append((label, cat, edges[0], edges[1]))
            last_words.append(words[-1].lower())
            self.first_word.append(words[0].lower())
            self.first_tag.append(edges[0])
        self.right.append((hc, START, START, START, START))
        self.left.append((END, END, END, END))
        last_words.append(START)
        self.first_word.append(END)
        self.first_tag.append(END)
        self.labels = tuple([label for label, _ in self.units])
        # no '|' in the fields the prefixes are made of: each prefix is cut where the features were
        plain = "|" not in "".join([hc, *self.labels, *self.kinds, *self.lexes, *last_words,
                                    *(e[4] for e in self.right)])
        self.bw = rows("bw", [f"bw|{w}|" for w in last_words], plain)
        self.bwt = rows("bwt", [f"bwt|{w}|" for w in last_words], plain)
        self.btw = rows("btw", [f"btw|{e[4]}|" for e in self.right], plain)
        if len(units) > 2:  # lexical pair features of two dependents: a row per unit, read with the other's part
            self.pk = rows("pk", [f"pk|{hc}|{u.kind}|" for u in units], plain)
            self.plx = rows("plx", [f"plx|{hc}|{u.label}|{u.lex}|" for u in units], plain)
            self.prx = rows("prx", [f"prx|{hc}|{u.label}|" for u in units], plain)
            self.prx_tail = [f"{u.label}|{u.lex}" for u in units]


class LexicalWeights:
    """The weights of the lexical features, cut in two ("plx|VBD|subject|the|"
    and "object"), as {prefix: {rest: weight}}: a head's unit looks its
    prefix up once, its pairs then look up only the rest, a string already
    made (no feature string is built). A template whose features do not all
    have its number of '|' (a word with a '|' in it) is not cut: its rows
    look the whole string up, so the weights read are always the same."""

    # tag: (its features' '|'s, the cut after the how-manyth)
    TEMPLATES = {"pk": (3, 3), "plx": (4, 4), "prx": (4, 3), "bw": (2, 2), "bwt": (2, 2), "btw": (2, 2)}

    def __init__(self, weights: dict[str, float]):
        self.weights = weights
        by_tag: dict[str, list[str]] = {t: [] for t in self.TEMPLATES}
        for key in weights:
            keys = by_tag.get(key[:key.find("|")])
            if keys is not None:
                keys.append(key)
        self.tables: dict[str, dict[str, dict[str, float]] | None] = {}
        for tag, keys in by_tag.items():
            pipes, at = self.TEMPLATES[tag]
            table: dict[str, dict[str, float]] | None = {}
            for key in keys:
                if key.count("|") != pipes:
                    table = None
                    break
                cut = -1
                for _ in range(at):
                    cut = key.index("|", cut + 1)
                table.setdefault(key[:cut + 1], {})[key[cut + 1:]] = weights[key]
            self.tables[tag] = table

    def rows(self, tag: str, prefixes: list[str], plain: bool = False) -> list:
        """Per prefix, what answers `.get(rest, 0.0)` as weights.get(prefix + rest, 0.0) does
        (plain: the caller knows every prefix has the template's '|'s up to its cut, and ends there)."""
        table, weights, at = self.tables[tag], self.weights, self.TEMPLATES[tag][1]
        if table is None:
            return [_Joined(weights, x) for x in prefixes]
        get = table.get
        if plain:
            return [get(x, _NO_WEIGHTS) for x in prefixes]
        # (a prefix not cut where the features were: a field with a '|' in it)
        return [get(x, _NO_WEIGHTS) if x.count("|") == at and x[-1:] == "|" else _Joined(weights, x)
                for x in prefixes]


class _Joined:
    __slots__ = ("weights", "prefix")

    def __init__(self, weights: dict[str, float], prefix: str):
        self.weights, self.prefix = weights, prefix

    def get(self, rest: str, default: float) -> float:
        return self.weights.get(self.prefix + rest, default)


_NO_WEIGHTS: dict[str, float] = {}


class WeightMemo:
    def __init__(self, weights: dict[str, float]):
        self.weights = weights
        self._structures: dict[tuple, float] = {}  # pair structure fields -> summed weight
        self._bigrams: dict[tuple, tuple[float, float]] = {}  # bigram labels and tags -> (structure, tags) sums
        self._sequences: dict[tuple, float] = {}
        self._lexical = LexicalWeights(weights)

    def fields(self, p: HeadProblem) -> HeadFields:
        for memo in (self._structures, self._bigrams, self._sequences):
            if len(memo) >= MAX_MEMO:
                memo.clear()
        return HeadFields(p, self._lexical)

    def pair_table(self, p: HeadProblem, f: HeadFields, follows: list[int] | None = None) -> list[list[float]]:
        """pair[i][j]: the summed weight of unit i somewhere before unit j. With
        `follows` (bit j of follows[i]: may j come after i?), the pairs the
        constraints forbid are left at 0.0 (the search never reads them)."""
        n = len(p.units)
        pair = [[0.0] * n for _ in range(n)]
        w = self.weights.get
        memo = self._structures
        head, units, slots, lengths, hc, hl = f.head, f.units, f.slots, f.lengths, f.hc, f.hl
        kinds, lexes = f.kinds, f.lexes
        if n > 2:
            pk, plx, prx, prx_tail = f.pk, f.plx, f.prx, f.prx_tail
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
                    structure = memo[key] = sum(map(w, _pair_structure(p, i, j), _ZEROS))
                if i == 0 or j == 0:  # features._pair_words of the head and a dependent
                    d, side = (j, "R") if i == 0 else (i, "L")
                    label, kind = units[d][0], kinds[d]
                    words = 0.0 + w(f"hl|{hc}|{label}|{lexes[d]}|{side}", 0.0) + \
                        w(f"hk|{hc}|{kind}|{side}", 0.0) + w(f"hw|{hl}|{label}|{side}", 0.0) + \
                        w(f"hwk|{hl}|{kind}|{side}", 0.0)
                else:  # ... of two dependents
                    words = 0.0 + pk[i].get(kinds[j], 0.0) + plx[i].get(units[j][0], 0.0) + \
                        prx[i].get(prx_tail[j], 0.0)
                prow[j] = 0.0 + structure + words
        return pair

    def bigram(self, p: HeadProblem, f: HeadFields, i: int | None, j: int | None) -> float:
        """Unit i right before unit j (None: the start, or the end)."""
        a = len(f.lengths) if i is None else i
        b = len(f.lengths) if j is None else j
        key = f.right[a] + f.left[b]
        sums = self._bigrams.get(key)
        w = self.weights.get
        if sums is None:
            # features._bigram_boundary's first four read only tags
            hc, _, _, at2, at = f.right[a]
            bt, bt2 = f.left[b][2:]
            tags = (f"be|{at}|{bt}", f"bec|{hc}|{at}|{bt}", f"bl3|{at2}|{at}|{bt}", f"br3|{at}|{bt}|{bt2}")
            sums = self._bigrams[key] = (sum(map(w, _bigram_structure(p, i, j), _ZEROS)), sum(map(w, tags, _ZEROS)))
        # ... its last three the words at the boundary
        word = f.first_word[b]
        return 0.0 + sums[0] + (sums[1] + f.bw[a].get(word, 0.0) + f.bwt[a].get(f.first_tag[b], 0.0) +
                                f.btw[a].get(word, 0.0))

    def sequence(self, p: HeadProblem, f: HeadFields, order) -> float:
        """The whole ordering's features (the head's tag and role, the units' labels in order)."""
        labels = f.labels
        key = (p.head.cat, p.head.role, *(labels[i] for i in order))
        value = self._sequences.get(key)
        if value is None:
            w = self.weights
            value = self._sequences[key] = sum(map(w.get, sequence_features(p, list(order)), _ZEROS))
        return value

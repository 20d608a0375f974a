"""Beam search over the interleavings of one head's units (paper 004).

The IDL-NGLM-BEAM idea on a small scale: states are partial orderings of
the head's units (a cut through the interleave), extended one unit at a
time as the view's constraints allow (`units.can_place`), scored by the
log-linear model with the language model as one weighted feature, and
pruned to the best `beam` states per length. States with the same set of
placed units, the same last unit and the same two last words score every
continuation alike, so only the best of them is kept (recombination).

The language model only needs the words at unit boundaries: the words
inside a locked unit after its first two have the same context in every
ordering, so they add the same amount to every candidate and are skipped.

A search error is an output the model scores below the reference ordering
(`Scorer.score_order` scores any ordering the same way).

A pair of units is scored when the first of the two is placed (before
every unit still unplaced), so a state's score already holds the pairs it
has decided; counting them when the second comes lets a long subject that
belongs first look bad until it is too late for the beam.

Speed: a state carries, for every unit, the summed pair weights
of that unit before the units placed so far (placing it adds its row total
less that sum); the pair table holds only the pairs the constraints allow,
and a bigram is weighed when first read; a candidate whose score without
the language model already falls below the beam's floor is dropped before
the language model is asked (its step is never positive); the language
model's steps are looked up by numbered context (`lmsteps.py`); the
feature sums come from `weights.py`. A head whose constraints admit one
ordering ("[very] [very] happy"), or a head and one free dependent ("the
company"), is scored along its orderings without the beam (`_single`):
the beam would keep them whole, and the same terms are added in the same
order, so scores and orderings are the beam's to the bit.
"""
from __future__ import annotations

from heapq import heappush, heapreplace
from math import inf
from operator import add

from ptb2fd.realizer.lm import KneserNeyLM
from ptb2fd.realizer.lmsteps import LMSteps
from ptb2fd.realizer.units import HeadProblem
from ptb2fd.realizer.weights import HeadFields, WeightMemo

# The language model's part of a step is a weighted sum of log-probabilities,
# at most 0 (a few ulps above it at worst, from rounding a probability of 1):
# a candidate whose other terms already fall MARGIN below the beam's floor is
# dropped before the language model is asked (with a weight >= 0).
MARGIN = 1e-9


class Scorer:
    def __init__(self, weights: dict[str, float], lm_weight: float, lm: KneserNeyLM | None, beam: int = 16):
        self.weights = weights
        self.lm_weight = lm_weight if lm is not None else 0.0
        self.lm = lm
        self.beam = beam
        self._memo = WeightMemo(weights)
        self._steps = LMSteps(lm, self.lm_weight)

    def _tables(self, p: HeadProblem, keys: HeadFields, follows: list[int] | None = None):
        """Every pair's summed weight, pair[i][j] (unit i somewhere before unit
        j), and room for the bigrams' (bigram[i + 1][j]: i right before j, row 0
        the start; end[i]: i last), filled when first read (`WeightMemo.bigram`): the
        constraints leave many never adjacent. With `follows` (bit j of
        follows[i]: may j come after i?), the pairs the constraints forbid are
        left at 0.0 and never read (`weights.py` memoizes the sums)."""
        n = len(p.units)
        return self._memo.pair_table(p, keys, follows), [[None] * n for _ in range(n + 1)], [None] * n

    def _finish(self, p: HeadProblem, keys: HeadFields, order: tuple[int, ...], ctx, end) -> float:
        last = end[order[-1]]
        if last is None:
            last = end[order[-1]] = self._memo.bigram(p, keys, order[-1], None)
        extra = last + self._memo.sequence(p, keys, order)
        if p.root and self.lm_weight:
            extra += self._steps.end(ctx)
        return extra

    def search(self, p: HeadProblem, scored: bool = True) -> tuple[list[int], float | None]:
        """Best ordering found (unit indices) and its score. Unscored (`scored`
        False: realizing, not counting search errors), a head whose
        constraints admit one ordering only gets it without its features
        being weighed (score None): about a third of the searched heads."""
        if len(p.units) == 1:
            return [0], 0.0
        masks, placeable, only = _constraints(p)
        if only is not None and not scored:
            return list(only), None
        score, order = self._nbest(p, masks, placeable, only)[0]
        return order, score

    def nbest(self, p: HeadProblem) -> list[tuple[float, list[int]]]:
        """The final beam, best first: (score, ordering); the trainer's hard candidates."""
        if len(p.units) == 1:
            return [(0.0, [0])]
        return self._nbest(p, *_constraints(p))

    def _nbest(self, p: HeadProblem, masks, placeable: dict[int, list[tuple[int, int]]],
               only: tuple[int, ...] | None) -> list[tuple[float, list[int]]]:
        """`nbest` given the constraint masks, the units found placeable so far
        and the one ordering the constraints admit (None: more than one)."""
        n = len(p.units)
        need, forbid, follows = masks
        keys = self._memo.fields(p)
        pair, bigram, end = self._tables(p, keys, follows)
        if only is not None:
            return self._single(p, keys, only, pair)
        if n == 2 and self.beam >= 2 and _admits((0, 1), need, forbid) and _admits((1, 0), need, forbid):
            # a dependent free on either side of its head: a beam of two keeps both
            # orderings whole (nothing pruned, nothing recombined), each as `_single` takes it
            return sorted(self._single(p, keys, (0, 1), pair) + self._single(p, keys, (1, 0), pair),
                          key=lambda t: (-t[0], t[1]))
        # A pair counts when its first unit is placed (unit i before every unit
        # still unplaced), not when its second is: a long subject placed first
        # gets its credit at once instead of after the beam has dropped it
        # ("Safety advocates , including ... , have been urging ..."). The
        # total of a complete ordering is the same.
        row_total = [sum(row) for row in pair]
        column = list(zip(*pair))  # column[i][j] = pair[j][i]
        contexts = self._steps.contexts(p)
        step, fill = contexts.table, contexts.fill  # step[context id][i] -> (LM score, next context id)
        bigram_of = self._memo.bigram
        # a state: minus its score, order, LM context id, bit mask of the placed
        # units, and per unit the summed pair weights of it before the placed units
        beam: list[tuple] = [(-0.0, (), contexts.start, 0, [0.0] * n)]
        width = self.beam
        prune = self.lm_weight >= 0  # the LM's step is <= 0 (see MARGIN): the other terms bound a score
        for length in range(n):
            # a candidate: minus its score, the parent's order and the unit added
            # (all orders of one step are as long: (order, i) sorts as order + (i,)),
            # its context id and mask, the parent's pair sums
            best: dict[tuple, tuple] = {}
            # the best `width` scores of distinct keys when first made: a key's score only
            # grows, so a candidate below the lowest of them (`floor`) cannot be kept
            top: list[float] = []
            floor = -inf
            keep_floor = prune and len(beam) * (n - length) > width  # else fewer candidates than the beam holds
            for neg, order, cid, mask, acc in beam:
                units = placeable.get(mask)
                if units is None:
                    units = placeable[mask] = [(i, mask | 1 << i) for i in range(n)
                                               if not (mask & forbid[i] or need[i] & ~mask)]
                score = -neg
                last = order[-1] if order else None
                brow = bigram[0 if last is None else last + 1]
                srow = step[cid]
                for i, new_mask in units:
                    b = brow[i]
                    if b is None:
                        b = brow[i] = bigram_of(p, keys, last, i)
                    s = score + b + row_total[i] - acc[i]
                    if s + MARGIN < floor:
                        continue
                    lm = srow[i]
                    if lm is None:
                        lm = fill(i, cid)
                    s = -(s + lm[0])
                    nxt = lm[1]
                    key = (new_mask, i, nxt)
                    old = best.get(key)
                    if old is None:
                        best[key] = (s, order, i, nxt, new_mask, acc)
                        if keep_floor:
                            if len(top) < width:
                                heappush(top, -s)
                                if len(top) == width:
                                    floor = top[0]
                            elif -s > top[0]:
                                heapreplace(top, -s)
                                floor = top[0]
                    elif s < old[0] or (s == old[0] and (order, i) < (old[1], old[2])):
                        best[key] = (s, order, i, nxt, new_mask, acc)
            if not best:  # the constraints admit no ordering (inconsistent input): keep what is placed
                break
            # (sorted()[:width] is nsmallest(width) by definition; C's sort is faster on these few)
            kept = sorted(best.values())[:width]
            if length == n - 1:
                beam = [(neg, order + (i,), cid, mask, acc) for neg, order, i, cid, mask, acc in kept]
            else:  # add the pair weights of the others before each state's newest unit
                beam = [(neg, order + (i,), cid, mask, list(map(add, acc, column[i])))
                        for neg, order, i, cid, mask, acc in kept]
        finals = []
        for neg, order, cid, _, _ in beam:
            missing = [i for i in range(n) if i not in order]
            finals.append((-neg + self._finish(p, keys, order, contexts.words(cid), end), list(order) + missing))
        return sorted(finals, key=lambda t: (-t[0], t[1]))

    def _single(self, p: HeadProblem, keys: HeadFields, order: tuple[int, ...], pair) -> list[tuple[float, list[int]]]:
        """The search's result when the constraints admit one ordering only
        ("the [old] unit": both bound left, ranked): the beam holds one state
        at every step, so its steps are taken here without the beam, with the
        same terms added in the same order (the same floats)."""
        n = len(order)
        contexts = self._steps.contexts(p)
        acc = [0.0] * n  # per unit, the summed pair weights of it before the placed units
        row_total = [sum(row) for row in pair]
        neg, cid, last = -0.0, contexts.start, None
        for k, i in enumerate(order):
            s = -neg + self._memo.bigram(p, keys, last, i) + row_total[i] - acc[i]
            lm, cid = contexts.fill(i, cid)
            neg = -(s + lm)
            if k < n - 1:  # the others' pair weights before i (unit j's: pair[j][i])
                acc = [a + pair[j][i] for j, a in enumerate(acc)]
            last = i
        return [(-neg + self._finish(p, keys, order, contexts.words(cid), [None] * n), list(order))]

    def score_order(self, p: HeadProblem, order: list[int]) -> float:
        if len(order) == 1:
            return 0.0
        keys = self._memo.fields(p)
        pair, _, end = self._tables(p, keys)
        contexts = self._steps.contexts(p)
        s, cid, last = 0.0, contexts.start, None
        for k, i in enumerate(order):
            s += self._memo.bigram(p, keys, last, i) + sum(pair[j][i] for j in order[:k])
            lm, cid = contexts.fill(i, cid)
            s += lm
            last = i
        return s + self._finish(p, keys, tuple(order), contexts.words(cid), end)


def constraint_masks(p: HeadProblem) -> tuple[list[int], list[int], list[int]]:
    """`units.placement_constraints` as bit masks over the units (bit 0: the
    head): unit i may be placed when mask & forbid[i] == 0 and need[i] & ~mask
    == 0 (a unit bound right needs the head, one bound left forbids it; a
    ranked unit needs the lower ranks on its side); bit j of follows[i]: may
    unit j come after unit i (some state places i, then j)?"""
    units = p.units
    n = len(units)
    left = 0
    for j in range(1, n):
        if units[j].side == "left":
            left |= 1 << j
    need, forbid, follows = [left], [1], [~left]  # the head: after every unit bound left
    for i in range(1, n):
        u = units[i]
        side, rank = u.side, u.rank
        before = 0
        if rank is not None:
            for j in range(n):
                v = units[j]
                if j != i and v.side == side and v.rank is not None and v.rank < rank:
                    before |= 1 << j
        need.append(before | 1 if side == "right" else before)
        forbid.append(1 << i | 1 if side == "left" else 1 << i)
        follows.append(~before & ~(left | 1) if side == "right" else ~before)
    return need, forbid, follows


def _constraints(p: HeadProblem):
    """The constraint masks, the units found placeable from each mask looked
    at (mask -> (unit, new mask) for each unit it admits, for the search),
    and the one ordering the constraints admit (None: more than one)."""
    masks = constraint_masks(p)
    placeable: dict[int, list[tuple[int, int]]] = {}
    return masks, placeable, _only_order(len(p.units), masks[0], masks[1], placeable)


def _admits(order: tuple[int, ...], need: list[int], forbid: list[int]) -> bool:
    mask = 0
    for i in order:
        if mask & forbid[i] or need[i] & ~mask:
            return False
        mask |= 1 << i
    return True


def _only_order(n: int, need: list[int], forbid: list[int], placeable: dict) -> tuple[int, ...] | None:
    """The one ordering the constraints admit, if they admit exactly one: a
    single unit placeable after each step (None as soon as there are two, or
    none). The units found placeable are kept in `placeable` for the search."""
    mask, order = 0, []
    for _ in range(n):
        units = placeable[mask] = [(i, mask | 1 << i) for i in range(n) if not (mask & forbid[i] or need[i] & ~mask)]
        if len(units) != 1:
            return None
        i, mask = units[0]
        order.append(i)
    return tuple(order)

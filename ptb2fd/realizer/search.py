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
"""
from __future__ import annotations

from .features import bigram_features, bigram_key, pair_features, pair_key, sequence_features
from .lm import BOS, EOS, KneserNeyLM
from .units import HeadProblem, placement_constraints


class Scorer:
    def __init__(self, weights: dict[str, float], lm_weight: float, lm: KneserNeyLM | None, beam: int = 16):
        self.weights = weights
        self.lm_weight = lm_weight if lm is not None else 0.0
        self.lm = lm
        self.beam = beam
        self._pair_memo: dict[tuple, float] = {}
        self._bigram_memo: dict[tuple, float] = {}

    def _tables(self, p: HeadProblem):
        """Every pair's and every bigram's summed weight. The feature strings
        depend only on a few fields of the two units, so their sums are memoized
        on those fields (`pair_key`, `bigram_key`): most pairs of a new
        sentence were seen before, and building strings was most of the time."""
        n = len(p.units)
        pair = [[0.0] * n for _ in range(n)]
        for i in range(n):
            for j in range(n):
                if i != j:
                    pair[i][j] = self._memo(self._pair_memo, pair_key(p, i, j), pair_features, p, i, j)
        ends = [None, *range(n)]
        bigram = {(i, j): self._memo(self._bigram_memo, bigram_key(p, i, j), bigram_features, p, i, j)
                  for i in ends for j in [*range(n), None] if i != j or i is None}
        return pair, bigram

    def _memo(self, memo: dict, key, features, p, i, j) -> float:
        value = memo.get(key)
        if value is None:
            w = self.weights
            value = memo[key] = sum(w.get(f, 0.0) for f in features(p, i, j))
        return value

    def _lm_step(self, ctx: tuple[str, ...], words: list[str]) -> tuple[float, tuple[str, ...]]:
        if not self.lm_weight:
            return 0.0, ()
        score = self.lm.score(words[:2], ctx)
        return self.lm_weight * score, (ctx + tuple(words[-2:]))[-2:]

    def _start(self, p: HeadProblem) -> tuple[str, ...]:
        return (BOS, BOS) if p.root else ()

    def _finish(self, p: HeadProblem, order: tuple[int, ...], ctx, bigram) -> float:
        extra = bigram[(order[-1], None)] + sum(self.weights.get(f, 0.0) for f in sequence_features(p, list(order)))
        if p.root and self.lm_weight:
            extra += self.lm_weight * self.lm.logprob(ctx, EOS)
        return extra

    def search(self, p: HeadProblem) -> tuple[list[int], float]:
        """Best ordering found (unit indices) and its score."""
        if len(p.units) == 1:
            return [0], 0.0
        score, order = self.nbest(p)[0]
        return order, score

    def nbest(self, p: HeadProblem) -> list[tuple[float, list[int]]]:
        """The final beam, best first: (score, ordering); the trainer's hard candidates."""
        n = len(p.units)
        if n == 1:
            return [(0.0, [0])]
        pair, bigram = self._tables(p)
        # A pair counts when its first unit is placed (unit i before every unit
        # still unplaced), not when its second is: a long subject placed first
        # gets its credit at once instead of after the beam has dropped it
        # ("Safety advocates , including ... , have been urging ...").
        row_total = [sum(pair[i]) for i in range(n)]
        before, side = placement_constraints(p)
        before_mask = [sum(1 << j for j in b) for b in before]
        lm_memo: dict[tuple, tuple[float, tuple[str, ...]]] = {}  # (context, unit) -> LM step
        # a state: score, order, LM context, bit mask of the placed units
        beam: list[tuple[float, tuple[int, ...], tuple[str, ...], int]] = [(0.0, (), self._start(p), 0)]
        for _ in range(n):
            best: dict[tuple, tuple[float, tuple[int, ...], tuple[str, ...], int]] = {}
            for score, order, ctx, mask in beam:
                last = order[-1] if order else None
                head_placed = bool(mask & 1)
                for i in range(n):
                    bit = 1 << i
                    if mask & bit or before_mask[i] & ~mask or side[i] is (not head_placed):
                        continue
                    row = pair[i]
                    s = score + bigram[(last, i)] + row_total[i] - sum(row[k] for k in order)
                    step = lm_memo.get((ctx, i))
                    if step is None:
                        step = lm_memo[(ctx, i)] = self._lm_step(ctx, p.units[i].words)
                    s += step[0]
                    new_ctx = step[1]
                    new = order + (i,)
                    key = (mask | bit, i, new_ctx)
                    old = best.get(key)
                    if old is None or (-s, new) < (-old[0], old[1]):
                        best[key] = (s, new, new_ctx, mask | bit)
            if not best:  # the constraints admit no ordering (inconsistent input): keep what is placed
                break
            beam = sorted(best.values(), key=lambda t: (-t[0], t[1]))[: self.beam]
        finals = []
        for score, order, ctx, _ in beam:
            missing = [i for i in range(n) if i not in order]
            finals.append((score + self._finish(p, order, ctx, bigram), list(order) + missing))
        return sorted(finals, key=lambda t: (-t[0], t[1]))

    def score_order(self, p: HeadProblem, order: list[int]) -> float:
        if len(order) == 1:
            return 0.0
        pair, bigram = self._tables(p)
        s, ctx, last = 0.0, self._start(p), None
        for k, i in enumerate(order):
            s += bigram[(last, i)] + sum(pair[j][i] for j in order[:k])
            lm, ctx = self._lm_step(ctx, p.units[i].words)
            s += lm
            last = i
        return s + self._finish(p, tuple(order), ctx, bigram)

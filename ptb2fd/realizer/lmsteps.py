"""The language model's part of a search step, precomputed for speed.

Placing a unit after a context (the last two words placed) adds the
weighted log-probability of the unit's first two words (the rest of a
locked unit scores alike in every order; see `search.py`) and moves the
context to the unit's last two words. Inside one search, contexts are
numbered, so that a state and a recombination key carry a small integer
instead of a tuple of words, and each (context, unit) step is computed
once. The second word's term depends only on the context's last word, so
it is shared by the contexts ending in that word; a head's first unit
("the" of "the company", after no context) is looked up across heads.

The values are the same floats as `weight * lm.score(words[:2], ctx)`:
the same terms, added in the same order (tests/unit/test_realizer_speed.py).
"""
from __future__ import annotations

from ptb2fd.realizer.lm import BOS, EOS, KneserNeyLM

MAX_MEMO = 1_000_000  # entries kept before the memo below starts afresh (memory stays bounded)


class LMSteps:
    def __init__(self, lm: KneserNeyLM | None, weight: float):
        self.lm = lm
        self.weight = weight
        # ln P of a unit's first words after a context of fewer than two words (a
        # head's first unit: "the" at the start of "the company"), by (context, words):
        # the same few words start many phrases
        self._short: dict[tuple, float] = {}

    def contexts(self, p) -> "SearchContexts | NoContexts":
        return SearchContexts(self, p) if self.weight else NoContexts(len(p.units))

    def short(self, ctx: tuple[str, ...], first: tuple[str, ...]) -> float:
        value = self._short.get((ctx, first))
        if value is None:
            if len(self._short) >= MAX_MEMO:
                self._short.clear()
            value = self._short[(ctx, first)] = self.lm.score(first, ctx)
        return value

    def end(self, ctx: tuple[str, ...]) -> float:
        return self.weight * self.lm.logprob(ctx, EOS)


class SearchContexts:
    """The contexts of one head's search, numbered, and per unit the step
    from each context: `table[context id][i] -> (LM score, next context id)`,
    filled on demand by `fill`."""

    def __init__(self, steps: LMSteps, p):
        self._steps = steps
        self._ids: dict[tuple[str, ...], int] = {}
        self._words: list[tuple[str, ...]] = []
        self._first = [tuple(u.words[:2]) for u in p.units]  # what the LM scores of a unit
        self._last = [tuple(u.words[-2:]) for u in p.units]  # the context it leaves
        # a unit of two words or more leaves the same context after any other (None: not numbered yet)
        self._next: list[int | None] = [None] * len(p.units)
        # per context id (numbered below), per unit: None until filled
        self.table: list[list[tuple[float, int] | None]] = []
        self._second: dict[tuple[str, int], float] = {}  # (last word of the context, unit) -> ln P(its 2nd word)
        self.start = self._id((BOS, BOS) if p.root and steps.weight else ())

    def _id(self, ctx: tuple[str, ...]) -> int:
        cid = self._ids.get(ctx)
        if cid is None:
            cid = self._ids[ctx] = len(self._words)
            self._words.append(ctx)
            self.table.append([None] * len(self._first))
        return cid

    def words(self, cid: int) -> tuple[str, ...]:
        return self._words[cid]

    def fill(self, i: int, cid: int) -> tuple[float, int]:
        """Unit i placed after context cid: its LM score and the next context.

        The score is `weight * lm.score(first two words, context)`, summed as
        `score` sums (0.0, + ln P(w1 | u v), + ln P(w2 | v w1)); the second
        term depends on v only, so it is shared by the contexts ending in v."""
        steps = self._steps
        if not steps.weight:
            self.table[cid][i] = step = (0.0, cid)  # no language model: one context throughout
            return step
        ctx, last, first = self._words[cid], self._last[i], self._first[i]
        if len(last) == 2:
            nxt = self._next[i]
            if nxt is None:
                nxt = self._next[i] = self._id(last)
        else:
            nxt_ctx = (ctx + last)[-2:]
            nxt = self._ids.get(nxt_ctx)
            if nxt is None:
                nxt = self._id(nxt_ctx)
        if len(ctx) == 2 and first:
            total = 0.0
            total += steps.lm.logprob3(ctx[0], ctx[1], first[0])
            if len(first) == 2:
                second = self._second.get((ctx[1], i))
                if second is None:
                    second = self._second[(ctx[1], i)] = steps.lm.logprob3(ctx[1], first[0], first[1])
                total += second
        else:
            total = steps.short(ctx, first)
        self.table[cid][i] = step = (steps.weight * total, nxt)
        return step


class NoContexts:
    """`SearchContexts` without a language model (scoring `ranker`): one
    empty context, every step 0.0 and back to it, as `SearchContexts.fill`
    gives with weight 0, without its per-unit words."""

    start = 0

    def __init__(self, n: int):
        self.table: list[list[tuple[float, int]]] = [[(0.0, 0)] * n]

    def words(self, cid: int) -> tuple[str, ...]:
        return ()

    def fill(self, i: int, cid: int) -> tuple[float, int]:
        return self.table[cid][i]

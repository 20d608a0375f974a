"""A word trigram language model with interpolated Kneser-Ney smoothing.

Chen & Goodman's interpolated Kneser-Ney, one absolute discount per order
(D = n1 / (n1 + 2 n2) from that order's count-of-counts):

    P3(w|u v) = max(c(u v w) - D3, 0) / c(u v .) + D3 N1+(u v .) / c(u v .) * P2(w|v)
    P2(w|v)   = max(N1+(. v w) - D2, 0) / N1+(. v .) + D2 N1+(v .) / N1+(. v .) * P1(w)
    P1(w)     = (N1+(. w) + 1) / (N1+(. .) + |V| + 1)     (one count for an unknown word)

where N1+(. v w) is the number of distinct words seen before "v w" (the
continuation count) and N1+(v .) the number of distinct words seen after
"v". An unseen context backs off to the lower order with weight 1.
Sentences are padded with two "<s>" and one "</s>". A phrase scored
without its left context (a dependent's words before the search has placed
it) uses the lower orders.

Written here rather than taken from `nltk.lm`: nltk's KneserNeyInterpolated
recomputes its sums on every call and is far too slow to score the
hundreds of thousands of extensions a search makes. The model is stored as
its trigram counts only; everything else is derived when it is loaded,
including the flat tables `logprob` reads (`_FastTables`: the seen
trigrams' log-probabilities and each context's back-off mass, computed by
`p3`/`p2`/`p1` themselves, so that every value is the very float of the
formulas above; tests/unit/test_realizer_speed.py checks it).
"""
from __future__ import annotations

import math
from collections import Counter, defaultdict
from typing import Iterable, Sequence

BOS, EOS = "<s>", "</s>"


class KneserNeyLM:
    def __init__(self, trigrams: dict[tuple[str, str, str], int]):
        self.trigrams = dict(trigrams)
        self._derive()
        self._fast = _FastTables(self)
        self.logprob3 = self._fast.logprob3  # ln P(w | u v): `logprob((u, v), w)` without building the context

    @classmethod
    def train(cls, sentences: Iterable[Sequence[str]]) -> "KneserNeyLM":
        counts: Counter = Counter()
        for words in sentences:
            count_trigrams(words, counts)
        return cls(counts)

    def _derive(self) -> None:
        ctx2: Counter = Counter()  # c(u v .)
        types2: Counter = Counter()  # N1+(u v .)
        cont2: Counter = Counter()  # N1+(. v w)
        for (u, v, w), c in self.trigrams.items():
            ctx2[(u, v)] += c
            types2[(u, v)] += 1
            cont2[(v, w)] += 1
        cont2_ctx: Counter = Counter()  # N1+(. v .)
        types1: Counter = Counter()  # N1+(v .)
        cont1: Counter = Counter()  # N1+(. w)
        for (v, w), c in cont2.items():
            cont2_ctx[v] += c
            types1[v] += 1
            cont1[w] += 1
        self.ctx2, self.types2, self.cont2 = ctx2, types2, cont2
        self.cont2_ctx, self.types1, self.cont1 = cont2_ctx, types1, cont1
        self.cont1_total = sum(cont1.values())
        self.vocab = len(cont1)
        self.d3 = _discount(self.trigrams.values())
        self.d2 = _discount(cont2.values())

    def p1(self, w: str) -> float:
        return (self.cont1.get(w, 0) + 1) / (self.cont1_total + self.vocab + 1)

    def p2(self, v: str, w: str) -> float:
        lower = self.p1(w)
        total = self.cont2_ctx.get(v, 0)
        if not total:
            return lower
        return (max(self.cont2.get((v, w), 0) - self.d2, 0) + self.d2 * self.types1[v] * lower) / total

    def p3(self, u: str, v: str, w: str) -> float:
        lower = self.p2(v, w)
        total = self.ctx2.get((u, v), 0)
        if not total:
            return lower
        return (max(self.trigrams.get((u, v, w), 0) - self.d3, 0) + self.d3 * self.types2[(u, v)] * lower) / total

    def logprob(self, context: tuple[str, ...], w: str) -> float:
        """ln P(w | the last two words of context); shorter contexts use lower orders.
        The same floats as ln of `p3`/`p2`/`p1`, from flat tables (`_FastTables`)."""
        fast = self._fast
        if len(context) >= 2:
            return fast.logprob3(context[-2], context[-1], w)
        if context:
            return math.log(fast.prob2(context[-1], w))
        return math.log(fast.p1.get(w, fast.p1_unknown))

    def score(self, words: Sequence[str], context: tuple[str, ...] = ()) -> float:
        """ln P of words after context (no padding added)."""
        total = 0.0
        if len(context) >= 2:  # the common case, without building contexts
            logprob3 = self.logprob3
            u, v = context[-2], context[-1]
            for w in words:
                total += logprob3(u, v, w)
                u, v = v, w
            return total
        ctx = tuple(context)
        for w in words:
            total += self.logprob(ctx, w)
            ctx = (ctx + (w,))[-2:]
        return total

    def sentence_logprob(self, words: Sequence[str]) -> float:
        return self.score([*words, EOS], (BOS, BOS))

    def to_json(self) -> list:
        return sorted([u, v, w, c] for (u, v, w), c in self.trigrams.items())

    @classmethod
    def from_json(cls, rows: list) -> "KneserNeyLM":
        return cls({(u, v, w): int(c) for u, v, w, c in rows})


def count_trigrams(words: Sequence[str], counts: Counter) -> None:
    """Adds a sentence's trigrams (padded as `KneserNeyLM.train` pads) to `counts`."""
    padded = [BOS, BOS, *words, EOS]
    for i in range(2, len(padded)):
        counts[(padded[i - 2], padded[i - 1], padded[i])] += 1


def _discount(counts: Iterable[int]) -> float:
    n = defaultdict(int)
    for c in counts:
        if c <= 2:
            n[c] += 1
    if not n[1]:
        return 0.5
    return n[1] / (n[1] + 2 * n[2])


_EMPTY: dict = {}


class _FastTables:
    """The model's probabilities as dictionaries (for speed): every seen
    trigram's ln P3 and every seen bigram's P2 precomputed by `p3`/`p2`
    themselves, by context, and for each seen context its total and back-off
    mass (D * N1+(ctx .), the product `p3`/`p2` compute first), so that an
    unseen word is (D N1+ * lower) / total: the very operations of `p3`/`p2`,
    in the same order, hence the same floats (max(0 - D, 0) is 0, as D > 0)."""

    def __init__(self, lm: KneserNeyLM):
        self.p1 = {w: lm.p1(w) for w in lm.cont1}
        self.p1_unknown = 1 / (lm.cont1_total + lm.vocab + 1)  # `p1` of an unseen word: (0 + 1) / (...)
        self.p2: dict[str, dict[str, float]] = {}  # v -> w -> P2(w | v), seen bigrams
        for v, w in lm.cont2:
            self.p2.setdefault(v, {})[w] = lm.p2(v, w)
        self.ctx1 = {v: (total, lm.d2 * lm.types1[v]) for v, total in lm.cont2_ctx.items()}
        self.lp3: dict[tuple[str, str], dict[str, float]] = {}  # (u, v) -> w -> ln P3(w | u v), seen trigrams
        for u, v, w in lm.trigrams:
            self.lp3.setdefault((u, v), {})[w] = math.log(lm.p3(u, v, w))
        self.ctx2 = {uv: (total, lm.d3 * lm.types2[uv]) for uv, total in lm.ctx2.items()}

    def prob2(self, v: str, w: str) -> float:
        p = self.p2.get(v, _EMPTY).get(w)
        if p is None:
            p = self.p1.get(w, self.p1_unknown)
            c = self.ctx1.get(v)
            if c is not None:
                p = (c[1] * p) / c[0]
        return p

    def logprob3(self, u: str, v: str, w: str) -> float:
        lp = self.lp3.get((u, v), _EMPTY).get(w)
        if lp is not None:
            return lp
        c = self.ctx2.get((u, v))
        lower = self.prob2(v, w)
        return math.log(lower if c is None else (c[1] * lower) / c[0])

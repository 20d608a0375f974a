"""The regeneration check: rebuild each sentence, score it.

Each converted sentence goes through the regeneration view (shuffled,
renumbered, whitelisted fields), the regenerator orders the view's ids,
and the order is mapped back to sentence positions only for scoring.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator

from ..record import Sentence
from .metrics import SentenceScore, score_sentence
from .order import OrderRules, Regenerator
from .view import make_view


@dataclass
class Regenerated:
    sentence: Sentence
    order: list[int]  # regenerated sentence as 0-based positions
    score: SentenceScore
    misplaced: list[int]  # positions whose edge (head, signed distance) was not kept

    @property
    def output(self) -> list[str]:
        words = self.sentence.words
        return [words[i] for i in self.order]


class RegenerationCheck:
    def __init__(self, order_rules: OrderRules, adjunct_roles: frozenset[str]):
        self.regenerator = Regenerator(order_rules)
        self.adjunct_roles = adjunct_roles

    def run(self, sentence: Sentence) -> Regenerated:
        view = make_view(sentence, self.adjunct_roles, seed=sentence.id)
        ids = self.regenerator.order(view.records)
        order = [view.position_of[i] for i in ids]
        heads = [t.head - 1 for t in sentence.tokens]
        score = score_sentence(sentence.words, heads, order)
        return Regenerated(sentence, order, score, misplaced_edges(heads, order))

    def run_all(self, sentences: Iterable[Sentence]) -> Iterator[Regenerated]:
        for s in sentences:
            yield self.run(s)


def misplaced_edges(heads: list[int], order: list[int]) -> list[int]:
    """Dependents whose signed distance to their head changed in the output."""
    where = {p: i for i, p in enumerate(order)}
    out = []
    for d, h in enumerate(heads):
        if h < 0:
            continue
        if d not in where or h not in where or where[d] - where[h] != d - h:
            out.append(d)
    return out

"""The regeneration check: rebuild each sentence, score it.

Each converted sentence goes through a regeneration view (shuffled,
renumbered, whitelisted fields), a realizer turns the view into words, and
the output is mapped back to sentence positions only for scoring. The
reference is the sentence's words in `ap` order (the reader puts tokens in
that order), never the order of records in a file, with its first word
capitalized as every realizer's output is.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Iterable, Iterator

from ..record import Sentence
from .metrics import SentenceScore, score_sentence
from .order import OrderRules
from .realizer import RulesRealizer
from .view import DEFAULT_VIEW, capitalize_first, get_view, make_view


@dataclass
class Regenerated:
    sentence: Sentence
    order: list[int]  # regenerated sentence as 0-based positions (-1: a word matched to no token)
    output: list[str]  # the realizer's words
    score: SentenceScore
    misplaced: list[int]  # positions whose edge (head, signed distance) was not kept


class RegenerationCheck:
    def __init__(self, order_rules: OrderRules, adjunct_roles: frozenset[str], view: str = DEFAULT_VIEW,
                 realizer=None):
        self.view = get_view(view)
        self.realizer = realizer if realizer is not None else RulesRealizer(order_rules)
        self.adjunct_roles = adjunct_roles

    def run(self, sentence: Sentence) -> Regenerated:
        viewed = make_view(sentence, self.adjunct_roles, seed=sentence.id, view=self.view)
        # The first word's case is the realizer's to set (view.py): the
        # reference is scored sentence-cased too ("it was ..." -> "It was").
        words = capitalize_first(sentence.words)
        if hasattr(self.realizer, "realize_ordered"):
            output, ids = self.realizer.realize_ordered(viewed.view)
            order = [viewed.position_of[i] for i in ids]
        else:
            output = [str(w) for w in self.realizer.realize(viewed.view)]
            order = align_words(words, output)
        heads = [t.head - 1 for t in sentence.tokens]
        score = score_sentence(words, heads, order, output)
        return Regenerated(sentence, order, output, score, misplaced_edges(heads, order))

    def run_all(self, sentences: Iterable[Sentence]) -> Iterator[Regenerated]:
        for s in sentences:
            yield self.run(s)


def align_words(ref: list[str], out: list[str]) -> list[int]:
    """Which reference token each output word stands for, for a realizer
    that returns only words: the longest common blocks first (difflib,
    case-insensitive), then each remaining output word takes the leftmost
    unused token spelled the same; a word with none left is -1."""
    low_ref, low_out = [w.lower() for w in ref], [w.lower() for w in out]
    order = [-1] * len(out)
    used = [False] * len(ref)
    for block in difflib.SequenceMatcher(None, low_out, low_ref, autojunk=False).get_matching_blocks():
        for k in range(block.size):
            order[block.a + k] = block.b + k
            used[block.b + k] = True
    for p, w in enumerate(low_out):
        if order[p] >= 0:
            continue
        for i, r in enumerate(low_ref):
            if not used[i] and r == w:
                order[p], used[i] = i, True
                break
    return order


def misplaced_edges(heads: list[int], order: list[int]) -> list[int]:
    """Dependents whose signed distance to their head changed in the output."""
    where = {p: i for i, p in enumerate(order) if p >= 0}
    out = []
    for d, h in enumerate(heads):
        if h < 0:
            continue
        if d not in where or h not in where or where[d] - where[h] != d - h:
            out.append(d)
    return out

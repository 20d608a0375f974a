"""The regeneration check: rebuild each sentence, score it.

Each converted sentence goes through a regeneration view (shuffled,
renumbered, whitelisted fields), a realizer turns the view into words, and
the output is mapped back to sentence positions only for scoring. The
reference is the sentence's words in `ap` order (the reader puts tokens in
that order), never the order of records in a file. The capital of a first
word is not scored (`uncased_reference`, `uncased_output`): a realizer is
judged on where it puts words, and capitalizes whichever comes first.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Iterable, Iterator

from ptb2fd.record import Sentence
from ptb2fd.regen.metrics import SentenceScore, score_sentence
from ptb2fd.regen.order import OrderRules
from ptb2fd.regen.realizer import RulesRealizer
from ptb2fd.regen.view import DEFAULT_VIEW, get_view, initial_case_index, lower_first, make_view


@dataclass
class Regenerated:
    sentence: Sentence
    order: list[int]  # regenerated sentence as 0-based positions (-1: a word matched to no token)
    output: list[str]  # the realizer's words
    score: SentenceScore
    misplaced: list[int]  # positions whose edge (head, signed distance) was not kept
    error: str | None = None  # the realizer failed on this sentence: its output is empty

    def failure_line(self) -> str | None:
        """The one line that reports a realizer's failure on this sentence, or None."""
        return f"ptb2fd: {self.sentence.id}: not regenerated: {self.error}" if self.error else None


class RegenerationCheck:
    def __init__(self, order_rules: OrderRules, adjunct_roles: frozenset[str], view: str = DEFAULT_VIEW,
                 realizer=None):
        self.view = get_view(view)
        self.realizer = realizer if realizer is not None else RulesRealizer(order_rules)
        self.adjunct_roles = adjunct_roles

    @property
    def regenerator(self):
        """The rule regenerator (its `fired` counts order-rule firings), or None."""
        return getattr(self.realizer, "regenerator", None)

    def run(self, sentence: Sentence) -> Regenerated:
        viewed = make_view(sentence, self.adjunct_roles, seed=sentence.id, view=self.view)
        words = uncased_reference(sentence)
        error = None
        try:
            if hasattr(self.realizer, "realize_ordered"):
                output, ids = self.realizer.realize_ordered(viewed.view)
                order = [viewed.position_of[i] for i in ids]
            else:
                output = [str(w) for w in self.realizer.realize(viewed.view)]
                order = align_words(words, output)
        except Exception as exc:  # noqa: BLE001 - a realizer's bug costs its sentence (scored as empty), not the run
            output, order, error = [], [], f"internal error: {type(exc).__name__}: {exc}"
        heads = [t.head - 1 for t in sentence.tokens]
        score = score_sentence(words, heads, order, uncased_output(output, order, words))
        return Regenerated(sentence, order, output, score, misplaced_edges(heads, order), error)

    def run_all(self, sentences: Iterable[Sentence]) -> Iterator[Regenerated]:
        for s in sentences:
            yield self.run(s)


def uncased_reference(sentence: Sentence) -> list[str]:
    """The reference as scored: the capital its first word has only because
    it comes first is lowered, as in the views ("The company" -> "the
    company"; "IBM", "Pierre" keep theirs). Which word a realizer puts first,
    and so capitalizes, is then scored by position only."""
    first = initial_case_index(sentence.tokens)
    return [lower_first(w) if i == first else w for i, w in enumerate(sentence.words)]


def uncased_output(output: list[str], order: list[int], reference: list[str]) -> list[str]:
    """The output as scored: its first word lowered again where the realizer
    capitalized it only for coming first (the token is lowercase in the
    scored reference: "But the House" -> "but the House")."""
    out = list(output)
    for p, (w, k) in enumerate(zip(out, order)):
        if w and w[0].isalpha():
            if k >= 0 and reference[k][:1].islower() and w[:1].isupper() and w[1:] == reference[k][1:]:
                out[p] = lower_first(w)
            break
    return out


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

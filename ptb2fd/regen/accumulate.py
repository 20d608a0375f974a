"""Corpus figures summed as sentences come: memory flat in the corpus size.

`MetricsAccumulator.add` takes one `SentenceScore`; `result()` gives the
corpus figures (`aggregate` is the same for a list):

* ssa_id, ssa, gsa, sta, gta: micro-averaged, i.e. the counts are summed
  over all sentences and the formula applied once: 1 - total errors /
  total reference words.
* dea: total edges found / total reference edges (1.0 if there are none).
* exact: share of sentences regenerated exactly.
* understandability, quality: mean of the per-sentence values.
* bleu: corpus BLEU-4 from summed n-gram counts (`CorpusBleu`: NLTK's
  ``corpus_bleu`` without smoothing, computed from the same counts, to the
  last digit); bleu_sentence: mean smoothed sentence BLEU.
* macro: per-sentence means of ssa_id, ssa, gsa, sta, gta and dea.

Sums run in sentence order, as `sum()` over a list would, so the figures
equal those of the whole list at once. `score_parts` is what a sentence
adds; with `regen --jobs N` the workers compute it and this process adds
the parts in input order (`add_parts`), so the figures are those of one
process to the last digit. An empty input gives sentences=0
and None for every figure (including those in "macro").
"""
from __future__ import annotations

import math
import sys
from collections import Counter
from typing import Iterable, Sequence

from ptb2fd.nltk_import import load_nltk

load_nltk()  # before nltk's modules: without scipy
from nltk.translate.bleu_score import Fraction, brevity_penalty, closest_ref_length, modified_precision  # noqa: E402

from ptb2fd.regen.metrics import SentenceScore  # noqa: E402
from ptb2fd.regen.string_metrics import Counts

MACRO = ("ssa_id", "ssa", "gsa", "sta", "gta", "dea")
KEYS = ("exact", "ssa_id", "ssa", "gsa", "sta", "gta", "bleu", "dea", "understandability", "quality",
        "bleu_sentence")
BLEU_N = 4


def bleu_counts(ref: Sequence[str], hyp: Sequence[str]) -> tuple:
    """One sentence's share of corpus BLEU: (matches and totals of n-grams
    for n = 1..4, output length, reference length)."""
    if len(ref) == len(hyp) and list(ref) == list(hyp):
        # An exact sentence (nine in ten): each of its n-grams matches, so
        # nltk's modified_precision would give (L-n+1) / (L-n+1), and 0 / 1
        # for an order longer than the sentence.
        grams = tuple(max(0, len(hyp) - n + 1) for n in range(1, BLEU_N + 1))
        return grams, tuple(max(1, g) for g in grams), len(hyp), len(hyp)
    refs, hyp = [list(ref)], list(hyp)
    precisions = [modified_precision(refs, hyp, n) for n in range(1, BLEU_N + 1)]
    return (tuple(p.numerator for p in precisions), tuple(p.denominator for p in precisions), len(hyp),
            closest_ref_length(refs, len(hyp)))


def score_parts(s: SentenceScore) -> tuple:
    """What `MetricsAccumulator` sums of one sentence, small enough to send
    between processes: a worker computes it, the driver adds it in order."""
    return (s.exact, s.id_counts, s.string_counts, s.tree_counts, s.edges, s.edges_found, s.understandability,
            s.quality, s.bleu, tuple(getattr(s, key) for key in MACRO), bleu_counts(s.ref_words, s.out_words))


class CorpusBleu:
    """Corpus BLEU-4 with one reference per sentence, from summed counts."""

    def __init__(self):
        self.matches: Counter = Counter()
        self.totals: Counter = Counter()
        self.hyp_len = 0
        self.ref_len = 0

    def add(self, ref: Sequence[str], hyp: Sequence[str]) -> None:
        self.add_counts(bleu_counts(ref, hyp))

    def add_counts(self, counts: tuple) -> None:
        """Add what `bleu_counts` gives for one sentence."""
        matches, totals, hyp_len, ref_len = counts
        for n in range(1, BLEU_N + 1):
            self.matches[n] += matches[n - 1]
            self.totals[n] += totals[n - 1]
        self.hyp_len += hyp_len
        self.ref_len += ref_len

    def value(self) -> float:
        bp = brevity_penalty(self.ref_len, self.hyp_len)
        if self.matches[1] == 0:
            return 0
        # No smoothing: an order without matches counts as the smallest
        # float (what NLTK's method0 does), so BLEU is 0 up to rounding.
        p_n = [Fraction(self.matches[n], self.totals[n], _normalize=False) if self.matches[n] else sys.float_info.min
               for n in range(1, BLEU_N + 1)]
        return bp * math.exp(math.fsum(0.25 * math.log(p) for p in p_n if p > 0))


class MetricsAccumulator:
    def __init__(self):
        self.sentences = 0
        self.exact = 0
        self.ids = Counts()
        self.strings = Counts()
        self.trees = Counts()
        self.edges = 0
        self.edges_found = 0
        self.understandability = 0.0
        self.quality = 0.0
        self.bleu_sentence = 0.0
        self.macro = dict.fromkeys(MACRO, 0.0)
        self.bleu = CorpusBleu()

    def add(self, s: SentenceScore) -> None:
        self.add_parts(score_parts(s))

    def add_parts(self, parts: tuple) -> None:
        """Add one sentence's `score_parts`."""
        exact, ids, strings, trees, edges, found, understand, qual, bleu, macro, bleu_counts_ = parts
        self.sentences += 1
        self.exact += exact
        self.ids += ids
        self.strings += strings
        self.trees += trees
        self.edges += edges
        self.edges_found += found
        self.understandability += understand
        self.quality += qual
        self.bleu_sentence += bleu
        for key, value in zip(MACRO, macro):
            self.macro[key] += value
        self.bleu.add_counts(bleu_counts_)

    def result(self) -> dict:
        n = self.sentences
        if not n:
            return {"sentences": 0, **dict.fromkeys(KEYS), "macro": dict.fromkeys(MACRO)}
        return {
            "sentences": n,
            "exact": self.exact / n,
            "ssa_id": self.ids.simple_accuracy(),
            "ssa": self.strings.simple_accuracy(),
            "gsa": self.strings.generation_accuracy(),
            "sta": self.trees.simple_accuracy(),
            "gta": self.trees.generation_accuracy(),
            "bleu": self.bleu.value(),
            "dea": self.edges_found / self.edges if self.edges else 1.0,
            "understandability": self.understandability / n,
            "quality": self.quality / n,
            "bleu_sentence": self.bleu_sentence / n,
            "macro": {key: self.macro[key] / n for key in MACRO},
        }


def aggregate(scores: Iterable[SentenceScore]) -> dict:
    """Corpus figures for sentence scores (see the module docstring)."""
    acc = MetricsAccumulator()
    for s in scores:
        acc.add(s)
    return acc.result()

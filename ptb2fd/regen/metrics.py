"""Metrics that score a sentence regenerated from its unordered dependency tree.

The reference is the original sentence: ``words`` with ``heads`` (0-based
index of each word's head, -1 for the root). The output is ``order``: the
regenerated sentence as indices into ``words``. It is normally a permutation
of ``range(len(words))``, but a generator may drop or repeat words, so any
sequence of valid indices is accepted.

String metrics (in `string_metrics.py`; Bangalore, Rambow & Whittaker 2000,
"Evaluation Metrics for Generation", section 3.1), with R the number of
reference words:

* ``ssa_id``: 1 - (I + D) / R, insertions and deletions only (a displaced
  word counts twice); I and D come from the longest common subsequence.
* ``ssa``: simple string accuracy, eq. (1): 1 - (I + D + S) / R, from the
  minimum-cost alignment described in `align`.
* ``gsa``: generation string accuracy, eq. (3): 1 - (M + I' + D' + S) / R,
  where a deletion and an insertion of the same word are one move M.

Tree metrics (in `tree_metrics.py`; section 3.2): ``sta`` and ``gta`` are
the same two measures computed per treelet (a head with its dependents), with
the counts summed over all treelets and R the sentence length, as in the
paper's Table 1.

``understandability`` and ``quality`` are eqs. (4) and (5) (section 4.2).
``dea`` is dependency edge accuracy (Shimorina, Parmentier & Gardent 2021,
section 3.2) and ``bleu`` is BLEU-4 from NLTK. Corpus figures are summed
as sentences come, in `accumulate.py`.

All accuracies except ``dea``, ``exact`` and BLEU may be negative: an output
with many insertions has more errors than reference words.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ptb2fd.nltk_import import load_nltk

load_nltk()  # before nltk's modules: without scipy
from nltk.translate.bleu_score import SmoothingFunction, sentence_bleu  # noqa: E402

# Counts and id_counts are also imported from here (ptb2fd.realizer.evaluate).
from ptb2fd.regen.string_metrics import Counts, id_counts, string_counts  # noqa: E402
from ptb2fd.regen.tree_metrics import edge_accuracy, tree_counts  # noqa: E402

__all__ = ["Counts", "SentenceScore", "id_counts", "understandability", "quality", "score_sentence",
           "smoothed_sentence_bleu"]

_SMOOTHING = SmoothingFunction().method2


def smoothed_sentence_bleu(reference: Sequence[str], output: Sequence[str]) -> float:
    """Sentence BLEU-4 with nltk's smoothing method 2 (Lin & Och 2004)."""
    return sentence_bleu([list(reference)], list(output), smoothing_function=_SMOOTHING)


def understandability(sta: float, subs: int) -> float:
    """Understandability accuracy, eq. (4): (1.3147 STA - 0.1039 S - 0.4458) / 0.8689.

    STA is simple tree accuracy and S the number of substitutions of the
    simple string accuracy alignment. A perfect sentence scores 1.
    """
    return (1.3147 * sta - 0.1039 * subs - 0.4458) / 0.8689


def quality(sta: float, subs: int) -> float:
    """Quality accuracy, eq. (5): (1.0192 STA - 0.0869 S - 0.3553) / 0.6639.

    STA is simple tree accuracy and S the number of substitutions of the
    simple string accuracy alignment. A perfect sentence scores 1.
    """
    return (1.0192 * sta - 0.0869 * subs - 0.3553) / 0.6639


@dataclass(frozen=True)
class SentenceScore:
    """Every metric for one sentence, with the raw counts and both word sequences."""

    ref_words: tuple[str, ...]
    out_words: tuple[str, ...]
    exact: int  # 1 if out_words == ref_words
    ssa_id: float  # 1 - (I + D) / R, LCS-based
    ssa: float  # 1 - (I + D + S) / R
    gsa: float  # 1 - (M + I' + D' + S) / R
    sta: float  # ssa summed over treelets
    gta: float  # gsa summed over treelets
    understandability: float  # eq. (4)
    quality: float  # eq. (5)
    dea: float  # edges_found / edges (1.0 if the sentence has no edges)
    bleu: float  # sentence BLEU-4, smoothing method 2
    id_counts: Counts
    string_counts: Counts
    tree_counts: Counts
    edges: int
    edges_found: int


def _check(words: Sequence[str], heads: Sequence[int], order: Sequence[int], unmatched_ok: bool = False) -> None:
    n = len(words)
    if n == 0:
        raise ValueError("empty reference sentence")
    if len(heads) != n:
        raise ValueError(f"{len(heads)} heads for {n} words")
    for i, head in enumerate(heads):
        if not -1 <= head < n or head == i:
            raise ValueError(f"bad head {head} for word {i}")
    for k in order:
        if not (0 <= k < n or (unmatched_ok and k == -1)):
            raise ValueError(f"output index {k} out of range for {n} words")


def score_sentence(words: Sequence[str], heads: Sequence[int], order: Sequence[int],
                   out_words: Sequence[str] | None = None) -> SentenceScore:
    """Score the output ``order`` (indices into ``words``) against the reference.

    ``out_words``, when given, is the output as the realizer spelled it (one
    word per entry of ``order``; an entry -1 is a word that stands for no
    reference token): string metrics compare those words.

    Raises ValueError for an empty reference, malformed heads, or an output
    index outside ``range(len(words))``. Missing and repeated indices are
    scored as deletions and insertions.
    """
    _check(words, heads, order, unmatched_ok=out_words is not None)
    if out_words is not None and len(out_words) != len(order):
        raise ValueError(f"{len(out_words)} output words for {len(order)} output positions")
    ref = tuple(words)
    out = tuple(words[k] for k in order) if out_words is None else tuple(out_words)
    ids = id_counts(ref, out)
    strings = string_counts(ref, out)
    trees = tree_counts(ref, heads, order, out_words)
    found, edges = edge_accuracy(heads, order)
    sta = trees.simple_accuracy()
    return SentenceScore(
        ref_words=ref,
        out_words=out,
        exact=int(out == ref),
        ssa_id=ids.simple_accuracy(),
        ssa=strings.simple_accuracy(),
        gsa=strings.generation_accuracy(),
        sta=sta,
        gta=trees.generation_accuracy(),
        understandability=understandability(sta, strings.subs),
        quality=quality(sta, strings.subs),
        dea=found / edges if edges else 1.0,
        bleu=smoothed_sentence_bleu(ref, out),
        id_counts=ids,
        string_counts=strings,
        tree_counts=trees,
        edges=edges,
        edges_found=found,
    )

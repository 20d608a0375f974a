"""The paper's performance scores: edge accuracy and sentence BLEU (paper 001, 3.2, 4).

`dea_paper`: an edge of the punctuation-free reference tree is the triple
(head lemma, dependent lemma, signed distance); it is found when the
punctuation-free output lemma sequence has the head lemma at some position
p and the dependent lemma at p + distance. Lemmas, not word identities,
are matched, as in the paper: with two "the" in a sentence either may
match. This is not ptb2fd's `dea` (regen metrics), which checks each word
by its identity and counts punctuation edges; the two are named apart
(`dea_paper`, `dea_ptb2fd`).

Figure 1: "I enjoy my time at Franklin High School" regenerated as
"I enjoy my time at high franklin school" keeps 5 of the 7 edges:
(school, high, -1) and (school, franklin, -2) are lost, DEA 5/7 = 0.71.

`bleu_paper`: sentence BLEU-4 with Chen & Cherry's smoothing method 2
(NLTK), on the punctuation-free lemmas of reference and output.
"""
from __future__ import annotations

import warnings
from collections import Counter, defaultdict
from typing import Sequence

from ptb2fd.regen.metrics import smoothed_sentence_bleu


def edge_hits(bases: Sequence[str], heads: Sequence[int], output: Sequence[str]) -> list[bool]:
    """For each non-root word: is its edge found in the output? (None-free list, root skipped)."""
    where: dict[str, list[int]] = defaultdict(list)
    for p, lemma in enumerate(output):
        where[lemma].append(p)
    n = len(output)
    hits = []
    for d, h in enumerate(heads, start=1):
        if not h:
            continue
        distance = d - h
        dep = bases[d - 1]
        hits.append(any(0 <= p + distance < n and output[p + distance] == dep for p in where.get(bases[h - 1], ())))
    return hits


def dea_paper(bases: Sequence[str], heads: Sequence[int], output: Sequence[str]) -> float:
    hits = edge_hits(bases, heads, output)
    return sum(hits) / len(hits) if hits else 1.0


def dea_by_role(sentences) -> dict[str, tuple[int, int]]:
    """role -> (edges found, edges) over sentences with bases/heads/roles/output."""
    found: Counter = Counter()
    total: Counter = Counter()
    for s in sentences:
        dependents = [r for r, h in zip(s.roles, s.heads) if h]
        for role, hit in zip(dependents, edge_hits(s.bases, s.heads, s.output)):
            total[role] += 1
            found[role] += hit
    return {role: (found[role], total[role]) for role in sorted(total)}


def bleu_paper(reference: Sequence[str], output: Sequence[str]) -> float:
    if not reference or not output:
        return 1.0 if list(reference) == list(output) else 0.0
    with warnings.catch_warnings():  # NLTK warns on sentences shorter than 4 words
        warnings.simplefilter("ignore")
        return float(smoothed_sentence_bleu(reference, output))

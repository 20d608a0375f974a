"""Correlation tests (paper 001, sections 3.3 and 4).

Spearman's rho between every pair of performance and complexity metrics,
per system, with the Holm-Bonferroni correction over the pairs of that
system (the paper corrects its up to 45 comparisons per submission).
Holm: sort the m p-values ascending; the k-th (1-based) is adjusted to
max over j <= k of min(1, (m - j + 1) p_j); a pair is significant when the
adjusted value is below alpha (0.05). A metric that is constant in a system
(BLEU when every sentence is exact) has no rho: NaN, never significant.

Projective against non-projective sentences: Mann-Whitney U (two-sided),
run only when both groups have at least 20 sentences.
"""
from __future__ import annotations

import math
import warnings
from dataclasses import dataclass
from typing import Sequence

import numpy as np
from scipy.stats import mannwhitneyu, spearmanr

ALPHA = 0.05
MIN_GROUP = 20


@dataclass
class Pair:
    a: str
    b: str
    rho: float
    p: float
    p_holm: float

    @property
    def significant(self) -> bool:
        return not math.isnan(self.p_holm) and self.p_holm < ALPHA


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm-Bonferroni adjusted p-values, in the input order (NaN stays NaN and is not counted)."""
    idx = sorted((i for i, p in enumerate(pvalues) if not math.isnan(p)), key=lambda i: (pvalues[i], i))
    m = len(idx)
    out = [math.nan] * len(pvalues)
    running = 0.0
    for k, i in enumerate(idx):
        running = max(running, min(1.0, (m - k) * pvalues[i]))
        out[i] = running
    return out


def spearman_pairs(columns: dict[str, Sequence[float]]) -> list[Pair]:
    """Every pair of columns (in the given order), Holm-corrected together."""
    names = list(columns)
    pairs = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            x, y = np.asarray(columns[a], float), np.asarray(columns[b], float)
            ok = ~(np.isnan(x) | np.isnan(y))
            x, y = x[ok], y[ok]
            if len(x) < 3 or np.ptp(x) == 0 or np.ptp(y) == 0:
                rho, p = math.nan, math.nan
            else:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    res = spearmanr(x, y)
                rho, p = float(res.statistic), float(res.pvalue)
            pairs.append(Pair(a, b, rho, p, math.nan))
    for pair, adjusted in zip(pairs, holm([p.p for p in pairs])):
        pair.p_holm = adjusted
    return pairs


@dataclass
class GroupTest:
    metric: str
    n_projective: int
    n_nonprojective: int
    median_projective: float
    median_nonprojective: float
    u: float | None
    p: float | None


def projectivity_tests(scores: dict[str, Sequence[float]], projective: Sequence[bool]) -> list[GroupTest]:
    out = []
    flags = np.asarray(projective, bool)
    for metric, values in scores.items():
        v = np.asarray(values, float)
        a, b = v[flags], v[~flags]
        med_a = float(np.median(a)) if len(a) else math.nan
        med_b = float(np.median(b)) if len(b) else math.nan
        u = p = None
        if len(a) >= MIN_GROUP and len(b) >= MIN_GROUP and np.ptp(v) > 0:
            res = mannwhitneyu(a, b, alternative="two-sided")
            u, p = float(res.statistic), float(res.pvalue)
        out.append(GroupTest(metric, len(a), len(b), med_a, med_b, u, p))
    return out

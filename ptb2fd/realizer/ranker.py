"""The log-linear ranker's estimation (paper 002, eqs. 1-3).

Each training instance is one head with its whole candidate set of
orderings, the reference among them. The weights maximize the conditional
log-likelihood of the references with a zero-mean Gaussian prior:

    L(w) = sum_h [ w.f(ref_h) - log sum_{c in C_h} exp(w.f(c)) ] - |w|^2 / (2 sigma^2)

minimized as -L with scipy's L-BFGS-B and its exact gradient
(F^T (p - onehot) + w / sigma^2). The prior's variance is chosen by
cross-validation on the training data alone (`choose_variance`): the
variance whose held-out folds rank the most references first.
"""
from __future__ import annotations

import itertools

import numpy as np
from scipy.optimize import minimize
from scipy.sparse import coo_matrix, csr_matrix
from threadpoolctl import threadpool_limits

from ptb2fd.realizer.factored import FactoredMatrix


class CandidateSets:
    """Feature rows of every candidate, grouped per instance; the reference is each group's first row."""

    def __init__(self, rows: list[list[int]], lm_values: list[float], starts: list[int], n_features: int,
                 groups_fold: list[int]):
        """rows: the indices of each candidate's binary features (repeats add up);
        lm_values: its language-model feature (index 0)."""
        self.starts = np.asarray(starts, dtype=np.int64)  # first row of each group, plus the end
        self.fold = np.asarray(groups_fold, dtype=np.int64)
        lengths = np.fromiter((len(r) for r in rows), dtype=np.int64, count=len(rows))
        indices = np.fromiter(itertools.chain.from_iterable(rows), dtype=np.int64, count=int(lengths.sum()))
        row_of = np.repeat(np.arange(len(rows)), lengths)
        counts = coo_matrix((np.ones(len(indices)), (row_of, indices)), shape=(len(rows), n_features)).tocsr()
        lm = csr_matrix((np.asarray(lm_values, dtype=np.float64), (np.arange(len(rows)), np.zeros(len(rows),
                        dtype=np.int64))), shape=(len(rows), n_features))
        self.design = FactoredMatrix(None, None, counts + lm)

    @classmethod
    def from_design(cls, design: FactoredMatrix, starts: list[int], groups_fold: list[int]) -> "CandidateSets":
        """Candidate sets from a ready (candidates x features) design, column 0 the language model."""
        out = cls.__new__(cls)
        out.starts = np.asarray(starts, dtype=np.int64)
        out.fold = np.asarray(groups_fold, dtype=np.int64)
        out.design = design
        return out

    @property
    def matrix(self) -> csr_matrix:
        """The design matrix itself, candidates x features (for tests and inspection)."""
        return self.design.materialize()

    def prune(self, min_groups: int, keep_columns=(0,)) -> np.ndarray:
        """Drop the features seen in fewer than `min_groups` instances (a feature
        of one head only, such as most whole-sequence features, remembers that
        head and generalizes to nothing; it also makes L-BFGS slow). Returns
        the old indices of the kept columns, in order."""
        n_rows, n_cols = self.design.shape
        group_of = np.repeat(np.arange(len(self.starts) - 1), np.diff(self.starts))
        # (groups x candidates) @ (candidates x features fired): a group's row
        # stores each feature its candidates fire once, so a column's stored
        # entries count its groups (many times faster than a unique over every
        # (group, feature) pair)
        member = csr_matrix((np.ones(n_rows), (group_of, np.arange(n_rows))), shape=(self.groups, n_rows))
        per_group = self.design.fired_by(member)
        seen = np.bincount(per_group.indices, minlength=n_cols)
        keep = seen >= min_groups
        keep[list(keep_columns)] = True
        kept = np.flatnonzero(keep)
        self.design = self.design.columns(kept)
        return kept

    @property
    def groups(self) -> int:
        return len(self.starts) - 1

    @property
    def candidates(self) -> int:
        return int(self.starts[-1])

    def subset(self, keep: np.ndarray) -> "CandidateSets":
        """The groups where keep is True."""
        out = CandidateSets.__new__(CandidateSets)
        row_idx = np.concatenate([np.arange(self.starts[g], self.starts[g + 1]) for g in np.flatnonzero(keep)])
        sizes = np.diff(self.starts)[keep]
        out.starts = np.concatenate([[0], np.cumsum(sizes)])
        out.fold = self.fold[keep]
        out.design = self.design.rows(row_idx)
        return out


def _objective(w: np.ndarray, sets: CandidateSets, variance: float, mask: np.ndarray):
    w = w * mask
    scores = sets.design.dot(w)
    starts = sets.starts[:-1]
    group_max = np.maximum.reduceat(scores, starts)
    sizes = np.diff(sets.starts)
    shifted = np.exp(scores - np.repeat(group_max, sizes))
    z = np.add.reduceat(shifted, starts)
    log_z = np.log(z) + group_max
    loss = float(np.sum(log_z - scores[starts])) + float(w @ w) / (2 * variance)
    probs = shifted / np.repeat(z, sizes)
    probs[starts] -= 1.0
    grad = (sets.design.dot_t(probs) + w / variance) * mask
    return loss, grad


def fit(sets: CandidateSets, variance: float, mask: np.ndarray | None = None, max_iter: int = 100) -> np.ndarray:
    """Weights maximizing the penalized conditional likelihood (features outside mask stay 0)."""
    n = sets.design.shape[1]
    mask = np.ones(n) if mask is None else mask.astype(np.float64)
    # One BLAS thread: L-BFGS-B's vector updates are small, and OpenBLAS's
    # threads only fight each other (3x slower on a busy two-core machine).
    with threadpool_limits(limits=1, user_api="blas"):
        result = minimize(_objective, np.zeros(n), args=(sets, variance, mask), jac=True, method="L-BFGS-B",
                          options={"maxiter": max_iter, "ftol": 1e-7})
    return result.x * mask


def top1_accuracy(sets: CandidateSets, w: np.ndarray) -> float:
    """Share of groups whose reference scores strictly above every other candidate."""
    scores = sets.design.dot(w)
    starts = sets.starts[:-1]
    sizes = np.diff(sets.starts)
    ref = np.repeat(scores[starts], sizes)
    beaten = np.add.reduceat((scores >= ref).astype(np.int64), starts) - 1
    return float(np.mean(beaten == 0)) if len(starts) else 0.0


def held_out_folds_of(sets: CandidateSets, held_out_folds: int | None = None) -> list[int]:
    """The folds `choose_variance` holds out in turn: those with groups on
    both sides of the split, the first `held_out_folds` of them when given."""
    folds = [k for k in sorted(set(sets.fold.tolist())) if 0 < int(np.sum(sets.fold == k)) < len(sets.fold)]
    return folds[:held_out_folds] if held_out_folds else folds


def one_standard_error(accuracy: float, groups: int) -> float:
    """The standard error of a held-out top-1 share over `groups` heads
    (binomial): the margin of the one-standard-error rule (Breiman et al.
    1984; Hastie, Tibshirani & Friedman, sec. 7.10): of two models, the
    simpler is kept unless the other beats it by more than this."""
    return float(np.sqrt(accuracy * (1.0 - accuracy) / groups)) if groups else float("inf")


def choose_variance(sets: CandidateSets, grid: tuple[float, ...], mask: np.ndarray | None = None,
                    max_iter: int = 30, held_out_folds: int | None = None) -> tuple[float, dict[float, float]]:
    """The variance with the best mean held-out top-1 accuracy over the folds
    (the first `held_out_folds` of them only, when given: each fold held out
    costs one fit per variance tried).

    A hill-climb over the sorted grid rather than the whole grid: it starts
    in the middle, tries both neighbours and walks on towards the better one
    while held-out accuracy rises (usually 3 of the grid's points are fitted)."""
    folds = held_out_folds_of(sets, held_out_folds)
    grid = tuple(sorted(grid))
    if not folds:  # too little data to hold any out: the middle of the grid
        middle = grid[len(grid) // 2]
        return middle, {middle: float("nan")}
    splits = [(sets.subset(sets.fold != k), sets.subset(sets.fold == k)) for k in folds]
    accuracy: dict[float, float] = {}

    def held_out(i: int) -> float:
        v = grid[i]
        if v not in accuracy:
            accuracy[v] = float(np.mean([top1_accuracy(test, fit(train, v, mask, max_iter)) for train, test in splits]))
        return accuracy[v]

    def better(i: int, j: int) -> bool:  # ties go to the smaller variance
        return (held_out(i), -grid[i]) > (held_out(j), -grid[j])

    at = len(grid) // 2
    held_out(at)
    for step in (-1, 1):
        while 0 <= at + step < len(grid) and better(at + step, at):
            at += step
    best = min(accuracy, key=lambda v: (-accuracy[v], v))
    return best, accuracy

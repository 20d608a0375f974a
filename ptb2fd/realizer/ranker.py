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


class CandidateSets:
    """Candidate sets in memory, given row by row (small cases and tests; the
    trainer's are `objective.TrainingSet`, which has the same methods). Each
    group's first row is its reference; column 0 is the language model."""

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
        self.matrix = (counts + lm).tocsr()

    @property
    def n_features(self) -> int:
        return self.matrix.shape[1]

    @property
    def groups(self) -> int:
        return len(self.starts) - 1

    @property
    def candidates(self) -> int:
        return int(self.starts[-1])

    def group_counts(self) -> np.ndarray:
        """Per feature: in how many groups some candidate fires it."""
        group_of = np.repeat(np.arange(self.groups), np.diff(self.starts))
        member = csr_matrix((np.ones(len(group_of)), (group_of, np.arange(len(group_of)))),
                            shape=(self.groups, self.candidates))
        return np.bincount((member @ self.matrix).tocsr().indices, minlength=self.n_features)

    def keep_columns(self, kept: np.ndarray) -> "CandidateSets":
        out = self.subset(np.ones(self.groups, dtype=bool))
        out.matrix = self.matrix[:, kept].tocsr()
        return out

    def subset(self, keep) -> "CandidateSets":
        """The groups where keep is True (a mask), or of the folds in `keep` (a set)."""
        if isinstance(keep, (set, frozenset)):
            keep = np.isin(self.fold, list(keep))
        out = CandidateSets.__new__(CandidateSets)
        row_idx = np.concatenate([np.arange(self.starts[g], self.starts[g + 1]) for g in np.flatnonzero(keep)]
                                 or [np.zeros(0, dtype=np.int64)])
        sizes = np.diff(self.starts)[keep]
        out.starts = np.concatenate([[0], np.cumsum(sizes)])
        out.fold = self.fold[keep]
        out.matrix = self.matrix[row_idx]
        return out

    def loss_and_gradient(self, w: np.ndarray, variance: float) -> tuple[float, np.ndarray]:
        loss, r = group_terms(self.matrix @ w, self.starts)
        return loss + float(w @ w) / (2 * variance), self.matrix.T @ r + w / variance

    def top1(self, w: np.ndarray) -> float:
        return top1_count(self.matrix @ w, self.starts) / self.groups if self.groups else 0.0


def group_terms(scores: np.ndarray, starts: np.ndarray) -> tuple[float, np.ndarray]:
    """Minus the log-likelihood of the groups' references (each group's first
    candidate, groups from `starts`, which ends with the last candidate's end)
    and its derivative by each score: p(candidate) - [candidate is the reference]."""
    if len(starts) < 2:
        return 0.0, np.zeros(len(scores))
    first = starts[:-1]
    group_max = np.maximum.reduceat(scores, first)
    sizes = np.diff(starts)
    shifted = np.exp(scores - np.repeat(group_max, sizes))
    z = np.add.reduceat(shifted, first)
    loss = float(np.sum(np.log(z) + group_max - scores[first]))
    r = shifted / np.repeat(z, sizes)
    r[first] -= 1.0
    return loss, r


def top1_count(scores: np.ndarray, starts: np.ndarray) -> int:
    """Groups whose reference scores strictly above every other candidate."""
    if len(starts) < 2:
        return 0
    first = starts[:-1]
    ref = np.repeat(scores[first], np.diff(starts))
    beaten = np.add.reduceat((scores >= ref).astype(np.int64), first) - 1
    return int(np.sum(beaten == 0))


def prune(sets, min_groups: int):
    """(the sets without the features seen in fewer than `min_groups` groups,
    the kept columns' old indices). A feature of one head only, such as most
    whole-sequence features, remembers that head and generalizes to nothing;
    it also makes L-BFGS slow. The language model (column 0) is kept."""
    keep = sets.group_counts() >= min_groups
    keep[0] = True
    kept = np.flatnonzero(keep)
    return sets.keep_columns(kept), kept


def fit(sets, variance: float, mask: np.ndarray | None = None, max_iter: int = 100) -> np.ndarray:
    """Weights maximizing the penalized conditional likelihood (features outside mask stay 0)."""
    n = sets.n_features
    mask = np.ones(n) if mask is None else mask.astype(np.float64)

    def objective(w: np.ndarray):
        loss, grad = sets.loss_and_gradient(w * mask, variance)
        return loss, grad * mask

    # One BLAS thread: L-BFGS-B's vector updates are small, and OpenBLAS's
    # threads only fight each other (3x slower on a busy two-core machine).
    with threadpool_limits(limits=1, user_api="blas"):
        result = minimize(objective, np.zeros(n), jac=True, method="L-BFGS-B",
                          options={"maxiter": max_iter, "ftol": 1e-7})
    return result.x * mask


def top1_accuracy(sets, w: np.ndarray) -> float:
    """Share of groups whose reference scores strictly above every other candidate."""
    return sets.top1(w)


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
    every = set(int(k) for k in np.unique(sets.fold))
    splits = [(sets.subset(every - {k}), sets.subset({k})) for k in folds]
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

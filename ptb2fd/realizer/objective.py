"""The ranker's objective over the training shards: the
candidate sets are never in memory all at once.

The design matrix X (candidates x features) is kept as a product:

    X = C . S . P  (+ the sequence parts, + the language-model column)

C: which slots a candidate contains (computed from its ordering when
needed: pair (i, j) when unit i comes before unit j, bigram (a, b) when a
is right before b); S: the two parts each slot fires (`shards.py`);
P: the features of each part (`parts`, parts x features, shared by every
shard). Scores are X . w = C . (S . (P . w)), the gradient's product
X^T . r = P^T . (S^T . (C^T . r)) summed over shards, so that an
evaluation reads each shard once and holds one shard's temporaries. The
log-likelihood is a sum over heads, so the objective is today's, up to the
order floats are added in.

Example: a head of 3 units and its ordering (1, 0, 2) contains the pairs
(1, 0), (1, 2), (0, 2) and the bigrams (start, 1), (1, 0), (0, 2), (2, end).
"""
from __future__ import annotations

import numpy as np
from scipy.sparse import csr_matrix, hstack, vstack

from ptb2fd.realizer.ranker import group_terms, top1_count
from ptb2fd.realizer.shards import Shard, ShardStore, contained_slots, contains_matrix


class TrainingSet:
    """Candidate sets of the heads of some folds: `parts` (parts x features)
    and the shards of `store`. A weight vector is [language model, features...]."""

    def __init__(self, parts: csr_matrix, store: ShardStore, folds: frozenset[int] | None = None):
        self.parts = parts.tocsr()
        self._parts_t = None
        self.store = store
        self.folds = folds
        self.fold = store.group_folds(folds)  # each group's fold

    @property
    def n_features(self) -> int:
        return 1 + self.parts.shape[1]

    @property
    def groups(self) -> int:
        return len(self.fold)

    @property
    def candidates(self) -> int:
        return self.store.candidates(self.folds)

    def subset(self, keep_folds) -> "TrainingSet":
        folds = frozenset(int(k) for k in keep_folds)
        if self.folds is not None:
            folds &= self.folds
        out = TrainingSet.__new__(TrainingSet)
        out.parts, out._parts_t, out.store, out.folds = self.parts, self._parts_t, self.store, folds
        out.fold = self.store.group_folds(folds)
        return out

    def keep_columns(self, kept: np.ndarray) -> "TrainingSet":
        """The same candidates with features `kept` (indices of feature columns, 0 the language model, kept always)."""
        out = TrainingSet.__new__(TrainingSet)
        out.parts = self.parts[:, kept[kept > 0] - 1].tocsr()
        out._parts_t, out.store, out.folds, out.fold = None, self.store, self.folds, self.fold
        return out

    def _scores(self, shard: Shard, contains, u: np.ndarray, w_lm: float):
        """The shard's candidates' scores, and its C (`contains_matrix`)."""
        local = u[shard.parts]
        slot_scores = local[shard.slots[:, 0]] + local[shard.slots[:, 1]]
        matrix = contains_matrix(shard) if contains is None else contains if not callable(contains) else contains()
        return matrix @ slot_scores + local[shard.sequence] + w_lm * shard.lm, matrix

    def loss_and_gradient(self, w: np.ndarray, variance: float) -> tuple[float, np.ndarray]:
        """Minus the penalized conditional log-likelihood (paper 002, eq. 3) and its gradient."""
        u = self.parts @ w[1:]
        g_parts = np.zeros(self.parts.shape[0])
        g_lm = 0.0
        loss = 0.0
        for shard, contains in self.store.shards(self.folds):
            scores, matrix = self._scores(shard, contains, u, w[0])
            group_loss, r = group_terms(scores, shard.starts)
            loss += group_loss
            g_slots = matrix.T @ r
            n_local = len(shard.parts)
            g_local = (np.bincount(shard.slots[:, 0], g_slots, minlength=n_local)
                       + np.bincount(shard.slots[:, 1], g_slots, minlength=n_local)
                       + np.bincount(shard.sequence, r, minlength=n_local))
            g_parts[shard.parts] += g_local
            g_lm += float(r @ shard.lm)
        if self._parts_t is None:
            self._parts_t = self.parts.T.tocsr()
        grad = np.concatenate([[g_lm], self._parts_t @ g_parts]) + w / variance
        return loss + float(w @ w) / (2 * variance), grad

    def top1(self, w: np.ndarray) -> float:
        """Share of groups whose reference scores strictly above every other candidate."""
        u = self.parts @ w[1:]
        won = sum(top1_count(self._scores(shard, contains, u, w[0])[0], shard.starts)
                  for shard, contains in self.store.shards(self.folds))
        return won / self.groups if self.groups else 0.0

    def matrix(self) -> csr_matrix:
        """X itself, candidates x [language model, features...], shard after shard
        (for tests and inspection: training never builds it)."""
        rows = []
        for shard, _ in self.store.shards(self.folds):
            slot_parts = csr_matrix((np.ones(2 * len(shard.slots)), (np.repeat(np.arange(len(shard.slots)), 2),
                                     shard.parts[shard.slots.ravel()])), shape=(len(shard.slots), self.parts.shape[0]))
            sequence = csr_matrix((np.ones(shard.candidates), (np.arange(shard.candidates),
                                  shard.parts[shard.sequence])), shape=(shard.candidates, self.parts.shape[0]))
            features = (contains_matrix(shard) @ slot_parts + sequence) @ self.parts
            rows.append(hstack([csr_matrix(shard.lm[:, None]), features]).tocsr())
        return vstack(rows).tocsr() if rows else csr_matrix((0, self.n_features))

    def group_counts(self) -> np.ndarray:
        """Per feature column (0 the language model): in how many groups some candidate fires it."""
        binary = self.parts.copy()
        binary.data = np.ones_like(binary.data)
        counts = np.zeros(self.n_features, dtype=np.int64)
        counts[0] = self.groups
        for shard, _ in self.store.shards(self.folds):
            group_of = np.repeat(np.arange(shard.groups, dtype=np.int64), np.diff(shard.starts))
            rows, cols = [group_of], [shard.sequence.astype(np.int64)]
            n_slots = len(shard.slots)
            for c0, c1, idx in contained_slots(shard):
                # each (group, slot) once: a group's candidates share most of their slots
                key = np.unique((group_of[c0:c1, None] * n_slots + idx).ravel())
                g, slot = np.divmod(key, n_slots)
                for side in (0, 1):
                    rows.append(g)
                    cols.append(shard.slots[slot, side].astype(np.int64))
            used = csr_matrix((np.ones(sum(len(r) for r in rows)), (np.concatenate(rows), np.concatenate(cols))),
                              shape=(shard.groups, len(shard.parts)))
            used.data = np.ones_like(used.data)  # (duplicates summed)
            fired = used @ binary[shard.parts]
            counts[1:] += np.bincount(fired.indices, minlength=self.n_features - 1)
        return counts

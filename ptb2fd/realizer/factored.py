"""The ranker's design matrix kept in factored form: X = C @ S + D.

`design.py` builds X from C (candidates x slots: which unit pairs and
bigrams a candidate contains), S (slots x features: the features each slot
fires) and D (candidates x features: the whole-sequence features and the
language-model column). X has about 3.5 times as many stored values as C
and S together (a pair slot fires a dozen features and appears in many
candidates of its head), so the products L-BFGS asks for at every step are
computed through the factors: X @ w = C @ (S @ w) + D @ w and
X^T @ p = S^T @ (C^T @ p) + D^T @ p. The sums are those of X up to
rounding (the last bits of a float may differ).

Without C (a matrix given row by row, `CandidateSets.__init__`) X is D.
"""
from __future__ import annotations

import numpy as np
from scipy.sparse import csr_matrix


class FactoredMatrix:
    def __init__(self, contains: csr_matrix | None, fires: csr_matrix | None, direct: csr_matrix):
        self.contains = None if contains is None else contains.tocsr()
        self.fires = None if fires is None else fires.tocsr()
        self.direct = direct.tocsr()
        self.shape = self.direct.shape
        self._contains_t = None if contains is None else self.contains.T.tocsr()
        self._fires_t = None if fires is None else self.fires.T.tocsr()
        self._direct_t = self.direct.T.tocsr()

    def dot(self, w: np.ndarray) -> np.ndarray:
        """X @ w."""
        out = self.direct @ w
        if self.contains is not None:
            out += self.contains @ (self.fires @ w)
        return out

    def dot_t(self, p: np.ndarray) -> np.ndarray:
        """X^T @ p."""
        out = self._direct_t @ p
        if self.contains is not None:
            out += self._fires_t @ (self._contains_t @ p)
        return out

    def columns(self, kept: np.ndarray) -> "FactoredMatrix":
        return FactoredMatrix(self.contains, None if self.fires is None else self.fires[:, kept], self.direct[:, kept])

    def rows(self, kept: np.ndarray) -> "FactoredMatrix":
        return FactoredMatrix(None if self.contains is None else self.contains[kept], self.fires, self.direct[kept])

    def fired_by(self, groups: csr_matrix) -> csr_matrix:
        """(groups x candidates, 0/1) -> which features some candidate of each
        group fires, as stored entries (a stored 0 of X counts as fired)."""
        out = groups @ _ones(self.direct)
        if self.contains is not None:
            out = out + _ones(groups @ _ones(self.contains)) @ _ones(self.fires)
        return out.tocsr()

    def materialize(self) -> csr_matrix:
        """X itself (for tests and inspection: training never builds it)."""
        if self.contains is None:
            return self.direct
        return (self.contains @ self.fires + self.direct).tocsr()


def _ones(m: csr_matrix) -> csr_matrix:
    m = m.tocsr(copy=True)
    m.data = np.ones_like(m.data)
    return m

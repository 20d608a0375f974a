"""The ranker's design matrix: one row per training candidate, one column per feature.

A candidate's features are the sum of its steps' (`features.order_features`):
every ordered pair of units it puts one before the other, every pair of
adjacent units (with the start and end of the phrase), and its whole
sequence. Rather than listing those per candidate (n^2 pairs times a dozen
features, for hundreds of thousands of candidates), each head's pairs and
bigrams are numbered as "slots", each slot's features are looked up once,
and the matrix is the product

    candidates x slots (which pairs and bigrams a candidate contains)
  @ slots x features (which features a slot fires)

plus the sequence features and the language-model column (column 0),
kept in that factored form (`factored.py`): the product is never built.
"""
from __future__ import annotations

import numpy as np
from scipy.sparse import coo_matrix, csr_matrix

from ptb2fd.realizer.factored import FactoredMatrix
from ptb2fd.realizer.features import BIGRAM_PARTS, PAIR_PARTS, sequence_features
from ptb2fd.realizer.ranker import CandidateSets
from ptb2fd.realizer.training import LM_FEATURE, boundary_logprob, candidate_orders, valid_order


class Columns:
    """Feature string -> column, memoized by the fields the features read;
    and each head's own candidates with their language-model values and its
    slots, which a second call on the same sentences (with a first model's
    beams) reuses."""

    def __init__(self):
        self.index: dict[str, int] = {LM_FEATURE: 0}
        self._memo: dict[tuple, list[int]] = {}
        self.heads: dict[tuple[int, int], tuple[list[list[int]], list[float]]] = {}
        self._slots: dict[tuple[int, int], tuple[np.ndarray, np.ndarray]] = {}

    def ids(self, feats: list[str]) -> list[int]:
        index = self.index
        return [index.setdefault(f, len(index)) for f in feats]

    def cached(self, kind: str, parts, p, i, j) -> list[int]:
        """The columns of a pair's or bigram's features, memoized part by part
        (`features.PAIR_PARTS`, `BIGRAM_PARTS`): the structural part of a new
        head's pair was nearly always seen before, its words often not."""
        out: list[int] = []
        for k, (key_of, features) in enumerate(parts):
            key = (kind, k, key_of(p, i, j))
            got = self._memo.get(key)
            if got is None:
                got = self._memo[key] = self.ids(features(p, i, j))
            out += got
        return out

    def slots(self, head: tuple[int, int], p) -> tuple[np.ndarray, np.ndarray]:
        """A head's slots (pair (i, j) at i*n + j; bigram (a, b) at n*n + a*(n+1) + b,
        with n for the start and end) and the columns each fires, as (slot, column)
        rows, built once per head."""
        got = self._slots.get(head)
        if got is not None:
            return got
        n = len(p.units)
        local: list[int] = []
        ids: list[int] = []
        for i in range(n):
            for j in range(n):
                if i != j:
                    got = self.cached("p", PAIR_PARTS, p, i, j)
                    local.extend([i * n + j] * len(got))
                    ids.extend(got)
        for a in range(n + 1):
            for b in range(n + 1):
                if a != b:
                    ai, bj = (None if a == n else a), (None if b == n else b)
                    got = self.cached("b", BIGRAM_PARTS, p, ai, bj)
                    local.extend([n * n + a * (n + 1) + b] * len(got))
                    ids.extend(got)
        got = self._slots[head] = (np.asarray(local, dtype=np.int64), np.asarray(ids, dtype=np.int64))
        return got


def head_candidates(sentences, lms, pmap=map) -> dict[tuple[int, int], tuple[list[list[int]], list[float]]]:
    """Each training head's candidate orderings (reference first) with their
    language-model values, by (sentence index, head index): what
    `candidate_sets` would compute one head at a time, computed with `pmap`
    (a map that keeps order: `train --jobs N` runs it on workers) to fill
    `Columns.heads` first."""
    def of(si: int) -> list:
        s = sentences[si]
        lm = lms[s.fold]
        out = []
        for h, (p, ref) in enumerate(s.heads):
            cands = candidate_orders(p, ref, f"{s.words[:3]}{h}")
            out.append((cands, [boundary_logprob(lm, p, o) for o in cands]))
        return out

    return {(si, h): own for si, heads in enumerate(pmap(of, range(len(sentences)))) for h, own in enumerate(heads)}


def candidate_sets(sentences, lms, extra=None, columns: "Columns | None" = None) -> tuple[CandidateSets, "Columns"]:
    """The candidate sets of every training head (reference first) and the feature columns.

    `extra`: more candidates per (sentence index, head index), e.g. a first
    model's beam (`training.hard_candidates`). `columns`: those of an earlier
    call on the same sentences, whose memo then saves building the features again."""
    cols = columns if columns is not None else Columns()
    cand_rows, cand_slots, slot_rows, slot_cols, seq_rows, seq_cols = [], [], [], [], [], []
    lm_values: list[float] = []
    starts: list[int] = []
    folds: list[int] = []
    n_cands = n_slots = 0
    for si, s in enumerate(sentences):
        lm = lms[s.fold]
        for h, (p, ref) in enumerate(s.heads):
            own = cols.heads.get((si, h))
            if own is None:
                cands = candidate_orders(p, ref, f"{s.words[:3]}{h}")
                own = cols.heads[(si, h)] = (cands, [boundary_logprob(lm, p, o) for o in cands])
            cands, values = list(own[0]), list(own[1])
            if extra and (si, h) in extra:
                seen = {tuple(o) for o in cands}
                more = [o for o in extra[(si, h)] if tuple(o) not in seen and valid_order(p, o)]
                cands += more
                values += [boundary_logprob(lm, p, o) for o in more]
            if len(cands) < 2:
                continue
            n, k = len(p.units), len(cands)
            local, ids = cols.slots((si, h), p)
            slot_rows.append(n_slots + local)
            slot_cols.append(ids)
            orders = np.asarray(cands, dtype=np.int64)
            pos = np.empty_like(orders)
            pos[np.arange(k)[:, None], orders] = np.arange(n)
            r, i, j = np.nonzero(pos[:, :, None] < pos[:, None, :])  # unit i before unit j in candidate r
            cand_rows.append(n_cands + r)
            cand_slots.append(n_slots + i * n + j)
            edge = np.full((k, 1), n)
            a, b = np.hstack([edge, orders]), np.hstack([orders, edge])
            cand_rows.append(n_cands + np.repeat(np.arange(k), n + 1))
            cand_slots.append((n_slots + n * n + a * (n + 1) + b).ravel())
            for r, order in enumerate(cands):
                ids = cols.ids(sequence_features(p, order))
                seq_rows.extend([n_cands + r] * len(ids))
                seq_cols.extend(ids)
            lm_values.extend(values)
            starts.append(n_cands)
            folds.append(s.fold)
            n_cands += k
            n_slots += n * n + (n + 1) * (n + 1)
    starts.append(n_cands)
    n_features = len(cols.index)
    rows, slots, slot_rows, slot_cols = (np.concatenate(x) if x else np.zeros(0, dtype=np.int64)
                                         for x in (cand_rows, cand_slots, slot_rows, slot_cols))
    contains = csr_matrix((np.ones(len(rows)), (rows, slots)), shape=(n_cands, n_slots))
    fires = csr_matrix((np.ones(len(slot_rows)), (slot_rows, slot_cols)), shape=(n_slots, n_features))
    sequence = coo_matrix((np.ones(len(seq_rows)), (seq_rows, seq_cols)), shape=(n_cands, n_features))
    lm_column = csr_matrix((np.asarray(lm_values, dtype=np.float64), (np.arange(n_cands),
                            np.zeros(n_cands, dtype=np.int64))), shape=(n_cands, n_features))
    return CandidateSets.from_design(FactoredMatrix(contains, fires, sequence.tocsr() + lm_column), starts, folds), cols

"""The training shards, with part ids made dense, and where they are kept.

`densify` turns a shard file of part hashes (`extract.py`) into one of
small integers: each part is numbered by its place among every part of
the pass (sorted by hash, so the numbering does not depend on which
process met a part first), and the shard keeps only the parts it uses
(`parts`, global numbers) with its slots and sequences pointing into that
list (int32).

`ShardStore` keeps shards in memory while their arrays fit in
`RAM_BUDGET` bytes; the others stay in their files and are read again at
every use (an evaluation of the objective reads each once). Memory is so
bounded whatever the number of training sentences; below the budget (the
sample replicated ten times: about 200 MB) nothing is read twice.
"""
from __future__ import annotations

import os
from dataclasses import dataclass

import numpy as np
from scipy.sparse import csr_matrix

RAM_BUDGET = 600 * 2**20


@dataclass
class Shard:
    fold: int
    sizes: np.ndarray  # per group: its number of units n (ascending)
    starts: np.ndarray  # per group its first candidate, and the end
    slot_base: np.ndarray  # per group its first slot
    origin: np.ndarray  # per group: (its sentence's place in the shard, its head's in the sentence)
    orders: np.ndarray  # every candidate's ordering, one after the other (uint16)
    lm: np.ndarray  # per candidate: the language model's value (float64)
    sequence: np.ndarray  # per candidate: its sequence part (local id)
    slots: np.ndarray  # per slot: its two parts (local ids), (slots, 2)
    parts: np.ndarray  # local id -> global part number

    @property
    def groups(self) -> int:
        return len(self.sizes)

    @property
    def candidates(self) -> int:
        return len(self.lm)

    @property
    def nbytes(self) -> int:
        return sum(getattr(self, k).nbytes for k in self.__dataclass_fields__ if k != "fold")

    def buckets(self):
        """(n, first group, end group, first candidate, end candidate, the
        bucket's orderings as (candidates, n)) for each number of units n."""
        if not self.groups:
            return
        edges = np.flatnonzero(np.diff(self.sizes)) + 1
        bounds = np.concatenate([[0], edges, [self.groups]])
        offset = 0
        for g0, g1 in zip(bounds[:-1], bounds[1:]):
            n = int(self.sizes[g0])
            c0, c1 = int(self.starts[g0]), int(self.starts[g1])
            block = self.orders[offset:offset + (c1 - c0) * n].reshape(c1 - c0, n)
            offset += (c1 - c0) * n
            yield n, int(g0), int(g1), c0, c1, block


def contained_slots(shard: Shard):
    """Per bucket: (first candidate, end candidate, the slot of every pair and
    bigram each candidate contains, as (candidates, pairs + bigrams) int64)."""
    for n, g0, g1, c0, c1, block in shard.buckets():
        counts = np.diff(shard.starts[g0:g1 + 1])
        base = np.repeat(shard.slot_base[g0:g1], counts)[:, None]
        o = block.astype(np.int64)
        a, b = np.triu_indices(n, 1)
        edge = np.full((c1 - c0, 1), n, dtype=np.int64)
        left, right = np.hstack([edge, o]), np.hstack([o, edge])
        yield c0, c1, np.hstack([base + o[:, a] * n + o[:, b], base + n * n + left * (n + 1) + right])


def contains_matrix(shard: Shard) -> csr_matrix:
    """C of the shard: candidates x slots, 1 where the candidate contains the slot."""
    blocks = list(contained_slots(shard))
    per_row = np.concatenate([np.full(c1 - c0, idx.shape[1], dtype=np.int64) for c0, c1, idx in blocks]
                             or [np.zeros(0, dtype=np.int64)])
    indptr = np.concatenate([[0], np.cumsum(per_row)])
    indices = np.concatenate([idx.ravel() for _, _, idx in blocks] or [np.zeros(0, dtype=np.int64)])
    return csr_matrix((np.ones(len(indices)), indices.astype(np.int32), indptr),
                      shape=(shard.candidates, len(shard.slots)))


def load_shard(path: str) -> Shard:
    with np.load(path) as z:
        return Shard(int(z["fold"]), *(z[k] for k in ("sizes", "starts", "slot_base", "origin", "orders", "lm",
                                                       "sequence", "slots", "parts")))


def densify(path: str, part_hashes: np.ndarray, out: str) -> Shard:
    """The shard file of hashes at `path` with dense part ids, written to `out`.
    `part_hashes`: every part of the pass, sorted (its place + 1 is a part's
    number; 0 is `parts.EMPTY`)."""
    with np.load(path) as z:
        raw = {k: z[k] for k in z.files}
    slots, sequence = raw["slots"], raw["sequence"]
    every = np.concatenate([slots.ravel(), sequence])
    used, inverse = np.unique(every, return_inverse=True)
    real = used != 0  # (0: EMPTY)
    at = np.searchsorted(part_hashes, used)
    found = at < len(part_hashes)
    found[found] = part_hashes[at[found]] == used[found]
    if np.any(real & ~found):
        raise ValueError(f"{path}: a part the pass did not hand back")
    numbers = np.where(real, at + 1, 0)
    local = inverse.astype(np.int32)
    shard = Shard(int(raw["fold"]), raw["sizes"], raw["starts"], raw["slot_base"], raw["origin"], raw["orders"],
                  raw["lm"], local[slots.size:], local[:slots.size].reshape(slots.shape), numbers.astype(np.int64))
    tmp = out.removesuffix(".npz") + ".part.npz"
    np.savez(tmp, fold=np.int64(shard.fold), **{k: getattr(shard, k) for k in shard.__dataclass_fields__
                                                 if k != "fold"})
    os.replace(tmp, out)
    return shard


class ShardStore:
    """The shards of a pass, in fold order, each in memory or in its file;
    and the (candidates x slots) matrix of a shard in memory, while the
    budget lasts (`contains`: a product with it is about twice as fast as
    one computed from the orderings)."""

    def __init__(self, budget: int | None = None):
        self.budget = RAM_BUDGET if budget is None else budget
        self.used = 0
        self.entries: list[list] = []  # [fold, path, shard or None, groups, candidates, contains or None]

    def add(self, path: str, shard: Shard) -> None:
        keep = self.used + shard.nbytes <= self.budget
        if keep:
            self.used += shard.nbytes
        self.entries.append([shard.fold, path, shard if keep else None, shard.groups, shard.candidates, None])
        self.entries.sort(key=lambda e: e[0])  # (stable: the order shards were added in, within a fold)

    def shards(self, folds: frozenset[int] | None = None):
        """(shard, its contains matrix: cached, or a function that makes it) for the shards of `folds`."""
        for entry in self.entries:
            fold, path, shard, _, _, contains = entry
            if folds is not None and fold not in folds:
                continue
            if shard is None:
                yield load_shard(path), None
            else:
                yield shard, contains if contains is not None else (lambda e=entry: self._contains(e))

    def _contains(self, entry: list):
        matrix = contains_matrix(entry[2])
        size = matrix.data.nbytes + matrix.indices.nbytes + matrix.indptr.nbytes
        if self.used + size <= self.budget:
            self.used += size
            entry[5] = matrix
        return matrix

    def release(self) -> None:
        """Keeps no shard in memory any more (each is read from its file when used)."""
        for entry in self.entries:
            entry[2] = entry[5] = None
        self.used = 0

    def group_folds(self, folds: frozenset[int] | None = None) -> np.ndarray:
        """Each group's fold, in the order `shards` gives the groups."""
        return np.concatenate([np.full(e[3], e[0], dtype=np.int64) for e in self.entries
                               if folds is None or e[0] in folds] or [np.zeros(0, dtype=np.int64)])

    def candidates(self, folds: frozenset[int] | None = None) -> int:
        return sum(e[4] for e in self.entries if folds is None or e[0] in folds)

"""Features as hashed "parts", for training at any size.

A feature is named by a 64-bit hash of its string (`feature_hash`: the
first 8 bytes of BLAKE2b, the same in every process and on every run), so
that extraction needs no shared table of feature strings and can run in
several processes at once. A *part* is the multiset of features one memo
key of `features.PAIR_PARTS` / `BIGRAM_PARTS` (or one sequence of labels)
fires; it is named by the sum of its feature hashes modulo 2^64
(`part_hash`), so two keys that fire the same features are one part. A slot (a pair or bigram of a
head's units) fires two parts; a candidate fires its slots' parts and its
sequence part. The training matrix is candidates x slots x parts x features,
never multiplied out (`objective.py`).

With 10 million distinct features (or parts), the chance that two share a
hash is about 3e-6 (birthday bound, 2^64 values): a collision would merge
the weights of two features; it cannot stop training.

`PartMemo` is one process's memo: part key -> part hash, and the parts and
feature strings it has not yet handed back (`take`), bounded (`MAX_MEMO`)
so that a worker's memory stays flat; a part forgotten and met again is
handed back again, which the trainer's merge deduplicates.
"""
from __future__ import annotations

from hashlib import blake2b

import numpy as np

from ptb2fd.realizer.features import BIGRAM_PARTS, PAIR_PARTS, sequence_features
from ptb2fd.realizer.units import HeadProblem

EMPTY = 0  # the part of a slot no candidate contains (a unit before itself)
MAX_MEMO = 200_000  # memo entries before a memo starts afresh (about 100 MB)


def feature_hash(feature: str) -> int:
    """The feature's name in the training matrices: a signed 64-bit integer, never 0 (EMPTY)."""
    return int.from_bytes(blake2b(feature.encode("utf-8"), digest_size=8).digest(), "little", signed=True) or 1


def part_hash(hashes: list[int]) -> int:
    """The sum of the features' hashes, modulo 2^64: the same for any order of
    the features, and as unlikely to be shared by two multisets as two hashes are."""
    return (sum(hashes) + 2**63) % 2**64 - 2**63 or 1


class PartMemo:
    def __init__(self, limit: int = MAX_MEMO):
        self.limit = limit
        self._parts: dict[tuple, int] = {}  # memo key -> part hash
        self._features: dict[str, int] = {}  # feature string -> hash
        self._sent_parts: set[int] = set()
        self._sent_features: set[int] = set()
        # not handed back yet: parts (hash, number of features, the features one after the other), features
        self._new: tuple[list[int], list[int], list[int]] = ([], [], [])
        self._new_features: tuple[list[int], list[str]] = ([], [])

    def _fhash(self, feature: str) -> int:
        h = self._features.get(feature)
        if h is None:
            h = self._features[feature] = feature_hash(feature)
            if h not in self._sent_features:
                self._sent_features.add(h)
                self._new_features[0].append(h)
                self._new_features[1].append(feature)
        return h

    def _new_part(self, key: tuple, features: list[str]) -> int:
        if len(self._parts) >= self.limit:
            self._parts.clear()
            self._features.clear()
            self._sent_parts.clear()
            self._sent_features.clear()
        hashes = [self._fhash(f) for f in features]
        h = self._parts[key] = part_hash(hashes)
        if h not in self._sent_parts:
            self._sent_parts.add(h)
            self._new[0].append(h)
            self._new[1].append(len(hashes))
            self._new[2].extend(hashes)
        return h

    def slots(self, p: HeadProblem) -> np.ndarray:
        """A head's slots as (slot, 2) part hashes: pair (i, j) at i*n + j,
        bigram (a, b) at n*n + a*(n+1) + b with n for the start and the end
        (`features.bigram_features`); a slot no candidate can contain gets EMPTY."""
        n = len(p.units)
        out = [EMPTY] * (2 * (n * n + (n + 1) * (n + 1)))
        get, new = self._parts.get, self._new_part
        (pk0, pf0), (pk1, pf1) = PAIR_PARTS
        for i in range(n):
            for j in range(n):
                if i != j:  # (two parts spelled out: this is hot)
                    k0, k1 = ("p", 0, pk0(p, i, j)), ("p", 1, pk1(p, i, j))
                    at = 2 * (i * n + j)
                    out[at] = get(k0) or new(k0, pf0(p, i, j))
                    out[at + 1] = get(k1) or new(k1, pf1(p, i, j))
        (bk0, bf0), (bk1, bf1) = BIGRAM_PARTS
        for a in range(n + 1):
            ai = None if a == n else a
            for b in range(n + 1):
                if a != b:
                    bj = None if b == n else b
                    k0, k1 = ("b", 0, bk0(p, ai, bj)), ("b", 1, bk1(p, ai, bj))
                    at = 2 * (n * n + a * (n + 1) + b)
                    out[at] = get(k0) or new(k0, bf0(p, ai, bj))
                    out[at + 1] = get(k1) or new(k1, bf1(p, ai, bj))
        return np.asarray(out, dtype=np.int64).reshape(-1, 2)

    def sequence(self, p: HeadProblem, order: list[int]) -> int:
        """The part of a whole ordering's features (the head's tag and role, the labels in order)."""
        key = ("s", p.head.cat, p.head.role, *(p.units[i].label for i in order))
        return self._parts.get(key) or self._new_part(key, sequence_features(p, order))

    def take(self) -> tuple[tuple[np.ndarray, np.ndarray, np.ndarray], tuple[list[int], list[str]]]:
        """The parts made since the last call, as (part hashes, their numbers of
        features, the features' hashes one after the other), and the feature
        strings made since, as (hashes, strings)."""
        parts = tuple(np.asarray(x, dtype=np.int64) for x in self._new)
        features = self._new_features
        self._new, self._new_features = ([], [], []), ([], [])
        return parts, features

"""Cutting the training sentences into folds that are really held out.

The trainer holds folds out twice: a candidate's language-model feature
comes from a model trained on the other folds, and the prior's variance
and the default scoring are chosen on a held-out fold. Either is honest
only if the held-out fold's sentences are not in the others. Real corpora
repeat sentences (headings, boilerplate, "Yes .", one document in two
releases), and a corpus copied three times under other file names repeats
every one: cut by position, each copy lands in another fold, the language
model "predicts" the held-out fold perfectly, and the ranker learns to
trust it (the sample's dev half copied three times: held-out top-1 0.9996,
`both` chosen, test BLEU 0.547 against 0.860 from one copy).

So sentences are grouped before they are dealt out:

- every copy of a sentence (its words, case ignored) goes with the first;
- the other sentences of a document (the id's part before ":N", as
  `wsj_0001.mrg:12`) stay with their neighbours, in blocks of at most
  `BLOCK` consecutive sentences, and at most a `FOLDS * SPREAD`-th of
  the corpus (so that a small corpus in one file still fills every fold);
- groups are dealt out largest first, each to the fold with the fewest
  sentences so far (ties: the lowest fold), which is deterministic.

`FoldPlan` sees each sentence's id and words once, as the spool reads
them, and keeps three integers a sentence.
"""
from __future__ import annotations

import hashlib
import re

from ptb2fd.errors import UsageError

BLOCK = 100  # consecutive sentences of one document kept in one fold, at most
SPREAD = 10  # a block is at most 1/(FOLDS * SPREAD) of the corpus
WARN_REPEATED = 0.05  # `train` warns when more of its sentences repeat an earlier one
_DOCUMENT = re.compile(r"^(.+):\d+$")


def sentence_key(words) -> int:
    """A 64-bit hash of the sentence's words, case ignored ("Yes ." == "yes .")."""
    text = " ".join(w.casefold() for w in words)
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).digest(), "big")


def document_of(sentence_id: str) -> str | None:
    """The document an id names ("wsj_0001.mrg:12" -> "wsj_0001.mrg"), or None."""
    found = _DOCUMENT.match(sentence_id or "")
    return found.group(1) if found else None


class FoldPlan:
    """`add` each training sentence in order, then `assign` gives each its fold."""

    def __init__(self, folds: int):
        self.folds = folds
        self._keys: list[int] = []
        self._docs: list[int] = []  # document number, -1: none
        self._places: list[int] = []  # the sentence's place in its document
        self._doc_numbers: dict[str, int] = {}
        self._doc_sizes: list[int] = []
        self.repeated = 0  # sentences whose words an earlier one had
        self._seen: set[int] = set()

    def add(self, sentence_id: str, words) -> None:
        key = sentence_key(words)
        if key in self._seen:
            self.repeated += 1
        self._seen.add(key)
        self._keys.append(key)
        doc = document_of(sentence_id)
        number = -1
        if doc is not None:
            number = self._doc_numbers.setdefault(doc, len(self._doc_numbers))
            if number == len(self._doc_sizes):
                self._doc_sizes.append(0)
            self._places.append(self._doc_sizes[number])
            self._doc_sizes[number] += 1
        else:
            self._places.append(0)
        self._docs.append(number)

    @property
    def sentences(self) -> int:
        return len(self._keys)

    @property
    def documents(self) -> int:
        return len(self._doc_numbers)

    def block_size(self) -> int:
        return max(1, min(BLOCK, self.sentences // (self.folds * SPREAD)))

    def groups(self) -> list[int]:
        """Each sentence's group: its first copy's, else its document block's, else a new one."""
        size = self.block_size()
        by_key: dict[int, int] = {}
        by_block: dict[tuple[int, int], int] = {}
        out: list[int] = []
        made = 0
        for i, key in enumerate(self._keys):
            group = by_key.get(key)
            if group is None:
                block = (self._docs[i], self._places[i] // size) if self._docs[i] >= 0 else None
                group = by_block.get(block) if block is not None else None
                if group is None:
                    group, made = made, made + 1
                    if block is not None:
                        by_block[block] = group
                by_key[key] = group
            out.append(group)
        return out

    def assign(self) -> list[int]:
        """Each sentence's fold; a `UsageError` when the groups cannot fill every fold."""
        groups = self.groups()
        sizes: dict[int, int] = {}
        for g in groups:
            sizes[g] = sizes.get(g, 0) + 1
        if len(sizes) < self.folds:
            raise UsageError(
                f"too few sentences to train on: {self.sentences} sentence(s), {len(sizes)} group(s) of copies "
                f"and neighbouring sentences; training holds out each of {self.folds} folds in turn and needs at "
                f"least {self.folds} different sentences")
        load = [0] * self.folds
        fold_of: dict[int, int] = {}
        for g in sorted(sizes, key=lambda g: (-sizes[g], g)):
            k = min(range(self.folds), key=lambda f: (load[f], f))
            fold_of[g] = k
            load[k] += sizes[g]
        return [fold_of[g] for g in groups]

    def repeated_share(self) -> float:
        return self.repeated / self.sentences if self.sentences else 0.0

"""String metrics: how far a regenerated word string is from the reference one.

Bangalore, Rambow & Whittaker (2000), "Evaluation Metrics for Generation",
section 3.1, with R the number of reference words:

* ``ssa_id``: 1 - (I + D) / R, insertions and deletions only (a displaced
  word counts twice); I and D come from the longest common subsequence
  (`id_counts`).
* ``ssa``: simple string accuracy, eq. (1): 1 - (I + D + S) / R, from the
  minimum-cost alignment described in `align` (`string_counts`).
* ``gsa``: generation string accuracy, eq. (3): 1 - (M + I' + D' + S) / R,
  where a deletion and an insertion of the same word are one move M.

Example (the paper's sentence (2)): reference "There was no cost estimate
for the second phase", output "There was estimate for phase the second no
cost": I = D = 2, S = 1, M = 1, so SSA = 1 - 5/9 = 0.44 and GSA = 0.56.

Known limits: the counts see words as strings, so two identical words that
swap places cost nothing; which of several equally cheap alignments is
chosen is fixed by `align`'s tie-break, which decides S and hence M.
`word_diff` renders a sentence's difference for reports.
"""
from __future__ import annotations

import difflib
from collections import Counter
from dataclasses import dataclass
from typing import Sequence

__all__ = ["MATCH", "SUB", "DEL", "INS", "Counts", "common_ends", "lcs_length", "id_counts", "align",
           "string_counts", "word_diff"]

# Alignment operations, as returned by `align`.
MATCH, SUB, DEL, INS = "match", "sub", "del", "ins"

# Back-pointer codes of the alignment table; their numeric order is the tie-break order.
_DIAG, _UP, _LEFT = 0, 1, 2


@dataclass(frozen=True)
class Counts:
    """Error counts of one comparison (or a sum of comparisons).

    ``ins``, ``dels`` and ``subs`` are I, D and S; ``moves`` is M, the number of
    deletion/insertion pairs of the same word; ``ref_len`` is R.
    """

    ins: int = 0
    dels: int = 0
    subs: int = 0
    moves: int = 0
    ref_len: int = 0

    @property
    def ins_rest(self) -> int:
        """I' = I - M: insertions not part of a move."""
        return self.ins - self.moves

    @property
    def dels_rest(self) -> int:
        """D' = D - M: deletions not part of a move."""
        return self.dels - self.moves

    @property
    def simple_errors(self) -> int:
        """I + D + S."""
        return self.ins + self.dels + self.subs

    @property
    def generation_errors(self) -> int:
        """M + I' + D' + S."""
        return self.moves + self.ins_rest + self.dels_rest + self.subs

    def simple_accuracy(self) -> float:
        """1 - (I + D + S) / R (eq. 1)."""
        return 1.0 - self.simple_errors / self._r()

    def generation_accuracy(self) -> float:
        """1 - (M + I' + D' + S) / R (eq. 3)."""
        return 1.0 - self.generation_errors / self._r()

    def _r(self) -> int:
        if self.ref_len <= 0:
            raise ValueError("accuracy is undefined for an empty reference")
        return self.ref_len

    def __add__(self, other: Counts) -> Counts:
        if not isinstance(other, Counts):
            return NotImplemented
        return Counts(self.ins + other.ins, self.dels + other.dels, self.subs + other.subs,
                      self.moves + other.moves, self.ref_len + other.ref_len)


def common_ends(ref: Sequence[str], out: Sequence[str]) -> tuple[int, int]:
    """The lengths of the common prefix and of the common suffix, the suffix
    taken first (so an exact sentence is all suffix) and the two not
    overlapping: a regenerated sentence mostly differs from its reference in
    a few words, so the tables below need only cover the words between."""
    n = min(len(ref), len(out))
    end = 0
    while end < n and ref[-1 - end] == out[-1 - end]:
        end += 1
    start = 0
    while start < n - end and ref[start] == out[start]:
        start += 1
    return start, end


def lcs_length(ref: Sequence[str], out: Sequence[str]) -> int:
    """Length of the longest common subsequence (two-row dynamic programming
    over the words between the common prefix and suffix, which any longest
    common subsequence can be taken to contain)."""
    start, end = common_ends(ref, out)
    if start or end:
        return start + end + lcs_length(ref[start:len(ref) - end], out[start:len(out) - end])
    prev = [0] * (len(out) + 1)
    for a in ref:
        cur = [0]
        for j, b in enumerate(out):
            if a == b:
                cur.append(prev[j] + 1)
            else:
                up, left = prev[j + 1], cur[j]
                cur.append(up if up > left else left)
        prev = cur
    return prev[-1]


def id_counts(ref: Sequence[str], out: Sequence[str]) -> Counts:
    """Insertions and deletions against the longest common subsequence L.

    I = len(out) - L, D = len(ref) - L, S = M = 0, so that
    ``simple_accuracy()`` is ssa_id = 1 - (I + D) / R.
    """
    common = lcs_length(ref, out)
    return Counts(ins=len(out) - common, dels=len(ref) - common, ref_len=len(ref))


def align(ref: Sequence[str], out: Sequence[str]) -> list[tuple[str, int | None, int | None]]:
    """Minimum-cost alignment of ``out`` to ``ref``, as (op, ref index, out index) triples.

    Costs: a match costs 0, an insertion or a deletion W, a substitution W + 1,
    with W = len(ref) + len(out) + 1. A substitution is thus cheaper than an
    insertion plus a deletion, and since no alignment has W substitutions, the
    cost is in effect the pair (edits, substitutions) compared in that order:
    the alignment has the fewest edits I + D + S (unit-cost Levenshtein
    distance, so I + D + S does not depend on the tie-breaking) and among
    those the fewest substitutions (the most matched words). I, D and S are
    then fixed too (I - D = len(out) - len(ref)).

    Tie-breaking (which words are the inserted and deleted ones): the table is
    read back from the end of both strings and, among equally cheap steps,
    prefers a match/substitution, then a deletion, then an insertion.

    A match is always read back as one, so a common suffix is matched word
    for word and the table covers only the words before it (the same table
    and read-back, without the quadratic cost on a long exact sentence).
    """
    _, end = common_ends(ref, out)
    if end:
        n, m = len(ref) - end, len(out) - end
        return align(ref[:n], out[:m]) + [(MATCH, n + k, m + k) for k in range(end)]
    n, m = len(ref), len(out)
    w = n + m + 1
    sub = w + 1
    prev = list(range(0, (m + 1) * w, w))
    back = [bytes([_LEFT]) * (m + 1)]
    for i, a in enumerate(ref, 1):
        left = i * w
        cur = [left]
        row = bytearray(m + 1)
        row[0] = _UP
        for j, b in enumerate(out, 1):
            diag = prev[j - 1]
            if a == b:  # a match is never worse than the alternatives
                left = diag
            else:
                diag += sub
                up = prev[j] + w
                left += w
                if diag <= up and diag <= left:
                    left = diag
                elif up <= left:
                    left = up
                    row[j] = _UP
                else:
                    row[j] = _LEFT
            cur.append(left)
        back.append(row)
        prev = cur
    ops: list[tuple[str, int | None, int | None]] = []
    i, j = n, m
    while i or j:
        step = back[i][j]
        if step == _DIAG:
            i, j = i - 1, j - 1
            ops.append((MATCH if ref[i] == out[j] else SUB, i, j))
        elif step == _UP:
            i -= 1
            ops.append((DEL, i, None))
        else:
            j -= 1
            ops.append((INS, None, j))
    ops.reverse()
    return ops


def string_counts(ref: Sequence[str], out: Sequence[str]) -> Counts:
    """I, D and S from `align`, and M: deleted and inserted copies of the same word.

    M = sum over words x of min(deletions of x, insertions of x); I' = I - M and
    D' = D - M. ``simple_accuracy()`` is SSA (eq. 1) and
    ``generation_accuracy()`` is GSA (eq. 3).
    """
    deleted: Counter[str] = Counter()
    inserted: Counter[str] = Counter()
    subs = 0
    for op, i, j in align(ref, out):
        if op == DEL:
            deleted[ref[i]] += 1
        elif op == INS:
            inserted[out[j]] += 1
        elif op == SUB:
            subs += 1
    moves = sum((deleted & inserted).values())
    return Counts(ins=sum(inserted.values()), dels=sum(deleted.values()), subs=subs, moves=moves,
                  ref_len=len(ref))


def word_diff(ref_words: Sequence[str], out_words: Sequence[str]) -> str:
    """Word-level diff: reference words missing from the output as [-...-], extra output words as {+...+}.

    Example: "There was [-no cost-] estimate for {+phase+} the second [-phase-] {+no cost+}".
    The common words are difflib.SequenceMatcher's matching blocks (autojunk
    off) with the output as the first sequence, so that of two equally long
    blocks the one earlier in the output is kept.
    """
    ref, out = list(ref_words), list(out_words)
    parts: list[str] = []
    i = j = 0
    for block in difflib.SequenceMatcher(None, out, ref, autojunk=False).get_matching_blocks():
        if block.b > i:
            parts.append("[-" + " ".join(ref[i:block.b]) + "-]")
        if block.a > j:
            parts.append("{+" + " ".join(out[j:block.a]) + "+}")
        parts.extend(ref[block.b:block.b + block.size])
        i, j = block.b + block.size, block.a + block.size
    return " ".join(parts)

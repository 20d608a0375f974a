"""Metrics that score a sentence regenerated from its unordered dependency tree.

The reference is the original sentence: ``words`` with ``heads`` (0-based
index of each word's head, -1 for the root). The output is ``order``: the
regenerated sentence as indices into ``words``. It is normally a permutation
of ``range(len(words))``, but a generator may drop or repeat words, so any
sequence of valid indices is accepted.

String metrics (Bangalore, Rambow & Whittaker 2000, "Evaluation Metrics for
Generation", section 3.1), with R the number of reference words:

* ``ssa_id``: 1 - (I + D) / R, insertions and deletions only (a displaced
  word counts twice); I and D come from the longest common subsequence.
* ``ssa``: simple string accuracy, eq. (1): 1 - (I + D + S) / R, from the
  minimum-cost alignment described in `align`.
* ``gsa``: generation string accuracy, eq. (3): 1 - (M + I' + D' + S) / R,
  where a deletion and an insertion of the same word are one move M.

Tree metrics (section 3.2): ``sta`` and ``gta`` are the same two measures
computed per treelet (a head with its dependents), with the counts summed over
all treelets and R the sentence length, as in the paper's Table 1.

``understandability`` and ``quality`` are eqs. (4) and (5) (section 4.2).
``dea`` is dependency edge accuracy (Shimorina, Parmentier & Gardent 2021,
section 3.2) and ``bleu`` is BLEU-4 from NLTK. Corpus figures are summed
as sentences come, in `accumulate.py`.

All accuracies except ``dea``, ``exact`` and BLEU may be negative: an output
with many insertions has more errors than reference words.
"""
from __future__ import annotations

import difflib
from collections import Counter
from dataclasses import dataclass, fields
from typing import Sequence

from nltk.translate.bleu_score import SmoothingFunction, sentence_bleu

__all__ = [
    "Counts", "SentenceScore", "lcs_length", "align", "id_counts", "string_counts", "tree_counts",
    "treelets", "edge_accuracy", "understandability", "quality", "score_sentence", "word_diff",
]

# Alignment operations, as returned by `align`.
MATCH, SUB, DEL, INS = "match", "sub", "del", "ins"

# Back-pointer codes of the alignment table; their numeric order is the tie-break order.
_DIAG, _UP, _LEFT = 0, 1, 2

_SMOOTHING = SmoothingFunction().method2


def smoothed_sentence_bleu(reference: Sequence[str], output: Sequence[str]) -> float:
    """Sentence BLEU-4 with nltk's smoothing method 2 (Lin & Och 2004)."""
    return sentence_bleu([list(reference)], list(output), smoothing_function=_SMOOTHING)


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
        return Counts(*(getattr(self, f.name) + getattr(other, f.name) for f in fields(Counts)))


def lcs_length(ref: Sequence[str], out: Sequence[str]) -> int:
    """Length of the longest common subsequence (two-row dynamic programming)."""
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
    """
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


def treelets(words: Sequence[str], heads: Sequence[int], order: Sequence[int],
             out_words: Sequence[str] | None = None) -> list[tuple[list[str], list[str]]]:
    """(reference string, output string) of every treelet, i.e. every word with dependents.

    A treelet is a head with its dependents. Its reference string is their
    words in reference order; its output string is the words of the output
    tokens that belong to it, in output order (a dropped token is missing
    from it, a repeated one appears twice). Membership is by index: if two
    identical words swap places the string is unchanged, but each treelet
    sees its own token in its new place. Treelets are listed by head index.
    With ``out_words`` (the realizer's own spelling, one per output
    position), the output strings use those words; an output position whose
    index is -1 (a word matched to no reference token) is in no treelet.
    """
    members: dict[int, list[int]] = {}
    for dep, head in enumerate(heads):
        if head >= 0:
            members.setdefault(head, [head]).append(dep)
    outputs: dict[int, list[str]] = {head: [] for head in members}
    for p, k in enumerate(order):
        if k < 0:
            continue
        word = words[k] if out_words is None else out_words[p]
        for head in (k, heads[k]):
            if head in outputs:
                outputs[head].append(word)
    return [([words[k] for k in sorted(members[head])], outputs[head]) for head in sorted(members)]


def tree_counts(words: Sequence[str], heads: Sequence[int], order: Sequence[int],
                out_words: Sequence[str] | None = None) -> Counts:
    """`string_counts` of every treelet, summed, with R = len(words).

    ``simple_accuracy()`` is simple tree accuracy, STA = 1 - (I + D + S) / R,
    and ``generation_accuracy()`` generation tree accuracy,
    GTA = 1 - (M + I' + D' + S) / R, with I, D, S, M summed over the treelets.
    R is the sentence length, not the total treelet size (Table 1 of the
    paper divides by 9 for its 9-word sentence).
    """
    total = Counts()
    for ref, out in treelets(words, heads, order, out_words):
        total += string_counts(ref, out)
    return Counts(total.ins, total.dels, total.subs, total.moves, ref_len=len(words))


def edge_accuracy(heads: Sequence[int], order: Sequence[int]) -> tuple[int, int]:
    """(edges found, reference edges) for dependency edge accuracy.

    A reference edge is (h, d, d - h) for each dependent d of head h: the
    signed distance in the reference. It is found if the output has h at some
    position p and d at position p + (d - h). Tokens are identified by index,
    not by string. DEA = found / edges.
    """
    at = {(k, p) for p, k in enumerate(order)}
    positions: dict[int, list[int]] = {}
    for p, k in enumerate(order):
        positions.setdefault(k, []).append(p)
    edges = found = 0
    for dep, head in enumerate(heads):
        if head < 0:
            continue
        edges += 1
        if any((dep, p + dep - head) in at for p in positions.get(head, ())):
            found += 1
    return found, edges


def understandability(sta: float, subs: int) -> float:
    """Understandability accuracy, eq. (4): (1.3147 STA - 0.1039 S - 0.4458) / 0.8689.

    STA is simple tree accuracy and S the number of substitutions of the
    simple string accuracy alignment. A perfect sentence scores 1.
    """
    return (1.3147 * sta - 0.1039 * subs - 0.4458) / 0.8689


def quality(sta: float, subs: int) -> float:
    """Quality accuracy, eq. (5): (1.0192 STA - 0.0869 S - 0.3553) / 0.6639.

    STA is simple tree accuracy and S the number of substitutions of the
    simple string accuracy alignment. A perfect sentence scores 1.
    """
    return (1.0192 * sta - 0.0869 * subs - 0.3553) / 0.6639


@dataclass(frozen=True)
class SentenceScore:
    """Every metric for one sentence, with the raw counts and both word sequences."""

    ref_words: tuple[str, ...]
    out_words: tuple[str, ...]
    exact: int  # 1 if out_words == ref_words
    ssa_id: float  # 1 - (I + D) / R, LCS-based
    ssa: float  # 1 - (I + D + S) / R
    gsa: float  # 1 - (M + I' + D' + S) / R
    sta: float  # ssa summed over treelets
    gta: float  # gsa summed over treelets
    understandability: float  # eq. (4)
    quality: float  # eq. (5)
    dea: float  # edges_found / edges (1.0 if the sentence has no edges)
    bleu: float  # sentence BLEU-4, smoothing method 2
    id_counts: Counts
    string_counts: Counts
    tree_counts: Counts
    edges: int
    edges_found: int


def _check(words: Sequence[str], heads: Sequence[int], order: Sequence[int], unmatched_ok: bool = False) -> None:
    n = len(words)
    if n == 0:
        raise ValueError("empty reference sentence")
    if len(heads) != n:
        raise ValueError(f"{len(heads)} heads for {n} words")
    for i, head in enumerate(heads):
        if not -1 <= head < n or head == i:
            raise ValueError(f"bad head {head} for word {i}")
    for k in order:
        if not (0 <= k < n or (unmatched_ok and k == -1)):
            raise ValueError(f"output index {k} out of range for {n} words")


def score_sentence(words: Sequence[str], heads: Sequence[int], order: Sequence[int],
                   out_words: Sequence[str] | None = None) -> SentenceScore:
    """Score the output ``order`` (indices into ``words``) against the reference.

    ``out_words``, when given, is the output as the realizer spelled it (one
    word per entry of ``order``; an entry -1 is a word that stands for no
    reference token): string metrics compare those words.

    Raises ValueError for an empty reference, malformed heads, or an output
    index outside ``range(len(words))``. Missing and repeated indices are
    scored as deletions and insertions.
    """
    _check(words, heads, order, unmatched_ok=out_words is not None)
    if out_words is not None and len(out_words) != len(order):
        raise ValueError(f"{len(out_words)} output words for {len(order)} output positions")
    ref = tuple(words)
    out = tuple(words[k] for k in order) if out_words is None else tuple(out_words)
    ids = id_counts(ref, out)
    strings = string_counts(ref, out)
    trees = tree_counts(ref, heads, order, out_words)
    found, edges = edge_accuracy(heads, order)
    sta = trees.simple_accuracy()
    return SentenceScore(
        ref_words=ref,
        out_words=out,
        exact=int(out == ref),
        ssa_id=ids.simple_accuracy(),
        ssa=strings.simple_accuracy(),
        gsa=strings.generation_accuracy(),
        sta=sta,
        gta=trees.generation_accuracy(),
        understandability=understandability(sta, strings.subs),
        quality=quality(sta, strings.subs),
        dea=found / edges if edges else 1.0,
        bleu=smoothed_sentence_bleu(ref, out),
        id_counts=ids,
        string_counts=strings,
        tree_counts=trees,
        edges=edges,
        edges_found=found,
    )


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

"""Both analyses of one sentence reduced to attachments between content
words, for `check-heads --reference` (reference.py).

ptb2fd's records and the reference's relations each say which words are
function words (reference_schemes.yaml: ptb2fd roles such as rolemarker,
determiner, modal; UD's case, mark, aux, cop, det, cc; Stanford's prep,
aux, cop, det, cc, mark) and which are punctuation. A content word's
reduced head is the first word above it that is neither: in Stanford's
"sat (prep on (pobj mat))" the preposition stands for its complement, so
"mat" attaches to "sat", as UD's "mat (case on)" and ptb2fd's
"on <- mat" say.

The copula is turned round on ptb2fd's side first: UD and Stanford make
the predicate the head ("It is a mitzvah": mitzvah <- It, is), ptb2fd the
copula. Where a word has a `predicate` role under a form of "be", the
predicate takes the copula's head and its other dependents, and the copula
becomes a function word. Without a -PRD tag (parser output) the copula
stays the head, and the convention table shows those attachments apart.
"""
from __future__ import annotations

from dataclasses import dataclass

from ptb2fd.headcheck.reference_read import RefSentence
from ptb2fd.headcheck.reference_scheme import Ptb2fdSide, Scheme


@dataclass
class Reduced:
    """One side of one sentence, 0-based heads (-1: the root)."""

    heads: list[int]  # after the copula turn-round (ptb2fd) or as read (reference)
    content: list[bool]  # neither function word nor punctuation
    reduced: list[int | None]  # the content-word head of each content word; None otherwise
    coordination: set[int]  # conjuncts and conjunctions
    labels: list[str]  # ptb2fd role or reference relation
    copulas: int = 0  # copulas turned round
    first_conjunct: dict[int, int] | None = None  # (ptb2fd) conjunct -> the first conjunct of its coordination
    shared: frozenset[int] = frozenset()  # (ptb2fd) dependents shared by the conjuncts (rules: coordination-shared)


def walk_up(heads: list[int], content: list[bool]) -> list[int | None]:
    out: list[int | None] = [None] * len(heads)
    for w, ok in enumerate(content):
        if not ok:
            continue
        h, steps = heads[w], 0
        while h >= 0 and not content[h] and steps <= len(heads):
            h, steps = heads[h], steps + 1
        out[w] = h
    return out


def reduce_ptb2fd(tokens, side: Ptb2fdSide, punctuation_tags: frozenset[str], turn_copula: bool) -> Reduced:
    heads = [t.head - 1 for t in tokens]
    function = [t.role in side.function_roles for t in tokens]
    punct = [t.role in side.punctuation_roles or t.cat in punctuation_tags for t in tokens]
    copulas = 0
    if turn_copula:
        copulas = _turn_copulas(tokens, heads, function, side)
    content = [not (f or p) for f, p in zip(function, punct)]
    coord = {t.id - 1 for t in tokens if t.junction is not None or t.role in ("junction-marker", "coordpunc")}
    firsts = {t.junction: t.id - 1 for t in tokens if t.junction_position == 1}
    first_conjunct = {t.id - 1: firsts[t.junction] for t in tokens
                      if t.junction_position is not None and t.junction in firsts}
    shared = frozenset(t.id - 1 for t in tokens if "coordination-shared" in t.rules)
    return Reduced(heads, content, walk_up(heads, content), coord, [t.role for t in tokens], copulas,
                   first_conjunct, shared)


def _turn_copulas(tokens, heads: list[int], function: list[bool], side: Ptb2fdSide) -> int:
    """The first predicate of each copula takes its place: "is a mitzvah"."""
    turned = 0
    done: set[int] = set()
    for p, tok in enumerate(tokens):
        c = heads[p]
        if tok.role not in side.predicate_roles or c < 0 or c in done:
            continue
        cop = tokens[c]
        if cop.base.lower() not in side.copula_bases or not cop.cat.startswith("VB"):
            continue
        if any(heads[d] == c and t.cat == "EX" for d, t in enumerate(tokens)):
            continue  # an existential: UD and Stanford keep "be" the head of "there is [a catch]"
        done.add(c)
        for d in range(len(heads)):
            if heads[d] == c and d != p:
                heads[d] = p
        heads[p], heads[c] = heads[c], p
        function[c] = True
        turned += 1
    return turned


def reduce_reference(ref: RefSentence, scheme: Scheme) -> Reduced:
    rels = list(ref.deprels)
    function = [r in scheme.function for r in rels]
    punct = [r in scheme.punctuation for r in rels]
    content = [not (f or p) for f, p in zip(function, punct)]
    heads = list(ref.heads)
    coord: set[int] = set()
    for w, r in enumerate(rels):
        if r in scheme.conjunct:
            coord.add(w)
            if heads[w] >= 0:
                coord.add(heads[w])
        elif r in scheme.conjunction:
            coord.add(w)
    return Reduced(heads, content, walk_up(heads, content), coord, rels)

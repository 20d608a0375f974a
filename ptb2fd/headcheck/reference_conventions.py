"""Recognising the convention differences of reference_schemes.yaml in one
disagreement, so that they are counted apart, never as errors.

`flat` and `span` conventions treat a unit of words as one word: a
reference `flat` unit ("Pierre Vinken", UD headed by "Pierre", ptb2fd by
"Vinken") or a run of date words ("Nov. 29 , 1989"). A disagreement is the
convention's when, with the unit taken as one word, both analyses say the
same: a word inside the unit attaches inside it or to the unit's head
outside it, and that outside head is the same in both; a word outside
attaches into the unit in both. `copula`: ptb2fd attaches the word to a
copula the reference makes a dependent of the word's reference head (or
of the word itself). `conjunct`: a later conjunct attached to the first
conjunct by the reference and to the coordination's head by ptb2fd.
"""
from __future__ import annotations

from ptb2fd.headcheck.reference_read import RefSentence
from ptb2fd.headcheck.reference_reduce import Reduced
from ptb2fd.headcheck.reference_scheme import Convention, Scheme


class Units:
    """Groups of words taken as one: each word's unit id (a word alone: itself)."""

    def __init__(self, n: int, groups: list[list[int]]):
        self.unit = list(range(n))
        self.members: dict[int, list[int]] = {}
        for g in groups:
            if len(g) > 1:
                uid = n + len(self.members)
                self.members[uid] = g
                for w in g:
                    self.unit[w] = uid

    def of(self, w: int | None):
        return None if w is None else (-1 if w < 0 else self.unit[w])

    def outside_head(self, uid: int, reduced: list[int | None]):
        """The unit's head outside it in one analysis, if all members that
        point outside agree (as a unit id)."""
        outs = {self.of(reduced[m]) for m in self.members[uid] if reduced[m] is not None} - {uid}
        return outs.pop() if len(outs) == 1 else None

    def explains(self, w: int, p: int, r: int, ours: Reduced, ref: Reduced, conjunct=None) -> bool:
        """`conjunct(uid)`, if given: the unit head ptb2fd gives a unit that
        the reference makes a later conjunct (the coordination-head
        convention at the level of units: "Douglass North , [Ronald]
        Coase and ...": UD's Ronald -> Douglass, ptb2fd's Coase -> the
        head of the coordination)."""
        uw, up, ur = self.of(w), self.of(p), self.of(r)
        if uw in self.members:
            ext_p, ext_r = self.outside_head(uw, ours.reduced), self.outside_head(uw, ref.reduced)
            if ext_p is None or not (ext_p == ext_r or (conjunct is not None and conjunct(uw) == ext_p)):
                return False
            return up in (uw, ext_p) and ur in (uw, ext_r)
        return up == ur and up in self.members

    def conjunct_head(self, uid: int, rels, conj: frozenset[str], ours: Reduced, ref: Reduced):
        """For a unit the reference attaches as a later conjunct (conj) to a
        first conjunct: ptb2fd's head of that first conjunct (its unit)."""
        out = [m for m in self.members[uid] if ref.heads[m] >= 0 and self.of(ref.heads[m]) != uid]
        if len(out) != 1 or rels[out[0]] not in conj:
            return None
        first = ref.heads[out[0]]
        first_unit = self.of(first)
        if first_unit in self.members:
            return self.outside_head(first_unit, ours.reduced)
        return self.of(ours.reduced[first])


def flat_units(ref: RefSentence, scheme: Scheme) -> Units:
    n = len(ref.words)
    parent = list(range(n))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x
    for w, (h, rel) in enumerate(zip(ref.heads, ref.deprels)):
        if rel in scheme.flat and h >= 0:
            parent[find(w)] = find(h)
    groups: dict[int, list[int]] = {}
    for w in range(n):
        groups.setdefault(find(w), []).append(w)
    return Units(n, list(groups.values()))


def span_units(words: list[str], tags: list[str], convention: Convention) -> Units:
    """Runs of `words`/`tags` holding one of the `words` and a number."""
    groups, run = [], []
    for i, (w, t) in enumerate(zip(words + [""], tags + [""])):
        if w in convention.words or t in convention.tags:
            run.append(i)
            continue
        if any(words[j] in convention.words for j in run) and any(tags[j] == "CD" for j in run):
            groups.append(run)
        run = []
    return Units(len(words), groups)


class ConventionTable:
    """The conventions that apply to one scheme, checked in file order."""

    def __init__(self, conventions: tuple[Convention, ...], scheme: Scheme):
        self.conventions = conventions
        self.scheme = scheme

    def prepare(self, ref: RefSentence, words: list[str], tags: list[str]) -> dict[str, Units]:
        units = {}
        for c in self.conventions:
            if c.kind == "flat":
                units[c.id] = flat_units(ref, self.scheme)
            elif c.kind == "span":
                units[c.id] = span_units(words, tags, c)
        return units

    def explain(self, w: int, ours: Reduced, ref: Reduced, rels, units: dict[str, Units]) -> str | None:
        """The id of the convention behind this disagreement, or None."""
        p, r = ours.reduced[w], ref.reduced[w]
        for c in self.conventions:
            if c.kind in ("flat", "span"):
                u = units[c.id]
                conj = (lambda uid, u=u: u.conjunct_head(uid, rels, self.scheme.conjunct, ours, ref)) \
                    if c.kind == "flat" else None
                if p is not None and r is not None and u.explains(w, p, r, ours, ref, conj):
                    return c.id
            elif c.kind == "copula":
                if p is not None and p >= 0 and rels[p] in self.scheme.copula and ref.heads[p] in (r, w):
                    return c.id
            elif c.kind == "raised":
                if rels[w] in self.scheme.object and p is not None and p >= 0 \
                        and rels[p] in self.scheme.open_complement and ref.heads[p] == r:
                    return c.id
            elif c.kind == "shared":
                if w in ours.shared and p is not None and ours.first_conjunct.get(p) == r:
                    return c.id
            elif c.kind == "conjunct":
                first = ref.heads[w]
                if rels[w] in self.scheme.conjunct and first >= 0 and ours.reduced[first] == p:
                    return c.id
        return None

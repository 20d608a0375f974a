"""The regeneration view: what the regenerator may see of each record.

`VIEW_FIELDS` is the whitelist, defined here and nowhere else (the README
lists it). It leaves out `ap`, `rp`, the ids as they were, and every
provenance field. `direction` and `unit_rank` (the rank of an adjunct or
punctuation mark among those on the same side of the same head, which the
paper gives to its regenerator) are filled only for adjuncts and
punctuation. Ids, heads, junction and compound ids are renumbered at random
before regenerating, and the records are shuffled.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from ..record import Sentence

VIEW_FIELDS = (
    "id", "head", "word", "base", "cat", "cat0", "cat1", "tense", "pn", "role", "logicalrole", "rolemarker",
    "grouptype", "subject_position", "position_class", "junction", "junction_position", "conj_anchor",
    "conj_sibling", "compound", "compound_position", "direction", "unit_rank",
)
ADJUNCT_ONLY = ("direction", "unit_rank")
PUNCT_ROLES = frozenset({"leftpunc", "rightpunc"})


@dataclass(frozen=True, slots=True)
class ViewRecord:
    id: int
    head: int
    word: str
    base: str
    cat: str
    cat0: str
    cat1: str | None
    tense: str | None
    pn: str | None
    role: str
    logicalrole: str
    rolemarker: str | None
    grouptype: str
    subject_position: str | None
    position_class: str | None
    junction: int | None
    junction_position: int | None
    conj_anchor: int | None
    conj_sibling: int | None
    compound: int | None
    compound_position: int | None
    direction: str | None
    unit_rank: int | None


assert ViewRecord.__slots__ == VIEW_FIELDS  # noqa: S101 - the whitelist is the class


@dataclass(frozen=True)
class RegenerationView:
    """Shuffled, renumbered records, and the key back to sentence positions
    (the key is for scoring only; the regenerator never sees it)."""

    records: tuple[ViewRecord, ...]
    position_of: dict[int, int]  # new id -> 0-based position in the sentence


def make_view(sentence: Sentence, adjunct_roles: frozenset[str], seed: int | str) -> RegenerationView:
    tokens = sentence.tokens
    n = len(tokens)
    rng = random.Random(f"{seed}")
    new_ids = list(range(1, n + 1))
    rng.shuffle(new_ids)
    remap = {t.id: new_ids[i] for i, t in enumerate(tokens)}
    remap[0] = 0
    junctions = sorted({t.junction for t in tokens if t.junction is not None})
    compounds = sorted({t.compound for t in tokens if t.compound is not None})
    jmap = _shuffled_ids(junctions, rng)
    cmap = _shuffled_ids(compounds, rng)
    ranks = unit_ranks(sentence, adjunct_roles)
    records = []
    for i, t in enumerate(tokens):
        visible = t.role in adjunct_roles or t.role in PUNCT_ROLES
        records.append(ViewRecord(
            id=remap[t.id], head=remap[t.head], word=t.word, base=t.base, cat=t.cat, cat0=t.cat0, cat1=t.cat1,
            tense=t.tense, pn=t.pn, role=t.role, logicalrole=t.logicalrole, rolemarker=t.rolemarker,
            grouptype=t.grouptype, subject_position=t.subject_position, position_class=t.position_class,
            junction=jmap.get(t.junction), junction_position=t.junction_position,
            conj_anchor=remap.get(t.conj_anchor) if t.conj_anchor else None,
            conj_sibling=remap.get(t.conj_sibling) if t.conj_sibling else None,
            compound=cmap.get(t.compound), compound_position=t.compound_position,
            direction=t.direction if visible else None, unit_rank=ranks.get(t.id) if visible else None,
        ))
    rng.shuffle(records)
    return RegenerationView(tuple(records), {remap[t.id]: i for i, t in enumerate(tokens)})


def _shuffled_ids(values: list[int], rng: random.Random) -> dict[int, int]:
    new = list(range(1, len(values) + 1))
    rng.shuffle(new)
    return dict(zip(values, new))


def unit_ranks(sentence: Sentence, adjunct_roles: frozenset[str]) -> dict[int, int]:
    """Rank of each adjunct or punctuation mark among the items on the same
    side of the same head (a coordination counts as one item)."""
    units: dict[tuple[int, str | None], list[list[int]]] = {}
    groups: dict[tuple[int, int], list[int]] = {}
    for t in sentence.tokens:
        if t.role not in adjunct_roles and t.role not in PUNCT_ROLES:
            continue
        if t.junction is not None and (t.head, t.junction) in groups:
            groups[(t.head, t.junction)].append(t.id)
            continue
        item = [t.id]
        if t.junction is not None:
            groups[(t.head, t.junction)] = item
        units.setdefault((t.head, t.direction), []).append(item)
    ranks: dict[int, int] = {}
    for items in units.values():
        for rank, members in enumerate(items, 1):
            for m in members:
                ranks[m] = rank
    return ranks

"""The search space of one head: the head and its locked dependent units.

Following Soricut & Marcu's IDL-expressions (paper 004), each head's phrase
is the interleave of the head word and its dependents, each dependent
locked (its own phrase is realized first, bottom-up, and never split).
What the view gives becomes constraints on that interleave:

- `direction`: the unit stays on that side of the head ("[yesterday] he
  left": a left adjunct cannot follow the head);
- `unit_rank`: units on the same side keep their given relative order;
- `junction_position`: a coordination is laid out by the rules
  (ptb2fd/regen/order.py: "a , b and c") and moves as one unit; without
  positions (`shallow`, `lemma`) its members are free units. What the rules
  take out of a coordination is taken out here too: an opening conjunction
  of a coordination that continues its head is a left unit ("were [neither]
  barred nor suspended"), one that follows the first conjunct's marker is a
  unit of that conjunct ("while [neither] admitting nor denying"), and a
  separator joined to a reporting clause a unit of its own;
- `compound_position`: a compound preposition's words in their order; without
  it ("because of" in the paper view) the words form one unit whose inner
  order is the commonest in training, else the rules realizer's.

A view that hides a field simply removes its constraint. Known failures:
a non-projective sentence (a dependent separated from its head's other
words) cannot be reproduced, since every unit is contiguous.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ptb2fd.regen.coordination_order import conjunction_between_separators
from ptb2fd.regen.order import OrderRules, Regenerator
from ptb2fd.regen.view import ViewRecord


@dataclass(slots=True)
class Unit:
    ids: tuple[int, ...]  # records whose phrases make up the unit, in their fixed order (or free, see ordered)
    label: str  # role, with the position class when the view gives one; "HEAD" for the head
    cat: str  # POS tag of the unit's first record
    lex: str  # lowercased word (or base) of the unit's first record
    kind: str = ""  # label, tag and preposition ("withinmod.NN.of"): what sort of phrase, for lexical features
    side: str | None = None  # given direction: the unit must stay on that side of the head
    rank: int | None = None  # given rank among the units on its side
    slot: int = 0  # where the rules realizer puts the unit (its first word's place in the rules' output), a feature
    ordered: bool = True  # False: a compound whose inner order the view hides (ids in the rules' order)
    words: list[str] = field(default_factory=list)  # realized words (filled bottom-up)
    edges: tuple[str, ...] = ("", "", "", "")  # the tags of its first two and last two words (filled with the words)


@dataclass(slots=True)
class HeadProblem:
    head: ViewRecord
    units: list[Unit]  # units[0] is the head itself
    question: bool  # the sentence has a "?": inversion is likely
    root: bool


def _lex(r: ViewRecord) -> str:
    return (r.word if r.word is not None else r.base).lower()


def _label(r: ViewRecord) -> str:
    if r.role in ("leftpunc", "rightpunc", "coordpunc"):
        return f"{r.role}:{r.cat}"  # a quote is not a comma
    return f"{r.role}/{r.position_class}" if r.position_class else r.role


def edge_tags(tags: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """A unit's first two and last two tags ("" for a one-word unit's missing second)."""
    return (tags[0], tags[1] if len(tags) > 1 else "", tags[-2] if len(tags) > 1 else "", tags[-1])


def _kind(r: ViewRecord) -> str:
    kind = f"{_label(r)}.{r.cat}"
    return f"{kind}.{r.rolemarker.lower()}" if r.rolemarker else kind


def build_problems(records, order_rules: OrderRules) -> tuple[list[HeadProblem], dict[int, ViewRecord]]:
    """One problem per word, children before their heads (bottom-up order)."""
    by_id = {r.id: r for r in records}
    kids: dict[int, list[ViewRecord]] = {}
    for r in records:
        kids.setdefault(r.head, []).append(r)
    question = any((r.word if r.word is not None else r.base) == "?" for r in records)
    placer = Regenerator(order_rules)
    # The rules realizer's whole output: each unit's place in it is a feature.
    # (order() also prepares the placer for place_coordination below.)
    rules_pos = {i: k for k, i in enumerate(placer.order(records))}
    # An opening conjunction that the rules put inside the first conjunct's
    # phrase, after its marker ("while [neither] admitting nor denying"),
    # is a unit of that conjunct here too, not of the coordination.
    for x, opener_ids in placer.handed_openings().items():
        moved = [by_id[i] for i in opener_ids]
        owner = by_id[moved[0].head]
        kids[owner.id] = [k for k in kids[owner.id] if k.id not in opener_ids]
        kids.setdefault(x, []).extend(moved)
    first_pos: dict[int, int] = {}  # record id -> first place of its subtree in the rules' output
    lex_kind: dict[int, tuple[str, str]] = {}  # record id -> its _lex and _kind (made at its own problem)
    problems: list[HeadProblem] = []
    stack = [(False, r.id) for r in sorted(kids.get(0, []), key=lambda r: r.id)]
    while stack:
        done, x = stack.pop()
        below = kids.get(x)
        if done or not below:  # (a leaf's problem at once: it has nothing below to wait for)
            problems.append(_problem(by_id[x], below or [], placer, question, rules_pos, first_pos, lex_kind))
            continue
        stack.append((True, x))
        stack.extend((False, k.id) for k in sorted(below, key=lambda r: r.id))
    return problems, by_id


def _problem(h: ViewRecord, deps: list[ViewRecord], placer: Regenerator, question: bool,
             rules_pos: dict[int, int], first_pos: dict[int, int],
             lex_kind: dict[int, tuple[str, str]]) -> HeadProblem:
    own = rules_pos.get(h.id, 0)
    lex, kind = lex_kind[h.id] = _lex(h), _kind(h)
    units = [Unit((h.id,), "HEAD", h.cat, lex, kind, None, None, own)]
    if not deps:  # a leaf (most words): the head alone
        first_pos[h.id] = own
        return HeadProblem(h, units, question, h.head == 0)
    first = own
    for d in deps:  # (min(own, *...) without a generator: this is hot)
        if first_pos[d.id] < first:
            first = first_pos[d.id]
    first_pos[h.id] = first

    def place(ids) -> int:  # (only for compounds and coordinations)
        return min(first_pos[i] for i in ids)

    groups: dict[int, list[ViewRecord]] = {}
    compounds: dict[int, list[ViewRecord]] = {}
    singles = []
    for d in deps:
        if d.junction is not None and any(m.junction_position is not None for m in deps if m.junction == d.junction):
            groups.setdefault(d.junction, []).append(d)
        elif d.compound is not None:
            compounds.setdefault(d.compound, []).append(d)
        else:
            singles.append(d)
    for d in singles:  # (children come first: their lex and kind are made)
        lex, kind = lex_kind[d.id]
        units.append(Unit((d.id,), _label(d), d.cat, lex, kind, d.direction, d.unit_rank, first_pos[d.id]))
    for members in compounds.values():
        ordered = all(m.compound_position is not None for m in members)
        members.sort(key=(lambda m: m.compound_position) if ordered else (lambda m: (_lex(m), m.cat)))
        first = members[0]
        lex = " ".join(_lex(m) for m in members)
        if not ordered:  # the rules realizer's guess at the inner order ("up from"), for compounds training never saw
            members.sort(key=lambda m: (rules_pos.get(m.id, 0), _lex(m)))
        units.append(Unit(tuple(m.id for m in members), "compound/" + first.role, first.cat, lex,
                          "compound." + first.cat, first.direction, first.unit_rank,
                          place(m.id for m in members), ordered))
    ctx = frozenset(d.role for d in deps) if groups else frozenset()
    for members in groups.values():
        slot, _, entries, opening = placer.place_coordination(members, h, ctx)
        ids = tuple(i for _, i in entries)
        member = {m.id: m for m in members}
        conj = sorted((m for m in members if m.junction_position is not None), key=lambda m: m.junction_position)
        first = conj[0] if conj else members[0]
        continuation = slot == placer.rules.continuation_slot
        if continuation and opening:
            # the head is the first conjunct: its opening conjunctions stand
            # before it, apart from the rest ("were [neither] barred nor suspended")
            opener = member[ids[0]]
            units.append(Unit(ids[:opening], "coord/opening", opener.cat, _lex(opener), f"coord/opening.{opener.cat}",
                              "left", None, place(ids[:opening])))
            ids = ids[opening:]
        lead = member[ids[0]] if continuation and len(ids) > 1 else None
        if lead is not None and lead.role == "coordpunc" and all(first_pos[lead.id] + 1 != first_pos[i] for i in ids[1:]):
            # a separator the rules moved away from the rest of its coordination
            # (order.yaml junction.separators_join): "`` There is a chance [, '']
            # added Mr. Guffey , `` but ..." is a unit of its own
            units.append(Unit(ids[:1], _label(lead), lead.cat, _lex(lead), lex_kind[lead.id][1], "right", None,
                              first_pos[lead.id]))
            ids = ids[1:]
        if placer.rules.between_separators:  # ", [and] , more often than not ,", as the rules
            rest = [(False, i) for i in ids]
            conjunction_between_separators([(slot, None, rest)], member, {})
            ids = tuple(i for _, i in rest)
        label = "coord/" + (first.role if not continuation else "continuation")
        units.append(Unit(ids, label, first.cat, _lex(first), f"{label}.{first.cat}",
                          "right" if continuation else first.direction,
                          None if continuation else first.unit_rank, place(ids)))
    # A canonical order of the units, independent of ids: the search and the
    # features never depend on how the records were numbered.
    units[1:] = sorted(units[1:], key=lambda u: (u.slot, u.label, u.cat, u.lex, u.side or "", u.rank or 0))
    return HeadProblem(h, units, question, h.head == 0)


def valid_order(problem: HeadProblem, order: list[int]) -> bool:
    """Does a complete order of unit indices keep every constraint?"""
    seen: set[int] = set()
    for i in order:
        if not can_place(problem, seen, i):
            return False
        seen.add(i)
    return True


def can_place(problem: HeadProblem, placed: set[int], i: int) -> bool:
    """May unit i come next, after the units in `placed`?"""
    units = problem.units
    head_placed = 0 in placed
    u = units[i]
    if i == 0:
        # every unit bound to the left must precede the head
        return all(j in placed for j, v in enumerate(units) if v.side == "left")
    if u.side == "right" and not head_placed:
        return False
    if u.side == "left" and head_placed:
        return False
    if u.rank is not None:
        for j, v in enumerate(units):
            if j not in placed and j != i and v.side == u.side and v.rank is not None and v.rank < u.rank:
                return False
    return True


def placement_constraints(problem: HeadProblem) -> tuple[list[frozenset[int]], list[bool | None]]:
    """`can_place` precomputed for the search: the units that must already be
    placed before each unit, and whether each unit needs the head placed
    (True: bound right, False: bound left, None: free)."""
    units = problem.units
    before: list[frozenset[int]] = []
    needs_head: list[bool | None] = []
    for i, u in enumerate(units):
        if i == 0:
            before.append(frozenset(j for j, v in enumerate(units) if v.side == "left"))
            needs_head.append(None)
            continue
        must = set()
        if u.rank is not None:
            must = {j for j, v in enumerate(units)
                    if j != i and v.side == u.side and v.rank is not None and v.rank < u.rank}
        before.append(frozenset(must))
        needs_head.append(True if u.side == "right" else False if u.side == "left" else None)
    return before, needs_head

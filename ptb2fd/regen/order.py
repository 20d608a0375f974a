"""The regenerator: unordered records back to a word sequence (order.yaml).

For each head it sorts the dependents into slots (order.yaml `slots`, left
to right around HEAD) by the first placement rule that matches, then spells
each dependent's own phrase in its place. Within a slot, adjuncts keep
their given rank, auxiliaries their chain rank, conjuncts their
junction_position, compound prepositions their compound_position. Ties
left after that are broken by the words themselves, never by ids, so a
renumbered, shuffled copy of a sentence regenerates identically.

Known failures: punctuation that encloses the rolemarker ("`` in the house
''" vs "in `` the house ''") is placed by the rule, whichever it was; two
arguments in one slot (two objects) are ordered by their words.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..rulefile import line_of
from .view import ViewRecord

ORDER_CONDITIONS = ("role", "word", "adjunct", "side", "position_class", "has_rolemarker",
                    "head_subject_position", "head_has_roles", "head_cat1", "grouptype", "cat0")


@dataclass(frozen=True)
class PlaceRule:
    rule_id: str
    tests: tuple[Callable, ...]
    slot: int


@dataclass(frozen=True)
class OrderRules:
    slots: tuple[str, ...]
    head_slot: int
    chain_slot: int
    chain_first_slot: int
    chain_rank: dict[str, int]
    initial_markers: frozenset[str]
    continuation_slot: int
    rules: tuple[PlaceRule, ...]
    adjunct_roles: frozenset[str]

    def rule_ids(self) -> list[str]:
        return [r.rule_id for r in self.rules]


def compile_order(data, checker, inventory: frozenset[str] = frozenset(),
                  adjunct_roles: frozenset[str] | None = None) -> OrderRules | None:
    data = checker.mapping(data, "order.yaml")
    if data is None:
        return None
    checker.keys(data, ["slots", "aux_chain", "junction", "rules"], ["slots", "aux_chain", "junction", "rules"],
                 what="order.yaml")
    slots = checker.strings(data.get("slots", []), "slots")
    if "HEAD" not in slots:
        checker.problem("slots must include HEAD")
        return None
    index = {s: i for i, s in enumerate(slots)}

    def slot_of(name, rid=None, line=None) -> int:
        if name not in index:
            checker.problem(f"unknown slot {name!r}; slots are listed under 'slots'", rid, line)
            return index["HEAD"]
        return index[name]

    def roles(values, rid, line) -> frozenset[str]:
        out = frozenset(checker.strings(values, "role", rid, line))
        for r in sorted(out - inventory if inventory else ()):
            checker.problem(f"role '{r}' is not in the role inventory of roles.yaml", rid, line)
        return out

    chain = checker.mapping(data.get("aux_chain", {}), "aux_chain") or {}
    checker.keys(chain, ["slot", "first_slot", "rank"], ["slot", "first_slot", "rank"], what="aux_chain")
    rank = {str(k): int(v) for k, v in (checker.mapping(chain.get("rank", {}), "aux_chain.rank") or {}).items()}
    roles(list(rank), None, line_of(chain))
    junction = checker.mapping(data.get("junction", {}), "junction") or {}
    checker.keys(junction, ["initial_markers", "continuation_slot"], ["initial_markers", "continuation_slot"],
                 what="junction")
    adjunct_set = adjunct_roles if adjunct_roles is not None else frozenset()
    rules = []
    for spec, rid, line in checker.rules(data, "rules", "placement rule", ["id", "when", "slot"],
                                         ["id", "when", "slot"]):
        when = checker.mapping(spec.get("when", {}), "when", rid) or {}
        tests = []
        for key, v in when.items():
            if key == "role":
                rs = roles(v, rid, line)
                tests.append(lambda r, h, ctx, rs=rs: r.role in rs)
            elif key == "word":
                ws = frozenset(w.lower() for w in checker.strings(v, key, rid, line))
                tests.append(lambda r, h, ctx, ws=ws: (r.word or r.base or "").lower() in ws)
            elif key == "adjunct":
                tests.append(lambda r, h, ctx, v=bool(v): (r.role in adjunct_set) == v)
            elif key == "side":
                if v not in ("left", "right"):
                    checker.problem("'side' must be left or right", rid, line)
                tests.append(lambda r, h, ctx, v=v: r.direction == v)
            elif key == "position_class":
                cs = frozenset(checker.strings(v, key, rid, line))
                tests.append(lambda r, h, ctx, cs=cs: r.position_class in cs)
            elif key == "has_rolemarker":
                tests.append(lambda r, h, ctx, v=bool(v): (r.rolemarker is not None) == v)
            elif key == "head_subject_position":
                cs = frozenset(checker.strings(v, key, rid, line))
                tests.append(lambda r, h, ctx, cs=cs: h is not None and h.subject_position in cs)
            elif key == "head_has_roles":
                rs = roles(v, rid, line)
                tests.append(lambda r, h, ctx, rs=rs: bool(rs & ctx))
            elif key == "cat0":
                cs = frozenset(checker.strings(v, key, rid, line))
                tests.append(lambda r, h, ctx, cs=cs: r.cat0 in cs)
            elif key == "grouptype":
                cs = frozenset(checker.strings(v, key, rid, line))
                tests.append(lambda r, h, ctx, cs=cs: r.grouptype in cs)
            elif key == "head_cat1":
                cs = frozenset(checker.strings(v, key, rid, line))
                tests.append(lambda r, h, ctx, cs=cs: h is not None and h.cat1 in cs)
            else:
                checker.problem(f"unknown condition '{key}'; valid: {', '.join(ORDER_CONDITIONS)}", rid, line)
        rules.append(PlaceRule(str(rid), tuple(tests), slot_of(spec.get("slot"), rid, line)))
    return OrderRules(
        tuple(slots), index["HEAD"], slot_of(chain.get("slot")), slot_of(chain.get("first_slot")), rank,
        frozenset(w.lower() for w in checker.strings(junction.get("initial_markers", []), "initial_markers")),
        slot_of(junction.get("continuation_slot")), tuple(rules),
        adjunct_roles if adjunct_roles is not None else frozenset(),
    )


class Regenerator:
    """Orders the records of a regeneration view."""

    def __init__(self, rules: OrderRules):
        self.rules = rules
        self.fired: dict[str, int] = {}

    def order(self, records: tuple[ViewRecord, ...] | list[ViewRecord]) -> list[int]:
        """Ids in the regenerated order."""
        by_id = {r.id: r for r in records}
        kids: dict[int, list[ViewRecord]] = {}
        for r in records:
            kids.setdefault(r.head, []).append(r)
        roots = kids.get(0, [])
        out: list[int] = []
        stack: list[tuple[bool, int]] = [(False, r.id) for r in sorted(roots, key=_word_key, reverse=True)]
        while stack:
            emit, x = stack.pop()
            if emit:
                out.append(x)
                continue
            seq = self._sequence(by_id[x], kids.get(x, []))
            stack.extend(reversed(seq))
        return out

    def _place(self, r: ViewRecord, h: ViewRecord, ctx: frozenset[str]) -> int:
        for rule in self.rules.rules:
            if all(test(r, h, ctx) for test in rule.tests):
                self.fired[rule.rule_id] = self.fired.get(rule.rule_id, 0) + 1
                return rule.slot
        return self.rules.head_slot + 1

    def _sequence(self, h: ViewRecord, deps: list[ViewRecord]) -> list[tuple[bool, int]]:
        rules = self.rules
        ctx = frozenset(d.role for d in deps)
        items: list[tuple[int, tuple, list[tuple[bool, int]]]] = []
        groups: dict[int, list[ViewRecord]] = {}
        units: dict[int, list[ViewRecord]] = {}
        for d in deps:
            if d.junction is not None:
                groups.setdefault(d.junction, []).append(d)
            elif d.compound is not None:
                units.setdefault(d.compound, []).append(d)
            else:
                items.append(self._item(d, h, ctx))
        chain = [i for i in items if i[0] == rules.chain_slot]
        if chain:
            first = min(chain, key=lambda i: i[1])
            items[items.index(first)] = (rules.chain_first_slot,) + first[1:]
        for members in units.values():
            members.sort(key=lambda m: m.compound_position or 0)
            slot = self._place(members[0], h, ctx)
            items.append((slot, (0,) + _word_key(members[0]), [(False, m.id) for m in members]))
        for members in groups.values():
            items.append(self._group(members, h, ctx))
        items.sort(key=lambda i: (i[0], i[1]))
        seq: list[tuple[bool, int]] = []
        head_done = False
        for slot, _, entries in items:
            if not head_done and slot > rules.head_slot:
                seq.append((True, h.id))
                head_done = True
            seq.extend(entries)
        if not head_done:
            seq.append((True, h.id))
        return seq

    def _item(self, d: ViewRecord, h: ViewRecord, ctx: frozenset[str]):
        slot = self._place(d, h, ctx)
        if slot == self.rules.chain_slot:
            key = (self.rules.chain_rank.get(d.role, 9),) + _word_key(d)
        elif d.unit_rank is not None:
            key = (d.unit_rank,) + _word_key(d)
        else:
            key = (0,) + _word_key(d)
        return slot, key, [(False, d.id)]

    def _group(self, members: list[ViewRecord], h: ViewRecord, ctx: frozenset[str]):
        """A coordination: c1 gap1 c2 gap2 ... cn. Separators fill the first
        gaps, conjunctions the last ones ("a , b , and c"; "a , b and c");
        an opening conjunction ("either") goes before c1. Without a conjunct
        at position 1 the group continues its head, which is then c1."""
        rules = self.rules
        conj = sorted((m for m in members if m.junction_position is not None), key=lambda m: m.junction_position)
        marks = sorted((m for m in members if m.junction_position is None and m.role != "coordpunc"), key=_word_key)
        seps = sorted((m for m in members if m.role == "coordpunc"), key=_word_key)
        continuation = not conj or conj[0].junction_position != 1
        n = len(conj) + (1 if continuation else 0)
        # A conjunction goes before the last conjunct that names it as its
        # anchor; one that opens the coordination ("either") before the first.
        anchored = {}
        for c in conj:
            if c.conj_anchor is not None:
                anchored[c.conj_anchor] = c.junction_position
        # gaps[k - 2] sits right before the conjunct at junction_position k.
        gaps: list[list[ViewRecord]] = [[] for _ in range(max(n - 1, 1))]
        opening: list[ViewRecord] = []
        free: list[ViewRecord] = []
        for m in marks:
            k = anchored.get(m.id)
            if k == 1 and not continuation and m.word.lower() in rules.initial_markers:
                opening.append(m)
            elif k is not None and k >= 2:
                gaps[min(max(k - 2, 0), len(gaps) - 1)].append(m)
            else:
                free.append(m)
        for i, m in enumerate(reversed(free)):
            gaps[max(len(gaps) - 1 - i, 0)].append(m)
        for i, sep in enumerate(seps):
            gaps[min(i, len(gaps) - 1)].insert(0, sep)
        entries: list[tuple[bool, int]] = [(False, m.id) for m in opening]
        visible = conj if not continuation else [None] + conj
        for i, c in enumerate(visible):
            if c is not None:
                entries.append((False, c.id))
            if i < len(gaps) and i < len(visible) - 1:
                entries.extend((False, m.id) for m in gaps[i])
        if len(visible) <= 1:
            entries.extend((False, m.id) for g in gaps for m in g)
        if continuation:
            return rules.continuation_slot, (0,), entries
        first = conj[0]
        slot = self._place(first, h, ctx)
        key = (first.unit_rank,) + _word_key(first) if first.unit_rank is not None else (0,) + _word_key(first)
        return slot, key, entries


def _word_key(r: ViewRecord) -> tuple:
    return (r.word or "", r.base or "", r.cat, r.role)

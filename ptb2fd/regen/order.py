"""The regenerator: unordered records back to a word sequence (order.yaml).

For each head it sorts the dependents into slots (order.yaml `slots`, left
to right around HEAD) by the first placement rule that matches, then spells
each dependent's own phrase in its place. Within a slot, adjuncts keep
their given rank, auxiliaries their chain rank, conjuncts their
junction_position, compound prepositions their order (compound_order.py),
unranked punctuation its kind, two markers of one head their
marker_order (marker_order.py). Ties
left after that are broken by the words themselves, never by ids, so a
renumbered, shuffled copy of a sentence regenerates identically.

Quotations interrupted by a reporting clause get three passes: the marks of
a `lead_slots` slot stand right before what the slot they lead holds (",
'' [said Mr. Pratt]"), a continued coordination's first separator joins
them (`junction.separators_join`), and of two opening quotes on one side
the second follows the reporting clause (`reopened_quotes`). Placement
rules may weigh a phrase by its words (`min_words`, `sibling_min_words`:
a light adjunct before a heavy object).

Known failures: punctuation that encloses the rolemarker ("`` in the house
''" vs "in `` the house ''") is placed by the rule, whichever it was; two
arguments in one slot (two objects) are ordered by their words; quotes
around part of a phrase ("American `` interference ''") enclose the whole
phrase; a temporal phrase without a comma goes before the subject ("The PLO
[in recent months] has" comes out with the phrase first).
"""
from __future__ import annotations

from .item_moves import join_separators, keep_rank_order, lead
from .order_rules import ORDER_CONDITIONS, OrderRules, PlaceRule, compile_order
from .view import PUNCT_ROLES, ViewRecord

__all__ = ["ORDER_CONDITIONS", "OrderRules", "PlaceRule", "Regenerator", "compile_order"]


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
        self._kids = kids
        self._words: dict[int, int] = {}
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
        return self.rules.inside_quotes.apply(out, by_id)

    def words(self, x: int) -> int:
        """Words in x's phrase, punctuation not counted (its heaviness)."""
        if x not in self._words:
            stack, n = [x], 0
            while stack:
                y = stack.pop()
                kids = self._kids.get(y, ())
                stack.extend(k.id for k in kids)
                n += sum(1 for k in kids if k.role not in PUNCT_ROLES)
            self._words[x] = n + 1
        return self._words[x]

    def heaviest(self, h: int, role: str) -> int:
        """Words in the longest dependent of h with this role, or with
        "role:grouptype" this role and group type (0: none)."""
        role, _, group = role.partition(":")
        return max((self.words(k.id) for k in self._kids.get(h, ())
                    if k.role == role and (not group or k.grouptype == group)), default=0)

    def _place(self, r: ViewRecord, h: ViewRecord, ctx: frozenset[str]) -> int:
        kids = self._kids.get(r.id)
        # the dependent's own dependents: their roles, "mark:<cat0>" for its
        # punctuation and "leftmark:<cat0>" for its left punctuation
        if kids:
            own: set[str] = set()
            for k in kids:
                role = k.role
                own.add(role)
                if role in PUNCT_ROLES:
                    own.add(f"mark:{k.cat0}")
                    if role == "leftpunc":
                        own.add(f"leftmark:{k.cat0}")
        else:
            own = _NOTHING
        for rule in self.rules.rules_for(r.role, r.direction):
            for test in rule.tests:  # all of them, first failure stops (a plain loop: this is hot)
                if not test(r, h, ctx, own, self):
                    break
            else:
                self.fired[rule.rule_id] = self.fired.get(rule.rule_id, 0) + 1
                return rule.slot
        return self.rules.head_slot + 1

    def _sequence(self, h: ViewRecord, deps: list[ViewRecord]) -> list[tuple[bool, int]]:
        if not deps:  # a leaf (most words): nothing to place
            return [(True, h.id)]
        rules = self.rules
        # the dependents' roles, and "role:clause" for those that are clauses
        # (and "role:marked" for clauses with a rolemarker: "that ...")
        # (and "role:subject=position" for clauses: "withinmod:subject=after-nonaux-finite", "said Mr. Pratt";
        # "mark:cat0" for its punctuation, "inner-mark:cat0" for its dependents' own: "a [`` parallel] form ''")
        ctx = self._context(deps)
        items: list[tuple[int, tuple, list[tuple[bool, int]]]] = []
        groups: dict[int, list[ViewRecord]] = {}
        units: dict[int, list[ViewRecord]] = {}
        ranked: list[tuple[str | None, int, int]] = []  # (side, rank, item index) of ranked adjuncts
        for d in deps:
            if d.junction is not None:
                groups.setdefault(d.junction, []).append(d)
            elif d.compound is not None:
                units.setdefault(d.compound, []).append(d)
            else:
                items.append(self._item(d, h, ctx))
                if d.unit_rank is not None and d.role not in PUNCT_ROLES:
                    ranked.append((d.direction, d.unit_rank, len(items) - 1))
        chain = [i for i in items if i[0] == rules.chain_slot]
        if chain:
            first = min(chain, key=lambda i: i[1])
            items[items.index(first)] = (rules.chain_first_slot,) + first[1:]
        for members in units.values():
            members = rules.compounds.arrange(members)
            slot = self._place(members[0], h, ctx)
            key = rules.markers.compound_key(rules.compounds.is_inner(members))
            items.append((slot, key + _word_key(members[0]), [(False, m.id) for m in members]))
        for members in groups.values():
            items.append(self.place_coordination(members, h, ctx))
            firsts = [m for m in members if m.unit_rank is not None and m.role not in PUNCT_ROLES]
            if firsts:
                first = min(firsts, key=lambda m: m.unit_rank)
                ranked.append((first.direction, first.unit_rank, len(items) - 1))
        by_id = None
        if groups and "coordpunc" in ctx:  # (only a coordination's separator can join)
            by_id = {r.id: r for r in deps}
            join_separators(items, rules, by_id)
        led = {i: items[i][0] for i in range(len(items)) if items[i][0] in rules.lead_slots.values()}
        if len(ranked) > 1:
            keep_rank_order(items, ranked)
        if led:
            lead(items, led, rules.lead_slots)
        items.sort(key=lambda i: (i[0], i[1]))
        if rules.reopened_quotes and sum(d.role == "leftpunc" and d.cat0 in rules.reopened_quotes for d in deps) > 1:
            self._reopen_quotation(items, by_id or {r.id: r for r in deps})
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

    def _context(self, deps: list[ViewRecord]) -> frozenset[str]:
        """What the placement rules may ask of a head's dependents (one loop: this is hot)."""
        ctx: set[str] = set()
        kids = self._kids
        for d in deps:
            role = d.role
            ctx.add(role)
            if d.grouptype == "clause":
                ctx.add(f"{role}:clause")
                if d.rolemarker:
                    ctx.add(f"{role}:marked")
            if d.subject_position:
                ctx.add(f"{role}:subject={d.subject_position}")
            if role in PUNCT_ROLES:
                ctx.add(f"mark:{d.cat0}")
            else:
                for k in kids.get(d.id, ()):
                    if k.role in PUNCT_ROLES:
                        ctx.add(f"inner-mark:{k.cat0}")
        return frozenset(ctx)

    def _reopen_quotation(self, items: list, deps: dict[int, ViewRecord]) -> None:
        """A quotation interrupted by its reporting clause opens again after
        it: of two opening quotes (order.yaml `reopened_quotes`) on the left
        of one head, the second follows the left clause that has a subject of
        its own ("`` Funny thing , '' says the kicker , [``] both these
        candidates are named ...")."""
        def lone(item) -> ViewRecord | None:
            return deps.get(item[2][0][1]) if len(item[2]) == 1 else None

        quotes = [i for i, item in enumerate(items) if (d := lone(item)) is not None and d.role == "leftpunc"
                  and d.cat0 in self.rules.reopened_quotes]
        clauses = [i for i, item in enumerate(items) if (d := lone(item)) is not None and d.direction == "left"
                   and d.grouptype == "clause" and any(k.role == "subject" for k in self._kids.get(d.id, ()))]
        if len(quotes) < 2 or not clauses or clauses[-1] < quotes[-1]:
            return
        quote = items.pop(quotes[-1])
        at = clauses[-1]  # (the quote stood before it, so its index is now one less)
        items.insert(at, (items[at - 1][0],) + quote[1:])

    def _item(self, d: ViewRecord, h: ViewRecord, ctx: frozenset[str]):
        slot = self._place(d, h, ctx)
        if slot == self.rules.chain_slot:
            key = (self.rules.chain_rank.get(d.role, 9),) + _word_key(d)
        elif d.unit_rank is not None:
            key = (d.unit_rank,) + _word_key(d)
        elif slot == self.rules.markers.slot:
            phrase = any(k.role not in PUNCT_ROLES for k in self._kids.get(d.id, ()))
            key = self.rules.markers.key(d, phrase) + _word_key(d)
        elif d.role in PUNCT_ROLES:  # unranked marks on one side: ", ''", ". -RRB-"
            order = self.rules.punctuation_order
            key = (order.get(d.cat0, len(order)),) + _word_key(d)
        else:
            key = (0,) + _word_key(d)
        return slot, key, [(False, d.id)]

    def place_coordination(self, members: list[ViewRecord], h: ViewRecord, ctx: frozenset[str]):
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


_NOTHING: frozenset[str] = frozenset()


def _word_key(r: ViewRecord) -> tuple:
    return (r.word or "", r.base or "", r.cat, r.role)

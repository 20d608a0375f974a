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
a light adjunct before a heavy object; a conjunct weighs its whole
coordination, `weight`).

Known failures: punctuation that encloses the rolemarker ("`` in the house
''" vs "in `` the house ''") is placed by the rule, whichever it was; two
arguments in one slot (two objects) are ordered by their words; quotes
around part of a phrase ("American `` interference ''") enclose the whole
phrase; a temporal phrase without a comma goes before the subject ("The PLO
[in recent months] has" comes out with the phrase first).
"""
from __future__ import annotations

from ptb2fd.regen.coordination_order import CoordinationOrder, conjunction_between_separators, join_separators, word_key
from ptb2fd.regen.item_moves import keep_rank_order, lead_marks
from ptb2fd.regen.order_rules import ORDER_CONDITIONS, OrderRules, PlaceRule, compile_order
from ptb2fd.regen.phrase_measures import PhraseMeasures
from ptb2fd.regen.view import PUNCT_ROLES, ViewRecord

__all__ = ["ORDER_CONDITIONS", "OrderRules", "PlaceRule", "Regenerator", "compile_order"]


class Regenerator(CoordinationOrder, PhraseMeasures):
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
        self._opening_of: dict[int, list[tuple[bool, int]]] = {}  # first conjunct -> its coordination's opening
        roots = kids.get(0, [])
        out: list[int] = []
        stack: list[tuple[bool, int]] = [(False, r.id) for r in sorted(roots, key=word_key, reverse=True)]
        while stack:
            emit, x = stack.pop()
            if emit:
                out.append(x)
                continue
            seq = self._sequence(by_id[x], kids.get(x, []))
            stack.extend(reversed(seq))
        return self.rules.inside_quotes.apply(out, by_id)

    def handed_openings(self) -> dict[int, list[int]]:
        """After `order`: the opening conjunctions that the first conjunct's own
        phrase took, by that conjunct's id ("while [neither] admitting nor
        denying": "neither" goes after the conjunct's marker "while")."""
        return {x: [i for _, i in entries] for x, entries in self._opening_of.items()}

    def _place(self, r: ViewRecord, h: ViewRecord, ctx: frozenset[str]) -> int:
        kids = self._kids.get(r.id)
        # the dependent's own dependents: their roles, "mark:<cat0>" for its
        # punctuation, "leftmark:<cat0>" / "rightmark:<cat0>" for its left / right
        # punctuation, "openmark:<cat0>" for a mark opening it and "dep:<cat0>"
        # for its words (a possessor's "'s")
        if kids:
            own: set[str] = set()
            for k in kids:
                role = k.role
                own.add(role)
                if role in PUNCT_ROLES:
                    own.add(f"mark:{k.cat0}")
                    if role == "leftpunc":
                        own.add(f"leftmark:{k.cat0}")
                        own.add(f"openmark:{k.cat0}")
                    elif role == "rightpunc":
                        own.add(f"rightmark:{k.cat0}")
                else:
                    own.add(f"dep:{k.cat0}")
                    if role in ("rolemarker", "determiner") or k.direction == "left":
                        # a left mark of its marker or of a word before it opens the
                        # phrase: "[,] compared with", "[--] what else --"
                        own.update(f"openmark:{m.cat0}" for m in self._kids.get(k.id, ()) if m.role == "leftpunc")
                        if role == "rolemarker":
                            own.add(_marker_word(k))
                            own.add(f"marker-tag:{k.cat}")
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
        # (and "role:marked" for clauses, or words of order.yaml marked_clause_cat0, with a rolemarker: "that ...")
        # (and "role:subject=position" for clauses: "withinmod:subject=after-nonaux-finite", "said Mr. Pratt";
        # "mark:cat0" for its punctuation, "inner-mark:cat0" for its dependents' own: "a [`` parallel] form ''";
        # "marker-tag:TAG" and "marker-word:word" for its rolemarkers: "[who] also expects";
        # "right:role" for its adjuncts on its right: "its own `` band '' [of ringers]";
        # "marker:compound" for a compound preposition: "[compared with] about one-third")
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
            items.append((slot, key + word_key(members[0]), [(False, m.id) for m in members]))
        opening, opening_slot = self._opening_of.get(h.id, []), rules.opening_slot
        for members in groups.values():
            # (n: the opening conjunctions, "either", "not only", leading the entries)
            slot, key, entries, n = self.place_coordination(members, h, ctx)
            if slot == rules.continuation_slot and n:
                # the head is the first conjunct: its opening conjunctions stand before the head
                opening += entries[:n]
                entries = entries[n:]
                opening_slot = self.opening_slot_of(members, opening_slot)
            elif n and self._has_marker(entries[n][1]) and self.first_marker_shared(members):
                # the first conjunct's marker is the coordination's: the opening
                # conjunction follows it ("by [both] Mr. Coxon and Mr. Einhorn",
                # "while [neither] admitting nor denying")
                self._opening_of[entries[n][1]] = entries[:n]
                entries = entries[n:]
            items.append((slot, key, entries))
            firsts = [m for m in members if m.unit_rank is not None and m.role not in PUNCT_ROLES]
            if firsts:
                first = min(firsts, key=lambda m: m.unit_rank)
                ranked.append((first.direction, first.unit_rank, len(items) - 1))
        if opening:
            items.append((opening_slot, (0,), opening))
            self.fired["junction.opening_slot"] = self.fired.get("junction.opening_slot", 0) + 1
        by_dep = None
        if groups and "coordpunc" in ctx:  # (only a coordination's separators move)
            by_dep = {r.id: r for r in deps}
            join_separators(items, rules, by_dep)
            if rules.between_separators:
                conjunction_between_separators(items, by_dep, self.fired)
        led = {i: items[i][0] for i in range(len(items)) if items[i][0] in rules.lead_slots.values()}
        keep_rank_order(items, ranked)
        lead_marks(items, led, rules.lead_slots)
        items.sort(key=lambda i: (i[0], i[1]))
        self._reopen_quotation(items, deps, by_dep)
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
            elif d.rolemarker and d.cat0 in self.rules.marked_clause_cat0:
                ctx.add(f"{role}:marked")
            if d.subject_position:
                ctx.add(f"{role}:subject={d.subject_position}")
            if role in PUNCT_ROLES:
                ctx.add(f"mark:{d.cat0}")
                ctx.add(f"mark-word:{d.word}")
                if role == "leftpunc":
                    ctx.add(f"leftmark:{d.cat0}")
            else:
                if d.direction == "right":  # (the view gives adjuncts their side)
                    ctx.add(f"right:{role}")
                for k in kids.get(d.id, ()):
                    if k.role in PUNCT_ROLES:
                        ctx.add(f"inner-mark:{k.cat0}")
                if role == "rolemarker":
                    ctx.add(f"marker-tag:{d.cat}")
                    ctx.add(_marker_word(d))
                    ctx.update(f"marker-mark:{k.cat0}" for k in kids.get(d.id, ()) if k.role in PUNCT_ROLES)
                    if d.compound is not None:
                        ctx.add("marker:compound")
        return frozenset(ctx)

    def _has_marker(self, x: int) -> bool:
        return any(k.role == "rolemarker" for k in self._kids.get(x, ()))

    def _reopen_quotation(self, items: list, deps: list[ViewRecord], by_dep: dict[int, ViewRecord] | None) -> None:
        """A quotation interrupted by its reporting clause opens again after
        it: of two opening quotes (order.yaml `reopened_quotes`) on the left
        of one head, the second follows the left clause that has a subject of
        its own ("`` Funny thing , '' says the kicker , [``] both these
        candidates are named ..."). `by_dep`: the dependents by id, if made."""
        opening = self.rules.reopened_quotes
        quotes = 0
        for d in deps:  # (the common case, fewer than two, looked at first: a plain loop, as this is hot)
            if d.role == "leftpunc" and d.cat0 in opening:
                quotes += 1
        if quotes < 2:
            return
        by_id = by_dep or {r.id: r for r in deps}

        def lone(item) -> ViewRecord | None:
            return by_id.get(item[2][0][1]) if len(item[2]) == 1 else None

        quotes = [i for i, item in enumerate(items) if (d := lone(item)) is not None and d.role == "leftpunc"
                  and d.cat0 in opening]
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
            key = (self.rules.chain_rank.get(d.role, 9),) + word_key(d)
        elif d.unit_rank is not None:
            key = (d.unit_rank,) + word_key(d)
        elif slot == self.rules.markers.slot:
            phrase = any(k.role not in PUNCT_ROLES for k in self._kids.get(d.id, ()))
            key = self.rules.markers.key(d, phrase) + word_key(d)
        elif d.role in PUNCT_ROLES:  # unranked marks on one side: ", ''", ". -RRB-"
            order = self.rules.punctuation_order
            key = (order.get(d.cat0, len(order)),) + word_key(d)
        else:
            key = (0,) + word_key(d)
        return slot, key, [(False, d.id)]

def _marker_word(r: ViewRecord) -> str:
    """The context token of a rolemarker's word ("marker-word:if"), for the
    `head_marker_words` and `marker_words` conditions."""
    return f"marker-word:{(r.word or r.base or '').lower()}"


_NOTHING: frozenset[str] = frozenset()

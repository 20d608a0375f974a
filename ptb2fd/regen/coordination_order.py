"""Coordinations in the regenerator's output (order.yaml `junction`).

A coordination is laid out as c1 gap1 c2 gap2 ... cn: separators fill the
first gaps, conjunctions the last ones ("a , b , and c"), a conjunction
only the first conjunct names opens it ("[either] a or b", "[not only] ...
but also"), and two separators never stand side by side (", [and] , more
often than not ,"). A coordination whose first conjunct is the head itself
continues it ("Japan outstrips the U.S. [but also outranks it]"); the
regenerator (order.py) puts its opening conjunctions before the head.

Known failures: a correlative whose first part is outside the coordinated
phrase ("he is [both] (a vicar and an active bell-ringer)") is not linked
to it; the separators' places are guessed from their number and the gaps
the conjunctions leave ("a or b [,] or c").
"""
from __future__ import annotations

from ptb2fd.regen.order_rules import OrderRules
from ptb2fd.regen.view import ViewRecord


class CoordinationOrder:
    """Mixin of the Regenerator: where a coordination's members go. Needs
    `self.rules` (OrderRules) and `self._place` (a dependent's slot)."""

    def opening_slot_of(self, members: list[ViewRecord], slot: int) -> int:
        """Where the opening conjunctions of a coordination that continues its
        head go: before the head's subject when a later conjunct has a subject
        of its own (junction.opening_clause_slot: "[Either] the company sells
        or it closes"), else `slot` (after the subject: "Japan [not only]
        outstrips the U.S. ... but also outranks it")."""
        clause = self.rules.opening_clause_slot
        if clause is not None and any(k.role == "subject" for m in members if m.junction_position is not None
                                      for k in self._kids.get(m.id, ())):
            return clause
        return slot

    def first_marker_shared(self, members: list[ViewRecord]) -> bool:
        """The first conjunct's marker is the whole coordination's when a later
        conjunct has none of its own: the opening conjunction follows it ("by
        [both] Mr. Coxon and Mr. Einhorn"); when each has its own, the opening
        conjunction opens the coordination ("[not] because of earnings but
        because of rates", "[either] in Europe or in Asia")."""
        return not all(self._has_marker(m.id) for m in members if m.junction_position is not None)

    def place_coordination(self, members: list[ViewRecord], h: ViewRecord, ctx: frozenset[str]):
        """A coordination: c1 gap1 c2 gap2 ... cn. Separators fill the first
        gaps, conjunctions the last ones ("a , b , and c"; "a , b and c"; with
        a conjunction in every gap, the last gaps: "a or b , or c");
        an opening conjunction ("either") goes before c1. Without a conjunct
        at position 1 the group continues its head, which is then c1; its
        opening conjunctions still lead the entries, and _sequence puts them
        before the head. Returns the slot, the sort key, the entries and how
        many opening conjunctions lead them."""
        rules = self.rules
        conj = sorted((m for m in members if m.junction_position is not None), key=lambda m: m.junction_position)
        marks = sorted((m for m in members if m.junction_position is None and m.role != "coordpunc"), key=word_key)
        # separators of the kinds that stand by a conjunction come last, so that
        # the others take the gaps without one: "X -- Y [,] but Z" (order.yaml
        # junction.conjunction_separators)
        late = rules.conjunction_separators
        seps = sorted((m for m in members if m.role == "coordpunc"), key=lambda m: (m.cat0 in late,) + word_key(m))
        continuation = not conj or conj[0].junction_position != 1
        n = len(conj) + (1 if continuation else 0)
        # A conjunction goes before the last conjunct that names it as its
        # anchor; one that only the first conjunct names opens the
        # coordination ("either", "not only") and goes before it.
        anchored: dict[int, set[int]] = {}
        for c in conj:
            if c.conj_anchor is not None:
                anchored.setdefault(c.conj_anchor, set()).add(c.junction_position)
        if continuation and conj and h.conj_anchor is not None:
            anchored.setdefault(h.conj_anchor, set()).add(1)
        # gaps[k - 2] sits right before the conjunct at junction_position k.
        gaps: list[list[ViewRecord]] = [[] for _ in range(max(n - 1, 1))]
        opening: list[ViewRecord] = []
        free: list[ViewRecord] = []
        for m in marks:
            ks = anchored.get(m.id)
            k = max(ks) if ks else None
            if ks == {1}:
                opening.append(m)
            elif k is not None and k >= 2:
                gaps[min(max(k - 2, 0), len(gaps) - 1)].append(m)
            else:
                free.append(m)
        for i, m in enumerate(reversed(free)):
            gaps[max(len(gaps) - 1 - i, 0)].append(m)
        # Separators fill the gaps without a conjunction first, then the others,
        # from the left ("a , b , and c"); when every gap has a conjunction they
        # mark the main break, before the last conjuncts: "at the limit price
        # or at higher prices [,] but not below it".
        bare = [g for g in gaps if not g]
        order = bare + [g for g in gaps if g] if bare else gaps[::-1]
        for i, sep in enumerate(seps):
            order[min(i, len(order) - 1)].insert(0, sep)
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
            return rules.continuation_slot, (0,), entries, len(opening)
        first = conj[0]
        slot = self._place(first, h, ctx)
        key = (first.unit_rank,) + word_key(first) if first.unit_rank is not None else (0,) + word_key(first)
        return slot, key, entries, len(opening)


def conjunction_between_separators(items: list, deps: dict[int, ViewRecord], fired: dict[str, int]) -> None:
    """Two separators of a coordination never stand side by side: a
    conjunction right after them goes between them ("entertaining , [and] ,
    more often than not , that means"). Run after join_separators, which
    may take the first of them to a reporting clause."""
    for s, key, entries in items:
        for i in range(len(entries) - 2):
            a, b, c = (deps.get(e[1]) for e in entries[i:i + 3])
            if a is not None and b is not None and c is not None and a.role == b.role == "coordpunc" \
                    and c.role == "junction-marker":
                entries[i + 1], entries[i + 2] = entries[i + 2], entries[i + 1]
                fired["junction.between_separators"] = fired.get("junction.between_separators", 0) + 1


def join_separators(items: list, rules: OrderRules, deps: dict[int, ViewRecord]) -> None:
    """Where the head has marks in the `separators_join` slot, the first
    separator of a coordination continuing the head joins them, unless the
    head has a mark of its kind there: "`` There is a chance [, ''] added Mr.
    Guffey , `` but ..." (the comma is the coordination's, the quote the
    head's); "... initially [, ''] said Mr. Pratt [,] `` but" (two
    separators, the second stays)."""
    slot = rules.separators_join
    there = {deps[e[1]].cat0 for item in items if item[0] == slot for e in item[2] if e[1] in deps}
    if slot is None or not there:
        return
    for i, (s, key, entries) in enumerate(items):
        if s != rules.continuation_slot:
            continue
        first = deps.get(entries[0][1]) if entries else None
        if first is not None and first.role == "coordpunc" and first.cat0 not in there:
            items[i] = (s, key, entries[1:])
            items.append((slot, (-1,), entries[:1]))


def word_key(r: ViewRecord) -> tuple:
    return (r.word or "", r.base or "", r.cat, r.role)

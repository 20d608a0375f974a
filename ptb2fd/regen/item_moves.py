"""Moves of a head's items after each has its slot (`Regenerator._sequence`):
ranked adjuncts kept in their given order across slots, a continued
coordination's first separator joining the head's marks, and the marks of a
lead slot standing before what they lead. Each item is (slot, sort key,
entries); each function rewrites the list in place and is called only when
its case is there.
"""
from __future__ import annotations

from .order_rules import OrderRules
from .view import ViewRecord


def keep_rank_order(items: list, ranked: list[tuple[str | None, int, int]]) -> None:
    """Adjuncts on one side of a head are one unit whose order the view
    gives: an adjunct never goes to a later slot than the next one ("[Then]
    [Wednesday] , Fujitsu said": "Then" follows "Wednesday" before the
    subject, wherever its own rule would put it)."""
    for side in {r[0] for r in ranked}:
        seq = sorted((r for r in ranked if r[0] == side), key=lambda r: r[1])
        for (_, _, i), (_, _, j) in zip(reversed(seq[:-1]), reversed(seq[1:])):
            if items[i][0] > items[j][0]:
                items[i] = (items[j][0],) + items[i][1:]


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


def lead(items: list, led: dict[int, int], lead_slots: dict[int, int]) -> None:
    """Items of a lead slot stand right before the first item of the slot
    they lead, wherever the rank order moved that item: the comma and
    closing quote before the reporting clause ("`` ... , '' [says the
    kicker]")."""
    for lead, target in lead_slots.items():
        firsts = sorted((items[i][0], items[i][1]) for i, slot in led.items() if slot == target)
        if not firsts:
            continue
        slot, key = firsts[0]
        for i, item in enumerate(items):
            if item[0] == lead:
                items[i] = (slot, (key[0] - 0.5,) + item[1]) + item[2:]

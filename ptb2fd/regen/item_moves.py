"""Moves of a head's slotted items after each took its rule's slot
(`Regenerator._sequence`): what the view's ranks and the lead slots demand
whatever slot the rules gave.

Each item is (slot, sort key, entries); the moves change an item's slot
(and key) in place, before the items are sorted.
"""
from __future__ import annotations


def keep_rank_order(items: list, ranked: list[tuple[str | None, int, int]]) -> None:
    """Adjuncts on one side of a head are one unit whose order the view
    gives: an adjunct never goes to a later slot than the next one ("[Then]
    [Wednesday] , Fujitsu said": "Then" follows "Wednesday" before the
    subject, wherever its own rule would put it)."""
    if len(ranked) < 2:  # (most heads: nothing to keep in order)
        return
    for side in {r[0] for r in ranked}:
        seq = sorted((r for r in ranked if r[0] == side), key=lambda r: r[1])
        for (_, _, i), (_, _, j) in zip(reversed(seq[:-1]), reversed(seq[1:])):
            if items[i][0] > items[j][0]:
                items[i] = (items[j][0],) + items[i][1:]


def lead_marks(items: list, led: dict[int, int], lead_slots: dict[int, int]) -> None:
    """Items of a lead slot stand right before the first item of the slot
    they lead, wherever the rank order moved that item: the comma and
    closing quote before the reporting clause ("`` ... , '' [says the
    kicker]")."""
    if not led:
        return
    for lead, target in lead_slots.items():
        firsts = sorted((items[i][0], items[i][1]) for i, slot in led.items() if slot == target)
        if not firsts:
            continue
        slot, key = firsts[0]
        for i, item in enumerate(items):
            if item[0] == lead:
                items[i] = (slot, (key[0] - 0.5,) + item[1]) + item[2:]

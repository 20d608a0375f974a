"""The head -> dependents index, derived once the heads are final.

After the punctuation stage no stage moves a head, so the roles, clause
and records stages read one shared index instead of each building its own.
In "it would sell its aging fleet", `dependents[2]` (sell) is [0, 1, 5]:
it, would, fleet, in sentence order; the root's head (-1) has no entry.
"""
from __future__ import annotations

from ptb2fd.conversion.pipeline import Parse


class IndexDependents:
    """`deps` (final heads) -> `dependents` (token -> its dependents, in order)."""

    name = "dependents"
    # punct_roles: the punctuation stage is the last one that moves heads.
    needs = ("deps", "punct_roles")
    provides = ("dependents",)

    def run(self, parse: Parse) -> None:
        head = parse.deps.head
        dependents: list[list[int]] = [[] for _ in head]
        for d, h in enumerate(head):
            if h >= 0:
                dependents[h].append(d)
        parse.dependents = dependents

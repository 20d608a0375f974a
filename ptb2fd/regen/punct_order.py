"""Marks that go inside a closing quote, whatever their heads.

American typesetting, which the Wall Street Journal follows, puts a comma
or period before a closing quote: "`` ... a striking finding , '' said
Dr. Talcott", "... at risk . ''". The comma and the quote often depend on
different heads (the comma on the quoted clause, the quote on the verb of
saying), so slot rules alone place the quote first; this last pass moves
every mark listed in order.yaml `inside_quotes.marks` (by cat0) that
directly follows a closing quote (`inside_quotes.closing`) before it.
The dev half has no "'' ," and no "'' ." at all.

Known failures: British-style text, which keeps such marks outside.
"""
from __future__ import annotations

from dataclasses import dataclass

from ptb2fd.regen.view import ViewRecord


@dataclass(frozen=True)
class InsideQuotes:
    closing: frozenset[str]  # cat0 of closing quotes
    marks: frozenset[str]  # cat0 of marks that go inside them

    def apply(self, ids: list[int], by_id: dict[int, ViewRecord]) -> list[int]:
        out = list(ids)
        for i in range(1, len(out)):
            j = i
            while j > 0 and by_id[out[j]].cat0 in self.marks and by_id[out[j - 1]].cat0 in self.closing:
                out[j - 1], out[j] = out[j], out[j - 1]
                j -= 1
        return out


def compile_inside_quotes(data, checker) -> InsideQuotes:
    data = checker.mapping(data, "inside_quotes") or {}
    checker.keys(data, ["closing", "marks"], [], what="inside_quotes")
    return InsideQuotes(frozenset(checker.strings(data.get("closing", []), "closing")),
                        frozenset(checker.strings(data.get("marks", []), "marks")))

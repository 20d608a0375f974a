"""The inner order of a compound preposition the view gives unordered.

In the paper's view a compound preposition is a unit of words without
their order ("of because"). The realizer orders it by grammar, not by the
sentence: a unit whose words are a phrasal preposition of
compound_prepositions.yaml takes that entry's order ("because of",
"according to", "as well as"); otherwise modifiers (words whose tag is not
a preposition tag: "partly", "well", "both") come first, and the
prepositions after them, a phrasal entry among them in its order ("partly
because of"), the others with the ones listed in order.yaml
`compounds.first` ahead ("than in", "except during") and then by word.
Where the view gives `compound_position` (the `full` view) that order is
used. A compound opened by a word of `compounds.inner_tags` (a comparative:
"more than", "less than") quantifies a number inside the phrase, so it
follows a plain preposition of the same head: "valued at [more than] $ 1.2
billion" (`is_inner`; regen/order.py sorts it after that marker).

Known failures: two modifiers of one preposition keep the order of their
words; a pair of prepositions neither of them listed is ordered by word.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ptb2fd.regen.view import ViewRecord


@dataclass(frozen=True)
class CompoundOrder:
    phrasal: tuple[tuple[str, ...], ...]  # longest first
    preposition_tags: frozenset[str]
    first: tuple[str, ...]
    inner_tags: frozenset[str] = frozenset()

    def is_inner(self, arranged: Sequence[ViewRecord]) -> bool:
        """Does the compound (its members as `arrange` gives them) quantify a
        number inside its phrase ("more than")?"""
        return bool(arranged) and arranged[0].cat in self.inner_tags

    def arrange(self, members: Sequence[ViewRecord]) -> list[ViewRecord]:
        if all(m.compound_position is not None for m in members):
            return sorted(members, key=lambda m: m.compound_position)
        # Same words ("as well as"): a modifier's tag before a preposition's,
        # so the preposition proper comes last and ties never follow the ids.
        members = sorted(members, key=lambda m: (_text(m), m.cat in self.preposition_tags, m.cat))
        modifiers = [m for m in members if m.cat not in self.preposition_tags]
        preps = [m for m in members if m.cat in self.preposition_tags]
        ordered = self._phrasal(members)
        if ordered is not None:
            return ordered
        ordered = self._phrasal(preps)
        if ordered is None:
            rank = {w: i for i, w in enumerate(self.first)}
            ordered = sorted(preps, key=lambda m: (rank.get(_text(m), len(rank)), _text(m)))
        return modifiers + ordered

    def _phrasal(self, members: Sequence[ViewRecord]) -> list[ViewRecord] | None:
        words = sorted(_text(m) for m in members)
        for entry in self.phrasal:
            if len(entry) == len(members) and sorted(entry) == words:
                pool = list(members)
                out = []
                for w in entry:
                    m = next(m for m in pool if _text(m) == w)
                    pool.remove(m)
                    out.append(m)
                return out
        return None


def _text(m: ViewRecord) -> str:
    return (m.word or m.base or "").lower()


def compile_compound_order(data, checker, phrasal: tuple[tuple[str, ...], ...]) -> CompoundOrder:
    data = checker.mapping(data, "compounds") or {}
    checker.keys(data, ["preposition_tags", "first", "inner_tags"], [], what="compounds")
    return CompoundOrder(
        tuple(sorted(phrasal, key=lambda e: -len(e))),
        frozenset(checker.strings(data.get("preposition_tags", ["IN", "TO"]), "preposition_tags")),
        tuple(w.lower() for w in checker.strings(data.get("first", []), "first")),
        frozenset(checker.strings(data.get("inner_tags", []), "inner_tags")),
    )

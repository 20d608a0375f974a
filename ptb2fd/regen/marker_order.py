"""The order of two markers of one head in the marker slot.

A head may have two rolemarkers that are no compound preposition: "[in part]
because the demand ...", "on what ...", "of how ...". The view gives them
unordered. One that heads a phrase of its own ("in part") comes first, a
wh-word (order.yaml `marker_order`: tags and words) last, the others by
word.

The subordinator of a clause reduced to a phrase ("[when] on the road",
"[if] not for money") has a slot of its own before the marker slot
(order.yaml `ord-subordinator-reduced-clause`). Known failure: two plain
prepositions of one head ("until after the holidays") are ordered by word.
"""
from __future__ import annotations

from dataclasses import dataclass

from ptb2fd.regen.view import ViewRecord


@dataclass(frozen=True)
class MarkerOrder:
    """Two markers of one head in the marker slot: one that heads a phrase of
    its own first ("[in part] because"), then the prepositions, a wh-word
    last ("on [what]", "of [how]"); the rest by word."""

    slot: int | None
    last_tags: frozenset[str]
    last_words: frozenset[str]

    def key(self, r: ViewRecord, has_phrase: bool) -> tuple:
        last = r.cat in self.last_tags or (r.word or r.base or "").lower() in self.last_words
        return (0 if has_phrase else 1, 2 if last else 0)

    @staticmethod
    def compound_key(inner: bool) -> tuple:
        """A compound preposition among the markers: first ("[partly because] of"),
        or, when it quantifies a number inside the phrase, after the plain
        prepositions and before a wh-word ("at [more than] $ 5"). Keys have
        the shape of `key`'s, so that the words that follow compare with words:
        "[depending on] what view we take" has the wh-word "view" too."""
        return (1, 1) if inner else (0, -1)


def compile_marker_order(data, checker, slot_of) -> MarkerOrder:
    data = checker.mapping(data, "marker_order") or {}
    checker.keys(data, ["slot", "last_tags", "last_words"], [], what="marker_order")
    return MarkerOrder(slot_of(str(data["slot"])) if "slot" in data else None,
                       frozenset(checker.strings(data.get("last_tags", []), "last_tags")),
                       frozenset(w.lower() for w in checker.strings(data.get("last_words", []), "last_words")))

"""Realizers: a regeneration view in, the sentence's words out.

The interface every realizer implements (`Realizer`):

    name: str                                   # "rules", "stat", ...
    realize(view: RegenerationView) -> list[str]  # words in order, first word capitalized

A realizer may also implement `realize_ordered(view) -> (words, ids)`, the
ids being the view's record ids in output order; the check then knows which
record each output word is, which it otherwise recovers by aligning the
words (`check.align_words`).

`--realizer rules` is the rule regenerator (`order.py`, rules/order.yaml);
`--realizer stat --model MODEL` is the statistical realizer
(ptb2fd.realizer; `ptb2fd.realizer.select.build_realizer` picks one).
In the `lemma` view records carry no word: the rules realizer inflects the
base form for its Penn tag with lemminflect ("sell"/VBD -> "sold"), and
keeps the base where lemminflect has nothing.
"""
from __future__ import annotations

from typing import Protocol, runtime_checkable

from ptb2fd.regen.order import OrderRules, Regenerator
from ptb2fd.regen.view import RegenerationView, ViewRecord, capitalize_first


@runtime_checkable
class Realizer(Protocol):
    name: str

    def realize(self, view: RegenerationView) -> list[str]: ...


class RulesRealizer:
    """The rule regenerator as a realizer."""

    name = "rules"

    def __init__(self, order_rules: OrderRules):
        self.regenerator = Regenerator(order_rules)

    def realize_ordered(self, view: RegenerationView) -> tuple[list[str], list[int]]:
        """The words and the record ids they come from, in output order."""
        ids = self.regenerator.order(view.records)
        by_id = {r.id: r for r in view.records}
        return capitalize_first([surface(by_id[i]) for i in ids]), ids

    def realize(self, view: RegenerationView) -> list[str]:
        return self.realize_ordered(view)[0]


# The Penn tags lemminflect inflects; for any other (PRP, CD, WRB, None)
# it prints "Invalid upos type" on stdout and returns nothing.
LEMMINFLECT_TAGS = frozenset({"VB", "VBD", "VBG", "VBN", "VBP", "VBZ", "NN", "NNS", "NNP", "NNPS", "JJ", "JJR", "JJS",
                              "RB", "RBR", "RBS", "MD"})


def inflect_base(base: str, tag: str | None) -> str:
    """The base form inflected for its Penn tag by lemminflect ("sell"/VBD ->
    "sold"), or the base itself where lemminflect has nothing."""
    if not base or not base[0].isalpha() or tag not in LEMMINFLECT_TAGS:
        return base
    from lemminflect import getInflection

    forms = getInflection(base, tag=tag)
    return forms[0] if forms else base


def surface(r: ViewRecord) -> str:
    """The record's word, or its base form inflected for its tag."""
    return r.word if r.word is not None else inflect_base(r.base or "", r.cat)

"""Realizers: a regeneration view in, the sentence's words out.

The interface every realizer implements (`Realizer`):

    name: str                                   # "rules", "stat", ...
    realize(view: RegenerationView) -> list[str]  # words in order, first word capitalized

A realizer may also implement `realize_ordered(view) -> (words, ids)`, the
ids being the view's record ids in output order; the check then knows which
record each output word is, which it otherwise recovers by aligning the
words (`check.align_words`).

`--realizer rules` is the rule regenerator (`order.py`, rules/order.yaml);
`--realizer stat --model MODEL` loads the statistical realizer through one
import point, `ptb2fd.realizer.load_realizer(path, view_name)`.
In the `lemma` view records carry no word: the rules realizer inflects the
base form for its Penn tag with lemminflect ("sell"/VBD -> "sold"), and
keeps the base where lemminflect has nothing.
"""
from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..errors import UsageError
from .order import OrderRules, Regenerator
from .view import RegenerationView, ViewRecord, capitalize_first

REALIZERS = ("rules", "stat")


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


def load_stat_realizer(model: str | None, view_name: str):
    """The statistical realizer of `model`, or a usage error (exit 2)."""
    if not model:
        raise UsageError("--realizer stat needs --model MODEL (a model written by `ptb2fd train`)")
    try:
        from ..realizer import load_realizer  # the statistical realizer's one import point
    except ImportError as exc:
        raise UsageError(f"--realizer stat: the statistical realizer (ptb2fd.realizer) is not installed ({exc})") \
            from exc
    realizer = load_realizer(model, view_name)
    if not callable(getattr(realizer, "realize", None)):
        raise UsageError(f"--model {model}: load_realizer returned {type(realizer).__name__}, which has no realize()")
    return realizer


def build_realizer(kind: str, order_rules: OrderRules, view_name: str, model: str | None = None):
    if kind == "rules":
        return RulesRealizer(order_rules)
    if kind == "stat":
        return load_stat_realizer(model, view_name)
    raise UsageError(f"--realizer {kind}: choose one of {', '.join(REALIZERS)}")

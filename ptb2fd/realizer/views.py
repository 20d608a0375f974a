"""Narrow a regeneration view to a named view (stand-in until regen has named views).

The realizer must work on whatever a view leaves visible, so it reads every
order hint (direction, unit_rank, position_class, junction_position, ...)
only when the field is not None. This module blanks fields the way issue 9
defines the views, for training and experiments:

- `full`: everything `make_view` gives.
- `paper`: punctuation keeps its side but loses its rank; position classes
  only on `adverbial` and `particle`; no `compound_position`.
- `shallow`: no direction, rank, position class, subject position, conjunct
  positions or anchors, compound positions.
- `lemma`: `shallow`, and the word is hidden (the realizer inflects `base`).

Every view lowercases a first word whose capital only says "I come first"
(not a proper noun, not "I"): "The" -> "the", "Pierre"/NNP stays.
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import UsageError
from ..regen.view import PUNCT_ROLES, RegenerationView

VIEW_NAMES = ("paper", "full", "shallow", "lemma")
PROPER_TAGS = frozenset({"NNP", "NNPS"})
SHALLOW_HIDDEN = ("direction", "unit_rank", "position_class", "subject_position", "junction_position",
                  "conj_anchor", "conj_sibling", "compound_position")


def check_view_name(name: str) -> str:
    if name not in VIEW_NAMES:
        raise UsageError(f"unknown view {name!r}; views are {', '.join(VIEW_NAMES)}")
    return name


def narrow(view: RegenerationView, name: str) -> RegenerationView:
    """The view `name` of a `full` view (a new view; the input is not changed)."""
    check_view_name(name)
    first = min(view.position_of, key=view.position_of.get)
    out = []
    for r in view.records:
        r = _unhint_first(r) if r.id == first else r
        if name == "paper":
            r = replace(r, compound_position=None,
                        unit_rank=None if r.role in PUNCT_ROLES else r.unit_rank,
                        position_class=r.position_class if r.role in ("adverbial", "particle") else None)
        elif name in ("shallow", "lemma"):
            r = replace(r, **dict.fromkeys(SHALLOW_HIDDEN))
            if name == "lemma":
                r = replace(r, word=None)
        out.append(r)
    return RegenerationView(tuple(out), view.position_of)


def _unhint_first(r):
    if r.cat in PROPER_TAGS or r.word == "I":
        return r
    return replace(r, word=r.word.lower(), base=r.base.lower())

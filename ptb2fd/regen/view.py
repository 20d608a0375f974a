"""Regeneration views: what a realizer may see of each record.

A view is a whitelist, defined once here (`VIEWS`; docs/regeneration.md has the same
table). Every view leaves out `ap`, `rp`, the ids as they were, and every
provenance field; ids, heads, junction and compound ids are renumbered at
random and the records shuffled. A field a view hides is None, so that
`ViewRecord` has the same fields in every view and a realizer can read any.

- `paper`: the protocol of Langkilde-Geary & Betteridge (section 2): side
  (`direction`) for adjuncts and punctuation; the rank of an adjunct among
  the adjuncts on the same side of the same head (they are one unit whose
  inner order is given), punctuation unranked; position classes for
  `adverbial` and `particle` only; a compound preposition is a unit of
  words without their order (`compound_position` hidden, `rolemarker`
  words sorted).
- `full`: everything ptb2fd's converter gives the regenerator (punctuation
  ranked with the adjuncts, position classes for every adjunct role,
  compound order). Richer than the paper: for regression-testing rules.
- `shallow`: the Surface Realisation shared task setting: word, POS, head,
  role and the other features that say nothing about order; no side, rank,
  position class, subject position or conjunct position (`junction` says
  which coordination a word belongs to, not where).
- `lemma`: `shallow` with the base form and no word.

No view spells out order: the capital a sentence's first word has only
because it comes first is lowered in `word`, `base` and `rolemarker` ("The
company" -> "the"; "Pierre" NNP, "IBM", "I" keep theirs, decided from the tag,
the word's own shape and how the dictionary writes it: a noun or adjective
WordNet spells only with a capital keeps it, "Americans"/NNS, "Japanese"/JJ,
`ptb2fd.lexicon.dictionary_case`; a realizer has nothing else). Realizers
capitalize the first word of their output (`capitalize_first`).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import NamedTuple

from ptb2fd.lexicon.dictionary_case import always_capitalized
from ptb2fd.record import Sentence, Token

VIEW_FIELDS = (
    "id", "head", "word", "base", "cat", "cat0", "cat1", "tense", "pn", "role", "logicalrole", "rolemarker",
    "grouptype", "subject_position", "position_class", "junction", "junction_position", "conj_anchor",
    "conj_sibling", "compound", "compound_position", "direction", "unit_rank",
)
ADJUNCT_ONLY = ("direction", "unit_rank")
PUNCT_ROLES = frozenset({"leftpunc", "rightpunc"})
PROPER_TAGS = frozenset({"NNP", "NNPS"})
# Common noun and adjective tags whose first word keeps a capital the
# dictionary always writes, with the WordNet part of speech to look the
# base up in (pronouns, determiners, modals are not in WordNet: "May"/MD).
DICTIONARY_CASED = {"NN": "n", "NNS": "n", "JJ": "a"}


class ViewRecord(NamedTuple):
    """One record as a realizer sees it (immutable; a tuple, so that the
    47,633 records of the test half are built in a tenth of a frozen
    dataclass's time: `make_view` is part of the realizer's time budget)."""

    id: int
    head: int
    word: str | None
    base: str | None
    cat: str
    cat0: str
    cat1: str | None
    tense: str | None
    pn: str | None
    role: str
    logicalrole: str
    rolemarker: str | None
    grouptype: str
    subject_position: str | None
    position_class: str | None
    junction: int | None
    junction_position: int | None
    conj_anchor: int | None
    conj_sibling: int | None
    compound: int | None
    compound_position: int | None
    direction: str | None
    unit_rank: int | None


assert ViewRecord._fields == VIEW_FIELDS  # noqa: S101 - the whitelist is the class


@dataclass(frozen=True)
class View:
    """One named view: the fields it shows and how order-bearing ones are cut."""

    name: str
    summary: str
    fields: frozenset[str]
    rank_punctuation: bool  # punctuation ranked together with the adjuncts on its side
    class_roles: frozenset[str] | None  # roles that keep position_class; None: every role
    compound_order: bool  # compound_position shown, rolemarker words in sentence order


_ORDER_FREE = frozenset({"id", "head", "word", "base", "cat", "cat0", "cat1", "tense", "pn", "role", "logicalrole",
                         "rolemarker", "grouptype", "junction", "compound"})
_ALL = frozenset(VIEW_FIELDS)
VIEWS: dict[str, View] = {v.name: v for v in (
    View("paper", "the paper's protocol: side for adjuncts and punctuation, adjunct ranks (no punctuation ranks), "
         "position classes for adverbial and particle only, compound prepositions unordered",
         _ALL - {"compound_position"}, False, frozenset({"adverbial", "particle"}), False),
    View("full", "RICHER than the paper: punctuation ranked with the adjuncts, position classes for every adjunct "
         "role, compound preposition order", _ALL, True, None, True),
    View("shallow", "Surface Realisation shared task: word, POS, head, role and order-free features; no side, "
         "ranks, position classes, subject position or conjunct positions", _ORDER_FREE, False, frozenset(), False),
    View("lemma", "shallow with base forms instead of words", _ORDER_FREE - {"word"}, False, frozenset(), False),
)}
DEFAULT_VIEW = "paper"


def get_view(view: View | str) -> View:
    if isinstance(view, View):
        return view
    if view not in VIEWS:
        raise ValueError(f"unknown view {view!r}; views: {', '.join(VIEWS)}")
    return VIEWS[view]


@dataclass(frozen=True)
class RegenerationView:
    """What a realizer gets: shuffled, renumbered records and the view's name."""

    records: tuple[ViewRecord, ...]
    name: str = DEFAULT_VIEW


@dataclass(frozen=True)
class ViewedSentence:
    """A view and the key back to sentence positions (for scoring only: a
    realizer is given `view`, never `position_of`)."""

    view: RegenerationView
    position_of: dict[int, int]  # new id -> 0-based position in the sentence

    @property
    def records(self) -> tuple[ViewRecord, ...]:
        return self.view.records


def initial_case_index(tokens: list[Token]) -> int | None:
    """Index of the first word if its capital is there only because it comes
    first: the first token that starts with a letter, capitalized, not a
    proper noun, not "I", not all capitals ("IBM"; a one-letter "A" is
    lowered), not a noun or adjective whose base the dictionary always
    capitalizes ("Americans", "Japanese")."""
    for i, t in enumerate(tokens):
        w = t.word
        if not w or not w[0].isalpha():
            continue
        if not w[0].isupper() or t.cat in PROPER_TAGS or w == "I" or w.startswith("I'"):
            return None
        letters = [c for c in w if c.isalpha()]
        if len(letters) > 1 and all(c.isupper() for c in letters):
            return None
        pos = DICTIONARY_CASED.get(t.cat)
        if pos is not None and always_capitalized(t.base or w, pos):
            return None
        return i
    return None


def lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def capitalize_first(words: list[str]) -> list[str]:
    """The realizer's side of the casing contract: capitalize the first
    word that starts with a letter ("`` the" -> "`` The")."""
    out = list(words)
    for i, w in enumerate(out):
        if w and w[0].isalpha():
            out[i] = w[0].upper() + w[1:]
            break
    return out


def make_view(sentence: Sentence, adjunct_roles: frozenset[str], seed: int | str,
              view: View | str = DEFAULT_VIEW) -> ViewedSentence:
    spec = get_view(view)
    tokens = sentence.tokens
    n = len(tokens)
    rng = random.Random(f"{seed}")
    new_ids = list(range(1, n + 1))
    rng.shuffle(new_ids)
    remap = {t.id: new_ids[i] for i, t in enumerate(tokens)}
    remap[0] = 0
    junctions = sorted({t.junction for t in tokens if t.junction is not None})
    compounds = sorted({t.compound for t in tokens if t.compound is not None})
    jmap = _shuffled_ids(junctions, rng)
    cmap = _shuffled_ids(compounds, rng)
    ranks = unit_ranks(sentence, adjunct_roles, spec.rank_punctuation)
    lowered = initial_case_index(tokens)
    first = tokens[lowered] if lowered is not None else None
    hidden = [k for k, f in enumerate(VIEW_FIELDS) if f not in spec.fields]
    records = []
    for i, t in enumerate(tokens):
        sided = t.role in adjunct_roles or t.role in PUNCT_ROLES
        word, base, rolemarker = t.word, t.base, t.rolemarker
        if i == lowered:
            word, base = lower_first(word), lower_first(base)
        if rolemarker is not None:
            rolemarker = _rolemarker(t, first, spec.compound_order)
        values = [  # in VIEW_FIELDS order
            remap[t.id], remap[t.head], word, base, t.cat, t.cat0, t.cat1, t.tense, t.pn, t.role, t.logicalrole,
            rolemarker, t.grouptype, t.subject_position,
            t.position_class if spec.class_roles is None or t.role in spec.class_roles else None,
            jmap.get(t.junction), t.junction_position,
            remap.get(t.conj_anchor) if t.conj_anchor else None,
            remap.get(t.conj_sibling) if t.conj_sibling else None,
            cmap.get(t.compound), t.compound_position,
            t.direction if sided else None, ranks.get(t.id) if sided else None,
        ]
        for k in hidden:
            values[k] = None
        records.append(ViewRecord._make(values))
    rng.shuffle(records)
    return ViewedSentence(RegenerationView(tuple(records), spec.name),
                          {remap[t.id]: i for i, t in enumerate(tokens)})


def _rolemarker(t: Token, first: Token | None, ordered: bool) -> str:
    """The words of t's rolemarker dependents ("In" of "In 1988 , ..."
    lowered if it is the sentence's first word), sorted when the view hides
    compound order."""
    words = t.rolemarker.split(" ")
    if first is not None and first.head == t.id and first.word in words:
        words[words.index(first.word)] = lower_first(first.word)
    return " ".join(words if ordered else sorted(words))


def _shuffled_ids(values: list[int], rng: random.Random) -> dict[int, int]:
    new = list(range(1, len(values) + 1))
    rng.shuffle(new)
    return dict(zip(values, new))


def unit_ranks(sentence: Sentence, adjunct_roles: frozenset[str], rank_punctuation: bool = True) -> dict[int, int]:
    """Rank of each adjunct (and, with rank_punctuation, each punctuation
    mark) among the items on the same side of the same head (a coordination
    counts as one item)."""
    ranked = adjunct_roles | PUNCT_ROLES if rank_punctuation else adjunct_roles
    units: dict[tuple[int, str | None], list[list[int]]] = {}
    groups: dict[tuple[int, int], list[int]] = {}
    for t in sorted(sentence.tokens, key=lambda t: t.ap):
        if t.role not in ranked:
            continue
        if t.junction is not None and (t.head, t.junction) in groups:
            groups[(t.head, t.junction)].append(t.id)
            continue
        item = [t.id]
        if t.junction is not None:
            groups[(t.head, t.junction)] = item
        units.setdefault((t.head, t.direction), []).append(item)
    ranks: dict[int, int] = {}
    for items in units.values():
        for rank, members in enumerate(items, 1):
            for m in members:
                ranks[m] = rank
    return ranks

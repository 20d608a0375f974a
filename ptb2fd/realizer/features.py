"""Ordering features of one head's phrase (paper 002's structural features).

An ordering of the units of a `HeadProblem` is scored as the sum of
feature weights, plus the language model (a separate real-valued feature,
`LM`). The features decompose over the search's steps, so the beam search
and the trainer count exactly the same features:

- pair (every unit before every later unit): labels of both, with the
  head's tag ("the NN's determiner before its withinmod"); with the head
  as one of the two this is the paper's "head, dependent and side"; whether
  the rules realizer puts them in this order (`s|<`), alone and with the
  two labels (how far to trust the rules for this pair); in a sentence with a
  "?" the label pair again (inversion: "is he", "did they");
- bigram (adjacent units, with START/END): labels and tags;
- sequence (the whole ordering): the head's tag and role with the ordered
  labels of its units ("VBD top: subject HEAD object rightpunc").

Example: "he [also] left" gives pair features such as
`p|VBD|subject|adverbial/after-subject` and `s|<` (the rules agree).
"""
from __future__ import annotations

from .units import HeadProblem

START, END = "<", ">"


def pair_features(p: HeadProblem, i: int, j: int) -> list[str]:
    """Unit i comes (somewhere) before unit j."""
    a, b = p.units[i], p.units[j]
    hc = p.head.cat
    feats = [f"p|{a.label}|{b.label}", f"pc|{hc}|{a.label}|{b.label}",
             "s|<" if a.slot < b.slot else "s|>", f"sr|{a.label}|{b.label}|{'<' if a.slot < b.slot else '>'}",
             f"w|{a.label}|{b.label}|{_weight(a, b)}"]
    if i == 0 or j == 0:
        dep, side = (b, "R") if i == 0 else (a, "L")
        feats.append(f"hl|{hc}|{dep.label}|{dep.lex}|{side}")
        feats.append(f"hc|{hc}|{dep.label}|{dep.cat}|{side}")
    else:
        feats.append(f"pt|{hc}|{a.cat}|{b.cat}")
    if p.question:
        feats.append(f"q|{p.head.cat}|{a.label}|{b.label}")
    return feats


def pair_key(p: HeadProblem, i: int, j: int) -> tuple:
    """Everything `pair_features` reads: equal keys give equal features."""
    a, b = p.units[i], p.units[j]
    lex = (b.lex if i == 0 else a.lex) if (i == 0 or j == 0) else None
    return (p.head.cat, a.label, b.label, a.cat, b.cat, a.slot < b.slot, _weight(a, b), i == 0, j == 0, lex,
            p.question)


def bigram_key(p: HeadProblem, i: int | None, j: int | None) -> tuple:
    """Everything `bigram_features` reads."""
    a = None if i is None else p.units[i]
    b = None if j is None else p.units[j]
    return (p.head.cat, a and (a.label, a.cat), b and (b.label, b.cat))


def _weight(a, b) -> str:
    """Which of two units is heavier (heavy phrases go last: "reward [with
    page bonuses] [advertisers who ...]")."""
    la, lb = len(a.words), len(b.words)
    if la > 2 * lb + 2:
        return "heavier"
    if lb > 2 * la + 2:
        return "lighter"
    return "alike"


def bigram_features(p: HeadProblem, i: int | None, j: int | None) -> list[str]:
    """Unit i immediately before unit j; None for the start or end of the phrase."""
    a = START if i is None else p.units[i].label
    b = END if j is None else p.units[j].label
    ac = START if i is None else p.units[i].cat
    bc = END if j is None else p.units[j].cat
    hc = p.head.cat
    return [f"b|{a}|{b}", f"bc|{hc}|{a}|{b}", f"bt|{ac}|{bc}"]


def sequence_features(p: HeadProblem, order: list[int]) -> list[str]:
    labels = ".".join(p.units[i].label for i in order)
    return [f"sq|{p.head.cat}|{p.head.role}|{labels}", f"sqs|{labels}"]


def order_features(p: HeadProblem, order: list[int]) -> list[str]:
    """Every feature of a complete ordering (the sum of the search's steps)."""
    feats: list[str] = []
    prev = None
    for k, j in enumerate(order):
        for i in order[:k]:
            feats.extend(pair_features(p, i, j))
        feats.extend(bigram_features(p, prev, j))
        prev = j
    feats.extend(bigram_features(p, prev, None))
    feats.extend(sequence_features(p, order))
    return feats

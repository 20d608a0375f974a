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
        hl = p.units[0].lex
        feats.append(f"hl|{hc}|{dep.label}|{dep.lex}|{side}")
        feats.append(f"hc|{hc}|{dep.label}|{dep.cat}|{side}")
        feats.append(f"hk|{hc}|{dep.kind}|{side}")
        feats.append(f"hw|{hl}|{dep.label}|{side}")
        feats.append(f"hwk|{hl}|{dep.kind}|{side}")
        feats.append(f"hs|{p.head.subject_position}|{dep.label}|{side}")
    else:
        feats.append(f"pt|{hc}|{a.cat}|{b.cat}")
        feats.append(f"pk|{hc}|{a.kind}|{b.kind}")
        feats.append(f"plx|{hc}|{a.label}|{a.lex}|{b.label}")
        feats.append(f"prx|{hc}|{a.label}|{b.label}|{b.lex}")
        feats.append(f"ps|{p.head.subject_position}|{a.label}|{b.label}")
    if p.question:
        feats.append(f"q|{p.head.cat}|{a.label}|{b.label}")
    return feats


def pair_key(p: HeadProblem, i: int, j: int) -> tuple:
    """Everything `pair_features` reads: equal keys give equal features."""
    a, b = p.units[i], p.units[j]
    return (p.head.cat, p.units[0].lex, a.label, b.label, a.cat, b.cat, a.kind, b.kind, a.lex, b.lex,
            a.slot < b.slot, _weight(a, b), i == 0, j == 0, p.question, p.head.subject_position)


def bigram_key(p: HeadProblem, i: int | None, j: int | None) -> tuple:
    """Everything `bigram_features` reads."""
    a = None if i is None else p.units[i]
    b = None if j is None else p.units[j]
    return (p.head.cat, a and (a.label, a.cat, a.edges[2:], a.words[-1].lower()),
            b and (b.label, b.cat, b.edges[:2], b.words[0].lower()))


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
    at2, at = (START, START) if i is None else p.units[i].edges[2:]
    bt, bt2 = (END, END) if j is None else p.units[j].edges[:2]
    aw = START if i is None else p.units[i].words[-1].lower()
    bw = END if j is None else p.units[j].words[0].lower()
    return [f"b|{a}|{b}", f"bc|{hc}|{a}|{b}", f"bt|{ac}|{bc}", f"be|{at}|{bt}", f"bec|{hc}|{at}|{bt}",
            f"bw|{aw}|{bw}", f"bwt|{aw}|{bt}", f"btw|{at}|{bw}", f"bl3|{at2}|{at}|{bt}", f"br3|{at}|{bt}|{bt2}"]


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

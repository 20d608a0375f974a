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

from ptb2fd.realizer.units import HeadProblem

START, END = "<", ">"


def _pair_structure(p: HeadProblem, i: int, j: int) -> list[str]:
    a, b = p.units[i], p.units[j]
    hc, sp = p.head.cat, p.head.subject_position
    order = "<" if a.slot < b.slot else ">"
    feats = [f"p|{a.label}|{b.label}", f"pc|{hc}|{a.label}|{b.label}", f"s|{order}",
             f"sr|{a.label}|{b.label}|{order}", f"w|{a.label}|{b.label}|{_weight(a, b)}"]
    if i == 0 or j == 0:
        dep, side = (b, "R") if i == 0 else (a, "L")
        feats += [f"hc|{hc}|{dep.label}|{dep.cat}|{side}", f"hs|{sp}|{dep.label}|{side}"]
    else:
        feats += [f"pt|{hc}|{a.cat}|{b.cat}", f"ps|{sp}|{a.label}|{b.label}"]
    if p.question:
        feats.append(f"q|{hc}|{a.label}|{b.label}")
    return feats


def _pair_structure_key(p: HeadProblem, i: int, j: int) -> tuple:
    a, b = p.units[i], p.units[j]
    return (p.head.cat, a.label, b.label, a.cat, b.cat, a.slot < b.slot, _weight(a, b), i == 0, j == 0,
            p.question, p.head.subject_position)


def _pair_words(p: HeadProblem, i: int, j: int) -> list[str]:
    a, b = p.units[i], p.units[j]
    hc = p.head.cat
    if i == 0 or j == 0:
        dep, side = (b, "R") if i == 0 else (a, "L")
        hl = p.units[0].lex
        return [f"hl|{hc}|{dep.label}|{dep.lex}|{side}", f"hk|{hc}|{dep.kind}|{side}", f"hw|{hl}|{dep.label}|{side}",
                f"hwk|{hl}|{dep.kind}|{side}"]
    return [f"pk|{hc}|{a.kind}|{b.kind}", f"plx|{hc}|{a.label}|{a.lex}|{b.label}",
            f"prx|{hc}|{a.label}|{b.label}|{b.lex}"]


def _pair_words_key(p: HeadProblem, i: int, j: int) -> tuple:
    a, b = p.units[i], p.units[j]
    return (p.head.cat, p.units[0].lex if i == 0 or j == 0 else None, a.label, b.label, a.kind, b.kind, a.lex,
            b.lex, i == 0, j == 0)


# Each part's features depend only on its key's fields, so a scorer can
# memoize each part's summed weight on its key: the structural part of a
# new sentence's pair was nearly always seen before, the lexical part often not.
PAIR_PARTS = ((_pair_structure_key, _pair_structure), (_pair_words_key, _pair_words))


def pair_features(p: HeadProblem, i: int, j: int) -> list[str]:
    """Unit i comes (somewhere) before unit j."""
    return [f for _, features in PAIR_PARTS for f in features(p, i, j)]


def _weight(a, b) -> str:
    """Which of two units is heavier (heavy phrases go last: "reward [with
    page bonuses] [advertisers who ...]")."""
    la, lb = len(a.words), len(b.words)
    if la > 2 * lb + 2:
        return "heavier"
    if lb > 2 * la + 2:
        return "lighter"
    return "alike"


def _ends(p: HeadProblem, i: int | None, j: int | None):
    """The tags and words on both sides of the boundary between unit i and unit j."""
    at2, at = (START, START) if i is None else p.units[i].edges[2:]
    bt, bt2 = (END, END) if j is None else p.units[j].edges[:2]
    aw = START if i is None else p.units[i].words[-1].lower()
    bw = END if j is None else p.units[j].words[0].lower()
    return at2, at, bt, bt2, aw, bw


def _bigram_structure(p: HeadProblem, i: int | None, j: int | None) -> list[str]:
    a, ac = (START, START) if i is None else (p.units[i].label, p.units[i].cat)
    b, bc = (END, END) if j is None else (p.units[j].label, p.units[j].cat)
    return [f"b|{a}|{b}", f"bc|{p.head.cat}|{a}|{b}", f"bt|{ac}|{bc}"]


def _bigram_structure_key(p: HeadProblem, i: int | None, j: int | None) -> tuple:
    a = None if i is None else p.units[i]
    b = None if j is None else p.units[j]
    return p.head.cat, a and (a.label, a.cat), b and (b.label, b.cat)


def _bigram_boundary(p: HeadProblem, i: int | None, j: int | None) -> list[str]:
    at2, at, bt, bt2, aw, bw = _ends(p, i, j)
    return [f"be|{at}|{bt}", f"bec|{p.head.cat}|{at}|{bt}", f"bl3|{at2}|{at}|{bt}", f"br3|{at}|{bt}|{bt2}",
            f"bw|{aw}|{bw}", f"bwt|{aw}|{bt}", f"btw|{at}|{bw}"]


def _bigram_boundary_key(p: HeadProblem, i: int | None, j: int | None) -> tuple:
    return (p.head.cat, *_ends(p, i, j))


BIGRAM_PARTS = ((_bigram_structure_key, _bigram_structure), (_bigram_boundary_key, _bigram_boundary))


def bigram_features(p: HeadProblem, i: int | None, j: int | None) -> list[str]:
    """Unit i immediately before unit j; None for the start or end of the phrase.
    Besides labels and tags of the two units, the boundary itself: the last
    tags and word of i and the first tags and word of j ("... unit] [in Boston"
    is NN then IN), a discriminative tag and word n-gram across units."""
    return [f for _, features in BIGRAM_PARTS for f in features(p, i, j)]


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

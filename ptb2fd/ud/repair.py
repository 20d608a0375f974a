"""Two last touches on the basic tree, after the relations are known.

- A function word heads nothing: UD's `case`, `mark`, `cc`, `det`, `aux`,
  `cop` are leaves (but for `fixed`, `conj` and `goeswith`
  dependents). A word that still hangs on one (a modifier ptb2fd attaches to
  a subordinator: "[just] because it rained", or a comma after "to") moves to the function word's
  head; so does a comma on a relative word (", [who] ...": to the clause).
- A full stop hangs on the root when ptb2fd hangs it on what follows.
- Punctuation is projective: a mark whose arc crosses another arc moves to
  the nearest word above one of its neighbours that it can reach without
  crossing (as udapi's ud.FixPunct does): "Vinken , 61 years old , will".
"""
from __future__ import annotations

FUNCTION_RELATIONS = frozenset({"case", "mark", "cc", "det", "aux", "aux:pass", "cop", "cc:preconj"})
LEAF_EXCEPTIONS = frozenset({"fixed", "conj", "goeswith"})


def promote_function_children(heads: list[int], rels: list[str], markers: list[bool]) -> None:
    """`markers`: the words that were ptb2fd rolemarkers; a relative word
    ("who" of ", who ...") is one, and punctuation on it moves up too."""
    for d in range(len(heads)):
        h, steps = heads[d], 0
        while h >= 0 and steps < len(heads) and rels[d] not in LEAF_EXCEPTIONS and (
                rels[h] in FUNCTION_RELATIONS or (rels[d] == "punct" and markers[h])):
            heads[d] = h = heads[h]
            steps += 1


def final_period_on_root(heads: list[int], rels: list[str], tags: list[str]) -> None:
    """A sentence's full stop hangs on the root, not on what follows it
    ("... of our species . [ 10 ]": not on "10")."""
    root = heads.index(-1) if -1 in heads else None
    for p, tag in enumerate(tags):
        if tag == "." and rels[p] == "punct" and root is not None and heads[p] > p and p not in heads:
            old, heads[p] = heads[p], root
            if _crosses(heads, p, root) or _punct_inside_crossing(heads, p):
                heads[p] = old


def _crosses(heads: list[int], a: int, b: int) -> bool:
    """Whether the arc between a and b crosses any arc of `heads`."""
    lo, hi = min(a, b), max(a, b)
    for d, h in enumerate(heads):
        if h < 0:
            continue
        l2, h2 = min(d, h), max(d, h)
        if (lo < l2 < hi < h2) or (l2 < lo < h2 < hi):
            return True
    return False


def _ancestors(heads: list[int], w: int) -> list[int]:
    out = []
    while w >= 0 and w not in out and len(out) <= len(heads):
        out.append(w)
        w = heads[w]
    return out


def _dominates(heads: list[int], a: int, d: int) -> bool:
    return a in _ancestors(heads, d)


def projective_punctuation(heads: list[int], rels: list[str]) -> None:
    n = len(heads)
    for p in range(n):
        if rels[p] != "punct" or heads[p] < 0 or p in heads:
            continue
        if not (_crosses(heads, p, heads[p]) or _punct_inside_crossing(heads, p)):
            continue
        candidates = (_ancestors(heads, p - 1) if p > 0 else []) + (_ancestors(heads, p + 1) if p + 1 < n else [])
        for c in sorted(set(candidates), key=lambda c: abs(c - p)):
            old, heads[p] = heads[p], c
            if not (_crosses(heads, p, c) or _punct_inside_crossing(heads, p)):
                break
            heads[p] = old


def _punct_inside_crossing(heads: list[int], p: int) -> bool:
    """The punct's head is not an ancestor of every word between them
    (UD's punct-causes-nonproj: the arc would make the tree non-projective)."""
    h = heads[p]
    lo, hi = min(p, h), max(p, h)
    return any(not _dominates(heads, h, w) for w in range(lo + 1, hi))

"""Syntactic complexity of a reference tree (paper 001, section 3.1, Table 1).

The tree is the reference dependency tree with punctuation removed, as in
the paper (section 4): a removed word's dependents move to its head, so
"( the firm , which …" keeps "which" under "firm". When the root itself is
punctuation (a punctuation-headed fragment), its leftmost remaining
dependent becomes the root and the others attach to it; the paper's UD
trees never have that case.

Positions are 1-based, heads 0 for the root. For the paper's Figure 1 tree,
"I enjoy my time at Franklin High School" (heads 2 0 4 2 8 8 8 4):

* depth 3 (the root has depth 0; "at" is three edges down),
* length 8 (number of nodes),
* mean dependency distance (|1|+|2|+|1|+|4|+|3|+|2|+|1|)/7 = 2,
* mean flux size (1+1+2+1+2+3+4)/7 = 2, mean flux weight 7/7 = 1,
* mean arity 7/8 = 0.875, projective.

The flux of the inter-word position (i, i+1) is the set of edges with one
end at or before i and the other at or after i+1 (Kahane, Yan & Botalla
2017); its size is its cardinality, its weight the largest set of its edges
sharing no node. The flux edges form a forest, so a bottom-up greedy
matching (match a node to its head when both are free, deepest first) is a
maximum one. Table 1's layout in the stored text lost the fraction bars
and swapped the MDD and flux sums; the figures above are recomputed from
the definitions. Mean dependency distance equals mean flux size by
construction: an edge of length d lies in exactly d fluxes and a tree of n
nodes has n-1 edges and n-1 inter-word positions.

Mean arity is (n-1)/n for every tree (each node but the root is one
dependent); it is kept because the paper's Table 2 reports it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

METRICS = ("depth", "length", "mdd", "mfs", "mfw", "arity")


@dataclass(frozen=True)
class Complexity:
    depth: int
    length: int
    mdd: float
    mfs: float
    mfw: float
    arity: float
    projective: bool


def strip_punctuation(heads: Sequence[int], is_punct: Sequence[bool]) -> tuple[list[int], list[int]]:
    """Heads of the punctuation-free tree, and the kept 0-based positions.

    The new heads are 1-based positions in the kept words (0 for the root).
    """
    kept = [i for i, p in enumerate(is_punct) if not p]
    new_pos = {old: new for new, old in enumerate(kept, start=1)}

    def kept_ancestor(i: int) -> int:  # 0-based position of the nearest kept ancestor, -1 at the top
        h = heads[i] - 1
        seen = 0
        while h >= 0 and is_punct[h]:
            h = heads[h] - 1
            seen += 1
            if seen > len(heads):
                raise ValueError("heads do not form a tree")
        return h

    new_heads = [new_pos[a] if (a := kept_ancestor(i)) >= 0 else 0 for i in kept]
    roots = [k for k, h in enumerate(new_heads) if h == 0]
    for k in roots[1:]:  # punctuation root: the leftmost orphan heads the others
        new_heads[k] = roots[0] + 1
    return new_heads, kept


def depths(heads: Sequence[int]) -> list[int]:
    """Depth of every node (root 0)."""
    out = [-1] * len(heads)
    for i in range(len(heads)):
        chain = []
        j = i
        while j >= 0 and out[j] < 0:
            chain.append(j)
            j = heads[j] - 1
            if len(chain) > len(heads):
                raise ValueError("heads do not form a tree")
        d = out[j] if j >= 0 else -1
        for k in reversed(chain):
            d += 1
            out[k] = d
    return out


def flux(heads: Sequence[int]) -> tuple[list[int], list[int]]:
    """Flux size and flux weight at each of the n-1 inter-word positions."""
    n = len(heads)
    depth = depths(heads)
    edges = sorted(((h, d) for d, h in enumerate(heads, start=1) if h), key=lambda e: -depth[e[1] - 1])
    sizes, weights = [], []
    for i in range(1, n):
        crossing = [(h, d) for h, d in edges if min(h, d) <= i < max(h, d)]
        matched: set[int] = set()
        for h, d in crossing:  # deepest dependent first: a leaf of the flux forest
            if h not in matched and d not in matched:
                matched.update((h, d))
        sizes.append(len(crossing))
        weights.append(len(matched) // 2)
    return sizes, weights


def is_projective(heads: Sequence[int]) -> bool:
    """True when every word between a head and its dependent is dominated by that head."""
    for d, h in enumerate(heads, start=1):
        if not h:
            continue
        for k in range(min(h, d) + 1, max(h, d)):
            a = k
            while a and a != h:
                a = heads[a - 1]
            if a != h:
                return False
    return True


def complexity(heads: Sequence[int]) -> Complexity | None:
    """The Table 1 metrics of a tree (1-based heads); None for an empty tree."""
    n = len(heads)
    if not n:
        return None
    distances = [abs(h - d) for d, h in enumerate(heads, start=1) if h]
    sizes, weights = flux(heads)
    children = n - 1
    return Complexity(
        depth=max(depths(heads)), length=n,
        mdd=sum(distances) / len(distances) if distances else 0.0,
        mfs=sum(sizes) / len(sizes) if sizes else 0.0,
        mfw=sum(weights) / len(weights) if weights else 0.0,
        arity=children / n, projective=is_projective(heads))

"""Tree metrics: string metrics per treelet, and dependency edge accuracy.

A treelet is a head with its dependents. Simple and generation tree
accuracy (Bangalore, Rambow & Whittaker 2000, section 3.2) are the string
counts of `string_metrics` computed per treelet and summed, with R the
sentence length, as in the paper's Table 1. In its example, "There was no
cost estimate for the second phase" realized as "There was estimate for
phase the second no cost", only the treelet of "estimate" and the one of
"phase" are out of order.

Dependency edge accuracy (Shimorina, Parmentier & Gardent 2021, section
3.2) asks, for every reference edge, whether head and dependent appear at
the same signed distance in the output.

Known limits: tokens are identified by index, so an output that swaps two
identical words keeps every treelet string but may lose edges; an output
word matched to no reference token (index -1) is in no treelet and no edge.
"""
from __future__ import annotations

from typing import Sequence

from ptb2fd.regen.string_metrics import Counts, string_counts

__all__ = ["treelets", "tree_counts", "edge_accuracy"]


def treelets(words: Sequence[str], heads: Sequence[int], order: Sequence[int],
             out_words: Sequence[str] | None = None) -> list[tuple[list[str], list[str]]]:
    """(reference string, output string) of every treelet, i.e. every word with dependents.

    A treelet is a head with its dependents. Its reference string is their
    words in reference order; its output string is the words of the output
    tokens that belong to it, in output order (a dropped token is missing
    from it, a repeated one appears twice). Membership is by index: if two
    identical words swap places the string is unchanged, but each treelet
    sees its own token in its new place. Treelets are listed by head index.
    With ``out_words`` (the realizer's own spelling, one per output
    position), the output strings use those words; an output position whose
    index is -1 (a word matched to no reference token) is in no treelet.
    """
    members: dict[int, list[int]] = {}
    for dep, head in enumerate(heads):
        if head >= 0:
            members.setdefault(head, [head]).append(dep)
    outputs: dict[int, list[str]] = {head: [] for head in members}
    for p, k in enumerate(order):
        if k < 0:
            continue
        word = words[k] if out_words is None else out_words[p]
        for head in (k, heads[k]):
            if head in outputs:
                outputs[head].append(word)
    return [([words[k] for k in sorted(members[head])], outputs[head]) for head in sorted(members)]


def tree_counts(words: Sequence[str], heads: Sequence[int], order: Sequence[int],
                out_words: Sequence[str] | None = None) -> Counts:
    """`string_counts` of every treelet, summed, with R = len(words).

    ``simple_accuracy()`` is simple tree accuracy, STA = 1 - (I + D + S) / R,
    and ``generation_accuracy()`` generation tree accuracy,
    GTA = 1 - (M + I' + D' + S) / R, with I, D, S, M summed over the treelets.
    R is the sentence length, not the total treelet size (Table 1 of the
    paper divides by 9 for its 9-word sentence).
    """
    total = Counts()
    for ref, out in treelets(words, heads, order, out_words):
        total += string_counts(ref, out)
    return Counts(total.ins, total.dels, total.subs, total.moves, ref_len=len(words))


def edge_accuracy(heads: Sequence[int], order: Sequence[int]) -> tuple[int, int]:
    """(edges found, reference edges) for dependency edge accuracy.

    A reference edge is (h, d, d - h) for each dependent d of head h: the
    signed distance in the reference. It is found if the output has h at some
    position p and d at position p + (d - h). Tokens are identified by index,
    not by string. DEA = found / edges.
    """
    at = {(k, p) for p, k in enumerate(order)}
    positions: dict[int, list[int]] = {}
    for p, k in enumerate(order):
        positions.setdefault(k, []).append(p)
    edges = found = 0
    for dep, head in enumerate(heads):
        if head < 0:
            continue
        edges += 1
        if any((dep, p + dep - head) in at for p in positions.get(head, ())):
            found += 1
    return found, edges

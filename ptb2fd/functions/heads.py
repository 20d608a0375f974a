"""Head children for the function-tag model's features (heads.yaml).

A phrase's head child is chosen from its category and its children's
categories alone (preterminals by their tag), so each such pattern is
worked out once and kept: "(NP (DT the) (NN company))" -> 1 for every NP
over DT NN. The table travels in the model file, so a model computes its
features as it did when it was trained, whatever ptb2fd's own head rules
(rules/heads.yaml) become.

Known failure: a VP's head is its first verb-phrase child, else its first
verb: "(VP (VBD was) (VP sold))" -> the inner VP, as ptb2fd's head rules
have it, but "(VP (VBZ is) (NP a problem))" -> "is".
"""
from __future__ import annotations

from pathlib import Path

from ptb2fd.trees.ptbtree import Node


def load_head_table(path: str | Path | None = None) -> dict:
    import yaml

    path = Path(path) if path is not None else Path(__file__).resolve().parent / "heads.yaml"
    return yaml.safe_load(path.read_text(encoding="utf-8"))


class HeadTable:
    """`head_child(node)`: the index of the head child of a phrase."""

    def __init__(self, table: dict):
        self.table = table
        self.rules = {str(cat): (spec["direction"] == "left", tuple(map(str, spec["priority"])))
                      for cat, spec in table["labels"].items()}
        self.punctuation = frozenset(map(str, table["punctuation"]))
        # category -> (leftward, {wanted category: its place in the priority list})
        self._ranks = {cat: (leftward, {want: r for r, want in reversed(list(enumerate(priority)))})
                       for cat, (leftward, priority) in self.rules.items()}
        self._memo: dict[tuple, int] = {}

    def head_child(self, node: Node) -> int:
        kids = node.children
        if len(kids) == 1:
            return 0
        cats = tuple([k.tag if k.word is not None else k.label.cat for k in kids])
        key = (node.label.cat, cats)
        found = self._memo.get(key)
        if found is None:
            if len(self._memo) > 100_000:
                self._memo.clear()
            found = self._memo[key] = self._search(node.label.cat, cats)
        return found

    def _search(self, cat: str, cats: tuple[str, ...]) -> int:
        """The child of the first category in the priority list that is
        there (the first such child in the rule's direction); else the
        first child that is no punctuation, else the first."""
        leftward, ranks = self._ranks.get(cat, (True, {}))
        order = range(len(cats)) if leftward else range(len(cats) - 1, -1, -1)
        best, best_rank = -1, len(ranks)
        for i in order:
            r = ranks.get(cats[i], best_rank)
            if r < best_rank:
                best, best_rank = i, r
        if best >= 0:
            return best
        for i in order:
            if cats[i] not in self.punctuation:
                return i
        return order[0]

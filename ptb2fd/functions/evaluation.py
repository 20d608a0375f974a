"""Function-tag precision, recall and F1 of a model on gold trees.

Each gold tree is stripped as a parser gives it (ptb2fd.trees.strip), the
model predicts the tags of its phrases, and each (phrase, tag) predicted is
compared with the tags the gold phrase carried: "PP-LOC-CLR" is two tags.
Counted over all tags, and over two groups of Blaheta & Charniak (2000):
`syntactic` (DTV, LGS, NOM, PRD, PUT, SBJ, TPC, VOC) and `semantic` (ADV,
BNF, DIR, EXT, LOC, MNR, PRP, TMP); CLR, HLN, TTL count in `all` only.
The trees are gold parses: the figure is function tagging on a perfect
parse, not on a parser's output.
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable

from ptb2fd.trees.ptbtree import Node
from ptb2fd.trees.strip import strip_pairs

SYNTACTIC = frozenset({"DTV", "LGS", "NOM", "PRD", "PUT", "SBJ", "TPC", "VOC"})
SEMANTIC = frozenset({"ADV", "BNF", "DIR", "EXT", "LOC", "MNR", "PRP", "TMP"})
GROUPS = (("all", None), ("syntactic", SYNTACTIC), ("semantic", SEMANTIC))


class TagScore:
    """Counts of predicted, gold and correct tags, per group."""

    def __init__(self):
        self.predicted: Counter = Counter()
        self.gold: Counter = Counter()
        self.correct: Counter = Counter()
        self.trees = 0

    def add(self, gold_tree: Node, tagger) -> None:
        stripped, pairs = strip_pairs(gold_tree)
        if stripped is None:
            return
        self.trees += 1
        predicted = tagger.predict(stripped)
        for node, label in pairs:
            if node.word is not None:
                continue
            want = set(label.ftags)
            got = set(predicted.get(id(node), ()))
            for group, members in GROUPS:
                w = want if members is None else want & members
                g = got if members is None else got & members
                self.gold[group] += len(w)
                self.predicted[group] += len(g)
                self.correct[group] += len(w & g)

    def to_dict(self) -> dict:
        out = {"trees": self.trees}
        for group, _ in GROUPS:
            p = self.correct[group] / self.predicted[group] if self.predicted[group] else 0.0
            r = self.correct[group] / self.gold[group] if self.gold[group] else 0.0
            out[group] = {"precision": p, "recall": r, "f1": 2 * p * r / (p + r) if p + r else 0.0,
                          "gold": self.gold[group], "predicted": self.predicted[group],
                          "correct": self.correct[group]}
        return out


def score_trees(trees: Iterable[Node], tagger) -> dict:
    score = TagScore()
    for tree in trees:
        score.add(tree, tagger)
    return score.to_dict()

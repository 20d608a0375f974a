"""The features of one phrase for the function-tag model (Blaheta & Charniak 2000).

A phrase is described by what a parser's tree shows of it: its category,
its head word and tag, its first word (the preposition of a PP, the
complementizer of an SBAR), its parent, grandparent and the parent's head
word and tag, its neighbours, its side of the parent's head, and word
classes of its head word (temporal nouns, years). In "(S (NP Prices) (VP
(VBD rose) (PP (IN in) (NP September))))" the PP has category PP, head
"september" (a PP's complement heads it, as in heads.yaml), first word
"in", parent VP headed by "rose", side R, and head class `temporal`:
evidence for -TMP.

`TreeFeatures.of(tree)` lists the phrases of a tree (every constituent
below the top one but the preterminals, and only those the gate and the
skip list let through) with their features, tuples of a template name and fields:
("cp", "PP", "VP") is the first, whose category and parent are the gate's
key. Head children come from the model's own head table (heads.py).

Known failure: the features see one phrase at a time; two phrases that
compete for one tag (two NP-SBJ candidates) are decided independently.
"""
from __future__ import annotations

from typing import Callable

from ptb2fd.functions.lexnames import lexname
from ptb2fd.trees.ptbtree import Node

WRAPPERS = frozenset({"", "ROOT", "TOP", "S1"})


def word_class(word: str, tag: str, classes: dict[str, frozenset[str]]) -> str:
    """The lexical class of a head word: for a noun, adverb or adjective a
    class of the model's word lists ("temporal" for "september"), "year"
    for a CD like "1989", else its tag."""
    w = word.lower()
    if tag[:1] in ("N", "R", "J"):
        for name, words in classes.items():
            if w in words:
                return name
    if tag == "CD" and len(w) == 4 and w.isdigit() and w[:2] in ("19", "20"):
        return "year"
    return tag


class TreeFeatures:
    """Feature strings of every phrase of a tree, for training and prediction."""

    def __init__(self, head_child: Callable[[Node], int], classes: dict[str, frozenset[str]],
                 gate: frozenset[tuple[str, str]] | None = None,
                 skip: frozenset[tuple[str, str, str, str]] = frozenset(), rich: bool = False):
        self.head_child = head_child
        self.rich = rich  # the WordNet, length, place and sibling features (models of feature set 2)
        # (category, parent, the parent's first word, side) of phrases that
        # never carried a tag though often seen: "(PP of (NP ...))"'s NP
        self.skip = skip
        self.classes = classes
        # (category, parent category) of the phrases that may carry a tag;
        # None: all. A VP never does, nor a clause inside an SBAR.
        self.gate = gate
        self._class_memo: dict[tuple[str, str], str] = {}
        # the same, looked up once per parent: parent -> categories; (parent,
        # its first word) -> (category, side) pairs skipped
        self._gate_by_parent: dict[str, frozenset[str]] | None = None
        if gate is not None:
            by_parent: dict[str, set[str]] = {}
            for c, p in gate:
                by_parent.setdefault(p, set()).add(c)
            self._gate_by_parent = {p: frozenset(cs) for p, cs in by_parent.items()}
        skip_by: dict[tuple[str, str], set[tuple[str, str]]] = {}
        for c, p, pfw, side in skip:
            skip_by.setdefault((p, pfw), set()).add((c, side))
        self._skip_by_parent = {k: frozenset(v) for k, v in skip_by.items()}

    def _class(self, word: str, tag: str) -> str:
        key = (word, tag)
        c = self._class_memo.get(key)
        if c is None:
            if len(self._class_memo) > 200_000:
                self._class_memo.clear()
            c = self._class_memo[key] = word_class(word, tag, self.classes)
        return c

    def of(self, tree: Node) -> list[tuple[Node, list[tuple[str, ...]]]]:
        """(phrase, features) for each phrase of `tree`, pre-order. A feature
        is a tuple: its template's name, then the fields it joins."""
        return [(node, structure_features(skey) + tag_features(tkey) + words)
                for node, skey, tkey, words in self.phrases(tree)]

    def phrases(self, tree: Node) -> list[tuple[Node, tuple, tuple, list[tuple[str, ...]]]]:
        """For each phrase of `tree`, pre-order: the keys of its structural
        features and of its features on tags and first words (which repeat
        from phrase to phrase: a tagger keeps what each key gave, see
        `structure_features` and `tag_features`), and its other features."""
        out: list = []
        self.walk(tree, lambda *phrase: out.append(phrase))
        return out

    def walk(self, tree: Node, emit: Callable[[Node, tuple, tuple, list], None]) -> None:
        """`emit(phrase, structural key, tag key, other features)` for each
        phrase of `tree`, pre-order (`phrases`); a tagger turns them into
        rows at once, so that the features of a tree are not all held."""
        top = tree
        while top.word is None and top.label.raw in WRAPPERS and len(top.children) == 1 \
                and top.children[0].word is None:
            top = top.children[0]
        if top.word is not None:
            return
        # id(phrase) -> (head child, head word, its tag, first word, words)
        info: dict[int, tuple[int, str, str, str, int]] = {}
        head_child = self.head_child
        rich = self.rich

        def up(node: Node) -> None:
            # children first: a phrase's head word is its head child's
            kids = node.children
            for k in kids:
                if k.word is None:
                    up(k)
            h = head_child(node)
            head = kids[h]
            if head.word is not None:
                hw, ht = head.word.lower(), head.tag
            else:
                _, hw, ht, _, _ = info[id(head)]
            first = kids[0]
            fw = first.word.lower() if first.word is not None else info[id(first)][3]
            n = sum(1 if k.word is not None else info[id(k)][4] for k in kids) if rich else 0
            info[id(node)] = (h, hw, ht, fw, n)

        up(top)
        gate_by_parent, skip_by_parent = self._gate_by_parent, self._skip_by_parent
        word_class = self._class
        no_skip: frozenset = frozenset()

        def down(parent: Node, p: str, gcat: str, gt: str) -> None:
            ph, pw, pt, pfw, _ = info[id(parent)]
            sibs = parent.children
            last = len(sibs) - 1
            gate_here = gate_by_parent.get(p, no_skip) if gate_by_parent is not None else None
            skip_here = skip_by_parent.get((p, pfw), no_skip) if skip_by_parent else no_skip
            for i, node in enumerate(sibs):
                if node.word is not None:
                    continue
                c = node.label.cat
                side = "H" if i == ph else ("L" if i < ph else "R")
                if (gate_here is None or c in gate_here) and (not skip_here or (c, side) not in skip_here):
                    h, hw, ht, fw, n = info[id(node)]
                    hclass = word_class(hw, ht)
                    # Chosen on held-out dev (wsj_0080-0099, trained on
                    # wsj_0001-0079): category, parent, head and first word,
                    # their classes, the parent's head; more (children,
                    # distances, tags alone, lemmas, WordNet classes) did not
                    # move the role figure.
                    words = [
                        ("chw", c, hw), ("chc", c, hclass), ("cphc", c, p, side, hclass),
                        ("cfw", c, fw), ("cfwhw", c, fw, hw), ("cfwhc", c, fw, hclass),
                        ("cppw", c, p, pw), ("cppwf", c, p, pw, fw),
                    ]
                    if rich:
                        # WordNet classes of the head noun and of the parent's
                        # verb ("in [quarter]": noun.time; "[rose] to": verb.motion),
                        # the phrase's length and its head's place, the parent's
                        # children in order with this one marked
                        noun = lexname(hw, "n") if ht[:2] == "NN" and ht[:3] != "NNP" else ht[:3]
                        verb = lexname(pw, "v") if pt[:2] == "VB" else pt
                        words += [("clex", c, noun), ("cfwlex", c, fw, noun), ("cpvlex", c, p, verb, fw),
                                  ("cpvlexn", c, verb, noun), ("clen", c, _bucket(n)), ("chpos", c, _bucket(h)),
                                  # joined by "+", not a space: the model file
                                  # writes a feature's parts joined by spaces
                                  ("cpseq", c, p, "+".join(_cat(k) if k is not node else f"[{c}]" for k in sibs))]
                    if i:
                        k = sibs[i - 1]
                        left = k.label.cat if k.word is None else k.tag
                    else:
                        left = "<"
                    if i < last:
                        k = sibs[i + 1]
                        right = k.label.cat if k.word is None else k.tag
                    else:
                        right = ">"
                    emit(node, (c, p, gcat, side, left, right), (c, p, pt, fw, pfw, side, gt), words)
                down(node, c, p, pt)

        down(top, top.label.cat, "^", "^")


def structure_features(key: tuple) -> list[tuple[str, ...]]:
    """Category and parent ("cp" first: the gate's key), grandparent, side, neighbours."""
    c, p, gcat, side, left, right = key
    return [("cp", c, p), ("cpg", c, p, gcat), ("cps", c, p, side), ("cpsl", c, p, side, left),
            ("cpsr", c, p, side, right)]


def tag_features(key: tuple) -> list[tuple[str, ...]]:
    c, p, pt, fw, pfw, side, gt = key
    # the NP of "(PP by (NP the company))" after a participle: -LGS
    return [("cpptf", c, p, pt, fw), ("cpf", c, p, pfw, side), ("cpfg", c, p, pfw, gt)]


def _bucket(n: int) -> str:
    return str(n) if n < 4 else ("4-7" if n < 8 else "8+")


def _cat(node: Node) -> str:
    return node.label.cat if node.word is None else node.tag

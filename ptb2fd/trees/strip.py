"""Parser-style trees from gold ones: what a constituency parser would give.

A parser (Berkeley, Stanford, benepar and their kind) outputs bare
categories: no function tags, no co-indices, no empty elements. `strip`
removes from a gold tree, building new nodes where anything changes (the
input is not touched):
- function tags and indices: "NP-SBJ-1" -> "NP", "PP-LOC=2" -> "PP",
  "ADVP|PRT" -> "ADVP" (the first of two undecided categories);
- `-NONE-` leaves ("(NP-SBJ (-NONE- *-1))"), and every constituent they
  leave empty ("(S (NP-SBJ (-NONE- *)) (VP ...))" -> "(S (VP ...))").
Categories that look like tags ("-LRB-", "-NONE-") are whole categories and
kept. The top wrapper is kept as it is ("( (S ...) )", "(ROOT (S ...))").

`render` writes a tree back as one line of bracketed text that
`parse_tree` reads to the same words ("(" inside a word written "\\(").

Known failure: a parser's own mistakes (attachment, labels) are not
imitated; the stripped tree has gold brackets.
"""
from __future__ import annotations

from ptb2fd.trees.ptbtree import Label, Node, parse_label

NULL_TAGS = frozenset({"-NONE-"})


def bare_label(label: Label, keep_tags: bool = False) -> Label:
    """The label without function tags (unless `keep_tags`), index and gap index."""
    key = (label.raw, keep_tags)
    bare = _BARE.get(key)
    if bare is None:
        tags = label.ftags if keep_tags else ()
        raw = "-".join((label.cat, *tags))
        bare = None if raw == label.raw else parse_label(raw)  # None: the label as it is
        if len(_BARE) < 100_000:
            _BARE[key] = bare
    return label if bare is None else bare


_BARE: dict[tuple[str, bool], Label | None] = {}  # (raw label, keep tags) -> its bare label


def strip(node: Node, null_tags: frozenset[str] = NULL_TAGS, keep_tags: bool = False) -> Node | None:
    """The parser-style version of `node`; None when nothing but empty
    elements is in it. With `keep_tags`, function tags stay (only empty
    elements and indices go). Words, and phrases stripping leaves as they
    are, are shared with `node` (nodes are never changed), so stripping a
    tree that is parser output already returns it."""
    if node.word is not None:
        return None if node.tag in null_tags else node
    return _strip_phrase(node, null_tags, keep_tags)


def _strip_phrase(node: Node, null_tags: frozenset[str], keep_tags: bool) -> Node | None:
    kids = node.children
    if not kids:
        return None
    new = None  # the children so far, once one of them changed
    for i, child in enumerate(kids):
        if child.word is not None:
            kept = None if child.tag in null_tags else child
        else:
            kept = _strip_phrase(child, null_tags, keep_tags)
        if kept is not child:
            if new is None:
                new = list(kids[:i])
            if kept is not None:
                new.append(kept)
        elif new is not None:
            new.append(child)
    label = node.label
    # a label that is its bare category ("NP", and the wrappers "", "ROOT",
    # "TOP", which are kept as the input has them) stays
    if label.raw != label.cat:
        label = bare_label(label, keep_tags)
    if new is None:
        return node if label is node.label else Node(label, kids)
    return Node(label, tuple(new)) if new else None


def strip_pairs(node: Node, null_tags: frozenset[str] = NULL_TAGS) -> tuple[Node | None, list[tuple[Node, Label]]]:
    """`strip(node)` and, for each phrase of the stripped tree, the gold
    label it came from (to train the function-tag model on)."""
    pairs: list[tuple[Node, Label]] = []

    def build(n: Node) -> Node | None:
        if n.word is not None:
            return None if n.tag in null_tags else n
        kept = [k for k in (build(c) for c in n.children) if k is not None]
        if not kept:
            return None
        top = n.label.raw in ("", "ROOT", "TOP")
        new = Node(n.label if top else bare_label(n.label), tuple(kept))
        pairs.append((new, n.label))
        return new

    return build(node), pairs


def _escape(word: str) -> str:
    return word.replace("(", "\\(").replace(")", "\\)") if ("(" in word or ")" in word) else word


def render(node: Node) -> str:
    """One line of bracketed text (iterative: deep trees are fine)."""
    out: list[str] = []
    stack: list = [node]
    while stack:
        item = stack.pop()
        if item.__class__ is str:
            out.append(item)
        elif item.word is not None:
            out.append(f"({item.tag} {_escape(item.word)})")
        else:
            out.append(f"({item.label.raw} " if item.label.raw else "( ")
            stack.append(")")
            for k, child in enumerate(reversed(item.children)):
                stack.append(child)
                if k < len(item.children) - 1:
                    stack.append(" ")
    return "".join(out)

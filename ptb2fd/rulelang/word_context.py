"""What a `when` condition can ask about one word: `WordContext`.

A word is seen through its maximal projection (the constituent it heads
that attaches to its head word), that projection's parent, and its head
word. Facts that cost a walk over the tree (the projection's non-punctuation
siblings, the first verb after it, the chain of constituents the word
heads, the side of the clause's subject) are computed on first use and
kept, so a rule that fails on a cheap test never pays for them.

Example: in "(S (NP-SBJ Prices) (VP (VBP have) (VP (VBN risen))))" the
auxiliary "have" depends on "risen"; its context has the VBP preterminal as
projection, the outer VP as parent, VBN as next verb, and subject side
"none" (the NP-SBJ is not a sibling of its projection).

Known limits: the subject is found among the projection's siblings only
(an -SBJ constituent elsewhere in the clause is not seen); `next_verb`
follows VP, SQ and SINV chains only, so a verb inside a fragment or a
coordinated UCP is missed.
"""
from __future__ import annotations

from typing import Callable

from ptb2fd.trees.ptbtree import Node


class cached_property:  # noqa: N801 - used as a decorator, like functools'
    """functools.cached_property without its lock (Python 3.11 takes an
    RLock on every first access; a WordContext lives in one thread)."""

    def __init__(self, func):
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)
        return value


class WordContext:
    """Everything the condition vocabulary can ask about one word."""

    __slots__ = ("t", "parse", "node", "proj", "parent", "head", "__dict__")

    def __init__(self, t: int, parse, is_punct: Callable[[Node], bool], be_words: frozenset[str]):
        deps = parse.deps
        self.t = t
        self.parse = parse
        self.node: Node = parse.words[t]
        self.proj: Node = deps.attach[t]
        self.parent: Node | None = deps.parent[t]
        self.head: int = deps.head[t]
        self._is_punct = is_punct
        self._be = be_words

    @cached_property
    def siblings(self) -> tuple[list[Node], int]:
        """Non-punctuation siblings of the projection, and its index among them."""
        kids = [c for c in self.parent.children if c is self.proj or not (c.word is not None and self._is_punct(c))]
        return kids, next(i for i, c in enumerate(kids) if c is self.proj)

    @cached_property
    def next_verb(self) -> str | None:
        """POS tag of the first verb after the projection within its parent:
        "(VP (VBZ has) (VP (VBN risen)))" gives VBN for "has"."""
        kids = self.parent.children
        i = next(i for i, c in enumerate(kids) if c is self.proj)
        # After the POS corrections, their tags: "did n't elaborate/JJ>VB".
        tags = getattr(self.parse, "tags", None)
        for c in kids[i + 1:]:
            tag = _first_verb(c, tags)
            if tag is not None:
                return tag
        return None

    @cached_property
    def chain(self) -> list[Node]:
        """The constituents this word heads, from its preterminal upwards."""
        parse = self.parse
        out = [self.node]
        node = self.node
        while True:
            up = parse.deps.parent_of.get(id(node))
            if up is None or up.children[parse.heads[id(up)]] is not node:
                return out
            out.append(up)
            node = up

    @cached_property
    def subject(self) -> str:
        kids = self.parent.children
        i = next(i for i, c in enumerate(kids) if c is self.proj)
        for j, c in enumerate(kids):
            if j != i and c.word is None and "SBJ" in c.label.ftags:
                return "before" if j < i else "after"
        return "none"


def _first_verb(node: Node, tags: list[str] | None = None) -> str | None:
    """The tag of the first verb or infinitival "to" in a VP-like constituent
    (the corrected tag when `tags` is given)."""
    while True:
        if node.word is not None:
            tag = tags[node.start] if tags else node.tag
            return tag if tag.startswith("VB") or tag in ("MD", "TO") else None
        if node.label.cat not in ("VP", "SQ", "SINV"):
            return None
        for child in node.children:
            if child.word is not None:
                tag = tags[child.start] if tags else child.tag
                if tag.startswith("VB") or tag in ("MD", "TO"):
                    return tag
            elif child.label.cat == "VP":
                node = child
                break
        else:
            return None

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
    def family(self) -> "Family":
        """What the words under this word's parent share (computed once per parent)."""
        return family_of(self.parse, self.parent, self._is_punct)

    @cached_property
    def index(self) -> int:
        """The projection's index among its parent's children."""
        return self.family.index[id(self.proj)]

    @cached_property
    def siblings(self) -> tuple[list[Node], int]:
        """Non-punctuation siblings of the projection, and its index among them."""
        fam, proj = self.family, self.proj
        if proj.word is not None and self._is_punct(proj):  # the projection is kept among them
            kids = [c for c in fam.kids if c is proj or not (c.word is not None and self._is_punct(c))]
            return kids, next(i for i, c in enumerate(kids) if c is proj)
        return fam.content, fam.content_index[id(proj)]

    @cached_property
    def next_verb(self) -> str | None:
        """POS tag of the first verb after the projection within its parent:
        "(VP (VBZ has) (VP (VBN risen)))" gives VBN for "has"."""
        # After the POS corrections, their tags: "did n't elaborate/JJ>VB".
        return self.family.next_verbs(getattr(self.parse, "tags", None))[self.index]

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
        """Where the first -SBJ sibling of the projection is: before, after or none."""
        subjects = self.family.subjects
        if not subjects:
            return "none"  # most parents (an NP, a PP) have none: no need to place the projection
        i = self.index
        for j in subjects:
            if j != i:
                return "before" if j < i else "after"
        return "none"


class Family:
    """The children of one constituent, indexed once for all the words that
    attach under it, so that asking a word's siblings, subject side or next
    verb costs no walk over them: in a flat 8,000-word NP each of those
    walks made conversion quadratic in the sentence length.

    `index` maps id(child) to its position (the children are kept, so the
    ids stay theirs); `content` are the children that are not punctuation
    words and `content_index` their positions there (these three are worked
    out on first use: the rules that read only `subjects` are asked of
    every modifier of every NP); `subjects` the positions of the phrasal
    -SBJ children.
    """

    __slots__ = ("node", "kids", "_is_punct", "_index", "_content", "_content_index", "subjects", "_next_verbs")

    def __init__(self, node: Node, is_punct: Callable[[Node], bool]):
        self.node = node
        self.kids = kids = node.children
        self._is_punct = is_punct
        self._index: dict[int, int] | None = None
        self._content: list[Node] | None = None
        self._content_index: dict[int, int] | None = None
        self.subjects = [j for j, c in enumerate(kids) if c.word is None and "SBJ" in c.label.ftags]
        self._next_verbs: tuple = (None, None)

    @property
    def index(self) -> dict[int, int]:
        if self._index is None:
            self._index = {id(c): i for i, c in enumerate(self.kids)}
        return self._index

    @property
    def content(self) -> list[Node]:
        if self._content is None:
            is_punct = self._is_punct
            self._content = [c for c in self.kids if not (c.word is not None and is_punct(c))]
        return self._content

    @property
    def content_index(self) -> dict[int, int]:
        if self._content_index is None:
            self._content_index = {id(c): i for i, c in enumerate(self.content)}
        return self._content_index

    def next_verbs(self, tags: list[str] | None) -> list[str | None]:
        """For each child, the tag of the first verb in the children after it
        (read with `tags`, the corrected tags, where given)."""
        seen, out = self._next_verbs
        if out is None or seen is not tags:
            out = [None] * len(self.kids)
            after = None
            for i in range(len(self.kids) - 1, -1, -1):
                out[i] = after
                tag = _first_verb(self.kids[i], tags)
                if tag is not None:
                    after = tag
            self._next_verbs = (tags, out)
        return out


def family_of(parse, node: Node, is_punct: Callable[[Node], bool]) -> Family:
    """The Family of `node`, kept on the parse for the stages that follow
    (keyed by the node's id: the Family keeps the node, so the id cannot be
    reused while the parse lives; one converter, so one punctuation test,
    works on a parse)."""
    families = getattr(parse, "families", None)
    if families is None:
        families = parse.families = {}
    fam = families.get(id(node))
    if fam is None:
        fam = families[id(node)] = Family(node, is_punct)
    return fam


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

"""Constituency trees as ptb2fd sees them.

`Node` is ptb2fd's own tree: built fresh from the bracketed text with nltk's
token pattern (`parse_tree`; nltk's `Tree.fromstring` reports every
error), or from an nltk `Tree` (`from_nltk`), never from the caller's
object, and never changed once built. A stage that restructures a
tree (null removal, coordination nesting) builds new nodes.

Labels are split once: "NP-SBJ-1" is category NP, function tag SBJ, index 1;
"NP-SBJ=2" carries the gapping index 2; "-NONE-" and "-LRB-" are whole
categories. Words are unescaped: "1\\/2" becomes "1/2", "\\*" becomes "*".
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from ptb2fd.errors import TreeParseError
from ptb2fd.nltk_import import load_nltk

if TYPE_CHECKING:
    from nltk.tree import Tree

# A token in a bracketed tree: anything but white space and brackets, where
# "\(" and "\)" are escaped brackets inside a word. ASCII white space and
# line breaks separate tokens; a space character (Unicode Zs: a hair space
# U+200A, a thin or a no-break space) inside a leaf is part of the word
# ("(NN 10\u200akm)"), as in newer web treebanks.
_SPACE = r"[ \t\n\r\f\v\x1c-\x1f\x85\u2028\u2029]"
_WORD_CHAR = r"[^ \t\n\r\f\v\x1c-\x1f\x85\u2028\u2029()]"
_TOKEN = r"(?:\\[()]|%s)+" % _WORD_CHAR
_CAT_OK = re.compile(r"^(?:-[A-Z]+-|[A-Za-z][A-Za-z0-9$|_]*\$?|[$#,.:;`'!?%&*+/<>@^~\\\"-]+)$")
_UNESCAPE = re.compile(r"\\([/*()\[\]{}])")
# nltk's nltk.tree.tree.MAX_TREE_DEPTH, which parse_tree keeps to without
# importing nltk (a test checks they agree).
MAX_TREE_DEPTH = 500


@dataclass(frozen=True, slots=True)
class Label:
    """A parsed node label."""

    raw: str
    cat: str
    ftags: tuple[str, ...] = ()
    index: str | None = None
    gap: str | None = None
    inferred: bool = field(default=False, repr=False)  # the function tags were predicted (ptb2fd.functions), not read

    def has(self, tag: str) -> bool:
        return tag in self.ftags


@lru_cache(maxsize=4096)
def parse_label(raw: str) -> Label:
    """Split a Penn label into category, function tags, index and gap index.

    >>> parse_label("NP-SBJ-1")
    Label(raw='NP-SBJ-1', cat='NP', ftags=('SBJ',), index='1', gap=None)
    >>> parse_label("NP-TMP=2").gap
    '2'
    """
    if len(raw) > 2 and raw[0] == "-" and raw.endswith("-") and raw[1:-1].isalpha():
        return Label(raw, raw)  # -NONE-, -LRB-, -RRB-, -LSB-, ...
    base, _, gap = raw.partition("=")
    parts = base.split("-")
    cat = parts[0] or base
    if "|" in cat:  # "ADVP|PRT": the annotators could not decide; take the first
        cat = cat.split("|", 1)[0]
    ftags: list[str] = []
    index = None
    for part in parts[1:]:
        if part.isdigit():
            index = part
        elif part:
            ftags.append(part)
    return Label(raw, cat, tuple(ftags), index, gap if gap.isdigit() else None)


def label_is_wellformed(label: Label) -> bool:
    return bool(_CAT_OK.match(label.cat))


def unescape_word(word: str) -> str:
    """Undo Penn escapes in a leaf: "\\/" -> "/", "\\*" -> "*"."""
    return _UNESCAPE.sub(r"\1", word) if "\\" in word else word


class Node:
    """One constituent or one word (a preterminal).

    For a word, `tag` and `word` are set and `children` is empty. `start` and
    `end` are token offsets of the span, counted over the words that survive
    null removal (before it, they are -1). `nulls` lists the null elements
    that were removed from among the children, for traces and passives.
    `made_by` names the rule that created a node that was not in the input.
    """

    __slots__ = ("label", "children", "word", "tag", "start", "end", "nulls", "made_by")

    def __init__(self, label, children=(), word=None, tag=None, start=-1, end=-1, nulls=(), made_by=None):
        self.label: Label = label
        self.children: tuple[Node, ...] = children
        self.word: str | None = word
        self.tag: str | None = tag
        self.start: int = start
        self.end: int = end
        self.nulls: tuple[NullChild, ...] = nulls
        self.made_by: str | None = made_by

    def words(self) -> list["Node"]:
        """The preterminals under this node, left to right (iterative)."""
        out: list[Node] = []
        stack = [self]
        while stack:
            node = stack.pop()
            if node.word is not None:
                out.append(node)
            else:
                stack.extend(reversed(node.children))
        return out

    def spans_any(self, positions: list[int]) -> bool:
        """Whether a word position of `positions` lies in this node's span:
        a stage that can change only around some words walks no other phrase."""
        for t in positions:
            if self.start <= t < self.end:
                return True
        return False

    def __repr__(self) -> str:
        if self.word is not None:
            return f"({self.tag} {self.word})"
        return f"({self.label.raw} {' '.join(map(repr, self.children))})"


@dataclass(frozen=True, slots=True)
class NullChild:
    """A null element removed from a node's children.

    `position` is the index among the original children; `label` is the
    null constituent's label (e.g. NP-SBJ-1 over *PRO*); `kind` is the empty
    element without its index (*, *T*, *U*, 0, ...); `ref` the index it points
    to ("(NP (-NONE- *-3))" points to 3), taken from either place it may be.
    """

    position: int
    label: Label
    kind: str
    ref: str | None


_NULL_REF = re.compile(r"^(.*?)-(\d+)$")


def split_null(leaf: str) -> tuple[str, str | None]:
    """'*T*-1' -> ('*T*', '1'); '0' -> ('0', None)."""
    m = _NULL_REF.match(leaf)
    if m and m.group(1):
        return m.group(1), m.group(2)
    return leaf, None


def read_bracketed(text: str) -> Tree:
    """Parse one bracketed tree with nltk; raise TreeParseError on failure.

    nltk's default token patterns are exactly `_TOKEN` (escaped brackets
    inside a token). They are not passed explicitly: nltk runs caller-given
    patterns through its ReDoS guard, whose wall-clock time limit would make
    a long tree fail (with a TimeoutError) depending on machine load. Trees
    nested deeper than nltk's MAX_TREE_DEPTH (500) levels are refused.
    """
    load_nltk()  # only irregular trees come here (parse_tree)
    from nltk.tree import Tree

    try:
        return Tree.fromstring(text)
    except ValueError as exc:
        message = str(exc)
        if "MAX_TREE_DEPTH" in message:
            message = f"tree nested deeper than {_max_depth()} levels"
        raise TreeParseError(_short(message)) from None


def _max_depth() -> int:
    return MAX_TREE_DEPTH


def _short(message: str) -> str:
    message = " ".join(message.split())
    return message if len(message) <= 300 else message[:297] + "..."


def from_nltk(tree: Tree, phrase_labels: frozenset[str] = frozenset(), markup_leaf=None) -> Node:
    """Build ptb2fd nodes from an nltk Tree (which is left untouched).

    A preterminal is a tree whose only child is a string. A string beside
    other children, or a "preterminal" whose label is a phrase label such as
    NP, is a leaf without a tag and an error. The walk is recursive: nltk
    refuses trees nested deeper than its MAX_TREE_DEPTH (500), well within
    Python's recursion limit. `markup_leaf(label, word)`, if given, returns
    the tag of a leaf that is markup, not a word (a slash unit "(SU /)").
    """

    def build(t) -> Node:
        raw = t._label  # nltk's label() and __getitem__ are Python-level calls
        kids = list(t)
        if len(kids) == 1 and kids[0].__class__ is str:
            label = parse_label(raw)
            tag = markup_leaf(label.cat, kids[0]) if markup_leaf is not None else None
            if tag is not None:
                return Node(Label(tag, tag), (), kids[0], tag)
            if not raw or label.cat in phrase_labels:
                raise TreeParseError(f"leaf {kids[0]!r} has no POS tag (its label is {raw!r})")
            return Node(label, (), unescape_word(kids[0]), label.cat)
        if not kids:
            raise TreeParseError(f"empty constituent ({raw})")
        built = []
        for child in kids:
            if child.__class__ is str:
                raise TreeParseError(f"leaf {child!r} has no POS tag (inside {raw or 'the top bracket'})")
            built.append(build(child))
        return Node(parse_label(raw), tuple(built))

    load_nltk()
    from nltk.tree import Tree

    if not isinstance(tree, Tree):
        raise TreeParseError(f"leaf {tree!r} has no POS tag")
    return build(tree)


# nltk's Tree.fromstring tokens with its default patterns: an opening
# bracket with its label, a closing bracket, a leaf; first, a whole
# preterminal "(NN dog)", which nltk reads as the same three tokens. Every
# alternative captures something, so `findall`'s tuples (cheaper than match
# objects) say which one matched.
_TREE_TOKENS = r"\(%s*(%s)%s+(%s)%s*\)|(\()%s*(%s)?|(\))|(%s)"
_TREE_TOKEN = re.compile(_TREE_TOKENS % (_SPACE, _TOKEN, _SPACE, _TOKEN, _SPACE, _SPACE, _TOKEN, _TOKEN))
# The same tokens in a tree without a backslash, where no escape can occur:
# a plain run of word characters is matched without trying the escape at
# every character (40 % faster on the sample, where 82 of 3,914 trees have
# a backslash: "1\/2"). tests/unit/test_parse_tree.py compares the two.
_PLAIN = _WORD_CHAR + "+"
_PLAIN_TREE_TOKEN = re.compile(_TREE_TOKENS % (_SPACE, _PLAIN, _SPACE, _PLAIN, _SPACE, _SPACE, _PLAIN, _PLAIN))


def parse_tree(text: str, phrase_labels: frozenset[str] = frozenset(), markup_leaf=None) -> Node:
    """`from_nltk(read_bracketed(text))` in one pass, without nltk's Trees.

    Well-formed trees are built straight from nltk's own token pattern, the
    way `Tree.fromstring` reads them. Anything irregular (unbalanced
    brackets, a leaf without a tag, an empty constituent, too deep) goes
    through nltk and `from_nltk`, so errors and their messages are nltk's.
    `markup_leaf` as in `from_nltk`.
    """
    node = _parse_regular(text, phrase_labels, _max_depth(), markup_leaf)
    return node if node is not None else from_nltk(read_bracketed(text), phrase_labels, markup_leaf)


def _parse_regular(text: str, phrase_labels: frozenset[str], max_depth: int, markup_leaf=None) -> Node | None:
    open_phrases: list[tuple[str, list]] = []  # (label, children so far), outermost first
    kids: list | None = None  # the children of the innermost open phrase
    top = None
    limit = max_depth - 1  # open phrases at most (nltk's depth limit)
    label_of = parse_label
    new_node = Node
    plain = "\\" not in text
    tokens = _PLAIN_TREE_TOKEN if plain else _TREE_TOKEN
    for raw, word, opening, label_text, closing, _leaf in tokens.findall(text):
        if word:  # "(NN dog)"
            if kids is None or len(open_phrases) >= limit:
                return None
            label = label_of(raw)
            if markup_leaf is not None:
                tag = markup_leaf(label.cat, word)
                if tag is not None:
                    kids.append(new_node(Label(tag, tag), (), word, tag))
                    continue
            if label.cat in phrase_labels:
                return None
            kids.append(new_node(label, (), word if plain else unescape_word(word), label.cat))
        elif opening:
            if top is not None or len(open_phrases) >= limit:
                return None  # a second tree, or deeper than nltk allows
            kids = []
            open_phrases.append((label_text, kids))
        elif closing:
            if not open_phrases:
                return None
            label_text, children = open_phrases.pop()
            if not children:
                return None
            node = new_node(label_of(label_text), tuple(children))
            if open_phrases:
                kids = open_phrases[-1][1]
                kids.append(node)
            else:
                top, kids = node, None
        else:  # a leaf beside other children: an error
            return None
    return top if not open_phrases else None

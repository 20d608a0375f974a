"""A second, independent head finder: the Collins (1999) head table.

`CollinsHeads` reads `collins_heads.yaml` (the published table, appendix A
of Collins's thesis, written down as data) and turns one bracketed tree
into word-to-word dependencies: every non-head child's head word depends on
the head word of its parent. It shares nothing with ptb2fd's own head
rules (rules/heads.yaml) or stages; it only uses ptb2fd's label parser
(NP-SBJ-1 -> NP) and the treebank vocabulary (which leaves are null
elements, markup or punctuation), so the two finders see the same words.

Conventions of the table, unlike ptb2fd's (they are what the content-word
reduction in `reduce.py` removes): a PP is headed by its preposition, an
SBAR by its complementizer or wh-phrase, a VP by its first verb (the
auxiliary in "would sell"), a coordination by its first conjunct.

Implementation choices where the table is silent: null elements and markup
are removed first (a phrase left empty disappears); punctuation never
heads a phrase that has anything else in it (Collins's parser removed
punctuation before head finding); labels the table lacks (X, NX is in
np_labels, wrappers) are headed by their first non-punctuation child.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from ptb2fd.errors import RuleFileError, RuleProblem
from ptb2fd.trees.ptbtree import parse_label, read_bracketed, unescape_word

TABLE = Path(__file__).with_name("collins_heads.yaml")


@dataclass(frozen=True)
class Step:
    leftward: bool  # True: scan left to right
    priority: tuple[str, ...]


@dataclass(frozen=True)
class CollinsTable:
    labels: dict[str, Step]
    np_labels: frozenset[str]
    np_steps: tuple[Step, ...]
    conjunctions: frozenset[str]


def load_table(path: Path = TABLE) -> CollinsTable:
    """Compile the table; every problem is reported with the file name."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    problems: list[str] = []

    def step(where: str, spec) -> Step:
        if not isinstance(spec, dict) or set(spec) - {"direction", "priority"} or "direction" not in spec:
            problems.append(f"{where}: needs 'direction' and may have 'priority', got {spec!r}")
            return Step(True, ())
        if spec["direction"] not in ("left", "right"):
            problems.append(f"{where}: direction must be left or right, got {spec['direction']!r}")
        prio = spec.get("priority", [])
        if not isinstance(prio, list) or not all(isinstance(p, str) for p in prio):
            problems.append(f"{where}: priority must be a list of categories")
            prio = []
        return Step(spec["direction"] == "left", tuple(prio))

    if not isinstance(data, dict) or set(data) != {"labels", "np_labels", "np_steps", "conjunctions"}:
        raise RuleFileError([RuleProblem(path.name, None, None,
                                         "needs exactly the keys labels, np_labels, np_steps, conjunctions")])
    labels = {str(k): step(f"labels.{k}", v) for k, v in (data["labels"] or {}).items()}
    np_steps = tuple(step(f"np_steps[{i}]", v) for i, v in enumerate(data["np_steps"] or []))
    if problems:
        raise RuleFileError([RuleProblem(path.name, None, None, p) for p in problems])
    return CollinsTable(labels, frozenset(data["np_labels"]), np_steps, frozenset(data["conjunctions"]))


class _Phrase:
    __slots__ = ("cat", "children", "token", "tag")

    def __init__(self, cat, children=(), token=-1, tag=None):
        self.cat = cat
        self.children = children
        self.token = token  # word index for a word, -1 for a phrase
        self.tag = tag


@dataclass
class CollinsParse:
    words: list[str]
    tags: list[str]
    heads: list[int]  # index of each word's head, -1 for the root
    conjuncts: set[int]  # head words of the children of a coordinated phrase


class CollinsHeads:
    """`dependencies(text)` -> CollinsParse of one bracketed tree."""

    def __init__(self, vocab, table: CollinsTable | None = None):
        self.table = table or load_table()
        self.vocab = vocab

    def dependencies(self, text: str) -> CollinsParse:
        words: list[str] = []
        tags: list[str] = []
        root = self._build(read_bracketed(text), words, tags)
        parse = CollinsParse(words, tags, [-1] * len(words), set())
        if root is not None:
            self._attach(root, parse)
        return parse

    def _build(self, tree, words, tags) -> _Phrase | None:
        """ptb2fd-independent null removal: drop null and markup leaves and
        the phrases they leave empty; unwrap an unlabelled top. Iterative
        (children before parents), so a tree nested as deep as the reader
        allows (500 levels) needs no deep recursion."""
        null_tags, markup = self.vocab.null_tags, self.vocab.markup_tags
        built: dict[int, _Phrase | None] = {}
        stack: list[tuple[object, bool]] = [(tree, False)]
        while stack:
            node, expanded = stack.pop()
            label = node.label() if hasattr(node, "label") else ""
            kids = list(node)
            if len(kids) == 1 and isinstance(kids[0], str):
                cat = parse_label(label).cat
                if cat in null_tags or cat in markup:
                    built[id(node)] = None
                else:
                    words.append(unescape_word(kids[0]))
                    tags.append(cat)
                    built[id(node)] = _Phrase(cat, (), len(words) - 1, cat)
                continue
            cat = parse_label(label).cat if label else ""
            if cat in markup:
                built[id(node)] = None
                continue
            if not expanded:  # first visit: the children (left to right, for the word order) come first
                stack.append((node, True))
                stack.extend((k, False) for k in reversed(kids))
                continue
            children = tuple(p for p in (built[id(k)] for k in kids) if p is not None)
            built[id(node)] = _Phrase(cat, children) if children else None
        return built[id(tree)]

    def _attach(self, root: _Phrase, parse: CollinsParse) -> None:
        heads = parse.heads
        lexhead: dict[int, int] = {}
        order: list[_Phrase] = []
        stack = [root]
        while stack:
            node = stack.pop()
            order.append(node)
            stack.extend(node.children)
        for node in reversed(order):  # children before parents
            lexhead[id(node)] = node.token if node.token >= 0 else lexhead[id(node.children[self.head_child(node)])]
        for node in order:
            if node.token >= 0:
                continue
            h = lexhead[id(node)]
            if any(k.cat in self.table.conjunctions for k in node.children[1:]):
                parse.conjuncts.update(lexhead[id(k)] for k in node.children)
            for child in node.children:
                w = lexhead[id(child)]
                if w != h:
                    heads[w] = h

    def head_child(self, node: _Phrase) -> int:
        kids = node.children
        if len(kids) == 1:
            return 0
        content = [i for i, k in enumerate(kids) if not self._punct(k)] or list(range(len(kids)))
        if node.cat in self.table.np_labels:
            index = self._np_head(kids, content)
        else:
            step = self.table.labels.get(node.cat)
            index = self._search(kids, content, step) if step else None
            if index is None:
                index = content[0] if step is None or step.leftward else content[-1]
        return self._coordination(kids, index)

    def _np_head(self, kids, content) -> int:
        last = content[-1]
        if kids[last].cat == "POS":
            return last
        for step in self.table.np_steps:
            for i in (content if step.leftward else content[::-1]):
                if kids[i].cat in step.priority:
                    return i
        return last

    @staticmethod
    def _search(kids, content, step: Step) -> int | None:
        order = content if step.leftward else content[::-1]
        for cat in step.priority:
            for i in order:
                if kids[i].cat == cat:
                    return i
        return None

    def _coordination(self, kids, index: int) -> int:
        if index >= 2 and kids[index - 1].cat in self.table.conjunctions:
            return index - 2
        return index

    def _punct(self, node: _Phrase) -> bool:
        return node.token >= 0 and node.tag in self.vocab.punctuation_tags

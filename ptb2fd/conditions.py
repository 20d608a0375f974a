"""The condition vocabulary of roles.yaml and pos_corrections.yaml.

A rule's `when` mapping is compiled once into a tuple of `Condition`
objects, each testing one fact about a word in its context. The context
(`WordContext`) computes facts lazily, so a cascade of 80 rules stays cheap:
a rule fails at its first false condition.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .patterns import Pattern, any_match, compile_pattern
from .ptbtree import Node

SUBJECT_VALUES = ("before", "after", "none", "not-after", "not-before")


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


@dataclass(frozen=True)
class Condition:
    name: str
    value: Any
    test: Callable[[WordContext], bool]
    words: frozenset[str] = frozenset()  # the words a word/wordlist condition names
    ends: tuple[str, ...] = ()  # the endings a suffix condition names


def _label_of(node: Node) -> str:
    return node.tag if node.word is not None else node.label.cat


def compile_when(spec: dict, checker, rule_id: str | None, wordlists: dict[str, frozenset[str]],
                 line: int | None = None) -> tuple[Condition, ...]:
    """Compile one `when` mapping; unknown keys and bad values are problems."""
    out: list[Condition] = []

    def pats(v) -> tuple[Pattern, ...]:
        values = checker.strings(v, "pattern list", rule_id, line)
        res = []
        for s in values:
            try:
                res.append(compile_pattern(s))
            except ValueError as exc:
                checker.problem(str(exc), rule_id, line)
        return tuple(res)

    def flag(v, key) -> bool:
        if not isinstance(v, bool):
            checker.problem(f"'{key}' must be true or false", rule_id, line)
            return True
        return v

    for key, v in spec.items():
        if key == "root":
            want = flag(v, key)
            out.append(Condition(key, want, lambda c, w=want: (c.head == -1) == w))
        elif key == "label":
            p = pats(v)
            out.append(Condition(key, v, lambda c, p=p: any_match(p, c.proj)))
        elif key == "not_label":
            p = pats(v)
            out.append(Condition(key, v, lambda c, p=p: not any_match(p, c.proj)))
        elif key == "tag":
            p = pats(v)
            out.append(Condition(key, v, lambda c, p=p: any_match(p, c.node)))
        elif key == "word":
            words = frozenset(w.lower() for w in checker.strings(v, key, rule_id, line))
            out.append(Condition(key, v, lambda c, ws=words: c.node.word.lower() in ws, words))
        elif key == "wordlist":
            if v not in wordlists:
                checker.problem(f"unknown wordlist {v!r}; known: {', '.join(sorted(wordlists))}", rule_id, line)
                continue
            ws = wordlists[v]
            out.append(Condition(key, v, lambda c, ws=ws: c.node.word.lower() in ws, ws))
        elif key == "ftag":
            tags = frozenset(checker.strings(v, key, rule_id, line))
            out.append(Condition(key, v, lambda c, tags=tags: bool(tags.intersection(c.proj.label.ftags))))
        elif key == "no_ftags":
            want = flag(v, key)
            out.append(Condition(key, want, lambda c, w=want: (not c.proj.label.ftags) == w))
        elif key == "child_ftag":
            tags = frozenset(checker.strings(v, key, rule_id, line))
            out.append(Condition(key, v, lambda c, tags=tags: any(
                tags.intersection(k.label.ftags) for k in c.proj.children)))
        elif key == "parent":
            p = pats(v)
            out.append(Condition(key, v, lambda c, p=p: c.parent is not None and any_match(p, c.parent)))
        elif key == "not_parent":
            p = pats(v)
            out.append(Condition(key, v, lambda c, p=p: c.parent is None or not any_match(p, c.parent)))
        elif key == "head_tag":
            p = pats(v)
            out.append(Condition(key, v, lambda c, p=p: c.head >= 0 and any_match(p, c.parse.words[c.head])))
        elif key == "side":
            if v not in ("left", "right"):
                checker.problem("'side' must be left or right", rule_id, line)
                continue
            left = v == "left"
            out.append(Condition(key, v, lambda c, left=left: c.head >= 0 and (c.t < c.head) == left))
        elif key == "next_verb":
            p = pats(v)
            out.append(Condition(key, v, lambda c, p=p: c.parent is not None and c.next_verb is not None and any(
                x.cat is not None and (c.next_verb.startswith(x.cat) if x.prefix else c.next_verb == x.cat) for x in p)))
        elif key in ("next_sibling", "prev_sibling", "followed_by", "preceded_by"):
            p = pats(v)
            out.append(Condition(key, v, _sibling_test(key, p)))
        elif key == "first_nonpunct":
            want = flag(v, key)
            out.append(Condition(key, want, lambda c, w=want: c.parent is not None and (c.siblings[1] == 0) == w))
        elif key == "subject":
            if v not in SUBJECT_VALUES:
                checker.problem(f"'subject' must be one of {', '.join(SUBJECT_VALUES)}", rule_id, line)
                continue
            out.append(Condition(key, v, _subject_test(v)))
        elif key == "between_be_and_prd":
            want = flag(v, key)
            out.append(Condition(key, want, lambda c, w=want: _between_be_prd(c) == w))
        elif key == "coord_marker":
            want = flag(v, key)
            out.append(Condition(key, want, lambda c, w=want: (c.t in c.parse.deps.marker_of) == w))
        elif key == "head_chain":
            p = pats(v)
            out.append(Condition(key, v, lambda c, p=p: len(c.chain) >= len(p) and all(
                x.matches(n) for x, n in zip(p, c.chain))))
        elif key == "clause_subject":
            want = flag(v, key)
            out.append(Condition(key, want, lambda c, w=want: _clause_subject(c) == w))
        elif key == "suffix":
            ends = tuple(x.lower() for x in checker.strings(v, key, rule_id, line))
            out.append(Condition(key, v, lambda c, e=ends: c.node.word.lower().endswith(e), ends=ends))
        elif key == "trace_kind":
            kinds = frozenset(checker.strings(v, key, rule_id, line))
            out.append(Condition(key, v, lambda c, k=kinds: c.proj.label.index is not None and bool(
                k & c.parse.trace_kinds.get(c.proj.label.index, frozenset()))))
        elif key == "trace_label":
            p = pats(v)
            out.append(Condition(key, v, lambda c, p=p: c.proj.label.index is not None and any(
                any_match(p, Node(label)) for label in c.parse.trace_labels.get(c.proj.label.index, ()))))
        elif key == "after_punct":
            marks = frozenset(checker.strings(v, key, rule_id, line))
            out.append(Condition(key, v, lambda c, m=marks: _after_punct(c, m)))
        elif key == "compound":
            want = flag(v, key)
            out.append(Condition(key, want, lambda c, w=want: (c.t in c.parse.deps.compound_of) == w))
        else:
            checker.problem(f"unknown condition '{key}'; valid conditions: {', '.join(sorted(CONDITION_NAMES))}",
                            rule_id, line)
    return tuple(out)


CONDITION_NAMES = ("root", "label", "not_label", "tag", "word", "wordlist", "ftag", "no_ftags", "child_ftag",
                   "parent", "not_parent", "head_tag", "side", "next_verb", "next_sibling", "prev_sibling",
                   "followed_by", "preceded_by", "first_nonpunct", "subject", "between_be_and_prd",
                   "coord_marker", "compound", "head_chain", "clause_subject", "suffix", "trace_kind",
                   "trace_label", "after_punct")


def _sibling_test(key: str, p: tuple[Pattern, ...]) -> Callable[[WordContext], bool]:
    def test(c: WordContext) -> bool:
        if c.parent is None:
            return False
        kids, i = c.siblings
        if key == "next_sibling":
            return i + 1 < len(kids) and any_match(p, kids[i + 1])
        if key == "prev_sibling":
            return i > 0 and any_match(p, kids[i - 1])
        if key == "followed_by":
            return any(any_match(p, k) for k in kids[i + 1:])
        return any(any_match(p, k) for k in kids[:i])
    return test


def _subject_test(v: str) -> Callable[[WordContext], bool]:
    def test(c: WordContext) -> bool:
        if c.parent is None:
            return v in ("none", "not-after", "not-before")
        s = c.subject
        if v == "not-after":
            return s != "after"
        if v == "not-before":
            return s != "before"
        return s == v
    return test


def _between_be_prd(c: WordContext) -> bool:
    if c.parent is None:
        return False
    kids = c.parent.children
    i = next(i for i, k in enumerate(kids) if k is c.proj)
    be = any(k.word is not None and k.word.lower() in c._be for k in kids[:i])
    prd = any(k.word is None and "PRD" in k.label.ftags for k in kids[i + 1:])
    return be and prd


def _clause_subject(c: WordContext) -> bool:
    """Some S-like node in the word's head chain has an overt -SBJ child."""
    for node in c.chain[1:]:
        if node.label.cat in ("S", "SINV", "SQ"):
            return any(k.word is None and "SBJ" in k.label.ftags for k in node.children)
    return False


def _after_punct(c: WordContext, marks: frozenset[str]) -> bool:
    """The sibling right before the projection is one of these marks
    (a comma, not an opening quote: "made `` genuine progress ''")."""
    if c.parent is None:
        return False
    kids = c.parent.children
    i = next(i for i, k in enumerate(kids) if k is c.proj)
    return i > 0 and kids[i - 1].word is not None and kids[i - 1].word in marks


# Conditions that depend only on the word, its projection's label, tag and
# function tags, its parent's label and its side; their outcome is cached
# per such key (see Cascade).
STATIC_CONDITIONS = frozenset({"label", "not_label", "tag", "word", "wordlist", "ftag", "no_ftags", "suffix",
                               "parent", "not_parent", "side"})


class Cascade:
    """An ordered list of rules: the first rule whose conditions all hold wins.

    Rules whose static conditions fail for a key (label, tag, function tags,
    and the word only where some rule names it) are filtered once per key and
    cached, so a cascade of 60 rules costs a few dynamic tests per word.
    """

    def __init__(self, rules):
        self.entries = []
        words: set[str] = set()
        ends: set[str] = set()
        for rule in rules:
            static = tuple(c for c in rule.when if c.name in STATIC_CONDITIONS)
            dynamic = tuple(c for c in rule.when if c.name not in STATIC_CONDITIONS)
            for c in static:
                words |= c.words
                ends.update(c.ends)
            self.entries.append((rule, static, dynamic))
        self.words = frozenset(words)
        self.ends = tuple(sorted(ends))
        self.cache: dict[tuple, tuple] = {}
        self.word_keys: dict[str, tuple] = {}  # word -> its part of the cache key

    def _word_key(self, word: str) -> tuple:
        """What the static conditions can see of a word: the word itself only
        where some rule names it, and which named suffixes it ends with."""
        w = word.lower()
        return (w if w in self.words else None, tuple(map(w.endswith, self.ends)) if self.ends else None)

    def first(self, ctx: WordContext):
        return self.first_at(ctx.t, ctx.parse, ctx._is_punct, ctx._be, ctx)

    def first_at(self, t: int, parse, is_punct: Callable[[Node], bool], be_words: frozenset[str],
                 ctx: WordContext | None = None):
        """The first rule that holds for word `t`. Its WordContext is built
        only when a rule has a condition the cached key does not decide."""
        deps = parse.deps
        proj = deps.attach[t]
        node = parse.words[t]
        parent = deps.parent[t]
        h = deps.head[t]
        word_key = self.word_keys.get(node.word)
        if word_key is None:
            if len(self.word_keys) > 200_000:  # bounded on open-vocabulary corpora
                self.word_keys.clear()
            word_key = self.word_keys[node.word] = self._word_key(node.word)
        key = (proj.word is None, proj.tag if proj.word is not None else proj.label.cat, proj.label.ftags, node.tag,
               word_key, None if parent is None else parent.label.cat, None if parent is None else parent.label.ftags,
               h < 0, t < h)
        candidates = self.cache.get(key)
        if candidates is None:
            if ctx is None:
                ctx = WordContext(t, parse, is_punct, be_words)
            candidates = tuple((rule, dynamic) for rule, static, dynamic in self.entries
                               if all(c.test(ctx) for c in static))
            self.cache[key] = candidates
        for rule, dynamic in candidates:
            if not dynamic:
                return rule
            if ctx is None:
                ctx = WordContext(t, parse, is_punct, be_words)
            for cond in dynamic:
                if not cond.test(ctx):
                    break
            else:
                return rule
        return None

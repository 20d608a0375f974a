"""The condition vocabulary of roles.yaml and pos_corrections.yaml.

A rule's `when` mapping is compiled once into a tuple of `Condition`
objects, each testing one fact about a word in its context (`WordContext`,
in word_context.py). The context computes facts lazily, so a cascade of 80
rules (cascade.py) stays cheap: a rule fails at its first false condition.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ptb2fd.rulelang.patterns import Pattern, PatternSet, any_match, compile_pattern, role_ftags
from ptb2fd.rulelang.word_context import WordContext
from ptb2fd.trees.ptbtree import Node

SUBJECT_VALUES = ("before", "after", "none", "not-after", "not-before")


@dataclass(frozen=True)
class Condition:
    name: str
    value: Any
    test: Callable[[WordContext], bool]
    words: frozenset[str] = frozenset()  # the words a word/wordlist condition names
    ends: tuple[str, ...] = ()  # the endings a suffix condition names
    # A test that must hold for `test` to hold and that reads only one part
    # of a cascade's key (cascade.py), so the key can rule the rule out:
    # head_chain's second pattern on the phrase the word heads ("up").
    pretest: Callable[[WordContext], bool] | None = None
    part: str | None = None


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
            p = PatternSet(pats(v))
            out.append(Condition(key, v, lambda c, p=p: p.matches(c.proj)))
        elif key == "not_label":
            p = PatternSet(pats(v))
            out.append(Condition(key, v, lambda c, p=p: not p.matches(c.proj)))
        elif key == "tag":
            p = PatternSet(pats(v))
            out.append(Condition(key, v, lambda c, p=p: p.matches(c.node)))
        elif key == "word":
            words = frozenset(w.lower() for w in checker.strings(v, key, rule_id, line))
            out.append(Condition(key, v, lambda c, ws=words: c.node.word.lower() in ws, words))
        elif key == "wordlist":
            if v not in wordlists:
                checker.problem(f"unknown wordlist {v!r}; known: {', '.join(sorted(wordlists))}", rule_id, line)
                continue
            ws = wordlists[v]
            out.append(Condition(key, v, lambda c, ws=ws: c.node.word.lower() in ws, ws))
        elif key == "head_wordlist":
            if v not in wordlists:
                checker.problem(f"unknown wordlist {v!r}; known: {', '.join(sorted(wordlists))}", rule_id, line)
                continue
            ws = wordlists[v]
            out.append(Condition(key, v, lambda c, ws=ws: c.head >= 0 and (c.parse.words[c.head].word or "").lower()
                                 in ws))
        elif key == "ftag":
            tags = frozenset(checker.strings(v, key, rule_id, line))
            out.append(Condition(key, v, lambda c, tags=tags: bool(tags.intersection(c.proj.label.ftags))))
        elif key == "no_ftags":
            want = flag(v, key)
            out.append(Condition(key, want, lambda c, w=want: (not role_ftags(c.proj.label.ftags)) == w))
        elif key == "child_ftag":
            tags = frozenset(checker.strings(v, key, rule_id, line))
            out.append(Condition(key, v, lambda c, tags=tags: any(
                tags.intersection(k.label.ftags) for k in c.proj.children)))
        elif key == "parent":
            p = PatternSet(pats(v))
            out.append(Condition(key, v, lambda c, p=p: c.parent is not None and p.matches(c.parent)))
        elif key == "not_parent":
            p = PatternSet(pats(v))
            out.append(Condition(key, v, lambda c, p=p: c.parent is None or not p.matches(c.parent)))
        elif key == "head_tag":
            p = PatternSet(pats(v))
            out.append(Condition(key, v, lambda c, p=p: c.head >= 0 and p.matches(c.parse.words[c.head])))
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
            p = PatternSet(pats(v))
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
            pre = None if len(p) < 2 else (lambda c, x=p[1]: (up := _up(c)) is not None and x.matches(up))
            out.append(Condition(key, v, lambda c, p=p: _head_chain(c, p), pretest=pre,
                                 part="up" if pre is not None else None))
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


CONDITION_NAMES = ("root", "label", "not_label", "tag", "word", "wordlist", "head_wordlist", "ftag", "no_ftags", "child_ftag",
                   "parent", "not_parent", "head_tag", "side", "next_verb", "next_sibling", "prev_sibling",
                   "followed_by", "preceded_by", "first_nonpunct", "subject", "between_be_and_prd",
                   "coord_marker", "compound", "head_chain", "clause_subject", "suffix", "trace_kind",
                   "trace_label", "after_punct")


def _sibling_test(key: str, p: PatternSet) -> Callable[[WordContext], bool]:
    """The test of one sibling condition (one function per key, chosen once)."""
    def next_sibling(c: WordContext) -> bool:
        if c.parent is None:
            return False
        kids, i = c.siblings
        return i + 1 < len(kids) and p.matches(kids[i + 1])

    def prev_sibling(c: WordContext) -> bool:
        if c.parent is None:
            return False
        kids, i = c.siblings
        return i > 0 and p.matches(kids[i - 1])

    def followed_by(c: WordContext) -> bool:
        if c.parent is None:
            return False
        kids, i = c.siblings
        for j in range(i + 1, len(kids)):
            if p.matches(kids[j]):
                return True
        return False

    def preceded_by(c: WordContext) -> bool:
        if c.parent is None:
            return False
        kids, i = c.siblings
        for j in range(i):
            if p.matches(kids[j]):
                return True
        return False

    return {"next_sibling": next_sibling, "prev_sibling": prev_sibling, "followed_by": followed_by,
            "preceded_by": preceded_by}[key]


def _up(c: WordContext) -> Node | None:
    """The phrase the word heads directly (the second of its head chain), if any."""
    up = c.parse.deps.parent_of.get(id(c.node))
    return up if up is not None and up.children[c.parse.heads[id(up)]] is c.node else None


def _head_chain(c: WordContext, p: tuple[Pattern, ...]) -> bool:
    """The word's head chain (`WordContext.chain`) starts with these
    patterns, read upwards only as far as there are patterns: "(NP (NN
    market))" fails [NN, VP] at the NP, whatever is above it."""
    node = c.node
    if not p:
        return True
    if not p[0].matches(node):
        return False
    parent_of, heads = c.parse.deps.parent_of, c.parse.heads
    for x in p[1:]:
        up = parent_of.get(id(node))
        if up is None or up.children[heads[id(up)]] is not node or not x.matches(up):
            return False
        node = up
    return True


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
    kids, i = c.parent.children, c.index
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
    kids, i = c.parent.children, c.index
    return i > 0 and kids[i - 1].word is not None and kids[i - 1].word in marks

"""The rules of empty_elements.yaml, compiled, and the conditions they test
on one phrase of a tagged parser-style tree (`holds`). The stage that puts
the elements back is in empties.py.
"""
from __future__ import annotations

from dataclasses import dataclass

from ptb2fd.rulelang.patterns import Pattern, any_match, compile_patterns
from ptb2fd.rulelang.rulefile import line_of
from ptb2fd.trees.ptbtree import Node

ELEMENTS = ("object-trace", "expletive", "wh-trace")
CONDITIONS = ("label", "parent", "verb", "not_verb_word", "governor", "not_governor", "object", "subject",
              "last_phrase", "before_last_phrase", "head_tag")


@dataclass(frozen=True)
class EmptyRule:
    rule_id: str
    element: str
    label: tuple[Pattern, ...] = ()
    parent: tuple[Pattern, ...] = ()
    verb: tuple[Pattern, ...] = ()
    not_verb_word: frozenset[str] = frozenset()
    governor: frozenset[str] = frozenset()
    not_governor: frozenset[str] = frozenset()
    object: bool | None = None
    subject: frozenset[str] = frozenset()
    last_phrase: tuple[Pattern, ...] = ()
    before_last_phrase: tuple[Pattern, ...] = ()
    head_tag: tuple[Pattern, ...] = ()


@dataclass(frozen=True)
class EmptyRules:
    rules: tuple[EmptyRule, ...]

    def rule_ids(self) -> list[str]:
        return [r.rule_id for r in self.rules]


def compile_empties(data, checker) -> EmptyRules | None:
    data = checker.mapping(data, "empty_elements.yaml")
    if data is None:
        return None
    checker.keys(data, ["wordlists", "rules"], ["rules"], what="empty_elements.yaml")
    wordlists = {str(k): frozenset(w.lower() for w in checker.strings(v, f"wordlists.{k}"))
                 for k, v in (checker.mapping(data.get("wordlists", {}), "wordlists") or {}).items()}
    rules = []
    for spec, rid, line in checker.rules(data, "rules", "empty-element rule", ["id", "element", "when", "example"],
                                         ["id", "element", "when"]):
        element = checker.choice(spec.get("element"), ELEMENTS, "element", rid, line)
        when = checker.mapping(spec.get("when", {}), "when", rid) or {}
        checker.keys(when, CONDITIONS, (), rid, "when")

        def words(key: str) -> frozenset[str]:
            out: set[str] = set()
            for name in checker.strings(when.get(key, []), key, rid, line_of(when)):
                if name not in wordlists:
                    checker.problem(f"{key}: unknown wordlist {name!r}; known: {', '.join(sorted(wordlists))}",
                                    rid, line_of(when))
                else:
                    out |= wordlists[name]
            return frozenset(out)

        def pats(key: str) -> tuple[Pattern, ...]:
            return compile_patterns(when.get(key, []), checker, key, rid, line_of(when))

        obj = when.get("object")
        if obj is not None and not isinstance(obj, bool):
            checker.problem("object must be true or false", rid, line_of(when))
            obj = None
        rules.append(EmptyRule(str(rid), str(element), pats("label"), pats("parent"), pats("verb"),
                               words("not_verb_word"), words("governor"), words("not_governor"), obj,
                               words("subject"), pats("last_phrase"), pats("before_last_phrase"),
                               pats("head_tag")))
    return EmptyRules(tuple(rules))


def _is_verb(node: Node) -> bool:
    return node.word is not None and (node.tag.startswith("VB") or node.tag in ("MD", "TO"))


def verb_index(node: Node) -> int | None:
    for i, child in enumerate(node.children):
        if _is_verb(child):
            return i
    return None


def _words(node: Node) -> list[str]:
    return [w.word.lower() for w in node.words()]


class Site:
    """One phrase with its ancestors, as the conditions see it. `chain` is
    (parent, the parent's chain) or None; the ancestors are listed only
    when a condition asks for them."""

    __slots__ = ("node", "chain", "_ancestors", "_verb")

    def __init__(self, node: Node, chain: tuple | None):
        self.node = node
        self.chain = chain
        self._ancestors: list[Node] | None = None
        self._verb: int | None = -1  # -1: not looked for yet

    @property
    def verb(self) -> int | None:
        """`verb_index` of the phrase, looked for once for all the rules."""
        if self._verb == -1:
            self._verb = verb_index(self.node)
        return self._verb

    @property
    def parent(self) -> Node | None:
        return self.chain[0] if self.chain is not None else None

    @property
    def ancestors(self) -> list[Node]:
        """Parent first."""
        if self._ancestors is None:
            out = []
            up = self.chain
            while up is not None:
                out.append(up[0])
                up = up[1]
            self._ancestors = out
        return self._ancestors

    def governor(self) -> str | None:
        """The first verb of the nearest VP above with a verb of its own
        ("was" for "sold" in "was (VP (VP sold ...) and (VP paid ...))")."""
        for up in self.ancestors:
            if up.label.cat not in ("VP", "SQ", "SINV"):
                return None
            i = verb_index(up)
            if i is not None:
                return up.children[i].word.lower()
            if up.label.cat != "VP":
                return None
        return None

    def clause(self) -> tuple[Node, Node] | None:
        """(the clause, the VP of its chain that is its child) above a VP."""
        below = self.node
        for up in self.ancestors:
            if up.label.cat == "VP":
                below = up
                continue
            return (up, below) if up.label.cat in ("S", "SQ", "SINV") else None
        return None


def holds(rule: EmptyRule, site: Site) -> bool:
    node = site.node
    if rule.label and not any_match(rule.label, node):
        return False
    parent = site.parent
    if rule.parent and (parent is None or not any_match(rule.parent, parent)):
        return False
    if rule.verb or rule.not_verb_word or rule.object is not None:
        v = site.verb
        if v is None:
            return False
        verb = node.children[v]
        if rule.verb and not any_match(rule.verb, verb):
            return False
        if verb.word.lower() in rule.not_verb_word:
            return False
        if rule.object is not None:
            has = any(k.word is None and k.label.cat == "NP" and not k.label.ftags for k in node.children[v + 1:])
            if has != rule.object:
                return False
    if rule.governor or rule.not_governor:
        gov = site.governor()
        if rule.governor and gov not in rule.governor:
            return False
        if gov is not None and gov in rule.not_governor:
            return False
    if rule.head_tag:
        last = node.children[-1]
        while last.word is None:
            last = last.children[-1]
        if not any_match(rule.head_tag, last):
            return False
    if rule.last_phrase or rule.before_last_phrase:
        kids = [k for k in node.children if k.word is None]
        if len(kids) < 2 or (rule.last_phrase and not any_match(rule.last_phrase, kids[-1])) or (
                rule.before_last_phrase and not any_match(rule.before_last_phrase, kids[-2])):
            return False
    if rule.subject:
        found = site.clause()
        if found is None:
            return False
        subject = next((k for k in found[0].children if k.word is None and "SBJ" in k.label.ftags), None)
        if subject is None or any(w not in rule.subject for w in _words(subject)):
            return False
    return True

"""Stage 2: find the head child of every constituent (rules/heads.yaml).

Each label has a search direction and a priority list of child patterns;
NP, NX and NML use the paper's five ordered NP rules (section 4.2), so
"(NP (PRP$ its) (NN session) (JJ high))" is headed by "high" and "November
1, 1989" by "1". A coordinated phrase is headed by its first conjunct.
Punctuation never heads a phrase that has anything else in it.

Known failure (as in the paper): flat NPs make "Boeing" in "Boeing Co.
707s" depend on "707s", not on "Co.".
"""
from __future__ import annotations

from dataclasses import dataclass

from ..patterns import Pattern, any_match, compile_patterns
from ..pipeline import Parse
from ..ptbtree import Node
from ..rulefile import line_of
from .treebank import TreebankVocabulary


@dataclass(frozen=True)
class LabelRule:
    rule_id: str
    leftward: bool  # True: scan left to right
    priority: tuple[Pattern, ...]


@dataclass(frozen=True)
class NPRule:
    rule_id: str
    first: bool
    last_child: bool
    match: tuple[Pattern, ...]
    exclude: tuple[Pattern, ...]
    no_function_tag: bool
    except_words: frozenset[str]
    prefix: tuple[Pattern, ...]
    first_word_in_months: bool


@dataclass(frozen=True)
class AuxiliaryRule:
    labels: frozenset[str]
    tags: frozenset[str]
    words: frozenset[str]
    complement: tuple[Pattern, ...]


@dataclass(frozen=True)
class HeadRules:
    auxiliaries: AuxiliaryRule
    labels: dict[str, LabelRule]
    default: LabelRule
    np_labels: frozenset[str]
    np_rules: tuple[NPRule, ...]
    months: frozenset[str]

    def rule_ids(self) -> list[str]:
        ids = [r.rule_id for r in self.labels.values()] + [self.default.rule_id]
        ids += [r.rule_id for r in self.np_rules] + ["np-fallback", "head-coordination", "head-only-child",
                                                     "head-auxiliary"]
        return ids


def compile_heads(data, checker) -> HeadRules | None:
    data = checker.mapping(data, "heads.yaml")
    if data is None:
        return None
    checker.keys(data, ["labels", "default", "np_labels", "np_rules", "months", "auxiliaries"],
                 ["labels", "default", "np_labels", "np_rules", "auxiliaries"], what="heads.yaml")
    aux = checker.mapping(data.get("auxiliaries", {}), "auxiliaries") or {}
    checker.keys(aux, ["labels", "tags", "words", "complement"], ["labels", "complement"], what="auxiliaries")
    auxiliaries = AuxiliaryRule(
        frozenset(checker.strings(aux.get("labels", []), "auxiliaries.labels")),
        frozenset(checker.strings(aux.get("tags", []), "auxiliaries.tags")),
        frozenset(w.lower() for w in checker.strings(aux.get("words", []), "auxiliaries.words")),
        compile_patterns(aux.get("complement", []), checker, "auxiliaries.complement"))

    def label_rule(rule_id: str, spec) -> LabelRule:
        spec = checker.mapping(spec, f"head rule for {rule_id}", rule_id) or {}
        checker.keys(spec, ["direction", "priority"], ["direction"], rule_id, "head rule")
        direction = checker.choice(spec.get("direction"), ["left", "right"], "direction", rule_id, line_of(spec))
        priority = compile_patterns(spec.get("priority", []), checker, "priority", rule_id, line_of(spec))
        return LabelRule(rule_id, direction != "right", priority)

    labels = {}
    for label, spec in (checker.mapping(data.get("labels", {}), "labels") or {}).items():
        labels[str(label)] = label_rule(f"head-{label}", spec)
    default = label_rule("head-default", data.get("default", {}))
    np_rules = []
    for spec, rid, _ in checker.rules(data, "np_rules", "NP head rule",
                                      ["id", "pick", "last_child", "match", "exclude", "no_function_tag",
                                       "except_words", "prefix", "first_word_in"], ["id", "pick"]):
        if spec.get("first_word_in") not in (None, "months"):
            checker.problem("first_word_in can only name the 'months' list", rid, line_of(spec))
        pick = checker.choice(spec.get("pick"), ["first", "last"], "pick", rid, line_of(spec))
        if "match" not in spec and "exclude" not in spec:
            checker.problem("NP head rule needs 'match' or 'exclude'", rid, line_of(spec))
        np_rules.append(NPRule(
            str(rid), pick == "first", bool(spec.get("last_child", False)),
            compile_patterns(spec.get("match", []), checker, "match", rid, line_of(spec)),
            compile_patterns(spec.get("exclude", []), checker, "exclude", rid, line_of(spec)),
            bool(spec.get("no_function_tag", False)),
            frozenset(checker.strings(spec.get("except_words", []), "except_words", rid)),
            compile_patterns(spec.get("prefix", []), checker, "prefix", rid, line_of(spec)),
            spec.get("first_word_in") == "months",
        ))
    return HeadRules(auxiliaries, labels, default, frozenset(checker.strings(data.get("np_labels", []), "np_labels")),
                     tuple(np_rules), frozenset(checker.strings(data.get("months", []), "months")))


class HeadFinder:
    """Chooses the head child of one node; used by the stage and by tests."""

    def __init__(self, rules: HeadRules, vocab: TreebankVocabulary):
        self.rules = rules
        self.vocab = vocab

    def head_child(self, node: Node) -> tuple[int, str]:
        children = node.children
        if len(children) == 1:
            return 0, "head-only-child"
        cat = node.label.cat
        if cat in self.rules.np_labels:
            return self._np_head(children)
        if cat in self.rules.auxiliaries.labels:
            aux = self._auxiliary_complement(children)
            if aux is not None:
                return aux, "head-auxiliary"
        rule = self.rules.labels.get(cat, self.rules.default)
        order = range(len(children)) if rule.leftward else range(len(children) - 1, -1, -1)
        is_punct = self.vocab.is_punct
        for pattern in rule.priority:
            for i in order:
                child = children[i]
                if pattern.matches(child) and not is_punct(child):
                    return i, rule.rule_id
        for i in order:
            if not is_punct(children[i]):
                return i, rule.rule_id
        return order[0], rule.rule_id

    def _auxiliary_complement(self, children: tuple[Node, ...]) -> int | None:
        """The complement after a first verb that is an auxiliary, if any."""
        aux = self.rules.auxiliaries
        for i, child in enumerate(children):
            if child.word is None or not (child.tag.startswith("VB") or child.tag in ("MD", "TO")):
                continue
            if child.tag not in aux.tags and child.word.lower() not in aux.words:
                return None
            for j in range(i + 1, len(children)):
                if any_match(aux.complement, children[j]):
                    return j
            return None
        return None

    def _np_head(self, children: tuple[Node, ...]) -> tuple[int, str]:
        is_punct = self.vocab.is_punct
        content = [i for i, c in enumerate(children) if not is_punct(c)]
        if not content:
            return len(children) - 1, "np-fallback"
        for rule in self.rules.np_rules:
            if rule.prefix and not self._has_prefix(children, rule):
                continue
            candidates = [content[-1]] if rule.last_child else (content if rule.first else reversed(content))
            for i in candidates:
                child = children[i]
                if rule.match and not any_match(rule.match, child):
                    continue
                if rule.exclude and any_match(rule.exclude, child):
                    continue
                if rule.no_function_tag and child.label.ftags:
                    continue
                if rule.except_words and child.word in rule.except_words:
                    continue
                return i, rule.rule_id
        return content[-1], "np-fallback"

    def _has_prefix(self, children: tuple[Node, ...], rule: NPRule) -> bool:
        if len(children) < len(rule.prefix):
            return False
        if rule.first_word_in_months and children[0].word not in self.rules.months:
            return False
        return all(p.matches(c) for p, c in zip(rule.prefix, children))


MEMO_LIMIT = 200_000


class FindHeads:
    """`tree` -> `heads` (id(node) -> head child index) and `head_rules`."""

    name = "heads"
    needs = ("tree", "coordinations")
    provides = ("heads", "head_rules")

    def __init__(self, rules: HeadRules, vocab: TreebankVocabulary):
        self.finder = HeadFinder(rules, vocab)
        # The head child depends on the phrase's category and on its
        # children's labels (and words): decided once per such signature.
        self._memo: dict[tuple, tuple[int, str]] = {}

    def _head_child(self, node: Node) -> tuple[int, str]:
        if len(node.children) == 1:
            return 0, "head-only-child"
        key = (node.label.cat, tuple((c.word, c.tag, c.label.ftags) if c.word is not None
                                     else (None, c.label.cat, c.label.ftags) for c in node.children))
        found = self._memo.get(key)
        if found is None:
            if len(self._memo) >= MEMO_LIMIT:  # words are in the key: keep memory flat on big corpora
                self._memo.clear()
            found = self._memo[key] = self.finder.head_child(node)
        return found

    def run(self, parse: Parse) -> None:
        heads: dict[int, int] = {}
        rules: dict[int, str] = {}
        coords = parse.coordinations
        stack = [parse.tree]
        while stack:
            node = stack.pop()
            if node.word is not None:
                continue
            coord = coords.get(id(node))
            if coord is not None:
                index, rule_id = coord.conjuncts[0], "head-coordination"
            else:
                index, rule_id = self._head_child(node)
            heads[id(node)] = index
            rules[id(node)] = rule_id
            parse.fire(rule_id)
            stack.extend(node.children)
        parse.heads = heads
        parse.head_rules = rules

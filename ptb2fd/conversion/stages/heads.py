"""Stage 2: find the head child of every constituent (rules/heads.yaml).

Each label has a search direction and a priority list of child patterns;
NP, NX, NML and NAC use the paper's five ordered NP rules (section 4.2)
and a few more, so "(NP (PRP$ its) (NN session) (JJ high))" is headed by
"high", "November 1, 1989" by "1" and "Chapter 11" by "Chapter". A PP is
headed by the complement after its preposition ("[two days] before the
examination" -> examination); an auxiliary's VP complement heads only if
its word head is verbal ("is about to slip" keeps "is"). A coordinated
phrase is headed by its first conjunct. Punctuation never heads a phrase
that has anything else in it.

Known failure (as in the paper): flat NPs make "Boeing" in "Boeing Co.
707s" depend on "707s", not on "Co.".
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ptb2fd.conversion.pipeline import Parse
from ptb2fd.conversion.stages.treebank import TreebankVocabulary
from ptb2fd.rulelang.patterns import Pattern, any_match, compile_patterns
from ptb2fd.rulelang.rulefile import line_of
from ptb2fd.trees.ptbtree import Node


@dataclass(frozen=True)
class LabelRule:
    rule_id: str
    leftward: bool  # True: scan left to right
    priority: tuple[Pattern, ...]
    rightmost: tuple[Pattern, ...] = ()  # priority patterns searched right to left whatever `direction` says
    complement_after: tuple[Pattern, ...] = ()  # search first the children after the first of these
    not_before: tuple[Pattern, ...] = ()  # a child right before one of these (and more) does not head


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
    before_last: tuple[Pattern, ...] = ()  # look only at the child before a last child matching these
    except_months: bool = False  # a child whose word is in `months` does not match
    last_word_not: re.Pattern | None = None  # the rule is off when the last child's word matches
    last_word: re.Pattern | None = None  # the rule is on only when the last child's word matches
    word_in: frozenset[str] | None = None  # a candidate's word (lowercased) must be in this list


@dataclass(frozen=True)
class AuxiliaryRule:
    labels: frozenset[str]
    tags: frozenset[str]
    words: frozenset[str]
    complement: tuple[Pattern, ...]
    head_tags: tuple[Pattern, ...] = ()  # the complement's word head must have one of these tags


@dataclass(frozen=True)
class HeadRules:
    auxiliaries: AuxiliaryRule
    labels: dict[str, LabelRule]
    default: LabelRule
    np_labels: frozenset[str]
    np_rules: tuple[NPRule, ...]
    months: frozenset[str]
    word_lists: dict[str, frozenset[str]] | None = None  # lists NP rules name in `word_in`

    def rule_ids(self) -> list[str]:
        ids = [r.rule_id for r in self.labels.values()] + [self.default.rule_id]
        ids += [r.rule_id for r in self.np_rules] + ["np-fallback", "head-coordination", "head-only-child",
                                                     "head-auxiliary"]
        return ids


def compile_heads(data, checker) -> HeadRules | None:
    data = checker.mapping(data, "heads.yaml")
    if data is None:
        return None
    checker.keys(data, ["labels", "default", "np_labels", "np_rules", "months", "auxiliaries", "word_lists"],
                 ["labels", "default", "np_labels", "np_rules", "auxiliaries"], what="heads.yaml")
    aux = checker.mapping(data.get("auxiliaries", {}), "auxiliaries") or {}
    checker.keys(aux, ["labels", "tags", "words", "complement", "complement_head_tags"], ["labels", "complement"],
                 what="auxiliaries")
    auxiliaries = AuxiliaryRule(
        frozenset(checker.strings(aux.get("labels", []), "auxiliaries.labels")),
        frozenset(checker.strings(aux.get("tags", []), "auxiliaries.tags")),
        frozenset(w.lower() for w in checker.strings(aux.get("words", []), "auxiliaries.words")),
        compile_patterns(aux.get("complement", []), checker, "auxiliaries.complement"),
        compile_patterns(aux.get("complement_head_tags", []), checker, "auxiliaries.complement_head_tags"))

    def label_rule(rule_id: str, spec) -> LabelRule:
        spec = checker.mapping(spec, f"head rule for {rule_id}", rule_id) or {}
        checker.keys(spec, ["direction", "priority", "rightmost", "complement_after", "not_before"], ["direction"],
                     rule_id, "head rule")
        direction = checker.choice(spec.get("direction"), ["left", "right"], "direction", rule_id, line_of(spec))
        priority = compile_patterns(spec.get("priority", []), checker, "priority", rule_id, line_of(spec))
        rightmost = compile_patterns(spec.get("rightmost", []), checker, "rightmost", rule_id, line_of(spec))
        if not {p.text for p in rightmost} <= {p.text for p in priority}:
            checker.problem("every 'rightmost' pattern must be in 'priority'", rule_id, line_of(spec))
        after = compile_patterns(spec.get("complement_after", []), checker, "complement_after", rule_id, line_of(spec))
        not_before = compile_patterns(spec.get("not_before", []), checker, "not_before", rule_id, line_of(spec))
        return LabelRule(rule_id, direction != "right", priority, rightmost, after, not_before)

    labels = {}
    for label, spec in (checker.mapping(data.get("labels", {}), "labels") or {}).items():
        labels[str(label)] = label_rule(f"head-{label}", spec)
    default = label_rule("head-default", data.get("default", {}))
    word_lists = {str(k): frozenset(w.lower() for w in checker.strings(v, f"word_lists.{k}"))
                  for k, v in (checker.mapping(data.get("word_lists", {}), "word_lists") or {}).items()}
    np_rules = []
    for spec, rid, _ in checker.rules(data, "np_rules", "NP head rule",
                                      ["id", "pick", "last_child", "match", "exclude", "no_function_tag",
                                       "except_words", "prefix", "first_word_in", "before_last", "except_in",
                                       "last_word_not", "last_word", "word_in"],
                                      ["id", "pick"]):
        if spec.get("word_in") is not None and spec.get("word_in") not in word_lists:
            checker.problem(f"word_in names no list of word_lists: {spec.get('word_in')!r}", rid, line_of(spec))
        for key in ("first_word_in", "except_in"):
            if spec.get(key) not in (None, "months"):
                checker.problem(f"{key} can only name the 'months' list", rid, line_of(spec))
        pick = checker.choice(spec.get("pick"), ["first", "last"], "pick", rid, line_of(spec))
        regexes = {}
        for key in ("last_word_not", "last_word"):
            if spec.get(key) is not None:
                try:
                    regexes[key] = re.compile(str(spec[key]))
                except re.error as exc:
                    checker.problem(f"{key} is not a regular expression: {exc}", rid, line_of(spec))
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
            compile_patterns(spec.get("before_last", []), checker, "before_last", rid, line_of(spec)),
            spec.get("except_in") == "months",
            regexes.get("last_word_not"),
            regexes.get("last_word"),
            word_lists.get(spec.get("word_in")) if spec.get("word_in") is not None else None,
        ))
    return HeadRules(auxiliaries, labels, default, frozenset(checker.strings(data.get("np_labels", []), "np_labels")),
                     tuple(np_rules), frozenset(checker.strings(data.get("months", []), "months")), word_lists)


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
        if rule.complement_after:
            # "(PP (NP two days) (IN before) (NP the examination))": the
            # complement after the preposition heads, the measure NP modifies.
            marker = next((i for i, c in enumerate(children) if any_match(rule.complement_after, c)), None)
            if marker is not None:
                found = self._search(children, rule, [i for i in order if i > marker])
                if found is not None:
                    return found, rule.rule_id
        found = self._search(children, rule, order)
        if found is not None:
            return found, rule.rule_id
        for i in order:
            if not is_punct(children[i]):
                return i, rule.rule_id
        return order[0], rule.rule_id

    def _search(self, children: tuple[Node, ...], rule: LabelRule, order) -> int | None:
        """The first priority pattern that some child in `order` matches wins."""
        is_punct = self.vocab.is_punct
        if rule.not_before:
            # "(ADJP (NN dose) (HYPH -) (JJ dependent))": the word before the
            # hyphen is the modifier half of the compound.
            last = len(children) - 2
            order = [i for i in order if i >= last or not any_match(rule.not_before, children[i + 1])]
        backward = list(order)[::-1] if rule.rightmost else order
        for pattern in rule.priority:
            for i in (backward if pattern in rule.rightmost else order):
                child = children[i]
                if pattern.matches(child) and not is_punct(child):
                    return i
        return None

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
                    return j if self._verbal_complement(children[j]) else None
            return None
        return None

    def _verbal_complement(self, complement: Node) -> bool:
        """Whether the complement's word head stands directly in a VP-like
        phrase with a verbal tag. "(VP (VBZ is) (VP (IN about) (S to
        slip)))" and the ellipsis "(VP (VBD had) (VP (PP for each ...)))"
        do not: the auxiliary heads. The listed tags include those the POS
        corrections later turn into verbs ("did n't elaborate/JJ"), which
        run after the heads (they need the dependencies)."""
        aux = self.rules.auxiliaries
        if not aux.head_tags:
            return True
        parent, node = None, complement
        while node.word is None:
            parent, node = node, node.children[self.head_child(node)[0]]
        return parent is not None and parent.label.cat in aux.labels and any_match(aux.head_tags, node)

    def _np_head(self, children: tuple[Node, ...]) -> tuple[int, str]:
        is_punct = self.vocab.is_punct
        content = [i for i, c in enumerate(children) if not is_punct(c)]
        if not content:
            return len(children) - 1, "np-fallback"
        for rule in self.rules.np_rules:
            if rule.prefix and not self._has_prefix(children, rule):
                continue
            if rule.last_word_not is not None and rule.last_word_not.match(_one_word(children[content[-1]]) or ""):
                continue
            if rule.last_word is not None and not rule.last_word.match(_one_word(children[content[-1]]) or ""):
                continue
            if rule.before_last:
                if len(content) < 2 or not any_match(rule.before_last, children[content[-1]]):
                    continue
                candidates = [content[-2]]
            else:
                candidates = [content[-1]] if rule.last_child else (content if rule.first else reversed(content))
            for i in candidates:
                child = children[i]
                if rule.except_months and child.word in self.rules.months:
                    continue
                if rule.match and not any_match(rule.match, child):
                    continue
                if rule.exclude and any_match(rule.exclude, child):
                    continue
                if rule.no_function_tag and child.label.ftags:
                    continue
                if rule.except_words and _one_word(child) in rule.except_words:
                    continue
                if rule.word_in is not None and (_one_word(child) or "").lower() not in rule.word_in:
                    continue
                return i, rule.rule_id
        return content[-1], "np-fallback"

    def _has_prefix(self, children: tuple[Node, ...], rule: NPRule) -> bool:
        if len(children) < len(rule.prefix):
            return False
        if rule.first_word_in_months and children[0].word not in self.rules.months:
            return False
        return all(p.matches(c) for p, c in zip(rule.prefix, children))


def _one_word(node: Node) -> str | None:
    """The word of a word, or of a phrase that holds just one: "(NP (PRP themselves))"."""
    while node.word is None and len(node.children) == 1:
        node = node.children[0]
    return node.word


class FindHeads:
    """`tree` -> `heads` (id(node) -> head child index) and `head_rules`."""

    name = "heads"
    needs = ("tree", "coordinations")
    provides = ("heads", "head_rules")

    def __init__(self, rules: HeadRules, vocab: TreebankVocabulary):
        self.finder = HeadFinder(rules, vocab)

    def run(self, parse: Parse) -> None:
        heads: dict[int, int] = {}
        rules: dict[int, str] = {}
        coords = parse.coordinations
        head_child = self.finder.head_child
        fired = parse.fired
        stack = [parse.tree]
        while stack:
            node = stack.pop()
            if node.word is not None:
                continue
            coord = coords.get(id(node))
            if coord is not None:
                index, rule_id = coord.conjuncts[0], "head-coordination"
            else:
                index, rule_id = head_child(node)
            key = id(node)
            heads[key] = index
            rules[key] = rule_id
            fired[rule_id] += 1
            stack.extend(node.children)
        parse.heads = heads
        parse.head_rules = rules

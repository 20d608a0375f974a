"""The head rules of rules/heads.yaml, compiled and checked (used by the
heads stage, heads.py): per-label rules, the NP rules, the auxiliaries.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ptb2fd.rulelang.patterns import Pattern, compile_patterns
from ptb2fd.rulelang.rulefile import line_of


@dataclass(frozen=True)
class LabelRule:
    rule_id: str
    leftward: bool  # True: scan left to right
    priority: tuple[Pattern, ...]
    rightmost: tuple[Pattern, ...] = ()  # priority patterns searched right to left whatever `direction` says
    complement_after: tuple[Pattern, ...] = ()  # search first the children after the first of these
    not_before: tuple[Pattern, ...] = ()  # a child right before one of these (and more) does not head
    modifier: tuple[Pattern, ...] = ()  # a child of these right before one of `modified` does not head
    modified: tuple[Pattern, ...] = ()


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
    rest_words: re.Pattern | None = None  # every word after the candidate (but punctuation, CC) must match
    word: re.Pattern | None = None  # the candidate's own word must match
    prefix_skips: tuple[Pattern, ...] = ()  # children left out when matching `prefix` (stray quotes, brackets)


@dataclass(frozen=True)
class AuxiliaryRule:
    labels: frozenset[str]
    tags: frozenset[str]
    words: frozenset[str]
    complement: tuple[Pattern, ...]
    head_tags: tuple[Pattern, ...] = ()  # the complement's word head must have one of these tags
    not_ftags: frozenset[str] = frozenset()  # a complement with one of these function tags is no verb chain


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
    checker.keys(aux, ["labels", "tags", "words", "complement", "complement_head_tags", "complement_not_ftags"],
                 ["labels", "complement"], what="auxiliaries")
    auxiliaries = AuxiliaryRule(
        frozenset(checker.strings(aux.get("labels", []), "auxiliaries.labels")),
        frozenset(checker.strings(aux.get("tags", []), "auxiliaries.tags")),
        frozenset(w.lower() for w in checker.strings(aux.get("words", []), "auxiliaries.words")),
        compile_patterns(aux.get("complement", []), checker, "auxiliaries.complement"),
        compile_patterns(aux.get("complement_head_tags", []), checker, "auxiliaries.complement_head_tags"),
        frozenset(checker.strings(aux.get("complement_not_ftags", []), "auxiliaries.complement_not_ftags")))

    def label_rule(rule_id: str, spec) -> LabelRule:
        spec = checker.mapping(spec, f"head rule for {rule_id}", rule_id) or {}
        checker.keys(spec, ["direction", "priority", "rightmost", "complement_after", "not_before", "modifies_next"],
                     ["direction"], rule_id, "head rule")
        direction = checker.choice(spec.get("direction"), ["left", "right"], "direction", rule_id, line_of(spec))
        priority = compile_patterns(spec.get("priority", []), checker, "priority", rule_id, line_of(spec))
        rightmost = compile_patterns(spec.get("rightmost", []), checker, "rightmost", rule_id, line_of(spec))
        if not {p.text for p in rightmost} <= {p.text for p in priority}:
            checker.problem("every 'rightmost' pattern must be in 'priority'", rule_id, line_of(spec))
        after = compile_patterns(spec.get("complement_after", []), checker, "complement_after", rule_id, line_of(spec))
        not_before = compile_patterns(spec.get("not_before", []), checker, "not_before", rule_id, line_of(spec))
        nxt = checker.mapping(spec.get("modifies_next", {}), "modifies_next", rule_id) or {}
        checker.keys(nxt, ["words", "next"], [], rule_id, "modifies_next")
        modifier = compile_patterns(nxt.get("words", []), checker, "modifies_next.words", rule_id, line_of(spec))
        modified = compile_patterns(nxt.get("next", []), checker, "modifies_next.next", rule_id, line_of(spec))
        return LabelRule(rule_id, direction != "right", priority, rightmost, after, not_before, modifier, modified)

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
                                       "last_word_not", "last_word", "word_in", "rest_words", "word", "prefix_skips"],
                                      ["id", "pick"]):
        if spec.get("word_in") is not None and spec.get("word_in") not in word_lists:
            checker.problem(f"word_in names no list of word_lists: {spec.get('word_in')!r}", rid, line_of(spec))
        for key in ("first_word_in", "except_in"):
            if spec.get(key) not in (None, "months"):
                checker.problem(f"{key} can only name the 'months' list", rid, line_of(spec))
        pick = checker.choice(spec.get("pick"), ["first", "last"], "pick", rid, line_of(spec))
        regexes = {}
        for key in ("last_word_not", "last_word", "rest_words", "word"):
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
            regexes.get("rest_words"),
            regexes.get("word"),
            compile_patterns(spec.get("prefix_skips", []), checker, "prefix_skips", rid, line_of(spec)),
        ))
    return HeadRules(auxiliaries, labels, default, frozenset(checker.strings(data.get("np_labels", []), "np_labels")),
                     tuple(np_rules), frozenset(checker.strings(data.get("months", []), "months")), word_lists)

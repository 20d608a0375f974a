"""Coordination rules (rules/coordination.yaml), compiled, and the record of
one coordination found in a tree. The stage itself is in coordination.py.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ptb2fd.rulelang.rulefile import line_of

ANALYSES = ("phrasal", "flat-premod", "flat-shared", "flat-full")
COUNTERS = ("clausal", "np", "other")


@dataclass(frozen=True)
class Coordination:
    conjuncts: tuple[int, ...]  # child indices within the coordination node
    markers: tuple[int, ...]
    separators: tuple[int, ...]
    rule_id: str
    kind: str  # clausal / np / other
    nested: bool  # a node was added for it
    modifiers: tuple[tuple[int, int], ...] = ()  # (adverb, the conjunct after it): "or [even] early Tuesday"


@dataclass(frozen=True)
class CoordRule:
    rule_id: str
    parents: frozenset[str]  # '*' = any
    analysis: str
    head_tags: frozenset[str]
    conjunct_tags: frozenset[str]
    count_as: str


@dataclass(frozen=True)
class CoordinationRules:
    conjunction_tags: frozenset[str]
    conjunction_phrases: frozenset[str]
    separator_words: frozenset[str]
    initial_markers: frozenset[str]
    families: dict[str, frozenset[str]]  # category -> families
    nominal_ftag: frozenset[str]  # function tags that make a constituent nominal
    unlike_parents: frozenset[str]
    rules: tuple[CoordRule, ...]
    interrupters: frozenset[str] = frozenset()  # labels skipped like punctuation between conjuncts
    conjunct_modifiers: frozenset[str] = frozenset()  # categories of adverbs that open a conjunct
    set_off_modifiers: frozenset[str] = frozenset()  # ... and of phrases that do when set off by separators
    list_closers: frozenset[str] = frozenset()  # last conjuncts that close a list of anything ("and so on")
    shared_dependents: str = "nearest"  # where dependents shared by all conjuncts attach: nearest | first
    unlike_conjuncts: frozenset[str] = frozenset()  # labels coordinated when no family pairs them
    identifier_words: re.Pattern | None = None  # identifiers: the conjuncts of "Tables [2a] and [2b]"

    def rule_ids(self) -> list[str]:
        return [r.rule_id for r in self.rules]


def compile_coordination(data, checker) -> CoordinationRules | None:
    data = checker.mapping(data, "coordination.yaml")
    if data is None:
        return None
    keys = ["conjunction_tags", "conjunction_phrases", "separator_words", "initial_markers", "families",
            "unlike_parents", "rules"]
    checker.keys(data, keys + ["interrupters", "conjunct_modifiers", "set_off_conjunct_modifiers", "list_closers",
                               "shared_dependents", "identifier_words", "unlike_conjuncts"], keys, what="coordination.yaml")
    shared = checker.choice(data.get("shared_dependents", "nearest"), ("nearest", "first"), "shared_dependents",
                            None, None)
    families: dict[str, set[str]] = {}
    ftags: set[str] = set()
    for fam, members in (checker.mapping(data.get("families", {}), "families") or {}).items():
        for m in checker.strings(members, f"families.{fam}"):
            if m.startswith("-"):
                if fam != "nominal":
                    checker.problem(f"families.{fam}: function-tag members (like {m}) are only allowed in 'nominal'")
                ftags.add(m[1:])
            else:
                families.setdefault(m, set()).add(str(fam))
    identifiers = None
    if data.get("identifier_words") is not None:
        try:
            identifiers = re.compile(str(data["identifier_words"]))
        except re.error as exc:
            checker.problem(f"identifier_words is not a regular expression: {exc}")
    rules = []
    for spec, rid, _ in checker.rules(data, "rules", "coordination rule",
                                      ["id", "parents", "analysis", "head_tags", "conjunct_tags", "count_as"],
                                      ["id", "parents", "analysis", "count_as"]):
        analysis = checker.choice(spec.get("analysis"), ANALYSES, "analysis", rid, line_of(spec))
        count_as = checker.choice(spec.get("count_as"), COUNTERS, "count_as", rid, line_of(spec))
        rules.append(CoordRule(str(rid), frozenset(checker.strings(spec.get("parents", []), "parents", rid)),
                               analysis or "phrasal", frozenset(checker.strings(spec.get("head_tags", []), "head_tags", rid)),
                               frozenset(checker.strings(spec.get("conjunct_tags", []), "conjunct_tags", rid)),
                               count_as or "other"))
    return CoordinationRules(
        frozenset(checker.strings(data.get("conjunction_tags", []), "conjunction_tags")),
        frozenset(checker.strings(data.get("conjunction_phrases", []), "conjunction_phrases")),
        frozenset(checker.strings(data.get("separator_words", []), "separator_words")),
        frozenset(w.lower() for w in checker.strings(data.get("initial_markers", []), "initial_markers")),
        {k: frozenset(v) for k, v in families.items()},
        frozenset(ftags),
        frozenset(checker.strings(data.get("unlike_parents", []), "unlike_parents")),
        tuple(rules),
        frozenset(checker.strings(data.get("interrupters", []), "interrupters")),
        frozenset(checker.strings(data.get("conjunct_modifiers", []), "conjunct_modifiers")),
        frozenset(checker.strings(data.get("set_off_conjunct_modifiers", []), "set_off_conjunct_modifiers")),
        frozenset(w.lower() for w in checker.strings(data.get("list_closers", []), "list_closers")),
        shared or "nearest",
        frozenset(checker.strings(data.get("unlike_conjuncts", []), "unlike_conjuncts")),
        identifiers,
    )

"""The rules of rules/punctuation.yaml, compiled: mark pairs and the strategy cascade.

Each rule names a strategy (see `punctuation_targets`) and optionally the
marks it is for; the first rule whose strategy finds a target for a mark
decides it. `pairs` maps an opening mark to the marks that close it
("``" -> "''"); the raw quotes `"` and `'` always pair with themselves.
"""
from __future__ import annotations

from dataclasses import dataclass

from ptb2fd.rulelang.rulefile import line_of

STRATEGIES = ("root-final", "coordination", "pair", "open", "open-inside", "close", "paired", "outward",
              "bracket-head")


@dataclass(frozen=True)
class PunctRule:
    rule_id: str
    strategy: str
    marks: frozenset[str]  # empty: any mark
    parents: frozenset[str] = frozenset()  # empty: in any phrase; else only in phrases with these labels


@dataclass(frozen=True)
class PunctuationRules:
    pairs: dict[str, frozenset[str]]
    not_punctuation: frozenset[str]
    marker_tags: frozenset[str]
    rules: tuple[PunctRule, ...]

    def rule_ids(self) -> list[str]:
        return [r.rule_id for r in self.rules]


def compile_punctuation(data, checker) -> PunctuationRules | None:
    data = checker.mapping(data, "punctuation.yaml")
    if data is None:
        return None
    checker.keys(data, ["pairs", "not_punctuation", "marker_tags", "rules"], ["pairs", "rules"],
                 what="punctuation.yaml")
    pairs = {str(k): frozenset(checker.strings(v, f"pairs.{k}")) for k, v in
             (checker.mapping(data.get("pairs", {}), "pairs") or {}).items()}
    pairs.setdefault('"', frozenset({'"'}))
    pairs.setdefault("'", frozenset({"'"}))
    rules = []
    for spec, rid, _ in checker.rules(data, "rules", "punctuation rule", ["id", "strategy", "marks", "parents"],
                                      ["id", "strategy"]):
        strategy = checker.choice(spec.get("strategy"), STRATEGIES, "strategy", rid, line_of(spec))
        rules.append(PunctRule(str(rid), strategy or "bracket-head",
                               frozenset(checker.strings(spec.get("marks", []), "marks", rid)),
                               frozenset(checker.strings(spec.get("parents", []), "parents", rid))))
    return PunctuationRules(pairs, frozenset(checker.strings(data.get("not_punctuation", []), "not_punctuation")),
                            frozenset(checker.strings(data.get("marker_tags", []), "marker_tags")), tuple(rules))

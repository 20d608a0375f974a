"""POS corrections (rules/pos_corrections.yaml; paper section 4.7, Table 5).

Some Treebank tags conflict with the syntax around them: "(S (NP-SBJ It)
(VP (VBN rose) ...))" has a VBN heading a finite clause with no auxiliary,
so it is really a VBD. A correction changes the effective tag that cat0,
cat1, tense and the base form are computed from; `cat` keeps the original.
Every correction is counted by kind ("VBN>VBD") and by rule id.
"""
from __future__ import annotations

from dataclasses import dataclass

from ptb2fd.conversion.pipeline import Parse
from ptb2fd.conversion.stages.treebank import TreebankVocabulary
from ptb2fd.rulelang.cascade import Cascade
from ptb2fd.rulelang.conditions import Condition, compile_when
from ptb2fd.rulelang.rulefile import line_of


@dataclass(frozen=True)
class CorrectionRule:
    rule_id: str
    source: str
    target: str
    when: tuple[Condition, ...]

    @property
    def kind(self) -> str:
        return f"{self.source}>{self.target}"


@dataclass(frozen=True)
class CorrectionRules:
    rules: tuple[CorrectionRule, ...]
    by_tag: dict[str, tuple[CorrectionRule, ...]]

    def rule_ids(self) -> list[str]:
        return [r.rule_id for r in self.rules]


def compile_corrections(data, checker, pos_tags: frozenset[str] = frozenset()) -> CorrectionRules | None:
    data = checker.mapping(data, "pos_corrections.yaml")
    if data is None:
        return None
    checker.keys(data, ["rules"], ["rules"], what="pos_corrections.yaml")
    rules = []
    for spec, rid, _ in checker.rules(data, "rules", "correction rule", ["id", "from", "to", "when", "example"],
                                      ["id", "from", "to", "when"]):
        for key in ("from", "to"):
            if pos_tags and spec.get(key) not in pos_tags:
                checker.problem(f"'{key}' must be a POS tag from treebank.yaml; got {spec.get(key)!r}", rid, line_of(spec))
        when = checker.mapping(spec.get("when", {}), "when", rid) or {}
        rules.append(CorrectionRule(str(rid), str(spec.get("from")), str(spec.get("to")),
                                    compile_when(when, checker, rid, {}, line_of(spec))))
    by_tag: dict[str, list[CorrectionRule]] = {}
    for r in rules:
        by_tag.setdefault(r.source, []).append(r)
    return CorrectionRules(tuple(rules), {k: tuple(v) for k, v in by_tag.items()})


class CorrectPOS:
    """-> `tags` (effective tag per word) and `corrections` (word -> rule)."""

    name = "pos-corrections"
    needs = ("deps", "heads", "words")
    provides = ("tags", "corrections")

    def __init__(self, rules: CorrectionRules, vocab: TreebankVocabulary, be_words: frozenset[str]):
        self.rules = rules
        self.vocab = vocab
        self.be = be_words
        self.cascades = {tag: Cascade(rs) for tag, rs in rules.by_tag.items()}

    def run(self, parse: Parse) -> None:
        tags = [w.tag for w in parse.words]
        corrections: dict[int, CorrectionRule] = {}
        cascades = self.cascades
        # The words of each corrected tag go through their cascade together
        # (no rule reads another word's correction: `parse.tags` is set last).
        by_tag: dict[str, list[int]] = {}
        for t, tag in enumerate(tags):
            if tag in cascades:
                by_tag.setdefault(tag, []).append(t)
        found: dict[int, CorrectionRule] = {}
        for tag, positions in by_tag.items():
            for t, rule in zip(positions, cascades[tag].first_each(positions, parse, self.vocab.is_punct, self.be)):
                if rule is not None:
                    found[t] = rule
        for t in sorted(found):
            rule = found[t]
            tags[t] = rule.target
            corrections[t] = rule
            parse.fire(rule.rule_id)
            parse.notes[f"correction:{rule.kind}"] += 1
        parse.tags = tags
        parse.corrections = corrections

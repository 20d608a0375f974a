"""Factored categories of a tagged word (rules/categories.yaml; paper Table 2).

The Penn tag (kept as `cat`) is split into cat0 (8 closed classes, 12
punctuation classes, 4 open classes v/n/adj/adv), cat1 (verb mood, noun
type, adjective or adverb kind), tense (past/present) and pn (s/p). Most of
it follows from the tag alone: "said"/VBD -> v, indicative, past. A few
values need the word: "not"/RB is a neg adverb, "these"/DT plural, "would"/MD
past, ";"/: a semicolon. A VB is imperative only when the caller says so.

Known failures: "you" gets no pn; person is never marked (pn is only
number, as in the paper's s/p); "that"/DT is s even in "that many"; a
word the tagger got wrong keeps the wrong factors (the pipeline's POS
corrections run before this).
"""
from __future__ import annotations

from dataclasses import dataclass

from ptb2fd.rulelang.rulefile import line_of

FEATURES = ("cat0", "cat1", "tense", "pn")
CAT0_CLASSES = ("closed", "punctuation", "open")


@dataclass(frozen=True)
class Factors:
    cat0: str | None
    cat1: str | None
    tense: str | None
    pn: str | None


@dataclass(frozen=True)
class Value:
    """One feature of one tag: fixed, or chosen by the (lowercased) word."""

    default: str | None
    by_word: dict[str, str]
    imperative: str | None = None

    def get(self, lower: str, imperative: bool) -> str | None:
        if imperative and self.imperative is not None:
            return self.imperative
        return self.by_word.get(lower, self.default)

    def possible(self) -> set[str]:
        found = set(self.by_word.values()) | {self.default, self.imperative}
        found.discard(None)
        return found


@dataclass(frozen=True)
class TagEntry:
    rule_id: str
    cat0: Value
    cat1: Value
    tense: Value
    pn: Value


@dataclass(frozen=True)
class CategoryRules:
    tags: dict[str, TagEntry]
    default: TagEntry
    cat0_classes: dict[str, frozenset[str]]  # closed / punctuation / open -> cat0 values

    def rule_ids(self) -> list[str]:
        return [e.rule_id for e in self.tags.values()] + [self.default.rule_id]


def compile_categories(data, checker) -> CategoryRules | None:
    data = checker.mapping(data, "categories.yaml")
    if data is None:
        return None
    checker.keys(data, ["values", "tags", "default"], ["values", "tags", "default"], what="categories.yaml")
    values = checker.mapping(data.get("values", {}), "values") or {}
    checker.keys(values, FEATURES, FEATURES, what="values")
    classes = checker.mapping(values.get("cat0", {}), "values.cat0") or {}
    checker.keys(classes, CAT0_CLASSES, CAT0_CLASSES, what="values.cat0")
    cat0_classes = {c: frozenset(checker.strings(classes.get(c, []), f"values.cat0.{c}")) for c in CAT0_CLASSES}
    all_cat0 = frozenset().union(*cat0_classes.values())
    cat1_by_cat0 = {str(k): frozenset(checker.strings(v, f"values.cat1.{k}")) for k, v in
                    (checker.mapping(values.get("cat1", {}), "values.cat1") or {}).items()}
    for cat0 in cat1_by_cat0:
        if cat0 not in cat0_classes["open"]:
            checker.problem(f"values.cat1 has '{cat0}', which is not an open cat0", line=line_of(values))
    allowed = {
        "tense": frozenset(checker.strings(values.get("tense", []), "values.tense")),
        "pn": frozenset(checker.strings(values.get("pn", []), "values.pn")),
    }

    def value(spec, feature: str, rid: str) -> Value:
        if spec is None or isinstance(spec, str):
            return Value(spec, {})
        spec = checker.mapping(spec, f"{feature} of {rid}", rid)
        if spec is None:
            return Value(None, {})
        checker.keys(spec, ["value", "words", "imperative"], [], rid, f"{feature} value")
        if "imperative" in spec and feature != "cat1":
            checker.problem(f"'imperative' only applies to cat1, not {feature}", rid, line_of(spec))
        by_word = {}
        for val, words in (checker.mapping(spec.get("words", {}), f"{feature}.words", rid) or {}).items():
            for word in checker.strings(words, f"{feature}.words.{val}", rid, line_of(spec)):
                if word.lower() in by_word:
                    checker.problem(f"word {word!r} has two {feature} values", rid, line_of(spec))
                by_word[word.lower()] = str(val)
        for key in ("value", "imperative"):
            if spec.get(key) is not None and not isinstance(spec.get(key), str):
                checker.problem(f"{feature}.{key} must be a string or null", rid, line_of(spec))
        return Value(spec.get("value"), by_word, spec.get("imperative"))

    def entry(rid: str, spec) -> TagEntry | None:
        spec = checker.mapping(spec, f"entry {rid}", rid)
        if spec is None:
            return None
        checker.keys(spec, FEATURES, ["cat0"], rid, "tag entry")
        line = line_of(spec)
        feats = {f: value(spec.get(f), f, rid) for f in FEATURES}
        cat0s = feats["cat0"].possible()
        for bad in sorted(cat0s - all_cat0):
            checker.problem(f"unknown cat0 '{bad}'; valid: {', '.join(sorted(all_cat0))}", rid, line)
        # cat1 subdivides open classes only: "det" has none, "n" has common/proper/pron.
        cat1_ok = frozenset().union(*(cat1_by_cat0.get(c, frozenset()) for c in cat0s))
        for bad in sorted(feats["cat1"].possible() - cat1_ok):
            checker.problem(f"cat1 '{bad}' is not a subdivision of cat0 {', '.join(sorted(cat0s)) or '-'}",
                            rid, line)
        for feature, ok in allowed.items():
            for bad in sorted(feats[feature].possible() - ok):
                checker.problem(f"unknown {feature} '{bad}'; valid: {', '.join(sorted(ok))}", rid, line)
        return TagEntry(rid, feats["cat0"], feats["cat1"], feats["tense"], feats["pn"])

    tags = {}
    for tag, spec in (checker.mapping(data.get("tags", {}), "tags") or {}).items():
        compiled = entry(f"cat-{tag}", spec)
        if compiled is not None:
            tags[str(tag)] = compiled
    default = entry("cat-default", data.get("default", {})) or TagEntry(
        "cat-default", Value(None, {}), Value(None, {}), Value(None, {}), Value(None, {}))
    return CategoryRules(tags, default, cat0_classes)


def factor(word: str, tag: str, rules: CategoryRules, *, imperative: bool = False) -> Factors:
    """cat0, cat1, tense and pn of `word` tagged `tag`; unknown tags use the default entry."""
    entry = rules.tags.get(tag, rules.default)
    lower = word.lower()
    return Factors(entry.cat0.get(lower, imperative), entry.cat1.get(lower, imperative),
                   entry.tense.get(lower, imperative), entry.pn.get(lower, imperative))

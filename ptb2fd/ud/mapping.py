"""rules/ud.yaml compiled: the UD relation of each word (an ordered
cascade of rules with ids), the UPOS table and its refinements, lemmas of
function words and features. Every problem is reported with file, rule id
and line (`RuleFileError`), like the other rule files.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Iterator

from ptb2fd.errors import RuleFileError
from ptb2fd.rulelang.folder import default_rules_dir
from ptb2fd.rulelang.rulefile import Checker, line_of
from ptb2fd.ud.conditions import BOOL_CONDITIONS, CONDITIONS, LIST_CONDITIONS, Test, compile_when, tag_matcher

UD_FILE = "ud.yaml"
UPOS_TAGS = frozenset({"ADJ", "ADP", "ADV", "AUX", "CCONJ", "DET", "INTJ", "NOUN", "NUM", "PART", "PRON", "PROPN",
                       "PUNCT", "SCONJ", "SYM", "VERB", "X"})
# Roles the reshaping gives that ptb2fd's records never have (shape.py): the
# complement whose subject was raised to object, "made it [difficult]".
RESHAPED_ROLES = frozenset({"object-clause"})
TOP_KEYS = ("release", "deprels", "wordlists", "structure", "relations", "upos", "lemmas", "features")
STRUCTURE_KEYS = ("copula", "copula_lemmas", "predicate_roles", "existential_tags",
                  "flat_name", "compound_name", "name_tags", "fixed", "conj", "cc", "preconj", "coord_punct",
                  "shared", "punct_roles", "marker_roles", "conjunction_roles", "compound_name_heads",
                  "possessive_tags", "fixed_expressions", "raised_object", "raising_roles", "finite_tags",
                  "subject_roles", "dictionary_noun_heads")


@dataclass(frozen=True)
class Rule:
    """`roles`, `upos`, `tags`: the conditions on the word itself, checked
    first and once per (role, UPOS, tag) (`Cascade`); `test` the others."""

    rule_id: str
    value: str  # a deprel or a UPOS
    test: Test
    line: int | None = None
    roles: frozenset[str] | None = None
    upos: frozenset[str] | None = None
    tags: tuple[str, ...] | None = None

    def fits(self, role: str, upos: str, tag: str) -> bool:
        return ((self.roles is None or role in self.roles) and (self.upos is None or upos in self.upos)
                and (self.tags is None or tag_matcher(self.tags)(tag)))


class Cascade:
    """An ordered list of rules, with the rules that can apply to a word of
    a given (role, UPOS, tag) found once: most rules are then never tried."""

    def __init__(self, rules: tuple[Rule, ...]):
        self.rules = rules
        self._fitting: dict[tuple[str, str, str], tuple[Rule, ...]] = {}

    def __iter__(self):
        return iter(self.rules)

    def __len__(self) -> int:
        return len(self.rules)

    def first(self, tree, i: int, role: str, upos: str, tag: str) -> Rule | None:
        key = (role, upos, tag)
        fitting = self._fitting.get(key)
        if fitting is None:
            fitting = self._fitting[key] = tuple(r for r in self.rules if r.fits(role, upos, tag))
        for rule in fitting:
            if rule.test(tree, i):
                return rule
        return None


@dataclass(frozen=True)
class UdMapping:
    release: str
    deprels: frozenset[str]
    structure: dict
    relations: Cascade
    upos_tags: dict[str, str]
    upos_rules: Cascade
    lemmas: dict[str, str]  # lowercased word -> lemma (function words)
    tag_features: dict[str, str]  # tag -> FEATS
    word_features: dict[str, str]  # lowercased word (with its UPOS: "it PRON") -> FEATS
    ids: tuple[str, ...] = field(default=())

    def rule_ids(self) -> list[str]:
        return list(self.ids)


def _rules(data, checker: Checker, key: str, value_key: str, allowed: frozenset[str], wordlists) -> list[Rule]:
    out = []
    for spec, rid, line in checker.rules(data, key, f"{key} rule", ("id", "when", value_key, "example"),
                                         ("id", "when", value_key)):
        value = spec.get(value_key)
        known = value in allowed
        if not known:
            checker.problem(f"{value_key} {value!r} is not one of {', '.join(sorted(allowed))}", rid, line)
        when = checker.mapping(spec.get("when"), "when", rid)
        if when is None:
            continue
        ok = checker.keys(when, CONDITIONS, (), rid, "when") and known
        checked = {}
        for name, v in when.items():
            if name in BOOL_CONDITIONS and not isinstance(v, bool):
                checker.problem(f"condition {name} must be true or false", rid, line_of(when))
                ok = False
            elif name in LIST_CONDITIONS:
                checked[name] = checker.strings(v, f"condition {name}", rid, line_of(when))
            elif name == "side":
                ok = checker.choice(v, ("left", "right"), "side", rid, line_of(when)) is not None and ok
                checked[name] = v
            elif name == "wordlist":
                if v not in wordlists:
                    checker.problem(f"unknown wordlist {v!r}", rid, line_of(when))
                    ok = False
                checked[name] = v
            else:
                checked[name] = v
        if ok:
            static = {k: checked.pop(k) for k in ("role", "upos", "tag") if k in checked}
            out.append(Rule(rid, str(value), compile_when(checked, wordlists), line,
                            frozenset(static["role"]) if "role" in static else None,
                            frozenset(static["upos"]) if "upos" in static else None,
                            tuple(static["tag"]) if "tag" in static else None))
    return out


def _string_map(data, checker: Checker, key: str) -> dict[str, str]:
    raw = data.get(key) or {}
    if not isinstance(raw, dict):
        checker.problem(f"{key} must be a mapping", line=line_of(raw))
        return {}
    return {str(k): str(v) for k, v in raw.items()}


def _lemma_key(key: str) -> str:
    """"Her/PRP" -> "her/PRP": the word lowercased, the tag as it is."""
    word, slash, tag = key.rpartition("/") if "/" in key[1:] else (key, "", "")
    return f"{word.lower()}{slash}{tag}" if slash else key.lower()


def compile_ud(data, checker: Checker) -> UdMapping | None:
    """The mapping of rules/ud.yaml; None (and problems) when it is wrong."""
    data = checker.mapping(data, "ud.yaml")
    if data is None:
        return None
    checker.keys(data, TOP_KEYS, ("release", "deprels", "structure", "relations", "upos"), what="ud.yaml")
    deprels = frozenset(checker.strings(data.get("deprels", []), "deprels"))
    wordlists = {str(k): frozenset(str(w).lower() for w in v) for k, v in (data.get("wordlists") or {}).items()}
    structure = checker.mapping(data.get("structure"), "structure") or {}
    checker.keys(structure, STRUCTURE_KEYS, STRUCTURE_KEYS, what="structure")
    structure_ids = [str(structure[k]) for k in ("copula", "flat_name", "compound_name", "fixed", "conj", "cc",
                                                 "preconj", "coord_punct", "shared", "raised_object")
                     if k in structure]
    relations = _rules(data, checker, "relations", "deprel", deprels, wordlists)
    upos_spec = checker.mapping(data.get("upos"), "upos") or {}
    checker.keys(upos_spec, ("tags", "unknown", "rules"), ("tags", "unknown"), what="upos")
    upos_tags = _string_map(upos_spec, checker, "tags")
    for tag, value in upos_tags.items():
        if value not in UPOS_TAGS:
            checker.problem(f"upos.tags.{tag}: {value!r} is not a Universal POS tag", line=line_of(upos_spec))
    upos_tags["__unknown__"] = str(upos_spec.get("unknown", "X"))
    upos_rules = _rules(upos_spec, checker, "rules", "upos", UPOS_TAGS, wordlists)
    lemmas = {_lemma_key(k): v for k, v in _string_map(data, checker, "lemmas").items()}
    features = checker.mapping(data.get("features") or {}, "features") or {}
    checker.keys(features, ("tags", "words"), (), what="features")
    tag_features = _string_map(features, checker, "tags")
    word_features = _string_map(features, checker, "words")
    for where, table in (("tags", tag_features), ("words", word_features)):
        for key, feats in table.items():
            names = [f.partition("=")[0] for f in feats.split("|")]
            if names != sorted(names, key=str.lower) or any("=" not in f for f in feats.split("|")):
                checker.problem(f"features.{where}.{key}: {feats!r} is not Name=Value|... sorted by name",
                                line=line_of(features))
    ids = tuple(structure_ids + [r.rule_id for r in relations] + [r.rule_id for r in upos_rules])
    if checker.problems:
        return None
    return UdMapping(str(data["release"]), deprels, dict(structure), Cascade(tuple(relations)), upos_tags,
                     Cascade(tuple(upos_rules)), lemmas, tag_features, word_features, ids)


def load_mapping(directory: Path | None = None) -> UdMapping:
    """rules/ud.yaml of `directory` (default: the bundled rules)."""
    path = Path(directory or default_rules_dir()) / UD_FILE
    checker = Checker(path)
    data = checker.load()
    mapping = compile_ud(data, checker) if data is not None else None
    if mapping is None:
        raise RuleFileError(checker.problems)
    return mapping


# The rule folder whose ud.yaml the writer reads in this process: `convert
# --rules DIR -o x.conllu` must export with DIR's mapping, not the bundled
# one (records made with one rule folder, exported with another, would say
# nothing of it). Set before workers fork; a Dask worker sets its own.
_selected: list = [None]


def select_rules(directory: str | Path | None) -> UdMapping:
    """Read ud.yaml from `directory` from now on in this process (None: the
    bundled rules, or $PTB2FD_RULES); compiled at once, so a faulty file
    is an error before any work."""
    _selected[0] = Path(directory) if directory else None
    default_mapping.cache_clear()
    return default_mapping()


@contextmanager
def rules_selected(directory: str | Path | None) -> Iterator[UdMapping]:
    """`select_rules(directory)` for the time of a command; the selection
    before it comes back after (a library user's process goes on)."""
    before = _selected[0]
    try:
        yield select_rules(directory)
    finally:
        _selected[0] = before
        default_mapping.cache_clear()


@cache
def default_mapping() -> UdMapping:
    """The mapping of the selected rule folder (`select_rules`)."""
    return load_mapping(_selected[0])

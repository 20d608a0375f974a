"""Unreachable rules in an ordered cascade, for `ptb2fd rules check`.

A rule is unreachable when an earlier rule of the same cascade matches
everything it matches, or when it can match nothing at all (an empty list
in a condition that needs a match). The cascades: roles.yaml rules,
pos_corrections.yaml rules of one `from` tag, order.yaml placement rules,
coordination.yaml rules of one analysis, baseforms.yaml contractions.

The test is syntactic and sound: a rule is reported only when every
condition of the earlier rule is implied by a condition of the later one
(`_implies`), over the conditions as read by rule_atoms.py. "role
np-object after np-subject" is reported when np-subject has no condition
np-object lacks; a rule dead only because of what the
Treebank happens to contain is not (`rules check` lists it as never fired).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ptb2fd.errors import RuleProblem
from ptb2fd.rulelang.folder import RULE_FILES
from ptb2fd.rulelang.patterns import Pattern
from ptb2fd.rulelang.rulefile import line_of
from ptb2fd.ruleset.rule_atoms import (
    SUBJECT_IMPLIES,
    Malformed,
    contraction_atoms,
    coordination_atoms,
    order_atoms,
    when_atoms,
    wordlists_of,
)


def subsumes(p: Pattern, q: Pattern, *, ignore_tags: bool = False) -> bool:
    """Every node matching pattern q also matches pattern p."""
    if p.cat is not None:
        if q.cat is None:
            return False
        if p.prefix:
            if not q.cat.startswith(p.cat):
                return False
        elif q.prefix or q.cat != p.cat:
            return False
    if ignore_tags:
        return True
    if p.no_tags and not q.no_tags:
        return False
    if p.ftag is not None and p.ftag != q.ftag:
        return False
    return True


def _implies(later: tuple[str, str, Any], earlier: tuple[str, str, Any]) -> bool:
    """Every word meeting condition `later` meets condition `earlier`
    (each given as (name, kind, value))."""
    lname, lkind, lv = later
    ename, ekind, ev = earlier
    if ekind == "words":  # word and wordlist test the same thing
        return lkind == "words" and lv <= ev
    if lname != ename or lkind != ekind:
        return False
    if ekind == "any-pattern":  # some pattern matches: later's patterns each inside one of earlier's
        return all(any(subsumes(p, q) for p in ev) for q in lv)
    if ekind == "no-pattern":  # no pattern matches: later excludes at least what earlier excludes
        return all(any(subsumes(q, p) for q in lv) for p in ev)
    if ekind == "verb-pattern":  # next_verb compares categories only; a pattern without one matches nothing
        return all(q.cat is None or any(p.cat is not None and subsumes(p, q, ignore_tags=True) for p in ev)
                   for q in lv)
    if ekind == "chain":  # head_chain: a prefix of the word's head chain
        return len(ev) <= len(lv) and all(subsumes(p, q) for p, q in zip(ev, lv))
    if ekind in ("any-string", "set"):
        return lv <= ev
    if ekind == "suffix":
        return all(any(l.endswith(e) for e in ev) for l in lv)
    if ekind in ("flag", "equal"):
        return lv == ev
    if ekind == "subject":
        return lv == ev or ev in SUBJECT_IMPLIES[lv]
    return False


def _covers(earlier: dict[str, tuple[str, Any]], later: dict[str, tuple[str, Any]]) -> bool:
    """Every condition of `earlier` is implied by some condition of `later`."""
    return all(any(_implies((ln, lk, lv), (en, ek, ev)) for ln, (lk, lv) in later.items())
               for en, (ek, ev) in earlier.items())


def _matches_nothing(atoms: dict[str, tuple[str, Any]]) -> str | None:
    """The name of a condition that no word can meet (an empty list where a
    match is needed), or None."""
    for name, (kind, v) in atoms.items():
        if kind in ("any-pattern", "verb-pattern", "any-string", "words", "suffix", "set") and not v:
            return name
    return None


@dataclass(frozen=True)
class _Entry:
    rule_id: str
    line: int | None
    atoms: dict[str, tuple[str, Any]]


def _cascade_problems(name: str, entries: list[_Entry], what: str) -> list[RuleProblem]:
    problems = []
    for j, later in enumerate(entries):
        empty = _matches_nothing(later.atoms)
        if empty is not None:
            problems.append(RuleProblem(name, later.rule_id, later.line,
                                        f"unreachable: '{empty}' is an empty list, so the rule matches no {what}"))
            continue
        for earlier in entries[:j]:
            if _covers(earlier.atoms, later.atoms):
                problems.append(_shadowed(name, later, earlier, f"which matches every {what} this one matches"))
                break
    return problems


def _shadowed(name: str, later, earlier, why: str) -> RuleProblem:
    """The problem of a rule that an earlier rule of the same file always beats."""
    at = f" (line {earlier.line})" if earlier.line else ""
    return RuleProblem(name, later.rule_id, later.line,
                       f"unreachable: shadowed by earlier rule '{earlier.rule_id}'{at}, {why}")


def _rule_list(data: Any, key: str) -> list:
    if not isinstance(data, dict):
        return []
    rules = data.get(key)
    return [r for r in rules if isinstance(r, dict) and isinstance(r.get("id"), str)] if isinstance(rules, list) else []


def _entry(spec: dict, atoms: Callable[[dict], dict]) -> _Entry | None:
    try:
        return _Entry(spec["id"], line_of(spec), atoms(spec))
    except Malformed:
        return None


def _coordination_problems(name: str, entries: list[_Entry]) -> list[RuleProblem]:
    problems = []
    for j, later in enumerate(entries):
        analysis = later.atoms["analysis"][1]
        parents = later.atoms["parents"][1]
        if not parents:
            problems.append(RuleProblem(name, later.rule_id, later.line,
                                        "unreachable: 'parents' is an empty list, so the rule matches no phrase"))
            continue
        for earlier in entries[:j]:
            ep = earlier.atoms["parents"][1]
            if earlier.atoms["analysis"][1] == analysis and ("*" in ep or ("*" not in parents and parents <= ep)):
                problems.append(_shadowed(name, later, earlier, f"which has the same analysis '{analysis}' "
                                          "and takes every parent label this one lists"))
                break
    return problems


def unreachable_rules(raw: dict[str, Any]) -> list[RuleProblem]:
    problems: list[RuleProblem] = []
    wordlists = wordlists_of(raw)

    def when_of(spec):
        return when_atoms(spec.get("when", {}), wordlists)

    if "roles.yaml" in raw:
        entries = [e for e in (_entry(s, when_of) for s in _rule_list(raw["roles.yaml"], "rules")) if e]
        problems += _cascade_problems("roles.yaml", entries, "word")
    if "pos_corrections.yaml" in raw:
        by_tag: dict[str, list[_Entry]] = {}
        for spec in _rule_list(raw["pos_corrections.yaml"], "rules"):
            e = _entry(spec, lambda s: when_atoms(s.get("when", {}), {}))
            if e is not None:
                by_tag.setdefault(str(spec.get("from")), []).append(e)
        for entries in by_tag.values():
            problems += _cascade_problems("pos_corrections.yaml", entries, "word")
    if "order.yaml" in raw:
        entries = [e for e in (_entry(s, order_atoms) for s in _rule_list(raw["order.yaml"], "rules")) if e]
        problems += _cascade_problems("order.yaml", entries, "dependent")
    if "coordination.yaml" in raw:
        entries = [e for e in (_entry(s, coordination_atoms) for s in _rule_list(raw["coordination.yaml"], "rules"))
                   if e]
        problems += _coordination_problems("coordination.yaml", entries)
    if "baseforms.yaml" in raw:
        entries = [e for e in (_entry(s, contraction_atoms) for s in _rule_list(raw["baseforms.yaml"], "contractions"))
                   if e]
        problems += _cascade_problems("baseforms.yaml", entries, "word")
    problems.sort(key=lambda p: (RULE_FILES.index(p.file) if p.file in RULE_FILES else 99, p.line or 0))
    return problems

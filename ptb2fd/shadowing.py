"""Unreachable rules in an ordered cascade, for `ptb2fd rules check`.

A rule is unreachable when an earlier rule of the same cascade matches
everything it matches, or when it can match nothing at all (an empty list
in a condition that needs a match). The cascades: roles.yaml rules,
pos_corrections.yaml rules of one `from` tag, order.yaml placement rules,
coordination.yaml rules of one analysis, baseforms.yaml contractions.

The test is syntactic and sound: a rule is reported only when every
condition of the earlier rule is implied by a condition of the later one
(`_implies`). "role np-object after np-subject" is reported when np-subject
has no condition np-object lacks; a rule dead only because of what the
Treebank happens to contain is not (`rules check` lists it as never fired).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .errors import RuleProblem
from .patterns import Pattern, compile_pattern
from .rulefile import line_of
from .ruleset import RULE_FILES


class _Malformed(Exception):
    """A condition this analysis cannot read; the rule is left out (and
    load_rules reports the problem)."""


def _strings(v: Any) -> tuple[str, ...]:
    if isinstance(v, str):
        return (v,)
    if isinstance(v, list) and all(isinstance(x, (str, int, float)) and not isinstance(x, bool) for x in v):
        return tuple(str(x) for x in v)
    raise _Malformed


def _patterns(v: Any) -> tuple[Pattern, ...]:
    try:
        return tuple(compile_pattern(s) for s in _strings(v))
    except ValueError as exc:
        raise _Malformed from exc


def _bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise _Malformed
    return v


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


# Kinds of `when` conditions (ptb2fd/conditions.py), by their test:
_ANY_PATTERN = {"label", "tag", "parent", "head_tag", "next_sibling", "prev_sibling", "followed_by", "preceded_by",
                "trace_label"}
_NO_PATTERN = {"not_label", "not_parent"}
_ANY_STRING = {"ftag", "child_ftag", "trace_kind", "after_punct"}
_FLAGS = {"root", "no_ftags", "first_nonpunct", "between_be_and_prd", "coord_marker", "clause_subject",
          "compound"}
# subject: a value implies these others
_SUBJECT_IMPLIES = {"before": {"not-after"}, "after": {"not-before"}, "none": {"not-after", "not-before"},
                    "not-after": set(), "not-before": set()}


def _when_atoms(when: Any, wordlists: dict[str, frozenset[str]]) -> dict[str, tuple[str, Any]]:
    """A roles.yaml / pos_corrections.yaml `when` as {name: (kind, value)}."""
    if not isinstance(when, dict):
        raise _Malformed
    out = {}
    for key, v in when.items():
        if key in _ANY_PATTERN:
            out[key] = ("any-pattern", _patterns(v))
        elif key in _NO_PATTERN:
            out[key] = ("no-pattern", _patterns(v))
        elif key == "next_verb":
            out[key] = ("verb-pattern", _patterns(v))
        elif key == "head_chain":
            out[key] = ("chain", _patterns(v))
        elif key in _ANY_STRING:
            out[key] = ("any-string", frozenset(_strings(v)))
        elif key == "word":
            out[key] = ("words", frozenset(w.lower() for w in _strings(v)))
        elif key == "wordlist":
            if not isinstance(v, str) or v not in wordlists:
                raise _Malformed
            out[key] = ("words", wordlists[v])
        elif key == "suffix":
            out[key] = ("suffix", tuple(x.lower() for x in _strings(v)))
        elif key in _FLAGS:
            out[key] = ("flag", _bool(v))
        elif key == "side":
            if v not in ("left", "right"):
                raise _Malformed
            out[key] = ("equal", v)
        elif key == "subject":
            if v not in _SUBJECT_IMPLIES:
                raise _Malformed
            out[key] = ("subject", v)
        else:
            raise _Malformed
    return out


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
        return lv == ev or ev in _SUBJECT_IMPLIES[lv]
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
    except _Malformed:
        return None


def _wordlists(raw: dict[str, Any]) -> dict[str, frozenset[str]]:
    data = raw.get("roles.yaml")
    lists = data.get("wordlists") if isinstance(data, dict) else None
    out = {}
    if isinstance(lists, dict):
        for k, v in lists.items():
            try:
                out[str(k)] = frozenset(w.lower() for w in _strings(v))
            except _Malformed:
                pass
    return out


def _order_atoms(spec: dict) -> dict[str, tuple[str, Any]]:
    """An order.yaml placement rule's `when` (ptb2fd/regen/order.py)."""
    when = spec.get("when", {})
    if not isinstance(when, dict):
        raise _Malformed
    out = {}
    for key, v in when.items():
        if key == "word":
            out[key] = ("set", frozenset(w.lower() for w in _strings(v)))
        elif key in ("role", "position_class", "head_subject_position", "head_has_roles", "head_cat1",
                     "grouptype", "cat0"):
            out[key] = ("set", frozenset(_strings(v)))
        elif key in ("adjunct", "has_rolemarker"):
            out[key] = ("flag", bool(v))
        elif key == "side":
            if v not in ("left", "right"):
                raise _Malformed
            out[key] = ("equal", v)
        else:
            raise _Malformed
    return out


def _coordination_atoms(spec: dict) -> dict[str, tuple[str, Any]]:
    """A coordination rule: its parent labels ('*' = any) and its analysis.
    The stage takes the first rule of the analysis it tries whose `parents`
    hold the phrase's label; head_tags and conjunct_tags are checked only
    on the rule so chosen, so they do not make a later rule reachable."""
    parents = frozenset(_strings(spec.get("parents", [])))
    analysis = spec.get("analysis")
    if not isinstance(analysis, str):
        raise _Malformed
    return {"analysis": ("equal", analysis), "parents": ("parents", parents)}


def _contraction_atoms(spec: dict) -> dict[str, tuple[str, Any]]:
    """A baseforms.yaml contraction: word is required; tag, role and
    next_tag, when given and non-empty, each limit it."""
    out = {"word": ("set", frozenset(w.lower() for w in _strings(spec.get("word", []))))}
    for key in ("tag", "role", "next_tag"):
        values = frozenset(_strings(spec.get(key, [])))
        if values:
            out[key] = ("set", values)
    return out


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
    wordlists = _wordlists(raw)

    def when_of(spec):
        return _when_atoms(spec.get("when", {}), wordlists)

    if "roles.yaml" in raw:
        entries = [e for e in (_entry(s, when_of) for s in _rule_list(raw["roles.yaml"], "rules")) if e]
        problems += _cascade_problems("roles.yaml", entries, "word")
    if "pos_corrections.yaml" in raw:
        by_tag: dict[str, list[_Entry]] = {}
        for spec in _rule_list(raw["pos_corrections.yaml"], "rules"):
            e = _entry(spec, lambda s: _when_atoms(s.get("when", {}), {}))
            if e is not None:
                by_tag.setdefault(str(spec.get("from")), []).append(e)
        for entries in by_tag.values():
            problems += _cascade_problems("pos_corrections.yaml", entries, "word")
    if "order.yaml" in raw:
        entries = [e for e in (_entry(s, _order_atoms) for s in _rule_list(raw["order.yaml"], "rules")) if e]
        problems += _cascade_problems("order.yaml", entries, "dependent")
    if "coordination.yaml" in raw:
        entries = [e for e in (_entry(s, _coordination_atoms) for s in _rule_list(raw["coordination.yaml"], "rules"))
                   if e]
        problems += _coordination_problems("coordination.yaml", entries)
    if "baseforms.yaml" in raw:
        entries = [e for e in (_entry(s, _contraction_atoms) for s in _rule_list(raw["baseforms.yaml"], "contractions"))
                   if e]
        problems += _cascade_problems("baseforms.yaml", entries, "word")
    problems.sort(key=lambda p: (RULE_FILES.index(p.file) if p.file in RULE_FILES else 99, p.line or 0))
    return problems

"""Rule conditions read as atoms, for the unreachable-rule check (shadowing.py).

Each rule of a cascade becomes {condition name: (kind, value)}; the kind
says how two values of the condition compare (see `shadowing._implies`):
    any-pattern   some pattern matches (label, tag, parent, ...);
    no-pattern    no pattern matches (not_label, not_parent);
    any-string    some string is among the word's (ftag, trace_kind, ...);
    words / set   the value is one of a set (word, wordlist; order.yaml keys);
    flag, equal   the value is exactly this;
    subject       a subject position, where "before" implies "not-after";
    verb-pattern, chain, suffix   next_verb, head_chain, suffix.
Example: roles.yaml `when: {label: NP, ftag: [SBJ]}` reads as
{"label": ("any-pattern", (NP,)), "ftag": ("any-string", {"SBJ"})}.

A condition this analysis cannot read (a malformed value, an unknown key)
raises `Malformed` and the rule is left out of the check; load_rules
reports the problem itself.
"""
from __future__ import annotations

from typing import Any

from ptb2fd.rulelang.patterns import Pattern, compile_pattern


class Malformed(Exception):
    """A condition this analysis cannot read; the rule is left out (and
    load_rules reports the problem)."""


def _strings(v: Any) -> tuple[str, ...]:
    if isinstance(v, str):
        return (v,)
    if isinstance(v, list) and all(isinstance(x, (str, int, float)) and not isinstance(x, bool) for x in v):
        return tuple(str(x) for x in v)
    raise Malformed


def _patterns(v: Any) -> tuple[Pattern, ...]:
    try:
        return tuple(compile_pattern(s) for s in _strings(v))
    except ValueError as exc:
        raise Malformed from exc


def _bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise Malformed
    return v


# Kinds of `when` conditions (ptb2fd/conditions.py), by their test:
_ANY_PATTERN = {"label", "tag", "parent", "head_tag", "next_sibling", "prev_sibling", "followed_by", "preceded_by",
                "trace_label"}
_NO_PATTERN = {"not_label", "not_parent"}
_ANY_STRING = {"ftag", "child_ftag", "trace_kind", "after_punct"}
_FLAGS = {"root", "no_ftags", "first_nonpunct", "between_be_and_prd", "coord_marker", "clause_subject",
          "compound"}
# subject: a value implies these others
SUBJECT_IMPLIES = {"before": {"not-after"}, "after": {"not-before"}, "none": {"not-after", "not-before"},
                   "not-after": set(), "not-before": set()}


def when_atoms(when: Any, wordlists: dict[str, frozenset[str]]) -> dict[str, tuple[str, Any]]:
    """A roles.yaml / pos_corrections.yaml `when` as {name: (kind, value)}."""
    if not isinstance(when, dict):
        raise Malformed
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
                raise Malformed
            out[key] = ("words", wordlists[v])
        elif key == "head_wordlist":
            if not isinstance(v, str) or v not in wordlists:
                raise Malformed
            out[key] = ("set", wordlists[v])
        elif key == "suffix":
            out[key] = ("suffix", tuple(x.lower() for x in _strings(v)))
        elif key in _FLAGS:
            out[key] = ("flag", _bool(v))
        elif key == "side":
            if v not in ("left", "right"):
                raise Malformed
            out[key] = ("equal", v)
        elif key == "subject":
            if v not in SUBJECT_IMPLIES:
                raise Malformed
            out[key] = ("subject", v)
        else:
            raise Malformed
    return out


def wordlists_of(raw: dict[str, Any]) -> dict[str, frozenset[str]]:
    data = raw.get("roles.yaml")
    lists = data.get("wordlists") if isinstance(data, dict) else None
    out = {}
    if isinstance(lists, dict):
        for k, v in lists.items():
            try:
                out[str(k)] = frozenset(w.lower() for w in _strings(v))
            except Malformed:
                pass
    return out


def order_atoms(spec: dict) -> dict[str, tuple[str, Any]]:
    """An order.yaml placement rule's `when` (ptb2fd/regen/order.py)."""
    when = spec.get("when", {})
    if not isinstance(when, dict):
        raise Malformed
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
                raise Malformed
            out[key] = ("equal", v)
        else:
            raise Malformed
    return out


def coordination_atoms(spec: dict) -> dict[str, tuple[str, Any]]:
    """A coordination rule: its parent labels ('*' = any) and its analysis.
    The stage takes the first rule of the analysis it tries whose `parents`
    hold the phrase's label; head_tags and conjunct_tags are checked only
    on the rule so chosen, so they do not make a later rule reachable."""
    parents = frozenset(_strings(spec.get("parents", [])))
    analysis = spec.get("analysis")
    if not isinstance(analysis, str):
        raise Malformed
    return {"analysis": ("equal", analysis), "parents": ("parents", parents)}


def contraction_atoms(spec: dict) -> dict[str, tuple[str, Any]]:
    """A baseforms.yaml contraction: word is required; tag, role and
    next_tag, when given and non-empty, each limit it."""
    out = {"word": ("set", frozenset(w.lower() for w in _strings(spec.get("word", []))))}
    for key in ("tag", "role", "next_tag"):
        values = frozenset(_strings(spec.get(key, [])))
        if values:
            out[key] = ("set", values)
    return out

"""Logical role, group type, subject position (rules/clauses.yaml).

- Logical role (section 3.2): in a passive clause (be/get + VBN with an
  object trace) the surface subject is the logical object and the NP of
  the "by" phrase the logical subject: "[The fleet] was sold by [the
  company]". Every other word keeps its surface role.
- Group type (section 3.3): clause, np or other; NP heads whose category is
  not a noun, adjective or determiner get cat0/cat1 corrected ("the
  [publishing]" -> noun).
- Subject position (section 3.6): default, postaux ("How did program
  trading [evolve]"), after-nonaux-finite ("... ," [said] James"), final.

Known failure: a passive whose subject is itself a trace ("to be sold *")
has no overt word to carry the logical object.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ptb2fd.conversion.pipeline import Parse
from ptb2fd.lexicon.categories import Factors


@dataclass(frozen=True)
class LogicalRule:
    rule_id: str
    surface: str
    logical: str


@dataclass(frozen=True)
class ClauseRules:
    participle_tags: frozenset[str]
    voice_roles: frozenset[str]
    trace_labels: frozenset[str]
    trace_kinds: frozenset[str]
    logical: tuple[LogicalRule, ...]
    verb_cat0: frozenset[str]
    argument_roles: frozenset[str]
    marker_roles: frozenset[str]
    aux_roles: frozenset[str]
    indicative_cat1: frozenset[str]
    np_head_cat0: frozenset[str]
    np_labels: frozenset[str]
    determiner_roles: frozenset[str]
    no_determiner_cat1: frozenset[str]
    np_fix_id: str
    np_fix_adjective_cat1: frozenset[str]
    np_fix_adjective: tuple[str, str]
    np_fix_noun: tuple[str, str]
    subject_roles: frozenset[str]
    subject_aux_roles: frozenset[str]
    finite_cat0: frozenset[str] = frozenset()
    subject_transparent_roles: frozenset[str] = frozenset()  # no word of these roles parts verb and subject
    small_clause_parents: frozenset[str] = frozenset()  # a bare participle clause under these is passive
    small_clause_labels: frozenset[str] = frozenset()  # ... when it is one of these (not an SBAR)
    small_clause_ftags: frozenset[str] = frozenset()  # ... or carries one of these, wherever it stands
    small_clause_markers: frozenset[str] = frozenset()  # an SBAR opened by these words holds one

    def rule_ids(self) -> list[str]:
        return [r.rule_id for r in self.logical] + [self.np_fix_id]


def compile_clauses(data, checker) -> ClauseRules | None:
    data = checker.mapping(data, "clauses.yaml")
    if data is None:
        return None
    top = ["passive", "logical_roles", "grouptype", "np_head_correction", "subject_position"]
    checker.keys(data, top, top, what="clauses.yaml")

    def section(name, keys, optional=()):
        sec = checker.mapping(data.get(name, {}), name) or {}
        checker.keys(sec, [*keys, *optional], keys, what=name)
        return sec

    def strs(sec, key, what):
        return frozenset(checker.strings(sec.get(key, []), f"{what}.{key}"))

    passive = section("passive", ["participle_tags", "voice_roles", "object_trace_labels", "object_trace_kinds"],
                      ["small_clause_parents", "small_clause_labels", "small_clause_ftags",
                       "small_clause_markers"])
    gt = section("grouptype", ["verb_cat0", "argument_roles", "marker_roles", "aux_roles", "indicative_cat1",
                               "np_head_cat0", "np_labels", "determiner_roles", "no_determiner_cat1"],
                 ["finite_cat0"])
    fix = section("np_head_correction", ["id", "cat1_to_adjective", "adjective", "noun"])
    sp = section("subject_position", ["subject_roles", "aux_roles"], ["transparent_roles"])
    logical = []
    for spec, rid, _ in checker.rules(data, "logical_roles", "logical role rule",
                                      ["id", "surface_role", "logical_role", "example"],
                                      ["id", "surface_role", "logical_role"]):
        logical.append(LogicalRule(str(rid), str(spec.get("surface_role")), str(spec.get("logical_role"))))

    def pair(v, what) -> tuple[str, str]:
        v = checker.mapping(v, what) or {}
        checker.keys(v, ["cat0", "cat1"], ["cat0", "cat1"], what=what, rule_id=str(fix.get("id")))
        return str(v.get("cat0")), str(v.get("cat1"))

    return ClauseRules(
        strs(passive, "participle_tags", "passive"), strs(passive, "voice_roles", "passive"),
        strs(passive, "object_trace_labels", "passive"), strs(passive, "object_trace_kinds", "passive"),
        tuple(logical),
        strs(gt, "verb_cat0", "grouptype"), strs(gt, "argument_roles", "grouptype"),
        strs(gt, "marker_roles", "grouptype"), strs(gt, "aux_roles", "grouptype"),
        strs(gt, "indicative_cat1", "grouptype"), strs(gt, "np_head_cat0", "grouptype"),
        strs(gt, "np_labels", "grouptype"), strs(gt, "determiner_roles", "grouptype"),
        strs(gt, "no_determiner_cat1", "grouptype"),
        str(fix.get("id", "np-head-category")), strs(fix, "cat1_to_adjective", "np_head_correction"),
        pair(fix.get("adjective"), "np_head_correction.adjective"), pair(fix.get("noun"), "np_head_correction.noun"),
        strs(sp, "subject_roles", "subject_position"), strs(sp, "aux_roles", "subject_position"),
        strs(gt, "finite_cat0", "grouptype"), strs(sp, "transparent_roles", "subject_position"),
        strs(passive, "small_clause_parents", "passive"), strs(passive, "small_clause_labels", "passive"),
        strs(passive, "small_clause_ftags", "passive"),
        frozenset(w.lower() for w in strs(passive, "small_clause_markers", "passive")),
    )


class ClauseFeatures:
    """-> `logicalroles`, `grouptypes`, `subject_positions`, `np_fixes`;
    replaces `factors` with NP-head-corrected ones."""

    name = "clause"
    needs = ("roles", "factors", "deps", "words", "tags", "tree", "heads", "dependents")
    provides = ("logicalroles", "grouptypes", "subject_positions", "np_fixes", "passives")

    def __init__(self, rules: ClauseRules):
        self.rules = rules
        # The categories some group type test below "other" starts from.
        self._grouping_cat0 = rules.verb_cat0 | rules.finite_cat0 | rules.np_head_cat0

    def run(self, parse: Parse) -> None:
        rules = self.rules
        deps, roles = parse.deps, parse.roles
        n = len(roles)
        dependents = parse.dependents
        factors = list(parse.factors)
        np_heads = self._np_heads(parse)
        fixes: dict[int, str] = {}
        for t in np_heads:
            f = factors[t]
            if f.cat0 in rules.np_head_cat0 or parse.words[t].tag in ("$", "#"):
                continue
            cat0, cat1 = rules.np_fix_adjective if f.cat1 in rules.np_fix_adjective_cat1 else rules.np_fix_noun
            factors[t] = replace(f, cat0=cat0, cat1=cat1, tense=None)
            fixes[t] = rules.np_fix_id
            parse.fire(rules.np_fix_id)
        parse.factors = factors
        parse.np_fixes = fixes

        passives = {t for t in range(n) if self._passive(t, parse, dependents)}
        parse.passives = passives
        logical = list(roles)
        for t in range(n):
            h = deps.head[t]
            if h < 0 or h not in passives:
                continue
            for rule in rules.logical:
                if roles[t] == rule.surface:
                    logical[t] = rule.logical
                    parse.fire(rule.rule_id)
                    break
        parse.logicalroles = logical

        grouptypes = []
        positions: list[str | None] = []
        for t in range(n):
            gt = self._grouptype(t, parse, dependents, factors, np_heads)
            grouptypes.append(gt)
            positions.append(self._subject_position(t, dependents[t], roles) if gt == "clause" else None)
        parse.grouptypes = grouptypes
        parse.subject_positions = positions

    def _np_heads(self, parse: Parse) -> set[int]:
        """Words that are the lexical head of some NP-like constituent."""
        labels = self.rules.np_labels
        out = set()
        stack = [parse.tree]
        lex = parse.deps.lexhead
        while stack:
            node = stack.pop()
            if node.word is not None:
                continue
            if node.label.cat in labels:
                out.add(lex[id(node)])
            stack.extend(node.children)
        return out

    def _passive(self, t: int, parse: Parse, dependents: list[list[int]]) -> bool:
        rules = self.rules
        if parse.words[t].tag not in rules.participle_tags:
            return False
        if not any(parse.roles[d] in rules.voice_roles for d in dependents[t]):
            # A participle clause with its own subject and no auxiliary, the
            # complement of a verb or a preposition, is passive: "had [the
            # bridge] repaired by a contractor", "with the cells washed".
            parent, clause = parse.deps.parent[t], parse.deps.attach[t]
            if any(parse.roles[d] in rules.aux_roles for d in dependents[t]):
                return False
            if self._small_clause(parent, clause) and any(parse.roles[d] in rules.subject_roles
                                                          for d in dependents[t]):
                return True
            # A participle with an object trace "*" and no auxiliary is a
            # reduced passive: "lanterns [given] * away by the city", ", [led]
            # * by the mayor, ...": its by-phrase is the logical subject.
            vp = parse.deps.parent_of.get(id(parse.words[t]))
            return vp is not None and any(nc.label.cat in rules.trace_labels and not nc.label.ftags
                                          and nc.kind == "*" for nc in vp.nulls)
        vp = parse.deps.parent_of.get(id(parse.words[t]))
        if vp is None:
            return False
        if any(nc.label.cat in rules.trace_labels and not nc.label.ftags and nc.kind in rules.trace_kinds
               for nc in vp.nulls):
            return True
        # The trace is the subject of the participle's clause complement:
        # "[She] was forced (S (NP-SBJ *-1) to work)", "[Prices] are expected
        # (S * to rise)": in the active, "X forced her to work", she is the object.
        return any(k.word is None and k.label.cat == "S" and any(
            nc.label.cat in rules.trace_labels and "SBJ" in nc.label.ftags and nc.kind == "*"
            for nc in k.nulls) for k in vp.children)

    def _small_clause(self, parent, clause) -> bool:
        """The complement of a verb or a preposition ("had [the bridge
        repaired]"), an absolute or a headline ("(S-ADV the work done)",
        "(S-HLN Bridge repaired by city)"), or the clause of "as"/"like"."""
        rules = self.rules
        if clause.label.cat in rules.small_clause_labels:
            if parent is not None and parent.label.cat in rules.small_clause_parents:
                return True
            return bool(rules.small_clause_ftags.intersection(clause.label.ftags))
        if clause.label.cat == "SBAR" and clause.children and rules.small_clause_markers:
            first = clause.children[0]
            return first.word is not None and first.word.lower() in rules.small_clause_markers
        return False

    def _grouptype(self, t: int, parse: Parse, dependents, factors: list[Factors], np_heads: set[int]) -> str:
        r = self.rules
        f = factors[t]
        if f.cat0 not in self._grouping_cat0:
            return "other"  # no test below can hold: "the", "of", ","
        roles = parse.roles
        deps_roles = [roles[d] for d in dependents[t]]
        if f.cat0 in r.verb_cat0:
            if roles[t] in r.argument_roles and not any(x in r.marker_roles for x in deps_roles):
                return "clause"
            if any(x in r.aux_roles for x in deps_roles):
                return "clause"
            if roles[t] not in r.aux_roles and f.cat1 in r.indicative_cat1:
                return "clause"
        # A modal that is no auxiliary of another verb heads its clause (an
        # elided verb phrase): "So [would] the Little Tramp".
        if f.cat0 in r.finite_cat0 and roles[t] not in r.aux_roles:
            return "clause"
        if f.cat0 in r.np_head_cat0:
            if any(x in r.determiner_roles for x in deps_roles):
                return "np"
            if t in np_heads and f.cat1 not in r.no_determiner_cat1:
                return "np"
        return "other"

    def _subject_position(self, t: int, dependents: list[int], roles: list[str]) -> str:
        r = self.rules
        subjects = [d for d in dependents if roles[d] in r.subject_roles]
        if not subjects:
            return "default"
        s = subjects[0]
        if s < t:
            if any(roles[d] in r.subject_aux_roles and d < s for d in dependents):
                return "postaux"
            return "default"
        # a contracted "n't" does not part them: "Is [n't] that a risk ?" (after-nonaux-finite)
        between = [d for d in dependents if t < d < s and not roles[d].endswith("punc")
                   and roles[d] not in r.subject_transparent_roles]
        return "final" if between else "after-nonaux-finite"

"""Surface roles (rules/roles.yaml; paper section 4.3, Table 4).

Each word gets the role of the first rule in the cascade whose conditions
hold for its maximal projection: "(S (NP-SBJ Pierre Vinken) (VP (MD will)
(VP (VB join) ...)))" gives Vinken subject (ftag-sbj) and will modal
(md-modal). Punctuation keeps the role punctuation.yaml gave it, and a
conjunct shares the role of its coordinated phrase.

Adverbials and particles also get a position class: where they stand
relative to an optional sibling (see `POSITION_CLASSES`).

Known failure: Treebank annotation gives no function tag to many VP
complements, so an untagged PP after a verb is a withinmod, not an argument.
"""
from __future__ import annotations

from dataclasses import dataclass

from ptb2fd.conversion.pipeline import Parse
from ptb2fd.conversion.stages.treebank import TreebankVocabulary
from ptb2fd.rulelang.cascade import Cascade
from ptb2fd.rulelang.conditions import Condition, compile_when
from ptb2fd.rulelang.rulefile import line_of

# The seven position classes of adverbials and particles, relative to an
# optional sibling (the subject, the first auxiliary, the first object):
POSITION_CLASSES = (
    "before-subject",  # "[Yesterday] , he left."; no subject: "agreed [never] to enter"
    "after-subject",  # "He [also] left." (before any auxiliary)
    "after-aux",  # "He has [also] left."
    "free",  # no subject, auxiliary or object beside it: "[very] big", "left [early]"
    "before-object",  # "He said [yesterday] that ...", "is [now] chairman", "look [up] the word"
    "between-objects",  # "urging the department [for years] to extend ..."
    "after-object",  # "He left the room [quickly].", "look the word [up]"
)
AUX_ROLES = frozenset({"aux", "modal", "taxis", "aspect", "voice", "to-infinitive"})
OBJECT_ROLES = frozenset({"object", "dative", "predicate"})


@dataclass(frozen=True)
class RoleRule:
    rule_id: str
    when: tuple[Condition, ...]
    role: str
    line: int | None


@dataclass(frozen=True)
class RoleRules:
    roles: tuple[str, ...]
    adjunct_roles: frozenset[str]
    position_class_roles: frozenset[str]
    wordlists: dict[str, frozenset[str]]
    rules: tuple[RoleRule, ...]

    def rule_ids(self) -> list[str]:
        return [r.rule_id for r in self.rules]


def compile_roles(data, checker) -> RoleRules | None:
    data = checker.mapping(data, "roles.yaml")
    if data is None:
        return None
    checker.keys(data, ["roles", "adjunct_roles", "position_class_roles", "wordlists", "rules"],
                 ["roles", "adjunct_roles", "rules"], what="roles.yaml")
    inventory = checker.strings(data.get("roles", []), "roles")
    known = set(inventory)
    adjunct = frozenset(checker.strings(data.get("adjunct_roles", []), "adjunct_roles"))
    classed = frozenset(checker.strings(data.get("position_class_roles", []), "position_class_roles"))
    for r in sorted((adjunct | classed) - known):
        checker.problem(f"role '{r}' is not in the role inventory", None, line_of(data.get("adjunct_roles")))
    wordlists = {str(k): frozenset(w.lower() for w in checker.strings(v, f"wordlists.{k}"))
                 for k, v in (checker.mapping(data.get("wordlists", {}), "wordlists") or {}).items()}
    rules = []
    for spec, rid, _ in checker.rules(data, "rules", "role rule", ["id", "when", "role", "example", "note"],
                                      ["id", "when", "role"]):
        role = spec.get("role")
        if role not in known:
            checker.problem(f"role '{role}' is not in the role inventory", rid, line_of(spec))
        when = checker.mapping(spec.get("when", {}), "when", rid) or {}
        rules.append(RoleRule(str(rid), compile_when(when, checker, rid, wordlists, line_of(spec)), str(role),
                              line_of(spec)))
    return RoleRules(tuple(inventory), adjunct, classed, wordlists, tuple(rules))


class AssignRoles:
    """`deps`, `punct_roles`, `dependents` -> `roles` (token -> role), `role_rules`, `position_classes`."""

    name = "roles"
    needs = ("deps", "punct_roles", "words", "dependents")
    provides = ("roles", "role_rules", "position_classes")

    def __init__(self, rules: RoleRules, vocab: TreebankVocabulary):
        self.rules = rules
        self.vocab = vocab
        self.be = rules.wordlists.get("be", frozenset())
        self.cascade = Cascade(rules.rules)

    def run(self, parse: Parse) -> None:
        deps = parse.deps
        n = len(parse.words)
        roles: list[str] = [""] * n
        rule_ids: list[str] = [""] * n
        for t, (role, rid) in parse.punct_roles.items():
            roles[t], rule_ids[t] = role, rid
        pending = []
        ruled = []
        for t in range(n):
            if roles[t]:
                continue
            if t in deps.role_from:
                pending.append(t)
                continue
            ruled.append(t)
        for t, rule in zip(ruled, self.cascade.first_each(ruled, parse, self.vocab.is_punct, self.be)):
            roles[t], rule_ids[t] = _role(rule)
        for t in pending:  # conjuncts share their coordination's role
            first = deps.role_from[t]
            role = roles[first]
            if role == "top":
                roles[t], rule_ids[t] = "dependent", "coord-root-conjunct"
            else:
                roles[t], rule_ids[t] = role, rule_ids[first]
        punct_roles = parse.punct_roles  # the punctuation stage counted its own
        parse.fired.update([rule_ids[t] for t in range(n) if t not in punct_roles])
        parse.roles = roles
        parse.role_rules = rule_ids
        parse.position_classes = self.position_classes(parse, roles)

    def role_of(self, t: int, parse: Parse) -> tuple[str, str]:
        return _role(self.cascade.first_at(t, parse, self.vocab.is_punct, self.be))

    def position_classes(self, parse: Parse, roles: list[str]) -> dict[int, str]:
        classed = self.rules.position_class_roles
        head = parse.deps.head
        dependents = parse.dependents
        out: dict[int, str] = {}
        # Per head, once: its first subject, first auxiliary before it, and
        # its objects after it (per dependent, a flat 8,000-word phrase made
        # this quadratic).
        marks: dict[int, tuple] = {}
        for d, role in enumerate(roles):
            if role not in classed or head[d] < 0:
                continue
            h = head[d]
            m = marks.get(h)
            if m is None:
                sibs = dependents[h]
                subj = [s for s in sibs if roles[s] == "subject"]
                aux = [s for s in sibs if roles[s] in AUX_ROLES and s < h]
                objs = [s for s in sibs if roles[s] in OBJECT_ROLES and s > h]
                m = marks[h] = (min(subj) if subj else None, min(aux) if aux else None,
                                min(objs) if objs else None, max(objs) if objs else None)
            first_subj, first_aux, first_obj, last_obj = m
            if d < h:
                # Before the subject, or, with no subject, before the first
                # auxiliary: "agreed [never] to enter", "that [now] will be".
                if (first_subj is not None and d < first_subj) or (
                        first_subj is None and first_aux is not None and d < first_aux):
                    cls = "before-subject"
                elif first_aux is not None and d > first_aux:
                    cls = "after-aux"
                elif first_subj is not None:
                    cls = "after-subject"
                else:
                    cls = "free"
            else:
                if first_obj is None:
                    cls = "free"
                elif d < first_obj:
                    cls = "before-object"
                elif d > last_obj:
                    cls = "after-object"
                else:
                    cls = "between-objects"
            out[d] = cls
        return out


def _role(rule: RoleRule | None) -> tuple[str, str]:
    """(role, rule id) of the first rule that holds; "dependent" if none does."""
    if rule is None:
        return "dependent", "dependent"
    return rule.role, rule.rule_id

"""order.yaml compiled: slots, the auxiliary chain, coordination markers,
compound and punctuation order, and the placement rules with their
conditions (listed at the top of rules/order.yaml). `Regenerator`
(order.py) applies them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ptb2fd.record import SUBJECT_POSITIONS
from ptb2fd.regen.compound_order import CompoundOrder, compile_compound_order
from ptb2fd.regen.marker_order import MarkerOrder, compile_marker_order
from ptb2fd.regen.punct_order import InsideQuotes, compile_inside_quotes
from ptb2fd.regen.view import PUNCT_ROLES
from ptb2fd.rulelang.rulefile import line_of

ORDER_CONDITIONS = ("role", "word", "adjunct", "side", "position_class", "has_rolemarker",
                    "head_subject_position", "head_has_roles", "head_cat1", "grouptype", "cat0", "leaf",
                    "has_roles", "head_has_clause", "head_grouptype", "head_has_marked_clause", "not_cat0",
                    "subject_position", "has_marks", "min_words", "max_words", "sibling_min_words",
                    "rank", "left_marks", "head_has_clause_subject",
                    "head_has_marks", "head_lacks_roles", "head_cat0",
                    "sibling_has_marks", "head_in_coordination", "head_marker_tags", "head_lacks_marker_tags",
                    "head_role", "head_lacks_marks", "cat1", "head_marker_words", "head_lacks_left_marks",
                    "sibling_lacks_marks", "has_dependent_cat0", "lacks_roles", "opening_marks", "last_on_side",
                    "right_marks", "marker_words", "head_marker_marks",
                    "head_has_right_roles", "head_compound_marker", "head_lacks_mark_words",
                    "head_has_left_marks", "marker_tags")


# Conditions on the marks and markers around a dependent, each a list of
# cat0 (tags for markers): the token prefix (see Regenerator._place and
# _context), whether it is read on the head's dependents (True) or the
# dependent's own, and whether one must be there (True) or none (False).
MARK_CONDITIONS = {
    "has_marks": ("mark:", False, True),  # the dependent has a mark of one of these cat0: "`` Old Gringo [,] ''"
    "has_dependent_cat0": ("dep:", False, True),  # ... a word of one of these cat0: "[Murakami 's] `` A ... ''"
    "left_marks": ("leftmark:", False, True),  # ... on its left: "the commercial [, after ...]"
    "head_has_marks": ("mark:", True, True),  # the head has such a mark
    "head_lacks_marks": ("mark:", True, False),  # ... has none (a quotation's "''")
    "head_lacks_left_marks": ("leftmark:", True, False),  # ... none on its left: "`` a sex life [,] ''"
    "head_has_left_marks": ("leftmark:", True, True),  # ... one on its left: "book , `` The Art of the Deal , ''"
    "sibling_has_marks": ("inner-mark:", True, True),  # a dependent of the head has one: "a [`` parallel] form ''"
    "sibling_lacks_marks": ("inner-mark:", True, False),  # ... none has: "`` a sex life [,] '' including ..."
    "head_marker_tags": ("marker-tag:", True, True),  # the Penn tags of the head's rolemarkers: "[who] also expects"
    "head_lacks_marker_tags": ("marker-tag:", True, False),
    "head_marker_marks": ("marker-mark:", True, True),  # a marker of the head has one: "[``] in the course ..."
    "head_marker_words": ("marker-word:", True, True),  # the words of the head's rolemarkers: "if [not] for money"
    "marker_tags": ("marker-tag:", False, True),  # the Penn tags of its own rolemarkers: "[whose shares] it owns"
    "marker_words": ("marker-word:", False, True),  # the words of its own rolemarkers: "the end [of] the year"
    "right_marks": ("rightmark:", False, True),  # ... on its right: "[-- what else --]"
    "opening_marks": ("openmark:", False, True),  # ... of it, its marker or a word before it: "[,] compared with"
    "head_lacks_mark_words": ("mark-word:", True, False),  # the head has no such mark word: "[Never] have ... ." (no "?")
}


def _count(checker, value, key, rid, line) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        checker.problem(f"'{key}' must be a whole number of words, not {value!r}", rid, line)
        return 0
    return value


@dataclass(frozen=True)
class PlaceRule:
    rule_id: str
    tests: tuple[Callable, ...]  # the conditions besides role, side and adjunct (read per dependent)
    slot: int
    roles: frozenset[str] | None = None  # the roles its `role` condition admits (None: any)
    side: str | None = None  # its `side` condition (None: either)
    adjunct: bool | None = None  # its `adjunct` condition (None: either)


@dataclass(frozen=True)
class OrderRules:
    slots: tuple[str, ...]
    head_slot: int
    chain_slot: int
    chain_first_slot: int
    chain_rank: dict[str, int]
    opening_slot: int  # an opening conjunction of a coordination that continues its head
    continuation_slot: int
    rules: tuple[PlaceRule, ...]
    adjunct_roles: frozenset[str]
    compounds: CompoundOrder
    inside_quotes: InsideQuotes
    punctuation_order: dict[str, int]  # cat0 -> rank of unranked marks on one side of a head
    lead_slots: dict[int, int]  # slot -> slot whose first item its items always stand right before
    markers: MarkerOrder
    separators_join: int | None  # slot whose marks a continued coordination's first separators join
    reopened_quotes: frozenset[str]  # cat0 of opening quotes that open again after a reporting clause
    between_separators: bool = False  # a conjunction goes between two separators of one gap
    marked_clause_cat0: frozenset[str] = frozenset()  # cat0 whose marked words count as marked clauses
    conjunction_separators: frozenset[str] = frozenset()  # cat0 of separators that stand by a conjunction
    opening_clause_slot: int | None = None  # ... whose later conjuncts have subjects of their own
    _by_role: dict[tuple[str, str | None], tuple[PlaceRule, ...]] = field(default_factory=dict, compare=False,
                                                                          repr=False)

    def rule_ids(self) -> list[str]:
        return [r.rule_id for r in self.rules]

    def rules_for(self, role: str, side: str | None) -> tuple[PlaceRule, ...]:
        """The placement rules that can fire for a dependent with this role and
        side (`direction`), in file order (the first that matches wins, so
        skipping the others changes nothing); their role, side and adjunct
        conditions hold, the rest are in `tests`. Computed once per pair."""
        found = self._by_role.get((role, side))
        if found is None:
            adjunct = role in self.adjunct_roles
            found = self._by_role[(role, side)] = tuple(
                r for r in self.rules if (r.roles is None or role in r.roles) and (r.side is None or r.side == side)
                and (r.adjunct is None or r.adjunct == adjunct))
        return found


def compile_order(data, checker, inventory: frozenset[str] = frozenset(),
                  adjunct_roles: frozenset[str] | None = None, phrasal: tuple[tuple[str, ...], ...] = ()
                  ) -> OrderRules | None:
    data = checker.mapping(data, "order.yaml")
    if data is None:
        return None
    checker.keys(data, ["slots", "aux_chain", "junction", "compounds", "inside_quotes", "punctuation_order", "lead_slots",
                  "marker_order", "reopened_quotes", "marked_clause_cat0", "rules"],
                 ["slots", "aux_chain", "junction", "rules"], what="order.yaml")
    slots = checker.strings(data.get("slots", []), "slots")
    if "HEAD" not in slots:
        checker.problem("slots must include HEAD")
        return None
    index = {s: i for i, s in enumerate(slots)}

    def slot_of(name, rid=None, line=None) -> int:
        if name not in index:
            checker.problem(f"unknown slot {name!r}; slots are listed under 'slots'", rid, line)
            return index["HEAD"]
        return index[name]

    def roles(values, rid, line) -> frozenset[str]:
        out = frozenset(checker.strings(values, "role", rid, line))
        for r in sorted(out - inventory if inventory else ()):
            checker.problem(f"role '{r}' is not in the role inventory of roles.yaml", rid, line)
        return out

    def positions(values, rid, line) -> frozenset[str]:
        out = frozenset(checker.strings(values, "subject position", rid, line))
        for p in sorted(out - set(SUBJECT_POSITIONS)):
            checker.problem(f"unknown subject position {p!r}; valid: {', '.join(SUBJECT_POSITIONS)}", rid, line)
        return out

    chain = checker.mapping(data.get("aux_chain", {}), "aux_chain") or {}
    checker.keys(chain, ["slot", "first_slot", "rank"], ["slot", "first_slot", "rank"], what="aux_chain")
    rank = {str(k): int(v) for k, v in (checker.mapping(chain.get("rank", {}), "aux_chain.rank") or {}).items()}
    roles(list(rank), None, line_of(chain))
    junction = checker.mapping(data.get("junction", {}), "junction") or {}
    checker.keys(junction, ["opening_slot", "opening_clause_slot", "continuation_slot", "separators_join",
                            "between_separators", "conjunction_separators"],
                 ["opening_slot", "continuation_slot"],
                 what="junction")
    rules = []
    for spec, rid, line in checker.rules(data, "rules", "placement rule", ["id", "when", "slot"],
                                         ["id", "when", "slot"]):
        when = checker.mapping(spec.get("when", {}), "when", rid) or {}
        tests = []
        admits = side = adjunct = None  # read once per role and side (OrderRules.rules_for), not per dependent
        for key, v in when.items():
            if key == "role":
                admits = roles(v, rid, line)
            elif key == "word":
                ws = frozenset(w.lower() for w in checker.strings(v, key, rid, line))
                tests.append(lambda r, h, ctx, own, env, ws=ws: (r.word or r.base or "").lower() in ws)
            elif key == "adjunct":
                adjunct = bool(v)
            elif key == "side":
                if v not in ("left", "right"):
                    checker.problem("'side' must be left or right", rid, line)
                side = v
            elif key == "position_class":
                cs = frozenset(checker.strings(v, key, rid, line))
                tests.append(lambda r, h, ctx, own, env, cs=cs: r.position_class in cs)
            elif key == "has_rolemarker":
                tests.append(lambda r, h, ctx, own, env, v=bool(v): (r.rolemarker is not None) == v)
            elif key == "subject_position":
                cs = positions(v, rid, line)
                tests.append(lambda r, h, ctx, own, env, cs=cs: r.subject_position in cs)
            elif key == "head_subject_position":
                cs = positions(v, rid, line)
                tests.append(lambda r, h, ctx, own, env, cs=cs: h is not None and h.subject_position in cs)
            elif key == "head_has_roles":
                rs = roles(v, rid, line)
                tests.append(lambda r, h, ctx, own, env, rs=rs: bool(rs & ctx))
            elif key == "cat0":
                cs = frozenset(checker.strings(v, key, rid, line))
                tests.append(lambda r, h, ctx, own, env, cs=cs: r.cat0 in cs)
            elif key == "grouptype":
                cs = frozenset(checker.strings(v, key, rid, line))
                tests.append(lambda r, h, ctx, own, env, cs=cs: r.grouptype in cs)
            elif key == "has_roles":
                rs = roles(v, rid, line)
                tests.append(lambda r, h, ctx, own, env, rs=rs: bool(rs & own))
            elif key == "lacks_roles":
                rs = roles(v, rid, line)
                tests.append(lambda r, h, ctx, own, env, rs=rs: not (rs & own))
            elif key == "last_on_side":
                # the adjunct's rank is the highest on its side: nothing ranked follows it there
                tests.append(lambda r, h, ctx, own, env, v=bool(v): env.last_on_side(r) == v)
            elif key == "head_has_right_roles":
                rs = frozenset(f"right:{x}" for x in roles(v, rid, line))
                tests.append(lambda r, h, ctx, own, env, rs=rs: bool(rs & ctx))
            elif key == "head_compound_marker":
                tests.append(lambda r, h, ctx, own, env, v=bool(v): ("marker:compound" in ctx) == v)
            elif key == "head_has_clause":
                rs = frozenset(f"{x}:clause" for x in roles(v, rid, line))
                tests.append(lambda r, h, ctx, own, env, rs=rs: bool(rs & ctx))
            elif key == "head_has_marked_clause":
                rs = frozenset(f"{x}:marked" for x in roles(v, rid, line))
                tests.append(lambda r, h, ctx, own, env, rs=rs: bool(rs & ctx))
            elif key in MARK_CONDITIONS:
                prefix, on_head, want = MARK_CONDITIONS[key]
                # marker words are matched lowercased, as the context spells them (_marker_word)
                cs = frozenset(f"{prefix}{c.lower() if prefix == 'marker-word:' else c}"
                               for c in checker.strings(v, key, rid, line))
                tests.append(lambda r, h, ctx, own, env, cs=cs, on_head=on_head, want=want:
                             bool(cs & (ctx if on_head else own)) == want)
            elif key == "head_lacks_roles":
                rs = roles(v, rid, line)
                tests.append(lambda r, h, ctx, own, env, rs=rs: not (rs & ctx))
            elif key == "head_has_clause_subject":
                # {role: [positions]}: the head has a clause of that role with its
                # subject in one of these positions ("[said Mr. Pratt]")
                spec_map = checker.mapping(v, key, rid) or {}
                roles(list(spec_map), rid, line)
                rs = frozenset(f"{role}:subject={p}" for role, ps in spec_map.items()
                               for p in positions(ps, rid, line))
                tests.append(lambda r, h, ctx, own, env, rs=rs: bool(rs & ctx))
            elif key == "not_cat0":
                cs = frozenset(checker.strings(v, key, rid, line))
                tests.append(lambda r, h, ctx, own, env, cs=cs: r.cat0 not in cs)
            elif key == "leaf":
                # no dependents but punctuation: "[already]" vs "[in 1988]"
                # ("mark:..." entries of `own` are its marks, not roles)
                tests.append(lambda r, h, ctx, own, env, v=bool(v): all(
                    x in PUNCT_ROLES or ":" in x for x in own) == v)
            elif key == "rank":
                # the adjunct's rank in its unit (1: nearest the sentence start on its side)
                ns = frozenset(_count(checker, n, key, rid, line) for n in (v if isinstance(v, list) else [v]))
                tests.append(lambda r, h, ctx, own, env, ns=ns: r.unit_rank in ns)
            elif key in ("min_words", "max_words"):
                # the dependent's phrase (a conjunct's: its coordination), in words, punctuation not counted
                n = _count(checker, v, key, rid, line)
                if key == "min_words":
                    tests.append(lambda r, h, ctx, own, env, n=n: env.weight(r) >= n)
                else:
                    tests.append(lambda r, h, ctx, own, env, n=n: env.weight(r) <= n)
            elif key == "sibling_min_words":
                # {role: N}: the head has a dependent of that role with at least N words
                # ("role:grouptype" counts only dependents of that group type: "object:clause")
                spec_map = checker.mapping(v, key, rid) or {}
                need = {str(k): _count(checker, n, key, rid, line) for k, n in spec_map.items()}
                roles([k.split(":")[0] for k in need], rid, line)
                tests.append(lambda r, h, ctx, own, env, need=tuple(need.items()): any(
                    env.heaviest(h.id, role) >= n for role, n in need))
            elif key == "head_grouptype":
                cs = frozenset(checker.strings(v, key, rid, line))
                tests.append(lambda r, h, ctx, own, env, cs=cs: h is not None and h.grouptype in cs)
            elif key == "head_cat0":
                cs = frozenset(checker.strings(v, key, rid, line))
                tests.append(lambda r, h, ctx, own, env, cs=cs: h is not None and h.cat0 in cs)
            elif key == "head_in_coordination":
                # the head is a conjunct: "on [either] the U.S. or London" (the
                # shared "on" hangs on the first conjunct)
                tests.append(lambda r, h, ctx, own, env, v=bool(v): (h is not None and h.junction is not None) == v)
            elif key == "head_role":
                rs = roles(v, rid, line)
                tests.append(lambda r, h, ctx, own, env, rs=rs: h is not None and h.role in rs)
            elif key == "cat1":
                cs = frozenset(checker.strings(v, key, rid, line))
                tests.append(lambda r, h, ctx, own, env, cs=cs: r.cat1 in cs)
            elif key == "head_cat1":
                cs = frozenset(checker.strings(v, key, rid, line))
                tests.append(lambda r, h, ctx, own, env, cs=cs: h is not None and h.cat1 in cs)
            else:
                checker.problem(f"unknown condition '{key}'; valid: {', '.join(ORDER_CONDITIONS)}", rid, line)
        rules.append(PlaceRule(str(rid), tuple(tests), slot_of(spec.get("slot"), rid, line), admits, side, adjunct))
    return OrderRules(
        tuple(slots), index["HEAD"], slot_of(chain.get("slot")), slot_of(chain.get("first_slot")), rank,
        slot_of(junction.get("opening_slot")),
        slot_of(junction.get("continuation_slot")), tuple(rules),
        adjunct_roles if adjunct_roles is not None else frozenset(),
        compile_compound_order(data.get("compounds", {}), checker, phrasal),
        compile_inside_quotes(data.get("inside_quotes", {}), checker),
        {c: i for i, c in enumerate(checker.strings(data.get("punctuation_order", []), "punctuation_order"))},
        {slot_of(str(a)): slot_of(str(b)) for a, b in (checker.mapping(data.get("lead_slots", {}), "lead_slots")
                                                       or {}).items()},
        compile_marker_order(data.get("marker_order", {}), checker, slot_of),
        slot_of(str(junction["separators_join"])) if "separators_join" in junction else None,
        frozenset(checker.strings(data.get("reopened_quotes", []), "reopened_quotes")),
        bool(junction.get("between_separators", False)),
        frozenset(checker.strings(data.get("marked_clause_cat0", []), "marked_clause_cat0")),
        frozenset(checker.strings(junction.get("conjunction_separators", []), "junction.conjunction_separators")),
        slot_of(str(junction["opening_clause_slot"])) if "opening_clause_slot" in junction else None,
    )

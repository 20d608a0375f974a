"""Stage 8: ids and positions, the records, and the invariants.

Records are built fresh from the stages' results: `head` is a 1-based id (0
for the root), `direction` is left or right of the head, `rp` the distance
to the head and `ap` the 0-based distance from the start of the sentence.

Invariants, checked for every sentence (a violation fails the sentence,
it never passes silently):
- every non-null word of the input tree appears exactly once, in order;
- exactly one word is the root, and it has role `top`;
- the heads form a tree: no dangling ids, no cycles.
"""
from __future__ import annotations

from operator import is_not

from ptb2fd.conversion.pipeline import Parse
from ptb2fd.errors import InvariantError
from ptb2fd.record import Sentence, Token

# Dependents shared by the conjuncts are marked in `rules`, punctuation aside.
SHARED_NOT = frozenset({"leftpunc", "rightpunc", "coordpunc"})


class BuildRecords:
    name = "records"
    needs = ("words", "deps", "roles", "role_rules", "logicalroles", "grouptypes", "subject_positions",
             "position_classes", "bases", "factors", "corrections", "np_fixes", "head_rules", "source_tree", "tree")
    provides = ("sentence",)

    def __init__(self, initial_markers: frozenset[str]):
        self.initial_markers = initial_markers

    def run(self, parse: Parse) -> None:
        self._check_words(parse)
        deps = parse.deps
        words, head, roles = parse.words, deps.head, parse.roles
        n = len(words)
        markers: dict[int, list[int]] = {}
        for j in deps.junctions:
            markers[j.jid] = j.markers
        conj_lists = {j.jid: j.conjuncts for j in deps.junctions}
        coord_rule = {j.jid: j.rule_id for j in deps.junctions}
        # The first conjunct of a nested coordination says so, for --stats:
        # "nesting:clausal" / "nesting:np" / "nesting:other".
        nesting: dict[int, list[str]] = {}
        for j in deps.junctions:
            if j.nested:
                nesting.setdefault(j.conjuncts[0], []).append(f"nesting:{j.kind}")
        # Each head's rolemarker dependents, in sentence order.
        rolemarkers: dict[int, list[str]] = {}
        for d, role in enumerate(roles):
            if role == "rolemarker":
                rolemarkers.setdefault(head[d], []).append(words[d].word)
        tokens = []
        factors, bases, logical = parse.factors, parse.bases, parse.logicalroles
        grouptypes, positions, classes = parse.grouptypes, parse.subject_positions, parse.position_classes
        role_rules, head_rules, corrections, np_fixes = parse.role_rules, parse.head_rules, parse.corrections, \
            parse.np_fixes
        parents, attachments = deps.parent, deps.attach
        junction_of, marker_of, compound_of, shared_of = deps.junction_of, deps.marker_of, deps.compound_of, \
            deps.shared_of
        # The words in a coordination or a compound, or named by another
        # rule (most words are in none): only they take the branch below.
        special = set(junction_of).union(marker_of, shared_of, compound_of, corrections, np_fixes)
        for t in range(n):
            h = head[t]
            f = factors[t]
            parent = parents[t]
            attach = attachments[t]
            word = words[t]
            junction = junction_position = conj_anchor = conj_sibling = compound = compound_position = None
            corrected = None
            extra: list[str] = []
            if t in special:
                if t in junction_of:
                    junction, junction_position = junction_of[t]
                    ms = markers.get(junction) or []
                    if ms:
                        conj_anchor = self._anchor(ms, words, conj_lists[junction], junction_position) + 1
                    if junction_position > 1:
                        conj_sibling = conj_lists[junction][junction_position - 2] + 1
                    extra.append(coord_rule[junction])
                    extra.extend(nesting.get(t, ()))
                elif t in marker_of:
                    junction = marker_of[t]
                    extra.append(coord_rule[junction])
                # (a shared phrase may itself be a coordination: "X and Y [of A and B]")
                if t in shared_of and roles[t] not in SHARED_NOT:
                    extra.append("coordination-shared")
                if t in compound_of:
                    compound, compound_position, rid = compound_of[t]
                    extra.append(rid)
                if t in corrections:
                    rule = corrections[t]
                    corrected = rule.kind
                    extra.append(rule.rule_id)
                if t in np_fixes:
                    extra.append(np_fixes[t])
            # Positional, in the field order of record.Token (it is faster).
            tokens.append(Token(
                t + 1, word.word, bases[t], word.tag, f.cat0, f.cat1, f.tense, f.pn, h + 1, roles[t], logical[t],
                " ".join(rolemarkers[t]) if t in rolemarkers else None,
                None if h < 0 else ("left" if t < h else "right"), None if h < 0 else abs(t - h), t,
                junction, junction_position, conj_anchor, conj_sibling, grouptypes[t], positions[t], classes.get(t),
                compound, compound_position, attach.label.raw if attach.word is None else word.tag, role_rules[t],
                head_rules.get(id(parent), "") if parent is not None else "", corrected, extra))
        self._check_tree(tokens)
        parse.sentence = Sentence(parse.location.sent_id, tokens)

    @staticmethod
    def _check_words(parse: Parse) -> None:
        """The restructured tree holds exactly the input's words, in order
        (`parse.words` are the input's non-null leaves, built by the nulls
        stage; restructuring stages reuse those leaf nodes)."""
        got = parse.tree.words()
        expected = parse.words
        if len(got) != len(expected) or any(map(is_not, got, expected)):
            raise InvariantError(f"words lost or duplicated by restructuring: {len(expected)} in, {len(got)} out")

    def _anchor(self, markers: list[int], words, conjuncts: list[int], pos: int) -> int:
        """The conjunction of a conjunct: the one right before it ("X , but
        Y , and Z": Y -> but, Z -> and); for the first conjunct the opening
        one ("[either] A or B", "[not only] A but also B": any conjunction
        before the first conjunct opens the coordination, whatever its head
        word); otherwise the coordination's main conjunction (the last one
        that does not open it)."""
        if pos > 1:
            lo, hi = conjuncts[pos - 2], conjuncts[pos - 1]
            between = [m for m in markers if lo < m < hi]
            if between:
                return between[-1]
        else:
            opening = [m for m in markers if m < conjuncts[0]]
            if opening:
                return opening[0]
        for m in reversed(markers):
            if m > conjuncts[0] and (words[m].word or "").lower() not in self.initial_markers:
                return m
        return markers[-1]

    @staticmethod
    def _check_tree(tokens: list[Token]) -> None:
        n = len(tokens)
        roots = [t for t in tokens if t.head == 0]
        if len(roots) != 1:
            raise InvariantError(f"{len(roots)} roots (words with head 0); expected exactly one")
        if roots[0].role != "top":
            raise InvariantError(f"the root {roots[0].word!r} has role {roots[0].role!r}, not top")
        tops = [t for t in tokens if t.role == "top"]
        if len(tops) != 1:
            raise InvariantError(f"{len(tops)} words have role top; expected exactly one")
        for t in tokens:
            if not 0 <= t.head <= n or t.head == t.id:
                raise InvariantError(f"word {t.id} {t.word!r} has dangling head {t.head}")
        # Every word must reach the root without meeting itself: follow each
        # chain once, marking words known to reach the root.
        state = [0] * (n + 1)  # 0 unseen, 1 on the current path, 2 reaches the root
        state[0] = 2
        for t in tokens:
            path = []
            h = t.id
            while state[h] == 0:
                state[h] = 1
                path.append(h)
                h = tokens[h - 1].head
            if state[h] == 1:
                raise InvariantError(f"cycle through word {h} {tokens[h - 1].word!r}")
            for x in path:
                state[x] = 2

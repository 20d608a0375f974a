"""Compound prepositions (rules/compound_prepositions.yaml; paper section 4.5).

Groups "because of", "according to", "only to" ... into one constituent
(label CPREP) placed where the preposition was, so the whole unit becomes
one role marker of the noun on its right:
    (PP (RB because) (PP (IN of) (NP costs)))  ->  (PP (PP (CPREP because of) (NP costs)))
The reduction stage then attaches every word of the unit to the head of
the marked phrase, keeping the unit's word order in `compound_position`.

Known failure: "in addition to" and "in front of" hold an NP in the
middle in the Treebank ("(PP in (NP (NP addition) (PP to ...)))") and are
left as they are.
"""
from __future__ import annotations

from dataclasses import dataclass

from ptb2fd.conversion.pipeline import Parse
from ptb2fd.rulelang.patterns import Pattern, any_match, compile_patterns
from ptb2fd.rulelang.rulefile import line_of
from ptb2fd.trees.ptbtree import Label, Node


@dataclass(frozen=True)
class PhrasalRule:
    rule_id: str
    words: tuple[str, ...]
    within: frozenset[str]
    not_after: tuple[Pattern, ...] = ()  # no unit after an earlier sibling matching these


@dataclass(frozen=True)
class ModifierRule:
    rule_id: str
    words: frozenset[str]  # '*' = any word with one of `tags`
    tags: frozenset[str]
    prepositions: frozenset[str]
    within: frozenset[str]
    nested_only: bool  # the preposition must start a PP of its own

    def takes(self, word: Node) -> bool:
        w = (word.word or "").lower()
        if self.tags and word.tag not in self.tags:
            return False
        return "*" in self.words or w in self.words


@dataclass(frozen=True)
class CompoundRules:
    label: str
    phrasal: tuple[PhrasalRule, ...]  # longest first
    modifiers: tuple[ModifierRule, ...]
    by_first_word: dict[str, tuple[PhrasalRule, ...]]  # the phrasal rules, indexed

    def rule_ids(self) -> list[str]:
        return [r.rule_id for r in self.phrasal] + [r.rule_id for r in self.modifiers]


def compile_compounds(data, checker) -> CompoundRules | None:
    data = checker.mapping(data, "compound_prepositions.yaml")
    if data is None:
        return None
    checker.keys(data, ["label", "phrasal_within", "phrasal", "modifiers"], ["label", "phrasal"],
                 what="compound_prepositions.yaml")
    default_within = frozenset(checker.strings(data.get("phrasal_within", []), "phrasal_within"))
    phrasal, modifiers = [], []
    raw = data.get("phrasal", [])
    raw_mod = data.get("modifiers", [])
    if not isinstance(raw, list) or not isinstance(raw_mod, list):
        checker.problem("phrasal and modifiers must be lists")
        raw, raw_mod = [], []
    checker.rule_ids(raw + raw_mod)
    for spec in raw:
        spec = checker.mapping(spec, "phrasal rule")
        if spec is None:
            continue
        rid = spec.get("id")
        checker.keys(spec, ["id", "words", "within", "not_after"], ["id", "words"], rid)
        words = tuple(w.lower() for w in checker.strings(spec.get("words", []), "words", rid, line_of(spec)))
        if len(words) < 2:
            checker.problem("a phrasal preposition needs at least two words", rid, line_of(spec))
            continue
        within = frozenset(checker.strings(spec["within"], "within", rid)) if "within" in spec else default_within
        not_after = compile_patterns(spec.get("not_after", []), checker, "not_after", rid, line_of(spec))
        phrasal.append(PhrasalRule(str(rid), words, within, not_after))
    for spec in raw_mod:
        spec = checker.mapping(spec, "modifier rule")
        if spec is None:
            continue
        rid = spec.get("id")
        checker.keys(spec, ["id", "words", "tags", "prepositions", "within", "nested_only"],
                     ["id", "words", "prepositions"], rid)
        modifiers.append(ModifierRule(
            str(rid), frozenset(w.lower() for w in checker.strings(spec.get("words", []), "words", rid)),
            frozenset(checker.strings(spec.get("tags", []), "tags", rid)),
            frozenset(checker.strings(spec.get("prepositions", []), "prepositions", rid)),
            frozenset(checker.strings(spec.get("within", []), "within", rid)),
            bool(spec.get("nested_only", False))))
    phrasal.sort(key=lambda r: -len(r.words))
    index: dict[str, list[PhrasalRule]] = {}
    for r in phrasal:
        index.setdefault(r.words[0], []).append(r)
    return CompoundRules(str(data.get("label", "CPREP")), tuple(phrasal), tuple(modifiers),
                         {k: tuple(v) for k, v in index.items()})


class GroupCompoundPrepositions:
    """`tree` -> new `tree` with CPREP units, and `compounds`."""

    name = "compounds"
    needs = ("tree",)
    provides = ("tree", "compounds")

    def __init__(self, rules: CompoundRules):
        self.rules = rules
        self.prepositions = frozenset().union(*(r.prepositions for r in rules.modifiers))

    def run(self, parse: Parse) -> None:
        self.found: dict[int, tuple[Node, str]] = {}
        words = parse.words
        # Most sentences hold no unit: their tree stays as it is, unwalked;
        # in the others only the phrases around a possible start are walked.
        by_first, prepositions = self.rules.by_first_word, self.prepositions
        starts = [t for t in range(len(words) - 1)
                  if (words[t + 1].tag in prepositions or words[t].word.lower() in by_first)
                  and self._may_start(words[t], words[t + 1])]
        if starts:
            parse.tree = self._rebuild(parse.tree, starts)
        parse.compounds = self.found

    def _may_start(self, word: Node, following: Node) -> bool:
        """Whether some rule could make a unit of this word and the word
        after it (a unit's words follow each other in the sentence: `_chain`).
        Only if the word after it is a preposition or the word starts a
        phrasal rule (`run` looks at those alone)."""
        lower = word.word.lower()
        for rule in self.rules.by_first_word.get(lower, ()):
            if following.word.lower() == rule.words[1]:
                return True
        return following.tag in self.prepositions and any(
            r.takes(word) and following.tag in r.prepositions for r in self.rules.modifiers)

    def _rebuild(self, node: Node, starts: list[int]) -> Node:
        """`node` with its units grouped. A unit starts at a word where
        `_may_start` holds (`starts`), so a phrase that spans none of them
        stays as it is and is not walked."""
        if node.word is not None or not node.spans_any(starts):
            return node
        kids = [c if c.word is not None else self._rebuild(c, starts) for c in node.children]  # words stay
        changed = any(k is not c for k, c in zip(kids, node.children))
        grouped = self._group(node, kids)
        if grouped is not None:
            kids, changed = grouped, True
        if not changed:
            return node
        return Node(node.label, tuple(kids), None, None, kids[0].start, kids[-1].end, node.nulls, node.made_by)

    def _chain(self, kids: list[Node], i: int) -> list[tuple[Node, Node | None]]:
        """Words from kids[i] on: flat words, then into a PP's first words.
        Each item is (word, the PP it sits in, or None if in this phrase)."""
        out: list[tuple[Node, Node | None]] = []
        j = i
        while j < len(kids) and kids[j].word is not None:
            out.append((kids[j], None))
            j += 1
        if j < len(kids) and kids[j].label.cat == "PP" and j == i + len(out):
            pp = kids[j]
            for c in pp.children:
                if c.word is None:
                    break
                out.append((c, pp))
        return out

    def _group(self, node: Node, kids: list[Node]) -> list[Node] | None:
        cat = node.label.cat
        for i, kid in enumerate(kids):
            first = kid
            if kid.word is None:
                # "(PP (ADVP (RB only)) (TO to) ...)": a one-word ADVP modifier.
                if kid.label.cat == "ADVP" and len(kid.children) == 1 and kid.children[0].word is not None:
                    first = kid.children[0]
                else:
                    continue
            phrasal = self.rules.by_first_word.get(first.word.lower()) if first is kid else None
            if phrasal:
                chain = self._chain(kids, i)
                for rule in phrasal:
                    if rule.within and cat not in rule.within:
                        continue
                    if rule.not_after and any(any_match(rule.not_after, k) for k in kids[:i]):
                        continue
                    n = len(rule.words)
                    if len(chain) >= n and tuple(c.word.lower() for c, _ in chain[:n]) == rule.words \
                            and self._leaves_rest(kids, i, chain[:n]):
                        return self._make(kids, i, chain[:n], rule.rule_id)
            for rule in self.rules.modifiers:
                if not rule.takes(first) or (rule.within and cat not in rule.within):
                    continue
                chain = [(first, None)] + self._chain(kids, i + 1)
                if len(chain) >= 2 and chain[1][0].tag in rule.prepositions and self._leaves_rest(kids, i, chain[:2]) \
                        and (not rule.nested_only or chain[1][1] is not None):
                    return self._make(kids, i, chain[:2], rule.rule_id)
            break  # only the phrase-initial words can start a unit
        return None

    @staticmethod
    def _leaves_rest(kids: list[Node], i: int, chain) -> bool:
        """The unit must leave something for it to mark: "because of [X]"."""
        pp = chain[-1][1]
        if pp is not None:
            used = sum(1 for _, c in chain if c is pp)
            return len(pp.children) > used
        top = sum(1 for _, c in chain if c is None)
        return len(kids) > i + top

    def _make(self, kids: list[Node], i: int, chain, rule_id: str) -> list[Node]:
        words = [w for w, _ in chain]
        unit = Node(Label(self.rules.label, self.rules.label), tuple(words), None, None, words[0].start,
                    words[-1].end, (), rule_id)
        self.found[id(unit)] = (unit, rule_id)
        pp = chain[-1][1]
        # Words taken from this phrase; a one-word ADVP counts as one child.
        top_count = sum(1 for _, container in chain if container is None)
        if pp is None:
            return kids[:i] + [unit] + kids[i + top_count:]
        inner_used = len(chain) - top_count
        rest = pp.children[inner_used:]
        new_pp = Node(pp.label, (unit,) + tuple(rest), None, None, unit.start, (rest[-1].end if rest else unit.end),
                      pp.nulls, pp.made_by)
        return kids[:i] + [new_pp] + kids[i + top_count + 1:]

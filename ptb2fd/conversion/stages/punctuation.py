"""Punctuation attachment (rules/punctuation.yaml; paper section 4.6).

Each mark goes to a head by association rules, not to the head of its
bracket: an opening quote is a leftpunc of the constituent on its right,
paired commas stay with the appositive they enclose ("Pierre Vinken , 61
years old , will join" -> both commas <- old), and otherwise a mark goes
outward to the neighbour farther from the phrase head.

The rules are compiled in punctuation_rules.py; where a mark goes under each
strategy is in punctuation_targets.py; this stage walks the marks, keeps
the quote parity and the pairs decided early, and uncrosses adjacent marks.

Raw quotes (`"` and `'`, whatever their tag) open or close by parity over
the whole sentence, counted separately for each character.

Known failures: a quote that opens in one constituent and closes in another
(it happens in the WSJ) is attached as two unpaired marks; a `'` that is an
apostrophe but tagged as a quote ("rock 'n' roll" split into words) upsets
the parity of the single quotes after it.
"""
from __future__ import annotations

from ptb2fd.conversion.pipeline import Parse
from ptb2fd.conversion.stages.punctuation_targets import RAW_QUOTES, PunctuationTargets


class AttachPunctuation(PunctuationTargets):
    """Re-heads punctuation tokens; sets `punct_roles` (token -> role, rule)."""

    name = "punctuation"
    needs = ("deps", "heads", "words")
    provides = ("punct_roles",)

    def run(self, parse: Parse) -> None:
        deps, words = parse.deps, parse.words
        n = len(words)
        roles: dict[int, tuple[str, str]] = {}
        decided: dict[int, tuple[int, str, str]] = {}  # partner marks decided early
        memo: dict = {}  # what the strategies work out once per sentence
        root = deps.head.index(-1)
        # Raw quotes open or close by parity over the whole sentence, one
        # count per character: in `" he told me 'no' yesterday "` the single
        # quotes pair with each other, not with the double ones.
        quote_parity = dict.fromkeys(RAW_QUOTES, 0)
        final_inside: int | None = None  # a final "." that a closing quote follows
        # `is_punct` inlined: every word of the corpus comes through here.
        punct_tags, punct_words = self.vocab.punctuation_tags, self.vocab.punctuation_words
        not_punct = self.rules.not_punctuation
        for t in range(n):
            node = words[t]
            if not (node.tag in punct_tags or node.word in punct_words) or node.tag in not_punct:
                continue
            opening = self._opening(node, quote_parity.get(node.word, 0))
            if node.word in RAW_QUOTES:
                quote_parity[node.word] ^= 1
            if t == root:
                continue
            if t in decided:
                target, role, rid = decided.pop(t)
                self._set(parse, t, target, role, rid, roles)
                if final_inside is not None and t > final_inside:
                    self._retarget(parse, final_inside, target)
                    final_inside = None
                continue
            parent = deps.parent_of.get(id(node))
            for rule in self.rules.rules:
                if rule.marks and node.word not in rule.marks and node.tag not in rule.marks:
                    continue
                result = self._apply(rule, parse, t, node, parent, root, opening, decided, memo)
                if result is not None:
                    target, role = result
                    if rule.strategy == "root-final" and t + 1 < n and final_inside is None:
                        final_inside = t  # ". ''": decided with the closing mark
                    self._set(parse, t, target, role, rule.rule_id, roles)
                    break
            if final_inside is not None and t > final_inside and t in roles:
                # The period goes inside the quote it precedes: same head,
                # before the closing mark ("... does n't exist . ''").
                target = parse.deps.head[t] if t != root else root
                self._retarget(parse, final_inside, target)
                final_inside = None
        self._uncross(parse, roles)
        parse.punct_roles = roles

    @staticmethod
    def _uncross(parse: Parse, roles: dict[int, tuple[str, str]]) -> None:
        """Adjacent marks must not cross (paper 4.6): in ", ''" both close
        the quotation, so if the quote would attach inside the span of the
        comma's edge it goes with the comma; the same for opening marks
        before a mark attached to the right ("`` (")."""
        head = parse.deps.head
        n = len(head)
        for t in range(1, n):
            q = t - 1  # a mark attached to the left, right before t
            if t in roles and q in roles and roles[t][0] == "rightpunc" and 0 <= head[q] < q:
                if head[q] < head[t] < q and not AttachPunctuation._dominates(head, t, head[q]):
                    head[t] = head[q]
        for t in range(1, n):
            q = t - 1  # "X , '' said Y": a comma attached to the right, right
            # before a closing mark attached to the left, is inside the
            # quotation; it goes with the closing mark.
            if t in roles and q in roles and roles[t][0] == "rightpunc" and 0 <= head[t] < q < head[q] \
                    and not AttachPunctuation._dominates(head, q, head[t]):
                head[q] = head[t]
                roles[q] = ("rightpunc", roles[q][1])
        for t in range(n - 2, -1, -1):
            r = t + 1  # a mark attached to the right, right after t
            if t in roles and r in roles and roles[t][0] == "leftpunc" and head[r] > r:
                if r < head[t] < head[r] and not AttachPunctuation._dominates(head, t, head[r]):
                    head[t] = head[r]

    @classmethod
    def _retarget(cls, parse: Parse, t: int, target: int) -> None:
        if target != t and target >= 0 and not cls._dominates(parse.deps.head, t, target):
            parse.deps.head[t] = target

    @staticmethod
    def _dominates(head: list[int], t: int, target: int) -> bool:
        """True if `target` depends (directly or not) on `t`: attaching t to
        it would make a cycle. It happens in a phrase of nothing but marks,
        where one mark heads the others: "(SQ (. .) (SYM --))"."""
        seen = 0
        h = target
        while h >= 0 and seen <= len(head):
            if h == t:
                return True
            h = head[h]
            seen += 1
        return False

    def _set(self, parse: Parse, t: int, target: int, role: str, rule_id: str, roles) -> None:
        if target != t and target >= 0 and not self._dominates(parse.deps.head, t, target):
            parse.deps.head[t] = target
        roles[t] = (role, rule_id)
        parse.fire(rule_id)

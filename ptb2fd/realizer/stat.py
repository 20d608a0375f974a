"""The statistical realizer: a regeneration view in, the words in order out.

Bottom-up over the dependency tree: each head's units (itself and its
locked dependents, `units.py`) are ordered by the beam search (`search.py`)
under the log-linear model with the language model as a feature, and the
head's phrase is the concatenation of its units' words. In a view without
words (`lemma`) the forms come from `inflection.py` first, and the
articles are fixed once the phrase is ordered. The first word of the
sentence gets its capital back.

Example ("paper" view): the records of "Pierre Vinken , 61 years old ,
will join the board ." give, at "join", the units [join] [Pierre Vinken ,
61 years old ,] [will] [the board] [.], with "." bound to the right; the
search puts the subject first and the modal before the head.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

from ..regen.order import OrderRules
from ..regen.view import RegenerationView, ViewRecord
from .inflection import Inflector, capitalize_first
from .lm import KneserNeyLM
from .search import Scorer
from .units import HeadProblem, build_problems


@dataclass
class Trace:
    """What the search did at each head, for search-error counts."""

    problems: list[HeadProblem]
    orders: list[list[int]]
    scores: list[float]


class StatRealizer:
    name = "stat"

    def __init__(self, view_name: str, order_rules: OrderRules, scorer: Scorer, inflector: Inflector,
                 lm: KneserNeyLM | None):
        self.view_name = view_name
        self.order_rules = order_rules
        self.scorer = scorer
        self.inflector = inflector
        self.lm = lm

    def realize(self, view: RegenerationView) -> list[str]:
        return self.realize_traced(view)[0]

    def realize_traced(self, view: RegenerationView) -> tuple[list[str], Trace]:
        records = view.records
        kids: dict[int, list[ViewRecord]] = {}
        for r in records:
            kids.setdefault(r.head, []).append(r)
        inflect = any(r.word is None for r in records)
        forms = {r.id: (self.inflector.form(r, kids) if inflect else r.word) for r in records}
        problems, _ = build_problems(records, self.order_rules)
        phrase: dict[int, list[str]] = {}
        trace = Trace(problems, [], [])
        for p in problems:
            p.units[0].words = [forms[p.head.id]]
            for u in p.units[1:]:
                u.words = self._unit_words(u.ids, u.ordered, phrase)
            order, score = self.scorer.search(p)
            trace.orders.append(order)
            trace.scores.append(score)
            words = [w for i in order for w in p.units[i].words]
            phrase[p.head.id] = self.inflector.fix_articles(words) if inflect else words
        out = [w for p in problems if p.head.head == 0 for w in phrase[p.head.id]]
        return capitalize_first(out), trace

    def _unit_words(self, ids: tuple[int, ...], ordered: bool, phrase: dict[int, list[str]]) -> list[str]:
        if ordered or len(ids) > 4 or self.lm is None:
            return [w for i in ids for w in phrase[i]]
        # A compound preposition without its inner order: the likeliest one.
        options = [[w for i in perm for w in phrase[i]] for perm in itertools.permutations(ids)]
        return max(options, key=lambda ws: (self.lm.score(ws), ws))

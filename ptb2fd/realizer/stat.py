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

from dataclasses import dataclass

from ptb2fd.realizer.inflection import Inflector
from ptb2fd.realizer.lm import KneserNeyLM
from ptb2fd.realizer.records import RecordError, records_view
from ptb2fd.realizer.search import Scorer
from ptb2fd.realizer.units import HeadProblem, Unit, _lex, build_problems, edge_tags
from ptb2fd.regen.order import OrderRules
from ptb2fd.regen.view import RegenerationView, ViewRecord, capitalize_first


@dataclass
class Trace:
    """What the search did at each head, for search-error counts."""

    problems: list[HeadProblem]
    orders: list[list[int]]
    scores: list[float | None]  # None: not scored (one admissible ordering, realized unscored)


class StatRealizer:
    """`realize(records)`: the words of one sentence in order, first word
    capitalized; `records` is the `RegenerationView` a regeneration check
    gives, or a user's own records as plain dicts (`records.py`; a bad one
    raises `records.RecordError`). `realize_ordered`: the words and the ids
    of the records they spell."""

    name = "stat"

    def __init__(self, view_name: str, order_rules: OrderRules, scorer: Scorer, inflector: Inflector,
                 lm: KneserNeyLM | None, compounds: dict[str, str] | None = None, rules=None):
        self.view_name = view_name
        self.order_rules = order_rules
        self.rules = rules  # the rule set (its roles and categories read a user's records)
        self.scorer = scorer
        self.inflector = inflector
        self.lm = lm
        self.compounds = compounds or {}  # compound words sorted -> in their commonest order ("because of")

    def realize(self, records) -> list[str]:
        return self.realize_ordered(records)[0]

    def realize_ordered(self, records) -> tuple[list[str], list[int]]:
        """The words and the record ids they spell, in output order."""
        view = self.view_of(records)
        words, ids, _ = self.realize_traced(view, scored=False)
        if view is not records and sorted(ids) != sorted(r.id for r in view.records):
            # (a user's records that pass every check but that no phrase structure fits:
            # nothing is dropped or doubled silently)
            raise RecordError("the records do not make one phrase structure: the realizer placed "
                              f"{len(ids)} words for {len(view.records)} records")
        return words, ids

    def view_of(self, records) -> RegenerationView:
        """`records` as the view this realizer reads (a view is taken as it is)."""
        if isinstance(records, RegenerationView):
            return records
        if self.rules is None:
            raise ValueError("this realizer was made without its rule set: load it with load_realizer")
        return records_view(records, self.view_name, self.rules)

    def realize_traced(self, view: RegenerationView, scored: bool = True) -> tuple[list[str], list[int], Trace]:
        """The words, their record ids and the search's trace; unscored, the
        trace's score is None at each head whose constraints admit one
        ordering (`Scorer.search`)."""
        records = view.records
        kids: dict[int, list[ViewRecord]] = {}
        for r in records:
            kids.setdefault(r.head, []).append(r)
        inflect = any(r.word is None for r in records)
        forms = {r.id: (self.inflector.form(r, kids) if inflect else r.word) for r in records}
        problems, by_id = build_problems(records, self.order_rules)
        phrase: dict[int, list[tuple[str, int]]] = {}  # head id -> its phrase as (word, record id)
        trace = Trace(problems, [], [])
        for p in problems:
            if len(p.units) == 1:  # a leaf (most words): what the loop below does for one unit, without a search
                h = p.head
                form = forms[h.id]
                p.units[0].words = [form]
                p.units[0].edges = edge_tags((h.cat,))
                trace.orders.append([0])
                trace.scores.append(0.0)
                phrase[h.id] = [(form, h.id)]  # (fix_articles leaves a single word alone)
                continue
            items_of = [[(forms[p.head.id], p.head.id)]]
            for u in p.units[1:]:
                items_of.append(self._unit_items(u, phrase, by_id))
            for u, items in zip(p.units, items_of):
                if len(items) == 1:  # a one-word unit (most): what the two lines below give, without their lists
                    word, i = items[0]
                    u.words = [word]
                    u.edges = edge_tags((by_id[i].cat,))
                    continue
                u.words = [w for w, _ in items]
                u.edges = edge_tags([by_id[i].cat for _, i in (items[:2] + items[-2:] if len(items) > 4 else items)])
            order, score = self.scorer.search(p, scored)
            trace.orders.append(order)
            trace.scores.append(score)
            items = [it for i in order for it in items_of[i]]
            if inflect:
                items = list(zip(self.inflector.fix_articles([w for w, _ in items]), [i for _, i in items]))
            phrase[p.head.id] = items
        out = [it for p in problems if p.head.head == 0 for it in phrase[p.head.id]]
        # A comma or period after a closing quote goes inside it, as in the
        # rules realizer (order.yaml inside_quotes): "finding , ''" although the
        # comma depends on the reporting verb. No phrase can reach that order alone.
        word_of = dict((i, w) for w, i in out)
        out = [(word_of[i], i) for i in self.order_rules.inside_quotes.apply([i for _, i in out], by_id)]
        return capitalize_first([w for w, _ in out]), [i for _, i in out], trace

    def _unit_items(self, unit: Unit, phrase, by_id) -> list[tuple[str, int]]:
        ids = unit.ids
        known = self.compounds.get(unit.lex)
        if not unit.ordered and known is not None:
            # A compound preposition without its inner order: the order it had in
            # training, else the rules realizer's (units.py), which beat the language
            # model's choice on dev ("from up 1.8415 marks").
            rank = {w: k for k, w in enumerate(known.split(" "))}
            ids = tuple(sorted(ids, key=lambda i: rank.get(_lex(by_id[i]), len(rank))))
        if len(ids) == 1:  # (read only: the phrase itself, not a copy)
            return phrase[ids[0]]
        return [it for i in ids for it in phrase[i]]

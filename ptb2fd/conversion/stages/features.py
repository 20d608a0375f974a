"""Stages 6-7: base forms and factored categories (paper 4.1, Table 2).

Both read the effective tag (after POS corrections), so "(S (NP-SBJ It)
(VP (VBN rose)))" gives rose cat0 v, cat1 indicative, tense past.
A VB is imperative when it heads the sentence with no subject and no
auxiliary: "[Buy] now!" (rules: baseforms.yaml, categories.yaml).
"""
from __future__ import annotations

from ptb2fd.conversion.pipeline import Parse
from ptb2fd.lexicon.categories import CategoryRules, Factors, factor
from ptb2fd.lexicon.lemmas import BaseFormFinder

_NO_IMPERATIVE = frozenset({"subject", "aux", "modal", "taxis", "aspect", "voice", "to-infinitive"})


class AddFeatures:
    """-> `bases` and `factors` (cat0, cat1, tense, pn per word)."""

    name = "features"
    needs = ("tags", "roles", "words", "deps")
    provides = ("bases", "factors")

    def __init__(self, categories: CategoryRules, finder: BaseFormFinder):
        self.categories = categories
        self.finder = finder
        self._memo: dict[tuple[str, str, bool], Factors] = {}

    def run(self, parse: Parse) -> None:
        words, tags, roles = parse.words, parse.tags, parse.roles
        n = len(words)
        imperative = self._imperatives(parse)
        bases: list[str] = []
        factors: list[Factors] = []
        memo = self._memo
        categories = self.categories
        found = self.finder.sentence_bases([w.word for w in words], tags, roles)
        for t in range(n):
            base, contraction = found[t]
            bases.append(base)
            if contraction is not None:
                parse.fire(contraction)
            word, tag = words[t].word, tags[t]
            key = (word, tag, t in imperative)
            f = memo.get(key)
            if f is None:
                f = memo[key] = factor(word, tag, categories, imperative=key[2])
            factors.append(f)
        parse.bases = bases
        parse.factors = factors

    @staticmethod
    def _imperatives(parse: Parse) -> set[int]:
        tags, roles, head = parse.tags, parse.roles, parse.deps.head
        root = head.index(-1)
        if tags[root] != "VB" or any(h == root and roles[d] in _NO_IMPERATIVE for d, h in enumerate(head)):
            return set()
        # Later conjuncts of an imperative root are imperative too; the
        # subject and auxiliaries they share stay with the first conjunct, so
        # they are judged by it ("He will either sell the unit or [close] it"
        # is not imperative).
        out = {root}
        for t, first in parse.deps.role_from.items():
            if first == root and tags[t] == "VB" and not any(
                    h == t and roles[d] in _NO_IMPERATIVE for d, h in enumerate(head)):
                out.add(t)
        return out

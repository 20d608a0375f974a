"""How heavy a phrase is, and where an adjunct ranks on its side: the
measures the placement rules of order.yaml weigh (`min_words`,
`max_words`, `sibling_min_words`, `last_on_side`).

Heaviness counts words, not punctuation, and a conjunct weighs its whole
coordination, since the coordination is what stands in its place: in
"awarded [to Ogilvy & Mather , New York , a WPP Group agency] the ad
account" the PP weighs all its conjuncts. Known failure: a phrase's length
is a proxy for heaviness; a short phrase with a clause ("a waif , whose
father ...") can weigh less than it reads.
"""
from __future__ import annotations

from ptb2fd.regen.view import PUNCT_ROLES, ViewRecord


class PhraseMeasures:
    """Mixin of the Regenerator: needs `self._kids` (head id -> its
    dependents) and `self._words` (a cache, reset per sentence)."""

    def words(self, x: int) -> int:
        """Words in x's phrase, punctuation not counted (its heaviness); each
        dependent's own count is kept too, so no phrase is walked twice.
        Iterative (children before parents), so a deep chain of records
        cannot exhaust Python's recursion limit."""
        n = self._words.get(x)
        if n is not None:
            return n
        stack = [(x, False)]
        while stack:
            y, done = stack.pop()
            if y in self._words:
                continue
            kids = self._kids.get(y, ())
            if done:  # y's phrase: 1, plus each dependent's words, less the dependent itself if a mark
                self._words[y] = 1 + sum(self._words[k.id] - (k.role in PUNCT_ROLES) for k in kids)
                continue
            stack.append((y, True))
            stack.extend((k.id, False) for k in kids if k.id not in self._words)
        return self._words[x]

    def weight(self, r: ViewRecord) -> int:
        """Words in r's phrase, or for a conjunct in its whole coordination:
        the coordination is what stands in r's place ("awarded the ad
        account ... [to Ogilvy & Mather , New York , a WPP Group agency]")."""
        if r.junction is None:
            return self.words(r.id)
        return sum(self.words(k.id) for k in self._kids.get(r.head, ())
                   if k.junction == r.junction and k.role not in PUNCT_ROLES and k.role != "coordpunc")

    def last_on_side(self, r: ViewRecord) -> bool:
        """Whether no adjunct of r's head on r's side has a higher rank."""
        return r.unit_rank is not None and all(
            k.unit_rank is None or k.unit_rank <= r.unit_rank or k.direction != r.direction or k.role in PUNCT_ROLES
            for k in self._kids.get(r.head, ()))

    def heaviest(self, h: int, role: str) -> int:
        """Words in the longest dependent of h with this role, or with
        "role:grouptype" this role and group type (0: none)."""
        role, _, group = role.partition(":")
        return max((self.weight(k) for k in self._kids.get(h, ())
                    if k.role == role and (not group or k.grouptype == group)), default=0)

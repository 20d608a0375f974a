"""Word forms from base forms, for views that hide the words (`lemma`).

A form is looked up, most specific first:
1. the training table: the commonest form of (base, tag, agreement) where
   agreement is the subject that a verb agrees with, or for "not" the
   auxiliaries beside it: "be"/VBD with subject "they" -> "were", with a
   singular noun -> "was"; "be"/VBZ -> "is" or "'s"; "not"/RB beside "do"
   -> "n't";
2. the table without agreement: (base, tag);
3. lemminflect's inflection of the base for the Penn tag ("walk"/VBD ->
   "walked");
4. the base itself.
Bases keep their case ("Stock"/NNS -> "Stocks" through lemminflect).
The article "a"/"an" is chosen after ordering, from the word that follows:
the training table of following words ("an" before "8", "a" before
"one"), else "an" before a vowel letter.

Known failures: "n't" against "not" and "'s" against "is" are a matter of
style; the table gives the commoner one. "ca"/"wo" before "n't" come out
as "can"/"will" unless the table saw them with that agreement.
"""
from __future__ import annotations

from collections import Counter

from ptb2fd.regen.realizer import inflect_base
from ptb2fd.regen.view import ViewRecord

AUX_ROLES = frozenset({"modal", "aux", "taxis", "aspect", "voice", "to-infinitive"})
ARTICLES = ("a", "an")


def agreement(r: ViewRecord, kids: dict[int, list[ViewRecord]]) -> str:
    """What the form of r depends on besides its base and tag."""
    if r.cat0 == "v" or r.role in AUX_ROLES:
        clause = r.head if r.role in AUX_ROLES else r.id
        for d in kids.get(clause, []):
            if d.role == "subject":
                return d.base.lower() if d.cat in ("PRP", "EX", "WP") else f"pn:{d.pn}"
        return ""
    if r.role == "polarity":
        return "+".join(sorted(d.base.lower() for d in kids.get(r.head, []) if d.role in AUX_ROLES))
    return ""


class Inflector:
    def __init__(self, forms: dict[str, str], articles: dict[str, str]):
        self.forms = forms  # "base\ttag\tagreement" or "base\ttag" -> form
        self.articles = articles  # following word -> "a" or "an"

    @classmethod
    def train(cls, records_per_sentence) -> "Inflector":
        counts = InflectionCounts()
        for records, ordered_words in records_per_sentence:
            counts.add(records, ordered_words)
        return counts.inflector()

    def form(self, r: ViewRecord, kids: dict[int, list[ViewRecord]]) -> str:
        agr = agreement(r, kids)
        for key in (f"{r.base}\t{r.cat}\t{agr}", f"{r.base}\t{r.cat}"):
            hit = self.forms.get(key)
            if hit is not None:
                return hit
        return inflect_base(r.base, r.cat)

    def fix_articles(self, words: list[str]) -> list[str]:
        out = list(words)
        for i in range(len(out) - 1):
            if out[i].lower() in ARTICLES:
                nxt = out[i + 1].lower()
                choice = self.articles.get(nxt) or ("an" if nxt[:1] in "aeiou" and nxt[:1] else "a")
                out[i] = choice if out[i].islower() else choice.capitalize()
        return out

    def to_json(self) -> dict:
        return {"forms": dict(sorted(self.forms.items())), "articles": dict(sorted(self.articles.items()))}

    @classmethod
    def from_json(cls, data: dict) -> "Inflector":
        return cls(dict(data["forms"]), dict(data["articles"]))


class InflectionCounts:
    """The counts `Inflector.train` keeps, sentence by sentence; two counts
    add up (`update`), so that shards of a corpus can be counted apart."""

    def __init__(self):
        self.forms: dict[str, Counter] = {}
        self.follow: dict[str, Counter] = {}

    def add(self, records, ordered_words: list[str]) -> None:
        kids: dict[int, list[ViewRecord]] = {}
        for r in records:
            kids.setdefault(r.head, []).append(r)
        for r in records:
            agr = agreement(r, kids)
            for key in (f"{r.base}\t{r.cat}\t{agr}", f"{r.base}\t{r.cat}"):
                self.forms.setdefault(key, Counter())[r.word] += 1
        for a, b in zip(ordered_words, ordered_words[1:]):
            if a.lower() in ARTICLES:
                self.follow.setdefault(b.lower(), Counter())[a.lower()] += 1

    def update(self, other: "InflectionCounts") -> None:
        for mine, theirs in ((self.forms, other.forms), (self.follow, other.follow)):
            for key, c in theirs.items():
                mine.setdefault(key, Counter()).update(c)

    def inflector(self) -> Inflector:
        return Inflector({k: _commonest(c) for k, c in self.forms.items()},
                         {k: _commonest(c) for k, c in self.follow.items()})


def _commonest(c: Counter) -> str:
    return min(c.items(), key=lambda kv: (-kv[1], kv[0]))[0]


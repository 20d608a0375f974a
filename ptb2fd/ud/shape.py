"""A converted sentence reshaped to UD's content-word heads (`UdTree`).

ptb2fd's records already head a prepositional phrase with its noun ("on
<- mat") and a verb group with its main verb ("will <- join"). Four things
differ, and are turned here, in this order (each names its rule id from
the `structure` section of rules/ud.yaml):

- compound prepositions: the first word heads the unit, the others are
  `fixed` ("because <- of" in "because of the price");
- the copula: ptb2fd's "is" heads "is in the kitchen"; UD's predicate
  "kitchen" takes the copula's head, role and dependents, and "is" is its
  `cop`; a clausal predicate too ("The plan is to [leave]") unless it has
  a subject of its own, and not after existential "there" ("There are
  three cats": "are" stays the root);
- names: a run of proper nouns is headed by its first word, the rest
  `flat` ("Anna <- Karlsson"), unless the last word is a common noun
  (`compound_name_heads`, or any noun WordNet writes lowercase: "Grammar
  School", "Choice Awards"), which makes the run a compound; so a surname
  that is also a noun ("Smith") gives a compound too. An adjective starts
  no run ("New York": "New" is an adjective, `amod`);
- the possessive "'s": ptb2fd hangs it on the possessed noun, UD on the
  possessor ("John <- 's" in "John's sister");
- coordination: ptb2fd hangs every conjunct on the coordination's head;
  UD's first conjunct takes that place and heads the later ones (`conj`),
  a conjunction or separating comma hangs on the conjunct after it ("and
  <- trimmed"), an initial "either" on the first (`cc:preconj`), and a
  shared dependent on the first conjunct ("bought and sold [stocks]").

The records are never changed: `UdTree` holds its own heads and roles.
"""
from __future__ import annotations

from ptb2fd.lexicon.dictionary_case import always_capitalized
from ptb2fd.lexicon.morphy import morphy_tables
from ptb2fd.record import Sentence
from ptb2fd.ud.mapping import UdMapping


def _dictionary_noun(word: str) -> bool:
    """WordNet has the word as a noun, and writes it lowercase ("school",
    "award"; not "Paris", which it writes only with a capital)."""
    lower = word.lower()
    return lower.isalpha() and morphy_tables().has_lemma(lower, "n") and not always_capitalized(word, "n")


def effective_tag(token) -> str:
    return (token.corrected.partition(">")[2] if token.corrected else "") or token.cat


class UdTree:
    """One sentence on its way to UD: 0-based heads (-1 the root), ptb2fd
    roles as moved, and the relations the reshaping decided (`fixed_rel`:
    index -> (deprel, rule id))."""

    def __init__(self, sentence: Sentence, mapping: UdMapping, lemmas: list[str]):
        tokens = sentence.tokens
        self.tokens = tokens
        self.mapping = mapping
        index = {t.id: i for i, t in enumerate(tokens)}
        self.heads = [index.get(t.head, -1) if t.head else -1 for t in tokens]
        self.roles = [t.role for t in tokens]
        self.tags = [effective_tag(t) for t in tokens]
        self.lemmas = lemmas
        self.junction = [t.junction if t.junction_position is not None else None for t in tokens]
        self.fixed_rel: dict[int, tuple[str, str]] = {}
        # Rules that moved a head and left the relation to the cascade:
        # "bought and sold [stocks]" keeps `obj` (ud-shared-first-conjunct).
        self.moved_by: list[str] = []
        self.upos: list[str] = []
        self._children: list[list[int]] | None = None
        self._left: list[int] | None = None
        self._categories: list[str] | None = None

    # -- views used by the conditions -------------------------------------------------------
    def children(self, i: int) -> list[int]:
        if self._children is None:
            kids: list[list[int]] = [[] for _ in self.tokens]
            for d, h in enumerate(self.heads):
                if h >= 0:
                    kids[h].append(d)
            self._children = kids
        return self._children[i]

    def category(self, i: int) -> str:
        if self._categories is None:
            self._categories = [p if p.startswith("-") else p.split("-")[0].split("=")[0]
                                for p in (t.phrase for t in self.tokens)]
        return self._categories[i]

    def ftags(self, i: int) -> set[str]:
        phrase = self.tokens[i].phrase
        return set() if phrase.startswith("-") else {p for p in phrase.split("-")[1:] if not p.isdigit()}

    def leftmost(self, i: int) -> int:
        """The first word of the UD subtree of word i."""
        if self._left is None:
            left = list(range(len(self.tokens)))
            for d in range(len(self.tokens)):
                h, steps = self.heads[d], 0
                while h >= 0 and steps < len(self.tokens):
                    left[h] = min(left[h], d)
                    h, steps = self.heads[h], steps + 1
            self._left = left
        return self._left[i]

    def punct_before(self, i: int) -> str | None:
        """The tag of the mark that opens the subtree of word i, or of the
        word before it: "Association [(] CRA )", "Lorillard Inc.[,] the unit"."""
        first = self.leftmost(i)
        if self.tokens[first].role in self.mapping.structure["punct_roles"]:
            return self.tags[first]
        return self.tags[first - 1] if first > 0 else None

    def _moved(self) -> None:
        self._children = None
        self._left = None

    # -- the reshaping ----------------------------------------------------------------------
    def reshape(self) -> "UdTree":
        s = self.mapping.structure
        self._fixed(s)
        self._copulas(s)
        self._raised_subjects(s)
        self._names(s)
        self._possessives(s)
        self._coordination(s)
        self._moved()
        return self

    def _adopt(self, new: int, old: int) -> None:
        """`new` takes the place of `old`: its head, role, conjunct slot and
        every other dependent; `old` then depends on `new`."""
        for d, h in enumerate(self.heads):
            if h == old and d != new:
                self.heads[d] = new
        self.heads[new], self.heads[old] = self.heads[old], new
        self.roles[new] = self.roles[old]
        self.junction[new], self.junction[old] = self.junction[old], None

    def _fixed(self, s: dict) -> None:
        units: dict[int, list[int]] = {}
        for i, t in enumerate(self.tokens):
            if t.compound is not None and t.role in s["marker_roles"]:
                units.setdefault(t.compound, []).append(i)
        fixed = frozenset(s["fixed_expressions"])
        for words in units.values():
            if " ".join(self.tokens[w].word.lower() for w in words) not in fixed:
                continue  # "up to ten", "based on": each word its own relation
            first = words[0]
            for w in words[1:]:
                if self.heads[w] == self.heads[first]:
                    self.heads[w] = first
                    self.fixed_rel[w] = ("fixed", s["fixed"])

    def _copulas(self, s: dict) -> None:
        existential = frozenset(s["existential_tags"])
        done: set[int] = set()
        for p, c in enumerate(list(self.heads)):
            if c < 0 or c in done or self.roles[p] not in s["predicate_roles"]:
                continue
            if self.lemmas[c] not in s["copula_lemmas"] or not self.tags[c].startswith("VB"):
                continue
            if self.heads[p] != c or any(self.roles[d] in s["predicate_roles"] for d in range(p)
                                         if self.heads[d] == c and d in done):
                continue
            if any(self.heads[d] == c and self.tags[d] in existential for d in range(len(self.heads))):
                continue
            if self.tags[p].startswith(("VB", "MD")) and any(
                    self.heads[d] == p and self.roles[d] in s["subject_roles"] for d in range(len(self.heads))):
                continue  # "What matters is [what advertisers pay]": two subjects; "is" stays the head
            done.add(c)
            self._adopt(p, c)
            self.fixed_rel[c] = ("cop", s["copula"])

    def _raised_subjects(self, s: dict) -> None:
        """The subject of a complement clause with no finite verb and no
        subordinator is the object of the verb above (UD's raising to
        object): "making [it] difficult", "require [the government] to limit"."""
        finite = frozenset(s["finite_tags"])
        for x, v in enumerate(list(self.heads)):
            if v < 0 or self.roles[x] not in s["raising_roles"] or self.tokens[x].rolemarker:
                continue
            if not self.tags[v].startswith("VB") or self.tags[x] in finite:
                continue
            kids = [d for d, h in enumerate(self.heads) if h == x]
            if any(self.tags[d] in finite or self.roles[d] in s["marker_roles"] for d in kids):
                continue
            subjects = [d for d in kids if self.roles[d] in s["subject_roles"] and d < x]
            if len(subjects) == 1 and subjects[0] > v:
                self.heads[subjects[0]] = v
                self.fixed_rel[subjects[0]] = ("obj", s["raised_object"])
                self.roles[subjects[0]] = "object"
                self.roles[x] = "object-clause"  # mapping.RESHAPED_ROLES

    def _names(self, s: dict) -> None:
        tags = frozenset(s["name_tags"])
        for h in range(len(self.tokens) - 1, -1, -1):
            if self.tags[h] not in tags or h in self.fixed_rel:
                continue
            run, d = [], h - 1
            while (d >= 0 and self.heads[d] == h and self.tags[d] in tags and self.roles[d] == "withinmod"
                   and not morphy_tables().has_lemma(self.tokens[d].word.lower(), "a")):
                run.append(d)
                d -= 1
            if not run:
                continue
            last = self.tokens[h].word
            if last.lower() in s["compound_name_heads"] or (s["dictionary_noun_heads"] and _dictionary_noun(last)):
                for w in run:
                    self.fixed_rel[w] = ("compound", s["compound_name"])
                continue
            first = run[-1]
            self._adopt(first, h)
            for w in [*run[:-1], h]:
                self.heads[w] = first
                self.fixed_rel[w] = ("flat", s["flat_name"])

    def _possessives(self, s: dict) -> None:
        """ptb2fd hangs "'s" on the possessed noun; UD on the possessor:
        "John ['s] sister" -> "John <- 's"."""
        for i, tag in enumerate(self.tags):
            if tag not in s["possessive_tags"] or self.heads[i] < 0:
                continue
            h = self.heads[i]
            before = [k for k in range(i) if self.heads[k] == h]
            if before:
                self.heads[i] = before[-1]

    def _coordination(self, s: dict) -> None:
        groups: dict[int, list[int]] = {}
        for i, j in enumerate(self.junction):
            if j is not None:
                groups.setdefault(j, []).append(i)
        for j, conjuncts in groups.items():
            first, later = conjuncts[0], conjuncts[1:]
            if not later:
                continue
            for k in later:
                self.heads[k] = first
                self.fixed_rel[k] = ("conj", s["conj"])
            for i, t in enumerate(self.tokens):
                if t.junction != j or t.junction_position is not None or i in conjuncts:
                    continue
                after = [k for k in conjuncts if k > i]
                target = after[0] if after else first
                if t.role in s["conjunction_roles"]:
                    self.heads[i] = target
                    self.fixed_rel[i] = ("cc:preconj", s["preconj"]) if i < first else ("cc", s["cc"])
                elif t.role in s["punct_roles"] and after:
                    self.heads[i] = target
                    self.fixed_rel[i] = ("punct", s["coord_punct"])
            moved = set(later)
            for d, t in enumerate(self.tokens):
                if self.heads[d] in moved and "coordination-shared" in t.rules and d not in self.fixed_rel:
                    self.heads[d] = first
                    self.moved_by.append(s["shared"])

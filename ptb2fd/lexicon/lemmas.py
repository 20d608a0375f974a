"""Base forms of words (rules/baseforms.yaml; paper section 4.1).

Only nouns, verbs and contractions are lemmatized; any other word is its
own base ("older"/JJR -> "older"). Contractions come from a table
("n't" -> not, "'s"/VBZ -> be, or have as a taxis: "it 's been"). Nouns
and verbs follow the paper's seven steps, with NLTK's WordNet morphy in
place of the Perl `Lingua::Wordnet` and lemminflect in place of
`Lingua::EN::Infinitive`:

  1. split off the part after the last hyphen: co-founders -> founders
  2. a part with other than letters and digits is its own base: U.S.
  3. lowercase: Stocks -> stocks
  4. WordNet morphy for the tag's WordNet POS: stocks -> stock
  5. else lemminflect candidates, the first WordNet knows: blogged -> blog;
     none known: the lowercased part (remarketed -> remarketed)
  6. restore the capitalization: Stock, WENT -> GO
  7. put the hyphen prefix back: co-founder

Known failures: morphy lists the word itself first when it is a lemma too,
so for inflected tags the first OTHER analysis is taken, which is wrong
for plural-only senses not listed in own_base ("arms"/NNS -> arm,
"customs"/NNS -> custom); "data"/NNS -> datum; words WordNet lacks keep
their inflection ("LBOs" -> LBOs, "747s" -> 747s); step 1 looks at the
last part only ("mothers-in-law" -> mothers-in-law).
"""
from __future__ import annotations

from dataclasses import dataclass

from lemminflect import getAllLemmas, getAllLemmasOOV

from ptb2fd.rulelang.rulefile import line_of

WORDNET_POS = ("n", "v", "a", "r")
UPOS = ("NOUN", "PROPN", "VERB", "AUX", "ADJ", "ADV")


@dataclass(frozen=True)
class TagRule:
    wordnet_pos: str
    upos: str
    inflected: bool


@dataclass(frozen=True)
class Contraction:
    rule_id: str
    words: frozenset[str]  # lowercase
    tags: frozenset[str]  # empty: any
    roles: frozenset[str]
    next_tags: frozenset[str]
    base: str

    def applies(self, tag: str, role: str | None, next_tag: str | None) -> bool:
        return ((not self.tags or tag in self.tags)
                and (not self.roles or role in self.roles)
                and (not self.next_tags or next_tag in self.next_tags))


@dataclass(frozen=True)
class BaseFormRules:
    tags: dict[str, TagRule]
    own_base: frozenset[str]
    contractions: tuple[Contraction, ...]
    # Contraction words whose base depends on the role / the next tag; the
    # memo key carries that context only for them.
    role_words: frozenset[str]
    next_tag_words: frozenset[str]

    def rule_ids(self) -> list[str]:
        return [c.rule_id for c in self.contractions]


def compile_baseforms(data, checker) -> BaseFormRules | None:
    data = checker.mapping(data, "baseforms.yaml")
    if data is None:
        return None
    checker.keys(data, ["lemmatize", "own_base", "contractions"], ["lemmatize", "contractions"],
                 what="baseforms.yaml")
    tags = {}
    for tag, spec in (checker.mapping(data.get("lemmatize", {}), "lemmatize") or {}).items():
        rid = f"lemmatize-{tag}"
        spec = checker.mapping(spec, f"lemmatize entry for {tag}", rid)
        if spec is None:
            continue
        checker.keys(spec, ["wordnet", "upos", "inflected"], ["wordnet", "upos"], rid, "lemmatize entry")
        pos = checker.choice(spec.get("wordnet"), WORDNET_POS, "wordnet", rid, line_of(spec))
        upos = checker.choice(spec.get("upos"), UPOS, "upos", rid, line_of(spec))
        inflected = spec.get("inflected", False)
        if not isinstance(inflected, bool):
            checker.problem("inflected must be true or false", rid, line_of(spec))
        if pos and upos:
            tags[str(tag)] = TagRule(pos, upos, inflected is True)
    raw = data.get("contractions", [])
    if not isinstance(raw, list):
        checker.problem("contractions must be a list", line=line_of(raw))
        raw = []
    checker.rule_ids(raw, "contraction")
    contractions = []
    for spec in raw:
        spec = checker.mapping(spec, "contraction")
        if spec is None:
            continue
        rid = spec.get("id")
        checker.keys(spec, ["id", "word", "tag", "role", "next_tag", "base"], ["id", "word", "base"], rid,
                     "contraction")
        base = spec.get("base")
        if not isinstance(base, str) or not base:
            checker.problem("base must be a non-empty string", rid, line_of(spec))
            continue

        def strings(key: str) -> frozenset[str]:
            return frozenset(checker.strings(spec.get(key, []), key, rid, line_of(spec)))

        contractions.append(Contraction(str(rid), frozenset(w.lower() for w in strings("word")), strings("tag"),
                                        strings("role"), strings("next_tag"), base))
    return BaseFormRules(
        tags,
        frozenset(w.lower() for w in checker.strings(data.get("own_base", []), "own_base")),
        tuple(contractions),
        frozenset(w for c in contractions if c.roles for w in c.words),
        frozenset(w for c in contractions if c.next_tags for w in c.words),
    )


def restore_case(original: str, base: str) -> str:
    """Step 6: give `base` the capitalization of `original`.

    The prefix the two share keeps its letters as they were, so mixed case
    survives ("McDonalds" -> McDonald); the rest is upper case for an
    all-caps word of more than one letter ("WENT" -> GO), and a changed
    first letter is capitalized ("Men" -> Man, "Went" -> Go).
    """
    lower = original.lower()
    k = 0
    while k < min(len(base), len(lower)) and base[k] == lower[k]:
        k += 1
    tail = base[k:]
    if len(original) > 1 and original.isupper():
        tail = tail.upper()
    elif k == 0 and original[:1].isupper():
        tail = tail[:1].upper() + tail[1:]
    return original[:k] + tail


class BaseFormFinder:
    """Gives the base form of a tagged word; results are memoized.

    `wn` is an NLTK WordNet reader, or by default the cached tables morphy
    reads (`ptb2fd.lexicon.morphy`), loaded on the first noun or verb (not for
    contractions or other tags); both give the same base forms.
    """

    def __init__(self, rules: BaseFormRules, wn=None):
        self.rules = rules
        self._wn = wn
        self._memo: dict[tuple[str, str, str | None, str | None], tuple[str, str | None]] = {}
        # (word, tag) -> base and rule, for words whose base depends on no
        # context (all but a few contractions): `sentence_bases`.
        self._plain: dict[tuple[str, str], tuple[str, str | None]] = {}
        self._contextual = rules.role_words | rules.next_tag_words

    def warm(self) -> None:
        """Load WordNet and lemminflect's tables now rather than on the first
        unknown word (they take seconds; a converter calls this at start)."""
        import lemminflect

        _ = self.wn
        lemminflect.getAllLemmas("warming", "VERB")

    @property
    def wn(self):
        if self._wn is None:
            from ptb2fd.lexicon.morphy import install_lemminflect_dict, morphy_tables

            self._wn = morphy_tables()
            install_lemminflect_dict()  # step 5's dictionary, from the same cache
        return self._wn

    def _has_lemma(self, word: str, pos: str) -> bool:
        wn = self.wn
        has_lemma = getattr(wn, "has_lemma", None)
        return has_lemma(word, pos) if has_lemma is not None else bool(wn.lemmas(word, pos))

    def base(self, word: str, tag: str, *, role: str | None = None, next_tag: str | None = None) -> str:
        return self.base_and_rule(word, tag, role=role, next_tag=next_tag)[0]

    def base_and_rule(self, word: str, tag: str, *, role: str | None = None,
                      next_tag: str | None = None) -> tuple[str, str | None]:
        """The base form, and the id of the contraction rule that gave it (if any)."""
        lower = word.lower()
        key = (word, tag,
               role if lower in self.rules.role_words else None,
               next_tag if lower in self.rules.next_tag_words else None)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._base(word, lower, tag, role, next_tag)
        return found

    def sentence_bases(self, words: list[str], tags: list[str], roles: list[str]) -> list[tuple[str, str | None]]:
        """`base_and_rule` of each word of a sentence (the next tag of word t
        is tags[t + 1]), looked up by (word, tag) alone where the base cannot
        depend on the role or the next tag: a word is in `_plain` only then."""
        plain, contextual = self._plain, self._contextual
        out = []
        for t, word in enumerate(words):
            tag = tags[t]
            found = plain.get((word, tag))
            if found is None:
                lower = word.lower()
                if lower in contextual:
                    next_tag = tags[t + 1] if t + 1 < len(tags) else None
                    found = self.base_and_rule(word, tag, role=roles[t], next_tag=next_tag)
                else:
                    found = plain[word, tag] = self._base(word, lower, tag, None, None)
            out.append(found)
        return out

    def _base(self, word: str, lower: str, tag: str, role: str | None, next_tag: str | None) -> tuple[str, str | None]:
        for contraction in self.rules.contractions:
            if lower in contraction.words and contraction.applies(tag, role, next_tag):
                return restore_case(word, contraction.base), contraction.rule_id
        rule = self.rules.tags.get(tag)
        if rule is None:
            return word, None
        # Step 1: "co-founders" -> prefix "co-", part "founders".
        cut = word.rfind("-") + 1
        prefix, part = word[:cut], word[cut:]
        # Step 2: "U.S.", "McDonald's", or nothing after a final hyphen.
        if not part.isalnum():
            return word, None
        lower = part.lower()  # step 3
        base = self._lemma(lower, rule)  # steps 4 and 5
        return prefix + restore_case(part, base), None  # steps 6 and 7

    def _lemma(self, form: str, rule: TagRule) -> str:
        if form in self.rules.own_base:
            return form
        # Step 4. morphy() returns only the first analysis, and that is the
        # form itself whenever WordNet also has it as a lemma ("stocks" is
        # a noun: the pillory); _morphy() gives all analyses, in order.
        analyses = self.wn._morphy(form, rule.wordnet_pos)
        if analyses:
            if rule.inflected:
                changed = [a for a in analyses if a != form]
                if changed:
                    return changed[0]
            return analyses[0]
        # Step 5: lemminflect's dictionary, then its rules for unknown
        # words ("blogged" -> blog); keep the first WordNet has.
        candidates: list[str] = []
        for table in (getAllLemmas(form, rule.upos), getAllLemmasOOV(form, rule.upos)):
            for lemmas in table.values():
                candidates.extend(c for c in lemmas if c and c not in candidates)
        for candidate in candidates:
            if self._has_lemma(candidate, rule.wordnet_pos):
                return candidate
        return form

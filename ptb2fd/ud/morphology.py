"""LEMMA, UPOS and FEATS per UD English.

Lemmas: a proper noun keeps its form ("Vinken"); a comparative or
superlative takes its positive ("largest" -> "large"); a function word takes the
lemma of rules/ud.yaml's `lemmas` table ("an" -> "a", "them" -> "they",
"her"/PRP -> "she"; a key "word/TAG" applies to that tag only); every other
word takes ptb2fd's base form, lowercased unless the dictionary writes it
only with a capital ("American"/JJ) or it is "I". So "The" at the start of
a sentence has the lemma "the".

UPOS: the first `upos.rules` rule that holds (they see the reshaped tree:
the copula's `cop`, the role, the word), else `upos.tags` of the tag.

FEATS: `features.words` for "word TAG" ("that WDT") or "word UPOS" ("it
PRON"), else `features.tags`
for the tag with its UPOS ("VBZ AUX") or alone ("NNS"); names sorted, as
CoNLL-U wants.
"""
from __future__ import annotations

from lemminflect import getLemma

from ptb2fd.lexicon.dictionary_case import always_capitalized
from ptb2fd.record import Sentence
from ptb2fd.ud.mapping import UdMapping

PROPER_TAGS = ("NNP", "NNPS")
DEGREE_TAGS = frozenset({"JJR", "JJS", "RBR", "RBS"})


def _positive(word: str) -> str:
    """The positive degree of a comparative or superlative (UD English
    lemmas): "largest" -> "large", "best" -> "good", "later" -> "late"."""
    found = getLemma(word, "ADJ") or getLemma(word, "ADV")
    return found[0] if found else word
_DICTIONARY_POS = {"J": "a", "N": "n"}


def lemmas_of(sentence: Sentence, tags: list[str], mapping: UdMapping) -> list[str]:
    table = mapping.lemmas
    out = []
    for t, tag in zip(sentence.tokens, tags):
        lower = t.word.lower()
        lemma = table.get(f"{lower}/{tag}") or table.get(lower)
        if lemma is None:
            if tag in PROPER_TAGS or not t.base:
                lemma = t.word
            elif tag in DEGREE_TAGS and lower not in table:
                lemma = _positive(lower)
            elif t.base == "I" or (tag[:1] in _DICTIONARY_POS and always_capitalized(t.base, _DICTIONARY_POS[tag[:1]])):
                lemma = t.base
            else:
                lemma = t.base.lower()
        out.append(lemma.replace(" ", "_") or "_")
    return out


def upos_of(tree, mapping: UdMapping) -> tuple[list[str], list[str]]:
    """The UPOS of each word, and the ids of the rules that refined one."""
    table = mapping.upos_tags
    unknown = table["__unknown__"]
    out, fired = [], []
    rules, roles = mapping.upos_rules, tree.roles
    for i, tag in enumerate(tree.tags):
        rule = rules.first(tree, i, roles[i], "", tag)
        if rule is None:
            out.append(table.get(tag, unknown))
        else:
            out.append(rule.value)
            fired.append(rule.rule_id)
    return out, fired


def features_of(tree, mapping: UdMapping) -> list[str]:
    words, tags = mapping.word_features, mapping.tag_features
    out = []
    for t, tag, upos in zip(tree.tokens, tree.tags, tree.upos):
        word = t.word.lower()
        out.append(words.get(f"{word} {tag}") or words.get(f"{word} {upos}") or tags.get(f"{tag} {upos}")
                   or tags.get(tag) or "_")
    return out

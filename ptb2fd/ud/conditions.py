"""The conditions of a rules/ud.yaml rule, evaluated on one word of a
sentence being reshaped to UD (`UdTree`, shape.py).

A condition looks at the word, its UD head (after the reshaping: for "She
is in the kitchen", "kitchen" heads "is") or its UD dependents. Every
condition of a rule must hold. Vocabulary (lists match any of their values;
tags accept a trailing `*`, "VB*"):

    root: true|false        the word heads the sentence
    role: [..]              ptb2fd's role (the predicate takes the copula's)
    logicalrole: [..]       ptb2fd's logical role
    tag: [..]               the Treebank tag after POS correction
    upos: [..]              the word's UPOS
    word: [..]              the word, lowercased
    wordlist: NAME          the word, lowercased, is in wordlists.NAME
    phrase: [..]            category of the word's maximal projection ("SBAR")
    ftag: [..]              a function tag of that projection ("TMP", "PRD")
    grouptype: [..]         clause / np / other
    side: left|right        the word precedes / follows its UD head
    marked: true|false      the word has a rolemarker ("in" of "in the kitchen")
    head_upos: [..]         UPOS of the UD head
    head_tag: [..]          tag of the UD head
    head_lemma: [..]        lemma of the UD head
    head_role: [..]         ptb2fd role of the UD head
    child_role: [..]        some UD dependent has one of these ptb2fd roles
    no_child_role: [..]     no UD dependent has one of these roles
    child_tag: [..]         some UD dependent has one of these tags
    head_phrase: [..]       category of the UD head's maximal projection
    head_child_role, head_no_child_role, head_child_tag: [..]
                            the same of the UD head's dependents (the
                            relative "that" of "the book [that] I read")
    after_punct: [..]       the word's phrase follows a mark with one of these
                            tags (',', -LRB-, ':'): "Lorillard Inc.[,] the unit"
    xpos: [..]              the Treebank's own tag, before POS correction
    lemma: [..]             the word's UD lemma
    dictionary_pos: [..]    WordNet has the word, lowercased, as one of these
                            parts of speech (n, v, a, r): "Spanish" is a
    deprel: [..]            the reshaping gave the word this relation ("cop")
"""
from __future__ import annotations

from typing import Callable

LIST_CONDITIONS = ("role", "logicalrole", "tag", "upos", "word", "phrase", "ftag", "grouptype", "head_upos",
                   "head_tag", "head_lemma", "head_role", "child_role", "no_child_role", "child_tag", "deprel", "after_punct", "xpos", "lemma", "dictionary_pos", "head_child_role",
                   "head_no_child_role", "head_child_tag", "head_phrase")
BOOL_CONDITIONS = ("root", "marked")
CONDITIONS = LIST_CONDITIONS + BOOL_CONDITIONS + ("side", "wordlist")

Test = Callable[[object, int], bool]


def tag_matcher(values: tuple[str, ...]) -> Callable[[str], bool]:
    """A test of a tag against `values`, where "VB*" matches every VB tag."""
    exact = frozenset(v for v in values if not v.endswith("*"))
    prefixes = tuple(v[:-1] for v in values if v.endswith("*"))
    return lambda tag: tag in exact or (bool(prefixes) and tag.startswith(prefixes))


def _head(tree, i: int) -> int:
    return tree.heads[i]


def compile_condition(name: str, value, wordlists: dict[str, frozenset[str]]) -> Test:
    """The test of one condition (`value` already checked by mapping.py)."""
    if name == "root":
        return lambda t, i: (t.heads[i] < 0) == value
    if name == "marked":
        return lambda t, i: bool(t.tokens[i].rolemarker) == value
    if name == "side":
        return lambda t, i: t.heads[i] >= 0 and (i < t.heads[i]) == (value == "left")
    if name == "wordlist":
        words = wordlists[value]
        return lambda t, i: t.tokens[i].word.lower() in words
    if name.startswith(("head_child", "head_no_child", "head_phrase")):
        inner = compile_condition(name[len("head_"):], value, wordlists)
        return lambda t, i: t.heads[i] >= 0 and inner(t, t.heads[i])
    values = frozenset(value)
    if name in ("tag", "head_tag", "child_tag"):
        match = tag_matcher(tuple(value))
        if name == "tag":
            return lambda t, i: match(t.tags[i])
        if name == "head_tag":
            return lambda t, i: t.heads[i] >= 0 and match(t.tags[t.heads[i]])
        return lambda t, i: any(match(t.tags[c]) for c in t.children(i))
    if name == "role":
        return lambda t, i: t.roles[i] in values
    if name == "logicalrole":
        return lambda t, i: t.tokens[i].logicalrole in values
    if name == "upos":
        return lambda t, i: t.upos[i] in values
    if name == "word":
        return lambda t, i: t.tokens[i].word.lower() in values
    if name == "phrase":
        return lambda t, i: t.category(i) in values
    if name == "ftag":
        return lambda t, i: not values.isdisjoint(t.ftags(i))
    if name == "after_punct":
        return lambda t, i: t.punct_before(i) in values
    if name == "lemma":
        return lambda t, i: t.lemmas[i] in values
    if name == "dictionary_pos":
        from ptb2fd.lexicon.morphy import morphy_tables

        tables = morphy_tables()
        return lambda t, i: any(tables.has_lemma(t.tokens[i].word.lower(), pos) for pos in value)
    if name == "xpos":
        return lambda t, i: t.tokens[i].cat in values
    if name == "deprel":
        return lambda t, i: i in t.fixed_rel and t.fixed_rel[i][0] in values
    if name == "grouptype":
        return lambda t, i: t.tokens[i].grouptype in values
    if name == "head_upos":
        return lambda t, i: t.heads[i] >= 0 and t.upos[t.heads[i]] in values
    if name == "head_lemma":
        return lambda t, i: t.heads[i] >= 0 and t.lemmas[t.heads[i]] in values
    if name == "head_role":
        return lambda t, i: t.heads[i] >= 0 and t.roles[t.heads[i]] in values
    if name == "child_role":
        return lambda t, i: any(t.roles[c] in values for c in t.children(i))
    if name == "no_child_role":
        return lambda t, i: not any(t.roles[c] in values for c in t.children(i))
    raise ValueError(f"unknown condition {name!r}")


def compile_when(when: dict, wordlists: dict[str, frozenset[str]]) -> Test:
    """One test for all the conditions of `when`."""
    tests = [compile_condition(name, value, wordlists) for name, value in when.items()]
    if not tests:
        return lambda t, i: True
    if len(tests) == 1:
        return tests[0]
    if len(tests) == 2:
        first, second = tests
        return lambda t, i: first(t, i) and second(t, i)

    def every(t, i) -> bool:
        for test in tests:
            if not test(t, i):
                return False
        return True

    return every

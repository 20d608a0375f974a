"""A cascade of rules: the first rule whose `when` conditions all hold wins.

Used by the role rules (roles.yaml) and the POS corrections
(pos_corrections.yaml). Conditions that see only the word's own label, tag,
function tags, parent label and side are decided once per such key and
cached; the rest are tested per word, in rule order.

Known limits: the cache key bounds its size per word by clearing the word
table past 200,000 entries, so on a huge open-vocabulary corpus some words
are keyed again; a rule's outcome never depends on that.
"""
from __future__ import annotations

from typing import Callable

from ptb2fd.rulelang.word_context import WordContext
from ptb2fd.trees.ptbtree import Node

# Conditions that depend only on the word, its projection's label, tag and
# function tags, its parent's label and its side; their outcome is cached
# per such key (see Cascade).
STATIC_CONDITIONS = frozenset({"label", "not_label", "tag", "word", "wordlist", "ftag", "no_ftags", "suffix",
                               "parent", "not_parent", "side"})


class Cascade:
    """An ordered list of rules: the first rule whose conditions all hold wins.

    Rules whose static conditions fail for a key (label, tag, function tags,
    and the word only where some rule names it) are filtered once per key and
    cached, so a cascade of 60 rules costs a few dynamic tests per word.
    """

    def __init__(self, rules):
        self.entries = []
        words: set[str] = set()
        ends: set[str] = set()
        for rule in rules:
            static = tuple(c for c in rule.when if c.name in STATIC_CONDITIONS)
            dynamic = tuple(c for c in rule.when if c.name not in STATIC_CONDITIONS)
            for c in static:
                words |= c.words
                ends.update(c.ends)
            self.entries.append((rule, static, dynamic))
        self.words = frozenset(words)
        self.ends = tuple(sorted(ends))
        self.cache: dict[tuple, tuple] = {}
        self.word_keys: dict[str, tuple] = {}  # word -> its part of the cache key

    def _word_key(self, word: str) -> tuple:
        """What the static conditions can see of a word: the word itself only
        where some rule names it, and which named suffixes it ends with."""
        w = word.lower()
        return (w if w in self.words else None, tuple(map(w.endswith, self.ends)) if self.ends else None)

    def first(self, ctx: WordContext):
        return self.first_at(ctx.t, ctx.parse, ctx._is_punct, ctx._be, ctx)

    def first_at(self, t: int, parse, is_punct: Callable[[Node], bool], be_words: frozenset[str],
                 ctx: WordContext | None = None):
        """The first rule that holds for word `t`. Its WordContext is built
        only when a rule has a condition the cached key does not decide."""
        deps = parse.deps
        proj = deps.attach[t]
        node = parse.words[t]
        parent = deps.parent[t]
        h = deps.head[t]
        word_key = self.word_keys.get(node.word)
        if word_key is None:
            if len(self.word_keys) > 200_000:  # bounded on open-vocabulary corpora
                self.word_keys.clear()
            word_key = self.word_keys[node.word] = self._word_key(node.word)
        key = (proj.word is None, proj.tag if proj.word is not None else proj.label.cat, proj.label.ftags, node.tag,
               word_key, None if parent is None else parent.label.cat, None if parent is None else parent.label.ftags,
               h < 0, t < h)
        candidates = self.cache.get(key)
        if candidates is None:
            if ctx is None:
                ctx = WordContext(t, parse, is_punct, be_words)
            candidates = tuple((rule, dynamic) for rule, static, dynamic in self.entries
                               if all(c.test(ctx) for c in static))
            self.cache[key] = candidates
        for rule, dynamic in candidates:
            if not dynamic:
                return rule
            if ctx is None:
                ctx = WordContext(t, parse, is_punct, be_words)
            for cond in dynamic:
                if not cond.test(ctx):
                    break
            else:
                return rule
        return None

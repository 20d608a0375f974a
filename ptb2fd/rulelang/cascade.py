"""A cascade of rules: the first rule whose `when` conditions all hold wins.

Used by the role rules (roles.yaml) and the POS corrections
(pos_corrections.yaml). Conditions that see only the word's own label, tag,
function tags, parent label, side (and whether it is the root), and whether
it is a coordination's marker or in a compound preposition, are decided
once per such key and cached, from an index of the rules by each part of
the key; the rest are tested per word, in rule order.

Known limits: the cache key bounds its size per word by clearing the word
table past 200,000 entries, so on a huge open-vocabulary corpus some words
are keyed again; a rule's outcome never depends on that.
"""
from __future__ import annotations

from typing import Callable

from ptb2fd.rulelang.conditions import Condition
from ptb2fd.rulelang.word_context import WordContext
from ptb2fd.trees.ptbtree import Node

# Conditions that depend only on the word, its projection's label, tag and
# function tags, its parent's label and its side; their outcome is cached
# per such key (see Cascade). Each belongs to one part of the key: what it
# reads of the word alone (its tag, its spelling), of its projection, of
# the projection's parent, the side of its head it is on (or that it has
# none), or the junction and compound marks of the word. "root", "coord_marker"
# and "compound" head roles.yaml: tested per word, they made every word build
# its WordContext.
STATIC_GROUPS = {"label": "proj", "not_label": "proj", "ftag": "proj", "no_ftags": "proj",
                 "tag": "tag", "word": "word", "wordlist": "word", "suffix": "word",
                 "parent": "parent", "not_parent": "parent", "side": "side", "root": "side",
                 "coord_marker": "mark", "compound": "mark"}
STATIC_CONDITIONS = frozenset(STATIC_GROUPS)
# "up": the phrase the word heads directly (its label and function tags),
# read by the pretests of conditions tested per word (Condition.pretest:
# head_chain's second pattern), which only narrow the candidates: "(NP (NN
# market))" rules out "head_chain: [NN, VP]" without a WordContext.
GROUPS = ("proj", "tag", "word", "parent", "side", "mark", "up")


class Cascade:
    """An ordered list of rules: the first rule whose conditions all hold wins.

    The rules are indexed by their static conditions, one part of the key
    at a time: per projection label (and function tags), per word tag, per
    word, per parent label, per side, per mark (coordination marker,
    compound) and per phrase the word heads (for the pretests of dynamic
    conditions), the set of rules (a bit mask) whose conditions on that part
    hold, worked out once per value of the part.
    A word tries only the rules in all seven sets (filtered once per whole
    key and cached), so a cascade of 60 rules costs a few dynamic tests
    per word, and a key seen for the first time costs seven lookups rather
    than every static condition of every rule. A rule that names no
    condition on a part (one that matches any label, say) is in every set
    of that part.
    """

    def __init__(self, rules):
        self.entries = []
        words: set[str] = set()
        ends: set[str] = set()
        # Per part: (rule's bit, that rule's conditions on the part), for the
        # rules that have some; the bits of the rules that have none.
        self.group_tests: dict[str, list[tuple[int, tuple]]] = {g: [] for g in GROUPS}
        self.group_free: dict[str, int] = dict.fromkeys(GROUPS, 0)
        for i, rule in enumerate(rules):
            static = tuple(c for c in rule.when if c.name in STATIC_CONDITIONS)
            dynamic = tuple(c for c in rule.when if c.name not in STATIC_CONDITIONS)
            for c in static:
                words |= c.words
                ends.update(c.ends)
            self.entries.append((rule, static, dynamic))
            pretests = [Condition(c.name, c.value, c.pretest) for c in dynamic if c.part is not None]
            for g in GROUPS:
                conds = tuple(c for c in static if STATIC_GROUPS[c.name] == g)
                if g == "up":
                    conds = tuple(pretests)
                if conds:
                    self.group_tests[g].append((1 << i, conds))
                else:
                    self.group_free[g] |= 1 << i
        self.words = frozenset(words)
        self.ends = tuple(sorted(ends))
        self.reads_up = bool(self.group_tests["up"])  # else that part of the key is always None
        self.cache: dict[tuple, tuple] = {}
        self.group_cache: dict[str, dict] = {g: {} for g in GROUPS}  # part -> value -> bit mask
        self.by_mask: dict[int, tuple] = {}  # bit mask -> candidates, in rule order
        self.word_keys: dict[str, tuple] = {}  # word -> its part of the cache key

    def _word_key(self, word: str) -> tuple:
        """What the static conditions can see of a word: the word itself only
        where some rule names it, and which named suffixes it ends with."""
        w = word.lower()
        return (w if w in self.words else None, tuple(map(w.endswith, self.ends)) if self.ends else None)

    def _mask(self, group: str, value, ctx: WordContext) -> int:
        """The rules whose conditions on `group` hold for its `value` (the
        value `ctx`'s word has), worked out once per value."""
        table = self.group_cache[group]
        mask = table.get(value)
        if mask is None:
            mask = self.group_free[group]
            for bit, conds in self.group_tests[group]:
                if all(c.test(ctx) for c in conds):
                    mask |= bit
            table[value] = mask
        return mask

    def _candidates(self, key: tuple, ctx: WordContext) -> tuple:
        """The (rule, dynamic conditions) of the rules whose static conditions
        hold for `key`, in rule order."""
        (is_word, proj_cat, proj_ftags, tag, tag_ftags, word_key, parent, parent_ftags, root, left, marker, compound,
         up) = key
        mask = (self._mask("proj", (is_word, proj_cat, proj_ftags), ctx)
                & self._mask("tag", (tag, tag_ftags), ctx)
                & self._mask("word", word_key, ctx)
                & self._mask("parent", (parent, parent_ftags), ctx)
                & self._mask("side", (root, left), ctx)
                & self._mask("mark", (marker, compound), ctx)
                & self._mask("up", up, ctx))
        candidates = self.by_mask.get(mask)
        if candidates is None:
            candidates = self.by_mask[mask] = tuple(
                (rule, dynamic) for i, (rule, _, dynamic) in enumerate(self.entries) if mask >> i & 1)
        return candidates

    def first(self, ctx: WordContext):
        return self.first_at(ctx.t, ctx.parse, ctx._is_punct, ctx._be)

    def first_at(self, t: int, parse, is_punct: Callable[[Node], bool], be_words: frozenset[str]):
        """The first rule that holds for word `t` (None if none does)."""
        return self.first_each((t,), parse, is_punct, be_words)[0]

    def first_each(self, positions, parse, is_punct: Callable[[Node], bool], be_words: frozenset[str]) -> list:
        """The first rule that holds for each word of `positions`, in order.
        A word's WordContext is built only when a rule has a condition the
        cached key does not decide."""
        deps = parse.deps
        attach, parents, heads, words = deps.attach, deps.parent, deps.head, parse.words
        marker_of, compound_of = deps.marker_of, deps.compound_of
        word_keys, cache = self.word_keys, self.cache
        parent_of, head_child = (deps.parent_of, parse.heads) if self.reads_up else (None, None)
        out = []
        for t in positions:
            proj = attach[t]
            node = words[t]
            parent = parents[t]
            h = heads[t]
            word_key = word_keys.get(node.word)
            if word_key is None:
                if len(word_keys) > 200_000:  # bounded on open-vocabulary corpora
                    word_keys.clear()
                word_key = word_keys[node.word] = self._word_key(node.word)
            up = None
            if parent_of is not None:
                above = parent_of.get(id(node))
                if above is not None and above.children[head_child[id(above)]] is node:
                    up = (above.label.cat, above.label.ftags)
            key = (proj.word is None, proj.tag if proj.word is not None else proj.label.cat, proj.label.ftags,
                   node.tag, node.label.ftags, word_key, None if parent is None else parent.label.cat,
                   None if parent is None else parent.label.ftags, h < 0, t < h, t in marker_of, t in compound_of, up)
            ctx = None
            candidates = cache.get(key)
            if candidates is None:
                ctx = WordContext(t, parse, is_punct, be_words)
                candidates = cache[key] = self._candidates(key, ctx)
            found = None
            for rule, dynamic in candidates:
                if not dynamic:
                    found = rule
                    break
                if ctx is None:
                    ctx = WordContext(t, parse, is_punct, be_words)
                for cond in dynamic:
                    if not cond.test(ctx):
                        break
                else:
                    found = rule
                    break
            out.append(found)
        return out

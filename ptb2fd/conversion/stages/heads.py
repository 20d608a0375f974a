"""Stage 2: find the head child of every constituent (rules/heads.yaml).

Each label has a search direction and a priority list of child patterns;
NP, NX, NML and NAC use the paper's five ordered NP rules (section 4.2)
and a few more, so "(NP (PRP$ its) (NN session) (JJ high))" is headed by
"high", "November 1, 1989" by "1" and "Chapter 11" by "Chapter". A PP is
headed by the complement after its preposition ("[two days] before the
examination" -> examination); an auxiliary's VP complement heads only if
its word head is verbal ("is about to slip" keeps "is"). A coordinated
phrase is headed by its first conjunct. Punctuation never heads a phrase
that has anything else in it.

Known failure (as in the paper): flat NPs make "Boeing" in "Boeing Co.
707s" depend on "707s", not on "Co.".
"""
from __future__ import annotations

from ptb2fd.conversion.pipeline import Parse
from ptb2fd.conversion.stages.head_rules import HeadRules, LabelRule, NPRule, compile_heads  # noqa: F401
from ptb2fd.conversion.stages.treebank import TreebankVocabulary
from ptb2fd.rulelang.patterns import PatternSet, any_match
from ptb2fd.trees.ptbtree import Node


# Which candidates an NP rule tries (`pick` and `last_child` of heads.yaml).
_FIRST, _LAST, _LAST_CHILD = "first", "last", "last-child"


class HeadFinder:
    """Chooses the head child of one node; used by the stage and by tests."""

    def __init__(self, rules: HeadRules, vocab: TreebankVocabulary):
        self.rules = rules
        self.vocab = vocab
        # Each NP rule as `_np_head` reads it, worked out once: (rule, prefix
        # length, the category the first child must have or start with for
        # the prefix to match, last_word_not, last_word, before_last, which
        # candidates, match, whether a candidate has more tests than `match`).
        self._np_plans = tuple(
            (r, len(r.prefix), _first_category(r), r.last_word_not, r.last_word,
             PatternSet(r.before_last) if r.before_last else None,
             _LAST_CHILD if r.last_child else _FIRST if r.first else _LAST, PatternSet(r.match) if r.match else None,
             bool(r.except_months or r.exclude or r.no_function_tag or r.except_words or r.word_in is not None
                  or r.word is not None or r.rest_words is not None))
            for r in rules.np_rules)

    def head_child(self, node: Node) -> tuple[int, str]:
        children = node.children
        if len(children) == 1:
            return 0, "head-only-child"
        cat = node.label.cat
        if cat in self.rules.np_labels:
            return self._np_head(children)
        if cat in self.rules.auxiliaries.labels:
            aux = self._auxiliary_complement(children)
            if aux is not None:
                return aux, "head-auxiliary"
        rule = self.rules.labels.get(cat, self.rules.default)
        order = range(len(children)) if rule.leftward else range(len(children) - 1, -1, -1)
        is_punct = self.vocab.is_punct
        if rule.complement_after:
            # "(PP (NP two days) (IN before) (NP the examination))": the
            # complement after the preposition heads, the measure NP modifies.
            marker = next((i for i, c in enumerate(children) if any_match(rule.complement_after, c)), None)
            if marker is not None:
                found = self._search(children, rule, [i for i in order if i > marker])
                if found is not None:
                    return found, rule.rule_id
        found = self._search(children, rule, order)
        if found is not None:
            return found, rule.rule_id
        for i in order:
            if not is_punct(children[i]):
                return i, rule.rule_id
        return order[0], rule.rule_id

    def _search(self, children: tuple[Node, ...], rule: LabelRule, order) -> int | None:
        """The first priority pattern that some child in `order` matches wins."""
        is_punct = self.vocab.is_punct
        if rule.not_before:
            # "(ADJP (NN dose) (HYPH -) (JJ dependent))": the word before the
            # hyphen is the modifier half of the compound.
            last = len(children) - 2
            order = [i for i in order if i >= last or not any_match(rule.not_before, children[i + 1])]
        if rule.modifier:
            # "(ADJP (NN salt) (JJ tolerant))": the word before modifies it.
            order = [i for i in order if i + 1 >= len(children) or not (
                any_match(rule.modifier, children[i]) and any_match(rule.modified, children[i + 1]))]
        backward = list(order)[::-1] if rule.rightmost else order
        for pattern in rule.priority:
            for i in (backward if pattern in rule.rightmost else order):
                child = children[i]
                if pattern.matches(child) and not is_punct(child):
                    return i
        return None

    def _auxiliary_complement(self, children: tuple[Node, ...]) -> int | None:
        """The complement after a first verb that is an auxiliary, if any."""
        aux = self.rules.auxiliaries
        for i, child in enumerate(children):
            if child.word is None or not (child.tag.startswith("VB") or child.tag in ("MD", "TO")):
                continue
            if child.tag not in aux.tags and child.word.lower() not in aux.words:
                return None
            for j in range(i + 1, len(children)):
                if any_match(aux.complement, children[j]):
                    if aux.not_ftags.intersection(children[j].label.ftags):
                        return None  # "What we did was (VP-PRD wait)": "be" is the copula
                    return j if self._verbal_complement(children[j]) else None
            return None
        return None

    def _verbal_complement(self, complement: Node) -> bool:
        """Whether the complement's word head stands directly in a VP-like
        phrase with a verbal tag. "(VP (VBZ is) (VP (IN about) (S to
        slip)))" and the ellipsis "(VP (VBD had) (VP (PP for each ...)))"
        do not: the auxiliary heads. The listed tags include those the POS
        corrections later turn into verbs ("did n't elaborate/JJ"), which
        run after the heads (they need the dependencies)."""
        aux = self.rules.auxiliaries
        if not aux.head_tags:
            return True
        parent, node = None, complement
        while node.word is None:
            parent, node = node, node.children[self.head_child(node)[0]]
        return parent is not None and parent.label.cat in aux.labels and any_match(aux.head_tags, node)

    def _np_head(self, children: tuple[Node, ...]) -> tuple[int, str]:
        vocab = self.vocab
        punct_tags, punct_words = vocab.punctuation_tags, vocab.punctuation_words
        # is_punct, inlined: this runs for every NP of the corpus.
        content = [i for i, c in enumerate(children)
                   if not (c.word is not None and (c.tag in punct_tags or c.word in punct_words))]
        if not content:
            return len(children) - 1, "np-fallback"
        if len(content) > 1 and children[content[-1]].label.index is not None \
                and _raised(children[content[-1]].label.index, children[:content[-1]]):
            # "the ratio of male (*RNR*-1) to female (*RNR*-1) [mice]-1": the
            # right-node-raised noun belongs to the PPs, not the head.
            content = content[:-1]
        last = children[content[-1]]
        last_word = _one_word(last) or ""  # what `last_word` and `last_word_not` read
        n = len(children)
        first = children[0]
        first_cat = first.tag if first.word is not None else first.label.cat
        for rule, n_prefix, gate, last_word_not, last_word_re, before_last, pick, match, filtered in self._np_plans:
            if n_prefix:
                if n < n_prefix:
                    continue
                # "NP!, ','" cannot match an NP that opens with "the": no call.
                if gate is not None and not (first_cat.startswith(gate[0]) if gate[1] else first_cat == gate[0]):
                    continue
                if not self._has_prefix(children, rule):
                    continue
            if last_word_not is not None and last_word_not.match(last_word):
                continue
            if last_word_re is not None and not last_word_re.match(last_word):
                continue
            if before_last is not None:
                if len(content) < 2 or not before_last.matches(last):
                    continue
                candidates = (content[-2],)
            elif pick is _LAST_CHILD:
                candidates = (content[-1],)
            else:
                candidates = content if pick is _FIRST else reversed(content)
            for i in candidates:
                if match is not None and not match.matches(children[i]):
                    continue
                if filtered and not self._np_candidate(rule, children, i):
                    continue
                return i, rule.rule_id
        return content[-1], "np-fallback"

    def _np_candidate(self, rule: NPRule, children: tuple[Node, ...], i: int) -> bool:
        """The tests of an NP rule on one candidate child besides `match`."""
        child = children[i]
        if rule.except_months and child.word in self.rules.months:
            return False
        if rule.exclude and any_match(rule.exclude, child):
            return False
        if rule.no_function_tag and child.label.ftags:
            return False
        if rule.except_words and _one_word(child) in rule.except_words:
            return False
        if rule.word_in is not None and (_one_word(child) or "").lower() not in rule.word_in:
            return False
        if rule.word is not None and not rule.word.match(_one_word(child) or ""):
            return False
        if rule.rest_words is not None and not self._rest_match(children[i + 1:], rule.rest_words):
            return False
        return True

    def _rest_match(self, rest: tuple[Node, ...], pattern) -> bool:
        """Whether the words after a candidate, punctuation and conjunctions
        aside, are all identifiers: "Tables [2a and 2b]", "Fig. [1a , 1b]"."""
        words = [leaf.word for child in rest for leaf in _leaves(child)
                 if not self.vocab.is_punct(leaf) and leaf.tag not in ("CC", "-NONE-")]
        return bool(words) and all(pattern.match(w) for w in words)

    def _has_prefix(self, children: tuple[Node, ...], rule: NPRule) -> bool:
        if len(children) < len(rule.prefix):
            return False
        if rule.first_word_in_months and children[0].word not in self.rules.months:
            return False
        if rule.prefix_skips:
            # "(NP `` (NP the Rock) , '' (NP a small island))": the quotes do not
            # interrupt the apposition.
            children = tuple(c for c in children if not any_match(rule.prefix_skips, c))
            if len(children) < len(rule.prefix):
                return False
        for p, c in zip(rule.prefix, children):
            if not p.matches(c):
                return False
        return True


def _first_category(rule: NPRule) -> tuple[str, bool] | None:
    """(category, whether a prefix of it is enough) that the first child must
    have for the rule's `prefix` to match; None if it cannot be told (no
    prefix, a function-tag pattern such as "-TMP", or `prefix_skips`, which
    may skip the first child)."""
    if not rule.prefix or rule.prefix_skips or rule.prefix[0].cat is None:
        return None
    return rule.prefix[0].cat, rule.prefix[0].prefix


def _one_word(node: Node) -> str | None:
    """The word of a word, or of a phrase that holds just one: "(NP (PRP themselves))"."""
    while node.word is None and len(node.children) == 1:
        node = node.children[0]
    return node.word


def _raised(index: str, before: tuple[Node, ...]) -> bool:
    """Whether a *RNR* null in these phrases points to `index`."""
    stack = list(before)
    while stack:
        n = stack.pop()
        if any(nc.kind == "*RNR*" and nc.ref == index for nc in n.nulls):
            return True
        stack.extend(c for c in n.children if c.word is None)
    return False


def _leaves(node: Node):
    stack = [node]
    while stack:
        n = stack.pop()
        if n.word is not None:
            yield n
        else:
            stack.extend(reversed(n.children))


class FindHeads:
    """`tree` -> `heads` (id(node) -> head child index) and `head_rules`."""

    name = "heads"
    needs = ("tree", "coordinations")
    provides = ("heads", "head_rules")

    def __init__(self, rules: HeadRules, vocab: TreebankVocabulary):
        self.finder = HeadFinder(rules, vocab)

    def run(self, parse: Parse) -> None:
        heads: dict[int, int] = {}
        rules: dict[int, str] = {}
        coords = parse.coordinations
        head_child = self.finder.head_child
        fired = parse.fired
        stack = [parse.tree] if parse.tree.word is None else []  # only phrases are stacked
        while stack:
            node = stack.pop()
            kids = node.children
            key = id(node)
            if len(kids) == 1:  # as head_child has it, without the call
                index, rule_id = 0, "head-only-child"
                if kids[0].word is None:
                    stack.append(kids[0])
            else:
                coord = coords.get(key)
                if coord is not None:
                    index, rule_id = coord.conjuncts[0], "head-coordination"
                else:
                    index, rule_id = head_child(node)
                for child in kids:
                    if child.word is None:
                        stack.append(child)
            heads[key] = index
            rules[key] = rule_id
            fired[rule_id] += 1
        parse.heads = heads
        parse.head_rules = rules

"""Reading one tree: brackets to `Node`s, wrappers removed, labels checked.

Accepts "( (S ...) )" (empty top label), "(ROOT (S ...))", "(TOP (S ...))"
and "(S1 (S ...))" tops (the `wrapper_labels` of treebank.yaml). A wrapper
with several children, as in "( (NP ...) (. .) )", is kept as a ROOT node;
a tree that is one word, "(NN hello)" or "( (NN hello) )", gets an X node.
Labels and tags outside treebank.yaml convert (with the default head rule)
and are counted in `parse.notes` as `unknown-label:L`, `unknown-tag:T` and
`unknown-function-tag:F`; malformed ones ("NP((", a label with non-ASCII
letters, an empty label below the top) are parse errors. A constituent
labelled with a markup tag, "(CODE (SYM SpeakerA1) (. .))", is markup as a
whole: its insides are not checked, and the nulls stage removes it.
A slash-unit marker written as a leaf ("(SU /)", "(. /)", "(SU -/)"; the
`slash_units` of treebank.yaml) is read as a markup leaf, so the unit's
words convert and the marker is counted with the other markup.
Rule file: treebank.yaml (label and tag vocabulary).
"""
from __future__ import annotations

from dataclasses import dataclass

from ptb2fd.conversion.pipeline import Parse
from ptb2fd.errors import TreeParseError
from ptb2fd.trees.ptbtree import Label, Node, label_is_wellformed, parse_tree


@dataclass(frozen=True)
class TreebankVocabulary:
    phrase_labels: frozenset[str]
    pos_tags: frozenset[str]
    function_tags: frozenset[str]
    null_tags: frozenset[str]
    markup_tags: frozenset[str]
    empty_elements: frozenset[str]
    punctuation_tags: frozenset[str]
    punctuation_words: frozenset[str]
    wrapper_labels: frozenset[str]
    elided_verb_elements: frozenset[str] = frozenset()
    slash_unit_words: frozenset[str] = frozenset()
    slash_unit_labels: frozenset[str] = frozenset()
    slash_unit_tag: str = "-DFL-"

    def slash_unit(self, label: str, word: str) -> str | None:
        """The markup tag of a slash-unit marker leaf ("(SU /)", "(. /)",
        "(SU -/)"), else None."""
        if word in self.slash_unit_words and (label in self.slash_unit_labels or label in self.phrase_labels):
            return self.slash_unit_tag
        return None

    def is_punct(self, node: Node) -> bool:
        return node.word is not None and (node.tag in self.punctuation_tags or node.word in self.punctuation_words)


def compile_treebank(data, checker) -> TreebankVocabulary | None:
    data = checker.mapping(data, "treebank.yaml")
    if data is None:
        return None
    keys = ["phrase_labels", "pos_tags", "function_tags", "null_tags", "markup_tags", "empty_elements",
            "punctuation_tags", "punctuation_words", "wrapper_labels"]
    checker.keys(data, keys + ["elided_verb_elements", "slash_units"], keys, what="treebank.yaml")
    sets = {k: frozenset(checker.strings(data.get(k, []), k)) for k in keys + ["elided_verb_elements"]}
    slash = checker.mapping(data.get("slash_units", {}), "slash_units") or {}
    if "slash_units" in data:  # optional: a rule folder without it reads no slash units
        checker.keys(slash, ["words", "labels", "tag"], ["words", "tag"], what="slash_units")
    sets["slash_unit_words"] = frozenset(checker.strings(slash.get("words", []), "slash_units.words"))
    sets["slash_unit_labels"] = frozenset(checker.strings(slash.get("labels", []), "slash_units.labels"))
    sets["slash_unit_tag"] = str(slash.get("tag", "-DFL-"))
    if slash and sets["slash_unit_tag"] not in sets["markup_tags"]:
        checker.problem(f"slash_units.tag {sets['slash_unit_tag']!r} must be one of markup_tags", "slash_units")
    return TreebankVocabulary(**sets)


class ReadTree:
    """Bracketed text -> `parse.source_tree` (ptb2fd nodes, nulls still in)."""

    name = "read"
    needs = ("text",)
    provides = ("source_tree",)

    def __init__(self, vocab: TreebankVocabulary):
        self.vocab = vocab
        self._verdicts: dict[tuple[bool, str], tuple[str | None, tuple[str, ...], bool]] = {}

    def run(self, parse: Parse) -> None:
        node = parse_tree(parse.text, self.vocab.phrase_labels,
                          self.vocab.slash_unit if self.vocab.slash_unit_words else None)
        # Unwrap "( (S ...) )" and "(ROOT (S ...))".
        while node.word is None and node.label.raw in self.vocab.wrapper_labels and len(node.children) == 1 \
                and node.children[0].word is None:
            node = node.children[0]
        if node.word is not None:
            # A one-word tree "(NN hello)": give it a phrase to live in.
            node = Node(Label("X", "X"), (node,))
        elif node.label.raw in self.vocab.wrapper_labels:
            node = Node(Label("ROOT", "ROOT"), node.children)
        self._check_labels(node, parse)
        parse.source_tree = node

    def _check_labels(self, root: Node, parse: Parse) -> None:
        # What a label means for the check depends on the label alone: it is
        # worked out once per (is a word, label) and kept.
        verdicts = self._verdicts
        notes = parse.notes
        stack = [root]
        while stack:
            node = stack.pop()
            key = (node.word is not None, node.label.raw)
            verdict = verdicts.get(key)
            if verdict is None:
                verdict = verdicts[key] = self._verdict(node)
            error, counted, descend = verdict
            if error is not None:
                raise TreeParseError(error if node.word is None else f"{error} on word {node.word!r}")
            for note in counted:
                notes[note] += 1
            if descend:
                stack.extend(node.children)

    def _verdict(self, node: Node) -> tuple[str | None, tuple[str, ...], bool]:
        """(error, notes to count, whether to check the children)."""
        vocab = self.vocab
        label = node.label
        if node.word is not None:
            if node.tag not in vocab.pos_tags and node.tag not in vocab.null_tags and node.tag not in vocab.markup_tags:
                if not label_is_wellformed(label):
                    return f"malformed POS tag {node.tag!r}", (), False
                return None, (f"unknown-tag:{node.tag}",), False
            return None, (), False
        if not label.raw:
            # "( (S ..." inside a tree: the empty wrapper of a second tree
            # pasted in, or a missing label.
            first = node.children[0].label.raw if node.children and node.children[0].word is None else None
            where = f": a phrase with no label around ({first} ...), as the wrapper of a second tree pasted inside " \
                "this one" if first else ": a phrase with no label"
            return f"malformed label ''{where}", (), False
        if not label_is_wellformed(label):
            return f"malformed label {label.raw!r}", (), False
        if label.cat in vocab.markup_tags:
            return None, (), False  # "(CODE (SYM SpeakerA1) (. .))": markup, removed whole by the nulls stage
        counted = [] if label.cat in vocab.phrase_labels else [f"unknown-label:{label.cat}"]
        counted += [f"unknown-function-tag:{tag}" for tag in label.ftags if tag not in vocab.function_tags]
        return None, tuple(counted), True

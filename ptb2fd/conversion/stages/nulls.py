"""Stage 1: remove null elements and markup, keep the trace links.

"(VP (VBN expected) (NP (-NONE- *-3)))" loses its NP, and the VP records a
`NullChild(kind='*', ref='3', label=NP)` so the passive and logical-role
stages still see the object trace. Constituents left empty are removed too.
Co-indexing is read from either place: "(NP-SBJ (-NONE- *T*-1))" and
"(NP-SBJ-1 (-NONE- *T*))" both give ref '1'.

VP ellipsis: a VP whose verb is an elided-verb element (`*?*`) but that
keeps other words is dissolved into its parent VP. In "He said he might
(VP *?* (SBAR-ADV if they asked))" the kept SBAR-ADV becomes a sibling of
"might", so the modal heads the elided clause and "asked" is its adverbial,
not the head of "he might" (counted as `elided-verb-phrases`).

Markup leaves such as "(CODE <TURN>)", and constituents labelled with a
markup tag such as "(CODE (SYM SpeakerA1) (. .))", go the same way and
their leaves are counted (`markup-leaves`). A tree with only markup is
skipped (SkippedTree, reason "markup only"), never converted into a
sentence of markup; a tree with only null elements (or nulls and markup) is
an error (EmptyTreeError).
"""
from __future__ import annotations

from ptb2fd.conversion.pipeline import Parse
from ptb2fd.conversion.stages.treebank import TreebankVocabulary
from ptb2fd.errors import EmptyTreeError
from ptb2fd.trees.ptbtree import Node, NullChild, split_null


class SkippedTree(Exception):
    """A tree with nothing to convert (markup only); counted, not failed."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class RemoveNulls:
    """`source_tree` -> `tree` (no nulls), `words` (preterminals in order),
    `antecedents` (index -> node bearing it)."""

    name = "nulls"
    needs = ("source_tree",)
    provides = ("tree", "words", "antecedents", "trace_kinds", "trace_labels")

    def __init__(self, vocab: TreebankVocabulary):
        self.vocab = vocab

    def run(self, parse: Parse) -> None:
        null_tags, markup_tags = self.vocab.null_tags, self.vocab.markup_tags
        words: list[Node] = []
        antecedents: dict[str, Node] = {}
        counts = parse.notes
        # Which kinds of empty element point to each index: the SBAR-3 that
        # "*ICH*-3" points to was extraposed.
        trace_kinds: dict[str, set[str]] = {}
        # ... and the labels of the null constituents that point to it: the
        # WHNP-1 of "whose workers *T*-1 built" binds an NP-SBJ.
        trace_labels: dict[str, list] = {}

        def removed(pos: int, child: Node) -> NullChild:
            """The NullChild of a removed null constituent, its trace noted."""
            nc = _null_child(pos, child, null_tags)
            if nc.ref is not None:
                trace_kinds.setdefault(nc.ref, set()).add(nc.kind)
                trace_labels.setdefault(nc.ref, []).append(nc.label)
            return nc

        def build(node: Node) -> Node | None:
            if node.word is not None:
                if node.tag in null_tags:
                    counts["null-elements"] += 1
                    return None
                if node.tag in markup_tags:
                    counts["markup-leaves"] += 1
                    return None
                new = Node(node.label, (), node.word, node.tag, len(words), len(words) + 1)
                words.append(new)
                return new
            if node.label.cat in markup_tags:
                # "(CODE (SYM SpeakerA1) (. .))": markup with words inside.
                counts["markup-leaves"] += len(node.words())
                return None
            kept: list[Node] = []
            nulls: list[NullChild] = []
            in_vp = node.label.cat == "VP"
            for pos, child in enumerate(node.children):
                if child.word is not None:  # a word, as `build` takes it, without a call per word
                    tag = child.tag
                    if tag in null_tags:
                        counts["null-elements"] += 1
                        nulls.append(removed(pos, child))
                    elif tag in markup_tags:
                        counts["markup-leaves"] += 1
                    else:
                        new = Node(child.label, (), child.word, tag, len(words), len(words) + 1)
                        words.append(new)
                        kept.append(new)
                    continue
                new = build(child)
                if new is not None and in_vp and new.nulls and self._elided_vp(new):
                    counts["elided-verb-phrases"] += 1
                    kept.extend(new.children)
                    nulls.extend(new.nulls)
                elif new is not None:
                    kept.append(new)
                elif child.label.cat not in markup_tags:
                    nulls.append(removed(pos, child))
            if not kept:
                return None
            new = Node(node.label, tuple(kept), None, None, kept[0].start, kept[-1].end, tuple(nulls))
            if node.label.index is not None:
                antecedents.setdefault(node.label.index, new)
            return new

        root = build(parse.source_tree)
        if root is None:
            if counts.get("markup-leaves") and not _has_null(parse.source_tree, null_tags):
                raise SkippedTree("markup only")
            raise EmptyTreeError("no words left once null elements are removed")
        parse.tree = root
        parse.words = words
        parse.antecedents = antecedents
        parse.trace_kinds = {k: frozenset(v) for k, v in trace_kinds.items()}
        parse.trace_labels = {k: tuple(v) for k, v in trace_labels.items()}


    def _elided_vp(self, node: Node) -> bool:
        """A VP that lost its verb to `*?*` and kept other words."""
        if node.word is not None or node.label.cat != "VP":
            return False
        if not any(nc.kind in self.vocab.elided_verb_elements for nc in node.nulls):
            return False
        return not any(c.label.cat == "VP" or (c.word is not None and (c.tag.startswith("VB") or c.tag in ("MD", "TO")))
                       for c in node.children)


def _null_child(position: int, child: Node, null_tags: frozenset[str]) -> NullChild:
    """Describe a removed null constituent: its label, empty element, index."""
    leaf = child
    while leaf.word is None and leaf.children:
        leaf = leaf.children[0]
    kind, ref = split_null(leaf.word or "") if leaf.tag in null_tags else ("", None)
    return NullChild(position, child.label, kind, ref or child.label.index)


def _has_null(root: Node, null_tags: frozenset[str]) -> bool:
    return any(w.tag in null_tags for w in root.words())

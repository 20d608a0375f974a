"""What `--functions auto` predicts in a tree that carries some annotation,
when its file says nothing: a file of fewer than 14 trees without any empty
element (trees/annotation.py; a longer file decides for all its trees), or
a tree converted on its own (`Converter.convert_text`).

A gold Penn tree is annotated wherever the guidelines ask: each clause
has a subject tagged -SBJ (an empty one, "(NP-SBJ (-NONE- *))", when
nothing is said), each passive participle an object trace "(NP (-NONE-
*-1))". A tree that misses one of these was not annotated there: a
treebank built from parser output with tags projected from dependencies
(GUM), or parser output run through a function tagger that tags some
phrases. `open_phrases` lists the phrases of a tree whose tags the model
predicts; the tags a tree has are never changed.

A tree is taken as partly annotated when it has no empty element at all
and shows one of these gaps:
- a clause with a verb phrase and no -SBJ child: "(S (NP-SBJ He) (VP
  wanted (S (VP to (VP leave (NP Tuesday))))))";
- an SBAR without its complementizer, which Penn writes "(-NONE- 0)":
  "(S (NP-SBJ He) (VP said (SBAR (S (NP-SBJ it) (VP rained (NP Tuesday))))))";
- a passive with no trace, one the rules of empty_elements.yaml put back:
  "(S (NP-SBJ The bridge) (VP was (VP built (PP by (NP the city)))))".
Its untagged phrases are open: "Tuesday" gets -TMP, "the city" -LGS.

Any other tree is annotation to keep: one with an empty element is Penn
annotation, whose untagged phrases are untagged on purpose ("(VP bought (NP
the company))"), and whose participles without a trace are adjectives
("is (VP worried (PP-CLR about ...))"); one with neither gap cannot be told
from a gold tree that needs no empty element, "(S (NP-SBJ Prices) (VP rose
(PP in (NP May))))", and is converted as given.

Known failure, in such short files only: a partly tagged tree without
either gap keeps its untagged phrases untagged ("rose [in May]": an
oblique, not `temporal`); a gold tree with no empty element and a passive
the annotators left without a trace ("The claim is not backed by the
record") gets the trace and predicted tags: its records say so
(`functions`, and the rule that put the trace back).
"""
from __future__ import annotations

from ptb2fd.trees.ptbtree import Node

CLAUSES = frozenset({"S", "SINV", "SQ"})


def has_empty(tree: Node) -> bool:
    stack = [tree]
    while stack:
        node = stack.pop()
        if node.word is not None:
            if node.tag == "-NONE-":
                return True
            continue
        stack.extend(node.children)
    return False


def unannotated_clause(tree: Node) -> bool:
    """A clause with a verb phrase and no -SBJ child, "(S (VP to leave))",
    or an SBAR that opens with its clause, "said (SBAR (S it rained))"
    (Penn writes the missing "that": "(SBAR (-NONE- 0) (S ...))")."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if node.word is not None:
            continue
        kids = node.children
        stack.extend(kids)
        cat = node.label.cat
        if cat in CLAUSES and any(k.word is None and k.label.cat == "VP" for k in kids) \
                and not any(k.word is None and "SBJ" in k.label.ftags for k in kids):
            return True
        if cat == "SBAR" and kids[0].word is None and kids[0].label.cat in CLAUSES:
            return True
    return False


def phrases(tree: Node, tagged: bool) -> set[int]:
    """id() of each phrase of `tree` that carries a function tag (`tagged`)
    or that carries none."""
    out: set[int] = set()
    stack = [tree]
    while stack:
        node = stack.pop()
        if node.word is None:
            if bool(node.label.ftags) == tagged:
                out.add(id(node))
            stack.extend(node.children)
    return out


def open_phrases(tree: Node, restorer=None) -> set[int]:
    """id() of each phrase whose tag `auto` predicts in a tree that has
    tags or empty elements (see the module's docstring): its untagged
    phrases when it is partly annotated, else none."""
    if has_empty(tree):
        return set()
    if unannotated_clause(tree) or (restorer is not None and _traceless_passive(tree, restorer)):
        return phrases(tree, tagged=False)
    return set()


def _traceless_passive(tree: Node, restorer) -> bool:
    """The rules put back a passive's object trace (not a *T* or *EXP*:
    an invented tree may leave those out, "which route we choose")."""
    restored: list = []
    restorer.run(tree, restored)
    passive = restorer.object_trace_rules
    return any(rule_id in passive for rule_id, _ in restored)

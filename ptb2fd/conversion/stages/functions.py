"""Stage 0b: function tags and empty elements for parser output.

The rules read roles from Penn function tags (-SBJ, -TMP, -CLR, ...) and
logical roles from empty elements (the object trace of a passive). A
parser gives neither. This stage, right after the tree is read, decides
per tree (`--functions`):
- `gold`: the tree as given (the stage does nothing);
- `infer`: given tags, indices and empty elements are dropped
  (ptb2fd.trees.strip), the function-tag model (ptb2fd.functions) puts
  back the tags it predicts, and the rules of empty_elements.yaml put back
  the empty elements the records depend on;
- `complete`: `infer`, but the tags the tree has are kept; for treebanks
  with some tags and no empty elements, as GUM (docs/parser-output.md);
- `auto` (the default): `infer` for parser output, a tree with a clause
  but no function tag and no empty element at all (`TreeShape`). A tree
  with some annotation follows its file (`Parse.annotation`, read from the
  text of the file's first trees by trees/annotation.py): in a file with
  an empty element among its first 14 trees (Penn annotation) it is taken
  as given; in a file whose first 14 trees have none (partly annotated, as
  GUM) it is completed as under `complete`, unless it has an empty element
  of its own; in a shorter file without any, functions_auto.py decides on
  the tree alone (its untagged phrases are predicted when it shows a gap
  of annotation: a clause without -SBJ, a passive without trace). A tree
  the model gives no tag and no empty element is converted as given, and
  not marked as inferred.
The rest of the pipeline runs unchanged on the result, so the roles are
still decided by rules/*.yaml: "(S (NP He) (VP (VBD left) (NP Tuesday)))"
becomes "(S (NP-SBJ He) (VP left (NP-TMP Tuesday)))" and "Tuesday" is
temporal by ftag-tmp.

Known failure: a treebank with empty elements but no function tags gets
no tags under `auto` (use `--functions infer`, which drops its empty
elements and puts back those the rules know).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ptb2fd.conversion.pipeline import Parse
from ptb2fd.conversion.stages.functions_auto import has_empty, open_phrases, phrases
from ptb2fd.errors import UsageError
from ptb2fd.trees.annotation import PARTIAL, PENN
from ptb2fd.trees.ptbtree import Node
from ptb2fd.trees.strip import strip

MODES = ("auto", "gold", "infer", "complete")
TAG_CONDITIONS = frozenset({"ftag", "child_ftag"})  # a role rule with one of these reads function tags


@dataclass
class FunctionsUsed:
    """What the stage did to one tree, for its records and --stats."""

    model: str  # the model's name, cited in the records ("wsj-dev@1f2e3d4c")
    tagged: int = 0  # phrases given a predicted tag
    restored: list = field(default_factory=list)  # (rule id, word span it rests on) of each element put back


CLAUSES = frozenset({"S", "SINV", "SQ", "SBARQ", "SBAR"})


@dataclass(frozen=True)
class TreeShape:
    """What `tree_shape` found. `plain`: no empty element, index or
    undecided label ("ADVP|PRT"), so stripping the tree changes nothing but
    its tags. `parser_output` (for `auto`): no function tag, no empty
    element, and a clause. Annotated Penn trees give every clause a subject
    tag (or an empty subject), so a clause without any is a parser's; a
    fragment without a clause and without tags ("(NP (NNP Hiroshi) (NNP
    Asada))") is taken as given: gold treebanks have such trees (55 in the
    sample, none with a clause)."""

    tags: bool
    plain: bool
    clause: bool

    @property
    def parser_output(self) -> bool:
        return not self.tags and self.plain and self.clause


def tree_shape(tree: Node, stop_early: bool = False) -> TreeShape:
    """With `stop_early` (auto), the walk ends at the first tag or empty
    element (annotation: the tree is converted as it is)."""
    tags, plain, clause = False, True, False
    stack = [tree]
    while stack:
        node = stack.pop()
        if node.word is not None:
            if node.tag == "-NONE-":
                plain = False
                if stop_early:
                    return TreeShape(tags, plain, clause)
            continue
        label = node.label
        if label.ftags:
            tags = True
            if stop_early:
                return TreeShape(tags, plain, clause)
        if label.raw != label.cat and not label.ftags and label.raw not in ("", "ROOT", "TOP"):
            plain = False
        elif label.index is not None or label.gap is not None:
            plain = False
        if label.cat in CLAUSES:
            clause = True
        stack.extend(node.children)
    return TreeShape(tags, plain, clause)


def relabel(tree: Node, predicted: dict[int, tuple[str, ...]], tagger) -> tuple[Node, int]:
    """A copy of `tree` whose phrases carry their predicted tags; a subtree
    without any is shared, not copied."""
    count = 0
    label_of = tagger.label

    def build(node: Node) -> Node:
        nonlocal count
        kids = node.children
        new = None  # the children so far, once one of them changed
        for i, k in enumerate(kids):
            if k.word is None:
                b = build(k)
                if b is not k and new is None:
                    new = list(kids[:i])
                if new is not None:
                    new.append(b)
            elif new is not None:
                new.append(k)
        tags = predicted.get(id(node))
        if tags:
            count += 1
            return Node(label_of(node.label.cat, tags), kids if new is None else tuple(new))
        return node if new is None else Node(node.label, tuple(new))

    return build(tree), count


class FunctionTagging:
    """The function-tag model of a converter, loaded on first use (a gold
    run never reads it)."""

    def __init__(self, path: str | None = None):
        self.path = path
        self._tagger = None

    @property
    def tagger(self):
        if self._tagger is None:
            from ptb2fd.functions.model import FunctionModelError, default_model_path, load_model

            path = self.path or default_model_path()
            try:
                model = load_model(path)
            except FunctionModelError as exc:
                raise UsageError(f"function-tag model: {exc} (rebuild it with `ptb2fd train-functions`, "
                                 "see docs/parser-output.md)") from None
            self._tagger = model.tagger()
        return self._tagger


class InferFunctions:
    """`source_tree` -> `source_tree` (tags and empty elements put back when
    inferred) and `functions` (a FunctionsUsed, or None when the tree's own
    tags are used)."""

    name = "functions"
    needs = ("source_tree",)
    provides = ("source_tree", "functions")

    def __init__(self, mode: str, tagging: FunctionTagging | None = None, restorer=None):
        if mode not in MODES:
            raise UsageError(f"--functions {mode}: give one of {', '.join(MODES)}")
        if mode != "gold" and tagging is None:
            raise UsageError(f"--functions {mode} needs a function-tag model")
        self.mode = mode
        self.tagging = tagging
        self.restorer = restorer

    def load(self) -> str | None:
        """Load the model now; its name (None in gold mode)."""
        return None if self.mode == "gold" else self.tagging.tagger.model.name

    def run(self, parse: Parse) -> None:
        parse.functions = None
        if self.mode == "gold":
            return
        tree = parse.source_tree
        complete = self.mode == "complete"
        opened = None  # auto on an annotated tree: the phrases whose tags may be predicted
        if self.mode == "auto":
            if tree_shape(tree, stop_early=True).parser_output:
                stripped = tree  # no tag, no empty element: nothing to strip
            elif parse.annotation == PENN:
                return  # a file annotated to the Penn guidelines: the tree as given
            elif parse.annotation == PARTIAL and not has_empty(tree):
                complete = True  # a partly annotated file: its tags stay, the rest is predicted
                stripped = strip(tree, keep_tags=True)
            else:  # a short file without empty elements: this tree on its own
                opened = open_phrases(tree, self.restorer)
                stripped = tree
        else:  # (strip gives back a tree it leaves as it is)
            stripped = strip(tree, keep_tags=complete)
        if stripped is None:  # nothing but empty elements: the nulls stage reports it
            return
        tagger = self.tagging.tagger
        if opened is None:
            predicted = tagger.predict(stripped)
        else:
            predicted = {k: v for k, v in tagger.predict(stripped).items() if k in opened} if opened else {}
        if complete:  # the tags the tree has stay
            given = phrases(stripped, tagged=True)
            predicted = {k: v for k, v in predicted.items() if k not in given}
        tagged, count = relabel(stripped, predicted, tagger) if predicted else (stripped, 0)
        used = FunctionsUsed(tagger.model.name, count)
        if self.restorer is not None and (opened is None or opened):
            tagged = self.restorer.run(tagged, used.restored)
        if tagged is tree:  # nothing predicted, put back or taken away: the tree as given
            return
        for rule_id, _ in used.restored:
            parse.fire(rule_id)
        parse.notes["functions-inferred"] += 1
        if self.mode == "auto":
            parse.notes["functions-auto"] += 1
        parse.notes["inferred-tags"] += count
        if used.restored:
            parse.notes["empties-restored"] += len(used.restored)
        parse.source_tree = tagged
        parse.functions = used


class MarkInferred:
    """Provenance of an inferred tree's records: `sentence.functions` names
    the model, and a word whose role rule read a predicted tag lists
    "functions:MODEL:TAGS" in its `rules`, beside the rule id ("Tuesday"
    temporal by ftag-tmp, rules ["functions:wsj-dev@1f2e3d4c:TMP"]); a word
    whose records rest on an empty element put back lists that rule's id.
    It adds to the records the records stage has just built for this tree."""

    name = "mark-inferred"
    needs = ("sentence", "functions", "deps")
    provides = ()

    def __init__(self, roles):
        self.tag_rules = frozenset(r.rule_id for r in roles.rules if TAG_CONDITIONS & {c.name for c in r.when})
        self.child_rules = frozenset(r.rule_id for r in roles.rules if any(c.name == "child_ftag" for c in r.when))

    def run(self, parse: Parse) -> None:
        used = parse.functions
        if used is None:
            return
        sentence = parse.sentence
        sentence.functions = {"model": used.model, "tags": used.tagged, "empty_elements": len(used.restored)}
        attach = parse.deps.attach
        head = parse.deps.head
        spans: dict[tuple[int, int], str] = {}  # words an element put back rests on -> rule id
        for rule_id, span in used.restored:
            spans.setdefault(span, rule_id)
        for t, token in enumerate(sentence.tokens):
            proj = attach[t]
            if token.rule in self.tag_rules:
                nodes = proj.children if token.rule in self.child_rules else (proj,)
                for node in nodes:
                    if node.word is None and node.label.inferred and node.label.ftags:
                        token.rules.append(f"functions:{used.model}:{'-'.join(node.label.ftags)}")
            if spans:
                # the participle itself, an indexed phrase, or a word whose
                # logical role its passive head changed
                rule_id = spans.get((t, t + 1)) or spans.get((proj.start, proj.end))
                if rule_id is None and token.logicalrole != token.role and head[t] >= 0:
                    rule_id = spans.get((head[t], head[t] + 1))
                if rule_id is not None:
                    token.rules.append(rule_id)

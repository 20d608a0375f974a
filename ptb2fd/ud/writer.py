"""Plain 10-column CoNLL-U, UD v2 English, from one converted `Sentence`.

    # sent_id = wsj_0001.mrg:1
    # text = Pierre Vinken, 61 years old, will join the board ...
    1	Pierre	Pierre	PROPN	NNP	Number=Sing	9	nsubj	9:nsubj	_
    2	Vinken	Vinken	PROPN	NNP	Number=Sing	1	flat	1:flat	SpaceAfter=No

ID, FORM (the Treebank word), LEMMA, UPOS, XPOS (the Treebank's own tag),
FEATS, HEAD and DEPREL (UD's basic tree), DEPS (enhanced), MISC
(`SpaceAfter=No`). What decides each column is in the package docstring
(ptb2fd/ud/__init__.py) and in rules/ud.yaml.
"""
from __future__ import annotations

import json
import re

from ptb2fd.record import Sentence
from ptb2fd.ud.enhanced import deps_column, enhanced_graph
from ptb2fd.ud.mapping import UdMapping, default_mapping
from ptb2fd.ud.morphology import features_of, lemmas_of, upos_of
from ptb2fd.ud.relations import relations_of
from ptb2fd.ud.repair import final_period_on_root, projective_punctuation, promote_function_children
from ptb2fd.ud.shape import UdTree, effective_tag
from ptb2fd.ud.spacing import space_after, text_of

__all__ = ["dump_sentence", "ud_columns"]


# The Treebank's codes for brackets: UD writes the brackets themselves.
BRACKETS = {"-LRB-": "(", "-RRB-": ")", "-LSB-": "[", "-RSB-": "]", "-LCB-": "{", "-RCB-": "}"}
_BRACKET_RE = re.compile("|".join(BRACKETS), re.IGNORECASE)


def _brackets(word: str) -> str:
    """ "-LRB-a-RRB-" -> "(a)"."""
    return _BRACKET_RE.sub(lambda m: BRACKETS[m.group().upper()], word) if "-" in word else word


def _clean(value: str) -> str:
    """A column value: no tab or line break; "" is `_`."""
    if "\t" in value or "\n" in value or "\r" in value:
        value = value.replace("\t", " ").replace("\n", " ").replace("\r", " ")
    return value.strip() or "_"


# The part of speech a fixed expression has as a whole (UD's ExtPos), by its relation.
EXTPOS = {"case": "ADP", "mark": "SCONJ", "cc": "CCONJ", "advmod": "ADV", "det": "DET"}


def _external_pos(feats: list[str], heads: list[int], rels: list[str]) -> None:
    """ExtPos on the first word of a fixed expression: "because [of]" is ADP."""
    for d, h in enumerate(heads):
        if rels[d] == "fixed" and h >= 0 and rels[h] in EXTPOS and "ExtPos=" not in feats[h]:
            pairs = [] if feats[h] == "_" else feats[h].split("|")
            pairs.append(f"ExtPos={EXTPOS[rels[h]]}")
            feats[h] = "|".join(sorted(pairs, key=lambda f: f.lower()))


def ud_columns(sentence: Sentence, mapping: UdMapping | None = None) -> tuple[list[list[str]], list[str]]:
    """The ten columns of each word, and the ids of the rules that decided
    them (the rule of each relation, then those that refined a UPOS, then
    those that moved a head without deciding its relation)."""
    mapping = mapping or default_mapping()
    tags = [effective_tag(t) for t in sentence.tokens]
    lemmas = lemmas_of(sentence, tags, mapping)
    tree = UdTree(sentence, mapping, lemmas).reshape()
    tree.upos, upos_rules = upos_of(tree, mapping)
    relations = relations_of(tree, mapping)
    rels = [r for r, _ in relations]
    promote_function_children(tree.heads, rels, [t.role in mapping.structure["marker_roles"]
                                                 for t in sentence.tokens])
    final_period_on_root(tree.heads, rels, tags)
    projective_punctuation(tree.heads, rels)
    feats = features_of(tree, mapping)
    _external_pos(feats, tree.heads, rels)
    graph = enhanced_graph(tree, rels, lemmas)
    words = [_clean(_brackets(t.word)) for t in sentence.tokens]
    spaces = space_after(words, tags)
    rows = []
    for i, t in enumerate(sentence.tokens):
        rows.append([str(i + 1), words[i], _clean(_brackets(lemmas[i])), tree.upos[i], _clean(t.cat), feats[i],
                     str(tree.heads[i] + 1), rels[i], deps_column(graph[i]),
                     "_" if spaces[i] or i == len(words) - 1 else "SpaceAfter=No"])
    return rows, [r for _, r in relations] + upos_rules + tree.moved_by


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=True, separators=(",", ":"))


def dump_sentence(sentence: Sentence) -> str:
    """The CoNLL-U block of one sentence, ending with the blank line."""
    rows, _ = ud_columns(sentence)
    words = [r[1] for r in rows]
    spaces = [r[9] == "_" for r in rows]
    lines = [f"# sent_id = {_clean(sentence.id).replace(' ', '_')}", f"# text = {text_of(words, spaces)}"]
    # How the file was made, as in the other formats; UD tools read comments
    # they do not know as comments.
    if sentence.provenance:
        lines.append(f"# ptb2fd.provenance = {_json(sentence.provenance)}")
    if sentence.functions:
        lines.append(f"# ptb2fd.functions = {_json(sentence.functions)}")
    lines.extend("\t".join(r) for r in rows)
    return "\n".join(lines) + "\n\n"

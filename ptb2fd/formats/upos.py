"""Universal POS tags for the UPOS column of CoNLL-U Plus, from the table in
penn_upos.yaml (Stanford CoreNLP's UniversalPOSMapper: see that file).

`upos_tags(sentence)` gives one of the 17 UD v2 tags per token: the first
refinement whose conditions hold (e.g. VBZ with role `taxis` -> AUX), else
the tag's entry in `tags`, else `unknown` (X). The tag looked up is the one
after ptb2fd's POS corrections (`corrected` "VBG>NN" -> NN).

    >>> from ptb2fd.formats.upos import upos_table
    >>> upos_table().tags["NNP"], upos_table().tags["MD"], upos_table().unknown
    ('PROPN', 'AUX', 'X')

The table is checked when it is loaded: unknown keys, a UPOS that is not a
UD tag, a refinement without an id or tags: all problems together, each
with the file, refinement id and line (`RuleFileError`).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from ptb2fd.errors import RuleFileError, RuleProblem
from ptb2fd.record import Sentence, Token

TABLE = Path(__file__).with_name("penn_upos.yaml")
# Universal POS tags, UD v2 (https://universaldependencies.org/u/pos/).
UD_TAGS = frozenset({"ADJ", "ADP", "ADV", "AUX", "CCONJ", "DET", "INTJ", "NOUN", "NUM", "PART", "PRON", "PROPN",
                     "PUNCT", "SCONJ", "SYM", "VERB", "X"})
_CONDITIONS = ("tags", "roles", "words", "head_grouptype")


@dataclass(frozen=True)
class Refinement:
    """A UPOS given by context: every condition that is set must hold."""

    rule_id: str
    upos: str
    tags: frozenset[str]
    roles: frozenset[str] | None = None
    words: frozenset[str] | None = None
    head_grouptype: frozenset[str] | None = None

    def applies(self, tag: str, token: Token, head: Token | None) -> bool:
        return (tag in self.tags and (self.roles is None or token.role in self.roles)
                and (self.words is None or token.word.lower() in self.words)
                and (self.head_grouptype is None or (head is not None and head.grouptype in self.head_grouptype)))


@dataclass(frozen=True)
class UposTable:
    tags: dict[str, str]
    refinements: tuple[Refinement, ...]
    unknown: str

    def __post_init__(self):
        # The refinements of each tag, in order: most tags have none (CoNLL-U output stays fast).
        by_tag: dict[str, tuple[Refinement, ...]] = {}
        for r in self.refinements:
            for tag in r.tags:
                by_tag[tag] = by_tag.get(tag, ()) + (r,)
        object.__setattr__(self, "by_tag", by_tag)

    def upos(self, token: Token, head: Token | None) -> str:
        tag = (token.corrected.partition(">")[2] if token.corrected else "") or token.cat
        for r in self.by_tag.get(tag, ()):
            if r.applies(tag, token, head):
                return r.upos
        return self.tags.get(tag, self.unknown)


class _LineLoader(yaml.SafeLoader):
    """Keeps each mapping's line (1-based) under the key "__line__"."""

    def construct_mapping(self, node, deep=False):
        mapping = super().construct_mapping(node, deep=deep)
        mapping["__line__"] = node.start_mark.line + 1
        return mapping


def load_table(path: Path = TABLE) -> UposTable:
    """The table of `path`; RuleFileError listing every problem in it."""
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=_LineLoader)
    problems: list[RuleProblem] = []

    def problem(rule_id, line, message):
        problems.append(RuleProblem(path.name, rule_id, line, message))

    def upos(value, rule_id, line) -> str:
        if value not in UD_TAGS:
            problem(rule_id, line, f"{value!r} is not a Universal POS tag ({', '.join(sorted(UD_TAGS))})")
        return str(value)

    if not isinstance(data, dict):
        raise RuleFileError([RuleProblem(path.name, None, None, "expected a mapping with unknown, tags, refinements")])
    for key in sorted(set(data) - {"unknown", "tags", "refinements", "__line__"}):
        problem(None, data["__line__"], f"unknown key {key!r}")
    tags_data = data.get("tags") or {}
    tags = {str(tag): upos(value, f"tags.{tag}", tags_data.get("__line__")) for tag, value in tags_data.items()
            if tag != "__line__"}
    refinements = []
    for spec in data.get("refinements") or []:
        line, rule_id = spec.get("__line__"), spec.get("id")
        if not rule_id:
            problem(None, line, "a refinement needs an id")
        for key in sorted(set(spec) - {"id", "upos", "__line__", *_CONDITIONS}):
            problem(rule_id, line, f"unknown key {key!r}")
        if not spec.get("tags"):
            problem(rule_id, line, "a refinement needs tags")
            continue
        conditions = {k: frozenset(str(v) for v in spec[k]) for k in _CONDITIONS if spec.get(k)}
        refinements.append(Refinement(str(rule_id), upos(spec.get("upos"), rule_id, line), **conditions))
    unknown = upos(data.get("unknown", "X"), "unknown", data["__line__"])
    if problems:
        raise RuleFileError(problems)
    return UposTable(tags, tuple(refinements), unknown)


@cache
def upos_table() -> UposTable:
    return load_table()


def upos_tags(sentence: Sentence) -> list[str]:
    """The UPOS of each token of `sentence`, in order."""
    table = upos_table()
    tokens = sentence.tokens
    if all(t.id == i for i, t in enumerate(tokens, 1)):  # as converted: the head of id h is tokens[h - 1]
        return [table.upos(t, tokens[t.head - 1] if 0 < t.head <= len(tokens) else None) for t in tokens]
    by_id = {t.id: t for t in tokens}
    return [table.upos(t, by_id.get(t.head)) for t in tokens]

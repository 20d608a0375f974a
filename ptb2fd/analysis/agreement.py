"""How far a conversion of parser-style trees agrees with the gold one.

Each gold tree is converted twice: as it is (`--functions gold`), and
stripped of function tags, co-indices and empty elements
(ptb2fd.trees.strip), as a parser would give it, converted with the
function mode asked for (auto: tags predicted, empty elements restored).
The two records of each word are compared field by field: the figures of
`ptb2fd check-functions` and of docs/figures.md#parser-output.

`logical recovered` counts the words whose gold logical role differs
from their gold role (passive subjects, by-agents) and whose logical role
the stripped conversion got right.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from itertools import chain, groupby, islice
from operator import attrgetter
from typing import Iterable, Iterator

from ptb2fd.record import Sentence
from ptb2fd.trees.annotation import LOOK_AHEAD, verdict
from ptb2fd.trees.ptbtree import parse_tree
from ptb2fd.trees.splitter import RawTree
from ptb2fd.trees.strip import render, strip

# The fields compared, in the order the table lists them.
FIELDS = ("head", "role", "logicalrole", "position_class", "base", "cat0", "cat1", "grouptype", "junction")


def _value(token, name: str):
    if name == "junction":  # ids are numbered per sentence: compare the conjunct's place
        return token.junction_position
    return getattr(token, name)


@dataclass
class Agreement:
    """Counts over aligned sentences (same words in both conversions)."""

    sentences: int = 0
    failed: int = 0  # one of the two conversions failed
    unaligned: int = 0  # the words differ (never for stripped trees)
    words: int = 0
    agree: Counter = field(default_factory=Counter)  # field -> words agreeing
    confusions: Counter = field(default_factory=Counter)  # (gold role, other role) -> words
    logical_changed: int = 0  # gold logical role != gold role
    logical_recovered: int = 0
    logical_confusions: Counter = field(default_factory=Counter)
    by_rule: Counter = field(default_factory=Counter)  # gold rule -> role disagreements
    examples: dict = field(default_factory=dict)  # (gold, other) -> [sentence id, word]

    def add(self, gold: Sentence | None, other: Sentence | None, examples: int = 3) -> None:
        if gold is None or other is None:
            self.failed += 1
            return
        if [t.word for t in gold.tokens] != [t.word for t in other.tokens]:
            self.unaligned += 1
            return
        self.sentences += 1
        self.words += len(gold.tokens)
        agree = self.agree
        for g, o in zip(gold.tokens, other.tokens):
            for name in FIELDS:
                if _value(g, name) == _value(o, name):
                    agree[name] += 1
            if g.role != o.role:
                key = (g.role, o.role)
                self.confusions[key] += 1
                self.by_rule[g.rule] += 1
                shown = self.examples.setdefault(key, [])
                if len(shown) < examples:
                    shown.append(f"{gold.id} [{g.word}]")
            if g.logicalrole != g.role:
                self.logical_changed += 1
                if o.logicalrole == g.logicalrole:
                    self.logical_recovered += 1
                else:
                    self.logical_confusions[(g.logicalrole, o.logicalrole)] += 1

    def share(self, name: str) -> float:
        return self.agree[name] / self.words if self.words else 0.0

    def to_dict(self, limit: int = 20) -> dict:
        return {
            "sentences": self.sentences, "failed": self.failed, "unaligned": self.unaligned, "words": self.words,
            "agreement": {name: round(self.share(name), 6) for name in FIELDS},
            "logical_changed": self.logical_changed, "logical_recovered": self.logical_recovered,
            "logical_recovered_share": round(self.logical_recovered / self.logical_changed, 6)
            if self.logical_changed else None,
            "confusions": [{"gold": g, "other": o, "words": n, "examples": self.examples.get((g, o), [])}
                           for (g, o), n in self.confusions.most_common(limit)],
            "logical_confusions": [{"gold": g, "other": o, "words": n}
                                   for (g, o), n in self.logical_confusions.most_common(limit)],
            "role_disagreements_by_gold_rule": dict(self.by_rule.most_common(limit)),
        }


def stripped_text(text: str) -> str | None:
    """The parser-style tree of a bracketed gold tree, as bracketed text
    (None when it holds nothing but empty elements)."""
    tree = strip(parse_tree(text))
    return None if tree is None else render(tree)


def as_parsed(raws: Iterable[RawTree]) -> Iterator[tuple[RawTree, RawTree | None]]:
    """Each gold item and the same tree as a parser gives it (None when it
    holds nothing but empty elements). A stripped tree carries the verdict
    its file of stripped trees gets (trees/annotation.py: partly annotated
    when it has LOOK_AHEAD trees, none with an empty element), not the gold
    file's: what `--functions auto` decides for a parser's file."""
    for _, group in groupby(raws, key=attrgetter("source")):
        pairs = ((raw, stripped_text(raw.text)) for raw in group)
        head = list(islice(pairs, LOOK_AHEAD))
        found = verdict([replace(raw, text=text) for raw, text in head if text is not None])
        for raw, text in chain(head, pairs):
            yield raw, (replace(raw, text=text, annotation=found) if text is not None else None)


def check_functions(gold, other, raws, examples: int = 3) -> Agreement:
    """Each tree of `raws` converted by `gold` as it is and by `other`
    stripped (`as_parsed`); the two records of each word compared."""
    result = Agreement()
    for raw, parsed in as_parsed(raws):
        g = gold.convert(raw)
        if g.sentence is None:
            result.add(None, None)
            continue
        o = other.convert(parsed) if parsed is not None else None
        result.add(g.sentence, o.sentence if o is not None else None, examples)
    return result

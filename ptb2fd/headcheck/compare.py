"""ptb2fd's heads against the Collins (1999) head table, on the same trees.

Both head finders run over the same trees; both dependency trees are
reduced to content-word attachments (reduce.py); a word is compared when
it is a content word outside coordinations, i.e. neither it nor its head
in either tree is a conjunct, a conjunction or a coordination separator
(ptb2fd's junctions, and the children of any phrase with a non-initial
CC/CONJP in the tree): the two conventions head coordinations differently
on purpose. What is left is where the conventions agree in principle, so a
disagreement is an error of one of the two (ptb2fd's or the table's).

Disagreements are counted by pattern: the ptb2fd label of the word's
phrase, its tag, and the tags of its two heads ("NP NNP: ptb2fd->CD
collins->NNP"), with example sentence ids and words.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from ptb2fd.conversion.converter import CONVERTED
from ptb2fd.headcheck.collins import CollinsHeads
from ptb2fd.headcheck.reduce import reduced_heads
from ptb2fd.trees.ptbtree import parse_label

CONTENT_WORDS = Path(__file__).with_name("content_words.yaml")
COORDINATION_ROLES = frozenset({"junction-marker", "coordpunc"})


@dataclass
class HeadCheck:
    sentences: int = 0
    failed: int = 0
    unaligned: int = 0
    compared: int = 0
    agree: int = 0
    excluded: int = 0  # content words left out as part of a coordination
    patterns: Counter = field(default_factory=Counter)
    examples: dict = field(default_factory=lambda: defaultdict(list))
    by_head_rule: Counter = field(default_factory=Counter)

    @property
    def agreement(self) -> float | None:
        """None when no word was compared: no figure, not 100 %."""
        return self.agree / self.compared if self.compared else None

    def to_dict(self, limit: int) -> dict:
        return {"sentences": self.sentences, "failed": self.failed, "unaligned": self.unaligned,
                "compared": self.compared, "agree": self.agree, "agreement": percent_round(self.agreement),
                "excluded_coordination": self.excluded,
                "patterns": [{"pattern": p, "count": c, "examples": self.examples[p]}
                             for p, c in self.patterns.most_common(limit)],
                "by_head_rule": dict(self.by_head_rule.most_common())}


def percent_round(x: float | None) -> float | None:
    return None if x is None else round(x, 6)


def percent(x: float | None, width: int = 0) -> str:
    """"97.12 %", or "n/a" when nothing was compared."""
    return f"{100 * x:{width}.2f} %" if x is not None else "n/a".rjust(width + 2)


def load_content_words(path: Path = CONTENT_WORDS) -> tuple[frozenset[str], frozenset[str]]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return frozenset(data["function_tags"]), frozenset(w.lower() for w in data["function_words"])


class HeadComparison:
    """Feeds converted sentences and their trees; accumulates a HeadCheck."""

    def __init__(self, converter, examples: int = 3):
        vocab = converter.rules.treebank
        self.converter = converter
        self.collins = CollinsHeads(vocab)
        self.vocab = vocab
        self.function_tags, self.function_words = load_content_words()
        self.max_examples = examples
        self.result = HeadCheck()

    def add(self, raw):
        """Compare one tree; the conversion's error when it failed, else None."""
        res = self.result
        res.sentences += 1
        conv = self.converter.convert(raw)
        if conv.status != CONVERTED:
            res.failed += conv.status != "skipped"
            return conv.error
        tokens = conv.sentence.tokens
        cp = self.collins.dependencies(raw.text)
        if cp.words != [t.word for t in tokens]:
            res.unaligned += 1
            return
        tags = cp.tags
        punct = [t in self.vocab.punctuation_tags or w in self.vocab.punctuation_words for w, t in zip(cp.words, tags)]
        function = [t in self.function_tags or (t.startswith("VB") and w.lower() in self.function_words)
                    or w.lower() in ("not", "n't") for w, t in zip(cp.words, tags)]
        is_f, is_p = function.__getitem__, punct.__getitem__
        ours = reduced_heads(cp.words, tags, [t.head - 1 for t in tokens], is_f, is_p)
        theirs = reduced_heads(cp.words, tags, cp.heads, is_f, is_p)
        coord = set(cp.conjuncts)
        coord.update(t.id - 1 for t in tokens if t.junction is not None or t.role in COORDINATION_ROLES)
        for w, tok in enumerate(tokens):
            if ours[w] is None:
                continue
            if w in coord or ours[w] in coord or theirs[w] in coord:
                res.excluded += 1
                continue
            res.compared += 1
            if ours[w] == theirs[w]:
                res.agree += 1
                continue
            phrase = parse_label(tok.phrase).cat if tok.phrase else "-"
            ptag = tags[ours[w]] if ours[w] >= 0 else "ROOT"
            ctag = tags[theirs[w]] if theirs[w] >= 0 else "ROOT"
            pattern = f"{phrase} {tags[w]}: ptb2fd->{ptag} collins->{ctag}"
            res.patterns[pattern] += 1
            res.by_head_rule[tok.head_rule] += 1
            if len(res.examples[pattern]) < self.max_examples:
                pw = cp.words[ours[w]] if ours[w] >= 0 else "ROOT"
                cw = cp.words[theirs[w]] if theirs[w] >= 0 else "ROOT"
                res.examples[pattern].append(f"{conv.sentence.id} {tok.word}: ptb2fd->{pw} collins->{cw}")

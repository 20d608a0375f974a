"""ptb2fd's heads against an independent dependency analysis of the same
trees (`check-heads --reference`): UD CoNLL-U or Stanford-style CoNLL-X.

Each converted tree is paired with the reference sentence that has its
words (reference_read.py: never by position); both are reduced to
attachments between content words (reference_reduce.py); a content word
of both analyses is compared. A disagreement that is a known convention
difference (reference_schemes.yaml: UD flat names, dates, the copula, the
head of a coordination; reference_conventions.py) is counted apart and is
no error. Figures are split into words outside and inside a coordination
(the word or either head is a conjunct or a conjunction in either
analysis), and given by reference relation and by ptb2fd role, with
examples of each disagreement pattern.

Known blind spots: a word that is a function word in one analysis and a
content word in the other is not compared ("not": ptb2fd's polarity,
UD's advmod); an error that only moves a function word is not seen.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

from ptb2fd.conversion.converter import CONVERTED
from ptb2fd.headcheck.reference_conventions import ConventionTable
from ptb2fd.headcheck.reference_read import ReferenceIndex
from ptb2fd.headcheck.reference_reduce import reduce_ptb2fd, reduce_reference
from ptb2fd.headcheck.reference_scheme import SchemeTable


@dataclass
class Tally:
    """Compared words of one part (outside or inside coordination)."""

    compared: int = 0
    agree: int = 0
    conventions: Counter = field(default_factory=Counter)

    @property
    def errors(self) -> int:
        return self.compared - self.agree - sum(self.conventions.values())

    @property
    def agreement(self) -> float | None:
        """Agreement once conventions are set aside; None when no word was
        judged (none compared, or every difference a convention)."""
        judged = self.agree + self.errors
        return self.agree / judged if judged else None

    def to_dict(self) -> dict:
        return {"compared": self.compared, "agree": self.agree, "conventions": dict(self.conventions.most_common()),
                "errors": self.errors, "agreement": None if self.agreement is None else round(self.agreement, 6)}


@dataclass
class ReferenceCheck:
    scheme: str = ""
    sentences: int = 0
    failed: int = 0
    unaligned: int = 0
    reference_sentences: int = 0
    reference_errors: int = 0
    copulas_turned: int = 0
    outside: Tally = field(default_factory=Tally)
    inside: Tally = field(default_factory=Tally)
    by_label: dict = field(default_factory=lambda: defaultdict(Tally))
    by_role: dict = field(default_factory=lambda: defaultdict(Tally))
    patterns: Counter = field(default_factory=Counter)
    examples: dict = field(default_factory=lambda: defaultdict(list))
    convention_examples: dict = field(default_factory=lambda: defaultdict(list))
    unaligned_ids: list = field(default_factory=list)

    @property
    def total(self) -> Tally:
        t = Tally(self.outside.compared + self.inside.compared, self.outside.agree + self.inside.agree)
        t.conventions = self.outside.conventions + self.inside.conventions
        return t

    def to_dict(self, limit: int) -> dict:
        return {"scheme": self.scheme, "sentences": self.sentences, "failed": self.failed,
                "unaligned": self.unaligned, "unaligned_examples": self.unaligned_ids[:limit],
                "reference_sentences": self.reference_sentences, "reference_errors": self.reference_errors,
                "copulas_turned": self.copulas_turned, "outside": self.outside.to_dict(),
                "inside": self.inside.to_dict(), "all": self.total.to_dict(),
                "by_label": {k: v.to_dict() for k, v in sorted(self.by_label.items(), key=lambda kv: -kv[1].compared)},
                "by_role": {k: v.to_dict() for k, v in sorted(self.by_role.items(), key=lambda kv: -kv[1].compared)},
                "patterns": [{"pattern": p, "count": c, "examples": self.examples[p]}
                             for p, c in self.patterns.most_common(limit)],
                "convention_examples": {k: v for k, v in sorted(self.convention_examples.items())}}


class ReferenceComparison:
    """Feeds trees; pairs each with its reference sentence; accumulates a ReferenceCheck."""

    def __init__(self, converter, references, table: SchemeTable, scheme: str | None = None, examples: int = 3):
        refs = list(references)
        self.index = ReferenceIndex(refs)
        name = scheme or table.detect(r for ref in refs for r in ref.deprels)
        self.scheme = table.schemes[name]
        self.table = table
        self.conventions = ConventionTable(table.for_scheme(name), self.scheme)
        self.converter = converter
        self.punctuation_tags = converter.rules.treebank.punctuation_tags
        self.max_examples = examples
        self.result = ReferenceCheck(scheme=name, reference_sentences=self.index.total)

    def add(self, raw):
        """Compare one tree; the conversion's error when it failed, else None."""
        res = self.result
        res.sentences += 1
        conv = self.converter.convert(raw)
        if conv.status != CONVERTED:
            res.failed += conv.status != "skipped"
            return conv.error
        tokens = conv.sentence.tokens
        words = [t.word for t in tokens]
        ref = self.index.take(words)
        if ref is None or len(ref.words) != len(words):
            res.unaligned += 1
            res.unaligned_ids.append(conv.sentence.id)
            return None
        ours = reduce_ptb2fd(tokens, self.table.ptb2fd, self.punctuation_tags, bool(self.scheme.copula))
        theirs = reduce_reference(ref, self.scheme)
        res.copulas_turned += ours.copulas
        units = self.conventions.prepare(ref, words, [t.cat for t in tokens])
        coord = ours.coordination | theirs.coordination
        for w, tok in enumerate(tokens):
            if not (ours.content[w] and theirs.content[w]):
                continue
            p, r = ours.reduced[w], theirs.reduced[w]
            inside = w in coord or p in coord or r in coord
            part = res.inside if inside else res.outside
            label, role = theirs.labels[w], tok.role
            for tally in (part, res.by_label[label], res.by_role[role]):
                tally.compared += 1
            if p == r:
                for tally in (part, res.by_label[label], res.by_role[role]):
                    tally.agree += 1
                continue
            ptag = tokens[p].cat if p >= 0 else "ROOT"
            pword = words[p] if p >= 0 else "ROOT"
            rword = words[r] if r is not None and r >= 0 else "ROOT"
            example = f"{conv.sentence.id} ({ref.sent_id}) {tok.word}: ptb2fd->{pword} reference->{rword}"
            convention = self.conventions.explain(w, ours, theirs, ref.deprels, units)
            if convention is not None:
                for tally in (part, res.by_label[label], res.by_role[role]):
                    tally.conventions[convention] += 1
                if len(res.convention_examples[convention]) < self.max_examples:
                    res.convention_examples[convention].append(example)
                continue
            rtag = tokens[r].cat if r is not None and r >= 0 else "ROOT"
            where = "inside" if inside else "outside"
            pattern = f"{where} {role}/{label} {tok.cat}: ptb2fd->{ptag} reference->{rtag}"
            res.patterns[pattern] += 1
            if len(res.examples[pattern]) < self.max_examples:
                res.examples[pattern].append(example)
        return None

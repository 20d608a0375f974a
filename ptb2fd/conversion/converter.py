"""The converter: one bracketed tree in, one `Sentence` (or a reason) out.

    >>> from ptb2fd import Converter, load_rules
    >>> conv = Converter(load_rules())
    >>> s = conv.convert_text("(S (NP-SBJ (PRP it)) (VP (MD would) (VP (VB sell) (NP (PRP$ its) (VBG aging) (NN fleet)))))")
    >>> [(t.word, t.head, t.role) for t in s.tokens][:3]
    [('it', 3, 'subject'), ('would', 3, 'modal'), ('sell', 0, 'top')]

Every input item ends as exactly one `Result`: converted, failed (with the
error, which names file, line and sentence id) or skipped (markup only).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ptb2fd.conversion.pipeline import Parse, Pipeline
from ptb2fd.conversion.stages.clause import ClauseFeatures
from ptb2fd.conversion.stages.compounds import GroupCompoundPrepositions
from ptb2fd.conversion.stages.coordination import NestCoordination
from ptb2fd.conversion.stages.dependents import IndexDependents
from ptb2fd.conversion.stages.empties import RestoreEmpties
from ptb2fd.conversion.stages.features import AddFeatures
from ptb2fd.conversion.stages.functions import FunctionTagging, InferFunctions, MarkInferred
from ptb2fd.conversion.stages.heads import FindHeads
from ptb2fd.conversion.stages.nulls import RemoveNulls, SkippedTree
from ptb2fd.conversion.stages.poscorrect import CorrectPOS
from ptb2fd.conversion.stages.punctuation import AttachPunctuation
from ptb2fd.conversion.stages.records import BuildRecords
from ptb2fd.conversion.stages.reduce import ReduceToDependencies
from ptb2fd.conversion.stages.roles import AssignRoles
from ptb2fd.conversion.stages.treebank import ReadTree
from ptb2fd.errors import Location, SentenceError, TreeParseError
from ptb2fd.lexicon.lemmas import BaseFormFinder
from ptb2fd.record import Sentence
from ptb2fd.trees.splitter import RawTree

if TYPE_CHECKING:  # the rule set is loaded above this layer (ptb2fd.ruleset)
    from ptb2fd.ruleset.load import RuleSet

CONVERTED, FAILED, SKIPPED = "converted", "failed", "skipped"
UNKNOWN = "unknown-"  # notes of the read stage: unknown-label:L, unknown-tag:T, unknown-function-tag:F


@dataclass
class Result:
    sent_id: str
    location: Location
    status: str
    sentence: Sentence | None = None
    error: SentenceError | None = None
    reason: str | None = None  # failure kind or skip reason
    fired: Counter = field(default_factory=Counter)
    notes: Counter = field(default_factory=Counter)
    text: str | None = None  # the sentence already rendered (convert_stream's `render`)
    words: int = 0  # number of words of a converted sentence


def build_stages(rules: RuleSet, finder: BaseFormFinder | None = None, functions: InferFunctions | None = None) -> list:
    vocab = rules.treebank
    be = rules.roles.wordlists.get("be", frozenset())
    return [
        ReadTree(vocab),
        functions or InferFunctions("gold"),
        RemoveNulls(vocab),
        GroupCompoundPrepositions(rules.compounds),
        NestCoordination(rules.coordination, vocab),
        FindHeads(rules.heads, vocab),
        ReduceToDependencies(rules.coordination.shared_dependents),
        CorrectPOS(rules.corrections, vocab, be),
        AttachPunctuation(rules.punctuation, vocab, rules.compounds.label),
        IndexDependents(),
        AssignRoles(rules.roles, vocab),
        AddFeatures(rules.categories, finder or BaseFormFinder(rules.baseforms)),
        ClauseFeatures(rules.clauses),
        BuildRecords(rules.coordination.initial_markers),
        MarkInferred(rules.roles),
    ]


class Converter:
    """`functions`: auto, gold or infer (see stages/functions.py);
    `function_model`: the model file (default: the one shipped,
    ptb2fd.functions.model.default_model_path()), loaded on first use."""

    def __init__(self, rules: RuleSet, finder: BaseFormFinder | None = None, warm: bool = True,
                 functions: str = "auto", function_model: str | None = None):
        self.rules = rules
        finder = finder or BaseFormFinder(rules.baseforms)
        if warm:
            finder.warm()  # before forking workers, so they share the tables
        self.functions = InferFunctions(functions, FunctionTagging(function_model),
                                        RestoreEmpties(rules.empties))
        self.pipeline = Pipeline(build_stages(rules, finder, self.functions))
        self._provenance: dict | None = None
        self.created: str | None = None  # the run's creation time, when another process started it

    def load_function_model(self) -> str | None:
        """Load the function-tag model now (before forking workers; a bad
        file is then a usage error, not a failure per sentence); its name."""
        return self.functions.load()

    @property
    def provenance(self) -> dict:
        """How this converter's records are made (conversion/provenance.py);
        made once, on first use, and shared by every sentence (and worker)."""
        if self._provenance is None:
            from ptb2fd.conversion.provenance import provenance

            self._provenance = provenance(self.rules.directory, self.functions.mode, self.load_function_model(),
                                          self.created)
        return self._provenance

    def convert(self, raw: RawTree) -> Result:
        loc = raw.location
        if raw.error is not None:
            err = TreeParseError(raw.error, loc)
            return Result(raw.sent_id, loc, FAILED, error=err, reason=err.kind)
        parse = Parse(loc, raw.text, raw.annotation)
        try:
            self.pipeline.run(parse)
        except SkippedTree as skip:
            return Result(raw.sent_id, loc, SKIPPED, reason=skip.reason, notes=parse.notes)
        except SentenceError as err:
            return Result(raw.sent_id, loc, FAILED, error=err, reason=err.kind, notes=parse.notes)
        unknown = {k[len(UNKNOWN):]: n for k, n in parse.notes.items() if k.startswith(UNKNOWN)}
        if unknown:
            parse.sentence.unknown = dict(sorted(unknown.items()))
        parse.sentence.markup = parse.notes.get("markup-leaves") or None
        parse.sentence.provenance = self.provenance
        return Result(raw.sent_id, loc, CONVERTED, parse.sentence, fired=parse.fired, notes=parse.notes,
                      words=len(parse.sentence.tokens))

    def convert_text(self, text: str, sent_id: str = "<string>:1") -> Sentence:
        """Convert one bracketed tree; raise its SentenceError on failure."""
        source, _, index = sent_id.rpartition(":")
        raw = RawTree(source or sent_id, int(index) if index.isdigit() else 1, 1, text)
        result = self.convert(raw)
        if result.status == CONVERTED:
            return result.sentence
        if result.error is not None:
            raise result.error
        raise SentenceError(f"skipped: {result.reason}", result.location)

    def parse(self, text: str, sent_id: str = "<string>:1") -> Parse:
        """Run the pipeline and return the working state (for tests and tools)."""
        source, _, index = sent_id.rpartition(":")
        raw = RawTree(source or sent_id, int(index) if index.isdigit() else 1, 1, text)
        parse = Parse(raw.location, raw.text)
        self.pipeline.run(parse)
        return parse

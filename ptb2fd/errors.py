"""Exception types. Each carries the location it is about.

A sentence-level problem (bad brackets, no head, a broken invariant) names
the source file, the line the tree starts on and the sentence id, so a user
can open the file at the right place. A rule-file problem names the file, the
rule id and the line. Nothing here is ever raised to end a whole run except
`RuleFileError` and `UsageError`; sentence errors are caught per sentence.

May import: nothing of ptb2fd.
"""
from __future__ import annotations

from dataclasses import dataclass


class Ptb2fdError(Exception):
    """Base class of every error ptb2fd raises on purpose."""


class UsageError(Ptb2fdError):
    """Unusable command-line arguments or input paths (exit status 2)."""


class EmptyInputError(Ptb2fdError):
    """An input with no tree or no record in it: "no trees in FILE" (exit
    status 1, and no output written)."""


@dataclass(frozen=True)
class Location:
    """Where a sentence comes from: `wsj_0001.mrg:1` starts on line 3."""

    source: str
    line: int
    sent_id: str

    def __str__(self) -> str:
        return f"{self.source}:{self.line} ({self.sent_id})"


class SentenceError(Ptb2fdError):
    """A problem with one sentence; the run goes on with the next one.

    `kind` is a short stable name used for counting ("parse", "empty",
    "no-head", "invariant", ...); `stage` names the pipeline stage.
    """

    kind = "conversion"

    def __init__(self, message: str, location: Location | None = None, stage: str | None = None):
        super().__init__(message)
        self.message = message
        self.location = location
        self.stage = stage

    def at(self, location: Location) -> "SentenceError":
        """Return the same error bound to a sentence location."""
        if self.location is None:
            self.location = location
        return self

    def __str__(self) -> str:
        where = f"{self.location}: " if self.location else ""
        stage = f"[{self.stage}] " if self.stage else ""
        return f"{where}{stage}{self.kind} error: {self.message}"


class TreeParseError(SentenceError):
    """Unbalanced brackets, a leaf without a tag, an unreadable token."""

    kind = "parse"


class EmptyTreeError(SentenceError):
    """A tree with no words left once null elements and markup are gone."""

    kind = "empty"


class ConversionError(SentenceError):
    """A stage could not handle the tree (e.g. no head rule applied)."""

    kind = "conversion"


class InvariantError(SentenceError):
    """The records broke an invariant: a word lost, two roots, a cycle."""

    kind = "invariant"


@dataclass(frozen=True)
class RuleProblem:
    """One problem in one rule file: file, rule id (if known), line, message."""

    file: str
    rule_id: str | None
    line: int | None
    message: str

    def __str__(self) -> str:
        line = f":{self.line}" if self.line else ""
        rule = f" rule '{self.rule_id}'" if self.rule_id else ""
        return f"{self.file}{line}:{rule} {self.message}"


class RuleFileError(Ptb2fdError):
    """Every problem found while loading a rule folder, reported together."""

    def __init__(self, problems: list[RuleProblem]):
        self.problems = list(problems)
        lines = "\n".join(f"  {p}" for p in self.problems)
        super().__init__(f"{len(self.problems)} problem(s) in rule files:\n{lines}")


# The optional dependencies (pyproject.toml's extras) and the extra that
# brings each one: a core install converts, regenerates with the rules
# realizer, and runs stats, diff and `rules check` without any of them.
EXTRA_OF_MODULE = {"scipy": "realizer", "threadpoolctl": "realizer", "numpy": "realizer",
                   "matplotlib": "analysis", "dask": "scale", "distributed": "scale", "pyarrow": "parquet",
                   "udtools": "ud"}
# A command whose own extra brings a module another extra brings too
# (`analyse` needs scipy: [analysis] has it).
EXTRA_OF_COMMAND = {"analyse": "analysis"}


def missing_module_line(missing: str | None, command: str | None) -> str:
    """The one line for an optional dependency that is not installed:
    "ptb2fd train: needs scipy, which is not installed: pip install 'ptb2fd[realizer]'"."""
    top = (missing or "?").split(".")[0]
    who = f"ptb2fd {command}" if command else "ptb2fd"
    extra = EXTRA_OF_MODULE.get(top) and EXTRA_OF_COMMAND.get(command or "", EXTRA_OF_MODULE[top])
    if extra is None:
        return f"{who}: needs the module {top}, which is not installed: reinstall ptb2fd (pip install ptb2fd)"
    return f"{who}: needs {top}, which is not installed: pip install 'ptb2fd[{extra}]'"

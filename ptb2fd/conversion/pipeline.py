"""The conversion pipeline: stages in order, each declaring what it needs.

A stage is a small class with `name`, `needs` and `provides` (attribute
names on the `Parse` it works on) and `run(parse)`. The pipeline checks at
construction that every need is provided by an earlier stage, so "heads
before roles" is enforced, not hoped for. Stages never touch the caller's
tree: they read `parse.tree` and set new attributes (a stage that
restructures the tree sets a new `parse.tree`).

Deep trees: the reader accepts trees nested up to 500 levels (NLTK's
limit), and the stages walk them recursively, up to about three frames per
level; Python's default limit of 1,000 frames failed a 490-level tree
("tree too deep to convert") depending on how deep the caller already was
(a `--jobs 2` worker, a test runner). So building a pipeline raises the
limit to `RECURSION_LIMIT` if it is lower. A stage that still runs out fails
its sentence with that one located line.
"""
from __future__ import annotations

import sys
from collections import Counter
from typing import Protocol, Sequence

from ptb2fd.errors import ConversionError, Location, SentenceError

RECURSION_LIMIT = 3000  # 500 levels x 3 frames, and room for the caller's frames


class Parse:
    """Working state of one sentence. Stages add attributes to it."""

    def __init__(self, location: Location, text: str, annotation: str | None = None):
        self.location = location
        self.text = text
        self.annotation = annotation  # what the file's first trees say of its annotation (trees/annotation.py)
        self.fired: Counter[str] = Counter()  # rule id -> times it decided something
        self.notes: Counter[str] = Counter()  # other counts for --stats (unknown labels, ...)

    def fire(self, rule_id: str, n: int = 1) -> None:
        self.fired[rule_id] += n


class Stage(Protocol):
    name: str
    needs: tuple[str, ...]
    provides: tuple[str, ...]

    def run(self, parse: Parse) -> None: ...


class PipelineError(Exception):
    """A stage was placed before the stage that provides what it needs."""


class Pipeline:
    """Runs stages in order on one sentence."""

    def __init__(self, stages: Sequence[Stage]):
        have: set[str] = {"location", "text", "fired", "notes"}
        for stage in stages:
            missing = [n for n in stage.needs if n not in have]
            if missing:
                raise PipelineError(f"stage {stage.name} needs {', '.join(missing)}, which no earlier stage provides")
            have.update(stage.provides)
        self.stages = tuple(stages)
        if sys.getrecursionlimit() < RECURSION_LIMIT:
            sys.setrecursionlimit(RECURSION_LIMIT)

    def run(self, parse: Parse) -> Parse:
        for stage in self.stages:
            try:
                stage.run(parse)
            except SentenceError as exc:
                if exc.stage is None:
                    exc.stage = stage.name
                raise exc.at(parse.location)
            except RecursionError:
                raise ConversionError("tree too deep to convert", parse.location, stage.name) from None
            except (KeyError, IndexError, ValueError, TypeError, AttributeError) as exc:
                # A bug or an input we did not foresee: fail this sentence with
                # the reason, never the whole run.
                raise ConversionError(f"internal error: {type(exc).__name__}: {exc}", parse.location, stage.name) from exc
        return parse


"""Reading and checking YAML rule files.

Every rule file is read once, checked, and compiled into typed objects; no
stage looks at raw YAML at run time. Problems are collected, not raised one
by one, so a user sees every mistake in a rule folder in one go, each with
its file, rule id and line (as DepEdit does, but with a non-zero exit).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

import yaml

from ptb2fd import cache
from ptb2fd.errors import RuleProblem


class LineDict(dict):
    """A YAML mapping that remembers the line it started on."""

    line: int | None = None
    key_lines: dict | None = None  # key -> the line its value starts on (a scalar has no line of its own)


class LineList(list):
    """A YAML sequence that remembers the line it started on."""

    line: int | None = None


class _LineLoader(yaml.SafeLoader):
    """SafeLoader whose mappings and sequences carry 1-based line numbers."""


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> LineDict:
    # Duplicate keys are an error in a rule file, not a silent override.
    keys = [loader.construct_object(k, deep=True) for k, _ in node.value]
    dupes = sorted({str(k) for k in keys if keys.count(k) > 1})
    if dupes:
        raise yaml.constructor.ConstructorError(
            None, None, f"duplicate key(s) {', '.join(dupes)}", node.start_mark
        )
    data = LineDict(loader.construct_mapping(node, deep=True))
    data.line = node.start_mark.line + 1
    data.key_lines = {k: v.start_mark.line + 1 for k, (_, v) in zip(keys, node.value) if isinstance(k, str)}
    return data


def _construct_sequence(loader: _LineLoader, node: yaml.SequenceNode) -> LineList:
    data = LineList(loader.construct_sequence(node, deep=True))
    data.line = node.start_mark.line + 1
    return data


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


# What a parsed file depends on besides its text: PyYAML and this loader.
_LOADER_KEY = (yaml.__version__, cache.source_hash(__file__))


def _parse(text: str) -> Any:
    return yaml.load(text, Loader=_LineLoader)  # noqa: S506 - SafeLoader subclass


def line_of(value: Any) -> int | None:
    return getattr(value, "line", None)


class Checker:
    """Collects problems for one rule file while it is compiled."""

    def __init__(self, path: Path | str):
        self.path = Path(path)
        self.name = self.path.name
        self.problems: list[RuleProblem] = []

    def problem(self, message: str, rule_id: str | None = None, line: int | None = None) -> None:
        self.problems.append(RuleProblem(self.name, rule_id, line, message))

    def load(self) -> Any:
        """Parse the file; a missing or unparsable file is one problem."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except OSError as exc:
            self.problem(f"cannot read file: {exc.strerror or exc}")
            return None
        try:
            # Parsing is most of the cost of loading rules; the parsed data
            # is cached under the text's hash (a failed parse is not cached).
            return cache.cached("yaml", cache.make_key(_LOADER_KEY, text), lambda: _parse(text))
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
            line = mark.line + 1 if mark is not None else None
            self.problem(f"YAML syntax error: {getattr(exc, 'problem', None) or exc}", line=line)
            return None

    def mapping(self, value: Any, what: str, rule_id: str | None = None) -> LineDict | None:
        if not isinstance(value, dict):
            self.problem(f"{what} must be a mapping, got {type(value).__name__}", rule_id, line_of(value))
            return None
        return value  # type: ignore[return-value]

    def keys(
        self,
        mapping: dict,
        allowed: Iterable[str],
        required: Iterable[str] = (),
        rule_id: str | None = None,
        what: str = "rule",
    ) -> bool:
        """Unknown keys and missing required keys; lists the valid keys."""
        allowed = list(allowed)
        ok = True
        for key in mapping:
            if key not in allowed:
                self.problem(
                    f"unknown key '{key}' in {what}; valid keys: {', '.join(sorted(allowed))}",
                    rule_id,
                    line_of(mapping),
                )
                ok = False
        for key in required:
            if key not in mapping:
                self.problem(f"{what} is missing required key '{key}'", rule_id, line_of(mapping))
                ok = False
        return ok

    def strings(self, value: Any, what: str, rule_id: str | None = None, line: int | None = None) -> tuple[str, ...]:
        """A string or a list of strings, as a tuple."""
        if isinstance(value, str):
            return (value,)
        if isinstance(value, list) and all(isinstance(v, (str, int, float)) and not isinstance(v, bool) for v in value):
            return tuple(str(v) for v in value)
        self.problem(f"{what} must be a string or a list of strings", rule_id, line_of(value) or line)
        return ()

    def choice(self, value: Any, choices: Iterable[str], what: str, rule_id: str | None = None, line: int | None = None) -> str | None:
        choices = list(choices)
        if value not in choices:
            self.problem(f"{what} must be one of {', '.join(choices)}; got {value!r}", rule_id, line)
            return None
        return value

    def rules(self, data: dict, key: str, what: str, allowed, required=("id",)):
        """The rule mappings under `key`: the list and the ids are checked,
        and each rule's keys; yields (rule, rule id, line) for the valid ones."""
        raw = data.get(key, [])
        if not isinstance(raw, list):
            self.problem(f"{key} must be a list", line=line_of(raw))
            return
        self.rule_ids(raw, what)
        for spec in raw:
            spec = self.mapping(spec, what)
            if spec is None:
                continue
            rid = spec.get("id")
            self.keys(spec, allowed, required, rid, what)
            yield spec, (str(rid) if rid is not None else None), line_of(spec)

    def rule_ids(self, rules: list, what: str = "rule") -> None:
        """Every rule has a string id, and ids are unique within the file."""
        seen: dict[str, int | None] = {}
        for rule in rules:
            if not isinstance(rule, dict):
                continue
            rid = rule.get("id")
            if not isinstance(rid, str) or not rid:
                self.problem(f"{what} has no 'id'", None, line_of(rule))
                continue
            if rid in seen:
                self.problem(f"duplicate id (first at line {seen[rid]})", rid, line_of(rule))
            else:
                seen[rid] = line_of(rule)

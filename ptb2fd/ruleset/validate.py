"""Validating a rule folder, for `ptb2fd rules check` (ptb2fd.commands.rules,
which also counts how often each rule fires on the NLTK Treebank sample).

Errors (each printed with file, line and rule id; exit status 2):
- everything `load_rules` reports: YAML syntax errors, unknown keys,
  missing keys, bad values, malformed patterns, references to unknown
  roles, slots or wordlists, labels, tags, function tags or roles that the
  vocabulary does not declare (vocabulary.py), duplicate ids within a file;
- duplicate rule ids across files: a rule id is unique in the whole folder,
  since firing counts, `rule` fields and --stats name rules by id alone.
  Ids made from mapping keys (head-NP, cat-NN, lemmatize-VB, head-default,
  cat-default) and the built-in ids the stages use (np-fallback,
  coord-root-conjunct, ...) count too;
- unreachable rules in an ordered cascade (roles.yaml rules,
  pos_corrections.yaml rules of one `from` tag, order.yaml placement rules,
  coordination.yaml rules of one analysis, baseforms.yaml contractions;
  `ptb2fd/ruleset/shadowing.py`): a rule is unreachable when an earlier rule
  matches everything it matches, or when it can match nothing at all (an empty list in a condition that
  needs a match). The test is syntactic and sound: it reports a rule only
  when every condition of the earlier rule is implied by a condition of the
  later one (see `_implies`), so a rule that is dead only because of what
  the Treebank happens to contain is not reported (that shows up as "never
  fired" instead).

Warnings (printed, exit status unchanged):
- a POS correction whose `to` is its `from` (it fires, and changes nothing);
- a value listed twice in one condition (harmless, probably a typo).

"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ptb2fd.errors import RuleFileError, RuleProblem
from ptb2fd.rulelang.folder import RULE_FILES, default_rules_dir
from ptb2fd.rulelang.rulefile import Checker, line_of
from ptb2fd.ruleset.load import load_rules
from ptb2fd.ruleset.shadowing import _rule_list, unreachable_rules

# Rule ids the stages use without a rule-file entry (see RuleSet.rule_ids).
BUILTIN_IDS = {
    "heads.yaml": ("np-fallback", "head-coordination", "head-only-child", "head-auxiliary"),
    "coordination.yaml": ("coord-root-conjunct",),
    "ud.yaml": ("ud-last-resort",),
}
# Ids made from the keys of a mapping: file -> ((section, prefix), ...); a
# section's `default` entry gives PREFIX + "default".
DERIVED_IDS = {
    "heads.yaml": (("labels", "head-"),),
    "categories.yaml": (("tags", "cat-"),),
    "baseforms.yaml": (("lemmatize", "lemmatize-"),),
}
DEFAULT_IDS = {"heads.yaml": "head-default", "categories.yaml": "cat-default"}


@dataclass(frozen=True)
class Report:
    errors: list[RuleProblem]
    warnings: list[RuleProblem]
    rules: Any  # the RuleSet, or None when it did not load
    raw: dict = field(default_factory=dict)  # each file as parsed, with line numbers

    def rule_lines(self) -> dict[str, tuple[str, int | None]]:
        """Each rule id's file and line (None for a built-in id)."""
        out: dict[str, tuple[str, int | None]] = {}
        for rid, name, line, _ in rule_id_index(self.raw):
            out.setdefault(rid, (name, line))
        return out


# -- loading the raw files -------------------------------------------------

def _raw_files(directory: Path) -> dict[str, Any]:
    """Each rule file parsed (with line numbers); unreadable ones left out
    (load_rules reports them)."""
    out = {}
    for name in RULE_FILES:
        path = directory / name
        if not path.is_file():
            continue
        data = Checker(path).load()
        if data is not None:
            out[name] = data
    return out


# -- rule ids across files -------------------------------------------------

def _ids_in(value: Any, found: list[tuple[str, int | None]]) -> None:
    """Every `id: STRING` of a mapping anywhere in a file."""
    if isinstance(value, dict):
        rid = value.get("id")
        if isinstance(rid, str) and rid:
            found.append((rid, line_of(value)))
        for v in value.values():
            _ids_in(v, found)
    elif isinstance(value, list):
        for v in value:
            _ids_in(v, found)


def rule_id_index(raw: dict[str, Any]) -> list[tuple[str, str, int | None, str]]:
    """(id, file, line, kind) for every rule id; kind is explicit, derived or built-in."""
    out: list[tuple[str, str, int | None, str]] = []
    for name, data in raw.items():
        found: list[tuple[str, int | None]] = []
        _ids_in(data, found)
        out.extend((rid, name, line, "explicit") for rid, line in found)
        if isinstance(data, dict):
            for section, prefix in DERIVED_IDS.get(name, ()):
                entries = data.get(section)
                if isinstance(entries, dict):
                    for key, spec in entries.items():
                        out.append((f"{prefix}{key}", name, line_of(spec) or line_of(entries), "derived"))
            if name in DEFAULT_IDS and "default" in data:
                out.append((DEFAULT_IDS[name], name, line_of(data.get("default")), "derived"))
        out.extend((rid, name, None, "built-in") for rid in BUILTIN_IDS.get(name, ()))
    return out


def _where(name: str, line: int | None, kind: str) -> str:
    if kind == "built-in":
        return f"{name} (built-in id)"
    return f"{name}:{line}" if line else name


def duplicate_ids(raw: dict[str, Any]) -> list[RuleProblem]:
    """Ids used in two files (every place is reported), and ids made from
    keys or built in that an explicit id of the same file reuses. Two
    explicit ids in one file are load_rules' business."""
    by_id: dict[str, list[tuple[str, int | None, str]]] = {}
    for rid, name, line, kind in rule_id_index(raw):
        by_id.setdefault(rid, []).append((name, line, kind))
    problems = []
    for rid, places in by_id.items():
        files = list(dict.fromkeys(p[0] for p in places))
        if len(files) > 1:
            for name, line, kind in places:
                others = ", ".join(_where(*p) for p in places if p != (name, line, kind))
                problems.append(RuleProblem(name, rid, line, f"duplicate rule id across files (also in {others})"))
        elif len(places) > 1 and any(kind != "explicit" for _, _, kind in places):
            name = files[0]
            for place in places:
                if place[2] == "explicit":
                    others = ", ".join(_where(*p) for p in places if p != place)
                    problems.append(RuleProblem(name, rid, place[1], f"duplicate rule id (also {others})"))
    return problems



# -- warnings --------------------------------------------------------------

def rule_warnings(raw: dict[str, Any]) -> list[RuleProblem]:
    out = []
    for spec in _rule_list(raw.get("pos_corrections.yaml"), "rules"):
        if spec.get("from") is not None and spec.get("from") == spec.get("to"):
            out.append(RuleProblem("pos_corrections.yaml", spec["id"], line_of(spec),
                                   f"warning: corrects {spec.get('from')} to itself (changes nothing)"))
    cascades = (("roles.yaml", "rules", "when"), ("pos_corrections.yaml", "rules", "when"),
                ("order.yaml", "rules", "when"))
    for name, key, when_key in cascades:
        for spec in _rule_list(raw.get(name), key):
            when = spec.get(when_key)
            if not isinstance(when, dict):
                continue
            for cond, v in when.items():
                if isinstance(v, list):
                    twice = sorted({str(x) for x in v if v.count(x) > 1})
                    if twice:
                        out.append(RuleProblem(name, spec["id"], line_of(spec),
                                               f"warning: '{cond}' lists {', '.join(twice)} more than once"))
    return out


# -- the whole check -------------------------------------------------------

def check_folder(directory: str | Path | None = None) -> Report:
    """Load and validate a rule folder; errors and warnings, every one."""
    directory = Path(directory) if directory is not None else default_rules_dir()
    errors: list[RuleProblem] = []
    rules = None
    try:
        rules = load_rules(directory)
    except RuleFileError as exc:
        errors.extend(exc.problems)
    raw = _raw_files(directory) if directory.is_dir() else {}
    errors += duplicate_ids(raw)
    errors += unreachable_rules(raw)
    return Report(errors, rule_warnings(raw), rules if not errors else None, raw)

"""`ptb2fd rules check [DIR] [--files GLOB] [--no-sample]`.

Validates a rule folder (default: the bundled rules/), then counts how often
each rule fires on the NLTK Treebank sample.

Errors (each printed with file, line and rule id; exit status 2):
- everything `load_rules` reports: YAML syntax errors, unknown keys,
  missing keys, bad values, references to unknown roles, slots, wordlists
  or POS tags, duplicate ids within a file;
- duplicate rule ids across files: a rule id is unique in the whole folder,
  since firing counts, `rule` fields and --stats name rules by id alone.
  Ids made from mapping keys (head-NP, cat-NN, lemmatize-VB, head-default,
  cat-default) and the built-in ids the stages use (np-fallback,
  coord-root-conjunct, ...) count too;
- unreachable rules in an ordered cascade (roles.yaml rules,
  pos_corrections.yaml rules of one `from` tag, order.yaml placement rules,
  coordination.yaml rules of one analysis, baseforms.yaml contractions):
  a rule is unreachable when an earlier rule matches everything it matches,
  or when it can match nothing at all (an empty list in a condition that
  needs a match). The test is syntactic and sound: it reports a rule only
  when every condition of the earlier rule is implied by a condition of the
  later one (see `_implies`), so a rule that is dead only because of what
  the Treebank happens to contain is not reported (that shows up as "never
  fired" instead).

Warnings (printed, exit status unchanged):
- a POS correction whose `to` is its `from` (it fires, and changes nothing);
- a value listed twice in one condition (harmless, probably a typo).

Never-fired rules on the sample are information (exit 0). A sample
sentence that fails to convert makes the exit status 1, as for `convert`.
"""
from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from .errors import RuleFileError, RuleProblem
from .patterns import Pattern, compile_pattern
from .rulefile import Checker, line_of
from .ruleset import RULE_FILES, default_rules_dir, load_rules

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2

# Rule ids the stages use without a rule-file entry (see RuleSet.rule_ids).
BUILTIN_IDS = {
    "heads.yaml": ("np-fallback", "head-coordination", "head-only-child", "head-auxiliary"),
    "coordination.yaml": ("coord-root-conjunct",),
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


# -- unreachable rules -----------------------------------------------------

class _Malformed(Exception):
    """A condition this analysis cannot read; the rule is left out (and
    load_rules reports the problem)."""


def _strings(v: Any) -> tuple[str, ...]:
    if isinstance(v, str):
        return (v,)
    if isinstance(v, list) and all(isinstance(x, (str, int, float)) and not isinstance(x, bool) for x in v):
        return tuple(str(x) for x in v)
    raise _Malformed


def _patterns(v: Any) -> tuple[Pattern, ...]:
    try:
        return tuple(compile_pattern(s) for s in _strings(v))
    except ValueError as exc:
        raise _Malformed from exc


def _bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise _Malformed
    return v


def subsumes(p: Pattern, q: Pattern, *, ignore_tags: bool = False) -> bool:
    """Every node matching pattern q also matches pattern p."""
    if p.cat is not None:
        if q.cat is None:
            return False
        if p.prefix:
            if not q.cat.startswith(p.cat):
                return False
        elif q.prefix or q.cat != p.cat:
            return False
    if ignore_tags:
        return True
    if p.no_tags and not q.no_tags:
        return False
    if p.ftag is not None and p.ftag != q.ftag:
        return False
    return True


# Kinds of `when` conditions (ptb2fd/conditions.py), by their test:
_ANY_PATTERN = {"label", "tag", "parent", "head_tag", "next_sibling", "prev_sibling", "followed_by", "preceded_by",
                "trace_label"}
_NO_PATTERN = {"not_label", "not_parent"}
_ANY_STRING = {"ftag", "child_ftag", "trace_kind", "after_punct"}
_FLAGS = {"root", "no_ftags", "first_nonpunct", "between_be_and_prd", "coord_marker", "clause_subject",
          "compound"}
# subject: a value implies these others
_SUBJECT_IMPLIES = {"before": {"not-after"}, "after": {"not-before"}, "none": {"not-after", "not-before"},
                    "not-after": set(), "not-before": set()}


def _when_atoms(when: Any, wordlists: dict[str, frozenset[str]]) -> dict[str, tuple[str, Any]]:
    """A roles.yaml / pos_corrections.yaml `when` as {name: (kind, value)}."""
    if not isinstance(when, dict):
        raise _Malformed
    out = {}
    for key, v in when.items():
        if key in _ANY_PATTERN:
            out[key] = ("any-pattern", _patterns(v))
        elif key in _NO_PATTERN:
            out[key] = ("no-pattern", _patterns(v))
        elif key == "next_verb":
            out[key] = ("verb-pattern", _patterns(v))
        elif key == "head_chain":
            out[key] = ("chain", _patterns(v))
        elif key in _ANY_STRING:
            out[key] = ("any-string", frozenset(_strings(v)))
        elif key == "word":
            out[key] = ("words", frozenset(w.lower() for w in _strings(v)))
        elif key == "wordlist":
            if not isinstance(v, str) or v not in wordlists:
                raise _Malformed
            out[key] = ("words", wordlists[v])
        elif key == "suffix":
            out[key] = ("suffix", tuple(x.lower() for x in _strings(v)))
        elif key in _FLAGS:
            out[key] = ("flag", _bool(v))
        elif key == "side":
            if v not in ("left", "right"):
                raise _Malformed
            out[key] = ("equal", v)
        elif key == "subject":
            if v not in _SUBJECT_IMPLIES:
                raise _Malformed
            out[key] = ("subject", v)
        else:
            raise _Malformed
    return out


def _implies(later: tuple[str, str, Any], earlier: tuple[str, str, Any]) -> bool:
    """Every word meeting condition `later` meets condition `earlier`
    (each given as (name, kind, value))."""
    lname, lkind, lv = later
    ename, ekind, ev = earlier
    if ekind == "words":  # word and wordlist test the same thing
        return lkind == "words" and lv <= ev
    if lname != ename or lkind != ekind:
        return False
    if ekind == "any-pattern":  # some pattern matches: later's patterns each inside one of earlier's
        return all(any(subsumes(p, q) for p in ev) for q in lv)
    if ekind == "no-pattern":  # no pattern matches: later excludes at least what earlier excludes
        return all(any(subsumes(q, p) for q in lv) for p in ev)
    if ekind == "verb-pattern":  # next_verb compares categories only; a pattern without one matches nothing
        return all(q.cat is None or any(p.cat is not None and subsumes(p, q, ignore_tags=True) for p in ev)
                   for q in lv)
    if ekind == "chain":  # head_chain: a prefix of the word's head chain
        return len(ev) <= len(lv) and all(subsumes(p, q) for p, q in zip(ev, lv))
    if ekind in ("any-string", "set"):
        return lv <= ev
    if ekind == "suffix":
        return all(any(l.endswith(e) for e in ev) for l in lv)
    if ekind in ("flag", "equal"):
        return lv == ev
    if ekind == "subject":
        return lv == ev or ev in _SUBJECT_IMPLIES[lv]
    return False


def _covers(earlier: dict[str, tuple[str, Any]], later: dict[str, tuple[str, Any]]) -> bool:
    """Every condition of `earlier` is implied by some condition of `later`."""
    return all(any(_implies((ln, lk, lv), (en, ek, ev)) for ln, (lk, lv) in later.items())
               for en, (ek, ev) in earlier.items())


def _matches_nothing(atoms: dict[str, tuple[str, Any]]) -> str | None:
    """The name of a condition that no word can meet (an empty list where a
    match is needed), or None."""
    for name, (kind, v) in atoms.items():
        if kind in ("any-pattern", "verb-pattern", "any-string", "words", "suffix", "set") and not v:
            return name
    return None


@dataclass(frozen=True)
class _Entry:
    rule_id: str
    line: int | None
    atoms: dict[str, tuple[str, Any]]


def _cascade_problems(name: str, entries: list[_Entry], what: str) -> list[RuleProblem]:
    problems = []
    for j, later in enumerate(entries):
        empty = _matches_nothing(later.atoms)
        if empty is not None:
            problems.append(RuleProblem(name, later.rule_id, later.line,
                                        f"unreachable: '{empty}' is an empty list, so the rule matches no {what}"))
            continue
        for earlier in entries[:j]:
            if _covers(earlier.atoms, later.atoms):
                at = f" (line {earlier.line})" if earlier.line else ""
                problems.append(RuleProblem(
                    name, later.rule_id, later.line,
                    f"unreachable: shadowed by earlier rule '{earlier.rule_id}'{at}, "
                    f"which matches every {what} this one matches"))
                break
    return problems


def _rule_list(data: Any, key: str) -> list:
    if not isinstance(data, dict):
        return []
    rules = data.get(key)
    return [r for r in rules if isinstance(r, dict) and isinstance(r.get("id"), str)] if isinstance(rules, list) else []


def _entry(spec: dict, atoms: Callable[[dict], dict]) -> _Entry | None:
    try:
        return _Entry(spec["id"], line_of(spec), atoms(spec))
    except _Malformed:
        return None


def _wordlists(raw: dict[str, Any]) -> dict[str, frozenset[str]]:
    data = raw.get("roles.yaml")
    lists = data.get("wordlists") if isinstance(data, dict) else None
    out = {}
    if isinstance(lists, dict):
        for k, v in lists.items():
            try:
                out[str(k)] = frozenset(w.lower() for w in _strings(v))
            except _Malformed:
                pass
    return out


def _order_atoms(spec: dict) -> dict[str, tuple[str, Any]]:
    """An order.yaml placement rule's `when` (ptb2fd/regen/order.py)."""
    when = spec.get("when", {})
    if not isinstance(when, dict):
        raise _Malformed
    out = {}
    for key, v in when.items():
        if key == "word":
            out[key] = ("set", frozenset(w.lower() for w in _strings(v)))
        elif key in ("role", "position_class", "head_subject_position", "head_has_roles", "head_cat1",
                     "grouptype", "cat0"):
            out[key] = ("set", frozenset(_strings(v)))
        elif key in ("adjunct", "has_rolemarker"):
            out[key] = ("flag", bool(v))
        elif key == "side":
            if v not in ("left", "right"):
                raise _Malformed
            out[key] = ("equal", v)
        else:
            raise _Malformed
    return out


def _coordination_atoms(spec: dict) -> dict[str, tuple[str, Any]]:
    """A coordination rule: its parent labels ('*' = any) and its analysis.
    The stage takes the first rule of the analysis it tries whose `parents`
    hold the phrase's label; head_tags and conjunct_tags are checked only
    on the rule so chosen, so they do not make a later rule reachable."""
    parents = frozenset(_strings(spec.get("parents", [])))
    analysis = spec.get("analysis")
    if not isinstance(analysis, str):
        raise _Malformed
    return {"analysis": ("equal", analysis), "parents": ("parents", parents)}


def _contraction_atoms(spec: dict) -> dict[str, tuple[str, Any]]:
    """A baseforms.yaml contraction: word is required; tag, role and
    next_tag, when given and non-empty, each limit it."""
    out = {"word": ("set", frozenset(w.lower() for w in _strings(spec.get("word", []))))}
    for key in ("tag", "role", "next_tag"):
        values = frozenset(_strings(spec.get(key, [])))
        if values:
            out[key] = ("set", values)
    return out


def _coordination_problems(name: str, entries: list[_Entry]) -> list[RuleProblem]:
    problems = []
    for j, later in enumerate(entries):
        analysis = later.atoms["analysis"][1]
        parents = later.atoms["parents"][1]
        if not parents:
            problems.append(RuleProblem(name, later.rule_id, later.line,
                                        "unreachable: 'parents' is an empty list, so the rule matches no phrase"))
            continue
        for earlier in entries[:j]:
            ep = earlier.atoms["parents"][1]
            if earlier.atoms["analysis"][1] == analysis and ("*" in ep or ("*" not in parents and parents <= ep)):
                at = f" (line {earlier.line})" if earlier.line else ""
                problems.append(RuleProblem(
                    name, later.rule_id, later.line,
                    f"unreachable: shadowed by earlier rule '{earlier.rule_id}'{at}, which has the same analysis "
                    f"'{analysis}' and takes every parent label this one lists"))
                break
    return problems


def unreachable_rules(raw: dict[str, Any]) -> list[RuleProblem]:
    problems: list[RuleProblem] = []
    wordlists = _wordlists(raw)

    def when_of(spec):
        return _when_atoms(spec.get("when", {}), wordlists)

    if "roles.yaml" in raw:
        entries = [e for e in (_entry(s, when_of) for s in _rule_list(raw["roles.yaml"], "rules")) if e]
        problems += _cascade_problems("roles.yaml", entries, "word")
    if "pos_corrections.yaml" in raw:
        by_tag: dict[str, list[_Entry]] = {}
        for spec in _rule_list(raw["pos_corrections.yaml"], "rules"):
            e = _entry(spec, lambda s: _when_atoms(s.get("when", {}), {}))
            if e is not None:
                by_tag.setdefault(str(spec.get("from")), []).append(e)
        for entries in by_tag.values():
            problems += _cascade_problems("pos_corrections.yaml", entries, "word")
    if "order.yaml" in raw:
        entries = [e for e in (_entry(s, _order_atoms) for s in _rule_list(raw["order.yaml"], "rules")) if e]
        problems += _cascade_problems("order.yaml", entries, "dependent")
    if "coordination.yaml" in raw:
        entries = [e for e in (_entry(s, _coordination_atoms) for s in _rule_list(raw["coordination.yaml"], "rules"))
                   if e]
        problems += _coordination_problems("coordination.yaml", entries)
    if "baseforms.yaml" in raw:
        entries = [e for e in (_entry(s, _contraction_atoms) for s in _rule_list(raw["baseforms.yaml"], "contractions"))
                   if e]
        problems += _cascade_problems("baseforms.yaml", entries, "word")
    problems.sort(key=lambda p: (RULE_FILES.index(p.file) if p.file in RULE_FILES else 99, p.line or 0))
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
    return Report(errors, rule_warnings(raw), rules if not errors else None)


def sample_firings(rules, corpus: str = "treebank", files: str | None = None):
    """Convert the sample with `rules`, run the regeneration check on it,
    and count rule firings: (Counter of rule ids, Summary)."""
    from .convert import Converter
    from .reader import read_trees, resolve_inputs
    from .regen.check import RegenerationCheck
    from .run import Summary, convert_stream
    from .wordnet import ensure_wordnet

    paths = resolve_inputs([], corpus, files, None)
    ensure_wordnet()
    converter = Converter(rules)
    check = RegenerationCheck(rules.order, rules.roles.adjunct_roles)
    summary = Summary()
    contractions: Counter = Counter()
    for result in convert_stream(converter, read_trees(paths)):
        summary.add(result)
        if result.sentence is not None:
            check.run(result.sentence)
            contractions.update(contraction_firings(result.sentence, rules.baseforms))
    fired = Counter(summary.fired)
    fired.update(check.regenerator.fired)
    fired.update(contractions)
    return fired, summary


def contraction_firings(sentence, baseforms) -> Counter:
    """Which baseforms.yaml contraction gave each word its base form. The
    base-form stage does not count firings, so they are found again from
    the records: the first contraction that applies to the word, its
    effective tag (after POS correction), its role and the next word's
    effective tag, exactly as ptb2fd/lemmas.py tries them."""
    tokens = sentence.tokens
    tags = [t.corrected.split(">", 1)[1] if t.corrected else t.cat for t in tokens]
    out: Counter = Counter()
    for i, t in enumerate(tokens):
        lower = t.word.lower()
        next_tag = tags[i + 1] if i + 1 < len(tokens) else None
        for c in baseforms.contractions:
            if lower in c.words and c.applies(tags[i], t.role, next_tag):
                out[c.rule_id] += 1
                break
    return out


def format_firings(rules, fired: Counter) -> tuple[list[str], list[tuple[str, str]]]:
    lines: list[str] = []
    never: list[tuple[str, str]] = []
    for name, ids in rules.rule_ids().items():
        ids = list(dict.fromkeys(ids))
        unfired = [r for r in ids if not fired.get(r)]
        lines.append(f"{name} ({len(ids)} rules, {len(ids) - len(unfired)} fired)")
        width = max((len(r) for r in ids), default=0)
        for rid in ids:
            lines.append(f"  {rid.ljust(width)}  {fired.get(rid, 0):>7}")
        never.extend((name, r) for r in unfired)
    return lines, never


def cmd_rules_check(args) -> int:
    directory = Path(args.dir) if getattr(args, "dir", None) else default_rules_dir()
    report = check_folder(directory)
    print(f"ptb2fd rules check: {directory}")
    for w in report.warnings:
        print(f"  {w}")
    if report.errors:
        for p in report.errors:
            print(f"  {p}")
        print(f"{len(report.errors)} problem(s) in rule files" +
              (f", {len(report.warnings)} warning(s)" if report.warnings else ""))
        return EXIT_USAGE
    rules = report.rules
    n_rules = sum(len(ids) for ids in rules.rule_ids().values())
    print(f"rule folder OK: {n_rules} rules in {len(rules.rule_ids())} rule files, no unreachable rules, "
          f"{len(report.warnings)} warning(s)")
    if getattr(args, "no_sample", False):
        return EXIT_OK
    fired, summary = sample_firings(rules, getattr(args, "corpus", None) or "treebank", getattr(args, "files", None))
    print()
    print(f"Rule firings on the sample: {summary.line()}")
    print("(order.yaml: placements in the regeneration check; baseforms.yaml: found again from the records)")
    lines, never = format_firings(rules, fired)
    for line in lines:
        print(line)
    print()
    print(f"Rules that never fired on the sample ({len(never)}):")
    for name in rules.rule_ids():
        ids = [r for f, r in never if f == name]
        if ids:
            print(f"  {name}: {', '.join(ids)}")
    if summary.failed:
        for f in summary.failures[:10]:
            print(f"ptb2fd: {f['source']}:{f['line']} ({f['id']}): {f['kind']}: {f['message']}", file=sys.stderr)
        print(f"{summary.failed} sample sentence(s) failed to convert", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK

"""`ptb2fd rules check [RULES] [TREES…]`: validate a rule folder
(ptb2fd.ruleset.validate: syntax, patterns, the declared vocabulary,
duplicate ids, unreachable rules), then convert trees with it and count how
often each rule fires, listing the rules that never fired by file and line.

The trees are the ones given, plus the NLTK sample with --corpus treebank;
with neither, the sample. Example:
    ptb2fd rules check rules fixtures --corpus treebank   # ... never fired: 0
"""
from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from ptb2fd.commands.options import EXIT_FAILED, EXIT_OK, EXIT_USAGE, STDOUT_FULL, add_subparser, exit_status
from ptb2fd.rulelang.folder import RULE_FILES, default_rules_dir

EXIT_STATUS = exit_status(
    "the rules are valid (and every tree converted)",
    ["some trees failed to convert (each named on stderr)", STDOUT_FULL],
    ["problems in the rule files (all listed, each with file:line)",
     "unusable arguments (no such tree file, the sample not found)"])
# The regeneration views whose placements count as order.yaml firings: one
# with sides (paper: position classes for two roles, full: for all), one without.
FIRING_VIEWS = ("paper", "full", "shallow")
# How many failed trees are named before "… N more".
SHOWN_FAILURES = 10


def add_parser(sub) -> None:
    rc = add_subparser(sub, "rules", "rule folder tools", epilog=EXIT_STATUS)
    rsub = rc.add_subparsers(dest="rules_command", required=True)
    chk = add_subparser(rsub, "check", "validate a rule folder and count rule firings on trees (default: the sample)",
                        epilog=EXIT_STATUS)
    chk.add_argument("dir", nargs="?", metavar="RULES", help="rule folder (default: the bundled rules/)")
    chk.add_argument("trees", nargs="*", metavar="TREES",
                     help="tree files or folders to count firings on (default: the NLTK sample)")
    chk.add_argument("--corpus", choices=["treebank"], default=None,
                     help="count firings on the NLTK Penn Treebank sample too (it alone when no TREES are given)")
    chk.add_argument("--files", metavar="GLOB", help="only the tree files whose name matches, e.g. 'wsj_00*' "
                                                     "(default: all)")
    chk.add_argument("--no-sample", action="store_true", help="only validate, count no firings")
    chk.add_argument("--json", action="store_true",
                     help='print {"rules": N, "fired": {id: count}, "never_fired": [{"file", "line", "id"}], ...}')
    chk.set_defaults(run=run)


def count_firings(rules, paths: list[str]):
    """Convert the trees in `paths` with `rules`, run the regeneration check
    on them, and count rule firings: (Counter of rule ids, Summary)."""
    from ptb2fd.conversion.converter import Converter
    from ptb2fd.lexicon.wordnet import ensure_wordnet
    from ptb2fd.regen.order import Regenerator
    from ptb2fd.regen.view import get_view, make_view
    from ptb2fd.runner.stream import Summary, convert_stream
    from ptb2fd.trees.reader import read_trees

    ensure_wordnet()
    converter = Converter(rules)
    adjuncts = rules.roles.adjunct_roles
    # order.yaml serves every view: its unsided rules place adjuncts only
    # where the view hides the side (shallow, lemma), its class rules only
    # where it shows a role's position class; so each kind of view is run.
    # Only the placement is done, as the regeneration check does it; the
    # order is not scored.
    placers = [(get_view(v), Regenerator(rules.order)) for v in FIRING_VIEWS]
    summary = Summary()
    contractions: Counter = Counter()
    from ptb2fd.ud.writer import ud_columns

    for result in convert_stream(converter, read_trees(paths)):
        summary.add(result)
        s = result.sentence
        if s is not None:
            for view, placer in placers:
                try:
                    placer.order(make_view(s, adjuncts, seed=s.id, view=view).view.records)
                except Exception:  # noqa: BLE001 - as in the regeneration check, a placement bug costs its sentence
                    summary.notes["placement-error"] += 1
            contractions.update(ud_columns(s, rules.ud)[1])
            contractions.update(contraction_firings(s, rules.baseforms))
    fired = Counter(summary.fired)
    for _, placer in placers:
        fired.update(placer.fired)
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
    """The firing table, file by file, and the (file, id) of each rule that never fired."""
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


def _inputs(args) -> tuple[list[str], str]:
    """The tree files to run on, and how to name them in the output."""
    from ptb2fd.trees.reader import resolve_inputs

    trees = list(getattr(args, "trees", None) or [])
    corpus = getattr(args, "corpus", None) or (None if trees else "treebank")
    paths = resolve_inputs(trees, corpus, getattr(args, "files", None), None)
    what = " and ".join(([f"{', '.join(trees)}"] if trees else []) + (["the sample"] if corpus else []))
    return paths, what


def _failures(summary) -> None:
    for f in summary.failures[:SHOWN_FAILURES]:
        print(f"ptb2fd: {f['source']}:{f['line']} ({f['id']}): {f['kind']}: {f['message']}", file=sys.stderr)
    if summary.failed > SHOWN_FAILURES:
        print(f"ptb2fd: … {summary.failed - SHOWN_FAILURES} more", file=sys.stderr)
    print(f"{summary.failed} tree(s) failed to convert", file=sys.stderr)


def run(args) -> int:
    from ptb2fd.errors import UsageError
    from ptb2fd.ruleset.validate import check_folder

    as_json = getattr(args, "json", False)
    out = sys.stderr if as_json else sys.stdout
    directory = Path(args.dir) if getattr(args, "dir", None) else default_rules_dir()
    report = check_folder(directory)
    print(f"ptb2fd rules check: {directory}", file=out)
    for w in report.warnings:
        print(f"  {w}", file=out)
    if report.errors:
        for p in report.errors:
            print(f"  {p}", file=out)
        print(f"{len(report.errors)} problem(s) in rule files" +
              (f", {len(report.warnings)} warning(s)" if report.warnings else ""), file=out)
        return EXIT_USAGE
    rules = report.rules
    counted = rules.rule_ids()
    n_rules = sum(len(set(ids)) for ids in counted.values())
    print(f"rule folder OK: {len(RULE_FILES)} rule files, {n_rules} rules whose firings are counted "
          f"(in {len(counted)} of the files), no unknown names, no unreachable rules, "
          f"{len(report.warnings)} warning(s)", file=out)
    if getattr(args, "no_sample", False):
        return EXIT_OK
    try:
        paths, what = _inputs(args)
    except UsageError as exc:
        print(f"ptb2fd: {exc}", file=sys.stderr)
        return EXIT_USAGE
    fired, summary = count_firings(rules, paths)
    lines, never = format_firings(rules, fired)
    where = report.rule_lines()
    never_at = [(name, where.get(rid, (name, None))[1], rid) for name, rid in never]
    if as_json:
        print(json.dumps({"rules": n_rules, "trees": summary.read, "converted": summary.converted,
                          "failed": summary.failed, "fired": {rid: fired.get(rid, 0) for ids in counted.values()
                                                              for rid in ids},
                          "never_fired": [{"file": f, "line": line, "id": rid} for f, line, rid in never_at]},
                         indent=1))
    else:
        print()
        print(f"Rule firings on {what}: {summary.line()}")
        print(f"(order.yaml: placements in the regeneration check, views {' and '.join(FIRING_VIEWS)}; "
              "baseforms.yaml: found again from the records)")
        for line in lines:
            print(line)
        print()
        print(f"Rules that never fired on {what} ({len(never)}), by file and line:")
        for name, line, rid in never_at:
            print(f"  {name}:{line}  {rid}" if line else f"  {name} (built-in)  {rid}")
        print(f"never fired: {len(never)}")
    if summary.failed:
        _failures(summary)
        return EXIT_FAILED
    return EXIT_OK

"""`ptb2fd rules check [DIR]`: validate a rule folder (ptb2fd.ruleset.validate),
then convert the sample with it and count how often each rule fires, listing
the rules that never fire.
"""
from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from ptb2fd.commands.options import EXIT_FAILED, EXIT_OK, EXIT_USAGE, STDOUT_FULL, add_subparser, exit_status
from ptb2fd.rulelang.folder import default_rules_dir

EXIT_STATUS = exit_status(
    "the rules are valid (and every sample sentence converted)",
    ["some sample sentences failed to convert", STDOUT_FULL],
    ["problems in the rule files (all listed)", "unusable arguments (the sample not found)"])


def add_parser(sub) -> None:
    rc = add_subparser(sub, "rules", "rule folder tools", epilog=EXIT_STATUS)
    rsub = rc.add_subparsers(dest="rules_command", required=True)
    chk = add_subparser(rsub, "check", "validate a rule folder and count rule firings on the sample",
                        epilog=EXIT_STATUS)
    chk.add_argument("dir", nargs="?", metavar="DIR", help="rule folder (default: the bundled rules/)")
    chk.add_argument("--corpus", choices=["treebank"], default="treebank",
                     help="the corpus the rules run on: the NLTK Penn Treebank sample (the default, and the only one)")
    chk.add_argument("--files", metavar="GLOB", help="run on the sample files whose name matches, e.g. 'wsj_00*' "
                                                     "(default: all)")
    chk.add_argument("--no-sample", action="store_true", help="only validate, do not run on the sample")
    chk.set_defaults(run=run)


def sample_firings(rules, corpus: str = "treebank", files: str | None = None):
    """Convert the sample with `rules`, run the regeneration check on it,
    and count rule firings: (Counter of rule ids, Summary)."""
    from ptb2fd.conversion.converter import Converter
    from ptb2fd.lexicon.wordnet import ensure_wordnet
    from ptb2fd.regen.check import RegenerationCheck
    from ptb2fd.runner.stream import Summary, convert_stream
    from ptb2fd.trees.reader import read_trees, resolve_inputs

    paths = resolve_inputs([], corpus, files, None)
    ensure_wordnet()
    converter = Converter(rules)
    check = RegenerationCheck(rules.order, rules.roles.adjunct_roles)
    summary = Summary()
    contractions: Counter = Counter()
    from ptb2fd.ud.writer import ud_columns

    for result in convert_stream(converter, read_trees(paths)):
        summary.add(result)
        if result.sentence is not None:
            check.run(result.sentence)
            contractions.update(ud_columns(result.sentence, rules.ud)[1])
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


def run(args) -> int:
    from ptb2fd.ruleset.validate import check_folder

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

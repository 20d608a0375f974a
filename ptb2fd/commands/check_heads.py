"""`ptb2fd check-heads`: ptb2fd's heads against the Collins (1999) head
table on the same trees (ptb2fd.headcheck), or, with `--reference PATH`,
against an independent dependency analysis of the same sentences (UD
CoNLL-U or Stanford-style CoNLL-X), printed as agreement figures and
disagreement patterns with examples.
"""
from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING

from ptb2fd.commands.options import STDOUT_FULL, add_subparser, exit_status, input_args

if TYPE_CHECKING:
    from ptb2fd.headcheck.compare import HeadCheck

EXIT_STATUS = exit_status(
    "every sentence was converted and compared (with --reference: and every reference sentence was read)",
    ["some sentences failed to convert (each reported with file, line and id; counted as failed, the others "
     "are compared)", "with --reference, some reference sentences could not be read (each named with file and "
     "line; the others are compared)", "nothing was compared (no content word, or with --reference no tree "
     "aligned with a reference sentence): said on stderr, and no agreement figure", STDOUT_FULL],
    ["unusable arguments, inputs, reference path or rule files"])


def add_parser(sub) -> None:
    h = add_subparser(sub, "check-heads", "compare ptb2fd's heads with the Collins (1999) head table, or with an "
                      "independent dependency analysis (--reference)", EXIT_STATUS)
    input_args(h)
    h.add_argument("--reference", metavar="PATH",
                   help="a UD CoNLL-U or Stanford-style CoNLL-X file, or a folder of them (.conllu .conll .conllx): "
                        "the same sentences, found by their words")
    h.add_argument("--scheme", choices=["auto", "ud", "stanford"], default="auto",
                   help="the reference's scheme (default: auto, from its relations)")
    h.add_argument("--json", action="store_true", help="print the figures and patterns as one JSON object")
    h.add_argument("--limit", type=int, default=40, help="disagreement patterns listed (default 40)")
    h.add_argument("--examples", type=int, default=3, help="examples per pattern (default 3)")
    h.set_defaults(run=run)


def render_text(check: HeadCheck, limit: int) -> str:
    from ptb2fd.commands.more import more
    from ptb2fd.headcheck.compare import percent

    lines = [f"sentences {check.sentences} (failed {check.failed}, not aligned {check.unaligned}); "
             f"content words compared {check.compared} (left out as coordination {check.excluded})",
             f"agreement {percent(check.agreement)} ({check.agree}/{check.compared}); "
             f"disagreements {check.compared - check.agree}", "", "disagreement patterns (most frequent first):"]
    for pattern, count in check.patterns.most_common(limit):
        lines.append(f"{count:6d}  {pattern}")
        lines.extend(f"          {ex}" for ex in check.examples[pattern])
    lines += more(len(check.patterns), limit, "      ")
    lines += ["", "disagreements by ptb2fd head rule of the word's phrase:"]
    lines += [f"{c:6d}  {r}" for r, c in check.by_head_rule.most_common(limit)]
    lines += more(len(check.by_head_rule), limit, "      ")
    return "\n".join(lines)


def run(args) -> int:
    from ptb2fd.headcheck.compare import HeadComparison
    from ptb2fd.runner.sources import converter_for, iter_raw

    converter = converter_for(args)
    if args.reference:
        return run_reference(args, converter)
    comparison = HeadComparison(converter, args.examples)
    for raw in iter_raw(args):
        error = comparison.add(raw)
        if error is not None:
            print(f"ptb2fd: {error}", file=sys.stderr)
    check = comparison.result
    if args.json:
        print(json.dumps(check.to_dict(args.limit), sort_keys=True))
    else:
        print(render_text(check, args.limit))
    if check.failed:
        print(f"ptb2fd: {check.failed} sentence(s) failed to convert", file=sys.stderr)
        return 1
    if not check.compared:
        print(f"ptb2fd: nothing compared: no content word in {check.sentences} sentence(s); no agreement figure",
              file=sys.stderr)
        return 1
    return 0


def run_reference(args, converter) -> int:
    from ptb2fd.commands.check_heads_text import render_reference
    from ptb2fd.headcheck.reference import ReferenceComparison
    from ptb2fd.headcheck.reference_read import read_reference, reference_files
    from ptb2fd.headcheck.reference_scheme import load_schemes
    from ptb2fd.runner.sources import iter_raw

    errors: list = []
    refs = [s for path in reference_files(args.reference) for s in read_reference(path, errors)]
    table = load_schemes()
    comparison = ReferenceComparison(converter, refs, table, None if args.scheme == "auto" else args.scheme,
                                     args.examples)
    for raw in iter_raw(args):
        error = comparison.add(raw)
        if error is not None:
            print(f"ptb2fd: {error}", file=sys.stderr)
    check = comparison.result
    check.reference_errors = len(errors)
    for err in errors:
        print(f"ptb2fd: reference {err}", file=sys.stderr)
    if args.json:
        print(json.dumps(check.to_dict(args.limit), sort_keys=True))
    else:
        print(render_reference(check, table, args.limit))
    if check.failed:
        print(f"ptb2fd: {check.failed} sentence(s) failed to convert", file=sys.stderr)
    if check.total.agreement is None:
        why = (f"none of the {check.sentences} tree(s) aligned with a sentence of {args.reference} (the same words)"
               if check.sentences == check.unaligned + check.failed else "no word was judged")
        print(f"ptb2fd: nothing compared: {why}; no agreement figure", file=sys.stderr)
        return 1
    return 1 if check.failed or errors else 0

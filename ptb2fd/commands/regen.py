"""`ptb2fd regen`: convert (or read converted JSONL), regenerate every
sentence from its regeneration view, print the metrics, and with --report
write a report folder.
"""
from __future__ import annotations

import json
import sys
from contextlib import nullcontext

from ptb2fd.commands.options import STDOUT_FULL, UNWRITABLE, add_subparser, exit_status, input_args
from ptb2fd.errors import UsageError
from ptb2fd.realizer.select import REALIZERS, build_realizer, check_model_file
from ptb2fd.regen.check import RegenerationCheck
from ptb2fd.regen.report import ReportBuilder, format_table
from ptb2fd.regen.view import DEFAULT_VIEW, VIEWS
from ptb2fd.runner.sources import iter_sentences
from ptb2fd.runner.targets import atomic_folder, check_output_folder

EXIT_STATUS = exit_status(
    "every sentence was regenerated and scored",
    ["some sentences could not be read or converted (each reported with file, line and id; the others are "
     "scored)", "the report could not be written (disk full; the previous report is kept)", STDOUT_FULL],
    ["unusable arguments, inputs or rule files", "a --model that does not fit (missing, another view, trained "
     "with other rules than --rules)", UNWRITABLE], writes=True)

JSON_KEYS = ("view", "realizer", "sentences", "exact", "ssa_id", "ssa", "gsa", "sta", "gta", "bleu", "dea",
             "understandability", "quality")


def add_view_option(p) -> None:
    p.add_argument("--view", choices=list(VIEWS), default=DEFAULT_VIEW,
                   help="what the realizer sees (default: paper, the paper's protocol; see docs/regeneration.md)")


def add_parser(sub) -> None:
    r = add_subparser(sub, "regen", "regenerate sentences from their unordered records and score them",
                      EXIT_STATUS)
    input_args(r)
    r.set_defaults(engine="local", run=run)
    r.description = ("regenerate sentences from their unordered records and score them. INPUT is converted "
                     "JSONL (FILE.jsonl[.gz], the output of `ptb2fd convert`), or trees, which are converted "
                     "first (not both at once).")
    r.add_argument("--json", action="store_true", help="print the metrics as one JSON object")
    r.add_argument("--report", metavar="DIR", help="write report.md, sentences.jsonl and metrics.json into DIR (created if missing; the "
                        "files appear when the run completes)")
    p = r
    add_view_option(p)
    p.add_argument("--realizer", choices=list(REALIZERS), default="rules",
                   help="rules (rules/order.yaml) or stat (a model from `ptb2fd train`, with --model); with stat, "
                        "--report also lists the sentences exact for one realizer only")
    p.add_argument("--model", metavar="MODEL", help="the statistical realizer's model file (--realizer stat)")


def run(args) -> int:
    view = getattr(args, "view", DEFAULT_VIEW)
    kind = getattr(args, "realizer", "rules")
    model = getattr(args, "model", None)
    if kind == "rules" and model:
        raise UsageError("--model is for --realizer stat")
    check_output_folder("--report", args.report)
    check_model_file(kind, model)  # before the rules and the trees are loaded
    sentences, rules, summary = iter_sentences(args, args.rules)
    realizer = build_realizer(kind, rules, view, model)
    check = RegenerationCheck(rules.order, rules.roles.adjunct_roles, view, realizer)
    # Another realizer than the rules is compared with them, sentence by sentence.
    baseline = None
    if getattr(realizer, "name", kind) != "rules" and args.report:
        baseline = RegenerationCheck(rules.order, rules.roles.adjunct_roles, view)
    with atomic_folder(args.report) if args.report else nullcontext() as folder:
        builder = ReportBuilder(folder)
        try:
            for s in sentences:
                builder.add(check.run(s), baseline.run(s) if baseline is not None else None)
        finally:
            builder.close()
        metrics = builder.metrics() | {"view": view, "realizer": getattr(realizer, "name", kind)}
        if args.report:
            title = " ".join(args.inputs or []) or f"--corpus {args.corpus} {args.files or ''}".strip()
            builder.write(metrics, title, "rules" if baseline is not None else None)
    if args.json:
        print(json.dumps({k: metrics[k] for k in JSON_KEYS}))
    else:
        print(format_table(metrics))
    print(f"ptb2fd: {summary.line()}", file=sys.stderr)
    return 1 if summary.failed else 0

"""`ptb2fd regen`: convert (or read converted JSONL or Parquet), regenerate
every sentence from its regeneration view, print the metrics, and with
--report write a report folder. With --jobs N or --engine dask the
sentences are regenerated on workers (runner/regen_engine.py), with the
same metrics and report.
"""
from __future__ import annotations

import json
import sys
from contextlib import nullcontext
from typing import TYPE_CHECKING

from ptb2fd.commands.options import STDOUT_FULL, UNWRITABLE, add_subparser, exit_status, input_args
from ptb2fd.errors import UsageError
from ptb2fd.realizer.select import REALIZERS, build_realizer, check_model_file
from ptb2fd.regen.view import DEFAULT_VIEW, VIEWS
from ptb2fd.runner.targets import atomic_folder, check_output_folder

if TYPE_CHECKING:  # loaded by run(): --help and --version stay light
    from ptb2fd.regen.report import ReportBuilder

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
    r.set_defaults(run=run)
    r.description = ("regenerate sentences from their unordered records and score them. INPUT is converted "
                     "records: JSONL (gzip or not, the output of `ptb2fd convert`), CoNLL-U Plus, Parquet or the "
                     "DIR/ of `convert -o DIR/`, found by content; or trees, which are converted first (not both at "
                     "once). An input with no tree or record in it exits 1.")
    r.add_argument("--engine", choices=["local", "dask"], default="local",
                   help="local: this machine (--jobs processes); dask: pieces of the input on Dask workers "
                        "(the same metrics and report as --jobs 1)")
    r.add_argument("--scheduler", metavar="ADDRESS",
                   help="with --engine dask: a running scheduler (default: a local cluster of --jobs workers)")
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
    from ptb2fd.regen.report import ReportBuilder, format_table

    view = getattr(args, "view", DEFAULT_VIEW)
    kind = getattr(args, "realizer", "rules")
    model = getattr(args, "model", None)
    if kind == "rules" and model:
        raise UsageError("--model is for --realizer stat")
    engine = getattr(args, "engine", "local")
    if getattr(args, "scheduler", None) and engine != "dask":
        raise UsageError("--scheduler goes with --engine dask")
    check_output_folder("--report", args.report)
    check_model_file(kind, model)  # before the rules and the trees are loaded
    parallel = (args.jobs > 1 or engine == "dask") and "-" not in (args.inputs or [])
    with atomic_folder(args.report) if args.report else nullcontext() as folder:
        builder = ReportBuilder(folder)
        try:
            name, summary = (_regen_parallel if parallel else _regen_here)(args, view, kind, model, builder)
        finally:
            builder.close()
        metrics = builder.metrics() | {"view": view, "realizer": name}
        if args.report:
            title = " ".join(args.inputs or []) or f"--corpus {args.corpus} {args.files or ''}".strip()
            builder.write(metrics, title, "rules" if name != "rules" else None)
    if args.json:
        print(json.dumps({k: metrics[k] for k in JSON_KEYS}))
    else:
        print(format_table(metrics))
    print(f"ptb2fd: {summary.line()}", file=sys.stderr)
    return 1 if summary.failed else 0


def _regen_here(args, view: str, kind: str, model: str | None, builder: ReportBuilder):
    """In this process (trees converted by --jobs workers): (realizer name, input counts)."""
    from ptb2fd.regen.check import RegenerationCheck
    from ptb2fd.runner.sources import iter_sentences

    sentences, rules, summary = iter_sentences(args, args.rules)
    realizer = build_realizer(kind, rules, view, model)
    check = RegenerationCheck(rules.order, rules.roles.adjunct_roles, view, realizer)
    # Another realizer than the rules is compared with them, sentence by sentence.
    baseline = None
    if getattr(realizer, "name", kind) != "rules" and args.report:
        baseline = RegenerationCheck(rules.order, rules.roles.adjunct_roles, view)
    for s in sentences:
        done = check.run(s)
        if done.error:
            print(done.failure_line(), file=sys.stderr)
        builder.add(done, baseline.run(s) if baseline is not None else None)
    return getattr(realizer, "name", kind), summary


def _regen_parallel(args, view: str, kind: str, model: str | None, builder: ReportBuilder):
    """On --jobs workers or Dask (runner/regen_engine.py): (realizer name, input counts)."""
    import os

    from ptb2fd.runner.regen_engine import RegenSetup, regen_parallel

    def setup(trees: bool) -> RegenSetup:
        return RegenSetup(os.path.abspath(args.rules) if args.rules else None, view, kind,
                          os.path.abspath(model) if model else None, bool(args.report),
                          bool(args.report) and kind != "rules", trees, getattr(args, "encoding", None),
                          getattr(args, "functions", "auto"),
                          os.path.abspath(args.function_model) if getattr(args, "function_model", None) else None)

    worker, summary = regen_parallel(args, setup, builder)
    return getattr(worker.realizer, "name", kind), summary

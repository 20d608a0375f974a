"""`ptb2fd train`: train the statistical realizer for one view.

    ptb2fd train --corpus treebank --files 'wsj_00*' --view paper -o paper.model
    ptb2fd train dev.jsonl --view shallow -o shallow.model --jobs 2

Input is converted records (JSONL, Parquet, a `convert -o DIR/` folder) or
trees (converted on the fly with the rules of --rules). Train on dev only:
the test half is for reporting. The folds that choose the prior and the
default scoring keep a sentence's copies and a document's neighbouring
sentences together; `train` says how many sentences repeat an earlier one
and warns above 5 %. --jobs N converts and extracts the
training data in N processes; the model is the same for any N
(docs/statistical-realizer.md).
"""
from __future__ import annotations

import sys
import time

from ptb2fd.commands.options import UNWRITABLE, add_subparser, exit_status, input_args
from ptb2fd.errors import UsageError
from ptb2fd.realizer.prior import VARIANCES
from ptb2fd.regen.view import VIEWS
from ptb2fd.runner.output import atomic_output
from ptb2fd.runner.targets import check_output_file

EXIT_STATUS = exit_status(
    "the model was written",
    ["some sentences could not be read or converted (each reported with file, line and id; the model is "
     "trained on the others)", "the model could not be written (disk full; the previous file is kept)"],
    ["unusable arguments, inputs or rule files", "no sentences to train on, or too few to fill the "
                                                 "cross-validation folds (fewer than 3 different sentences)", UNWRITABLE], writes=True)


def add_parser(sub) -> None:
    t = add_subparser(sub, "train", "train the statistical realizer on converted JSONL or Parquet, or trees (train "
                                    "on dev only)", EXIT_STATUS)
    input_args(t)
    t.add_argument("-o", "--output", metavar="MODEL", required=True, help="the model file to write (checked before training; written atomically, missing folders "
                        "created)")
    t.add_argument("--view", choices=list(VIEWS), default="paper", help="the view the model realizes (default paper)")
    t.add_argument("--variances", metavar="V,V,…", default=",".join(str(v) for v in VARIANCES),
                   help="Gaussian prior variances tried by cross-validation on the training data")
    t.set_defaults(run=run)


def run(args) -> int:
    from ptb2fd.realizer.model import model_bytes
    from ptb2fd.realizer.trainer import train_model  # numpy, scipy
    from ptb2fd.runner.sources import iter_sentences

    try:
        variances = tuple(float(v) for v in args.variances.split(","))
    except ValueError:
        raise UsageError(f"--variances: not a list of numbers: {args.variances!r}") from None
    if not variances or any(v <= 0 for v in variances):
        raise UsageError("--variances: give positive numbers")
    check_output_file("-o", args.output)  # before training, not after
    start = time.perf_counter()
    sentences, rules, summary = iter_sentences(args, args.rules)
    # (read once, as they come: train_model spools them to shard files)
    model = train_model(sentences, args.view, rules, variances,
                        log=lambda msg: print(f"ptb2fd train: {msg}", file=sys.stderr), jobs=args.jobs,
                        progress=sys.stderr.isatty())
    with atomic_output(args.output, binary=True) as out:
        out.write(model_bytes(model))
    print(f"ptb2fd train: {args.output}: view {args.view}, default scoring {model['default']}, "
          f"{model['training']['sentences']} sentences, {time.perf_counter() - start:.1f} s", file=sys.stderr)
    print(f"ptb2fd: {summary.line()}", file=sys.stderr)
    return 1 if summary.failed else 0

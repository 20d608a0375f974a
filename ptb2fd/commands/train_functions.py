"""`ptb2fd train-functions`: the function-tag model from any gold treebank.

    ptb2fd train-functions --corpus treebank --files 'wsj_00*' -o wsj-dev.ftm

Each gold tree is stripped as a parser would give it; its phrases are the
examples and their gold function tags the labels (ptb2fd.functions.training).
The same trees give the same file, byte for byte. `make functions-model`
rebuilds the model shipped with ptb2fd this way, from the sample's dev half.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

from ptb2fd.commands.options import UNWRITABLE, add_subparser, exit_status
from ptb2fd.errors import UsageError

EXIT_STATUS = exit_status(
    "the model was written",
    ["some trees could not be read (each reported with file, line and id; the model is trained on the others)",
     "the model could not be written (disk full; the previous file is kept)"],
    ["unusable arguments or inputs", "no tree to train on", UNWRITABLE], writes=True)


def add_parser(sub) -> None:
    t = add_subparser(sub, "train-functions", "train the function-tag model on gold trees (for parser output)",
                      epilog=EXIT_STATUS)
    t.add_argument("inputs", nargs="*", metavar="INPUT", help="gold tree files or folders, '-' for stdin")
    t.add_argument("--corpus", choices=["treebank"], help="the NLTK Penn Treebank sample")
    t.add_argument("--files", metavar="GLOB", help="keep input files whose name matches, e.g. 'wsj_00*'")
    t.add_argument("--sections", metavar="S", help="WSJ sections, e.g. 02-21")
    t.add_argument("--encoding", metavar="ENC", help="input encoding (default UTF-8)")
    t.add_argument("-o", "--output", metavar="MODEL", required=True,
                   help="the model file to write (checked before training; written atomically)")
    t.add_argument("--name", help="the model's name, cited in the records (default: the file name without "
                                  "extension and a digest of the model, e.g. wsj-dev@1f2e3d4c)")
    t.add_argument("--variance", type=float, default=None, metavar="V",
                   help="variance of the Gaussian prior on the weights (default: chosen on held-out dev, "
                        "docs/parser-output.md)")
    t.add_argument("--feature-set", type=int, choices=[1, 2], default=None,
                   help="1 (default): the features of the shipped model; 2: also WordNet classes of the head noun "
                        "and the parent's verb, phrase length, head place and the parent's children "
                        "(docs/parser-output.md)")
    t.set_defaults(run=run)


def run(args) -> int:
    from ptb2fd.errors import TreeParseError
    from ptb2fd.functions.heads import load_head_table
    from ptb2fd.functions.model import model_bytes
    from ptb2fd.functions.training import FEATURE_SET, VARIANCE, Examples, fit, load_word_classes
    from ptb2fd.runner.output import atomic_output
    from ptb2fd.runner.sources import tree_paths
    from ptb2fd.runner.targets import check_output_file
    from ptb2fd.trees.ptbtree import parse_tree
    from ptb2fd.trees.reader import read_trees

    variance = VARIANCE if args.variance is None else args.variance
    if variance <= 0:
        raise UsageError("--variance: give a positive number")
    check_output_file("-o", args.output)  # before training, not after
    start = time.perf_counter()
    paths = tree_paths(args)
    classes = load_word_classes()
    examples = Examples(load_head_table(), classes, args.feature_set or FEATURE_SET)
    failed = 0
    for raw in read_trees(paths, args.encoding):
        try:
            if raw.error is not None:
                raise TreeParseError(raw.error, raw.location)
            examples.add(parse_tree(raw.text), raw.text)
        except TreeParseError as exc:
            failed += 1
            print(f"ptb2fd: {exc.at(raw.location)}", file=sys.stderr)
    if not examples.classes:
        raise UsageError("no tree to train on")
    model = fit(examples, args.name or Path(args.output).stem, variance, word_classes=classes,
                log=lambda msg: print(f"ptb2fd train-functions: {msg}", file=sys.stderr))
    if not args.name:  # the file's name and the model's own digest: "wsj-dev@1f2e3d4c"
        model.name = f"{model.name}@{model.digest()[:8]}"
    name = model.name
    with atomic_output(args.output, binary=True) as out:
        out.write(model_bytes(model))
    print(f"ptb2fd train-functions: {args.output}: model {name}, {examples.trees} trees, "
          f"{len(examples.classes)} phrases, {len(model.classes)} tag sets, {time.perf_counter() - start:.1f} s",
          file=sys.stderr)
    return 1 if failed else 0

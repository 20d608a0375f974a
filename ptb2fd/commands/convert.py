"""`ptb2fd convert`: trees in, one rendered record per sentence out.

Output goes through `atomic_output`: with -o, the file appears only
when the run completes, so an interrupted or --strict-stopped run leaves no
partial file behind.
"""
from __future__ import annotations

import os
import sys

from ptb2fd.commands.options import EXIT_STATUS, add_subparser, input_args
from ptb2fd.errors import UsageError
from ptb2fd.runner.output import atomic_output
from ptb2fd.runner.sources import iter_raw, load_converter
from ptb2fd.runner.targets import check_output_file, check_output_folder, terminate_as_exit


def progress(iterable, enabled: bool, unit: str = "tree"):
    from tqdm import tqdm

    return tqdm(iterable, unit=unit, disable=not enabled, file=sys.stderr, dynamic_ncols=True, leave=False)


class _Discard(Exception):
    """Raised inside atomic_output to throw the temporary file away."""


def add_parser(sub) -> None:
    c = add_subparser(sub, "convert", "convert trees to records", EXIT_STATUS)
    input_args(c)
    c.add_argument("--format", choices=["jsonl", "conllup", "halogen"], default="jsonl")
    c.add_argument("-o", "--output", metavar="OUT",
                   help="output file (written atomically, missing folders created); default stdout; with "
                        "--engine dask, DIR/ writes shards and a manifest.json")
    c.add_argument("--stats", metavar="FILE", help="write counts and rule firings as JSON")
    c.add_argument("--strict", action="store_true",
                   help="stop at the first error (exit 1; the -o file is then not written)")
    c.add_argument("--quiet", action="store_true", help="no progress bar, no per-sentence errors")
    c.add_argument("--engine", choices=["local", "dask"], default="local",
                   help="local: this machine (--jobs processes); dask: partitions on Dask workers")
    c.add_argument("--scheduler", metavar="ADDRESS",
                   help="with --engine dask: a running scheduler, e.g. tcp://10.0.0.5:8786 (default: start a "
                        "local cluster of --jobs workers, 2 if not given)")
    c.add_argument("--partition-size", metavar="BYTES", default=None,
                   help="with --engine dask: input bytes per partition, e.g. 4M (default: about 8 partitions "
                        "per worker, at most 4M)")
    c.set_defaults(run=run)


def run(args) -> int:
    """Convert; exit 0 when every tree converted (or was skipped), 1 when
    some failed, 2 for unusable arguments. With -o, the file appears only
    when the run completes: an interrupted run, or one stopped by --strict,
    leaves neither the file nor a temporary file."""
    from ptb2fd.formats import conllup, halogen, jsonl
    from ptb2fd.runner.output import ResultSink
    from ptb2fd.runner.stream import convert_stream

    check_output_file("--stats", args.stats)
    if args.engine == "dask":
        from ptb2fd.runner.dask_engine import convert_with_dask
        from ptb2fd.runner.dask_output import shard_dir
        from ptb2fd.trees.partition import parse_size

        parse_size(args.partition_size)  # `--partition-size lots` is refused before a cluster starts
        if shard_dir(args.output) is not None:
            check_output_folder("-o", args.output)
        else:
            check_output_file("-o", args.output)
        return convert_with_dask(args)
    if args.scheduler or args.partition_size:
        raise UsageError("--scheduler and --partition-size go with --engine dask")
    check_output_file("-o", args.output)
    items = iter_raw(args)  # unusable inputs fail before the rules load
    try:
        converter = load_converter(args.rules)
    except KeyboardInterrupt:
        print("ptb2fd: interrupted", file=sys.stderr)
        return 130
    sink = ResultSink(args.quiet, args.strict)
    show = sys.stderr.isatty() and not args.quiet
    writer = {"jsonl": jsonl.dump_sentence, "conllup": conllup.dump_sentence, "halogen": halogen.dump_sentence}[
        args.format]
    try:
        with terminate_as_exit(), atomic_output(args.output) as out:
            if args.format == "conllup":
                out.write(conllup.header())
            # Sentences are rendered where they are converted (in the workers
            # with --jobs N): only text comes back to this process.
            for result in progress(convert_stream(converter, items, args.jobs, render=writer), show):
                if sink.add(result, out):
                    break
            if sink.stopped is not None and out is not sys.stdout:
                raise _Discard()
    except _Discard:
        pass
    except KeyboardInterrupt:
        to_file = args.output and args.output != "-"
        print(f"ptb2fd: interrupted ({sink.summary.read} trees read){'; nothing written to -o' if to_file else ''}",
              file=sys.stderr)
        return 130
    return sink.finish(args.output, args.stats, converter.rules.rule_ids())

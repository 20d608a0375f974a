"""`ptb2fd convert`: trees in, one rendered record per sentence out.

Output goes through `atomic_output`: with -o, the file appears only
when the run completes, so an interrupted or --strict-stopped run leaves no
partial file behind. With -o DIR/, or -o FILE and --jobs 2 or more, the
workers write their own shards (runner/local_engine.py); otherwise this
process writes the one output as results come.
"""
from __future__ import annotations

import os
import sys
from contextlib import closing

from ptb2fd.commands.options import EXIT_STATUS, add_subparser, input_args
from ptb2fd.errors import EmptyInputError, UsageError
from ptb2fd.formats.registry import choose_format, format_names
from ptb2fd.runner.output import atomic_output
from ptb2fd.runner.progress import Progress
from ptb2fd.runner.shard_output import shard_dir
from ptb2fd.runner.sources import check_tree_files, converted_input, converter_for
from ptb2fd.runner.targets import check_output_file, check_output_folder, terminate_as_exit
from ptb2fd.trees.inputs import resolve_inputs
from ptb2fd.trees.reader import read_trees


class _Discard(Exception):
    """Raised inside atomic_output to throw the temporary file away."""


def add_parser(sub) -> None:
    c = add_subparser(sub, "convert", "convert trees to records", EXIT_STATUS)
    input_args(c)
    c.add_argument("--format", choices=format_names(), default=None,
                   help="the output format; needed only for standard output, a folder of shards or a name without "
                        "a format suffix, since -o's name decides it: .jsonl (the default), .jsonl.gz, .conllup "
                        "(CoNLL-U Plus), .parquet (one row per word), .halogen (the paper's notation, for "
                        "reading), .conllu (Universal Dependencies v2, English; docs/universal-dependencies.md)")
    c.add_argument("-o", "--output", metavar="OUT",
                   help="output file (written atomically, missing folders created); default stdout; DIR/ (or an "
                        "existing folder): shards, one per partition, written by the workers, and a manifest.json. "
                        "INPUT may be converted records instead of trees (any format, found by content): they are "
                        "written to OUT in its format, as they are (re-export)")
    c.add_argument("--stats", metavar="FILE", help="write counts and rule firings as JSON")
    c.add_argument("--strict", action="store_true",
                   help="stop at the first error (exit 1; the -o file is then not written)")
    c.add_argument("--quiet", action="store_true", help="no progress bar, no per-sentence errors")
    c.add_argument("--verbose", action="store_true",
                   help="also a line for each skipped tree (markup only; the summary counts them, and --stats "
                        "lists them)")
    c.add_argument("--engine", choices=["local", "dask"], default="local",
                   help="local: this machine (--jobs processes); dask: partitions on Dask workers")
    c.add_argument("--scheduler", metavar="ADDRESS",
                   help="with --engine dask: a running scheduler, e.g. tcp://10.0.0.5:8786 (default: start a "
                        "local cluster of --jobs workers, 2 if not given)")
    c.add_argument("--partition-size", metavar="BYTES", default=None,
                   help="input bytes per partition (one shard each), e.g. 4M (default: about 16 partitions per "
                        "worker, 64k to 4M)")
    c.set_defaults(run=run)


def _sharded(args) -> bool:
    """Workers write their own shards: -o DIR/, or -o FILE with --jobs 2+
    (a regular file: a device or pipe such as /dev/null is written to as
    results come, as is standard output)."""
    if shard_dir(args.output) is not None:
        return True
    if args.jobs <= 1 or not args.output or args.output == "-":
        return False
    return not os.path.exists(args.output) or os.path.isfile(args.output)


def run(args) -> int:
    """Convert; exit 0 when every tree converted (or was skipped), 1 when
    some failed, 2 for unusable arguments. With -o, the file appears only
    when the run completes: an interrupted run, or one stopped by --strict,
    leaves neither the file nor a temporary file."""
    check_output_file("--stats", args.stats)
    args.format, args.gzip = choose_format(args.output, args.format, folder=shard_dir(args.output) is not None)
    from ptb2fd.trees.partition import parse_size

    parse_size(args.partition_size)  # `--partition-size lots` is refused before any work (or cluster)
    if args.format == "conllu":  # UD is written with the ud.yaml of --rules DIR, checked before any work
        from ptb2fd.ud.mapping import rules_selected

        with rules_selected(args.rules):
            return _run(args)
    return _run(args)


def _run(args) -> int:
    """`run`, once the format is known (and, for UD, the rules it reads)."""
    if shard_dir(args.output) is not None:
        check_output_folder("-o", args.output)
    else:
        check_output_file("-o", args.output)
    if args.format == "parquet" and (not args.output or args.output == "-") and sys.stdout.isatty():
        raise UsageError("--format parquet is binary: give -o FILE or -o DIR/, or redirect standard output")
    if converted_input(args):
        from ptb2fd.runner.reexport import reexport

        if shard_dir(args.output) is not None:
            raise UsageError("-o DIR/ shards are written when converting trees; re-export records to one file")
        if args.stats:
            raise UsageError("--stats counts a conversion; records are re-exported without one (`ptb2fd stats "
                             "FILE` counts them)")
        return reexport(args, list(args.inputs))
    if args.engine == "dask":
        from ptb2fd.runner.dask_engine import convert_with_dask

        return convert_with_dask(args)
    if args.scheduler:
        raise UsageError("--scheduler goes with --engine dask")
    sharded = _sharded(args)
    paths = check_tree_files(resolve_inputs(args.inputs, args.corpus, args.files, args.sections))  # before the rules
    if sharded and "-" in paths:
        if shard_dir(args.output) is not None:
            raise UsageError("-o DIR/ needs input files: standard input ('-') cannot be cut into shards")
        sharded = False  # streamed: read here, converted by the workers
    try:
        converter = converter_for(args)
    except KeyboardInterrupt:
        print("ptb2fd: interrupted", file=sys.stderr)
        return 130
    from ptb2fd.runner.output import ResultSink

    sink = ResultSink(args.quiet, args.strict, verbose=args.verbose)
    show = sys.stderr.isatty() and not args.quiet
    try:
        with terminate_as_exit():
            if sharded:
                _convert_sharded(converter, paths, args, sink, show)
            else:
                _convert_streaming(converter, read_trees(paths, args.encoding), args, sink,
                                   Progress(show).files(len(paths)))
    except _Discard:
        pass
    except KeyboardInterrupt:
        to_file = args.output and args.output != "-"
        print(f"ptb2fd: interrupted ({sink.summary.read} trees read){'; nothing written to -o' if to_file else ''}",
              file=sys.stderr)
        return 130
    return sink.finish(args.output, args.stats, converter.rules.rule_ids())


def _convert_sharded(converter, paths: list[str], args, sink, show: bool) -> None:
    from ptb2fd.runner.local_engine import convert_to_shards

    bar = Progress(show)
    try:
        convert_to_shards(converter, paths, args, sink, bar)
    finally:
        bar.close()


def _convert_streaming(converter, items, args, sink, bar: Progress) -> None:
    """One output written here, sentence by sentence (rendered in the
    workers with --jobs N: only text comes back to this process)."""
    from ptb2fd.formats.registry import header
    from ptb2fd.runner.shards import renderer
    from ptb2fd.runner.stream import convert_stream

    parquet = args.format == "parquet"
    with atomic_output(args.output) as out:
        text = out
        if parquet:
            from ptb2fd.formats.parquet import ParquetSentenceWriter

            out.flush()
            writer = ParquetSentenceWriter(out.buffer)
        elif args.gzip:
            out.flush()
            text = gzip_text(out.buffer)
        if not parquet:
            text.write(header(args.format))
        render = None if parquet else renderer(args.format)
        with closing(convert_stream(converter, items, args.jobs, render=render)) as results:
            for result in results:  # (closed on any exit: --jobs workers stop at once)
                bar.tree(result.location.source)
                if parquet and result.sentence is not None:
                    writer.add(result.sentence)
                if sink.add(result, text):
                    break
        if parquet:
            writer.close()
            out.buffer.flush()
        elif text is not out:
            close_gzip_text(text)
        bar.close()
        if sink.summary.read == 0:  # an empty standard input (empty files are refused before any work)
            raise EmptyInputError("no trees in standard input")
        if sink.stopped is not None and out is not sys.stdout:
            raise _Discard()


def gzip_text(binary):
    """A text handle writing gzip-compressed UTF-8 into `binary` (no time stamp: same input, same bytes)."""
    import gzip
    import io

    # (filename "": the header names no file, here the temporary one)
    return io.TextIOWrapper(gzip.GzipFile(filename="", fileobj=binary, mode="wb", mtime=0), encoding="utf-8",
                            newline="\n")


def close_gzip_text(text) -> None:
    """Finish the gzip stream of `gzip_text` (its trailer), leaving the file open."""
    text.flush()
    text.detach().close()

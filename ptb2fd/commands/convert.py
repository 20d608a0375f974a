"""`ptb2fd convert`: trees in, one rendered record per sentence out.

Output goes through `atomic_output`: with -o, the file appears only
when the run completes, so an interrupted or --strict-stopped run leaves no
partial file behind.
"""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import Iterator

from ptb2fd.commands.options import add_subparser, input_args
from ptb2fd.errors import UsageError
from ptb2fd.runner.output import atomic_output
from ptb2fd.runner.sources import converter_for, iter_raw


def progress(iterable, enabled: bool, unit: str = "tree"):
    from tqdm import tqdm

    return tqdm(iterable, unit=unit, disable=not enabled, file=sys.stderr, dynamic_ncols=True, leave=False)


class _Discard(Exception):
    """Raised inside atomic_output to throw the temporary file away."""


def _check_output_path(option: str, path: str | None) -> None:
    if path and path != "-" and os.path.isdir(path):
        raise UsageError(f"{option} {path}: is a folder")


@contextmanager
def _terminate_as_exit() -> Iterator[None]:
    """SIGTERM ends the run like Ctrl-C does, through the clean-up code (no
    temporary file left behind). Forked workers keep the default action."""
    import signal

    if not hasattr(signal, "SIGTERM"):
        yield
        return
    main_pid = os.getpid()

    def handler(signum, frame):
        if os.getpid() != main_pid:
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        raise SystemExit(128 + signum)

    try:
        previous = signal.signal(signal.SIGTERM, handler)
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def add_parser(sub) -> None:
    c = add_subparser(sub, "convert", "convert trees to records")
    input_args(c)
    c.add_argument("--format", choices=["jsonl", "conllup", "halogen"], default="jsonl")
    c.add_argument("-o", "--output", metavar="OUT",
                   help="output file (written atomically); default stdout; with --engine dask, DIR/ writes "
                        "shards and a manifest.json")
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

    if args.engine == "dask":
        from ptb2fd.runner.dask_engine import convert_with_dask
        return convert_with_dask(args)
    if args.scheduler or args.partition_size:
        raise UsageError("--scheduler and --partition-size go with --engine dask")
    _check_output_path("-o", args.output)
    _check_output_path("--stats", args.stats)
    items = iter_raw(args)  # unusable inputs fail before the rules load
    try:
        converter = converter_for(args)
    except KeyboardInterrupt:
        print("ptb2fd: interrupted", file=sys.stderr)
        return 130
    sink = ResultSink(args.quiet, args.strict)
    show = sys.stderr.isatty() and not args.quiet
    writer = {"jsonl": jsonl.dump_sentence, "conllup": conllup.dump_sentence, "halogen": halogen.dump_sentence}[
        args.format]
    try:
        with _terminate_as_exit(), atomic_output(args.output) as out:
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

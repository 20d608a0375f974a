"""`ptb2fd convert`: trees in, one rendered record per sentence out.

Also the two helpers every command that starts from trees uses:
`load_converter` (rules and WordNet loaded once) and `iter_raw` (the input
files the --corpus/--files/--sections/INPUT options name, read as raw
trees). Output goes through `atomic_output`: with -o, the file appears only
when the run completes, so an interrupted or --strict-stopped run leaves no
partial file behind.
"""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import Iterator

from .errors import UsageError
from .output import atomic_output


def load_converter(rules_dir: str | None):
    from .convert import Converter
    from .ruleset import load_rules
    from .wordnet import ensure_wordnet

    rules = load_rules(rules_dir)
    ensure_wordnet()
    return Converter(rules)


def iter_raw(args):
    from .inputs import resolve_inputs
    from .reader import read_trees

    paths = resolve_inputs(args.inputs, args.corpus, args.files, args.sections)
    return read_trees(paths, getattr(args, "encoding", None))


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


def cmd_convert(args) -> int:
    """Convert; exit 0 when every tree converted (or was skipped), 1 when
    some failed, 2 for unusable arguments. With -o, the file appears only
    when the run completes: an interrupted run, or one stopped by --strict,
    leaves neither the file nor a temporary file."""
    from .formats import conllup, halogen, jsonl
    from .output import ResultSink
    from .run import convert_stream

    if args.engine == "dask":
        from .dask_engine import cmd_convert_dask
        return cmd_convert_dask(args)
    if args.scheduler or args.partition_size:
        raise UsageError("--scheduler and --partition-size go with --engine dask")
    _check_output_path("-o", args.output)
    _check_output_path("--stats", args.stats)
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

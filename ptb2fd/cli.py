"""The `ptb2fd` command: one subcommand per module of ptb2fd.commands.

    ptb2fd convert      trees to records (JSONL, CoNLL-U Plus, the paper's notation)
    ptb2fd regen        regenerate sentences from their unordered records and score them
    ptb2fd diff         compare two regen reports, or two rule folders on one input
    ptb2fd analyse      error analysis of regen reports (paper 001)
    ptb2fd train        train the statistical realizer
    ptb2fd realize      realize sentences from your own records with a trained model
    ptb2fd stats        statistics of converted JSONL
    ptb2fd check-heads  ptb2fd's heads against the Collins (1999) head table
    ptb2fd rules check  validate a rule folder and count rule firings
    ptb2fd --version

Each subcommand's --help lists its options and its exit statuses.

May import: errors, trees, runner, commands.
"""
from __future__ import annotations

import argparse
import sys

from ptb2fd.commands import analyse, check_heads, convert, diff, realize, regen, rules, stats, train
from ptb2fd.commands.options import EXIT_FAILED, EXIT_OK, EXIT_STATUS, EXIT_USAGE
from ptb2fd.errors import Ptb2fdError, RuleFileError, UsageError

# In the order `ptb2fd --help` lists them.
COMMANDS = (convert, regen, diff, analyse, train, realize, stats, check_heads, rules)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("ptb2fd")
    except PackageNotFoundError:  # run from a source tree that is not installed
        return "unknown"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ptb2fd", description="Penn Treebank to factored functional dependencies.",
                                     epilog=EXIT_STATUS, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    sub = parser.add_subparsers(dest="command", required=True)
    for command in COMMANDS:
        command.add_parser(sub)
    return parser


def _settle_jobs(args) -> None:
    """--jobs: default 1 (2 local Dask workers); more than the cores here is
    capped with a warning, since extra processes only compete for them."""
    from ptb2fd.runner.jobs import cap_jobs

    if not hasattr(args, "jobs"):
        return
    if args.jobs is None:
        args.jobs = 2 if getattr(args, "engine", None) == "dask" else 1
    if args.jobs < 1:
        raise UsageError(f"--jobs {args.jobs}: give at least 1")
    if getattr(args, "scheduler", None) is None:
        args.jobs = cap_jobs(args.jobs)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        _settle_jobs(args)
        if getattr(args, "encoding", None):
            from ptb2fd.trees.inputs import check_encoding
            check_encoding(args.encoding)
        return args.run(args)
    except RuleFileError as exc:
        print(f"ptb2fd: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except UsageError as exc:
        print(f"ptb2fd: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        return EXIT_OK
    except Ptb2fdError as exc:
        print(f"ptb2fd: {exc}", file=sys.stderr)
        return EXIT_FAILED


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

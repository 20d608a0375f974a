"""The `ptb2fd` command: one subcommand per module of ptb2fd.commands.

    ptb2fd convert      trees to records (JSONL, CoNLL-U Plus, the paper's notation)
    ptb2fd regen        regenerate sentences from their unordered records and score them
    ptb2fd diff         compare two regen reports, or two rule folders on one input
    ptb2fd analyse      error analysis of regen reports (paper 001)
    ptb2fd train        train the statistical realizer
    ptb2fd stats        statistics of converted records, and how they were made
    ptb2fd check-heads  ptb2fd's heads against the Collins (1999) head table
    ptb2fd check-functions  parser-style trees' records against the gold ones
    ptb2fd strip        gold trees as a parser outputs them (no function tags, empty elements)
    ptb2fd train-functions  the function-tag model for parser output
    ptb2fd rules check  validate a rule folder and count rule firings
    ptb2fd --version

Each subcommand's --help lists its options and its exit statuses.

May import: errors, trees, runner, commands.
"""
from __future__ import annotations

import argparse
import sys

from ptb2fd.commands.options import EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, exit_status, version
from ptb2fd.errors import Ptb2fdError, RuleFileError, UsageError, missing_module_line


def commands() -> tuple:
    """The command modules, in the order `ptb2fd --help` lists them. Loaded
    here, not at import: loading them (NLTK, NumPy) takes seconds, and a
    Ctrl-C meanwhile must end `main` with one line."""
    from ptb2fd.commands import (
        analyse,
        check_functions,
        check_heads,
        convert,
        diff,
        eval_ud,
        realize,
        regen,
        rules,
        stats,
        strip,
        train,
        train_functions,
    )

    return (convert, regen, diff, analyse, train, realize, stats, check_heads, eval_ud, rules, strip,
            check_functions, train_functions)


EPILOG = exit_status(
    "done (each command's --help says what its statuses mean)",
    ["some sentences failed (each reported with file, line and id)", "an output could not be written"],
    ["unusable arguments, inputs, rule files or models", "an output that cannot be written",
     "an optional dependency not installed (the line names the extra to install)"], writes=True)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ptb2fd", description="Penn Treebank to factored functional dependencies.",
                                     epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    sub = parser.add_subparsers(dest="command", required=True)
    for command in commands():
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


def _os_error(exc: OSError) -> int:
    """One line for an OSError no command turned into a message: a full
    standard output (`ptb2fd stats x.jsonl > /dev/full`), or a file."""
    from ptb2fd.runner.output import is_full, quiet_stdout

    if exc.filename is None and is_full(exc):
        quiet_stdout()
        print(f"ptb2fd: standard output: cannot write: {exc.strerror}", file=sys.stderr)
    elif exc.filename is not None:
        print(f"ptb2fd: {exc.filename}: {exc.strerror or exc}", file=sys.stderr)
    else:
        print(f"ptb2fd: {exc.strerror or exc}", file=sys.stderr)
    return EXIT_FAILED


def main(argv: list[str] | None = None) -> int:
    from ptb2fd.runner.targets import terminate_as_exit

    try:
        parser = build_parser()
    except KeyboardInterrupt:
        print("ptb2fd: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    args = parser.parse_args(argv)
    try:
        with terminate_as_exit():
            _settle_jobs(args)
            if getattr(args, "encoding", None):
                from ptb2fd.trees.inputs import check_encoding
                check_encoding(args.encoding)
            status = args.run(args)
            sys.stdout.flush()  # a full standard output shows here, not at exit
            return status
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
    except KeyboardInterrupt:
        print("ptb2fd: interrupted; no output file written or changed", file=sys.stderr)
        return EXIT_INTERRUPTED
    except ModuleNotFoundError as exc:  # an extra not installed (pyproject.toml)
        print(missing_module_line(exc.name, getattr(args, "command", None)), file=sys.stderr)
        return EXIT_USAGE
    except OSError as exc:
        return _os_error(exc)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

"""The `ptb2fd` command.

    ptb2fd convert [INPUT...] [--corpus treebank] [--files GLOB] [--sections S]
                   [--format jsonl|conllup|halogen] [-o OUT] [--rules DIR]
                   [--jobs N] [--stats FILE] [--strict] [--encoding ENC]
                   [--engine dask [--scheduler ADDRESS] [--partition-size BYTES]]
    ptb2fd regen   [INPUT...] [--corpus treebank] [--files GLOB] [--json] [--report DIR] [--jobs N]
                   [--view paper|full|shallow|lemma] [--realizer rules|stat] [--model MODEL]
    ptb2fd diff    BEFORE AFTER [INPUT...]   (two --report folders, or two rule folders on one input)
    ptb2fd stats   FILE.jsonl [--json]
    ptb2fd rules check [DIR]
    ptb2fd check-heads [INPUT...] [--corpus treebank] [--files GLOB] [--json]
    ptb2fd --version

Exit status: 0 when every sentence converted, 1 when some failed (or the
output could not be written: disk full), 2 for unusable arguments or rule
files.
"""
from __future__ import annotations

import argparse
import sys

from .convert_command import cmd_convert, load_converter  # noqa: F401  (ptb2fd.cli.load_converter: benchproc)
from .errors import Ptb2fdError, RuleFileError, UsageError
from .output import atomic_output  # noqa: F401  (re-exported: ptb2fd.cli.atomic_output)

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


EXIT_STATUS = """exit status:
  0  every sentence converted (or was skipped: markup only)
  1  some sentences failed (each reported with file, line and id), or the
     output could not be written (disk full; the previous -o file is kept)
  2  unusable arguments, inputs or rule files"""
EXIT_STATUS_STATS = """exit status:
  0  statistics printed
  1  a line of FILE is not a valid record (reported with its line)
  2  unusable arguments (no such file)"""
EXIT_STATUS_RULES = """exit status:
  0  the rules are valid (and every sample sentence converted)
  1  some sample sentences failed to convert
  2  problems in the rule files (all listed)"""
EXIT_STATUS_ANALYSE = """exit status:
  0  the analysis was written
  1  some sentences of the reports could not be read (each reported, skipped)
  2  unusable arguments"""
EXIT_STATUS_DIFF = """exit status:
  0  the comparison was printed
  2  unusable arguments (BEFORE and AFTER not two report or two rule folders, no input)"""


def _input_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("inputs", nargs="*", metavar="INPUT",
                   help="tree files (.mrg, .gz, any name), folders (tree files only: .mrg .tree .trees .parse "
                        ".ptb, also .gz), '-' for stdin")
    p.add_argument("--corpus", choices=["treebank"], help="the NLTK Penn Treebank sample")
    p.add_argument("--files", metavar="GLOB", help="keep input files whose name matches, e.g. 'wsj_01*'")
    p.add_argument("--sections", metavar="S", help="WSJ sections, e.g. 02-21,23 (wsj_SSNN files)")
    p.add_argument("--rules", metavar="DIR", help="rule folder (default: the bundled rules/)")
    p.add_argument("--encoding", metavar="ENC",
                   help="input encoding, e.g. latin-1 (default UTF-8; undecodable bytes fail their sentence)")
    p.add_argument("--jobs", type=int, default=None, metavar="N",
                   help="worker processes, at most the number of cores (output order is kept; default 1)")


def _subparser(sub, name: str, help: str, epilog: str = EXIT_STATUS, **kw) -> argparse.ArgumentParser:
    return sub.add_parser(name, help=help, description=help, epilog=epilog,
                          formatter_class=argparse.RawDescriptionHelpFormatter, **kw)


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

    c = _subparser(sub, "convert", "convert trees to records")
    _input_args(c)
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

    r = _subparser(sub, "regen", "regenerate sentences from their unordered records and score them")
    _input_args(r)
    r.set_defaults(engine="local")
    r.description = ("regenerate sentences from their unordered records and score them. INPUT is converted "
                     "JSONL (FILE.jsonl[.gz], the output of `ptb2fd convert`), or trees, which are converted "
                     "first (not both at once).")
    r.add_argument("--json", action="store_true", help="print the metrics as one JSON object")
    r.add_argument("--report", metavar="DIR", help="write report.md, sentences.jsonl and metrics.json")
    from .regen.command import add_regen_options
    add_regen_options(r)

    d = _subparser(sub, "diff", "compare two regeneration reports, or two rule folders on one input",
                   epilog=EXIT_STATUS_DIFF)
    d.add_argument("before", metavar="BEFORE", help="a `regen --report` folder, or a rule folder")
    d.add_argument("after", metavar="AFTER", help="the same kind as BEFORE: the changed report or rule folder")
    d.add_argument("inputs", nargs="*", metavar="INPUT",
                   help="with two rule folders: the trees to run both on (as for convert)")
    d.add_argument("--corpus", choices=["treebank"], help="with two rule folders: the NLTK Penn Treebank sample")
    d.add_argument("--files", metavar="GLOB", help="keep input files whose name matches, e.g. 'wsj_00*'")
    d.add_argument("--sections", metavar="S", help="WSJ sections, e.g. 23")
    d.add_argument("--jobs", type=int, default=None, metavar="N", help="worker processes (default 1)")
    d.add_argument("--json", action="store_true", help="print the comparison as one JSON object")
    d.add_argument("--limit", type=int, default=30, help="sentences listed per change (default 30)")
    from .regen.command import add_view_option
    add_view_option(d)

    an = _subparser(sub, "analyse", "error analysis of regen --report folders (paper 001)",
                    epilog=EXIT_STATUS_ANALYSE)
    an.add_argument("reports", nargs="+", metavar="REPORT_DIR", help="`regen --report` folders, one per system")
    an.add_argument("-o", "--output", required=True, metavar="OUT_DIR", help="folder for analysis.md, CSVs, plots")
    an.add_argument("--fail", default="exact", help="exact (default) or bleu-quantile:Q")
    an.add_argument("--min-support", type=int, default=20, help="sentences a mined form needs (default 20)")
    an.add_argument("--top", type=int, default=20, help="mined forms listed per system and view (default 20)")
    an.add_argument("--rules", metavar="DIR", help="rule folder whose categories.yaml says what is punctuation")

    from .realizer.command import add_train_parser
    add_train_parser(sub, _input_args, _subparser)

    s = _subparser(sub, "stats", "statistics of converted JSONL: roles, features, stage counts, unknown labels",
                   epilog=EXIT_STATUS_STATS)
    s.add_argument("file", metavar="FILE", help="converted JSONL (the output of `ptb2fd convert`), .gz or '-'")
    s.add_argument("--json", action="store_true", help="print the statistics as one JSON object")

    h = _subparser(sub, "check-heads", "compare ptb2fd's heads with the Collins (1999) head table")
    _input_args(h)
    h.add_argument("--json", action="store_true", help="print the figures and patterns as one JSON object")
    h.add_argument("--limit", type=int, default=40, help="disagreement patterns listed (default 40)")
    h.add_argument("--examples", type=int, default=3, help="examples per pattern (default 3)")

    rc = _subparser(sub, "rules", "rule folder tools", epilog=EXIT_STATUS_RULES)
    rsub = rc.add_subparsers(dest="rules_command", required=True)
    chk = _subparser(rsub, "check", "validate a rule folder and count rule firings on the sample",
                     epilog=EXIT_STATUS_RULES)
    chk.add_argument("dir", nargs="?", metavar="DIR", help="rule folder (default: the bundled rules/)")
    chk.add_argument("--corpus", choices=["treebank"], default="treebank")
    chk.add_argument("--files", metavar="GLOB")
    chk.add_argument("--no-sample", action="store_true", help="only validate, do not run on the sample")
    return parser


def _settle_jobs(args) -> None:
    """--jobs: default 1 (2 local Dask workers); more than the cores here is
    capped with a warning, since extra processes only compete for them."""
    from .jobs import cap_jobs

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
            from .inputs import check_encoding
            check_encoding(args.encoding)
        if args.command == "convert":
            return cmd_convert(args)
        if args.command == "regen":
            from .regen.command import cmd_regen
            return cmd_regen(args)
        if args.command == "diff":
            from .regen.command import cmd_diff
            return cmd_diff(args)
        if args.command == "analyse":
            from .analysis.command import cmd_analyse
            return cmd_analyse(args)
        if args.command == "train":
            from .realizer.command import cmd_train
            return cmd_train(args)
        if args.command == "stats":
            from .stats_report import cmd_stats
            return cmd_stats(args)
        if args.command == "check-heads":
            from .headcheck.compare import cmd_check_heads
            return cmd_check_heads(args)
        if args.command == "rules":
            from .rulecheck import cmd_rules_check
            return cmd_rules_check(args)
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
    return EXIT_USAGE


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

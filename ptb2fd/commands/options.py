"""What the commands share: exit statuses, the input options, subparsers.

Each command states its own exit statuses (`exit_status`); the lines every
command that writes shares are here: how an output is written, and the
statuses of an output that cannot be written and of an interrupted run.
"""
from __future__ import annotations

import argparse

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130

# The output policy (ptb2fd/runner/targets.py), in every --help of a command that writes files.
OUTPUTS = """outputs: folders missing on an output path are created. Each file is written
under a temporary name (.NAME.PID.XXXXXXXX.part) and renamed when complete, so
a failed or interrupted run leaves the previous output as it was; a .part left
by a killed run is removed by the next run writing the same output."""

UNWRITABLE = ("an output that cannot be written, refused before any work: a folder where a file is "
              "wanted or a file where a folder is, a read-only folder, a read-only or immutable file")
INTERRUPTED = "interrupted (Ctrl-C; 143: SIGTERM); no output file written or changed"
STDOUT_FULL = "standard output could not be written (disk full)"


def exit_status(ok: str, failed: list[str], usage: list[str], writes: bool = False) -> str:
    """The `exit status:` block of a command's --help: what 0, 1, 2 and 130
    mean for it; `writes`: the command writes files (the policy follows)."""
    import textwrap

    def entry(code: str, parts: list[str]) -> list[str]:
        text = "; or ".join(parts)
        return textwrap.wrap(text, 72, initial_indent=f"  {code:<5}", subsequent_indent=" " * 7)

    lines = ["exit status:", *entry("0", [ok]), *entry("1", failed), *entry("2", usage),
             *entry("130", [INTERRUPTED])]
    return "\n".join(lines) + (f"\n\n{OUTPUTS}" if writes else "")


EXIT_STATUS = exit_status(
    "every sentence converted (or was skipped: markup only)",
    ["some sentences failed (each reported with file, line and id)",
     "the input holds no tree, or no record to re-export (nothing written)",
     "the output could not be written (disk full; the previous -o file is kept)"],
    ["unusable arguments, inputs or rule files", UNWRITABLE], writes=True)


def input_args(p: argparse.ArgumentParser) -> None:
    """INPUT…, --corpus, --files, --sections, --rules, --encoding, --jobs,
    --functions, --function-model."""
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
    p.add_argument("--functions", choices=["auto", "gold", "infer", "complete"], default="auto",
                   help="function tags: gold uses the tree's own; infer predicts them (and puts back empty "
                        "elements), ignoring any given; complete infers but keeps the tags a tree has (for "
                        "partly tagged treebanks such as GUM); auto (default) infers for a tree with no function "
                        "tag or empty element at all (parser output), completes the trees of a file whose first 14 "
                        "trees have no empty element (partly tagged), and keeps a Penn file's tags "
                        "(docs/parser-output.md)")
    p.add_argument("--function-model", metavar="MODEL",
                   help="the function-tag model (default: the one shipped, trained on the sample's dev half; "
                        "make one with `ptb2fd train-functions`)")


def version() -> str:
    """`ptb2fd.__version__`, the one place the version is written (pyproject.toml reads it)."""
    from ptb2fd import __version__

    return __version__


def add_subparser(sub, name: str, help: str, epilog: str, **kw) -> argparse.ArgumentParser:
    """A subcommand's parser, with its exit statuses (`epilog`) and --version
    (`ptb2fd regen --version` works like `ptb2fd --version`)."""
    p = sub.add_parser(name, help=help, description=help, epilog=epilog,
                       formatter_class=argparse.RawDescriptionHelpFormatter, **kw)
    p.add_argument("--version", action="version", version=f"ptb2fd {version()}")
    return p

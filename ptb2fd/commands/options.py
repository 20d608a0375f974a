"""What the commands share: exit statuses, the input options, subparsers."""
from __future__ import annotations

import argparse

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2

EXIT_STATUS = """exit status:
  0  every sentence converted (or was skipped: markup only)
  1  some sentences failed (each reported with file, line and id), or the
     output could not be written (disk full; the previous -o file is kept)
  2  unusable arguments, inputs or rule files"""


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
                        "tag or empty element at all (parser output), gold for any other (docs/parser-output.md)")
    p.add_argument("--function-model", metavar="MODEL",
                   help="the function-tag model (default: the one shipped, trained on the sample's dev half; "
                        "make one with `ptb2fd train-functions`)")


def add_subparser(sub, name: str, help: str, epilog: str = EXIT_STATUS, **kw) -> argparse.ArgumentParser:
    return sub.add_parser(name, help=help, description=help, epilog=epilog,
                          formatter_class=argparse.RawDescriptionHelpFormatter, **kw)

"""`ptb2fd strip`: parser-style trees from gold ones.

Removes function tags, co-indices and empty elements (and every
constituent they leave empty), as a constituency parser would output the
tree (ptb2fd.trees.strip). One tree per line. Used to measure how parser
output converts (`ptb2fd check-functions`) and to try `--functions`.
"""
from __future__ import annotations

import sys

from ptb2fd.commands.options import STDOUT_FULL, UNWRITABLE, add_subparser, exit_status

EXIT_STATUS = exit_status(
    "every tree was written",
    ["some trees could not be read, or held nothing but empty elements (each reported with file, line and id, "
     "and left out; the others are written)", "the output could not be written (disk full)", STDOUT_FULL],
    ["unusable arguments or inputs", UNWRITABLE], writes=True)


def add_parser(sub) -> None:
    s = add_subparser(sub, "strip", "write gold trees as a parser would output them: no function tags, "
                      "co-indices or empty elements", epilog=EXIT_STATUS)
    s.add_argument("inputs", nargs="*", metavar="INPUT", help="tree files or folders, '-' for stdin")
    s.add_argument("--corpus", choices=["treebank"], help="the NLTK Penn Treebank sample")
    s.add_argument("--files", metavar="GLOB", help="keep input files whose name matches, e.g. 'wsj_01*'")
    s.add_argument("--sections", metavar="S", help="WSJ sections, e.g. 23")
    s.add_argument("--encoding", metavar="ENC", help="input encoding (default UTF-8)")
    s.add_argument("-o", "--output", metavar="OUT", help="output file (written atomically); default stdout")
    s.set_defaults(run=run)


def run(args) -> int:
    from ptb2fd.analysis.agreement import stripped_text
    from ptb2fd.errors import TreeParseError
    from ptb2fd.runner.output import atomic_output
    from ptb2fd.runner.sources import iter_raw
    from ptb2fd.runner.targets import check_output_file

    check_output_file("-o", args.output)
    read = written = 0
    with atomic_output(args.output) as out:
        for raw in iter_raw(args):
            read += 1
            try:
                if raw.error is not None:
                    raise TreeParseError(raw.error)
                text = stripped_text(raw.text)
                if text is None:
                    raise TreeParseError("nothing but empty elements")
            except TreeParseError as exc:
                print(f"ptb2fd: {exc.at(raw.location)}", file=sys.stderr)
                continue
            out.write(text + "\n")
            written += 1
    print(f"ptb2fd strip: read {read}, written {written}, left out {read - written}", file=sys.stderr)
    return 0 if written == read else 1

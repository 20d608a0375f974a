"""`ptb2fd analyse REPORT_DIR… -o OUT_DIR`: the error analysis of paper 001
(ptb2fd.analysis) over `regen --report` folders, written as analysis.md,
CSV files and PNG plots.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

from ptb2fd.commands.options import STDOUT_FULL, UNWRITABLE, add_subparser, exit_status
from ptb2fd.errors import UsageError
from ptb2fd.runner.targets import atomic_folder, check_output_folder

EXIT_STATUS = exit_status(
    "the analysis was written",
    ["some sentences of the reports could not be read (each reported, skipped)",
     "the analysis could not be written (disk full; the previous files are kept)", STDOUT_FULL],
    ["unusable arguments (a REPORT_DIR that is no `regen --report` folder)", UNWRITABLE], writes=True)


def add_parser(sub) -> None:
    an = add_subparser(sub, "analyse", "error analysis of regen --report folders (paper 001)", epilog=EXIT_STATUS)
    an.add_argument("reports", nargs="+", metavar="REPORT_DIR", help="`regen --report` folders, one per system")
    an.add_argument("-o", "--output", required=True, metavar="OUT_DIR", help="folder for analysis.md, CSVs, plots (created if missing; the files appear when all are "
                         "written)")
    an.add_argument("--fail", default="exact", help="exact (default) or bleu-quantile:Q")
    an.add_argument("--min-support", type=int, default=20, help="sentences a mined form needs (default 20)")
    an.add_argument("--top", type=int, default=20, help="mined forms listed per system and view (default 20)")
    an.add_argument("--rules", metavar="DIR", help="rule folder whose categories.yaml says what is punctuation")
    an.set_defaults(run=run)


def run(args) -> int:
    from ptb2fd.analysis.analyse import analyse, write_csvs
    from ptb2fd.analysis.markdown import write_markdown
    from ptb2fd.analysis.plots import write_plots

    if not re.fullmatch(r"exact|bleu-quantile:(0(\.\d+)?|1(\.0*)?)", args.fail):
        raise UsageError(f"--fail {args.fail}: use exact or bleu-quantile:Q with 0 <= Q <= 1")
    if args.min_support < 1 or args.top < 1:
        raise UsageError("--min-support and --top must be at least 1")
    from ptb2fd.formats.sniff import not_a_report

    for report in args.reports:
        if (problem := not_a_report(report)) is not None:
            raise UsageError(problem)
    out = Path(args.output)
    check_output_folder("-o", args.output)
    corpora, stats = analyse(args.reports, args.fail, args.min_support, args.top, args.rules)
    with atomic_folder(args.output, "analysis") as folder:
        write_csvs(folder, corpora, stats)
        plots = write_plots(folder, corpora, stats)
        write_markdown(folder / "analysis.md", corpora, stats, plots, args)
    errors = [e for st in stats for e in st.system.errors]
    for e in errors:
        print(f"ptb2fd: {e}", file=sys.stderr)
    read = sum(len(st.system.sentences) for st in stats)
    print(f"ptb2fd: analysed {len(stats)} system(s) over {len(corpora)} corpus(es): {read} sentences read, "
          f"{len(errors)} skipped; wrote {out / 'analysis.md'}")
    return 1 if errors else 0

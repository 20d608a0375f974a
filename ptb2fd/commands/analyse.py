"""`ptb2fd analyse REPORT_DIR… -o OUT_DIR`: the error analysis of paper 001
(ptb2fd.analysis) over `regen --report` folders, written as analysis.md,
CSV files and PNG plots.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

from ptb2fd.commands.options import add_subparser
from ptb2fd.errors import UsageError

EXIT_STATUS = """exit status:
  0  the analysis was written
  1  some sentences of the reports could not be read (each reported, skipped)
  2  unusable arguments"""


def add_parser(sub) -> None:
    an = add_subparser(sub, "analyse", "error analysis of regen --report folders (paper 001)", epilog=EXIT_STATUS)
    an.add_argument("reports", nargs="+", metavar="REPORT_DIR", help="`regen --report` folders, one per system")
    an.add_argument("-o", "--output", required=True, metavar="OUT_DIR", help="folder for analysis.md, CSVs, plots")
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
    out = Path(args.output)
    out.mkdir(parents=True, exist_ok=True)
    corpora, stats = analyse(args.reports, args.fail, args.min_support, args.top, args.rules)
    write_csvs(out, corpora, stats)
    plots = write_plots(out, corpora, stats)
    write_markdown(out / "analysis.md", corpora, stats, plots, args)
    errors = [e for st in stats for e in st.system.errors]
    for e in errors:
        print(f"ptb2fd: {e}", file=sys.stderr)
    read = sum(len(st.system.sentences) for st in stats)
    print(f"ptb2fd: analysed {len(stats)} system(s) over {len(corpora)} corpus(es): {read} sentences read, "
          f"{len(errors)} skipped; wrote {out / 'analysis.md'}")
    return 1 if errors else 0

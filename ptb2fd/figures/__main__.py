"""`python -m ptb2fd.figures -o docs/figures.md [--work DIR] [--skip NAME]`."""
from __future__ import annotations

import argparse
import datetime
import os
import sys
import tempfile
from pathlib import Path

from ptb2fd.figures.measure import FigureError, commit, machine
from ptb2fd.figures.render import render
from ptb2fd.figures.sections import SECTIONS


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m ptb2fd.figures", description="measure the figures of docs/figures.md")
    p.add_argument("-o", "--output", default="docs/figures.md", help="the page to write (default docs/figures.md)")
    p.add_argument("--work", metavar="DIR", help="folder for converted files and models (default: a temporary one)")
    p.add_argument("--skip", metavar="NAME", action="append", default=[],
                   help="leave a section out: " + ", ".join(s.__name__ for s in SECTIONS))
    args = p.parse_args(argv)
    unknown = set(args.skip) - {s.__name__ for s in SECTIONS}
    if unknown:
        p.error(f"--skip: no section {', '.join(sorted(unknown))}")
    from ptb2fd.figures.measure import Run

    with tempfile.TemporaryDirectory(prefix="ptb2fd-figures-") as tmp:
        run = Run(Path(args.work or tmp))
        sections, skipped = [], []
        for make in SECTIONS:
            if make.__name__ in args.skip:
                skipped.append(make.__name__)
                continue
            print(f"figures: {make.__name__}", file=sys.stderr)
            try:
                sections.append(make(run))
            except FigureError as exc:
                print(f"ptb2fd figures: {exc}", file=sys.stderr)
                return 1
    when = datetime.date.today().isoformat()
    text = render(sections, commit(), when, machine(), skipped)
    out = Path(args.output)
    out.parent.mkdir(parents=True, exist_ok=True)
    partial = out.with_name(out.name + ".part")
    partial.write_text(text, encoding="utf-8")
    os.replace(partial, out)
    print(f"figures: wrote {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The `make figures` section for check-heads --reference on GUM, per genre,
and the share of the role `dependent` per genre.

GUM (six genres, gold UD beside parser-style constituency trees) lives
beside the repository in ../shared/treebanks/gum (const/NAME.ptb,
dep/NAME.conllu; see ../shared/treebanks/README.md). A genre is the files
`GUM_<genre>_*`. The figures measure what a user of a newer treebank gets:
they are read, never tuned on.
"""
from __future__ import annotations

from pathlib import Path

from ptb2fd.figures.measure import Figure, FigureError, Run, Section, shown

GUM = Path(__file__).resolve().parents[2].parent / "shared" / "treebanks" / "gum"
GENRES = ("academic", "bio", "court", "interview", "news", "voyage")
DATA = "GUM (Zeldes 2017), CC BY 4.0 / BY-SA 3.0 / BY 2.5 texts"


def _percent(x: float) -> str:
    return f"{100 * x:.2f} %"


def gum_reference(run: Run) -> Section:
    if not (GUM / "const").is_dir() or not (GUM / "dep").is_dir():
        raise FigureError(f"GUM not found in {GUM} (give --skip gum_reference to leave this section out)")
    rows = []
    for genre in (*GENRES, None):
        pattern = f"GUM_{genre}_*" if genre else "GUM_*"
        name = genre or "all"
        argv = ["ptb2fd", "check-heads", str(GUM / "const"), "--files", pattern, "--reference", str(GUM / "dep"),
                "--json"]
        r = run.json(argv)
        out, inside = r["outside"], r["inside"]
        converted = run.path(f"gum-{name}.jsonl")
        convert = ["ptb2fd", "convert", str(GUM / "const"), "--files", pattern, "-o", str(converted), "--quiet"]
        run.once(converted.name, convert)
        stats = run.json(["ptb2fd", "stats", str(converted), "--json"])
        shown_argv = argv[:2] + ["../shared/treebanks/gum/const", "--files", pattern, "--reference",
                                 "../shared/treebanks/gum/dep", "--json"]
        rows.append(Figure(
            f"GUM {name}", shown(shown_argv), data=DATA, split=name,
            values={"trees": r["sentences"], "not aligned": r["unaligned"],
                    "outside coordination": f"{_percent(out['agreement'])} ({out['errors']} errors, "
                                            f"{sum(out['conventions'].values())} conventions)",
                    "inside coordination": f"{_percent(inside['agreement'])} ({inside['errors']} errors, "
                                           f"{sum(inside['conventions'].values())} conventions)",
                    "disagreements per 1,000 compared (conventions apart)": f"{1000 * r['all']['errors'] / max(1, r['all']['compared']):.1f}",
                    "share of `dependent`": _percent(stats["dependent_share"])}))
    return Section("gum-reference", "Heads against gold UD on GUM, per genre",
                   "`check-heads --reference` on GUM's parser-style trees against its gold UD: agreement between "
                   "content words once the convention differences of reference_schemes.yaml are set apart, "
                   "outside and inside coordination; and the share of words with the role `dependent` "
                   "(`ptb2fd stats` on `ptb2fd convert ../shared/treebanks/gum/const --files PATTERN`).", rows)

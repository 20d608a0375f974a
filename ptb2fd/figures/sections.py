"""The sections of docs/figures.md, in order (`SECTIONS`): each takes the
`Run` and returns a `Section`: its title, an anchor, a sentence on what it
measures, and rows.

A section that needs a slow step (training, the benchmark) can be left out
with `--skip NAME`; the page then says which sections it lacks.
"""
from __future__ import annotations

import json
from typing import Callable

from ptb2fd.figures.analysis import error_analysis
from ptb2fd.figures.function_tags import function_tags
from ptb2fd.figures.gum_reference import gum_reference
from ptb2fd.figures.gum_roles import gum_roles
from ptb2fd.figures.large import parquet_layouts, scaling
from ptb2fd.figures.learning_curve import learning_curve
from ptb2fd.figures.measure import DEV, SPLITS, TEST, Figure, Run, Section, corpus_files, regen_values, shown
from ptb2fd.figures.parser_output import parser_output
from ptb2fd.figures.speed import speed
from ptb2fd.figures.ud_gum import ud_gum

VIEWS = ("paper", "full", "shallow", "lemma")


def conversion(run: Run) -> Section:
    rows = []
    out = run.path("treebank.jsonl")
    stats_file = run.path("convert-stats.json")
    argv = ["ptb2fd", "convert", "--corpus", "treebank", "-o", str(out), "--stats", str(stats_file), "--quiet"]
    if not out.exists() or not stats_file.exists():
        run(argv)
    counts = json.loads(stats_file.read_text(encoding="utf-8"))
    rows.append(Figure("trees converted", shown(argv[:-5] + ["-o", "treebank.jsonl", "--stats", "stats.json"]),
                       split="all (wsj_0001–0199)",
                       values={k: counts[k] for k in ("read", "converted", "failed", "skipped", "words")}))
    st = run.json(["ptb2fd", "stats", str(out), "--json"])
    values = {
        "share of `dependent`": f"{100 * st['dependent_share']:.2f} %",
        "coordinations": st["coordinations"]["total"],
        "compound prepositions": st["compound_prepositions"]["total"],
        "POS corrections": st["pos_corrections"]["total"],
        "passive words (logical role ≠ role)": st["logicalrole_changes"]["words"],
    }
    rows.append(Figure("records", "ptb2fd stats treebank.jsonl --json", split="all (wsj_0001–0199)", values=values))
    return Section("conversion", "Conversion", "Every tree of the sample converted, and what the records hold.", rows)


def regeneration_rules(run: Run) -> Section:
    rows = []
    for view in VIEWS:
        for split in SPLITS:
            argv = ["ptb2fd", "regen", *corpus_files(split), "--view", view, "--json"]
            rows.append(Figure(f"{view}, {split[0]}", shown(argv), split=f"{split[0]} ({split[1]})", view=view,
                               realizer="rules", values=regen_values(run.json(argv))))
    return Section("regen-rules", "Regeneration with the rules realizer",
                   "Each sentence rebuilt from its unordered records in each view and scored against the original "
                   "(percentages; BLEU as a fraction). The paper's Section 23 figures, in its own view and with "
                   "HALogen: 98.8 % simple string accuracy, 87.1 % exact.", rows)


def model_path(run: Run, view: str):
    """The model of `view` trained on dev (made once per run)."""
    target = run.path(f"{view}.model")
    argv = ["ptb2fd", "train", *corpus_files(DEV), "--view", view, "-o", str(target)]
    run.once(f"{view}.model", argv)
    return target, shown(argv[:-1] + [f"{view}.model"])


def regeneration_stat(run: Run) -> Section:
    rows = []
    for view in VIEWS:
        model, trained = model_path(run, view)
        argv = ["ptb2fd", "regen", *corpus_files(TEST), "--view", view, "--realizer", "stat", "--model", str(model),
                "--json"]
        rows.append(Figure(f"{view}, test", shown(argv[:-2] + [f"{view}.model", "--json"]),
                           split=f"test ({TEST[1]}); trained on dev", view=view, realizer="stat",
                           values=regen_values(run.json(argv))))
    return Section("regen-stat", "Regeneration with the statistical realizer",
                   "Models trained on dev only (`" + trained.replace("lemma", "paper") + "`, and so for each view), "
                   "scored on test.", rows)


def head_check(run: Run) -> Section:
    rows = []
    for split in SPLITS:
        argv = ["ptb2fd", "check-heads", *corpus_files(split), "--json"]
        r = run.json(argv)
        rows.append(Figure(f"{split[0]}", shown(argv), split=f"{split[0]} ({split[1]})",
                           values={"agreement": f"{100 * r['agreement']:.2f} %", "compared": r["compared"],
                                   "left out (coordination)": r["excluded_coordination"]}))
    return Section("check-heads", "Head cross-check against the Collins (1999) table",
                   "Attachments between content words outside coordination on which ptb2fd's heads and the "
                   "Collins head table agree.", rows)


# The sections in page order; `make figures` runs them all. A section in a
# module of its own imports Section from ptb2fd.figures.measure.
SECTIONS: tuple[Callable[[Run], Section], ...] = (conversion, regeneration_rules, regeneration_stat, learning_curve,
                                                   head_check, error_analysis, parser_output, function_tags, speed,
                                                   parquet_layouts, scaling,
                                                   gum_reference, gum_roles, ud_gum)

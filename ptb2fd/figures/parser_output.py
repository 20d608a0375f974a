"""The parser-output section of docs/figures.md (docs/parser-output.md).

Gold trees stripped as a parser gives them (`ptb2fd strip`) and converted
with the function tags predicted and the empty elements put back, against
the conversion of the gold trees, word by word (`ptb2fd check-functions`);
beside it the same stripped trees converted without the model
(`--functions gold`: no tags, as before), and regeneration in the paper
view of the stripped test half beside the gold one. The shipped model is
trained on dev, so dev is its training data and test the figure to read.
"""
from __future__ import annotations

from ptb2fd.figures.measure import DEV, SPLITS, TEST, Figure, Run, Section, corpus_files, regen_values, shown

FIELDS = (("head", "head"), ("role", "role"), ("logical role", "logicalrole"), ("position class", "position_class"),
          ("base", "base"), ("cat0", "cat0"), ("cat1", "cat1"), ("group type", "grouptype"),
          ("junction", "junction"))


def _agreement(r: dict) -> dict:
    values = {name: f"{100 * r['agreement'][key]:.2f} %" for name, key in FIELDS}
    changed, recovered = r["logical_changed"], r["logical_recovered"]
    values["passive logical roles recovered"] = f"{recovered} of {changed}" + (
        f" ({100 * recovered / changed:.2f} %)" if changed else "")
    values["words"] = r["words"]
    return values


def parser_output(run: Run) -> Section:
    rows = []
    for split in SPLITS:
        for mode, what in (("auto", "predicted tags"), ("gold", "no model")):
            note = "" if mode == "gold" else ("; the model's training data" if split is DEV else "; model trained on dev")
            argv = ["ptb2fd", "check-functions", *corpus_files(split), "--functions", mode, "--json"]
            rows.append(Figure(f"{split[0]}, {what}", shown(argv), split=f"{split[0]} ({split[1]}){note}",
                               values=_agreement(run.json(argv))))
    stripped = run.path("test-stripped.mrg")
    strip_argv = ["ptb2fd", "strip", *corpus_files(TEST), "-o", str(stripped)]
    run.once("test-stripped.mrg", strip_argv)
    for what, argv, shown_argv in (
            ("gold trees", ["ptb2fd", "regen", *corpus_files(TEST), "--view", "paper", "--json"], None),
            ("stripped trees, predicted tags", ["ptb2fd", "regen", str(stripped), "--view", "paper", "--json"],
             ["ptb2fd", "regen", "test-stripped.mrg", "--view", "paper", "--json"])):
        rows.append(Figure(f"regeneration, {what}", shown(shown_argv or argv), split=f"test ({TEST[1]})",
                           view="paper", realizer="rules", values=regen_values(run.json(argv))))
    return Section(
        "parser-output", "Parser output: roles without function tags or empty elements",
        "Each gold tree stripped of function tags, co-indices and empty elements (`"
        + shown(strip_argv[:-1] + ["test-stripped.mrg"]) + "`), converted with the function-tag model's tags "
        "and the empty elements of rules/empty_elements.yaml, and compared word by word with the conversion of "
        "the gold tree; `no model` converts the stripped trees as they are. Targets (test): role ≥ 97 %, "
        "passive logical roles ≥ 96 %, position class ≥ 98.5 %, head ≥ 99.7 %. "
        "See [parser output](parser-output.md).", rows)

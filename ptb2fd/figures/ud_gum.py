"""The `make figures` section for the Universal Dependencies export on GUM:
the export of GUM's parser-style trees (`convert -o gum.conllu`, default
options, and `--functions complete`) scored against GUM's gold UD with the
CoNLL 2018 evaluation (`ptb2fd eval-ud`), per genre.

The GUM trees are parser output with gold POS and partial function tags, so
part of the gap to gold UD is the trees' own attachment errors
(docs/universal-dependencies.md says how much, from a read sample). GUM is
measured, never tuned on.
"""
from __future__ import annotations

from ptb2fd.figures.gum_reference import DATA, GUM
from ptb2fd.figures.measure import Figure, FigureError, Run, Section, shown

SHOWN_GUM = "../shared/treebanks/gum"
COLUMNS = ("UPOS", "Lemmas", "UFeats", "UAS", "LAS", "CLAS", "ELAS")
TARGETS = {"UPOS": 98.0, "Lemmas": 97.0, "UAS": 88.0, "LAS": 84.0}
WEAKEST = 8  # relations with the lowest F1 listed under the table


def ud_gum(run: Run) -> Section:
    if not (GUM / "const").is_dir() or not (GUM / "dep").is_dir():
        raise FigureError(f"GUM not found in {GUM} (give --skip ud_gum to leave this section out)")
    rows, notes = [], []
    for label, options in (("default", []), ("--functions complete", ["--functions", "complete"])):
        name = "gum-ud-complete.conllu" if options else "gum-ud.conllu"
        convert = ["ptb2fd", "convert", str(GUM / "const"), *options, "-o", str(run.path(name)), "--quiet"]
        exported = run.once(name, convert)
        evaluate = ["ptb2fd", "eval-ud", str(exported), str(GUM / "dep"), "--group", "GUM_([a-z]+)_", "--json"]
        result = run.json(evaluate)
        shown_cmd = shown(["ptb2fd", "eval-ud", name, f"{SHOWN_GUM}/dep", "--group", "GUM_([a-z]+)_"])
        for part, scores in result["parts"].items():
            if options and part != "all":
                continue  # the per-genre rows are for what users get by default
            values = {"options": label, "words": scores["words"]}
            values.update({m: f"{scores[m]:.1f}" for m in COLUMNS})
            rows.append(Figure(f"GUM {part}, {label}", shown_cmd, data=DATA, split=part, values=values))
        if not options:
            weakest = sorted((f1, rel, gold) for rel, (gold, _, f1) in result["relations"].items() if gold >= 50)
            notes = [f"`{rel}` {f1:.0f} ({gold})" for f1, rel, gold in weakest[:WEAKEST]]
    targets = ", ".join(f"{m} ≥ {v:.0f}" for m, v in TARGETS.items())
    return Section("ud-gum", "Universal Dependencies export against gold UD on GUM",
                   "GUM's trees exported as UD v2 CoNLL-U (`ptb2fd convert ../shared/treebanks/gum/const -o "
                   "gum-ud.conllu`, and with `--functions complete`) and scored against GUM's gold "
                   "UD by the CoNLL 2018 evaluation (F1, percent; `ptb2fd eval-ud`), per genre with the default "
                   f"options and for the whole corpus with `--functions complete`. Targets: {targets}. Relations "
                   "with the lowest F1 by default (gold count ≥ 50; F1 and the gold count): "
                   + ", ".join(notes) + ".", rows)

"""Function-tag precision, recall and F1 on the sample: the `function-tags`
section of docs/figures.md.

`python -m ptb2fd.figures.function_tags --corpus treebank --files
'wsj_01*' --json` strips each gold tree, predicts its phrases' tags with
the shipped model (or `--function-model FILE`) and scores them per (phrase,
tag) against the gold tags (ptb2fd.functions.evaluation): all tags,
syntactic and semantic ones.
"""
from __future__ import annotations

import argparse
import json
import sys

from ptb2fd.figures.measure import DEV, SPLITS, TEST, Figure, Run, Section, shown

PAPERS = ("Blaheta & Charniak (2000), parsed Section 23: F 87 % (all tags); Chrupała et al. (2007): F 91.5 %")


def main(argv: list[str] | None = None) -> int:
    from ptb2fd.errors import Ptb2fdError, TreeParseError
    from ptb2fd.functions.evaluation import TagScore
    from ptb2fd.functions.model import default_model_path, load_model
    from ptb2fd.trees.inputs import resolve_inputs
    from ptb2fd.trees.ptbtree import parse_tree
    from ptb2fd.trees.reader import read_trees

    parser = argparse.ArgumentParser(prog="python -m ptb2fd.figures.function_tags",
                                     description="function-tag P/R/F1 of the model on stripped gold trees")
    parser.add_argument("inputs", nargs="*")
    parser.add_argument("--corpus", choices=["treebank"])
    parser.add_argument("--files")
    parser.add_argument("--function-model")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        tagger = load_model(args.function_model or default_model_path()).tagger()
        score = TagScore()
        for raw in read_trees(resolve_inputs(args.inputs, args.corpus, args.files, None), None):
            if raw.error is not None:
                print(f"ptb2fd: {TreeParseError(raw.error, raw.location)}", file=sys.stderr)
                continue
            score.add(parse_tree(raw.text), tagger)
    except Ptb2fdError as exc:
        print(f"ptb2fd: {exc}", file=sys.stderr)
        return 2
    result = score.to_dict()
    if not result["trees"]:
        print("ptb2fd: no tree scored", file=sys.stderr)
        return 1
    result["model"] = tagger.model.name
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        for group in ("all", "syntactic", "semantic"):
            g = result[group]
            print(f"{group}\tP {100 * g['precision']:.2f}\tR {100 * g['recall']:.2f}\tF1 {100 * g['f1']:.2f}")
    return 0


def function_tags(run: Run) -> Section:
    rows = []
    for split in SPLITS:
        argv = ["python", "-m", "ptb2fd.figures.function_tags", "--corpus", "treebank", "--files", split[2], "--json"]
        r = run.json(argv)
        values = {}
        for group in ("all", "syntactic", "semantic"):
            g = r[group]
            values[f"{group}: P / R / F1"] = (f"{100 * g['precision']:.2f} / {100 * g['recall']:.2f} / "
                                              f"{100 * g['f1']:.2f} % ({g['gold']:,} gold tags)")
        values["model"] = r["model"]
        note = "; the model's training data" if split is DEV else "; model trained on dev"
        rows.append(Figure(f"{split[0]}, stripped gold trees", shown(argv), split=f"{split[0]} ({split[1]}){note}",
                           values=values))
    return Section(
        "function-tags", "Function tags predicted on stripped gold trees",
        "The shipped function-tag model, trained on dev, tagging the phrases of gold trees stripped of tags, "
        "indices and empty elements, scored per (phrase, tag) against the gold tags; syntactic: DTV, LGS, NOM, "
        "PRD, PUT, SBJ, TPC, VOC; semantic: ADV, BNF, DIR, EXT, LOC, MNR, PRP, TMP (CLR, HLN, TTL count in `all` "
        "only). Beside it, for scale and not like for like (their training set is Sections 02–21, about 20 times "
        "dev, and their trees are a parser's): " + PAPERS + ". Read the test row; dev is the training data.",
        rows)


if __name__ == "__main__":
    sys.exit(main())

"""Realize converted sentences with a model and score them (make_view for
the view -> realize -> the project's metrics), with search-error counts;
`ptb2fd regen --realizer stat` gives the full metrics, this the figures
the trainer and the benchmark need in one pass.

The output words are compared with the original sentence (its first word
as written): `exact`, `ssa_id` (1 - (I + D) / R, `metrics.id_counts`,
micro-averaged) and corpus BLEU-4 (nltk's corpus_bleu, as
`metrics.aggregate`). A search error is a head whose reference ordering the
model scores above the ordering the beam search returned (paper 004's
"estimated search errors").

    python -m ptb2fd.realizer.evaluate MODEL VIEW FILE.jsonl [SCORING]
"""
from __future__ import annotations

import json
import sys
import warnings

from nltk.translate.bleu_score import corpus_bleu

from ptb2fd.regen.metrics import Counts, id_counts
from ptb2fd.regen.view import capitalize_first, make_view


def reference_order(problem, position_of, span) -> list[int]:
    """The units' order in the original sentence; records `span` for the heads above."""
    unit_pos = [[position_of[problem.head.id]]] + [
        sorted(q for i in u.ids for q in span[i]) for u in problem.units[1:]]
    span[problem.head.id] = sorted(q for ps in unit_pos for q in ps)
    return sorted(range(len(problem.units)), key=lambda k: unit_pos[k][0])


def evaluate(realizer, sentences, adjunct_roles, view_name: str) -> dict:
    ids = Counts()
    exact = 0
    refs, outs = [], []
    heads = errors = 0
    for s in sentences:
        view = make_view(s, adjunct_roles, seed=s.id, view=view_name)
        out, _, trace = realizer.realize_traced(view.view)
        ref = capitalize_first(s.words)
        ids += id_counts(ref, out)
        exact += int(out == ref)
        refs.append([ref])
        outs.append(out)
        span: dict[int, list[int]] = {}
        for p, order, score in zip(trace.problems, trace.orders, trace.scores):
            gold = reference_order(p, view.position_of, span)
            if len(p.units) > 1:
                heads += 1
                if order != gold and realizer.scorer.score_order(p, gold) > score + 1e-9:
                    errors += 1
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        bleu = corpus_bleu(refs, outs)
    n = len(sentences)
    return {"view": view_name, "realizer": "stat", "sentences": n, "exact": exact / n if n else None,
            "ssa_id": ids.simple_accuracy() if n else None, "bleu": bleu if n else None,
            "heads": heads, "search_errors": errors}


def main(argv: list[str]) -> int:
    """The command line above: one usage line and exit status 2 for missing
    arguments, one line and 2 for a model or file that cannot be used, 1
    for a converted file with a bad line."""
    import argparse

    from ptb2fd.errors import SentenceError, UsageError
    from ptb2fd.formats.jsonl import read_jsonl
    from ptb2fd.realizer.model import SCORINGS, load_realizer
    from ptb2fd.ruleset.load import load_rules

    parser = argparse.ArgumentParser(prog="python -m ptb2fd.realizer.evaluate",
                                     description="realize converted sentences with a model and score them")
    parser.add_argument("model", metavar="MODEL", help="a model written by `ptb2fd train`")
    parser.add_argument("view", metavar="VIEW", help="the view the model was trained for")
    parser.add_argument("file", metavar="FILE.jsonl", help="converted sentences (`ptb2fd convert`)")
    parser.add_argument("scoring", metavar="SCORING", nargs="?", choices=SCORINGS,
                        help=f"one of {', '.join(SCORINGS)} (default: the model's)")
    args = parser.parse_args(argv)
    try:
        rules = load_rules()
        realizer = load_realizer(args.model, args.view, args.scoring, rules)
        with open(args.file, encoding="utf-8") as f:
            sentences = list(read_jsonl(f, args.file))
    except UsageError as exc:
        print(f"{parser.prog}: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"{parser.prog}: {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    except SentenceError as exc:
        print(f"{parser.prog}: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(evaluate(realizer, sentences, rules.roles.adjunct_roles, args.view)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

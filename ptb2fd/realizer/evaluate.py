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
    from ptb2fd.formats.jsonl import read_jsonl
    from ptb2fd.realizer.model import load_realizer
    from ptb2fd.ruleset.load import load_rules

    model, view_name, path = argv[:3]
    rules = load_rules()
    realizer = load_realizer(model, view_name, argv[3] if len(argv) > 3 else None, rules)
    with open(path, encoding="utf-8") as f:
        sentences = list(read_jsonl(f, path))
    print(json.dumps(evaluate(realizer, sentences, rules.roles.adjunct_roles, view_name)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""`ptb2fd eval-ud SYSTEM GOLD`: a UD export (`convert --format conllu`)
scored against gold UD with the CoNLL 2018 evaluation (ptb2fd/ud/evaluate.py):
UPOS, lemmas, UAS, LAS and the F1 of each relation, overall and, with
--group, per part.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from ptb2fd.commands.options import EXIT_OK, STDOUT_FULL, add_subparser, exit_status
from ptb2fd.errors import UsageError

EXIT_STATUS = exit_status(
    "scored",
    [STDOUT_FULL],
    ["unusable arguments: a file missing or empty, texts that differ (the words cannot be aligned), "
     "udtools not installed"])


def add_parser(sub) -> None:
    e = add_subparser(sub, "eval-ud", "score a UD export against gold UD (CoNLL 2018 evaluation)",
                      epilog=EXIT_STATUS)
    e.add_argument("system", metavar="SYSTEM", help="the export, CoNLL-U (ptb2fd convert -o FILE.conllu)")
    e.add_argument("gold", metavar="GOLD", help="gold UD, CoNLL-U, the same text: a file, or a folder whose "
                                               "*.conllu files are read in name order (GUM's dep/)")
    e.add_argument("--group", metavar="REGEX",
                   help="score each part of both files apart: the key is the first group of REGEX in each "
                        "sent_id, e.g. 'GUM_([a-z]+)_' (GUM's genres); parts are matched by key")
    e.add_argument("--relations", action="store_true", help="also print the F1 of each relation")
    e.add_argument("--json", action="store_true",
                   help='print {"parts": {PART: {"words": N, METRIC: F1, ...}}, "relations": {REL: [gold, system, '
                        'F1]}} instead of tables')
    e.set_defaults(run=run)


def _table(rows: list[tuple[str, object]], metrics: list[str]) -> list[str]:
    lines = ["| part | words | " + " | ".join(metrics) + " |", "|---|---:|" + "---:|" * len(metrics)]
    for name, sc in rows:
        lines.append(f"| {name} | {sc.words} | " + " | ".join(f"{sc.metrics.get(m, 0):.1f}" for m in metrics) + " |")
    return lines


def run(args) -> int:
    from ptb2fd.ud.evaluate import METRICS, grouped, read_blocks, score

    for what, path in (("SYSTEM", args.system), ("GOLD", args.gold)):
        if not Path(path).is_file() and not (what == "GOLD" and Path(path).is_dir()):
            raise UsageError(f"{what} {path}: no such file")
    system = read_blocks(args.system)
    gold_files = sorted(Path(args.gold).glob("*.conllu")) if Path(args.gold).is_dir() else [Path(args.gold)]
    if not gold_files:
        raise UsageError(f"GOLD {args.gold}: a folder with no *.conllu file")
    gold = [s for path in gold_files for s in read_blocks(path)]
    if not system or not gold:
        raise UsageError(f"{args.system if not system else args.gold}: no sentences")
    sys_parts, gold_parts = grouped(system, args.group), grouped(gold, args.group)
    missing = sorted(set(sys_parts) ^ set(gold_parts))
    if missing:
        raise UsageError(f"--group: parts in only one file: {', '.join(missing)}")
    rows = [("all", score(gold, system))]
    if args.group:
        rows += [(k, score(gold_parts[k], sys_parts[k])) for k in sorted(gold_parts)]
    metrics = list(METRICS)
    if args.json:
        parts = {name: {"words": sc.words, **{m: round(sc.metrics.get(m, 0), 2) for m in metrics}} for name, sc in rows}
        relations = {rel: [g, n, round(f1, 2)] for rel, (g, n, f1) in sorted(rows[0][1].relations.items())}
        sys.stdout.write(json.dumps({"parts": parts, "relations": relations}, ensure_ascii=False) + "\n")
        return EXIT_OK
    out = _table(rows, metrics)
    if args.relations:
        out += ["", "| relation | gold | system | F1 |", "|---|---:|---:|---:|"]
        for rel, (g, s, f1) in sorted(rows[0][1].relations.items(), key=lambda kv: -kv[1][0]):
            out.append(f"| {rel} | {g} | {s} | {f1:.1f} |")
    sys.stdout.write("\n".join(out) + "\n")
    return EXIT_OK

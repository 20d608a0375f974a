"""Regeneration reports: `report.md`, `sentences.jsonl`, `metrics.json`.

The report answers "what is still wrong": metrics by sentence length,
the roles whose edges end up misplaced most, and the worst sentences with
reference, output, a word-level diff and the rule ids involved. The
sentences file keeps per-sentence scores and each word's role and rule so
that `ptb2fd diff` can compare two runs.
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Sequence

from .check import Regenerated
from .metrics import aggregate, word_diff

BUCKETS = ((1, 10), (11, 20), (21, 30), (31, 40), (41, 10**9))
METRIC_KEYS = ("sentences", "exact", "ssa_id", "ssa", "gsa", "sta", "gta", "bleu", "dea", "understandability",
               "quality")
WORST = 50


def metrics_of(results: Sequence[Regenerated]) -> dict:
    agg = aggregate([r.score for r in results])
    return {k: agg[k] for k in METRIC_KEYS} | {"bleu_sentence": agg["bleu_sentence"], "macro": agg["macro"]}


def format_table(metrics: dict) -> str:
    rows = [("sentences", str(metrics["sentences"]))]
    for key in METRIC_KEYS[1:] + ("bleu_sentence",):
        v = metrics.get(key)
        rows.append((key, "-" if v is None else f"{v:.4f}"))
    width = max(len(k) for k, _ in rows)
    return "\n".join(f"{k.ljust(width)}  {v}" for k, v in rows)


def sentence_record(r: Regenerated) -> dict:
    s = r.score
    toks = r.sentence.tokens
    return {
        "id": r.sentence.id, "exact": s.exact, "ssa_id": round(s.ssa_id, 6), "ssa": round(s.ssa, 6),
        "gsa": round(s.gsa, 6), "sta": round(s.sta, 6), "gta": round(s.gta, 6), "dea": round(s.dea, 6),
        "bleu": round(s.bleu, 6),
        "reference": " ".join(s.ref_words), "output": " ".join(s.out_words),
        "diff": word_diff(s.ref_words, s.out_words),
        "misplaced": [toks[i].id for i in r.misplaced],
        "words": [[t.word, t.role, t.rule] for t in toks],
        # The reference tree and the output order, for `ptb2fd analyse` (paper 001):
        # per word its head id (0 = root), base form and cat0; `order` is the
        # output as 0-based reference positions.
        "heads": [t.head for t in toks], "bases": [t.base for t in toks], "cat0": [t.cat0 for t in toks],
        "order": list(r.order),
    }


def role_errors(results: Sequence[Regenerated]) -> list[tuple[str, int, int]]:
    """(role, misplaced edges, edges) for each role, most misplaced first."""
    total: Counter = Counter()
    wrong: Counter = Counter()
    for r in results:
        toks = r.sentence.tokens
        for t in toks:
            if t.head:
                total[t.role] += 1
        for i in r.misplaced:
            wrong[toks[i].role] += 1
    return sorted(((role, wrong[role], total[role]) for role in total), key=lambda x: (-x[1], x[0]))


def write_report(directory: str | Path, results: Sequence[Regenerated], metrics: dict, title: str) -> None:
    d = Path(directory)
    d.mkdir(parents=True, exist_ok=True)
    (d / "metrics.json").write_text(json.dumps(metrics, indent=1) + "\n", encoding="utf-8")
    with open(d / "sentences.jsonl", "w", encoding="utf-8") as f:
        for r in results:
            f.write(json.dumps(sentence_record(r), ensure_ascii=False) + "\n")
    lines = [f"# Regeneration report: {title}", "", "## Metrics", "", "```", format_table(metrics), "```", ""]
    lines += ["## By sentence length", "", "| words | sentences | exact | ssa_id |", "|---|---|---|---|"]
    for lo, hi in BUCKETS:
        group = [r for r in results if lo <= len(r.sentence.tokens) <= hi]
        if not group:
            continue
        m = metrics_of(group)
        label = f"{lo}-{hi}" if hi < 10**9 else f"{lo}+"
        lines.append(f"| {label} | {m['sentences']} | {m['exact']:.3f} | {m['ssa_id']:.4f} |")
    lines += ["", "## Errors by role", "",
              "Edges (head, dependent, signed distance) not kept in the output, by the dependent's role.", "",
              "| role | misplaced | edges | share |", "|---|---|---|---|"]
    for role, wrong, total in role_errors(results):
        lines.append(f"| {role} | {wrong} | {total} | {wrong / total:.3f} |")
    rule_counts: Counter = Counter()
    for r in results:
        for i in r.misplaced:
            rule_counts[r.sentence.tokens[i].rule] += 1
    lines += ["", "## Misplaced words by rule", "", "| rule | misplaced |", "|---|---|"]
    for rule, n in rule_counts.most_common(25):
        lines.append(f"| {rule} | {n} |")
    worst = sorted((r for r in results if not r.score.exact), key=lambda r: (r.score.ssa_id, r.sentence.id))[:WORST]
    lines += ["", f"## The {len(worst)} worst sentences", ""]
    for r in worst:
        s = r.score
        toks = r.sentence.tokens
        involved = sorted({f"{toks[i].word}:{toks[i].role}:{toks[i].rule}" for i in r.misplaced})
        lines += [f"### {r.sentence.id} (ssa_id {s.ssa_id:.3f})", "",
                  f"- reference: {' '.join(s.ref_words)}", f"- output: {' '.join(s.out_words)}",
                  f"- diff: {word_diff(s.ref_words, s.out_words)}",
                  f"- misplaced (word:role:rule): {', '.join(involved)}", ""]
    (d / "report.md").write_text("\n".join(lines) + "\n", encoding="utf-8")

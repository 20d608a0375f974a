"""Regeneration reports: `report.md`, `sentences.jsonl`, `metrics.json`.

The report answers "what is still wrong": metrics by sentence length,
the roles whose edges end up misplaced most, and the worst sentences with
reference, output, a word-level diff and the rule ids involved. The
sentences file keeps per-sentence scores and each word's role and rule so
that `ptb2fd diff` can compare two runs.

`ReportBuilder` takes one regenerated sentence at a time and keeps only
sums: the metric accumulators (overall and per length bucket), counters by
role and rule, the 50 worst sentences in a bounded heap, and, when a second
realizer is compared, the ids of sentences exact for one only. Each
sentence's line goes to sentences.jsonl as it comes. Memory is flat in the
number of sentences. What a sentence adds is made by `sentence_entry` (in
a worker with `regen --jobs N`) and added in input order by `add_entry`,
so the report is the same for any number of workers.
"""
from __future__ import annotations

import heapq
import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from ptb2fd.regen.accumulate import MetricsAccumulator, score_parts
from ptb2fd.regen.check import Regenerated
from ptb2fd.regen.string_metrics import word_diff
from ptb2fd.regen.view import VIEWS, capitalize_first

BUCKETS = ((1, 10), (11, 20), (21, 30), (31, 40), (41, 10**9))
METRIC_KEYS = ("sentences", "exact", "ssa_id", "ssa", "gsa", "sta", "gta", "bleu", "dea", "understandability",
               "quality")
WORST = 50
SHOWN_RULES = 25  # rules in "Misplaced words by rule" (the rest: one "… N more" row)
LISTED = 100  # sentences listed per direction in the realizer comparison


def metrics_of(results: Iterable[Regenerated]) -> dict:
    acc = MetricsAccumulator()
    for r in results:
        acc.add(r.score)
    return metrics_dict(acc)


def metrics_dict(acc: MetricsAccumulator) -> dict:
    """The corpus metrics a report shows, from summed sentence scores."""
    return _select(acc.result())


def _select(agg: dict) -> dict:
    return {k: agg[k] for k in METRIC_KEYS} | {"bleu_sentence": agg["bleu_sentence"], "macro": agg["macro"]}


def view_label(name: str) -> str:
    """"paper", or "full (RICHER than the paper: ...)": every place a figure is shown names its view."""
    return f"{name} ({VIEWS[name].summary})" if name in VIEWS and name != "paper" else name


def format_table(metrics: dict) -> str:
    rows = [(k, view_label(metrics[k]) if k == "view" else str(metrics[k])) for k in ("view", "realizer")
            if k in metrics]
    rows.append(("sentences", str(metrics["sentences"])))
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
        "reference": display(s.ref_words), "output": display(s.out_words),
        "diff": display_diff(s.ref_words, s.out_words),
        "misplaced": [toks[i].id for i in r.misplaced],
        "words": [[t.word, t.role, t.rule] for t in toks],
        # The reference tree and the output order, for `ptb2fd analyse` (paper 001):
        # per word its head id (0 = root), base form and cat0; `order` is the
        # output as 0-based reference positions.
        "heads": [t.head for t in toks], "bases": [t.base for t in toks], "cat0": [t.cat0 for t in toks],
        "order": list(r.order),
    }


def display(words) -> str:
    """Words as shown: sentence-cased (scoring compares them uncased, check.py)."""
    return " ".join(capitalize_first(list(words)))


def display_diff(ref, out) -> str:
    return word_diff(capitalize_first(list(ref)), capitalize_first(list(out)))


@dataclass
class SentenceEntry:
    """What one regenerated sentence gives the report: computed where the
    sentence is regenerated (a worker with --jobs N), added in input order
    by `ReportBuilder.add_entry`."""

    parts: tuple  # accumulate.score_parts
    length: int
    edge_roles: list[str]  # the role of each word that has a head
    misplaced: list[tuple[str, str]]  # (role, rule) of each misplaced word
    # With a report folder only:
    worst: tuple | None = None  # (id, ssa_id, reference, output, diff, involved) of a sentence not exact
    only: tuple | None = None  # ("this" or "other", (id, reference, diff)): exact for one realizer only
    line: str = ""  # its sentences.jsonl line


def sentence_entry(r: Regenerated, other: Regenerated | None = None, report: bool = False) -> SentenceEntry:
    s, toks = r.score, r.sentence.tokens
    entry = SentenceEntry(score_parts(s), len(toks), [t.role for t in toks if t.head],
                          [(toks[i].role, toks[i].rule) for i in r.misplaced])
    if not report:
        return entry
    record = sentence_record(r)
    if not s.exact:
        involved = sorted({f"{toks[i].word}:{toks[i].role}:{toks[i].rule}" for i in r.misplaced})
        entry.worst = (r.sentence.id, s.ssa_id, record["reference"], record["output"], record["diff"],
                       ", ".join(involved))
    if other is not None and s.exact != other.score.exact:
        diff = record["diff"] if not s.exact else display_diff(other.score.ref_words, other.score.out_words)
        entry.only = ("this" if s.exact else "other", (r.sentence.id, record["reference"], diff))
    entry.line = json.dumps(record, ensure_ascii=False) + "\n"
    return entry


class ReportBuilder:
    """Metrics and (with a folder) the report, one sentence at a time."""

    def __init__(self, directory: str | Path | None = None):
        self.directory = Path(directory) if directory is not None else None
        self.total = MetricsAccumulator()
        self.buckets = [MetricsAccumulator() for _ in BUCKETS]
        self.role_edges: Counter = Counter()
        self.role_wrong: Counter = Counter()
        self.rule_wrong: Counter = Counter()
        self.worst: list = []  # heap of (-ssa_id, negated id, entry): the WORST lowest ssa_id
        self.only: dict[str, list] = {"this": [], "other": []}
        self.only_counts: Counter = Counter()
        self._lines = None
        if self.directory is not None:
            self.directory.mkdir(parents=True, exist_ok=True)
            self._lines = open(self.directory / "sentences.jsonl", "w", encoding="utf-8")

    def add(self, r: Regenerated, other: Regenerated | None = None) -> None:
        """One sentence; `other` is the same sentence by the realizer compared with."""
        self.add_entry(sentence_entry(r, other, self.directory is not None))

    def add_entry(self, e: "SentenceEntry") -> None:
        """One sentence's entry (`sentence_entry`, perhaps made in a worker), in input order."""
        self.total.add_parts(e.parts)
        for (lo, hi), acc in zip(BUCKETS, self.buckets):
            if lo <= e.length <= hi:
                acc.add_parts(e.parts)
        self.role_edges.update(e.edge_roles)
        for role, rule in e.misplaced:
            self.role_wrong[role] += 1
            self.rule_wrong[rule] += 1
        if self.directory is None:
            return
        if e.worst is not None:
            key = (-e.worst[1], _Desc(e.worst[0]))
            if len(self.worst) < WORST or key > self.worst[0][:2]:
                (heapq.heappush if len(self.worst) < WORST else heapq.heapreplace)(self.worst, (*key, e.worst))
        if e.only is not None:
            side, item = e.only
            self.only_counts[side] += 1
            if len(self.only[side]) < LISTED:
                self.only[side].append(item)
        self._lines.write(e.line)

    def metrics(self) -> dict:
        return metrics_dict(self.total)

    def close(self) -> None:
        if self._lines is not None:
            self._lines.close()
            self._lines = None

    def role_errors(self) -> list[tuple[str, int, int]]:
        """(role, misplaced edges, edges) for each role, most misplaced first."""
        return sorted(((role, self.role_wrong[role], total) for role, total in self.role_edges.items()),
                      key=lambda x: (-x[1], x[0]))

    def write(self, metrics: dict, title: str, other_name: str | None = None) -> None:
        """metrics.json and report.md (sentences.jsonl is already written)."""
        self.close()
        d = self.directory
        (d / "metrics.json").write_text(json.dumps(metrics, indent=1) + "\n", encoding="utf-8")
        lines = [f"# Regeneration report: {title}", ""]
        if "view" in metrics:
            lines += [f"View: **{view_label(metrics['view'])}**. Realizer: **{metrics.get('realizer')}**.", ""]
        lines += ["## Metrics", "", "```", format_table(metrics), "```", ""]
        lines += ["## By sentence length", "", "| words | sentences | exact | ssa_id |", "|---|---|---|---|"]
        for (lo, hi), acc in zip(BUCKETS, self.buckets):
            if not acc.sentences:
                continue
            m = acc.result()
            label = f"{lo}-{hi}" if hi < 10**9 else f"{lo}+"
            lines.append(f"| {label} | {m['sentences']} | {m['exact']:.3f} | {m['ssa_id']:.4f} |")
        lines += ["", "## Errors by role", "",
                  "Edges (head, dependent, signed distance) not kept in the output, by the dependent's role.", "",
                  "| role | misplaced | edges | share |", "|---|---|---|---|"]
        for role, wrong, total in self.role_errors():
            lines.append(f"| {role} | {wrong} | {total} | {wrong / total:.3f} |")
        lines += ["", "## Misplaced words by rule", "", "| rule | misplaced |", "|---|---|"]
        for rule, n in self.rule_wrong.most_common(SHOWN_RULES):
            lines.append(f"| {rule} | {n} |")
        if len(self.rule_wrong) > SHOWN_RULES:
            lines.append(f"| … {len(self.rule_wrong) - SHOWN_RULES} more | "
                         f"{sum(self.rule_wrong.values()) - sum(n for _, n in self.rule_wrong.most_common(SHOWN_RULES))} |")
        if other_name is not None:
            lines += self._comparison(metrics.get("realizer"), other_name, metrics.get("view"))
        worst = sorted(self.worst, reverse=True)
        lines += ["", f"## The {len(worst)} worst sentences", ""]
        for _, _, (sid, ssa_id, ref, out, diff, involved) in worst:
            lines += [f"### {sid} (ssa_id {ssa_id:.3f})", "", f"- reference: {ref}", f"- output: {out}",
                      f"- diff: {diff}", f"- misplaced (word:role:rule): {involved}", ""]
        (d / "report.md").write_text("\n".join(lines) + "\n", encoding="utf-8")

    def _comparison(self, name: str | None, other: str, view: str | None) -> list[str]:
        lines = []
        for side, winner, loser in (("this", name, other), ("other", other, name)):
            count = self.only_counts[side]
            lines += ["", f"## Exact with {winner}, not with {loser} (view {view}): {count}", ""]
            if count > len(self.only[side]):
                lines += [f"The first {len(self.only[side])}:", ""]
            for sid, ref, diff in self.only[side]:
                lines.append(f"- {sid}: {ref}  \n  {loser}: {diff}")
        return lines


class _Desc:
    """Orders sentence ids backwards, so that of two equally bad sentences
    the heap keeps the one with the smaller id (the old report's order)."""

    __slots__ = ("value",)

    def __init__(self, value: str):
        self.value = value

    def __lt__(self, other: "_Desc") -> bool:
        return self.value > other.value

    def __gt__(self, other: "_Desc") -> bool:
        return self.value < other.value

    def __eq__(self, other) -> bool:
        return isinstance(other, _Desc) and self.value == other.value

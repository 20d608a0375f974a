"""`ptb2fd regen` and `ptb2fd diff`.

regen converts (or reads converted JSONL), regenerates every sentence from
its regeneration view, prints the metrics, and with --report writes a
report folder. diff compares two report folders, or runs two rule folders
on the same input: this is how a rule change is tested before it is
committed.
"""
from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from ..errors import UsageError
from .check import RegenerationCheck
from .realizer import REALIZERS, build_realizer
from .report import ReportBuilder, format_table, sentence_record
from .source import iter_sentences
from .view import DEFAULT_VIEW, VIEWS

JSON_KEYS = ("view", "realizer", "sentences", "exact", "ssa_id", "ssa", "gsa", "sta", "gta", "bleu", "dea",
             "understandability", "quality")


def add_view_option(p) -> None:
    p.add_argument("--view", choices=list(VIEWS), default=DEFAULT_VIEW,
                   help="what the realizer sees (default: paper, the paper's protocol; see the README)")


def add_regen_options(p) -> None:
    """regen's --view, --realizer and --model (called from cli.py)."""
    add_view_option(p)
    p.add_argument("--realizer", choices=list(REALIZERS), default="rules",
                   help="rules (rules/order.yaml) or stat (a model from `ptb2fd train`, with --model); with stat, "
                        "--report also lists the sentences exact for one realizer only")
    p.add_argument("--model", metavar="MODEL", help="the statistical realizer's model file (--realizer stat)")


def regenerate(sentences, rules, view: str = DEFAULT_VIEW, realizer=None):
    """Regenerated sentences, one at a time."""
    check = RegenerationCheck(rules.order, rules.roles.adjunct_roles, view, realizer)
    for s in sentences:
        yield check.run(s)


def cmd_regen(args) -> int:
    view = getattr(args, "view", DEFAULT_VIEW)
    kind = getattr(args, "realizer", "rules")
    model = getattr(args, "model", None)
    if kind == "rules" and model:
        raise UsageError("--model is for --realizer stat")
    sentences, rules, summary = iter_sentences(args, args.rules)
    realizer = build_realizer(kind, rules.order, view, model)
    check = RegenerationCheck(rules.order, rules.roles.adjunct_roles, view, realizer)
    # Another realizer than the rules is compared with them, sentence by sentence.
    baseline = None
    if getattr(realizer, "name", kind) != "rules" and args.report:
        baseline = RegenerationCheck(rules.order, rules.roles.adjunct_roles, view)
    builder = ReportBuilder(args.report)
    try:
        for s in sentences:
            builder.add(check.run(s), baseline.run(s) if baseline is not None else None)
    finally:
        builder.close()
    metrics = builder.metrics() | {"view": view, "realizer": getattr(realizer, "name", kind)}
    if args.report:
        title = " ".join(args.inputs or []) or f"--corpus {args.corpus} {args.files or ''}".strip()
        builder.write(metrics, title, "rules" if baseline is not None else None)
    if args.json:
        print(json.dumps({k: metrics[k] for k in JSON_KEYS}))
    else:
        print(format_table(metrics))
    print(f"ptb2fd: {summary.line()}", file=sys.stderr)
    return 1 if summary.failed else 0


# ------------------------------------------------------------------ diff


def _load_report(folder: Path) -> tuple[dict, dict[str, dict]]:
    metrics = json.loads((folder / "metrics.json").read_text(encoding="utf-8"))
    sentences = {}
    with open(folder / "sentences.jsonl", encoding="utf-8") as f:
        for line in f:
            if line.strip():
                rec = json.loads(line)
                sentences[rec["id"]] = rec
    return metrics, sentences


def _run_rules(folder: str, args) -> tuple[dict, dict[str, dict]]:
    sentences, rules, _ = iter_sentences(args, folder)
    builder = ReportBuilder()
    records = {}
    for r in regenerate(sentences, rules, getattr(args, "view", DEFAULT_VIEW)):
        builder.add(r)
        records[r.sentence.id] = sentence_record(r)
    return builder.metrics(), records


def compare(before: tuple[dict, dict], after: tuple[dict, dict]) -> dict:
    mb, sb = before
    ma, sa = after
    common = [i for i in sb if i in sa]
    became = [i for i in common if sa[i]["exact"] and not sb[i]["exact"]]
    stopped = [i for i in common if sb[i]["exact"] and not sa[i]["exact"]]
    deltas = {}
    for key in ("sentences", "exact", "ssa_id", "ssa", "gsa", "sta", "gta", "bleu", "dea", "understandability",
                "quality"):
        b, a = mb.get(key), ma.get(key)
        deltas[key] = {"before": b, "after": a, "change": (a - b) if isinstance(a, (int, float)) and isinstance(
            b, (int, float)) else None}
    by_rule: Counter = Counter()
    transitions: Counter = Counter()
    changed_words = 0
    for i in common:
        wb, wa = sb[i]["words"], sa[i]["words"]
        if len(wb) != len(wa):
            continue
        for (word, rb, _), (_, ra, rule_a) in zip(wb, wa):
            if rb != ra:
                changed_words += 1
                by_rule[rule_a] += 1
                transitions[f"{rb} -> {ra}"] += 1
    return {
        "metrics": deltas, "became_exact": became, "stopped_exact": stopped,
        "only_before": sorted(set(sb) - set(sa)), "only_after": sorted(set(sa) - set(sb)),
        "role_changes": changed_words, "role_changes_by_rule": dict(by_rule.most_common()),
        "role_transitions": dict(transitions.most_common()),
        "_sentences": (sb, sa),
    }


def cmd_diff(args) -> int:
    b, a = Path(args.before), Path(args.after)
    if (b / "sentences.jsonl").is_file() and (a / "sentences.jsonl").is_file():
        before, after = _load_report(b), _load_report(a)
    elif (b / "roles.yaml").is_file() and (a / "roles.yaml").is_file():
        if not args.inputs and not args.corpus:
            raise UsageError("diff of two rule folders needs an input: files or --corpus treebank")
        before, after = _run_rules(str(b), args), _run_rules(str(a), args)
    else:
        raise UsageError("diff takes two --report folders (with sentences.jsonl) or two rule folders (with roles.yaml)")
    result = compare(before, after)
    sb, sa = result.pop("_sentences")
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    out = ["metric        before    after     change"]
    for key, v in result["metrics"].items():
        fmt = (lambda x: "-" if x is None else (f"{x}" if isinstance(x, int) else f"{x:.4f}"))
        change = v["change"]
        out.append(f"{key:<13} {fmt(v['before']):<9} {fmt(v['after']):<9} "
                   f"{'-' if change is None else (f'{change:+d}' if isinstance(change, int) else f'{change:+.4f}')}")
    for title, ids in (("became exact", result["became_exact"]), ("stopped being exact", result["stopped_exact"])):
        out.append(f"\n{title}: {len(ids)}")
        for i in ids[: args.limit]:
            out.append(f"  {i}: {sa[i]['reference'] if title == 'became exact' else sa[i]['diff']}")
    out.append(f"\nwords whose role changed: {result['role_changes']}")
    for rule, n in list(result["role_changes_by_rule"].items())[:30]:
        out.append(f"  {n:6d}  {rule}")
    if result["role_transitions"]:
        out.append("role transitions:")
        for t, n in list(result["role_transitions"].items())[:20]:
            out.append(f"  {n:6d}  {t}")
    print("\n".join(out))
    return 0

"""`ptb2fd diff BEFORE AFTER`: compare two `regen --report` folders, or run
two rule folders on the same input. This is how a rule change is tested
before it is committed: metric changes, sentences that became or stopped
being exact, and words whose role changed, counted by rule id.

With two rule folders, both are checked before any tree is read, and the
conversions and regenerations are cached by content (ptb2fd.runner.rule_diff
and result_cache): after a one-rule edit, BEFORE's run comes from the cache
and AFTER regenerates only the sentences whose records changed.
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from ptb2fd.commands.options import add_subparser
from ptb2fd.commands.regen import add_view_option
from ptb2fd.errors import UsageError
from ptb2fd.regen.view import DEFAULT_VIEW

EXIT_STATUS = """With two rule folders, results are cached in ~/.cache/ptb2fd/results
(PTB2FD_CACHE, PTB2FD_CACHE_MB; PTB2FD_NO_CACHE=1 turns the cache off).

exit status:
  0  the comparison was printed
  2  unusable arguments (BEFORE and AFTER not two report or two rule folders, no input),
     or a problem in either rule folder (all of them listed)"""


def add_parser(sub) -> None:
    d = add_subparser(sub, "diff", "compare two regeneration reports, or two rule folders on one input",
                      epilog=EXIT_STATUS)
    d.add_argument("before", metavar="BEFORE", help="a `regen --report` folder, or a rule folder")
    d.add_argument("after", metavar="AFTER", help="the same kind as BEFORE: the changed report or rule folder")
    d.add_argument("inputs", nargs="*", metavar="INPUT",
                   help="with two rule folders: the trees to run both on (as for convert)")
    d.add_argument("--corpus", choices=["treebank"], help="with two rule folders: the NLTK Penn Treebank sample")
    d.add_argument("--files", metavar="GLOB", help="keep input files whose name matches, e.g. 'wsj_00*'")
    d.add_argument("--sections", metavar="S", help="WSJ sections, e.g. 23")
    d.add_argument("--jobs", type=int, default=None, metavar="N", help="worker processes (default 1)")
    d.add_argument("--json", action="store_true", help="print the comparison as one JSON object")
    d.add_argument("--limit", type=int, default=30, help="sentences listed per change (default 30)")
    add_view_option(d)
    d.set_defaults(run=run)


def _load_report(folder: Path) -> tuple[dict, dict[str, dict]]:
    metrics = json.loads((folder / "metrics.json").read_text(encoding="utf-8"))
    sentences = {}
    with open(folder / "sentences.jsonl", encoding="utf-8") as f:
        for line in f:
            if line.strip():
                rec = json.loads(line)
                sentences[rec["id"]] = rec
    return metrics, sentences


def _run_rule_folders(before: str, after: str, args) -> tuple[tuple[dict, dict], tuple[dict, dict]]:
    """Both folders validated first, then run with the result cache (ptb2fd.runner.rule_diff)."""
    from ptb2fd.runner.rule_diff import diff_rule_folders
    from ptb2fd.trees.inputs import resolve_inputs

    paths = resolve_inputs(args.inputs, args.corpus, args.files, args.sections)
    if "-" in paths:
        raise UsageError("diff of two rule folders reads its input twice: give files, not '-'")
    run_before, run_after = diff_rule_folders(before, after, paths, getattr(args, "encoding", None),
                                              max(1, args.jobs or 1), getattr(args, "view", DEFAULT_VIEW))
    return (run_before.metrics, run_before.records), (run_after.metrics, run_after.records)


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


def run(args) -> int:
    b, a = Path(args.before), Path(args.after)
    if (b / "sentences.jsonl").is_file() and (a / "sentences.jsonl").is_file():
        before, after = _load_report(b), _load_report(a)
    elif (b / "roles.yaml").is_file() and (a / "roles.yaml").is_file():
        if not args.inputs and not args.corpus:
            raise UsageError("diff of two rule folders needs an input: files or --corpus treebank")
        before, after = _run_rule_folders(str(b), str(a), args)
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

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
import sys
from collections import Counter
from pathlib import Path

from ptb2fd.commands.more import first, more
from ptb2fd.commands.options import STDOUT_FULL, add_subparser, exit_status
from ptb2fd.commands.regen import add_view_option
from ptb2fd.errors import UsageError
from ptb2fd.regen.view import DEFAULT_VIEW

EXIT_STATUS = exit_status(
    "the comparison was printed",
    ["with two rule folders: some sentences could not be read or converted (each reported with file, line "
     "and id; listed as only before or only after)",
     "BEFORE and AFTER have no sentence in common (dev against test): nothing compared, both named", STDOUT_FULL],
    ["unusable arguments (BEFORE and AFTER not two report or two rule folders, no input)",
     "problems in a rule folder"])


def cache_note() -> str:
    """Where the results go, as this environment has it (PTB2FD_CACHE)."""
    from ptb2fd.cache import results_dir

    return (f"With two rule folders, results are cached in {results_dir()}\n(`results` in $PTB2FD_CACHE, else "
            "in ~/.cache/ptb2fd; at most PTB2FD_CACHE_MB megabytes; PTB2FD_NO_CACHE=1 turns the cache off).")


# Rules and role transitions listed in the text output (the rest: "… N more").
SHOWN_RULES = 30
SHOWN_TRANSITIONS = 20


def add_parser(sub) -> None:
    d = add_subparser(sub, "diff", "compare two regeneration reports, or two rule folders on one input",
                      epilog=f"{cache_note()}\n\n{EXIT_STATUS}")
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
    """A report's metrics and sentence records; a damaged file is a UsageError naming it (and its line)."""
    where = folder / "metrics.json"
    try:
        metrics = json.loads(where.read_text(encoding="utf-8"))
        sentences = {}
        where = folder / "sentences.jsonl"
        with open(where, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if line.strip():
                    where = f"{folder / 'sentences.jsonl'}:{number}"
                    rec = json.loads(line)
                    sentences[rec["id"]] = rec
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise UsageError(f"{where}: not a regen --report file ({type(exc).__name__}: {exc})") from None
    return metrics, sentences


def _run_rule_folders(before: str, after: str, args) -> tuple[tuple[dict, dict], tuple[dict, dict], int]:
    """Both folders validated first, then run with the result cache
    (ptb2fd.runner.rule_diff): each one's metrics and sentence records, and
    the number of sentences that failed in either."""
    from ptb2fd.runner.rule_diff import diff_rule_folders
    from ptb2fd.runner.sources import tree_paths

    paths = tree_paths(args)
    if "-" in paths:
        raise UsageError("diff of two rule folders reads its input twice: give files, not '-'")
    run_before, run_after = diff_rule_folders(before, after, paths, getattr(args, "encoding", None),
                                              max(1, args.jobs or 1), getattr(args, "view", DEFAULT_VIEW))
    return ((run_before.metrics, run_before.records), (run_after.metrics, run_after.records),
            run_before.failed + run_after.failed)


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
    failed = 0
    if (b / "sentences.jsonl").is_file() and (a / "sentences.jsonl").is_file():
        before, after = _load_report(b), _load_report(a)
    elif (b / "roles.yaml").is_file() and (a / "roles.yaml").is_file():
        if not args.inputs and not args.corpus:
            raise UsageError("diff of two rule folders needs an input: files or --corpus treebank")
        before, after, failed = _run_rule_folders(str(b), str(a), args)
    else:
        from ptb2fd.formats.sniff import not_a_report

        for given in (args.before, args.after):
            if (problem := not_a_report(given)) is not None:
                raise UsageError(problem)
        raise UsageError("diff takes two --report folders (with sentences.jsonl) or two rule folders (with roles.yaml)")
    result = compare(before, after)
    sb, sa = result.pop("_sentences")
    if not any(i in sa for i in sb):
        # dev against test, say: every figure would compare different sentences
        print(f"ptb2fd: diff: {args.before} ({len(sb)} sentences) and {args.after} ({len(sa)} sentences) have no "
              "sentence in common: nothing compared", file=sys.stderr)
        return 1
    status = 1 if failed else 0
    if args.json:
        print(json.dumps(result, indent=1))
        return status
    out = metric_table(result["metrics"])
    for title, ids in (("became exact", result["became_exact"]), ("stopped being exact", result["stopped_exact"])):
        out.append(f"\n{title}: {len(ids)}")
        for i in first(ids, args.limit):
            out.append(f"  {i}: {sa[i]['reference'] if title == 'became exact' else sa[i]['diff']}")
        out += more(len(ids), len(first(ids, args.limit)))
    for title, ids in (("only in BEFORE", result["only_before"]), ("only in AFTER", result["only_after"])):
        if ids:
            out.append(f"\n{title}: {len(ids)} sentence(s): " + ", ".join(first(ids, args.limit)))
            out += more(len(ids), len(first(ids, args.limit)))
    out.append(f"\nwords whose role changed: {result['role_changes']}")
    by_rule = list(result["role_changes_by_rule"].items())
    for rule, n in by_rule[:SHOWN_RULES]:
        out.append(f"  {n:6d}  {rule}")
    out += more(len(by_rule), SHOWN_RULES)
    if result["role_transitions"]:
        out.append("role transitions:")
        transitions = list(result["role_transitions"].items())
        for t, n in transitions[:SHOWN_TRANSITIONS]:
            out.append(f"  {n:6d}  {t}")
        out += more(len(transitions), SHOWN_TRANSITIONS)
    print("\n".join(out))
    return status


def metric_table(metrics: dict[str, dict]) -> list[str]:
    """metric, before, after, change: columns as wide as their widest cell
    ("understandability" is 17 characters)."""
    def number(x) -> str:
        return "-" if x is None else (f"{x}" if isinstance(x, int) else f"{x:.4f}")

    def change(x) -> str:
        return "-" if x is None else (f"{x:+d}" if isinstance(x, int) else f"{x:+.4f}")

    rows = [("metric", "before", "after", "change")]
    rows += [(key, number(v["before"]), number(v["after"]), change(v["change"])) for key, v in metrics.items()]
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    return ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows]

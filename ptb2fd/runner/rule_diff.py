"""Two rule folders on the same trees, for `ptb2fd diff BEFORE AFTER INPUT…`.

Both folders are loaded (and so validated) before any tree is read: a
problem in either is reported at once, with every problem of both. Then
each folder's run is, per input file:

1. its conversion, from the cache (`ptb2fd.runner.result_cache`) or
   converted and stored;
2. its regeneration by the rules realizer, from the cache when the file's
   records and the realizer's inputs are the same as in a cached run; else
   sentence by sentence, where a sentence whose records are the same as in
   BEFORE's run takes BEFORE's result (the realizer's inputs being equal),
   so that after a one-rule edit only the sentences whose records changed
   are regenerated.

The regeneration key (`regen_stamp`) covers the code stamp, the view,
order.yaml's text and what the order rules are compiled with besides it
(the role inventory, the adjunct roles, the compound prepositions' words),
and, per entry, the records of every sentence of the file. Metrics are
summed in input order, as `regen` sums them.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

from ptb2fd import cache
from ptb2fd.errors import RuleFileError
from ptb2fd.runner import result_cache


@dataclass
class RuleRun:
    """One rule folder's run: corpus metrics, per-sentence report records,
    and per sentence (records_key, score, record) for reuse by the next run."""

    metrics: dict
    records: dict[str, dict]
    regenerated: dict[str, tuple] = field(default_factory=dict)
    stamp: str = ""
    failed: int = 0  # trees that failed to convert (each reported)
    converted: int = 0  # trees converted (not taken from the cache)
    realized: int = 0  # sentences regenerated (not taken from the cache or the other run)


def load_both(before: str | Path, after: str | Path):
    """Both rule sets, or one RuleFileError with the problems of both, each
    naming its folder ("NEW/roles.yaml:167: ...")."""
    from dataclasses import replace

    from ptb2fd.ruleset.load import load_rules

    loaded, problems = [], []
    for folder in (before, after):
        try:
            loaded.append(load_rules(folder))
        except RuleFileError as exc:
            problems.extend(p if Path(p.file).parent != Path(".") else replace(p, file=str(Path(folder) / p.file))
                            for p in exc.problems)
    if problems:
        raise RuleFileError(problems)
    return loaded


def regen_stamp(rules, view: str) -> str:
    """What the rules realizer's output depends on besides the records."""
    roles, compounds = rules.roles, rules.compounds
    return cache.make_key(result_cache.code_stamp(), view, (Path(rules.directory) / "order.yaml").read_bytes(),
                          sorted(roles.roles), sorted(roles.adjunct_roles), [r.words for r in compounds.phrasal])


def _entries(rules, paths: list[str], encoding: str | None, jobs: int, run: RuleRun):
    """Per input file, its conversion (a result_cache.FileEntry)."""
    from itertools import chain

    stamp = result_cache.conversion_stamp(rules.directory)
    keys = {p: result_cache.input_key(stamp, p, encoding) for p in paths}
    entries: dict[str, result_cache.FileEntry] = {}
    missing = []
    for p in paths:
        value = result_cache.load("convert", keys[p])
        if value is None:
            missing.append(p)
        else:
            entries[p] = result_cache.FileEntry(*value)
    if missing:
        from ptb2fd.conversion.converter import Converter
        from ptb2fd.runner.stream import convert_stream
        from ptb2fd.trees.reader import read_trees

        raws = {p: list(read_trees([p], encoding)) for p in missing}
        results = iter(convert_stream(Converter(rules), chain.from_iterable(raws.values()), jobs))
        for p in missing:
            entries[p] = result_cache.FileEntry.from_results([next(results) for _ in raws[p]])
            result_cache.store("convert", keys[p], entries[p].value())
            run.converted += len(raws[p])
    return entries


def _regenerate(entry, rules, view: str, reuse: dict, run: RuleRun) -> tuple[list, list, bytes]:
    """One file's (records keys, score values, report records as JSON): per
    sentence BEFORE's where its records are the same, else regenerated."""
    import orjson

    from ptb2fd.regen.check import RegenerationCheck
    from ptb2fd.regen.report import sentence_record

    keys, scores, records = [], [], []
    check = None
    for sent_id, _, rkey, _ in entry.index:
        if rkey is None:
            continue
        previous = reuse.get(sent_id)
        if previous is not None and previous[0] == rkey:
            score, record = previous[1], previous[2]
        else:
            if check is None:
                check = RegenerationCheck(rules.order, rules.roles.adjunct_roles, view)
            r = check.run(entry.sentence(sent_id))
            score, record = result_cache.score_values(r.score), sentence_record(r)
            run.realized += 1
        keys.append(rkey)
        scores.append(score)
        records.append(record)
    return keys, scores, orjson.dumps(records)


def run_rules(rules, paths: list[str], encoding: str | None, jobs: int, view: str,
              other: RuleRun | None = None) -> RuleRun:
    """One rule folder's run (see the module docstring); `other` is BEFORE's run."""
    import orjson

    from ptb2fd.regen.accumulate import MetricsAccumulator
    from ptb2fd.regen.report import metrics_dict

    run = RuleRun({}, {}, stamp=regen_stamp(rules, view))
    reuse = other.regenerated if other is not None and other.stamp == run.stamp else {}
    entries = _entries(rules, paths, encoding, jobs, run)
    total = MetricsAccumulator()
    for p in paths:
        entry = entries[p]
        for _, status, _, error in entry.index:
            if status == "failed":
                run.failed += 1
                print(f"ptb2fd: {error}", file=sys.stderr)
        key = None if p == "-" else cache.make_key(run.stamp, [item[2] for item in entry.index])
        done = result_cache.load("regen", key)
        if done is None:
            done = _regenerate(entry, rules, view, reuse, run)
            result_cache.store("regen", key, done)
        keys, scores, records = done[0], done[1], orjson.loads(done[2])
        for rkey, score, record in zip(keys, scores, records):
            total.add(result_cache.score_from_values(score))
            run.records[record["id"]] = record
            run.regenerated[record["id"]] = (rkey, score, record)
    run.metrics = metrics_dict(total)
    return run


def diff_rule_folders(before: str, after: str, paths: list[str], encoding: str | None = None, jobs: int = 1,
                      view: str = "paper") -> tuple[RuleRun, RuleRun]:
    """BEFORE's and AFTER's runs on the same input files."""
    rules_before, rules_after = load_both(before, after)
    run_before = run_rules(rules_before, paths, encoding, jobs, view)
    run_after = run_rules(rules_after, paths, encoding, jobs, view, run_before)
    result_cache.prune()
    return run_before, run_after

"""`regen --jobs N` and `regen --engine dask`: sentences regenerated on workers, one report.

The input is cut into pieces the workers read themselves: trees into the
partitions of `convert` (`trees.partition`), converted records into
`converted.ConvertedPiece`s (JSONL at line boundaries, Parquet by row
group). A worker (`RegenWorker`, built once per process: the rules, the
realizer, the converter for trees) converts if needed, regenerates and
scores each sentence of its piece, and sends back a `RegenPart`: one
`report.SentenceEntry` per sentence (its score parts, role and rule
counts, and with --report its sentences.jsonl line and its worst-sentence
and comparison items), the piece's input counts and its stderr lines.

This process adds the entries in input order (`ReportBuilder.add_entry`):
sums are added sentence by sentence as one process adds them, so the
metrics are the same to the last digit, the 50 worst sentences are chosen
from all of them, and the report folder is byte-identical to `--jobs 1`.

A piece whose worker dies twice (forkpool) or whose Dask task fails for
good: each of its sentences is counted as failed and named on stderr
(`worker-crash`); the others are regenerated as usual.
"""
from __future__ import annotations

import os
import sys
from contextlib import closing
from dataclasses import dataclass

from ptb2fd.regen.check import RegenerationCheck
from ptb2fd.regen.report import sentence_entry
from ptb2fd.runner.converted import ConvertedPiece, converted_files, plan_converted, records
from ptb2fd.runner.sources import JsonlCounts, converted_input
from ptb2fd.runner.stream import Summary, crashed, safe_convert


@dataclass(frozen=True)
class RegenSetup:
    """What every worker builds its RegenWorker from (sent to Dask workers)."""

    rules_dir: str | None
    view: str
    realizer: str
    model: str | None
    report: bool  # a report folder: entries carry their lines
    compare: bool  # also regenerate with the rules, for the report's comparison
    trees: bool  # the input is trees, converted on the worker
    encoding: str | None = None
    functions: str = "auto"  # --functions and --function-model, for trees
    function_model: str | None = None


@dataclass
class RegenPart:
    entries: list
    messages: list[str]
    counts: object  # Summary (trees) or JsonlCounts (converted records)


class RegenWorker:
    """The rules, realizer and (for trees) converter of one process."""

    def __init__(self, setup: RegenSetup):
        from ptb2fd.realizer.select import build_realizer
        from ptb2fd.ruleset.load import load_rules
        from ptb2fd.runner.sources import load_converter

        self.setup = setup
        self.converter = load_converter(setup.rules_dir, setup.functions, setup.function_model) if setup.trees \
            else None
        rules = self.converter.rules if self.converter is not None else load_rules(setup.rules_dir)
        self.rules = rules
        self.realizer = build_realizer(setup.realizer, rules, setup.view, setup.model)
        self.check = RegenerationCheck(rules.order, rules.roles.adjunct_roles, setup.view, self.realizer)
        self.baseline = RegenerationCheck(rules.order, rules.roles.adjunct_roles, setup.view) if setup.compare \
            else None

    def entry(self, sentence, messages: list[str]):
        other = self.baseline.run(sentence) if self.baseline is not None else None
        done = self.check.run(sentence)
        if done.error:
            messages.append(done.failure_line())
        return sentence_entry(done, other, self.setup.report)

    def run(self, piece) -> RegenPart:
        """Regenerate one piece: a ConvertedPiece, or a tree partition (list of Pieces)."""
        from ptb2fd.runner.converted import read_piece

        messages: list[str] = []
        if isinstance(piece, ConvertedPiece):
            counts = JsonlCounts()
            entries = [self.entry(s, messages) for s in read_piece(piece, counts, messages.append)]
            return RegenPart(entries, messages, counts)
        from ptb2fd.trees.partition import piece_items

        summary, entries = Summary(), []
        for p in piece:
            for raw in piece_items(p, self.setup.encoding):
                result = safe_convert(self.converter, raw)
                summary.add(result)
                if result.sentence is not None:
                    entries.append(self.entry(result.sentence, messages))
                elif result.status == "failed":
                    messages.append(f"ptb2fd: {result.error}")
        return RegenPart(entries, messages, summary)


def lost_part(piece, encoding: str | None) -> RegenPart:
    """Every sentence of a piece whose workers died, failed (read here)."""
    messages: list[str] = []
    if isinstance(piece, ConvertedPiece):
        counts = JsonlCounts()
        for where, item in records(piece):
            counts.read += 1
            counts.failed += 1
            sid = getattr(item, "id", None) or getattr(getattr(item, "location", None), "sent_id", "?")
            messages.append(f"ptb2fd: {piece.path}:{where} ({sid}): [worker] worker-crash error: the worker "
                            f"process died while regenerating this part of the input")
        return RegenPart([], messages, counts)
    from ptb2fd.trees.partition import piece_items

    summary = Summary()
    for result in crashed([raw for p in piece for raw in piece_items(p, encoding)]):
        summary.add(result)
        messages.append(f"ptb2fd: {result.error}")
    return RegenPart([], messages, summary)


def plan(args, workers: int) -> tuple[list, bool]:
    """(pieces, whether they are trees) for the inputs of `args`."""
    if converted_input(args):
        return plan_converted(converted_files(list(args.inputs)), workers), False
    from ptb2fd.runner.local_engine import partition_size
    from ptb2fd.trees.inputs import resolve_inputs
    from ptb2fd.trees.partition import count_piece, with_offsets
    from ptb2fd.trees.partition import plan as plan_trees

    from ptb2fd.runner.sources import check_tree_files

    paths = [os.path.abspath(p) for p in check_tree_files(resolve_inputs(args.inputs, args.corpus, args.files,
                                                                         args.sections))]
    # Regeneration costs about twice the conversion per tree: pieces of half the size.
    partitions, cut = plan_trees(paths, max(32 << 10, partition_size(None, paths, workers) // 2), args.encoding)
    if cut:
        partitions = with_offsets(partitions, {p: count_piece(p, args.encoding) for p in cut})
    return partitions, True


def regen_parallel(args, setup_of, builder):
    """Regenerate the inputs of `args` on `args.jobs` forked workers or on
    Dask (`args.engine`); add the entries to `builder` in order. Returns
    (the driver's RegenWorker, the merged input counts)."""
    from ptb2fd.runner.forkpool import fork_map

    dask = args.engine == "dask"
    workers = args.jobs
    client = None
    if dask:
        from ptb2fd.runner.dask_engine import _client, _close

        client = _client(args)
        if args.scheduler:
            workers = max(1, len(client.scheduler_info().get("workers", {})))
    try:
        pieces, trees = plan(args, workers)
        setup = setup_of(trees)
        worker = RegenWorker(setup)
        counts = Summary() if trees else JsonlCounts()
        if dask:
            parts = _dask_parts(client, pieces, setup, workers)
        else:
            parts = fork_map(worker.run, pieces, workers, lambda piece: lost_part(piece, setup.encoding))
        # Closed on any exit: a Ctrl-C that lands in this loop, not inside
        # the generator, must stop the workers now (fork_map's cleanup), not
        # whenever the generator is collected, which could be at interpreter
        # exit with the pool still running (a run that hung after Ctrl-C).
        with closing(parts):
            for part in parts:
                for line in part.messages:
                    print(line, file=sys.stderr)
                for entry in part.entries:
                    builder.add_entry(entry)
                counts.merge(part.counts)
        return worker, counts
    finally:
        if client is not None:
            _close(client)


_DASK_WORKERS: dict = {}  # in a Dask worker process: setup -> RegenWorker


def regen_on_dask(piece, setup: RegenSetup) -> RegenPart:
    """The Dask task: one piece, with this worker process's RegenWorker."""
    worker = _DASK_WORKERS.get(setup)
    if worker is None:
        worker = _DASK_WORKERS[setup] = RegenWorker(setup)
    return worker.run(piece)


def _dask_parts(client, pieces: list, setup: RegenSetup, workers: int):
    from ptb2fd.runner.dask_engine import _in_order

    def lost(i, piece, exc):
        return lost_part(piece, setup.encoding)

    for _, part in _in_order(client, pieces, regen_on_dask, lambda i: (setup,), lost, 4 * workers):
        yield part


__all__ = ["RegenSetup", "RegenPart", "RegenWorker", "regen_parallel"]

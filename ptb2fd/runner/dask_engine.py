"""`ptb2fd convert --engine dask [--scheduler ADDRESS]`: conversion on Dask
workers, for corpora larger than one machine converts in good time.

The input is cut into partitions (`partition.py`: whole files grouped, large
files cut at tree boundaries) that convert to the same ids and line numbers
as one process. Each partition is one Dask task: the worker loads the rules
and WordNet once (cached in the worker process) and converts its sentences.
With `-o FILE` or `-o DIR/` the worker writes the partition's shard itself
and sends back only its counts and stderr lines (`shards.py`); this process
takes them in input order, a bounded number in flight, and writes the
manifest or joins the shards into FILE (`shard_output.py`), byte-identical
to `--jobs 1`. To standard output, the rendered records come back and are
written here (`dask_output.py`). The summary line and `--stats` are merged
here across workers.

Nothing is dropped: a task that raises is retried (`retries`), a task whose
worker dies is rescheduled by Dask on another worker (up to the scheduler's
`allowed-failures`, 2 on the local cluster). A partition that fails for good
is listed here and every item in it fails with reason `worker-crash`.

The task is in dask_worker.py, the writing of one output or of shards and
their manifest in dask_output.py; this module plans, schedules and gathers.

Without `--scheduler` a local cluster is started: `--jobs` worker processes
(2 by default), one thread each. With `--scheduler`, the workers must reach
the input files, the rule folder and the -o folder at the same paths as
this process.
"""
from __future__ import annotations

import os
import sys
import uuid
import warnings
from collections import deque
from contextlib import nullcontext

from ptb2fd.errors import UsageError
from ptb2fd.runner.dask_output import write_one
from ptb2fd.conversion.provenance import created_now
from ptb2fd.runner.dask_worker import convert_partition, convert_partition_to_shard
from ptb2fd.runner.local_engine import partition_size
from ptb2fd.runner.output import ResultSink
from ptb2fd.runner.progress import Progress
from ptb2fd.runner.shard_output import ShardedOutput
from ptb2fd.trees.partition import Piece, count_piece, piece_items, plan, with_offsets

RETRIES = 2
LOCAL_ALLOWED_FAILURES = 2


def _lost(pieces: list[Piece], encoding: str | None, exc: BaseException) -> list:
    """Every item of a partition that failed for good, failed with reason
    worker-crash (its workers died) or worker-error (it kept raising). The
    items are read here: this process reads the inputs to plan them too."""
    from ptb2fd.conversion.converter import FAILED, Result
    from ptb2fd.errors import ConversionError

    if type(exc).__name__ == "KilledWorker":
        reason, why = "worker-crash", "every worker that ran it died"
    else:
        reason, why = "worker-error", f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
    out = []
    for raw in _items(pieces, encoding):
        err = ConversionError(f"the Dask task for this sentence's partition failed for good: {why}",
                              raw.location, "worker")
        out.append(Result(raw.sent_id, raw.location, FAILED, error=err, reason=reason))
    return out


def _items(pieces: list[Piece], encoding: str | None):
    for piece in pieces:
        yield from piece_items(piece, encoding)


def _client(args):
    """A Dask client: on the scheduler at --scheduler, or on a new local
    cluster of --jobs worker processes (closed with the client)."""
    import logging

    import dask
    from distributed import Client, LocalCluster

    if args.scheduler:
        try:
            return Client(args.scheduler, timeout="20s")
        except (OSError, TimeoutError) as exc:
            raise UsageError(f"--scheduler {args.scheduler}: cannot connect: {exc}") from None
    dask.config.set({"distributed.scheduler.allowed-failures": LOCAL_ALLOWED_FAILURES,
                     "distributed.worker.daemon": True})
    with warnings.catch_warnings():
        # "Port 8787 is already in use ... Hosting the HTTP server on port N
        # instead": another cluster on this machine; harmless, and stderr is
        # the run's report.
        warnings.filterwarnings("ignore", message="Port .* is already in use", category=UserWarning)
        cluster = LocalCluster(n_workers=args.jobs, threads_per_worker=1, processes=True, dashboard_address=None,
                               silence_logs=logging.CRITICAL)
    client = Client(cluster)
    client._ptb2fd_cluster = cluster  # closed in _close
    return client


def _close(client) -> None:
    cluster = getattr(client, "_ptb2fd_cluster", None)
    client.close()
    if cluster is not None:
        cluster.close()


def _in_order(client, partitions: list[list[Piece]], task, args: tuple, lost, window: int):
    """(index, task's result) per partition, in order, at most `window` in
    flight; `lost(index, pieces, exc)` for a partition that failed for good."""
    futures: deque = deque()
    todo = iter(enumerate(partitions))
    run = uuid.uuid4().hex  # task keys unique to this run: a key seen before would return its old result
    while True:
        while len(futures) < window:
            nxt = next(todo, None)
            if nxt is None:
                break
            i, pieces = nxt
            fut = client.submit(task, pieces, *args(i), retries=RETRIES, pure=False,
                                key=f"ptb2fd-partition-{i}-{run}")
            futures.append((i, pieces, fut))
        if not futures:
            return
        i, pieces, fut = futures.popleft()
        try:
            result = fut.result()
        except Exception as exc:  # noqa: BLE001 - KilledWorker, or a task that kept raising
            result = lost(i, pieces, exc)
        fut.release()
        yield i, result


def partition_results(client, partitions: list[list[Piece]], rules_dir, fmt, encoding, window: int):
    """(partition index, its rendered Results) in order (standard output)."""
    created = created_now()  # one creation time for the records of every worker
    return _in_order(client, partitions, convert_partition, lambda i: (rules_dir, fmt, encoding, created),
                     lambda i, pieces, exc: _lost(pieces, encoding, exc), window)


def shard_results(client, partitions: list[list[Piece]], rules_dir, args, folder, durable: bool, window: int):
    """The PartResult of each partition, in order: the workers write the
    shards; a partition lost for good is written here, every sentence failed."""
    from ptb2fd.runner.shards import write_shard

    def lost(i, pieces, exc):
        return write_shard(_lost(pieces, args.encoding, exc), folder, i, args.format, args.quiet, args.strict,
                           durable, getattr(args, "verbose", False))

    created = created_now()  # one creation time for the records of every worker

    def task_args(i):
        return (rules_dir, args.format, args.encoding, str(folder), i, args.quiet, args.strict, durable, created,
                getattr(args, "verbose", False))

    for _, part in _in_order(client, partitions, convert_partition_to_shard, task_args, lost, window):
        yield part


def _plan(args, client, paths):
    workers = args.jobs if not args.scheduler else max(1, len(client.scheduler_info().get("workers", {})))
    partitions, cut = plan(paths, partition_size(args.partition_size, paths, workers), args.encoding)
    if cut:
        futs = client.map(count_piece, cut, encoding=args.encoding, retries=RETRIES, pure=False)
        counts = dict(zip(cut, client.gather(futs)))
        partitions = with_offsets(partitions, counts)
    return partitions, workers


def convert_with_dask(args) -> int:
    """`convert --engine dask`: exit statuses as for the local engine."""
    from ptb2fd.formats.registry import header
    from ptb2fd.ruleset.load import load_rules
    from ptb2fd.trees.inputs import resolve_inputs

    from ptb2fd.runner.sources import check_tree_files

    paths = check_tree_files(resolve_inputs(args.inputs, args.corpus, args.files, args.sections))
    if "-" in paths:
        raise UsageError("--engine dask reads files the workers can open: standard input ('-') is not supported")
    paths = [os.path.abspath(p) for p in paths]
    if args.stats and os.path.isdir(args.stats):
        raise UsageError(f"--stats {args.stats}: is a folder")
    if getattr(args, "functions", "auto") != "auto" or getattr(args, "function_model", None):
        raise UsageError("--functions gold|infer and --function-model go with --engine local (the Dask workers "
                         "convert with --functions auto and the shipped model)")
    to_file = bool(args.output) and args.output != "-"
    if not to_file and args.format == "parquet":
        raise UsageError("--engine dask --format parquet writes files: give -o FILE or -o DIR/")
    rules_dir = os.path.abspath(args.rules) if args.rules else None
    rules = load_rules(rules_dir)  # rule errors: exit 2 before any cluster starts
    sink = ResultSink(args.quiet, args.strict, verbose=getattr(args, "verbose", False))
    show = sys.stderr.isatty() and not args.quiet
    # The cluster closes before the output does: no task writes a shard
    # after a stopped or interrupted run has removed its shards.
    target = ShardedOutput(args.output, args.format, sink) if to_file else nullcontext()
    try:
        with target:
            client = _client(args)
            try:
                partitions, workers = _plan(args, client, paths)
                sizes = [sum(piece.size for piece in pieces) for pieces in partitions]
                bar = Progress(show).total_bytes(sum(sizes))
                if to_file:
                    for part in shard_results(client, partitions, rules_dir, args, target.folder.resolve(),
                                              target.keep is not None, window=16 * workers):
                        bar.part(part.summary.read, sizes[part.index])
                        if target.take(part):
                            break
                else:
                    stream = partition_results(client, partitions, rules_dir, args.format, args.encoding,
                                               window=4 * workers)
                    stream = ((i, bar.part(len(rs), sizes[i]) or rs) for i, rs in stream)
                    write_one(args.output, stream, sink, args.format, header(args.format))
                bar.close()
            finally:
                _close(client)
    except KeyboardInterrupt:
        print(f"ptb2fd: interrupted ({sink.summary.read} trees read)", file=sys.stderr)
        return 130
    return sink.finish(args.output, args.stats, rules.rule_ids())

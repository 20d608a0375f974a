"""`ptb2fd convert --engine dask [--scheduler ADDRESS]`: conversion on Dask
workers, for corpora larger than one machine converts in good time.

The input is cut into partitions (`partition.py`: whole files grouped, large
files cut at tree boundaries) that convert to the same ids and line numbers
as one process. Each partition is one Dask task: the worker loads the rules
and WordNet once (cached in the worker process), converts and renders its
sentences, and sends back one Result per item, in order. This process
gathers the partitions in input order, a bounded number in flight, and
writes either one output (`-o FILE` or stdout, byte-identical to `--jobs 1`)
or, with `-o DIR/`, one shard per partition and a `manifest.json` listing
the shards in order with their sentence counts and SHA-256. The summary line
and `--stats` are counted here, so they are merged across workers.

Nothing is dropped: a task that raises is retried (`retries`), a task whose
worker dies is rescheduled by Dask on another worker (up to the scheduler's
`allowed-failures`, 2 on the local cluster). A partition that fails for good
is listed here and every item in it fails with reason `worker-crash`.

The task is in dask_worker.py, the writing of one output or of shards and
their manifest in dask_output.py; this module plans, schedules and gathers.

Without `--scheduler` a local cluster is started: `--jobs` worker processes
(2 by default), one thread each. With `--scheduler`, the workers must reach
the input files and the rule folder at the same paths as this process.
"""
from __future__ import annotations

import os
import sys
import uuid
from collections import deque

from ptb2fd.errors import UsageError
from ptb2fd.runner.dask_output import shard_dir, write_one, write_shards
from ptb2fd.runner.dask_worker import convert_partition
from ptb2fd.runner.output import ResultSink
from ptb2fd.trees.partition import Piece, count_piece, parse_size, piece_items, plan, with_offsets

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


def _partition_size(args, paths: list[str], workers: int) -> int:
    given = parse_size(args.partition_size)
    if given is not None:
        return given
    total = sum(os.path.getsize(p) for p in paths)
    # At most 4 MB: a partition's records (about 15 times its input) wait on
    # its worker until this process takes them, 4 partitions per worker.
    return max(64 << 10, min(4 << 20, total // max(1, workers * 8)))


def partition_results(client, partitions: list[list[Piece]], rules_dir, fmt, encoding, window: int):
    """(partition index, its Results) in order; at most `window` partitions
    in flight."""
    futures: deque = deque()
    todo = iter(enumerate(partitions))
    run = uuid.uuid4().hex  # task keys unique to this run: a key seen before would return its old result
    while True:
        while len(futures) < window:
            nxt = next(todo, None)
            if nxt is None:
                break
            i, pieces = nxt
            fut = client.submit(convert_partition, pieces, rules_dir, fmt, encoding, retries=RETRIES, pure=False,
                                key=f"ptb2fd-partition-{i}-{run}")
            futures.append((i, pieces, fut))
        if not futures:
            return
        i, pieces, fut = futures.popleft()
        try:
            results = fut.result()
        except Exception as exc:  # noqa: BLE001 - KilledWorker, or a task that kept raising
            results = _lost(pieces, encoding, exc)
        fut.release()
        yield i, results


def _plan(args, client, paths):
    workers = args.jobs if not args.scheduler else max(1, len(client.scheduler_info().get("workers", {})))
    partitions, cut = plan(paths, _partition_size(args, paths, workers), args.encoding)
    if cut:
        futs = client.map(count_piece, cut, encoding=args.encoding, retries=RETRIES, pure=False)
        counts = dict(zip(cut, client.gather(futs)))
        partitions = with_offsets(partitions, counts)
    return partitions, workers


def convert_with_dask(args) -> int:
    """`convert --engine dask`: exit statuses as for the local engine."""
    from tqdm import tqdm

    from ptb2fd.formats import conllup
    from ptb2fd.ruleset.load import load_rules
    from ptb2fd.trees.inputs import resolve_inputs

    paths = resolve_inputs(args.inputs, args.corpus, args.files, args.sections)
    if "-" in paths:
        raise UsageError("--engine dask reads files the workers can open: standard input ('-') is not supported")
    paths = [os.path.abspath(p) for p in paths]
    folder = shard_dir(args.output)
    if args.stats and os.path.isdir(args.stats):
        raise UsageError(f"--stats {args.stats}: is a folder")
    if getattr(args, "functions", "auto") != "auto" or getattr(args, "function_model", None):
        raise UsageError("--functions gold|infer and --function-model go with --engine local (the Dask workers "
                         "convert with --functions auto and the shipped model)")
    rules_dir = os.path.abspath(args.rules) if args.rules else None
    rules = load_rules(rules_dir)  # rule errors: exit 2 before any cluster starts
    sink = ResultSink(args.quiet, args.strict)
    show = sys.stderr.isatty() and not args.quiet
    client = _client(args)
    try:
        partitions, workers = _plan(args, client, paths)
        stream = partition_results(client, partitions, rules_dir, args.format, args.encoding, window=4 * workers)
        bar = tqdm(unit="tree", disable=not show, file=sys.stderr, dynamic_ncols=True, leave=False)
        stream = ((i, bar.update(len(rs)) or rs) for i, rs in stream)
        if folder is not None:
            write_shards(folder, stream, sink, args.format)
        else:
            write_one(args.output, stream, sink, args.format, conllup.header())
        bar.close()
    except KeyboardInterrupt:
        print(f"ptb2fd: interrupted ({sink.summary.read} trees read)", file=sys.stderr)
        return 130
    finally:
        _close(client)
    return sink.finish(args.output, args.stats, rules.rule_ids())

"""`convert --jobs N -o FILE` and `-o DIR/`: partitions converted and written by the workers.

The input files are cut into partitions (`trees.partition.plan`: whole
files grouped, large files cut at tree boundaries, with the ids and line
numbers of one process). Each partition is one task on a forked worker
(`forkpool.fork_map`): the worker reads its pieces of the input itself,
converts them and writes its shard (`shards.write_shard`); it sends back
only a `PartResult`. This process plans, takes the PartResults in input
order and writes the manifest or joins the shards (`shard_output.py`): it
neither reads the trees nor writes the records, so it stays nearly idle
however many workers there are (`make bench`: driver CPU per worker CPU).

Default partition size: the input divided into 16 partitions per worker,
at least 64 KB and at most 4 MB of trees (`--partition-size` to choose):
many small partitions keep every worker busy to the end of the run.

A partition whose worker dies twice (see forkpool) is converted again here
in batches of 64 trees (`stream.convert_stream`), each batch alone in a
fresh worker: the batch that kills its worker again fails, each sentence
with reason `worker-crash`, and the rest of the partition is written as
usual.
"""
from __future__ import annotations

import os
from contextlib import closing

from ptb2fd.runner.forkpool import fork_map
from ptb2fd.runner.shard_output import ShardedOutput
from ptb2fd.runner.shards import write_shard
from ptb2fd.runner.stream import convert_stream, maybe_crash, safe_convert
from ptb2fd.trees.partition import count_piece, parse_size, piece_items, plan, with_offsets

MIN_PARTITION, MAX_PARTITION, PER_WORKER = 64 << 10, 4 << 20, 16


def partition_size(given: str | None, paths: list[str], workers: int) -> int:
    size = parse_size(given)
    if size is not None:
        return size
    total = sum(os.path.getsize(p) for p in paths)
    return max(MIN_PARTITION, min(MAX_PARTITION, total // max(1, workers * PER_WORKER)))


def plan_partitions(paths: list[str], size: int, encoding: str | None, jobs: int) -> list:
    """The partitions, with the offsets of cut files counted on the workers."""
    partitions, cut = plan(paths, size, encoding)
    if cut:
        def count(piece):
            return count_piece(piece, encoding)

        partitions = with_offsets(partitions, dict(zip(cut, fork_map(count, cut, jobs, count))))
    return partitions


def convert_to_shards(converter, paths: list[str], args, sink, progress=None) -> None:
    """Convert `paths` into the shards or the file `args.output` names;
    counts and stderr lines go through `sink` as one process gives them.
    `progress`: a runner.progress.Progress, advanced by each partition's bytes."""
    encoding, fmt, jobs = args.encoding, args.format, args.jobs
    verbose = getattr(args, "verbose", False)
    partitions = plan_partitions(paths, partition_size(args.partition_size, paths, jobs), encoding, jobs)
    sizes = [sum(piece.size for piece in pieces) for pieces in partitions]
    if progress is not None:
        progress.total_bytes(sum(sizes))
    with ShardedOutput(args.output, fmt, sink) as target:
        folder, durable = target.folder, target.keep is not None

        def results(pieces):
            for piece in pieces:
                for raw in piece_items(piece, encoding):
                    maybe_crash(raw.sent_id)
                    yield safe_convert(converter, raw)

        def task(job):
            index, pieces = job
            return write_shard(results(pieces), folder, index, fmt, args.quiet, args.strict, durable, verbose)

        def lost(job):
            index, pieces = job
            items = (raw for piece in pieces for raw in piece_items(piece, encoding))
            return write_shard(convert_stream(converter, items, max(2, jobs)), folder, index, fmt, args.quiet,
                               args.strict, durable, verbose)

        with closing(fork_map(task, enumerate(partitions), jobs, lost)) as parts:
            for part in parts:
                if progress is not None:
                    progress.part(part.summary.read, sizes[part.index])
                if target.take(part):
                    break

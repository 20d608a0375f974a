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

Without `--scheduler` a local cluster is started: `--jobs` worker processes
(2 by default), one thread each. With `--scheduler`, the workers must reach
the input files and the rule folder at the same paths as this process.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
import uuid
from collections import deque
from pathlib import Path

from .errors import UsageError
from .output import ResultSink, atomic_output
from .partition import Piece, count_piece, parse_size, piece_items, plan, with_offsets

RETRIES = 2
LOCAL_ALLOWED_FAILURES = 2
CRASH_ENV = "PTB2FD_TEST_DASK_CRASH"  # fault injection: "id,id@once": the worker dies on these sentences
CRASH_FLAGS_ENV = "PTB2FD_TEST_DASK_FLAGS"  # folder remembering which "@once" crashes happened
SHARD_EXT = {"jsonl": "jsonl", "conllup": "conllup", "halogen": "halogen"}
_CONVERTERS: dict = {}


# ---------------------------------------------------------------- on the workers

def _converter(rules_dir: str | None):
    """The worker process's converter for `rules_dir`, built once."""
    if rules_dir not in _CONVERTERS:
        from .convert import Converter
        from .ruleset import load_rules
        from .wordnet import ensure_wordnet

        rules = load_rules(rules_dir)
        ensure_wordnet()
        _CONVERTERS[rules_dir] = Converter(rules)
    return _CONVERTERS[rules_dir]


def _renderer(fmt: str):
    from .formats import conllup, halogen, jsonl

    return {"jsonl": jsonl.dump_sentence, "conllup": conllup.dump_sentence, "halogen": halogen.dump_sentence}[fmt]


def _maybe_crash(sent_id: str) -> None:
    """Fault injection for the tests: die on a marked sentence (always, or
    only the first time with "@once")."""
    for mark in os.environ.get(CRASH_ENV, "").split(","):
        sid, _, once = mark.partition("@")
        if sid != sent_id:
            continue
        if once:
            flag = Path(os.environ.get(CRASH_FLAGS_ENV, "/tmp")) / f"crashed-{sid.replace('/', '_')}"
            try:
                os.close(os.open(flag, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
            except FileExistsError:
                continue
        os._exit(3)


def convert_partition(pieces: list[Piece], rules_dir: str | None, fmt: str, encoding: str | None) -> list:
    """One Result per item of the partition, in order, rendered."""
    from .run import safe_convert

    converter, render = _converter(rules_dir), _renderer(fmt)
    out = []
    for piece in pieces:
        for raw in piece_items(piece, encoding):
            _maybe_crash(raw.sent_id)
            result = safe_convert(converter, raw)
            if result.sentence is not None:
                result.text = render(result.sentence)
                result.sentence = None
            out.append(result)
    return out


# ---------------------------------------------------------------- here

def _lost(pieces: list[Piece], encoding: str | None, exc: BaseException) -> list:
    """Every item of a partition that failed for good, failed with reason
    worker-crash (its workers died) or worker-error (it kept raising). The
    items are read here: this process reads the inputs to plan them too."""
    from .convert import FAILED, Result
    from .errors import ConversionError

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


def _shard_dir(output: str | None) -> Path | None:
    if output and output != "-" and (output.endswith(("/", os.sep)) or os.path.isdir(output)):
        return Path(output)
    return None


class _Hashing:
    """A text handle that also hashes what is written to it."""

    def __init__(self, handle):
        self.handle, self.sha, self.bytes = handle, hashlib.sha256(), 0

    def write(self, text: str) -> None:
        data = text.encode("utf-8")
        self.sha.update(data)
        self.bytes += len(data)
        self.handle.write(text)


def _write_shards(folder: Path, stream, sink: ResultSink, fmt: str) -> bool:
    """One shard per partition and manifest.json (written last). False when
    --strict stopped the run (no manifest is written then)."""
    from .formats import conllup

    folder.mkdir(parents=True, exist_ok=True)
    manifest_path = folder / "manifest.json"
    old = set()
    if manifest_path.is_file():
        try:
            old = {s["file"] for s in json.loads(manifest_path.read_text(encoding="utf-8"))["shards"]}
        except (ValueError, KeyError, TypeError):
            old = set()
    shards = []
    for i, results in stream:
        name = f"part-{i:05d}.{SHARD_EXT[fmt]}"
        n = 0
        with atomic_output(str(folder / name)) as handle:
            out = _Hashing(handle)
            if fmt == "conllup":
                out.write(conllup.header())
            for result in results:
                n += result.text is not None
                if sink.add(result, out):
                    return False
        shards.append({"file": name, "sentences": n, "bytes": out.bytes, "sha256": out.sha.hexdigest()})
    s = sink.summary
    manifest = {"format": fmt, "sentences": sum(x["sentences"] for x in shards), "shards": shards,
                "summary": {"read": s.read, "converted": s.converted, "failed": s.failed, "skipped": s.skipped}}
    with atomic_output(str(manifest_path)) as handle:
        json.dump(manifest, handle, indent=1)
        handle.write("\n")
    for stale in old - {x["file"] for x in shards}:
        if stale.startswith("part-"):
            (folder / stale).unlink(missing_ok=True)
    return True


def cmd_convert_dask(args) -> int:
    """`convert --engine dask`: exit statuses as for the local engine."""
    from tqdm import tqdm

    from .formats import conllup
    from .inputs import resolve_inputs
    from .ruleset import load_rules

    paths = resolve_inputs(args.inputs, args.corpus, args.files, args.sections)
    if "-" in paths:
        raise UsageError("--engine dask reads files the workers can open: standard input ('-') is not supported")
    paths = [os.path.abspath(p) for p in paths]
    folder = _shard_dir(args.output)
    if args.stats and os.path.isdir(args.stats):
        raise UsageError(f"--stats {args.stats}: is a folder")
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
            _write_shards(folder, stream, sink, args.format)
        else:
            _write_one(args.output, stream, sink, args.format, conllup.header())
        bar.close()
    except KeyboardInterrupt:
        print(f"ptb2fd: interrupted ({sink.summary.read} trees read)", file=sys.stderr)
        return 130
    finally:
        _close(client)
    return sink.finish(args.output, args.stats, rules.rule_ids())


class _Stop(Exception):
    """--strict stopped the run: the -o file is discarded."""


def _write_one(output: str | None, stream, sink: ResultSink, fmt: str, header: str) -> None:
    try:
        with atomic_output(output) as out:
            if fmt == "conllup":
                out.write(header)
            for _, results in stream:
                for result in results:
                    if sink.add(result, out):
                        if out is not sys.stdout:
                            raise _Stop()
                        return
    except _Stop:
        pass

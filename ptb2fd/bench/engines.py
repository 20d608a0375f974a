"""`make bench`, measures 6 and 7: the Dask engine and `ptb2fd analyse`.

`dask_vs_jobs1` converts the sample to a file with `--jobs 1`, `--jobs 2`
and the Dask engine on a local cluster (the workers write shards),
interleaved, and projects core-hours for the full Treebank and for 10
million sentences from the `--jobs 1` rate.
`analyse_speed` times `ptb2fd analyse` on the sample as two systems. Both
return their figures; `dask_report` and `analyse_line` word them, and
`bench.bench_dask` / `bench.bench_analyse` print them in `make bench`.
"""
from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

from ptb2fd.bench.process import TARGETS, _best

DASK_TARGET = 1.8  # Dask, 2 local workers, vs --jobs 1


def dask_vs_jobs1(repeat: int = 3, workers: int = 2) -> dict:
    """Trees/s converting the sample to one JSONL file as `convert -o FILE`
    runs: `--jobs 1`, `--jobs 2`, and the Dask engine on a local cluster of
    `workers` processes whose workers write the shards (joined into FILE
    here), interleaved, best of `repeat`. Steady state: the cluster is
    started and its workers have loaded the rules (a warm-up run) before the
    clock starts; the start-up is reported on its own. Projections use the
    `--jobs 1` rate as the per-core rate."""
    import logging
    from types import SimpleNamespace

    from distributed import Client, LocalCluster

    from ptb2fd.bench.scaling import ceiling, convert_once
    from ptb2fd.ruleset.load import load_rules
    from ptb2fd.runner.dask_engine import shard_results
    from ptb2fd.runner.local_engine import partition_size
    from ptb2fd.runner.output import ResultSink
    from ptb2fd.runner.shard_output import ShardedOutput
    from ptb2fd.trees.partition import count_piece, plan, with_offsets
    from ptb2fd.trees.reader import resolve_inputs

    paths = resolve_inputs([], "treebank")
    rules = load_rules()
    partitions, cut = plan(paths, partition_size(None, paths, workers))
    partitions = with_offsets(partitions, {p: count_piece(p) for p in cut})
    tmp = Path(tempfile.mkdtemp(prefix="ptb2fd-bench-dask-"))
    args = SimpleNamespace(encoding=None, format="jsonl", gzip=False, quiet=True, strict=False, verbose=False)

    def dask_run(target: str) -> int:
        sink = ResultSink(quiet=True)
        with ShardedOutput(target, "jsonl", sink) as out:
            for part in shard_results(client, partitions, None, args, out.folder.resolve(), False, 16 * workers):
                out.take(part)
        return sink.summary.read

    t = time.perf_counter()
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                           silence_logs=logging.CRITICAL)
    client = Client(cluster)
    times: dict[str, list[float]] = {"jobs1": [], "jobs2": [], "dask": []}
    try:
        n = dask_run(str(tmp / "warm.jsonl"))  # warm-up: the workers load the rules
        startup = time.perf_counter() - t
        for _ in range(repeat):
            for jobs in (1, 2):
                times[f"jobs{jobs}"].append(convert_once(rules, paths, str(tmp / f"jobs{jobs}.jsonl"), jobs)["wall"])
            t = time.perf_counter()
            dask_run(str(tmp / "dask.jsonl"))
            times["dask"].append(time.perf_counter() - t)
        same = (tmp / "dask.jsonl").read_bytes() == (tmp / "jobs1.jsonl").read_bytes()
    finally:
        client.close()
        cluster.close()
        shutil.rmtree(tmp, ignore_errors=True)
    rate = {k: n / _best(v) for k, v in times.items()}
    per_core = rate["jobs1"]
    return {
        "trees": n, "dask_workers": workers, "dask_startup_s": round(startup, 1), "repeat": repeat,
        "jobs1_trees_per_s": round(rate["jobs1"]), "jobs2_trees_per_s": round(rate["jobs2"]),
        "dask_trees_per_s": round(rate["dask"]), "dask_vs_jobs1": round(rate["dask"] / rate["jobs1"], 2),
        "dask_same_bytes": same, "two_process_ceiling": ceiling(repeat),
        "treebank_core_hours": round(49_208 / per_core / 3600, 3),
        "ten_million_core_hours": round(10_000_000 / per_core / 3600, 1),
    }


def dask_report(m: dict) -> str:
    return (f"trees/s converting the sample to a JSONL file ({m['trees']} trees): --jobs 1 {m['jobs1_trees_per_s']}, "
            f"--jobs 2 {m['jobs2_trees_per_s']}, Dask with {m['dask_workers']} local workers writing shards "
            f"{m['dask_trees_per_s']}: {m['dask_vs_jobs1']}x --jobs 1 (target >= {DASK_TARGET}x; ceiling "
            f"{m['two_process_ceiling']}x; output {'byte-identical' if m['dask_same_bytes'] else 'DIFFERENT'}; "
            f"cluster start and worker warm-up {m['dask_startup_s']} s, not counted)\n"
            f"at the --jobs 1 rate per core: full Treebank (49,208 sentences) {m['treebank_core_hours'] * 60:.1f} "
            f"core-minutes, 10 million sentences {m['ten_million_core_hours']} core-hours "
            f"(best of {m['repeat']})")


def analyse_speed() -> dict:
    """`ptb2fd analyse` on the whole sample as two systems (target: at most 60 s).

    The two systems are one `regen --report` of the sample and a copy of it
    under another name: the analysis does the same work whatever the scores.
    `python -m ptb2fd.bench --no-analyse` skips it.
    """
    import contextlib

    from ptb2fd.cli import main as cli

    tmp = Path(tempfile.mkdtemp(prefix="ptb2fd-bench-analyse-"))
    try:
        a, b = tmp / "a", tmp / "b"
        with open(os.devnull, "w") as null, contextlib.redirect_stdout(null), contextlib.redirect_stderr(null):
            regen_code = cli(["regen", "--corpus", "treebank", "--report", str(a)])
            if regen_code != 0 or not a.is_dir():
                raise SystemExit(f"bench analyse: `ptb2fd regen --corpus treebank` failed (exit {regen_code}); "
                                 "is the NLTK treebank sample on NLTK_DATA? `make bench` sets it")
            shutil.copytree(a, b)
            t = time.perf_counter()
            code = cli(["analyse", str(a), str(b), "-o", str(tmp / "out")])
            wall = time.perf_counter() - t
        sentences = sum(1 for _ in open(a / "sentences.jsonl", encoding="utf-8"))
        return {"analyse_s": round(wall, 1), "analyse_sentences": 2 * sentences, "analyse_exit": code}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def analyse_line(m: dict) -> str:
    return (f"ptb2fd analyse, sample as two systems ({m['analyse_sentences']} sentences): {m['analyse_s']} s "
            f"(target <= {TARGETS['analyse_s']} s)")

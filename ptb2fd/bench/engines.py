"""`make bench`, measures 6 and 7: the Dask engine and `ptb2fd analyse`.

`dask_vs_jobs1` converts the sample with `--jobs 1`, `--jobs 2` and the
Dask engine on a local cluster, interleaved, and projects core-hours for
the full Treebank and for 10 million sentences from the `--jobs 1` rate.
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


def dask_vs_jobs1(repeat: int = 3, workers: int = 2) -> dict:
    """Trees/s converting the sample (rendered to JSONL, as `convert` runs):
    `--jobs 1`, `--jobs 2`, and the Dask engine on a local cluster of
    `workers` processes, interleaved, best of `repeat`. Steady state: the
    cluster is started and its workers have loaded the rules (a warm-up
    run) before the clock starts; the start-up is reported on its own.
    Projections use the `--jobs 1` rate as the per-core rate."""
    import io
    import logging

    from distributed import Client, LocalCluster

    from ptb2fd.conversion.converter import Converter
    from ptb2fd.formats.jsonl import dump_sentence
    from ptb2fd.ruleset.load import load_rules
    from ptb2fd.runner.dask_engine import partition_results
    from ptb2fd.runner.stream import convert_stream
    from ptb2fd.trees.partition import plan
    from ptb2fd.trees.reader import read_trees, resolve_inputs

    paths = resolve_inputs([], "treebank")
    raws = list(read_trees(paths))
    rules = load_rules()
    partitions, _ = plan(paths, max(64 << 10, sum(map(os.path.getsize, paths)) // (workers * 8)))
    t = time.perf_counter()
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                           silence_logs=logging.CRITICAL)
    client = Client(cluster)
    times: dict[str, list[float]] = {"jobs1": [], "jobs2": [], "dask": []}
    try:
        list(partition_results(client, partitions, None, "jsonl", None, window=4 * workers))  # warm-up
        startup = time.perf_counter() - t
        for _ in range(repeat):
            for jobs in (1, 2):
                conv = Converter(rules)
                t = time.perf_counter()
                for result in convert_stream(conv, iter(raws), jobs, render=dump_sentence):
                    io.StringIO().write(result.text or "")
                times[f"jobs{jobs}"].append(time.perf_counter() - t)
            sink = io.StringIO()
            t = time.perf_counter()
            for _, results in partition_results(client, partitions, None, "jsonl", None, window=4 * workers):
                for result in results:
                    sink.write(result.text or "")
            times["dask"].append(time.perf_counter() - t)
    finally:
        client.close()
        cluster.close()
    n = len(raws)
    rate = {k: n / _best(v) for k, v in times.items()}
    per_core = rate["jobs1"]
    return {
        "trees": n, "dask_workers": workers, "dask_startup_s": round(startup, 1), "repeat": repeat,
        "jobs1_trees_per_s": round(rate["jobs1"]), "jobs2_trees_per_s": round(rate["jobs2"]),
        "dask_trees_per_s": round(rate["dask"]), "dask_vs_jobs1": round(rate["dask"] / rate["jobs1"], 2),
        "treebank_core_hours": round(49_208 / per_core / 3600, 3),
        "ten_million_core_hours": round(10_000_000 / per_core / 3600, 1),
    }


def dask_report(m: dict) -> str:
    return (f"trees/s on the sample ({m['trees']} trees, JSONL rendered): --jobs 1 {m['jobs1_trees_per_s']}, "
            f"--jobs 2 {m['jobs2_trees_per_s']}, Dask with {m['dask_workers']} local workers "
            f"{m['dask_trees_per_s']} ({m['dask_vs_jobs1']}x --jobs 1; cluster start and worker warm-up "
            f"{m['dask_startup_s']} s, not counted)\n"
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

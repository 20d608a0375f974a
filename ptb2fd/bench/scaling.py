"""`make bench`: scaling past one writer, as the commands run.

- `bench_jobs`: `convert -o FILE` of the sample with `--jobs 1` (one
  process writes) and `--jobs 2` (workers write shards, joined into FILE),
  interleaved, best wall time of `repeat` (target >= 1.85x); the CPU the
  driver spends per 1,000 trees divided by the CPU one worker spends per
  1,000 trees, with `-o DIR/` (workers' shards, a manifest) and `-o FILE`
  (joined) (target <= 5 %: so 16 and more workers scale); and the size of
  the sample as Parquet divided by its size as JSONL (target <= 1/8).
- `bench_regen_jobs`: `regen` of the converted sample (JSONL) with `--jobs
  1` and `--jobs 2` (target >= 1.8x), beside two independent `--jobs 1`
  runs at once (this workload's own ceiling: two Python processes slow
  each other down through the shared caches more than a plain loop does),
  and the CPU of the driver and of the workers.

Each parallel row prints the machine's own two-process ceiling beside it
(`calibrate`: two plain CPU-bound processes against one): on a shared
machine, compare the ratio with the ceiling. The runs are in this process,
with a converter built beforehand (the rules and WordNet load once, as a
warm command does), through the same functions the commands call.
"""
from __future__ import annotations

import contextlib
import io
import resource
import shutil
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

from ptb2fd.bench.process import _best, _range, _sample_paths, calibrate

SCALING_TARGETS = {"jobs2_speedup": 1.85, "driver_share": 0.05, "parquet_share": 1 / 8, "regen_jobs2_speedup": 1.8,
                   "dask_vs_jobs1": 1.8}
_CEILING: list[float] = []


def ceiling(repeat: int) -> float:
    """The two-process ceiling, measured once per `make bench`."""
    if not _CEILING:
        _CEILING.append(round(calibrate(repeat), 2))
    return _CEILING[0]


def _cpu() -> tuple[float, float]:
    """(this process's CPU seconds, its reaped children's)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime, kids.ru_utime + kids.ru_stime


def convert_once(rules, paths: list[str], output: str, jobs: int, fmt: str = "jsonl") -> dict:
    """One `convert` of `paths` to `output` as the command runs it: wall
    seconds, driver CPU and workers' CPU."""
    from ptb2fd.commands.convert import _convert_sharded, _convert_streaming, _sharded
    from ptb2fd.conversion.converter import Converter
    from ptb2fd.runner.output import ResultSink
    from ptb2fd.runner.progress import Progress
    from ptb2fd.trees.reader import read_trees

    args = SimpleNamespace(encoding=None, format=fmt, gzip=False, jobs=jobs, output=output, partition_size=None,
                           quiet=True, strict=False, verbose=False)
    converter = Converter(rules)  # fresh caches: a user converts a corpus once
    sink = ResultSink(quiet=True)
    me, kids = _cpu()
    t = time.perf_counter()
    if _sharded(args):
        _convert_sharded(converter, paths, args, sink, False)
    else:
        _convert_streaming(converter, read_trees(paths), args, sink, Progress(False))
    wall = time.perf_counter() - t
    me2, kids2 = _cpu()
    return {"wall": wall, "driver_cpu": me2 - me, "workers_cpu": kids2 - kids, "trees": sink.summary.read}


def bench_jobs(args) -> dict:
    """--jobs 2 vs --jobs 1, the driver's share of the CPU, Parquet's size."""
    from ptb2fd.ruleset.load import load_rules

    rules = load_rules()
    paths = _sample_paths()
    tmp = Path(tempfile.mkdtemp(prefix="ptb2fd-bench-jobs-"))
    runs: dict[str, list[dict]] = {"jobs1": [], "jobs2": [], "dir": []}
    try:
        for _ in range(args.repeat):
            runs["jobs1"].append(convert_once(rules, paths, str(tmp / "one.jsonl"), 1))
            runs["jobs2"].append(convert_once(rules, paths, str(tmp / "two.jsonl"), 2))
            runs["dir"].append(convert_once(rules, paths, str(tmp / "shards") + "/", 2))
        same = (tmp / "one.jsonl").read_bytes() == (tmp / "two.jsonl").read_bytes()
        convert_once(rules, paths, str(tmp / "one.parquet"), 1, "parquet")
        parquet_share = (tmp / "one.parquet").stat().st_size / (tmp / "one.jsonl").stat().st_size
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    walls = {k: [r["wall"] for r in v] for k, v in runs.items()}
    best = {k: min(v, key=lambda r: r["wall"]) for k, v in runs.items()}

    def share(r: dict) -> float:  # driver CPU per tree / one worker's CPU per tree (the same trees)
        return r["driver_cpu"] / r["workers_cpu"] if r["workers_cpu"] else float("nan")

    out = {"jobs1_s": round(_best(walls["jobs1"]), 2), "jobs2_s": round(_best(walls["jobs2"]), 2),
           "jobs2_speedup": round(_best(walls["jobs1"]) / _best(walls["jobs2"]), 2),
           "jobs1_cpu_s": round(best["jobs1"]["driver_cpu"], 2),
           "jobs2_cpu_s": round(best["jobs2"]["driver_cpu"] + best["jobs2"]["workers_cpu"], 2),
           "driver_share_dir": round(share(best["dir"]), 4), "driver_share_file": round(share(best["jobs2"]), 4),
           "jobs2_same_bytes": same, "parquet_share": round(parquet_share, 4),
           "two_process_ceiling": ceiling(args.repeat)}
    t = SCALING_TARGETS
    print(f"convert -o FILE, sample ({best['jobs1']['trees']} trees): --jobs 1 {out['jobs1_s']} s "
          f"({_range(walls['jobs1'])}), --jobs 2 {out['jobs2_s']} s ({_range(walls['jobs2'])}): speedup "
          f"{out['jobs2_speedup']}x (target >= {t['jobs2_speedup']}x; two plain CPU-bound processes reach "
          f"{out['two_process_ceiling']}x on this machine); CPU {out['jobs1_cpu_s']} vs {out['jobs2_cpu_s']} s; "
          f"output {'byte-identical' if same else 'DIFFERENT'}")
    print(f"driver CPU per 1,000 trees / one worker's CPU per 1,000 trees (--jobs 2): -o DIR/ "
          f"{100 * out['driver_share_dir']:.1f} %, -o FILE (shards joined) {100 * out['driver_share_file']:.1f} % "
          f"(target <= {100 * t['driver_share']:.0f} %)")
    print(f"Parquet size / JSONL size, sample: {out['parquet_share']:.4f} = 1/{1 / out['parquet_share']:.1f} "
          f"(target <= 1/8)")
    return out


def _regen(data: str, jobs: int) -> None:
    from ptb2fd.cli import main

    quiet = io.StringIO()
    with contextlib.redirect_stdout(quiet), contextlib.redirect_stderr(quiet):
        code = main(["regen", data, "--jobs", str(jobs), "--json"])
    if code != 0:
        raise SystemExit(f"bench: regen --jobs {jobs} exited {code}")


def _regen_pair(data: str) -> float:
    """Wall seconds of two `regen --jobs 1` of `data` run at once in two
    forked processes: the ceiling of this workload on this machine, for
    two processes that share nothing (the cores' caches and memory bandwidth
    are shared all the same)."""
    import multiprocessing as mp

    ctx = mp.get_context("fork")
    t = time.perf_counter()
    pair = [ctx.Process(target=_regen, args=(data, 1)) for _ in range(2)]
    for p in pair:
        p.start()
    for p in pair:
        p.join()
    return time.perf_counter() - t


def bench_regen_jobs(args) -> dict:
    """`regen` of the converted sample (JSONL): --jobs 2 vs --jobs 1, beside
    two independent --jobs 1 runs at once (the workload's own ceiling)."""
    from ptb2fd.cli import main

    tmp = Path(tempfile.mkdtemp(prefix="ptb2fd-bench-regen-"))
    walls: dict[object, list[float]] = {1: [], 2: [], "pair": []}
    cpus: dict[int, list[tuple[float, float]]] = {1: [], 2: []}
    try:
        data = str(tmp / "sample.jsonl")
        with contextlib.redirect_stderr(io.StringIO()):
            main(["convert", "--corpus", "treebank", "-o", data, "--quiet"])
        _regen(data, 1)  # the rules and tables loaded in this process, as for every run after
        for _ in range(args.repeat):
            for jobs in (1, 2):
                me, kids = _cpu()
                t = time.perf_counter()
                _regen(data, jobs)
                walls[jobs].append(time.perf_counter() - t)
                me2, kids2 = _cpu()
                cpus[jobs].append((me2 - me, kids2 - kids))
            walls["pair"].append(_regen_pair(data))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    one, two, pair = _best(walls[1]), _best(walls[2]), _best(walls["pair"])
    best2 = cpus[2][walls[2].index(two)]
    out = {"regen_jobs1_s": round(one, 2), "regen_jobs2_s": round(two, 2),
           "regen_jobs2_speedup": round(one / two, 2), "two_process_ceiling": ceiling(args.repeat),
           "regen_pair_ceiling": round(2 * one / pair, 2),
           "regen_jobs1_cpu_s": round(min(c[0] for c in cpus[1]), 2),
           "regen_jobs2_driver_cpu_s": round(best2[0], 2), "regen_jobs2_workers_cpu_s": round(best2[1], 2)}
    print(f"regen of the converted sample (JSONL): --jobs 1 {out['regen_jobs1_s']} s ({_range(walls[1])}), "
          f"--jobs 2 {out['regen_jobs2_s']} s ({_range(walls[2])}): speedup {out['regen_jobs2_speedup']}x "
          f"(target >= {SCALING_TARGETS['regen_jobs2_speedup']}x; ceiling {out['two_process_ceiling']}x for plain "
          f"CPU-bound processes, {out['regen_pair_ceiling']}x for two independent --jobs 1 regens at once); CPU "
          f"--jobs 1 {out['regen_jobs1_cpu_s']} s, --jobs 2 driver {out['regen_jobs2_driver_cpu_s']} s + workers "
          f"{out['regen_jobs2_workers_cpu_s']} s")
    return out

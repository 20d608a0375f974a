"""`make bench`: speed and memory, measured side by side in one run.

Prints ratios, never asserts them (these machines are noisy; a timed unit
test would be flaky). Each timing is repeated, interleaved with its
baseline; ratios use the best of the repetitions, and the range over the
repetitions is printed beside them.

One function per measure (`bench_*`), each printing its lines and
returning its figures; `main` runs them in order and prints the total time.

1. setup: a fresh process importing ptb2fd and building a converter, with
   the on-disk cache (warm) and without it (cold: rule files parsed and
   lemma tables built from WordNet, as on a machine's first run);
2. whole processes on the sample: `ptb2fd convert` vs a bare nltk parse of
   the same files (target at most 4x), and on one file of 30 sentences
   (target at most 2.5x);
3. in one process: conversion vs nltk's Tree.fromstring on the same tree
   strings, and regeneration vs conversion (target at most 2x);
4. `convert -o FILE` with --jobs 2 (workers write shards) vs. --jobs 1
   (target: at least 1.85x faster), beside the speedup two plain CPU-bound
   processes reach on this machine; the driver's CPU per 1,000 trees over
   one worker's (target at most 5 %); Parquet's size over JSONL's (target
   at most 1/8); `regen --jobs 2` vs `--jobs 1` (target at least 1.8x)
   (ptb2fd/bench/scaling.py);
5. peak RSS of `ptb2fd convert` streaming the sample repeated 10 times
   (target: at most 300 MB), and of `ptb2fd regen` on the sample x1 and
   x10 (flat, at most 300 MB);
6. the Dask engine with 2 local workers, writing shards, vs --jobs 1 and 2
   (target at least 1.8x --jobs 1; `--no-dask`);
7. `ptb2fd analyse` on the sample as two systems (`--no-analyse`);
8. the statistical realizer: training on dev and realizing the test half
   (`--no-realizer`);
9. speed: start-up (`--version`, one small file), the rule loop
   (`diff` after a one-rule edit, warm and cold), CPU per tree against
   ClearNLP (skipped without Java), a flat 8,000-word tree;
   time against sentence length: flat trees of 8,000 and 16,000 words
   (ptb2fd/bench/flat.py);
10. parser output: converting with `--functions infer` vs `gold`, and
   loading the function-tag model (ptb2fd/bench/functions.py); reading
   records: regen's CPU on the sample as Parquet and CoNLL-U Plus over
   JSONL (target at most 1.5x; ptb2fd/bench/formats.py);
11. how training scales: `ptb2fd train --jobs 2` on the sample replicated
   1, 4 and 10 times, time and peak RSS per size (`--no-training`; the
   slowest measure, some minutes per size);
12. the size of a core install, no extras (target at most 150 MB;
   ptb2fd/bench/install_size.py);
13. `ptb2fd rules check` on the sample vs `ptb2fd convert` of it (target at
   most 2x CPU; ptb2fd/bench/rulecheck.py).
The child-process measures (1, 2, 5) are in ptb2fd/bench/process.py, the
Dask and analyse measures (6, 7) in ptb2fd/bench/engines.py, the
statistical realizer's in ptb2fd/bench/realizer.py and training.py, the
speed measures (9) in ptb2fd/bench/speed.py.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from ptb2fd.bench.engines import analyse_line, analyse_speed, dask_report, dask_vs_jobs1
from ptb2fd.bench.formats import bench_formats
from ptb2fd.bench.install_size import bench_install_size
from ptb2fd.bench.process import (
    TARGETS,
    _best,
    _range,
    _sample_paths,
    bench_peak_rss,
    bench_peak_rss_regen,
    bench_processes,
    bench_setup,
)
from ptb2fd.bench.flat import bench_length
from ptb2fd.bench.rulecheck import bench_rule_check
from ptb2fd.bench.scaling import bench_jobs, bench_regen_jobs
from ptb2fd.bench.speed import bench_long_sentence, bench_peer, bench_rule_loop, bench_startup, compile_package


def bench_in_process(args) -> dict:
    """In one process: conversion vs Tree.fromstring on the same tree
    strings; regeneration vs conversion."""
    from nltk.tree import Tree

    from ptb2fd.conversion.converter import Converter
    from ptb2fd.regen.check import RegenerationCheck
    from ptb2fd.ruleset.load import load_rules
    from ptb2fd.trees.reader import read_trees

    rules = load_rules()
    raws = list(read_trees(_sample_paths()))
    n = len(raws)
    sentences = [r.sentence for r in map(Converter(rules).convert, raws) if r.sentence is not None]
    parse_t, conv_t, regen_t, parse_cpu, conv_cpu = [], [], [], [], []
    for _ in range(args.repeat):
        t, c = time.perf_counter(), time.process_time()
        for raw in raws:
            Tree.fromstring(raw.text)
        parse_t.append(time.perf_counter() - t)
        parse_cpu.append(time.process_time() - c)
        conv = Converter(rules)  # fresh caches: a user converts a corpus once
        t, c = time.perf_counter(), time.process_time()
        for raw in raws:  # streaming, as the command runs: nothing kept
            conv.convert(raw)
        conv_t.append(time.perf_counter() - t)
        conv_cpu.append(time.process_time() - c)
        check = RegenerationCheck(rules.order, rules.roles.adjunct_roles)
        t = time.perf_counter()
        for s in sentences:
            check.run(s)
        regen_t.append(time.perf_counter() - t)
    out = {
        "trees": n,
        "nltk_parse_trees_per_s": round(n / _best(parse_t), 1),
        "convert_trees_per_s": round(n / _best(conv_t), 1),
        "convert_vs_parse": round(_best(conv_t) / _best(parse_t), 2),
        "convert_trees_per_cpu_s": round(n / _best(conv_cpu), 1),
        "convert_vs_parse_cpu": round(_best(conv_cpu) / _best(parse_cpu), 2),
        "regen_sentences_per_s": round(len(sentences) / _best(regen_t), 1),
        "regen_vs_convert": round(_best(regen_t) / _best(conv_t), 2),
    }
    print(f"in one process: convert {out['convert_trees_per_s']} trees/s ({_range(conv_t)}), "
          f"nltk Tree.fromstring {out['nltk_parse_trees_per_s']} trees/s: {out['convert_vs_parse']}x the parse time; "
          f"per CPU second {out['convert_trees_per_cpu_s']} trees, {out['convert_vs_parse_cpu']}x the parse")
    print(f"regeneration + scoring: {out['regen_sentences_per_s']} sentences/s ({_range(regen_t)}): "
          f"{out['regen_vs_convert']}x the conversion time (target <= {TARGETS['regen_vs_convert']}x)")
    return out


def bench_dask(args) -> dict:
    if args.no_dask:
        return {}
    d = dask_vs_jobs1(args.repeat)
    print(dask_report(d))
    return {"dask": d}


def bench_analyse(args) -> dict:
    if args.no_analyse:
        return {}
    m = analyse_speed()
    print(analyse_line(m))
    return m


def bench_realizer(args) -> dict:
    if args.no_realizer:
        return {}
    from ptb2fd.bench.realizer import measure_realizer, report_realizer

    m = measure_realizer(repeat=args.repeat)  # best of N, interleaved, as the other measures
    print(report_realizer(m))
    return m


def bench_functions(args) -> dict:
    from ptb2fd.bench.functions import measure_functions, report_functions

    m = measure_functions(args.repeat)
    print(report_functions(m))
    return {"functions": m}


def bench_ud(args) -> dict:
    from ptb2fd.bench.ud_export import measure_ud_export, report_ud_export

    m = measure_ud_export(args.repeat)
    print(report_ud_export(m))
    return m


def bench_training(args) -> dict:
    if args.no_training:
        return {}
    from ptb2fd.bench.training import measure_training, report_training

    m = measure_training()
    print("\n".join(report_training(m)))
    return m


# The measures, in the order `make bench` prints them.
MEASURES = (bench_setup, bench_processes, bench_in_process, bench_jobs, bench_regen_jobs, bench_peak_rss,
            bench_peak_rss_regen, bench_dask, bench_analyse, bench_realizer, bench_startup, bench_rule_loop,
            bench_peer, bench_long_sentence, bench_length, bench_functions, bench_formats, bench_ud, bench_training,
            bench_install_size, bench_rule_check)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m ptb2fd.bench", description=__doc__.splitlines()[0])
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--no-rss", action="store_true", help="skip the 10x memory run")
    p.add_argument("--no-dask", action="store_true", help="skip the Dask engine comparison")
    p.add_argument("--no-analyse", action="store_true", help="skip timing `ptb2fd analyse`")
    p.add_argument("--no-realizer", action="store_true", help="skip training and running the statistical realizer")
    p.add_argument("--no-training", action="store_true", help="skip training on the sample replicated 1, 4, 10 times")
    p.add_argument("--only", metavar="NAME", action="append",
                   help="run only this measure (setup, processes, in_process, jobs, regen_jobs, peak_rss, "
                        "peak_rss_regen, dask, analyse, realizer, startup, rule_loop, peer, long_sentence, length, "
                        "functions, formats, ud, training, install_size, rule_check); repeatable")
    p.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = p.parse_args(argv)
    # One creation time for every record this run writes (conversion/provenance.py),
    # so outputs of two engines or job counts compare byte for byte.
    os.environ.setdefault("SOURCE_DATE_EPOCH", str(int(time.time())))
    compile_package()
    start = time.perf_counter()
    figures: dict = {"repeat": args.repeat}
    for measure in MEASURES:
        if args.only and measure.__name__.removeprefix("bench_") not in args.only:
            continue
        figures.update(measure(args))
    figures["bench_s"] = round(time.perf_counter() - start, 1)
    print(f"(best of {args.repeat} interleaved repetitions, ranges in brackets; "
          f"make bench took {figures['bench_s']} s)")
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

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
4. --jobs 2 vs. --jobs 1 on the conversion (target: at least 1.7x faster),
   beside the speedup two plain CPU-bound processes reach on this machine;
5. peak RSS of `ptb2fd convert` streaming the sample repeated 10 times
   (target: at most 300 MB).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGETS = {"convert_vs_parse_process": 4.0, "one_file_vs_parse_process": 2.5, "regen_vs_convert": 2.0,
           "jobs2_speedup": 1.7, "peak_rss_mb": 300.0, "setup_warm_s": 0.5}
ONE_FILE = "wsj_0003.mrg"  # 30 sentences, dev half

def _best(times: list[float]) -> float:
    return min(times)


def _spin(n: int) -> int:
    """Plain CPU-bound Python, for calibrating how two processes scale."""
    total = 0
    for i in range(n):
        total += i % 7
    return total


def calibrate(repeat: int) -> float:
    """Speedup of two plain CPU-bound processes over one on this machine:
    the ceiling any --jobs 2 figure is measured against."""
    import multiprocessing as mp

    n = 8_000_000  # about a second per run: shorter runs are all noise on a shared VM
    serial, parallel = [], []
    ctx = mp.get_context("fork")
    for _ in range(repeat):
        t = time.perf_counter()
        _spin(n)
        _spin(n)
        serial.append(time.perf_counter() - t)
        with ctx.Pool(2) as pool:
            t = time.perf_counter()
            pool.map(_spin, [n, n])
            parallel.append(time.perf_counter() - t)
    return _best(serial) / _best(parallel)


def _range(times: list[float]) -> str:
    return f"{min(times):.2f}-{max(times):.2f} s"


def _sample_paths() -> list[str]:
    from .reader import resolve_inputs

    return resolve_inputs([], "treebank")


def _child_cpu() -> float:
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _run(cmd: list[str], env: dict | None = None, cpu: list[float] | None = None
         ) -> tuple[float, subprocess.CompletedProcess]:
    """Wall time of a child process; its CPU time (user + system) is
    appended to `cpu`: on a shared machine CPU time is the steadier figure."""
    c = _child_cpu()
    t = time.perf_counter()
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, check=False)
    wall = time.perf_counter() - t
    if cpu is not None:
        cpu.append(_child_cpu() - c)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd[:3])}... exit {proc.returncode}: {proc.stderr.decode()[-500:]}")
    return wall, proc


# A bare nltk parse of whole files: every file's trees in one Tree.fromstring.
_BARE_PARSE = ("import sys\nfrom nltk.tree import Tree\nn = 0\nfor path in sys.argv[1:]:\n"
               "    with open(path, encoding='utf-8') as f:\n        n += len(Tree.fromstring('(' + f.read() + ')'))\n"
               "print(n)\n")
_CONVERT = "import sys\nfrom ptb2fd.cli import main\nsys.exit(main(sys.argv[1:]))\n"
_SETUP = ("import time\nt0 = time.perf_counter()\nfrom ptb2fd.cli import load_converter\nt1 = time.perf_counter()\n"
          "load_converter(None)\nt2 = time.perf_counter()\nprint(t1 - t0, t2 - t1)\n")


def bench_setup(args) -> dict:
    """Setup in a fresh process: imports, then rules + lemma tables (the
    converter ready), warm (cache filled) and cold (PTB2FD_NO_CACHE=1)."""
    warm_env = dict(os.environ)
    warm_env.pop("PTB2FD_NO_CACHE", None)
    cold_env = dict(warm_env, PTB2FD_NO_CACHE="1")
    _run([sys.executable, "-c", _SETUP], warm_env)  # fill the cache
    imports, warm, cold = [], [], []
    for _ in range(args.repeat):
        for env, bucket in ((warm_env, warm), (cold_env, cold)):
            _, proc = _run([sys.executable, "-c", _SETUP], env)
            imp, setup = map(float, proc.stdout.split())
            bucket.append(setup)
            imports.append(imp)
    out = {"setup_warm_s": round(_best(warm), 3), "setup_cold_s": round(_best(cold), 3),
           "imports_s": round(_best(imports), 3)}
    print(f"setup (rules, lemma tables), fresh process: warm {out['setup_warm_s']} s ({_range(warm)}; "
          f"target <= {TARGETS['setup_warm_s']} s), cold {out['setup_cold_s']} s ({_range(cold)}); "
          f"imports before it {out['imports_s']} s (nltk alone is most of it)")
    return out


def bench_processes(args) -> dict:
    """Whole processes, interleaved: ptb2fd convert vs a bare nltk parse of
    the same files, on the sample and on one 30-sentence file."""
    paths = _sample_paths()
    one = [p for p in paths if os.path.basename(p) == ONE_FILE]
    tmp = Path(tempfile.mkdtemp(prefix="ptb2fd-bench-"))
    times: dict[str, list[float]] = {"parse": [], "convert": [], "parse1": [], "convert1": []}
    cpu: dict[str, list[float]] = {k: [] for k in times}
    try:
        out = str(tmp / "out.jsonl")
        runs = {
            "parse": [sys.executable, "-c", _BARE_PARSE, *paths],
            "convert": [sys.executable, "-c", _CONVERT, "convert", "--corpus", "treebank", "-o", out, "--quiet"],
            "parse1": [sys.executable, "-c", _BARE_PARSE, *one],
            "convert1": [sys.executable, "-c", _CONVERT, "convert", *one, "-o", out, "--quiet"],
        }
        _run(runs["convert1"])  # the cache is warm, as on any second run
        for i in range(args.repeat * 2):  # the one-file runs are short: twice as many
            for name in (("parse", "convert") if i < args.repeat else ()) + ("parse1", "convert1"):
                times[name].append(_run(runs[name], cpu=cpu[name])[0])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    b = {k: _best(v) for k, v in times.items()}
    n = 3914
    out = {
        "process_parse_s": round(b["parse"], 2), "process_convert_s": round(b["convert"], 2),
        "convert_vs_parse_process": round(b["convert"] / b["parse"], 2),
        "process_trees_per_s": round(n / b["convert"], 1),
        "one_file_parse_s": round(b["parse1"], 3), "one_file_convert_s": round(b["convert1"], 3),
        "one_file_vs_parse_process": round(b["convert1"] / b["parse1"], 2),
    }
    c = {k: _best(v) for k, v in cpu.items()}
    out.update({"convert_vs_parse_process_cpu": round(c["convert"] / c["parse"], 2),
                "one_file_vs_parse_process_cpu": round(c["convert1"] / c["parse1"], 2)})
    ratios = sorted(c / p for c, p in zip(times["convert"], times["parse"]))
    ratios1 = sorted(c / p for c, p in zip(times["convert1"], times["parse1"]))
    print(f"whole process, sample ({n} trees): ptb2fd convert {b['convert']:.2f} s ({_range(times['convert'])}) vs "
          f"bare nltk parse {b['parse']:.2f} s ({_range(times['parse'])}): {out['convert_vs_parse_process']}x "
          f"(pairs {ratios[0]:.2f}-{ratios[-1]:.2f}x; target <= {TARGETS['convert_vs_parse_process']}x); "
          f"CPU time {c['convert']:.2f} vs {c['parse']:.2f} s: {out['convert_vs_parse_process_cpu']}x")
    print(f"whole process, one file ({ONE_FILE}, 30 trees): convert {b['convert1']:.2f} s vs bare parse "
          f"{b['parse1']:.2f} s: {out['one_file_vs_parse_process']}x (pairs {ratios1[0]:.2f}-{ratios1[-1]:.2f}x; "
          f"target <= {TARGETS['one_file_vs_parse_process']}x); CPU time {c['convert1']:.2f} vs {c['parse1']:.2f} s: "
          f"{out['one_file_vs_parse_process_cpu']}x")
    return out


def bench_in_process(args) -> dict:
    """In one process: conversion vs Tree.fromstring on the same tree
    strings; regeneration vs conversion."""
    from nltk.tree import Tree

    from .convert import Converter
    from .reader import read_trees
    from .regen.check import RegenerationCheck
    from .ruleset import load_rules

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


def bench_jobs(args) -> dict:
    """--jobs 2 vs --jobs 1 as `ptb2fd convert` runs (sentences rendered to
    JSONL where they are converted), beside two plain CPU-bound processes."""
    import io

    from .convert import Converter
    from .formats.jsonl import dump_sentence
    from .reader import read_trees
    from .ruleset import load_rules
    from .run import convert_stream

    rules = load_rules()
    raws = list(read_trees(_sample_paths()))
    sink = io.StringIO()
    jobs1_t, jobs2_t = [], []
    for _ in range(args.repeat):
        for jobs, bucket in ((1, jobs1_t), (2, jobs2_t)):
            conv = Converter(rules)
            t = time.perf_counter()
            for result in convert_stream(conv, iter(raws), jobs, render=dump_sentence):
                sink.write(result.text or "")
            bucket.append(time.perf_counter() - t)
            sink.seek(0)
            sink.truncate()
    out = {"jobs1_s": round(_best(jobs1_t), 2), "jobs2_s": round(_best(jobs2_t), 2),
           "jobs2_speedup": round(_best(jobs1_t) / _best(jobs2_t), 2),
           "two_process_ceiling": round(calibrate(args.repeat), 2)}
    print(f"--jobs 1: {out['jobs1_s']} s ({_range(jobs1_t)}), --jobs 2: {out['jobs2_s']} s ({_range(jobs2_t)}): "
          f"speedup {out['jobs2_speedup']}x (target >= {TARGETS['jobs2_speedup']}x; two plain CPU-bound processes "
          f"reach {out['two_process_ceiling']}x on this machine)")
    return out


def bench_peak_rss(args) -> dict:
    if args.no_rss:
        return {}
    out = peak_rss(_sample_paths(), copies=10)
    print(f"peak RSS streaming {out['rss_trees']} trees (sample x10): {out['peak_rss_mb']} MB "
          f"(target <= {TARGETS['peak_rss_mb']} MB) in {out['rss_run_s']} s; {out['rss_summary']}")
    return out


# The measures, in the order `make bench` prints them.
MEASURES = (bench_setup, bench_processes, bench_in_process, bench_jobs, bench_peak_rss)


def peak_rss(paths: list[str], copies: int = 10) -> dict:
    """Peak RSS of a `ptb2fd convert` child streaming `copies` x the corpus."""
    tmp = Path(tempfile.mkdtemp(prefix="ptb2fd-bench-"))
    try:
        for i in range(copies):
            for p in paths:
                shutil.copyfile(p, tmp / f"copy{i}_{os.path.basename(p)}")
        out = tmp / "out.jsonl"
        # The child reports its own peak. Linux carries ru_maxrss across
        # fork and exec, so it would count this (large) process's pages;
        # VmHWM in /proc/self/status belongs to the child's own memory.
        probe = ("import resource, sys\nfrom ptb2fd.cli import main\ncode = main(sys.argv[1:])\n"
                 "try:\n"
                 "    kb = next(int(l.split()[1]) for l in open('/proc/self/status') if l.startswith('VmHWM'))\n"
                 "except OSError:\n"
                 "    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
                 "print('PEAK_RSS_KB', kb, file=sys.stderr)\n"
                 "sys.exit(code)\n")
        cmd = [sys.executable, "-c", probe, "convert", str(tmp), "-o", str(out), "--quiet"]
        t = time.perf_counter()
        proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
        wall = time.perf_counter() - t
        err = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        peak = next((int(line.split()[1]) for line in err if line.startswith("PEAK_RSS_KB")), 0)
        summary = [line for line in err if line.startswith("ptb2fd:")]
        return {"peak_rss_mb": round(peak / 1024, 1), "rss_trees": copies * 3914,
                "rss_run_s": round(wall, 1), "rss_summary": summary[-1] if summary else f"exit {proc.returncode}"}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m ptb2fd.bench", description=__doc__.splitlines()[0])
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--no-rss", action="store_true", help="skip the 10x memory run")
    p.add_argument("--only", metavar="NAME", action="append",
                   help="run only this measure (setup, processes, in_process, jobs, peak_rss); repeatable")
    p.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = p.parse_args(argv)
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

"""`make bench`: speed and memory, measured side by side in one run.

Prints ratios, never asserts them (these machines are noisy; a timed unit
test would be flaky). Each timing is repeated, interleaved with its
baseline, and the best of the repetitions is used for the ratio.

1. conversion vs. bare nltk parsing of the same trees, in one process
   (target: conversion at most 4x the parse time), both on the tree
   strings (nltk's Tree.fromstring) and on the files (nltk's treebank
   corpus reader, files -> trees, vs. ptb2fd, files -> records);
2. regeneration of the whole sample vs. its conversion (target: at most 2x);
3. --jobs 2 vs. --jobs 1 on the conversion (target: at least 1.7x faster),
   beside the speedup two plain CPU-bound processes reach on this machine;
4. peak RSS of `ptb2fd convert` streaming the sample repeated 10 times
   (target: at most 300 MB), and of `ptb2fd regen` on the sample x1 and
   x10 (`peak_rss_regen`: flat, at most 300 MB).
Setup (rules, WordNet, lemma tables) is timed and reported on its own.
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

from nltk.tree import Tree

TARGETS = {"convert_vs_parse": 4.0, "regen_vs_convert": 2.0, "jobs2_speedup": 1.7, "peak_rss_mb": 300.0}


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


def measure(repeat: int = 3, rss: bool = True) -> dict:
    import io

    from nltk.corpus.reader import BracketParseCorpusReader

    from .convert import Converter
    from .formats.jsonl import dump_sentence
    from .reader import read_trees, resolve_inputs
    from .regen.check import RegenerationCheck
    from .ruleset import load_rules
    from .run import convert_stream
    from .wordnet import ensure_wordnet

    t0 = time.perf_counter()
    ensure_wordnet()
    rules = load_rules()
    Converter(rules)  # loads WordNet and the lemma tables once
    setup = time.perf_counter() - t0
    paths = resolve_inputs([], "treebank")
    root = os.path.dirname(paths[0])
    fileids = [os.path.basename(p) for p in paths]
    raws = list(read_trees(paths))
    n = len(raws)

    parse_t, reader_t, conv_t, files_t, regen_t, jobs1_t, jobs2_t = [], [], [], [], [], [], []
    sentences = []
    sink = io.StringIO()
    for _ in range(repeat):
        # nltk: each tree string parsed, and the corpus reader on the files.
        t = time.perf_counter()
        for raw in raws:
            Tree.fromstring(raw.text)
        parse_t.append(time.perf_counter() - t)
        t = time.perf_counter()
        reader_trees = len(BracketParseCorpusReader(root, fileids).parsed_sents())
        reader_t.append(time.perf_counter() - t)

        conv = Converter(rules)  # fresh caches: a user converts a corpus once
        t = time.perf_counter()
        for raw in raws:  # streaming, as the command runs: nothing kept
            conv.convert(raw)
        conv_t.append(time.perf_counter() - t)
        if not sentences:
            sentences = [r.sentence for r in map(Converter(rules).convert, raws) if r.sentence is not None]

        conv = Converter(rules)
        t = time.perf_counter()
        for raw in read_trees(paths):
            conv.convert(raw)
        files_t.append(time.perf_counter() - t)

        check = RegenerationCheck(rules.order, rules.roles.adjunct_roles)
        t = time.perf_counter()
        for s in sentences:
            check.run(s)
        regen_t.append(time.perf_counter() - t)

    # As `ptb2fd convert` runs: sentences rendered to JSONL where they are
    # converted, text written by the main process.
    for _ in range(max(repeat, 5)):
        for jobs, bucket in ((1, jobs1_t), (2, jobs2_t)):
            conv = Converter(rules)
            t = time.perf_counter()
            for result in convert_stream(conv, iter(raws), jobs, render=dump_sentence):
                sink.write(result.text or "")
            bucket.append(time.perf_counter() - t)
            sink.seek(0)
            sink.truncate()

    out = {
        "trees": n,
        "reader_trees": reader_trees,
        "setup_s": round(setup, 3),
        "nltk_parse_trees_per_s": round(n / _best(parse_t), 1),
        "nltk_reader_trees_per_s": round(reader_trees / _best(reader_t), 1),
        "convert_trees_per_s": round(n / _best(conv_t), 1),
        "convert_files_trees_per_s": round(n / _best(files_t), 1),
        "convert_vs_parse": round(_best(conv_t) / _best(parse_t), 2),
        "convert_files_vs_reader": round(_best(files_t) / _best(reader_t), 2),
        "regen_sentences_per_s": round(len(sentences) / _best(regen_t), 1),
        "regen_vs_convert": round(_best(regen_t) / _best(conv_t), 2),
        "jobs1_s": round(_best(jobs1_t), 2),
        "jobs2_s": round(_best(jobs2_t), 2),
        "jobs2_speedup": round(_best(jobs1_t) / _best(jobs2_t), 2),
        "two_process_ceiling": round(calibrate(max(repeat, 5)), 2),
        "repeat": repeat,
    }
    if rss:
        out.update(peak_rss(paths, copies=10))
        out.update(peak_rss_regen(paths))
    return out


_PROBE = ("import resource, sys\nfrom ptb2fd.cli import main\ncode = main(sys.argv[1:])\n"
          "try:\n"
          "    kb = next(int(l.split()[1]) for l in open('/proc/self/status') if l.startswith('VmHWM'))\n"
          "except OSError:\n"
          "    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
          "print('PEAK_RSS_KB', kb, file=sys.stderr)\n"
          "sys.exit(code)\n")


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
        cmd = [sys.executable, "-c", _PROBE, "convert", str(tmp), "-o", str(out), "--quiet"]
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


def peak_rss_regen(paths: list[str], copies: tuple[int, ...] = (1, 10)) -> dict:
    """Peak RSS of a `ptb2fd regen` child (convert, regenerate, score, write
    a report folder) on the corpus repeated 1 and 10 times: flat when regen
    streams (target: at most 300 MB)."""
    out: dict = {}
    for n in copies:
        tmp = Path(tempfile.mkdtemp(prefix="ptb2fd-bench-regen-"))
        try:
            for i in range(n):
                for p in paths:
                    shutil.copyfile(p, tmp / f"copy{i}_{os.path.basename(p)}")
            cmd = [sys.executable, "-c", _PROBE, "regen", str(tmp), "--json", "--report", str(tmp / "report")]
            t = time.perf_counter()
            proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
            wall = time.perf_counter() - t
            err = proc.stderr.decode("utf-8", "replace").splitlines()
            peak = next((int(line.split()[1]) for line in err if line.startswith("PEAK_RSS_KB")), 0)
            out[f"regen_peak_rss_mb_x{n}"] = round(peak / 1024, 1)
            out[f"regen_rss_run_s_x{n}"] = round(wall, 1)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    return out


def measure_realizer(repeat: int = 1, view: str = "paper") -> dict:
    """The statistical realizer (issue 9): training on dev (target: at most
    60 s on one core) and realizing the test half with that model, beside
    converting the test half (target: realizing at most 2x the conversion
    time). Trees are read once; the timings are interleaved."""
    from .convert import Converter
    from .realizer.model import load_realizer, save_model, train_model
    from .reader import read_trees, resolve_inputs
    from .regen.view import make_view
    from .ruleset import load_rules

    rules = load_rules()
    dev_raws = list(read_trees(resolve_inputs([], "treebank", files="wsj_00*")))
    test_raws = list(read_trees(resolve_inputs([], "treebank", files="wsj_01*")))
    conv = Converter(rules)
    dev = [r.sentence for r in map(conv.convert, dev_raws) if r.sentence is not None]
    test = [r.sentence for r in map(conv.convert, test_raws) if r.sentence is not None]
    train_t, convert_t, realize_t = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "bench.model")
        for _ in range(repeat):
            t = time.perf_counter()
            save_model(train_model(dev, view, rules), path)
            train_t.append(time.perf_counter() - t)
            conv = Converter(rules)
            t = time.perf_counter()
            for raw in test_raws:
                conv.convert(raw)
            convert_t.append(time.perf_counter() - t)
            realizer = load_realizer(path, view, rules=rules)
            t = time.perf_counter()
            for s in test:
                realizer.realize(make_view(s, rules.roles.adjunct_roles, seed=s.id, view=view).view)
            realize_t.append(time.perf_counter() - t)
    return {"realizer_view": view, "train_dev_s": round(_best(train_t), 1), "train_sentences": len(dev),
            "convert_test_s": round(_best(convert_t), 2), "realize_test_s": round(_best(realize_t), 2),
            "realize_vs_convert": round(_best(realize_t) / _best(convert_t), 2)}


def report_realizer(m: dict) -> str:
    return (f"statistical realizer ({m['realizer_view']} view): training on dev ({m['train_sentences']} sentences) "
            f"{m['train_dev_s']} s (target <= 60 s); realizing the test half {m['realize_test_s']} s vs. converting "
            f"it {m['convert_test_s']} s: ratio {m['realize_vs_convert']}x (target <= {TARGETS['regen_vs_convert']}x)")


def report(m: dict) -> str:
    t = TARGETS
    lines = [
        f"trees: {m['trees']} (setup: rules, WordNet, lemma tables {m['setup_s']} s, once per process)",
        f"nltk Tree.fromstring, tree strings:  {m['nltk_parse_trees_per_s']:>9} trees/s",
        f"ptb2fd convert, tree strings:       {m['convert_trees_per_s']:>9} trees/s   "
        f"ratio {m['convert_vs_parse']}x the parse time (target <= {t['convert_vs_parse']}x)",
        f"nltk corpus reader, files -> trees: {m['nltk_reader_trees_per_s']:>9} trees/s",
        f"ptb2fd, files -> records:           {m['convert_files_trees_per_s']:>9} trees/s   "
        f"ratio {m['convert_files_vs_reader']}x the reader's time (target <= {t['convert_vs_parse']}x)",
        f"regeneration + scoring:             {m['regen_sentences_per_s']:>9} sentences/s "
        f"ratio {m['regen_vs_convert']}x the conversion time (target <= {t['regen_vs_convert']}x)",
        f"--jobs 1: {m['jobs1_s']} s, --jobs 2: {m['jobs2_s']} s   speedup {m['jobs2_speedup']}x "
        f"(target >= {t['jobs2_speedup']}x; two plain CPU-bound processes reach {m['two_process_ceiling']}x "
        f"on this machine)",
    ]
    if "peak_rss_mb" in m:
        lines.append(f"peak RSS streaming {m['rss_trees']} trees (sample x10): {m['peak_rss_mb']} MB "
                     f"(target <= {t['peak_rss_mb']} MB) in {m['rss_run_s']} s; {m['rss_summary']}")
    regen_rss = sorted(k for k in m if k.startswith("regen_peak_rss_mb_x"))
    if regen_rss:
        lines.append("peak RSS of regen (convert, regenerate, report): " + ", ".join(
            f"sample x{k.rsplit('x', 1)[1]} {m[k]} MB" for k in regen_rss) + f" (target <= {t['peak_rss_mb']} MB, flat)")
    lines.append(f"(best of {m['repeat']} interleaved repetitions; --jobs runs and calibration best of "
                 f"{max(m['repeat'], 5)})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m ptb2fd.bench", description=__doc__.splitlines()[0])
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--no-rss", action="store_true", help="skip the 10x memory run")
    p.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    p.add_argument("--no-realizer", action="store_true", help="skip training and running the statistical realizer")
    args = p.parse_args(argv)
    m = measure(args.repeat, rss=not args.no_rss)
    print(report(m))
    if not args.no_realizer:
        m |= measure_realizer()
        print(report_realizer(m))
    if args.json:
        Path(args.json).write_text(json.dumps(m, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

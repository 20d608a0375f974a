"""Measures of `make bench` that run ptb2fd in child processes: setup,
whole-process conversion against a bare nltk parse, and peak RSS
(ptb2fd/bench.py runs them with the others)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGETS = {"convert_vs_parse_process": 4.0, "one_file_vs_parse_process": 2.5, "regen_vs_convert": 2.0,
           "jobs2_speedup": 1.85, "peak_rss_mb": 300.0, "setup_warm_s": 0.5, "analyse_s": 60.0}
ONE_FILE = "wsj_0003.mrg"  # 30 sentences, dev half


def _best(times: list[float]) -> float:
    return min(times)


def _range(times: list[float]) -> str:
    return f"{min(times):.2f}-{max(times):.2f} s"


def _sample_paths() -> list[str]:
    from ptb2fd.trees.reader import resolve_inputs

    return resolve_inputs([], "treebank")


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
_SETUP = ("import time\nt0 = time.perf_counter()\nfrom ptb2fd.runner.sources import load_converter\nt1 = time.perf_counter()\n"
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


def bench_peak_rss(args) -> dict:
    if args.no_rss:
        return {}
    out = peak_rss(_sample_paths(), copies=10)
    print(f"peak RSS streaming {out['rss_trees']} trees (sample x10): {out['peak_rss_mb']} MB "
          f"(target <= {TARGETS['peak_rss_mb']} MB) in {out['rss_run_s']} s; {out['rss_summary']}")
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


def bench_peak_rss_regen(args) -> dict:
    if args.no_rss:
        return {}
    out = peak_rss_regen(_sample_paths())
    print("peak RSS of regen (convert, regenerate, report): " + ", ".join(
        f"sample x{k.rsplit('x', 1)[1]} {out[k]} MB" for k in sorted(out) if k.startswith("regen_peak_rss_mb_x"))
        + f" (target <= {TARGETS['peak_rss_mb']} MB, flat)")
    return out

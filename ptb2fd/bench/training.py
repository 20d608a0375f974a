"""How training the statistical realizer scales, and what the model is
worth at each size, run by `make bench`.

`ptb2fd train --view paper --jobs 2` in a child process on the sample's
dev half (wsj_0001-0099, 1,921 sentences, converted once) copied 1, 2, 8
and 20 times, one size after the other: wall and CPU time (user + system,
the workers' included), the peak RSS of the training process and of its
busiest worker, and the test BLEU of the model (`realizer.evaluate` on the
test half, wsj_0100-0199: train on dev, report on test). Targets: the x20
run's peak RSS at most 2 GB, its time at most 12 times the x2 run's (ten
times the sentences).

A corpus of copies repeats features and trigrams: it measures how training
scales with the number of candidate sets (docs/statistical-realizer.md says
what grows on new text). Training keeps a sentence's copies in one fold, so
the copies must not change what the model is worth: every row's BLEU is
the dev half's, give or take the prior's weight against more data.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ptb2fd.bench.process import _PROBE, _child_cpu

TARGETS = {"train_peak_rss_mb_x10": 2048.0, "train_time_x10_over_x1": 12.0}
COPIES = (1, 2, 8, 20)
SMALL, LARGE = 2, 20  # the rows the ratios compare: ten times the sentences


def measure_training(copies: tuple[int, ...] = COPIES, view: str = "paper", jobs: int = 2,
                     dev_files: str = "wsj_00*", test_files: str = "wsj_01*") -> dict:
    tmp = Path(tempfile.mkdtemp(prefix="ptb2fd-bench-train-"))
    try:
        dev, test = tmp / "dev.jsonl", tmp / "test.jsonl"
        for path, files in ((dev, dev_files), (test, test_files)):
            subprocess.run([sys.executable, "-c", _PROBE, "convert", "--corpus", "treebank", "--files", files,
                            "-o", str(path), "--quiet"], check=True, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
        text = dev.read_text(encoding="utf-8")
        per_copy = text.count("\n")
        rows = {}
        for n in copies:
            data = tmp / f"dev-x{n}.jsonl"
            data.write_text(text * n, encoding="utf-8")
            model = tmp / f"x{n}.model"
            rows[n] = _train(data, model, view, jobs)
            rows[n]["sentences"] = per_copy * n
            rows[n]["test_bleu"] = _test_bleu(model, view, test)
            data.unlink()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    out = {"train_view": view, "train_jobs": jobs, "train_rows": rows}
    if SMALL in rows and LARGE in rows:
        out["train_time_x10_over_x1"] = round(rows[LARGE]["wall_s"] / rows[SMALL]["wall_s"], 2)
        out["train_cpu_x10_over_x1"] = round(rows[LARGE]["cpu_s"] / rows[SMALL]["cpu_s"], 2)
        out["train_peak_rss_mb_x10"] = rows[LARGE]["peak_rss_mb"]
    return out


def _train(data: Path, model: Path, view: str, jobs: int) -> dict:
    cmd = [sys.executable, "-c", _PROBE, "train", str(data), "--view", view, "--jobs", str(jobs), "-o", str(model)]
    cpu = _child_cpu()
    t = time.perf_counter()
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    wall = time.perf_counter() - t
    err = proc.stderr.decode("utf-8", "replace")
    if proc.returncode != 0:
        raise RuntimeError(f"ptb2fd train exit {proc.returncode}: {err[-500:]}")
    peak = re.search(r"^PEAK_RSS_KB (\d+)", err, re.M)
    worker = re.search(r"workers at most (\d+) MB", err)
    own = re.search(r"CPU time: this process ([\d.]+) s(?:, its workers ([\d.]+) s)?", err)
    return {"wall_s": round(wall, 1), "cpu_s": round(_child_cpu() - cpu, 1),
            "trainer_cpu_s": float(own.group(1)) if own else 0.0,
            "workers_cpu_s": float(own.group(2) or 0) if own else 0.0,
            "peak_rss_mb": round(int(peak.group(1)) / 1024, 1) if peak else 0.0,
            "worker_peak_rss_mb": float(worker.group(1)) if worker else 0.0}


def _test_bleu(model: Path, view: str, test: Path) -> float:
    """Corpus BLEU-4 of the model's default scoring on the test half."""
    proc = subprocess.run([sys.executable, "-m", "ptb2fd.realizer.evaluate", str(model), view, str(test)],
                          capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise RuntimeError(f"realizer.evaluate exit {proc.returncode}: {proc.stderr[-500:]}")
    return round(json.loads(proc.stdout)["bleu"], 4)


def report_training(m: dict) -> list[str]:
    lines = [f"training the statistical realizer ({m['train_view']} view, --jobs {m['train_jobs']}) on the sample's "
             f"dev half copied n times; BLEU of each model on the test half:"]
    for n, r in m["train_rows"].items():
        lines.append(f"  x{n:<2} {r['sentences']:>6} sentences: test BLEU {r['test_bleu']:.4f}; {r['wall_s']} s wall, "
                     f"{r['cpu_s']} s CPU (training process {r['trainer_cpu_s']} s, its workers "
                     f"{r['workers_cpu_s']} s); peak RSS {r['peak_rss_mb']} MB, each worker at most "
                     f"{r['worker_peak_rss_mb']:.0f} MB")
    if "train_time_x10_over_x1" in m:
        lines.append(f"  x{LARGE} / x{SMALL} (ten times the sentences): time {m['train_time_x10_over_x1']}x "
                     f"(CPU {m['train_cpu_x10_over_x1']}x; target <= {TARGETS['train_time_x10_over_x1']:.0f}x), "
                     f"peak RSS at x{LARGE} {m['train_peak_rss_mb_x10']} MB "
                     f"(target <= {TARGETS['train_peak_rss_mb_x10']:.0f} MB)")
    return lines

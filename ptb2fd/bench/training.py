"""How training the statistical realizer scales, run by `make bench`.

`ptb2fd train --view paper --jobs 2` in a child process on the sample
(3,914 sentences, converted once) replicated 1, 4 and 10 times, one size
after the other: wall and CPU time (user + system, the workers' included)
and the peak RSS of the training process and of its busiest worker.
Targets: the x10 run's peak RSS at most 2 GB, its time at most 12 times
the x1 run's. A replicated corpus repeats features and trigrams: it
measures how training scales with the number of candidate sets, which is
what grew without bound before (0.7 MB per sentence); docs/statistical-
realizer.md says what grows on new text.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ptb2fd.bench.process import _PROBE, _child_cpu

TARGETS = {"train_peak_rss_mb_x10": 2048.0, "train_time_x10_over_x1": 12.0}
COPIES = (1, 4, 10)


def measure_training(copies: tuple[int, ...] = COPIES, view: str = "paper", jobs: int = 2) -> dict:
    tmp = Path(tempfile.mkdtemp(prefix="ptb2fd-bench-train-"))
    try:
        sample = tmp / "sample.jsonl"
        subprocess.run([sys.executable, "-c", _PROBE, "convert", "--corpus", "treebank", "-o", str(sample),
                        "--quiet"], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        text = sample.read_text(encoding="utf-8")
        rows = {}
        for n in copies:
            data = tmp / f"sample-x{n}.jsonl"
            data.write_text(text * n, encoding="utf-8")
            rows[n] = _train(data, tmp / f"x{n}.model", view, jobs)
            rows[n]["sentences"] = 3914 * n
            data.unlink()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    out = {"train_view": view, "train_jobs": jobs, "train_rows": rows}
    if 1 in rows and 10 in rows:
        out["train_time_x10_over_x1"] = round(rows[10]["wall_s"] / rows[1]["wall_s"], 2)
        out["train_cpu_x10_over_x1"] = round(rows[10]["cpu_s"] / rows[1]["cpu_s"], 2)
        out["train_peak_rss_mb_x10"] = rows[10]["peak_rss_mb"]
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


def report_training(m: dict) -> list[str]:
    lines = [f"training the statistical realizer ({m['train_view']} view, --jobs {m['train_jobs']}), the sample "
             f"replicated:"]
    for n, r in m["train_rows"].items():
        lines.append(f"  x{n:<2} {r['sentences']:>6} sentences: {r['wall_s']} s wall, {r['cpu_s']} s CPU (training "
                     f"process {r['trainer_cpu_s']} s, its workers {r['workers_cpu_s']} s); peak RSS "
                     f"{r['peak_rss_mb']} MB, each worker at most {r['worker_peak_rss_mb']:.0f} MB")
    if "train_time_x10_over_x1" in m:
        lines.append(f"  x10 / x1: time {m['train_time_x10_over_x1']}x (CPU {m['train_cpu_x10_over_x1']}x; "
                     f"target <= {TARGETS['train_time_x10_over_x1']:.0f}x), peak RSS at x10 "
                     f"{m['train_peak_rss_mb_x10']} MB (target <= {TARGETS['train_peak_rss_mb_x10']:.0f} MB)")
    return lines

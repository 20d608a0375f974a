"""`make bench`: time grows linearly with sentence length.

Two flat trees that untokenised transcripts and web pages arrive as:
- a flat NP of N nouns with a comma after every tenth;
- a flat coordination of N words: N/2 one-word NPs, separated by commas,
  the last two joined by "and".
Each is converted by a whole process, `ptb2fd convert FILE -o /dev/null`,
at N = 8,000 and 16,000, the two sizes interleaved. The figures are the
median CPU time (user + system) of the child over the repetitions; the
row prints the 16,000-word time over the 8,000-word one (target at most
2.2: twice the words, twice the time, and some room for start-up being
shared) and the 8,000-word time (target at most 2 s).
"""
from __future__ import annotations

import os
import shutil
import statistics
import tempfile
from pathlib import Path

from ptb2fd.bench.process import _run

FLAT_TARGETS = {"flat_doubling_ratio": 2.2, "flat_8000_cpu_s": 2.0}
SIZES = (8000, 16000)


def flat_np_with_commas(nouns: int) -> str:
    """"( (NP (NN w0) ... (NN w9) (, ,) (NN w10) ...) )"."""
    parts = []
    for i in range(nouns):
        parts.append(f"(NN w{i})")
        if i % 10 == 9:
            parts.append("(, ,)")
    return "( (NP " + " ".join(parts) + ") )\n"


def flat_coordination(words: int) -> str:
    """"( (NP (NP (NN w0)) (, ,) (NP (NN w1)) ... (CC and) (NP (NN wK))) )", `words` words."""
    conjuncts = words // 2
    parts = []
    for i in range(conjuncts):
        if i:
            parts.append("(CC and)" if i == conjuncts - 1 else "(, ,)")
        parts.append(f"(NP (NN w{i}))")
    return "( (NP " + " ".join(parts) + ") )\n"


SHAPES = {"flat NP with commas": flat_np_with_commas, "flat coordination": flat_coordination}


def measure_flat(repeat: int = 3) -> dict:
    """Median child CPU seconds per shape and size, and the doubling ratios."""
    import sys

    tmp = Path(tempfile.mkdtemp(prefix="ptb2fd-bench-length-"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    cpu: dict[tuple[str, int], list[float]] = {}
    try:
        files = {}
        for shape, make in SHAPES.items():
            for n in SIZES:
                files[shape, n] = tmp / f"{make.__name__}-{n}.mrg"
                files[shape, n].write_text(make(n), encoding="utf-8")
                cpu[shape, n] = []
        cmd = [sys.executable, "-m", "ptb2fd", "convert", "-o", os.devnull, "--quiet"]
        _run(cmd + [str(files[next(iter(files))])], env)  # fills the bytecode cache
        for _ in range(repeat):
            for key, path in files.items():  # the sizes interleaved
                _run(cmd + [str(path)], env, cpu[key])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    out: dict = {}
    for shape, make in SHAPES.items():
        name = make.__name__
        small, large = (statistics.median(cpu[shape, n]) for n in SIZES)
        out[f"{name}_{SIZES[0]}_cpu_s"] = round(small, 2)
        out[f"{name}_{SIZES[1]}_cpu_s"] = round(large, 2)
        out[f"{name}_doubling_ratio"] = round(large / small, 2)
    return out


def report_flat(m: dict) -> list[str]:
    lines = []
    for shape, make in SHAPES.items():
        name = make.__name__
        lines.append(
            f"sentence length, {shape}: convert -o /dev/null, N = {SIZES[0]:,} {m[f'{name}_{SIZES[0]}_cpu_s']} s "
            f"CPU (target <= {FLAT_TARGETS['flat_8000_cpu_s']} s), N = {SIZES[1]:,} "
            f"{m[f'{name}_{SIZES[1]}_cpu_s']} s: {m[f'{name}_doubling_ratio']}x (target <= "
            f"{FLAT_TARGETS['flat_doubling_ratio']}x), whole processes, median CPU")
    return lines


def bench_length(args) -> dict:
    m = measure_flat(args.repeat)
    print("\n".join(report_flat(m)))
    return m

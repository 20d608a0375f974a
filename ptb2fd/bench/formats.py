"""`make bench`: reading records in the three formats.

The sample converted once to JSONL and re-exported (`convert RECORDS -o
OTHER`) to Parquet and CoNLL-U Plus; then, interleaved, `regen FILE --json`
(--jobs 1, in this process) on each, timed as CPU (user + sys of this
process), and the reading alone (every record of the file read, no
regeneration). Printed: Parquet's CPU over JSONL's for regen (target at
most 1.5x) and for reading, CoNLL-U Plus's beside them, medians of the
repetitions with their ranges; and whether the three regen reports are
identical (they must be: the same records).
"""
from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import statistics
import tempfile
from pathlib import Path

TARGET = 1.5  # Parquet's regen CPU over JSONL's
FORMATS = ("jsonl", "parquet", "conllup")


def _cpu() -> float:
    t = os.times()
    return t.user + t.system


def _read_all(path: str) -> int:
    from ptb2fd.runner.converted import converted_files, records, whole

    return sum(1 for p, k in converted_files([path]) for _ in records(whole(p, k)))


def bench_formats(args) -> dict:
    from ptb2fd.cli import main

    tmp = Path(tempfile.mkdtemp(prefix="ptb2fd-bench-formats-"))
    quiet = io.StringIO()
    regen: dict[str, list[float]] = {f: [] for f in FORMATS}
    read: dict[str, list[float]] = {f: [] for f in FORMATS}
    reports: dict[str, str] = {}
    try:
        files = {f: str(tmp / f"sample.{f}") for f in FORMATS}
        with contextlib.redirect_stderr(quiet):
            main(["convert", "--corpus", "treebank", "-o", files["jsonl"], "--quiet"])
            for f in FORMATS[1:]:
                main(["convert", files["jsonl"], "-o", files[f]])
        for _ in range(args.repeat):
            for f in FORMATS:
                out = io.StringIO()
                t = _cpu()
                with contextlib.redirect_stdout(out), contextlib.redirect_stderr(quiet):
                    code = main(["regen", files[f], "--json"])
                regen[f].append(_cpu() - t)
                if code != 0:
                    raise SystemExit(f"bench: regen of {f} exited {code}")
                reports[f] = out.getvalue()
                t = _cpu()
                _read_all(files[f])
                read[f].append(_cpu() - t)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    def ratio(d, f):
        return round(statistics.median(d[f]) / statistics.median(d["jsonl"]), 2)

    same = len({json.dumps(json.loads(r), sort_keys=True) for r in reports.values()}) == 1
    out = {"regen_cpu_s": {f: round(statistics.median(regen[f]), 2) for f in FORMATS},
           "read_cpu_s": {f: round(statistics.median(read[f]), 2) for f in FORMATS},
           "regen_parquet_over_jsonl": ratio(regen, "parquet"), "regen_conllup_over_jsonl": ratio(regen, "conllup"),
           "read_parquet_over_jsonl": ratio(read, "parquet"), "read_conllup_over_jsonl": ratio(read, "conllup"),
           "regen_reports_identical": same}

    def spread(d, f):
        return f"{min(d[f]):.2f}-{max(d[f]):.2f} s"

    print(f"regen of the sample, CPU by input format: JSONL {out['regen_cpu_s']['jsonl']} s "
          f"({spread(regen, 'jsonl')}), Parquet {out['regen_cpu_s']['parquet']} s ({spread(regen, 'parquet')}), "
          f"CoNLL-U Plus {out['regen_cpu_s']['conllup']} s ({spread(regen, 'conllup')}): Parquet / JSONL "
          f"{out['regen_parquet_over_jsonl']}x (target <= {TARGET}x), CoNLL-U Plus / JSONL "
          f"{out['regen_conllup_over_jsonl']}x; reports {'identical' if same else 'DIFFERENT'}")
    print(f"reading the sample's records alone, CPU: JSONL {out['read_cpu_s']['jsonl']} s, Parquet "
          f"{out['read_cpu_s']['parquet']} s ({out['read_parquet_over_jsonl']}x), CoNLL-U Plus "
          f"{out['read_cpu_s']['conllup']} s ({out['read_conllup_over_jsonl']}x)")
    return out

"""The figures of docs/large-corpora.md: Parquet layouts compared, and
scaling past one writer (the `make bench` rows)."""
from __future__ import annotations

from ptb2fd.figures.measure import Figure, Run, Section, shown


def _sample_file(run: Run, fmt: str):
    name = f"treebank.{fmt}"
    argv = ["ptb2fd", "convert", "--corpus", "treebank", "--format", fmt, "-o", str(run.path(name)), "--quiet"]
    return run.once(name, argv), shown(argv[:-2] + [name])


def parquet_layouts(run: Run) -> Section:
    parquet, made = _sample_file(run, "parquet")
    jsonl, _ = _sample_file(run, "jsonl")
    argv = ["python", "-m", "ptb2fd.bench.layouts", str(parquet), "--json"]
    result = run.json(argv)
    command = shown(argv[:-2] + ["treebank.parquet", "--json"])
    flat, nested = result["flat"], result["nested"]
    rows = [Figure("file size, bytes", made, split="all (wsj_0001–0199)",
                   values={"one row per word (written)": f"{flat['bytes']:,}",
                           "one row per sentence, words nested": f"{nested['bytes']:,}"})]
    for key in flat:
        if key == "bytes" or key not in nested:
            continue
        reader, task = key.rsplit(" ", 1)
        what = f"{reader}: {'load the whole file' if task == 'load' else 'count the words of each role'}, CPU s"
        rows.append(Figure(what, command, split="all (wsj_0001–0199)",
                           values={"one row per word (written)": f"{flat[key]:.3f}",
                                   "one row per sentence, words nested": f"{nested[key]:.3f}"}))
    share = parquet.stat().st_size / jsonl.stat().st_size
    rows.append(Figure("size / size of the sample as JSONL", made, split="all (wsj_0001–0199)",
                       values={"one row per word (written)": f"{share:.4f} (1/{1 / share:.0f})",
                               "one row per sentence, words nested":
                                   f"{nested['bytes'] / jsonl.stat().st_size:.4f}"}))
    return Section("parquet", "Parquet layouts",
                   "The sample written one row per word (what `--format parquet` writes) and one row per sentence "
                   "with its words in a nested list: file size, and the CPU seconds (all threads, best of 5) each "
                   "reader takes. The smaller and faster layout is the one written.", rows)


def scaling(run: Run) -> Section:
    out = run.path("bench-scaling.json")
    argv = ["python", "-m", "ptb2fd.bench", "--only", "jobs", "--only", "regen_jobs", "--only", "dask",
            "--json", str(out)]
    run(argv)
    m = __import__("json").loads(out.read_text(encoding="utf-8"))
    command = shown(argv[:-1] + ["bench.json"])
    ceiling = f"{m['two_process_ceiling']}x"

    def row(what: str, value: str, target: str, ceil: str = "-") -> Figure:
        return Figure(what, command, split="all (wsj_0001–0199)",
                      values={"measured": value, "target": target, "two-process ceiling": ceil})

    rows = [
        row("driver CPU per 1,000 trees / one worker's, -o DIR/", f"{100 * m['driver_share_dir']:.1f} %", "≤ 5 %"),
        row("driver CPU per 1,000 trees / one worker's, -o FILE", f"{100 * m['driver_share_file']:.1f} %", "≤ 5 %"),
        row("convert --jobs 2 vs --jobs 1", f"{m['jobs2_speedup']}x", "≥ 1.85x", ceiling),
        row("Dask, 2 local workers, vs --jobs 1", f"{m['dask']['dask_vs_jobs1']}x", "≥ 1.8x", ceiling),
        row("regen --jobs 2 vs --jobs 1", f"{m['regen_jobs2_speedup']}x", "≥ 1.8x", ceiling),
        row("two independent regen --jobs 1 at once vs one (this workload's own ceiling)",
            f"{m['regen_pair_ceiling']}x", "-", ceiling),
        row("Parquet size / JSONL size", f"{m['parquet_share']:.4f}", "≤ 0.125"),
    ]
    return Section("scaling", "Scaling past one writer",
                   "Conversion and regeneration of the sample on 2 workers against 1 (wall time, best of 3, "
                   "interleaved), beside the speedup two plain CPU-bound processes reach on the same machine in "
                   "the same run: on a busy machine compare with that ceiling.", rows)

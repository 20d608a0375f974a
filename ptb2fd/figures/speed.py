"""The "Speed and start-up" section of docs/figures.md: the measures
of `make bench` (ptb2fd.bench.speed), run once more here, each beside its
target. Times are whole processes on the machine the page names; the
ClearNLP row is left out (with a note) where Java or clearnlp-converter is
missing.
"""
from __future__ import annotations

from ptb2fd.bench.flat import FLAT_TARGETS, SHAPES, SIZES, measure_flat
from ptb2fd.bench.speed import SPEED_TARGETS, TEST_FILES, run_all
from ptb2fd.figures.measure import TEST, Figure, Run, Section

REPEAT = 2  # best of two: the page is measured on a quiet machine


def _bench(only: str) -> str:
    return f"python -m ptb2fd.bench --only {only}"


def speed(run: Run) -> Section:
    f = run_all(REPEAT)
    t = SPEED_TARGETS
    rows = [
        Figure("start-up: ptb2fd --version", _bench("startup"), data="-",
               values={"wall": f"{f['version_s']} s", "CPU": f"{f['version_cpu_s']} s",
                       "target": f"≤ {t['version_s']} s"}),
        Figure("start-up: ptb2fd convert wsj_0001.mrg (2 trees)", _bench("startup"),
               values={"wall": f"{f['one_file_s']} s", "CPU": f"{f['one_file_cpu_s']} s",
                       "target": f"≤ {t['one_file_s']} s"}),
        Figure(f"rule loop: ptb2fd diff rules NEW --corpus treebank --files '{TEST_FILES}' after a one-rule edit, "
               "the old rules' run cached", _bench("rule_loop"), split=f"test ({TEST[1]})",
               values={"wall": f"{f['diff_warm_s']} s", "CPU": f"{f['diff_warm_cpu_s']} s",
                       "target": f"≤ {t['diff_warm_s']} s"}),
        Figure("rule loop: the same with --jobs 2", _bench("rule_loop"), split=f"test ({TEST[1]})",
               values={"wall": f"{f['diff_warm_jobs2_s']} s", "CPU": f"{f['diff_warm_jobs2_cpu_s']} s",
                       "target": f"≤ {t['diff_warm_s']} s"}),
        Figure("rule loop: the same, cold (empty result cache)", _bench("rule_loop"), split=f"test ({TEST[1]})",
               values={"wall": f"{f['diff_cold_s']} s", "CPU": f"{f['diff_cold_cpu_s']} s", "target": "-"}),
        Figure(f"a flat {f['flat_words']:,}-word tree: ptb2fd regen flat.mrg (converted, regenerated, scored)",
               _bench("long_sentence"), data="invented",
               values={"wall": f"{f['flat_s']} s", "CPU": f"{f['flat_cpu_s']} s", "target": f"≤ {t['flat_s']} s"}),
    ]
    length = measure_flat(REPEAT)
    for shape, make in SHAPES.items():
        name = make.__name__
        rows.append(Figure(f"sentence length, {shape}: ptb2fd convert -o /dev/null, {SIZES[1]:,} words ÷ "
                           f"{SIZES[0]:,}", _bench("length"), data="invented",
                           values={"CPU": f"{length[f'{name}_{SIZES[0]}_cpu_s']} s → "
                                          f"{length[f'{name}_{SIZES[1]}_cpu_s']} s",
                                   "ratio": f"{length[f'{name}_doubling_ratio']}x",
                                   "target": f"≤ {FLAT_TARGETS['flat_doubling_ratio']}x, "
                                             f"≤ {FLAT_TARGETS['flat_8000_cpu_s']} s"}))
    if f.get("peer") != "skipped":
        rows.append(Figure(f"CPU per tree, whole sample ({f['peer_trees']} trees): ptb2fd convert ÷ ClearNLP",
                           _bench("peer"), split="all (wsj_0001–0199)",
                           values={"ptb2fd": f"{f['ptb2fd_cpu_ms_per_tree']} ms",
                                   "ClearNLP": f"{f['clearnlp_cpu_ms_per_tree']} ms",
                                   "ratio": f"{f['peer_cpu_ratio']}x (median of {f['peer_runs']} pairs)",
                                   "target": f"≤ {t['peer_cpu_ratio']}x"}))
    about = ("The measures of `make bench`: whole processes, best of two runs (wall, and CPU as user + "
             "system time). ClearNLP's C2DConvert (Java; the PyPI package clearnlp-converter bundles its jars) "
             "gives heads, labels and lemmas; ptb2fd the factored records. "
             + ("" if f.get("peer") != "skipped" else "ClearNLP was not available on this machine: no peer row."))
    return Section("speed", "Speed and start-up", about, rows)

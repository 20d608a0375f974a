"""The bench row of parser output: converting with predicted
function tags against converting with the gold ones, and loading the
function-tag model.

In one process, on the sample's test half, interleaved: the gold trees
converted with `--functions gold`, the same trees with `--functions infer`
(stripped, tags predicted, empty elements put back), and the same trees
stripped beforehand as a parser gives them, with `--functions auto`.
Targets: infer at most 1.3x the CPU time of gold; loading the shipped model
at most 0.1 s.
"""
from __future__ import annotations

import time

TARGETS = {"infer_vs_gold_cpu": 1.3, "model_load_s": 0.1}
TEST_FILES = "wsj_01*"


def measure_functions(repeat: int) -> dict:
    from ptb2fd.analysis.agreement import as_parsed
    from ptb2fd.conversion.converter import Converter
    from ptb2fd.functions.model import default_model_path, load_model
    from ptb2fd.ruleset.load import load_rules
    from ptb2fd.trees.inputs import resolve_inputs
    from ptb2fd.trees.reader import read_trees

    rules = load_rules()
    raws = list(read_trees(resolve_inputs([], "treebank", TEST_FILES)))
    parsed = [p for _, p in as_parsed(raws) if p is not None]  # as a parser gives them
    runs = {"gold": (raws, "gold"), "infer": (raws, "infer"), "parsed": (parsed, "auto")}
    cpu: dict[str, list[float]] = {name: [] for name in runs}
    loads = []
    for _ in range(repeat):
        t = time.perf_counter()
        load_model(default_model_path())
        loads.append(time.perf_counter() - t)
        for name, (trees, mode) in runs.items():
            conv = Converter(rules, functions=mode)  # fresh caches, as a user's run
            conv.load_function_model()
            c = time.process_time()
            for raw in trees:
                conv.convert(raw)
            cpu[name].append(time.process_time() - c)
    best = {name: min(times) for name, times in cpu.items()}
    return {"trees": len(raws), **{f"{name}_cpu_s": round(t, 2) for name, t in best.items()},
            "infer_vs_gold_cpu": round(best["infer"] / best["gold"], 2),
            "parsed_vs_gold_cpu": round(best["parsed"] / best["gold"], 2), "model_load_s": round(min(loads), 3),
            "ranges": {name: [round(min(t), 2), round(max(t), 2)] for name, t in cpu.items()}}


def report_functions(m: dict) -> str:
    return (f"parser output ({m['trees']} trees of the test half, CPU time): gold trees with --functions infer "
            f"{m['infer_cpu_s']} s vs --functions gold {m['gold_cpu_s']} s: {m['infer_vs_gold_cpu']}x "
            f"(target <= {TARGETS['infer_vs_gold_cpu']}x); the same trees as a parser gives them, --functions auto: "
            f"{m['parsed_cpu_s']} s, {m['parsed_vs_gold_cpu']}x; loading the function-tag model "
            f"{m['model_load_s']} s (target <= {TARGETS['model_load_s']} s)")

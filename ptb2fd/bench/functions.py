"""The bench row of parser output (issue 22): converting with predicted
function tags against converting with the gold ones, and loading the
function-tag model.

In one process, on the sample's test half, interleaved: the gold trees
converted with `--functions gold`, and the same trees with `--functions
infer` (stripped, tags predicted, empty elements put back). Targets: infer
at most 1.3x the CPU time of gold; loading the shipped model at most 0.1 s.
"""
from __future__ import annotations

import time

TARGETS = {"infer_vs_gold_cpu": 1.3, "model_load_s": 0.1}
TEST_FILES = "wsj_01*"


def measure_functions(repeat: int) -> dict:
    from ptb2fd.conversion.converter import Converter
    from ptb2fd.functions.model import default_model_path, load_model
    from ptb2fd.ruleset.load import load_rules
    from ptb2fd.trees.inputs import resolve_inputs
    from ptb2fd.trees.reader import read_trees

    rules = load_rules()
    raws = list(read_trees(resolve_inputs([], "treebank", TEST_FILES)))
    loads, gold_cpu, infer_cpu = [], [], []
    for _ in range(repeat):
        t = time.perf_counter()
        load_model(default_model_path())
        loads.append(time.perf_counter() - t)
        for mode, bucket in (("gold", gold_cpu), ("infer", infer_cpu)):
            conv = Converter(rules, functions=mode)  # fresh caches, as a user's run
            conv.load_function_model()
            c = time.process_time()
            for raw in raws:
                conv.convert(raw)
            bucket.append(time.process_time() - c)
    return {"trees": len(raws), "gold_cpu_s": round(min(gold_cpu), 2), "infer_cpu_s": round(min(infer_cpu), 2),
            "infer_vs_gold_cpu": round(min(infer_cpu) / min(gold_cpu), 2), "model_load_s": round(min(loads), 3),
            "ranges": {"gold": [round(min(gold_cpu), 2), round(max(gold_cpu), 2)],
                       "infer": [round(min(infer_cpu), 2), round(max(infer_cpu), 2)]}}


def report_functions(m: dict) -> str:
    return (f"parser output ({m['trees']} trees of the test half, CPU time): --functions infer "
            f"{m['infer_cpu_s']} s vs gold {m['gold_cpu_s']} s: {m['infer_vs_gold_cpu']}x "
            f"(target <= {TARGETS['infer_vs_gold_cpu']}x); loading the function-tag model "
            f"{m['model_load_s']} s (target <= {TARGETS['model_load_s']} s)")

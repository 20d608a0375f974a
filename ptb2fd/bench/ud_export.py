"""`make bench`'s UD row: the sample converted and written as JSONL against
converted and written as UD CoNLL-U (`--format conllu`), in one process,
CPU time, the two interleaved and the best of each taken (target: the UD
export costs at most 1.2x the JSONL conversion).
"""
from __future__ import annotations

import time

from ptb2fd.bench.process import _best, _sample_paths

TARGET = 1.2


def measure_ud_export(repeat: int) -> dict:
    from ptb2fd.conversion.converter import Converter
    from ptb2fd.formats import jsonl
    from ptb2fd.ruleset.load import load_rules
    from ptb2fd.trees.reader import read_trees
    from ptb2fd.ud.writer import dump_sentence

    rules = load_rules()
    raws = list(read_trees(_sample_paths()))
    Converter(rules).convert(raws[0])  # warm the lexicon caches once
    dump_sentence(Converter(rules).convert(raws[0]).sentence)
    cpu: dict[str, list[float]] = {"jsonl": [], "conllu": []}
    for _ in range(repeat):
        for name, render in (("jsonl", jsonl.dump_sentence), ("conllu", dump_sentence)):
            conv = Converter(rules)  # fresh caches, as a user's run
            start = time.process_time()
            for raw in raws:
                sentence = conv.convert(raw).sentence
                if sentence is not None:
                    render(sentence)
            cpu[name].append(time.process_time() - start)
    ratio = _best(cpu["conllu"]) / _best(cpu["jsonl"])
    return {"ud_export_cpu_s": round(_best(cpu["conllu"]), 2), "jsonl_cpu_s": round(_best(cpu["jsonl"]), 2),
            "ud_vs_jsonl_cpu": round(ratio, 2)}


def report_ud_export(m: dict) -> str:
    return (f"UD export (convert --format conllu): {m['ud_export_cpu_s']} CPU s for the sample against "
            f"{m['jsonl_cpu_s']} s for JSONL: {m['ud_vs_jsonl_cpu']}x (target <= {TARGET}x)")

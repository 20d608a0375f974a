"""Benchmark of the statistical realizer (issue 9), run by `make bench`.

Training on dev (target: at most 60 s on one core) and realizing the test
half with that model beside converting the test half (target: realizing
takes at most 2x the conversion time). Trees are read once; the timings
are interleaved, best of `repeat`.
"""
from __future__ import annotations

import os
import tempfile
import time

TARGETS = {"train_dev_s": 60.0, "realize_vs_convert": 2.0}


def measure_realizer(repeat: int = 1, view: str = "paper") -> dict:
    from ..convert import Converter
    from ..reader import read_trees, resolve_inputs
    from ..regen.view import make_view
    from ..ruleset import load_rules
    from .model import load_realizer, save_model, train_model

    rules = load_rules()
    dev_raws = list(read_trees(resolve_inputs([], "treebank", files="wsj_00*")))
    test_raws = list(read_trees(resolve_inputs([], "treebank", files="wsj_01*")))
    conv = Converter(rules)
    dev = [r.sentence for r in map(conv.convert, dev_raws) if r.sentence is not None]
    test = [r.sentence for r in map(conv.convert, test_raws) if r.sentence is not None]
    train_t, convert_t, realize_t = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "bench.model")
        for _ in range(repeat):
            t = time.perf_counter()
            save_model(train_model(dev, view, rules), path)
            train_t.append(time.perf_counter() - t)
            conv = Converter(rules)
            t = time.perf_counter()
            for raw in test_raws:
                conv.convert(raw)
            convert_t.append(time.perf_counter() - t)
            realizer = load_realizer(path, view, rules=rules)
            t = time.perf_counter()
            for s in test:
                realizer.realize(make_view(s, rules.roles.adjunct_roles, seed=s.id, view=view).view)
            realize_t.append(time.perf_counter() - t)
    return {"realizer_view": view, "train_dev_s": round(min(train_t), 1), "train_sentences": len(dev),
            "convert_test_s": round(min(convert_t), 2), "realize_test_s": round(min(realize_t), 2),
            "realize_vs_convert": round(min(realize_t) / min(convert_t), 2)}


def report_realizer(m: dict) -> str:
    return (f"statistical realizer ({m['realizer_view']} view): training on dev ({m['train_sentences']} sentences) "
            f"{m['train_dev_s']} s (target <= {TARGETS['train_dev_s']:.0f} s); realizing the test half "
            f"{m['realize_test_s']} s vs. converting it {m['convert_test_s']} s: ratio {m['realize_vs_convert']}x "
            f"(target <= {TARGETS['realize_vs_convert']}x)")

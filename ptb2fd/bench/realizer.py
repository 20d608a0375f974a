"""Benchmark of the statistical realizer, run by `make bench`.

Training on dev (target: at most 60 s on one core) and realizing the test
half with that model beside converting the test half (target: realizing
takes at most 2x the conversion time; the time includes building each
sentence's view, `make_view`). Trees are read once; the timings are
interleaved, best of `repeat`. The `side_views` (by default `shallow` and
`lemma`, whose beam is 32 and whose units have no side, so that their
candidate sets are about twice as large) are trained once each, as `ptb2fd
train` does (the same target), and realized in the same runs for their
ratios.
"""
from __future__ import annotations

import os
import tempfile
import time

TARGETS = {"train_dev_s": 60.0, "realize_vs_convert": 2.0}


def measure_realizer(repeat: int = 1, view: str = "paper", side_views: tuple[str, ...] = ("shallow", "lemma")) -> dict:
    from ptb2fd.conversion.converter import Converter
    from ptb2fd.realizer.model import load_realizer, save_model
    from ptb2fd.realizer.trainer import train_model
    from ptb2fd.regen.view import make_view
    from ptb2fd.ruleset.load import load_rules
    from ptb2fd.trees.reader import read_trees, resolve_inputs

    rules = load_rules()
    dev_raws = list(read_trees(resolve_inputs([], "treebank", files="wsj_00*")))
    test_raws = list(read_trees(resolve_inputs([], "treebank", files="wsj_01*")))
    conv = Converter(rules)
    dev = [r.sentence for r in map(conv.convert, dev_raws) if r.sentence is not None]
    test = [r.sentence for r in map(conv.convert, test_raws) if r.sentence is not None]
    train_t, convert_t, realize_t = [], [], []  # realize_t: (with the views, the views alone)
    side_t: dict[str, list[tuple[float, float]]] = {v: [] for v in side_views}

    def realize_all(path: str, name: str) -> tuple[float, float]:
        """Seconds to build the views and realize them, and to build the views alone."""
        realizer = load_realizer(path, name, rules=rules)
        t = time.perf_counter()
        views = [make_view(s, rules.roles.adjunct_roles, seed=s.id, view=name).view for s in test]
        built = time.perf_counter()
        for v in views:
            realizer.realize(v)
        return time.perf_counter() - t, built - t

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "bench.model")
        side_paths = {v: os.path.join(tmp, f"{v}.model") for v in side_views}
        side_train: dict[str, float] = {}
        for v, p in side_paths.items():
            t = time.perf_counter()
            save_model(train_model(dev, v, rules), p)
            side_train[v] = time.perf_counter() - t
        for _ in range(repeat):
            t = time.perf_counter()
            save_model(train_model(dev, view, rules), path)
            train_t.append(time.perf_counter() - t)
            conv = Converter(rules)
            t = time.perf_counter()
            for raw in test_raws:
                conv.convert(raw)
            convert_t.append(time.perf_counter() - t)
            realize_t.append(realize_all(path, view))
            for v, p in side_paths.items():
                side_t[v].append(realize_all(p, v))
    best_convert = min(convert_t)

    def figures(runs: list[tuple[float, float]]) -> dict:
        total, views = min(runs)
        return {"realize_test_s": round(total, 2), "views_test_s": round(views, 2),
                "realize_vs_convert": round(total / best_convert, 2)}

    return {"realizer_view": view, "train_dev_s": round(min(train_t), 1), "train_sentences": len(dev),
            "convert_test_s": round(best_convert, 2), **figures(realize_t),
            "side_views": {v: {"train_dev_s": round(side_train[v], 1), **figures(runs)} for v, runs in side_t.items()}}


def report_realizer(m: dict) -> str:
    side = "".join(f"; {v} view: training {x['train_dev_s']} s, realizing {x['realize_test_s']} s, "
                   f"ratio {x['realize_vs_convert']}x" for v, x in m.get("side_views", {}).items())
    return (f"statistical realizer ({m['realizer_view']} view): training on dev ({m['train_sentences']} sentences) "
            f"{m['train_dev_s']} s (target <= {TARGETS['train_dev_s']:.0f} s); realizing the test half "
            f"{m['realize_test_s']} s (building its views {m['views_test_s']} s of it) vs. converting it "
            f"{m['convert_test_s']} s: ratio {m['realize_vs_convert']}x (target <= {TARGETS['realize_vs_convert']}x)"
            f"{side}")

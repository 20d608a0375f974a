"""The statistical realizer (papers 002 and 004): `ptb2fd train`, `ptb2fd
realize`, `ptb2fd regen --realizer stat`, and from Python:

    from ptb2fd.realizer import load_realizer
    realizer = load_realizer("paper.model")
    realizer.realize(records)   # a sentence's records (dicts) -> its words in order

Modules: lm (Kneser-Ney trigrams), units (a head's search space), features, search (beam),
ranker (L-BFGS estimation), training (a sentence's heads and candidate orderings), trainer
(`train_model`) with folds (sentences dealt out, copies together), passes, extract, parts,
shards and objective (training in shards), prior (the variances tried), weights, inflection,
stat (the realizer), records and record_checks (a user's own input), model (the file),
evaluate (`python -m ptb2fd.realizer.evaluate`), select (a realizer by name). `ModelError`, `RecordError` and `load_realizer` load
with their modules (numpy, scipy) on first use, not with the package.

May import: errors, record, formats, rulelang, regen, ruleset.
"""
from __future__ import annotations

__all__ = ["ModelError", "RecordError", "load_realizer"]


def __getattr__(name: str):
    if name in __all__:
        from importlib import import_module

        module = import_module("ptb2fd.realizer.records" if name == "RecordError" else "ptb2fd.realizer.model")
        return getattr(module, name)
    raise AttributeError(f"module 'ptb2fd.realizer' has no attribute {name!r}")

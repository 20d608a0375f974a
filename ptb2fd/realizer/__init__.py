"""The statistical realizer (papers 002 and 004): `ptb2fd train`, `ptb2fd
realize`, `ptb2fd regen --realizer stat`, and from Python:

    from ptb2fd.realizer import load_realizer
    realizer = load_realizer("paper.model")
    realizer.realize(records)   # a sentence's records (dicts) -> its words in order

Modules: lm (Kneser-Ney trigrams), units (a head's search space), features, search (beam),
ranker (L-BFGS estimation), training (a sentence's heads and candidate orderings), trainer
(`train_model`) with passes, extract, parts, shards and objective (training in shards, issue
25), weights, inflection, stat (the realizer), records (a user's own input), model (the file),
evaluate (`python -m ptb2fd.realizer.evaluate`), select (a realizer by name).

May import: errors, record, formats, rulelang, regen, ruleset.
"""
from ptb2fd.realizer.model import ModelError, load_realizer
from ptb2fd.realizer.records import RecordError

__all__ = ["ModelError", "RecordError", "load_realizer"]

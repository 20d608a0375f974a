"""The statistical realizer (papers 002 and 004): `ptb2fd train` and
`load_realizer(path, view_name)` for `ptb2fd regen --realizer stat`.

Modules: lm (Kneser-Ney trigrams), units (a head's search space), features, search (beam),
ranker (L-BFGS estimation), design and factored (the training matrices), training
(candidate sets), weights, inflection, stat (the realizer), model (the file),
evaluate (`python -m ptb2fd.realizer.evaluate`), select (a realizer by name).

May import: errors, record, formats, rulelang, regen, ruleset.
"""
from ptb2fd.realizer.model import ModelError, load_realizer

__all__ = ["ModelError", "load_realizer"]

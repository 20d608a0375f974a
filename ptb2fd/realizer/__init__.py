"""The statistical realizer (papers 002 and 004): `ptb2fd train` and
`load_realizer(path, view_name)` for `ptb2fd regen --realizer stat`.

Modules: lm (Kneser-Ney trigrams), units (a head's search space), features, search (beam),
ranker (L-BFGS estimation), training (candidate sets), inflection, stat
(the realizer), model (the file), evaluate, command (`ptb2fd train`).
"""
from .model import ModelError, load_realizer

__all__ = ["ModelError", "load_realizer"]

"""The statistical realizer (papers 002 and 004): `ptb2fd train` and
`load_realizer(path, view_name)` for `ptb2fd regen --realizer stat`.

Modules: lm (Kneser-Ney trigrams), units (a head's search space), features, search (beam),
ranker (L-BFGS estimation), design and factored (the training matrices), training
(candidate sets), weights, inflection, stat (the realizer), model (the file),
evaluate (`python -m ptb2fd.realizer.evaluate`), select (a realizer by name).
`ModelError` and `load_realizer` load with ptb2fd.realizer.model (numpy,
scipy) on first use, not with the package.

May import: errors, record, formats, rulelang, regen, ruleset.
"""
from __future__ import annotations

__all__ = ["ModelError", "load_realizer"]


def __getattr__(name: str):
    if name in __all__:
        from ptb2fd.realizer import model

        return getattr(model, name)
    raise AttributeError(f"module 'ptb2fd.realizer' has no attribute {name!r}")

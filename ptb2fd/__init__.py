"""ptb2fd: Penn Treebank trees to a factored functional-dependency corpus.

    >>> from ptb2fd import Converter, load_rules
    >>> sentence = Converter(load_rules()).convert_text("(S (NP-SBJ (PRP It)) (VP (VBD rose)))")
    >>> [(t.word, t.role) for t in sentence.tokens]
    [('It', 'subject'), ('rose', 'top')]

The names below load on first use (PEP 562), so that `import ptb2fd.cli`
(every run of the command, `--version` too) does not load the converter,
nltk or WordNet.
"""
from __future__ import annotations

import importlib

__version__ = "0.1.0"

# name -> the module that defines it
_LAZY = {
    "Converter": "ptb2fd.conversion.converter", "Result": "ptb2fd.conversion.converter",
    "Sentence": "ptb2fd.record", "Token": "ptb2fd.record",
    "RuleSet": "ptb2fd.ruleset.load", "load_rules": "ptb2fd.ruleset.load",
    "read_trees": "ptb2fd.trees.reader", "resolve_inputs": "ptb2fd.trees.reader",
    "RegenerationCheck": "ptb2fd.regen.check",
    "RegenerationView": "ptb2fd.regen.view", "make_view": "ptb2fd.regen.view",
    **{name: "ptb2fd.errors" for name in (
        "Ptb2fdError", "SentenceError", "TreeParseError", "EmptyTreeError", "ConversionError", "InvariantError",
        "RuleFileError", "UsageError")},
}
__all__ = list(_LAZY)


def __getattr__(name: str):
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'ptb2fd' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))

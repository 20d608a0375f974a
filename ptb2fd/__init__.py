"""ptb2fd: Penn Treebank trees to a factored functional-dependency corpus.

    >>> from ptb2fd import Converter, load_rules
    >>> sentence = Converter(load_rules()).convert_text("(S (NP-SBJ (PRP It)) (VP (VBD rose)))")
    >>> [(t.word, t.role) for t in sentence.tokens]
    [('It', 'subject'), ('rose', 'top')]

The names below load on first use (PEP 562), so that importing a part of
ptb2fd, such as the `ptb2fd` command's module, does not load NLTK first:
a Ctrl-C while the command starts then ends it with one line, not a
traceback from an import.
"""
from importlib import import_module

__version__ = "0.3.0"  # the one place the version is written (pyproject.toml reads it)
_WHERE = {
    "Converter": "conversion.converter", "Result": "conversion.converter", "Sentence": "record",
    "Token": "record", "RuleSet": "ruleset.load", "load_rules": "ruleset.load", "read_trees": "trees.reader",
    "resolve_inputs": "trees.reader", "RegenerationCheck": "regen.check", "RegenerationView": "regen.view",
    "make_view": "regen.view", "Ptb2fdError": "errors", "SentenceError": "errors", "TreeParseError": "errors",
    "EmptyTreeError": "errors", "ConversionError": "errors", "InvariantError": "errors",
    "RuleFileError": "errors", "UsageError": "errors",
}
__all__ = list(_WHERE)


def __getattr__(name: str):
    if name not in _WHERE:
        raise AttributeError(f"module 'ptb2fd' has no attribute {name!r}")
    value = getattr(import_module(f"ptb2fd.{_WHERE[name]}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))

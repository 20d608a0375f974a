"""ptb2fd: Penn Treebank trees to a factored functional-dependency corpus.

    >>> from ptb2fd import Converter, load_rules
    >>> sentence = Converter(load_rules()).convert_text("(S (NP-SBJ (PRP It)) (VP (VBD rose)))")
    >>> [(t.word, t.role) for t in sentence.tokens]
    [('It', 'subject'), ('rose', 'top')]
"""
from .convert import Converter, Result
from .errors import (ConversionError, EmptyTreeError, InvariantError, Ptb2fdError, RuleFileError, SentenceError,
                     TreeParseError, UsageError)
from .reader import read_trees, resolve_inputs
from .record import Sentence, Token
from .regen.check import RegenerationCheck
from .regen.view import RegenerationView, make_view
from .ruleset import RuleSet, load_rules

__version__ = "0.1.0"
__all__ = [
    "Converter", "Result", "Sentence", "Token", "RuleSet", "load_rules", "read_trees", "resolve_inputs",
    "RegenerationCheck", "RegenerationView", "make_view", "Ptb2fdError", "SentenceError", "TreeParseError",
    "EmptyTreeError", "ConversionError", "InvariantError", "RuleFileError", "UsageError",
]

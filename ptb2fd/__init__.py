"""ptb2fd: Penn Treebank trees to a factored functional-dependency corpus.

    >>> from ptb2fd import Converter, load_rules
    >>> sentence = Converter(load_rules()).convert_text("(S (NP-SBJ (PRP It)) (VP (VBD rose)))")
    >>> [(t.word, t.role) for t in sentence.tokens]
    [('It', 'subject'), ('rose', 'top')]
"""
from ptb2fd.conversion.converter import Converter, Result
from ptb2fd.errors import (
                     ConversionError,
                     EmptyTreeError,
                     InvariantError,
                     Ptb2fdError,
                     RuleFileError,
                     SentenceError,
                     TreeParseError,
                     UsageError,
)
from ptb2fd.record import Sentence, Token
from ptb2fd.regen.check import RegenerationCheck
from ptb2fd.regen.view import RegenerationView, make_view
from ptb2fd.ruleset.load import RuleSet, load_rules
from ptb2fd.trees.reader import read_trees, resolve_inputs

__version__ = "0.1.0"
__all__ = [
    "Converter", "Result", "Sentence", "Token", "RuleSet", "load_rules", "read_trees", "resolve_inputs",
    "RegenerationCheck", "RegenerationView", "make_view", "Ptb2fdError", "SentenceError", "TreeParseError",
    "EmptyTreeError", "ConversionError", "InvariantError", "RuleFileError", "UsageError",
]

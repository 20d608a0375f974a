"""ptb2fd: Penn Treebank trees to a factored functional-dependency corpus."""
__version__ = "0.1.0"

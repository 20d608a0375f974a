"""Reading trees: input files, bracketed text, trees.

Owns finding the input files (`inputs`: folders, globs, WSJ sections, the
NLTK sample), decoding and splitting text into one raw tree per sentence
with its file, line and id (`splitter`, `reader`), parsing a bracketed
string into an immutable `Node` tree (`ptbtree`), and cutting large inputs
into partitions that convert to the same ids as one process (`partition`).

May import: errors, nltk_import.
"""

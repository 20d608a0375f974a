"""Function tags for trees that have none: parser output.

The function-tag model (`model`): a log-linear classifier over the Penn
function tags of a phrase (Blaheta & Charniak 2000), with its features
(`features`) and its training from any gold treebank (`training`): the
gold trees stripped as a parser would give them are the input, their tags
the labels. The conversion's `functions` stage applies it; the rule
cascade (rules/*.yaml) still decides every role.

May import: cache, errors, lexicon, trees.
"""

"""A rule folder as a whole: loading, validating, shadowed rules.

Owns `load_rules(DIR)` and the `RuleSet` it returns (`load`: every file of
the folder compiled by its stage's compiler, references between files
checked, every problem reported at once), the checks of `ptb2fd rules
check` (`validate`: duplicate ids across files, warnings) and the search
for rules an earlier rule shadows (`shadowing`, on the atoms of
`rule_atoms`).

May import: errors, record, trees, rulelang, lexicon, conversion, regen, ud.
"""

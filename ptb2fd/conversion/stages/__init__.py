"""The conversion stages, one class each behind one interface (`name`,
`needs`, `provides`, `run(parse)`; see ptb2fd.conversion.pipeline), in the
order the converter runs them: treebank (read the tree), nulls, poscorrect,
heads, coordination, compounds, punctuation, roles, reduce, dependents,
clause, features, records. A stage's rule file is compiled by a
`compile_*` function beside it.
"""

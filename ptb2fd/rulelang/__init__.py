"""The rule language: what rule files are made of.

Owns loading one YAML file with line numbers and collecting its problems
(`rulefile.Checker`), tree patterns (`patterns`), the `when:` conditions
of ordered cascades (`conditions`, `word_context`), the cascade that tries
rules in order (`cascade`), and the names of a rule folder's files and
where the bundled folder is (`folder`). Each rule file's compiler lives
with the stage that uses it; `ptb2fd.ruleset` loads a whole folder.

May import: cache, errors, trees.
"""

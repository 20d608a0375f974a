"""What a rule folder holds and where the bundled one is.

`RULE_FILES` names the files of a rule folder in the order they are
compiled; `default_rules_dir()` is $PTB2FD_RULES when set, else the
bundled `ptb2fd/rules`: in a source tree (or an editable install) a
symlink to the repository's `rules/`, resolved, so messages name
`…/rules`; in a non-editable install the copy the wheel holds.
"""
from __future__ import annotations

import os
from pathlib import Path

RULE_FILES = (
    "treebank.yaml", "heads.yaml", "coordination.yaml", "compound_prepositions.yaml", "punctuation.yaml",
    "roles.yaml", "pos_corrections.yaml", "clauses.yaml", "categories.yaml", "baseforms.yaml", "order.yaml",
    "empty_elements.yaml", "ud.yaml",
)


def default_rules_dir() -> Path:
    env = os.environ.get("PTB2FD_RULES")
    if env:
        return Path(env)
    bundled = Path(__file__).resolve().parents[1] / "rules"
    if (bundled / RULE_FILES[0]).is_file():
        return bundled.resolve()
    return bundled.parents[1] / "rules"  # a checkout made without symlinks

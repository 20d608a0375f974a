"""What a rule folder holds and where the bundled one is.

`RULE_FILES` names the files of a rule folder in the order they are
compiled; `default_rules_dir()` is the repository's `rules/`, or
$PTB2FD_RULES when set.
"""
from __future__ import annotations

import os
from pathlib import Path

RULE_FILES = (
    "treebank.yaml", "heads.yaml", "coordination.yaml", "compound_prepositions.yaml", "punctuation.yaml",
    "roles.yaml", "pos_corrections.yaml", "clauses.yaml", "categories.yaml", "baseforms.yaml", "order.yaml",
    "empty_elements.yaml",
)


def default_rules_dir() -> Path:
    env = os.environ.get("PTB2FD_RULES")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "rules"

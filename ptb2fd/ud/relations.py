"""The UD relation of each word: the one the reshaping gave (shape.py:
`cop`, `conj`, `cc`, `flat`, `fixed`, ...), else the `deprel` of the first
rule of rules/ud.yaml's `relations` cascade whose conditions hold, else
`dep` (rule `ud-last-resort`), the relation UD keeps for what nothing else
describes.
"""
from __future__ import annotations

from ptb2fd.ud.mapping import UdMapping

LAST_RESORT = ("dep", "ud-last-resort")


def relations_of(tree, mapping: UdMapping) -> list[tuple[str, str]]:
    """(deprel, rule id) of each word of the reshaped `tree`."""
    out = []
    rules = mapping.relations
    for i in range(len(tree.tokens)):
        if i in tree.fixed_rel:
            out.append(tree.fixed_rel[i])
            continue
        rule = rules.first(tree, i, tree.roles[i], tree.upos[i], tree.tags[i])
        out.append((rule.value, rule.rule_id) if rule else LAST_RESORT)
    return out

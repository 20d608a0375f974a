"""Every rule fires: `rules check rules fixtures --corpus treebank` lists no
rule that never fired (fixtures/coverage/rare_rules.mrg holds invented trees
for the rules that fire nowhere else), and the rules that file names fire on
it alone."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from ptb2fd.commands.rules import count_firings, format_firings
from ptb2fd.trees.reader import resolve_inputs

ROOT = Path(__file__).resolve().parents[2]
RARE = ROOT / "fixtures" / "coverage" / "rare_rules.mrg"


def never_fired(rules, paths) -> list[tuple[str, str]]:
    fired, _ = count_firings(rules, paths)
    return format_firings(rules, fired)[1]


def test_the_rare_rules_fire_on_their_fixture(rules):
    named = set(re.findall(r"\b((?:head|cp|pp|np|withinmod|sbar|rbs|contraction|ord|passive|expletive|wh|ud|upos)-[A-Za-z-]*[A-Za-z])",
                           "\n".join(x for x in RARE.read_text(encoding="utf-8").splitlines() if x.startswith("#"))))
    named -= {"rare-rules"}
    assert len(named) >= 30
    never = {rid for _, rid in never_fired(rules, [str(RARE)])}
    assert not named & never, sorted(named & never)


@pytest.mark.sample
@pytest.mark.slow
def test_every_rule_fires_on_the_fixtures_and_the_sample(rules):
    paths = resolve_inputs([str(ROOT / "fixtures")], "treebank", warn=lambda message: None)
    assert never_fired(rules, paths) == []

"""docs/rule-language.md lists the whole condition vocabulary: every
condition the role and correction cascades and the placement rules of
order.yaml accept is named on the page, so the page cannot fall behind
the code."""
from __future__ import annotations

import re
from pathlib import Path

from ptb2fd.regen.order_rules import ORDER_CONDITIONS
from ptb2fd.rulelang.conditions import CONDITION_NAMES

PAGE = Path(__file__).resolve().parents[2] / "docs" / "rule-language.md"


def named_on_page() -> set[str]:
    return set(re.findall(r"`([a-z0-9_]+)(?:[:`]| *[:\[{])", PAGE.read_text(encoding="utf-8")))


def test_every_cascade_condition_is_documented():
    assert sorted(set(CONDITION_NAMES) - named_on_page()) == []


def test_every_placement_condition_is_documented():
    assert sorted(set(ORDER_CONDITIONS) - named_on_page()) == []


def test_the_check_would_catch_a_missing_condition():
    assert "no_such_condition" not in named_on_page()
    assert "head_chain" in named_on_page()

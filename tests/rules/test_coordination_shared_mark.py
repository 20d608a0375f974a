"""The `coordination-shared` mark is exact: every word the shared-dependent
convention moves (from the first conjunct to the last) carries it, and no
other word does. The moves are recomputed by converting the same trees with
`shared_dependents: first` (coordination.yaml), which moves nothing: the
words whose head differs are the moved ones. (That setting marks the same
words.)
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from ptb2fd.conversion.converter import Converter

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "constructions" / "shared_dependents_marks.mrg"
PUNCT = {"leftpunc", "rightpunc", "coordpunc"}


@pytest.fixture(scope="module")
def unmoved(fd_rules):
    rules = replace(fd_rules, coordination=replace(fd_rules.coordination, shared_dependents="first"))
    return Converter(rules)


def moved_and_marked(moving, still, text, sent_id):
    a, b = moving.convert_text(text, sent_id), still.convert_text(text, sent_id)
    moved = {t.id for t, u in zip(a.tokens, b.tokens) if t.head != u.head and t.role not in PUNCT}
    marked = {t.id for t in a.tokens if "coordination-shared" in t.rules}
    assert marked == {t.id for t in b.tokens if "coordination-shared" in t.rules}, sent_id
    return moved, marked, a


def fixture_trees() -> list[str]:
    lines = FIXTURE.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("#")]


@pytest.mark.parametrize("n, moved_words", [
    (1, {"cells"}), (2, {"ants", "and", "bees"}), (3, set()), (4, set()), (5, {"today"})],
    ids=["sibling-of-coordinated-phrase", "shared-coordination", "opening-adverb", "asyndetic-list", "verbs"])
def test_mark_on_exactly_the_moved_words(fd_converter, unmoved, n, moved_words):
    moved, marked, s = moved_and_marked(fd_converter, unmoved, fixture_trees()[n - 1], f"marks:{n}")
    words = {s.tokens[i - 1].word for i in moved}
    assert marked == moved, (moved, marked, " ".join(s.words))
    assert words == moved_words, s


def test_mark_exact_on_the_sample(fd_converter, unmoved, sample_by_id):
    """Over the whole sample: 100 % of the moved words marked, none other."""
    from ptb2fd.trees.reader import read_trees, resolve_inputs

    moved_total = marked_total = 0
    for raw in read_trees(resolve_inputs([], "treebank")):
        moved, marked, _ = moved_and_marked(fd_converter, unmoved, raw.text, raw.sent_id)
        assert marked == moved, raw.sent_id
        moved_total += len(moved)
        marked_total += len(marked)
    assert moved_total > 100 and marked_total == moved_total

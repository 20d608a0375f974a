"""The splitter's shortcut for lines inside a tree gives the same items.

`split_trees` skips the bracket-by-bracket walk on a line that cannot close
its tree (splitter._depth_after). These tests cut invented inputs, clean
and damaged, with and without the shortcut and compare every item: id,
line, text and error.
"""
from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from ptb2fd.trees.splitter import _depth_after, split_trees

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def both(text: str) -> tuple[list, list]:
    lines = text.splitlines(keepends=True)
    return list(split_trees(iter(lines), "t.mrg")), list(split_trees(iter(lines), "t.mrg", shortcuts=False))


def test_depth_after_counts_or_refuses():
    assert _depth_after("    (NP (DT the) (NN cat))\n", 0, 2) == 2
    assert _depth_after("    (NP (DT the) (NN cat)))\n", 0, 2) == -1  # closes the tree
    assert _depth_after("  (VP (VB go)\n", 0, 1) == 2
    assert _depth_after("  (NN \\(cat)\n", 0, 5) == -1  # an escape: walked bracket by bracket
    # A ")" before the pair: "(DT the)" does not lift the depth it follows.
    assert _depth_after(") (DT the))", 0, 2) == -1
    assert _depth_after(") (DT the))", 0, 3) == 1


def test_the_fixture_files_split_the_same():
    files = sorted(FIXTURES.rglob("*.mrg"))
    assert files
    for path in files:
        fast, slow = both(path.read_text(encoding="utf-8", errors="surrogateescape"))
        assert fast == slow, path.name


TREE = """( (S
    (NP-SBJ (DT The) (NN cat) )
    (VP (VBD sat)
      (PP-LOC (IN on)
        (NP (DT the) (NN mat) )))
    (. .) ))
"""

# Pieces of trees and of damage: brackets, labels, words, escapes, comments,
# indentation, invisible characters, line breaks.
PIECES = st.sampled_from([
    "(", ")", "( (S", "(ROOT", "(NP", "(NN cat)", "(DT the)", " (VBD sat)", "))", ")))", " ", "  ", "    ",
    "\t", "\n", "\n  ", "\n    ", "\n(", "\n( (S", "#", "# note\n", "text", "\\(", "\\)", "(-LRB- -LRB-)", "\x00",
    "\ufeff", "\u00a0",
])


@settings(max_examples=300, deadline=timedelta(seconds=5))
@given(st.lists(PIECES, max_size=40))
def test_invented_pieces_split_the_same(pieces):
    fast, slow = both("".join(pieces))
    assert fast == slow


@settings(max_examples=300, deadline=timedelta(seconds=5))
@given(st.lists(st.tuples(st.integers(0, 2000), PIECES), max_size=4), st.integers(1, 3))
def test_damaged_trees_split_the_same(edits, copies):
    text = TREE * copies
    for at, piece in edits:
        at %= len(text) + 1
        text = text[:at] + piece + text[at:]
    fast, slow = both(text)
    assert fast == slow


@settings(max_examples=200, deadline=timedelta(seconds=5))
@given(st.lists(st.integers(0, 2000), max_size=3), st.integers(1, 3))
def test_trees_with_deleted_characters_split_the_same(cuts, copies):
    text = TREE * copies
    for at in cuts:
        at %= len(text)
        text = text[:at] + text[at + 1:]
    fast, slow = both(text)
    assert fast == slow

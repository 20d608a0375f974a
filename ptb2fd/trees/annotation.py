"""What an input file's first trees say of its annotation, from their text.

Annotation is a property of a treebank, not of one tree: a file annotated
to the Penn guidelines has empty elements ("(NP-SBJ (-NONE- *-1))")
throughout, while a treebank built from parser trees (GUM: some function
tags, projected from dependencies) has none in any tree. One tree cannot
tell them apart: "(S (NP-SBJ Prices) (VP rose (PP in (NP May))))" is a
gold Penn tree that needs no empty element, and a GUM tree whose "in May"
was never tagged. `file_annotation` reads a file's first `LOOK_AHEAD`
items ahead (their text only, no tree is parsed) and gives every item of
the file the verdict (`RawTree.annotation`), so that it travels with the
item to a worker process (`--jobs N`):
- `PENN`: an empty element among the first LOOK_AHEAD items (or among all
  of a shorter file): every tree is Penn annotation;
- `PARTIAL`: LOOK_AHEAD items and not one empty element: the file is
  partly annotated (or parser output);
- None: a shorter file without any empty element; each tree is judged on
  its own (conversion/stages/functions_auto.py).
`--functions auto` reads the verdict; other modes ignore it.

Why LOOK_AHEAD = 14, from the dev half of the sample (wsj_0001-0099,
1,921 trees in 99 files): 25.4 % of its trees have no empty element, but
such trees come in runs (a run that reached r = 2..5 trees went on in 33,
39, 42 and 40 % of cases); its longest run is 6 trees, and every file's
first empty element is within its first 7 trees, but wsj_0001 (2 trees,
none). Taking 0.254 for the first tree and 0.42 for each further one,
P(a Penn file's first K trees have none) = 0.254 x 0.42^(K-1); for the
2,312 files of the whole WSJ to hold fewer than 0.01 misjudged files
(expected), K = 14 (0.0074; K = 13 gives 0.018). At the plain 25.4 %
rate, 0.254^14 = 5e-9 per file. A partly annotated file of fewer than 14
trees is judged tree by tree.

On standard input the first LOOK_AHEAD trees are read before the first is
converted.
"""
from __future__ import annotations

import re
from itertools import islice
from typing import Iterable, Iterator

from ptb2fd.trees.splitter import RawTree

LOOK_AHEAD = 14
PENN = "penn"
PARTIAL = "partial"

_EMPTY_ELEMENT = re.compile(r"\(\s*-NONE-[\s()]")  # the POS of a leaf, not a word "-NONE-"


def has_empty_element(text: str) -> bool:
    """The bracketed text has an empty element: "(NP-SBJ (-NONE- *-1))"."""
    return "-NONE-" in text and _EMPTY_ELEMENT.search(text) is not None


def verdict(head: list[RawTree], look_ahead: int = LOOK_AHEAD) -> str | None:
    """PENN, PARTIAL or None for a file whose first items are `head`
    (all of them, when the file has fewer than `look_ahead`)."""
    if any(has_empty_element(raw.text) for raw in head):
        return PENN
    return PARTIAL if len(head) >= look_ahead else None


def file_annotation(items: Iterable[RawTree], look_ahead: int = LOOK_AHEAD) -> Iterator[RawTree]:
    """The items of one file, in order, each with the file's `verdict` as
    its `annotation` (at most `look_ahead` items are held)."""
    rest = iter(items)
    head = list(islice(rest, look_ahead))
    found = verdict(head, look_ahead)
    if found is None:
        yield from head
        yield from rest
        return
    for raw in head:
        yield _with(raw, found)
    for raw in rest:
        yield _with(raw, found)


def _with(raw: RawTree, annotation: str) -> RawTree:
    return RawTree(raw.source, raw.index, raw.line, raw.text, raw.error, annotation)

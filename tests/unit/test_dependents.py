"""The shared head -> dependents index (stages/dependents.py)."""
from __future__ import annotations

from ptb2fd.conversion.pipeline import Parse
from ptb2fd.conversion.stages.dependents import IndexDependents

VINKEN = ("(S (NP-SBJ (PRP it)) (VP (MD would) (VP (VB sell) (NP (PRP$ its) (VBG aging) (NN fleet))))"
          " (. .))")


def test_dependents_in_sentence_order(converter):
    parse = converter.parse(VINKEN)
    # it, would, fleet and the full stop depend on sell; its, aging on fleet.
    assert parse.dependents[2] == [0, 1, 5, 6]
    assert parse.dependents[5] == [3, 4]
    assert parse.dependents[0] == [] and len(parse.dependents) == 7


def test_dependents_agree_with_final_heads(converter):
    # Built after the punctuation stage moved the marks' heads: the comma,
    # a child of S, ends under Vinken, not under the root "left"; every word
    # but the root is listed exactly once, under its final head.
    parse = converter.parse("(S (NP-SBJ (NNP Pierre) (NNP Vinken)) (, ,) (VP (VBD left)) (. .))")
    head = parse.deps.head
    listed = sorted((h, d) for h, ds in enumerate(parse.dependents) for d in ds)
    assert listed == sorted((h, d) for d, h in enumerate(head) if h >= 0)
    assert [parse.words[d].word for d in parse.dependents[head.index(-1)]] == ["Vinken", "."]
    assert [parse.words[d].word for d in parse.dependents[1]] == ["Pierre", ","]


def test_stage_reads_only_heads():
    class Deps:
        head = [1, -1, 1, 2]

    parse = Parse(None, "")
    parse.deps = Deps()
    IndexDependents().run(parse)
    assert parse.dependents == [[], [0, 2], [3], []]

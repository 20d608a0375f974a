"""ptb2fd check-heads: the Collins (1999) head table and the content-word
reduction, on inline trees."""
from __future__ import annotations

import pytest

from ptb2fd.headcheck.collins import CollinsHeads
from ptb2fd.headcheck.compare import HeadComparison
from ptb2fd.headcheck.reduce import reduced_heads
from ptb2fd.trees.splitter import RawTree

SELL = "( (S (NP-SBJ (PRP it)) (VP (MD would) (VP (VB sell) (NP (PRP$ its) (VBG aging) (NN fleet)))) (. .)) )"


@pytest.fixture(scope="module")
def collins(rules):
    return CollinsHeads(rules.treebank)


def _heads(cp):
    return {w: (cp.words[h] if h >= 0 else None) for w, h in zip(cp.words, cp.heads)}


def test_collins_table_heads(collins):
    cp = collins.dependencies(SELL)
    h = _heads(cp)
    # VP headed by the modal, NP by the last noun, punctuation by the clause head.
    assert h["would"] is None and h["sell"] == "would" and h["it"] == "would"
    assert h["fleet"] == "sell" and h["its"] == "fleet" and h["."] == "would"


def test_collins_pp_and_coordination(collins):
    cp = collins.dependencies("( (S (NP-SBJ (NP (NNS cats)) (CC and) (NP (NNS dogs))) (VP (VBD sat) (PP-LOC (IN on)"
                              " (NP (DT the) (NN mat)))) (. .)) )")
    h = _heads(cp)
    assert h["mat"] == "on" and h["on"] == "sat"  # PP headed by the preposition
    assert h["dogs"] == "cats" and h["cats"] == "sat"  # first conjunct heads
    assert {cp.words[i] for i in cp.conjuncts} == {"cats", "and", "dogs"}


def test_collins_null_elements_removed(collins):
    cp = collins.dependencies("( (S (NP-SBJ (-NONE- *-1)) (VP (TO to) (VP (VB go)))) )")
    assert cp.words == ["to", "go"] and cp.heads == [-1, 0]


def test_reduction_makes_conventions_agree(collins, converter):
    """ptb2fd (sell heads) and Collins (would heads) agree once reduced."""
    cp = collins.dependencies(SELL)
    ours = [t.head - 1 for t in converter.convert_text(SELL).tokens]
    function = [w in ("would",) for w in cp.words]
    punct = [w == "." for w in cp.words]
    a = reduced_heads(cp.words, cp.tags, ours, function.__getitem__, punct.__getitem__)
    b = reduced_heads(cp.words, cp.tags, cp.heads, function.__getitem__, punct.__getitem__)
    assert a == b
    assert a[cp.words.index("it")] == cp.words.index("sell")
    assert a[cp.words.index("would")] is None


def test_comparison_counts_a_disagreement(converter):
    """"Boeing Co. 707s": ptb2fd's flat-NP rule and the table agree; a QP
    amount does not (table: first CD; ptb2fd: last)."""
    comparison = HeadComparison(converter)
    comparison.add(RawTree("t.mrg", 1, 1, SELL))
    assert comparison.result.compared == 5 and comparison.result.agree == 5
    comparison.add(RawTree("t.mrg", 2, 1, "( (S (NP-SBJ (PRP He)) (VP (VBD sold) (NP (QP (RB about) (CD 5)"
                                          " (CD million)) (NNS shares))) (. .)) )"))
    res = comparison.result
    assert res.compared - res.agree >= 1
    pattern = next(iter(res.patterns))
    assert "ptb2fd->" in pattern and res.examples[pattern][0].startswith("t.mrg:2")


def test_cli_check_heads(tmp_path, capsys):
    from ptb2fd.cli import main

    f = tmp_path / "one.mrg"
    f.write_text(SELL + "\n", encoding="utf-8")
    assert main(["check-heads", str(f)]) == 0
    out = capsys.readouterr().out
    assert "agreement 100.00 % (5/5)" in out


def test_cli_check_heads_json_and_bad_tree(tmp_path, capsys):
    import json

    from ptb2fd.cli import main

    f = tmp_path / "two.mrg"
    f.write_text(SELL + "\n( (S (NP-SBJ (PRP it)) (VP (VBD went)) \n", encoding="utf-8")
    assert main(["check-heads", "--json", str(f)]) == 1  # one tree is broken: exit 1, the other is compared
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    assert (data["sentences"], data["failed"], data["compared"], data["agree"]) == (2, 1, 5, 5)
    assert "1 sentence(s) failed" in captured.err

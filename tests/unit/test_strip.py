"""Parser-style trees from gold ones (ptb2fd.trees.strip, `ptb2fd strip`)."""
from __future__ import annotations

from ptb2fd.cli import main
from ptb2fd.trees.ptbtree import parse_tree
from ptb2fd.trees.strip import render, strip, strip_pairs

GOLD = ("( (S (NP-SBJ-1 (DT The) (NN fleet)) (VP (VBD was) (VP (VBN sold) (NP (-NONE- *-1)) "
        "(PP (IN by) (NP-LGS (DT the) (NN company))) (NP-TMP=2 (NN yesterday)))) (. .)) )")


def test_tags_indices_and_empty_elements_go():
    assert render(strip(parse_tree(GOLD))) == (
        "( (S (NP (DT The) (NN fleet)) (VP (VBD was) (VP (VBN sold) (PP (IN by) (NP (DT the) (NN company))) "
        "(NP (NN yesterday)))) (. .)))")


def test_a_constituent_left_empty_goes_too():
    tree = parse_tree("(S (NP-SBJ (-NONE- *-1)) (VP (TO to) (VP (VB go))))")
    assert render(strip(tree)) == "(S (VP (TO to) (VP (VB go))))"


def test_a_tree_of_empty_elements_only_is_none():
    assert strip(parse_tree("(S (NP-SBJ (-NONE- *)) (VP (-NONE- *?*)))")) is None


def test_undecided_label_keeps_its_first_category_and_brackets_in_words_are_escaped():
    tree = parse_tree("(S (NP (NNP Smith)) (VP (VBD gave) (ADVP|PRT (RP up)) (NP (NN \\(x\\)))))")
    text = render(strip(tree))
    assert text == "(S (NP (NNP Smith)) (VP (VBD gave) (ADVP (RP up)) (NP (NN \\(x\\)))))"
    assert [w.word for w in parse_tree(text).words()] == ["Smith", "gave", "up", "(x)"]


def test_parser_output_is_returned_as_it_is():
    tree = parse_tree("(ROOT (S (NP (PRP He)) (VP (VBD left))))")
    assert strip(tree) is tree


def test_the_input_tree_is_not_changed():
    tree = parse_tree(GOLD)
    before = repr(tree)
    strip(tree)
    assert repr(tree) == before


def test_pairs_give_each_stripped_phrase_its_gold_label():
    stripped, pairs = strip_pairs(parse_tree(GOLD))
    labels = {node.label.raw + ":" + " ".join(w.word for w in node.words()): gold.raw for node, gold in pairs}
    assert labels["NP:The fleet"] == "NP-SBJ-1"
    assert labels["NP:the company"] == "NP-LGS"
    assert labels["NP:yesterday"] == "NP-TMP=2"
    assert stripped is not None and len(pairs) == 8


def test_strip_command_writes_one_tree_per_line_and_reports_bad_ones(tmp_path, capsys):
    src = tmp_path / "in.mrg"
    src.write_text(GOLD + "\n(S (NP-SBJ (-NONE- *)))\n(S (NP (NN x)\n", encoding="utf-8")
    out = tmp_path / "out.mrg"
    assert main(["strip", str(src), "-o", str(out)]) == 1
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines == [render(strip(parse_tree(GOLD)))]
    err = capsys.readouterr().err
    assert "in.mrg:2" in err and "nothing but empty elements" in err
    assert "in.mrg:3" in err and "read 3, written 1, left out 2" in err

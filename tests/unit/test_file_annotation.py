"""`--functions auto` decides per file: a file's first trees say whether it
is Penn annotation (an empty element among them) or partly annotated (none
in LOOK_AHEAD trees); a shorter file without any is judged tree by tree.
One invented file per decision, read from a file, from standard input, in
pieces, and with --jobs 2."""
from __future__ import annotations

import io
import json
import sys
from dataclasses import replace

import pytest

from ptb2fd.cli import main
from ptb2fd.conversion.converter import Converter
from ptb2fd.trees.annotation import LOOK_AHEAD, PARTIAL, PENN, file_annotation, has_empty_element, verdict
from ptb2fd.trees.partition import Piece, count_piece, piece_items, plan, with_offsets
from ptb2fd.trees.reader import read_trees
from ptb2fd.trees.splitter import RawTree

# Penn annotation: an empty subject
PENN_TREE = ("( (S (NP-SBJ-1 (NNS Bakers)) (VP (VBD hoped) (S (NP-SBJ (-NONE- *-1)) (VP (TO to) (VP (VB open) "
             "(NP (NNP Monday)))))) (. .)) )")
# tagged, no empty element, no gap: a gold tree or a partly tagged one, which one tree cannot tell
PLAIN = "( (S (NP-SBJ (DT The) (NN shop)) (VP (VBD opened) (PP (IN on) (NP (NNP Friday)))) (. .)) )"
# a passive without its trace
TRACELESS = "( (S (NP-SBJ (DT The) (NN bridge)) (VP (VBD was) (VP (VBN built) (PP (IN by) (NP (DT the) (NN city))))) (. .)) )"
# parser output: no tag, no empty element, a clause
PARSED = "( (S (NP (DT The) (NN shop)) (VP (VBD closed) (NP (NNP Sunday))) (. .)) )"


def raw(text: str, index: int = 1) -> RawTree:
    return RawTree("x.mrg", index, index, text)


def roles(sentence) -> dict[str, tuple[str, str]]:
    return {t.word: (t.role, t.logicalrole) for t in sentence.tokens}


def write(path, trees: list[str]):
    path.write_text("\n".join(trees) + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def converted(rules):
    """path -> {sentence id: Sentence}, as `auto` converts the file."""
    auto = Converter(rules)

    def run(path) -> dict:
        return {r.sent_id: r.sentence for r in map(auto.convert, read_trees([str(path)]))}
    return run


def test_an_empty_element_is_found_in_the_text_of_a_leaf_not_in_a_word():
    assert has_empty_element(PENN_TREE)
    assert has_empty_element("(NP-SBJ (-NONE-\t*))")
    assert not has_empty_element(PLAIN)
    assert not has_empty_element("( (NP (NN -NONE-)) )")  # the word "-NONE-", not an empty element


@pytest.mark.parametrize("texts, expected", [
    ([PLAIN] * (LOOK_AHEAD - 1) + [PENN_TREE], PENN),  # the last tree read ahead decides
    ([PENN_TREE], PENN),  # a short file with one
    ([PLAIN] * LOOK_AHEAD, PARTIAL),
    ([PLAIN] * (LOOK_AHEAD - 1), None),  # too short to tell
])
def test_the_verdict_reads_the_first_trees_of_a_file(texts, expected):
    assert verdict([raw(t, i) for i, t in enumerate(texts, 1)]) == expected


def test_every_item_of_the_file_carries_the_verdict_in_order():
    items = [raw(PLAIN, i) for i in range(1, LOOK_AHEAD + 3)] + [raw(PENN_TREE, LOOK_AHEAD + 3)]
    out = list(file_annotation(items))
    assert [r.index for r in out] == [r.index for r in items]
    assert {r.annotation for r in out} == {PARTIAL}  # an empty element after the look-ahead does not count


def test_a_penn_file_is_converted_as_given_even_its_traceless_passive(tmp_path, converted, rules):
    # the passive without trace is a gold tree whose annotators left it out
    got = converted(write(tmp_path / "penn.mrg", [PENN_TREE, PLAIN, TRACELESS, PARSED]))
    gold = Converter(rules, functions="gold")
    for i, text in enumerate([PENN_TREE, PLAIN, TRACELESS], 1):
        assert got[f"penn.mrg:{i}"].functions is None
        assert got[f"penn.mrg:{i}"].tokens == gold.convert_text(text).tokens
    assert roles(got["penn.mrg:3"])["bridge"] == ("subject", "subject")
    # a tree with no tag at all is parser output, wherever it stands
    assert roles(got["penn.mrg:4"])["Sunday"][0] == "temporal"


def test_a_partly_annotated_file_gets_every_tree_completed(tmp_path, converted):
    trees = [PLAIN] * (LOOK_AHEAD - 1) + [TRACELESS, PLAIN, PENN_TREE]
    got = converted(write(tmp_path / "partly.mrg", trees))
    for i in range(1, LOOK_AHEAD):
        assert roles(got[f"partly.mrg:{i}"])["Friday"] == ("temporal", "temporal")
        assert got[f"partly.mrg:{i}"].functions["tags"] == 1
    assert roles(got[f"partly.mrg:{LOOK_AHEAD}"])["bridge"] == ("subject", "object")
    assert roles(got[f"partly.mrg:{LOOK_AHEAD + 1}"])["Friday"][0] == "temporal"  # after the look-ahead too
    # a tree with an empty element of its own is Penn annotation
    assert got[f"partly.mrg:{LOOK_AHEAD + 2}"].functions is None


def test_a_short_file_without_empty_elements_is_judged_tree_by_tree(tmp_path, converted):
    got = converted(write(tmp_path / "short.mrg", [PLAIN, TRACELESS]))
    assert got["short.mrg:1"].functions is None  # no gap: as given
    assert roles(got["short.mrg:1"])["Friday"][0] != "temporal"
    assert roles(got["short.mrg:2"])["bridge"] == ("subject", "object")  # a gap: completed


def test_the_summary_and_warning_name_the_file_decision(tmp_path, capsys):
    src = write(tmp_path / "partly.mrg", [PLAIN] * LOOK_AHEAD)
    stats = tmp_path / "stats.json"
    assert main(["convert", str(src), "-o", str(tmp_path / "out.jsonl"), "--stats", str(stats)]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0].endswith(f"; {LOOK_AHEAD} trees completed by the function-tag model ({LOOK_AHEAD} tags predicted, "
                           "0 empty elements put back)")
    assert f"first {LOOK_AHEAD} trees have no empty element" in err[1]
    assert "give --functions gold" in err[1]
    assert json.loads(stats.read_text())["functions"] == {"trees": LOOK_AHEAD, "tags": LOOK_AHEAD,
                                                          "empty_elements": 0, "auto": LOOK_AHEAD}


def test_standard_input_is_decided_like_a_file(tmp_path, monkeypatch, capsys):
    trees = [PLAIN] * LOOK_AHEAD + [TRACELESS]
    src = write(tmp_path / "partly.mrg", trees)
    assert main(["convert", str(src), "--quiet"]) == 0
    from_file = capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(src.read_bytes())))
    assert main(["convert", "-", "--quiet"]) == 0
    from_stdin = capsys.readouterr().out
    assert from_stdin.replace('"<stdin>:', '"partly.mrg:') == from_file
    assert from_stdin.count('"role":"temporal"') == LOOK_AHEAD


def test_every_piece_of_a_cut_file_carries_the_verdict_of_the_file_start(tmp_path):
    src = write(tmp_path / "partly.mrg", [PLAIN] * (3 * LOOK_AHEAD))
    partitions, cut = plan([str(src)], 1000)
    assert len(cut) > 2
    parts = with_offsets(partitions, {p: count_piece(p) for p in cut})
    items = [r for part in parts for piece in part for r in piece_items(piece)]
    assert [r.index for r in items] == list(range(1, 3 * LOOK_AHEAD + 1))
    assert {r.annotation for r in items} == {PARTIAL}
    assert isinstance(cut[-1], Piece) and cut[-1].start > 0


@pytest.mark.parametrize("out_name", ["out.jsonl", "out/"])
def test_jobs_2_gives_the_bytes_of_jobs_1(tmp_path, capsys, out_name):
    files = [write(tmp_path / "penn.mrg", [PENN_TREE, TRACELESS] * 40),
             write(tmp_path / "partly.mrg", [PLAIN, TRACELESS, PARSED] * 30),
             write(tmp_path / "short.mrg", [PLAIN, TRACELESS])]
    outs = []
    for jobs in ("1", "2"):
        out = tmp_path / jobs / out_name
        out.parent.mkdir()
        args = ["convert", *map(str, files), "-o", str(out), "--jobs", jobs, "--partition-size", "2k", "--quiet"]
        assert main(args) == 0
        outs.append(sorted((p.relative_to(out).as_posix(), p.read_bytes()) for p in out.rglob("*"))
                    if out.is_dir() else out.read_bytes())
    capsys.readouterr()
    assert outs[0] == outs[1]
    text = outs[0] if isinstance(outs[0], bytes) else b"".join(b for _, b in outs[0])
    assert text.count(b'"functions":{') == 30 * 3 + 1  # the partial file's trees, and the short file's passive


def test_check_functions_decides_the_stripped_trees_as_a_parsers_file():
    from ptb2fd.analysis.agreement import as_parsed

    long = [raw(PENN_TREE, i) for i in range(1, LOOK_AHEAD + 2)]
    assert {raw.annotation for raw in file_annotation(long)} == {PENN}
    parsed = [p for _, p in as_parsed(list(file_annotation(long)))]
    assert {p.annotation for p in parsed} == {PARTIAL}  # no empty element left in any
    assert not any(has_empty_element(p.text) for p in parsed)
    short = [replace(r, source="short.mrg") for r in long[:3]]
    assert {p.annotation for _, p in as_parsed(short)} == {None}
